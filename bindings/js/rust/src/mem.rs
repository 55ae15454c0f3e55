//! Linear memory shared with the JS glue (`bindings/js/ctt.js`): the glue allocates input
//! buffers here, copies its `Uint8Array`s in, calls a function with their addresses, and copies
//! the result out of the output buffer. The only place of the crate where raw pointers become
//! slices.

use core::cell::RefCell;
use ctt_bigint::zeroize::zeroize_bytes;
use std::alloc::{Layout, alloc, dealloc};

/// Every buffer of the glue is aligned to 8 (so a `u64` list could be read in place; today
/// every multi-byte integer is decoded from little-endian bytes).
const ALIGN: usize = 8;

thread_local! {
    /// The last function's output (wasm32-unknown-unknown runs one thread: one buffer).
    static OUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

fn layout(len: usize) -> Option<Layout> {
    Layout::from_size_align(len.max(1), ALIGN).ok()
}

/// `len` bytes of linear memory for the glue, or 0 when memory cannot grow.
#[unsafe(no_mangle)]
pub extern "C" fn cttjs_alloc(len: usize) -> *mut u8 {
    match layout(len) {
        // SAFETY: the layout's size is nonzero.
        Some(l) => unsafe { alloc(l) },
        None => core::ptr::null_mut(),
    }
}

/// Frees a buffer of [`cttjs_alloc`] after wiping it (it may have held a secret key).
///
/// # Safety
/// `ptr` came from `cttjs_alloc(len)` and is not used afterwards.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cttjs_free(ptr: *mut u8, len: usize) {
    if ptr.is_null() {
        return;
    }
    // SAFETY: the caller's contract: `len` bytes allocated by `cttjs_alloc`.
    unsafe {
        zeroize_bytes(core::slice::from_raw_parts_mut(ptr, len));
        if let Some(l) = layout(len) {
            dealloc(ptr, l);
        }
    }
}

/// The address of the last output.
#[unsafe(no_mangle)]
pub extern "C" fn cttjs_out_ptr() -> *const u8 {
    OUT.with(|o| o.borrow().as_ptr())
}

/// The length of the last output.
#[unsafe(no_mangle)]
pub extern "C" fn cttjs_out_len() -> usize {
    OUT.with(|o| o.borrow().len())
}

/// Wipes and empties the output (the glue calls it after copying out a secret key).
#[unsafe(no_mangle)]
pub extern "C" fn cttjs_out_clear() {
    set_out(Vec::new());
}

/// Replaces the output, wiping the previous one.
pub(crate) fn set_out(bytes: Vec<u8>) {
    OUT.with(|o| {
        let mut o = o.borrow_mut();
        zeroize_bytes(&mut o);
        *o = bytes;
    });
}

/// `len` bytes at `ptr` (any pointer when `len` is 0).
///
/// # Safety
/// `len` readable bytes at `ptr`, unchanged while the slice lives.
pub(crate) unsafe fn bytes<'a>(ptr: *const u8, len: usize) -> &'a [u8] {
    if len == 0 || ptr.is_null() {
        return &[];
    }
    // SAFETY: the caller's contract.
    unsafe { core::slice::from_raw_parts(ptr, len) }
}

/// `n` items of `N` bytes at `ptr`, or `None` when `n · N` overflows.
///
/// # Safety
/// `n · N` readable bytes at `ptr`.
pub(crate) unsafe fn items<'a, const N: usize>(ptr: *const u8, n: usize) -> Option<&'a [[u8; N]]> {
    n.checked_mul(N)?;
    if n == 0 || ptr.is_null() {
        return Some(&[]);
    }
    // SAFETY: the caller's contract; `[u8; N]` has alignment 1.
    Some(unsafe { core::slice::from_raw_parts(ptr.cast::<[u8; N]>(), n) })
}

/// One item of `N` bytes at `ptr`.
///
/// # Safety
/// `N` readable bytes at a non-NULL `ptr`.
pub(crate) unsafe fn item<'a, const N: usize>(ptr: *const u8) -> &'a [u8; N] {
    // SAFETY: the caller's contract; `[u8; N]` has alignment 1.
    unsafe { &*ptr.cast::<[u8; N]>() }
}

/// `n` little-endian `u32`s at `ptr` (cell indices, message lengths), widened.
///
/// # Safety
/// `4n` readable bytes at `ptr`.
pub(crate) unsafe fn u32s(ptr: *const u8, n: usize) -> Option<Vec<u64>> {
    // SAFETY: the caller's contract.
    let raw = unsafe { items::<4>(ptr, n)? };
    Some(
        raw.iter()
            .map(|b| u64::from(u32::from_le_bytes(*b)))
            .collect(),
    )
}
