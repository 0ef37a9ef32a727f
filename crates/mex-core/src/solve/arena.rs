//! Two-player games on graphs where the owner of a vertex moves (not
//! necessarily alternating): reachability by attractors, quantitative
//! reachability (Alice minimises the number of turns, Bob maximises), and
//! Büchi games (Alice must visit an accepting vertex infinitely often).
//! A play that reaches a vertex without successors ends there; Alice has
//! then won only if the play visited the target (reachability) — a finite
//! play never satisfies a Büchi objective.
//!
//! All three run on the shared [`backward`](super::backward) engine.

use super::backward::{propagate, Effect, Predecessors};
use crate::MexError;
use std::fmt;

/// The two players of an arena.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum Player {
    /// The reaching player.
    Alice,
    /// The opponent.
    Bob,
}

impl Player {
    /// The player's name: `Alice` or `Bob`.
    pub fn as_str(self) -> &'static str {
        match self {
            Player::Alice => "Alice",
            Player::Bob => "Bob",
        }
    }
}

/// The player's name.
impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A finite arena: vertices `0..vertex_count()`, each owned by a player.
pub trait Arena {
    /// Number of vertices.
    fn vertex_count(&self) -> usize;
    /// Appends the successors of `v`.
    fn successors(&self, v: usize, out: &mut Vec<usize>);
    /// Who moves at `v`.
    fn owner(&self, v: usize) -> Player;
}

/// An arena given by lists.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExplicitArena {
    /// Successor lists.
    pub successors: Vec<Vec<usize>>,
    /// Owners.
    pub owners: Vec<Player>,
}

impl Arena for ExplicitArena {
    fn vertex_count(&self) -> usize {
        self.owners.len()
    }
    fn successors(&self, v: usize, out: &mut Vec<usize>) {
        out.extend_from_slice(&self.successors[v]);
    }
    fn owner(&self, v: usize) -> Player {
        self.owners[v]
    }
}

/// Largest arena accepted (the reverse graph of 2^26 vertices of out-degree
/// 2 takes about 1.5 GiB).
pub const MAX_ARENA_VERTICES: usize = 1 << 26;

fn reverse<A: Arena + ?Sized>(arena: &A) -> Result<Predecessors, MexError> {
    let n = arena.vertex_count();
    if n > MAX_ARENA_VERTICES {
        return Err(MexError::too_large(
            format!("an arena of {n} vertices"),
            format!("{MAX_ARENA_VERTICES} vertices"),
            "use a smaller instance",
        ));
    }
    Predecessors::build(n, |v, out| arena.successors(v, out))
}

/// For every vertex, the number of turns within which Alice can force a
/// visit to `target` (0 on the target itself) when Bob delays as long as he
/// can, or `None` outside Alice's attractor. Alice's vertices take `1 + min`
/// over successors, Bob's `1 + max` (all successors must be in the
/// attractor).
pub fn reach_distances<A: Arena + ?Sized>(
    arena: &A,
    target: &[bool],
) -> Result<Vec<Option<u32>>, MexError> {
    let preds = reverse(arena)?;
    distances(arena, &preds, target)
}

fn distances<A: Arena + ?Sized>(
    arena: &A,
    preds: &Predecessors,
    target: &[bool],
) -> Result<Vec<Option<u32>>, MexError> {
    let seeds = (0..preds.len()).filter(|&v| target[v]).map(|v| (v, (), 0));
    let decided = propagate(preds, seeds, |p, ()| match arena.owner(p) {
        Player::Alice => Effect::Decide(()),
        Player::Bob => Effect::CountDown(()),
    })?;
    Ok(decided
        .into_iter()
        .map(|d| d.map(|(_, level)| level))
        .collect())
}

/// Alice's attractor of `target`: the vertices from which she can force a
/// visit to it.
pub fn attractor<A: Arena + ?Sized>(arena: &A, target: &[bool]) -> Result<Vec<bool>, MexError> {
    Ok(reach_distances(arena, target)?
        .iter()
        .map(Option::is_some)
        .collect())
}

/// Alice's winning region in the Büchi game with accepting set `accepting`.
///
/// `R₀ = F`, `Rₖ₊₁ = Rₖ ∩ CPre(Attr(Rₖ))` (accepting vertices from which Alice
/// can force a return to `Rₖ` in at least one move); at the fixpoint `R`,
/// Alice wins exactly from `Attr(R)`. At most |F| + 1 rounds of O(V + E).
pub fn buchi<A: Arena + ?Sized>(arena: &A, accepting: &[bool]) -> Result<Vec<bool>, MexError> {
    let preds = reverse(arena)?;
    let mut recur: Vec<bool> = accepting.to_vec();
    let mut buf = Vec::new();
    loop {
        let attr: Vec<bool> = distances(arena, &preds, &recur)?
            .iter()
            .map(Option::is_some)
            .collect();
        let mut changed = false;
        for (v, in_recur) in recur.iter_mut().enumerate() {
            if !*in_recur {
                continue;
            }
            buf.clear();
            arena.successors(v, &mut buf);
            let keeps = match arena.owner(v) {
                Player::Alice => buf.iter().any(|&s| attr[s]),
                Player::Bob => !buf.is_empty() && buf.iter().all(|&s| attr[s]),
            };
            if !keeps {
                *in_recur = false;
                changed = true;
            }
        }
        if !changed {
            return Ok(attr);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn players_print_their_names() {
        assert_eq!(
            format!("{} and {}", Player::Alice, Player::Bob),
            "Alice and Bob"
        );
        assert_eq!(Player::Bob.as_str(), "Bob");
    }

    fn arena(succ: Vec<Vec<usize>>, alice: Vec<bool>) -> ExplicitArena {
        let owners = alice
            .iter()
            .map(|&a| if a { Player::Alice } else { Player::Bob })
            .collect();
        ExplicitArena {
            successors: succ,
            owners,
        }
    }

    /// Slow twin: the bounded games of k turns, by value iteration.
    fn distances_by_iteration(a: &ExplicitArena, target: &[bool]) -> Vec<Option<u32>> {
        let n = a.vertex_count();
        let mut d: Vec<Option<u32>> = (0..n).map(|v| target[v].then_some(0)).collect();
        for _ in 0..=n {
            d = (0..n)
                .map(|v| {
                    if target[v] {
                        return Some(0);
                    }
                    let vals: Vec<Option<u32>> = a.successors[v].iter().map(|&s| d[s]).collect();
                    let best = match a.owners[v] {
                        Player::Alice => vals.iter().flatten().min().copied(),
                        Player::Bob if vals.is_empty() => None,
                        Player::Bob => vals
                            .iter()
                            .copied()
                            .collect::<Option<Vec<u32>>>()
                            .and_then(|v| v.into_iter().max()),
                    };
                    best.map(|b| b + 1)
                })
                .collect();
        }
        d
    }

    /// Slow twin for Büchi: Büchi games are positionally determined, so
    /// Alice wins from v iff some positional strategy of hers beats every
    /// positional strategy of Bob's (the play from v is a lasso whose cycle
    /// must contain an accepting vertex; a play that gets stuck is lost).
    fn buchi_by_strategies(a: &ExplicitArena, accepting: &[bool]) -> Vec<bool> {
        let n = a.vertex_count();
        let choices = |who: Player| -> Vec<Vec<usize>> {
            let mut all = vec![vec![]];
            for v in 0..n {
                let opts: Vec<usize> = if a.owners[v] == who && !a.successors[v].is_empty() {
                    a.successors[v].clone()
                } else {
                    vec![usize::MAX]
                };
                all = all
                    .into_iter()
                    .flat_map(|c| {
                        opts.iter().map(move |&o| {
                            let mut c = c.clone();
                            c.push(o);
                            c
                        })
                    })
                    .collect();
            }
            all
        };
        let (alice, bob) = (choices(Player::Alice), choices(Player::Bob));
        (0..n)
            .map(|start| {
                alice.iter().any(|sa| {
                    bob.iter().all(|sb| {
                        let mut seen = vec![usize::MAX; n];
                        let (mut v, mut t) = (start, 0);
                        loop {
                            if seen[v] != usize::MAX {
                                let cycle_start = seen[v];
                                let mut u = v;
                                let mut hit = false;
                                for _ in cycle_start..t {
                                    hit |= accepting[u];
                                    u = if a.owners[u] == Player::Alice {
                                        sa[u]
                                    } else {
                                        sb[u]
                                    };
                                }
                                return hit;
                            }
                            seen[v] = t;
                            t += 1;
                            if a.successors[v].is_empty() {
                                return false;
                            }
                            v = if a.owners[v] == Player::Alice {
                                sa[v]
                            } else {
                                sb[v]
                            };
                        }
                    })
                })
            })
            .collect()
    }

    prop_compose! {
        fn random_arena(max: usize, degree: usize)(n in 1..max)(
            succ in proptest::collection::vec(proptest::collection::vec(0..n, 0..=degree), n),
            alice in proptest::collection::vec(any::<bool>(), n),
            marked in proptest::collection::vec(proptest::bool::weighted(0.3), n),
        ) -> (ExplicitArena, Vec<bool>) {
            (arena(succ, alice), marked)
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn distances_agree_with_value_iteration((a, target) in random_arena(30, 3)) {
            prop_assert_eq!(reach_distances(&a, &target).unwrap(), distances_by_iteration(&a, &target));
        }

        #[test]
        fn buchi_agrees_with_strategy_enumeration((a, accepting) in random_arena(7, 2)) {
            prop_assert_eq!(buchi(&a, &accepting).unwrap(), buchi_by_strategies(&a, &accepting));
        }
    }

    /// The n-bit shift game (Weiss, Definition 1) as an arena: state
    /// `b0 … b(n-1)` is the integer with `b0` as its highest bit; the new bit
    /// enters at `b0`, `b(n-1)` drops out; Alice moves when it is 1.
    fn shift_game(n: u32) -> ExplicitArena {
        let size = 1usize << n;
        let successors = (0..size)
            .map(|s| vec![s >> 1, (s >> 1) | (size >> 1)])
            .collect();
        let owners = (0..size)
            .map(|s| {
                if s & 1 == 1 {
                    Player::Alice
                } else {
                    Player::Bob
                }
            })
            .collect();
        ExplicitArena { successors, owners }
    }

    /// Weiss, Proposition 2 (Alice wins from every state, here as a Büchi
    /// game on 0^n) and Propositions 8–9 (from 0^n, optimal play takes
    /// exactly 2^n turns before 0^n returns), for n ≤ 14.
    #[test]
    fn seed_000_shift_game_values() {
        for n in 1..=14 {
            let a = shift_game(n);
            let size = 1usize << n;
            let mut zero = vec![false; size];
            zero[0] = true;
            assert!(buchi(&a, &zero).unwrap().iter().all(|&w| w), "n = {n}");
            let d = reach_distances(&a, &zero).unwrap();
            // 0^n is Bob's: he picks the successor that delays most.
            let turns = 1 + a.successors[0]
                .iter()
                .map(|&s| d[s].unwrap())
                .max()
                .unwrap();
            assert_eq!(turns as usize, size, "n = {n}");
        }
    }

    #[test]
    fn size_limit_is_checked_up_front() {
        struct Huge;
        impl Arena for Huge {
            fn vertex_count(&self) -> usize {
                MAX_ARENA_VERTICES + 1
            }
            fn successors(&self, _: usize, _: &mut Vec<usize>) {
                unreachable!("refused before any vertex is visited")
            }
            fn owner(&self, _: usize) -> Player {
                Player::Alice
            }
        }
        assert!(matches!(
            reach_distances(&Huge, &[]),
            Err(MexError::TooLarge { .. })
        ));
    }
}
