//! BN254 (alt_bn128) G1 (`y² = x³ + 3` over Fp, cofactor 1) and G2 (`y² = x³ + 3/(9 + u)` over Fp2,
//! a D-twist), as in EIP-196/197.
//!
//! Subgroup check for G2: `[x₀+1]P + ψ([x₀]P) + ψ²([x₀]P) = ψ³([2x₀]P)` (El Housni–Guillevic–
//! Piellard, eprint 2022/348 §5.1, as gnark-crypto); G1 needs none (prime order). Cofactor clearing
//! for G2: `[x₀]P + ψ([3x₀]P) + ψ²([x₀]P) + ψ³(P)` (Fuentes-Castañeda–Knapp–Rodríguez-Henríquez 2011).

use crate::sw::{Affine, Projective, SwCurveConfig};
use ctt_bigint::{Choice, ConstantTimeEq};
use ctt_field::bn254::{Fp, Fp2, Fr, Tower};
use ctt_field::tower::TowerConfig;
use ctt_field::{ExtensionField, Field};

/// The BN parameter x₀ (positive).
pub const X0: u64 = 4_965_661_367_192_848_881;

/// G1 parameters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct G1Config;

impl SwCurveConfig for G1Config {
    type Base = Fp;
    type Scalar = Fr;
    const NAME: &'static str = "bn254::G1";
    const COEFF_B: Fp = Fp::from_hex_const("3");
    const COEFF_B3: Fp = Fp::from_hex_const("9");
    const GENERATOR_X: Fp = Fp::from_hex_const("1");
    const GENERATOR_Y: Fp = Fp::from_hex_const("2");

    /// `9x = 8x + x`.
    #[inline(always)]
    fn mul_by_3b(x: &Fp) -> Fp {
        x.double().double().double() + x
    }

    /// The group of points has prime order r: every point on the curve is in it.
    fn is_in_subgroup(_p: &G1Projective) -> Choice {
        Choice::TRUE
    }

    fn clear_cofactor(p: &G1Projective) -> G1Projective {
        *p
    }
}

/// G2 parameters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct G2Config;

/// `3/(9 + u)`.
const B2: Fp2 = Fp2::from_hex_const("3", "0").mul_const(&Tower::XI.invert_const());

impl SwCurveConfig for G2Config {
    type Base = Fp2;
    type Scalar = Fr;
    const NAME: &'static str = "bn254::G2";
    const COEFF_B: Fp2 = B2;
    const COEFF_B3: Fp2 = B2.mul_small_const(3);
    const GENERATOR_X: Fp2 = Fp2::from_hex_const(
        "1800deef121f1e76426a00665e5c4479674322d4f75edadd46debd5cd992f6ed",
        "198e9393920d483a7260bfb731fb5d25f1aa493335a9e71297e485b7aef312c2",
    );
    const GENERATOR_Y: Fp2 = Fp2::from_hex_const(
        "12c85ea5db8c6deb4aab71808dcb408fe3d1e7690c43d37b4ce6cc0166fa7daa",
        "090689d0585ff075ec9e99ad690c3395bc4b313370b38ef355acdadcd122975b",
    );

    fn is_in_subgroup(p: &G2Projective) -> Choice {
        let xp = p.mul_u64_public(X0);
        let lhs = xp + p + psi(&xp) + psi(&psi(&xp));
        let rhs = psi(&psi(&psi(&xp.double_complete())));
        lhs.ct_eq(&rhs)
    }

    fn clear_cofactor(p: &G2Projective) -> G2Projective {
        let xp = p.mul_u64_public(X0);
        let t = xp.double_complete() + xp; // [3x₀]P
        xp + psi(&t) + psi(&psi(&xp)) + psi(&psi(&psi(p)))
    }
}

/// `ξ^((p−1)/3) = γ₁²`.
const PSI_X: Fp2 = Tower::FROBENIUS_GAMMA[1].mul_const(&Tower::FROBENIUS_GAMMA[1]);
/// `ξ^((p−1)/2) = γ₁³`.
const PSI_Y: Fp2 = Tower::FROBENIUS_GAMMA[1]
    .mul_const(&Tower::FROBENIUS_GAMMA[1])
    .mul_const(&Tower::FROBENIUS_GAMMA[1]);

/// The untwist–Frobenius–twist endomorphism on G2 (D-twist): `ψ(x, y) = (x̄·ξ^((p−1)/3), ȳ·ξ^((p−1)/2))`.
pub fn psi(p: &G2Projective) -> G2Projective {
    Projective::new_unchecked(
        p.x.conjugate() * PSI_X,
        p.y.conjugate() * PSI_Y,
        p.z.conjugate(),
    )
}

/// G1 in projective coordinates.
pub type G1Projective = Projective<G1Config>;
/// G1 in affine coordinates.
pub type G1Affine = Affine<G1Config>;
/// G2 in projective coordinates.
pub type G2Projective = Projective<G2Config>;
/// G2 in affine coordinates.
pub type G2Affine = Affine<G2Config>;
