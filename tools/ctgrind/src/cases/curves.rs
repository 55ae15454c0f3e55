//! ctt-curves: the secret paths of the curve layer — constant-time scalar multiplication with
//! the GLV (G1) and GLS (G2) splits of BLS12-381, BN254 G1's GLV split and the generic Booth
//! ladder (over Fp for BN254 G1, over Fp2 for BN254 G2), secp256k1's GLV and P-256's ladder, the
//! constant-time division that computes the splits, the complete addition and doubling formulas,
//! the conversion to affine coordinates (single and batched), the subgroup checks and cofactor
//! clearing, the point encodings, and hashing to curves (`hash_to_field`, SSWU with
//! `sqrt_ratio`, the isogenies, `hash_to_curve` / `encode_to_curve`).
//!
//! Secret inputs: the scalar, the point, the message hashed. The oracles run on public copies
//! before anything is marked: the variable-time double-and-add of the curve crate for scalar
//! multiplications and cofactor clearing, one inversion per point for `batch_normalize`,
//! num-bigint for encodings and `hash_to_field`, and RFC 9380's own decomposition
//! (`map_to_curve(u0) + map_to_curve(u1)`) for `hash_to_curve`.

use super::{Case, Kind, declassify, expect_eq, to_big};
use crate::valgrind::secret;
use ctt_curves::sw::scalar_mul::{ct_divrem_u64, mul_ct};
use ctt_curves::{AffineRepr, CurveGroup, bls12_381, bn254, p256, secp256k1};
use ctt_field::{Field, PrimeField, Rng, SqrtField};
use num_bigint::BigUint;

/// The cases of this module.
pub const CASES: &[Case] = &[
    Case {
        name: "curves-mul-g1",
        kind: Kind::Real,
        about: "BLS12-381 G1 mul (GLV split, Booth w5, masked table scans) with secret scalar and point",
        declassified: 0,
        run: mul_g1,
    },
    Case {
        name: "curves-mul-g2",
        kind: Kind::Real,
        about: "BLS12-381 G2 mul (GLS split into four 64-bit digits) with secret scalar and point",
        declassified: 0,
        run: mul_g2,
    },
    Case {
        name: "curves-mul-generic",
        kind: Kind::Real,
        about: "BN254 G1 mul (generic Booth w5 ladder, no split) with secret scalar and point",
        declassified: 0,
        run: mul_generic,
    },
    Case {
        name: "curves-mul-bn254-g2",
        kind: Kind::Real,
        about: "BN254 G2 mul (the generic Booth w5 ladder over Fp2) with secret scalar and point",
        declassified: 0,
        run: mul_bn254_g2,
    },
    Case {
        name: "curves-mul-secp256k1-glv",
        kind: Kind::Real,
        about: "secp256k1 mul (GLV split, co-Z ladder on the full-width field)",
        declassified: 0,
        run: mul_secp256k1_glv,
    },
    Case {
        name: "curves-mul-p256",
        kind: Kind::Real,
        about: "P-256 mul (Booth w5, a = -3 complete formulas, full-width field)",
        declassified: 0,
        run: mul_p256,
    },
    Case {
        name: "curves-mul-bn254-glv",
        kind: Kind::Real,
        about: "BN254 G1 mul (GLV split by Babai rounding, signed halves, Booth w5) with secret scalar and point",
        declassified: 0,
        run: mul_bn254_glv,
    },
    Case {
        name: "curves-mul-ladder-edges",
        kind: Kind::Real,
        about: "the co-Z/Jacobian ladder's exceptional additions (acc = entry, acc = −entry, identity acc or entry) with secret sub-scalars and point; G1 mul by 1 and r−1",
        declassified: 0,
        run: mul_ladder_edges,
    },
    Case {
        name: "curves-divrem",
        kind: Kind::Real,
        about: "ct_divrem_u64: the masked long division behind the GLV/GLS splits",
        declassified: 0,
        run: divrem,
    },
    Case {
        name: "curves-add-double-affine",
        kind: Kind::Real,
        about: "complete and mixed addition, doubling, negation, ct_eq, is_identity, \
                conditional_select, to_affine on secret points (BLS12-381 G1: a = 0; P-256: a = -3)",
        declassified: 0,
        run: add_double,
    },
    Case {
        name: "curves-batch-normalize",
        kind: Kind::Real,
        about: "batch_normalize (Montgomery's trick, identities by selection) on secret G1 / G2 points",
        declassified: 0,
        run: batch_normalize,
    },
    Case {
        name: "curves-subgroup-cofactor",
        kind: Kind::Real,
        about: "is_torsion_free, is_on_curve, clear_cofactor on secret points in and out of the \
                subgroup (BLS12-381 G1 / G2, BN254 G2)",
        declassified: 0,
        run: subgroup_cofactor,
    },
    Case {
        name: "curves-encode",
        kind: Kind::Real,
        about: "ZCash to_compressed / to_uncompressed, EVM and EIP-2537 encodings, SEC1 encodings and \
                from_x_and_parity (secp256k1 and P-256) on secret points (identity and both signs \
                included)",
        declassified: 0,
        run: encode,
    },
    Case {
        name: "curves-hash-to-curve",
        kind: Kind::Real,
        about: "hash_to_field (Fp, Fp2), hash_to_curve and encode_to_curve (G1, G2) on a secret message",
        declassified: 0,
        run: hash_to_curve,
    },
    Case {
        name: "curves-map-to-curve",
        kind: Kind::Real,
        about: "RFC 9380 map_to_curve (SSWU, sqrt_ratio, isogeny, cofactor clearing) on secret G1 and G2 field elements",
        declassified: 0,
        run: map_to_curve,
    },
];

/// A fixed-seed generator implementing ctt's `Rng`.
struct Seeded(super::Rng);

impl Rng for Seeded {
    fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }
}

fn mul_g1() -> Result<(), String> {
    let mut rng = Seeded(super::Rng::new(101));
    for _ in 0..2 {
        let mut p = bls12_381::G1Projective::generator().mul_vartime(&Field::random(&mut rng));
        let mut k = ctt_field::bls12_381::Fr::random(&mut rng);
        let want = p.mul_vartime(&k);
        secret(&mut p);
        secret(&mut k);
        let mut got = p.mul(&k);
        declassify("G1 mul", &mut got)?;
        expect_eq("G1 mul", got, want)?;
    }
    Ok(())
}

fn mul_g2() -> Result<(), String> {
    let mut rng = Seeded(super::Rng::new(102));
    let mut p = bls12_381::G2Projective::generator().mul_vartime(&Field::random(&mut rng));
    let mut k = ctt_field::bls12_381::Fr::random(&mut rng);
    let want = p.mul_vartime(&k);
    secret(&mut p);
    secret(&mut k);
    let mut got = p.mul(&k);
    declassify("G2 mul", &mut got)?;
    expect_eq("G2 mul", got, want)
}

fn mul_generic() -> Result<(), String> {
    let mut rng = Seeded(super::Rng::new(103));
    let mut p = bn254::G1Projective::generator().mul_vartime(&Field::random(&mut rng));
    let mut k = ctt_field::bn254::Fr::random(&mut rng);
    let want = p.mul_vartime(&k);
    secret(&mut p);
    secret(&mut k);
    let mut got = mul_ct(&p, &k);
    declassify("BN254 G1 mul", &mut got)?;
    expect_eq("BN254 G1 mul", got, want)
}

fn mul_bn254_g2() -> Result<(), String> {
    let mut rng = Seeded(super::Rng::new(111));
    for _ in 0..2 {
        let mut p = bn254::G2Projective::generator().mul_vartime(&Field::random(&mut rng));
        let mut k = ctt_field::bn254::Fr::random(&mut rng);
        let want = p.mul_vartime(&k);
        secret(&mut p);
        secret(&mut k);
        let mut got = p.mul(&k);
        declassify("BN254 G2 mul", &mut got)?;
        expect_eq("BN254 G2 mul", got, want)?;
    }
    Ok(())
}

fn mul_bn254_glv() -> Result<(), String> {
    let mut rng = Seeded(super::Rng::new(107));
    for _ in 0..2 {
        let mut p = bn254::G1Projective::generator().mul_vartime(&Field::random(&mut rng));
        let mut k = ctt_field::bn254::Fr::random(&mut rng);
        let want = p.mul_vartime(&k);
        secret(&mut p);
        secret(&mut k);
        let mut got = p.mul(&k);
        declassify("BN254 G1 GLV mul", &mut got)?;
        expect_eq("BN254 G1 GLV mul", got, want)?;
    }
    Ok(())
}

fn mul_secp256k1_glv() -> Result<(), String> {
    let mut rng = Seeded(super::Rng::new(109));
    for _ in 0..2 {
        let mut p = secp256k1::Projective::generator().mul_vartime(&Field::random(&mut rng));
        let mut k = ctt_field::secp256k1::Fr::random(&mut rng);
        let want = p.mul_vartime(&k);
        secret(&mut p);
        secret(&mut k);
        let mut got = p.mul(&k);
        declassify("secp256k1 GLV mul", &mut got)?;
        expect_eq("secp256k1 GLV mul", got, want)?;
    }
    Ok(())
}

fn mul_p256() -> Result<(), String> {
    let mut rng = Seeded(super::Rng::new(110));
    let mut p = p256::Projective::generator().mul_vartime(&Field::random(&mut rng));
    let mut k = ctt_field::p256::Fr::random(&mut rng);
    let want = p.mul_vartime(&k);
    secret(&mut p);
    secret(&mut k);
    let mut got = p.mul(&k);
    declassify("P-256 mul", &mut got)?;
    expect_eq("P-256 mul", got, want)
}

fn mul_ladder_edges() -> Result<(), String> {
    use ctt_curves::sw::scalar_mul::mul_ct_split;
    let mut rng = Seeded(super::Rng::new(108));
    let p0 = bls12_381::G1Projective::generator().mul_vartime(&Field::random(&mut rng));
    // (48, 16) on (P, −P) doubles in the last window; (5, 5) ends on acc = −entry; (1, 0) keeps
    // the accumulator at the identity until the last window and adds an identity entry.
    for (a, b, want) in [(48u64, 16u64, 32u64), (5, 5, 0), (1, 0, 1)] {
        let mut p = p0;
        let mut subs = [[a, 0, 0, 0, 0], [b, 0, 0, 0, 0]];
        secret(&mut p);
        secret(&mut subs);
        let mut got = mul_ct_split(&p, &subs, 64, |t| [t, t.map(|[x, y]| [*x, -*y])]);
        declassify("ladder edge", &mut got)?;
        let want = p0.mul_vartime(&ctt_field::bls12_381::Fr::from_u64(want));
        expect_eq("ladder edge", got, want)?;
    }
    for k in [
        ctt_field::bls12_381::Fr::ONE,
        -ctt_field::bls12_381::Fr::ONE,
    ] {
        let (mut p, mut k2) = (p0, k);
        secret(&mut p);
        secret(&mut k2);
        let mut got = p.mul(&k2);
        declassify("G1 mul edge", &mut got)?;
        expect_eq("G1 mul edge", got, p0.mul_vartime(&k))?;
    }
    Ok(())
}

fn divrem() -> Result<(), String> {
    let mut rng = super::Rng::new(104);
    let d = bls12_381::Z_ABS;
    let mut x = [
        rng.next_u64(),
        rng.next_u64(),
        rng.next_u64(),
        rng.next_u64() >> 1,
        0,
    ];
    let want = {
        let xb = BigUint::from_slice(
            &x.iter()
                .flat_map(|w| [*w as u32, (w >> 32) as u32])
                .collect::<Vec<_>>(),
        );
        let db = BigUint::from(d);
        ((&xb / &db).to_u64_digits(), (&xb % &db).to_u64_digits())
    };
    secret(&mut x);
    let (mut q, mut r) = ct_divrem_u64(&x, d);
    declassify("quotient", &mut q)?;
    declassify("remainder", &mut r)?;
    let qv: Vec<u64> = q
        .iter()
        .copied()
        .rev()
        .skip_while(|w| *w == 0)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    expect_eq("quotient", qv, want.0)?;
    expect_eq(
        "remainder",
        vec![r],
        if want.1.is_empty() { vec![0] } else { want.1 },
    )
}

fn add_double() -> Result<(), String> {
    check_add_double::<bls12_381::G1Config>(105)?;
    check_add_double::<p256::Config>(107)
}

/// The point formulas of one curve on secret points `a = [k]G`, `b = [l]G`: sums (`a + a` and
/// `a − a` reach the doubling and identity cases of the complete formulas), doubling, negation,
/// mixed addition (the affine identity too), `ct_eq`, `is_identity`, `conditional_select` with
/// a secret choice, the affine form. Oracle: the scalars' arithmetic and `mul_vartime`.
#[allow(clippy::eq_op)] // `a - a` on secret points is part of what is checked
fn check_add_double<C: ctt_curves::sw::SwCurveConfig>(seed: u64) -> Result<(), String> {
    use ctt_bigint::{ConditionallySelectable, ConstantTimeEq};
    use ctt_curves::sw::{Affine, Projective};
    let mut rng = Seeded(super::Rng::new(seed));
    let (k, l) = (C::Scalar::random(&mut rng), C::Scalar::random(&mut rng));
    let g = Projective::<C>::generator();
    let at = |s: C::Scalar| g.mul_vartime(&s);
    let want = [k + l, k.double(), k.double(), C::Scalar::ZERO, -k].map(at);
    let want_mixed = [k + l, k].map(at);
    let (want_affine, want_picked) = (at(k + l).to_affine(), at(l));
    let (mut a, mut b, mut b_affine) = (at(k), at(l), at(l).to_affine());
    let mut pick = ctt_bigint::Choice::from(true);
    secret(&mut a);
    secret(&mut b);
    secret(&mut b_affine);
    secret(&mut pick);
    let mut got = [a + b, a.double(), a + a, a - a, -a];
    let mut mixed = [a.add_mixed(&b_affine), a.add_affine(&Affine::identity())];
    let mut affine = (a + b).to_affine();
    let mut picked = Projective::conditional_select(&a, &b, pick);
    let mut tests = [
        (a + b).ct_eq(&(b + a)),
        a.ct_eq(&b),
        (a - a).is_identity(),
        a.is_identity(),
    ];
    declassify("sums", &mut got)?;
    declassify("mixed sums", &mut mixed)?;
    declassify("affine", &mut affine)?;
    declassify("conditional_select", &mut picked)?;
    declassify("ct_eq / is_identity", &mut tests)?;
    expect_eq("sums", got, want)?;
    expect_eq("mixed sums", mixed, want_mixed)?;
    expect_eq("affine", affine, want_affine)?;
    expect_eq("conditional_select", picked, want_picked)?;
    expect_eq(
        "ct_eq / is_identity",
        tests.map(bool::from),
        [true, false, true, false],
    )
}

fn map_to_curve() -> Result<(), String> {
    let mut rng = Seeded(super::Rng::new(106));
    let mut u1 = ctt_field::bls12_381::Fp::random(&mut rng);
    let mut u2 = ctt_field::bls12_381::Fp2::random(&mut rng);
    let want1 = bls12_381::G1Projective::map_to_curve(&u1);
    let want2 = bls12_381::G2Projective::map_to_curve(&u2);
    secret(&mut u1);
    secret(&mut u2);
    let mut got1 = bls12_381::G1Projective::map_to_curve(&u1);
    let mut got2 = bls12_381::G2Projective::map_to_curve(&u2);
    declassify("G1 map", &mut got1)?;
    declassify("G2 map", &mut got2)?;
    expect_eq("G1 map", got1, want1)?;
    expect_eq("G2 map", got2, want2)
}

/// `batch_normalize` against one `to_affine` per point (each its own inversion).
fn check_batch_normalize<G: CurveGroup>(seed: u64) -> Result<(), String> {
    let mut rng = Seeded(super::Rng::new(seed));
    let g = G::generator();
    let a = g.mul_vartime(&Field::random(&mut rng));
    let b = g.mul_vartime(&Field::random(&mut rng));
    // Z ≠ 1 everywhere but the generator; an identity in the middle.
    let points = [a, G::identity(), b.double(), a + b, g];
    let want: Vec<G::Affine> = points.iter().map(|p| p.to_affine()).collect();
    let mut sp = points;
    secret(&mut sp);
    let mut got = vec![G::Affine::identity(); sp.len()];
    G::batch_normalize(&sp, &mut got);
    declassify("batch_normalize", &mut got[..])?;
    expect_eq("batch_normalize", got, want)
}

fn batch_normalize() -> Result<(), String> {
    check_batch_normalize::<bls12_381::G1Projective>(121)?;
    check_batch_normalize::<bls12_381::G2Projective>(122)
}

/// Checks `is_torsion_free`, `is_on_curve` (projective and affine) and `clear_cofactor` on secret
/// points: `ins` in the subgroup, `outs` on the curve but outside it. Oracles: multiplication by
/// r is the identity (subgroup), the points are on the curve by construction and a changed y is
/// not, and `clear` (variable-time double-and-add on the public copy) for the cofactor.
fn check_subgroup<G: CurveGroup>(
    ins: &[G],
    outs: &[G],
    clear: impl Fn(&G) -> G,
    off_curve: G,
) -> Result<(), String> {
    let r = G::Scalar::MODULUS_LIMBS;
    for (p, expect_in) in ins
        .iter()
        .map(|p| (p, true))
        .chain(outs.iter().map(|p| (p, false)))
    {
        expect_eq(
            "oracle: subgroup membership",
            bool::from(p.mul_bigint_vartime(r).is_identity()),
            expect_in,
        )?;
        let want_clear = clear(p);
        let (mut sp, mut sa) = (*p, p.to_affine());
        secret(&mut sp);
        secret(&mut sa);
        let mut flags = [
            sp.is_torsion_free(),
            sa.is_torsion_free(),
            sp.is_on_curve(),
            sa.is_on_curve(),
        ];
        let mut cleared = sp.clear_cofactor();
        declassify("subgroup flags", &mut flags)?;
        declassify("clear_cofactor", &mut cleared)?;
        expect_eq(
            "is_torsion_free, is_on_curve",
            flags.map(bool::from),
            [expect_in, expect_in, true, true],
        )?;
        expect_eq("clear_cofactor", cleared, want_clear)?;
    }
    let mut off = off_curve;
    secret(&mut off);
    let mut flag = off.is_on_curve();
    declassify("is_on_curve (off the curve)", &mut flag)?;
    expect_eq("is_on_curve (off the curve)", bool::from(flag), false)
}

/// `p` with `y` replaced by `y + 1`: off the curve (`(y + 1)² = y²` would need `2y + 1 = 0`, and
/// the inputs here are not that point).
fn bump_y<C: ctt_curves::sw::SwCurveConfig>(
    p: &ctt_curves::sw::Projective<C>,
) -> ctt_curves::sw::Projective<C> {
    let a = p.to_affine();
    ctt_curves::sw::Projective::new_unchecked(a.x, a.y + C::Base::ONE, C::Base::ONE)
}

/// BLS12-381 G2's effective cofactor `h_eff` (RFC 9380 §8.8.2), little-endian words.
fn h_eff_g2() -> Vec<u64> {
    BigUint::parse_bytes(
        b"bc69f08f2ee75b3584c6a0ea91b352888e2a8e9145ad7689986ff031508ffe1329c2f178731db956d82bf015d1212b02ec0ec69d7477c1ae954cbc06689f6a359894c0adebbf6b4e8020005aaa95551",
        16,
    )
    .unwrap()
    .to_u64_digits()
}

fn subgroup_cofactor() -> Result<(), String> {
    let mut rng = Seeded(super::Rng::new(131));
    // BLS12-381 G1: h_eff = 1 − z = |z| + 1.
    let g1 = bls12_381::G1Projective::generator().mul_vartime(&Field::random(&mut rng));
    let e1 = bls12_381::G1Projective::map_to_curve_uncleared(&Field::random(&mut rng));
    check_subgroup(
        &[g1],
        &[e1],
        |p| p.mul_bigint_vartime(&[bls12_381::Z_ABS + 1]),
        bump_y(&g1),
    )?;
    // BLS12-381 G2.
    let g2 = bls12_381::G2Projective::generator().mul_vartime(&Field::random(&mut rng));
    let e2 = bls12_381::G2Projective::map_to_curve_uncleared(&Field::random(&mut rng));
    let h = h_eff_g2();
    check_subgroup(&[g2], &[e2], |p| p.mul_bigint_vartime(&h), bump_y(&g2))?;
    // BN254 G2: a twist point outside G2, cleared by [x]P + ψ([3x]P) + ψ²([x]P) + ψ³(P)
    // (Fuentes-Castañeda, Knapp, Rodríguez-Henríquez), here by the variable-time ladder.
    let b2 = bn254::G2Projective::generator().mul_vartime(&Field::random(&mut rng));
    let twist = (1u64..)
        .find_map(|t| {
            let x = ctt_field::bn254::Fp2::new(ctt_field::bn254::Fp::from_u64(t), Field::ONE);
            let rhs = x.square() * x + <bn254::G2Config as ctt_curves::sw::SwCurveConfig>::COEFF_B;
            rhs.sqrt()
                .into_option()
                .map(|y| bn254::G2Projective::new_unchecked(x, y, Field::ONE))
        })
        .unwrap();
    let bn_clear = |p: &bn254::G2Projective| {
        let xp = p.mul_bigint_vartime(&[bn254::X0]);
        let psi = bn254::psi;
        xp + psi(&xp.mul_bigint_vartime(&[3])) + psi(&psi(&xp)) + psi(&psi(&psi(p)))
    };
    check_subgroup(&[b2], &[twist], bn_clear, bump_y(&b2))
}

/// `x` as `len` big-endian bytes (oracle side).
fn be(x: &BigUint, len: usize) -> Vec<u8> {
    let b = x.to_bytes_be();
    let mut out = vec![0u8; len - b.len()];
    out.extend(b);
    out
}

/// The canonical integer of a public prime-field element.
fn int<F: PrimeField<Repr = R>, R: AsRef<[u8]>>(x: &F) -> BigUint {
    BigUint::from_bytes_be(x.to_bytes_be().as_ref())
}

fn encode() -> Result<(), String> {
    use ctt_field::bls12_381::{Fp, Fp2};
    let p381 = to_big(&<ctt_field::bls12_381::FpConfig as ctt_field::fp::FpParams<6>>::MODULUS);
    let half = (&p381 - 1u8) >> 1u32;
    let mut rng = Seeded(super::Rng::new(141));
    // BLS12-381 G1: a point, its negation (the other sign) and the identity.
    let a = bls12_381::G1Projective::generator()
        .mul_vartime(&Field::random(&mut rng))
        .to_affine();
    for p in [a, -a, bls12_381::G1Affine::IDENTITY] {
        let (want_c, want_u, want_e) = if bool::from(p.infinity) {
            let mut c = vec![0u8; 48];
            c[0] = 0xc0;
            let mut u = vec![0u8; 96];
            u[0] = 0x40;
            (c, u, vec![0u8; 128])
        } else {
            let (x, y) = (int::<Fp, _>(&p.x), int::<Fp, _>(&p.y));
            let mut c = be(&x, 48);
            c[0] |= 0x80 | if y > half { 0x20 } else { 0 };
            let u = [be(&x, 48), be(&y, 48)].concat();
            let e = [be(&x, 64), be(&y, 64)].concat();
            (c, u, e)
        };
        let mut sp = p;
        secret(&mut sp);
        let mut got = (
            sp.to_compressed(),
            sp.to_uncompressed(),
            sp.to_eip2537_bytes(),
        );
        declassify("G1 encodings", &mut got)?;
        expect_eq("G1 to_compressed", got.0.to_vec(), want_c)?;
        expect_eq("G1 to_uncompressed", got.1.to_vec(), want_u)?;
        expect_eq("G1 to_eip2537_bytes", got.2.to_vec(), want_e)?;
    }
    // BLS12-381 G2: a point and its negation give both signs of y.c1; the comparison of y.c0
    // (for y.c1 = 0) is always computed and selected away, so the same instructions run.
    let b = bls12_381::G2Projective::generator()
        .mul_vartime(&Field::random(&mut rng))
        .to_affine();
    let fp2 = |x: &Fp2| (int::<Fp, _>(&x.c0), int::<Fp, _>(&x.c1));
    for p in [b, -b, bls12_381::G2Affine::IDENTITY] {
        let (want_c, want_u, want_e) = if bool::from(p.infinity) {
            let mut c = vec![0u8; 96];
            c[0] = 0xc0;
            let mut u = vec![0u8; 192];
            u[0] = 0x40;
            (c, u, vec![0u8; 256])
        } else {
            let ((x0, x1), (y0, y1)) = (fp2(&p.x), fp2(&p.y));
            let larger = if y1.bits() != 0 { y1 > half } else { y0 > half };
            let mut c = [be(&x1, 48), be(&x0, 48)].concat();
            c[0] |= 0x80 | if larger { 0x20 } else { 0 };
            let u = [be(&x1, 48), be(&x0, 48), be(&y1, 48), be(&y0, 48)].concat();
            let e = [be(&x0, 64), be(&x1, 64), be(&y0, 64), be(&y1, 64)].concat();
            (c, u, e)
        };
        let mut sp = p;
        secret(&mut sp);
        let mut got = (
            sp.to_compressed(),
            sp.to_uncompressed(),
            sp.to_eip2537_bytes(),
        );
        declassify("G2 encodings", &mut got)?;
        expect_eq("G2 to_compressed", got.0.to_vec(), want_c)?;
        expect_eq("G2 to_uncompressed", got.1.to_vec(), want_u)?;
        expect_eq("G2 to_eip2537_bytes", got.2.to_vec(), want_e)?;
    }
    // BN254 EVM encodings (EIP-196/197), identity = zeros.
    let c = bn254::G1Projective::generator()
        .mul_vartime(&Field::random(&mut rng))
        .to_affine();
    let d = bn254::G2Projective::generator()
        .mul_vartime(&Field::random(&mut rng))
        .to_affine();
    for (p, q) in [
        (c, d),
        (bn254::G1Affine::IDENTITY, bn254::G2Affine::IDENTITY),
    ] {
        let bn = |x: &ctt_field::bn254::Fp| be(&int(x), 32);
        let (want_p, want_q) = if bool::from(p.infinity) {
            (vec![0u8; 64], vec![0u8; 128])
        } else {
            (
                [bn(&p.x), bn(&p.y)].concat(),
                [bn(&q.x.c1), bn(&q.x.c0), bn(&q.y.c1), bn(&q.y.c0)].concat(),
            )
        };
        let (mut sp, mut sq) = (p, q);
        secret(&mut sp);
        secret(&mut sq);
        let mut got = (sp.to_evm_bytes(), sq.to_evm_bytes());
        declassify("EVM encodings", &mut got)?;
        expect_eq("BN254 G1 to_evm_bytes", got.0.to_vec(), want_p)?;
        expect_eq("BN254 G2 to_evm_bytes", got.1.to_vec(), want_q)?;
    }
    // SEC1 (secp256k1, P-256): both parities, and the point recovered from (x, parity).
    let k = secp256k1::Projective::generator()
        .mul_vartime(&Field::random(&mut rng))
        .to_affine();
    let n = p256::Projective::generator()
        .mul_vartime(&Field::random(&mut rng))
        .to_affine();
    check_sec1("secp256k1", k)?;
    check_sec1("P-256", n)
}

/// SEC1 on one curve: a point and its negation (both parities of y) and the identity (all zero
/// bytes), and the point recovered from its x and the parity of y, all secret.
fn check_sec1<C: ctt_curves::sw::SwCurveConfig>(
    curve: &str,
    p: ctt_curves::sw::Affine<C>,
) -> Result<(), String>
where
    C::Base: PrimeField<Repr = [u8; 32]>,
{
    use ctt_curves::sw::Affine;
    for p in [p, -p, Affine::identity()] {
        let (x, y) = (int(&p.x), int(&p.y));
        let mut sp = p;
        secret(&mut sp);
        let mut got = (sp.to_sec1_compressed(), sp.to_sec1_uncompressed());
        declassify("SEC1 encodings", &mut got)?;
        let (want_c, want_u) = if bool::from(p.infinity) {
            (vec![0u8; 33], vec![0u8; 65])
        } else {
            let want_c = [vec![0x02 | y.bit(0) as u8], be(&x, 32)].concat();
            (want_c, [vec![0x04], be(&x, 32), be(&y, 32)].concat())
        };
        expect_eq(
            &format!("{curve} to_sec1_compressed"),
            got.0.to_vec(),
            want_c,
        )?;
        expect_eq(
            &format!("{curve} to_sec1_uncompressed"),
            got.1.to_vec(),
            want_u,
        )?;
        if bool::from(p.infinity) {
            continue;
        }
        let mut sx = p.x;
        let mut odd = ctt_field::Choice::from(y.bit(0));
        secret(&mut sx);
        secret(&mut odd);
        let mut back = Affine::<C>::from_x_and_parity(&sx, odd);
        declassify("from_x_and_parity", &mut back)?;
        expect_eq(
            &format!("{curve} from_x_and_parity"),
            back.into_option(),
            Some(p),
        )?;
    }
    Ok(())
}

fn hash_to_curve() -> Result<(), String> {
    use ctt_curves::h2c::hash_to_field;
    use ctt_field::bls12_381::{Fp, Fp2};
    const DST_G1: &[u8] = b"QUUX-V01-CS02-with-BLS12381G1_XMD:SHA-256_SSWU_RO_";
    const DST_G2: &[u8] = b"QUUX-V01-CS02-with-BLS12381G2_XMD:SHA-256_SSWU_RO_";
    let p = to_big(&<ctt_field::bls12_381::FpConfig as ctt_field::fp::FpParams<6>>::MODULUS);
    let msg = b"ctgrind: a secret message to hash".to_vec();
    // hash_to_field by the oracle: expand_message_xmd (pinned by the hash-xmd case's RFC
    // vectors) on the public message, then 64-byte chunks reduced mod p by num-bigint.
    let field_oracle = |dst: &[u8], count: usize| -> Result<Vec<BigUint>, String> {
        let mut uniform = vec![0u8; count * 64];
        ctt_hash::expand_message_xmd(&msg, dst, &mut uniform).map_err(|e| e.to_string())?;
        Ok(uniform
            .chunks(64)
            .map(|c| BigUint::from_bytes_be(c) % &p)
            .collect())
    };
    let want_u1 = field_oracle(DST_G1, 2)?;
    let want_u2 = field_oracle(DST_G2, 4)?;
    // hash_to_curve = map_to_curve(u0) + map_to_curve(u1) (RFC 9380 §3; the cofactor clearing
    // of map_to_curve is a homomorphism); encode_to_curve = map_to_curve(u0).
    let mut u1 = [Fp::ZERO; 2];
    let mut u2 = [Fp2::ZERO; 2];
    hash_to_field(&msg, DST_G1, &mut u1).map_err(|e| e.to_string())?;
    hash_to_field(&msg, DST_G2, &mut u2).map_err(|e| e.to_string())?;
    let want_h1 = bls12_381::G1Projective::map_to_curve(&u1[0])
        + bls12_381::G1Projective::map_to_curve(&u1[1]);
    let want_e1 = {
        let mut u = [Fp::ZERO; 1];
        hash_to_field(&msg, DST_G1, &mut u).map_err(|e| e.to_string())?;
        bls12_381::G1Projective::map_to_curve(&u[0])
    };
    let want_h2 = bls12_381::G2Projective::map_to_curve(&u2[0])
        + bls12_381::G2Projective::map_to_curve(&u2[1]);
    let want_e2 = {
        let mut u = [Fp2::ZERO; 1];
        hash_to_field(&msg, DST_G2, &mut u).map_err(|e| e.to_string())?;
        bls12_381::G2Projective::map_to_curve(&u[0])
    };

    let mut sm = msg.clone();
    secret(&mut sm[..]);
    let (mut su1, mut su2) = ([Fp::ZERO; 2], [Fp2::ZERO; 2]);
    hash_to_field(&sm, DST_G1, &mut su1).map_err(|e| e.to_string())?;
    hash_to_field(&sm, DST_G2, &mut su2).map_err(|e| e.to_string())?;
    let mut h1 = bls12_381::G1Projective::hash_to_curve(&sm, DST_G1).map_err(|e| e.to_string())?;
    let mut e1 =
        bls12_381::G1Projective::encode_to_curve(&sm, DST_G1).map_err(|e| e.to_string())?;
    let mut h2 = bls12_381::G2Projective::hash_to_curve(&sm, DST_G2).map_err(|e| e.to_string())?;
    let mut e2 =
        bls12_381::G2Projective::encode_to_curve(&sm, DST_G2).map_err(|e| e.to_string())?;
    declassify("hash_to_field Fp", &mut su1)?;
    declassify("hash_to_field Fp2", &mut su2)?;
    declassify("G1 hash_to_curve", &mut h1)?;
    declassify("G1 encode_to_curve", &mut e1)?;
    declassify("G2 hash_to_curve", &mut h2)?;
    declassify("G2 encode_to_curve", &mut e2)?;
    let got_u1: Vec<BigUint> = su1.iter().map(int).collect();
    let got_u2: Vec<BigUint> = su2.iter().flat_map(|x| [int(&x.c0), int(&x.c1)]).collect();
    expect_eq("hash_to_field Fp", got_u1, want_u1)?;
    expect_eq("hash_to_field Fp2", got_u2, want_u2)?;
    expect_eq("G1 hash_to_curve", h1, want_h1)?;
    expect_eq("G1 encode_to_curve", e1, want_e1)?;
    expect_eq("G2 hash_to_curve", h2, want_h2)?;
    expect_eq("G2 encode_to_curve", e2, want_e2)
}
