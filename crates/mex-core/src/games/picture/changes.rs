//! The spots two pictures differ in ([`Picture::changes`]).
//!
//! Pictures of one shape and size are compared place by place. When a
//! game's tidying changed the size (empty heaps and rows dropped, rows
//! sorted, a heap split in two, edges fallen), the two pictures' parts are
//! aligned ([`align`]): the longest runs of equal parts at both ends, then
//! equal parts in the middle in order, then the remaining parts paired
//! greedily by fewest differences. Each part of the earlier picture is
//! then compared with its partner, or counted as changed whole when it has
//! none.

use super::{Cell, Edge, Grid, Node, Owner, Picture, Spot};
use std::collections::HashMap;

/// Most pairs of middle parts weighed against each other; beyond, the
/// middle parts are paired in order.
const MAX_WEIGHED_PAIRS: usize = 4_096;

/// Whether the picture's parts fit together: every grid holds its
/// `rows × columns` cells, every edge joins nodes of its graph.
fn well_formed(p: &Picture) -> bool {
    let grid = |g: &Grid| g.cells.len() == g.rows * g.columns;
    match p {
        Picture::Grid(g) => grid(g),
        Picture::Grids { grids } => grids.iter().all(grid),
        Picture::Graph { nodes, edges, .. } => edges
            .iter()
            .all(|e| e.from < nodes.len() && e.to < nodes.len()),
        _ => true,
    }
}

/// The changed spots of `a` (not sorted), or `None` for shapes that cannot
/// be compared (or pictures whose parts do not fit together).
pub(super) fn between(a: &Picture, b: &Picture) -> Option<Vec<Spot>> {
    if !well_formed(a) || !well_formed(b) {
        return None;
    }
    Some(match (a, b) {
        (Picture::Grid(x), Picture::Grid(y)) => {
            grid_diff(x, y).into_iter().map(Spot::Cell).collect()
        }
        (Picture::Grids { grids: x }, Picture::Grids { grids: y }) => grids_diff(x, y),
        (Picture::Strips { strips: x }, Picture::Strips { strips: y }) => strips_diff(x, y),
        (Picture::Heaps { heaps: x }, Picture::Heaps { heaps: y }) => heaps_diff(x, y),
        (Picture::Register { bits: x }, Picture::Register { bits: y }) if x.len() == y.len() => {
            register_diff(x.as_bytes(), y.as_bytes())
        }
        (
            Picture::Graph {
                directed,
                nodes: n0,
                edges: e0,
            },
            Picture::Graph {
                nodes: n1,
                edges: e1,
                ..
            },
        ) => graph_diff(*directed, (n0, e0), (n1, e1)),
        _ => return None,
    })
}

/// The places where `a` and `b` (of one length) differ.
fn differing<T: PartialEq>(a: &[T], b: &[T]) -> Vec<usize> {
    (0..a.len().min(b.len()))
        .filter(|&i| a[i] != b[i])
        .collect()
}

/// The longest common prefix and suffix of `a` and `b` under `same`,
/// together at most as long as the shorter: whichever of prefix-first and
/// suffix-first matches more; on a tie the one whose unmatched middle of
/// `a` reaches an end of `a` (where rows are taken from or toppled), and
/// then suffix-first (the change placed at the front, where a stack is
/// taken from).
fn common_ends<T>(a: &[T], b: &[T], same: impl Fn(&T, &T) -> bool) -> (usize, usize) {
    let n = a.len().min(b.len());
    let prefix = |limit: usize| (0..limit).take_while(|&i| same(&a[i], &b[i])).count();
    let suffix = |limit: usize| {
        (0..limit)
            .take_while(|&k| same(&a[a.len() - 1 - k], &b[b.len() - 1 - k]))
            .count()
    };
    let p1 = prefix(n);
    let by_prefix = (p1, suffix(n - p1));
    let s2 = suffix(n);
    let by_suffix = (prefix(n - s2), s2);
    let rank = |(p, s): (usize, usize)| (p + s, p == 0 || s == 0);
    if rank(by_prefix) > rank(by_suffix) {
        by_prefix
    } else {
        by_suffix
    }
}

/// For each part of `a`, its partner in `b` (or none): equal parts at both
/// ends, then equal parts in the middle in order, then the cheapest pairs
/// by `cost` (0 only for equal parts), nearer places first on a tie.
fn align<T: PartialEq>(a: &[T], b: &[T], cost: impl Fn(&T, &T) -> usize) -> Vec<Option<usize>> {
    let mut partner = vec![None; a.len()];
    let (p, s) = common_ends(a, b, |x, y| x == y);
    for (i, slot) in partner.iter_mut().enumerate().take(p) {
        *slot = Some(i);
    }
    for k in 0..s {
        partner[a.len() - 1 - k] = Some(b.len() - 1 - k);
    }
    let mut taken = vec![false; b.len()];
    let middle_b = p..b.len() - s;
    for i in p..a.len() - s {
        if let Some(j) = middle_b.clone().find(|&j| !taken[j] && a[i] == b[j]) {
            partner[i] = Some(j);
            taken[j] = true;
        }
    }
    let rest_a: Vec<usize> = (p..a.len() - s).filter(|&i| partner[i].is_none()).collect();
    let rest_b: Vec<usize> = middle_b.filter(|&j| !taken[j]).collect();
    if rest_a.len().saturating_mul(rest_b.len()) > MAX_WEIGHED_PAIRS {
        for (&i, &j) in rest_a.iter().zip(&rest_b) {
            partner[i] = Some(j);
        }
        return partner;
    }
    let mut pairs: Vec<(usize, usize, usize, usize)> = rest_a
        .iter()
        .flat_map(|&i| rest_b.iter().map(move |&j| (i, j)))
        .map(|(i, j)| (cost(&a[i], &b[j]), i.abs_diff(j), i, j))
        .collect();
    pairs.sort_unstable();
    for (_, _, i, j) in pairs {
        if partner[i].is_none() && !taken[j] {
            partner[i] = Some(j);
            taken[j] = true;
        }
    }
    partner
}

/// The cells of strip `a` that changed in `b`: place by place for equal
/// lengths; otherwise the cells between the longest common ends, or the
/// cell where `b` grew.
fn strip_diff(a: &[Cell], b: &[Cell]) -> Vec<usize> {
    if a.len() == b.len() {
        return differing(a, b);
    }
    let (p, s) = common_ends(a, b, |x, y| x == y);
    let region: Vec<usize> = (p..a.len() - s).collect();
    match (region.is_empty(), a.len()) {
        (true, n) if n > 0 => vec![p.min(n - 1)],
        _ => region,
    }
}

/// Strips: place by place when the lengths agree, else aligned.
fn strips_diff(a: &[Vec<Cell>], b: &[Vec<Cell>]) -> Vec<Spot> {
    if a.iter().map(Vec::len).eq(b.iter().map(Vec::len)) {
        return differing(&a.concat(), &b.concat())
            .into_iter()
            .map(Spot::Cell)
            .collect();
    }
    let partner = align(a, b, |x, y| strip_diff(x, y).len());
    parts_spots(a.iter().map(Vec::len), &partner, |i, j| {
        strip_diff(&a[i], &b[j])
    })
    .into_iter()
    .map(Spot::Cell)
    .collect()
}

/// Numbers the changes of aligned parts (of `sizes` spots each) over the
/// parts one after another: a part without partner changed whole, a part
/// with one by `diff` (indices within the part).
fn parts_spots(
    sizes: impl Iterator<Item = usize>,
    partner: &[Option<usize>],
    diff: impl Fn(usize, usize) -> Vec<usize>,
) -> Vec<usize> {
    let mut out = Vec::new();
    let mut offset = 0;
    for (i, size) in sizes.enumerate() {
        match partner[i] {
            Some(j) => out.extend(diff(i, j).into_iter().map(|k| offset + k)),
            None => out.extend(offset..offset + size),
        }
        offset += size;
    }
    out
}

/// Heaps: place by place when as many, else aligned.
fn heaps_diff(a: &[String], b: &[String]) -> Vec<Spot> {
    if a.len() == b.len() {
        return differing(a, b).into_iter().map(Spot::Heap).collect();
    }
    let partner = align(a, b, |x, y| usize::from(x != y));
    parts_spots(a.iter().map(|_| 1), &partner, |i, j| {
        if a[i] == b[j] {
            vec![]
        } else {
            vec![0]
        }
    })
    .into_iter()
    .map(Spot::Heap)
    .collect()
}

/// A register: its new bit when `b` is `a` shifted one place on, else the
/// bits that differ.
fn register_diff(a: &[u8], b: &[u8]) -> Vec<Spot> {
    let n = a.len();
    if n > 0 && b[1..] == a[..n - 1] {
        return vec![Spot::Bit(0)];
    }
    differing(a, b).into_iter().map(Spot::Bit).collect()
}

/// The cells of grid `a` that changed in `b`: place by place for the same
/// size; the changed columns (rows) aligned as strips when only the
/// columns (rows) differ in number; else every cell.
fn grid_diff(a: &Grid, b: &Grid) -> Vec<usize> {
    if (a.rows, a.columns) == (b.rows, b.columns) {
        return differing(&a.cells, &b.cells);
    }
    let everything = (0..a.cells.len()).collect();
    let lines = |g: &Grid, by_column: bool| -> Vec<Vec<Cell>> {
        if by_column {
            (0..g.columns)
                .map(|c| (0..g.rows).map(|r| g.cell(r, c)).collect())
                .collect()
        } else {
            g.cells
                .chunks(g.columns.max(1))
                .map(<[Cell]>::to_vec)
                .collect()
        }
    };
    let by_column = a.rows == b.rows;
    if !by_column && a.columns != b.columns {
        return everything;
    }
    let (la, lb) = (lines(a, by_column), lines(b, by_column));
    let (p, s) = common_ends(&la, &lb, |x, y| x == y);
    let changed: Vec<usize> = match p..la.len() - s {
        range if range.is_empty() && !la.is_empty() => vec![p.min(la.len() - 1)],
        range => range.collect(),
    };
    let mut cells: Vec<usize> = changed
        .into_iter()
        .flat_map(|k| {
            let (rows, columns) = (a.rows, a.columns);
            (0..if by_column { rows } else { columns }).map(move |m| {
                if by_column {
                    m * columns + k
                } else {
                    k * columns + m
                }
            })
        })
        .collect();
    cells.sort_unstable();
    cells
}

/// `left` and `right` side by side (same rows) or `left` above `right`
/// (same columns), when that is `whole`: the line just after the cut, as
/// cells of `whole`.
fn cut_line(whole: &Grid, left: &Grid, right: &Grid) -> Option<Vec<usize>> {
    let side_by_side = left.rows == whole.rows
        && right.rows == whole.rows
        && left.columns + right.columns == whole.columns
        && (0..whole.rows).all(|r| {
            (0..whole.columns).all(|c| {
                let piece = if c < left.columns {
                    left.cell(r, c)
                } else {
                    right.cell(r, c - left.columns)
                };
                piece == whole.cell(r, c)
            })
        });
    if side_by_side {
        return Some(
            (0..whole.rows)
                .map(|r| r * whole.columns + left.columns)
                .collect(),
        );
    }
    let stacked = left.columns == whole.columns
        && right.columns == whole.columns
        && left.rows + right.rows == whole.rows
        && left.cells.iter().chain(&right.cells).eq(whole.cells.iter());
    stacked.then(|| {
        (0..whole.columns)
            .map(|c| left.rows * whole.columns + c)
            .collect()
    })
}

/// Grids side by side: one grid cut in two names the cut; otherwise the
/// grids aligned and compared by [`grid_diff`].
fn grids_diff(a: &[Grid], b: &[Grid]) -> Vec<Spot> {
    let sizes = || a.iter().map(|g| g.cells.len());
    if b.len() == a.len() + 1 {
        let (p, _) = common_ends(a, b, |x, y| x == y);
        let rest_equal = p < a.len() && a[p + 1..] == b[p + 2..];
        if let Some(cut) = rest_equal
            .then(|| cut_line(&a[p], &b[p], &b[p + 1]))
            .flatten()
        {
            let offset: usize = sizes().take(p).sum();
            return cut.into_iter().map(|k| Spot::Cell(offset + k)).collect();
        }
    }
    let partner = if a.len() == b.len() {
        (0..a.len()).map(Some).collect()
    } else {
        align(a, b, |x, y| grid_diff(x, y).len())
    };
    parts_spots(sizes(), &partner, |i, j| grid_diff(&a[i], &b[j]))
        .into_iter()
        .map(Spot::Cell)
        .collect()
}

/// What names a node from one picture to the next.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Key {
    /// Every ground node is the ground.
    Ground,
    /// Its label.
    Label(String),
    /// Where it is drawn (relative to its part).
    At(i32, i32),
    /// Its place (within its part).
    Index(usize),
}

/// What names an edge: its ends' keys (in order, unless directed) and its
/// colour.
type EdgeKey = (Key, Key, Option<Owner>);

/// What a node shows, besides its name.
type Look = (Cell, bool);

fn look(n: &Node) -> Look {
    (n.cell, n.marked)
}

/// A graph, or one connected part of one, with its nodes named by keys;
/// `spots` maps its nodes and edges back to the whole picture's.
#[derive(Debug, Clone)]
struct Part {
    keys: Vec<Key>,
    looks: Vec<Look>,
    edges: Vec<EdgeKey>,
    node_spots: Vec<usize>,
    edge_spots: Vec<usize>,
}

impl PartialEq for Part {
    /// The same nodes showing the same, and the same edges.
    fn eq(&self, o: &Part) -> bool {
        self.sorted() == o.sorted()
    }
}

impl Part {
    /// The nodes and the edges, each sorted (what equality compares).
    fn sorted(&self) -> (Vec<(&Key, &Look)>, Vec<&EdgeKey>) {
        let mut nodes: Vec<(&Key, &Look)> = self.keys.iter().zip(&self.looks).collect();
        nodes.sort();
        let mut edges: Vec<&EdgeKey> = self.edges.iter().collect();
        edges.sort();
        (nodes, edges)
    }

    /// The nodes `members` and edges `edges` of a picture, keyed by
    /// `key(node index)`; undirected edges with their ends in order.
    fn new(
        nodes: &[Node],
        all_edges: &[Edge],
        members: &[usize],
        edges: &[usize],
        directed: bool,
        key: impl Fn(usize) -> Key,
    ) -> Part {
        let edge_key = |e: &Edge| {
            let (x, y) = (key(e.from), key(e.to));
            if directed || x <= y {
                (x, y, e.owner)
            } else {
                (y, x, e.owner)
            }
        };
        Part {
            keys: members.iter().map(|&v| key(v)).collect(),
            looks: members.iter().map(|&v| look(&nodes[v])).collect(),
            edges: edges.iter().map(|&k| edge_key(&all_edges[k])).collect(),
            node_spots: members.to_vec(),
            edge_spots: edges.to_vec(),
        }
    }

    /// The spots of this part that changed in `o`: nodes whose key is gone
    /// or that show otherwise (ground nodes excepted), and edges with no
    /// partner of the same key (counted with multiplicity).
    fn diff(&self, o: &Part) -> Vec<Spot> {
        let theirs: HashMap<&Key, &Look> = o.keys.iter().zip(&o.looks).collect();
        let mut out: Vec<Spot> = self
            .keys
            .iter()
            .zip(&self.looks)
            .zip(&self.node_spots)
            .filter(|&((k, l), _)| *k != Key::Ground && theirs.get(k).copied() != Some(l))
            .map(|(_, &v)| Spot::Node(v))
            .collect();
        let mut left: HashMap<&EdgeKey, usize> = HashMap::new();
        for e in &o.edges {
            *left.entry(e).or_default() += 1;
        }
        for (e, &spot) in self.edges.iter().zip(&self.edge_spots) {
            match left.get_mut(e) {
                Some(n) if *n > 0 => *n -= 1,
                _ => out.push(Spot::Edge(spot)),
            }
        }
        out
    }

    /// Every spot of the part.
    fn all(&self) -> Vec<Spot> {
        let nodes = self.node_spots.iter().map(|&v| Spot::Node(v));
        nodes
            .chain(self.edge_spots.iter().map(|&e| Spot::Edge(e)))
            .collect()
    }
}

type GraphRef<'a> = (&'a [Node], &'a [Edge]);

/// Graphs: by place when the nodes are the same; by label when every node
/// off the ground has a label of its own; else by connected parts, keyed
/// within a part by where the nodes are drawn (or their order).
fn graph_diff(directed: bool, a: GraphRef, b: GraphRef) -> Vec<Spot> {
    let same_nodes = a.0.len() == b.0.len()
        && a.0
            .iter()
            .zip(b.0)
            .all(|(x, y)| (&x.label, x.at, x.ground) == (&y.label, y.at, y.ground));
    let whole = |g: GraphRef, key: &dyn Fn(usize) -> Key| {
        let members: Vec<usize> = (0..g.0.len()).collect();
        let edges: Vec<usize> = (0..g.1.len()).collect();
        Part::new(g.0, g.1, &members, &edges, directed, key)
    };
    if same_nodes {
        return whole(a, &|v| Key::Index(v)).diff(&whole(b, &|v| Key::Index(v)));
    }
    if labelled(a.0) && labelled(b.0) {
        let by_label = |g: GraphRef<'_>| {
            let nodes = g.0;
            whole(g, &move |v| label_key(&nodes[v]))
        };
        return by_label(a).diff(&by_label(b));
    }
    let (pa, pb) = (parts(directed, a), parts(directed, b));
    let partner = align(&pa, &pb, |x, y| x.diff(y).len());
    pa.iter()
        .zip(&partner)
        .flat_map(|(part, j)| match j {
            Some(j) => part.diff(&pb[*j]),
            None => part.all(),
        })
        .collect()
}

fn label_key(n: &Node) -> Key {
    if n.ground {
        Key::Ground
    } else {
        Key::Label(n.label.clone())
    }
}

/// Whether every node off the ground has a label, none twice.
fn labelled(nodes: &[Node]) -> bool {
    let mut seen = std::collections::HashSet::new();
    nodes
        .iter()
        .filter(|n| !n.ground)
        .all(|n| !n.label.is_empty() && seen.insert(n.label.as_str()))
}

/// The connected parts of a graph in the order of their first nodes, each
/// keyed: ground, label, place drawn relative to the part's lowest and
/// leftmost place, or order within the part.
fn parts(directed: bool, (nodes, edges): GraphRef) -> Vec<Part> {
    let mut root: Vec<usize> = (0..nodes.len()).collect();
    fn find(root: &mut [usize], mut x: usize) -> usize {
        while root[x] != x {
            root[x] = root[root[x]];
            x = root[x];
        }
        x
    }
    for e in edges {
        let (x, y) = (find(&mut root, e.from), find(&mut root, e.to));
        root[x] = y;
    }
    let mut order: Vec<usize> = Vec::new();
    let mut members: HashMap<usize, Vec<usize>> = HashMap::new();
    for v in 0..nodes.len() {
        let r = find(&mut root, v);
        if !members.contains_key(&r) {
            order.push(r);
        }
        members.entry(r).or_default().push(v);
    }
    let mut part_edges: HashMap<usize, Vec<usize>> = HashMap::new();
    for (k, e) in edges.iter().enumerate() {
        part_edges
            .entry(find(&mut root, e.from))
            .or_default()
            .push(k);
    }
    order
        .into_iter()
        .map(|r| {
            let vs = &members[&r];
            let es = part_edges.get(&r).map_or(&[][..], Vec::as_slice);
            let corner = vs
                .iter()
                .filter_map(|&v| nodes[v].at)
                .fold((i32::MAX, i32::MAX), |(x, y), (u, w)| (x.min(u), y.min(w)));
            let key = |v: usize| {
                let n = &nodes[v];
                match (n.ground, n.label.is_empty(), n.at) {
                    (true, _, _) => Key::Ground,
                    (_, false, _) => Key::Label(n.label.clone()),
                    (_, true, Some((x, y))) => Key::At(x - corner.0, y - corner.1),
                    _ => Key::Index(vs.iter().position(|&u| u == v).unwrap_or(0)),
                }
            };
            Part::new(nodes, edges, vs, es, directed, key)
        })
        .collect()
}
