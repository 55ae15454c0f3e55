//! 0x02 SHA-256, 0x03 RIPEMD-160 and 0x04 identity: any input length, priced per 32-byte word
//! (Yellow Paper Appendix E).

use crate::linear_cost;
#[cfg(feature = "alloc")]
use alloc::vec::Vec;

/// SHA-256: 60 gas plus 12 per word.
pub fn sha256_gas(input: &[u8]) -> u64 {
    linear_cost(input.len(), 60, 12)
}

/// RIPEMD-160: 600 gas plus 120 per word.
pub fn ripemd160_gas(input: &[u8]) -> u64 {
    linear_cost(input.len(), 600, 120)
}

/// The identity: 15 gas plus 3 per word.
pub fn identity_gas(input: &[u8]) -> u64 {
    linear_cost(input.len(), 15, 3)
}

#[cfg(feature = "alloc")]
pub(crate) fn sha256_output(input: &[u8]) -> Vec<u8> {
    ctt_hash::sha256(input).to_vec()
}

/// The 20-byte digest left-padded to a 32-byte word.
#[cfg(feature = "alloc")]
pub(crate) fn ripemd160_output(input: &[u8]) -> Vec<u8> {
    let mut out = alloc::vec![0u8; 32];
    out[12..].copy_from_slice(&ctt_hash::ripemd160(input));
    out
}
