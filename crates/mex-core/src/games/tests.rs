//! Checks of the catalog as a whole: every game's example, the round trip of
//! positions, closed-form hooks against search without them, and each
//! family's winning moves against their definitions.

use super::*;
use crate::partizan::ruleset::Evaluator;
use crate::solve::retrograde::solve_by_rounds;
use std::collections::HashSet;

/// Walks the positions reachable from `start` breadth-first, at most
/// `limit` of them, and returns their texts.
fn reachable(game: &dyn CatalogGame, start: &str, limit: usize) -> Vec<String> {
    let mut ctx = Context::new();
    let mut seen = vec![game.normalize(start).unwrap()];
    let mut set: HashSet<String> = seen.iter().cloned().collect();
    let mut i = 0;
    while i < seen.len() && seen.len() < limit {
        let moves = game.moves(&seen[i], &mut ctx).unwrap();
        for m in moves {
            if set.insert(m.result.position.clone()) {
                seen.push(m.result.position);
            }
        }
        i += 1;
    }
    seen
}

#[test]
fn every_example_is_accepted_and_names_are_unique() {
    let mut names = HashSet::new();
    for game in catalog() {
        let info = game.info();
        assert!(names.insert(info.name), "{} twice", info.name);
        let e = game.evaluate(info.example, &mut Context::new());
        assert!(e.is_ok(), "{}: {e:?}", info.name);
        assert!(!info.description.is_empty() && !info.rules.is_empty());
        assert_eq!(find(info.name).unwrap().info().name, info.name);
    }
    assert!(find("chess").is_err());
}

/// Names are read in any case, and a mistyped one is refused with the
/// nearest names (issue 39, item 16).
#[test]
fn game_names_ignore_case_and_a_typo_gets_the_nearest_name() {
    assert_eq!(find("Domineering").unwrap().info().name, "domineering");
    assert_eq!(find("FOX-AND-GEESE").unwrap().info().name, "fox-and-geese");
    let typo = find("domineerin").err().expect("refused").to_string();
    assert!(
        typo.starts_with("'domineerin' is not a game of the catalog (did you mean 'domineering'?)"),
        "{typo}"
    );
    let underscores = find("toads_and_frogs").err().expect("refused").to_string();
    assert!(
        underscores.contains("did you mean 'toads-and-frogs'"),
        "{underscores}"
    );
    let nonsense = find("xqzvw").err().expect("refused").to_string();
    assert!(!nonsense.contains("did you mean"), "{nonsense}");
}

/// A game says it has cycles exactly when its values are wins, losses and
/// draws (game graphs, partizan games with cycles).
#[test]
fn a_game_has_cycles_when_its_values_are_wins_losses_and_draws() {
    for game in catalog() {
        let e = game
            .evaluate(game.info().example, &mut Context::new())
            .unwrap();
        let loopy = matches!(e.value, Value::Loopy(_) | Value::LoopyPartizan(_));
        assert_eq!(game.has_cycles(), loopy, "{}", game.info().name);
    }
}

/// `Display` then `FromStr` gives the same position and value, on every
/// position met in play from each example.
#[test]
fn positions_round_trip_through_their_text() {
    for game in catalog() {
        let info = game.info();
        for text in reachable(*game, info.example, 60) {
            assert_eq!(game.normalize(&text).unwrap(), text, "{}", info.name);
            let mut ctx = Context::new();
            let a = game.evaluate(&text, &mut ctx).unwrap();
            assert_eq!(a.position, text, "{}", info.name);
        }
    }
}

/// A position's value is determined by its options: the MEX for
/// impartial games, `{options | options}` for partizan ones, and the
/// winning flags say exactly what their doc says.
#[test]
fn values_agree_with_the_values_of_the_moves() {
    for game in catalog() {
        let info = game.info();
        for text in reachable(*game, info.example, 40) {
            let mut ctx = Context::new();
            let e = game.evaluate(&text, &mut ctx).unwrap();
            let moves = game.moves(&text, &mut ctx).unwrap();
            match (&e.value, info.family) {
                (Value::Grundy(g), _) => {
                    let options: Vec<u64> = moves
                        .iter()
                        .map(|m| match &m.result.value {
                            Value::Grundy(h) => h.try_into().unwrap(),
                            v => panic!("{v:?}"),
                        })
                        .collect();
                    assert_eq!(*g, crate::impartial::mex::mex(options).into(), "{text}");
                    for m in &moves {
                        let p = Outcome::Impartial(crate::impartial::Outcome::P);
                        assert_eq!(m.winning, m.result.outcome == p);
                    }
                }
                (Value::Canonical(g), _) => {
                    let side = |p: Side| -> Vec<GameId> {
                        moves
                            .iter()
                            .filter(|m| m.player == Some(p))
                            .map(|m| match m.result.value {
                                Value::Canonical(h) => h,
                                ref v => panic!("{v:?}"),
                            })
                            .collect()
                    };
                    let (left, right) = (side(Side::Left), side(Side::Right));
                    let built = ctx.store.make(left, right);
                    assert_eq!(built, *g, "{}: {text}", info.name);
                }
                (Value::Loopy(v), _) => {
                    let any_loss = moves.iter().any(|m| {
                        matches!(m.result.value, Value::Loopy(retrograde::Value::Loss(_)))
                    });
                    assert_eq!(matches!(v, retrograde::Value::Win(_)), any_loss, "{text}");
                }
                (Value::Turns(t), _) => {
                    if let (Some(t), false) = (t, moves.is_empty()) {
                        let fastest = moves
                            .iter()
                            .filter(|m| m.winning)
                            .filter_map(|m| match m.result.value {
                                Value::Turns(u) => u,
                                _ => None,
                            })
                            .min();
                        if e.to_move == Some(Player::Alice) {
                            assert_eq!(fastest.map(|u| u + 1), Some(*t), "{text}");
                        }
                    }
                }
                (Value::Sync(_), _) => {}
                (Value::LoopyPartizan(v), _) => {
                    for (side, own) in [(Side::Left, v.left_first), (Side::Right, v.right_first)] {
                        let wins = moves.iter().any(|m| m.player == Some(side) && m.winning);
                        let won = matches!(own, retrograde::Value::Win(_));
                        assert_eq!(won, wins, "{}: {text}", info.name);
                    }
                }
            }
        }
    }
}

#[test]
fn positions_are_the_moves_targets_in_order() {
    let moves = vec![Move::new("a", 3), Move::new("b", 1), Move::new("c", 3)];
    assert_eq!(positions(moves).collect::<Vec<_>>(), [3, 1, 3]);
}

/// Forwards the moves (the options are theirs) and an impartial game's
/// decomposition, not the closed-form hooks: the slow twin.
struct Searched<G>(G);

impl<G: Game> Ruleset for Searched<G> {
    type Position = G::Position;
}

impl<G: Game> Game for Searched<G> {
    const INFO: GameInfo = G::INFO;
    fn check(&self, p: &G::Position) -> Result<(), MexError> {
        self.0.check(p)
    }
}

impl<G: ImpartialGame> ImpartialGame for Searched<G> {
    fn moves(&self, p: &G::Position) -> Vec<Move<G::Position>> {
        self.0.moves(p)
    }
}

impl<G: ImpartialGame> ImpartialRuleset for Searched<G> {
    fn options(&self, p: &G::Position, out: &mut Vec<G::Position>) {
        out.extend(positions(self.0.moves(p)));
    }
    fn decompose(&self, p: &G::Position) -> Option<Vec<G::Position>> {
        self.0.decompose(p)
    }
}

impl<G: PartizanGame> PartizanGame for Searched<G> {
    fn left_moves(&self, p: &G::Position) -> Vec<Move<G::Position>> {
        self.0.left_moves(p)
    }
    fn right_moves(&self, p: &G::Position) -> Vec<Move<G::Position>> {
        self.0.right_moves(p)
    }
}

impl<G: PartizanGame> PartizanRuleset for Searched<G> {
    fn left_options(&self, p: &G::Position, out: &mut Vec<G::Position>) {
        out.extend(positions(self.0.left_moves(p)));
    }
    fn right_options(&self, p: &G::Position, out: &mut Vec<G::Position>) {
        out.extend(positions(self.0.right_moves(p)));
    }
}

impl<G: SyncGame> SyncGame for Searched<G> {
    fn left_moves(&self, p: &G::Position) -> Vec<Move<G::Choice>> {
        self.0.left_moves(p)
    }
    fn right_moves(&self, p: &G::Position) -> Vec<Move<G::Choice>> {
        self.0.right_moves(p)
    }
}

impl<G: SyncGame> SyncRuleset for Searched<G> {
    type Choice = G::Choice;
    fn left_choices(&self, p: &G::Position) -> Vec<G::Choice> {
        positions(self.0.left_moves(p)).collect()
    }
    fn right_choices(&self, p: &G::Position) -> Vec<G::Choice> {
        positions(self.0.right_moves(p)).collect()
    }
    fn apply(&self, p: &G::Position, l: &G::Choice, r: &G::Choice) -> G::Position {
        self.0.apply(p, l, r)
    }
}

fn impartial_twins<G: ImpartialGame + Copy>(game: G, positions: &[String]) {
    let fast = ImpartialEntry(game);
    let slow = ImpartialEntry(Searched(game));
    for p in positions {
        assert_eq!(
            fast.grundy(p).unwrap(),
            slow.grundy(p).unwrap(),
            "{}: {p}",
            G::INFO.name
        );
    }
}

#[test]
fn impartial_closed_forms_agree_with_search() {
    let nim: Vec<String> = (0..6)
        .flat_map(|a| (0..5).map(move |b| format!("{a},{b},3")))
        .collect();
    impartial_twins(nim::Nim, &nim);
    let heaps: Vec<String> = (0..24).map(|n| format!("{n}")).collect();
    impartial_twins(domino::Domino, &heaps);
    for code in ["0.07", "0.77", "0.137", "4.07", "0.6"] {
        let p: Vec<String> = (0..20).map(|n| format!("{code}:{n},3")).collect();
        impartial_twins(octal::Octal, &p);
    }
    for set in ["1,3,4", "2,5", "1,2,3"] {
        let p: Vec<String> = (0..30).map(|n| format!("{set}:{n}")).collect();
        impartial_twins(subtraction::Subtraction, &p);
    }
    let piles: Vec<String> = (0..12)
        .flat_map(|x| (0..12).map(move |y| format!("{x},{y}")))
        .collect();
    impartial_twins(wythoff::Wythoff, &piles);
}

#[test]
fn partizan_closed_forms_agree_with_search() {
    let rows = ["BWB WWB", "BBWWB", "WBBW BW", "BWBWWB B", "WWBWB"];
    for r in rows {
        for (fast, slow) in [
            (
                &PartizanEntry(cherries::Cherries) as &dyn CatalogGame,
                &PartizanEntry(Searched(cherries::Cherries)) as &dyn CatalogGame,
            ),
            (
                &PartizanEntry(cherries::StackCherries),
                &PartizanEntry(Searched(cherries::StackCherries)),
            ),
        ] {
            let mut ctx = Context::new();
            let a = fast.canonical(r, &mut ctx).unwrap();
            let b = slow.canonical(r, &mut ctx).unwrap();
            assert_eq!(a, b, "{} {r}", fast.info().name);
        }
    }
    for e in ["{1|0} + {0|-1}", "^ + * + 1/2", "{2||1|0} - 1", "±1 + ^*"] {
        let mut ctx = Context::new();
        let fast = PartizanEntry(expression::Expression)
            .canonical(e, &mut ctx)
            .unwrap();
        let slow = PartizanEntry(Searched(expression::Expression))
            .canonical(e, &mut ctx)
            .unwrap();
        assert_eq!(fast, slow, "{e}");
    }
}

/// Domineering through the catalog equals the engine without regions or
/// symmetry.
#[test]
fn domineering_agrees_with_the_plain_engine() {
    use crate::partizan::domineering::{Domineering as Engine, Grid};
    for board in ["2x3", "3x3", "2x4", "..#/.../#..", "3x4"] {
        let mut ctx = Context::new();
        let fast = PartizanEntry(domineering::Domineering)
            .canonical(board, &mut ctx)
            .unwrap();
        let plain = Engine {
            decomposition: false,
            symmetry: false,
        };
        let slow = Evaluator::new(plain, 1 << 20)
            .value(&mut ctx.store, &Grid::parse(board).unwrap())
            .unwrap();
        assert_eq!(fast, slow, "{board}");
    }
}

#[test]
fn ssc_decomposition_agrees_with_the_exhaustive_solver() {
    let fast = SyncEntry(ssc::SynchronizedStackCherries);
    let slow = SyncEntry(Searched(ssc::SynchronizedStackCherries));
    for p in ["BBW WB BWWB", "BW WB", "BBW WWB", "BWB WBW B", "WWB BWB BW"] {
        let mut ctx = Context::new();
        let a = fast.evaluate(p, &mut ctx).unwrap();
        let b = slow.evaluate(p, &mut ctx).unwrap();
        assert_eq!(a.value, b.value, "{p}");
    }
}

#[test]
fn graph_values_agree_with_rounds() {
    let text = "a: b c; b: a d; c: c; d: e; e: d f; f:";
    let graph = crate::solve::graph::ExplicitGraph::parse(&text.replace(';', "\n")).unwrap();
    let rounds = solve_by_rounds(&graph);
    for (v, name) in graph.names().enumerate() {
        let p = format!("{text} @ {name}");
        let e = LoopyEntry(graph::Graph)
            .evaluate(&p, &mut Context::new())
            .unwrap();
        assert_eq!(e.value, Value::Loopy(rounds[v]), "{name}");
    }
}

/// The plain shift game from `0^n` lasts `2^n` turns (Propositions 8 and 9
/// of the shift-game paper), and Alice's winning move is the O(n) rule's.
#[test]
fn shift_game_turns_and_moves() {
    use crate::shift::rule::next_state;
    use crate::shift::state::{parse_state, show};
    let game = ArenaEntry(shift::ShiftGame);
    for n in 1..=10usize {
        let start = "0".repeat(n);
        let e = game.evaluate(&start, &mut Context::new()).unwrap();
        assert_eq!(e.value, Value::Turns(Some(1 << n)), "n = {n}");
    }
    for state in ["0110", "1011", "10010", "111", "0001"] {
        let moves = game.moves(state, &mut Context::new()).unwrap();
        let next = show(&next_state(&parse_state(state).unwrap()));
        let best: Vec<&str> = moves
            .iter()
            .filter(|m| m.winning)
            .map(|m| m.result.position.trim_end_matches(" end"))
            .collect();
        let alice = state.ends_with('1');
        if alice {
            assert_eq!(best, vec![next.as_str()], "{state}");
        }
    }
}

#[test]
fn bad_positions_are_refused_in_one_line() {
    let cases = [
        ("nim", "3,,4"),
        ("nim", ""),
        ("octal", "0.07"),
        ("octal", "0.9x:3"),
        ("subtraction", "0:5"),
        ("wythoff", "3"),
        ("wythoff", "600,1"),
        ("graph", "a: b @ z"),
        ("shift-game", "012"),
        ("shift-game", &"0".repeat(30)),
        ("generalized-shift-game", "01:000"),
        ("expression", "{1|"),
        ("cherries", "BXW"),
        ("domineering", "0x0"),
        ("ssc", "BQ"),
        (
            "sync-cherries",
            "BWBWBWBWBWBWBWBW BWBWBWBWBWBWBWBW BWBWBWBWBWBWBWBW",
        ),
    ];
    for (name, position) in cases {
        let e = find(name)
            .unwrap()
            .evaluate(position, &mut Context::new())
            .unwrap_err();
        assert_eq!(e.to_string().lines().count(), 1, "{name} {position}");
    }
}

#[test]
fn partizan_sums_add_canonical_forms_and_find_winning_moves() {
    let mut ctx = Context::new();
    let s = sum::analyse_text("domineering:2x2 nim:1 expression:^", &mut ctx).unwrap();
    let expected = crate::partizan::notation::parse(&mut ctx.store, "±1 + * + ^").unwrap();
    assert_eq!(s.value, Value::Canonical(expected));
    // Left's winning moves are exactly her options to a sum >= 0.
    let lefts = s
        .winning_moves
        .iter()
        .filter(|m| m.player == Some("Left"))
        .count();
    assert_eq!(lefts, 2, "{:?}", s.winning_moves);
    let refused = sum::analyse_text("ssc:BW nim:1", &mut Context::new());
    assert!(refused.is_err());
}

/// Found by the AFL++ target: `domino 666666` computed 0.07's values one by
/// one up to the heap (quadratic, hours) although the period is proven at
/// 196 values. Heaps of periodic codes between the small and the direct
/// limit now come from the period, and agree with the domino engine's.
#[test]
fn large_heaps_of_periodic_codes_come_from_the_period() {
    use crate::heap::domino::DominoGame;
    let engine = DominoGame::solve().unwrap();
    let mut ctx = Context::new();
    for n in [4097u32, 20_260, 666_666, 999_999] {
        let domino = find("domino").unwrap().grundy(&n.to_string()).unwrap();
        assert_eq!(domino, BigUint::from(engine.nim_value(&n.into())), "{n}");
        let octal = find("octal").unwrap();
        let v = octal.evaluate(&format!("0.07:{n}"), &mut ctx).unwrap();
        assert_eq!(v.value, Value::Grundy(domino), "{n}");
    }
    // Without a proven period, heaps are computed directly only as far as
    // `mex octal` goes by default for the code: a big heap of a code of many
    // split digits is refused after that search (found by AFL: it ran for
    // over an hour).
    let many = find("octal")
        .unwrap()
        .grundy("0.1777774477777777777:999999");
    assert!(matches!(many, Err(MexError::TooLarge { .. })), "{many:?}");
    // Codes outside the theorem (unequal splits) are computed directly.
    let grundy = find("octal").unwrap().grundy("4.0u:5000").unwrap();
    let mut seq = crate::heap::sparse::TakeBreakSequence::new("4.0u".parse().unwrap());
    seq.extend_to(5001).unwrap();
    assert_eq!(grundy, BigUint::from(seq.values()[5000]));
}
