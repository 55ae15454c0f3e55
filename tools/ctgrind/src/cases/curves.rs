//! ctt-curves: the secret paths of the curve layer — constant-time scalar multiplication with
//! the GLV (G1) and GLS (G2) splits of BLS12-381, BN254 G1's GLV split and the generic Booth ladder, the
//! constant-time division that computes the splits, the complete addition and doubling formulas,
//! the conversion to affine coordinates, and the hash-to-curve maps (SSWU with sqrt_ratio, the
//! isogenies, cofactor clearing).
//!
//! Secret inputs: the scalar and the point. The oracle is the variable-time double-and-add of
//! the curve crate run on public copies before anything is marked.

use super::{Case, Kind, declassify, expect_eq};
use crate::valgrind::secret;
use ctt_curves::sw::scalar_mul::{ct_divrem_u64, mul_ct};
use ctt_curves::{CurveGroup, bls12_381, bn254, p256, secp256k1};
use ctt_field::{Field, PrimeField, Rng};

/// The cases of this module.
pub const CASES: &[Case] = &[
    Case {
        name: "curves-mul-g1",
        kind: Kind::Real,
        about: "BLS12-381 G1 mul (GLV split, Booth w5, masked table scans) with secret scalar and point",
        run: mul_g1,
    },
    Case {
        name: "curves-mul-g2",
        kind: Kind::Real,
        about: "BLS12-381 G2 mul (GLS split into four 64-bit digits) with secret scalar and point",
        run: mul_g2,
    },
    Case {
        name: "curves-mul-generic",
        kind: Kind::Real,
        about: "BN254 G1 mul (generic Booth w5 ladder, no split) with secret scalar and point",
        run: mul_generic,
    },
    Case {
        name: "curves-mul-secp256k1-glv",
        kind: Kind::Real,
        about: "secp256k1 mul (GLV split, co-Z ladder on the full-width field)",
        run: mul_secp256k1_glv,
    },
    Case {
        name: "curves-mul-p256",
        kind: Kind::Real,
        about: "P-256 mul (Booth w5, a = -3 complete formulas, full-width field)",
        run: mul_p256,
    },
    Case {
        name: "curves-mul-bn254-glv",
        kind: Kind::Real,
        about: "BN254 G1 mul (GLV split by Babai rounding, signed halves, Booth w5) with secret scalar and point",
        run: mul_bn254_glv,
    },
    Case {
        name: "curves-mul-ladder-edges",
        kind: Kind::Real,
        about: "the co-Z/Jacobian ladder's exceptional additions (acc = entry, acc = −entry, identity acc or entry) with secret sub-scalars and point; G1 mul by 1 and r−1",
        run: mul_ladder_edges,
    },
    Case {
        name: "curves-divrem",
        kind: Kind::Real,
        about: "ct_divrem_u64: the masked long division behind the GLV/GLS splits",
        run: divrem,
    },
    Case {
        name: "curves-add-double-affine",
        kind: Kind::Real,
        about: "complete addition, mixed addition, doubling, to_affine on secret points",
        run: add_double,
    },
    Case {
        name: "curves-map-to-curve",
        kind: Kind::Real,
        about: "RFC 9380 map_to_curve (SSWU, sqrt_ratio, isogeny, cofactor clearing) on secret G1 and G2 field elements",
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
        let xb = num_bigint::BigUint::from_slice(
            &x.iter()
                .flat_map(|w| [*w as u32, (w >> 32) as u32])
                .collect::<Vec<_>>(),
        );
        let db = num_bigint::BigUint::from(d);
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

#[allow(clippy::eq_op)] // `a - a` on secret points is part of what is checked
fn add_double() -> Result<(), String> {
    let mut rng = Seeded(super::Rng::new(105));
    let g = bls12_381::G1Projective::generator();
    let (mut a, mut b) = (
        g.mul_vartime(&Field::random(&mut rng)),
        g.mul_vartime(&Field::random(&mut rng)),
    );
    let want = [a + b, a.double(), a + a, a - a];
    let want_affine = (a + b).to_affine();
    let mut b_affine = b.to_affine();
    secret(&mut a);
    secret(&mut b);
    secret(&mut b_affine);
    let mut got = [a + b, a.double(), a + a, a - a];
    let mut mixed = a.add_affine(&b_affine);
    let mut affine = (a + b).to_affine();
    declassify("sums", &mut got)?;
    declassify("mixed sum", &mut mixed)?;
    declassify("affine", &mut affine)?;
    expect_eq("sums", got, want)?;
    expect_eq("mixed", mixed, want[0])?;
    expect_eq("affine", affine, want_affine)
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
