//! The two lanes evaluations run in, so that cheap requests never wait
//! behind expensive ones.
//!
//! Every evaluation starts in the *light* lane ([`Config::light`] slots)
//! under a stop token ([`mex_core::stop`]) limited to
//! [`Config::light_limit`]. Work that runs past that limit is stopped there
//! and run again from the start in the *heavy* lane ([`Config::heavy`]
//! slots) under the full [`Config::timeout`]; the request is remembered (at
//! most [`KNOWN_HEAVY`] of them, then the memory starts afresh), so that the
//! next identical request goes straight to the heavy lane. A light slot is
//! therefore never held much longer than the light limit, whatever the
//! load of expensive work.
//!
//! With no light slots, every evaluation runs in the heavy lane.
//!
//! Each evaluation also reserves its lane's memory from the server's pool
//! ([`Config::memory`]): [`Config::light_memory`] in the light lane,
//! [`Config::request_memory`] in the heavy one, the budget its context is
//! given ([`mex_core::games::Context::within`]), so that the evaluations
//! running at once never take more than the pool together. Work refused
//! in the light lane for its size ([`MexError::TooLarge`]) runs again in
//! the heavy lane with the larger budget; refused there, it is answered
//! 422.
//!
//! In either lane a request waits at most [`Config::queue`] for a slot
//! and for its memory (else 503). When the answer is given up — the timeout passed, or the
//! client went away and the request's future was dropped — the work's token
//! is stopped: the work ends at its next check and gives its slot back, no
//! thread runs on for nobody. Work that never reaches a check (the closed
//! forms) finishes wherever it started.

use crate::{ApiError, Config};
use axum::http::StatusCode;
use mex_core::stop::{self, StopToken};
use mex_core::MexError;
use std::collections::HashSet;
use std::hash::{BuildHasher, RandomState};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Duration;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Most requests remembered as heavy at once.
pub const KNOWN_HEAVY: usize = 4096;

/// Where an evaluation runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Lane {
    Light,
    Heavy,
}

/// The slots of both lanes and the requests known to be heavy.
pub(crate) struct Lanes {
    config: Config,
    light: Arc<Semaphore>,
    heavy: Arc<Semaphore>,
    /// The memory pool, one permit a MiB.
    memory: Arc<Semaphore>,
    /// Hashes of requests that ran past the light limit.
    known_heavy: Mutex<HashSet<u64>>,
    hasher: RandomState,
}

impl Lanes {
    pub(crate) fn new(config: &Config) -> Self {
        Lanes {
            config: config.clone(),
            light: Arc::new(Semaphore::new(config.light)),
            heavy: Arc::new(Semaphore::new(config.heavy)),
            memory: Arc::new(Semaphore::new(
                mib(config.memory).min(Semaphore::MAX_PERMITS),
            )),
            known_heavy: Mutex::new(HashSet::new()),
            hasher: RandomState::new(),
        }
    }

    /// Runs `work` for the request named `request` (the same name for the
    /// same work): in the light lane first unless the request is known to
    /// be heavy (or the light lane has no slots), then, past the light
    /// limit, in the heavy lane.
    pub(crate) async fn evaluate<T, W>(&self, request: &str, work: W) -> Result<T, ApiError>
    where
        T: Send + 'static,
        W: Fn(usize) -> Result<T, MexError> + Send + Sync + 'static,
    {
        let work = Arc::new(work);
        let key = self.hasher.hash_one(request);
        if self.config.light > 0 && !self.is_known_heavy(key) {
            match self.run(Lane::Light, Arc::clone(&work)).await? {
                Err(MexError::Stopped {
                    time_limit: Some(_),
                }) => self.remember_heavy(key),
                Err(MexError::TooLarge { .. })
                    if self.memory_of(Lane::Light) < self.memory_of(Lane::Heavy) =>
                {
                    self.remember_heavy(key)
                }
                done => return self.answer(done),
            }
        }
        let done = self.run(Lane::Heavy, work).await?;
        self.answer(done)
    }

    fn is_known_heavy(&self, key: u64) -> bool {
        lock(&self.known_heavy).contains(&key)
    }

    fn remember_heavy(&self, key: u64) {
        let mut known = lock(&self.known_heavy);
        if known.len() >= KNOWN_HEAVY {
            known.clear();
        }
        known.insert(key);
    }

    /// The work's own result as the answer: a stop means it took too long.
    fn answer<T>(&self, done: Result<T, MexError>) -> Result<T, ApiError> {
        match done {
            Err(MexError::Stopped { .. }) => Err(self.too_slow()),
            other => other.map_err(ApiError::from),
        }
    }

    fn too_slow(&self) -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the evaluation took longer than {} s; try a smaller position",
                self.config.timeout.as_secs_f64()
            ),
        )
    }

    /// Runs `work` on the blocking pool in a slot of `lane`, under a stop
    /// token limited to the lane's time, within [`Config::timeout`]. The
    /// slot is held by the work itself and given back when it ends; the
    /// token is stopped when this future ends or is dropped.
    async fn run<T, W>(&self, lane: Lane, work: Arc<W>) -> Result<Result<T, MexError>, ApiError>
    where
        T: Send + 'static,
        W: Fn(usize) -> Result<T, MexError> + Send + Sync + 'static,
    {
        let slot = self.slot(lane).await?;
        let memory = self.memory_of(lane);
        let reserved = self.reserve(memory).await?;
        let limit = match lane {
            Lane::Light => self.config.light_limit,
            Lane::Heavy => self.config.timeout,
        };
        let token = StopToken::with_time_limit(limit);
        let _stop_when_given_up = StopOnDrop(token.clone());
        let gate = match lane {
            Lane::Light => None,
            Lane::Heavy => self.config.gate.clone(),
        };
        let task = tokio::task::spawn_blocking(move || {
            if let Some(gate) = &gate {
                gate.pass();
            }
            let done = stop::run_under(&token, || work(memory));
            drop((slot, reserved));
            if let Some(gate) = &gate {
                gate.leave(matches!(done, Err(MexError::Stopped { .. })));
            }
            done
        });
        match tokio::time::timeout(self.config.timeout, task).await {
            Ok(Ok(done)) => Ok(done),
            Ok(Err(_)) => Err(ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "the evaluation failed",
            )),
            Err(_) => Err(self.too_slow()),
        }
    }

    /// The bytes an evaluation in `lane` may take (at most the pool).
    fn memory_of(&self, lane: Lane) -> usize {
        let share = match lane {
            Lane::Light => self.config.light_memory,
            Lane::Heavy => self.config.request_memory,
        };
        share.min(self.config.memory)
    }

    /// `bytes` of the memory pool, waiting at most [`Config::queue`].
    async fn reserve(&self, bytes: usize) -> Result<OwnedSemaphorePermit, ApiError> {
        let wanted = mib(bytes).min(Semaphore::MAX_PERMITS) as u32;
        let pool = Arc::clone(&self.memory);
        let permit = if self.config.queue.is_zero() {
            pool.try_acquire_many_owned(wanted).ok()
        } else {
            tokio::time::timeout(self.config.queue, pool.acquire_many_owned(wanted))
                .await
                .ok()
                .and_then(Result::ok)
        };
        permit.ok_or_else(|| {
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "the server is busy: its {} of memory are taken by running evaluations; try again",
                    mex_core::error::memory_amount(self.config.memory)
                ),
            )
        })
    }

    /// A slot of `lane`, waiting at most [`Config::queue`].
    async fn slot(&self, lane: Lane) -> Result<OwnedSemaphorePermit, ApiError> {
        let (slots, size, kind) = match lane {
            Lane::Light => (&self.light, self.config.light, "short"),
            Lane::Heavy => (&self.heavy, self.config.heavy, "long"),
        };
        let slots = Arc::clone(slots);
        let permit = if self.config.queue.is_zero() {
            slots.try_acquire_owned().ok()
        } else {
            tokio::time::timeout(self.config.queue, slots.acquire_owned())
                .await
                .ok()
                .and_then(Result::ok)
        };
        permit.ok_or_else(|| {
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!("the server is busy: {size} {kind} evaluations are running; try again"),
            )
        })
    }
}

/// `bytes` in MiB, rounded up, at least 1.
fn mib(bytes: usize) -> usize {
    bytes.div_ceil(1 << 20).max(1)
}

/// Stops its token when dropped.
struct StopOnDrop(StopToken);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.stop();
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// For tests only ([`Config::gate`]): holds every evaluation that enters
/// the heavy lane, on its worker thread with its slot taken, until
/// [`Gate::open`], and counts what passes, so that a test can fill the
/// heavy lane or outlast a timeout without racing the clock.
#[derive(Debug, Clone, Default)]
pub struct Gate(Arc<GateState>);

#[derive(Debug, Default)]
struct GateState {
    counts: Mutex<GateCounts>,
    changed: Condvar,
}

/// What a [`Gate`] has seen.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GateCounts {
    /// Whether the gate is open.
    pub open: bool,
    /// Evaluations that reached the gate.
    pub reached: usize,
    /// Evaluations that passed it and ended, their slot given back.
    pub ended: usize,
    /// Of those, the ones that ended stopped ([`MexError::Stopped`]).
    pub stopped: usize,
}

impl Gate {
    /// A closed gate.
    pub fn closed() -> Self {
        Gate::default()
    }

    /// Opens the gate: held evaluations go on, later ones pass.
    pub fn open(&self) {
        self.update(|c| c.open = true);
    }

    /// Waits until `done` holds of the counts, or `bound` has passed (a
    /// generous bound for a failing test, not a measure); the counts then.
    pub fn wait_for(&self, bound: Duration, done: impl Fn(&GateCounts) -> bool) -> GateCounts {
        let counts = lock(&self.0.counts);
        let (counts, _) = self
            .0
            .changed
            .wait_timeout_while(counts, bound, |c| !done(c))
            .unwrap_or_else(PoisonError::into_inner);
        *counts
    }

    /// Counts an evaluation reaching the gate and holds it while closed.
    fn pass(&self) {
        let mut counts = lock(&self.0.counts);
        counts.reached += 1;
        self.0.changed.notify_all();
        while !counts.open {
            counts = self
                .0
                .changed
                .wait(counts)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }

    /// Counts an evaluation that ended.
    fn leave(&self, stopped: bool) {
        self.update(|c| {
            c.ended += 1;
            c.stopped += usize::from(stopped);
        });
    }

    fn update(&self, change: impl FnOnce(&mut GateCounts)) {
        change(&mut lock(&self.0.counts));
        self.0.changed.notify_all();
    }
}
