//! The report of an outcome search (`mex value --first`, `mex sum
//! --first`): who wins, without the value.

use mex_core::games::Side;
use mex_core::partizan::outcome::OutcomeClass;
use serde::Serialize;

/// Which question the search answered, and its answer.
#[derive(Debug, Clone, Serialize)]
pub struct OutcomeReport {
    /// The game, for one position (`mex value`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// The position, for one position (`mex value`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// The components, for a sum (`mex sum`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub components: Option<Vec<String>>,
    /// `"outcome"` (both first players searched) or `"winner"` (one).
    pub question: &'static str,
    /// The outcome class (L, R, N or P), when both were searched.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome: Option<String>,
    /// Who wins when Left moves first (`"Left"` or `"Right"`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub left_first: Option<String>,
    /// Who wins when Right moves first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub right_first: Option<String>,
}

/// `"Left"` or `"Right"`.
pub fn side_name(side: Side) -> String {
    format!("{side:?}")
}

impl OutcomeReport {
    /// The answer when one first player was asked (`question` is
    /// `"winner"`): who wins with either first player, and the outcome
    /// class, which the second search (sharing the first's table) settles.
    pub fn winner(class: OutcomeClass) -> Self {
        OutcomeReport {
            question: "winner",
            ..OutcomeReport::outcome(class)
        }
    }

    /// The outcome class, and who wins with each first player.
    pub fn outcome(class: OutcomeClass) -> Self {
        let (left_first, right_first) = match class {
            OutcomeClass::L => (Side::Left, Side::Left),
            OutcomeClass::R => (Side::Right, Side::Right),
            OutcomeClass::N => (Side::Left, Side::Right),
            OutcomeClass::P => (Side::Right, Side::Left),
        };
        OutcomeReport {
            outcome: Some(class.to_string()),
            left_first: Some(side_name(left_first)),
            right_first: Some(side_name(right_first)),
            ..OutcomeReport::empty("outcome")
        }
    }

    fn empty(question: &'static str) -> Self {
        OutcomeReport {
            game: None,
            position: None,
            components: None,
            question,
            outcome: None,
            left_first: None,
            right_first: None,
        }
    }

    /// The report of one position of `game`.
    pub fn of_position(mut self, game: &str, position: &str) -> Self {
        self.game = Some(game.to_string());
        self.position = Some(position.to_string());
        self
    }

    /// The report of a sum.
    pub fn of_sum(mut self, components: &[String]) -> Self {
        self.components = Some(components.to_vec());
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The outcome classes' winners (Conway 1976: L, Left wins whoever
    /// starts; N, the first player; P, the second).
    #[test]
    fn classes_name_the_winners() {
        for (class, left_first, right_first) in [
            (OutcomeClass::L, "Left", "Left"),
            (OutcomeClass::R, "Right", "Right"),
            (OutcomeClass::N, "Left", "Right"),
            (OutcomeClass::P, "Right", "Left"),
        ] {
            let v = serde_json::to_value(OutcomeReport::outcome(class)).unwrap();
            assert_eq!(v["outcome"], class.to_string());
            assert_eq!(
                (v["left_first"].as_str(), v["right_first"].as_str()),
                (Some(left_first), Some(right_first))
            );
        }
        let v = serde_json::to_value(
            OutcomeReport::winner(OutcomeClass::P).of_position("clobber", "xo"),
        )
        .unwrap();
        assert_eq!(v["right_first"], "Left");
        assert_eq!(v["left_first"], "Right");
        assert_eq!(v["outcome"], "P");
        assert_eq!(v["question"], "winner");
    }
}
