//! The outcome class of a short partizan game (Conway 1976, ONAG ch. 7):
//! who wins when Left starts and when Right starts, given by the sign of
//! `G` compared with 0.

use std::fmt;

/// The outcome class of a game: who wins moving first / second.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum OutcomeClass {
    /// Left wins whoever starts (`G > 0`).
    L,
    /// Right wins whoever starts (`G < 0`).
    R,
    /// The next player wins (`G ‖ 0`).
    N,
    /// The previous player wins (`G = 0`).
    P,
}

impl OutcomeClass {
    /// The class's letter: `L`, `R`, `N` or `P`.
    pub fn as_str(self) -> &'static str {
        match self {
            OutcomeClass::L => "L",
            OutcomeClass::R => "R",
            OutcomeClass::N => "N",
            OutcomeClass::P => "P",
        }
    }
}

/// The class's letter.
impl fmt::Display for OutcomeClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::OutcomeClass;

    #[test]
    fn letters() {
        let shown: Vec<String> = [
            OutcomeClass::L,
            OutcomeClass::R,
            OutcomeClass::N,
            OutcomeClass::P,
        ]
        .iter()
        .map(ToString::to_string)
        .collect();
        assert_eq!(shown, ["L", "R", "N", "P"]);
    }
}
