//! 0x09: the BLAKE2b compression function F (EIP-152, Istanbul).
//!
//! Input: exactly 213 bytes, `rounds` (4 bytes big-endian) ‖ `h` (8 little-endian words) ‖ `m`
//! (16 words) ‖ `t` (2 words) ‖ `f` (one byte, 0 or 1). Output: the new `h`, 64 bytes. Price:
//! one gas per round, charged before the final flag is checked (as go-ethereum and revm).

use crate::PrecompileError;
#[cfg(feature = "alloc")]
use alloc::vec::Vec;
use ctt_hash::blake2::BLAKE2F_INPUT_LEN;

/// The price: the rounds count; an error for an input that is not 213 bytes.
pub fn blake2f_gas(input: &[u8]) -> Result<u64, PrecompileError> {
    if input.len() != BLAKE2F_INPUT_LEN {
        return Err(PrecompileError::InvalidInputLength);
    }
    Ok(u32::from_be_bytes([input[0], input[1], input[2], input[3]]) as u64)
}

#[cfg(feature = "alloc")]
pub(crate) fn output(input: &[u8]) -> Result<Vec<u8>, PrecompileError> {
    ctt_hash::blake2f(input)
        .map(|h| h.to_vec())
        .map_err(|e| match e {
            ctt_hash::HashError::Blake2fFinalFlag => PrecompileError::InvalidFinalFlag,
            _ => PrecompileError::InvalidInputLength,
        })
}
