//! Chomp by a dense table: the Grundy value of every staircase inside an
//! `R × C` box, in an array indexed by the staircase's rank.
//!
//! A staircase inside the box is its boundary padded to the box: `R + C`
//! steps from the bottom-left corner to the top-right one, of which `R`
//! are up steps (rows of length 0 below the board are up steps at the
//! start, columns of height 0 right steps at the end). Such a path is the
//! set `s₁ < … < s_R` of the places of its up steps, ranked by the
//! combinatorial number system, `rank = Σ C(sᵢ, i)` (Lehmer 1964; Knuth,
//! TAOCP 4A, 2011, §7.2.1.3, Theorem L): the `C(R + C, R)` staircases of
//! the box get the ranks `0 … C(R + C, R) − 1`, one each.
//!
//! Eating a square whose column's right step is at place `a` and whose
//! row's up step is at place `b > a` moves the up steps in `a..=b` to the
//! places `a, a + 1, …` (see `chomp/mod.rs`): every moved up step goes to a
//! lower place, so every option has a lower rank, and solving the ranks
//! in increasing order meets every option before the positions above it.
//! For a fixed `a`, the options for the successive up steps `b` after it
//! change the rank by a sum that grows one term at a time: each option is
//! ranked in constant time, and valued by one reading of the array
//! (`G(p) = mex { G(q) : q an option of p }`, Sprague 1935, Grundy 1939).
//! Every staircase of the box is reachable from the full box, so none of
//! them can be skipped when the box itself is asked.
//!
//! The array takes one byte a staircase (two when a value may exceed 255:
//! a value is at most the number of options, `R·C − 1`); it is refused at
//! once when it would exceed the memory budget.

use super::staircase::Staircase;
use crate::impartial::ruleset::GrundyTable;
use crate::stop;
use crate::MexError;

/// `C(n, k)` for every `n ≤ max_n` and `k ≤ max_k`, in one array, when
/// the largest fits a `usize`.
struct Binomials {
    stride: usize,
    values: Vec<usize>,
}

impl Binomials {
    /// `None` when some `C(n, k)` overflows a `usize`.
    fn new(max_n: usize, max_k: usize) -> Option<Binomials> {
        let stride = max_k + 1;
        let mut values = vec![0usize; (max_n + 1) * stride];
        for n in 0..=max_n {
            values[n * stride] = 1;
            for k in 1..=max_k.min(n) {
                let above = values[(n - 1) * stride + k - 1];
                let left = values[(n - 1) * stride + k];
                values[n * stride + k] = above.checked_add(left)?;
            }
        }
        Some(Binomials { stride, values })
    }

    fn get(&self, n: usize, k: usize) -> usize {
        self.values[n * self.stride + k]
    }
}

/// `C(n, k)`, saturating at `u128::MAX`.
pub fn binomial(n: usize, k: usize) -> u128 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut c: u128 = 1;
    for i in 0..k as u128 {
        // C(n, i + 1) = C(n, i) · (n − i) / (i + 1); with g = gcd(C(n, i),
        // i + 1), (i + 1) / g divides n − i, so both quotients are exact
        // and the product is C(n, i + 1) itself.
        let g = gcd(c, i + 1);
        let Some(next) = (c / g).checked_mul((n as u128 - i) / ((i + 1) / g)) else {
            return u128::MAX;
        };
        c = next;
    }
    c
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// A Grundy value as stored in the array.
trait Cell: Copy + Default {
    fn of(value: usize) -> Self;
    fn value(self) -> usize;
}

impl Cell for u8 {
    fn of(value: usize) -> Self {
        value as u8
    }
    fn value(self) -> usize {
        self as usize
    }
}

impl Cell for u16 {
    fn of(value: usize) -> Self {
        value as u16
    }
    fn value(self) -> usize {
        self as usize
    }
}

/// The array of values, one or two bytes a staircase.
enum Values {
    Narrow(Vec<u8>),
    Wide(Vec<u16>),
}

/// `count` zero cells, or `None` when the allocator cannot give them.
fn allocate<V: Cell>(count: usize) -> Option<Vec<V>> {
    let mut values = Vec::new();
    values.try_reserve_exact(count).ok()?;
    values.resize(count, V::default());
    Some(values)
}

/// The Grundy values of every staircase inside a box.
pub struct ChompTable {
    rows: usize,
    columns: usize,
    binomials: Binomials,
    values: Values,
}

/// The refusal of a table larger than the budget.
pub(crate) fn too_large(rows: usize, columns: usize, bytes: u128, memory: usize) -> MexError {
    MexError::too_large(
        format!(
            "the table of the Grundy values of every staircase inside {rows}x{columns} \
             ({} MiB)",
            bytes >> 20
        ),
        format!("{} of memory", crate::error::memory_amount(memory)),
        "choose a smaller board",
    )
}

impl ChompTable {
    /// Bytes of the table of the `rows × columns` box.
    pub fn bytes(rows: usize, columns: usize) -> u128 {
        let cell = if rows * columns <= 256 { 1 } else { 2 };
        binomial(rows + columns, rows).saturating_mul(cell)
    }

    /// Solves every staircase inside `rows × columns` (each at least 1),
    /// refused when the table exceeds `memory` bytes.
    pub fn solve(rows: usize, columns: usize, memory: usize) -> Result<ChompTable, MexError> {
        let bytes = ChompTable::bytes(rows, columns);
        let binomials = Binomials::new(rows + columns, rows + 1);
        let Some(binomials) = binomials.filter(|_| bytes <= memory as u128) else {
            return Err(too_large(rows, columns, bytes, memory));
        };
        let count = binomials.get(rows + columns, rows);
        let mut table = ChompTable {
            rows,
            columns,
            binomials,
            values: Values::Narrow(Vec::new()),
        };
        // Allocated fallibly: a budget the machine cannot give is refused.
        let refused = || too_large(rows, columns, bytes, memory);
        table.values = if rows * columns <= 256 {
            Values::Narrow(table.fill(allocate(count).ok_or_else(refused)?)?)
        } else {
            Values::Wide(table.fill(allocate(count).ok_or_else(refused)?)?)
        };
        Ok(table)
    }

    /// The values of the ranks `0 … values.len() − 1`, in increasing order.
    fn fill<V: Cell>(&self, mut values: Vec<V>) -> Result<Vec<V>, MexError> {
        let count = values.len();
        let mut ups: Vec<usize> = (0..self.rows).collect();
        let mut seen = vec![0u64; (self.rows * self.columns) / 64 + 1];
        for rank in 0..count {
            stop::check()?;
            let g = self.mex_of_options(&ups, rank, &values, &mut seen);
            values[rank] = V::of(g);
            next_subset(&mut ups, self.rows + self.columns);
        }
        Ok(values)
    }

    /// The MEX of the values of the options of the staircase whose up
    /// steps are at the places `ups`, of rank `rank` (every option has a
    /// lower rank, already in `values`).
    fn mex_of_options<V: Cell>(
        &self,
        ups: &[usize],
        rank: usize,
        values: &[V],
        seen: &mut [u64],
    ) -> usize {
        seen.fill(0);
        let last = ups.len() - 1;
        let first_right = first_gap(ups);
        let mut below = 0;
        for (g, &up) in ups.iter().enumerate() {
            // The right steps a in below..up have their first later up
            // step at index g.
            for a in below..up {
                let mut drop = 0;
                for (q, &b) in ups.iter().enumerate().skip(g) {
                    if a == first_right && q == last {
                        break;
                    }
                    drop += self.binomials.get(b, q + 1) - self.binomials.get(a + q - g, q + 1);
                    let v = values[rank - drop].value();
                    seen[v / 64] |= 1 << (v % 64);
                }
            }
            below = up + 1;
        }
        first_unset(seen)
    }

    /// The rank of `p` (`Σ C(sᵢ, i)`) when it lies inside the box.
    pub fn rank(&self, p: &Staircase) -> Option<usize> {
        let (h, w) = (p.height(), p.width());
        if h > self.rows || w > self.columns {
            return None;
        }
        let padded = p.boundary() << (self.rows - h) | ((1u128 << (self.rows - h)) - 1);
        let mut rank = 0;
        let mut bits = padded;
        let mut i = 0;
        while bits != 0 {
            let place = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            i += 1;
            rank += self.binomials.get(place, i);
        }
        Some(rank)
    }

    /// The Grundy value of `p`, when it lies inside the box.
    pub fn value(&self, p: &Staircase) -> Option<u64> {
        let rank = self.rank(p)?;
        Some(match &self.values {
            Values::Narrow(v) => v[rank] as u64,
            Values::Wide(v) => v[rank] as u64,
        })
    }

    /// The box: rows and columns.
    pub fn size(&self) -> (usize, usize) {
        (self.rows, self.columns)
    }
}

impl GrundyTable<Staircase> for ChompTable {
    fn grundy(&mut self, p: &Staircase) -> Option<Result<u64, MexError>> {
        self.value(p).map(Ok)
    }
}

/// The place of the first right step: the first place not in `ups`.
fn first_gap(ups: &[usize]) -> usize {
    ups.iter()
        .enumerate()
        .find(|&(i, &u)| u != i)
        .map_or(ups.len(), |(i, _)| i)
}

/// The smallest value not marked in `seen`.
fn first_unset(seen: &[u64]) -> usize {
    let (i, word) = seen
        .iter()
        .enumerate()
        .find(|(_, &w)| w != u64::MAX)
        .expect("a value is at most the number of options");
    i * 64 + word.trailing_ones() as usize
}

/// The next subset of `0..n` of the same size in colexicographic order
/// (rank + 1); the last one is left unchanged.
fn next_subset(ups: &mut [usize], n: usize) {
    let k = ups.len();
    for i in 0..k {
        let limit = if i + 1 < k { ups[i + 1] } else { n };
        if ups[i] + 1 < limit {
            ups[i] += 1;
            for (j, up) in ups.iter_mut().enumerate().take(i) {
                *up = j;
            }
            return;
        }
    }
}
