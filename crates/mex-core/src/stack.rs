//! Recursion as deep as memory allows.
//!
//! The recursive operations on game trees (sums, comparisons and canonical
//! simplification in [`crate::partizan::store`], printing, thermographs)
//! go as deep as a game nests, and a canonical form such as
//! `{1|*} + 100000·↑` nests about 100 000 levels. Each recursive step calls
//! [`deep`], which continues on a fresh stack segment taken from the heap
//! (`stacker::maybe_grow`, the technique rustc uses for deep syntax trees)
//! when fewer than [`RED_ZONE`] bytes of the current stack are left, so no
//! input overflows the thread's stack, whatever its size (the server's
//! workers and Python's threads included). Memory for the segments is not
//! free: the game store charges [`BYTES_PER_LEVEL`] to its memory budget
//! for each level of recursion under way and each level of nesting it
//! stores, so the memory budget decides how deep a computation may go.

/// Bytes of stack that must be left before a recursive step runs on the
/// current stack; below that it runs on a new segment. Generous: the
/// largest step (a sum through a record's options into a comparison) takes
/// a few KiB.
pub const RED_ZONE: usize = 256 << 10;

/// Size of each stack segment taken from the heap.
pub const SEGMENT: usize = 16 << 20;

/// Stack bytes charged to a memory budget per level of recursion (the
/// frames between two calls of [`deep`]; measured below 1 KiB in the
/// optimised build, `tests/integration/deep_games.rs`).
pub const BYTES_PER_LEVEL: usize = 2 << 10;

/// Runs `f`, on a new stack segment when the current one is nearly used up.
#[inline]
pub fn deep<R>(f: impl FnOnce() -> R) -> R {
    stacker::maybe_grow(RED_ZONE, SEGMENT, f)
}
