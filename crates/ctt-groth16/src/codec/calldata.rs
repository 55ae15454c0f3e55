//! The calldata of snarkjs' (and gnark's, and Tornado Cash's) Solidity verifier on BN254,
//! `verifyProof(uint[2] a, uint[2][2] b, uint[2] c, uint[ℓ] input)`, ABI-encoded without the
//! selector: 32-byte big-endian words `A.x, A.y, B.x.c1, B.x.c0, B.y.c1, B.y.c0, C.x, C.y`, then
//! the ℓ inputs. G2 coordinates are in EIP-197's order (imaginary part first), which is what the
//! verifier hands to the pairing precompile; the identity is all zeros, as there. Each input
//! must be below r (the contract's `checkField`).
//!
//! BLS12-381 has no standard Solidity verifier layout (snarkjs exports Solidity for bn128 only),
//! so this module is BN254's.

use super::fe_from_be;
use crate::error::Groth16Error;
use crate::keys::Proof;
use alloc::vec::Vec;
use ctt_curves::bn254::{G1Affine, G2Affine};
use ctt_field::PrimeField;
use ctt_field::bn254::Fr;
use ctt_pairing::bn254::Bn254;

/// Bytes of the proof part (eight words).
pub const PROOF_BYTES: usize = 256;

/// Decodes calldata into a proof and its public inputs (any number of 32-byte words after the
/// proof; compare with the key's count, or let [`crate::verify`] do so).
///
/// # Errors
///
/// [`Groth16Error::InvalidLength`] (not 256 + 32·ℓ bytes), [`Groth16Error::NonCanonical`]
/// (a coordinate `≥ p`), [`Groth16Error::NotOnCurve`], [`Groth16Error::NotInSubgroup`],
/// [`Groth16Error::ScalarOutOfRange`].
pub fn proof_from_calldata(b: &[u8]) -> Result<(Proof<Bn254>, Vec<Fr>), Groth16Error> {
    if b.len() < PROOF_BYTES || !(b.len() - PROOF_BYTES).is_multiple_of(32) {
        return Err(Groth16Error::InvalidLength);
    }
    let a = G1Affine::from_evm_bytes(&b[..64])?;
    // EIP-197 decoding checks the G2 subgroup; BN254's G1 has cofactor 1, so on the curve is in it.
    let bp = G2Affine::from_evm_bytes(&b[64..192])?;
    let c = G1Affine::from_evm_bytes(&b[192..256])?;
    let inputs = b[PROOF_BYTES..]
        .chunks(32)
        .map(|w| fe_from_be::<Fr>(w).map_err(|_| Groth16Error::ScalarOutOfRange))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((Proof { a, b: bp, c }, inputs))
}

/// The calldata of a proof and its public inputs.
pub fn proof_to_calldata(proof: &Proof<Bn254>, public_inputs: &[Fr]) -> Vec<u8> {
    let mut out = Vec::with_capacity(PROOF_BYTES + 32 * public_inputs.len());
    out.extend_from_slice(&proof.a.to_evm_bytes());
    out.extend_from_slice(&proof.b.to_evm_bytes());
    out.extend_from_slice(&proof.c.to_evm_bytes());
    for x in public_inputs {
        out.extend_from_slice(&x.to_bytes_be());
    }
    out
}
