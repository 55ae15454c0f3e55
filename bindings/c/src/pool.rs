//! The thread-count argument of the `ctt_*_parallel` functions.

/// Runs `f` on `threads` threads: `0` means rayon's global pool (one thread per core, made
/// once per process, shared with any Rust code in the process), `n > 0` a pool of `n` threads
/// made for this call and joined before it returns (a few tens of microseconds per thread,
/// small beside the batch work these functions do). `None` if the threads cannot be started.
pub(crate) fn install<R: Send>(threads: u32, f: impl FnOnce() -> R + Send) -> Option<R> {
    if threads == 0 {
        // Outside any pool, rayon's parallel iterators run on its global pool.
        return Some(f());
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads as usize)
        .build()
        .ok()?;
    Some(pool.install(f))
}
