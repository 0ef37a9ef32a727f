//! The JSON of a thermograph (Siegel 2013, II.5): each wall as its exact
//! breakpoints from `t = -1` (linear in between) and the slope after the
//! last, rationals as strings (`"5/4"`). The shape of `thermograph` in
//! `mex game --json` and `mex domineering --json`, and what Python's
//! `CGValue.thermograph()` gives (with `Fraction`s for the strings).

use mex_core::partizan::store::{GameId, GameStore};
use mex_core::partizan::thermograph::{Thermograph, Thermographs, Wall};
use mex_core::partizan::toolkit;
use mex_core::MexError;
use serde::Serialize;

/// A breakpoint of a wall: the value at temperature `t`.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct Point {
    /// The temperature, an exact rational.
    pub t: String,
    /// The value there, an exact rational.
    pub value: String,
}

/// A wall: breakpoints from `t = -1`, linear in between, then `tail_slope`
/// (0: the vertical mast above the temperature).
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct WallReport {
    /// The breakpoints, by increasing `t`.
    pub points: Vec<Point>,
    /// The slope after the last breakpoint.
    pub tail_slope: i64,
}

impl WallReport {
    /// The report of a wall.
    pub fn of(w: &Wall) -> WallReport {
        WallReport {
            points: w
                .breakpoints()
                .iter()
                .map(|(t, v)| Point {
                    t: t.to_string(),
                    value: v.to_string(),
                })
                .collect(),
            tail_slope: w.tail_slope(),
        }
    }
}

/// Both walls of a thermograph.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct ThermographReport {
    /// Left's wall (drawn blue, on the left).
    pub left_wall: WallReport,
    /// Right's wall.
    pub right_wall: WallReport,
}

impl ThermographReport {
    /// The report of a thermograph.
    pub fn of(th: &Thermograph) -> ThermographReport {
        ThermographReport {
            left_wall: WallReport::of(&th.left),
            right_wall: WallReport::of(&th.right),
        }
    }
}

/// The stops, mean, temperature and thermograph of a canonical value
/// (Siegel 2013, II.3 and II.5): the fields every partizan value report
/// carries, in `mex value`, `mex game`, the server and Python alike.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct PartizanSummary {
    /// Left's stop, an exact rational ("5/4").
    pub left_stop: String,
    /// Right's stop.
    pub right_stop: String,
    /// The mean value.
    pub mean: String,
    /// The temperature: −1/2^k for a number m/2^k, −1 for an integer.
    pub temperature: String,
    /// The walls.
    pub thermograph: ThermographReport,
    /// The thermograph itself, for pictures.
    #[serde(skip)]
    pub walls: Thermograph,
}

impl PartizanSummary {
    /// The summary of `g`: its thermograph is computed from the
    /// thermographs of its subpositions, bottom up (polynomial in the size
    /// of the canonical form); refused when the walls of a number inside
    /// it would be too big ([`Thermographs::try_of`]).
    pub fn of(store: &GameStore, g: GameId) -> Result<PartizanSummary, MexError> {
        let walls = Thermographs::default().try_of(store, g)?;
        let (left_stop, right_stop) = toolkit::stops(store, g);
        Ok(PartizanSummary {
            left_stop: left_stop.to_string(),
            right_stop: right_stop.to_string(),
            mean: walls.mean.to_string(),
            temperature: walls.temperature.to_string(),
            thermograph: ThermographReport::of(&walls),
            walls,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mex_core::partizan::notation;

    fn report(expr: &str) -> serde_json::Value {
        let mut store = GameStore::new();
        let g = notation::parse(&mut store, expr).unwrap();
        serde_json::to_value(ThermographReport::of(
            &Thermographs::default().of(&store, g),
        ))
        .unwrap()
    }

    /// A wall's breakpoints as `(t, value)` strings.
    fn wall_points(report: &serde_json::Value, side: &str) -> Vec<(String, String)> {
        report[side]["points"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| pair(p["t"].as_str().unwrap(), p["value"].as_str().unwrap()))
            .collect()
    }

    fn pair(t: &str, x: &str) -> (String, String) {
        (t.to_string(), x.to_string())
    }

    #[test]
    fn a_switch_has_straight_walls_up_to_its_temperature() {
        // {3|-1}: mean 1, temperature 2; the left wall runs from 4 at t = -1
        // (3 + 1) to the mean at t = 2, the right from -2 to the mean.
        let v = report("{3|-1}");
        let wall = |side: &str| wall_points(&v, side);
        assert_eq!(wall("left_wall"), [pair("-1", "4"), pair("2", "1")]);
        assert_eq!(wall("right_wall"), [pair("-1", "-2"), pair("2", "1")]);
        assert_eq!(v["left_wall"]["tail_slope"], 0);
        assert_eq!(v["right_wall"]["tail_slope"], 0);
    }

    /// An integer is one mast from `t = −1`; `3/4 = {1/2 | 1}` has its
    /// walls follow its options below its temperature −1/4 (Siegel 2013,
    /// II.5), as CGSuite draws it, and every breakpoint is exact.
    #[test]
    fn an_integer_is_one_mast_and_fractions_are_exact() {
        let v = report("2");
        for side in ["left_wall", "right_wall"] {
            let points = v[side]["points"].as_array().unwrap();
            assert_eq!(points.len(), 1, "{v}");
            assert_eq!(
                (&points[0]["t"], &points[0]["value"]),
                (&"-1".into(), &"2".into())
            );
        }
        let v = report("3/4");
        let wall = |side: &str| wall_points(&v, side);
        assert_eq!(
            wall("left_wall"),
            [pair("-1", "1"), pair("-1/2", "1"), pair("-1/4", "3/4")]
        );
        assert_eq!(wall("right_wall"), [pair("-1", "0"), pair("-1/4", "3/4")]);
    }
}
