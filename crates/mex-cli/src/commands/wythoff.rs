//! `mex wythoff`.

use crate::output::{fields, table, Output};
use clap::Args;
use mex_core::bigint::{parse_bounded, parse_natural};
use mex_core::heap::wythoff;
use mex_core::MexError;
use serde_json::json;

/// Wythoff's game in exact integer arithmetic: P/N and every winning move
/// for piles of any size, the k-th P-position for any k, Grundy values.
#[derive(Args)]
#[command(after_help = "Examples:
  mex wythoff 153 289
  mex wythoff --pair 10 --json          # [16, 26]
  mex wythoff --pair 10^40
  mex wythoff 3 5 --grundy")]
pub struct WythoffArgs {
    /// The two piles.
    #[arg(num_args = 2, value_names = ["X", "Y"])]
    piles: Vec<String>,
    /// Print the k-th P-position (a_k, b_k), k ≥ 0.
    #[arg(long, value_name = "K")]
    pair: Option<String>,
    /// Also compute the Grundy value of (X, Y) (piles up to 512).
    #[arg(long)]
    grundy: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: &WythoffArgs) -> Result<Output, MexError> {
    let mut json = json!({});
    let mut text = String::new();
    if let Some(k) = &a.pair {
        let k = parse_natural(k)?;
        let (x, y) = wythoff::pair(&k);
        json["k"] = json!(k.to_string());
        json["pair"] = json!([x.to_string(), y.to_string()]);
        text += &fields(&[(&format!("P-position #{k}"), format!("({x}, {y})"))]);
    }
    if a.piles.len() == 2 {
        let (x, y) = (parse_natural(&a.piles[0])?, parse_natural(&a.piles[1])?);
        let outcome = wythoff::outcome(&x, &y);
        let moves = wythoff::winning_moves(&x, &y);
        json["position"] = json!([x.to_string(), y.to_string()]);
        json["outcome"] = json!(outcome);
        json["winning_moves"] = json!(moves
            .iter()
            .map(|(p, q)| [p.to_string(), q.to_string()])
            .collect::<Vec<_>>());
        text += &fields(&[
            ("position", format!("({x}, {y})")),
            ("outcome", outcome.to_string()),
        ]);
        if a.grundy {
            let g = wythoff::grundy(
                parse_bounded(&a.piles[0], "pile", wythoff::MAX_GRUNDY_PILE)?,
                parse_bounded(&a.piles[1], "pile", wythoff::MAX_GRUNDY_PILE)?,
            )?;
            json["grundy"] = json!(g);
            text += &fields(&[("grundy value", g.to_string())]);
        }
        let rows: Vec<Vec<String>> = moves
            .iter()
            .map(|(p, q)| vec![format!("({p}, {q})"), describe(&x, &y, p, q)])
            .collect();
        if !rows.is_empty() {
            text += &table(&["move to", "how"], &rows);
        }
    } else if a.pair.is_none() {
        return Err(MexError::invalid(
            "nothing to do",
            "two piles X Y, or --pair K",
        ));
    }
    Ok(Output::new(json, text))
}

fn describe(
    x: &num_bigint::BigUint,
    y: &num_bigint::BigUint,
    p: &num_bigint::BigUint,
    q: &num_bigint::BigUint,
) -> String {
    match (p == x, q == y) {
        (true, false) => format!("take {} from the second pile", y - q),
        (false, true) => format!("take {} from the first pile", x - p),
        _ => format!("take {} from both piles", x - p),
    }
}
