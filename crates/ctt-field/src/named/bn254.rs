//! BN254 (alt_bn128, the EVM's pairing curve) fields: the data, everything else derived.
//!
//! p = 0x30644e72…d87cfd47 (254 bits, 2 spare bits in 4 limbs), r = 0x30644e72…f0000001 (254 bits,
//! 2-adicity 28). Tower: `u² = −1`, `v³ = ξ = 9 + u`, `w² = v` (EIP-197, go-ethereum bn256).
//! Generators are those of arkworks (3 for Fp, 5 for Fr); the tests check they are non-residues.

use crate::fp::{Fp as GenericFp, FpParams};
use crate::tower::{self, TowerConfig};
use crate::traits::Field;
use ctt_bigint::BigInt;

/// Parameters of the BN254 base field.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FpConfig;

impl FpParams<4> for FpConfig {
    /// `p = 36x⁴ + 36x³ + 24x² + 6x + 1` for `x = 4965661367192848881`.
    const MODULUS: BigInt<4> =
        BigInt::from_hex("30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47");
    const GENERATOR: u64 = 3;
    type Repr = [u8; 32];
    const REPR_ZERO: [u8; 32] = [0; 32];
    const NAME: &'static str = "bn254::Fp";
}

/// Parameters of the BN254 scalar field.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FrConfig;

impl FpParams<4> for FrConfig {
    /// `r = 36x⁴ + 36x³ + 18x² + 6x + 1`.
    const MODULUS: BigInt<4> =
        BigInt::from_hex("30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001");
    const GENERATOR: u64 = 5;
    type Repr = [u8; 32];
    const REPR_ZERO: [u8; 32] = [0; 32];
    const NAME: &'static str = "bn254::Fr";
}

/// The BN254 base field.
pub type Fp = GenericFp<FpConfig, 4>;
/// The BN254 scalar field.
pub type Fr = GenericFp<FrConfig, 4>;
/// `Fp[u]/(u² + 1)`.
pub type Fp2 = tower::Fp2<Fp>;
/// `Fp2[v]/(v³ − (9 + u))`.
pub type Fp6 = tower::Fp6<Tower>;
/// `Fp6[w]/(w² − v)`.
pub type Fp12 = tower::Fp12<Tower>;

/// The BN254 tower.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tower;

/// `9·a` as `8a + a`. A function marked for inlining: as a closure inside `mul_by_xi` it was
/// compiled out of line and cost ~7% of a pairing in calls.
#[inline(always)]
fn nine(a: &Fp) -> Fp {
    a.double().double().double() + a
}

impl TowerConfig for Tower {
    type Fp = Fp;
    const XI: Fp2 = Fp2::from_hex_const("9", "1");
    const FROBENIUS_GAMMA: [Fp2; 12] = tower::frobenius_gammas(&Self::XI);

    /// `(c0 + c1·u)(9 + u) = (9c0 − c1) + (c0 + 9c1)·u`, with `9x = 8x + x` by doublings.
    #[inline(always)]
    fn mul_by_xi(x: &Fp2) -> Fp2 {
        Fp2::new(nine(&x.c0) - x.c1, x.c0 + nine(&x.c1))
    }
}
