//! Where raw pointers from C become Rust references: the only `unsafe` of the crate besides
//! the `extern "C"` signatures themselves and the C standard library's `fread`.
//!
//! Every check that can be made on a pointer is made here, before anything is read or
//! written: NULL (an error, except for an empty array), alignment (an error: an unaligned
//! `uint64_t *` is undefined behaviour in C and in Rust alike) and the byte size of an array
//! (an error when `count × size` does not fit in `isize`, the most any object can span). What
//! cannot be checked — that a non-NULL pointer really points to as many live elements as the
//! caller says — is the caller's contract, stated in every header.

use core::ptr::NonNull;

/// A validated pointer to a caller's output object, written once the result is known (so that
/// nothing is written when the call fails half-way).
pub(crate) struct Out<T>(NonNull<T>);

impl<T> Out<T> {
    /// Writes the result.
    pub(crate) fn write(self, value: T) {
        // SAFETY: `out` checked the pointer for NULL and alignment; that it points to a writable
        // `T` is the caller's contract (see `out`).
        unsafe { self.0.as_ptr().write(value) }
    }
}

/// A validated pointer to a caller's output array of `len` elements.
pub(crate) struct OutSlice<T> {
    ptr: NonNull<T>,
    len: usize,
}

impl<T: Copy> OutSlice<T> {
    /// Copies `values` (exactly `len` of them) into the caller's array.
    pub(crate) fn write(self, values: &[T]) {
        assert_eq!(values.len(), self.len, "output length is fixed by the API");
        // SAFETY: `out_slice` checked NULL, alignment and the byte size; that `len` writable
        // elements live there is the caller's contract. `values` is memory this crate owns, so
        // the two regions do not overlap (outputs are computed into owned buffers first, then
        // copied, even when a caller passes the same array as input and output).
        unsafe { core::ptr::copy_nonoverlapping(values.as_ptr(), self.ptr.as_ptr(), self.len) }
    }
}

/// `p` as a reference: `None` if it is NULL or not aligned for `T`.
///
/// # Safety
/// A non-NULL, aligned `p` must point to a live, initialised `T` that nothing writes to while
/// the returned reference is used (the duration of one C call).
pub(crate) unsafe fn reference<'a, T>(p: *const T) -> Option<&'a T> {
    if p.is_null() || !p.is_aligned() {
        return None;
    }
    // SAFETY: non-NULL and aligned here; live and unaliased by the caller's contract.
    Some(unsafe { &*p })
}

/// `count` elements at `p` as a slice: `None` if `count` does not fit in memory (more than
/// `isize::MAX` bytes), or for a NULL or unaligned `p` when `count > 0`. An empty slice for
/// `count == 0`, whatever `p` is (Go and Java pass NULL for empty arrays).
///
/// # Safety
/// When `count > 0` and the checks pass, `p` must point to `count` live, initialised elements
/// that nothing writes to during the call.
pub(crate) unsafe fn slice<'a, T>(p: *const T, count: u64) -> Option<&'a [T]> {
    let len = array_len::<T>(count)?;
    if len == 0 {
        return Some(&[]);
    }
    if p.is_null() || !p.is_aligned() {
        return None;
    }
    // SAFETY: non-NULL, aligned, `len · size_of::<T>() ≤ isize::MAX` (array_len); the elements
    // are live and unaliased by the caller's contract.
    Some(unsafe { core::slice::from_raw_parts(p, len) })
}

/// An output object: `None` if `p` is NULL or unaligned.
///
/// # Safety
/// A non-NULL, aligned `p` must point to memory writable as a `T` for the duration of the call.
pub(crate) unsafe fn out<T>(p: *mut T) -> Option<Out<T>> {
    if !p.is_aligned() {
        return None;
    }
    NonNull::new(p).map(Out)
}

/// An output array of `count` elements: `None` if `p` is NULL or unaligned, or the array does not
/// fit in memory. `count` must be positive (every output array of the API has a fixed length).
///
/// # Safety
/// A non-NULL, aligned `p` must point to memory writable as `count` elements for the call.
pub(crate) unsafe fn out_slice<T>(p: *mut T, count: u64) -> Option<OutSlice<T>> {
    let len = array_len::<T>(count)?;
    if len == 0 || !p.is_aligned() {
        return None;
    }
    NonNull::new(p).map(|ptr| OutSlice { ptr, len })
}

/// `count` as an element count whose byte size fits in `isize`, as every Rust (and C) object
/// must; `None` otherwise (a count near `u64::MAX`, or above 4 GiB of elements on 32-bit).
pub(crate) fn array_len<T>(count: u64) -> Option<usize> {
    let len = usize::try_from(count).ok()?;
    let bytes = len.checked_mul(size_of::<T>().max(1))?;
    (bytes <= isize::MAX as usize).then_some(len)
}

/// Runs `f`, turning a panic into `on_panic`: no unwinding ever crosses the C ABI (that would
/// be undefined behaviour). The library does not panic on any input; this is the guard for a
/// bug, and for allocation failures that unwind instead of aborting.
pub(crate) fn guard<R>(on_panic: R, f: impl FnOnce() -> R) -> R {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).unwrap_or(on_panic)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn array_len_refuses_counts_that_overflow() {
        assert_eq!(array_len::<[u8; 48]>(3), Some(3));
        assert_eq!(array_len::<[u8; 48]>(u64::MAX), None);
        assert_eq!(array_len::<[u8; 131072]>(u64::MAX / 131072), None);
        assert_eq!(array_len::<u64>(isize::MAX as u64 / 8 + 1), None);
    }

    #[test]
    fn null_and_unaligned_pointers_are_refused() {
        let words = [0u64; 4];
        // SAFETY: the pointers are NULL, unaligned (never dereferenced) or to `words`.
        unsafe {
            assert!(reference::<u64>(core::ptr::null()).is_none());
            let unaligned = words.as_ptr().cast::<u8>().add(1).cast::<u64>();
            assert!(reference(unaligned).is_none());
            assert!(slice(unaligned, 2).is_none());
            assert!(slice::<u64>(core::ptr::null(), 1).is_none());
            assert_eq!(slice::<u64>(core::ptr::null(), 0), Some(&[][..]));
            assert_eq!(slice(words.as_ptr(), 4).map(<[u64]>::len), Some(4));
            assert!(out::<u64>(core::ptr::null_mut()).is_none());
            assert!(out_slice::<u64>(core::ptr::null_mut(), 1).is_none());
        }
    }

    #[test]
    fn guard_catches_a_panic() {
        let hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        assert_eq!(guard(7, || panic!("bug")), 7);
        std::panic::set_hook(hook);
        assert_eq!(guard(7, || 1), 1);
    }
}
