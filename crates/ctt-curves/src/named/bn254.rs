//! BN254 (alt_bn128) G1 (`y² = x³ + 3` over Fp, cofactor 1) and G2 (`y² = x³ + 3/(9 + u)` over Fp2,
//! a D-twist), as in EIP-196/197.
//!
//! Constant-time scalar multiplication on G1 uses the GLV endomorphism `φ(x, y) = (βx, y)`, which
//! acts as `λ = 36x₀³ + 18x₀² + 6x₀ + 1` (a cube root of unity mod r), with Babai rounding against
//! the short lattice basis `(2x₀ + 1, −(6x₀² + 2x₀))`, `(6x₀² + 4x₀ + 1, 2x₀ + 1)` (determinant r;
//! Gallant–Lambert–Vanstone 2001, the BN basis of Galbraith–Scott): `k = k1 + k2·λ` with
//! `|k1|, |k2| < 2^127`.
//!
//! Subgroup check for G2: `[x₀+1]P + ψ([x₀]P) + ψ²([x₀]P) = ψ³([2x₀]P)` (El Housni–Guillevic–
//! Piellard, eprint 2022/348 §5.1, as gnark-crypto); G1 needs none (prime order). Cofactor clearing
//! for G2: `[x₀]P + ψ([3x₀]P) + ψ²([x₀]P) + ψ³(P)` (Fuentes-Castañeda–Knapp–Rodríguez-Henríquez 2011).

use crate::sw::scalar_mul::{mul_ct_split, mul_glv_vartime, scalar_to_words};
use crate::sw::{Affine, Projective, SwCurveConfig};
use ctt_bigint::{BigInt, Choice, ConditionallyNegatable, ConditionallySelectable, ConstantTimeEq};
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

    /// GLV in variable time: `[k]P = [k1]P + [k2]φ(P)` with 127-bit halves, one Straus ladder
    /// on Jacobian coordinates ([`mul_glv_vartime`]). Every point of the curve lies in the
    /// group of order r (cofactor 1), where φ acts as λ, so this holds for any input.
    fn mul_vartime(p: &G1Projective, k: &Fr) -> G1Projective {
        let (halves, signs) = glv_split(&scalar_to_words(k));
        mul_glv_vartime(p, k, &halves, signs, &BETA)
    }

    /// GLV: `[k]P = [k1]P + [k2]φ(P)` with the signs of `k1, k2` applied to the tables as
    /// conditional negations (constant time).
    fn mul_ct(p: &G1Projective, k: &Fr) -> G1Projective {
        let ([k1, k2], [neg1, neg2]) = glv_split(&scalar_to_words(k));
        let mut p1 = *p;
        p1.conditional_negate(neg1);
        mul_ct_split(&p1, &[k1, k2], 128, |t| {
            // t holds multiples of ±P (sign neg1); φ keeps Jacobian Z, the second table needs the
            // sign neg2.
            let flip = neg1 ^ neg2;
            let t2 = t.map(|[x, y]| [*x * BETA, Fp::conditional_select(y, &-*y, flip)]);
            [t, t2]
        })
    }
}

/// A primitive cube root of unity in Fp, the one for which `φ(x, y) = (βx, y)` acts on G1 as
/// multiplication by [`LAMBDA`] (the tests check `φ(G) = [λ]G`).
pub const BETA: Fp = Fp::from_hex_const("59e26bcea0d48bacd4f263f1acdb5c4f5763473177fffffe");

/// `λ = 36x₀³ + 18x₀² + 6x₀ + 1`, the eigenvalue of φ on G1 (`λ² + λ + 1 ≡ 0 mod r`).
pub const LAMBDA: [u64; 4] = [
    0x8b17ea66b99c90dd,
    0x5bfc41088d8daaa7,
    0xb3c4d79d41a91758,
    0,
];

/// `φ(x, y) = (βx, y)` on projective coordinates.
#[cfg(test)]
fn phi(p: &G1Projective) -> G1Projective {
    Projective::new_unchecked(p.x * BETA, p.y, p.z)
}

/// Lattice basis entries: `2x₀ + 1`, `6x₀² + 2x₀`, `6x₀² + 4x₀ + 1`.
const GLV_A1: u128 = 2 * X0 as u128 + 1;
const GLV_B1: u128 = 6 * (X0 as u128) * (X0 as u128) + 2 * X0 as u128;
const GLV_A2: u128 = GLV_B1 + GLV_A1;
/// `⌊2^256·(2x₀ + 1)/r⌋` and `⌊2^256·(6x₀² + 2x₀)/r⌋`, little-endian words (Babai rounding by a
/// multiplication and a shift instead of a division).
const GLV_G1: [u64; 2] = [0xd91d232ec7e0b3d7, 0x2];
const GLV_G2: [u64; 3] = [0x7a7bd9d4391eb18d, 0x4ccef014a773d2cf, 0x2];

/// `k = k1 + k2·λ (mod r)` for a secret `k < r`, constant time: `c1 = round(k·(2x₀+1)/r)`,
/// `c2 = round(k·(6x₀²+2x₀)/r)` (each as `⌊(k·g + 2^255)/2^256⌋`, off by less than 3/4 from the
/// exact quotient since `k/2^256 < 1/4`), then `k1 = k − c1·(2x₀+1) − c2·(6x₀²+4x₀+1)`,
/// `k2 = c1·(6x₀²+2x₀) − c2·(2x₀+1)`. `|ki| < 3/4·(|a1| + |a2|) < 2^127`. Returns the magnitudes
/// (five words, top ones zero) and the signs.
fn glv_split(k: &[u64; 5]) -> ([[u64; 5]; 2], [Choice; 2]) {
    let c1 = mul_shift_round(k, &GLV_G1);
    let c2 = mul_shift_round(k, &GLV_G2);
    let k1 = BigInt(*k)
        .wrapping_sub(&mul_words(&c1, GLV_A1))
        .wrapping_sub(&mul_words(&c2, GLV_A2));
    let k2 = mul_words(&c1, GLV_B1).wrapping_sub(&mul_words(&c2, GLV_A1));
    let (m1, s1) = abs_words(&k1.0);
    let (m2, s2) = abs_words(&k2.0);
    ([m1, m2], [s1, s2])
}

/// `⌊(k·g + 2^255)/2^256⌋` for `k < 2^256` (the low four words of `k`), as five words. Fixed
/// loops over `u128` products: constant time.
fn mul_shift_round<const M: usize>(k: &[u64; 5], g: &[u64; M]) -> [u64; 5] {
    let mut prod: [u64; 8] = BigInt([k[0], k[1], k[2], k[3]])
        .mul_truncated(&BigInt(*g))
        .0;
    // + 2^255, then drop the low four words.
    let mut carry = 1u64 << 63;
    for w in prod.iter_mut().skip(3) {
        let (v, c) = w.overflowing_add(carry);
        *w = v;
        carry = c as u64;
    }
    let mut out = [0u64; 5];
    out[..4].copy_from_slice(&prod[4..8]);
    out
}

/// `a·b mod 2^320` for a five-word `a` and a 128-bit `b`.
fn mul_words(a: &[u64; 5], b: u128) -> BigInt<5> {
    BigInt(*a).mul_truncated(&BigInt([b as u64, (b >> 64) as u64]))
}

/// `(|a|, a < 0)` for a two's-complement five-word `a`, branch-free.
fn abs_words(a: &[u64; 5]) -> ([u64; 5], Choice) {
    let sign = a[4] >> 63;
    let mask = sign.wrapping_neg();
    let mut out = [0u64; 5];
    let mut carry = sign;
    for i in 0..5 {
        let (v, c) = (a[i] ^ mask).overflowing_add(carry);
        out[i] = v;
        carry = c as u64;
    }
    (out, Choice::from_lsb(sign))
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

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use crate::traits::CurveGroup;
    use ctt_field::PrimeField;
    use num_bigint::{BigInt as Big, Sign};
    use std::vec::Vec;

    fn big(words: &[u64]) -> Big {
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        Big::from_bytes_le(Sign::Plus, &bytes)
    }

    #[test]
    fn phi_acts_as_lambda() {
        let g = G1Projective::generator();
        assert_eq!(phi(&g), g.mul_bigint_vartime(&LAMBDA));
        assert!(BETA != Fp::ONE && BETA * BETA * BETA == Fp::ONE);
        let r = big(Fr::MODULUS_LIMBS);
        let l = big(&LAMBDA);
        assert_eq!((&l * &l + &l + 1u32) % &r, Big::from(0u32));
        // The basis vectors lie in the lattice {(a, b) : a + b·λ ≡ 0 (mod r)}.
        let (a1, b1, a2) = (Big::from(GLV_A1), Big::from(GLV_B1), Big::from(GLV_A2));
        assert_eq!((&a1 - &b1 * &l) % &r, Big::from(0u32));
        assert_eq!((&a2 + &a1 * &l) % &r, Big::from(0u32));
        // The Babai constants are ⌊2^256·a/r⌋.
        let two256 = Big::from(1u32) << 256;
        assert_eq!(big(&GLV_G1), (&two256 * &a1) / &r);
        assert_eq!(big(&GLV_G2), (&two256 * &b1) / &r);
    }

    #[test]
    fn glv_split_recombines_with_short_halves() {
        let r = big(Fr::MODULUS_LIMBS);
        let l = big(&LAMBDA);
        let mut state = 0x1234_5678_9abc_def0u64;
        let mut ks: Vec<Fr> = [0u64, 1, 2, 3].iter().map(|v| Fr::from_u64(*v)).collect();
        ks.push(-Fr::ONE);
        ks.push(-Fr::from_u64(2));
        ks.push(Fr::from_u64(2).invert().unwrap()); // (r + 1)/2
        for _ in 0..2000 {
            let mut w = [0u64; 4];
            for x in w.iter_mut() {
                state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
                let mut z = state;
                z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                *x = z ^ (z >> 31);
            }
            w[3] &= u64::MAX >> 3;
            let mut bytes = [0u8; 32];
            for (i, x) in w.iter().enumerate() {
                bytes[8 * i..8 * i + 8].copy_from_slice(&x.to_le_bytes());
            }
            if let Some(k) = Fr::from_bytes_le(&bytes).into_option() {
                ks.push(k);
            }
        }
        for k in ks {
            let words = scalar_to_words(&k);
            let ([m1, m2], [s1, s2]) = glv_split(&words);
            let signed = |m: &[u64; 5], s: Choice| {
                if bool::from(s) { -big(m) } else { big(m) }
            };
            let (k1, k2) = (signed(&m1, s1), signed(&m2, s2));
            let bound = Big::from(1u32) << 127;
            assert!(big(&m1) < bound && big(&m2) < bound, "halves too long");
            let diff = (&k1 + &k2 * &l - big(&words)) % &r;
            assert_eq!(diff, Big::from(0u32), "k1 + k2·λ ≠ k");
        }
    }
}
