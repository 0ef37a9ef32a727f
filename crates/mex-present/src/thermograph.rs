//! The JSON of a thermograph (Siegel 2013, II.5): each wall as its exact
//! breakpoints from `t = -1` (linear in between) and the slope after the
//! last, rationals as strings (`"5/4"`). The shape of `thermograph` in
//! `mex game --json` and `mex domineering --json`, and what Python's
//! `CGValue.thermograph()` gives (with `Fraction`s for the strings).

use mex_core::partizan::thermograph::{Thermograph, Wall};
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

#[cfg(test)]
mod tests {
    use super::*;
    use mex_core::partizan::{notation, store::GameStore, thermograph::Thermographs};

    fn report(expr: &str) -> serde_json::Value {
        let mut store = GameStore::new();
        let g = notation::parse(&mut store, expr).unwrap();
        serde_json::to_value(ThermographReport::of(
            &Thermographs::default().of(&store, g),
        ))
        .unwrap()
    }

    #[test]
    fn a_switch_has_straight_walls_up_to_its_temperature() {
        // {3|-1}: mean 1, temperature 2; the left wall runs from 4 at t = -1
        // (3 + 1) to the mean at t = 2, the right from -2 to the mean.
        let v = report("{3|-1}");
        let wall = |side: &str| -> Vec<(String, String)> {
            v[side]["points"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| {
                    (
                        p["t"].as_str().unwrap().into(),
                        p["value"].as_str().unwrap().into(),
                    )
                })
                .collect()
        };
        let pair = |t: &str, x: &str| (t.to_string(), x.to_string());
        assert_eq!(wall("left_wall"), [pair("-1", "4"), pair("2", "1")]);
        assert_eq!(wall("right_wall"), [pair("-1", "-2"), pair("2", "1")]);
        assert_eq!(v["left_wall"]["tail_slope"], 0);
        assert_eq!(v["right_wall"]["tail_slope"], 0);
    }

    #[test]
    fn a_number_is_one_mast_and_fractions_are_exact() {
        let v = report("3/4");
        for side in ["left_wall", "right_wall"] {
            let points = v[side]["points"].as_array().unwrap();
            assert_eq!(points[0]["t"], "-1");
            assert!(points.iter().all(|p| p["value"] == "3/4"), "{v}");
        }
    }
}
