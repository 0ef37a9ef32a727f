//! Arbitrary and near-valid query strings sent to every GET endpoint
//! through [`mex_serve::router`] (no socket): the server never panics,
//! always answers with a status it documents, never 500 (a panic in the
//! work), and every error is a one-line JSON object `{"error": "..."}`.
//!
//! The work runs under short limits (a light limit of 20 ms, a timeout of
//! 1 s), so expensive positions end in 503 quickly; which of 200 or 503 a
//! position gets may depend on the machine, and both are accepted.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use mex_serve::Config;
use proptest::prelude::*;
use std::time::Duration;
use tower::ServiceExt;

/// Every GET endpoint with its parameters.
const ENDPOINTS: &[(&str, &[&str])] = &[
    ("/api/games", &["name"]),
    ("/api/value", &["game", "position"]),
    ("/api/moves", &["game", "position"]),
    ("/api/best", &["game", "position", "side", "choice"]),
    ("/api/shift/explain", &["state"]),
    ("/api/debruijn", &["n", "path"]),
    ("/api/ssc", &["segment"]),
    ("/api/thermograph", &["expr"]),
    ("/api/sequence", &["game", "rule"]),
    ("/api/openapi.json", &[]),
    ("/", &[]),
    ("/app.js", &[]),
    ("/style.css", &[]),
];

/// Values close to valid ones: names and examples of the catalog, the
/// OpenAPI examples, sides, and numbers at and beyond the limits.
fn seeds() -> Vec<String> {
    let mut out: Vec<String> = mex_core::games::catalog()
        .iter()
        .flat_map(|g| [g.info().name.to_string(), g.info().example.to_string()])
        .collect();
    out.extend(
        [
            "3,4,5",
            "0100",
            "4",
            "0000,1000,0100",
            "BBWBWWB",
            "{3|-1}",
            "octal",
            "subtraction",
            "0.07",
            "1,3,4",
            "Left",
            "Right",
            "Alice",
            "Bob",
            "",
            " ",
            "0",
            "-1",
            "2^64",
            "2^200",
            "10^18",
            "99999999999999999999",
            "6",
            "7",
            "x",
            "4x4",
            "9x9",
            "0x0",
            "{2|0}+*300",
            "^12288",
            "*",
            "↑",
            "…",
            "\u{0}",
            "\n",
            "%",
            "&",
            "=",
        ]
        .map(String::from),
    );
    out
}

/// A value: a seed, a seed mutated (a character inserted, removed or
/// replaced, or the seed repeated), or any string.
fn value() -> impl Strategy<Value = String> {
    let seeds = seeds();
    let seed = proptest::sample::select(seeds);
    prop_oneof![
        3 => seed.clone(),
        3 => seed.clone().prop_flat_map(mutated),
        1 => (seed, 2..200usize).prop_map(|(s, n)| s.repeat(n)),
        2 => any::<String>(),
    ]
}

/// `text` with one character inserted, removed or replaced (a character
/// of the same text, a digit, or any).
fn mutated(text: String) -> impl Strategy<Value = String> {
    let own: Vec<char> = text.chars().chain("0123456789x,.|/ ".chars()).collect();
    let c = prop_oneof![proptest::sample::select(own), any::<char>()];
    (any::<prop::sample::Index>(), c, 0..3u8).prop_map(move |(at, c, how)| {
        let mut chars: Vec<char> = text.chars().collect();
        let i = at.index(chars.len() + 1);
        match how {
            0 => chars.insert(i, c),
            1 if i < chars.len() => {
                chars.remove(i);
            }
            _ if i < chars.len() => chars[i] = c,
            _ => chars.push(c),
        }
        chars.into_iter().collect()
    })
}

/// Percent-encodes a value, leaving some bytes raw (`%`, `&`, `=`, `+`)
/// when `raw` is set, so that malformed escapes and extra parameters
/// appear.
fn encode(text: &str, raw: bool) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            b'%' | b'&' | b'=' | b'+' if raw => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// How a parameter appears in a query.
#[derive(Debug, Clone, Copy)]
enum Presence {
    Missing,
    Encoded,
    /// With `%`, `&`, `=` and `+` left raw.
    Raw,
    Twice,
}

/// A query: each parameter of the endpoint present (usually once, encoded),
/// missing, raw or repeated, with a near-valid value, and sometimes a
/// parameter of another name.
fn query(names: &'static [&'static str]) -> impl Strategy<Value = String> {
    let presence = prop_oneof![
        1 => Just(Presence::Missing),
        12 => Just(Presence::Encoded),
        2 => Just(Presence::Raw),
        1 => Just(Presence::Twice),
    ];
    let params = proptest::collection::vec((presence, value()), names.len());
    let extra = proptest::option::weighted(0.2, ("[a-z%=&]{0,6}", value()));
    (params, extra).prop_map(move |(params, extra)| {
        let mut out = Vec::new();
        for (name, (presence, v)) in names.iter().zip(params) {
            match presence {
                Presence::Missing => {}
                Presence::Encoded => out.push(format!("{name}={}", encode(&v, false))),
                Presence::Raw => out.push(format!("{name}={}", encode(&v, true))),
                Presence::Twice => {
                    out.push(format!("{name}={}", encode(&v, false)));
                    out.push(format!("{name}={}", encode(&v, false)));
                }
            }
        }
        if let Some((name, v)) = extra {
            out.push(format!("{name}={}", encode(&v, false)));
        }
        out.join("&")
    })
}

/// A game of the catalog with its example, mutated like a [`value`].
fn game_and_position() -> impl Strategy<Value = (String, String)> {
    let games: Vec<(String, String)> = mex_core::games::catalog()
        .iter()
        .map(|g| (g.info().name.to_string(), g.info().example.to_string()))
        .collect();
    proptest::sample::select(games).prop_flat_map(|(name, example)| {
        (
            Just(name),
            prop_oneof![Just(example.clone()), mutated(example)],
        )
    })
}

/// `/api/value`, `/api/moves` or `/api/best` on a position of the right
/// game, sometimes with a side.
fn catalog_request() -> impl Strategy<Value = String> {
    let path = proptest::sample::select(&["/api/value", "/api/moves", "/api/best"][..]);
    let side = proptest::option::weighted(0.3, value());
    (path, game_and_position(), side).prop_map(|(path, (game, position), side)| {
        let side = side.map_or(String::new(), |s| format!("&side={}", encode(&s, false)));
        format!(
            "{path}?game={}&position={}{side}",
            encode(&game, false),
            encode(&position, false)
        )
    })
}

/// An endpoint and a query for it: near-valid, or raw bytes.
fn request() -> impl Strategy<Value = String> {
    let near_valid = proptest::sample::select(ENDPOINTS)
        .prop_flat_map(|(path, names)| query(names).prop_map(move |q| format!("{path}?{q}")));
    let raw = (
        proptest::sample::select(ENDPOINTS),
        proptest::collection::vec(any::<u8>(), 0..64),
    )
        .prop_map(|((path, _), bytes)| {
            let text: String = bytes
                .iter()
                .map(|&b| match b {
                    b'!'..=b'~' if b != b'#' => (b as char).to_string(),
                    _ => format!("%{b:02X}"),
                })
                .collect();
            format!("{path}?{text}")
        });
    prop_oneof![4 => near_valid, 3 => catalog_request(), 1 => raw]
}

/// The statuses the API documents.
const DOCUMENTED: &[u16] = &[200, 400, 404, 413, 422, 503];

/// Sends `target` and checks the answer; `Err` names what was wrong.
async fn check(app: axum::Router, target: &str) -> Result<(), String> {
    let Ok(req) = Request::get(target).body(Body::empty()) else {
        return Ok(()); // not a URI a client could send
    };
    let response = app.oneshot(req).await.map_err(|e| format!("{e}"))?;
    let status = response.status();
    let body = axum::body::to_bytes(response.into_body(), 1 << 24)
        .await
        .map_err(|e| format!("body: {e}"))?;
    if !DOCUMENTED.contains(&status.as_u16()) {
        return Err(format!(
            "status {status}: {}",
            String::from_utf8_lossy(&body)
        ));
    }
    if status == StatusCode::OK {
        return Ok(());
    }
    if status == StatusCode::NOT_FOUND && !target.starts_with("/api/") {
        return Ok(()); // the page's plain-text 404
    }
    let v: serde_json::Value = serde_json::from_slice(&body).map_err(|_| {
        format!(
            "status {status}, not JSON: {}",
            String::from_utf8_lossy(&body)
        )
    })?;
    let line = v["error"].as_str().ok_or(format!("no error field: {v}"))?;
    if v.as_object().map(|o| o.len()) != Some(1) || line.is_empty() || line.contains(['\n', '\r']) {
        return Err(format!("not a one-line error object: {v}"));
    }
    Ok(())
}

fn fast_limits() -> Config {
    Config {
        light_limit: Duration::from_millis(20),
        timeout: Duration::from_secs(1),
        queue: Duration::from_secs(60),
        ..Config::default()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn every_query_gets_a_documented_status_and_one_line_errors(target in request()) {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap();
        let app = mex_serve::router(fast_limits());
        let verdict = runtime.block_on(check(app, &target));
        prop_assert!(verdict.is_ok(), "{target}: {}", verdict.unwrap_err());
    }
}
