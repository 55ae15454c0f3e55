//! The per-curve data of the generic verifier: a pairing configuration whose groups have MSM
//! tuning, plus the names other tools give the curve. Everything else (field sizes, encodings,
//! the pairing) comes from the lower layers' own per-curve data.

use crate::codec::arkworks::{self as ark, Compress};
use crate::error::Groth16Error;
use alloc::vec::Vec;
use ctt_curves::sw::{Affine, Projective, SwCurveConfig};
use ctt_field::tower::{Fp2, TowerConfig};
use ctt_msm::curves::MsmConfig;
use ctt_pairing::PairingConfig;

/// A pairing-friendly curve Groth16 runs on: [`ctt_pairing::bn254::Bn254`] or
/// [`ctt_pairing::bls12_381::Bls12_381`].
pub trait Groth16Curve: PairingConfig<G1: MsmConfig, G2: MsmConfig> {
    /// snarkjs' name of the curve (the `curve` field of its JSON files).
    const SNARKJS_NAME: &'static str;
    /// `β`, the cube root of unity of the G1 endomorphism `φ(x, y) = (βx, y)`.
    const G1_ENDO_BETA: Fq<Self>;
    /// `λ`, the eigenvalue of `φ` on G1: `φ(P) = [λ]P` for every point of the group of order r
    /// (the tests check it).
    const G1_ENDO_LAMBDA: Fr<Self>;

    /// Decodes a G1 point as arkworks serialises it on this curve (see [`crate::codec::arkworks`]).
    fn arkworks_g1_from_bytes(b: &[u8], c: Compress) -> Result<G1Affine<Self>, Groth16Error>;
    /// Decodes a G2 point as arkworks serialises it on this curve.
    fn arkworks_g2_from_bytes(b: &[u8], c: Compress) -> Result<G2Affine<Self>, Groth16Error>;
    /// Appends a G1 point as arkworks serialises it on this curve.
    fn arkworks_g1_to_bytes(p: &G1Affine<Self>, c: Compress, out: &mut Vec<u8>);
    /// Appends a G2 point as arkworks serialises it on this curve.
    fn arkworks_g2_to_bytes(p: &G2Affine<Self>, c: Compress, out: &mut Vec<u8>);
}

/// ark-bn254 keeps ark-ec's generic short-Weierstrass serialisation.
impl Groth16Curve for ctt_pairing::bn254::Bn254 {
    const SNARKJS_NAME: &'static str = "bn128";
    const G1_ENDO_BETA: Fq<Self> = ctt_curves::bn254::BETA;
    const G1_ENDO_LAMBDA: Fr<Self> =
        ctt_field::bn254::Fr::from_bigint_const(ctt_bigint::BigInt(ctt_curves::bn254::LAMBDA));

    fn arkworks_g1_from_bytes(b: &[u8], c: Compress) -> Result<G1Affine<Self>, Groth16Error> {
        ark::le_g1_from_bytes::<Self>(b, c)
    }
    fn arkworks_g2_from_bytes(b: &[u8], c: Compress) -> Result<G2Affine<Self>, Groth16Error> {
        ark::le_g2_from_bytes::<Self>(b, c)
    }
    fn arkworks_g1_to_bytes(p: &G1Affine<Self>, c: Compress, out: &mut Vec<u8>) {
        ark::le_g1_to_bytes::<Self>(p, c, out)
    }
    fn arkworks_g2_to_bytes(p: &G2Affine<Self>, c: Compress, out: &mut Vec<u8>) {
        ark::le_g2_to_bytes::<Self>(p, c, out)
    }
}

/// ark-bls12-381 serialises points in the ZCash format (with full checks on decoding).
impl Groth16Curve for ctt_pairing::bls12_381::Bls12_381 {
    const SNARKJS_NAME: &'static str = "bls12381";
    const G1_ENDO_BETA: Fq<Self> = ctt_curves::bls12_381::BETA;
    // −z² mod r (ctt_curves::bls12_381::BETA's eigenvalue), z = −0xd201000000010000.
    const G1_ENDO_LAMBDA: Fr<Self> = ctt_field::bls12_381::Fr::from_hex_const(
        "73eda753299d7d483339d80809a1d804a7780001fffcb7fcfffffffe00000001",
    );

    fn arkworks_g1_from_bytes(b: &[u8], c: Compress) -> Result<G1Affine<Self>, Groth16Error> {
        use ctt_curves::bls12_381::G1Affine as P;
        Ok(match c {
            Compress::Yes => P::from_compressed(b)?,
            Compress::No => P::from_uncompressed(b)?,
        })
    }
    fn arkworks_g2_from_bytes(b: &[u8], c: Compress) -> Result<G2Affine<Self>, Groth16Error> {
        use ctt_curves::bls12_381::G2Affine as P;
        Ok(match c {
            Compress::Yes => P::from_compressed(b)?,
            Compress::No => P::from_uncompressed(b)?,
        })
    }
    fn arkworks_g1_to_bytes(p: &G1Affine<Self>, c: Compress, out: &mut Vec<u8>) {
        match c {
            Compress::Yes => out.extend_from_slice(&p.to_compressed()),
            Compress::No => out.extend_from_slice(&p.to_uncompressed()),
        }
    }
    fn arkworks_g2_to_bytes(p: &G2Affine<Self>, c: Compress, out: &mut Vec<u8>) {
        match c {
            Compress::Yes => out.extend_from_slice(&p.to_compressed()),
            Compress::No => out.extend_from_slice(&p.to_uncompressed()),
        }
    }
}

/// The scalar field (public inputs live here).
pub type Fr<C> = <<C as PairingConfig>::G1 as SwCurveConfig>::Scalar;
/// The base field of G1.
pub type Fq<C> = <<C as PairingConfig>::Tower as TowerConfig>::Fp;
/// The base field of G2.
pub type Fq2<C> = Fp2<Fq<C>>;
/// An affine G1 point.
pub type G1Affine<C> = Affine<<C as PairingConfig>::G1>;
/// An affine G2 point.
pub type G2Affine<C> = Affine<<C as PairingConfig>::G2>;
/// A projective G1 point.
pub type G1Projective<C> = Projective<<C as PairingConfig>::G1>;
