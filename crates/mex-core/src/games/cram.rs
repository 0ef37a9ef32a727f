//! Cram (Gardner 1974; Winning Ways ch. 13): either player places a domino
//! on two orthogonally adjacent free cells, in either direction; who cannot
//! place loses. It is Domineering made impartial, so a position has a
//! Grundy value. The free cells split into orthogonally connected regions
//! that are independent heaps (the value is the XOR of theirs; a region of
//! one cell is 0), and a region's value is kept by all eight symmetries of
//! the square, since both directions are open to both players. On a board
//! of even × even cells the second player wins by playing the image of
//! each domino under the half turn, and on even × odd boards the first
//! player wins by taking the two central cells first and then doing the
//! same (Gardner 1974): the tests check both.

use super::grid_board::{cell_name, power, Alphabet, Board};
use super::picture::{Cell, Picture};
use super::{
    positions, refuse_search, Family, Game, GameInfo, ImpartialGame, ImpartialRuleset, Move,
    Ruleset,
};
use crate::partizan::domineering::Grid;
use crate::MexError;
use std::fmt;
use std::str::FromStr;

/// Most positions the search may have to visit, summed over the regions.
/// Every position reachable from a region is the region less a set of
/// disjoint dominoes, so their number is at most the region's number of
/// such sets (its monomer–dimer count, [`Grid::domino_sets`]), and at
/// most `2^n` for `n` free cells: 5×5 has 1,000,000-odd sets and is
/// accepted, 6×6 (2.6·10^8) is refused.
pub const MAX_POSITIONS: u128 = 1 << 24;
/// Most cells of a board whose moves are listed.
pub const MAX_LISTED_CELLS: usize = 1024;

/// Cram.
#[derive(Debug, Clone, Copy, Default)]
pub struct Cram;

const ALPHABET: Alphabet = Alphabet {
    cells: b".#",
    sized: Some(|_, _| b'.'),
    accepted: "HxW such as 3x4, or rows of . (free) and # (taken) separated by / or |, such \
               as ..#/...",
};

/// A Cram board: `.` free, `#` taken.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cells(pub Board);

impl FromStr for Cells {
    type Err = MexError;
    fn from_str(s: &str) -> Result<Self, MexError> {
        Board::parse(s, &ALPHABET).map(Cells)
    }
}

impl fmt::Display for Cells {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// The orthogonally connected regions of at least two free cells.
fn regions(b: &Board) -> Vec<Vec<(usize, usize)>> {
    b.components(|x| x == b'.', false)
        .into_iter()
        .filter(|g| g.len() > 1)
        .collect()
}

/// An upper bound on the positions reachable from a region: its sets of
/// disjoint dominoes, or `2^n` for `n` cells when that is fewer or the
/// region's rectangle is too large for a [`Grid`].
fn reachable_bound(b: &Board, region: &[(usize, usize)]) -> u128 {
    let subsets = power(2, region.len());
    b.extract(region, b'#')
        .and_then(|r| Grid::parse(&r.to_string()).ok())
        .map_or(subsets, |g| g.domino_sets().min(subsets))
}

/// Every domino: its first cell (top or left) and direction.
fn placements(b: &Board) -> impl Iterator<Item = ((usize, usize), (usize, usize))> + '_ {
    b.find(b'.').into_iter().flat_map(move |at| {
        [(0, 1), (1, 0)]
            .into_iter()
            .filter_map(move |d| b.step(at, d))
            .filter(|&(r, c)| b.get(r, c) == b'.')
            .map(move |other| (at, other))
    })
}

impl Ruleset for Cram {
    type Position = Cells;
}

impl Game for Cram {
    const INFO: GameInfo = GameInfo {
        name: "cram",
        family: Family::Impartial,
        description: "Cram: place a domino either way on two free cells (impartial Domineering)",
        syntax: "HxW, or rows of . (free) and # (taken) separated by / or |, e.g. ..#/...",
        example: "3x3",
        rules: "A board of free cells. A move places a domino on two orthogonally adjacent \
                free cells, in either direction; both players have the same moves. Who cannot \
                place loses.",
    };
    fn check(&self, p: &Cells) -> Result<(), MexError> {
        let work = regions(&p.0)
            .iter()
            .map(|g| reachable_bound(&p.0, g))
            .fold(0u128, u128::saturating_add);
        refuse_search(
            work,
            MAX_POSITIONS,
            "positions (the sets of disjoint dominoes in each region)",
            "positions, such as a 5x5 board",
            "use smaller regions",
        )
    }
    fn check_moves(&self, p: &Cells) -> Result<(), MexError> {
        p.0.check_listing(MAX_LISTED_CELLS)
    }
    fn drawing(&self, p: &Cells) -> Option<String> {
        Some(p.0.picture())
    }
    /// The board: free cells, and cells covered by dominoes blocked.
    fn picture(&self, p: &Cells) -> Picture {
        p.0.to_picture(&[(b'.', Cell::Empty), (b'#', Cell::Blocked)])
    }
}

impl ImpartialGame for Cram {
    fn moves(&self, p: &Cells) -> Vec<Move<Cells>> {
        placements(&p.0)
            .map(|(a, b)| {
                let mut next = p.0.clone();
                next.set(a.0, a.1, b'#');
                next.set(b.0, b.1, b'#');
                let label = format!("{}-{}", cell_name(a.0, a.1), cell_name(b.0, b.1));
                Move::new(label, Cells(next))
            })
            .collect()
    }
    fn is_terminal(&self, p: &Cells) -> bool {
        placements(&p.0).next().is_none()
    }
}

impl ImpartialRuleset for Cram {
    fn options(&self, p: &Cells, out: &mut Vec<Cells>) {
        out.extend(positions(self.moves(p)));
    }
    /// The regions of two or more cells, each on its own board.
    fn decompose(&self, p: &Cells) -> Option<Vec<Cells>> {
        let parts = regions(&p.0);
        (parts.len() > 1).then(|| {
            parts
                .iter()
                .filter_map(|g| p.0.extract(g, b'#'))
                .map(Cells)
                .collect()
        })
    }
    /// The regions of two or more cells on the smallest board holding
    /// them, as its least image under the square's symmetries; `#` when
    /// there is none.
    fn canonical(&self, p: &Cells) -> Cells {
        let cells: Vec<(usize, usize)> = regions(&p.0).into_iter().flatten().collect();
        match p.0.extract(&cells, b'#') {
            Some(b) => Cells(b.least_image()),
            None => Cells(Board::filled(1, 1, b'#')),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::test_support::{all_boards, rows_text};
    use crate::games::{find, CatalogGame, Context, Value};
    use crate::heap::code::naive_values;
    use crate::impartial::mex::mex;
    use num_bigint::BigUint;
    use std::collections::HashMap;

    /// The Grundy value straight from the rules on rows of characters:
    /// every domino, the MEX; no regions, no symmetry.
    fn brute(rows: &[Vec<u8>], memo: &mut HashMap<Vec<Vec<u8>>, u64>) -> u64 {
        if let Some(&g) = memo.get(rows) {
            return g;
        }
        let mut values = Vec::new();
        for r in 0..rows.len() {
            for c in 0..rows[r].len() {
                for (dr, dc) in [(0, 1), (1, 0)] {
                    let (r2, c2) = (r + dr, c + dc);
                    let free =
                        |r: usize, c: usize| rows.get(r).and_then(|x| x.get(c)) == Some(&b'.');
                    if free(r, c) && free(r2, c2) {
                        let mut next = rows.to_vec();
                        next[r][c] = b'#';
                        next[r2][c2] = b'#';
                        values.push(brute(&next, memo));
                    }
                }
            }
        }
        let g = mex(values);
        memo.insert(rows.to_vec(), g);
        g
    }

    fn grundy(game: &dyn CatalogGame, text: &str) -> u64 {
        let g = game.grundy(text).unwrap();
        u64::try_from(g).unwrap()
    }

    /// Every board of up to 12 cells in the shapes 1×n (n ≤ 10), 2×n
    /// (n ≤ 6), 3×3 and 3×4, every cell free or taken: the engine against
    /// the brute-force values.
    #[test]
    fn engine_against_brute_force_on_small_boards() {
        let game = find("cram").unwrap();
        let mut memo = HashMap::new();
        let shapes = (1..=10)
            .map(|w| (1, w))
            .chain((2..=6).map(|w| (2, w)))
            .chain([(3, 3), (3, 4)]);
        for (h, w) in shapes {
            for rows in all_boards(h, w, b".#") {
                let text = rows_text(&rows);
                assert_eq!(grundy(game, &text), brute(&rows, &mut memo), "{text}");
            }
        }
    }

    /// Cram on 1×n is Dawson's Kayles, the octal game 0.07 (Winning Ways
    /// ch. 4; OEIS A002187 shifted by one), here computed by the heap
    /// engine's naive twin; its first values as published in A002187.
    /// (Rows are searched as regions, up to the region limit.)
    #[test]
    fn one_row_is_dawsons_kayles() {
        let game = find("cram").unwrap();
        let values = naive_values(&"0.07".parse().unwrap(), 25);
        let a002187 = [
            0u32, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3,
        ];
        assert_eq!(values[1..=20], a002187);
        for (n, &value) in values.iter().enumerate().take(25).skip(1) {
            assert_eq!(grundy(game, &format!("1x{n}")), u64::from(value), "1x{n}");
        }
    }

    /// Gardner's symmetry strategies: even × even boards are P, even × odd
    /// boards N (checked up to 20 cells); CGSuite's test suite
    /// (GameGridTest) gives `.........|##.######` the value `*4`.
    #[test]
    fn published_values() {
        let game = find("cram").unwrap();
        for (h, w) in [(2, 2), (2, 4), (2, 6), (2, 8), (4, 4), (4, 2)] {
            assert_eq!(grundy(game, &format!("{h}x{w}")), 0, "{h}x{w}");
        }
        for (h, w) in [(2, 3), (2, 5), (2, 7), (2, 9), (4, 3), (4, 5), (3, 6)] {
            assert_ne!(grundy(game, &format!("{h}x{w}")), 0, "{h}x{w}");
        }
        assert_eq!(grundy(game, ".........|##.######"), 4);
        assert_eq!(
            game.grundy(".........|##.######").unwrap(),
            BigUint::from(4u8)
        );
    }

    /// The bound by sets of disjoint dominoes accepts 5×5 and 4×6, which
    /// `2^n` refused; 4×6 is P by Gardner's strategy, and 5×5 agrees with
    /// its value computed from its options.
    #[test]
    fn five_by_five_and_four_by_six_are_searched() {
        let game = find("cram").unwrap();
        assert_eq!(grundy(game, "4x6"), 0);
        assert_eq!(grundy(game, "6x4"), 0);
        let mut ctx = Context::new();
        let mut value = |text: &str| match game.evaluate(text, &mut ctx).unwrap().value {
            Value::Grundy(g) => u64::try_from(g).unwrap(),
            v => panic!("{v:?}"),
        };
        let whole = value("5x5");
        let options: Vec<u64> = Cram
            .moves(&"5x5".parse().unwrap())
            .iter()
            .map(|m| value(&m.to.to_string()))
            .collect();
        assert_eq!(whole, mex(options));
    }

    #[test]
    fn regions_symmetry_labels_and_limits() {
        let p: Cells = "..#./##.#/.#..".parse().unwrap();
        let parts: Vec<String> = Cram
            .decompose(&p)
            .unwrap()
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(parts, ["..", ".#/.."]);
        assert_eq!(
            Cram.canonical(&"#./..".parse().unwrap()),
            Cram.canonical(&"../.#".parse().unwrap())
        );
        let labels: Vec<String> = Cram
            .moves(&"..#/.#.".parse().unwrap())
            .into_iter()
            .map(|m| m.label)
            .collect();
        assert_eq!(labels, ["a1-b1", "a1-a2"]);
        let game = find("cram").unwrap();
        assert!(game.grundy("6x6").is_err());
        assert!(game.grundy("1x4000").is_err());
        assert!(game.drawing("2x2").unwrap().unwrap().contains('\n'));
        assert_eq!(grundy(game, "#/#"), 0);
    }
}
