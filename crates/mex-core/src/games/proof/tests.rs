//! Proofs of catalog positions: written, read back, checked, and refused
//! when corrupted; their winners are the outcome search's and the
//! canonical forms'.

use super::*;
use crate::games::outcome_search::outcome;
use crate::games::sum::Summand;
use crate::games::Side;
use crate::partizan::outcome::OutcomeClass;

fn proved(game: &str, position: &str, first: Player) -> WinnerProof {
    let game = find(game).unwrap();
    prove(game, position, first, &Context::new()).unwrap()
}

fn position_proof(game: &str, position: &str, first: Player) -> PositionProof {
    match proved(game, position, first) {
        WinnerProof::Position(p) => p,
        other => panic!("{game} wrote a proof of its own kind: {other:?}"),
    }
}

/// The winner with `first` moving first from the outcome class by
/// canonical forms (the value route).
fn winner_by_value(game: &str, position: &str, first: Player) -> Player {
    let mut ctx = Context::new();
    let g = find(game).unwrap().canonical(position, &mut ctx).unwrap();
    winner_of(ctx.store.outcome(g), first)
}

const POSITIONS: &[(&str, &str)] = &[
    ("clobber", "xox/oxo"),
    ("clobber", "xoxo/oxox"),
    ("clobber", "xoxox/oxoxo"),
    ("clobber", "3x3"),
    ("clobber", "2x4"),
    ("konane", "xoxo/oxox/xoxo"),
    ("nogo", "2x3"),
    ("nogo", "1x7"),
    ("nogo", "x../.o./..."),
    ("toads-and-frogs", "TTT..FFF"),
    ("snort", "n=5; 0-1 1-2 2-3 3-4"),
    ("amazons", "x..|...|..o"),
];

#[test]
fn proofs_check_and_name_the_value_routes_winner() {
    for &(game, position) in POSITIONS {
        for first in [Player::Left, Player::Right] {
            let proof = position_proof(game, position, first);
            let expected = winner_by_value(game, position, first);
            assert_eq!(proof.winner, expected, "{game} {position} {first:?}");
            let checked = check(&proof, &Context::new()).unwrap();
            assert_eq!(checked.winner, expected);
            let text = proof.to_text();
            let read = WinnerProof::parse(&text).unwrap();
            assert_eq!(read, WinnerProof::Position(proof.clone()), "{text}");
        }
    }
}

#[test]
fn the_outcome_class_agrees_with_the_proofs() {
    let summand = Summand {
        game: find("clobber").unwrap(),
        position: "xoxo/oxox",
    };
    let class = outcome(&[summand], &mut Context::new()).unwrap();
    let left = position_proof("clobber", "xoxo/oxox", Player::Left).winner;
    let right = position_proof("clobber", "xoxo/oxox", Player::Right).winner;
    let expected = match (left, right) {
        (Player::Left, Player::Left) => OutcomeClass::L,
        (Player::Right, Player::Right) => OutcomeClass::R,
        (Player::Left, Player::Right) => OutcomeClass::N,
        (Player::Right, Player::Left) => OutcomeClass::P,
    };
    assert_eq!(class, expected);
}

#[test]
fn domineering_writes_its_own_kind() {
    let proof = proved("domineering", "4x4", Player::Left);
    assert!(matches!(proof, WinnerProof::Domineering(_)));
    let read = WinnerProof::parse(&proof.to_text()).unwrap();
    assert_eq!(
        read.verify(&Context::new()).unwrap().unwrap().winner,
        proof.winner()
    );
}

/// Corruptions of `proof`, each named.
fn corrupted_variants(proof: &PositionProof) -> Vec<(&'static str, PositionProof)> {
    let mut out = Vec::new();
    let mut claim = proof.clone();
    claim.winner = proof.winner.other();
    out.push(("the other winner", claim));
    let win = proof
        .nodes
        .iter()
        .position(|n| matches!(n, Node::Win(..)))
        .expect("a winner's move");
    if let Node::Win(r, o, next) = proof.nodes[win] {
        let mut illegal = proof.clone();
        illegal.nodes[win] = Node::Win(r, o + 1000, next);
        out.push(("an illegal move", illegal));
        let mut elsewhere = proof.clone();
        elsewhere.nodes[win] = Node::Win(r, o, proof.nodes.len());
        out.push(("a missing node", elsewhere));
    }
    let lose = proof
        .nodes
        .iter()
        .position(|n| matches!(n, Node::Lose(a) if !a.is_empty()));
    if let Some(lose) = lose {
        if let Node::Lose(answers) = &proof.nodes[lose] {
            let mut unanswered = proof.clone();
            unanswered.nodes[lose] = Node::Lose(answers[1..].to_vec());
            out.push(("an unanswered move", unanswered));
        }
    }
    let mut ended = proof.clone();
    ended.nodes[0] = Node::End;
    out.push(("an end where the winner moves", ended));
    let mut forged = proof.clone();
    forged.winner = proof.winner.other();
    forged.nodes[0] = Node::Forms;
    forged.nodes.truncate(1);
    out.push(("a forged leaf of forms", forged));
    out
}

const NO_FORMS: Room = Room {
    positions: 0,
    depth: 0,
};

#[test]
fn proofs_without_forms_reach_the_ends_and_check() {
    for &(game, position) in &POSITIONS[..3] {
        for first in [Player::Left, Player::Right] {
            let g = find(game).unwrap();
            let proof = prove_citing(&[(g, position)], first, &Context::new(), NO_FORMS).unwrap();
            assert!(!proof.nodes.contains(&Node::Forms));
            assert_eq!(proof.winner, winner_by_value(game, position, first));
            assert_eq!(check(&proof, &Context::new()).unwrap().winner, proof.winner);
        }
    }
}

#[test]
fn corrupted_proofs_are_refused() {
    // The strategy has moves of both sides and reaches the ends.
    let clobber = find("clobber").unwrap();
    let proof = prove_citing(
        &[(clobber, "xoxox/oxoxo")],
        Player::Left,
        &Context::new(),
        NO_FORMS,
    )
    .unwrap();
    assert!(proof.nodes.iter().any(|n| matches!(n, Node::Lose(_))));
    for (what, bad) in corrupted_variants(&proof) {
        let verdict = WinnerProof::Position(bad).verify(&Context::new()).unwrap();
        let flaw = verdict.expect_err(what);
        assert!(!flaw.to_string().contains('\n'), "{flaw}");
    }
}

#[test]
fn malformed_text_is_refused_in_one_line() {
    let text = position_proof("clobber", "xox/oxo", Player::Left).to_text();
    let cases = [
        String::new(),
        text.replacen("mex-proof 1", "mex-proof 9", 1),
        text.replacen("part clobber", "part nosuchgame", 1),
        text.replacen("part clobber xox/oxo\n", "", 1),
        text.replacen("first left", "first up", 1),
        format!("{text}q 1 2\n"),
        format!("{text}w 1\n"),
    ];
    for case in cases {
        let e = WinnerProof::parse(&case).unwrap_err().to_string();
        assert!(!e.contains('\n'), "{e}");
    }
}

/// The strategy played to the end against every line of the loser (all
/// of them, depth first): the winner always has the strategy's move, and
/// every game ends with the loser unable to move.
fn play_out(strategy: &Strategy, position: String, mover: Player, ctx: &mut Context) -> usize {
    let game = strategy.game();
    let moves = game.side_moves(&position, mover).unwrap();
    let winner = strategy.proof().winner();
    if moves.is_empty() {
        assert_ne!(mover, winner, "the winner cannot move at {position}");
        return 1;
    }
    let after: Vec<String> = moves.into_iter().map(|(_, p)| p).collect();
    if mover == winner {
        let i = strategy.winning_move(&position, &after, ctx).unwrap();
        let i = i.unwrap_or_else(|| panic!("no winning move at {position}"));
        play_out(strategy, after[i].clone(), mover.other(), ctx)
    } else {
        after
            .into_iter()
            .map(|p| play_out(strategy, p, mover.other(), ctx))
            .sum()
    }
}

#[test]
fn the_strategy_wins_every_game_the_loser_can_play() {
    for (game, position, first) in [
        ("domineering", "3x4", Player::Left),
        ("domineering", "4x4", Player::Right),
        ("clobber", "xoxo/oxox", Player::Left),
        ("nogo", "2x3", Player::Right),
    ] {
        let proof = proved(game, position, first);
        let strategy = Strategy::new(proof, &Context::new()).unwrap().unwrap();
        let mut ctx = Context::new();
        let start = find(game).unwrap().normalize(position).unwrap();
        let games = play_out(&strategy, start, first, &mut ctx);
        assert!(games > 0);
    }
}

#[test]
fn proofs_of_sums_check_and_name_the_outcome_searchs_winner() {
    let sums: &[&[(&str, &str)]] = &[
        &[("clobber", "xoxo"), ("domineering", "2x3")],
        &[("clobber", "xo"), ("clobber", "xo")],
        &[
            ("konane", "xo.x"),
            ("clobber", "xxo/oox"),
            ("domineering", "3x3"),
        ],
    ];
    for &terms in sums {
        let summands: Vec<Summand> = terms
            .iter()
            .map(|&(g, position)| Summand {
                game: find(g).unwrap(),
                position,
            })
            .collect();
        for first in [Player::Left, Player::Right] {
            let proof = prove_sum(&summands, first, &Context::new()).unwrap();
            let side = if first == Player::Left {
                Side::Left
            } else {
                Side::Right
            };
            let searched =
                crate::games::outcome_search::winner(&summands, side, &mut Context::new());
            let expected = if searched.unwrap() == Side::Left {
                Player::Left
            } else {
                Player::Right
            };
            assert_eq!(proof.winner(), expected, "{terms:?}");
            let read = WinnerProof::parse(&proof.to_text()).unwrap();
            assert_eq!(
                read.verify(&Context::new()).unwrap().unwrap().winner,
                expected
            );
            assert_eq!(read.subject().0, "sum");
        }
    }
}
