//! P-256 (NIST FIPS 186-5, SEC 2 secp256r1; EIP-7951's curve): `y² = x³ − 3x + b` over the 256-bit
//! prime field, prime order n (cofactor 1: every point of the curve is in the group, so the
//! subgroup check is trivially true and cofactor clearing is the identity map).
//!
//! `a = −3`: the group runs the `a = −3` complete formulas (Renes–Costello–Batina Alg. 4–6) and the
//! `a = −3` Jacobian doubling in variable-time code. No endomorphism: constant-time scalar
//! multiplication is the generic Booth-w5 ladder; [`double_mul_vartime`] is one Straus ladder over
//! two full-length wNAF expansions, the generator's table computed at compile time.

use crate::sw::scalar_mul::scalar_to_words;
use crate::sw::vartime::{
    JacobianVar, StrausTerm, odd_multiples_const, odd_multiples_vartime, straus_vartime,
    wnaf_vartime,
};
use crate::sw::{self, CoeffA, SwCurveConfig};
use ctt_bigint::{BigInt, Choice};
use ctt_field::p256::{Fp, FpConfig, Fr};

/// The group's parameters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Config;

const GX: Fp =
    Fp::from_hex_const("6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296");
const GY: Fp =
    Fp::from_hex_const("4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5");
const B: Fp =
    Fp::from_hex_const("5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b");

impl SwCurveConfig for Config {
    type Base = Fp;
    type Scalar = Fr;
    const NAME: &'static str = "p256";
    const COEFF_A: CoeffA = CoeffA::MinusThree;
    const COEFF_B: Fp = B;
    const COEFF_B3: Fp = B.add_const(&B).add_const(&B);
    const GENERATOR_X: Fp = GX;
    const GENERATOR_Y: Fp = GY;

    /// Prime order: every curve point is in the group.
    fn is_in_subgroup(_p: &Projective) -> Choice {
        Choice::TRUE
    }

    /// Cofactor 1.
    fn clear_cofactor(p: &Projective) -> Projective {
        *p
    }
}

/// The group in homogeneous projective coordinates.
pub type Projective = sw::Projective<Config>;
/// Affine points (storage and SEC1 encodings).
pub type Affine = sw::Affine<Config>;

const G_WINDOW: u32 = 11;
const G_ENTRIES: usize = 1 << (G_WINDOW - 2);
const P_WINDOW: u32 = 5;
const P_ENTRIES: usize = 1 << (P_WINDOW - 2);

/// `[1]G, [3]G, …, [1023]G` (512 entries, 32 KiB), affine, computed at compile time.
static G_TABLE: [[Fp; 2]; G_ENTRIES] = odd_multiples_const::<FpConfig, G_ENTRIES>(GX, GY, true);

/// `[u1]G + [u2]Q` for public scalars and a public point (variable time): one Straus ladder,
/// width-11 wNAF on the generator's compile-time table, width-5 on `Q`'s odd multiples.
pub fn double_mul_vartime(u1: &Fr, u2: &Fr, q: &JacobianVar<Config>) -> JacobianVar<Config> {
    let mut d1 = [0i16; 260];
    let mut d2 = [0i16; 260];
    let l1 = wnaf_vartime(&BigInt(scalar_to_words(u1)), G_WINDOW, &mut d1);
    let l2 = wnaf_vartime(&BigInt(scalar_to_words(u2)), P_WINDOW, &mut d2);
    let g = StrausTerm {
        digits: &d1[..l1],
        table: &G_TABLE,
        scale: None,
    };
    match odd_multiples_vartime::<Config, P_ENTRIES>(q) {
        Some(q_table) => straus_vartime(&[
            g,
            StrausTerm {
                digits: &d2[..l2],
                table: &q_table,
                scale: None,
            },
        ]),
        None => straus_vartime(&[g]),
    }
}
