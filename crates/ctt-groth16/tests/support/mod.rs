//! A rayon pool for the tests of the parallel twins that also runs on WebAssembly.

/// A pool of a given number of threads, or none on WebAssembly: wasip1 cannot spawn threads, so
/// there [`TestPool::install`] runs the closure where it is and the parallel functions use
/// rayon's global pool, which falls back to the current thread.
pub struct TestPool(Option<rayon::ThreadPool>);

impl TestPool {
    /// `threads` worker threads (none on WebAssembly).
    pub fn new(threads: usize) -> Self {
        if cfg!(target_family = "wasm") {
            return TestPool(None);
        }
        TestPool(Some(
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap(),
        ))
    }

    /// `f` inside the pool.
    pub fn install<R: Send>(&self, f: impl FnOnce() -> R + Send) -> R {
        match &self.0 {
            Some(pool) => pool.install(f),
            None => f(),
        }
    }
}
