//! 0x06 ADD, 0x07 MUL, 0x08 PAIRING on BN254 (alt_bn128): EIP-196 and EIP-197, repriced from
//! Istanbul by EIP-1108.
//!
//! Encodings (ctt-curves' EVM codec): a G1 point is `x ‖ y`, 32-byte big-endian coordinates
//! below p, all zeros for the identity, checked on the curve (the cofactor is 1); a G2 point is
//! `x.c1 ‖ x.c0 ‖ y.c1 ‖ y.c0` (imaginary parts first), checked on the twist and in the
//! subgroup. ADD and MUL zero-extend their input to 128 / 96 bytes and ignore what lies beyond;
//! the scalar of MUL is any 256-bit integer. PAIRING takes pairs of 192 bytes (none is a valid
//! input, true) and answers 32 bytes, 1 when the product of the pairings is one.

#[cfg(feature = "alloc")]
use crate::right_pad;
use crate::{Fork, PrecompileError};
#[cfg(feature = "alloc")]
use alloc::vec::Vec;
use ctt_curves::CurveGroup;
#[cfg(feature = "alloc")]
use ctt_curves::bn254::G2Affine;
use ctt_curves::bn254::{G1Affine, G1Projective};
use ctt_field::PrimeField;
use ctt_field::bn254::Fr;

/// ADD: 500 gas, 150 from Istanbul.
pub fn add_gas(fork: Fork) -> u64 {
    if fork >= Fork::Istanbul { 150 } else { 500 }
}

/// MUL: 40000 gas, 6000 from Istanbul.
pub fn mul_gas(fork: Fork) -> u64 {
    if fork >= Fork::Istanbul {
        6_000
    } else {
        40_000
    }
}

/// PAIRING: 100000 + 80000 per pair, 45000 + 34000 per pair from Istanbul. Priced on the whole
/// pairs the input holds, before its length is checked (as go-ethereum and revm).
pub fn pairing_gas(input: &[u8], fork: Fork) -> u64 {
    let pairs = (input.len() / PAIR_LEN) as u64;
    if fork >= Fork::Istanbul {
        45_000 + 34_000 * pairs
    } else {
        100_000 + 80_000 * pairs
    }
}

const PAIR_LEN: usize = 192;

#[cfg(feature = "alloc")]
pub(crate) fn add_output(input: &[u8]) -> Result<Vec<u8>, PrecompileError> {
    let input = right_pad::<128>(input);
    Ok(add(&input[..64], &input[64..])?.to_vec())
}

#[cfg(feature = "alloc")]
pub(crate) fn mul_output(input: &[u8]) -> Result<Vec<u8>, PrecompileError> {
    let input = right_pad::<96>(input);
    let k: &[u8; 32] = input[64..].try_into().expect("32 bytes");
    Ok(mul(&input[..64], k)?.to_vec())
}

#[cfg(feature = "alloc")]
pub(crate) fn pairing_output(input: &[u8]) -> Result<Vec<u8>, PrecompileError> {
    if !input.len().is_multiple_of(PAIR_LEN) {
        return Err(PrecompileError::InvalidInputLength);
    }
    let pairs = input.chunks_exact(PAIR_LEN).map(|p| p.split_at(64));
    Ok(bool_word(pairing_check(pairs)?))
}

/// ADD on two 64-byte points (shared with the zkVM interface).
pub(crate) fn add(p: &[u8], q: &[u8]) -> Result<[u8; 64], PrecompileError> {
    let p = G1Affine::from_evm_bytes(p)?;
    let q = G1Affine::from_evm_bytes(q)?;
    let sum = p.add_vartime(&q);
    // Public data: the identity's encoding without the constant-time coordinate conversions.
    if sum.infinity.to_bool_vartime() {
        return Ok([0; 64]);
    }
    Ok(sum.to_evm_bytes())
}

/// MUL of a 64-byte point by a 256-bit big-endian scalar.
pub(crate) fn mul(p: &[u8], k: &[u8; 32]) -> Result<[u8; 64], PrecompileError> {
    let p = G1Affine::from_evm_bytes(p)?;
    // The group has prime order r, so the scalar acts modulo r.
    let k = Fr::from_bytes_be_mod_order(k);
    // Public inputs: the GLV split and a Jacobian wNAF ladder (`CurveGroup::mul_vartime`).
    let product = G1Projective::from(p).mul_vartime(&k);
    Ok(product.to_affine_vartime().to_evm_bytes())
}

/// PAIRING on `(G1 64 bytes, G2 128 bytes)` pairs: whether the product of the pairings is one
/// (true for no pairs).
#[cfg(feature = "alloc")]
pub(crate) fn pairing_check<'a>(
    pairs: impl Iterator<Item = (&'a [u8], &'a [u8])>,
) -> Result<bool, PrecompileError> {
    let pairs = pairs
        .map(|(g1, g2)| Ok((G1Affine::from_evm_bytes(g1)?, G2Affine::from_evm_bytes(g2)?)))
        .collect::<Result<Vec<(G1Affine, G2Affine)>, PrecompileError>>()?;
    // Public data: the variable-time loop (affine from 6 pairs on).
    Ok(ctt_pairing::bn254::pairing_check_vartime(&pairs))
}

/// 32 bytes: 0…0 1 for true, all zero for false.
#[cfg(feature = "alloc")]
pub(crate) fn bool_word(b: bool) -> Vec<u8> {
    let mut out = alloc::vec![0u8; 32];
    out[31] = b as u8;
    out
}
