//! Timing: calibration, warm-up, and alternating batches reduced to a median.
//!
//! Each routine is first calibrated to the number of iterations that fills one batch of
//! [`Settings::batch`]; all routines are then warmed up; then, for each round, every routine runs
//! one batch in turn (ours, peer 1, peer 2, ours, …). Alternating spreads frequency drift and
//! noise from the other tenants of the machine over all contenders alike, so their ratio holds
//! even when absolute times drift. The figure reported is the median time per iteration.
//!
//! Clock: these machines are shared (load averages of 4–5 on 2 cores are common), and a batch
//! during which the thread was descheduled reads several times too long in wall time. For serial
//! operations we therefore read the thread's own CPU time (`CLOCK_THREAD_CPUTIME_ID`, nanosecond
//! resolution, excludes time spent descheduled); parallel operations need wall time. Batches are
//! short (a few ms, under a scheduler time slice) and numerous, so most run uninterrupted.

use crate::registry::{Bench, Routine};
use std::time::{Duration, Instant};

/// Which clock times a batch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clock {
    /// Wall time (`Instant`): for parallel operations.
    Wall,
    /// CPU time of the calling thread: for serial operations on a shared machine.
    ThreadCpu,
}

impl Clock {
    /// Now, as a duration since an arbitrary origin fixed for the process.
    fn now(self) -> Duration {
        match self {
            Clock::Wall => {
                static ORIGIN: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
                ORIGIN.get_or_init(Instant::now).elapsed()
            }
            Clock::ThreadCpu => thread_cpu_time(),
        }
    }
}

#[cfg(unix)]
#[allow(unsafe_code)]
fn thread_cpu_time() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid out-pointer; the clock id is a constant every Unix we target has.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

#[cfg(not(unix))]
fn thread_cpu_time() -> Duration {
    Clock::Wall.now()
}

/// How long and how often to measure.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Batches per contender (odd, so that the median is a sample).
    pub rounds: usize,
    /// Target duration of one batch.
    pub batch: Duration,
    /// Time each contender runs before measuring (caches, branch predictors, clocks).
    pub warmup: Duration,
    /// The clock that times batches.
    pub clock: Clock,
}

impl Settings {
    /// Default: 41 batches of 2 ms each.
    pub const FULL: Settings = Settings {
        rounds: 41,
        batch: Duration::from_millis(2),
        warmup: Duration::from_millis(100),
        clock: Clock::ThreadCpu,
    };
    /// `--quick`: 11 batches of 1 ms each.
    pub const QUICK: Settings = Settings {
        rounds: 11,
        batch: Duration::from_millis(1),
        warmup: Duration::from_millis(20),
        clock: Clock::ThreadCpu,
    };
}

/// Median seconds per iteration for ours and each peer, in the order of the [`Bench`].
#[derive(Clone, Debug)]
pub struct Timings {
    /// Our median, seconds per operation.
    pub ours: f64,
    /// `(peer name, median seconds per operation)`.
    pub peers: Vec<(&'static str, f64)>,
}

fn time(clock: Clock, r: &mut Routine, iters: u64) -> Duration {
    let t = clock.now();
    r(iters);
    clock.now().saturating_sub(t)
}

/// Iterations that make one batch last about `target`, found by doubling.
fn calibrate(clock: Clock, r: &mut Routine, target: Duration) -> u64 {
    let mut iters = 1u64;
    loop {
        let d = time(clock, r, iters);
        if d >= target / 8 || iters >= 1 << 40 {
            let per = d.as_secs_f64() / iters as f64;
            return ((target.as_secs_f64() / per.max(1e-12)) as u64).max(1);
        }
        iters *= 2;
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Measures every contender of `bench` as described in the module documentation.
pub fn measure(bench: &mut Bench, s: &Settings) -> Timings {
    let mut routines: Vec<&mut Routine> = Vec::with_capacity(1 + bench.peers.len());
    routines.push(&mut bench.ours);
    routines.extend(bench.peers.iter_mut().map(|(_, r)| r));

    let iters: Vec<u64> = routines
        .iter_mut()
        .map(|r| calibrate(s.clock, r, s.batch))
        .collect();
    for (r, &n) in routines.iter_mut().zip(&iters) {
        let start = Instant::now();
        while start.elapsed() < s.warmup {
            r(n.div_ceil(4));
        }
    }

    let mut samples = vec![Vec::with_capacity(s.rounds); routines.len()];
    for _ in 0..s.rounds {
        for (k, r) in routines.iter_mut().enumerate() {
            samples[k].push(time(s.clock, r, iters[k]).as_secs_f64() / iters[k] as f64);
        }
    }

    let mut medians = samples.into_iter().map(median);
    Timings {
        ours: medians.next().expect("ours is always measured"),
        peers: bench.peers.iter().map(|(n, _)| *n).zip(medians).collect(),
    }
}
