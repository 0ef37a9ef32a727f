//! The server on a real socket (127.0.0.1, a free port), through a small
//! HTTP/1.1 client: every path of the OpenAPI document answers, the API
//! answers what the shared JSON functions build, and every limit gives its
//! status with a one-line JSON error.
//!
//! Nothing races the clock: servers whose answers are checked run with
//! limits of an hour ([`patient`]), the limits themselves are reached
//! with work held behind a [`Gate`], and waits for the server have
//! generous bounds that only a failing test reaches.

use mex_core::games::best;
use mex_core::shift::graph::MAX_PICTURE_ORDER;
use mex_present::json;
use mex_serve::{Config, Gate};
use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

/// The bound on every wait for the server; reached only when a test fails.
const BOUND: Duration = Duration::from_secs(60);

const HOUR: Duration = Duration::from_secs(3600);

pub(crate) fn start(config: Config) -> SocketAddr {
    mex_serve::spawn("127.0.0.1:0", config).unwrap()
}

/// Limits no answer reaches on a loaded machine: the default slots, and an
/// hour for the timeout, the wait for a slot and the computer's search.
pub(crate) fn patient() -> Config {
    Config {
        timeout: HOUR,
        queue: HOUR,
        budget: best::Budget {
            time: HOUR,
            ..best::Budget::default()
        },
        ..Config::default()
    }
}

/// Sends one request; returns the status and the body.
pub(crate) fn request(addr: SocketAddr, method: &str, target: &str, body: &str) -> (u16, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(BOUND)).unwrap();
    let head = format!(
        "{method} {target} HTTP/1.1\r\nHost: test\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).unwrap();
    s.write_all(body.as_bytes()).unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).unwrap();
    let text = String::from_utf8_lossy(&raw).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    (status, body.to_string())
}

pub(crate) fn get(addr: SocketAddr, target: &str) -> (u16, Value) {
    let (status, body) = request(addr, "GET", target, "");
    let v = serde_json::from_str(&body).unwrap_or_else(|_| panic!("not JSON: {body}"));
    (status, v)
}

/// Percent-encodes a query value.
pub(crate) fn enc(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

pub(crate) fn assert_error(status: u16, body: &Value, expected: u16) {
    assert_eq!(status, expected, "{body}");
    let e = body["error"].as_str().expect("an error field");
    assert!(!e.is_empty() && !e.contains('\n'), "{e}");
    assert_eq!(body.as_object().unwrap().len(), 1);
}

#[test]
fn every_path_of_the_openapi_document_answers() {
    let addr = start(patient());
    let (status, doc) = get(addr, "/api/openapi.json");
    assert_eq!(status, 200);
    assert!(doc["openapi"].as_str().unwrap().starts_with("3."));
    let paths = doc["paths"].as_object().unwrap();
    assert!(paths.len() >= 6);
    // The proof paths answer only about an uploaded proof (proof.rs).
    for (path, ops) in paths.iter().filter(|(p, _)| !p.starts_with("/api/proof")) {
        for method in ops.as_object().unwrap().keys() {
            let (status, body) = match method.as_str() {
                "get" => {
                    // Required parameters from their examples.
                    let params: Vec<String> = ops["get"]["parameters"]
                        .as_array()
                        .map(|ps| {
                            ps.iter()
                                .filter(|p| p["required"] == true)
                                .map(|p| {
                                    format!(
                                        "{}={}",
                                        p["name"].as_str().unwrap(),
                                        enc(p["example"].as_str().unwrap())
                                    )
                                })
                                .collect()
                        })
                        .unwrap_or_default();
                    request(addr, "GET", &format!("{path}?{}", params.join("&")), "")
                }
                "post" => request(
                    addr,
                    "POST",
                    path,
                    r#"{"game": "nim", "position": "3,4,5"}"#,
                ),
                other => panic!("unexpected method {other}"),
            };
            assert_eq!(status, 200, "{method} {path}: {body}");
            if body.starts_with("<svg") {
                roxmltree::Document::parse(&body).expect("well-formed SVG");
            } else {
                let _: Value = serde_json::from_str(&body).unwrap();
            }
        }
    }
}

/// Takes the `board` out of an answer, checking that it is the SVG of
/// the position's picture.
fn assert_board(answer: &mut Value, picture: &mex_core::games::picture::Picture) {
    let board = answer.as_object_mut().unwrap().remove("board");
    let want = mex_present::board::board_svg(picture);
    assert_eq!(board.as_ref().and_then(Value::as_str), Some(&*want));
}

#[test]
fn the_api_answers_what_the_shared_json_builds() {
    let addr = start(patient());
    let (status, games) = get(addr, "/api/games");
    assert_eq!(status, 200);
    let shared = json::games_report(None).unwrap().with_views();
    assert_eq!(games, serde_json::to_value(shared).unwrap());
    for g in games["games"].as_array().unwrap() {
        let name = g["name"].as_str().unwrap();
        let example = g["example"].as_str().unwrap();
        let (g2, e, moves, ctx) = json::evaluate_moves(name, example).unwrap();
        let q = format!("game={}&position={}", enc(name), enc(example));
        let picture = g2.picture(example).unwrap();
        let (status, mut v) = get(addr, &format!("/api/value?{q}"));
        assert_eq!(status, 200, "{v}");
        assert_board(&mut v, &picture);
        assert_eq!(v, json::value_json(g2, &e, &ctx).unwrap());
        let (status, mut m) = get(addr, &format!("/api/moves?{q}"));
        assert_eq!(status, 200, "{m}");
        assert_board(&mut m, &picture);
        assert_eq!(m, json::moves_json(g2, &e, &moves, &ctx).unwrap());
        // The computer has a move wherever the moves are not empty; its
        // answer starts with the value report (its remoteness its own).
        let (status, mut b) = get(addr, &format!("/api/best?{q}"));
        assert_eq!(status, 200, "{b}");
        if g["family"] != "synchronized" && !moves.is_empty() {
            assert!(b["move"].is_object(), "{name}: {b}");
        }
        assert_board(&mut b, &picture);
        let mut value = json::value_json(g2, &e, &ctx).unwrap();
        let best = b.as_object_mut().unwrap();
        for (key, field) in value.as_object_mut().unwrap() {
            if key != "remoteness" {
                assert_eq!(best.remove(key).as_ref(), Some(&*field), "{name}: {key}");
            }
        }
        let mut rest: Vec<&str> = best.keys().map(String::as_str).collect();
        rest.sort_unstable();
        assert_eq!(
            rest,
            ["choice", "index", "move", "player", "reason", "remoteness"]
        );
    }
}

/// The properties a schema of the OpenAPI document declares and requires
/// (through `$ref` and `allOf`).
fn schema_fields(doc: &Value, schema: &Value) -> (Vec<String>, Vec<String>) {
    if let Some(r) = schema["$ref"].as_str() {
        let name = r.trim_start_matches("#/components/schemas/");
        return schema_fields(doc, &doc["components"]["schemas"][name]);
    }
    let (mut declared, mut required) = (Vec::new(), Vec::new());
    for part in schema["allOf"].as_array().into_iter().flatten() {
        let (d, r) = schema_fields(doc, part);
        declared.extend(d);
        required.extend(r);
    }
    if let Some(p) = schema["properties"].as_object() {
        declared.extend(p.keys().cloned());
    }
    for r in schema["required"].as_array().into_iter().flatten() {
        required.push(r.as_str().unwrap().to_string());
    }
    (declared, required)
}

/// Every field of `answer` is declared by the schema `name`, and every
/// field it requires is there.
pub(crate) fn assert_follows(doc: &Value, name: &str, answer: &Value) {
    let schema = json!({ "$ref": format!("#/components/schemas/{name}") });
    let (declared, required) = schema_fields(doc, &schema);
    let fields = answer.as_object().unwrap();
    for key in fields.keys() {
        assert!(declared.contains(key), "{name} does not declare {key}");
    }
    for key in &required {
        assert!(fields.contains_key(key), "{name} requires {key}: {answer}");
    }
}

#[test]
fn the_answers_follow_the_openapi_schemas() {
    let addr = start(patient());
    let (_, doc) = get(addr, "/api/openapi.json");
    let (_, games) = get(addr, "/api/games");
    assert_follows(&doc, "Games", &games);
    for g in games["games"].as_array().unwrap() {
        assert_follows(&doc, "Game", g);
        let q = format!(
            "game={}&position={}",
            enc(g["name"].as_str().unwrap()),
            enc(g["example"].as_str().unwrap())
        );
        let (_, v) = get(addr, &format!("/api/value?{q}"));
        assert_follows(&doc, "Value", &v);
        let (_, m) = get(addr, &format!("/api/moves?{q}"));
        assert_follows(&doc, "Moves", &m);
        for mv in m["moves"].as_array().unwrap() {
            assert_follows(&doc, "Move", mv);
        }
        let (_, b) = get(addr, &format!("/api/best?{q}"));
        assert_follows(&doc, "Best", &b);
        if b["move"].is_object() {
            assert_follows(&doc, "Move", &b["move"]);
        }
    }
    let (_, e) = get(addr, "/api/value?game=nim");
    assert_follows(&doc, "Error", &e);
}

#[test]
fn errors_are_one_line_json_with_their_status() {
    let addr = start(patient());
    let (s, v) = get(addr, "/api/value?game=nim");
    assert_error(s, &v, 400);
    let (s, v) = get(addr, "/api/value?game=nim&position=3,x");
    assert_error(s, &v, 422);
    let (s, v) = get(addr, "/api/moves?game=chess&position=e4");
    assert_error(s, &v, 422);
    // Invalid UTF-8 is read lossily, then refused by the game.
    let (s, v) = get(addr, "/api/value?game=nim&position=%FF");
    assert_error(s, &v, 422);
    let long = "1,".repeat(5000);
    let (s, v) = get(addr, &format!("/api/value?game=nim&position={long}1"));
    assert_error(s, &v, 413);
    let (s, v) = get(addr, "/api/nothing");
    assert_error(s, &v, 404);
    let (s, body) = request(addr, "POST", "/api/play", "{not json");
    assert_error(s, &serde_json::from_str(&body).unwrap(), 400);
    let big = format!(
        r#"{{"game": "nim", "position": "{}1"}}"#,
        "1,".repeat(20_000)
    );
    let (s, body) = request(addr, "POST", "/api/play", &big);
    assert_error(s, &serde_json::from_str(&body).unwrap(), 413);
    let (s, v) = get(addr, "/api/best?game=domineering&position=2x2&side=Up");
    assert_error(s, &v, 422);
    // The engine's own limits: too many moves to list.
    let (s, v) = get(addr, "/api/moves?game=nim&position=2%5E200");
    assert_error(s, &v, 422);
}

#[test]
fn busy_and_slow_requests_get_503() {
    let busy = start(Config {
        heavy: 0,
        light: 0,
        queue: Duration::from_millis(50),
        ..Config::default()
    });
    let (s, v) = get(busy, "/api/value?game=nim&position=1");
    assert_error(s, &v, 503);
    // Requests that evaluate nothing still answer.
    assert_eq!(get(busy, "/api/games").0, 200);
}

/// Without a light lane, Domineering 4×4 goes to the heavy lane, where the
/// gate holds it past the timeout: 503. Once the gate opens, the work, whose
/// token was stopped when the answer was given up, ends stopped and gives
/// its slot back.
#[test]
fn a_timed_out_evaluation_is_stopped_and_frees_its_slot() {
    let gate = Gate::closed();
    let slow = start(Config {
        timeout: Duration::from_millis(50),
        light: 0,
        heavy: 1,
        gate: Some(gate.clone()),
        ..patient()
    });
    let (s, v) = get(slow, "/api/moves?game=domineering&position=4x4");
    assert_error(s, &v, 503);
    assert!(v["error"]
        .as_str()
        .unwrap()
        .contains("took longer than 0.05 s"));
    gate.open();
    let counts = gate.wait_for(BOUND, |c| c.ended == 1);
    assert_eq!((counts.reached, counts.ended, counts.stopped), (1, 1, 1));
}

/// Domineering 6×6 has no bound before its search (issue 22): the server
/// bounds it as it bounds Konane and Clobber, by its timeout (and the
/// store's budgets), answers 503 in one line, and goes on answering.
#[test]
fn a_big_domineering_board_is_stopped_by_the_timeout() {
    let addr = start(Config {
        timeout: Duration::from_millis(300),
        ..patient()
    });
    let (s, v) = get(addr, "/api/value?game=domineering&position=6x6");
    assert_error(s, &v, 503);
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("took longer than 0.3 s"),
        "{v}"
    );
    let (s, v) = get(addr, "/api/value?game=domineering&position=2x3");
    assert_eq!(s, 200, "{v}");
}

/// Domineering 4×4 runs past a light limit of zero, so it goes to the
/// heavy lane, where the gate holds it. With the one heavy slot held, a
/// cheap request still answers from the light lane, while the expensive
/// one, now known to be heavy, finds the heavy lane full.
#[test]
fn cheap_requests_do_not_wait_behind_expensive_ones() {
    let gate = Gate::closed();
    let addr = start(Config {
        heavy: 1,
        light_limit: Duration::ZERO,
        queue: Duration::ZERO,
        gate: Some(gate.clone()),
        ..patient()
    });
    let expensive = "/api/moves?game=domineering&position=4x4";
    let held = std::thread::spawn(move || get(addr, expensive));
    assert_eq!(gate.wait_for(BOUND, |c| c.reached == 1).reached, 1);
    // Bouton's formula never reaches a stop check: done in the light lane.
    let (s, v) = get(addr, "/api/value?game=nim&position=3,4,5");
    assert_eq!(s, 200, "{v}");
    let (s, v) = get(addr, expensive);
    assert_error(s, &v, 503);
    assert!(v["error"].as_str().unwrap().contains("busy"), "{v}");
    gate.open();
    let (s, v) = held.join().unwrap();
    assert_eq!(s, 200, "{v}");
    assert_eq!(gate.wait_for(BOUND, |c| c.ended == 1).stopped, 0);
}

/// A client that sends half a request line and waits sees the connection
/// closed by the server.
#[test]
fn slow_headers_close_the_connection() {
    let addr = start(Config {
        header_timeout: Duration::from_millis(100),
        ..patient()
    });
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(BOUND)).unwrap();
    s.write_all(b"GET /api/ga").unwrap();
    let mut rest = Vec::new();
    let read = s.read_to_end(&mut rest);
    assert!(read.is_ok(), "closed, not timed out: {read:?}");
    // A complete request on a fresh connection is still served.
    assert_eq!(get(addr, "/api/games").0, 200);
}

/// Listing moves of thousands of heaps took the server to 2.7 GB and an
/// abort (three requests at once, each under the URI and body limits):
/// the listing bound refuses them with 422, and the server goes on.
/// The evaluations running at once take their memory from one pool
/// (issue 39: two Chomp 16×17 requests, each reserving the dense table
/// the command line's budget allows, aborted the server): an evaluation
/// held at the gate holds its share, so the next one finds the pool taken
/// (503, naming the memory) though a slot is free; once it ends, the
/// server answers again.
#[test]
fn the_memory_pool_bounds_what_evaluations_take_together() {
    let gate = Gate::closed();
    let addr = start(Config {
        memory: 64 << 20,
        request_memory: 64 << 20,
        light: 0,
        heavy: 2,
        queue: Duration::ZERO,
        gate: Some(gate.clone()),
        ..patient()
    });
    let held = std::thread::spawn(move || get(addr, "/api/value?game=nim&position=3,4,5"));
    assert_eq!(gate.wait_for(BOUND, |c| c.reached == 1).reached, 1);
    let (s, v) = get(addr, "/api/moves?game=nim&position=1,2");
    assert_error(s, &v, 503);
    assert!(
        v["error"].as_str().unwrap().contains("64 MiB of memory"),
        "{v}"
    );
    gate.open();
    assert_eq!(held.join().unwrap().0, 200);
    assert_eq!(get(addr, "/api/moves?game=nim&position=1,2").0, 200);
}

/// One request needing more than an evaluation's budget is refused (422,
/// naming the memory) in both lanes, parallel requests for it never take
/// the server down, and it answers afterwards.
#[test]
fn a_request_beyond_its_memory_budget_gets_422_and_the_server_goes_on() {
    let addr = start(Config {
        memory: 64 << 20,
        request_memory: 32 << 20,
        light_memory: 8 << 20,
        ..patient()
    });
    let clients: Vec<_> = ["value", "moves", "value", "moves"]
        .into_iter()
        .map(|api| {
            std::thread::spawn(move || get(addr, &format!("/api/{api}?game=chomp&position=16x17")))
        })
        .collect();
    for client in clients {
        let (s, v) = client.join().unwrap();
        assert_error(s, &v, 422);
        assert!(v["error"].as_str().unwrap().contains("of memory"), "{v}");
    }
    assert_eq!(get(addr, "/api/value?game=chomp&position=3x4").0, 200);
}

#[test]
fn huge_listings_are_refused_and_the_server_goes_on() {
    let addr = start(patient());
    let heaps = vec!["1"; 4000].join(",");
    let moves = format!("/api/moves?game=nim&position={heaps}");
    let play = format!(
        r#"{{"game": "nim", "position": "{}"}}"#,
        vec!["1"; 7000].join(",")
    );
    let clients: Vec<_> = (0..3)
        .flat_map(|_| {
            let (moves, play) = (moves.clone(), play.clone());
            [
                std::thread::spawn(move || get(addr, &moves)),
                std::thread::spawn(move || {
                    let (s, body) = request(addr, "POST", "/api/play", &play);
                    (s, serde_json::from_str(&body).unwrap())
                }),
            ]
        })
        .collect();
    for client in clients {
        let (s, v) = client.join().unwrap();
        assert_error(s, &v, 422);
        assert!(
            v["error"].as_str().unwrap().contains("characters in all"),
            "{v}"
        );
    }
    assert_eq!(get(addr, "/api/value?game=nim&position=3,4,5").0, 200);
}

#[test]
fn the_pages_are_served() {
    let addr = start(patient());
    for path in ["/", "/app.js", "/style.css"] {
        let (s, body) = request(addr, "GET", path, "");
        assert_eq!(s, 200, "{path}");
        assert!(!body.is_empty());
    }
    assert_eq!(request(addr, "GET", "/nothing", "").0, 404);
}

/// Plays from `position` with the computer's move on both sides.
fn self_play(addr: SocketAddr, game: &str, mut position: String) -> (u32, Value) {
    let mut turns = 0;
    loop {
        let (s, b) = get(
            addr,
            &format!("/api/best?game={game}&position={}", enc(&position)),
        );
        assert_eq!(s, 200, "{b}");
        if b["move"].is_null() || b["turns"] == 0 {
            return (turns, b);
        }
        position = b["move"]["position"].as_str().unwrap().to_string();
        turns += 1;
        assert!(turns < 1000);
    }
}

#[test]
fn the_shift_game_of_order_4_lasts_16_turns_under_perfect_play() {
    let addr = start(patient());
    let (turns, last) = self_play(addr, "shift-game", "0000".into());
    assert_eq!(turns, 16, "{last}");
    assert_eq!(last["position"], "0000 end");
}

#[test]
fn the_computer_wins_nim_fast_and_loses_slowly() {
    let addr = start(patient());
    // 3,4,5 is an N-position: the first player wins; the winner's moves
    // lead to P-positions.
    let (s, b) = get(addr, "/api/best?game=nim&position=3,4,5");
    assert_eq!(s, 200);
    assert_eq!(b["move"]["outcome"], "P");
    assert_eq!(b["move"]["winning"], true);
    // 1,1 is lost: the loser takes one counter (the longest defence), not
    // two in one heap (there are none): remoteness 2.
    let (_, b) = get(addr, "/api/best?game=nim&position=1,1");
    assert_eq!(b["remoteness"], 2);
    // 0,3 is won at once: take all three (remoteness 1), not one.
    let (_, b) = get(addr, "/api/best?game=nim&position=0,3");
    assert_eq!(b["move"]["position"], "0,0");
    assert_eq!(b["remoteness"], 1);
    // 2,2: the loser delays: remoteness 4 (take 1, ...).
    let (_, b) = get(addr, "/api/best?game=nim&position=2,2");
    assert_eq!(b["remoteness"], 4);
    assert!(b["move"]["position"].as_str().unwrap().contains('1'));
    let r = best::Budget::default();
    assert!(r.positions > 0);
}

#[test]
fn partizan_and_synchronized_moves_keep_the_best_class() {
    let addr = start(patient());
    // Domineering 2x2 is N: Left moving first wins, so does Right.
    for side in ["Left", "Right"] {
        let (_, b) = get(
            addr,
            &format!("/api/best?game=domineering&position=2x2&side={side}"),
        );
        assert_eq!(b["player"], side);
        assert_eq!(b["move"]["player"], side);
        assert_eq!(b["move"]["winning"], true, "{b}");
    }
    let (s, b) = get(addr, "/api/best?game=ssc&position=BBW%20WB&side=Right");
    assert_eq!(s, 200, "{b}");
    assert!(b["choice"].is_string());
    let theirs = "takes the front of row 1";
    let (s, b) = get(
        addr,
        &format!(
            "/api/best?game=ssc&position=BBW%20WB&side=Right&choice={}",
            enc(theirs)
        ),
    );
    assert_eq!(s, 200, "{b}");
    assert!(b["move"]["label"].as_str().unwrap().contains(theirs));
}

#[test]
fn shift_explanation_and_debruijn_picture() {
    let addr = start(patient());
    let (s, v) = get(addr, "/api/shift/explain?state=0100");
    assert_eq!(s, 200, "{v}");
    let want = mex_present::views::shift_explanation("0100").unwrap();
    assert_eq!(v, serde_json::to_value(want).unwrap());
    assert_eq!(v["next"], "1010");
    let (s, v) = get(addr, "/api/shift/explain");
    assert_error(s, &v, 400);
    let (s, v) = get(addr, "/api/shift/explain?state=01x");
    assert_error(s, &v, 422);
    let (s, body) = request(addr, "GET", "/api/debruijn?n=4&path=0000,1000,0100", "");
    assert_eq!(s, 200, "{body}");
    let doc = roxmltree::Document::parse(&body).expect("well-formed SVG");
    let class = |n: &roxmltree::Node, c: &str| {
        n.attribute("class")
            .is_some_and(|v| v.split(' ').any(|w| w == c))
    };
    assert_eq!(doc.descendants().filter(|n| class(n, "node")).count(), 16);
    assert_eq!(doc.descendants().filter(|n| class(n, "edge")).count(), 32);
    assert_eq!(doc.descendants().filter(|n| class(n, "path")).count(), 2);
    let too_large = format!("n={}", MAX_PICTURE_ORDER + 1);
    for bad in [&*too_large, "n=x", "n=4&path=0000,0011", "n=4&path=000"] {
        let (s, v) = get(addr, &format!("/api/debruijn?{bad}"));
        assert_error(s, &v, 422);
    }
    let (s, v) = get(addr, "/api/debruijn");
    assert_error(s, &v, 400);
}

/// The limits the document states are the engine's.
#[test]
fn the_openapi_document_states_the_engines_limits() {
    let doc: Value = serde_json::from_str(include_str!("../../assets/openapi.json")).unwrap();
    let debruijn = &doc["paths"]["/api/debruijn"]["get"];
    let range = format!("1 to {MAX_PICTURE_ORDER}");
    assert!(debruijn["summary"].as_str().unwrap().contains(&range));
    let n = &debruijn["parameters"][0];
    assert_eq!(n["name"], "n");
    assert!(n["description"].as_str().unwrap().contains(&range));
    let ssc = &doc["paths"]["/api/ssc"]["get"]["parameters"][0];
    let most = format!("at most {} cherries", mex_present::views::MAX_SSC_CHERRIES);
    assert!(ssc["description"].as_str().unwrap().contains(&most));
    let state = &doc["paths"]["/api/shift/explain"]["get"]["parameters"][0];
    let bits = format!("2 to {} bits", mex_present::views::MAX_EXPLAIN_BITS);
    assert!(state["description"].as_str().unwrap().contains(&bits));
}

#[test]
fn ssc_decomposition() {
    let addr = start(patient());
    let (s, v) = get(addr, "/api/ssc?segment=BBWBWWB");
    assert_eq!(s, 200, "{v}");
    let want = mex_present::views::ssc_pieces("BBWBWWB").unwrap();
    assert_eq!(v, serde_json::to_value(want).unwrap());
    let joined: String = v["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["text"].as_str().unwrap())
        .collect();
    assert_eq!(joined, "BBWBWWB");
    let (s, v) = get(addr, "/api/ssc");
    assert_error(s, &v, 400);
    let (s, v) = get(addr, "/api/ssc?segment=BQ");
    assert_error(s, &v, 422);
}

#[test]
fn thermograph_picture() {
    let addr = start(patient());
    let (s, body) = request(addr, "GET", "/api/thermograph?expr=%7B3%7C-1%7D", "");
    assert_eq!(s, 200, "{body}");
    let doc = roxmltree::Document::parse(&body).expect("well-formed SVG");
    let walls = doc
        .descendants()
        .filter(|n| n.attribute("class").is_some_and(|c| c.starts_with("wall")))
        .count();
    assert_eq!(walls, 2);
    let mean = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("mean"))
        .and_then(|n| n.text())
        .unwrap();
    assert_eq!(mean, "mean 1");
    let (s, v) = get(addr, "/api/thermograph");
    assert_error(s, &v, 400);
    let (s, v) = get(addr, "/api/thermograph?expr=%7B3%7C");
    assert_error(s, &v, 422);
}

/// The chart of Dawson's Kayles (0.07: preperiod 53, period 34, as
/// `mex octal 0.07 --period` proves) and of the subtraction game {1,3,4} (period 7 from 0): one bar per
/// heap size up to two periods past the preperiod, bars equal to the
/// values of the engine, a dashed line at the start of every period.
#[test]
fn sequence_chart() {
    let addr = start(patient());
    let (s, body) = request(addr, "GET", "/api/sequence?game=octal&rule=0.07", "");
    assert_eq!(s, 200, "{body}");
    let doc = roxmltree::Document::parse(&body).expect("well-formed SVG");
    let bars: Vec<u32> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("value"))
        .map(|n| n.attribute("data-value").unwrap().parse().unwrap())
        .collect();
    let code = "0.07".parse().unwrap();
    let truth = mex_core::heap::code::naive_values(&code, 53 + 2 * 34);
    assert_eq!(bars, truth);
    let periods = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("period"))
        .count();
    assert_eq!(periods, 3, "lines at 53, 87 and 121");
    let (s, body) = request(addr, "GET", "/api/sequence?game=subtraction&rule=1,3,4", "");
    assert_eq!(s, 200, "{body}");
    let doc = roxmltree::Document::parse(&body).expect("well-formed SVG");
    let bars = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("value"))
        .count();
    assert_eq!(bars, 32, "at least 32 bars");
    let (s, v) = get(addr, "/api/sequence?game=octal");
    assert_error(s, &v, 400);
    let (s, v) = get(addr, "/api/sequence?game=nim&rule=3");
    assert_error(s, &v, 422);
    let (s, v) = get(addr, "/api/sequence?game=octal&rule=0.x");
    assert_error(s, &v, 422);
}

/// What the playground's draw detection reads (`isLoopy`, `verdictText`
/// in assets/app.js): a partizan game with cycles answers /api/moves
/// with `left_first` and `right_first`, and a drawn position says
/// `draw` for both (Backsliding Toads and Frogs `FF..TT` is D,
/// docs/loopy-impartial.md), while a short game has neither field.
#[test]
fn loopy_partizan_moves_say_who_wins_with_each_first_player() {
    let addr = start(patient());
    let (s, m) = get(
        addr,
        "/api/moves?game=backsliding-toads-and-frogs&position=FF..TT",
    );
    assert_eq!(s, 200, "{m}");
    assert_eq!(
        (
            m["outcome"].as_str(),
            m["left_first"].as_str(),
            m["right_first"].as_str()
        ),
        (Some("D"), Some("draw"), Some("draw")),
        "{m}"
    );
    // `T.`: the toad moves (or slides back) and the frog-less Right is
    // stuck whoever starts.
    let (s, m) = get(
        addr,
        "/api/moves?game=backsliding-toads-and-frogs&position=T.",
    );
    assert_eq!(s, 200, "{m}");
    assert_eq!(
        (m["left_first"].as_str(), m["right_first"].as_str()),
        (Some("Left"), Some("Left")),
        "{m}"
    );
    let (_, m) = get(addr, "/api/moves?game=domineering&position=2x2");
    assert!(
        m.get("left_first").is_none() || m["left_first"].is_null(),
        "{m}"
    );
}

/// Backsliding Toads and Frogs `TT..FF`, Left first, is won by Left in 17
/// moves: the computer's moves for both sides in turn (the winner's
/// fastest win, the loser's longest defence, by the solver's remoteness)
/// lower the remoteness by one each and end the game after 17 moves, where
/// following moves that merely win can go round forever (`T.FT.F` and
/// `.TFTF.`). Each `/api/best` gives the position's remoteness for the
/// side asked, and its move the remoteness for the player who moves next.
#[test]
fn best_play_in_a_loopy_partizan_game_ends_it() {
    let addr = start(patient());
    let (mut position, mut side) = ("TT..FF".to_string(), "Left");
    for remoteness in (0..=17).rev() {
        let (s, b) = get(
            addr,
            &format!(
                "/api/best?game=backsliding-toads-and-frogs&position={}&side={side}",
                enc(&position)
            ),
        );
        assert_eq!(s, 200, "{b}");
        assert_eq!(b["remoteness"], remoteness, "{b}");
        if remoteness == 0 {
            assert!(b["move"].is_null(), "{b}");
            assert_eq!(side, "Right", "the loser is stuck");
            return;
        }
        assert_eq!(b["move"]["remoteness"], remoteness - 1, "{b}");
        position = b["move"]["position"].as_str().unwrap().to_string();
        side = if side == "Left" { "Right" } else { "Left" };
    }
}

/// `/api/games` tells the page which views each game has, so that it asks
/// for no view a game lacks: a partizan game with cycles has no
/// thermograph (its value is no canonical form, and `/api/thermograph`
/// refuses the text); every game that lists the thermograph gets one for
/// its example's value.
#[test]
fn games_list_their_views_and_each_view_answers() {
    let addr = start(patient());
    let (s, games) = get(addr, "/api/games");
    assert_eq!(s, 200, "{games}");
    let list = games["games"].as_array().unwrap();
    let views = |name: &str| list.iter().find(|g| g["name"] == name).unwrap()["views"].clone();
    for (name, want) in [
        ("nim", json!([])),
        ("octal", json!(["sequence"])),
        ("graph", json!([])),
        ("shift-game", json!(["shift-rule"])),
        ("domineering", json!(["thermograph"])),
        ("backsliding-toads-and-frogs", json!([])),
        ("fox-and-geese", json!([])),
        ("ssc", json!(["ssc-pieces"])),
    ] {
        assert_eq!(views(name), want, "{name}");
    }
    let (_, v) = get(
        addr,
        "/api/value?game=backsliding-toads-and-frogs&position=TT..FF",
    );
    let (s, _) = get(
        addr,
        &format!(
            "/api/thermograph?expr={}",
            enc(v["value"].as_str().unwrap())
        ),
    );
    assert_eq!(s, 422, "why the page must not ask");
    for g in list {
        if !g["views"]
            .as_array()
            .unwrap()
            .contains(&json!("thermograph"))
        {
            continue;
        }
        let q = format!(
            "game={}&position={}",
            enc(g["name"].as_str().unwrap()),
            enc(g["example"].as_str().unwrap())
        );
        let (_, v) = get(addr, &format!("/api/value?{q}"));
        let expr = enc(v["value"].as_str().unwrap());
        let (s, body) = request(addr, "GET", &format!("/api/thermograph?expr={expr}"), "");
        assert_eq!(s, 200, "{}: {body}", g["name"]);
    }
}
