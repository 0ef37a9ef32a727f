//! Loopy partizan games: values from CGSuite's test suite and Siegel's
//! book, and the fast algorithms against slow twins.

use mex_core::partizan::loopy::notation::{parse_value, show_value};
use mex_core::partizan::loopy::{LoopyValue, Stopper};

fn shown(text: &str) -> String {
    show_value(&parse_value(text).unwrap_or_else(|e| panic!("{text}: {e}")))
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn stopper(text: &str) -> Stopper {
    match parse_value(text).unwrap() {
        LoopyValue::Stopper(s) => s,
        other => panic!("{text} is not a stopper: {other:?}"),
    }
}

/// CGSuite's CanonicalStopperTestCase.scala and EvalTest.scala (input,
/// printed simplest form).
#[test]
fn printed_forms_of_cgsuite() {
    let cases = [
        ("on", "on"),
        ("off", "off"),
        ("over", "over"),
        ("under", "under"),
        ("{pass|3/2}", "3/2under"),
        ("{-1/4+*|pass}", "-1/4v[on]"),
        ("{0|||0||0|off}", "{0|Tiny(on)}"),
        ("{on|0||0}", "Miny(on)"),
        ("{0||0|under}", "Tiny(over)"),
        ("+-{0|pass}", "+-over"),
        ("+-{5|pass}", "+-(5over)"),
        ("a{0||||0|||a|*||*}", "a{0||||0|||a|*||*}"),
        ("{pass|*}", "^[on]"),
        ("{pass,0|0}", "^[on]*"),
        ("{*|pass}", "v[on]"),
        ("{0|0,pass}", "v[on]*"),
        ("{0||0|0,pass}", "^<on>"),
        ("{0,*||*|pass}", "^<on>*"),
        ("{0,pass|0||0}", "v<on>"),
        ("{pass|*||0,*}", "v<on>*"),
        ("over+5", "5over"),
        ("under+5", "5under"),
        ("5+{pass|*}", "5^[on]"),
        ("5+{0||0|0,pass}", "5^<on>"),
        ("over+^", "over"),
        ("over-5", "-5over"),
        ("x{0|x}", "over"),
        ("x{x|0}", "under"),
        ("{0|{0||0|0,pass}||-{0||0|0,pass}}", "{0|^<on>||v<on>}"),
    ];
    for (input, want) in cases {
        assert_eq!(shown(input), want, "{input}");
    }
}
