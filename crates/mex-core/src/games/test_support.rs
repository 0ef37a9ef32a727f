//! The harness the rulesets' tests share: small positions enumerated
//! exhaustively, a game tree built straight from the rules into a store
//! without fast paths, and the catalog's printed value compared with the
//! tree's (`notation::show`).

use super::{find, CatalogGame, Context, Move, PartizanGame};
use crate::partizan::notation;
use crate::partizan::store::{GameId, GameStore};
use std::collections::{HashMap, HashSet};
use std::fmt::{Debug, Display};
use std::hash::Hash;

/// A board as rows of cell characters.
pub(crate) type Rows = Vec<Vec<u8>>;

/// The options of a position for Left (`true`) or Right (`false`).
pub(crate) type Options<P> = Box<dyn Fn(&P, bool) -> Vec<P>>;

/// Every board of `height × width` cells over the characters `cells`;
/// the first cell (top left) varies fastest.
pub(crate) fn all_boards(height: usize, width: usize, cells: &[u8]) -> Vec<Rows> {
    let n = height * width;
    let base = cells.len();
    (0..base.pow(n as u32))
        .map(|mut code| {
            let mut row = Vec::with_capacity(n);
            for _ in 0..n {
                row.push(cells[code % base]);
                code /= base;
            }
            row.chunks(width).map(<[u8]>::to_vec).collect()
        })
        .collect()
}

/// Every word of 1 to `max` letters over `letters`, shortest first.
pub(crate) fn all_words(max: usize, letters: &[u8]) -> Vec<Vec<u8>> {
    let mut level = vec![vec![]];
    let mut all = Vec::new();
    for _ in 0..max {
        level = level
            .iter()
            .flat_map(|w: &Vec<u8>| {
                letters.iter().map(move |&c| {
                    let mut w = w.clone();
                    w.push(c);
                    w
                })
            })
            .collect();
        all.extend(level.iter().cloned());
    }
    all
}

/// The rows joined by `/`, the boards' syntax.
pub(crate) fn rows_text(rows: &[Vec<u8>]) -> String {
    let rows: Vec<&str> = rows
        .iter()
        .map(|r| std::str::from_utf8(r).unwrap())
        .collect();
    rows.join("/")
}

/// The catalog's printed value of `text`.
pub(crate) fn value_text(game: &dyn CatalogGame, text: &str, ctx: &mut Context) -> String {
    game.evaluate(text, ctx).unwrap().value_text()
}

/// A fixed pseudo-random sequence (Knuth's MMIX linear congruential
/// generator), so that sampled tests check the same cases every run.
pub(crate) struct Lcg(pub u64);

impl Lcg {
    /// The next number below `m`.
    pub(crate) fn below(&mut self, m: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % m
    }
}

/// The game tree of `p` straight from `options`, memoised in `memo`,
/// into `store`.
pub(crate) fn game_tree<P: Clone + Eq + Hash>(
    store: &mut GameStore,
    p: &P,
    memo: &mut HashMap<P, GameId>,
    options: &dyn Fn(&P, bool) -> Vec<P>,
) -> GameId {
    if let Some(&g) = memo.get(p) {
        return g;
    }
    let left: Vec<GameId> = options(p, true)
        .iter()
        .map(|q| game_tree(store, q, memo, options))
        .collect();
    let right: Vec<GameId> = options(p, false)
        .iter()
        .map(|q| game_tree(store, q, memo, options))
        .collect();
    let g = store.make(left, right);
    memo.insert(p.clone(), g);
    g
}

/// A catalog game against its brute-force twin: the twin's game tree in a
/// store without fast paths (no groups, no symmetry, no closed forms),
/// compared with the catalog's value as printed.
pub(crate) struct AgainstTwin<P> {
    game: &'static dyn CatalogGame,
    ctx: Context,
    /// The twin's store.
    pub(crate) slow: GameStore,
    memo: HashMap<P, GameId>,
    options: Options<P>,
}

impl<P: Clone + Eq + Hash> AgainstTwin<P> {
    /// The catalog game `name` and a twin moving by `options`.
    pub(crate) fn new(name: &str, options: Options<P>) -> Self {
        AgainstTwin {
            game: find(name).unwrap(),
            ctx: Context::new(),
            slow: GameStore::without_fast_paths(),
            memo: HashMap::new(),
            options,
        }
    }

    /// The twin's value of `p`.
    pub(crate) fn twin(&mut self, p: &P) -> GameId {
        game_tree(&mut self.slow, p, &mut self.memo, &*self.options)
    }

    /// Asserts that the catalog prints `text` (the position `p`) as the
    /// twin's value, and returns that text.
    pub(crate) fn check(&mut self, p: &P, text: &str) -> String {
        let g = self.twin(p);
        self.check_value(text, g)
    }

    /// Asserts that the catalog prints `a b` (the sum of `a` and `b`) as
    /// the twin's sum.
    pub(crate) fn check_sum(&mut self, (a, b): (&P, &P), text: &str) {
        let (x, y) = (self.twin(a), self.twin(b));
        let sum = self.slow.add(x, y);
        self.check_value(text, sum);
    }

    fn check_value(&mut self, text: &str, g: GameId) -> String {
        let got = value_text(self.game, text, &mut self.ctx);
        assert_eq!(got, notation::show(&self.slow, g), "{text}");
        got
    }
}

/// Every position reached from `start` prints and parses back to itself.
pub(crate) fn assert_round_trip_in_play<G>(game: &G, start: &str)
where
    G: PartizanGame,
    G::Position: Debug,
{
    let mut seen = HashSet::new();
    let mut todo = vec![start.parse::<G::Position>().unwrap()];
    while let Some(p) = todo.pop() {
        assert_eq!(p.to_string().parse::<G::Position>().unwrap(), p);
        let moves = [game.left_moves(&p), game.right_moves(&p)];
        for m in moves.into_iter().flatten() {
            if seen.insert(m.to.clone()) {
                todo.push(m.to);
            }
        }
    }
}

/// Each move as `label: position`.
pub(crate) fn move_lines<P: Display>(moves: impl IntoIterator<Item = Move<P>>) -> Vec<String> {
    moves
        .into_iter()
        .map(|m| format!("{}: {}", m.label, m.to))
        .collect()
}
