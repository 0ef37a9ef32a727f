//! `mex nimber`: arithmetic in the nimber field (Conway 1976, chapter 6),
//! checked against the nim-product's definition on small values and the
//! field laws on big ones (both in mex-core); here the command line.

use crate::common;

use common::{json, mex};

#[test]
fn nimber_arithmetic_prints_the_value() {
    for (expression, value) in [
        ("2*3", "1"),
        ("16*16", "24"),
        ("1/2", "3"),
        ("2+3", "1"),
        ("(2+1)^2", "2"),
        ("5^-1*5", "1"),
        // 2^64 ⊗ 2^64 = (3/2)·2^64: a Fermat 2-power squares to its
        // sesquimultiple (Conway 1976, Theorem 49).
        (
            "18446744073709551616 * 18446744073709551616",
            "27670116110564327424",
        ),
    ] {
        let v = json(&["nimber", expression]);
        assert_eq!(v["value"], value, "{expression}");
        assert_eq!(v["expression"], expression);
        let out = mex(&["nimber", expression]);
        assert_eq!(String::from_utf8(out.stdout).unwrap(), format!("{value}\n"));
    }
}

#[test]
fn bad_expressions_get_one_line_and_status_2() {
    for bad in ["1/0", "2**3", "(1", "x", "0^-1", ""] {
        let out = mex(&["nimber", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}
