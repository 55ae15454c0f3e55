//! Decoders (and encoders) of keys, proofs and public inputs in the formats other tools write:
//! arkworks' canonical serialisation ([`arkworks`]), snarkjs' JSON files ([`snarkjs`], feature
//! `serde`) and the Solidity verifier's calldata ([`calldata`], BN254).
//!
//! Every decoder validates everything before a value exists: lengths, canonical coordinates
//! (`< p`) and scalars (`< r`), flag bits, points on the curve and in the prime-order subgroup
//! (G1 and G2), the number of public inputs against the key when both are given. Bad input is a
//! typed [`Groth16Error`], never a panic. Decoding is public-data code (variable time).

pub mod arkworks;
pub mod calldata;
pub mod decimal;
#[cfg(feature = "serde")]
pub mod snarkjs;

use crate::error::Groth16Error;
use ctt_field::PrimeField;
use ctt_field::tower::Fp2;

/// A field element from exactly `Repr`-many big-endian bytes, `< p`.
pub(crate) fn fe_from_be<F: PrimeField>(b: &[u8]) -> Result<F, Groth16Error> {
    let mut repr = F::ZERO.to_bytes_be();
    if b.len() != repr.as_ref().len() {
        return Err(Groth16Error::InvalidLength);
    }
    repr.as_mut().copy_from_slice(b);
    F::from_bytes_be(&repr)
        .into_option()
        .ok_or(Groth16Error::NonCanonical)
}

/// A field element from exactly `Repr`-many little-endian bytes, `< p`.
pub(crate) fn fe_from_le<F: PrimeField>(b: &[u8]) -> Result<F, Groth16Error> {
    let mut repr = F::ZERO.to_bytes_le();
    if b.len() != repr.as_ref().len() {
        return Err(Groth16Error::InvalidLength);
    }
    repr.as_mut().copy_from_slice(b);
    F::from_bytes_le(&repr)
        .into_option()
        .ok_or(Groth16Error::NonCanonical)
}

/// The byte length of a field element's encoding.
pub(crate) fn fe_len<F: PrimeField>() -> usize {
    F::ZERO.to_bytes_le().as_ref().len()
}

/// Whether `a > −a` in the order of canonical integers (arkworks' "y is negative" flag).
pub(crate) fn fe_is_largest<F: PrimeField>(a: &F) -> bool {
    *a > -*a
}

/// As [`fe_is_largest`] in Fp2, ordered by `c1` first, then `c0` (arkworks' order on quadratic
/// extensions).
pub(crate) fn fe2_is_largest<F: PrimeField>(a: &Fp2<F>) -> bool {
    let n = -*a;
    match a.c1.cmp(&n.c1) {
        core::cmp::Ordering::Equal => a.c0 > n.c0,
        o => o == core::cmp::Ordering::Greater,
    }
}
