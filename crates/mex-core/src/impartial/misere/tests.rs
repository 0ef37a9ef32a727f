use super::*;
use std::collections::BTreeSet;

#[test]
fn genus_printing() {
    assert_eq!(Genus::terminal().to_string(), "0^{120}");
    assert_eq!(Genus::new(1, &[0, 3, 1]).unwrap().to_string(), "1^{031}");
    assert_eq!(
        Genus::new(6, &[1, 9, 10, 8]).unwrap().to_string(),
        "6^{1,9,10,8}"
    );
    let tame = TameGenus {
        normal: BigUint::from(0u32),
        fickle: false,
    };
    assert_eq!(tame.to_string(), "0^{02}");
}

/// Nim as parts for the solver (heaps of at least one counter).
struct NimParts;
impl MisereRuleset for NimParts {
    type Part = u32;
    fn options(&self, n: &u32) -> Result<Vec<Vec<u32>>, MexError> {
        Ok((0..*n)
            .map(|m| if m == 0 { vec![] } else { vec![m] })
            .collect())
    }
}

fn nim_positions(max_heap: u32, max_heaps: usize) -> Vec<Vec<u32>> {
    let mut out = vec![vec![]];
    let mut frontier = vec![vec![]];
    for _ in 0..max_heaps {
        let mut next = Vec::new();
        for p in &frontier {
            for h in 0..=max_heap {
                let mut q: Vec<u32> = p.clone();
                q.push(h);
                next.push(q);
            }
        }
        out.extend(next.iter().cloned());
        frontier = next;
    }
    out
}

/// Bouton's misère Nim against the search, exhaustively on small
/// positions: outcome, every winning move, and the (tame) genus.
#[test]
fn bouton_misere_nim_against_the_search() {
    let mut solver = MisereSolver::new(NimParts);
    for heaps in nim_positions(5, 4) {
        let parts: Vec<u32> = heaps.iter().copied().filter(|&h| h > 0).collect();
        let genus = solver.genus(&parts).unwrap();
        let big: Vec<BigUint> = heaps.iter().map(|&h| BigUint::from(h)).collect();
        let a = nim_analyse(&big);
        assert_eq!(a.outcome, genus.outcome(), "{heaps:?}");
        assert_eq!(nim_genus(&big).to_string(), genus.to_string(), "{heaps:?}");
        let mut brute = BTreeSet::new();
        for (i, &h) in heaps.iter().enumerate() {
            for to in 0..h {
                let mut q = heaps.clone();
                q[i] = to;
                let qp: Vec<u32> = q.iter().copied().filter(|&x| x > 0).collect();
                if solver.genus(&qp).unwrap().outcome() == Outcome::P {
                    brute.insert((i, to));
                }
            }
        }
        let listed: BTreeSet<(usize, u32)> = a
            .winning_moves
            .iter()
            .map(|m| (m.pile, u32::try_from(&m.to).unwrap()))
            .collect();
        assert_eq!(listed, brute, "{heaps:?}");
    }
}

#[test]
fn bouton_with_huge_heaps() {
    let two_200 = BigUint::from(2u32).pow(200);
    let a = nim_analyse(&[two_200.clone(), BigUint::from(1u32)]);
    assert_eq!(a.outcome, Outcome::N);
    // The only winning move empties the big heap, leaving the opponent
    // the last counter.
    let moves: Vec<(usize, BigUint)> = a
        .winning_moves
        .iter()
        .map(|m| (m.pile, m.to.clone()))
        .collect();
    assert_eq!(moves, vec![(0, BigUint::zero())]);
    assert_eq!(nim_analyse(&[two_200.clone(), two_200]).outcome, Outcome::P);
    assert_eq!(nim_analyse(&[]).outcome, Outcome::N);
    assert_eq!(nim_analyse(&[BigUint::one()]).outcome, Outcome::P);
}

/// Every sum reachable from the given parts (the state itself included).
fn reachable<R: MisereRuleset>(solver: &mut MisereSolver<R>, parts: &[R::Part]) -> Vec<Box<[u32]>> {
    let start = solver.state_of(parts);
    let mut seen = BTreeSet::from([start.clone()]);
    let mut todo = vec![start];
    while let Some(s) = todo.pop() {
        for o in solver.state_options(&s).unwrap() {
            if seen.insert(o.clone()) {
                todo.push(o);
            }
        }
    }
    seen.into_iter().collect()
}

/// Rows of pins where a move knocks down `width` adjacent pins of a row,
/// for a width in `widths` (Kayles: 1 or 2; Dawson's Kayles: 2), leaving
/// the pins on either side as two rows; straight from the rules.
struct PinRows {
    widths: &'static [usize],
}

impl MisereRuleset for PinRows {
    type Part = usize;
    fn options(&self, &row: &usize) -> Result<Vec<Vec<usize>>, MexError> {
        let mut options = Vec::new();
        for &width in self.widths {
            for start in 0..row {
                if start + width <= row {
                    let sides = [start, row - start - width];
                    options.push(sides.into_iter().filter(|&r| r > 0).collect());
                }
            }
        }
        Ok(options)
    }
}

/// The parts of a row: none when it is empty.
fn parts_of(row: usize) -> Vec<usize> {
    if row == 0 {
        vec![]
    } else {
        vec![row]
    }
}

/// Winning Ways ch. 13: a sum of (hereditarily) tame games is tame; its
/// normal value is the XOR and it is fickle iff every component is; so
/// its misère outcome follows Bouton's rule on the normal values. Checked
/// on sums of Kayles and Dawson's Kayles rows all of whose followers have
/// tame genus.
#[test]
fn tame_sums_follow_the_nim_rule() {
    for (text, widths) in [("Kayles", &[1, 2][..]), ("Dawson's Kayles", &[2][..])] {
        let mut solver = MisereSolver::new(PinRows { widths });
        let mut tame_heaps = Vec::new();
        for n in 0..16 {
            let parts = parts_of(n);
            solver.genus(&parts).unwrap();
            let states = reachable(&mut solver, &parts);
            let all_tame = states.iter().all(|s| {
                let id = solver.solve(s.clone()).unwrap();
                solver.genera[id as usize].is_tame()
            });
            if all_tame {
                tame_heaps.push(n);
            }
        }
        assert!(tame_heaps.len() >= 5, "{text}: {tame_heaps:?}");
        let tame_of = |g: &Genus| TameGenus {
            normal: BigUint::from(g.normal),
            fickle: g.misere_value() != g.normal,
        };
        for &a in &tame_heaps {
            for &b in &tame_heaps {
                for &c in &tame_heaps {
                    let heaps = [a, b, c];
                    let singles: Vec<TameGenus> = heaps
                        .iter()
                        .map(|&h| {
                            let p = parts_of(h);
                            tame_of(&solver.genus(&p).unwrap())
                        })
                        .collect();
                    let parts: Vec<usize> = heaps.iter().flat_map(|&h| parts_of(h)).collect();
                    let sum = solver.genus_unchecked(&parts).unwrap();
                    let rule = TameGenus::sum(&singles);
                    assert_eq!(sum.to_string(), rule.to_string(), "{text} {heaps:?}");
                }
            }
        }
    }
}

/// Sums too big for the solver are refused.
#[test]
fn limits_of_the_solver() {
    let mut solver = MisereSolver::new(NimParts);
    assert!(solver.genus(&[1 << 21]).is_err());
    assert!(solver.genus(&[3; 2000]).is_err());
    assert!(solver.genus(&[3; 10]).is_ok());
}

#[test]
fn partition_sums() {
    // p(0..=5) = 1 1 2 3 5 7.
    assert_eq!(partition_prefix_sum(5, u128::MAX), 19);
    assert_eq!(partition_prefix_sum(0, u128::MAX), 1);
}
