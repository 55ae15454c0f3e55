//! The BLS12-381 G1 suites (RFC 9380 §8.8.1): `BLS12381G1_XMD:SHA-256_SSWU_RO_` (`hash_to_curve`),
//! `…_NU_` (`encode_to_curve`), and EIP-2537 `MAP_FP_TO_G1` (`map_to_curve`).

use super::{H2cConfig, consts_g1, sqrt_ratio};
use crate::bls12_381::{G1Config, G1Projective};
use crate::sw::SwCurveConfig;
use crate::traits::CurveError;
use ctt_bigint::Choice;
use ctt_field::bls12_381::Fp;

/// `√(−Z) = √(−11)` for F.2.1.2 (−11 is a square: 11 and −1 are not). Either root works: the sign
/// of y is fixed afterwards by `sgn0`.
pub(super) const SQRT_MINUS_Z: Fp = consts_g1::Z.neg_const().pow_const(&Fp::P_PLUS_1_OVER_4);

impl H2cConfig for G1Config {
    const ISO_A: Fp = consts_g1::A;
    const ISO_B: Fp = consts_g1::B;
    const ISO_B3: Fp = consts_g1::B
        .add_const(&consts_g1::B)
        .add_const(&consts_g1::B);
    const SSWU_Z: Fp = consts_g1::Z;
    const X_NUM: &'static [Fp] = &consts_g1::X_NUM;
    const X_DEN: &'static [Fp] = &consts_g1::X_DEN;
    const Y_NUM: &'static [Fp] = &consts_g1::Y_NUM;
    const Y_DEN: &'static [Fp] = &consts_g1::Y_DEN;

    fn sqrt_ratio(u: &Fp, v: &Fp) -> (Choice, Fp) {
        sqrt_ratio::sqrt_ratio_3mod4(u, v, &SQRT_MINUS_Z)
    }
}

/// Hash to curve for BLS12-381 G1 (RFC 9380 §8.8.1).
impl G1Projective {
    /// RFC 9380 `hash_to_curve` for the suite `BLS12381G1_XMD:SHA-256_SSWU_RO_`: a point of G1
    /// indistinguishable from a random oracle's output. `dst` is the domain separation tag
    /// (longer than 255 bytes is hashed per §5.3.3). Constant time in `msg` (only lengths are public).
    ///
    /// # Errors
    ///
    /// [`CurveError::Hash`] when `dst` is empty.
    pub fn hash_to_curve(msg: &[u8], dst: &[u8]) -> Result<Self, CurveError> {
        super::hash_to_curve::<G1Config>(msg, dst)
    }

    /// RFC 9380 `encode_to_curve` for the suite `BLS12381G1_XMD:SHA-256_SSWU_NU_` (nonuniform:
    /// one field element, one map; cheaper, not a random oracle).
    ///
    /// # Errors
    ///
    /// [`CurveError::Hash`] when `dst` is empty.
    pub fn encode_to_curve(msg: &[u8], dst: &[u8]) -> Result<Self, CurveError> {
        super::encode_to_curve::<G1Config>(msg, dst)
    }

    /// EIP-2537 `MAP_FP_TO_G1`: RFC 9380 `map_to_curve` (SSWU + 11-isogeny) **followed by
    /// `clear_cofactor`**, so the result is in G1. Constant time.
    pub fn map_to_curve(u: &Fp) -> Self {
        G1Config::clear_cofactor(&Self::map_to_curve_uncleared(u))
    }

    /// RFC 9380 `map_to_curve` alone (SSWU onto E′ + 11-isogeny): a point of E₁ that is in general
    /// **not** in G1 (the `Q0`/`Q1` of the RFC vectors). Constant time.
    pub fn map_to_curve_uncleared(u: &Fp) -> Self {
        super::map_to_curve_uncleared::<G1Config>(u)
    }
}
