//! Predicates of loopy values, with the meanings CGSuite gives them
//! (Siegel, Combinatorial Game Theory, 2013, ch. VI; CGSuite's
//! `CanonicalStopper`, `StopperSidedValue`, `NormalValue`).
//!
//! A stopper whose simplest form is loopfree is a short game (Siegel 2013,
//! §VI.2: the simplest form is unique), and it is asked the short-game
//! questions: integer, number, nimber, ordinal (a nonnegative integer),
//! uptimal. A stopper whose simplest form has a cycle is none of these
//! (it equals no short game). Two questions are asked of every stopper:
//!
//! * **numberish**: both stops, with `over` and `under` dropped (the
//!   *strong* stops), are one number `x` (for a short game: Left stop =
//!   Right stop). For a stopper-sided value `G & H` the strong Left stop
//!   of the onside `G` equals the strong Right stop of the offside `H`
//!   (CGSuite's `StopperSidedValue.isNumberish`).
//! * **number-tiny**: the game is `{x || x | z}` with `x` a number and
//!   `z − x ≤ under` (for a short game: the mean of `z` is below `x`), or
//!   its mirror `{z | x || x}` with `x − z ≤ under` (mean of `z` above
//!   `x`): a number plus a Tiny (or Miny) of something (CGSuite's
//!   `isNumberTiny`; Tiny(G) = `{0 || 0 | −G}`, Winning Ways ch. 5).
//!
//! A value whose sides are no stoppers, or a stopper-sided value that is
//! no stopper, is none of these but possibly numberish (as CGSuite
//! answers).

use super::compare;
use super::graph::LoopyGraph;
use super::sides;
use super::stopper::{short_values, stops, Pseudonumber};
use super::value::{LoopyValue, Stopper};
use crate::partizan::infinitesimal::uptimal_expansion;
use crate::partizan::store::{as_nimber, as_number, GameId, GameStore};
use crate::partizan::thermograph::{Thermographs, Q};
use crate::MexError;
use num_bigint::BigInt;

/// CGSuite's predicates of one loopy value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Predicates {
    /// Equal to an integer.
    pub integer: bool,
    /// Equal to a number (a dyadic rational).
    pub number: bool,
    /// Equal to a nimber `*k` (0 included).
    pub nimber: bool,
    /// Equal to a nonnegative integer.
    pub ordinal: bool,
    /// Equal to a short game with an uptimal expansion `x.d1d2…` (with or
    /// without `*`) as mex finds it (`infinitesimal::uptimal_expansion`:
    /// birthday at most 16).
    pub uptimal: bool,
    /// Strong stops equal to one number (see the module comment).
    pub numberish: bool,
    /// A number plus a Tiny or Miny (see the module comment).
    pub number_tiny: bool,
}

/// The predicates of `v` (the sides of a value given by its graph are
/// computed first).
pub fn predicates(v: &LoopyValue) -> Result<Predicates, MexError> {
    match v {
        LoopyValue::Stopper(s) => of_stopper(s),
        LoopyValue::Sided { onside, offside } => Ok(Predicates {
            numberish: strong_left_stop(onside)? == strong_right_stop(offside)?,
            ..Predicates::default()
        }),
        LoopyValue::GraphSided { .. } => Ok(Predicates::default()),
        LoopyValue::Unsided(g) => predicates(&sides::sided_value(g, 0)?),
    }
}

/// A pseudonumber without its `over` or `under` (CGSuite's `strongStop`).
fn strong(p: Pseudonumber) -> Pseudonumber {
    match p {
        Pseudonumber::Number { p, q, .. } => Pseudonumber::Number { p, q, tilt: 0 },
        other => other,
    }
}

fn strong_left_stop(s: &Stopper) -> Result<Pseudonumber, MexError> {
    Ok(strong(s.stops()?.0))
}

fn strong_right_stop(s: &Stopper) -> Result<Pseudonumber, MexError> {
    Ok(strong(s.stops()?.1))
}

fn of_stopper(s: &Stopper) -> Result<Predicates, MexError> {
    let g = s.graph();
    let mut store = GameStore::new();
    let shorts = short_values(g, &mut store)?;
    let (left, right) = stops(g)?;
    let numberish =
        matches!(strong(left), Pseudonumber::Number { .. }) && strong(left) == strong(right);
    let number_tiny = is_number_tiny(g, &shorts, &mut store)?;
    let Some(short) = shorts[0] else {
        return Ok(Predicates {
            numberish,
            number_tiny,
            ..Predicates::default()
        });
    };
    let number = as_number(&store, short);
    let integer = matches!(number, Some((_, 0)));
    Ok(Predicates {
        integer,
        number: number.is_some(),
        nimber: number == Some((0, 0)) || as_nimber(&store, short).is_some(),
        ordinal: integer && number.is_some_and(|(p, _)| p >= 0),
        uptimal: uptimal_expansion(&mut store, short)?.is_some(),
        numberish,
        number_tiny,
    })
}

/// The distinct options of vertex `v` for one player.
fn options(g: &LoopyGraph, v: usize, left: bool) -> Vec<usize> {
    let mut o = if left { g.left(v) } else { g.right(v) }.to_vec();
    o.sort_unstable();
    o.dedup();
    o
}

/// `p/2^q` as a rational.
fn rational((p, q): (i64, u32)) -> Q {
    Q::new(BigInt::from(p), BigInt::from(1) << q)
}

/// CGSuite's number-tiny test at vertex 0 of the simplest form `g`
/// (`shorts`: its loopfree vertices as short games). For a loopfree
/// game the test compares means (CGSuite's `CanonicalShortGame`), for a
/// loopy one it asks `z − x ≤ under` (CGSuite's `CanonicalStopper`).
fn is_number_tiny(
    g: &LoopyGraph,
    shorts: &[Option<GameId>],
    store: &mut GameStore,
) -> Result<bool, MexError> {
    let (lo, ro) = (options(g, 0, true), options(g, 0, false));
    let (&[gl], &[gr]) = (&lo[..], &ro[..]) else {
        return Ok(false);
    };
    let loopfree = shorts[0].is_some();
    let number = |v: usize, store: &GameStore| shorts[v].and_then(|x| as_number(store, x));
    // Tiny: {x || x | z}; Miny: {z | x || x}.
    for tiny in [true, false] {
        let (x_at, inner) = if tiny { (gl, gr) } else { (gr, gl) };
        let Some(x) = number(x_at, store) else {
            continue;
        };
        let (il, ir) = (options(g, inner, true), options(g, inner, false));
        let (&[a], &[b]) = (&il[..], &ir[..]) else {
            continue;
        };
        let (near, z) = if tiny { (a, b) } else { (b, a) };
        if !equal(g, near, x_at)? {
            continue;
        }
        let small = if loopfree {
            let Some(zs) = shorts[z] else {
                continue;
            };
            let mean = Thermographs::default().try_of(store, zs)?.mean;
            if tiny {
                mean < rational(x)
            } else {
                mean > rational(x)
            }
        } else if tiny {
            // z − x ≤ under, that is x + under ≥ z.
            compare::geq(&plus_under(g, x_at)?, 0, g, z)?
        } else {
            // x − z ≤ under, that is z + under ≥ x.
            compare::geq(&plus_under(g, z)?, 0, g, x_at)?
        };
        if small {
            return Ok(true);
        }
    }
    Ok(false)
}

/// The game at vertex `v` of `g` plus `under = {pass | 0}` (vertex 0 of
/// the result).
fn plus_under(g: &LoopyGraph, v: usize) -> Result<LoopyGraph, MexError> {
    let under = LoopyGraph::from_options(vec![vec![0], vec![]], vec![vec![1], vec![]]);
    g.sum(v, &under, 0)
}

/// Whether vertices `a` and `b` of `g` are equal games.
fn equal(g: &LoopyGraph, a: usize, b: usize) -> Result<bool, MexError> {
    Ok(a == b || (compare::geq(g, a, g, b)? && compare::geq(g, b, g, a)?))
}
