//! What every partizan value report adds to the value, whichever command
//! made it (`mex value`, `mex moves`, `mex game`, and the old command lines
//! `mex domineering`, `mex cherries`): the stops, the mean, the temperature
//! and the thermograph's walls, under one set of JSON names (the shape is
//! mex-present's [`PartizanSummary`]; here are its text and its file).

use crate::output::fields;
use mex_core::partizan::store::{GameId, GameStore};
use mex_core::partizan::toolkit;
use mex_core::MexError;
pub use mex_present::thermograph::PartizanSummary;
use mex_present::thermograph::WallReport;
use std::path::Path;

/// A wall's `(t, value)` breakpoints then its slope, on one line.
pub fn wall_text(wall: &WallReport) -> String {
    let points: Vec<String> = wall
        .points
        .iter()
        .map(|p| format!("({}, {})", p.t, p.value))
        .collect();
    format!("{} then slope {}", points.join(" "), wall.tail_slope)
}

/// Stops, mean and temperature as text fields.
pub fn summary_text(summary: &PartizanSummary) -> String {
    fields(&[
        ("left stop", summary.left_stop.clone()),
        ("right stop", summary.right_stop.clone()),
        ("mean", summary.mean.clone()),
        ("temperature", summary.temperature.clone()),
    ])
}

/// Longest canonical form printed in text output without `--form` (200
/// characters, about three lines of a terminal); JSON always has the
/// whole form.
pub const SHORT_FORM: usize = 200;

/// A canonical form as text output shows it: the form itself when it is at
/// most [`SHORT_FORM`] characters or `full` (`--form`) is asked, else
/// `form of N characters omitted; --form prints it`.
pub fn form_text(form: &str, full: bool) -> String {
    form_text_or(form, full, "--form prints it")
}

/// [`form_text`] for a command without `--form`: the note ends with
/// `printer`, saying what prints the form.
pub fn form_text_or(form: &str, full: bool, printer: &str) -> String {
    let length = form.chars().count();
    if full || length <= SHORT_FORM {
        form.to_string()
    } else {
        format!("form of {length} characters omitted; {printer}")
    }
}

/// Whether [`form_text`] leaves `form` out.
pub fn form_omitted(form: &str, full: bool) -> bool {
    !full && form.chars().count() > SHORT_FORM
}

/// The size of a value whose form is left out: its birthday and its
/// distinct subpositions, as text fields.
pub fn size_text(store: &GameStore, g: GameId) -> String {
    fields(&[
        ("birthday", store.big_birthday(g).to_string()),
        (
            "subpositions",
            toolkit::follower_count(store, g).to_string(),
        ),
    ])
}

/// Writes the thermograph, titled "thermograph of NAME", to `path` (for
/// `--thermograph`); returns the path as shown.
pub fn write_thermograph(
    summary: &PartizanSummary,
    path: &Path,
    name: &str,
) -> Result<String, MexError> {
    let svg =
        mex_present::pictures::thermograph_svg(&summary.walls, &format!("thermograph of {name}"));
    crate::files::write_file(path, &svg, "--thermograph")?;
    Ok(path.display().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use mex_core::partizan::notation;
    use mex_core::partizan::store::GameStore;

    fn summary(text: &str) -> PartizanSummary {
        let mut store = GameStore::new();
        let g = notation::parse(&mut store, text).unwrap();
        PartizanSummary::of(&store, g).unwrap()
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
        assert!(wall_text(&s.thermograph.left_wall).ends_with("then slope 0"));
        let half = summary("1/2");
        assert_eq!(
            (half.mean.as_str(), half.temperature.as_str()),
            ("1/2", "-1/2")
        );
        assert!(summary_text(&summary("*")).contains("temperature\u{1f}0\n"));
    }

    /// A form up to 200 characters prints; a longer one is left out with
    /// its length and the option that prints it, unless asked for.
    #[test]
    fn long_forms_are_left_out_of_text_unless_asked_for() {
        let short = "{1|0}";
        assert_eq!(form_text(short, false), short);
        let long = "{".repeat(150) + &"}".repeat(150);
        assert_eq!(
            form_text(&long, false),
            "form of 300 characters omitted; --form prints it"
        );
        assert!(form_omitted(&long, false) && !form_omitted(&long, true));
        assert_eq!(form_text(&long, true), long);
        let mut store = GameStore::new();
        let g = notation::parse(&mut store, "{1|0}").unwrap();
        let size = size_text(&store, g);
        assert!(size.contains("birthday\u{1f}2\n"), "{size}");
        assert!(size.contains("subpositions\u{1f}3\n"), "{size}");
    }

    #[test]
    fn the_thermograph_file_is_an_svg() {
        let dir = std::env::temp_dir().join(format!("mex-partizan-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.svg");
        let shown = write_thermograph(&summary("{2|-1}"), &path, "{2|-1}").unwrap();
        assert_eq!(shown, path.display().to_string());
        let svg = std::fs::read_to_string(&path).unwrap();
        assert!(svg.starts_with("<svg"), "{svg}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
