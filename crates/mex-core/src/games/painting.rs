//! What Col and Snort share (Winning Ways, Berlekamp–Conway–Guy 1982,
//! ch. 2, "Col and Snort"): a simple graph whose vertices Left paints blue
//! and Right paints red, one a turn. In Col a player may not paint a vertex
//! next to one of their own colour; in Snort not next to one of the other
//! colour. Who cannot paint loses.
//!
//! A position is a graph of at most 64 vertices, each uncoloured (`.`),
//! blue (`B`), red (`R`), or *tinted*: `b` may be painted by Left only, `r`
//! by Right only (Winning Ways' tints, named by who may paint). Painted
//! vertices matter only through the vertices next to them, so the memo key
//! drops them and every vertex nobody may paint, and tints the rest by who
//! may still paint them; the graph then splits into its connected
//! components, which are independent (a sum).

use super::picture::{Cell, Edge, Grid, Node, Owner, Picture};
use super::Move;
use crate::error::quote;
use crate::MexError;
use std::fmt;
use std::str::FromStr;

/// Most vertices of a graph.
pub const MAX_VERTICES: usize = 64;
/// The state of a vertex.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Paint {
    /// Uncoloured; either player may paint it (the rule permitting).
    Free,
    /// Painted by Left.
    Blue,
    /// Painted by Right.
    Red,
    /// Uncoloured; Left only may paint it.
    LeftOnly,
    /// Uncoloured; Right only may paint it.
    RightOnly,
}

impl Paint {
    fn letter(self) -> char {
        match self {
            Paint::Free => '.',
            Paint::Blue => 'B',
            Paint::Red => 'R',
            Paint::LeftOnly => 'b',
            Paint::RightOnly => 'r',
        }
    }
    fn of_letter(c: char) -> Option<Paint> {
        Some(match c {
            '.' => Paint::Free,
            'B' => Paint::Blue,
            'R' => Paint::Red,
            'b' => Paint::LeftOnly,
            'r' => Paint::RightOnly,
            _ => return None,
        })
    }
    fn is_painted(self) -> bool {
        matches!(self, Paint::Blue | Paint::Red)
    }
}

/// Which of the two games.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// No vertex next to one of your own colour.
    Col,
    /// No vertex next to one of the other colour.
    Snort,
}

/// A graph with painted and tinted vertices.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Painting {
    /// Neighbours of each vertex as a bit mask.
    pub adjacent: Vec<u64>,
    /// The state of each vertex.
    pub paint: Vec<Paint>,
}

pub(crate) const SYNTAX: &str = "a graph: Pn (path), Cn (cycle), Kn (complete), HxW (grid) or \
     n=N, then optionally '; ' and edges u-v, and '; ' and one letter a vertex (. uncoloured, B \
     blue, R red, b Left only, r Right only), e.g. 'n=4; 0-1 1-2 2-3; B...' (vertices from 0, at \
     most 64)";

fn invalid(what: impl Into<String>) -> MexError {
    MexError::invalid(what, SYNTAX)
}

fn number(text: &str, what: &str) -> Result<usize, MexError> {
    match text.parse::<usize>() {
        Ok(n) if !text.starts_with('+') => Ok(n),
        _ => Err(invalid(format!("{} is not {what}", quote(text)))),
    }
}

impl Painting {
    /// `n` uncoloured vertices and no edge.
    pub fn empty(n: usize) -> Painting {
        Painting {
            adjacent: vec![0; n],
            paint: vec![Paint::Free; n],
        }
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.paint.len()
    }

    /// Whether the graph has no vertex.
    pub fn is_empty(&self) -> bool {
        self.paint.is_empty()
    }

    /// Joins `u` and `v` (distinct, both vertices).
    fn join(&mut self, u: usize, v: usize) {
        self.adjacent[u] |= 1 << v;
        self.adjacent[v] |= 1 << u;
    }

    fn shorthand(spec: &str) -> Result<Painting, MexError> {
        let too_many = |n: usize| {
            MexError::too_large(
                format!("a graph of {n} vertices"),
                format!("{MAX_VERTICES} vertices"),
                "use a smaller graph",
            )
        };
        if let Some((h, w)) = spec.split_once('x') {
            let (h, w) = (number(h, "a height")?, number(w, "a width")?);
            let n = h.checked_mul(w).filter(|&n| n <= MAX_VERTICES);
            let mut g = Painting::empty(n.ok_or_else(|| too_many(h.saturating_mul(w)))?);
            for r in 0..h {
                for c in 0..w {
                    if c + 1 < w {
                        g.join(r * w + c, r * w + c + 1);
                    }
                    if r + 1 < h {
                        g.join(r * w + c, (r + 1) * w + c);
                    }
                }
            }
            return Ok(g);
        }
        let (kind, rest) = spec.split_at(
            spec.find(|c: char| c.is_ascii_digit() || c == '=')
                .unwrap_or(0),
        );
        let rest = if kind == "n" {
            rest.strip_prefix('=').unwrap_or("?")
        } else {
            rest
        };
        let n = number(rest, "a number of vertices")?;
        if n > MAX_VERTICES {
            return Err(too_many(n));
        }
        let mut g = Painting::empty(n);
        match kind {
            "n" => {}
            "P" => (1..n).for_each(|v| g.join(v - 1, v)),
            "C" if n >= 3 => (0..n).for_each(|v| g.join(v, (v + 1) % n)),
            "K" => (0..n).for_each(|u| (u + 1..n).for_each(|v| g.join(u, v))),
            _ => return Err(invalid(format!("{} is not a graph", quote(spec)))),
        }
        Ok(g)
    }

    fn add_edges(&mut self, section: &str) -> Result<(), MexError> {
        for word in section
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|w| !w.is_empty())
        {
            let (u, v) = word
                .split_once('-')
                .ok_or_else(|| invalid(format!("{} is not an edge", quote(word))))?;
            let (u, v) = (number(u, "a vertex")?, number(v, "a vertex")?);
            if u >= self.len() || v >= self.len() || u == v {
                return Err(invalid(format!(
                    "'{word}' does not join two distinct vertices of 0..{}",
                    self.len()
                )));
            }
            self.join(u, v);
        }
        Ok(())
    }

    fn set_paint(&mut self, section: &str) -> Result<(), MexError> {
        let paint: Option<Vec<Paint>> = section.chars().map(Paint::of_letter).collect();
        match paint {
            Some(p) if p.len() == self.len() => {
                self.paint = p;
                Ok(())
            }
            _ => Err(invalid(format!(
                "'{section}' is not one letter of .BRbr for each of the {} vertices",
                self.len()
            ))),
        }
    }

    /// The edges `u-v` with `u < v`, in order.
    pub fn edges(&self) -> Vec<(usize, usize)> {
        (0..self.len())
            .flat_map(|u| {
                (u + 1..self.len())
                    .filter(move |&v| self.adjacent[u] >> v & 1 == 1)
                    .map(move |v| (u, v))
            })
            .collect()
    }

    fn neighbours(&self, v: usize) -> impl Iterator<Item = usize> + '_ {
        (0..self.len()).filter(move |&u| self.adjacent[v] >> u & 1 == 1)
    }

    /// Every move of a player.
    pub fn moves(&self, rule: Rule, left: bool) -> Vec<Move<Painting>> {
        let (colour, name) = if left {
            (Paint::Blue, "blue")
        } else {
            (Paint::Red, "red")
        };
        (0..self.len())
            .filter(|&v| self.legal(rule, v, left))
            .map(|v| {
                let mut next = self.clone();
                next.paint[v] = colour;
                Move::new(format!("paint {v} {name}"), next)
            })
            .collect()
    }

    /// Whether the player may paint `v`: uncoloured, not reserved for the
    /// other player, and no neighbour of the colour the rule forbids.
    pub fn legal(&self, rule: Rule, v: usize, left: bool) -> bool {
        let (mine, other_only, theirs) = if left {
            (Paint::Blue, Paint::RightOnly, Paint::Red)
        } else {
            (Paint::Red, Paint::LeftOnly, Paint::Blue)
        };
        let forbidden = if rule == Rule::Col { mine } else { theirs };
        let p = self.paint[v];
        !p.is_painted()
            && p != other_only
            && !self.neighbours(v).any(|u| self.paint[u] == forbidden)
    }

    /// The same game without painted vertices and vertices nobody may
    /// paint, the others tinted by who may paint them.
    pub fn reduced(&self, rule: Rule) -> Painting {
        let kept: Vec<(usize, Paint)> = (0..self.len())
            .filter_map(|v| {
                let tint = match (self.legal(rule, v, true), self.legal(rule, v, false)) {
                    (true, true) => Paint::Free,
                    (true, false) => Paint::LeftOnly,
                    (false, true) => Paint::RightOnly,
                    (false, false) => return None,
                };
                Some((v, tint))
            })
            .collect();
        self.induced(&kept)
    }

    /// The subgraph on `kept` (old index, new state), in that order.
    fn induced(&self, kept: &[(usize, Paint)]) -> Painting {
        let mut g = Painting::empty(kept.len());
        for (i, &(v, paint)) in kept.iter().enumerate() {
            g.paint[i] = paint;
            for (j, &(u, _)) in kept.iter().enumerate() {
                if self.adjacent[v] >> u & 1 == 1 {
                    g.adjacent[i] |= 1 << j;
                }
            }
        }
        g
    }

    /// The connected components (vertex lists in increasing order).
    pub fn components(&self) -> Vec<Vec<usize>> {
        let mut seen = 0u64;
        let mut out = Vec::new();
        for start in 0..self.len() {
            if seen >> start & 1 == 1 {
                continue;
            }
            let mut part = 1u64 << start;
            let mut frontier = part;
            while frontier != 0 {
                let next = (0..self.len())
                    .filter(|&v| frontier >> v & 1 == 1)
                    .fold(0u64, |acc, v| acc | self.adjacent[v]);
                frontier = next & !part;
                part |= next;
            }
            seen |= part;
            out.push((0..self.len()).filter(|&v| part >> v & 1 == 1).collect());
        }
        out
    }

    /// The components of the reduced game, each a game of its own.
    pub fn parts(&self, rule: Rule) -> Vec<Painting> {
        let r = self.reduced(rule);
        r.components()
            .into_iter()
            .map(|c| {
                let kept: Vec<(usize, Paint)> = c.iter().map(|&v| (v, r.paint[v])).collect();
                r.induced(&kept)
            })
            .collect()
    }

    /// Estimated heap bytes of the graph as a memo key: its two vectors
    /// (masks and paints) and the allocator's overhead of each.
    pub fn heap_bytes(&self) -> usize {
        self.adjacent.len() * 8 + self.paint.len().next_multiple_of(16) + 32
    }

    /// Two adjacent vertices painted as `rule` forbids, if any.
    pub fn clash(&self, rule: Rule) -> Option<(usize, usize)> {
        self.edges().into_iter().find(|&(u, v)| {
            let (a, b) = (self.paint[u], self.paint[v]);
            a.is_painted()
                && b.is_painted()
                && match rule {
                    Rule::Col => a == b,
                    Rule::Snort => a != b,
                }
        })
    }

    /// Refuses illegal colourings. No search is refused in advance: a
    /// component of `k` paintable vertices reaches at most `3^k`
    /// colourings, and the search is bounded as it runs by the store's
    /// memory budget (each key charged with [`Painting::heap_bytes`]) and
    /// the stop token.
    pub fn check(&self, rule: Rule) -> Result<(), MexError> {
        if let Some((u, v)) = self.clash(rule) {
            let what = if rule == Rule::Col {
                "the same colour"
            } else {
                "different colours"
            };
            return Err(MexError::invalid(
                format!("vertices {u} and {v} are adjacent and painted {what}"),
                match rule {
                    Rule::Col => "in Col, adjacent vertices never have the same colour",
                    Rule::Snort => "in Snort, adjacent vertices never have different colours",
                },
            ));
        }
        Ok(())
    }

    /// The graph as a picture: a grid of cells when it is the `h × w` grid
    /// graph with its vertices in reading order (`HxW`, and paths as one
    /// row), cell `k` being vertex `k`; otherwise a graph whose node `k`,
    /// labelled `k`, is vertex `k`. Painted vertices hold a piece
    /// (`paint`) of the painter, tinted ones a tint: all a game on
    /// coloured vertices writes for its picture.
    pub fn to_picture(&self) -> Picture {
        let cells = self.paint.iter().map(|&p| paint_cell(p));
        if let Some((rows, columns)) = self.grid_shape() {
            return Picture::Grid(Grid {
                rows,
                columns,
                cells: cells.collect(),
            });
        }
        Picture::Graph {
            directed: false,
            nodes: cells
                .enumerate()
                .map(|(v, cell)| Node {
                    cell,
                    ..Node::labelled(v.to_string())
                })
                .collect(),
            edges: self
                .edges()
                .into_iter()
                .map(|(from, to)| Edge {
                    from,
                    to,
                    owner: None,
                })
                .collect(),
        }
    }

    /// `(h, w)` when the graph is the `h × w` grid graph with its vertices
    /// numbered in reading order (the fewest rows first).
    fn grid_shape(&self) -> Option<(usize, usize)> {
        let n = self.len();
        (1..=n)
            .filter(|&h| n.is_multiple_of(h))
            .map(|h| (h, n / h))
            .find(|&(h, w)| {
                let mut grid = Painting::empty(n);
                for v in 0..n {
                    if v % w + 1 < w {
                        grid.join(v, v + 1);
                    }
                    if v / w + 1 < h {
                        grid.join(v, v + w);
                    }
                }
                grid.adjacent == self.adjacent
            })
    }

    /// One line a vertex: its number, state and neighbours.
    pub fn picture(&self) -> String {
        let lines: Vec<String> = (0..self.len())
            .map(|v| {
                let ns: Vec<String> = self.neighbours(v).map(|u| u.to_string()).collect();
                let name = match self.paint[v] {
                    Paint::Free => "uncoloured",
                    Paint::Blue => "blue",
                    Paint::Red => "red",
                    Paint::LeftOnly => "Left only",
                    Paint::RightOnly => "Right only",
                };
                format!(
                    "{v:>2} {} {name:<10} -- {}",
                    self.paint[v].letter(),
                    ns.join(" ")
                )
            })
            .collect();
        lines.join("\n")
    }
}

/// What a vertex in each state holds in a picture.
fn paint_cell(p: Paint) -> Cell {
    match p {
        Paint::Free => Cell::Empty,
        Paint::Blue => Cell::piece(Owner::Left, "paint", 'B'),
        Paint::Red => Cell::piece(Owner::Right, "paint", 'R'),
        Paint::LeftOnly => Cell::Tint { owner: Owner::Left },
        Paint::RightOnly => Cell::Tint {
            owner: Owner::Right,
        },
    }
}

impl FromStr for Painting {
    type Err = MexError;
    fn from_str(s: &str) -> Result<Self, MexError> {
        let mut sections = s.split(';').map(str::trim);
        let mut g = Painting::shorthand(sections.next().unwrap_or(""))?;
        let mut painted = false;
        for section in sections {
            if section.contains(|c: char| c.is_ascii_digit()) {
                if painted {
                    return Err(invalid("the edges come before the colours"));
                }
                g.add_edges(section)?;
            } else if !painted && !section.is_empty() {
                g.set_paint(section)?;
                painted = true;
            } else {
                return Err(invalid(format!(
                    "{} is not a section of a graph",
                    quote(section)
                )));
            }
        }
        Ok(g)
    }
}

impl fmt::Display for Painting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "n={}", self.len())?;
        let edges: Vec<String> = self
            .edges()
            .iter()
            .map(|(u, v)| format!("{u}-{v}"))
            .collect();
        if !edges.is_empty() {
            write!(f, "; {}", edges.join(" "))?;
        }
        if self.paint.iter().any(|&p| p != Paint::Free) {
            let letters: String = self.paint.iter().map(|p| p.letter()).collect();
            write!(f, "; {letters}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picture(text: &str) -> Picture {
        text.parse::<Painting>().unwrap().to_picture()
    }

    #[test]
    fn grid_graphs_are_grids_and_other_graphs_graphs() {
        let Picture::Grid(grid) = picture("2x3; BrR...") else {
            panic!("not a grid")
        };
        assert_eq!((grid.rows, grid.columns), (2, 3));
        assert_eq!(grid.cells[0], Cell::piece(Owner::Left, "paint", 'B'));
        assert_eq!(
            grid.cells[1],
            Cell::Tint {
                owner: Owner::Right
            }
        );
        assert_eq!(grid.cells[2], Cell::piece(Owner::Right, "paint", 'R'));
        assert!(matches!(
            picture("P4"),
            Picture::Grid(Grid {
                rows: 1,
                columns: 4,
                ..
            })
        ));
        // The 2x3 grid numbered down the columns is not in reading order.
        let Picture::Graph { nodes, edges, .. } = picture("n=6; 0-1 1-2 3-4 4-5 0-3 1-4") else {
            panic!("not a graph")
        };
        assert_eq!(nodes.len(), 6);
        assert_eq!(nodes[4].label, "4");
        assert_eq!(edges.len(), 6);
        assert!(matches!(picture("C4"), Picture::Graph { .. }));
        assert!(matches!(picture("n=3"), Picture::Graph { .. }));
    }
}

/// The slow twin shared by the Col and Snort tests: the game tree straight
/// from the rules on the whole graph (no reduction, no components, no
/// closed forms), into a store without fast paths.
#[cfg(test)]
pub(crate) mod twin {
    use super::{Paint, Painting, Rule};
    use crate::games::test_support::game_tree;
    use crate::partizan::store::{GameId, GameStore};
    use std::collections::HashMap;

    /// Whether the player may paint `v`, read off the rules.
    fn allowed(p: &Painting, rule: Rule, v: usize, left: bool) -> bool {
        let reserved = if left {
            Paint::RightOnly
        } else {
            Paint::LeftOnly
        };
        let (own, other) = if left {
            (Paint::Blue, Paint::Red)
        } else {
            (Paint::Red, Paint::Blue)
        };
        let forbidden = match rule {
            Rule::Col => own,
            Rule::Snort => other,
        };
        let state = p.paint[v];
        let uncoloured = state != Paint::Blue && state != Paint::Red;
        let next_to_forbidden =
            (0..p.len()).any(|u| p.adjacent[v] >> u & 1 == 1 && p.paint[u] == forbidden);
        uncoloured && state != reserved && !next_to_forbidden
    }

    /// The positions after each move of the player.
    pub(crate) fn options(p: &Painting, rule: Rule, left: bool) -> Vec<Painting> {
        (0..p.len())
            .filter(|&v| allowed(p, rule, v, left))
            .map(|v| {
                let mut q = p.clone();
                q.paint[v] = if left { Paint::Blue } else { Paint::Red };
                q
            })
            .collect()
    }

    /// The value of `p`.
    pub(crate) fn value(
        store: &mut GameStore,
        rule: Rule,
        p: &Painting,
        memo: &mut HashMap<Painting, GameId>,
    ) -> GameId {
        game_tree(store, p, memo, &|p, left| options(p, rule, left))
    }

    /// Every graph of up to 5 vertices, uncoloured, and every colouring
    /// and tinting under `rule` of every graph of up to 3 vertices.
    pub(crate) fn small_positions(rule: Rule) -> Vec<Painting> {
        let mut positions: Vec<Painting> = (0..=5).flat_map(all_graphs).collect();
        for n in 1..=3 {
            for g in all_graphs(n) {
                positions.extend(
                    all_paintings(&g)
                        .into_iter()
                        .filter(|p| p.clash(rule).is_none()),
                );
            }
        }
        positions
    }

    /// Every graph on `n` vertices (all edge sets), uncoloured.
    pub(crate) fn all_graphs(n: usize) -> Vec<Painting> {
        let pairs: Vec<(usize, usize)> = (0..n)
            .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
            .collect();
        (0u32..1 << pairs.len())
            .map(|bits| {
                let mut g = Painting::empty(n);
                for (i, &(u, v)) in pairs.iter().enumerate() {
                    if bits >> i & 1 == 1 {
                        g.join(u, v);
                    }
                }
                g
            })
            .collect()
    }

    /// Every state of every vertex of `g`.
    pub(crate) fn all_paintings(g: &Painting) -> Vec<Painting> {
        let states = [
            Paint::Free,
            Paint::Blue,
            Paint::Red,
            Paint::LeftOnly,
            Paint::RightOnly,
        ];
        let mut out = vec![g.clone()];
        for v in 0..g.len() {
            out = out
                .into_iter()
                .flat_map(|p| {
                    states.map(|s| {
                        let mut q = p.clone();
                        q.paint[v] = s;
                        q
                    })
                })
                .collect();
        }
        out
    }
}
