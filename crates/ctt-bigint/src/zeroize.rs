//! Wiping secrets from memory in a way the optimiser cannot remove.
//!
//! A plain `*x = zero` just before a value is dropped is a dead store: the compiler may delete it,
//! and does at `opt-level = 3`. Volatile writes are the one store the language guarantees to emit
//! (`core::ptr::write_volatile`: "volatile operations are guaranteed to not be elided or reordered
//! by the compiler across other volatile operations"); the `compiler_fence` afterwards keeps later
//! ordinary memory operations (e.g. the deallocation that follows a drop) from being moved before
//! the wipe. This is the technique of the `zeroize` crate, written out here because the workspace
//! takes no dependency for it. `core::hint::black_box` was the alternative without `unsafe`, but
//! its documentation promises only a "best effort", so it cannot carry a security guarantee.
//!
//! This module is one of the two places of `ctt-bigint` allowed `unsafe` (with [`crate::backend`]):
//! each block writes through a pointer derived from a live `&mut`, so it is valid, aligned and
//! exclusively borrowed for the write.
//!
//! What it cannot do: erase copies the program made earlier (moves of a `Copy` value, spilled
//! registers). Secret-holding types therefore avoid being `Copy` and wipe on `Drop`.

use core::sync::atomic::{Ordering, compiler_fence};

/// Overwrites `*x` with `zero` by a volatile write that the compiler must emit.
#[allow(unsafe_code)]
pub fn zeroize_value<T: Copy>(x: &mut T, zero: T) {
    // SAFETY: `x` is a live, aligned, exclusive reference; `T: Copy` has no drop glue to skip.
    unsafe { core::ptr::write_volatile(x, zero) };
    compiler_fence(Ordering::SeqCst);
}

/// Overwrites every byte of `bytes` with 0 by volatile writes.
#[allow(unsafe_code)]
pub fn zeroize_bytes(bytes: &mut [u8]) {
    for b in bytes.iter_mut() {
        // SAFETY: `b` is a live, aligned, exclusive reference to one byte.
        unsafe { core::ptr::write_volatile(b, 0) };
    }
    compiler_fence(Ordering::SeqCst);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wipes_values_and_bytes() {
        let mut limbs = [u64::MAX; 4];
        zeroize_value(&mut limbs, [0; 4]);
        assert_eq!(limbs, [0; 4]);
        let mut bytes = [0xa5u8; 37];
        zeroize_bytes(&mut bytes);
        assert_eq!(bytes, [0; 37]);
        zeroize_bytes(&mut []);
    }
}
