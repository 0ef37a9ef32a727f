//! The slow twin: the outcome class of the canonical form of the whole
//! position (the value route), against the search with every switch.

use super::*;

/// The position of `height × width` whose cells are the base-3 digits of
/// `code` (0 empty, 1 `x`, 2 `o`), row by row.
fn position(height: usize, width: usize, mut code: u64) -> Stones {
    let mut cells = Cells::filled(height, width, b'.');
    for r in 0..height {
        for c in 0..width {
            cells.set(r, c, b".xo"[(code % 3) as usize]);
            code /= 3;
        }
    }
    Stones(cells)
}

/// Who wins moving first (Left, Right), by the canonical form (one store
/// and evaluator for every position of a thread).
fn by_definition(p: &Stones) -> (bool, bool) {
    type Memo = (GameStore, Evaluator<Clobber>);
    thread_local! {
        static MEMO: std::cell::RefCell<Option<Memo>> = const { std::cell::RefCell::new(None) };
    }
    let class = MEMO.with_borrow_mut(|memo| {
        let (store, evaluator) =
            memo.get_or_insert_with(|| (GameStore::new(), Evaluator::new(Clobber, 1 << 28)));
        let value = evaluator.value(store, p).unwrap();
        store.outcome(value)
    });
    match class {
        OutcomeClass::L => (true, false),
        OutcomeClass::R => (false, true),
        OutcomeClass::N => (true, true),
        OutcomeClass::P => (false, false),
    }
}

fn by_search(search: &mut ClobberSearch, p: &Stones) -> (bool, bool) {
    (
        search.first_player_wins(p, Player::Left).unwrap(),
        search.first_player_wins(p, Player::Right).unwrap(),
    )
}

/// The switches the twin runs: the default, no small groups (every group
/// on the board), tiny ones, no ordering and no symmetry.
fn variants() -> Vec<Switches> {
    let d = Switches::default();
    vec![
        d,
        Switches {
            small_stones: 0,
            ..d
        },
        Switches {
            small_stones: 3,
            ordering: false,
            ..d
        },
        Switches {
            small_stones: 5,
            symmetry: false,
            ..d
        },
        Switches {
            small_stones: 8,
            sign_of_sum: false,
            ..d
        },
    ]
}

/// Every position of the boards 1×8, 2×4, 4×2, 2×3 and 3×3 (every
/// filling with `x`, `o` and empty cells): each variant of the search,
/// one table for all, agrees with the canonical form.
#[test]
fn every_small_position() {
    let mut searches: Vec<ClobberSearch> = variants()
        .into_iter()
        .map(|s| ClobberSearch::with_switches(1 << 28, s).unwrap())
        .collect();
    for (h, w) in [(1, 8), (2, 4), (4, 2), (2, 3), (3, 3)] {
        for code in 0..3u64.pow((h * w) as u32) {
            let p = position(h, w, code);
            let exact = by_definition(&p);
            for search in &mut searches {
                assert_eq!(by_search(search, &p), exact, "{p}");
            }
        }
    }
}

/// Random positions (a seeded generator: the same positions every run)
/// of boards up to 4×4 and 2×8, with stones on most cells so that the
/// groups are big: each variant agrees with the canonical form.
#[test]
fn random_positions() {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut searches: Vec<ClobberSearch> = variants()
        .into_iter()
        .map(|s| ClobberSearch::with_switches(1 << 28, s).unwrap())
        .collect();
    for (h, w, count) in [
        (3, 4, 300),
        (4, 3, 200),
        (2, 7, 200),
        (4, 4, 150),
        (2, 8, 100),
    ] {
        for _ in 0..count {
            let mut cells = Cells::filled(h, w, b'.');
            for r in 0..h {
                for c in 0..w {
                    let roll = next() % 10;
                    cells.set(
                        r,
                        c,
                        if roll < 1 {
                            b'.'
                        } else if roll < 6 {
                            b'x'
                        } else {
                            b'o'
                        },
                    );
                }
            }
            let p = Stones(cells);
            let exact = by_definition(&p);
            for search in &mut searches {
                assert_eq!(by_search(search, &p), exact, "{p}");
            }
        }
    }
}

/// The checkerboards up to 12 cells, against the canonical form, and
/// their answers known from Grossman (2004) as MCGS tabulates them: 2×n
/// is P exactly when 3 divides n; 3×3 is N and 3×4 P.
#[test]
fn checkerboards() {
    let mut search = ClobberSearch::new(1 << 28).unwrap();
    for (h, w) in [
        (1, 2),
        (1, 3),
        (2, 2),
        (2, 3),
        (2, 4),
        (2, 5),
        (2, 6),
        (3, 3),
        (3, 4),
    ] {
        let p: Stones = format!("{h}x{w}").parse().unwrap();
        let answer = by_search(&mut search, &p);
        assert_eq!(answer, by_definition(&p), "{p}");
        if h == 2 {
            assert_eq!(answer == (false, false), w % 3 == 0, "{p}");
        }
    }
    let p: Stones = "3x4".parse().unwrap();
    assert_eq!(by_search(&mut search, &p), (false, false));
}

/// The small groups kept as values and the symmetry each save nodes on
/// the 3×6 checkerboard, and the sign of the sum decides some nodes
/// (counted, not timed: the search is deterministic).
#[test]
fn each_device_saves_nodes() {
    let p: Stones = "3x6".parse().unwrap();
    let run = |switches: Switches| {
        let mut search = ClobberSearch::with_switches(1 << 26, switches).unwrap();
        let answer = by_search(&mut search, &p);
        assert_eq!(answer, (false, false), "3x6 is P (Grossman 2004)");
        search.stats
    };
    let d = Switches::default();
    let full = run(d);
    assert!(full.sign_cuts > 0, "{full:?}");
    for off in [
        Switches {
            small_stones: 0,
            ..d
        },
        Switches {
            symmetry: false,
            ..d
        },
    ] {
        let more = run(off).nodes;
        assert!(more > full.nodes, "{off:?}: {more} nodes, default {full:?}");
    }
}

/// The bit tricks: the half-turn and the row flip of every cell of a
/// 3×4 board, and a transposed board (30×2 fits only as 2×30).
#[test]
fn geometry() {
    let shape = Shape {
        rows: 3,
        width: 4,
        stride: 5,
    };
    for r in 0..3 {
        for c in 0..4 {
            let bit = |r: u32, c: u32| 1u64 << (r * 5 + c);
            assert_eq!(shape.half_turn(bit(r, c)), bit(2 - r, 3 - c));
            assert_eq!(shape.flip_rows(bit(r, c)), bit(2 - r, c));
        }
    }
    let mut search = ClobberSearch::new(1 << 20).unwrap();
    let rows = ["xo", "ox", "xx", ".o"]
        .into_iter()
        .chain(std::iter::repeat_n("..", 26));
    let tall: Stones = rows.collect::<Vec<_>>().join("/").parse().unwrap();
    assert!(ClobberSearch::fits(&tall));
    assert_eq!(by_search(&mut search, &tall), by_definition(&tall));
    let strip: Stones = format!("xoo{}", ".".repeat(59)).parse().unwrap();
    assert!(ClobberSearch::fits(&strip), "1x62: rows of 63 bits");
    assert_eq!(by_search(&mut search, &strip), (false, true));
    assert!(!ClobberSearch::fits(&"1x63".parse().unwrap()));
    let too_big: Stones = "8x8".parse().unwrap();
    assert!(!ClobberSearch::fits(&too_big));
    let refused = search
        .first_player_wins(&too_big, Player::Left)
        .unwrap_err();
    assert!(refused.to_string().contains("8x8"), "{refused}");
    assert!(ClobberSearch::new(10).is_err());
}
