//! Random game trees for the property tests of the partizan engine.

use super::store::{GameId, GameStore};
use proptest::prelude::*;

/// A game tree as written, before canonicalisation.
#[derive(Debug, Clone)]
pub struct Shape {
    pub left: Vec<Shape>,
    pub right: Vec<Shape>,
}

/// Random trees of depth ≤ 4 with up to three options a side.
pub fn shape() -> impl Strategy<Value = Shape> {
    let leaf = Just(Shape {
        left: vec![],
        right: vec![],
    });
    leaf.prop_recursive(4, 24, 3, |inner| {
        (
            proptest::collection::vec(inner.clone(), 0..3),
            proptest::collection::vec(inner, 0..3),
        )
            .prop_map(|(left, right)| Shape { left, right })
    })
}

/// The canonical value of a tree.
pub fn build(s: &mut GameStore, shape: &Shape) -> GameId {
    let left: Vec<GameId> = shape.left.iter().map(|c| build(s, c)).collect();
    let right: Vec<GameId> = shape.right.iter().map(|c| build(s, c)).collect();
    s.make(left, right)
}
