//! Checkpoints of the nimber search (`mex_core::impartial::search_checkpoint`)
//! and of Domineering's search (`mex_core::partizan::search_checkpoint`),
//! through the catalog's `resumable_search`: a search saved part-way or
//! whole, read back into a fresh search and finished, gives the value of a
//! search run in one go; damaged and foreign files are refused.

use mex_core::games::{self, CatalogGame, Context, ResumableSearch};
use mex_core::stop::{run_under, StopToken};
use std::time::Duration;

fn search<'a>(game: &'a dyn CatalogGame, position: &str) -> Box<dyn ResumableSearch + 'a> {
    search_within(game, position, Context::new().search_memory)
}

/// The checkpointed search of `position` under `memory` bytes.
fn search_within<'a>(
    game: &'a dyn CatalogGame,
    position: &str,
    memory: usize,
) -> Box<dyn ResumableSearch + 'a> {
    let mut ctx = Context::new();
    ctx.search_memory = memory;
    // The search evaluates in the context's store for as long as it lives:
    // a test's few contexts are left to the end of the process.
    let ctx = Box::leak(Box::new(ctx));
    game.resumable_search(position, ctx)
        .unwrap()
        .expect("the game saves its searches")
}

/// One MiB: Chomp's dense table of a 14 × 14 box (38 MiB) does not fit,
/// so a sparse staircase inside it is searched by the full solver, saved.
const SMALL_MEMORY: usize = 1 << 20;

fn saved(s: &dyn ResumableSearch) -> Vec<u8> {
    let mut file = Vec::new();
    s.save(&mut file).unwrap();
    file
}

/// Runs `position` in one go, then again in slices of `slice` each saved
/// and resumed into a fresh search, and compares the values; returns the
/// number of slices.
fn resumed_in_slices(name: &str, position: &str, slice: Duration) -> usize {
    resumed_in_slices_within(name, position, slice, Context::new().search_memory)
}

/// [`resumed_in_slices`] under `memory` bytes.
fn resumed_in_slices_within(name: &str, position: &str, slice: Duration, memory: usize) -> usize {
    let game = games::find(name).unwrap();
    let whole = search_within(game, position, memory).run().unwrap();
    let mut file: Option<Vec<u8>> = None;
    for slices in 1..10_000 {
        let mut s = search_within(game, position, memory);
        assert!(s.saves(), "{name} {position}");
        if let Some(f) = &file {
            let read = s.resume(&mut &f[..]).unwrap();
            assert_eq!(s.positions(), read);
        }
        let token = StopToken::with_time_limit(slice);
        match run_under(&token, || s.run()) {
            Ok(e) => {
                assert_eq!(e.value_text(), whole.value_text(), "{name} {position}");
                assert_eq!(e.position, whole.position);
                return slices;
            }
            Err(mex_core::MexError::Stopped { .. }) => file = Some(saved(&*s)),
            Err(e) => panic!("{e}"),
        }
    }
    panic!("{name} {position} did not finish in slices of {slice:?}");
}

#[test]
fn cram_searches_resume_to_the_same_nimber() {
    let slices: Vec<usize> = ["4x5", "3x9", "..../...#/#...", "5x5", "4x7"]
        .iter()
        .map(|board| resumed_in_slices("cram", board, Duration::from_micros(100)))
        .collect();
    assert!(
        slices.iter().any(|&n| n > 2),
        "no search was cut: {slices:?}"
    );
}

/// Chomp's full solver, the checkpointed engine of a board whose dense
/// table does not fit the memory budget.
#[test]
fn chomp_searches_resume_to_the_same_nimber() {
    let slices: Vec<usize> = [
        "14,14,2,2,2,2,2,2,2,2,2,2,2,2",
        "14,14,1,1,1,1,1,1,1,1,1,1,1,1",
    ]
    .iter()
    .map(|board| {
        let slice = Duration::from_micros(100);
        resumed_in_slices_within("chomp", board, slice, SMALL_MEMORY)
    })
    .collect();
    assert!(
        slices.iter().any(|&n| n > 2),
        "no search was cut: {slices:?}"
    );
}

/// Where Chomp's dense table fits the budget it answers, as in a plain
/// run, and no checkpoint is kept: the search says so, gives the plain
/// value, and refuses to save or read a file.
#[test]
fn chomp_boards_of_the_dense_table_keep_no_checkpoint() {
    let chomp = games::find("chomp").unwrap();
    for board in ["6x6", "5x8", "7,5,5,2", "8x8"] {
        let mut s = search(chomp, board);
        assert!(!s.saves(), "{board}");
        let plain = chomp.evaluate(board, &mut Context::new()).unwrap();
        assert_eq!(s.run().unwrap().value_text(), plain.value_text(), "{board}");
        assert!(s.save(&mut Vec::new()).is_err());
        let general = search_within(chomp, "14,14,2,2,2,2,2,2,2,2,2,2,2,2", SMALL_MEMORY);
        let file = saved(&*general);
        let refused = s.resume(&mut &file[..]).unwrap_err().to_string();
        assert!(refused.contains("keeps no checkpoint"), "{refused}");
    }
}

/// The record width in the header of a Cram checkpoint: 8 bytes (the
/// 64-bit board search of a plain run) up to 64 cells, 18 (the general
/// search) above.
#[test]
fn cram_files_name_the_engine_by_their_record_width() {
    let cram = games::find("cram").unwrap();
    for (board, width) in [
        ("8x8", "record=8\n"),
        ("4x16", "record=8\n"),
        ("5x13", "record=18\n"),
    ] {
        let file = saved(&*search(cram, board));
        let header = String::from_utf8_lossy(&file[..file.len().min(200)]).to_string();
        assert!(header.contains(width), "{board}: {header}");
    }
}

/// The checkpointed Cram search of a board of at most 64 cells (the
/// 64-bit board search) against the full Sprague–Grundy solver of the
/// general ruleset, with no symmetry or board tricks beyond the
/// ruleset's, on every board up to 12 cells and some with taken cells.
#[test]
fn checkpointed_cram_agrees_with_the_general_solver() {
    use mex_core::games::cram::{Cells, Cram};
    use mex_core::impartial::grundy::GrundySolver;
    let cram = games::find("cram").unwrap();
    let mut boards: Vec<String> = Vec::new();
    for h in 1..=4 {
        for w in 1..=(12 / h) {
            boards.push(format!("{h}x{w}"));
        }
    }
    boards.extend(
        [
            "..#./..../.#../....",
            "#.../..../..../...#",
            ".#.../...../..#..",
        ]
        .map(String::from),
    );
    for board in &boards {
        let mut s = search(cram, board);
        let ours = s.run().unwrap();
        let cells: Cells = cram.normalize(board).unwrap().parse().unwrap();
        let theirs = GrundySolver::new(Cram).grundy(&cells).unwrap();
        let games::Value::Grundy(ours) = ours.value else {
            panic!("{board}: not a Grundy value")
        };
        assert_eq!(ours.to_string(), theirs.to_string(), "{board}");
    }
}

/// A file of the general Cram search (18-byte records) for a board that
/// is now searched on the 64-bit board (8-byte records) is refused in one
/// line naming both widths, never misread.
#[test]
fn a_file_of_the_other_cram_engine_is_refused() {
    use mex_core::games::cram::{Cells, Cram};
    use mex_core::impartial::search_checkpoint::{self, Subject};
    let cram = games::find("cram").unwrap();
    let subject = Subject {
        game: "cram".into(),
        position: cram.normalize("4x5").unwrap(),
    };
    let cells: Cells = subject.position.parse().unwrap();
    let known = [(&cells, 0u64)].into_iter();
    let none = std::iter::empty::<(&Cells, u128)>();
    let mut file = Vec::new();
    search_checkpoint::write(&mut file, &Cram, &subject, known, none).unwrap();
    let refused = search(cram, "4x5")
        .resume(&mut &file[..])
        .unwrap_err()
        .to_string();
    assert!(
        refused.contains("records of 18 bytes, this search's of 8") && refused.lines().count() == 1,
        "{refused}"
    );
}

/// A finished search saved and read back answers without searching again.
#[test]
fn a_finished_search_reads_back_whole() {
    let game = games::find("cram").unwrap();
    let mut first = search(game, "4x5");
    let value = first.run().unwrap();
    let file = saved(&*first);
    let mut again = search(game, "4x5");
    let read = again.resume(&mut &file[..]).unwrap();
    assert_eq!(read, first.positions());
    assert_eq!(again.run().unwrap().value_text(), value.value_text());
}

#[test]
fn damaged_or_foreign_files_are_refused() {
    let cram = games::find("cram").unwrap();
    let mut s = search(cram, "3x5");
    s.run().unwrap();
    let file = saved(&*s);
    let resume = |game: &dyn CatalogGame, position: &str, bytes: &[u8]| {
        search(game, position)
            .resume(&mut &bytes[..])
            .map_err(|e| e.to_string())
    };
    assert!(resume(cram, "3x5", &file).is_ok());
    assert!(resume(cram, "5x3", &file)
        .unwrap_err()
        .contains("another position"));
    let chomp = games::find("chomp").unwrap();
    let into_chomp = search_within(chomp, "14,14,2,2,2,2,2,2,2,2,2,2,2,2", SMALL_MEMORY)
        .resume(&mut &file[..])
        .unwrap_err()
        .to_string();
    assert!(into_chomp.contains("another game"), "{into_chomp}");
    assert!(resume(cram, "3x5", &file[..file.len() - 1])
        .unwrap_err()
        .contains("ends early"));
    let mut flipped = file.clone();
    let body = flipped.len() - 40;
    flipped[body] ^= 1;
    assert!(resume(cram, "3x5", &flipped).is_err());
}

/// Impartial games without records, and partizan games without a
/// checkpointed search of their own, have no resumable search.
#[test]
fn only_games_with_records_or_their_own_search_resume() {
    for (name, position) in [("kayles", "IIII"), ("clobber", "xo"), ("snort", "2x2")] {
        let game = games::find(name).unwrap();
        assert!(
            game.resumable_search(position, &mut Context::new())
                .unwrap()
                .is_none(),
            "{name}"
        );
    }
    let domineering = games::find("domineering").unwrap();
    assert!(domineering
        .resumable_search("2x2", &mut Context::new())
        .unwrap()
        .is_some());
}

/// Domineering's own search, stopped part-way, saved and resumed in fresh
/// searches, finds the value of a search run in one go.
#[test]
fn domineering_searches_resume_to_the_same_value() {
    let slices: Vec<usize> = ["4x4", "4x5", "..../..#./..../...."]
        .iter()
        .map(|board| resumed_in_slices("domineering", board, Duration::from_micros(100)))
        .collect();
    assert!(
        slices.iter().any(|&n| n > 2),
        "no search was cut: {slices:?}"
    );
}
