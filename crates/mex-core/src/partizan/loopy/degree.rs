//! Upsum and downsum of stoppers, the degree of loopiness, the variety
//! and stability (Conway, "Loopy games", 1978; Siegel, Combinatorial Game
//! Theory, 2013, §VI.4–VI.5; the meanings CGSuite gives them in
//! `CanonicalStopper`).
//!
//! * `G ↑+ H`, the **upsum**: the onside of `G + H`; `G ↓+ H`, the
//!   **downsum**: its offside (Siegel 2013, §VI.4).
//! * The **degree** of a stopper `G`: `0` when `G` is loopfree, else
//!   `G ↑+ (−G)`, the onside of `G − G` (Siegel 2013, §VI.5; an
//!   idempotent).
//! * The upsum and downsum **varieties** of `G` over an idempotent `D`:
//!   `G ↑+ ((−G) ↓+ (−D))` and `G ↓+ ((−G) ↑+ D)`; `G` is **stable** when
//!   the two are equal over its degree, and its **variety** is then that
//!   common value (Siegel 2013, §VI.5).

use super::sides;
use super::value::{LoopyValue, Stopper};
use crate::MexError;

/// The onside and offside of `a + b` for stoppers `a`, `b`; refused when
/// a side is no stopper (CGSuite would report a counterexample to the
/// finite-sides conjecture).
fn sides_of_sum(a: &Stopper, b: &Stopper) -> Result<(Stopper, Stopper), MexError> {
    let sum = sides::add(
        &LoopyValue::Stopper(a.clone()),
        &LoopyValue::Stopper(b.clone()),
    )?;
    match sum.sides() {
        Some((on, off)) => Ok((on.clone(), off.clone())),
        None => Err(MexError::invalid(
            "a side of the sum is no stopper",
            "stoppers whose sum has stoppers as sides",
        )),
    }
}

/// `a ↑+ b`: the onside of `a + b` (Siegel 2013, §VI.4).
pub fn upsum(a: &Stopper, b: &Stopper) -> Result<Stopper, MexError> {
    Ok(sides_of_sum(a, b)?.0)
}

/// `a ↓+ b`: the offside of `a + b` (Siegel 2013, §VI.4).
pub fn downsum(a: &Stopper, b: &Stopper) -> Result<Stopper, MexError> {
    Ok(sides_of_sum(a, b)?.1)
}

/// Whether two stoppers are equal (each ≥ the other).
pub fn equal(a: &Stopper, b: &Stopper) -> Result<bool, MexError> {
    Ok(a.geq(b)? && b.geq(a)?)
}

/// Whether `d + d = d` (an idempotent; the sum may be sided, then no).
pub fn is_idempotent(d: &Stopper) -> Result<bool, MexError> {
    let (on, off) = sides_of_sum(d, d)?;
    Ok(equal(&on, d)? && equal(&off, d)?)
}

/// The degree of loopiness: `0` for a loopfree `g`, else `g ↑+ (−g)`
/// (Siegel 2013, §VI.5; CGSuite's `CanonicalStopper.degree`).
pub fn degree(g: &Stopper) -> Result<Stopper, MexError> {
    if g.graph().is_loopfree(0) {
        let zero = super::graph::LoopyGraph::from_options(vec![vec![]], vec![vec![]]);
        return Stopper::new(&zero, 0);
    }
    upsum(g, &g.negative())
}

fn require_idempotent(d: &Stopper) -> Result<(), MexError> {
    if is_idempotent(d)? {
        Ok(())
    } else {
        Err(MexError::invalid(
            "the variety's degree is not an idempotent",
            "an idempotent D (D + D = D), such as the degree of a stopper",
        ))
    }
}

/// The upsum variety of `g` over the idempotent `d`: `g ↑+ ((−g) ↓+
/// (−d))` (Siegel 2013, §VI.5; CGSuite's `upsumVariety`); refused when
/// `d` is not idempotent.
pub fn upsum_variety(g: &Stopper, d: &Stopper) -> Result<Stopper, MexError> {
    require_idempotent(d)?;
    upsum(g, &downsum(&g.negative(), &d.negative())?)
}

/// The downsum variety of `g` over the idempotent `d`: `g ↓+ ((−g) ↑+
/// d)` (Siegel 2013, §VI.5; CGSuite's `downsumVariety`); refused when
/// `d` is not idempotent.
pub fn downsum_variety(g: &Stopper, d: &Stopper) -> Result<Stopper, MexError> {
    require_idempotent(d)?;
    downsum(g, &upsum(&g.negative(), d)?)
}

/// Whether `g` is stable: its upsum and downsum varieties over its degree
/// are equal (Siegel 2013, §VI.5); refused when the degree is not
/// idempotent.
pub fn is_stable(g: &Stopper) -> Result<bool, MexError> {
    let d = degree(g)?;
    equal(&upsum_variety(g, &d)?, &downsum_variety(g, &d)?)
}

/// The variety of a stable `g`: its upsum variety over its degree, equal
/// to the downsum variety (Siegel 2013, §VI.5); refused when `g` is not
/// stable or its degree is not idempotent.
pub fn variety(g: &Stopper) -> Result<Stopper, MexError> {
    let d = degree(g)?;
    let up = upsum_variety(g, &d)?;
    if equal(&up, &downsum_variety(g, &d)?)? {
        Ok(up)
    } else {
        Err(MexError::invalid(
            "the game is not stable (its upsum and downsum varieties differ)",
            "a stable stopper",
        ))
    }
}
