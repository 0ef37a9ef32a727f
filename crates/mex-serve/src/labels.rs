//! Move labels given beside a game graph (`labels=`), for games written
//! in Python (`mex.serve(ruleset, example)` with a `label` hook, issue 26):
//! a game graph's move reads `to NODE`; the map renames the move from node
//! `FROM` to node `TO` (JSON: `{"FROM TO": "label"}`; node names hold no
//! spaces). The game itself, its values and positions are unchanged; only
//! the words shown for a move are.

use crate::ApiError;
use axum::http::StatusCode;
use mex_present::json::MoveReport;
use std::collections::HashMap;

/// Most labels a map may hold.
pub const MAX_LABELS: usize = 100_000;

/// The label map: `"FROM TO"` → the move's words.
pub type Labels = HashMap<String, String>;

/// Reads `labels=` (absent: no map).
pub fn parse(text: Option<&str>) -> Result<Option<Labels>, ApiError> {
    let Some(text) = text else { return Ok(None) };
    let bad = |why: String| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            format!("the parameter 'labels' is {why}; accepted: a JSON object from \"FROM TO\" (two node names) to a move's label"),
        )
    };
    let map: Labels = serde_json::from_str(text).map_err(|e| bad(format!("not read ({e})")))?;
    if map.len() > MAX_LABELS {
        return Err(bad(format!("too long (more than {MAX_LABELS} labels)")));
    }
    Ok(Some(map))
}

/// The node a game graph's position stands on (after its last `@`).
fn current_node(position: &str) -> &str {
    position
        .rsplit_once('@')
        .map_or("", |(_, node)| node.trim())
}

/// Renames a move `to TO` of the position on node `FROM` as the map says.
pub fn apply(labels: &Labels, position: &str, m: &mut MoveReport) {
    let Some(to) = m.label.strip_prefix("to ") else {
        return;
    };
    let key = format!("{} {}", current_node(position), to.trim());
    if let Some(label) = labels.get(&key) {
        m.label = label.clone();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_current_node_is_after_the_last_at() {
        assert_eq!(current_node("a: b; b: @ a"), "a");
        assert_eq!(current_node("a: b"), "");
    }

    #[test]
    fn bad_maps_are_refused_with_one_line() {
        assert!(parse(None).unwrap().is_none());
        let map = parse(Some(r#"{"a b": "take 1"}"#)).unwrap().unwrap();
        assert_eq!(map["a b"], "take 1");
        let e = parse(Some("[1]")).unwrap_err();
        assert!(!format!("{e:?}").contains('\n'));
    }
}
