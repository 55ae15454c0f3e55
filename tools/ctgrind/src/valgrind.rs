//! Valgrind client requests, in Rust inline assembly (no C, no `valgrind` headers at build time).
//!
//! # Why `unsafe` is allowed here
//!
//! The workspace forbids `unsafe`. This module is the one exception outside `ctt-bigint::backend`:
//! a client request is a magic instruction sequence that only inline assembly can emit. The crate
//! is test tooling (`publish = false`) and is never linked into a library; the crate root denies
//! `unsafe` and only this module allows it. Every request is memory-safe: the "mark" requests
//! change valgrind's shadow state (the definedness bits memcheck tracks), never the program's
//! bytes, and outside valgrind the sequence is a no-op that returns the default value.
//!
//! # The mechanism (valgrind.h, `VALGRIND_DO_CLIENT_REQUEST_EXPR`)
//!
//! A request is a 6-word array `[code, arg1, .., arg5]` and a default result. On a real CPU the
//! "special instruction preamble" rotates a register by a multiple of 64 bits in total (a no-op)
//! and the marker instruction exchanges a register with itself (a no-op), so the default comes
//! back unchanged. Valgrind's JIT recognises the exact byte sequence and services the request:
//!
//! - amd64: `rol rdi,3; rol rdi,13; rol rdi,61; rol rdi,51; xchg rbx,rbx`, `rax` = &args,
//!   `rdx` = default in, result out (3+13+61+51 = 128: `rdi` is unchanged).
//! - arm64: `ror x12,x12,#3; ror x12,x12,#13; ror x12,x12,#51; ror x12,x12,#61;
//!   orr x10,x10,x10`, `x4` = &args, `x3` = default in, result out (again 128 bits of rotation).
//!
//! Other architectures get no-op requests (and [`SUPPORTED`] is false, so the harness refuses to
//! claim anything there).
//!
//! Request codes: core requests (valgrind.h) `RUNNING_ON_VALGRIND = 0x1001`,
//! `COUNT_ERRORS = 0x1201`; memcheck requests (memcheck.h) start at
//! `VG_USERREQ_TOOL_BASE('M','C') = 0x4d43_0000`: `MAKE_MEM_NOACCESS` +0, `MAKE_MEM_UNDEFINED` +1,
//! `MAKE_MEM_DEFINED` +2, `GET_VBITS` +8 (the enum order is a stable ABI, memcheck.h says so).
#![allow(unsafe_code)]

use core::mem::size_of_val;

/// `VG_USERREQ__RUNNING_ON_VALGRIND` (valgrind.h).
const RUNNING_ON_VALGRIND: usize = 0x1001;
/// `VG_USERREQ__COUNT_ERRORS` (valgrind.h).
const COUNT_ERRORS: usize = 0x1201;
/// `VG_USERREQ_TOOL_BASE('M','C')` (memcheck.h).
const MEMCHECK_BASE: usize = ((b'M' as usize) << 24) | ((b'C' as usize) << 16);
/// `VG_USERREQ__MAKE_MEM_UNDEFINED` (memcheck.h).
const MAKE_MEM_UNDEFINED: usize = MEMCHECK_BASE + 1;
/// `VG_USERREQ__MAKE_MEM_DEFINED` (memcheck.h).
const MAKE_MEM_DEFINED: usize = MEMCHECK_BASE + 2;
/// `VG_USERREQ__GET_VBITS` (memcheck.h): copies the definedness bits of a range out.
const GET_VBITS: usize = MEMCHECK_BASE + 8;

/// Whether this architecture has client requests implemented (amd64 and arm64).
pub const SUPPORTED: bool = cfg!(any(target_arch = "x86_64", target_arch = "aarch64"));

/// Issues a client request; returns `default` when not running under valgrind.
#[inline(always)]
fn client_request(default: usize, code: usize, a1: usize, a2: usize, a3: usize) -> usize {
    let args: [usize; 6] = [code, a1, a2, a3, 0, 0];
    let ptr = args.as_ptr();
    let result: usize;
    #[cfg(target_arch = "x86_64")]
    // SAFETY: the rotations total 128 bits, so `rdi` ends unchanged; `xchg rbx, rbx` is a no-op
    // (rbx is only named in the template, never modified). Natively the sequence only changes
    // the flags (not declared preserved) and leaves `rdx` = default. Under valgrind the request
    // reads the 6 words at `rax` (a live local array) and writes the result to `rdx`; memcheck's
    // "mark" requests change shadow state only. No `nomem`: the compiler must assume the asm may
    // read `args` and read or write the memory whose address it contains, so it keeps the
    // marked object in memory and reloads it afterwards (this is also what stops constant
    // folding of fixed test inputs through the mark).
    unsafe {
        core::arch::asm!(
            "rol rdi, 3",
            "rol rdi, 13",
            "rol rdi, 61",
            "rol rdi, 51",
            "xchg rbx, rbx",
            in("rax") ptr,
            inout("rdx") default => result,
            options(nostack),
        );
    }
    #[cfg(target_arch = "aarch64")]
    // SAFETY: as for x86-64: `x12` is rotated by 128 bits in total and `orr x10, x10, x10` is a
    // no-op; natively `x3` keeps the default. Under valgrind the request reads the array at `x4`
    // and writes the result to `x3`.
    unsafe {
        core::arch::asm!(
            "ror x12, x12, #3",
            "ror x12, x12, #13",
            "ror x12, x12, #51",
            "ror x12, x12, #61",
            "orr x10, x10, x10",
            in("x4") ptr,
            inout("x3") default => result,
            options(nostack),
        );
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    {
        // No client-request sequence for this architecture: every request is a no-op, and
        // `SUPPORTED` is false so the harness refuses to run (a silent pass would be a lie).
        let _ = ptr;
        result = default;
    }
    core::hint::black_box(&args);
    result
}

/// Non-zero when running under valgrind (the nesting depth), 0 natively.
pub fn running_on_valgrind() -> usize {
    client_request(0, RUNNING_ON_VALGRIND, 0, 0, 0)
}

/// Number of errors valgrind has reported so far (0 natively).
pub fn count_errors() -> usize {
    client_request(0, COUNT_ERRORS, 0, 0, 0)
}

/// Marks `x`'s bytes undefined for memcheck: from here on, any conditional branch, memory address
/// or system-call argument computed from them is reported. The bytes themselves are unchanged.
///
/// Use on every secret input of the operation under test.
#[inline(never)]
pub fn secret<T: ?Sized>(x: &mut T) {
    let len = size_of_val(x);
    client_request(
        0,
        MAKE_MEM_UNDEFINED,
        x as *mut T as *mut u8 as usize,
        len,
        0,
    );
}

/// Marks `x`'s bytes defined again (declassification): use on results before comparing or
/// printing them, which would otherwise be reported as branches on secret data.
#[inline(never)]
pub fn public<T: ?Sized>(x: &mut T) {
    let len = size_of_val(x);
    client_request(0, MAKE_MEM_DEFINED, x as *mut T as *mut u8 as usize, len, 0);
}

/// How many bytes of `x` hold at least one undefined (secret-derived) bit, or `None` when not
/// running under valgrind. Used to check that an operation's output really carries the taint of
/// the marked inputs before it is declassified: an output with no undefined bit means the
/// operation never read the secrets (optimised away, or reading a different copy), and the case
/// would check nothing.
pub fn undefined_bytes<T: ?Sized>(x: &T) -> Option<usize> {
    let len = size_of_val(x);
    let mut vbits = vec![0u8; len];
    let addr = x as *const T as *const u8 as usize;
    match client_request(0, GET_VBITS, addr, vbits.as_mut_ptr() as usize, len) {
        1 => Some(vbits.iter().filter(|&&v| v != 0).count()),
        _ => None,
    }
}
