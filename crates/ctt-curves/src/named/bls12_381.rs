//! BLS12-381 G1 (`y² = x³ + 4` over Fp) and G2 (`y² = x³ + 4(1 + u)` over Fp2, an M-twist).
//!
//! Data: the generators of the IETF pairing-friendly-curves draft / ZCash, the curve parameter
//! `z = −0xd201000000010000`. Derived: `3b`, the ψ constants (from the tower's Frobenius γ₁).
//! Subgroup checks (Scott, eprint 2021/1130; proof in eprint 2022/352): G1 `φ(P) = [−z²]P` with
//! `φ(x, y) = (βx, y)`; G2 `ψ(P) = [z]P`. Cofactor clearing: G1 by `h_eff = 1 − z` (RFC 9380 §8.8.1),
//! G2 by Budroni–Pintore (eprint 2017/419; RFC 9380 Appendix G.3).

use crate::sw::scalar_mul::{ct_divrem_u64, mul_ct_split, scalar_to_words};
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

    /// `[1 − z]P = P + [|z|]P`.
    fn clear_cofactor(p: &G1Projective) -> G1Projective {
        p.add_complete(&p.mul_u64_public(Z_ABS))
    }

    /// GLV: `k = q·z² + r` (two constant-time divisions by |z|), and since `φ` acts as `−z²`,
    /// `[k]P = [r]P + [q](−φ(P))` with `r, q < 2^128`.
    fn mul_ct(p: &G1Projective, k: &Fr) -> G1Projective {
        let (q1, d0) = ct_divrem_u64(&scalar_to_words(k), Z_ABS);
        let (q, d1) = ct_divrem_u64(&q1, Z_ABS);
        // r = d0 + d1·|z| < z² fits 128 bits.
        let t = d1 as u128 * Z_ABS as u128 + d0 as u128;
        let r = [t as u64, (t >> 64) as u64, 0, 0, 0];
        mul_ct_split(p, &[r, q], 128, |_, e| -phi(e))
    }
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
    /// `h_eff·P = [z² − z − 1]P + [z − 1]ψ(P) + ψ²(2P)`.
    fn clear_cofactor(p: &G2Projective) -> G2Projective {
        let mul_z = |q: &G2Projective| -q.mul_u64_public(Z_ABS);
        let t1 = mul_z(p);
        let t2 = psi(p);
        let t3 = psi(&psi(&p.double_complete()));
        let t3 = t3 - t2;
        let t2 = mul_z(&(t1 + t2));
        t3 + t2 - t1 - *p
    }

    /// GLS: k in base |z| has four 64-bit digits, and `ψ` acts as `z = −|z|`, so
    /// `[k]P = [d0]P + [d1](−ψ(P)) + [d2]ψ²(P) + [d3](−ψ³(P))`.
    fn mul_ct(p: &G2Projective, k: &Fr) -> G2Projective {
        let mut rest = scalar_to_words(k);
        let mut digits = [[0u64; 5]; 4];
        for d in digits.iter_mut() {
            let (q, r) = ct_divrem_u64(&rest, Z_ABS);
            d[0] = r;
            rest = q;
        }
        mul_ct_split(p, &digits, 64, |i, e| {
            let mut q = *e;
            for _ in 0..i {
                q = -psi(&q);
            }
            q
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

/// The untwist–Frobenius–twist endomorphism on G2: `ψ(x, y) = (x̄·PSI_X, ȳ·PSI_Y)`; on projective
/// coordinates the conjugation applies to Z too.
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
