//! Databases of solved subgames: the canonical form of every region of a
//! ruleset up to a size, in a file that a search reads in place (the front
//! end maps it into memory, read-only, so processes share one copy).
//!
//! The idea is that of the endgame databases of the record-holding
//! solvers: Uiterwijk's Domineering databases of every region up to 15
//! squares, MCGS's database of subgames with their outcome classes and
//! bounds (see docs/references.md). mex keeps the exact canonical form of
//! each region, so a search that meets the region substitutes its value
//! (and sums it with the others in closed form) without expanding it.
//!
//! Format (`docs/database-format.md`): a text header (`mex-db 1`, the
//! `name=value` fields `game`, `max-cells`, `forms`, `entries`,
//! `key-bytes`, a blank line), then four little-endian sections —
//! the byte offset of each form in the form section (`u32` each), the
//! forms (`u32` Left count, `u32` Right count, the options as increasing
//! indices of earlier forms; form 0 is `0 = { | }`), the entries sorted by key
//! (`u32` key offset, `u32` key length, `u32` form), the keys (the
//! ruleset's canonical key of each region in the game's own notation) —
//! and the SHA-256 digest of everything before it ([`crate::digest_io`]).
//! The digest detects damage, not forgery: `mex db check` recomputes every
//! entry from the rules, and a proof never trusts a database (its checker
//! recomputes what it cites).
//!
//! This module reads bytes and writes through `Write`; opening and mapping
//! files is the front end's business.

use super::store::{GameId, GameStore};
use crate::digest_io::HashingWriter;
use crate::MexError;
use rustc_hash::FxHashMap;
use sha2::{Digest, Sha256};
use std::cell::RefCell;
use std::io::{self, Write};
use std::sync::Arc;

/// The first line of a database file.
pub const MAGIC: &str = "mex-db 1";
/// Bytes of one entry of the entry section.
const ENTRY_BYTES: usize = 12;
/// Bytes of the digest that ends the file.
const DIGEST_BYTES: usize = 32;

/// The bytes of a database: a memory map, a vector, anything that derefs
/// to bytes and may be shared between threads.
pub type Bytes = Arc<dyn AsRef<[u8]> + Send + Sync>;

/// A database read and validated: its header, and where its sections are.
pub struct Database {
    bytes: Bytes,
    game: String,
    max_cells: usize,
    forms: usize,
    entries: usize,
    /// Byte offsets of the four sections.
    form_offsets: usize,
    form_section: usize,
    entry_section: usize,
    key_section: usize,
    /// The SHA-256 digest of the file, in hexadecimal.
    digest: String,
}

impl std::fmt::Debug for Database {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Database({}, {} cells, {} entries)",
            self.game, self.max_cells, self.entries
        )
    }
}

fn damaged(why: &str) -> MexError {
    MexError::invalid(
        format!("not a usable mex database: {why}"),
        "a database of this version (docs/database-format.md)",
    )
}

fn u32_at(bytes: &[u8], at: usize) -> Result<usize, MexError> {
    bytes
        .get(at..at + 4)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
        .ok_or_else(|| damaged("it ends early"))
}

/// The header: its fields in order, and the offset of the body.
fn header(bytes: &[u8]) -> Result<(Vec<(String, String)>, usize), MexError> {
    let mut at = 0;
    let mut line = || -> Result<&str, MexError> {
        let rest = bytes.get(at..).unwrap_or_default();
        let end = rest
            .iter()
            .take(4096)
            .position(|&b| b == b'\n')
            .ok_or_else(|| damaged("its header does not end"))?;
        at += end + 1;
        std::str::from_utf8(&rest[..end]).map_err(|_| damaged("its header is not text"))
    };
    if line()? != MAGIC {
        return Err(damaged(&format!("it does not start with {MAGIC}")));
    }
    let mut fields = Vec::new();
    loop {
        let l = line()?;
        if l.is_empty() {
            break;
        }
        let (name, value) = l
            .split_once('=')
            .ok_or_else(|| damaged("a header line is not name=value"))?;
        fields.push((name.to_string(), value.to_string()));
    }
    Ok((fields, at))
}

fn field<'f>(fields: &'f [(String, String)], name: &str) -> Result<&'f str, MexError> {
    fields
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
        .ok_or_else(|| damaged(&format!("its header lacks {name}=")))
}

fn count(fields: &[(String, String)], name: &str) -> Result<usize, MexError> {
    field(fields, name)?
        .parse()
        .map_err(|_| damaged(&format!("{name} is not a count")))
}

impl Database {
    /// Reads a database from its bytes: the header, the digest (damage is
    /// refused) and the structure (every option names an earlier form,
    /// every entry a form, the keys are sorted and distinct), in one pass
    /// over the file.
    pub fn open(bytes: Bytes) -> Result<Database, MexError> {
        let all = (*bytes).as_ref();
        let (fields, body) = header(all)?;
        let (forms, entries) = (count(&fields, "forms")?, count(&fields, "entries")?);
        let key_bytes = count(&fields, "key-bytes")?;
        let end = all
            .len()
            .checked_sub(DIGEST_BYTES)
            .ok_or_else(|| damaged("it ends early"))?;
        if Sha256::digest(&all[..end]).as_slice() != &all[end..] {
            return Err(damaged("its digest does not match (the file is damaged)"));
        }
        let form_section = body + 4 * forms;
        let entry_section = end - key_bytes - ENTRY_BYTES * entries;
        let db = Database {
            game: field(&fields, "game")?.to_string(),
            max_cells: count(&fields, "max-cells")?,
            forms,
            entries,
            form_offsets: body,
            form_section,
            entry_section,
            key_section: end - key_bytes,
            digest: crate::digest_io::sha256_hex(all),
            bytes,
        };
        db.validate()?;
        Ok(db)
    }

    fn all(&self) -> &[u8] {
        (*self.bytes).as_ref()
    }

    fn validate(&self) -> Result<(), MexError> {
        if self.forms == 0 || self.form_section > self.entry_section {
            return Err(damaged("its sections do not fit its length"));
        }
        let mut expected = 0;
        for i in 0..self.forms {
            if u32_at(self.all(), self.form_offsets + 4 * i)? != expected {
                return Err(damaged("the forms are not where their offsets say"));
            }
            let (left, right) = self.form(i)?;
            if left.iter().chain(&right).any(|&o| o >= i) {
                return Err(damaged("an option is not an earlier form"));
            }
            if i == 0 && !(left.is_empty() && right.is_empty()) {
                return Err(damaged("form 0 is not 0"));
            }
            expected += 8 + 4 * (left.len() + right.len());
        }
        if self.form_section + expected != self.entry_section {
            return Err(damaged("its sections do not fit its length"));
        }
        let mut last: Option<&[u8]> = None;
        for e in 0..self.entries {
            let (key, form) = self.entry(e)?;
            if form >= self.forms || last.is_some_and(|l| l >= key) {
                return Err(damaged(
                    "its entries are not sorted, distinct keys of forms",
                ));
            }
            std::str::from_utf8(key).map_err(|_| damaged("a key is not text"))?;
            last = Some(key);
        }
        Ok(())
    }

    /// The Left and Right options of form `i` (indices of earlier forms).
    fn form(&self, i: usize) -> Result<(Vec<usize>, Vec<usize>), MexError> {
        let at = self.form_section + u32_at(self.all(), self.form_offsets + 4 * i)?;
        let (nl, nr) = (u32_at(self.all(), at)?, u32_at(self.all(), at + 4)?);
        if at + 8 + 4 * (nl + nr) > self.entry_section {
            return Err(damaged("a form runs past its section"));
        }
        let option = |k: usize| u32_at(self.all(), at + 8 + 4 * k);
        let left = (0..nl).map(option).collect::<Result<_, _>>()?;
        let right = (nl..nl + nr).map(option).collect::<Result<_, _>>()?;
        Ok((left, right))
    }

    /// Entry `e`: its key and its form.
    fn entry(&self, e: usize) -> Result<(&[u8], usize), MexError> {
        let at = self.entry_section + ENTRY_BYTES * e;
        let (offset, len) = (u32_at(self.all(), at)?, u32_at(self.all(), at + 4)?);
        let form = u32_at(self.all(), at + 8)?;
        let start = self.key_section + offset;
        let key = self
            .all()
            .get(start..start + len)
            .filter(|_| start + len <= self.all().len() - DIGEST_BYTES)
            .ok_or_else(|| damaged("a key runs past its section"))?;
        Ok((key, form))
    }

    /// The game (catalog name) whose regions this holds.
    pub fn game(&self) -> &str {
        &self.game
    }

    /// The most cells of a region it holds.
    pub fn max_cells(&self) -> usize {
        self.max_cells
    }

    /// How many regions it holds.
    pub fn entries(&self) -> usize {
        self.entries
    }

    /// How many distinct canonical forms its regions have.
    pub fn forms(&self) -> usize {
        self.forms
    }

    /// The SHA-256 digest of the whole file, in hexadecimal.
    pub fn digest(&self) -> &str {
        &self.digest
    }

    /// The form of the region whose canonical key reads `key`, if held
    /// (binary search over the sorted keys).
    pub fn lookup(&self, key: &str) -> Option<usize> {
        let (mut lo, mut hi) = (0, self.entries);
        while lo < hi {
            let mid = (lo + hi) / 2;
            let (k, form) = self.entry(mid).ok()?;
            match k.cmp(key.as_bytes()) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => return Some(form),
            }
        }
        None
    }

    /// Every entry in key order: the key and its form.
    pub fn iter(&self) -> impl Iterator<Item = (&str, usize)> + '_ {
        (0..self.entries).map(|e| {
            let (key, form) = self.entry(e).expect("validated when opened");
            (
                std::str::from_utf8(key).expect("validated when opened"),
                form,
            )
        })
    }

    /// Form `i` in `store`, through the store's own simplification (so a
    /// forged database cannot put a form that is not canonical into a
    /// store), with the forms already imported in `memo`.
    pub fn import(
        &self,
        store: &mut GameStore,
        i: usize,
        memo: &mut FxHashMap<usize, GameId>,
    ) -> Result<GameId, MexError> {
        if let Some(&g) = memo.get(&i) {
            return Ok(g);
        }
        let (left, right) = self.form(i)?;
        let mut side = |options: Vec<usize>| -> Result<Vec<GameId>, MexError> {
            options
                .into_iter()
                .map(|o| self.import(store, o, memo))
                .collect()
        };
        let (left, right) = (side(left)?, side(right)?);
        let g = store.try_make(left, right)?;
        memo.insert(i, g);
        Ok(g)
    }
}

/// Forms of a database imported into one store: the database and, for the
/// store last used (by its serial), the form → id table. Cheap to clone
/// (shared), so every component of one search shares the table.
#[derive(Clone)]
pub struct Consulted {
    database: Arc<Database>,
    imported: std::rc::Rc<RefCell<(u32, FxHashMap<usize, GameId>)>>,
}

impl Consulted {
    /// Consults `database`.
    pub fn new(database: Arc<Database>) -> Self {
        Consulted {
            database,
            imported: Default::default(),
        }
    }

    /// The database.
    pub fn database(&self) -> &Database {
        &self.database
    }

    /// The value in `store` of the region whose canonical key reads `key`,
    /// if the database holds it.
    pub fn value(&self, store: &mut GameStore, key: &str) -> Result<Option<GameId>, MexError> {
        let Some(form) = self.database.lookup(key) else {
            return Ok(None);
        };
        let mut imported = self.imported.borrow_mut();
        if imported.0 != store.serial() {
            *imported = (store.serial(), FxHashMap::default());
        }
        self.database.import(store, form, &mut imported.1).map(Some)
    }
}

/// Writes a database of `game`'s regions up to `max_cells` cells: each
/// entry is a canonical key (in the game's notation) and its value in
/// `store`. The forms are written in the order a depth-first walk from the
/// entries (in key order) first finishes them ([`FormOrder`]), so the same
/// entries and values give the same file, byte for byte, whatever store
/// holds them.
pub fn write(
    out: impl Write,
    game: &str,
    max_cells: usize,
    store: &mut GameStore,
    entries: &mut [(String, GameId)],
) -> Result<(), MexError> {
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    if entries.windows(2).any(|w| w[0].0 == w[1].0) {
        return Err(MexError::invalid(
            "a database with a key twice",
            "distinct canonical keys",
        ));
    }
    let mut order = FormOrder::default();
    order.number(store, store.zero())?;
    let values = entries
        .iter()
        .map(|(_, g)| order.number(store, *g))
        .collect::<Result<Vec<_>, _>>()?;
    let keys: usize = entries.iter().map(|(k, _)| k.len()).sum();
    let io_error = |e: io::Error| {
        MexError::invalid(
            format!("the database could not be written: {e}"),
            "a writable file",
        )
    };
    let mut w = HashingWriter::new(out);
    w.header(
        MAGIC,
        &[
            ("game", game.to_string()),
            ("max-cells", max_cells.to_string()),
            ("forms", order.forms.len().to_string()),
            ("entries", entries.len().to_string()),
            ("key-bytes", keys.to_string()),
        ],
    )
    .map_err(io_error)?;
    let mut offset = 0u32;
    for (left, right) in &order.forms {
        w.write_all(&offset.to_le_bytes()).map_err(io_error)?;
        offset += 8 + 4 * (left.len() + right.len()) as u32;
    }
    for (left, right) in &order.forms {
        w.write_all(&(left.len() as u32).to_le_bytes())
            .map_err(io_error)?;
        w.write_all(&(right.len() as u32).to_le_bytes())
            .map_err(io_error)?;
        for &o in left.iter().chain(right) {
            w.write_all(&o.to_le_bytes()).map_err(io_error)?;
        }
    }
    let mut key_offset = 0u32;
    for ((key, _), form) in entries.iter().zip(&values) {
        for field in [key_offset, key.len() as u32, *form] {
            w.write_all(&field.to_le_bytes()).map_err(io_error)?;
        }
        key_offset += key.len() as u32;
    }
    for (key, _) in entries.iter() {
        w.write_all(key.as_bytes()).map_err(io_error)?;
    }
    w.finish().map_err(io_error)
}

/// The forms of a database in the order they are written, each as the
/// indices of its options. The order depends on the values alone, not on
/// the ids a store gave them: options are numbered in the order of their
/// notation ([`super::notation::show`], one text for each canonical form),
/// and each side's indices are written in increasing order.
#[derive(Default)]
struct FormOrder {
    index: FxHashMap<GameId, u32>,
    forms: Vec<(Vec<u32>, Vec<u32>)>,
    texts: FxHashMap<GameId, String>,
}

impl FormOrder {
    /// The index of `g`, numbering its options first (the recursion is as
    /// deep as `g`'s birthday: at most the cells of a region).
    fn number(&mut self, store: &mut GameStore, g: GameId) -> Result<u32, MexError> {
        if let Some(&i) = self.index.get(&g) {
            return Ok(i);
        }
        store.refuse_records(g, "a database entry")?;
        let left = self.side(store, g, true)?;
        let right = self.side(store, g, false)?;
        let i = self.forms.len() as u32;
        self.forms.push((left, right));
        self.index.insert(g, i);
        Ok(i)
    }

    /// The indices of `g`'s options on one side, numbered in the order of
    /// their notation, written in increasing order.
    fn side(&mut self, store: &mut GameStore, g: GameId, left: bool) -> Result<Vec<u32>, MexError> {
        let mut options = store.try_options(g, left)?;
        for &o in &options {
            self.texts
                .entry(o)
                .or_insert_with(|| super::notation::show(store, o));
        }
        options.sort_by(|a, b| self.texts[a].cmp(&self.texts[b]));
        let mut indices = options
            .into_iter()
            .map(|o| self.number(store, o))
            .collect::<Result<Vec<_>, _>>()?;
        indices.sort_unstable();
        Ok(indices)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small_database(store: &mut GameStore) -> Vec<u8> {
        let star = store.nimber(1);
        let half = store.dyadic(1, 1);
        let up = store.up();
        let mut entries = vec![
            ("b".to_string(), half),
            ("a".to_string(), star),
            ("c".to_string(), up),
            ("d".to_string(), store.zero()),
        ];
        let mut out = Vec::new();
        write(&mut out, "test", 3, store, &mut entries).unwrap();
        out
    }

    fn open(bytes: Vec<u8>) -> Result<Database, MexError> {
        Database::open(Arc::new(bytes))
    }

    /// Written entries come back, in a fresh store, as the same values.
    #[test]
    fn entries_read_back_as_their_values() {
        let mut store = GameStore::new();
        let db = open(small_database(&mut store)).unwrap();
        assert_eq!((db.game(), db.max_cells(), db.entries()), ("test", 3, 4));
        let mut fresh = GameStore::new();
        let consulted = Consulted::new(Arc::new(db));
        let star = fresh.nimber(1);
        let up = fresh.up();
        let half = fresh.dyadic(1, 1);
        for (key, want) in [("a", star), ("b", half), ("c", up), ("d", fresh.zero())] {
            let got = consulted.value(&mut fresh, key).unwrap().unwrap();
            assert!(fresh.equal(got, want), "{key}");
        }
        assert_eq!(consulted.value(&mut fresh, "e").unwrap(), None);
        assert_eq!(consulted.value(&mut fresh, "").unwrap(), None);
    }

    /// The same entries in another order give the same bytes.
    #[test]
    fn the_file_does_not_depend_on_the_order_of_the_entries() {
        let a = small_database(&mut GameStore::new());
        let mut store = GameStore::new();
        let up = store.up();
        let star = store.nimber(1);
        let half = store.dyadic(1, 1);
        let mut entries = vec![
            ("d".to_string(), store.zero()),
            ("c".to_string(), up),
            ("a".to_string(), star),
            ("b".to_string(), half),
        ];
        let mut b = Vec::new();
        write(&mut b, "test", 3, &mut store, &mut entries).unwrap();
        assert_eq!(a, b);
    }

    /// Values made in another order in another store (other ids) give
    /// the same bytes.
    #[test]
    fn the_file_does_not_depend_on_the_ids_of_the_store() {
        let a = small_database(&mut GameStore::new());
        let mut store = GameStore::new();
        let _ = (
            store.try_ups(3, 1).unwrap(),
            store.dyadic(3, 2),
            store.nimber(4),
        );
        let half = store.dyadic(1, 1);
        let up = store.up();
        let star = store.nimber(1);
        let mut entries = vec![
            ("c".to_string(), up),
            ("b".to_string(), half),
            ("d".to_string(), store.zero()),
            ("a".to_string(), star),
        ];
        let mut b = Vec::new();
        write(&mut b, "test", 3, &mut store, &mut entries).unwrap();
        assert_eq!(a, b);
    }

    /// Every byte changed, and every truncation, is refused.
    #[test]
    fn a_damaged_file_is_refused() {
        let good = small_database(&mut GameStore::new());
        for i in 0..good.len() {
            let mut bad = good.clone();
            bad[i] ^= 0x20;
            assert!(open(bad).is_err(), "byte {i} changed");
        }
        for len in 0..good.len() {
            assert!(open(good[..len].to_vec()).is_err(), "cut at {len}");
        }
    }

    /// A file whose digest is recomputed after an edit (a forgery, not
    /// damage) is still refused when its structure is broken.
    #[test]
    fn a_forged_structure_is_refused() {
        let good = small_database(&mut GameStore::new());
        let (_, body) = header(&good).unwrap();
        let end = good.len() - DIGEST_BYTES;
        let resealed = |mut bytes: Vec<u8>| {
            let digest = Sha256::digest(&bytes[..end]);
            bytes[end..].copy_from_slice(&digest);
            bytes
        };
        // The first form's offset, made nonzero.
        let mut bad = good.clone();
        bad[body] = 1;
        assert!(open(resealed(bad)).is_err());
        // The last entry's form, made out of range.
        let mut bad = good.clone();
        let key_bytes = 4;
        let last_form = end - key_bytes - 4;
        bad[last_form] = 0xff;
        assert!(open(resealed(bad)).is_err());
        // Two keys swapped: no longer sorted.
        let mut bad = good.clone();
        bad.swap(end - 4, end - 3);
        assert!(open(resealed(bad)).is_err());
        assert!(open(resealed(good)).is_ok());
    }
}
