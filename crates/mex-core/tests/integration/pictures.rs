//! Every catalog game's picture names the spots each move touches: for
//! every move of the example and of a few more positions of every game,
//! `picture(position).changes(&picture(after))` is some non-empty list of
//! spots (the exceptions are listed with their reasons), and for one move
//! of each game the spots are exactly those the move's label names.

use mex_core::games::picture::{Picture, Spot, MAX_SPOTS};
use mex_core::games::{catalog, find, CatalogGame, Context};

/// Positions checked besides each game's example.
const MORE_POSITIONS: &[(&str, &[&str])] = &[
    ("nim", &["3,0,5", "1"]),
    ("subtraction", &["1,3,4:9,4", "1,2:1,5"]),
    ("octal", &["0.07:5,9", "4.07:6", "0.137:7,2"]),
    ("domino", &["2,36", "5", "3,4"]),
    ("wythoff", &["2,7", "0,4"]),
    ("kayles", &["III IIII", "I.II"]),
    ("cram", &["..#/...", "2x4"]),
    ("chomp", &["4,4,2", "2x3"]),
    ("impartial-nogo", &["1x5", "x.o/.#./..."]),
    (
        "graph",
        &[
            "a: b c; b: a c; c: @ b",
            "a: b; b: c; c: a; d = win; e: d a @ e",
        ],
    ),
    ("shift-game", &["0110", "1000"]),
    ("generalized-shift-game", &["0110:010", "1001:110"]),
    ("cherries", &["B W BW", "BWWB"]),
    ("stack-cherries", &["BBW WB", "WBW"]),
    ("domineering", &["2x3", "..#/.../#.."]),
    ("hackenbush", &["BRB R BB", "RRB"]),
    ("toads-and-frogs", &["T.F TTF.F", "T..F"]),
    ("fox-and-geese", &[".F../..../G.G.", "F../.G./..."]),
    ("backsliding-toads-and-frogs", &["T.F.TF", "FF..TT"]),
    ("clobber", &["xox/o.x", "2x3"]),
    ("konane", &["xo.x/.o.o", "xox.o"]),
    ("amazons", &["x.../...o", "x.#./...o"]),
    ("cutcake", &["1x3 2x2", "3x1"]),
    ("toppling-dominoes", &["LRG GG", "RL"]),
    (
        "hackenbush-graph",
        &[
            "0-1:B 1-2:R 2-0:G 1-1:R 0-3:B 0-3:R",
            "0-1:G 1-2:G 2-3:G 3-1:G",
        ],
    ),
    ("col", &["3x3", "C5", "K3", "P4; B..."]),
    ("snort", &["2x3", "C4; .b.."]),
    ("nogo", &["3x3", "x.o/.#./...", "X..O"]),
    ("ssc", &["BW WB", "BWB W"]),
    ("sync-cherries", &["BW B W", "BWB W"]),
];

/// Games whose moves are not pictured as changed spots, and why.
const EXCEPTIONS: &[(&str, &str)] = &[(
    "expression",
    "a game expression is pictured as its text, which has no spots",
)];

fn positions(game: &dyn CatalogGame) -> Vec<String> {
    let name = game.info().name;
    let more = MORE_POSITIONS
        .iter()
        .find(|(n, _)| *n == name)
        .map_or(&[][..], |(_, p)| p);
    std::iter::once(game.info().example)
        .chain(more.iter().copied())
        .map(String::from)
        .collect()
}

#[test]
fn every_move_of_every_game_changes_some_spots() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for game in catalog() {
        let name = game.info().name;
        if EXCEPTIONS.iter().any(|(n, _)| *n == name) {
            continue;
        }
        assert!(
            MORE_POSITIONS.iter().any(|(n, _)| *n == name),
            "{name} has no more positions to check"
        );
        for position in positions(*game) {
            let mut ctx = Context::new();
            let before = game.picture(&position).unwrap();
            assert!(before.spot_count() <= MAX_SPOTS);
            assert!(
                !matches!(before, Picture::Text { .. }),
                "{name} {position}: pictured as text"
            );
            let moves = game.moves(&position, &mut ctx).unwrap();
            assert!(!moves.is_empty(), "{name} {position}: no moves to check");
            for m in moves {
                let after = game.picture(&m.result.position).unwrap();
                checked += 1;
                match before.changes(&after) {
                    Some(spots) if !spots.is_empty() => {
                        assert!(spots.iter().all(|s| before.spots().contains(s)));
                    }
                    other => {
                        failures.push(format!("{name} {position}: '{}' gives {other:?}", m.label))
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked > 500, "only {checked} moves checked");
}

#[test]
fn the_exceptions_are_still_exceptions() {
    for (name, _) in EXCEPTIONS {
        let game = find(name).unwrap();
        let picture = game.picture(game.info().example).unwrap();
        assert_eq!(picture.spot_count(), 0, "{name} has spots now: check it");
    }
}

/// The changes of the move labelled `label` of `position`.
fn changes(name: &str, position: &str, label: &str) -> Vec<Spot> {
    let game = find(name).unwrap();
    let moves = game.moves(position, &mut Context::new()).unwrap();
    let labels: Vec<&str> = moves.iter().map(|m| m.label.as_str()).collect();
    let m = moves
        .iter()
        .find(|m| m.label == label)
        .unwrap_or_else(|| panic!("{name} {position}: no move '{label}' in {labels:?}"));
    let before = game.picture(position).unwrap();
    let after = game.picture(&m.result.position).unwrap();
    before.changes(&after).unwrap()
}

fn cells(indices: &[usize]) -> Vec<Spot> {
    indices.iter().map(|&i| Spot::Cell(i)).collect()
}

#[test]
fn the_changed_spots_are_those_the_move_names() {
    let heap = |i| vec![Spot::Heap(i)];
    assert_eq!(changes("nim", "3,4,5", "take 2 from heap 2"), heap(1));
    assert_eq!(
        changes("subtraction", "1,3,4:9,4", "take 4 (heap 2)"),
        heap(1)
    );
    assert_eq!(
        changes("octal", "0.07:5,9", "take 2, leave 3 and 4 (heap 2)"),
        heap(1)
    );
    assert_eq!(
        changes("wythoff", "3,5", "take 2 from both piles"),
        vec![Spot::Heap(0), Spot::Heap(1)]
    );
    assert_eq!(
        changes("domino", "40", "cover squares 3 and 4"),
        cells(&[2, 3])
    );
    assert_eq!(
        changes("domino", "2,36", "cover squares 10 and 11 (heap 2)"),
        cells(&[13, 14])
    );
    assert_eq!(
        changes("kayles", "IIII.III", "knock down pins 2-3"),
        cells(&[1, 2])
    );
    assert_eq!(changes("cram", "3x3", "b2-c2"), cells(&[4, 5]));
    assert_eq!(changes("domineering", "3x3", "b1-b2"), cells(&[1, 4]));
    assert_eq!(changes("nogo", "x../.o./...", "x at c3"), cells(&[8]));
    assert_eq!(changes("impartial-nogo", "2x3", "o at a2"), cells(&[3]));
    assert_eq!(changes("clobber", "xo./ox.", "a1 takes b1"), cells(&[0, 1]));
    assert_eq!(
        changes("konane", "xo./...", "a1 jumps to c1"),
        cells(&[0, 1, 2])
    );
    assert_eq!(
        changes("amazons", "x.../...o", "a1-b1 burns c1"),
        cells(&[0, 1, 2])
    );
    assert_eq!(
        changes("toads-and-frogs", "TT..FF", "toad 2 to 3"),
        cells(&[1, 2])
    );
    assert_eq!(
        changes("cherries", "BWB WWB", "B from the back of row 1"),
        cells(&[2])
    );
    assert_eq!(
        changes("stack-cherries", "BWB WWB", "W from the front of row 2"),
        cells(&[3])
    );
    assert_eq!(
        changes("toppling-dominoes", "LRRLL", "topple L 4 left"),
        cells(&[0, 1, 2, 3])
    );
    assert_eq!(
        changes(
            "ssc",
            "BBW WB BWWB",
            "Left takes the front of row 1, Right takes the front of row 2"
        ),
        cells(&[0, 3])
    );
    assert_eq!(
        changes("cutcake", "2x3 4x8", "cut 2x3 vertically into 2x1 + 2x2"),
        cells(&[1, 4])
    );
    assert_eq!(
        changes("cutcake", "2x3 4x8", "cut 4x8 horizontally into 3x8 + 1x8"),
        cells(&(30..38).collect::<Vec<_>>())
    );
    assert_eq!(
        changes("hackenbush", "BRB BB", "cut R edge 2 of string 1"),
        vec![Spot::Edge(1), Spot::Edge(2), Spot::Node(2), Spot::Node(3)]
    );
    assert_eq!(
        changes("col", "n=5; 0-1 1-2 2-3 3-4", "paint 2 blue"),
        cells(&[2])
    );
    assert_eq!(changes("snort", "C4", "paint 1 red"), vec![Spot::Node(1)]);
    assert_eq!(
        changes("graph", "a: b c; b: a; c: @ a", "to c"),
        vec![Spot::Node(0), Spot::Node(2)]
    );
    assert_eq!(
        changes("shift-game", "0001", "Alice puts in 1"),
        vec![Spot::Bit(0)]
    );
}

#[test]
fn a_hackenbush_cut_names_the_edge_and_what_falls() {
    let game = find("hackenbush-graph").unwrap();
    let position = "0-1:B 1-2:R 1-3:B 0-4:G";
    let before = game.picture(position).unwrap();
    let Picture::Graph { nodes, edges, .. } = &before else {
        panic!("{before:?}")
    };
    let label = |spot: &Spot| match *spot {
        Spot::Edge(e) => {
            let (a, b) = (&nodes[edges[e].from], &nodes[edges[e].to]);
            let name = |n: &mex_core::games::picture::Node| match n.ground {
                true => "0".to_string(),
                false => n.label.clone(),
            };
            format!("{}-{}", name(a), name(b))
        }
        Spot::Node(v) => nodes[v].label.clone(),
        other => panic!("{other:?}"),
    };
    let names = |label_of_move: &str| {
        let mut spots: Vec<String> = changes("hackenbush-graph", position, label_of_move)
            .iter()
            .map(label)
            .collect();
        spots.sort();
        spots
    };
    assert_eq!(names("cut 1-2:R"), vec!["1-2", "2"]);
    assert_eq!(
        names("cut 0-1:B (2 more edges fall)"),
        vec!["0-1", "1", "1-2", "1-3", "2", "3"]
    );
}

#[test]
fn positions_too_large_to_draw_are_pictured_within_bounds() {
    let picture = |name: &str, position: &str| find(name).unwrap().picture(position).unwrap();
    assert_eq!(
        picture("domino", "2^200,3"),
        Picture::Heaps {
            heaps: vec![
                "1606938044258990275541962092341162602522202993782792835301376".into(),
                "3".into()
            ]
        }
    );
    assert!(matches!(picture("domino", "19999"), Picture::Strips { .. }));
    let long_kayles = "I".repeat(MAX_SPOTS + 1);
    assert_eq!(picture("kayles", &long_kayles), Picture::text(&long_kayles));
    assert_eq!(picture("cutcake", "200x200"), Picture::text("200x200"));
    assert!(matches!(
        picture("cutcake", "100x200"),
        Picture::Grids { .. }
    ));
    for game in catalog() {
        let p = game.picture(game.info().example).unwrap();
        assert!(p.spot_count() <= MAX_SPOTS, "{}", game.info().name);
    }
}
