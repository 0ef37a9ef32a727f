//! Synchronized games (both players move at once). So far: Synchronized
//! Stack Cherries ([`ssc`]), the core of seed 002.

pub mod cherries;
pub mod explicit;
pub mod solver;
pub mod ssc;
