use super::*;
use crate::heap::code::naive_values;
use crate::impartial::mex::mex;
use crate::impartial::Outcome;
use std::collections::HashMap;

fn code(text: &str) -> TakeBreakCode {
    text.parse().unwrap()
}

/// The misère Grundy value of a sum of heaps of a code and Nim heaps,
/// straight from the definitions: a position with no move has value 1,
/// any other the MEX of its options' values. No decomposition, no genus
/// rule; the sort only makes the memo key independent of order.
struct Twin {
    code: TakeBreakCode,
    memo: HashMap<(Vec<usize>, Vec<usize>), u32>,
}

impl Twin {
    fn new(text: &str) -> Self {
        Twin {
            code: code(text),
            memo: HashMap::new(),
        }
    }

    fn gamma(&mut self, mut game: Vec<usize>, mut nim: Vec<usize>) -> u32 {
        game.sort_unstable();
        nim.sort_unstable();
        let key = (game.clone(), nim.clone());
        if let Some(&g) = self.memo.get(&key) {
            return g;
        }
        let mut values = Vec::new();
        for i in 0..game.len() {
            for (_, heaps) in self.code.options(game[i]) {
                let mut next = game.clone();
                next.remove(i);
                next.extend(heaps);
                values.push(self.gamma(next, nim.clone()));
            }
        }
        for j in 0..nim.len() {
            for smaller in 0..nim[j] {
                let mut next = nim.clone();
                next[j] = smaller;
                values.push(self.gamma(game.clone(), next));
            }
        }
        let g = if values.is_empty() {
            1
        } else {
            mex(values.into_iter().map(u64::from)) as u32
        };
        self.memo.insert(key, g);
        g
    }
}

/// The definition of the genus (γk is the misère value of G + k·*2)
/// against the rule computing it from the options.
#[test]
fn genus_digits_are_misere_values_of_sums_with_twos() {
    for text in ["0.77", "0.07", "0.137", "4.0u", "0.3f", "0.6"] {
        let genera = heap_genera(&code(text), 10).unwrap();
        let mut twin = Twin::new(text);
        let normal = naive_values(&code(text), 10);
        for (n, g) in genera.iter().enumerate() {
            assert_eq!(g.normal, normal[n], "{text} heap {n}");
            for k in 0..6 {
                let direct = twin.gamma(vec![n], vec![2; k]);
                assert_eq!(g.digit(k), direct, "{text} heap {n}: γ{k} of {g}");
            }
        }
    }
}

/// Sums of two and three heaps: the solver's sum against the twin.
#[test]
fn sums_of_heaps_against_the_twin() {
    for text in ["0.77", "0.07", "0.137"] {
        let c = code(text);
        let mut solver = MisereSolver::new(HeapCodeRules::new(c.clone(), 12));
        let mut twin = Twin::new(text);
        for a in 0..9 {
            for b in a..9 {
                for extra in [None, Some(3), Some(5)] {
                    let mut heaps = vec![a, b];
                    heaps.extend(extra);
                    let parts: Vec<usize> = heaps
                        .iter()
                        .flat_map(|&h| solver.rules().parts_of(h))
                        .collect();
                    let g = solver.genus(&parts).unwrap();
                    assert_eq!(g.misere_value(), twin.gamma(heaps.clone(), vec![]));
                    assert_eq!(g.digit(1), twin.gamma(heaps.clone(), vec![2]));
                }
            }
        }
    }
}

/// A genus in CGSuite's notation, expanded to (g, first 8 digits) by the
/// rules of CGSuite's `Genus.supDigit`: no superscript is a Nim heap
/// (`0^{120}`, `1^{031}`, `g^{g,g⊕2}`), one superscript digit a tame or
/// restive game (the tests only use `x = g`, where both read
/// `x, g⊕2, g, …`), more digits end alternating their last two.
fn expand_cgsuite(text: &str) -> (u32, Vec<u32>) {
    let (g, sup) = match text.split_once('^') {
        Some((g, sup)) => (g.parse::<u32>().unwrap(), Some(sup)),
        None => (text.parse::<u32>().unwrap(), None),
    };
    let digits: Vec<u32> = match sup {
        None => (0..8)
            .map(|i| match i {
                0 if g < 2 => 1 - g,
                _ => g ^ ((i as u32 & 1) << 1),
            })
            .collect(),
        Some(s) => {
            let sup: Vec<u32> = match s.strip_prefix('(') {
                Some(inner) => inner
                    .trim_end_matches(')')
                    .split(',')
                    .map(|d| d.parse().unwrap())
                    .collect(),
                None => s.chars().map(|c| c.to_digit(10).unwrap()).collect(),
            };
            if sup.len() == 1 {
                assert_eq!(
                    sup[0], g,
                    "singleton superscripts other than g are not used"
                );
                (0..8)
                    .map(|i| {
                        if i == 0 {
                            sup[0]
                        } else {
                            g ^ ((i as u32 & 1) << 1)
                        }
                    })
                    .collect()
            } else {
                digits_to(&Genus::new(g, &sup).unwrap(), 8)
            }
        }
    };
    (g, digits)
}

/// The first `n` digits `γ0 … γ(n−1)` of a genus.
fn digits_to(genus: &Genus, n: usize) -> Vec<u32> {
    (0..n).map(|k| genus.digit(k)).collect()
}

/// CGSuite's test suite (`GameHeapTest.scala`, "define TakeAndBreak
/// properly"): the genera of heaps 0..20 of Kayles, Dawson's Kayles,
/// Grundy's game and 0.3F, in CGSuite's abbreviated notation.
#[test]
fn cgsuite_genera_of_heaps_0_to_20() {
    let table = [
        ("0.77", "0,1,2,3,1,4^146,3,2^2,1^1,4^046,2^2,6^46,4^046,1^1,2^2,7^57,1^13,4^64,3^31,2^20,1^031"),
        ("0.07", "0,0,1,1,2,0,3,1,1,0,3^1431,3,2^0520,2,4^146,0,5^057,2^0520,2,3^1431,3"),
        ("4.0u", "0,0,0,1,0,2,1,0,2,1,0,2,1,3^1431,2,1,3^1431,2,4^0564,3^1431,0^20"),
        ("0.3f", "0,1,2,0,1,2,3^1431,4^0564,5^46,3^1431,4^0564,5^4875,6^(1,9,10,8),7^075,8^6875,6^(1,9,10,8),7^075,8^(6,10,8),9^(1,9,12,11,9),10^(0,11,13,9,11),11^(6,10,8)"),
    ];
    for (text, genera) in table {
        let expected: Vec<&str> = split_top_level(genera);
        assert_eq!(expected.len(), 21);
        let computed = heap_genera(&code(text), 21).unwrap();
        for (n, (g, e)) in computed.iter().zip(&expected).enumerate() {
            let (normal, digits) = expand_cgsuite(e);
            assert_eq!(
                (g.normal, digits_to(g, 8)),
                (normal, digits),
                "{text} heap {n}: {g} vs {e}"
            );
        }
    }
}

/// Splits on commas outside parentheses.
fn split_top_level(text: &str) -> Vec<&str> {
    let (mut out, mut depth, mut start) = (Vec::new(), 0, 0);
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&text[start..]);
    out
}

/// CGSuite's misère nim values of Kayles heaps 0..20 (same test file):
/// the misère P-positions among single heaps are 1, 4, 9, 12 and 20.
#[test]
fn cgsuite_misere_values_of_kayles() {
    let expected = [
        1, 0, 2, 3, 0, 1, 3, 2, 1, 0, 2, 4, 0, 1, 2, 5, 1, 6, 3, 2, 0,
    ];
    let computed: Vec<u32> = heap_genera(&code("0.77"), 21)
        .unwrap()
        .iter()
        .map(Genus::misere_value)
        .collect();
    assert_eq!(computed, expected);
}

#[test]
fn genus_printing() {
    let g = heap_genera(&code("0.77"), 6).unwrap();
    let shown: Vec<String> = g.iter().map(ToString::to_string).collect();
    assert_eq!(
        shown,
        ["0^{120}", "1^{031}", "2^{20}", "3^{31}", "1^{031}", "4^{146}"]
    );
    assert!(g[2].is_tame() && g[0].is_tame() && !g[5].is_tame());
}

/// Every list of at most `max_rows` rows of at most `max_row` pins.
fn row_lists(max_row: usize, max_rows: usize) -> Vec<Vec<usize>> {
    let mut out = vec![vec![]];
    let mut frontier = vec![vec![]];
    for _ in 0..max_rows {
        let mut next = Vec::new();
        for p in &frontier {
            for r in 0..=max_row {
                let mut q: Vec<usize> = p.clone();
                q.push(r);
                next.push(q);
            }
        }
        out.extend(next.iter().cloned());
        frontier = next;
    }
    out
}

/// Kayles straight from its rules (knock down one pin or two adjacent
/// pins of a row), misère outcome by brute force on the whole position.
fn kayles_brute(rows: &[usize], memo: &mut HashMap<Vec<usize>, bool>) -> bool {
    let mut key = rows.to_vec();
    key.sort_unstable();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut has_move = false;
    let mut wins = false;
    'all: for (i, &r) in rows.iter().enumerate() {
        for width in 1..=2 {
            for start in 0..r {
                if start + width > r {
                    continue;
                }
                has_move = true;
                let mut next: Vec<usize> = rows.to_vec();
                next.remove(i);
                next.extend([start, r - start - width].into_iter().filter(|&x| x > 0));
                if !kayles_brute(&next, memo) {
                    wins = true;
                    break 'all;
                }
            }
        }
    }
    let result = wins || !has_move;
    memo.insert(key, result);
    result
}

/// Misère Kayles (Sibert–Conway 1992 solved it; Winning Ways ch. 13): the
/// P-positions among all sums of at most three rows of at most 9 pins, by
/// the solver and by brute force from the rules.
#[test]
fn misere_kayles_p_positions_against_brute_force() {
    let mut solver = MisereSolver::new(HeapCodeRules::new(code("0.77"), 9));
    let mut memo = HashMap::new();
    let mut p_positions = 0;
    for rows in row_lists(9, 3) {
        let parts: Vec<usize> = rows
            .iter()
            .flat_map(|&h| solver.rules().parts_of(h))
            .collect();
        let outcome = solver.genus(&parts).unwrap().outcome();
        let brute = kayles_brute(&rows, &mut memo);
        assert_eq!(outcome == Outcome::N, brute, "{rows:?}");
        p_positions += usize::from(!brute);
    }
    assert!(p_positions > 50);
}

/// The refusal comes from the check before the search (about a millisecond),
/// not from a search stopped at the limit of memoised states (the same kind
/// of error, after about ten seconds of work): the check's message names the
/// bound on reachable sums, and a solver that refuses has not memoised a
/// single state.
#[test]
fn limits_are_checked_before_the_search() {
    let e = heap_genera(&code("0.77"), 200).unwrap_err();
    let MexError::TooLarge { what, .. } = &e else {
        panic!("{e}");
    };
    // heap_genera bounds the reachable sums from the code alone, before
    // it lists any heap's options.
    assert!(what.contains("(their reachable sums)"), "{e}");
    assert!(!e.to_string().contains('\n'));
    let mut solver = MisereSolver::new(HeapCodeRules::new(code("0.77"), 199));
    let parts = solver.rules().parts_of(199);
    assert!(matches!(
        solver.genus(&parts),
        Err(MexError::TooLarge { .. })
    ));
    assert_eq!(solver.states(), 0, "refused before the search");
    // Codes that never split are bounded by the heap itself.
    assert_eq!(heap_genera(&code("0.3"), 300).unwrap().len(), 300);
}
