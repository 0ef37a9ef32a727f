//! Two threads for one nim sequence. While the main thread finishes the
//! rows of one block (the pairs with its few small rare heaps, its takes,
//! and the scan of common pairs until the MEX is common), a helper thread
//! marks the pairs of the next [`AHEAD`] blocks with the rare heaps
//! `i ≥ (AHEAD + 1)·BLOCK`. Those pairs' partners `n + row − j − i` all lie
//! before the current block, so the helper needs only values the main thread has finished;
//! it also marks a first stretch of every row's common splits
//! ([`PRESCAN`] of them, a share of the scan most positions need). It keeps
//! its own copy of the window of recent values it reads (the last rare
//! heap plus the largest removal, a few thousand values for the open
//! games) and of the first values, so the two threads share no memory. The
//! values are those of one thread exactly: every mark is of an option of
//! the position, and all the pairs with a rare heap are marked before the
//! MEX is taken, which is all the sparse-space argument needs.

use super::{BlockFlags, FarRare, TakeBreakSequence, BLOCK};
use crate::MexError;
use std::sync::mpsc;

/// Blocks the helper may work ahead of the main thread (so that neither
/// waits for the other at every block).
const AHEAD: usize = 3;

/// Rare heaps at least this large are the helper's.
const HELPER_FAR: usize = (AHEAD + 1) * BLOCK;

/// The helper also marks the common splits `(a, rest − a)` with `a` in
/// `HELPER_FAR .. HELPER_FAR + PRESCAN` of every row: most positions need
/// a scan of a few thousand splits, and this share of it balances the two
/// threads' work (the main thread skips them).
const PRESCAN: usize = 768;

/// The splits the helper marks for the scan of common pairs.
const PREMARKED: std::ops::Range<usize> = HELPER_FAR..HELPER_FAR + PRESCAN;

/// The marks of one block, to be made by the helper.
struct Job {
    /// The block's first position.
    n: usize,
    /// Values computed since the previous job.
    new_values: Vec<u16>,
    block: Box<BlockFlags>,
    width: usize,
}

/// What the helper owns: its rare heaps and its window of values.
struct Helper {
    splits2: Vec<usize>,
    unequal: bool,
    /// `G(0) .. G(HELPER_FAR + PRESCAN − 1)`.
    prefix: Vec<u16>,
    rare: Vec<u32>,
    rare_values: Vec<u16>,
    window_start: usize,
    window: Vec<u16>,
    /// Values the window must keep behind its end.
    keep: usize,
}

impl Helper {
    fn run(mut self, jobs: mpsc::Receiver<Job>, done: mpsc::Sender<Box<BlockFlags>>) {
        for mut job in jobs {
            self.window.extend_from_slice(&job.new_values);
            if self.window.len() > 2 * self.keep {
                let cut = self.window.len() - self.keep;
                self.window.drain(..cut);
                self.window_start += cut;
            }
            job.block.reset(job.width);
            let far = FarRare {
                splits2: &self.splits2,
                rare: &self.rare,
                rare_values: &self.rare_values,
            };
            far.mark(&mut job.block, &self.window, self.window_start, job.n);
            self.prescan(&mut job.block, job.n);
            if done.send(job.block).is_err() {
                return;
            }
        }
    }
}

impl Helper {
    /// Marks the splits `(a, rest − a)`, `a` in [`PREMARKED`] (up to half
    /// of `rest`), of every row of the block starting at `n`.
    fn prescan(&self, block: &mut BlockFlags, n: usize) {
        for (k, row) in block.rows.iter_mut().enumerate() {
            for &j in &self.splits2 {
                let rest = n + k - j;
                let half = if self.unequal {
                    (rest - 1) / 2
                } else {
                    rest / 2
                };
                let hi = half.min(PREMARKED.end - 1);
                if hi < PREMARKED.start {
                    continue;
                }
                let left = &self.prefix[PREMARKED.start..=hi];
                let ws = self.window_start;
                let right = &self.window[rest - hi - ws..=rest - PREMARKED.start - ws];
                for (x, y) in left.iter().zip(right.iter().rev()) {
                    row[(x ^ y) as usize % super::MAX_BLOCK_WIDTH] = 1;
                }
            }
        }
    }
}

impl TakeBreakSequence {
    /// Whether blocks can be run with the helper from here on: blocks apply
    /// and a few blocks remain before `target`.
    pub(super) fn helper_applies(&self, target: usize) -> bool {
        self.threads > 1
            && target.saturating_sub(self.values.len()) >= 2 * AHEAD * BLOCK
            && self.block_applies()
            && self.values.len() >= self.largest_split_removal + 2 * PREMARKED.end
    }

    /// Computes blocks with the helper thread until less than a block
    /// remains before `target` or a block stops early (a rare value, a new
    /// value bound or a new mask); at least one position is computed.
    pub(super) fn extend_with_helper(&mut self, target: usize) -> Result<(), MexError> {
        let width = self.classes.counts.len();
        let far = self
            .classes
            .rare
            .partition_point(|&i| (i as usize) < HELPER_FAR);
        let largest_removal = self.largest_split_removal;
        let last_rare = self.classes.rare.last().map_or(0, |&i| i as usize);
        let start = self.values.len();
        let keep = last_rare.max(PREMARKED.end) + largest_removal + 4 * BLOCK;
        let lo = start.saturating_sub(keep + BLOCK);
        let helper = Helper {
            splits2: self.splits2.clone(),
            unequal: self.unequal,
            prefix: self.values[..PREMARKED.end].to_vec(),
            rare: self.classes.rare[far..].to_vec(),
            rare_values: self.classes.rare_values[far..].to_vec(),
            window_start: lo,
            window: Vec::with_capacity(3 * keep),
            keep,
        };
        std::thread::scope(|scope| {
            let (job_tx, job_rx) = mpsc::channel::<Job>();
            let (done_tx, done_rx) = mpsc::channel::<Box<BlockFlags>>();
            scope.spawn(move || helper.run(job_rx, done_tx));
            let mut sent = lo;
            let mut job = |n: usize, block: Box<BlockFlags>, values: &[u16]| {
                // The helper's pairs for a block at n reach n − AHEAD·BLOCK − 1
                // at most: values the main thread has finished.
                let upto = n - AHEAD * BLOCK;
                let new_values = values[sent..upto].to_vec();
                sent = upto;
                Job {
                    n,
                    new_values,
                    block,
                    width,
                }
            };
            let mut spare: Vec<Box<BlockFlags>> = (0..AHEAD).map(|_| Box::default()).collect();
            let (mut n, mut next_job, mut in_flight) = (start, start, 0);
            loop {
                crate::stop::check()?;
                while in_flight < AHEAD && next_job + BLOCK <= target {
                    let block = spare.pop().expect("AHEAD blocks circulate");
                    job_tx
                        .send(job(next_job, block, &self.values))
                        .expect("the helper runs");
                    next_job += BLOCK;
                    in_flight += 1;
                }
                if in_flight == 0 {
                    return Ok(());
                }
                let mut block = done_rx.recv().expect("the helper answers");
                in_flight -= 1;
                let full = self.finish_block(&mut block, n, far, width, PREMARKED)?;
                if !full {
                    // The blocks in flight assumed what just changed.
                    for _ in 0..in_flight {
                        let _ = done_rx.recv();
                    }
                    return Ok(());
                }
                spare.push(block);
                n += BLOCK;
            }
        })
    }
}
