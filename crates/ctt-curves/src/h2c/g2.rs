//! The BLS12-381 G2 suites (RFC 9380 §8.8.2): `BLS12381G2_XMD:SHA-256_SSWU_RO_` (`hash_to_curve`,
//! the Ethereum signature suite), `…_NU_` (`encode_to_curve`), and EIP-2537 `MAP_FP2_TO_G2`
//! (`map_to_curve`).

use super::sqrt_ratio;
use super::{H2cConfig, consts_g2};
use crate::bls12_381::{G2Config, G2Projective};
use crate::sw::SwCurveConfig;
use crate::traits::CurveError;
use ctt_bigint::Choice;
use ctt_field::bls12_381::{Fp, Fp2};

/// `N(Z) = Z·Z̄ = 2² + 1² = 5` for `Z = −(2 + u)`.
pub(super) const NORM_Z: Fp = consts_g2::Z.mul_const(&consts_g2::Z.conjugate_const()).c0;
/// `N(Z)^((p−3)/4)`: switches `sqrt_ratio`'s first exponentiation from `N(a)` to `N(Z·a)`.
pub(super) const NORM_Z_POW: Fp = NORM_Z.pow_const(&Fp::P_MINUS_3_OVER_4);

impl H2cConfig for G2Config {
    const ISO_A: Fp2 = consts_g2::A;
    const ISO_B: Fp2 = consts_g2::B;
    const ISO_B3: Fp2 = consts_g2::B.mul_small_const(3);
    const SSWU_Z: Fp2 = consts_g2::Z;
    const X_NUM: &'static [Fp2] = &consts_g2::X_NUM;
    const X_DEN: &'static [Fp2] = &consts_g2::X_DEN;
    const Y_NUM: &'static [Fp2] = &consts_g2::Y_NUM;
    const Y_DEN: &'static [Fp2] = &consts_g2::Y_DEN;

    fn sqrt_ratio(u: &Fp2, v: &Fp2) -> (Choice, Fp2) {
        sqrt_ratio::sqrt_ratio_fp2(u, v, &consts_g2::Z, &NORM_Z, &NORM_Z_POW)
    }
}

/// Hash to curve for BLS12-381 G2 (RFC 9380 §8.8.2).
impl G2Projective {
    /// RFC 9380 `hash_to_curve` for the suite `BLS12381G2_XMD:SHA-256_SSWU_RO_` (the hash of
    /// Ethereum's BLS signatures): a point of G2 indistinguishable from a random oracle's output.
    /// `dst` is the domain separation tag (longer than 255 bytes is hashed per §5.3.3).
    /// Constant time in `msg` (only lengths are public).
    ///
    /// # Errors
    ///
    /// [`CurveError::Hash`] when `dst` is empty.
    pub fn hash_to_curve(msg: &[u8], dst: &[u8]) -> Result<Self, CurveError> {
        super::hash_to_curve::<G2Config>(msg, dst)
    }

    /// RFC 9380 `encode_to_curve` for the suite `BLS12381G2_XMD:SHA-256_SSWU_NU_` (nonuniform:
    /// one field element, one map; cheaper, not a random oracle).
    ///
    /// # Errors
    ///
    /// [`CurveError::Hash`] when `dst` is empty.
    pub fn encode_to_curve(msg: &[u8], dst: &[u8]) -> Result<Self, CurveError> {
        super::encode_to_curve::<G2Config>(msg, dst)
    }

    /// EIP-2537 `MAP_FP2_TO_G2`: RFC 9380 `map_to_curve` (SSWU + 3-isogeny) **followed by
    /// `clear_cofactor`**, so the result is in G2. Constant time.
    pub fn map_to_curve(u: &Fp2) -> Self {
        G2Config::clear_cofactor(&Self::map_to_curve_uncleared(u))
    }

    /// RFC 9380 `map_to_curve` alone (SSWU onto E′ + 3-isogeny): a point of E₂ that is in general
    /// **not** in G2 (the `Q0`/`Q1` of the RFC vectors). Constant time.
    pub fn map_to_curve_uncleared(u: &Fp2) -> Self {
        super::map_to_curve_uncleared::<G2Config>(u)
    }
}

/// The RFC's generic `sqrt_ratio` (Appendix F.2.1.1) for Fp2, the reference twin of
/// `sqrt_ratio::sqrt_ratio_fp2` in the tests.
#[cfg(test)]
pub(super) mod reference {
    use super::*;
    use crate::h2c::sqrt_ratio::SqrtRatioConsts;
    use ctt_bigint::BigInt;
    use ctt_field::bls12_381::FpConfig;
    use ctt_field::fp::FpParams;

    /// `p²` as a 12-word integer (schoolbook, compile time).
    const fn square_wide(a: &BigInt<6>) -> BigInt<12> {
        let mut r = [0u64; 12];
        let mut i = 0;
        while i < 6 {
            let mut carry = 0u128;
            let mut j = 0;
            while j < 6 {
                let t = (a.0[i] as u128) * (a.0[j] as u128) + (r[i + j] as u128) + carry;
                r[i + j] = t as u64;
                carry = t >> 64;
                j += 1;
            }
            r[i + 6] = carry as u64;
            i += 1;
        }
        BigInt(r)
    }

    /// `q = p²`; `q − 1 = 2³·c2` with c2 odd (p ≡ 3 mod 8 gives p² ≡ 9 mod 16).
    const Q: BigInt<12> = square_wide(&FpConfig::MODULUS);
    /// F.2.1.1 `c1`: the 2-adicity of `q − 1`.
    const C1: u32 = 3;
    /// F.2.1.1 `c2 = (q − 1)/2^c1`.
    const C2: BigInt<12> = Q.wrapping_sub(&BigInt::ONE).shr(C1);
    /// F.2.1.1 `c3 = (c2 − 1)/2` (c2 is odd).
    pub(in crate::h2c) const C3: BigInt<12> = C2.shr(1);
    /// F.2.1.1 `(c2 + 1)/2`.
    const C2_PLUS_1_OVER_2: BigInt<12> = C3.wrapping_add(&BigInt::ONE);

    /// The F.2.1.1 constants for Fp2 and `Z = −(2 + u)`.
    pub(in crate::h2c) static SQRT_RATIO: SqrtRatioConsts<Fp2> = SqrtRatioConsts {
        c1: C1,
        c3: &C3.0,
        c6: consts_g2::Z.pow_const(&C2),
        c7: consts_g2::Z.pow_const(&C2_PLUS_1_OVER_2),
    };
}
