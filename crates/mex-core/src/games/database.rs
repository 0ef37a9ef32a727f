//! Building and consulting databases of solved regions
//! ([`crate::partizan::database`]) for the catalog's board games.
//!
//! A region is a connected set of cells (a fixed polyomino: connected
//! through shared sides) filled as the game allows
//! ([`PartizanGame::regions`]: the free cells of Domineering, the stones
//! of Clobber in both colours). Every polyomino of up to the database's
//! size is enumerated by Redelmeier's algorithm (1981; 1, 2, 6, 19, 63,
//! 216, 760, 2725, … fixed polyominoes, OEIS A001168), each of its
//! fillings is reduced to the game's canonical key (symmetry, and the
//! player-exchanging symmetry where the game has one), and each distinct
//! key's canonical form is computed once by the memoising evaluator,
//! which shares its memo across the whole build.

use super::PartizanGame;
use crate::partizan::database::{Consulted, Database};
use crate::partizan::ruleset::{Evaluator, PartizanRuleset};
use crate::partizan::store::{GameId, GameStore};
use crate::ruleset::Ruleset;
use crate::MexError;
use rustc_hash::FxHashSet;
use std::sync::Arc;

/// The entries of a database being built: each canonical key (in the
/// game's notation) with its value.
pub type Entries = Vec<(String, GameId)>;

/// What a build calls after each size: the size, the store and the
/// entries so far (to save them as a database of that size).
pub type Saver<'a> = dyn FnMut(usize, &mut GameStore, &mut Entries) -> Result<(), MexError> + 'a;

/// The most cells of a region a database is built for: 2^16 fillings of
/// a 16-cell Clobber region, and 16 cells is past Uiterwijk's 15-square
/// Domineering databases.
pub const MAX_DATABASE_CELLS: usize = 16;

/// A fixed polyomino: its cells, with the least row and the least column
/// 0, in increasing order.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Shape {
    /// Rows of its bounding box.
    pub height: usize,
    /// Columns of its bounding box.
    pub width: usize,
    /// Its cells (row, column).
    pub cells: Vec<(usize, usize)>,
}

impl Shape {
    /// The shape of `cells` (any connected set, coordinates as given),
    /// moved so that its least row and column are 0.
    fn normalized(cells: &[(i64, i64)]) -> Shape {
        let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
        let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
        let mut cells: Vec<(usize, usize)> = cells
            .iter()
            .map(|&(r, c)| ((r - r0) as usize, (c - c0) as usize))
            .collect();
        cells.sort_unstable();
        Shape {
            height: cells.iter().map(|c| c.0 + 1).max().unwrap_or(0),
            width: cells.iter().map(|c| c.1 + 1).max().unwrap_or(0),
            cells,
        }
    }
}

/// How many fixed polyominoes there are of 1, 2, … 16 cells (Redelmeier
/// 1981; OEIS A001168), which [`for_each_polyomino`] visits and a test
/// counts.
pub const FIXED_POLYOMINOES: [u64; MAX_DATABASE_CELLS] = [
    1, 2, 6, 19, 63, 216, 760, 2725, 9910, 36446, 135268, 505861, 1903890, 7204874, 27394666,
    104592937,
];

/// A cell of a polyomino being grown, relative to its first cell.
type Cell = (i64, i64);

/// Calls `visit` with every fixed polyomino of `cells` cells, each once,
/// by Redelmeier's algorithm (1981): a polyomino is grown from its least
/// cell (in the order of rows, then columns) by adding cells of an
/// "untried" set of neighbours, each cell added at most once on any path,
/// so that no polyomino is reached twice and none is kept in memory (the
/// recursion is `cells` deep).
pub fn for_each_polyomino(
    cells: usize,
    visit: &mut dyn FnMut(&Shape) -> Result<(), MexError>,
) -> Result<(), MexError> {
    let origin = (0, 0);
    let mut marked: FxHashSet<Cell> = [origin].into_iter().collect();
    let mut untried = vec![origin];
    grow(&mut untried, &mut Vec::new(), &mut marked, cells, visit)
}

/// Whether `c` may be in a polyomino whose least cell is the origin.
fn after_origin(c: Cell) -> bool {
    c.0 > 0 || (c.0 == 0 && c.1 > 0)
}

fn grow(
    untried: &mut Vec<Cell>,
    polyomino: &mut Vec<Cell>,
    marked: &mut FxHashSet<Cell>,
    cells: usize,
    visit: &mut dyn FnMut(&Shape) -> Result<(), MexError>,
) -> Result<(), MexError> {
    while let Some(c) = untried.pop() {
        polyomino.push(c);
        if polyomino.len() == cells {
            visit(&Shape::normalized(polyomino))?;
        } else {
            let mut next = untried.clone();
            let mut added = Vec::new();
            for n in [
                (c.0 + 1, c.1),
                (c.0 - 1, c.1),
                (c.0, c.1 + 1),
                (c.0, c.1 - 1),
            ] {
                if after_origin(n) && marked.insert(n) {
                    added.push(n);
                    next.push(n);
                }
            }
            let grown = grow(&mut next, polyomino, marked, cells, visit);
            for n in added {
                marked.remove(&n);
            }
            grown?;
        }
        polyomino.pop();
    }
    Ok(())
}

/// The polyomino of one cell.
pub fn monomino() -> Shape {
    Shape::normalized(&[(0, 0)])
}

/// A game's ruleset consulting a database: the database's value of every
/// region it holds is taken without search ([`PartizanRuleset::known_value`]),
/// and the game's own hooks do the rest. Cheap to clone: every component
/// of a search shares the database and the forms imported from it.
pub struct Consulting<'a, G> {
    game: &'a G,
    database: Option<Consulted>,
}

impl<G> Clone for Consulting<'_, G> {
    fn clone(&self) -> Self {
        Consulting {
            game: self.game,
            database: self.database.clone(),
        }
    }
}

impl<'a, G: PartizanGame> Consulting<'a, G> {
    /// `game`, consulting `database` when it is one of `game`'s (a
    /// database of another game is refused).
    pub fn new(game: &'a G, database: Option<&Arc<Database>>) -> Result<Self, MexError> {
        if let Some(db) = database {
            check_game(db, G::INFO.name)?;
        }
        Ok(Consulting {
            game,
            database: database.map(|db| Consulted::new(Arc::clone(db))),
        })
    }

    /// The canonical value of `p`.
    pub fn value(&self, store: &mut GameStore, p: &G::Position) -> Result<GameId, MexError> {
        match self.database {
            Some(_) => Evaluator::new(self.clone(), usize::MAX).value(store, p),
            None => self.game.value(store, p),
        }
    }
}

/// Refuses a database of another game than `game`.
pub fn check_game(db: &Database, game: &str) -> Result<(), MexError> {
    if db.game() == game {
        return Ok(());
    }
    Err(MexError::invalid(
        format!("the database is of {}, not of {game}", db.game()),
        format!("a database built for {game}, or none"),
    ))
}

/// Refuses a database of none of `games` (the games of a sum's terms: it
/// serves the terms of its own game).
pub fn check_applies(db: &Database, games: &[&dyn super::CatalogGame]) -> Result<(), MexError> {
    if games.iter().any(|g| g.info().name == db.game()) {
        return Ok(());
    }
    check_game(db, games.first().map_or("", |g| g.info().name))
}

impl<G: Ruleset> Ruleset for Consulting<'_, G> {
    type Position = G::Position;
}

impl<G: PartizanGame> PartizanRuleset for Consulting<'_, G> {
    fn left_options(&self, p: &Self::Position, out: &mut Vec<Self::Position>) {
        self.game.left_options(p, out)
    }
    fn right_options(&self, p: &Self::Position, out: &mut Vec<Self::Position>) {
        self.game.right_options(p, out)
    }
    fn decompose(&self, p: &Self::Position) -> Option<Vec<Self::Position>> {
        self.game.decompose(p)
    }
    fn canonical(&self, p: &Self::Position) -> Self::Position {
        self.game.canonical(p)
    }
    fn oriented(&self, p: &Self::Position) -> (Self::Position, bool) {
        self.game.oriented(p)
    }
    fn memo_reached(&self) -> bool {
        self.game.memo_reached()
    }
    /// The database's value of `key` (a canonical key) when it holds it.
    fn known_value(
        &self,
        store: &mut GameStore,
        key: &Self::Position,
    ) -> Result<Option<GameId>, MexError> {
        let held = |db: &Consulted| self.game.region_cells(key) <= db.database().max_cells();
        if let Some(db) = self.database.as_ref().filter(|db| held(db)) {
            if let Some(g) = db.value(store, &key.to_string())? {
                return Ok(Some(g));
            }
        }
        self.game.known_value(store, key)
    }
    fn heap_bytes(&self, p: &Self::Position) -> usize {
        self.game.heap_bytes(p)
    }
}

/// What a build has done: regions of each size and the keys computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BuildProgress {
    /// The size being built.
    pub cells: usize,
    /// Polyominoes of that size filled and valued.
    pub done: usize,
    /// How many there are ([`FIXED_POLYOMINOES`]).
    pub total: usize,
}

/// The entries of a database of `game`'s regions up to `max_cells` cells,
/// in `store`: every distinct canonical key with its value. `resume`, a
/// database of the same game built to fewer cells, gives the values of
/// the regions it holds; `saved` is called with the entries after each
/// size is complete (a checkpoint that is itself a database of that size);
/// `progress` now and then.
pub fn build<G: PartizanGame>(
    game: &G,
    max_cells: usize,
    store: &mut GameStore,
    resume: Option<&Arc<Database>>,
    mut saved: impl FnMut(usize, &mut GameStore, &mut Vec<(String, GameId)>) -> Result<(), MexError>,
    mut progress: impl FnMut(BuildProgress),
) -> Result<Vec<(String, GameId)>, MexError> {
    check_size(max_cells)?;
    let consulting = Consulting::new(game, resume)?;
    let mut evaluator = Evaluator::new(consulting.clone(), usize::MAX);
    let mut entries = Vec::new();
    let mut seen = FxHashSet::default();
    for cells in 1..=max_cells {
        let total = FIXED_POLYOMINOES[cells - 1] as usize;
        let mut done = 0;
        for_each_polyomino(cells, &mut |shape| {
            for region in game.regions(shape).unwrap_or_default() {
                let (key, _) = game.oriented(&region);
                let text = key.to_string();
                if seen.contains(&text) {
                    continue;
                }
                // The key twice (the set and the entry) and their overhead.
                store.try_reserve(2 * text.len() + 96)?;
                let g = evaluator.value(store, &key)?;
                seen.insert(text.clone());
                entries.push((text, g));
            }
            done += 1;
            if done % 1024 == 0 {
                crate::stop::check()?;
                progress(BuildProgress { cells, done, total });
            }
            Ok(())
        })?;
        progress(BuildProgress { cells, done, total });
        saved(cells, store, &mut entries)?;
    }
    Ok(entries)
}

/// How a database disagrees with the rules ([`disagreement`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Disagreement {
    /// It holds another number of regions than the rules give.
    Count {
        /// Regions it holds.
        held: usize,
        /// Regions the rules give.
        expected: usize,
    },
    /// A region it holds is not one the rules give.
    Region {
        /// The key it holds.
        key: String,
        /// The key the rules give in its place.
        expected: String,
    },
    /// A region's value is not its canonical form.
    Value {
        /// The region's key.
        key: String,
    },
}

impl std::fmt::Display for Disagreement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Disagreement::Count { held, expected } => {
                write!(f, "it holds {held} regions, the rules give {expected}")
            }
            Disagreement::Region { key, expected } => {
                write!(f, "region {key} is not one the rules give ({expected} is)")
            }
            Disagreement::Value { key } => write!(f, "the value of region {key} is wrong"),
        }
    }
}

/// The first way `db` differs from `fresh`, the entries the rules give
/// (a fresh [`build`] of the same size, values in `store`, in any order):
/// the slow twin of a database.
pub fn disagreement(
    db: &Arc<Database>,
    fresh: &mut [(String, GameId)],
    store: &mut GameStore,
) -> Result<Option<Disagreement>, MexError> {
    fresh.sort_by(|a, b| a.0.cmp(&b.0));
    if db.entries() != fresh.len() {
        return Ok(Some(Disagreement::Count {
            held: db.entries(),
            expected: fresh.len(),
        }));
    }
    let consulted = Consulted::new(Arc::clone(db));
    for ((key, _), (want_key, want)) in db.iter().zip(fresh.iter()) {
        if key != want_key {
            return Ok(Some(Disagreement::Region {
                key: key.to_string(),
                expected: want_key.clone(),
            }));
        }
        let got = consulted
            .value(store, key)?
            .expect("the key was just read from the database");
        if !store.try_leq(got, *want)? || !store.try_leq(*want, got)? {
            return Ok(Some(Disagreement::Value {
                key: key.to_string(),
            }));
        }
    }
    Ok(None)
}

/// The refusal of a database for a game whose regions are not enumerated.
pub fn no_database(game: &str) -> MexError {
    let games: Vec<&str> = super::catalog()
        .iter()
        .filter(|g| g.builds_databases())
        .map(|g| g.info().name)
        .collect();
    MexError::invalid(
        format!("{game} has no database of regions"),
        format!("a database of one of: {}", games.join(", ")),
    )
}

/// Refuses a size no database is built for.
pub fn check_size(max_cells: usize) -> Result<(), MexError> {
    if (1..=MAX_DATABASE_CELLS).contains(&max_cells) {
        return Ok(());
    }
    Err(MexError::invalid(
        format!("a database of regions of up to {max_cells} cells"),
        format!("from 1 to {MAX_DATABASE_CELLS} cells"),
    ))
}

/// The fillings of `shape` when every cell of it holds `x` or `o` and
/// both colours are present (a region of one colour is 0 in Clobber and
/// Konane-like games, where a stone moves only onto the other colour),
/// as the rows of a board whose other cells are `.`.
pub fn two_coloured(shape: &Shape) -> Vec<Vec<Vec<u8>>> {
    let n = shape.cells.len();
    if n < 2 {
        return Vec::new();
    }
    (1..(1u32 << n) - 1)
        .map(|mask| {
            let mut rows = vec![vec![b'.'; shape.width]; shape.height];
            for (i, &(r, c)) in shape.cells.iter().enumerate() {
                rows[r][c] = if mask >> i & 1 == 1 { b'o' } else { b'x' };
            }
            rows
        })
        .collect()
}

/// The board of `shape` whose cells are `inside` and whose other cells
/// are `outside`, as rows.
pub fn filled(shape: &Shape, inside: u8, outside: u8) -> Vec<Vec<u8>> {
    let mut rows = vec![vec![outside; shape.width]; shape.height];
    for &(r, c) in &shape.cells {
        rows[r][c] = inside;
    }
    rows
}

/// Rows joined by `/`, as the board games read them.
pub fn rows_text(rows: &[Vec<u8>]) -> String {
    rows.iter()
        .map(|r| String::from_utf8_lossy(r).into_owned())
        .collect::<Vec<_>>()
        .join("/")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::clobber::Clobber;
    use crate::games::domineering::Domineering;
    use crate::games::sum::Summand;
    use crate::games::{find, outcome_search, CatalogGame, Context};
    use crate::partizan::database;
    use std::collections::BTreeSet;

    /// The entries of a database of `game` up to `cells` cells, written
    /// and read back.
    fn built<G: PartizanGame>(game: &G, cells: usize, resume: Option<&Arc<Database>>) -> Vec<u8> {
        let mut store = GameStore::new();
        let none = |_: usize, _: &mut GameStore, _: &mut Vec<(String, GameId)>| Ok(());
        let mut entries = build(game, cells, &mut store, resume, none, |_| ()).unwrap();
        let mut bytes = Vec::new();
        database::write(&mut bytes, G::INFO.name, cells, &mut store, &mut entries).unwrap();
        bytes
    }

    fn opened(bytes: Vec<u8>) -> Arc<Database> {
        Arc::new(Database::open(Arc::new(bytes)).unwrap())
    }

    /// Domineering's checkpointed search reads no database: a context
    /// consulting one of Domineering has none, and evaluates instead.
    #[test]
    fn a_context_consulting_a_database_has_no_checkpointed_search() {
        let game = find("domineering").unwrap();
        let mut ctx = Context::new();
        assert!(game.resumable_search("2x2", &mut ctx).unwrap().is_some());
        ctx.database = Some(opened(built(&Domineering, 4, None)));
        assert!(game.resumable_search("2x2", &mut ctx).unwrap().is_none());
    }

    /// A 64-bit xorshift generator: the same boards on every run.
    struct Random(u64);
    impl Random {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
    }

    /// The slow twin of the enumeration: every subset of the cells of a
    /// 3×3 and a 2×4 box that is connected (by a flood fill), as a
    /// Domineering board, has its canonical key in the database when it
    /// has at most its cells, at the value the evaluator computes alone.
    #[test]
    fn every_region_of_a_box_is_held_at_its_value() {
        let db = opened(built(&Domineering, 6, None));
        let consulted = Consulted::new(Arc::clone(&db));
        let mut store = GameStore::new();
        let mut alone = Evaluator::new(Domineering, usize::MAX);
        let mut held = 0;
        for (h, w) in [(3, 3), (2, 4)] {
            for mask in 1u32..1 << (h * w) {
                let cells: Vec<(i64, i64)> = (0..h * w)
                    .filter(|i| mask >> i & 1 == 1)
                    .map(|i| ((i / w) as i64, (i % w) as i64))
                    .collect();
                if cells.len() > 6 || !connected(&cells) {
                    continue;
                }
                let rows = filled(&Shape::normalized(&cells), b'.', b'#');
                let board = rows_text(&rows).parse().unwrap();
                let (key, _) = Domineering.oriented(&board);
                let got = consulted.value(&mut store, &key.to_string()).unwrap();
                let want = alone.value(&mut store, &key).unwrap();
                assert_eq!(got, Some(want), "{key}");
                held += 1;
            }
        }
        assert!(held > 100);
    }

    fn connected(cells: &[(i64, i64)]) -> bool {
        let mut reached = vec![cells[0]];
        let mut i = 0;
        while i < reached.len() {
            let (r, c) = reached[i];
            for n in [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)] {
                if cells.contains(&n) && !reached.contains(&n) {
                    reached.push(n);
                }
            }
            i += 1;
        }
        reached.len() == cells.len()
    }

    /// Every entry of a Clobber database is the value the evaluator
    /// computes without it ([`disagreement`] against a fresh build is
    /// the same check, run by `mex db check`).
    #[test]
    fn every_clobber_entry_is_the_value_of_its_region() {
        let db = opened(built(&Clobber, 5, None));
        let mut store = GameStore::new();
        let consulted = Consulted::new(Arc::clone(&db));
        let mut alone = Evaluator::new(Clobber, usize::MAX);
        for (key, _) in db.iter() {
            let got = consulted.value(&mut store, key).unwrap().unwrap();
            let want = alone.value(&mut store, &key.parse().unwrap()).unwrap();
            assert_eq!(got, want, "{key}");
        }
        assert!(db.entries() > 100);
    }

    /// Random boards have the same value, and the same outcome by the
    /// outcome search, with the database as without it.
    #[test]
    fn a_database_changes_no_answer() {
        type Boards = fn(&mut Random) -> String;
        let cases: [(&str, Arc<Database>, Boards); 2] = [
            ("domineering", opened(built(&Domineering, 7, None)), |r| {
                random_board(r, 4, 5, b".#", 3)
            }),
            ("clobber", opened(built(&Clobber, 5, None)), |r| {
                random_board(r, 3, 4, b"xo.", 0)
            }),
        ];
        let mut random = Random(0x9e37_79b9_7f4a_7c15);
        for (name, db, board) in cases {
            let game = find(name).unwrap();
            for _ in 0..40 {
                let position = board(&mut random);
                let (plain, with) = (
                    answers(game, &position, None),
                    answers(game, &position, Some(&db)),
                );
                assert_eq!(plain, with, "{name} {position}");
            }
        }
    }

    /// Rows of `h`×`w` cells from `alphabet`, the first one `bias` times
    /// likelier than each other.
    fn random_board(r: &mut Random, h: usize, w: usize, alphabet: &[u8], bias: u64) -> String {
        let rows: Vec<Vec<u8>> = (0..h)
            .map(|_| {
                (0..w)
                    .map(|_| {
                        let k = r.next() % (alphabet.len() as u64 + bias);
                        alphabet[k.saturating_sub(bias) as usize]
                    })
                    .collect()
            })
            .collect();
        rows_text(&rows)
    }

    /// The value's text and the outcome class by the outcome search.
    fn answers(
        game: &'static dyn CatalogGame,
        position: &str,
        db: Option<&Arc<Database>>,
    ) -> (String, String) {
        let mut ctx = Context::new();
        ctx.database = db.cloned();
        let g = game.canonical(position, &mut ctx).unwrap();
        let value = crate::partizan::notation::show(&ctx.store, g);
        let summand = Summand { game, position };
        let outcome = outcome_search::outcome(&[summand], &mut ctx).unwrap();
        (value, format!("{outcome:?}"))
    }

    /// A build resumed from a smaller database writes the file a build
    /// from scratch writes, byte for byte.
    #[test]
    fn a_resumed_build_writes_the_same_file() {
        let small = opened(built(&Domineering, 4, None));
        assert_eq!(
            built(&Domineering, 7, Some(&small)),
            built(&Domineering, 7, None)
        );
    }

    /// A wrong value, a missing region and a database of another game
    /// are found.
    #[test]
    fn a_forged_database_is_found() {
        let fresh = || {
            let mut store = GameStore::new();
            let none = |_: usize, _: &mut GameStore, _: &mut Vec<(String, GameId)>| Ok(());
            let entries = build(&Domineering, 5, &mut store, None, none, |_| ()).unwrap();
            (store, entries)
        };
        let written = |store: &mut GameStore, entries: &mut Vec<(String, GameId)>| {
            let mut bytes = Vec::new();
            database::write(&mut bytes, "domineering", 5, store, entries).unwrap();
            opened(bytes)
        };
        let (mut store, mut entries) = fresh();
        let db = written(&mut store, &mut entries.clone());
        assert_eq!(disagreement(&db, &mut entries, &mut store).unwrap(), None);

        let (mut store, mut entries) = fresh();
        let mut forged = entries.clone();
        let seven = store.integer(7);
        forged[3].1 = seven;
        let db = written(&mut store, &mut forged);
        let found = disagreement(&db, &mut entries, &mut store).unwrap();
        assert!(
            matches!(found, Some(Disagreement::Value { .. })),
            "{found:?}"
        );

        let (mut store, mut entries) = fresh();
        let mut fewer = entries.clone();
        fewer.pop();
        let db = written(&mut store, &mut fewer);
        let found = disagreement(&db, &mut entries, &mut store).unwrap();
        assert!(
            matches!(found, Some(Disagreement::Count { .. })),
            "{found:?}"
        );

        assert!(Consulting::new(&Clobber, Some(&db)).is_err());
        assert!(find("clobber").unwrap().builds_databases());
        assert!(!find("konane").unwrap().builds_databases());
    }

    /// The fixed polyominoes of `n + 1` cells from those of `n` cells, by
    /// the definition (each with one neighbouring cell added, the copies
    /// removed): the slow twin of [`for_each_polyomino`].
    fn grown(shapes: &BTreeSet<Shape>) -> BTreeSet<Shape> {
        let mut next = BTreeSet::new();
        for shape in shapes {
            let cells: Vec<Cell> = shape
                .cells
                .iter()
                .map(|&(r, c)| (r as i64, c as i64))
                .collect();
            for &(r, c) in &cells {
                for new in [(r, c + 1), (r + 1, c), (r, c - 1), (r - 1, c)] {
                    if !cells.contains(&new) {
                        let mut more = cells.clone();
                        more.push(new);
                        next.insert(Shape::normalized(&more));
                    }
                }
            }
        }
        next
    }

    /// Redelmeier's enumeration visits exactly the polyominoes growth
    /// finds, each once, as many as OEIS A001168 counts.
    #[test]
    fn every_fixed_polyomino_is_visited_once() {
        let mut by_growth: BTreeSet<Shape> = [monomino()].into_iter().collect();
        for cells in 1..=9 {
            if cells > 1 {
                by_growth = grown(&by_growth);
            }
            let mut visited = Vec::new();
            for_each_polyomino(cells, &mut |s| {
                visited.push(s.clone());
                Ok(())
            })
            .unwrap();
            assert_eq!(visited.len() as u64, FIXED_POLYOMINOES[cells - 1]);
            let distinct: BTreeSet<Shape> = visited.into_iter().collect();
            assert_eq!(distinct, by_growth, "{cells} cells");
        }
    }

    #[test]
    fn a_shape_is_moved_to_the_corner() {
        let s = Shape::normalized(&[(3, 5), (2, 5), (3, 4)]);
        assert_eq!((s.height, s.width), (2, 2));
        assert_eq!(s.cells, [(0, 1), (1, 0), (1, 1)]);
        assert_eq!(rows_text(&filled(&s, b'.', b'#')), "#./..");
        assert_eq!(two_coloured(&s).len(), 6);
    }

    #[test]
    fn sizes_beyond_the_limit_are_refused() {
        assert!(check_size(0).is_err());
        assert!(check_size(MAX_DATABASE_CELLS + 1).is_err());
        assert!(check_size(MAX_DATABASE_CELLS).is_ok());
    }
}
