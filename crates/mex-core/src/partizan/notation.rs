//! Printing canonical games in the standard notation (a parser follows in a
//! later step).

use super::store::{GameId, GameStore};

/// Prints `g`: integers, dyadic rationals and nimbers by name, `↑`/`↓` as
/// `^`/`v`, everything else as `{L | R}` with options printed recursively.
pub fn show(s: &mut GameStore, g: GameId) -> String {
    if let Some((p, q)) = as_number(s, g) {
        return if q == 0 {
            p.to_string()
        } else {
            format!("{p}/{}", 1u64 << q)
        };
    }
    if let Some(k) = as_nimber(s, g) {
        return if k == 1 { "*".into() } else { format!("*{k}") };
    }
    let up = s.up();
    if g == up {
        return "^".into();
    }
    let down = s.neg(up);
    if g == down {
        return "v".into();
    }
    let star = s.nimber(1);
    let up_star = s.add(up, star);
    if g == up_star {
        return "^*".into();
    }
    let node = s.node(g).clone();
    let left: Vec<String> = node.left.iter().map(|&x| show(s, x)).collect();
    let right: Vec<String> = node.right.iter().map(|&x| show(s, x)).collect();
    format!("{{{} | {}}}", left.join(", "), right.join(", "))
}

/// `Some((p, q))` when `g = p / 2^q` in lowest terms.
pub fn as_number(s: &mut GameStore, g: GameId) -> Option<(i64, u32)> {
    let node = s.node(g).clone();
    match (node.left.as_slice(), node.right.as_slice()) {
        ([], []) => Some((0, 0)),
        ([l], []) => as_number(s, *l)
            .filter(|&(p, q)| q == 0 && p >= 0)
            .map(|(p, _)| (p + 1, 0)),
        ([], [r]) => as_number(s, *r)
            .filter(|&(p, q)| q == 0 && p <= 0)
            .map(|(p, _)| (p - 1, 0)),
        ([l], [r]) => {
            let (a, b) = (as_number(s, *l)?, as_number(s, *r)?);
            // {a | b} with a < b dyadic and adjacent at the next level is their mean.
            let q = a.1.max(b.1) + 1;
            let (pa, pb) = (a.0 << (q - a.1), b.0 << (q - b.1));
            (pb - pa == 2).then_some((pa + 1, q))
        }
        _ => None,
    }
}

/// `Some(k)` when `g = *k`.
pub fn as_nimber(s: &mut GameStore, g: GameId) -> Option<u32> {
    let node = s.node(g).clone();
    if node.left != node.right {
        return None;
    }
    let k = node.left.len() as u32;
    (0..k)
        .all(|i| {
            let n = s.nimber(i);
            node.left.contains(&n)
        })
        .then_some(k)
        .filter(|&k| k > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        let mut s = GameStore::new();
        let cases = [
            (s.integer(3), "3"),
            (s.integer(-2), "-2"),
            (s.dyadic(3, 2), "3/4"),
            (s.dyadic(-1, 1), "-1/2"),
            (s.nimber(1), "*"),
            (s.nimber(3), "*3"),
            (s.up(), "^"),
        ];
        for (g, text) in cases {
            assert_eq!(show(&mut s, g), text);
        }
        let one = s.integer(1);
        let pm1 = s.switch(one);
        assert_eq!(show(&mut s, pm1), "{1 | -1}");
    }
}
