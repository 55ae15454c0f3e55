//! A race-free once-cell for heap values that works without `std` (the embedded mainnet setup
//! and the lazily built fixed-base tables of ctt-kzg, and ctt-peerdas's settings).
//!
//! The design of `once_cell::race::OnceBox`: the first caller to finish initialising publishes
//! its `Box` with one compare-and-swap; a caller that loses the race drops the value it built and
//! returns the winner's. Nobody blocks or spins, and a panicking initialiser leaves the cell
//! empty (the next caller tries again), so there is no lock to poison. The cost of the design
//! is duplicated work when several threads initialise at the same moment.
//!
//! This is the crate's only `unsafe` (the raw-pointer dereferences below).
#![allow(unsafe_code)]

use alloc::boxed::Box;
use core::marker::PhantomData;
use core::ptr;
use core::sync::atomic::{AtomicPtr, Ordering};

/// A cell written at most once with a boxed `T`.
pub struct OnceBox<T> {
    ptr: AtomicPtr<T>,
    /// `AtomicPtr<T>` is `Send + Sync` for every `T`; the cell owns a `T`, so its auto traits
    /// must follow `T` (set explicitly below).
    _owns: PhantomData<*mut T>,
}

// SAFETY: the cell owns its `T` (moving the cell moves ownership of the value).
unsafe impl<T: Send> Send for OnceBox<T> {}
// SAFETY: shared access hands out `&T` to several threads (needs `T: Sync`), and the value built
// on one thread may be dropped on another (needs `T: Send`).
unsafe impl<T: Send + Sync> Sync for OnceBox<T> {}

impl<T> OnceBox<T> {
    /// An empty cell.
    pub const fn new() -> Self {
        OnceBox {
            ptr: AtomicPtr::new(ptr::null_mut()),
            _owns: PhantomData,
        }
    }

    /// The value, if one was published.
    pub fn get(&self) -> Option<&T> {
        let p = self.ptr.load(Ordering::Acquire);
        // SAFETY: a non-null pointer was published by `get_or_init` from `Box::into_raw`, with
        // release ordering (paired with the acquire load above, so the pointee is fully
        // initialised); it is never written or freed again while `self` lives, and the returned
        // reference borrows `self`.
        unsafe { p.as_ref() }
    }

    /// The value, built by `init` if the cell is empty.
    pub fn get_or_init(&self, init: impl FnOnce() -> T) -> &T {
        if let Some(v) = self.get() {
            return v;
        }
        let new = Box::into_raw(Box::new(init()));
        match self
            .ptr
            .compare_exchange(ptr::null_mut(), new, Ordering::AcqRel, Ordering::Acquire)
        {
            // SAFETY: `new` is the pointer just published (valid, owned by the cell from now on).
            Ok(_) => unsafe { &*new },
            Err(winner) => {
                // SAFETY: `new` came from `Box::into_raw` above and was never published.
                drop(unsafe { Box::from_raw(new) });
                // SAFETY: as in `get`: `winner` is a published, never-freed pointer.
                unsafe { &*winner }
            }
        }
    }
}

impl<T> Default for OnceBox<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T> core::fmt::Debug for OnceBox<T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(if self.get().is_some() {
            "OnceBox(set)"
        } else {
            "OnceBox(empty)"
        })
    }
}

impl<T> Drop for OnceBox<T> {
    fn drop(&mut self) {
        let p = *self.ptr.get_mut();
        if !p.is_null() {
            // SAFETY: a published pointer came from `Box::into_raw` and is freed only here, once.
            drop(unsafe { Box::from_raw(p) });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::OnceBox;

    #[test]
    fn initialises_once_and_keeps_the_value() {
        let cell = OnceBox::new();
        assert!(cell.get().is_none());
        assert_eq!(*cell.get_or_init(|| 7u32), 7);
        assert_eq!(*cell.get_or_init(|| 8u32), 7);
        assert_eq!(cell.get(), Some(&7));
    }

    // wasip1 has no threads: the race runs on the native targets only.
    #[test]
    #[cfg(not(target_family = "wasm"))]
    fn racing_threads_agree_and_losers_are_dropped() {
        use core::sync::atomic::{AtomicUsize, Ordering};
        use std::sync::Arc;
        use std::vec::Vec;
        struct Counted(usize, Arc<AtomicUsize>);
        impl Drop for Counted {
            fn drop(&mut self) {
                self.1.fetch_add(1, Ordering::SeqCst);
            }
        }
        let drops = Arc::new(AtomicUsize::new(0));
        let built = Arc::new(AtomicUsize::new(0));
        let cell = Arc::new(OnceBox::new());
        let handles: Vec<_> = (0..8)
            .map(|i| {
                let (cell, drops, built) = (cell.clone(), drops.clone(), built.clone());
                std::thread::spawn(move || {
                    cell.get_or_init(|| {
                        built.fetch_add(1, Ordering::SeqCst);
                        Counted(i, drops)
                    })
                    .0
                })
            })
            .collect();
        let seen: Vec<usize> = handles.into_iter().map(|h| h.join().unwrap()).collect();
        assert!(
            seen.iter().all(|&v| v == seen[0]),
            "every thread sees the winner"
        );
        let built = built.load(Ordering::SeqCst);
        assert_eq!(
            drops.load(Ordering::SeqCst),
            built - 1,
            "every loser was dropped"
        );
        drop(cell);
        assert_eq!(
            drops.load(Ordering::SeqCst),
            built,
            "the winner is dropped with the cell"
        );
    }
}
