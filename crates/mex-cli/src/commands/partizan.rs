//! What every partizan value report adds to the value, whichever command
//! made it (`mex value`, `mex moves`, `mex game`, and the old command lines
//! `mex domineering`, `mex cherries`): the stops, the mean, the temperature
//! and the thermograph's walls, under one set of JSON names.

use crate::output::fields;
use mex_core::partizan::store::{GameId, GameStore};
use mex_core::partizan::thermograph::{Thermograph, Thermographs, Wall};
use mex_core::partizan::toolkit;
use mex_core::MexError;
use serde::Serialize;
use std::path::Path;

/// A breakpoint of a thermograph wall: value at temperature `t`.
#[derive(Serialize, Clone)]
struct Point {
    t: String,
    value: String,
}

/// A wall: breakpoints from `t = -1`, linear in between, then `tail_slope`
/// (0: the vertical mast above the temperature).
#[derive(Serialize)]
pub struct WallReport {
    points: Vec<Point>,
    tail_slope: i64,
}

impl WallReport {
    fn of(w: &Wall) -> WallReport {
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

    /// `(t, value)` breakpoints then the slope, on one line.
    pub fn text(&self) -> String {
        let points: Vec<String> = self
            .points
            .iter()
            .map(|p| format!("({}, {})", p.t, p.value))
            .collect();
        format!("{} then slope {}", points.join(" "), self.tail_slope)
    }
}

/// The two walls of a thermograph.
#[derive(Serialize)]
pub struct ThermographReport {
    pub left_wall: WallReport,
    pub right_wall: WallReport,
}

/// The stops, mean, temperature and thermograph of a canonical value: the
/// fields every partizan value report carries.
#[derive(Serialize)]
pub struct PartizanSummary {
    /// Exact rationals as strings ("5/4").
    pub left_stop: String,
    pub right_stop: String,
    pub mean: String,
    /// −1/2^k for a number m/2^k, −1 for an integer.
    pub temperature: String,
    pub thermograph: ThermographReport,
    /// The thermograph itself, for `--thermograph`.
    #[serde(skip)]
    pub walls: Thermograph,
}

impl PartizanSummary {
    /// The summary of `g`: its thermograph is computed from the
    /// thermographs of its subpositions, bottom up (polynomial in the size
    /// of the canonical form).
    pub fn of(store: &GameStore, g: GameId) -> PartizanSummary {
        let walls = Thermographs::default().of(store, g);
        let (left_stop, right_stop) = toolkit::stops(store, g);
        PartizanSummary {
            left_stop: left_stop.to_string(),
            right_stop: right_stop.to_string(),
            mean: walls.mean.to_string(),
            temperature: walls.temperature.to_string(),
            thermograph: ThermographReport {
                left_wall: WallReport::of(&walls.left),
                right_wall: WallReport::of(&walls.right),
            },
            walls,
        }
    }

    /// Stops, mean and temperature as text fields.
    pub fn text(&self) -> String {
        fields(&[
            ("left stop", self.left_stop.clone()),
            ("right stop", self.right_stop.clone()),
            ("mean", self.mean.clone()),
            ("temperature", self.temperature.clone()),
        ])
    }

    /// Writes the thermograph, titled "thermograph of NAME", to `path` (for
    /// `--thermograph`); returns the path as shown.
    pub fn write_thermograph(&self, path: &Path, name: &str) -> Result<String, MexError> {
        let svg =
            mex_present::pictures::thermograph_svg(&self.walls, &format!("thermograph of {name}"));
        crate::files::write_file(path, &svg, "--thermograph")?;
        Ok(path.display().to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mex_core::partizan::notation;

    fn summary(text: &str) -> PartizanSummary {
        let mut store = GameStore::new();
        let g = notation::parse(&mut store, text).unwrap();
        PartizanSummary::of(&store, g)
    }

    /// {3|-1}: stops 3 and −1, mean 1, temperature 2 (the walls meet at
    /// t = 2, value 1); a number's temperature is negative.
    #[test]
    fn stops_mean_and_temperature_by_hand() {
        let s = summary("{3|-1}");
        let got = (s.left_stop.as_str(), s.right_stop.as_str(), s.mean.as_str());
        assert_eq!(got, ("3", "-1", "1"));
        assert_eq!(s.temperature, "2");
        assert_eq!(s.thermograph.left_wall.tail_slope, 0);
        assert!(s.thermograph.left_wall.text().ends_with("then slope 0"));
        let half = summary("1/2");
        assert_eq!(
            (half.mean.as_str(), half.temperature.as_str()),
            ("1/2", "-1/2")
        );
        assert!(summary("*").text().contains("temperature\u{1f}0\n"));
    }

    #[test]
    fn the_thermograph_file_is_an_svg() {
        let dir = std::env::temp_dir().join(format!("mex-partizan-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.svg");
        let shown = summary("{2|-1}")
            .write_thermograph(&path, "{2|-1}")
            .unwrap();
        assert_eq!(shown, path.display().to_string());
        let svg = std::fs::read_to_string(&path).unwrap();
        assert!(svg.starts_with("<svg"), "{svg}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
