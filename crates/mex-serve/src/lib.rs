//! The mex playground: a web server whose pages let a person play every
//! game of the catalog against the perfect computer ([`best`]), over a
//! JSON API under `/api/` that answers what `mex games/value/moves --json`
//! answer (the report structs of [`json`], shared with the command line;
//! the value reports of the API add `board`, the position's picture as
//! SVG).
//!
//! Limits: a request body of at most [`Config::max_body`] bytes (a proof
//! uploaded to `POST /api/proof`: [`Config::max_proof`]) and a URI
//! of at most [`MAX_URI`] bytes (else 413), request headers within
//! [`Config::header_timeout`] (else the connection is closed), the engines'
//! own size limits (else 422 with the engine's one-line message).
//! Evaluations run in two [`lanes`]: each starts in the light lane under a
//! short time limit ([`Config::light_limit`]); work past it is stopped and
//! run again in the heavy lane, so cheap requests never wait behind
//! expensive ones. A request waits at most [`Config::queue`] for a slot
//! (else 503) and gets its answer within [`Config::timeout`] (else 503, and
//! the work is stopped). Every error is a one-line JSON object
//! `{"error": "..."}`. Each request is logged on one line with `tracing`.

pub mod labels;
pub mod lanes;
pub mod proofs;

use mex_core::games::best;
use mex_core::heap::periodic::chart_terms;
use mex_core::shift::graph::MAX_PICTURE_ORDER;
use mex_present::{json, pictures, views};

use axum::body::Body;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{DefaultBodyLimit, Query, Request, State};
use axum::http::{header, StatusCode, Uri};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use mex_core::games::{self, Context, Family, Side};
use mex_core::MexError;
use serde::Deserialize;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

pub use lanes::{Gate, GateCounts};

/// Longest accepted request URI (path and query), in bytes.
pub const MAX_URI: usize = 8 * 1024;

/// The memory pool of [`Config::memory`] by default.
pub const DEFAULT_MEMORY: usize = 3 << 30;

/// The server's limits.
#[derive(Debug, Clone)]
pub struct Config {
    /// Largest request body, in bytes (but for `POST /api/proof`).
    pub max_body: usize,
    /// Largest proof `POST /api/proof` accepts, in bytes.
    pub max_proof: usize,
    /// Longest time one evaluation may take; then 503 and the work is
    /// stopped.
    pub timeout: Duration,
    /// Evaluations running at once in the heavy lane; more wait for a turn.
    pub heavy: usize,
    /// Evaluations running at once in the light lane; more wait for a turn.
    /// With 0, every evaluation runs in the heavy lane.
    pub light: usize,
    /// Time an evaluation may take in the light lane before it is stopped
    /// and run again in the heavy lane.
    pub light_limit: Duration,
    /// Longest wait for a turn in a lane; then 503.
    pub queue: Duration,
    /// Longest time a client may take to send a request's headers, counted
    /// from when the server waits for them (also on an idle kept-alive
    /// connection); then the connection is closed.
    pub header_timeout: Duration,
    /// Bytes all evaluations running at once may take together (the
    /// memory pool): each reserves its lane's share before it starts
    /// ([`Config::request_memory`], [`Config::light_memory`]), and a
    /// request finding the pool spent waits for its turn as for a slot
    /// (at most [`Config::queue`], then 503).
    pub memory: usize,
    /// Bytes one evaluation in the heavy lane may take (its store of
    /// canonical forms, its search's table, a loopy game's positions:
    /// [`mex_core::games::Context::within`]); past it the engine refuses
    /// the request (422).
    pub request_memory: usize,
    /// Bytes one evaluation in the light lane may take; work refused
    /// there for its size runs again in the heavy lane.
    pub light_memory: usize,
    /// Bounds of the computer's remoteness search.
    pub budget: best::Budget,
    /// For tests only: a gate holding every evaluation that enters the
    /// heavy lane until the test opens it (see [`Gate`]); `None` to run
    /// freely.
    pub gate: Option<Gate>,
}

impl Default for Config {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Config {
            max_body: 16 * 1024,
            max_proof: 4 << 20,
            timeout: Duration::from_secs(10),
            heavy: 2 * cores,
            light: 2 * cores,
            light_limit: Duration::from_millis(200),
            queue: Duration::from_secs(5),
            header_timeout: Duration::from_secs(10),
            memory: DEFAULT_MEMORY,
            request_memory: 1 << 30,
            light_memory: 64 << 20,
            budget: best::Budget::default(),
            gate: None,
        }
    }
}

struct AppState {
    config: Config,
    lanes: lanes::Lanes,
    proofs: proofs::ProofCache,
}

/// An error answer: a status and one line.
#[derive(Debug)]
pub struct ApiError(StatusCode, String);

impl ApiError {
    fn new(status: StatusCode, message: impl Into<String>) -> Self {
        let line: String = message.into().replace(['\n', '\r'], " ");
        ApiError(status, line)
    }

    /// The error of a request without the parameter `name`.
    fn missing(name: &str) -> Self {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            format!("the parameter '{name}' is missing"),
        )
    }
}

/// The value of the parameter `name`, or the error that it is missing.
fn required<T>(value: Option<T>, name: &str) -> Result<T, ApiError> {
    value.ok_or_else(|| ApiError::missing(name))
}

impl From<MexError> for ApiError {
    fn from(e: MexError) -> Self {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, e.to_string())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.0, Json(json::ErrorReport::new(&self.1))).into_response()
    }
}

fn query_error(e: QueryRejection) -> ApiError {
    ApiError::new(
        StatusCode::BAD_REQUEST,
        format!("bad query: {}", e.body_text()),
    )
}

fn json_error(e: JsonRejection) -> ApiError {
    let status = match e.status() {
        StatusCode::PAYLOAD_TOO_LARGE => StatusCode::PAYLOAD_TOO_LARGE,
        StatusCode::UNPROCESSABLE_ENTITY => StatusCode::UNPROCESSABLE_ENTITY,
        _ => StatusCode::BAD_REQUEST,
    };
    ApiError::new(status, format!("bad request body: {}", e.body_text()))
}

/// The parameters of `/api/value`, `/api/moves`, `/api/best` and the body
/// of `POST /api/play`.
#[derive(Debug, Deserialize)]
pub struct Params {
    game: Option<String>,
    position: Option<String>,
    /// Partizan and synchronized games: the computer's side.
    side: Option<String>,
    /// Synchronized games: the person's choice.
    choice: Option<String>,
    /// Game graphs: the moves' labels ([`labels`]).
    labels: Option<String>,
}

impl Params {
    fn required(&self) -> Result<(String, String), ApiError> {
        let game = required(self.game.clone(), "game")?;
        let position = required(self.position.clone(), "position")?;
        Ok((game, position))
    }
}

type Answer<T> = Result<Json<T>, ApiError>;

#[derive(Debug, Deserialize)]
struct GamesQuery {
    name: Option<String>,
}

async fn api_games(q: Result<Query<GamesQuery>, QueryRejection>) -> Answer<json::GamesReport> {
    let Query(q) = q.map_err(query_error)?;
    Ok(Json(json::games_report(q.name.as_deref())?.with_views()))
}

async fn api_value(
    State(state): State<Arc<AppState>>,
    q: Result<Query<Params>, QueryRejection>,
) -> Answer<json::ValueReport> {
    let Query(q) = q.map_err(query_error)?;
    let (game, position) = q.required()?;
    let request = format!("value\n{game}\n{position}");
    let work = move |memory| {
        let (g, e, ctx) = json::evaluate_in(&game, &position, Context::within(memory))?;
        Ok(Json(json::ValueReport::new(g, &e, &ctx)?.with_board()))
    };
    state.lanes.evaluate(&request, work).await
}

async fn api_moves(
    State(state): State<Arc<AppState>>,
    q: Result<Query<Params>, QueryRejection>,
) -> Answer<json::MovesReport> {
    let Query(q) = q.map_err(query_error)?;
    let (game, position) = q.required()?;
    let labels = labels::parse(q.labels.as_deref())?;
    let request = format!("moves\n{game}\n{position}");
    let work = move |memory| {
        let (g, e, moves, ctx) =
            json::evaluate_moves_in(&game, &position, Context::within(memory))?;
        let mut report = json::MovesReport::new(g, &e, &moves, &ctx)?;
        report.value = report.value.with_board();
        if let Some(l) = &labels {
            for m in &mut report.moves {
                labels::apply(l, &position, m);
            }
        }
        Ok(Json(report))
    };
    state.lanes.evaluate(&request, work).await
}

/// The computer's move ([`json::BestReport`]): the position's value report
/// with its board, `player`, `move` (as in `/api/moves`, or null), `index`,
/// `choice`, `remoteness`, `reason`.
pub fn best_report(
    game: &str,
    position: &str,
    side: Option<&str>,
    choice: Option<&str>,
    budget: best::Budget,
) -> Result<json::BestReport, MexError> {
    let g = games::find(game)?;
    // A side is read where the family has sides; elsewhere it is ignored.
    let sided = matches!(g.info().family, Family::Partizan | Family::Synchronized);
    let side = match side {
        Some(text) if sided => Some(Side::parse_partizan(text)?),
        _ => None,
    };
    let mut ctx = budget.memory.map_or_else(Context::new, Context::within);
    let e = g.evaluate(position, &mut ctx)?;
    let moves = g.moves(position, &mut ctx)?;
    let b = best::best_move(g, &e, &moves, side, choice, budget)?;
    let mut report = json::BestReport::new(g, &e, &b, &ctx)?;
    report.value = report.value.with_board();
    Ok(report)
}

async fn best_answer(state: Arc<AppState>, q: Params) -> Answer<json::BestReport> {
    let (game, position) = q.required()?;
    let labels = labels::parse(q.labels.as_deref())?;
    let budget = state.config.budget;
    let request = format!("best\n{game}\n{position}\n{:?}\n{:?}", q.side, q.choice);
    let work = move |memory| {
        let budget = best::Budget {
            memory: Some(memory),
            ..budget
        };
        let v = best_report(
            &game,
            &position,
            q.side.as_deref(),
            q.choice.as_deref(),
            budget,
        )?;
        let mut v = v;
        if let (Some(l), Some(m)) = (&labels, v.chosen.as_mut()) {
            labels::apply(l, &position, m);
        }
        Ok(Json(v))
    };
    state.lanes.evaluate(&request, work).await
}

async fn api_best(
    State(state): State<Arc<AppState>>,
    q: Result<Query<Params>, QueryRejection>,
) -> Answer<json::BestReport> {
    let Query(q) = q.map_err(query_error)?;
    best_answer(state, q).await
}

async fn api_play(
    State(state): State<Arc<AppState>>,
    body: Result<Json<Params>, JsonRejection>,
) -> Answer<json::BestReport> {
    let Json(q) = body.map_err(json_error)?;
    best_answer(state, q).await
}

#[derive(Debug, Deserialize)]
struct ExplainQuery {
    state: Option<String>,
}

/// `GET /api/shift/explain?state=BITS`: the O(n) rule's reasoning.
async fn api_shift_explain(
    q: Result<Query<ExplainQuery>, QueryRejection>,
) -> Answer<views::ShiftExplanation> {
    let Query(q) = q.map_err(query_error)?;
    let state = required(q.state, "state")?;
    Ok(Json(views::shift_explanation(&state)?))
}

#[derive(Debug, Deserialize)]
struct SscQuery {
    segment: Option<String>,
}

/// `GET /api/ssc?segment=BW...`: the SSC decomposition of a segment.
async fn api_ssc(q: Result<Query<SscQuery>, QueryRejection>) -> Answer<views::SscPieces> {
    let Query(q) = q.map_err(query_error)?;
    let segment = required(q.segment, "segment")?;
    Ok(Json(views::ssc_pieces(&segment)?))
}

#[derive(Debug, Deserialize)]
struct ThermographQuery {
    expr: Option<String>,
}

/// `GET /api/thermograph?expr=...`: the thermograph of a short game as SVG,
/// under the evaluation cap and timeout, in a budgeted store.
async fn api_thermograph(
    State(state): State<Arc<AppState>>,
    q: Result<Query<ThermographQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(q) = q.map_err(query_error)?;
    let expr = required(q.expr, "expr")?;
    let request = format!("thermograph\n{expr}");
    let work = move |memory: usize| {
        use mex_core::partizan::{notation, store, thermograph::Thermographs};
        let mut s = store::GameStore::with_budget(memory.min(store::DEFAULT_BUDGET));
        let g = notation::parse(&mut s, &expr)?;
        let th = Thermographs::default().try_of(&s, g)?;
        let shown: String = expr.chars().take(60).collect();
        let title = format!("thermograph of {shown}");
        Ok(svg(pictures::thermograph_svg(&th, &title)))
    };
    state.lanes.evaluate(&request, work).await
}

#[derive(Debug, Deserialize)]
struct SequenceQuery {
    game: Option<String>,
    rule: Option<String>,
}

/// The most values the sequence chart computes in search of a period.
const CHART_MAX_TERMS: usize = 1 << 16;

/// `GET /api/sequence?game=octal|subtraction&rule=CODE_OR_SET`: the nim
/// sequence of a heap game as an SVG chart, its preperiod shaded and its
/// periods marked when a period is proven within 2^16 values, as many
/// values as [`chart_terms`] says (two periods past the preperiod, at
/// least 32, at most 4096; 64 without a period).
async fn api_sequence(
    State(state): State<Arc<AppState>>,
    q: Result<Query<SequenceQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(q) = q.map_err(query_error)?;
    let game = required(q.game, "game")?;
    let rule = required(q.rule, "rule")?;
    let request = format!("sequence\n{game}\n{rule}");
    // The chart's values are bounded by their count (CHART_MAX_TERMS).
    let work = move |_memory| {
        let (values, preperiod, period) = sequence_for_chart(&game, &rule)?;
        let shown: String = rule.chars().take(60).collect();
        let title = format!("nim sequence of {game} {shown}");
        Ok(svg(pictures::nim_sequence_svg(
            &title, &values, preperiod, period,
        )))
    };
    state.lanes.evaluate(&request, work).await
}

/// The values a chart shows, with the preperiod and period when proven.
type ChartValues = (Vec<u32>, Option<usize>, Option<usize>);

/// The values a chart shows, with the period when one is proven.
fn sequence_for_chart(game: &str, rule: &str) -> Result<ChartValues, MexError> {
    match game {
        "octal" => {
            use mex_core::heap::{code::TakeBreakCode, octal};
            let code: TakeBreakCode = rule.parse()?;
            let (seq, analysis) = octal::prove_period(&code, CHART_MAX_TERMS)?;
            let (mu, p) = match &analysis.certificate {
                Some(c) => (Some(c.preperiod), Some(c.period)),
                None => (None, None),
            };
            let n = chart_terms(mu.zip(p));
            let mut seq = seq;
            seq.extend_to(n)?;
            let values = seq.values()[..n].iter().map(|&v| u32::from(v)).collect();
            Ok((values, mu, p))
        }
        "subtraction" => {
            let set = mex_core::heap::subtraction::SubtractionSet::parse(rule)?;
            match set.find_period(CHART_MAX_TERMS) {
                Ok(found) => {
                    let n = chart_terms(Some((found.preperiod, found.period)));
                    Ok((set.values(n), Some(found.preperiod), Some(found.period)))
                }
                Err(_) => Ok((set.values(chart_terms(None)), None, None)),
            }
        }
        _ => Err(MexError::invalid(
            format!("the game {}", mex_core::error::quote(game)),
            "octal or subtraction",
        )),
    }
}

#[derive(Debug, Deserialize)]
struct DebruijnQuery {
    n: Option<String>,
    path: Option<String>,
}

/// An SVG picture as the answer.
fn svg(body: String) -> Response {
    ([(header::CONTENT_TYPE, "image/svg+xml")], body).into_response()
}

/// `GET /api/debruijn?n=N&path=S1,S2,...`: the De Bruijn graph as SVG.
async fn api_debruijn(
    q: Result<Query<DebruijnQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(q) = q.map_err(query_error)?;
    let n = required(q.n, "n")?;
    let n: u64 = n.trim().parse().map_err(|_| {
        ApiError::from(MexError::invalid(
            format!("the order {}", mex_core::error::quote(&n)),
            format!("an order from 1 to {MAX_PICTURE_ORDER}"),
        ))
    })?;
    Ok(svg(views::debruijn_picture(
        n,
        q.path.as_deref().unwrap_or(""),
    )?))
}

const OPENAPI: &str = include_str!("../assets/openapi.json");
const INDEX: &str = include_str!("../assets/index.html");
const SCRIPT: &str = include_str!("../assets/app.js");
const STYLE: &str = include_str!("../assets/style.css");

fn asset(kind: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, kind)], body).into_response()
}

async fn not_found(uri: Uri) -> Response {
    if uri.path().starts_with("/api/") {
        ApiError::new(
            StatusCode::NOT_FOUND,
            format!("no such endpoint: {}", uri.path()),
        )
        .into_response()
    } else {
        (StatusCode::NOT_FOUND, "not found: the playground is at /\n").into_response()
    }
}

/// One line per request: method, path, status, time. Refuses long URIs.
async fn log_and_limit(req: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = req.method().clone();
    let path = req.uri().path().to_string();
    let uri_len = req.uri().to_string().len();
    let response = if uri_len > MAX_URI {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the request URI has {uri_len} bytes, at most {MAX_URI} are accepted"),
        )
        .into_response()
    } else {
        next.run(req).await
    };
    let shown: String = path.chars().take(80).collect();
    tracing::info!(
        "{method} {shown} {} {:.1} ms",
        response.status().as_u16(),
        started.elapsed().as_secs_f64() * 1e3
    );
    response
}

/// The whole application.
pub fn router(config: Config) -> Router {
    let state = Arc::new(AppState {
        lanes: lanes::Lanes::new(&config),
        config: config.clone(),
        proofs: proofs::ProofCache::default(),
    });
    Router::new()
        .route(
            "/",
            get(|| async { asset("text/html; charset=utf-8", INDEX) }),
        )
        .route(
            "/app.js",
            get(|| async { asset("text/javascript; charset=utf-8", SCRIPT) }),
        )
        .route(
            "/style.css",
            get(|| async { asset("text/css; charset=utf-8", STYLE) }),
        )
        .route("/api/games", get(api_games))
        .route("/api/value", get(api_value))
        .route("/api/moves", get(api_moves))
        .route("/api/best", get(api_best))
        .route("/api/play", axum::routing::post(api_play))
        .route(
            "/api/proof",
            axum::routing::post(proofs::api_proof).layer(DefaultBodyLimit::max(config.max_proof)),
        )
        .route("/api/proof/move", get(proofs::api_proof_move))
        .route("/api/shift/explain", get(api_shift_explain))
        .route("/api/debruijn", get(api_debruijn))
        .route("/api/ssc", get(api_ssc))
        .route("/api/thermograph", get(api_thermograph))
        .route("/api/sequence", get(api_sequence))
        .route(
            "/api/openapi.json",
            get(|| async { asset("application/json", OPENAPI) }),
        )
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(config.max_body))
        .layer(middleware::from_fn(log_and_limit))
        .with_state(state)
}

/// Serves the application on a bound listener until the process ends:
/// HTTP/1.1 by hyper, one task per connection, the connection closed when
/// a request's headers take longer than [`Config::header_timeout`] to
/// arrive (`axum::serve` has no such limit).
pub async fn serve(mut listener: tokio::net::TcpListener, config: Config) -> std::io::Result<()> {
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(hyper_util::rt::TokioTimer::new())
        .header_read_timeout(config.header_timeout);
    let app = router(config);
    loop {
        let (stream, _) = axum::serve::Listener::accept(&mut listener).await;
        let connection = http.serve_connection(
            hyper_util::rt::TokioIo::new(stream),
            hyper_util::service::TowerToHyperService::new(app.clone()),
        );
        tokio::spawn(async move {
            if let Err(e) = connection.await {
                tracing::debug!("connection closed: {e}");
            }
        });
    }
}

/// Starts the server on `addr` in a background thread with its own
/// runtime; returns the address it listens on (`127.0.0.1:0` picks a free
/// port). For tests and for `mex serve`.
pub fn spawn(addr: &str, config: Config) -> Result<SocketAddr, String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind(addr))
        .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
    let local = listener
        .local_addr()
        .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
    std::thread::spawn(move || {
        let _ = runtime.block_on(serve(listener, config));
    });
    Ok(local)
}

/// `mex serve`: logs one line per request on stderr, prints the address
/// to open, and serves under `config` until the process is stopped.
pub fn run(addr: &str, config: Config) -> Result<(), String> {
    let _ = tracing_subscriber::fmt()
        .with_target(false)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .try_init();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
        let local = listener
            .local_addr()
            .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
        println!("mex playground: open http://{local}/");
        serve(listener, config)
            .await
            .map_err(|e| format!("the server stopped: {e}"))
    })
}

/// A body from a string (for tests with `tower::ServiceExt::oneshot`).
pub fn body(text: impl Into<String>) -> Body {
    Body::from(text.into())
}
