//! The EVM precompiles (ctt-precompiles): address, input, gas limit and fork in; the output
//! bytes out, and the gas used through [`cttjs_gas_used`].

use crate::error::{Code, finish};
use crate::mem::bytes;
use ctt_precompiles::Fork;
use std::cell::Cell;

thread_local! {
    static GAS_USED: Cell<u64> = const { Cell::new(0) };
}

/// The fork numbers the glue uses (`FORKS` in ctt.js, oldest first).
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

/// Runs the precompile at `address`; on success the output is in the output buffer and the
/// price in [`cttjs_gas_used`].
///
/// # Safety
/// `len` bytes at `input`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cttjs_precompile(
    address: u64,
    input: *const u8,
    len: usize,
    gas_limit: u64,
    fork_id: u32,
) -> i32 {
    // SAFETY: the glue's contract.
    let input = unsafe { bytes(input, len) };
    let Some(fork) = fork(fork_id) else {
        return Code::BadArgs as i32;
    };
    finish(
        ctt_precompiles::run(address, input, gas_limit, fork)
            .map_err(Code::from)
            .map(|o| {
                GAS_USED.with(|g| g.set(o.gas_used));
                o.bytes
            }),
    )
}

/// The price of a call without running it (in [`cttjs_gas_used`]).
///
/// # Safety
/// `len` bytes at `input`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cttjs_precompile_gas(
    address: u64,
    input: *const u8,
    len: usize,
    fork_id: u32,
) -> i32 {
    // SAFETY: the glue's contract.
    let input = unsafe { bytes(input, len) };
    let Some(fork) = fork(fork_id) else {
        return Code::BadArgs as i32;
    };
    finish(
        ctt_precompiles::gas_cost(address, input, fork)
            .map_err(Code::from)
            .map(|g| {
                GAS_USED.with(|c| c.set(g));
                Vec::new()
            }),
    )
}

/// The gas of the last successful [`cttjs_precompile`] or [`cttjs_precompile_gas`].
#[unsafe(no_mangle)]
pub extern "C" fn cttjs_gas_used() -> u64 {
    GAS_USED.with(Cell::get)
}
