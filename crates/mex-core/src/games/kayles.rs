//! Kayles (Dudeney 1908): rows of pins; a move knocks down one standing pin
//! or two adjacent standing pins. Each maximal run of standing pins is a
//! heap of the octal game 0.77, so the Grundy value is the XOR of the runs'
//! values, read from the period the octal engine proves (preperiod 71,
//! period 12: Guy and Smith 1956) for a run of any length.

use super::picture::{Cell, Owner, Picture};
use super::{
    positions, Family, Game, GameInfo, ImpartialGame, ImpartialRuleset, Move, Ruleset, MAX_HEAPS,
};
use crate::error::quote;
use crate::heap::octal::{prove_period, DEFAULT_MAX_TERMS};
use crate::heap::periodic::PeriodicSequence;
use crate::MexError;
use num_bigint::BigUint;
use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

/// Most places (pins and gaps) in a position.
pub const MAX_PLACES: usize = 1_000_000;
/// Most places in a position whose moves are listed.
pub const MAX_LISTED_PLACES: usize = 1_000;

/// Kayles.
#[derive(Debug, Clone, Copy, Default)]
pub struct Kayles;

/// Rows of places, `true` for a standing pin, `false` for a gap.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Pins(pub Vec<Vec<bool>>);

const ACCEPTED: &str =
    "rows of I (a standing pin) and . (a knocked-down pin) separated by spaces, \
                        such as IIII.III";

impl FromStr for Pins {
    type Err = MexError;
    fn from_str(s: &str) -> Result<Self, MexError> {
        let rows = s
            .split_whitespace()
            .map(|row| {
                row.chars()
                    .map(|c| match c {
                        'I' => Ok(true),
                        '.' => Ok(false),
                        _ => Err(MexError::invalid(
                            format!("'{c}' in {} is not a pin", quote(row)),
                            ACCEPTED,
                        )),
                    })
                    .collect()
            })
            .collect::<Result<Vec<Vec<bool>>, _>>()?;
        if rows.is_empty() {
            return Err(MexError::invalid("no row of pins is given", ACCEPTED));
        }
        Ok(Pins(rows))
    }
}

impl fmt::Display for Pins {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rows: Vec<String> = self
            .0
            .iter()
            .map(|r| r.iter().map(|&up| if up { 'I' } else { '.' }).collect())
            .collect();
        f.write_str(&rows.join(" "))
    }
}

impl Pins {
    fn places(&self) -> usize {
        self.0.iter().map(Vec::len).sum()
    }

    /// The lengths of the maximal runs of standing pins.
    pub fn runs(&self) -> Vec<usize> {
        self.0
            .iter()
            .flat_map(|row| row.split(|&up| !up).map(<[bool]>::len))
            .filter(|&n| n > 0)
            .collect()
    }
}

/// The nim sequence of 0.77 with its proven period (computed once, without
/// stop checks, so that a stopped first caller cannot leave it unproven).
pub fn kayles_sequence() -> Option<&'static PeriodicSequence> {
    static SEQUENCE: OnceLock<Option<PeriodicSequence>> = OnceLock::new();
    SEQUENCE
        .get_or_init(|| {
            let code = "0.77".parse().ok()?;
            crate::stop::without_stops(|| prove_period(&code, DEFAULT_MAX_TERMS))
                .ok()?
                .1
                .sequence
        })
        .as_ref()
}

fn knock(p: &Pins, row: usize, from: usize, count: usize) -> Move<Pins> {
    let mut next = p.clone();
    next.0[row][from..from + count].fill(false);
    let pins = match count {
        1 => format!("pin {}", from + 1),
        _ => format!("pins {}-{}", from + 1, from + count),
    };
    let row_name = if p.0.len() > 1 {
        format!(" of row {}", row + 1)
    } else {
        String::new()
    };
    Move::new(format!("knock down {pins}{row_name}"), next)
}

impl Ruleset for Kayles {
    type Position = Pins;
}

impl Game for Kayles {
    const INFO: GameInfo = GameInfo {
        name: "kayles",
        family: Family::Impartial,
        description: "Kayles: knock down one pin or two adjacent pins (the octal game 0.77)",
        syntax: "rows of I (standing pin) and . (knocked down) separated by spaces, e.g. IIII.III",
        example: "IIII.III",
        rules: "Rows of pins. A move knocks down one standing pin or two adjacent standing \
                pins. Who cannot move loses. Each run of standing pins is a heap of the octal \
                game 0.77, whose values have period 12 from 71 pins on (Guy and Smith 1956).",
    };
    fn check(&self, p: &Pins) -> Result<(), MexError> {
        if p.places() > MAX_PLACES || p.0.len() > MAX_HEAPS {
            return Err(MexError::too_large(
                format!(
                    "a position of {} in {}",
                    crate::error::counted(p.places(), "place"),
                    crate::error::counted(p.0.len(), "row")
                ),
                format!("{MAX_PLACES} places and {MAX_HEAPS} rows"),
                "use mex octal 0.77 for longer rows",
            ));
        }
        Ok(())
    }
    fn check_moves(&self, p: &Pins) -> Result<(), MexError> {
        if p.places() > MAX_LISTED_PLACES {
            return Err(MexError::too_large(
                format!("listing the moves of a position of {} places", p.places()),
                format!("{MAX_LISTED_PLACES} places"),
                "ask for the value only",
            ));
        }
        Ok(())
    }
    /// Each row on a line: standing pins, and empty places where pins
    /// were knocked down.
    fn picture(&self, p: &Pins) -> Picture {
        let pin = Cell::piece(Owner::Neutral, "pin", 'I');
        Picture::Strips {
            strips: p
                .0
                .iter()
                .map(|row| {
                    row.iter()
                        .map(|&up| if up { pin } else { Cell::Empty })
                        .collect()
                })
                .collect(),
        }
        .bounded(|| p.to_string())
    }
}

impl ImpartialGame for Kayles {
    fn moves(&self, p: &Pins) -> Vec<Move<Pins>> {
        let mut out = Vec::new();
        for (r, row) in p.0.iter().enumerate() {
            for i in (0..row.len()).filter(|&i| row[i]) {
                out.push(knock(p, r, i, 1));
                if row.get(i + 1) == Some(&true) {
                    out.push(knock(p, r, i, 2));
                }
            }
        }
        out
    }
    fn is_terminal(&self, p: &Pins) -> bool {
        p.0.iter().flatten().all(|&up| !up)
    }
}

impl ImpartialRuleset for Kayles {
    fn options(&self, p: &Pins, out: &mut Vec<Pins>) {
        out.extend(positions(self.moves(p)));
    }
    /// The runs of standing pins, each a row of its own.
    fn decompose(&self, p: &Pins) -> Option<Vec<Pins>> {
        let runs = p.runs();
        (runs.len() > 1).then(|| {
            runs.into_iter()
                .map(|n| Pins(vec![vec![true; n]]))
                .collect()
        })
    }
    /// The runs, longest first, each a row of its own (gaps dropped).
    fn canonical(&self, p: &Pins) -> Pins {
        let mut runs = p.runs();
        runs.sort_unstable_by(|a, b| b.cmp(a));
        if runs.is_empty() {
            return Pins(vec![vec![false]]);
        }
        Pins(runs.into_iter().map(|n| vec![true; n]).collect())
    }
    /// Sprague–Grundy: the XOR of the runs' values in 0.77.
    fn known_grundy(&self, p: &Pins) -> Option<BigUint> {
        let seq = kayles_sequence()?;
        let g = p
            .runs()
            .into_iter()
            .fold(0, |x, n| x ^ seq.value_at(&BigUint::from(n)));
        Some(BigUint::from(g))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{find, Context};
    use crate::heap::code::naive_values;
    use crate::impartial::grundy::GrundySolver;
    use crate::impartial::ruleset::ImpartialRuleset;
    use crate::ruleset::Ruleset;
    use std::collections::HashSet;

    /// The rules alone: options, no decomposition, symmetry or closed form.
    struct RulesOnly;

    impl Ruleset for RulesOnly {
        type Position = Pins;
    }

    impl ImpartialRuleset for RulesOnly {
        fn options(&self, p: &Pins, out: &mut Vec<Pins>) {
            Kayles.options(p, out);
        }
    }

    fn all_rows(max: usize) -> impl Iterator<Item = Pins> {
        (0..=max).flat_map(|n| {
            (0u32..1 << n).map(move |bits| Pins(vec![(0..n).map(|i| bits >> i & 1 == 1).collect()]))
        })
    }

    /// Every row of up to 12 places: the closed form against the search by
    /// the rules alone, and the catalog's answer against both.
    #[test]
    fn closed_form_against_search_on_every_row_up_to_12() {
        let mut slow = GrundySolver::new(RulesOnly);
        let game = find("kayles").unwrap();
        for p in all_rows(12).filter(|p| !p.0[0].is_empty()) {
            let by_search = slow.grundy(&p).unwrap();
            assert_eq!(
                Kayles.known_grundy(&p),
                Some(BigUint::from(by_search)),
                "{p}"
            );
            if p.0[0].len() <= 8 {
                let text = p.to_string();
                assert_eq!(game.grundy(&text).unwrap(), BigUint::from(by_search));
            }
        }
    }

    /// Sums of two rows of up to 6 places each, as one position of two rows.
    #[test]
    fn two_rows_against_search() {
        let mut slow = GrundySolver::new(RulesOnly);
        let rows: Vec<Pins> = all_rows(6).filter(|p| !p.0[0].is_empty()).collect();
        for a in &rows {
            for b in rows.iter().step_by(3) {
                let p = Pins(vec![a.0[0].clone(), b.0[0].clone()]);
                let g = slow.grundy(&p).unwrap();
                assert_eq!(Kayles.known_grundy(&p), Some(BigUint::from(g)), "{p}");
            }
        }
    }

    /// OEIS A002186 (Kayles nim values, Guy and Smith 1956; Winning Ways
    /// ch. 4), the first 84 terms: checked against the naive octal twin and
    /// against single rows; and the period the octal engine proves is 12
    /// from n = 71 on (the last exceptional value is G(70) = 6).
    #[test]
    fn published_values_and_period() {
        const A002186: [u32; 84] = [
            0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5,
            4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4,
            2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7,
        ];
        assert_eq!(naive_values(&"0.77".parse().unwrap(), 84), A002186.to_vec());
        for (n, &g) in A002186.iter().enumerate() {
            let row = Pins(vec![vec![true; n]]);
            assert_eq!(Kayles.known_grundy(&row), Some(BigUint::from(g)), "{n}");
        }
        let seq = kayles_sequence().unwrap();
        assert_eq!((seq.preperiod(), seq.period()), (71, 12));
        let long = naive_values(&"0.77".parse().unwrap(), 400);
        for (n, &g) in long.iter().enumerate() {
            assert_eq!(seq.value_at(&BigUint::from(n)), g, "{n}");
        }
    }

    /// `Display` and `FromStr` round-trip on every position met while
    /// playing from a few starts; labels name the pins knocked down.
    #[test]
    fn round_trip_and_labels() {
        for start in ["IIIII", "II.III I", "I.I.I", "....", "IIII.III II"] {
            let mut seen = HashSet::new();
            let mut todo = vec![start.parse::<Pins>().unwrap()];
            while let Some(p) = todo.pop() {
                assert_eq!(p.to_string().parse::<Pins>().unwrap(), p);
                for m in Kayles.moves(&p) {
                    if seen.insert(m.to.clone()) {
                        todo.push(m.to);
                    }
                }
            }
        }
        let labels: Vec<String> = Kayles
            .moves(&"I.II".parse().unwrap())
            .into_iter()
            .map(|m| format!("{}: {}", m.label, m.to))
            .collect();
        assert_eq!(
            labels,
            [
                "knock down pin 1: ..II",
                "knock down pin 3: I..I",
                "knock down pins 3-4: I...",
                "knock down pin 4: I.I."
            ]
        );
        let two = Kayles.moves(&"I II".parse().unwrap());
        assert_eq!(two[1].label, "knock down pin 1 of row 2");
    }

    #[test]
    fn rejects_bad_positions_and_answers_long_rows() {
        for bad in ["", "  ", "II|I", "IIx", "3"] {
            assert!(bad.parse::<Pins>().is_err(), "{bad}");
        }
        let game = find("kayles").unwrap();
        let long = "I".repeat(100_000);
        // Period 12 from 71: G(100000) = G(71 + (100000 - 71) mod 12).
        let naive = naive_values(&"0.77".parse().unwrap(), 83);
        let expected = naive[71 + (100_000 - 71) % 12];
        assert_eq!(game.grundy(&long).unwrap(), BigUint::from(expected));
        assert!(game.moves(&long, &mut Context::new()).is_err());
        assert!(game.grundy(&"I".repeat(MAX_PLACES + 1)).is_err());
        let rows = vec!["II"; MAX_HEAPS].join(" ");
        assert_eq!(game.grundy(&rows).unwrap(), BigUint::from(0u32));
        assert!(game.grundy(&format!("{rows} I")).is_err());
    }
}
