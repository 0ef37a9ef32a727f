//! Play through a proof of who wins: `POST /api/proof` checks an uploaded
//! proof once and keeps its strategy ([`ProofCache`], by the SHA-256 of its
//! text); `GET /api/proof/move` answers the proof's winner's move at a
//! position its strategy reaches, with no value computed
//! ([`mex_core::games::proof::Strategy::winner_move`]).

use crate::{query_error, required, ApiError, AppState};
use axum::extract::rejection::{QueryRejection, StringRejection};
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::Json;
use mex_core::digest_io::sha256_hex;
use mex_core::games::proof::{Strategy, WinnerProof};
use mex_core::games::{self, Context, Side};
use mex_core::partizan::minimax::Player;
use mex_core::MexError;
use mex_present::proof::{PlainPosition, ProofMoveReport, ProofReport, ProofStart};
use serde::Deserialize;
use std::collections::VecDeque;
use std::sync::{Arc, Mutex, PoisonError};

/// Checked proofs kept at once; the oldest is dropped for a new one.
pub const PROOF_CACHE: usize = 8;

/// The strategies of the last [`PROOF_CACHE`] proofs checked, by the
/// SHA-256 of their text (hexadecimal), the newest last.
#[derive(Default)]
pub(crate) struct ProofCache(Mutex<VecDeque<(String, Arc<Strategy>)>>);

impl ProofCache {
    fn get(&self, sha256: &str) -> Option<Arc<Strategy>> {
        let kept = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        kept.iter()
            .find(|(d, _)| d == sha256)
            .map(|(_, s)| Arc::clone(s))
    }

    fn insert(&self, sha256: String, strategy: Arc<Strategy>) {
        let mut kept = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        kept.retain(|(d, _)| *d != sha256);
        if kept.len() >= PROOF_CACHE {
            kept.pop_front();
        }
        kept.push_back((sha256, strategy));
    }
}

/// The query of `POST /api/proof`: the game and position the page plays.
#[derive(Debug, Deserialize)]
pub struct ProofQuery {
    game: Option<String>,
    position: Option<String>,
}

/// The query of `GET /api/proof/move`.
#[derive(Debug, Deserialize)]
pub struct ProofMoveQuery {
    sha256: Option<String>,
    position: Option<String>,
    /// The leaf of the strategy the play went through, if any.
    leaf: Option<String>,
    /// Who was to move at `leaf`.
    leaf_to_move: Option<String>,
}

impl ProofMoveQuery {
    /// The leaf and its player to move, when given.
    fn below(&self) -> Result<Option<(String, Player)>, ApiError> {
        let Some(leaf) = &self.leaf else {
            return Ok(None);
        };
        let side = self
            .leaf_to_move
            .as_deref()
            .ok_or_else(|| ApiError::missing("leaf_to_move"))?;
        let player = Side::parse_partizan(side)?.partizan_player()?;
        Ok(Some((leaf.clone(), player)))
    }
}

fn body_error(e: StringRejection, limit: usize) -> ApiError {
    if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the proof is larger than {limit} bytes, the most POST /api/proof accepts"),
        )
    } else {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            format!("bad request body: {}", e.body_text()),
        )
    }
}

/// `POST /api/proof?game=G&position=P` with a proof's text as the body:
/// checks it (once per text) and answers [`ProofStart`].
pub(crate) async fn api_proof(
    State(state): State<Arc<AppState>>,
    q: Result<Query<ProofQuery>, QueryRejection>,
    body: Result<String, StringRejection>,
) -> Result<Json<ProofStart>, ApiError> {
    let Query(q) = q.map_err(query_error)?;
    let text = body.map_err(|e| body_error(e, state.config.max_proof))?;
    let game = required(q.game, "game")?;
    let position = required(q.position, "position")?;
    let sha256 = sha256_hex(text.as_bytes());
    let strategy = match state.proofs.get(&sha256) {
        Some(strategy) => strategy,
        None => {
            let text = Arc::new(text);
            let request = format!("proof\n{sha256}");
            let work = move |memory| checked(&text, memory);
            let strategy = Arc::new(state.lanes.evaluate(&request, work).await?);
            state.proofs.insert(sha256.clone(), Arc::clone(&strategy));
            strategy
        }
    };
    Ok(Json(start(&strategy, sha256, &game, &position)?))
}

/// The strategy of the proof `text`, checked within `memory` bytes.
fn checked(text: &str, memory: usize) -> Result<Strategy, MexError> {
    let proof = WinnerProof::parse(text)?;
    match Strategy::new(proof, &Context::within(memory))? {
        Ok(strategy) => Ok(strategy),
        Err(flaw) => Err(MexError::invalid(
            format!("a proof that does not hold: {flaw}"),
            "a proof mex check-proof accepts",
        )),
    }
}

/// The start of play through `strategy`, which must be a proof about
/// `position` of `game`.
fn start(
    strategy: &Strategy,
    sha256: String,
    game: &str,
    position: &str,
) -> Result<ProofStart, MexError> {
    let g = games::find(game)?;
    let proof = strategy.proof();
    if !proof.is_about(g, position)? {
        let (name, proved) = proof.subject();
        return Err(MexError::invalid(
            format!(
                "a proof about {name} {proved} for {game} {}",
                mex_core::error::quote(position)
            ),
            "the proof of the game and position played",
        ));
    }
    let report = ProofReport::new(strategy, sha256);
    let start = PlainPosition::new(strategy, &report.position, proof.first())?;
    Ok(ProofStart {
        proof: report,
        start,
    })
}

/// `GET /api/proof/move?sha256=D&position=P[&leaf=Q&leaf_to_move=S]`: the
/// winner's move by the checked proof of digest D at P (below the leaf Q
/// with S to move, when the play went through one) ([`ProofMoveReport`]); 404 when no proof
/// of that digest is kept (upload it again), 422 when the proof's strategy
/// does not reach P with the winner to move.
pub(crate) async fn api_proof_move(
    State(state): State<Arc<AppState>>,
    q: Result<Query<ProofMoveQuery>, QueryRejection>,
) -> Result<Json<ProofMoveReport>, ApiError> {
    let Query(q) = q.map_err(query_error)?;
    let below = q.below()?;
    let sha256 = required(q.sha256, "sha256")?;
    let position = required(q.position, "position")?;
    let strategy = state.proofs.get(&sha256).ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            format!(
                "no checked proof has the SHA-256 {}: upload it to POST /api/proof",
                mex_core::error::quote(&sha256)
            ),
        )
    })?;
    let request = format!("proof move\n{sha256}\n{position}\n{below:?}");
    let work = move |memory| {
        let mut ctx = Context::within(memory);
        let below = below.as_ref().map(|(p, m)| (p.as_str(), *m));
        ProofMoveReport::new(&strategy, &position, below, &mut ctx).map(Json)
    };
    state.lanes.evaluate(&request, work).await
}
