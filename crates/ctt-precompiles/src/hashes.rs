//! 0x02 SHA-256, 0x03 RIPEMD-160 and 0x04 identity: any input length, priced per 32-byte word
//! (Yellow Paper Appendix E).

use crate::linear_cost;
use alloc::vec::Vec;

/// SHA-256: 60 gas plus 12 per word.
pub fn sha256_gas(input: &[u8]) -> u64 {
    linear_cost(input.len(), 60, 12)
}

/// The identity: 15 gas plus 3 per word.
pub fn identity_gas(input: &[u8]) -> u64 {
    linear_cost(input.len(), 15, 3)
}

pub(crate) fn sha256_output(input: &[u8]) -> Vec<u8> {
    ctt_hash::sha256(input).to_vec()
}
