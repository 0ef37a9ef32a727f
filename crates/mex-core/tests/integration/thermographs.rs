//! Thermographs against CGSuite: the walls CGSuite 2.2 printed for 4×4
//! Domineering and 3×3 Amazons boards (from MCGS's test files, converted
//! by `tests/data/thermographs/convert.py`), breakpoint by breakpoint,
//! for every temperature `t ≥ −1` — below zero too, where numbers that are
//! not integers follow their options (Siegel 2013, II.5).

use mex_core::games::{self, Context};
use mex_core::partizan::thermograph::{Thermographs, Wall, Q};

const CORPUS: &str = include_str!("../data/thermographs/cgsuite-thermographs.txt");

/// `(value, t)` pairs as CGSuite prints them: `L: (2, -1) (2, -1/2) …`.
fn cgsuite_wall(text: &str) -> Vec<(Q, Q)> {
    let body = text.split_once(':').expect("L: or R:").1;
    body.split(')')
        .map(|p| p.trim().trim_start_matches('('))
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (v, t) = p.split_once(',').expect("(value, t)");
            (v.trim().parse().unwrap(), t.trim().parse().unwrap())
        })
        .collect()
}

/// mex's wall in CGSuite's form: the breakpoints as `(value, t)`, the
/// last one where the mast starts.
fn mex_wall(wall: &Wall) -> Vec<(Q, Q)> {
    assert_eq!(wall.tail_slope(), 0, "a wall ends in the mast");
    wall.breakpoints()
        .iter()
        .map(|(t, v)| (v.clone(), t.clone()))
        .collect()
}

#[test]
fn thermographs_agree_with_cgsuite() {
    let mut checked = 0;
    for line in CORPUS.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [game, position, left, right, source] = fields[..] else {
            panic!("bad corpus line {line}");
        };
        let mut ctx = Context::new();
        let g = games::find(game)
            .unwrap()
            .canonical(position, &mut ctx)
            .unwrap();
        let th = Thermographs::default().of(&ctx.store, g);
        let shown = mex_core::partizan::notation::show(&ctx.store, g);
        assert_eq!(
            mex_wall(&th.left),
            cgsuite_wall(left),
            "left wall of {game} {position} = {shown} ({source})"
        );
        assert_eq!(
            mex_wall(&th.right),
            cgsuite_wall(right),
            "right wall of {game} {position} = {shown} ({source})"
        );
        checked += 1;
    }
    assert_eq!(checked, 20);
}
