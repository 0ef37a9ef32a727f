//! Konane, Hawaiian checkers (Ernst 1995; Lessons in Play): black stones
//! `x` (Left's) and white stones `o` (Right's) on a board with empty cells
//! `.`. A move jumps one of the mover's stones orthogonally over an adjacent
//! enemy stone into the empty cell beyond, removing the enemy stone; the
//! same stone may go on jumping in the same direction, and each stop is a
//! move of its own.
//!
//! Independent parts. Call a group an orthogonally connected set of stones.
//! A move removes a stone, so a group of `n` stones of both colours makes at
//! most `n − 1` moves, and each lands next to a stone it jumped, one cell
//! beyond the group's current bounding box at most: its stones stay in its
//! box grown by `n − 1` cells (a group of one colour never moves by itself
//! and stays in its box). Groups whose grown boxes meet or touch
//! orthogonally are merged (the union grown again) until none do; the
//! merged clusters are then independent (no stone of one can ever be next
//! to, or land on, a cell of another), clusters of one colour are 0, and a
//! cluster is played on its grown box alone, cut from the board (cells
//! beyond it are never reached). Moves are the same in the four directions
//! for both players, so the eight symmetries of the square keep the value.

use super::grid_board::{cell_name, choose, Alphabet, Board, Rect, ORTHOGONAL};
use super::{refuse_search, Family, Game, GameInfo, Move, PartizanGame};
use crate::MexError;
use std::fmt;
use std::str::FromStr;

/// Most positions the search may have to visit, summed over the clusters
/// (the bound is that of `reachable_bound`: stones are never added and keep
/// their checkerboard colour).
pub const MAX_POSITIONS: u128 = 1 << 24;
/// Most cells of a position whose moves are listed.
pub const MAX_LISTED_CELLS: usize = 1024;

/// Konane.
#[derive(Debug, Clone, Copy, Default)]
pub struct Konane;

const ALPHABET: Alphabet = Alphabet {
    cells: b"xo.",
    sized: None,
    accepted: "rows of x (Left), o (Right) and . (empty) separated by / or |, such as .ox./o..x",
};

/// A Konane position.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Stones(pub Board);

impl FromStr for Stones {
    type Err = MexError;
    fn from_str(s: &str) -> Result<Self, MexError> {
        Board::parse(s, &ALPHABET).map(Stones)
    }
}

impl fmt::Display for Stones {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// Stones that may interact, and the rectangle they stay in.
#[derive(Debug, Clone)]
struct Cluster {
    stones: Vec<(usize, usize)>,
    region: Rect,
    live: bool,
}

impl Cluster {
    fn new(b: &Board, stones: Vec<(usize, usize)>) -> Cluster {
        let has = |s| stones.iter().any(|&(r, c)| b.get(r, c) == s);
        let live = has(b'x') && has(b'o');
        let reach = if live { stones.len() - 1 } else { 0 };
        let region = Rect::around(&stones)
            .expect("a cluster has stones")
            .grown(reach, b);
        Cluster {
            stones,
            region,
            live,
        }
    }
}

/// The independent clusters of stones (see the module's comment).
fn clusters(b: &Board) -> Vec<Cluster> {
    let mut out: Vec<Cluster> = b
        .components(|x| x != b'.', false)
        .into_iter()
        .map(|g| Cluster::new(b, g))
        .collect();
    'merge: loop {
        for i in 0..out.len() {
            for j in i + 1..out.len() {
                if out[i].region.touches(out[j].region) {
                    let mut stones = out.swap_remove(j).stones;
                    stones.append(&mut out[i].stones);
                    out[i] = Cluster::new(b, stones);
                    continue 'merge;
                }
            }
        }
        return out;
    }
}

/// The board cut to `region` with only `stones` kept.
fn cut(b: &Board, region: Rect, stones: &[(usize, usize)]) -> Board {
    let mut only = Board::filled(b.height(), b.width(), b'.');
    for &(r, c) in stones {
        only.set(r, c, b.get(r, c));
    }
    only.crop(region)
}

/// Positions a cluster may reach (the bound of [`MAX_POSITIONS`]): a jump
/// moves a stone an even number of cells in a straight line, so each stone
/// keeps the colour of its cell on a checkerboard; the black stones are at
/// most `a` of the `m_x` cells of the grown box on the checkerboard colours
/// they start on, the white ones likewise: `Σ_{i≤a} C(m_x, i) · Σ_{j≤b}
/// C(m_o, j)`.
fn reachable_bound(b: &Board, c: &Cluster) -> u128 {
    let side = |stone: u8| {
        let on: Vec<usize> = c
            .stones
            .iter()
            .filter(|&&(r, k)| b.get(r, k) == stone)
            .map(|&(r, k)| (r + k) % 2)
            .collect();
        let region = c.region;
        let cells = (region.r0..=region.r1)
            .flat_map(|r| (region.c0..=region.c1).map(move |k| (r + k) % 2))
            .filter(|parity| on.contains(parity))
            .count();
        (0..=on.len())
            .map(|i| choose(cells, i))
            .fold(0u128, u128::saturating_add)
    };
    side(b'x').saturating_mul(side(b'o'))
}

/// The jumps of the player whose stones are `me`: every stop of every
/// straight run of jumps.
fn jumps(p: &Stones, me: u8, enemy: u8) -> Vec<Move<Stones>> {
    let b = &p.0;
    let mut out = Vec::new();
    for from in b.find(me) {
        for d in ORTHOGONAL {
            let mut next = b.clone();
            next.set(from.0, from.1, b'.');
            let mut at = from;
            while let Some((over, to)) = b
                .step(at, d)
                .filter(|&(r, c)| b.get(r, c) == enemy)
                .and_then(|over| Some((over, b.step(over, d)?)))
                .filter(|&(_, (r, c))| b.get(r, c) == b'.')
            {
                next.set(over.0, over.1, b'.');
                at = to;
                let mut stop = next.clone();
                stop.set(to.0, to.1, me);
                let label = format!(
                    "{} jumps to {}",
                    cell_name(from.0, from.1),
                    cell_name(to.0, to.1)
                );
                out.push(Move::new(label, Stones(stop)));
            }
        }
    }
    out
}

impl Game for Konane {
    type Position = Stones;
    const INFO: GameInfo = GameInfo {
        name: "konane",
        family: Family::Partizan,
        description: "Konane: jump a stone over adjacent enemy stones, removing them",
        syntax: "rows of x (Left), o (Right) and . separated by / or |, e.g. .ox./o..x",
        example: ".ox./o..x/....",
        rules: "Black (x, Left) and white (o, Right) stones on a board. A player jumps one of \
                their stones orthogonally over an adjacent enemy stone into the empty cell \
                beyond, removing the enemy stone, and may go on jumping in the same direction \
                (each stop is a move). Who cannot move loses.",
    };
    fn check(&self, p: &Stones) -> Result<(), MexError> {
        let work = clusters(&p.0)
            .iter()
            .filter(|c| c.live)
            .map(|c| reachable_bound(&p.0, c))
            .fold(0u128, u128::saturating_add);
        refuse_search(
            work,
            MAX_POSITIONS,
            "positions of the stones",
            "positions",
            "use fewer stones, or stones further apart",
        )
    }
    fn check_moves(&self, p: &Stones) -> Result<(), MexError> {
        p.0.check_listing(MAX_LISTED_CELLS)
    }
    fn picture(&self, p: &Stones) -> Option<String> {
        Some(p.0.picture())
    }
}

impl PartizanGame for Konane {
    fn left_moves(&self, p: &Stones) -> Vec<Move<Stones>> {
        jumps(p, b'x', b'o')
    }
    fn right_moves(&self, p: &Stones) -> Vec<Move<Stones>> {
        jumps(p, b'o', b'x')
    }
    /// The clusters of both colours, each on its grown box.
    fn decompose(&self, p: &Stones) -> Option<Vec<Stones>> {
        let live: Vec<Cluster> = clusters(&p.0).into_iter().filter(|c| c.live).collect();
        (live.len() > 1).then(|| {
            live.iter()
                .map(|c| Stones(cut(&p.0, c.region, &c.stones)))
                .collect()
        })
    }
    /// The clusters of both colours alone on the smallest rectangle holding
    /// their grown boxes, as its least image under the square's
    /// symmetries; `.` when there is none.
    fn canonical(&self, p: &Stones) -> Stones {
        let live: Vec<Cluster> = clusters(&p.0).into_iter().filter(|c| c.live).collect();
        let Some(region) = live.iter().map(|c| c.region).reduce(Rect::union) else {
            return Stones(Board::filled(1, 1, b'.'));
        };
        let stones: Vec<(usize, usize)> = live.into_iter().flat_map(|c| c.stones).collect();
        Stones(cut(&p.0, region, &stones).least_image())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::test_support::{all_boards, move_lines, rows_text, AgainstTwin, Lcg, Rows};
    use crate::games::{find, Context};
    use crate::partizan::notation;
    use std::collections::HashSet;

    /// The options of Left (`x`) or Right (`o`) straight from the rules:
    /// from every stone, in every direction, jump while an enemy stone is
    /// followed by an empty cell, recording each stop.
    fn brute_options(rows: &Rows, left: bool) -> Vec<Rows> {
        let (me, enemy) = if left { (b'x', b'o') } else { (b'o', b'x') };
        let cell = |r: isize, c: isize| -> Option<u8> {
            let row = rows.get(usize::try_from(r).ok()?)?;
            row.get(usize::try_from(c).ok()?).copied()
        };
        let mut out = Vec::new();
        for r in 0..rows.len() as isize {
            for c in 0..rows[0].len() as isize {
                if cell(r, c) != Some(me) {
                    continue;
                }
                for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                    let mut next = rows.clone();
                    next[r as usize][c as usize] = b'.';
                    let mut k = 1;
                    while cell(r + (2 * k - 1) * dr, c + (2 * k - 1) * dc) == Some(enemy)
                        && cell(r + 2 * k * dr, c + 2 * k * dc) == Some(b'.')
                    {
                        let (or, oc) = (r + (2 * k - 1) * dr, c + (2 * k - 1) * dc);
                        next[or as usize][oc as usize] = b'.';
                        let mut stop = next.clone();
                        stop[(r + 2 * k * dr) as usize][(c + 2 * k * dc) as usize] = me;
                        out.push(stop);
                        k += 1;
                    }
                }
            }
        }
        out
    }

    /// Every board of 1×1 to 1×9, 2×2 to 2×4, 3×2, 4×2 and 3×3 cells: the
    /// engine (clusters, cutting, symmetry) against the brute-force tree.
    #[test]
    fn engine_against_brute_force_on_small_boards() {
        let mut twin = AgainstTwin::new("konane", Box::new(brute_options));
        let shapes =
            (1..=9)
                .map(|w| (1, w))
                .chain([(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3)]);
        for (h, w) in shapes {
            for rows in all_boards(h, w, b"xo.") {
                twin.check(&rows, &rows_text(&rows));
            }
        }
    }

    /// Sparse positions on larger boards, where the clusters matter: the
    /// engine against brute force on boards of up to 4×5 cells holding
    /// at most 5 stones (a fixed pseudo-random sample).
    #[test]
    fn engine_against_brute_force_on_sparse_boards() {
        let mut twin = AgainstTwin::new("konane", Box::new(brute_options));
        let mut random = Lcg(12345);
        let mut next = |m: u64| random.below(m);
        for _ in 0..3000 {
            let (h, w) = (1 + next(4) as usize, 2 + next(4) as usize);
            let mut rows = vec![vec![b'.'; w]; h];
            for _ in 0..1 + next(5) {
                rows[next(h as u64) as usize][next(w as u64) as usize] = b"xo"[next(2) as usize];
            }
            twin.check(&rows, &rows_text(&rows));
        }
    }

    /// cgt-tools' tests (konane.rs): `..ox = 1`, `.ox. = *`,
    /// `.ox.|o..x|.... = {1|-1}`, and the five moves of Left from one
    /// position (checked here as a set).
    #[test]
    fn values_and_moves_from_cgt_tools() {
        let game = find("konane").unwrap();
        let mut ctx = Context::new();
        for (position, value) in [("..ox", "1"), (".ox.", "*"), (".ox.|o..x|....", "{1|-1}")] {
            let expected = notation::parse(&mut ctx.store, value).unwrap();
            assert_eq!(
                game.canonical(position, &mut ctx).unwrap(),
                expected,
                "{position}"
            );
        }
        let p: Stones = ".....|..o..|.oxo.|..o..|.....|..o..|.....".parse().unwrap();
        let ours: HashSet<String> = Konane
            .left_moves(&p)
            .into_iter()
            .map(|m| m.to.to_string())
            .collect();
        let theirs: HashSet<String> = [
            ".....|..o..|.o..x|..o..|.....|..o..|.....",
            ".....|..o..|x..o.|..o..|.....|..o..|.....",
            ".....|..o..|.o.o.|.....|..x..|..o..|.....",
            ".....|..o..|.o.o.|.....|.....|.....|..x..",
            "..x..|.....|.o.o.|..o..|.....|..o..|.....",
        ]
        .iter()
        .map(|t| t.parse::<Stones>().unwrap().to_string())
        .collect();
        assert_eq!(ours, theirs);
    }

    #[test]
    fn clusters_labels_and_limits() {
        let p: Stones = "xo......ox".parse().unwrap();
        let parts: Vec<String> = Konane
            .decompose(&p)
            .unwrap()
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(parts, ["xo.", ".ox"]);
        assert!(Konane.decompose(&"xo..ox".parse().unwrap()).is_none());
        assert_eq!(Konane.canonical(&"x.x.o".parse().unwrap()).to_string(), ".");
        let labels = move_lines(Konane.left_moves(&"xo.o.".parse().unwrap()));
        assert_eq!(labels, ["a1 jumps to c1: ..xo.", "a1 jumps to e1: ....x"]);
        let game = find("konane").unwrap();
        let mut ctx = Context::new();
        let full: Vec<String> = (0..6)
            .map(|r| {
                (0..6)
                    .map(|c| if (r + c) % 2 == 0 { 'x' } else { 'o' })
                    .collect()
            })
            .collect();
        let mut board = full.join("/");
        board.replace_range(0..2, "..");
        assert!(game.evaluate(&board, &mut ctx).is_err());
        assert!(game.evaluate("2x2", &mut ctx).is_err());
        assert!(game.picture("xo./...").unwrap().unwrap().contains('\n'));
    }
}
