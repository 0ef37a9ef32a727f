//! Checkpoints of the nimber search (`mex_core::impartial::search_checkpoint`
//! through the catalog's `resumable_search`): a search saved part-way or
//! whole, read back into a fresh search and finished, gives the value of a
//! search run in one go; damaged and foreign files are refused.

use mex_core::games::{self, CatalogGame, Context, ResumableSearch};
use mex_core::stop::{run_under, StopToken};
use std::time::Duration;

fn search<'a>(game: &'a dyn CatalogGame, position: &str) -> Box<dyn ResumableSearch + 'a> {
    game.resumable_search(position, &Context::new())
        .unwrap()
        .expect("the game saves its searches")
}

fn saved(s: &dyn ResumableSearch) -> Vec<u8> {
    let mut file = Vec::new();
    s.save(&mut file).unwrap();
    file
}

/// Runs `position` in one go, then again in slices of `slice` each saved
/// and resumed into a fresh search, and compares the values; returns the
/// number of slices.
fn resumed_in_slices(name: &str, position: &str, slice: Duration) -> usize {
    let game = games::find(name).unwrap();
    let whole = search(game, position).run().unwrap();
    let mut file: Option<Vec<u8>> = None;
    for slices in 1..10_000 {
        let mut s = search(game, position);
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

#[test]
fn chomp_searches_resume_to_the_same_nimber() {
    let slices: Vec<usize> = ["6x6", "5x8", "7,5,5,2", "8x8"]
        .iter()
        .map(|board| resumed_in_slices("chomp", board, Duration::from_micros(100)))
        .collect();
    assert!(
        slices.iter().any(|&n| n > 2),
        "no search was cut: {slices:?}"
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
    assert!(resume(chomp, "3x5", &file)
        .unwrap_err()
        .contains("another game"));
    assert!(resume(cram, "3x5", &file[..file.len() - 1])
        .unwrap_err()
        .contains("ends early"));
    let mut flipped = file.clone();
    let body = flipped.len() - 40;
    flipped[body] ^= 1;
    assert!(resume(cram, "3x5", &flipped).is_err());
}

/// Games without records (and partizan games) have no resumable search.
#[test]
fn only_games_with_records_resume() {
    let ctx = Context::new();
    for (name, position) in [("kayles", "IIII"), ("domineering", "2x2")] {
        let game = games::find(name).unwrap();
        assert!(
            game.resumable_search(position, &ctx).unwrap().is_none(),
            "{name}"
        );
    }
}
