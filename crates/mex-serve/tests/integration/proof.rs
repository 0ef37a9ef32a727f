//! Play through an uploaded proof: `POST /api/proof` checks a proof the
//! core writes and refuses a corrupted or oversized one; `GET
//! /api/proof/move` plays the winner to the end, refuses positions the
//! proof does not reach, and asks for an upload when no proof of the
//! digest is kept.

use crate::api::{assert_error, assert_follows, enc, get, patient, request, start};
use mex_core::games::proof::prove;
use mex_core::games::{find, Context};
use mex_core::partizan::minimax::Player;
use mex_serve::Config;
use serde_json::Value;
use std::net::SocketAddr;

/// The text of the core's proof that Right wins Domineering 5×5 with Left
/// moving first.
fn proof_5x5() -> String {
    let game = find("domineering").unwrap();
    prove(game, "5x5", Player::Left, &Context::new())
        .unwrap()
        .to_text()
}

fn upload(addr: SocketAddr, game: &str, position: &str, text: &str) -> (u16, Value) {
    let target = format!("/api/proof?game={}&position={}", enc(game), enc(position));
    let (status, body) = request(addr, "POST", &target, text);
    let v = serde_json::from_str(&body).unwrap_or_else(|_| panic!("not JSON: {body}"));
    (status, v)
}

fn move_at(
    addr: SocketAddr,
    sha256: &str,
    position: &str,
    leaf: &Option<(String, String)>,
) -> (u16, Value) {
    let mut target = format!("/api/proof/move?sha256={sha256}&position={}", enc(position));
    if let Some((p, side)) = leaf {
        target += &format!("&leaf={}&leaf_to_move={side}", enc(p));
    }
    get(addr, &target)
}

#[test]
fn a_proof_is_checked_and_played_to_the_end() {
    let addr = start(patient());
    let text = proof_5x5();
    let (_, doc) = get(addr, "/api/openapi.json");
    let (status, v) = upload(addr, "domineering", "5x5", &text);
    assert_eq!(status, 200, "{v}");
    assert_follows(&doc, "ProofStart", &v);
    assert_follows(&doc, "Proof", &v["proof"]);
    assert_follows(&doc, "PlainPosition", &v["start"]);
    let sha256 = mex_core::digest_io::sha256_hex(text.as_bytes());
    assert_eq!(v["proof"]["sha256"], sha256.as_str());
    assert_eq!(v["proof"]["winner"], "Right");
    assert_eq!(v["proof"]["first"], "Left");
    assert!(v["proof"]["nodes"].as_u64().unwrap() > 1);
    let mut here = v["start"].clone();
    assert_eq!(here["to_move"], "Left");
    assert!(here["board"].as_str().unwrap().starts_with("<svg"));
    let mut leaf = None;
    let mut turns = 0;
    // The person (Left, the loser) always plays its last move.
    while let Some(m) = here["moves"].as_array().unwrap().last() {
        let position = m["position"].as_str().unwrap().to_string();
        let (status, answer) = move_at(addr, &sha256, &position, &leaf);
        assert_eq!(status, 200, "{answer}");
        assert_follows(&doc, "ProofMove", &answer);
        assert_follows(&doc, "PlainMove", &answer["move"]);
        assert_follows(&doc, "PlainPosition", &answer["next"]);
        if leaf.is_none() && answer["from_leaf"] == true {
            leaf = Some((position, "Right".to_string()));
        }
        assert_eq!(answer["move"]["player"], "Right");
        here = answer["next"].clone();
        assert_eq!(here["position"], answer["move"]["position"]);
        assert_eq!(here["to_move"], "Left");
        if leaf.is_none() && here["leaf"] == true {
            leaf = Some((here["position"].as_str().unwrap().into(), "Left".into()));
        }
        turns += 1;
        assert!(turns <= 13, "a 5×5 board holds at most 12 dominoes");
    }
    assert!(turns >= 2);
}

#[test]
fn a_corrupted_proof_is_refused() {
    let addr = start(patient());
    let text = proof_5x5();
    // The first winner's move played in another region or option.
    let corrupted = text.replacen("\nw ", "\nw 9", 1);
    let (status, v) = upload(addr, "domineering", "5x5", &corrupted);
    assert_error(status, &v, 422);
    let (status, v) = upload(addr, "domineering", "5x5", "not a proof\n");
    assert_error(status, &v, 422);
    // A proof of another position.
    let (status, v) = upload(addr, "domineering", "4x4", &text);
    assert_error(status, &v, 422);
    assert!(v["error"].as_str().unwrap().contains("4x4"), "{v}");
}

#[test]
fn an_oversized_proof_is_refused_with_its_limit() {
    let addr = start(Config {
        max_proof: 1000,
        ..patient()
    });
    let text = proof_5x5();
    assert!(text.len() > 1000);
    let (status, v) = upload(addr, "domineering", "5x5", &text);
    assert_error(status, &v, 413);
    assert!(v["error"].as_str().unwrap().contains("1000 bytes"), "{v}");
}

#[test]
fn positions_the_proof_does_not_reach_are_refused() {
    let addr = start(patient());
    let text = proof_5x5();
    let (status, v) = upload(addr, "domineering", "5x5", &text);
    assert_eq!(status, 200, "{v}");
    let sha256 = v["proof"]["sha256"].as_str().unwrap().to_string();
    // Right to move at the start: Left moves first in the proof.
    let (status, v) = move_at(addr, &sha256, "5x5", &None);
    assert_error(status, &v, 422);
    assert!(
        v["error"].as_str().unwrap().contains("does not reach"),
        "{v}"
    );
    let (status, v) = move_at(addr, &"0".repeat(64), "5x5", &None);
    assert_error(status, &v, 404);
    assert!(
        v["error"].as_str().unwrap().contains("POST /api/proof"),
        "{v}"
    );
}
