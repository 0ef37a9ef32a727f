use super::*;

fn stone(owner: Owner) -> Cell {
    Cell::piece(owner, "stone", 'x')
}

const B: Cell = Cell::Piece {
    owner: Owner::Left,
    name: "cherry",
    glyph: 'B',
};
const W: Cell = Cell::Piece {
    owner: Owner::Right,
    name: "cherry",
    glyph: 'W',
};
const E: Cell = Cell::Empty;
const X: Cell = Cell::Blocked;

fn strips(rows: &[&[Cell]]) -> Picture {
    Picture::Strips {
        strips: rows.iter().map(|r| r.to_vec()).collect(),
    }
}

fn cells(indices: &[usize]) -> Option<Vec<Spot>> {
    Some(indices.iter().map(|&i| Spot::Cell(i)).collect())
}

#[test]
fn changes_name_the_cells_a_move_touched() {
    let before = Picture::Grid(Grid {
        rows: 1,
        columns: 3,
        cells: vec![stone(Owner::Left), stone(Owner::Right), Cell::Empty],
    });
    let after = Picture::Grid(Grid {
        rows: 1,
        columns: 3,
        cells: vec![Cell::Empty, stone(Owner::Left), Cell::Empty],
    });
    assert_eq!(before.changes(&after), cells(&[0, 1]));
    assert_eq!(before.changes(&before), Some(vec![]));
}

#[test]
fn pictures_of_other_shapes_have_no_changes() {
    let heaps = Picture::heaps(&[3, 4]);
    assert_eq!(heaps.changes(&Picture::text("3")), None);
    assert_eq!(Picture::text("3").changes(&Picture::text("4")), None);
    let long = Picture::Register { bits: "000".into() };
    assert_eq!(long.changes(&Picture::Register { bits: "00".into() }), None);
    assert_eq!(
        heaps.changes(&Picture::heaps(&[3, 1])),
        Some(vec![Spot::Heap(1)])
    );
}

#[test]
fn heaps_taken_away_or_split_are_found_among_the_others() {
    let before = Picture::heaps(&[3, 4, 5]);
    assert_eq!(
        before.changes(&Picture::heaps(&[3, 5])),
        Some(vec![Spot::Heap(1)])
    );
    assert_eq!(
        before.changes(&Picture::heaps(&[3, 1, 2, 5])),
        Some(vec![Spot::Heap(1)])
    );
    assert_eq!(
        before.changes(&Picture::heaps(&[4, 5])),
        Some(vec![Spot::Heap(0)])
    );
    assert_eq!(
        Picture::heaps(&[7]).changes(&Picture::heaps::<u8>(&[])),
        Some(vec![Spot::Heap(0)])
    );
}

#[test]
fn a_shortened_row_names_the_cells_taken_from_its_end() {
    // Cherries: the back of row 1, then the front of row 2.
    let before = strips(&[&[B, W, B], &[W, W, B]]);
    assert_eq!(before.changes(&strips(&[&[B, W], &[W, W, B]])), cells(&[2]));
    assert_eq!(before.changes(&strips(&[&[B, W, B], &[W, B]])), cells(&[3]));
    // A row emptied and dropped: all its cells.
    assert_eq!(
        strips(&[&[B, W], &[W]]).changes(&strips(&[&[B, W]])),
        cells(&[2])
    );
    // A domino at the end of a strip.
    assert_eq!(
        strips(&[&[E, E, E, E]]).changes(&strips(&[&[E, E]])),
        cells(&[0, 1])
    );
}

#[test]
fn rows_sorted_after_a_move_are_found_again() {
    // Both players take the front of a stack, and the stacks are sorted.
    let before = strips(&[&[B, B, W], &[W, B], &[B, W, W, B]]);
    let after = strips(&[&[B], &[B, W], &[B, W, W, B]]);
    assert_eq!(before.changes(&after), cells(&[0, 3]));
}

#[test]
fn a_grid_cut_in_two_names_the_line_after_the_cut() {
    let cake = |rows, columns| Grid::filled(rows, columns, E);
    let before = Picture::Grids {
        grids: vec![cake(2, 3), cake(1, 1)],
    };
    let vertical = Picture::Grids {
        grids: vec![cake(2, 1), cake(2, 2), cake(1, 1)],
    };
    assert_eq!(before.changes(&vertical), cells(&[1, 4]));
    let horizontal = Picture::Grids {
        grids: vec![cake(1, 3), cake(1, 3), cake(1, 1)],
    };
    assert_eq!(before.changes(&horizontal), cells(&[3, 4, 5]));
    let last = Picture::Grids {
        grids: vec![cake(2, 3)],
    };
    assert_eq!(before.changes(&last), cells(&[6]));
}

#[test]
fn a_grid_with_a_column_less_names_that_column() {
    let before = Picture::Grid(Grid::from_rows(
        [&b"x.o"[..], b"x.o"],
        &[
            (b'x', stone(Owner::Left)),
            (b'o', stone(Owner::Right)),
            (b'.', E),
        ],
    ));
    let after = Picture::Grid(Grid::from_rows(
        [&b"xo"[..], b"xo"],
        &[
            (b'x', stone(Owner::Left)),
            (b'o', stone(Owner::Right)),
            (b'.', E),
        ],
    ));
    assert_eq!(before.changes(&after), cells(&[1, 4]));
    assert_eq!(Grid::from_rows([&b"#?"[..]], &[]).cells, vec![X, X]);
}

#[test]
fn a_shifted_register_names_its_new_bit() {
    let reg = |bits: &str| Picture::Register { bits: bits.into() };
    assert_eq!(reg("0000").changes(&reg("0000")), Some(vec![Spot::Bit(0)]));
    assert_eq!(reg("1010").changes(&reg("1101")), Some(vec![Spot::Bit(0)]));
    assert_eq!(
        reg("1010").changes(&reg("1001")),
        Some(vec![Spot::Bit(2), Spot::Bit(3)])
    );
}

fn edge(from: usize, to: usize, owner: Owner) -> Edge {
    Edge {
        from,
        to,
        owner: Some(owner),
    }
}

/// Hackenbush strings: ground nodes and stalks at `x = i`.
fn stalks(strings: &[&[Owner]]) -> Picture {
    let mut nodes = Vec::new();
    let mut edges = Vec::new();
    for (i, s) in strings.iter().enumerate() {
        nodes.push(Node::ground_at((i as i32, 0)));
        for (h, &owner) in s.iter().enumerate() {
            nodes.push(Node::labelled("").at((i as i32, h as i32 + 1)));
            edges.push(edge(nodes.len() - 2, nodes.len() - 1, owner));
        }
    }
    Picture::Graph {
        directed: false,
        nodes,
        edges,
    }
}

#[test]
fn a_cut_edge_and_what_falls_with_it_are_changes() {
    use Owner::{Left as L, Right as R};
    let before = stalks(&[&[L, R, L], &[L, L]]);
    // Cut the red edge: the blue edge above falls.
    assert_eq!(
        before.changes(&stalks(&[&[L], &[L, L]])),
        Some(vec![
            Spot::Edge(1),
            Spot::Edge(2),
            Spot::Node(2),
            Spot::Node(3)
        ])
    );
    // Cut the first string at the ground: the other moves left, unchanged.
    assert_eq!(
        before.changes(&stalks(&[&[L, L]])),
        Some(vec![
            Spot::Edge(0),
            Spot::Edge(1),
            Spot::Edge(2),
            Spot::Node(0),
            Spot::Node(1),
            Spot::Node(2),
            Spot::Node(3)
        ])
    );
}

#[test]
fn labelled_graphs_are_compared_by_label() {
    let graph = |labels: &[&str], edges: Vec<Edge>| Picture::Graph {
        directed: false,
        nodes: std::iter::once(Node::ground_at((0, 0)))
            .chain(labels.iter().map(|&l| Node::labelled(l)))
            .collect(),
        edges,
    };
    let before = graph(
        &["1", "2"],
        vec![
            edge(0, 1, Owner::Left),
            edge(1, 2, Owner::Right),
            edge(1, 2, Owner::Neutral),
        ],
    );
    // Vertex 1 gone with every edge; vertex 2 renumbered but the same.
    let after = graph(&["2"], vec![edge(0, 1, Owner::Neutral)]);
    assert_eq!(
        before.changes(&after),
        Some(vec![
            Spot::Edge(0),
            Spot::Edge(1),
            Spot::Edge(2),
            Spot::Node(1)
        ])
    );
    let moved = graph(
        &["1", "2"],
        vec![edge(0, 1, Owner::Left), edge(1, 2, Owner::Neutral)],
    );
    assert_eq!(before.changes(&moved), Some(vec![Spot::Edge(1)]));
}

#[test]
fn a_moved_mark_names_both_nodes() {
    let graph = |marked: usize| Picture::Graph {
        directed: true,
        nodes: (0..3)
            .map(|v| Node {
                marked: v == marked,
                ..Node::labelled(v.to_string())
            })
            .collect(),
        edges: vec![Edge {
            from: 0,
            to: 1,
            owner: None,
        }],
    };
    assert_eq!(
        graph(0).changes(&graph(2)),
        Some(vec![Spot::Node(0), Spot::Node(2)])
    );
}

#[test]
fn spots_are_counted_and_numbered_by_kind() {
    let p = stalks(&[&[Owner::Left]]);
    assert_eq!(p.spot_count(), 3);
    assert_eq!(p.spots(), vec![Spot::Edge(0), Spot::Node(0), Spot::Node(1)]);
    assert_eq!(Spot::Heap(4).to_string(), "heap:4");
    let big = Picture::Strips {
        strips: vec![vec![E; MAX_SPOTS + 1]],
    };
    assert_eq!(big.bounded(|| "long".into()), Picture::text("long"));
    assert_eq!(cell_of(&[(b'.', E)], b'.'), E);
    assert_eq!(
        [
            E,
            X,
            B,
            Cell::Tint {
                owner: Owner::Right
            }
        ]
        .map(|c| c.glyph()),
        ['.', '#', 'B', 'r']
    );
}

#[test]
fn pictures_whose_parts_do_not_fit_have_no_changes() {
    let broken = Picture::Grid(Grid {
        rows: 2,
        columns: 2,
        cells: vec![E],
    });
    assert_eq!(broken.changes(&broken), None);
    let dangling = Picture::Graph {
        directed: false,
        nodes: vec![Node::labelled("a")],
        edges: vec![edge(0, 3, Owner::Left)],
    };
    assert_eq!(dangling.changes(&dangling), None);
}
