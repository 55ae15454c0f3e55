//! The per-curve data of the generic verifier: a pairing configuration whose groups have MSM
//! tuning, plus the names other tools give the curve. Everything else (field sizes, encodings,
//! the pairing) comes from the lower layers' own per-curve data.

use ctt_curves::sw::{Affine, Projective, SwCurveConfig};
use ctt_field::tower::{Fp2, TowerConfig};
use ctt_msm::curves::MsmConfig;
use ctt_pairing::PairingConfig;

/// A pairing-friendly curve Groth16 runs on: [`ctt_pairing::bn254::Bn254`] or
/// [`ctt_pairing::bls12_381::Bls12_381`].
pub trait Groth16Curve: PairingConfig<G1: MsmConfig, G2: MsmConfig> {
    /// snarkjs' name of the curve (the `curve` field of its JSON files).
    const SNARKJS_NAME: &'static str;
}

impl Groth16Curve for ctt_pairing::bn254::Bn254 {
    const SNARKJS_NAME: &'static str = "bn128";
}

impl Groth16Curve for ctt_pairing::bls12_381::Bls12_381 {
    const SNARKJS_NAME: &'static str = "bls12381";
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
