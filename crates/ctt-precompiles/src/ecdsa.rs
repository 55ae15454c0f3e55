//! 0x01 ECRECOVER (Frontier) and 0x100 P256VERIFY (EIP-7951, Osaka): ECDSA on public data,
//! through ctt-curves' `ecdsa` module. Neither ever fails on its input: a malformed or wrong
//! signature gives empty output (the gas is still charged).
//!
//! ECRECOVER reads `hash ‖ v ‖ r ‖ s` from its input zero-extended to 128 bytes; `v` must be the
//! 32-byte big-endian 27 or 28; `r, s ∈ [1, n − 1]` (high `s` accepted). Output: the signer's
//! address left-padded to 32 bytes. P256VERIFY reads exactly 160 bytes, `hash ‖ r ‖ s ‖ qx ‖
//! qy`, and answers the 32-byte word 1 when the signature verifies under that key.

use crate::right_pad;
use alloc::vec::Vec;
use ctt_curves::ecdsa;

/// ECRECOVER's price.
pub(crate) const ECRECOVER_GAS: u64 = 3_000;
/// P256VERIFY's price (EIP-7951).
pub(crate) const P256VERIFY_GAS: u64 = 6_900;

pub(crate) fn ecrecover_output(input: &[u8]) -> Vec<u8> {
    let input = right_pad::<128>(input);
    let word = |i: usize| -> [u8; 32] { input[32 * i..32 * (i + 1)].try_into().expect("32 bytes") };
    let (hash, v, r, s) = (word(0), word(1), word(2), word(3));
    if v[..31].iter().any(|b| *b != 0) || !matches!(v[31], 27 | 28) {
        return Vec::new();
    }
    match ecdsa::secp256k1_recover_address(&hash, &r, &s, v[31] - 27) {
        Ok(address) => {
            let mut out = alloc::vec![0u8; 32];
            out[12..].copy_from_slice(&address);
            out
        }
        Err(_) => Vec::new(),
    }
}

pub(crate) fn p256verify_output(input: &[u8]) -> Vec<u8> {
    let Ok(input) = <&[u8; 160]>::try_from(input) else {
        return Vec::new();
    };
    let word = |i: usize| -> [u8; 32] { input[32 * i..32 * (i + 1)].try_into().expect("32 bytes") };
    match ecdsa::p256_verify(&word(0), &word(1), &word(2), &word(3), &word(4)) {
        Ok(true) => crate::bn254::bool_word(true),
        _ => Vec::new(),
    }
}
