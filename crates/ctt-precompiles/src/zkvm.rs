//! The zkVM accelerator interface of the eth-act group (`zkvm_accelerators.h`,
//! eth-act/zkvm-standards `standards/c-interface-accelerators/`) on fixed-size arrays, for Rust
//! guests; libctt exports the same operations under the standard's C names.
//!
//! The standard's encodings: no gas, no EVM padding. BN254 G1 points are `x ‖ y` (64 bytes) and G2
//! points `x.c1 ‖ x.c0 ‖ y.c1 ‖ y.c0` (128 bytes, EIP-197's order); BLS12-381 field elements are
//! 48 bytes big-endian, G1 points `x ‖ y` (96 bytes), G2 points `x.c0 ‖ x.c1 ‖ y.c0 ‖ y.c1` (192
//! bytes, EIP-2537's order without its padding), Fp2 elements `c0 ‖ c1`; all zeros is the point at
//! infinity. Scalars are 32-byte big-endian integers of any value. ECDSA signatures are `r ‖ s`,
//! public keys `x ‖ y` (uncompressed, without SEC1's `0x04`).
//!
//! Where the standard is silent, each function applies the checks of its EVM precompile, which
//! are the checks its EIP demands: coordinates below the modulus, points on their curve, and in
//! the prime-order subgroup for the BN254 G2 points, the BLS12-381 MSM and pairing inputs and the
//! KZG commitment and proof (the additions only check the curve, as EIP-2537's). An input that
//! fails them is an `Err`. The other differences from the EVM, as the standard defines them:
//! `secp256k1_ecrecover` returns the public key, not its address, and takes the recovery id 0 or 1
//! (not 27/28); `kzg_point_eval` takes no versioned hash and answers whether the proof verifies
//! (`Ok(false)` for a well-formed proof that does not); the pairing checks answer a `bool`; an
//! empty BLS12-381 MSM or pairing is an error (as EIP-2537), an empty BN254 pairing is `true` (as
//! EIP-197). `secp256k1_verify` is plain ECDSA: high `s` is accepted, as `ecrecover` accepts it.
//!
//! Memory: every function except the MSMs, the pairings, `modexp` and `kzg_point_eval` works on
//! the stack alone, and builds without an allocator (`--no-default-features`: no `alloc`); those
//! need the crate's `alloc` feature (on by default) and allocate their decoded points (one affine
//! point per input, plus ctt-msm's buckets), big integers, or the embedded KZG setup.

use crate::{PrecompileError, bls12, bn254};
#[cfg(feature = "alloc")]
use alloc::vec::Vec;
#[cfg(feature = "alloc")]
use ctt_field::PrimeField;
use ctt_field::bls12_381::Fp2;
#[cfg(feature = "alloc")]
use ctt_field::bls12_381::Fr;

type Result<T> = core::result::Result<T, PrecompileError>;

/// A BLS12-381 G1 MSM term: a point (96 bytes) and its scalar (32 bytes), as the C struct
/// `zkvm_bls12_381_g1_msm_pair`.
#[repr(C, align(8))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bls12G1MsmPair {
    /// `x ‖ y`.
    pub point: [u8; 96],
    /// Big-endian.
    pub scalar: [u8; 32],
}

/// A BLS12-381 G2 MSM term, as `zkvm_bls12_381_g2_msm_pair`.
#[repr(C, align(8))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bls12G2MsmPair {
    /// `x.c0 ‖ x.c1 ‖ y.c0 ‖ y.c1`.
    pub point: [u8; 192],
    /// Big-endian.
    pub scalar: [u8; 32],
}

/// A BLS12-381 pairing input, as `zkvm_bls12_381_pairing_pair`.
#[repr(C, align(8))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bls12PairingPair {
    /// A G1 point.
    pub g1: [u8; 96],
    /// A G2 point.
    pub g2: [u8; 192],
}

/// A BN254 pairing input, as `zkvm_bn254_pairing_pair`.
#[repr(C, align(8))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bn254PairingPair {
    /// A G1 point `x ‖ y`.
    pub g1: [u8; 64],
    /// A G2 point `x.c1 ‖ x.c0 ‖ y.c1 ‖ y.c0`.
    pub g2: [u8; 128],
}

/// Keccak-256.
pub fn keccak256(data: &[u8]) -> [u8; 32] {
    ctt_hash::keccak256(data)
}

/// SHA-256.
pub fn sha256(data: &[u8]) -> [u8; 32] {
    ctt_hash::sha256(data)
}

/// RIPEMD-160, its 20 bytes after 12 zero bytes.
pub fn ripemd160(data: &[u8]) -> [u8; 32] {
    let mut out = [0u8; 32];
    out[12..].copy_from_slice(&ctt_hash::ripemd160(data));
    out
}

/// `x ‖ y` as SEC1's uncompressed encoding.
fn sec1(pubkey: &[u8; 64]) -> [u8; 65] {
    let mut out = [0u8; 65];
    out[0] = 0x04;
    out[1..].copy_from_slice(pubkey);
    out
}

fn halves(sig: &[u8; 64]) -> (&[u8; 32], &[u8; 32]) {
    let (r, s) = sig.split_at(32);
    (r.try_into().expect("32"), s.try_into().expect("32"))
}

/// secp256k1 ECDSA verification of a 32-byte hash. `Err` for a public key that is not a point
/// of the curve (or has a coordinate ≥ p), `Ok(false)` for a signature that does not verify
/// (`r` or `s` out of `[1, n − 1]` included).
pub fn secp256k1_verify(msg: &[u8; 32], sig: &[u8; 64], pubkey: &[u8; 64]) -> Result<bool> {
    let (r, s) = halves(sig);
    match ctt_curves::ecdsa::secp256k1_verify(msg, r, s, &sec1(pubkey)) {
        Ok(v) => Ok(v),
        Err(ctt_curves::ecdsa::EcdsaError::InvalidPublicKey(_)) => {
            Err(PrecompileError::PointNotOnCurve)
        }
        Err(_) => Ok(false),
    }
}

/// secp256k1 public-key recovery (the `ecrecover` precompile's semantics, returning the key
/// `x ‖ y` instead of its address): `r, s ∈ [1, n − 1]`, `recid` 0 or 1. `Err` when no key can be
/// recovered.
pub fn secp256k1_ecrecover(msg: &[u8; 32], sig: &[u8; 64], recid: u8) -> Result<[u8; 64]> {
    let (r, s) = halves(sig);
    ctt_curves::ecdsa::secp256k1_recover(msg, r, s, recid)
        .map_err(|_| PrecompileError::EcdsaRecoveryFailed)
}

/// `base^exp mod modulus` into `out`, which must be exactly as long as the modulus (a
/// modulus of zero gives zeros, as the EVM's MODEXP). Allocates its big integers.
#[cfg(feature = "alloc")]
pub fn modexp(base: &[u8], exp: &[u8], modulus: &[u8], out: &mut [u8]) -> Result<()> {
    if out.len() != modulus.len() {
        return Err(PrecompileError::InvalidInputLength);
    }
    // ctt-bigint's bit counts hold for operands up to usize::MAX / 16 bytes (256 MiB on a
    // 32-bit guest); beyond, refuse rather than let it assert.
    if base.len().max(exp.len()).max(modulus.len()) > usize::MAX / 16 {
        return Err(PrecompileError::ModexpInputTooLarge);
    }
    let r = ctt_bigint::modexp(base, exp, modulus);
    // ctt-bigint answers with exactly the modulus' length.
    out.copy_from_slice(&r);
    Ok(())
}

/// BN254 G1 addition (EIP-196).
pub fn bn254_g1_add(p1: &[u8; 64], p2: &[u8; 64]) -> Result<[u8; 64]> {
    bn254::add(p1, p2)
}

/// BN254 G1 scalar multiplication (EIP-196).
pub fn bn254_g1_mul(point: &[u8; 64], scalar: &[u8; 32]) -> Result<[u8; 64]> {
    bn254::mul(point, scalar)
}

/// BN254 pairing check (EIP-197): whether the product of the pairings is one; `true` for none.
/// Allocates.
#[cfg(feature = "alloc")]
pub fn bn254_pairing(pairs: &[Bn254PairingPair]) -> Result<bool> {
    bn254::pairing_check(pairs.iter().map(|p| (&p.g1[..], &p.g2[..])))
}

/// BLAKE2b's compression function F (EIP-152) on the state `h` in place: `rounds` rounds over
/// the message block `m` with the offset counters `t` and the final-block flag `f` (0 or 1).
pub fn blake2f(rounds: u32, h: &mut [u8; 64], m: &[u8; 128], t: &[u8; 16], f: u8) -> Result<()> {
    let mut input = [0u8; ctt_hash::blake2::BLAKE2F_INPUT_LEN];
    input[..4].copy_from_slice(&rounds.to_be_bytes());
    input[4..68].copy_from_slice(h);
    input[68..196].copy_from_slice(m);
    input[196..212].copy_from_slice(t);
    input[212] = f;
    *h = ctt_hash::blake2f(&input).map_err(|_| PrecompileError::InvalidFinalFlag)?;
    Ok(())
}

/// KZG point evaluation (EIP-4844 without the versioned hash), on the embedded mainnet setup:
/// whether `proof` shows that the polynomial committed in `commitment` takes the value `y` at
/// `z`. `Err` for a field element ≥ r or a point that is not a valid compressed G1 point of the
/// subgroup. Allocates (the embedded setup, decoded once).
#[cfg(feature = "alloc")]
pub fn kzg_point_eval(
    commitment: &[u8; 48],
    z: &[u8; 32],
    y: &[u8; 32],
    proof: &[u8; 48],
) -> Result<bool> {
    ctt_kzg::KzgSettings::mainnet()
        .verify_kzg_proof(commitment, z, y, proof)
        .map_err(|_| PrecompileError::KzgVerificationFailed)
}

/// Unpadded BLS12-381 coordinates (48 bytes each) in EIP-2537's 64-byte form.
fn pad<const N: usize, const M: usize>(unpadded: &[u8; N]) -> [u8; M] {
    let mut out = [0u8; M];
    for (o, i) in out.chunks_exact_mut(64).zip(unpadded.chunks_exact(48)) {
        o[16..].copy_from_slice(i);
    }
    out
}

/// EIP-2537's 64-byte coordinates without their 16 zero bytes.
fn unpad<const M: usize, const N: usize>(padded: &[u8; M]) -> [u8; N] {
    let mut out = [0u8; N];
    for (o, i) in out.chunks_exact_mut(48).zip(padded.chunks_exact(64)) {
        o.copy_from_slice(&i[16..]);
    }
    out
}

/// BLS12-381 G1 addition (EIP-2537: the points are checked on the curve, not in the subgroup).
pub fn bls12_g1_add(p1: &[u8; 96], p2: &[u8; 96]) -> Result<[u8; 96]> {
    let p = bls12::g1_on_curve(&pad::<96, 128>(p1))?;
    let q = bls12::g1_on_curve(&pad::<96, 128>(p2))?;
    Ok(unpad(&p.add_vartime(&q).to_eip2537_bytes()))
}

/// BLS12-381 G2 addition (EIP-2537).
pub fn bls12_g2_add(p1: &[u8; 192], p2: &[u8; 192]) -> Result<[u8; 192]> {
    let p = bls12::g2_on_curve(&pad::<192, 256>(p1))?;
    let q = bls12::g2_on_curve(&pad::<192, 256>(p2))?;
    Ok(unpad(&p.add_vartime(&q).to_eip2537_bytes()))
}

/// BLS12-381 G1 MSM (EIP-2537: points in the subgroup, at least one pair). Allocates.
#[cfg(feature = "alloc")]
pub fn bls12_g1_msm(pairs: &[Bls12G1MsmPair]) -> Result<[u8; 96]> {
    if pairs.is_empty() {
        return Err(PrecompileError::InvalidInputLength);
    }
    let (points, scalars): (Vec<_>, Vec<_>) = pairs
        .iter()
        .map(|t| {
            let p = bls12::g1_in_subgroup(&pad::<96, 128>(&t.point))?;
            Ok((p, Fr::from_bytes_be_mod_order(&t.scalar)))
        })
        .collect::<Result<Vec<_>>>()?
        .into_iter()
        .unzip();
    Ok(unpad(&bls12::g1_msm(&points, &scalars)?))
}

/// BLS12-381 G2 MSM (EIP-2537). Allocates.
#[cfg(feature = "alloc")]
pub fn bls12_g2_msm(pairs: &[Bls12G2MsmPair]) -> Result<[u8; 192]> {
    if pairs.is_empty() {
        return Err(PrecompileError::InvalidInputLength);
    }
    let (points, scalars): (Vec<_>, Vec<_>) = pairs
        .iter()
        .map(|t| {
            let p = bls12::g2_in_subgroup(&pad::<192, 256>(&t.point))?;
            Ok((p, Fr::from_bytes_be_mod_order(&t.scalar)))
        })
        .collect::<Result<Vec<_>>>()?
        .into_iter()
        .unzip();
    Ok(unpad(&bls12::g2_msm(&points, &scalars)?))
}

/// BLS12-381 pairing check (EIP-2537: points in the subgroup, at least one pair). Allocates.
#[cfg(feature = "alloc")]
pub fn bls12_pairing(pairs: &[Bls12PairingPair]) -> Result<bool> {
    if pairs.is_empty() {
        return Err(PrecompileError::InvalidInputLength);
    }
    let decoded = pairs
        .iter()
        .map(|p| {
            Ok((
                bls12::g1_in_subgroup(&pad::<96, 128>(&p.g1))?,
                bls12::g2_in_subgroup(&pad::<192, 256>(&p.g2))?,
            ))
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(ctt_pairing::bls12_381::pairing_check_vartime(&decoded))
}

/// BLS12-381 `map_to_curve` and cofactor clearing of an Fp element into G1 (EIP-2537).
pub fn bls12_map_fp_to_g1(fp: &[u8; 48]) -> Result<[u8; 96]> {
    let u = bls12::fp(&pad::<48, 64>(fp))?;
    Ok(unpad(&bls12::map_fp_to_g1(&u)))
}

/// BLS12-381 `map_to_curve` and cofactor clearing of an Fp2 element `c0 ‖ c1` into G2.
pub fn bls12_map_fp2_to_g2(fp2: &[u8; 96]) -> Result<[u8; 192]> {
    let padded = pad::<96, 128>(fp2);
    let u = Fp2::new(bls12::fp(&padded[..64])?, bls12::fp(&padded[64..])?);
    Ok(unpad(&bls12::map_fp2_to_g2(&u)))
}

/// P-256 ECDSA verification (EIP-7951's checks). `Err` for a public key that is not a point of
/// the curve, `Ok(false)` for a signature that does not verify.
pub fn secp256r1_verify(msg: &[u8; 32], sig: &[u8; 64], pubkey: &[u8; 64]) -> Result<bool> {
    let (r, s) = halves(sig);
    let (qx, qy) = halves(pubkey);
    match ctt_curves::ecdsa::p256_verify(msg, r, s, qx, qy) {
        Ok(v) => Ok(v),
        Err(ctt_curves::ecdsa::EcdsaError::InvalidPublicKey(_)) => {
            Err(PrecompileError::PointNotOnCurve)
        }
        Err(_) => Ok(false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn padding_round_trips() {
        let x: [u8; 96] = core::array::from_fn(|i| i as u8 + 1);
        let padded: [u8; 128] = pad(&x);
        assert_eq!(padded[..16], [0; 16]);
        assert_eq!(padded[16..64], x[..48]);
        assert_eq!(padded[64..80], [0; 16]);
        assert_eq!(unpad::<128, 96>(&padded), x);
    }

    #[test]
    fn struct_layouts_match_the_c_header() {
        assert_eq!(size_of::<Bls12G1MsmPair>(), 128);
        assert_eq!(size_of::<Bls12G2MsmPair>(), 224);
        assert_eq!(size_of::<Bls12PairingPair>(), 288);
        assert_eq!(size_of::<Bn254PairingPair>(), 192);
        assert_eq!(align_of::<Bls12PairingPair>(), 8);
    }
}
