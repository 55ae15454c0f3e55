//! The EVM precompiles (`include/ctt_evm.h`): address, input, gas limit and fork in; output
//! bytes, gas used and a status out, over ctt-precompiles (go-ethereum's and revm's semantics:
//! the same inputs fail, the same outputs and gas).

use crate::ptr::{self, guard};
use ctt_precompiles::{Fork, PrecompileError};

/// Return codes of the precompile functions. Codes from `CTT_EVM_OUT_OF_GAS` on are failures of
/// the call itself, which in the EVM consume all the gas given.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(non_camel_case_types)]
pub enum CTT_EVM_RET {
    /// Success: the output is written.
    CTT_EVM_OK = 0,
    /// A NULL or unaligned pointer, or an unknown fork number.
    CTT_EVM_BADARGS = 1,
    /// The output buffer is smaller than the output; `*out_len` holds the size needed.
    CTT_EVM_OUTPUT_TOO_SMALL = 2,
    /// Internal error (a caught panic: a bug).
    CTT_EVM_ERROR = 3,
    /// The gas limit is below the call's price.
    CTT_EVM_OUT_OF_GAS = 16,
    /// No precompile at this address on this fork.
    CTT_EVM_NOT_ACTIVE = 17,
    /// An input length the precompile does not accept.
    CTT_EVM_INVALID_INPUT_LENGTH = 18,
    /// An EIP-2537 field element whose 16 padding bytes are not zero.
    CTT_EVM_INVALID_PADDING = 19,
    /// A field element not below the modulus.
    CTT_EVM_NON_CANONICAL_FIELD_ELEMENT = 20,
    /// A point not on its curve.
    CTT_EVM_POINT_NOT_ON_CURVE = 21,
    /// A point outside the prime-order subgroup where the EIP requires it.
    CTT_EVM_POINT_NOT_IN_SUBGROUP = 22,
    /// BLAKE2 F's final-block flag is neither 0 nor 1.
    CTT_EVM_INVALID_FINAL_FLAG = 23,
    /// A MODEXP length above EIP-7823's bound (Osaka on) or beyond any address space.
    CTT_EVM_MODEXP_INPUT_TOO_LARGE = 24,
    /// KZG point evaluation: the versioned hash does not match the commitment.
    CTT_EVM_KZG_VERSIONED_HASH_MISMATCH = 25,
    /// KZG point evaluation: malformed input or a proof that does not verify.
    CTT_EVM_KZG_VERIFICATION_FAILED = 26,
}

use CTT_EVM_RET::*;

fn code(e: PrecompileError) -> CTT_EVM_RET {
    use PrecompileError as E;
    match e {
        E::OutOfGas => CTT_EVM_OUT_OF_GAS,
        E::NotActive => CTT_EVM_NOT_ACTIVE,
        E::InvalidInputLength => CTT_EVM_INVALID_INPUT_LENGTH,
        E::InvalidPadding => CTT_EVM_INVALID_PADDING,
        E::NonCanonicalFieldElement => CTT_EVM_NON_CANONICAL_FIELD_ELEMENT,
        E::PointNotOnCurve => CTT_EVM_POINT_NOT_ON_CURVE,
        E::PointNotInSubgroup => CTT_EVM_POINT_NOT_IN_SUBGROUP,
        E::InvalidFinalFlag => CTT_EVM_INVALID_FINAL_FLAG,
        E::ModexpInputTooLarge => CTT_EVM_MODEXP_INPUT_TOO_LARGE,
        E::KzgVersionedHashMismatch => CTT_EVM_KZG_VERSIONED_HASH_MISMATCH,
        E::KzgVerificationFailed => CTT_EVM_KZG_VERIFICATION_FAILED,
        _ => CTT_EVM_ERROR,
    }
}

/// The fork numbers of the header (`CTT_FORK_*`): a plain integer on the C side, so that an
/// unknown value is an error rather than an invalid enum.
fn fork(n: u32) -> Option<Fork> {
    Some(match n {
        0 => Fork::Homestead,
        1 => Fork::Byzantium,
        2 => Fork::Istanbul,
        3 => Fork::Berlin,
        4 => Fork::Cancun,
        5 => Fork::Prague,
        6 => Fork::Osaka,
        _ => return None,
    })
}

/// Runs the precompile at `address` on `fork`. On `CTT_EVM_OK`, the output's `*out_len` bytes
/// are in `out` and `*gas_used` is its price. When the output does not fit in `out_capacity`
/// bytes: `CTT_EVM_OUTPUT_TOO_SMALL`, `*out_len` the size needed, `*gas_used` the price, nothing
/// written to `out`. When the call fails: its code, `*out_len = 0` and `*gas_used = gas_limit`
/// (a failed call consumes all its gas). `out` may be NULL when `out_capacity` is 0, `input`
/// when `input_len` is 0.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn ctt_evm_precompile(
    out: *mut u8,
    out_capacity: usize,
    out_len: *mut usize,
    gas_used: *mut u64,
    address: u64,
    input: *const u8,
    input_len: usize,
    gas_limit: u64,
    fork_id: u32,
) -> CTT_EVM_RET {
    guard(CTT_EVM_ERROR, || {
        // SAFETY: the header's contract.
        let (Some(out_len), Some(gas_used), Some(input)) = (unsafe {
            (
                ptr::out(out_len),
                ptr::out(gas_used),
                ptr::slice(input, input_len as u64),
            )
        }) else {
            return CTT_EVM_BADARGS;
        };
        if out.is_null() && out_capacity > 0 {
            return CTT_EVM_BADARGS;
        }
        let Some(fork) = fork(fork_id) else {
            return CTT_EVM_BADARGS;
        };
        match ctt_precompiles::run(address, input, gas_limit, fork) {
            Err(e) => {
                out_len.write(0);
                gas_used.write(gas_limit);
                code(e)
            }
            Ok(o) => {
                let n = o.bytes.len();
                out_len.write(n);
                gas_used.write(o.gas_used);
                if n > out_capacity {
                    return CTT_EVM_OUTPUT_TOO_SMALL;
                }
                if n > 0 {
                    // SAFETY: `out` is non-NULL (`out_capacity ≥ n > 0`) and holds
                    // `out_capacity` writable bytes, the header's contract.
                    match unsafe { ptr::out_slice(out, n as u64) } {
                        Some(o_out) => o_out.write(&o.bytes),
                        None => return CTT_EVM_BADARGS,
                    }
                }
                CTT_EVM_OK
            }
        }
    })
}

/// The gas the precompile at `address` charges for `input` on `fork`, without running it. An
/// error code when the call fails before it is priced (no precompile there, or an input
/// length that has no price).
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn ctt_evm_precompile_gas(
    gas: *mut u64,
    address: u64,
    input: *const u8,
    input_len: usize,
    fork_id: u32,
) -> CTT_EVM_RET {
    guard(CTT_EVM_ERROR, || {
        // SAFETY: the header's contract.
        let (Some(gas), Some(input)) =
            (unsafe { (ptr::out(gas), ptr::slice(input, input_len as u64)) })
        else {
            return CTT_EVM_BADARGS;
        };
        let Some(fork) = fork(fork_id) else {
            return CTT_EVM_BADARGS;
        };
        match ctt_precompiles::gas_cost(address, input, fork) {
            Ok(g) => {
                gas.write(g);
                CTT_EVM_OK
            }
            Err(e) => code(e),
        }
    })
}

/// A static, NUL-terminated English description of a code (never NULL).
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub extern "C" fn ctt_evm_error_string(code: u32) -> *const core::ffi::c_char {
    let s: &'static core::ffi::CStr = match code {
        0 => c"ok",
        1 => c"bad arguments (NULL or unaligned pointer, unknown fork)",
        2 => c"output buffer too small",
        3 => c"internal error",
        16 => c"out of gas",
        17 => c"no precompile at this address on this fork",
        18 => c"invalid input length",
        19 => c"invalid field element top bytes",
        20 => c"field element not below the modulus",
        21 => c"invalid point: not on curve",
        22 => c"point is not in the correct subgroup",
        23 => c"invalid final flag",
        24 => c"modexp input length too large",
        25 => c"mismatched versioned hash",
        26 => c"KZG proof verification failed",
        _ => c"unknown code",
    };
    s.as_ptr()
}
