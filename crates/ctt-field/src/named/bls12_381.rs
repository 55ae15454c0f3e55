//! BLS12-381 fields: the data, everything else derived.
//!
//! p = 0x1a0111ea…aaab (381 bits, 3 spare bits in 6 limbs), r = 0x73eda753…00000001 (255 bits,
//! 2-adicity 32). Tower: `u² = −1`, `v³ = ξ = 1 + u`, `w² = v` (IETF pairing-friendly-curves draft,
//! blst `src/fp12_tower.c`). Generators are those of arkworks/zkcrypto (2 for Fp, 7 for Fr); the
//! tests check they are non-residues.

use crate::fp::{Fp as GenericFp, FpParams};
use crate::tower::{self, TowerConfig};
use ctt_bigint::BigInt;

/// Parameters of the BLS12-381 base field.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FpConfig;

impl FpParams<6> for FpConfig {
    /// `p = (x − 1)²(x⁴ − x² + 1)/3 + x` for `x = −0xd201000000010000`.
    const MODULUS: BigInt<6> = BigInt::from_hex(
        "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab",
    );
    const GENERATOR: u64 = 2;
    type Repr = [u8; 48];
    const REPR_ZERO: [u8; 48] = [0; 48];
    const NAME: &'static str = "bls12_381::Fp";
}

/// Parameters of the BLS12-381 scalar field.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FrConfig;

impl FpParams<4> for FrConfig {
    /// `r = x⁴ − x² + 1` for `x = −0xd201000000010000`.
    const MODULUS: BigInt<4> =
        BigInt::from_hex("73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001");
    const GENERATOR: u64 = 7;
    type Repr = [u8; 32];
    const REPR_ZERO: [u8; 32] = [0; 32];
    const NAME: &'static str = "bls12_381::Fr";
}

/// The BLS12-381 base field.
pub type Fp = GenericFp<FpConfig, 6>;
/// The BLS12-381 scalar field (the order of G1, G2 and GT).
pub type Fr = GenericFp<FrConfig, 4>;
/// `Fp[u]/(u² + 1)`.
pub type Fp2 = tower::Fp2<Fp>;
/// `Fp2[v]/(v³ − (1 + u))`.
pub type Fp6 = tower::Fp6<Tower>;
/// `Fp6[w]/(w² − v)`.
pub type Fp12 = tower::Fp12<Tower>;

/// The BLS12-381 tower.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tower;

impl TowerConfig for Tower {
    type Fp = Fp;
    const XI: Fp2 = Fp2::from_hex_const("1", "1");
    const FROBENIUS_GAMMA: [Fp2; 12] = tower::frobenius_gammas(&Self::XI);

    /// `(c0 + c1·u)(1 + u) = (c0 − c1) + (c0 + c1)·u`: two additions.
    #[inline(always)]
    fn mul_by_xi(x: &Fp2) -> Fp2 {
        x.mul_by_1_plus_u()
    }
}
