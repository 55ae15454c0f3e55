//! 0x0a: the KZG point-evaluation precompile of EIP-4844 (Cancun), on ctt-kzg's embedded
//! mainnet setup.
//!
//! Input: exactly 192 bytes, `versioned_hash ‖ z ‖ y ‖ commitment ‖ proof` (32, 32, 32, 48, 48).
//! The versioned hash must be `0x01 ‖ sha256(commitment)[1..]`, z and y canonical field
//! elements, commitment and proof valid compressed G1 points, and the proof must show p(z) = y;
//! anything else fails the call. Output: `FIELD_ELEMENTS_PER_BLOB ‖ BLS_MODULUS`, two 32-byte
//! big-endian words.

use crate::{Fork, Output, PrecompileError, PrecompileId};
use alloc::vec::Vec;

/// The fixed price.
pub(crate) const GAS: u64 = 50_000;

/// The version byte of a KZG versioned hash.
const VERSIONED_HASH_VERSION_KZG: u8 = 0x01;

/// `4096 ‖ r`: what a successful call returns.
const RETURN_VALUE: [u8; 64] = {
    let mut out = [0u8; 64];
    out[30] = 0x10; // 4096 = 0x1000
    let r: [u8; 32] = [
        0x73, 0xed, 0xa7, 0x53, 0x29, 0x9d, 0x7d, 0x48, 0x33, 0x39, 0xd8, 0x08, 0x09, 0xa1, 0xd8,
        0x05, 0x53, 0xbd, 0xa4, 0x02, 0xff, 0xfe, 0x5b, 0xfe, 0xff, 0xff, 0xff, 0xff, 0x00, 0x00,
        0x00, 0x01,
    ];
    let mut i = 0;
    while i < 32 {
        out[32 + i] = r[i];
        i += 1;
    }
    out
};

/// 0x0a: KZG point evaluation (EIP-4844), 50000 gas.
pub fn point_evaluation(
    input: &[u8],
    gas_limit: u64,
    fork: Fork,
) -> Result<Output, PrecompileError> {
    crate::call(PrecompileId::KzgPointEvaluation, input, gas_limit, fork)
}

/// The versioned hash of a commitment: its SHA-256 with the first byte replaced by 0x01.
pub fn kzg_to_versioned_hash(commitment: &[u8; 48]) -> [u8; 32] {
    let mut h = ctt_hash::sha256(commitment);
    h[0] = VERSIONED_HASH_VERSION_KZG;
    h
}

pub(crate) fn output(input: &[u8]) -> Result<Vec<u8>, PrecompileError> {
    let input: &[u8; 192] = input
        .try_into()
        .map_err(|_| PrecompileError::InvalidInputLength)?;
    let field = |range: core::ops::Range<usize>| -> [u8; 32] {
        input[range].try_into().expect("32-byte field")
    };
    let point = |range: core::ops::Range<usize>| -> [u8; 48] {
        input[range].try_into().expect("48-byte field")
    };
    let (versioned_hash, z, y) = (field(0..32), field(32..64), field(64..96));
    let (commitment, proof) = (point(96..144), point(144..192));
    if kzg_to_versioned_hash(&commitment) != versioned_hash {
        return Err(PrecompileError::KzgVersionedHashMismatch);
    }
    match ctt_kzg::KzgSettings::mainnet().verify_kzg_proof(&commitment, &z, &y, &proof) {
        Ok(true) => Ok(RETURN_VALUE.to_vec()),
        _ => Err(PrecompileError::KzgVerificationFailed),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn return_value_is_4096_and_the_modulus() {
        use ctt_field::{Field, PrimeField};
        assert_eq!(super::RETURN_VALUE[..32], {
            let mut w = [0u8; 32];
            w[24..].copy_from_slice(&4096u64.to_be_bytes());
            w
        });
        // r − 1 + 1: the modulus from the field's own constant.
        let r_minus_1 = (-ctt_field::bls12_381::Fr::ONE).to_bytes_be();
        let mut r = r_minus_1;
        r[31] += 1;
        assert_eq!(super::RETURN_VALUE[32..], r);
    }
}
