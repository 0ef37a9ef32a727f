//! Staircases (Chomp positions) for the Chomp tests: every one inside a
//! box, and one from its row lengths.

use mex_core::games::chomp::Staircase;

/// Every staircase inside `h × w` (row lengths non-increasing, at least
/// one row, the first of length at least 1).
pub fn staircases(h: usize, w: usize) -> Vec<Vec<usize>> {
    fn extend(rows: &mut Vec<usize>, h: usize, out: &mut Vec<Vec<usize>>) {
        out.push(rows.clone());
        if rows.len() == h {
            return;
        }
        for l in 1..=*rows.last().unwrap() {
            rows.push(l);
            extend(rows, h, out);
            rows.pop();
        }
    }
    let mut out = Vec::new();
    for first in 1..=w {
        extend(&mut vec![first], h, &mut out);
    }
    out
}

/// The staircase of these row lengths.
pub fn stair(rows: &[usize]) -> Staircase {
    Staircase::from_rows(rows).unwrap()
}
