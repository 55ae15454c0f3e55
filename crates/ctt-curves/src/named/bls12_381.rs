//! BLS12-381 G1 (`y² = x³ + 4` over Fp) and G2 (`y² = x³ + 4(1 + u)` over Fp2, an M-twist).
//!
//! Data: the generators of the IETF pairing-friendly-curves draft / ZCash, the curve parameter
//! `z = −0xd201000000010000`. Derived: `3b`, the ψ constants (from the tower's Frobenius γ₁).
//! Subgroup checks (Scott, eprint 2021/1130; proof in eprint 2022/352): G1 `φ(P) = [−z²]P` with
//! `φ(x, y) = (βx, y)`; G2 `ψ(P) = [z]P`. Cofactor clearing: G1 by `h_eff = 1 − z` (RFC 9380 §8.8.1),
//! G2 by Budroni–Pintore (eprint 2017/419; RFC 9380 Appendix G.3).

use crate::sw::scalar_mul::{mul_ct_split, scalar_to_words};
use crate::sw::{Affine, Projective, SwCurveConfig};
use ctt_bigint::{Choice, ConstantTimeEq};
use ctt_field::bls12_381::{Fp, Fp2, Fr, Tower};
use ctt_field::tower::TowerConfig;
use ctt_field::{ExtensionField, Field};

/// |z| for BLS12-381 (z itself is negative).
pub const Z_ABS: u64 = 0xd201_0000_0001_0000;

/// G1 parameters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct G1Config;

impl SwCurveConfig for G1Config {
    type Base = Fp;
    type Scalar = Fr;
    const NAME: &'static str = "bls12_381::G1";
    const COEFF_B: Fp = Fp::from_hex_const("4");
    const COEFF_B3: Fp = Fp::from_hex_const("c");
    const GENERATOR_X: Fp = Fp::from_hex_const(
        "17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb",
    );
    const GENERATOR_Y: Fp = Fp::from_hex_const(
        "08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1",
    );

    /// `12x = 4·(3x)`: additions only.
    #[inline(always)]
    fn mul_by_3b(x: &Fp) -> Fp {
        let t = x.double() + x;
        t.double().double()
    }

    /// `φ(P) = [−z²]P` (Scott 2021/1130 §6): two multiplications by the 64-bit |z|.
    fn is_in_subgroup(p: &G1Projective) -> Choice {
        let z2p = p.mul_u64_public(Z_ABS).mul_u64_public(Z_ABS);
        phi(p).ct_eq(&(-z2p))
    }

    /// `[1 − z]P = [|z| + 1]P`.
    fn clear_cofactor(p: &G1Projective) -> G1Projective {
        p.mul_u64_public(Z_ABS + 1)
    }

    /// GLV: `k = q·z² + r` (one constant-time division by z²), and since `φ` acts as `−z²`,
    /// `[k]P = [r]P + [q](−φ(P))` with `r, q < 2^128`.
    fn mul_ct(p: &G1Projective, k: &Fr) -> G1Projective {
        let (q, r) = ct_divrem_z2(&scalar_to_words(k));
        // −φ keeps Jacobian Z: (X, Y) ↦ (βX, −Y).
        mul_ct_split(p, &[words128(r), words128(q)], 128, |t| {
            [t, t.map(|[x, y]| [*x * BETA, -*y])]
        })
    }
}

/// `z²` (128 bits).
const Z2: u128 = (Z_ABS as u128) * (Z_ABS as u128);
/// `⌊2^256/z²⌋` (129 bits), little-endian words.
const Z2_RECIP: [u64; 3] = [0x63f6e522f6cfee2e, 0x7c6becf1e01faadd, 0x1];

/// `(⌊k/z²⌋, k mod z²)` for a secret `k < r` (so the quotient is below 2^128), constant time:
/// `q̃ = ⌊k·⌊2^256/z²⌋/2^256⌋` is `q` or `q − 1` (it undershoots `k/z²` by less than
/// `k/2^256 < 1`), and one masked correction finishes. Fixed `u128` products, no `div`.
/// Written out rather than through `BigInt::mul_truncated` / `sub_with_borrow` (as BN254's
/// split is): that version measured the G1 constant-time multiplication 58 → 65 µs (code
/// layout of the inlined ladder, not the few products here).
fn ct_divrem_z2(k: &[u64; 5]) -> (u128, u128) {
    let mut prod = [0u64; 7];
    for i in 0..4 {
        let mut carry = 0u128;
        for j in 0..3 {
            let t = k[i] as u128 * Z2_RECIP[j] as u128 + prod[i + j] as u128 + carry;
            prod[i + j] = t as u64;
            carry = t >> 64;
        }
        prod[i + 3] = carry as u64;
    }
    let q = prod[4] as u128 | (prod[5] as u128) << 64;
    // q̃·z² mod 2^192; the remainder k − q̃·z² < 2z² < 2^129 is exact modulo 2^192.
    let (qw, zw) = ([q as u64, (q >> 64) as u64], [Z2 as u64, (Z2 >> 64) as u64]);
    let mut m = [0u64; 3];
    for i in 0..2 {
        let mut carry = 0u128;
        for j in 0..2 {
            if i + j < 3 {
                let t = qw[i] as u128 * zw[j] as u128 + m[i + j] as u128 + carry;
                m[i + j] = t as u64;
                carry = t >> 64;
            }
        }
        if i + 2 < 3 {
            m[i + 2] = carry as u64;
        }
    }
    let (rem, _) = sub3(&[k[0], k[1], k[2]], &m);
    let (t, borrow) = sub3(&rem, &[zw[0], zw[1], 0]);
    let ge = core::hint::black_box(1 ^ borrow); // rem ≥ z²
    let mask = ge.wrapping_neg();
    let rem = [
        (t[0] & mask) | (rem[0] & !mask),
        (t[1] & mask) | (rem[1] & !mask),
    ];
    (q + ge as u128, rem[0] as u128 | (rem[1] as u128) << 64)
}

/// `a − b mod 2^192` and the final borrow.
fn sub3(a: &[u64; 3], b: &[u64; 3]) -> ([u64; 3], u64) {
    let mut out = [0u64; 3];
    let mut borrow = 0u64;
    for i in 0..3 {
        let (d, b1) = a[i].overflowing_sub(b[i]);
        let (d, b2) = d.overflowing_sub(borrow);
        out[i] = d;
        borrow = (b1 | b2) as u64;
    }
    (out, borrow)
}

/// `(⌊x/d⌋, x mod d)` for a secret `x < 2^128` and a public `d`: 128 masked steps of restoring
/// binary long division (no hardware `div`, whose latency depends on the data).
fn ct_divrem_u128(x: u128, d: u64) -> (u128, u64) {
    let mut q = 0u128;
    let mut rem: u128 = 0;
    for bit in (0..128).rev() {
        rem = (rem << 1) | ((x >> bit) & 1);
        let t = rem.wrapping_sub(d as u128);
        let ge = 1 ^ (t >> 127); // no borrow: rem ≥ d
        let mask = core::hint::black_box(ge.wrapping_neg());
        rem = (t & mask) | (rem & !mask);
        q |= ge << bit;
    }
    (q, rem as u64)
}

/// A 128-bit sub-scalar as the five words `mul_ct_split` reads.
fn words128(x: u128) -> [u64; 5] {
    [x as u64, (x >> 64) as u64, 0, 0, 0]
}

/// `φ(x, y) = (βx, y)`, acting on G1 as multiplication by `−z²`.
fn phi(p: &G1Projective) -> G1Projective {
    Projective::new_unchecked(p.x * BETA, p.y, p.z)
}

/// A primitive cube root of unity in Fp, the one for which `φ(x, y) = (βx, y)` acts on G1 as
/// multiplication by `−z²` (the other root gives `z² − 1`).
/// (The other root, `0x1a0111ea…00000000aaac`, acts as `z² − 1`; the tests pin this choice.)
pub const BETA: Fp = Fp::from_hex_const(
    "5f19672fdf76ce51ba69c6076a0f77eaddb3a93be6f89688de17d813620a00022e01fffffffefffe",
);

/// G2 parameters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct G2Config;

impl SwCurveConfig for G2Config {
    type Base = Fp2;
    type Scalar = Fr;
    const NAME: &'static str = "bls12_381::G2";
    const COEFF_B: Fp2 = Fp2::from_hex_const("4", "4");
    const COEFF_B3: Fp2 = Fp2::from_hex_const("c", "c");
    const GENERATOR_X: Fp2 = Fp2::from_hex_const(
        "024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8",
        "13e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e",
    );
    const GENERATOR_Y: Fp2 = Fp2::from_hex_const(
        "0ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a76d429a695160d12c923ac9cc3baca289e193548608b82801",
        "0606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af267492ab572e99ab3f370d275cec1da1aaa9075ff05f79be",
    );

    /// `12(1 + u)·x = 12·((x0 − x1) + (x0 + x1)u)`: additions only.
    #[inline(always)]
    fn mul_by_3b(x: &Fp2) -> Fp2 {
        let t = x.mul_by_1_plus_u();
        let t3 = t.double() + t;
        t3.double().double()
    }

    /// `ψ(P) = [z]P` (Scott 2021/1130 §4; eprint 2022/352 §4.2).
    fn is_in_subgroup(p: &G2Projective) -> Choice {
        psi(p).ct_eq(&-p.mul_u64_public(Z_ABS))
    }

    /// RFC 9380 Appendix G.3 (Budroni–Pintore):
    /// `h_eff·P = [z² − z − 1]P + [z − 1]ψ(P) + ψ²(2P)`, which with `m = |z| = −z` is
    /// `[m]([m + 1]P − ψ(P)) + (ψ²(2P) − P − ψ(P))`: the `+ P` rides in the first ladder (one more
    /// mixed addition), four complete additions remain (against five for the RFC's sequence).
    fn clear_cofactor(p: &G2Projective) -> G2Projective {
        let psi_p = psi(p);
        let q = p.mul_u64_public(Z_ABS + 1) - psi_p;
        let s = psi2(&p.double_complete()) - (*p + psi_p);
        q.mul_u64_public(Z_ABS) + s
    }

    /// GLS: k in base |z| has four 64-bit digits (`k = q·z² + r`, then `q` and `r` split by
    /// |z|), and `ψ` acts as `z = −|z|`, so
    /// `[k]P = [d0]P + [d1](−ψ(P)) + [d2]ψ²(P) + [d3](−ψ³(P))`.
    fn mul_ct(p: &G2Projective, k: &Fr) -> G2Projective {
        let (hi, lo) = ct_divrem_z2(&scalar_to_words(k));
        let (d1, d0) = ct_divrem_u128(lo, Z_ABS);
        let (d3, d2) = ct_divrem_u128(hi, Z_ABS);
        let digits = [d0 as u128, d1, d2 as u128, d3].map(words128);
        mul_ct_split(p, &digits, 64, |t| {
            // In Jacobian coordinates ψ(X, Y, Z) = (X̄·PSI_X, Ȳ·PSI_Y, Z̄): back on the common Z
            // with u = Z/Z̄ = Z²/N(Z) folded into the constants (one Fp inversion). The sign of
            // −ψ goes into the constant too. ψ² keeps Z: (X·N(PSI_X), Y·N(PSI_Y)) with N in Fp and
            // N(PSI_Y) = −1 (a test pins it).
            let n_inv = t.z.norm().invert().unwrap_or(Fp::ZERO);
            let u = t.z.square().mul_by_base(&n_inv);
            let u2 = u.square();
            let (cx, cy) = (PSI_X * u2, -(PSI_Y * u2 * u));
            let neg_psi = t.map(|[x, y]| [x.conjugate() * cx, y.conjugate() * cy]);
            let psi2 = |[x, y]: &[Fp2; 2]| [x.mul_by_base(&PSI2_X), -*y];
            [t, neg_psi, t.map(psi2), neg_psi.map(psi2)]
        })
    }
}

/// `1/(1 + u)^((p−1)/3) = 1/γ₁²`.
const PSI_X: Fp2 = Tower::FROBENIUS_GAMMA[1]
    .mul_const(&Tower::FROBENIUS_GAMMA[1])
    .invert_const();
/// `1/(1 + u)^((p−1)/2) = 1/γ₁³`.
const PSI_Y: Fp2 = Tower::FROBENIUS_GAMMA[1]
    .mul_const(&Tower::FROBENIUS_GAMMA[1])
    .mul_const(&Tower::FROBENIUS_GAMMA[1])
    .invert_const();

/// `N(PSI_X)` (in Fp): `ψ²(x, y) = (x·N(PSI_X), y·N(PSI_Y))` and `N(PSI_Y) = −1`.
const PSI2_X: Fp = PSI_X.mul_const(&PSI_X.conjugate_const()).c0;

/// The untwist–Frobenius–twist endomorphism on G2: `ψ(x, y) = (x̄·PSI_X, ȳ·PSI_Y)`; on projective
/// coordinates the conjugation applies to Z too.
pub fn psi(p: &G2Projective) -> G2Projective {
    Projective::new_unchecked(
        p.x.conjugate() * PSI_X,
        p.y.conjugate() * PSI_Y,
        p.z.conjugate(),
    )
}

/// `ψ²(X : Y : Z) = (X·N(PSI_X) : −Y : Z)`: two Fp multiplications instead of ψ twice.
fn psi2(p: &G2Projective) -> G2Projective {
    Projective::new_unchecked(p.x.mul_by_base(&PSI2_X), -p.y, p.z)
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
    use super::*;
    use ctt_field::PrimeField;

    /// `ψ²(x, y) = (x·N(PSI_X), −y)`, the form `mul_ct`'s tables use, against ψ applied twice.
    #[test]
    fn psi_squared_is_a_base_field_scaling() {
        let n_y = PSI_Y.mul_const(&PSI_Y.conjugate_const());
        assert_eq!(n_y, -Fp2::ONE);
        let g = G2Projective::new_unchecked(G2Config::GENERATOR_X, G2Config::GENERATOR_Y, Fp2::ONE);
        let twice = psi(&psi(&g));
        let direct = G2Projective::new_unchecked(g.x.mul_by_base(&PSI2_X), -g.y, g.z);
        assert_eq!(twice, direct);
        let q = g.double_complete().double_complete(); // Z ≠ 1
        assert_eq!(psi2(&q), psi(&psi(&q)));
    }

    /// The scalar splits against plain `u128` arithmetic (`k < 2^255`, so `k = hi·2^128 + lo`
    /// with `hi < 2^127` and `k/z² = (hi·2^128 + lo)/z²` is checked by recombination).
    #[test]
    fn constant_time_divisions() {
        let mut s = 0x0123_4567_89ab_cdefu64;
        let mut next = || {
            s = s.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = s;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        let r = Fr::MODULUS_LIMBS;
        let mut cases = [
            [0u64, 0, 0, 0, 0],
            [1, 0, 0, 0, 0],
            [Z2 as u64, (Z2 >> 64) as u64, 0, 0, 0],
            [(Z2 - 1) as u64, ((Z2 - 1) >> 64) as u64, 0, 0, 0],
            [r[0] - 1, r[1], r[2], r[3], 0],
        ]
        .to_vec();
        for _ in 0..2000 {
            cases.push([next(), next(), next(), next() >> 2, 0]);
        }
        for k in cases {
            let (q, rem) = ct_divrem_z2(&k);
            assert!(rem < Z2);
            // q·z² + rem = k, on four words.
            let (qw, zw) = ([q as u64, (q >> 64) as u64], [Z2 as u64, (Z2 >> 64) as u64]);
            let mut acc = [rem as u64, (rem >> 64) as u64, 0, 0, 0];
            for i in 0..2 {
                let mut carry = 0u128;
                for j in 0..2 {
                    let t = qw[i] as u128 * zw[j] as u128 + acc[i + j] as u128 + carry;
                    acc[i + j] = t as u64;
                    carry = t >> 64;
                }
                let mut c = carry;
                for w in acc.iter_mut().skip(i + 2) {
                    let t = *w as u128 + c;
                    *w = t as u64;
                    c = t >> 64;
                }
            }
            assert_eq!(acc, k);
            let (dq, dr) = ct_divrem_u128(rem, Z_ABS);
            assert_eq!((dq, dr as u128), (rem / Z_ABS as u128, rem % Z_ABS as u128));
        }
    }
}
