//! Cram (Gardner 1974; Winning Ways ch. 13): either player places a domino
//! on two orthogonally adjacent free cells, in either direction; who cannot
//! place loses. It is Domineering made impartial, so a position has a
//! Grundy value. The free cells split into orthogonally connected regions
//! that are independent heaps (the value is the XOR of theirs; a region of
//! one cell is 0), and a region's value is kept by all eight symmetries of
//! the square, since both directions are open to both players. On a board
//! of even × even cells the second player wins by playing the image of
//! each domino under the half turn, and on even × odd boards the first
//! player wins by taking the two central cells first and then doing the
//! same (Gardner 1974): the tests check both.

pub mod board;
pub mod cells;

use super::grid_board::cell_name;
use super::picture::{Cell, Picture};
use super::{
    CheckpointedSearch, Family, Game, GameInfo, ImpartialGame, ImpartialRuleset, Move, Ruleset,
};
use crate::impartial::ruleset::OwnTable;
#[allow(clippy::wildcard_imports)]
use cells::*;
pub use cells::{Cells, DIFFICULTY_PER_CELL, MAX_CELLS};
use num_bigint::BigUint;
use num_traits::Zero;

/// Cram.
#[derive(Debug, Clone, Copy, Default)]
pub struct Cram;

impl Ruleset for Cram {
    type Position = Cells;
}

impl Game for Cram {
    const INFO: GameInfo = GameInfo {
        name: "cram",
        family: Family::Impartial,
        description: "Cram: place a domino either way on two free cells (impartial Domineering)",
        syntax: "HxW, or rows of . (free) and # (taken) separated by / or |, e.g. ..#/...",
        example: "3x3",
        rules: "A board of free cells. A move places a domino on two orthogonally adjacent \
                free cells, in either direction; both players have the same moves. Who cannot \
                place loses.",
    };
    fn drawing(&self, p: &Cells) -> Option<String> {
        Some(p.to_board().picture())
    }
    /// The board: free cells, and cells covered by dominoes blocked.
    fn picture(&self, p: &Cells) -> Picture {
        p.to_board()
            .to_picture(&[(b'.', Cell::Empty), (b'#', Cell::Blocked)])
    }
}

impl ImpartialGame for Cram {
    /// Boards of at most 64 cells: the 64-bit board search, as in a plain
    /// run, saved with its own 8-byte records; larger boards: the general
    /// search.
    fn checkpointed_search(&self, p: &Cells, memory: usize) -> CheckpointedSearch<Cells> {
        match board::BoardSearch::new(p, memory) {
            Some(search) => CheckpointedSearch::Own(Box::new(search)),
            None => CheckpointedSearch::General,
        }
    }
    fn moves(&self, p: &Cells) -> Vec<Move<Cells>> {
        let w = p.width();
        let mut out = Vec::new();
        let g = Geometry::of(p);
        let (h, v) = (g.horizontal(p.free), g.vertical(p.free));
        let mut rest = h | v;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let (r, c) = (i / w, i % w);
            for (on, other) in [(h, (r, c + 1)), (v, (r + 1, c))] {
                if on >> i & 1 == 1 {
                    let taken = 1u128 << i | 1u128 << (other.0 * w + other.1);
                    let label = format!("{}-{}", cell_name(r, c), cell_name(other.0, other.1));
                    out.push(Move::new(label, p.with_free(p.free & !taken)));
                }
            }
        }
        out
    }
    fn is_terminal(&self, p: &Cells) -> bool {
        let g = Geometry::of(p);
        g.horizontal(p.free) | g.vertical(p.free) == 0
    }
}

impl ImpartialRuleset for Cram {
    /// Boards of at most 64 cells are searched on the 64-bit board
    /// (`board::BoardSearch`: the same pruned search, cheaper keys).
    fn grundy_table(&self, p: &Cells, memory: usize) -> Option<OwnTable<Cells>> {
        board::BoardSearch::of(p, memory)
    }
    /// The vertical dominoes from the central column outwards, then the
    /// horizontal ones from the central row outwards (central moves first,
    /// as Beling's igsolve orders them).
    fn options(&self, p: &Cells, out: &mut Vec<Cells>) {
        let g = Geometry::of(p);
        let (h, w) = (u32::from(p.height), g.width);
        let vertical = g.vertical(p.free);
        for c in centre_out(w) {
            let mut v = vertical & (g.first_column << c);
            while v != 0 {
                let bit = v & v.wrapping_neg();
                v &= v - 1;
                out.push(p.with_free(p.free & !(bit | bit << w)));
            }
        }
        let horizontal = g.horizontal(p.free);
        let row = shl(1, w).wrapping_sub(1);
        for r in centre_out(h) {
            let mut m = horizontal & (row << (r * w));
            while m != 0 {
                let bit = m & m.wrapping_neg();
                m &= m - 1;
                out.push(p.with_free(p.free & !(bit | bit << 1)));
            }
        }
    }
    /// A whole even × even board is 0: the second player answers each
    /// domino by its image under the half turn (Gardner 1974).
    fn known_grundy(&self, p: &Cells) -> Option<BigUint> {
        (whole_board(p) && p.height.is_multiple_of(2) && p.width.is_multiple_of(2))
            .then(BigUint::zero)
    }
    /// A whole even × odd board is not 0: the first player takes the two
    /// central cells, then answers by the half turn (Gardner 1974).
    fn known_nonzero(&self, p: &Cells) -> bool {
        whole_board(p) && (p.height + p.width) % 2 == 1
    }
    /// [`DIFFICULTY_PER_CELL`] times the number of free cells.
    fn difficulty(&self, p: &Cells) -> u64 {
        DIFFICULTY_PER_CELL * u64::from(p.free.count_ones())
    }
    /// The regions of two or more cells, each on the smallest board
    /// holding it.
    fn decompose(&self, p: &Cells) -> Option<Vec<Cells>> {
        let g = Geometry::of(p);
        let playable = g.playable(p.free);
        let first = g.region(playable, playable & playable.wrapping_neg());
        if first == playable {
            return None;
        }
        let mut parts = vec![trimmed(&p.with_free(first))];
        parts.extend(
            g.regions(playable & !first)
                .into_iter()
                .map(|r| trimmed(&p.with_free(r))),
        );
        Some(parts)
    }
    /// Height, width, then the free-cell mask (little-endian).
    fn record_bytes(&self) -> usize {
        18
    }
    fn write_record(&self, p: &Cells, out: &mut Vec<u8>) {
        out.extend([p.height, p.width]);
        out.extend(p.free.to_le_bytes());
    }
    fn read_record(&self, bytes: &[u8]) -> Option<Cells> {
        let (&[height, width], free) = bytes.split_first_chunk::<2>()?;
        let free = u128::from_le_bytes(free.try_into().ok()?);
        let cells = usize::from(height) * usize::from(width);
        let fits = (1..=MAX_CELLS).contains(&cells) && free & !low_bits(cells) == 0;
        fits.then_some(Cells {
            height,
            width,
            free,
        })
    }
    /// The regions of two or more cells on the smallest board holding
    /// them, as its least image under the square's symmetries; a 1×1
    /// taken board when there is none.
    fn canonical(&self, p: &Cells) -> Cells {
        let g = Geometry::of(p);
        let free = one_tuft_per_cell(&g, g.playable(p.free));
        least_image(&trimmed(&p.with_free(free)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::test_support::{all_boards, rows_text};
    use crate::games::{find, CatalogGame, Context, Value};
    use crate::heap::code::naive_values;
    use crate::impartial::mex::mex;
    use num_bigint::BigUint;
    use std::collections::HashMap;

    /// The Grundy value straight from the rules on rows of characters:
    /// every domino, the MEX; no regions, no symmetry.
    fn brute(rows: &[Vec<u8>], memo: &mut HashMap<Vec<Vec<u8>>, u64>) -> u64 {
        if let Some(&g) = memo.get(rows) {
            return g;
        }
        let mut values = Vec::new();
        for r in 0..rows.len() {
            for c in 0..rows[r].len() {
                for (dr, dc) in [(0, 1), (1, 0)] {
                    let (r2, c2) = (r + dr, c + dc);
                    let free =
                        |r: usize, c: usize| rows.get(r).and_then(|x| x.get(c)) == Some(&b'.');
                    if free(r, c) && free(r2, c2) {
                        let mut next = rows.to_vec();
                        next[r][c] = b'#';
                        next[r2][c2] = b'#';
                        values.push(brute(&next, memo));
                    }
                }
            }
        }
        let g = mex(values);
        memo.insert(rows.to_vec(), g);
        g
    }

    fn grundy(game: &dyn CatalogGame, text: &str) -> u64 {
        let g = game.grundy(text).unwrap();
        u64::try_from(g).unwrap()
    }

    /// Every board of up to 12 cells in the shapes 1×n (n ≤ 10), 2×n
    /// (n ≤ 6), 3×3 and 3×4, every cell free or taken: the engine against
    /// the brute-force values.
    #[test]
    fn engine_against_brute_force_on_small_boards() {
        let game = find("cram").unwrap();
        let mut memo = HashMap::new();
        let shapes = (1..=10)
            .map(|w| (1, w))
            .chain((2..=6).map(|w| (2, w)))
            .chain([(3, 3), (3, 4)]);
        for (h, w) in shapes {
            for rows in all_boards(h, w, b".#") {
                let text = rows_text(&rows);
                assert_eq!(grundy(game, &text), brute(&rows, &mut memo), "{text}");
            }
        }
    }

    /// Cram on 1×n is Dawson's Kayles, the octal game 0.07 (Winning Ways
    /// ch. 4; OEIS A002187 shifted by one), here computed by the heap
    /// engine's naive twin; its first values as published in A002187.
    /// (Rows are searched as regions, up to the region limit.)
    #[test]
    fn one_row_is_dawsons_kayles() {
        let game = find("cram").unwrap();
        let values = naive_values(&"0.07".parse().unwrap(), 25);
        let a002187 = [
            0u32, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3,
        ];
        assert_eq!(values[1..=20], a002187);
        for (n, &value) in values.iter().enumerate().take(25).skip(1) {
            assert_eq!(grundy(game, &format!("1x{n}")), u64::from(value), "1x{n}");
        }
    }

    /// Gardner's symmetry strategies: even × even boards are P, even × odd
    /// boards N (checked up to 20 cells); CGSuite's test suite
    /// (GameGridTest) gives `.........|##.######` the value `*4`.
    #[test]
    fn published_values() {
        let game = find("cram").unwrap();
        for (h, w) in [(2, 2), (2, 4), (2, 6), (2, 8), (4, 4), (4, 2)] {
            assert_eq!(grundy(game, &format!("{h}x{w}")), 0, "{h}x{w}");
        }
        for (h, w) in [(2, 3), (2, 5), (2, 7), (2, 9), (4, 3), (4, 5), (3, 6)] {
            assert_ne!(grundy(game, &format!("{h}x{w}")), 0, "{h}x{w}");
        }
        assert_eq!(grundy(game, ".........|##.######"), 4);
        assert_eq!(
            game.grundy(".........|##.######").unwrap(),
            BigUint::from(4u8)
        );
    }

    /// The bound by sets of disjoint dominoes accepts 5×5 and 4×6, which
    /// `2^n` refused; 4×6 is P by Gardner's strategy, and 5×5 agrees with
    /// its value computed from its options.
    #[test]
    fn five_by_five_and_four_by_six_are_searched() {
        let game = find("cram").unwrap();
        assert_eq!(grundy(game, "4x6"), 0);
        assert_eq!(grundy(game, "6x4"), 0);
        let mut ctx = Context::new();
        let mut value = |text: &str| match game.evaluate(text, &mut ctx).unwrap().value {
            Value::Grundy(g) => u64::try_from(g).unwrap(),
            v => panic!("{v:?}"),
        };
        let whole = value("5x5");
        let options: Vec<u64> = Cram
            .moves(&"5x5".parse().unwrap())
            .iter()
            .map(|m| value(&m.to.to_string()))
            .collect();
        assert_eq!(whole, mex(options));
    }

    /// The least of the eight images, each built cell by cell (the slow
    /// twin of [`least_image`]).
    fn least_image_by_cells(p: &Cells) -> Cells {
        let (h, w) = (p.height(), p.width());
        let mut best: Option<Cells> = None;
        for k in 0..8 {
            let (th, tw) = if k >= 4 { (w, h) } else { (h, w) };
            let mut free = 0u128;
            for r in 0..h {
                for c in 0..w {
                    if !p.is_free(r, c) {
                        continue;
                    }
                    let (r2, c2) = if k >= 4 { (c, r) } else { (r, c) };
                    let r2 = if k & 1 == 1 { th - 1 - r2 } else { r2 };
                    let c2 = if k & 2 == 2 { tw - 1 - c2 } else { c2 };
                    free |= 1 << (r2 * tw + c2);
                }
            }
            let image = Cells {
                height: th as u8,
                width: tw as u8,
                free,
            };
            best = Some(best.map_or(image, |b| b.min(image)));
        }
        best.unwrap()
    }

    /// The smallest board holding the free cells, cell by cell (the slow
    /// twin of [`trimmed`]).
    fn trimmed_by_cells(p: &Cells) -> Cells {
        let cells: Vec<(usize, usize)> = (0..p.height())
            .flat_map(|r| (0..p.width()).map(move |c| (r, c)))
            .filter(|&(r, c)| p.is_free(r, c))
            .collect();
        if cells.is_empty() {
            return Cells {
                height: 1,
                width: 1,
                free: 0,
            };
        }
        let top = cells.iter().map(|x| x.0).min().unwrap();
        let bottom = cells.iter().map(|x| x.0).max().unwrap();
        let left = cells.iter().map(|x| x.1).min().unwrap();
        let right = cells.iter().map(|x| x.1).max().unwrap();
        let width = right - left + 1;
        let free = cells
            .iter()
            .fold(0u128, |m, &(r, c)| m | 1 << ((r - top) * width + c - left));
        Cells {
            height: (bottom - top + 1) as u8,
            width: width as u8,
            free,
        }
    }

    fn random_board(height: usize, width: usize, bits: u128) -> Cells {
        Cells {
            height: height as u8,
            width: width as u8,
            free: bits & low_bits(height * width),
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]
        /// The word-parallel board operations against their cell-by-cell
        /// twins on random boards of every shape up to 128 cells (free
        /// cells dense or sparse).
        #[test]
        fn packed_operations_against_cell_by_cell(
            height in 1usize..=20,
            width in 1usize..=20,
            a: u128,
            b: u128,
            sparse: bool,
        ) {
            let width = width.min(MAX_CELLS / height);
            let p = random_board(height, width, if sparse { a & b } else { a | b });
            proptest::prop_assert_eq!(trimmed(&p), trimmed_by_cells(&p));
            proptest::prop_assert_eq!(transposed(&p), transposed_by_bits(&p));
            let t = trimmed(&p);
            proptest::prop_assert_eq!(least_image(&t), least_image_by_cells(&t));
            let column = (0..height).fold(0u128, |m, r| m | 1 << (r * width));
            proptest::prop_assert_eq!(first_column(height as u32, width as u32), column);
            let g = Geometry::of(&p);
            let mut rest = p.free;
            while rest != 0 {
                let seed = rest & rest.wrapping_neg();
                let region = g.region(p.free, seed);
                proptest::prop_assert_eq!(region, g.region_by_steps(p.free, seed));
                rest &= !region;
            }
        }
    }

    #[test]
    fn regions_symmetry_labels_and_limits() {
        let p: Cells = "..#./##.#/.#..".parse().unwrap();
        let parts: Vec<String> = Cram
            .decompose(&p)
            .unwrap()
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(parts, ["..", ".#/.."]);
        assert_eq!(
            Cram.canonical(&"#./..".parse().unwrap()),
            Cram.canonical(&"../.#".parse().unwrap())
        );
        let labels: Vec<String> = Cram
            .moves(&"..#/.#.".parse().unwrap())
            .into_iter()
            .map(|m| m.label)
            .collect();
        assert_eq!(labels, ["a1-b1", "a1-a2"]);
        let game = find("cram").unwrap();
        assert!(game.grundy("12x11").is_err());
        assert!(game.grundy("1x4000").is_err());
        assert!(game.grundy("1x128").is_ok());
        assert!(game.drawing("2x2").unwrap().unwrap().contains('\n'));
        assert_eq!(grundy(game, "#/#"), 0);
    }
}
