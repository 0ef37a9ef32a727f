//! The JSON rule for numbers, at the library's serialization: every
//! quantity that can exceed 2^53 is a decimal string, whatever its size
//! (`mex_core::decimal`, used by the result types through `serde`).

use mex_core::heap::sparse::SparseStats;
use mex_core::impartial::nim::{analyse, NimAnalysis};
use mex_core::impartial::Outcome;
use num_bigint::BigUint;
use serde_json::json;

const TWO_TO_THE_200: &str = "1606938044258990275541962092341162602522202993782792835301376";

fn two_to_the_200() -> BigUint {
    BigUint::from(1u32) << 200
}

fn serialized(write: impl FnOnce(&mut serde_json::Serializer<&mut Vec<u8>>)) -> String {
    let mut bytes = Vec::new();
    write(&mut serde_json::Serializer::new(&mut bytes));
    String::from_utf8(bytes).unwrap()
}

#[test]
fn decimal_helpers_write_decimal_strings() {
    let big = serialized(|s| mex_core::decimal::serialize(&two_to_the_200(), s).unwrap());
    assert_eq!(big, format!("\"{TWO_TO_THE_200}\""));
    let wide = serialized(|s| mex_core::decimal::serialize(&u128::MAX, s).unwrap());
    assert_eq!(wide, "\"340282366920938463463374607431768211455\"");
    let list = vec![two_to_the_200(), BigUint::from(7u32)];
    let list = serialized(|s| mex_core::decimal::serialize_seq(&list, s).unwrap());
    assert_eq!(list, format!("[\"{TWO_TO_THE_200}\",\"7\"]"));
}

#[test]
fn nim_sum_of_2_to_the_200_is_a_decimal_string() {
    let nim = NimAnalysis {
        nim_sum: two_to_the_200(),
        outcome: Outcome::N,
        winning_moves: vec![],
    };
    let value = serde_json::to_value(&nim).unwrap();
    assert_eq!(value["nim_sum"], json!(TWO_TO_THE_200));
    assert_eq!(value["outcome"], json!("N"));
}

#[test]
fn nim_piles_are_strings_even_when_small() {
    let value = serde_json::to_value(analyse(&[BigUint::from(3u32), two_to_the_200()])).unwrap();
    assert_eq!(
        value["nim_sum"],
        json!((two_to_the_200() + 3u32).to_string())
    );
    let moves = value["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0]["from"], json!(TWO_TO_THE_200));
    assert_eq!(moves[0]["to"], json!("3"));
    assert_eq!(moves[0]["pile"], json!(1));
}

#[test]
fn pair_counters_are_strings_and_position_counters_numbers() {
    let stats = SparseStats {
        rare_pairs: u64::MAX,
        scanned_pairs: (1 << 53) + 1,
        full_scans: 3,
        ..SparseStats::default()
    };
    let value = serde_json::to_value(stats).unwrap();
    assert_eq!(value["rare_pairs"], json!("18446744073709551615"));
    assert_eq!(value["scanned_pairs"], json!("9007199254740993"));
    assert_eq!(value["full_scans"], json!(3));
}
