//! Blue-Red-Green Hackenbush on graphs (Winning Ways, Berlekamp–Conway–Guy
//! 1982, ch. 2 and 7; Albert–Nowakowski–Wolfe, Lessons in Play, 2007):
//! edges coloured blue (`B`, Left's), red (`R`, Right's) or green (`G`,
//! either's) join vertices, vertex `0` being the ground. A player cuts one
//! edge they may cut; every edge no longer connected to the ground falls.
//! Who cannot cut loses.
//!
//! Parts of the picture that meet only at the ground are independent (a
//! sum). Closed forms:
//! * a part of one colour, blue or red, is worth `±` its number of edges
//!   (only one player moves, and some edge can always be cut alone);
//! * a green part is a nimber, found by the fusion principle (Winning
//!   Ways ch. 7): the vertices of any cycle may be fused into one, its
//!   edges becoming loops, without changing the value, which leaves a
//!   tree with loops at its vertices; a loop is a twig `*1`, and by the
//!   colon principle a vertex is worth the nim-sum of its loops and of
//!   `1 +` the value of each branch above it.
//!
//! The tests check both against the game tree built from the rules.
//!
//! A part of `e` edges of several colours reaches at most `2^e` sets of
//! edges; none is refused in advance: the search is bounded as it runs by
//! the store's memory budget (each set charged with its edges) and the
//! stop token.

use super::picture;
use super::{positions, Family, Game, GameInfo, Move, PartizanGame, PartizanRuleset, Ruleset};
use crate::error::quote;
use crate::partizan::store::{GameId, GameStore};
use crate::MexError;
use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

/// Most edges in a position.
pub const MAX_EDGES: usize = 10_000;
/// Most edges in green parts: their values are nimbers below `2^12`.
pub const MAX_GREEN_EDGES: usize = 2_047;
/// Most edges in a position whose moves are listed.
pub const MAX_LISTED_EDGES: usize = 1_000;

/// Blue-Red-Green Hackenbush on graphs.
#[derive(Debug, Clone, Copy, Default)]
pub struct HackenbushGraph;

/// The colour of an edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// Left's.
    Blue,
    /// Right's.
    Red,
    /// Either's.
    Green,
}

impl Colour {
    fn letter(self) -> char {
        match self {
            Colour::Blue => 'B',
            Colour::Red => 'R',
            Colour::Green => 'G',
        }
    }
    fn cuttable_by(self, left: bool) -> bool {
        self == Colour::Green || (self == Colour::Blue) == left
    }
}

/// An edge between two vertices (0 is the ground), with its colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Edge {
    /// One end.
    pub u: u32,
    /// The other end (may equal `u`: a loop).
    pub v: u32,
    /// Who may cut it.
    pub colour: Colour,
}

/// The edges of a picture, in order; `-` when none.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Picture(pub Vec<Edge>);

const ACCEPTED: &str = "edges u-v:C separated by spaces or commas, u and v vertices (0 or g is \
                        the ground, others numbers), C one of B (blue), R (red), G (green), \
                        such as '0-1:B 1-2:R 1-2:G' ('-' for none)";

fn vertex(text: &str, edge: &str) -> Result<u32, MexError> {
    if text == "g" {
        return Ok(0);
    }
    match text.parse::<u32>() {
        Ok(n) if !text.starts_with('+') => Ok(n),
        _ => Err(MexError::invalid(
            format!("{} in {} is not a vertex", quote(text), quote(edge)),
            ACCEPTED,
        )),
    }
}

impl FromStr for Edge {
    type Err = MexError;
    fn from_str(s: &str) -> Result<Self, MexError> {
        let bad = || MexError::invalid(format!("{} is not an edge", quote(s)), ACCEPTED);
        let (ends, colour) = s.split_once(':').ok_or_else(bad)?;
        let (u, v) = ends.split_once('-').ok_or_else(bad)?;
        let colour = match colour {
            "B" => Colour::Blue,
            "R" => Colour::Red,
            "G" => Colour::Green,
            _ => return Err(bad()),
        };
        Ok(Edge {
            u: vertex(u, s)?,
            v: vertex(v, s)?,
            colour,
        })
    }
}

impl fmt::Display for Edge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}:{}", self.u, self.v, self.colour.letter())
    }
}

impl FromStr for Picture {
    type Err = MexError;
    fn from_str(s: &str) -> Result<Self, MexError> {
        super::parse_list(s, "edge", MAX_EDGES, ACCEPTED).map(Picture)
    }
}

impl fmt::Display for Picture {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("-");
        }
        let words: Vec<String> = self.0.iter().map(ToString::to_string).collect();
        f.write_str(&words.join(" "))
    }
}

/// Vertices renamed `0..n` (the ground stays 0), and edges as index pairs.
fn indexed(edges: &[Edge]) -> (usize, Vec<(usize, usize)>) {
    let mut names: HashMap<u32, usize> = HashMap::from([(0, 0)]);
    let mut index = |x: u32| {
        let next = names.len();
        *names.entry(x).or_insert(next)
    };
    let pairs = edges.iter().map(|e| (index(e.u), index(e.v))).collect();
    (names.len(), pairs)
}

/// Which edges are still connected to the ground.
fn grounded(edges: &[Edge]) -> Vec<bool> {
    let (n, pairs) = indexed(edges);
    let mut incident: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, &(a, b)) in pairs.iter().enumerate() {
        incident[a].push(i);
        incident[b].push(i);
    }
    let mut reached = vec![false; n];
    reached[0] = true;
    let mut stack = vec![0];
    while let Some(x) = stack.pop() {
        for &i in &incident[x] {
            let (a, b) = pairs[i];
            for y in [a, b] {
                if !reached[y] {
                    reached[y] = true;
                    stack.push(y);
                }
            }
        }
    }
    pairs.iter().map(|&(a, _)| reached[a]).collect()
}

/// The edges still connected to the ground, in order.
fn standing(edges: &[Edge]) -> Vec<Edge> {
    edges
        .iter()
        .zip(grounded(edges))
        .filter_map(|(&e, up)| up.then_some(e))
        .collect()
}

/// The parts meeting only at the ground: the edges of each connected
/// component of the picture without the ground (a loop at the ground is a
/// part of its own), standing edges only.
fn parts(edges: &[Edge]) -> Vec<Vec<Edge>> {
    let edges = standing(edges);
    let (n, pairs) = indexed(&edges);
    let mut root: Vec<usize> = (0..n).collect();
    fn find(root: &mut [usize], x: usize) -> usize {
        let mut r = x;
        while root[r] != r {
            r = root[r];
        }
        let mut y = x;
        while root[y] != r {
            let next = root[y];
            root[y] = r;
            y = next;
        }
        r
    }
    for &(a, b) in &pairs {
        if a != 0 && b != 0 {
            let (ra, rb) = (find(&mut root, a), find(&mut root, b));
            root[ra] = rb;
        }
    }
    let mut groups: Vec<(usize, Vec<Edge>)> = Vec::new();
    for (k, &(a, b)) in pairs.iter().enumerate() {
        let key = if a != 0 {
            find(&mut root, a)
        } else if b != 0 {
            find(&mut root, b)
        } else {
            n + k
        };
        match groups.iter_mut().find(|(g, _)| *g == key) {
            Some((_, list)) => list.push(edges[k]),
            None => groups.push((key, vec![edges[k]])),
        }
    }
    groups.into_iter().map(|(_, list)| list).collect()
}

/// The colour of a part all of one colour.
fn single_colour(edges: &[Edge]) -> Option<Colour> {
    let first = edges.first()?.colour;
    edges.iter().all(|e| e.colour == first).then_some(first)
}

/// The nim-value of a connected green picture standing on the ground, by
/// the fusion and colon principles.
pub fn green_value(edges: &[Edge]) -> u64 {
    let (n, pairs) = indexed(edges);
    let bridge = bridges(n, &pairs);
    let mut root: Vec<usize> = (0..n).collect();
    fn find(root: &mut [usize], x: usize) -> usize {
        if root[x] != x {
            let r = find_iter(root, x);
            root[x] = r;
        }
        root[x]
    }
    fn find_iter(root: &[usize], mut x: usize) -> usize {
        while root[x] != x {
            x = root[x];
        }
        x
    }
    for (i, &(a, b)) in pairs.iter().enumerate() {
        if !bridge[i] {
            let (ra, rb) = (find(&mut root, a), find(&mut root, b));
            root[ra] = rb;
        }
    }
    let mut loops = vec![0u64; n];
    let mut tree: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, &(a, b)) in pairs.iter().enumerate() {
        let (ra, rb) = (find(&mut root, a), find(&mut root, b));
        if bridge[i] {
            tree[ra].push(rb);
            tree[rb].push(ra);
        } else {
            loops[ra] ^= 1;
        }
    }
    let ground = find(&mut root, 0);
    colon_value(ground, &tree, &loops)
}

/// The colon principle on a tree with loop parities, from `top` down
/// (iterative, so deep trees cannot overflow the stack).
fn colon_value(top: usize, tree: &[Vec<usize>], loops: &[u64]) -> u64 {
    let n = tree.len();
    let mut parent = vec![usize::MAX; n];
    let mut order = vec![top];
    parent[top] = top;
    let mut i = 0;
    while i < order.len() {
        let x = order[i];
        for &y in &tree[x] {
            if parent[y] == usize::MAX {
                parent[y] = x;
                order.push(y);
            }
        }
        i += 1;
    }
    let mut value = loops.to_vec();
    for &x in order.iter().rev() {
        if x != top {
            let up = value[x] + 1;
            value[parent[x]] ^= up;
        }
    }
    value[top]
}

/// Which edges are bridges (their removal disconnects their ends), by
/// depth-first search with low points, iteratively; parallel edges and
/// loops are never bridges.
fn bridges(n: usize, pairs: &[(usize, usize)]) -> Vec<bool> {
    let mut incident: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
    for (i, &(a, b)) in pairs.iter().enumerate() {
        if a != b {
            incident[a].push((b, i));
            incident[b].push((a, i));
        }
    }
    let mut bridge = vec![false; pairs.len()];
    let mut depth = vec![usize::MAX; n];
    let mut low = vec![0; n];
    for start in 0..n {
        if depth[start] != usize::MAX {
            continue;
        }
        depth[start] = 0;
        low[start] = 0;
        // (vertex, edge used to reach it, next incident index)
        let mut stack = vec![(start, usize::MAX, 0usize)];
        while let Some(&mut (x, via, ref mut next)) = stack.last_mut() {
            if let Some(&(y, i)) = incident[x].get(*next) {
                *next += 1;
                if i == via {
                    continue;
                }
                if depth[y] == usize::MAX {
                    depth[y] = depth[x] + 1;
                    low[y] = depth[y];
                    stack.push((y, i, 0));
                } else {
                    low[x] = low[x].min(depth[y]);
                }
            } else {
                stack.pop();
                if let Some(&(p, _, _)) = stack.last() {
                    low[p] = low[p].min(low[x]);
                    if low[x] > depth[p] {
                        bridge[via] = true;
                    }
                }
            }
        }
    }
    bridge
}

/// The cuts of one player: only edges still standing can be cut (edges
/// of the typed picture that touch no path to the ground have fallen).
fn cuts(p: &Picture, left: bool) -> Vec<Move<Picture>> {
    let up = standing(&p.0);
    (0..up.len())
        .filter(|&i| up[i].colour.cuttable_by(left))
        .map(|i| {
            let mut rest = up.clone();
            let e = rest.remove(i);
            let next = standing(&rest);
            let fell = rest.len() - next.len();
            let label = match fell {
                0 => format!("cut {e}"),
                1 => format!("cut {e} (1 more edge falls)"),
                k => format!("cut {e} ({k} more edges fall)"),
            };
            Move::new(label, Picture(next))
        })
        .collect()
}

impl Ruleset for HackenbushGraph {
    type Position = Picture;
}

impl Game for HackenbushGraph {
    const INFO: GameInfo = GameInfo {
        name: "hackenbush-graph",
        family: Family::Partizan,
        description: "Blue-Red-Green Hackenbush on graphs: cut an edge, all that is cut off falls",
        syntax: "edges u-v:C separated by spaces or commas (0 or g the ground, C = B, R or G), \
                 e.g. '0-1:B 1-2:R 1-2:G' ('-' for none)",
        example: "0-1:B 1-2:R 0-2:G 2-2:B",
        rules: "Edges join vertices, vertex 0 being the ground; blue edges (B) are Left's, red \
                (R) Right's, green (G) either's. A player cuts one edge they may cut, and every \
                edge no longer connected to the ground falls. Who cannot cut loses. Loops and \
                several edges between two vertices are allowed.",
    };
    fn check(&self, p: &Picture) -> Result<(), MexError> {
        let all = parts(&p.0);
        let green: usize = all
            .iter()
            .filter(|q| single_colour(q) == Some(Colour::Green))
            .map(Vec::len)
            .sum();
        if green > MAX_GREEN_EDGES {
            return Err(MexError::too_large(
                format!("{green} edges in parts all green"),
                format!("{MAX_GREEN_EDGES} such edges"),
                "use a smaller picture",
            ));
        }
        Ok(())
    }
    fn check_moves(&self, p: &Picture) -> Result<(), MexError> {
        if p.0.len() > MAX_LISTED_EDGES {
            return Err(MexError::too_large(
                format!("listing the moves of a picture of {} edges", p.0.len()),
                format!("{MAX_LISTED_EDGES} edges"),
                "ask for the value only",
            ));
        }
        Ok(())
    }
    /// The ground's edges first, then every other vertex with its edges
    /// to vertices after it; floating edges marked.
    fn drawing(&self, p: &Picture) -> Option<String> {
        if p.0.is_empty() {
            return Some("ground (no edges)".into());
        }
        let up = grounded(&p.0);
        let mut names: Vec<u32> = p.0.iter().flat_map(|e| [e.u, e.v]).collect();
        names.push(0);
        names.sort_unstable();
        names.dedup();
        let mut lines = Vec::new();
        for &x in &names {
            let here: Vec<String> =
                p.0.iter()
                    .zip(&up)
                    .filter(|(e, _)| e.u.min(e.v) == x)
                    .map(|(e, &standing)| {
                        let other = e.u.max(e.v);
                        let mark = if standing { "" } else { " (falls)" };
                        format!("{}-{other}{mark}", e.colour.letter())
                    })
                    .collect();
            let name = if x == 0 {
                "ground".to_string()
            } else {
                x.to_string()
            };
            if !here.is_empty() {
                lines.push(format!("{name:>6} : {}", here.join("  ")));
            }
        }
        Some(lines.join("\n"))
    }
    /// The standing edges, coloured, over the ground: every vertex
    /// labelled with its name and drawn at the height of its distance from
    /// the ground, a layer's vertices in order of their names; the ground
    /// drawn as one node under each vertex joined to it (and one for the
    /// loops at the ground).
    fn picture(&self, p: &Picture) -> picture::Picture {
        let up = standing(&p.0);
        let layout = layered(&up);
        let mut nodes: Vec<picture::Node> = layout
            .iter()
            .map(|(&name, &at)| picture::Node::labelled(name.to_string()).at(at))
            .collect();
        let index: HashMap<u32, usize> = layout.keys().enumerate().map(|(i, &v)| (v, i)).collect();
        let mut ground: HashMap<Option<u32>, usize> = HashMap::new();
        let right = layout.values().map(|&(x, _)| x).max().unwrap_or(-2) + 2;
        let mut end = |v: u32, other: u32| match index.get(&v) {
            Some(&i) => i,
            None => {
                let above = index.get(&other).map(|_| other);
                *ground.entry(above).or_insert_with(|| {
                    let x = above.map_or(right, |o| layout[&o].0);
                    nodes.push(picture::Node::ground_at((x, 0)));
                    nodes.len() - 1
                })
            }
        };
        let edges = up
            .iter()
            .map(|e| picture::Edge {
                from: end(e.u, e.v),
                to: end(e.v, e.u),
                owner: Some(match e.colour {
                    Colour::Blue => picture::Owner::Left,
                    Colour::Red => picture::Owner::Right,
                    Colour::Green => picture::Owner::Neutral,
                }),
            })
            .collect();
        picture::Picture::Graph {
            directed: false,
            nodes,
            edges,
        }
        .bounded(|| p.to_string())
    }
}

/// Where to draw each vertex off the ground of standing edges: at the
/// height of its distance from the ground, spread two steps apart and
/// centred in its layer, a layer in order of the names.
fn layered(up: &[Edge]) -> std::collections::BTreeMap<u32, (i32, i32)> {
    let mut next: HashMap<u32, Vec<u32>> = HashMap::new();
    for e in up {
        next.entry(e.u).or_default().push(e.v);
        next.entry(e.v).or_default().push(e.u);
    }
    let mut depth: HashMap<u32, i32> = HashMap::from([(0, 0)]);
    let mut queue = std::collections::VecDeque::from([0u32]);
    while let Some(x) = queue.pop_front() {
        for &y in next.get(&x).map_or(&[][..], Vec::as_slice) {
            if !depth.contains_key(&y) {
                depth.insert(y, depth[&x] + 1);
                queue.push_back(y);
            }
        }
    }
    let mut layers: std::collections::BTreeMap<i32, Vec<u32>> = Default::default();
    for (&v, &d) in depth.iter().filter(|(&v, _)| v != 0) {
        layers.entry(d).or_default().push(v);
    }
    let mut at = std::collections::BTreeMap::new();
    for (d, mut layer) in layers {
        layer.sort_unstable();
        let width = layer.len() as i32;
        for (i, v) in layer.into_iter().enumerate() {
            at.insert(v, (2 * i as i32 - (width - 1), d));
        }
    }
    at
}

impl PartizanGame for HackenbushGraph {
    fn left_moves(&self, p: &Picture) -> Vec<Move<Picture>> {
        cuts(p, true)
    }
    fn right_moves(&self, p: &Picture) -> Vec<Move<Picture>> {
        cuts(p, false)
    }
}

impl PartizanRuleset for HackenbushGraph {
    fn left_options(&self, p: &Picture, out: &mut Vec<Picture>) {
        out.extend(positions(self.left_moves(p)));
    }
    fn right_options(&self, p: &Picture, out: &mut Vec<Picture>) {
        out.extend(positions(self.right_moves(p)));
    }
    /// The parts meeting only at the ground.
    fn decompose(&self, p: &Picture) -> Option<Vec<Picture>> {
        let all = parts(&p.0);
        (all.len() > 1).then(|| all.into_iter().map(Picture).collect())
    }
    /// Standing edges only, vertices renamed in order of appearance, each
    /// edge's ends in order, edges sorted.
    fn canonical(&self, p: &Picture) -> Picture {
        let edges = standing(&p.0);
        let (_, pairs) = indexed(&edges);
        let mut out: Vec<Edge> = edges
            .iter()
            .zip(pairs)
            .map(|(e, (a, b))| Edge {
                u: a.min(b) as u32,
                v: a.max(b) as u32,
                colour: e.colour,
            })
            .collect();
        out.sort_unstable();
        Picture(out)
    }
    /// The edges' buffer and the allocator's overhead.
    fn heap_bytes(&self, p: &Picture) -> usize {
        p.0.len() * std::mem::size_of::<Edge>() + 16
    }
    /// A single part of one colour: `±` its edges, or its green nimber.
    fn known_value(&self, store: &mut GameStore, p: &Picture) -> Result<Option<GameId>, MexError> {
        if p.0.is_empty() {
            return Ok(Some(store.zero()));
        }
        let all = parts(&p.0);
        let [part] = &all[..] else {
            return Ok(None);
        };
        let n = part.len() as i64;
        match single_colour(part) {
            Some(Colour::Blue) => store.try_integer(n).map(Some),
            Some(Colour::Red) => store.try_integer(-n).map(Some),
            Some(Colour::Green) => store.try_nimber(green_value(part) as u32).map(Some),
            None => Ok(None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::test_support::{assert_round_trip_in_play, game_tree, move_lines};
    use crate::games::{find, CatalogGame, Context};
    use crate::partizan::notation;
    use std::collections::HashSet;

    /// The game tree straight from the rules: the position is the set of
    /// remaining edges (a bit mask over `edges`); a cut removes one edge
    /// and then every edge with no path to the ground. No parts, no
    /// closed forms, a store without fast paths.
    struct Twin {
        edges: Vec<Edge>,
    }

    impl Twin {
        /// The edges of `mask` that touch the ground through edges of `mask`.
        fn fall(&self, mask: u32) -> u32 {
            let mut reached: HashSet<u32> = HashSet::from([0]);
            let mut kept = 0u32;
            loop {
                let before = kept;
                for (i, e) in self.edges.iter().enumerate() {
                    let on = mask >> i & 1 == 1;
                    if on && (reached.contains(&e.u) || reached.contains(&e.v)) {
                        kept |= 1 << i;
                        reached.insert(e.u);
                        reached.insert(e.v);
                    }
                }
                if kept == before {
                    return kept;
                }
            }
        }

        /// The sets of edges left after each cut of the player.
        fn options(&self, mask: u32, left: bool) -> Vec<u32> {
            (0..self.edges.len())
                .filter(|&i| mask >> i & 1 == 1 && self.edges[i].colour.cuttable_by(left))
                .map(|i| self.fall(mask & !(1 << i)))
                .collect()
        }

        fn whole(store: &mut GameStore, edges: &[Edge]) -> GameId {
            let t = Twin {
                edges: edges.to_vec(),
            };
            let all = t.fall((1u32 << edges.len()) - 1);
            game_tree(store, &all, &mut HashMap::new(), &|&mask, left| {
                t.options(mask, left)
            })
        }
    }

    /// Every multiset of up to `k` edges of the given kinds.
    fn multisets(kinds: &[Edge], k: usize) -> Vec<Vec<Edge>> {
        let mut out = vec![vec![]];
        let mut level: Vec<(usize, Vec<Edge>)> = vec![(0, vec![])];
        for _ in 0..k {
            let mut next = Vec::new();
            for (from, set) in &level {
                for (j, &e) in kinds.iter().enumerate().skip(*from) {
                    let mut s = set.clone();
                    s.push(e);
                    next.push((j, s));
                }
            }
            out.extend(next.iter().map(|(_, s)| s.clone()));
            level = next;
        }
        out
    }

    fn kinds(vertices: u32, colours: &[Colour]) -> Vec<Edge> {
        let mut out = Vec::new();
        for u in 0..vertices {
            for v in u..vertices {
                for &colour in colours {
                    out.push(Edge { u, v, colour });
                }
            }
        }
        out
    }

    fn check_against_twin(sets: &[Vec<Edge>]) {
        let mut slow = GameStore::without_fast_paths();
        let game = find("hackenbush-graph").unwrap();
        let mut ctx = Context::new();
        for edges in sets {
            let p = Picture(edges.clone());
            let g = Twin::whole(&mut slow, edges);
            let text = p.to_string();
            let mine = game.evaluate(&text, &mut ctx).unwrap().value_text();
            let theirs = notation::show(&slow, g);
            let expected = notation::parse(&mut ctx.store, &theirs).unwrap();
            assert_eq!(
                game.canonical(&text, &mut ctx).unwrap(),
                expected,
                "{text}: {mine} against {theirs}"
            );
            assert_moves_give_the_value(game, &text, &mut ctx);
        }
    }

    /// The listed moves are the position's options: `{left moves' values |
    /// right moves' values}` is its value (floating edges cannot be cut).
    fn assert_moves_give_the_value(game: &dyn CatalogGame, text: &str, ctx: &mut Context) {
        let value = game.canonical(text, ctx).unwrap();
        let moves = game.moves(text, ctx).unwrap();
        let mut side = |player: &str| -> Vec<GameId> {
            moves
                .iter()
                .filter(|m| m.player.map(|p| p.name()) == Some(player))
                .map(|m| game.canonical(&m.result.position, ctx).unwrap())
                .collect()
        };
        let (left, right) = (side("Left"), side("Right"));
        assert_eq!(ctx.store.make(left, right), value, "{text}");
    }

    /// Every picture of up to 4 edges on the ground and two more vertices
    /// (loops and multiple edges included), in all three colours: the
    /// catalog (parts, closed forms, renaming) against the rules.
    #[test]
    fn engine_against_the_rules_on_every_small_picture() {
        let all = kinds(3, &[Colour::Blue, Colour::Red, Colour::Green]);
        check_against_twin(&multisets(&all, 4));
    }

    /// Larger pictures, pseudo-random: 7 to 11 edges on 5 vertices.
    #[test]
    fn engine_against_the_rules_on_larger_pictures() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |m: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % m
        };
        let colours = [Colour::Blue, Colour::Red, Colour::Green];
        let sets: Vec<Vec<Edge>> = (0..150)
            .map(|_| {
                let k = 7 + next(5) as usize;
                (0..k)
                    .map(|_| Edge {
                        u: next(5) as u32,
                        v: next(5) as u32,
                        colour: colours[next(3) as usize],
                    })
                    .collect()
            })
            .collect();
        check_against_twin(&sets);
    }

    /// The fusion and colon principles (Winning Ways ch. 7) against the
    /// rules on every green picture of up to 6 edges on the ground and
    /// three more vertices.
    #[test]
    fn green_closed_form_against_the_rules() {
        let green = kinds(4, &[Colour::Green]);
        let mut slow = GameStore::without_fast_paths();
        for edges in multisets(&green, 6) {
            let g = Twin::whole(&mut slow, &edges);
            let up = standing(&edges);
            let expected: u64 = parts(&up)
                .iter()
                .map(|q| green_value(q))
                .fold(0, |a, b| a ^ b);
            let star = slow.nimber(expected as u32);
            assert_eq!(g, star, "{}", Picture(edges));
        }
    }

    /// Winning Ways ch. 7 (Green Hackenbush): a green loop is `*1` (a
    /// twig), a green stalk of n edges `*n`, a triangle standing on the
    /// ground fuses into three loops, `*1`; by the colon principle a trunk
    /// carrying two twigs is `*((1 ⊕ 1) + 1) = *1` and a trunk carrying
    /// branches of lengths 1 and 2 is `*((1 ⊕ 2) + 1) = *4`. Each is also
    /// checked against the rules. Blue-red stalks agree with Berlekamp's
    /// rule (the `hackenbush` game) on every stalk of up to 7 edges.
    #[test]
    fn published_values() {
        let game = find("hackenbush-graph").unwrap();
        let mut ctx = Context::new();
        for (text, value) in [
            ("0-0:G", "*"),
            ("0-1:G 1-2:G 2-3:G", "*3"),
            ("0-1:G 1-2:G 2-0:G", "*"),
            ("0-1:G 1-2:G 1-3:G", "*"),
            ("0-1:G 1-2:G 1-3:G 3-4:G", "*4"),
            ("g-1:B 1-2:R", "1/2"),
            ("0-1:B 1-2:B 2-0:B 2-3:B", "4"),
            ("0-1:B 2-3:R", "1"),
        ] {
            let expected = notation::parse(&mut ctx.store, value).unwrap();
            assert_eq!(game.canonical(text, &mut ctx).unwrap(), expected, "{text}");
            let p: Picture = text.parse().unwrap();
            let mut slow = GameStore::without_fast_paths();
            let g = Twin::whole(&mut slow, &p.0);
            assert_eq!(notation::parse(&mut slow, value).unwrap(), g, "{text}");
        }
        let strings = find("hackenbush").unwrap();
        for n in 1..=7u32 {
            for bits in 0u32..1 << n {
                let word: String = (0..n)
                    .map(|i| if bits >> i & 1 == 1 { 'B' } else { 'R' })
                    .collect();
                let stalk: Vec<String> = word
                    .chars()
                    .enumerate()
                    .map(|(i, c)| format!("{i}-{}:{c}", i + 1))
                    .collect();
                let mine = game.canonical(&stalk.join(" "), &mut ctx).unwrap();
                assert_eq!(mine, strings.canonical(&word, &mut ctx).unwrap(), "{word}");
            }
        }
    }

    /// Edges typed without a path to the ground have fallen: no player
    /// may cut them (an adversarial run found them listed as moves).
    #[test]
    fn floating_edges_are_not_moves() {
        let game = find("hackenbush-graph").unwrap();
        let mut ctx = Context::new();
        assert!(game.moves("2-3:B", &mut ctx).unwrap().is_empty());
        let moves = game.moves("0-1:B 2-3:R", &mut ctx).unwrap();
        let labels: Vec<&str> = moves.iter().map(|m| m.label.as_str()).collect();
        assert_eq!(labels, ["cut 0-1:B"]);
        assert_eq!(moves[0].player, Some(crate::games::Side::Left));
    }

    #[test]
    fn round_trip_labels_picture_and_limits() {
        for start in ["0-1:B 1-2:R 0-2:G 2-2:B", "g-1:G 1-1:R 5-6:B", "-"] {
            assert_round_trip_in_play(&HackenbushGraph, start);
        }
        let p: Picture = "0-1:B 1-2:R 2-3:B".parse().unwrap();
        let labels = move_lines(HackenbushGraph.left_moves(&p));
        assert_eq!(
            labels,
            ["cut 0-1:B (2 more edges fall): -", "cut 2-3:B: 0-1:B 1-2:R"]
        );
        assert_eq!(
            HackenbushGraph
                .drawing(&"0-1:B 1-2:R 0-2:G 7-8:G".parse().unwrap())
                .unwrap(),
            "ground : B-1  G-2\n     1 : R-2\n     7 : G-8 (falls)"
        );
        for bad in [
            "", "0-1", "0-1:X", "0:B", "a-1:B", "0-1:B,,", "-1-2:B", "0-1:b",
        ] {
            assert!(bad.parse::<Picture>().is_err(), "{bad}");
        }
        let game = find("hackenbush-graph").unwrap();
        let mut ctx = Context::new();
        let big: Vec<String> = (0..17)
            .map(|i| format!("{i}-{}:{}", i + 1, if i % 2 == 0 { 'B' } else { 'R' }))
            .collect();
        // A stalk B R B R … of 17 edges from the ground: by its sign
        // expansion (Berlekamp; Winning Ways ch. 2) 1 − 1/2 + 1/4 − … +
        // 1/2^16 = (2^17 + 1)/(3·2^16) = 43691/65536.
        let stalk = game.evaluate(&big.join(" "), &mut ctx).unwrap();
        assert_eq!(stalk.value_text(), "43691/65536");
        // Every pair of 8 vertices and the ground joined, blue and red:
        // 2^36 sets of edges, refused by the store's budget as it grows.
        let mut complete = Vec::new();
        for u in 0..9 {
            for v in u + 1..9 {
                complete.push(format!(
                    "{u}-{v}:{}",
                    if (u + v) % 2 == 0 { 'B' } else { 'R' }
                ));
            }
        }
        let mut small = Context::with_store(GameStore::with_budget(8 << 20));
        let refused = game.evaluate(&complete.join(" "), &mut small);
        let refused = refused.unwrap_err().to_string();
        assert!(refused.contains("8 MiB of memory"), "{refused}");
        assert!(!refused.contains('\n') && !refused.contains("positions"));
        let tall: Vec<String> = (0..MAX_GREEN_EDGES)
            .map(|i| format!("{i}-{}:G", i + 1))
            .collect();
        let v = game.evaluate(&tall.join(" "), &mut ctx).unwrap();
        assert_eq!(v.value_text(), format!("*{MAX_GREEN_EDGES}"));
        assert!(game
            .evaluate(&format!("{} 0-0:G", tall.join(" ")), &mut ctx)
            .is_err());
        assert!(game.moves(&tall.join(" "), &mut ctx).is_err());
    }
}
