//! The certificate printed by `mex misere-quotient CODE --max-heap N --json`
//! re-checked from the JSON alone, with nothing from mex-core: the rules of
//! the game are read from its code by the interpreter below (Guy and Smith
//! 1956 for octal digits; bit 8 of a hexadecimal digit leaves three heaps,
//! Winning Ways ch. 4), and outcomes come from a search by the definition.
//!
//! Checked for each certificate (Plambeck and Siegel 2008, §2–§3):
//! * the table is a commutative monoid with identity `1` (element 0);
//! * the P-portion is the set of elements whose outcome is `P`;
//! * the heap images generate the monoid (it is a quotient *of these
//!   heaps*), and the monoid is reduced (any two elements are told apart by
//!   some context), so with right outcomes it is the quotient, not a cover;
//! * right outcomes: on every sum of heaps with at most `T` tokens in all
//!   (a set closed under moves), `Φ(G) ∈ P` exactly when `G` has a move and
//!   no option of `G` has its image in `P` — the misère outcome rule, so by
//!   induction the certificate gives every such sum's outcome; and on
//!   random larger sums, against a memoised search by the definition;
//! * right outcomes on *every* sum of heaps up to `N`, by the verification
//!   of Plambeck and Siegel (2008, §3; conditions V1–V3 of mex-core's
//!   `misere_quotient` module, re-implemented here from the definitions):
//!   `1 ∉ P`; no P-position has a P-option; every non-empty sum outside `P`
//!   has a move into `P`; then by induction on sums `Φ` gives every
//!   outcome, so with reducedness the monoid *is* `Q_N`;
//! * the periodicity claim: `t` and `r` recomputed from the code,
//!   `checked_through = r(n0 + p) + t − 1 ≤ N`, and the heap images repeat
//!   with period `p` from `n0` through `checked_through`.

use crate::common;

use common::json;
use proptest::prelude::RngExt;
use proptest::test_runner::{RngAlgorithm, TestRng};
use serde_json::Value;
use std::collections::{HashMap, HashSet};

/// A take-and-break code read independently: `digits[j]` for removing `j`.
struct Code {
    digits: Vec<u32>,
}

impl Code {
    fn parse(text: &str) -> Code {
        let (head, tail) = text.split_once('.').expect("a point");
        let digits = head
            .chars()
            .chain(tail.chars())
            .map(|c| c.to_digit(16).expect("a hexadecimal digit"))
            .collect();
        Code { digits }
    }

    /// Largest removal `t` and most heaps a move leaves `r` (at least 1).
    fn t_and_r(&self) -> (usize, usize) {
        let t = self.digits.iter().rposition(|&d| d != 0).unwrap();
        let all = self.digits.iter().fold(0, |a, d| a | d);
        let r = if all & 8 != 0 {
            3
        } else if all & 4 != 0 {
            2
        } else {
            1
        };
        (t, r)
    }

    /// Every option of a heap of `n`, as the non-empty heaps left (sorted).
    fn options(&self, n: usize) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        for (j, &d) in self.digits.iter().enumerate() {
            if j > n {
                break;
            }
            let rest = n - j;
            if d & 1 != 0 && rest == 0 && j > 0 {
                out.push(vec![]);
            }
            if d & 2 != 0 && rest >= 1 && j > 0 {
                out.push(vec![rest]);
            }
            if d & 4 != 0 {
                for a in 1..=rest / 2 {
                    out.push(vec![a, rest - a]);
                }
            }
            if d & 8 != 0 {
                for a in 1..=rest / 3 {
                    for b in a..=(rest - a) / 2 {
                        out.push(vec![a, b, rest - a - b]);
                    }
                }
            }
        }
        out.retain(|o| o.iter().all(|&h| h < n));
        out.sort();
        out.dedup();
        out
    }
}

/// The certificate read from the JSON.
struct Certificate {
    order: usize,
    table: Vec<Vec<usize>>,
    p: Vec<bool>,
    heaps: Vec<usize>,
    max_heap: usize,
}

impl Certificate {
    fn read(v: &Value) -> Certificate {
        let elements = v["elements"].as_array().unwrap();
        let order = v["order"].as_u64().unwrap() as usize;
        assert_eq!(elements.len(), order);
        let names: Vec<&str> = elements
            .iter()
            .map(|e| e["name"].as_str().unwrap())
            .collect();
        let index: HashMap<&str, usize> = names.iter().enumerate().map(|(i, &n)| (n, i)).collect();
        assert_eq!(index.len(), order, "element names are distinct");
        assert_eq!(names[0], "1", "element 0 is the identity");
        let p: Vec<bool> = elements.iter().map(|e| e["outcome"] == "P").collect();
        let listed: Vec<&str> = v["p_portion"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_str().unwrap())
            .collect();
        let from_outcomes: Vec<&str> = (0..order).filter(|&i| p[i]).map(|i| names[i]).collect();
        assert_eq!(listed, from_outcomes, "p_portion = elements with outcome P");
        let table: Vec<Vec<usize>> = v["table"]
            .as_array()
            .unwrap()
            .iter()
            .map(|row| {
                row.as_array()
                    .unwrap()
                    .iter()
                    .map(|x| x.as_u64().unwrap() as usize)
                    .collect()
            })
            .collect();
        let heaps = v["heaps"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| index[h.as_str().unwrap()])
            .collect();
        Certificate {
            order,
            table,
            p,
            heaps,
            max_heap: v["max_heap"].as_u64().unwrap() as usize,
        }
    }

    fn mul(&self, x: usize, y: usize) -> usize {
        self.table[x][y]
    }

    fn image(&self, sum: &[usize]) -> usize {
        sum.iter().fold(0, |acc, &h| self.mul(acc, self.heaps[h]))
    }

    fn check_monoid_laws(&self) {
        let n = self.order;
        assert_eq!(self.table.len(), n);
        for x in 0..n {
            assert_eq!(self.table[x].len(), n);
            assert_eq!(self.mul(0, x), x, "identity");
            for y in 0..n {
                assert!(self.mul(x, y) < n);
                assert_eq!(self.mul(x, y), self.mul(y, x), "commutative");
                for z in 0..n {
                    assert_eq!(
                        self.mul(self.mul(x, y), z),
                        self.mul(x, self.mul(y, z)),
                        "associative at {x} {y} {z}"
                    );
                }
            }
        }
        assert!(!self.p[0], "the empty sum is an N-position in misère play");
    }

    /// The heap images generate every element.
    fn check_generated_by_heaps(&self) {
        let mut reached = vec![false; self.order];
        reached[0] = true;
        let mut todo = vec![0];
        while let Some(x) = todo.pop() {
            for &e in &self.heaps[1..] {
                let y = self.mul(x, e);
                if !reached[y] {
                    reached[y] = true;
                    todo.push(y);
                }
            }
        }
        assert!(
            reached.iter().all(|&r| r),
            "some element is no sum of heaps"
        );
    }

    fn check_reduced(&self) {
        let n = self.order;
        for x in 0..n {
            for y in x + 1..n {
                assert!(
                    (0..n).any(|z| self.p[self.mul(x, z)] != self.p[self.mul(y, z)]),
                    "elements {x} and {y} are indistinguishable"
                );
            }
        }
    }

    fn check_period(&self, v: &Value, code: &Code) {
        let c = &v["period"];
        let (t, r) = code.t_and_r();
        let n0 = c["preperiod"].as_u64().unwrap() as usize;
        let p = c["period"].as_u64().unwrap() as usize;
        assert_eq!(c["max_removal"], t);
        assert_eq!(c["max_heaps"], r);
        let through = r * (n0 + p) + t - 1;
        assert_eq!(c["checked_through"], through);
        assert!(n0 >= 1 && p >= 1 && through <= self.max_heap);
        for m in n0..=through - p {
            assert_eq!(self.heaps[m + p], self.heaps[m], "heap {m} + {p}");
        }
    }
}

/// Misère outcome by the definition: P iff there is a move and every move
/// leads to an N-position. Memoised on the sorted heaps.
fn search(code: &Code, memo: &mut HashMap<Vec<usize>, bool>, sum: &[usize]) -> bool {
    if let Some(&p) = memo.get(sum) {
        return p;
    }
    let mut has_move = false;
    let mut p = true;
    'outer: for (i, &h) in sum.iter().enumerate() {
        if i > 0 && sum[i - 1] == h {
            continue;
        }
        for o in code.options(h) {
            has_move = true;
            let mut next: Vec<usize> = sum[..i].iter().chain(&sum[i + 1..]).copied().collect();
            next.extend(o);
            next.sort_unstable();
            if search(code, memo, &next) {
                p = false;
                break 'outer;
            }
        }
    }
    let p = has_move && p;
    memo.insert(sum.to_vec(), p);
    p
}

/// Every multiset of heaps `1..=max` with at most `tokens` tokens in all.
fn sums_with_tokens(max: usize, tokens: usize) -> Vec<Vec<usize>> {
    fn go(from: usize, max: usize, left: usize, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        out.push(cur.clone());
        for h in from..=max.min(left) {
            cur.push(h);
            go(h, max, left - h, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    go(1, max, tokens, &mut Vec::new(), &mut out);
    out
}

/// For each element, a sum of heaps of fewest tokens with that image
/// (Dijkstra's search over the elements, a heap added per step).
fn least_representatives(cert: &Certificate) -> Vec<Vec<usize>> {
    let mut best: Vec<Option<(usize, Vec<usize>)>> = vec![None; cert.order];
    best[0] = Some((0, vec![]));
    let mut done = vec![false; cert.order];
    while let Some(x) = (0..cert.order)
        .filter(|&x| !done[x] && best[x].is_some())
        .min_by_key(|&x| best[x].as_ref().unwrap().0)
    {
        done[x] = true;
        let (cost, sum) = best[x].clone().unwrap();
        for h in 1..=cert.max_heap {
            let y = cert.mul(x, cert.heaps[h]);
            if best[y].as_ref().is_none_or(|(c, _)| cost + h < *c) {
                let mut s = sum.clone();
                s.push(h);
                s.sort_unstable();
                best[y] = Some((cost + h, s));
            }
        }
    }
    best.into_iter().map(|b| b.unwrap().1).collect()
}

/// The local misère rule (module doc) on a move-closed set of sums, and on
/// the least representative of every element, so that every element's
/// outcome is tested.
fn check_outcome_rule(cert: &Certificate, code: &Code, tokens: usize) {
    let mut sums = sums_with_tokens(cert.max_heap, tokens);
    sums.extend(least_representatives(cert));
    for sum in sums {
        let mut has_move = false;
        let mut to_p = false;
        for (i, &h) in sum.iter().enumerate() {
            for o in code.options(h) {
                has_move = true;
                let mut next: Vec<usize> = sum[..i].iter().chain(&sum[i + 1..]).copied().collect();
                next.extend(o);
                to_p |= cert.p[cert.image(&next)];
            }
        }
        assert_eq!(
            cert.p[cert.image(&sum)],
            has_move && !to_p,
            "the misère rule fails on {sum:?}"
        );
    }
}

/// The misère rule on every sum of heaps `1..=N` at once (Plambeck and
/// Siegel 2008, §3), so that `Φ` gives every outcome by induction on sums:
/// (V1) the empty sum is not in `P`; (V2) for each heap `h` of image `e`
/// and each context `y` with `ey ∈ P`, no option image `s` of `h` has
/// `sy ∈ P`; (V3) every non-empty sum `v` with `Φ(v) ∉ P` has a heap `h`
/// and an option image `s` of `h` with `Φ(v − h)·s ∈ P`. For (V3) a sum is
/// abstracted to its *state*: `Φ(v)` and, for each heap image `e` present,
/// the context `Φ(v − h)` of a heap `h` of that image (the same for all of
/// them). A heap of image `e` wins from context `y` when one of its options
/// `s` has `sy ∈ P`; as a sum may hold, of each image, only heaps that do
/// not win from their context, a state passes when for some image present
/// *every* heap of that image wins from its context. Adding a heap of image
/// `e` to a sum of state `(x, (y_d))` gives `(xe, (y_d·e))` with the context
/// of `e` set to `x`, so the finitely many reachable states are all
/// searched from the empty sum.
fn check_every_sum(cert: &Certificate, code: &Code) {
    let n = cert.order;
    assert!(!cert.p[0], "(V1) the empty sum is an N-position");
    let mut images: Vec<usize> = Vec::new();
    let mut all_win: Vec<Vec<bool>> = Vec::new();
    for h in 1..=cert.max_heap {
        let options = code.options(h);
        let e = cert.heaps[h];
        if options.is_empty() {
            assert_eq!(e, 0, "heap {h} has no move, so it is the empty game");
            continue;
        }
        let option_images: Vec<usize> = options.iter().map(|o| cert.image(o)).collect();
        let wins: Vec<bool> = (0..n)
            .map(|y| option_images.iter().any(|&s| cert.p[cert.mul(s, y)]))
            .collect();
        for (y, &win) in wins.iter().enumerate() {
            assert!(
                !(cert.p[cert.mul(e, y)] && win),
                "(V2) heap {h} in context {y} is a P-position with a P-option"
            );
        }
        match images.iter().position(|&d| d == e) {
            Some(i) => all_win[i].iter_mut().zip(&wins).for_each(|(a, &w)| *a &= w),
            None => {
                images.push(e);
                all_win.push(wins);
            }
        }
    }
    const ABSENT: usize = usize::MAX;
    let start = (0usize, vec![ABSENT; images.len()]);
    let mut seen: HashSet<(usize, Vec<usize>)> = HashSet::from([start.clone()]);
    let mut todo = vec![start];
    while let Some((value, contexts)) = todo.pop() {
        for (i, &e) in images.iter().enumerate() {
            let next_value = cert.mul(value, e);
            let mut next: Vec<usize> = contexts
                .iter()
                .map(|&y| if y == ABSENT { ABSENT } else { cert.mul(y, e) })
                .collect();
            next[i] = value;
            let has_p_option = next.iter().zip(&all_win).any(|(&y, w)| y != ABSENT && w[y]);
            assert!(
                cert.p[next_value] || has_p_option,
                "(V3) a sum of image {next_value} has no move into P"
            );
            let state = (next_value, next);
            if !seen.contains(&state) {
                seen.insert(state.clone());
                todo.push(state);
            }
        }
    }
}

/// Sums of 1 to `heaps` heaps from `1..=max_heap`, drawn by proptest's
/// deterministic generator from `seed`, so that they are the same each run.
fn random_sums(seed: u64, count: usize, heaps: usize, max_heap: usize) -> Vec<Vec<usize>> {
    let mut rng = TestRng::from_seed(
        RngAlgorithm::ChaCha,
        &[seed.to_le_bytes(), [0; 8], [0; 8], [0; 8]].concat(),
    );
    (0..count)
        .map(|_| {
            let k = rng.random_range(1..=heaps);
            let mut sum: Vec<usize> = (0..k).map(|_| rng.random_range(1..=max_heap)).collect();
            sum.sort_unstable();
            sum
        })
        .collect()
}

/// Runs the command and checks its certificate; `tokens` bounds the
/// exhaustive rule check, `(k, max)` the random sums searched.
fn check(code_text: &str, max_heap: usize, tokens: usize, k: usize, max: usize) -> Value {
    let v = json(&[
        "misere-quotient",
        code_text,
        "--max-heap",
        &max_heap.to_string(),
    ]);
    let code = Code::parse(code_text);
    let cert = Certificate::read(&v);
    assert_eq!(cert.heaps.len(), max_heap + 1);
    check_certificate(&v, &cert, &code, tokens, k, max);
    v
}

fn check_certificate(
    v: &Value,
    cert: &Certificate,
    code: &Code,
    tokens: usize,
    k: usize,
    max: usize,
) {
    cert.check_monoid_laws();
    cert.check_generated_by_heaps();
    cert.check_reduced();
    check_outcome_rule(cert, code, tokens);
    check_every_sum(cert, code);
    let mut memo = HashMap::new();
    for sum in random_sums(cert.max_heap as u64, 60, k, max) {
        assert_eq!(
            cert.p[cert.image(&sum)],
            search(code, &mut memo, &sum),
            "{sum:?}"
        );
    }
    if !v["period"].is_null() {
        cert.check_period(v, code);
    }
}

#[test]
fn octal_certificates_recheck() {
    // Proven (0.75, Kayles), grown by new generators (0.71), tame (Nim),
    // and one without a period at its bound (0.34 at heap 20).
    let v = check("0.75", 30, 26, 3, 10);
    assert!(!v["period"].is_null());
    let v = check("0.77", 170, 30, 4, 14);
    assert_eq!(v["order"], 40);
    assert!(!v["period"].is_null());
    check("0.71", 24, 26, 4, 16);
    check("0.3333", 4, 20, 5, 4);
    check("0.34", 20, 26, 4, 14);
    // Answered since the (V3) search over states (28 November 2026).
    check("0.54", 30, 22, 3, 12);
}

/// Hexadecimal codes: digits 8–f add bit 8, a move that leaves three
/// non-empty heaps, in the notation of Winning Ways (ch. 4) and CGSuite
/// (upper or lower case). 4.f is proven with r = 3.
#[test]
fn hexadecimal_certificates_recheck() {
    let v = check("4.f", 40, 20, 3, 8);
    assert_eq!(v["period"]["max_heaps"], 3);
    check("0.f7", 30, 20, 3, 12);
    check("0.9", 24, 20, 3, 12);
    let upper = json(&["misere-quotient", "0.F7", "--max-heap", "30"]);
    let lower = json(&["misere-quotient", "0.f7", "--max-heap", "30"]);
    assert_eq!(upper["table"], lower["table"]);
    assert_eq!(upper["heaps"], lower["heaps"]);
}

/// The certificate answers `--outcome` past the table by the period: the
/// answer for a huge heap equals the one for the heap it reduces to.
#[test]
fn outcomes_past_the_table_follow_the_certified_period() {
    let v = json(&["misere-quotient", "4.f", "--max-heap", "40"]);
    let n0 = v["period"]["preperiod"].as_u64().unwrap() as u128;
    let p = v["period"]["period"].as_u64().unwrap() as u128;
    let huge: u128 = 10u128.pow(30) + 7;
    let reduced = n0 + (huge - n0) % p;
    let ask = |heaps: String| {
        json(&[
            "misere-quotient",
            "4.f",
            "--max-heap",
            "40",
            "--outcome",
            &heaps,
        ])["outcome"]
            .clone()
    };
    for other in [1u128, 2, 3, 9] {
        assert_eq!(
            ask(format!("{huge},{other}")),
            ask(format!("{reduced},{other}")),
            "{other}"
        );
    }
}

/// The checks can fail: a certificate with one product changed, one
/// outcome flipped, or one heap image moved is rejected.
#[test]
fn a_corrupted_certificate_is_rejected() {
    let v = json(&["misere-quotient", "0.71", "--max-heap", "16"]);
    let code = Code::parse("0.71");
    let rejected = |mutate: &dyn Fn(&mut Certificate)| {
        let mut cert = Certificate::read(&v);
        mutate(&mut cert);
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            check_certificate(&v, &cert, &code, 20, 3, 10)
        }));
        caught.is_err()
    };
    assert!(!rejected(&|_| {}), "the true certificate passes");
    assert!(rejected(&|c| {
        let (x, y) = (1, c.order - 1);
        let wrong = (c.table[x][y] + 1) % c.order;
        c.table[x][y] = wrong;
    }));
    assert!(rejected(&|c| {
        let x = c.order - 1;
        c.p[x] = !c.p[x];
    }));
    assert!(rejected(&|c| c.heaps[5] = (c.heaps[5] + 1) % c.order));
}

/// The proof over every sum fails by itself on a wrong certificate: with
/// one element's outcome flipped, or one heap's image moved, (V1)–(V3)
/// cannot all hold (outcomes are unique, and every element and context is
/// the image of some sum).
#[test]
fn the_proof_over_every_sum_rejects_each_corruption() {
    let v = json(&["misere-quotient", "0.75", "--max-heap", "20"]);
    let code = Code::parse("0.75");
    let rejected = |mutate: &dyn Fn(&mut Certificate)| {
        let mut cert = Certificate::read(&v);
        mutate(&mut cert);
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            check_every_sum(&cert, &code)
        }));
        caught.is_err()
    };
    assert!(!rejected(&|_| {}), "the true certificate passes");
    let order = Certificate::read(&v).order;
    for x in 0..order {
        assert!(rejected(&|c| c.p[x] = !c.p[x]), "outcome of element {x}");
    }
    for h in 1..=20 {
        assert!(
            rejected(&|c| c.heaps[h] = (c.heaps[h] + 1) % c.order),
            "image of heap {h}"
        );
    }
}
