//! ctt-pairing: the multi-Miller loop with secret points (one pair with the identity, which the
//! loop replaces by the line 1 through a secret-dependent selection) and the final
//! exponentiation of a secret Miller value: the easy part (Fp12 inversion), BLS12-381's hard part
//! with Karabina compressed squarings and the batched decompression (a zero test and a batched
//! Fp2 inversion on secret data), BN254's with a width-4 NAF and its table of odd powers.
//!
//! Oracle: the reference pairing of ctt-pairing (feature `reference`: textbook Miller loop with
//! affine lines in Fp12, final exponentiation as one plain power by `m·(p¹² − 1)/r`), on the
//! public copies.

use super::{Case, Kind, declassify, expect_eq};
use crate::valgrind::secret;
use ctt_bigint::{ConditionallySelectable, ConstantTimeEq};
use ctt_curves::sw::{Affine, SwCurveConfig};
use ctt_curves::{AffineRepr, CurveGroup};
use ctt_field::tower::Fp12;
use ctt_field::{ExtensionField, Field, PrimeField};
use ctt_pairing::final_exp::easy_part;
use ctt_pairing::{G2Prepared, Gt, PairingConfig, bls12_381, bn254, reference};
use num_bigint::BigUint;

/// The cases of this module.
pub const CASES: &[Case] = &[
    Case {
        name: "pairing-miller-loop",
        kind: Kind::Real,
        about: "multi-Miller loop + final exponentiation, multi_pairing, pairing with secret G1/G2 \
                points, one identity pair (BLS12-381 and BN254)",
        declassified: 0,
        run: miller_loop,
    },
    Case {
        name: "pairing-final-exp",
        kind: Kind::Real,
        about: "final exponentiation of a secret Miller value: easy part, Karabina/wNAF hard parts \
                (BLS12-381 and BN254)",
        declassified: 0,
        run: final_exp,
    },
    Case {
        name: "pairing-prepared",
        kind: Kind::Real,
        about: "G2Prepared::new and new_raw, the multi-Miller loop over prepared lines and the final \
                exponentiation, secret G1 and G2 points, one G1 identity (BLS12-381 and BN254)",
        declassified: 0,
        run: prepared,
    },
    Case {
        name: "pairing-gt-pow",
        kind: Kind::Real,
        about: "Gt::pow (4-bit window, masked table scan) with secret base and exponent, Gt square, \
                inverse, is_identity, ct_eq, product, conditional_select (BLS12-381 and BN254)",
        declassified: 0,
        run: gt_pow,
    },
];

type Pair<C> = (
    Affine<<C as PairingConfig>::G1>,
    Affine<<C as PairingConfig>::G2>,
);

/// `([k]G1, [k + 1]G2)` for a few public multipliers k.
fn pairs<C: PairingConfig>(ks: &[u64]) -> Vec<Pair<C>> {
    ks.iter()
        .map(|&k| {
            let a = <C::G1 as SwCurveConfig>::Scalar::from_u64(k);
            let b = <C::G1 as SwCurveConfig>::Scalar::from_u64(k + 1);
            (
                Affine::<C::G1>::generator().to_group().mul(&a).to_affine(),
                Affine::<C::G2>::generator().to_group().mul(&b).to_affine(),
            )
        })
        .collect()
}

/// The fixed multiple of the fast hard parts: 3 for BLS12-381, `2x₀(6x₀² + 3x₀ + 1)` for BN254.
fn multiple(bn: bool) -> BigUint {
    if bn {
        let x0 = BigUint::from(ctt_curves::bn254::X0);
        2u32 * &x0 * (6u32 * &x0 * &x0 + 3u32 * &x0 + 1u32)
    } else {
        BigUint::from(3u32)
    }
}

/// A way to compute `∏ e(Pᵢ, Qᵢ)`, with its name.
type PairingProduct<C> = (
    &'static str,
    fn(&[Pair<C>]) -> Fp12<<C as PairingConfig>::Tower>,
);

/// Each of `runs` on the same secret pairs (two random ones and one with the G2 identity).
fn check_miller<C: PairingConfig>(bn: bool, runs: &[PairingProduct<C>]) -> Result<(), String> {
    let mut ps = pairs::<C>(&[5, 0x1234_5678]);
    ps.push((Affine::<C::G1>::generator(), Affine::<C::G2>::identity()));
    let m = multiple(bn);
    let want = reference::pairing::<C>(&ps[0].0, &ps[0].1, &m)
        * reference::pairing::<C>(&ps[1].0, &ps[1].1, &m);
    for (name, run) in runs {
        let mut secret_pairs = ps.clone();
        secret(&mut secret_pairs[..]);
        let mut got = run(&secret_pairs);
        declassify(name, &mut got)?;
        expect_eq(name, got, want)?;
    }
    Ok(())
}

fn miller_loop() -> Result<(), String> {
    check_miller::<bls12_381::Bls12_381>(
        false,
        &[
            ("multi_miller_loop + final_exponentiation", |ps| {
                *bls12_381::multi_miller_loop(ps)
                    .final_exponentiation()
                    .as_fp12()
            }),
            ("multi_pairing", |ps| {
                *bls12_381::multi_pairing(ps).as_fp12()
            }),
            ("pairing", |ps| {
                ps.iter()
                    .map(|(p, q)| *bls12_381::pairing(p, q).as_fp12())
                    .fold(Fp12::ONE, |acc, f| acc * f)
            }),
        ],
    )?;
    check_miller::<bn254::Bn254>(
        true,
        &[
            ("multi_miller_loop + final_exponentiation", |ps| {
                *bn254::multi_miller_loop(ps)
                    .final_exponentiation()
                    .as_fp12()
            }),
            ("multi_pairing", |ps| *bn254::multi_pairing(ps).as_fp12()),
            ("pairing", |ps| {
                ps.iter()
                    .map(|(p, q)| *bn254::pairing(p, q).as_fp12())
                    .fold(Fp12::ONE, |acc, f| acc * f)
            }),
        ],
    )
}

fn check_final_exp<C: PairingConfig>(bn: bool) -> Result<(), String> {
    let m = multiple(bn);
    for (p, q) in pairs::<C>(&[7, 0xdead_beef]) {
        let f = reference::miller_loop::<C>(&p, &q);
        let want = reference::final_exponentiation::<C>(&f, &m);
        let mut sf = f;
        secret(&mut sf);
        let mut got = C::final_exp_hard(&easy_part(&sf));
        declassify("final exponentiation", &mut got)?;
        expect_eq("final exponentiation", got, want)?;
    }
    Ok(())
}

fn final_exp() -> Result<(), String> {
    check_final_exp::<bls12_381::Bls12_381>(false)?;
    check_final_exp::<bn254::Bn254>(true)
}

/// Secret G1 points against G2 points prepared from secret points (the line precomputation is
/// the on-the-fly loop's code, run ahead), one G1 identity; oracle: the on-the-fly loop.
/// A way to prepare a G2 point.
type Prepare<C> = fn(&Affine<<C as PairingConfig>::G2>) -> G2Prepared<C>;

fn check_prepared<C: PairingConfig>() -> Result<(), String> {
    let ps = pairs::<C>(&[11, 0x7654_3210]);
    let mut g1: Vec<Affine<C::G1>> = ps.iter().map(|(p, _)| *p).collect();
    g1.push(Affine::<C::G1>::identity());
    let mut g2: Vec<Affine<C::G2>> = ps.iter().map(|(_, q)| *q).collect();
    g2.push(ps[0].1);
    let want_pairs: Vec<Pair<C>> = g1.iter().copied().zip(g2.iter().copied()).collect();
    // The prepared loop's value differs from the plain one's by subfield factors (normalised
    // lines and G1 inputs): compare after the final exponentiation.
    let final_exp = |f| *ctt_pairing::gt::final_exponentiation::<C>(&f).as_fp12();
    let want = final_exp(ctt_pairing::gt::multi_miller_loop::<C>(&want_pairs));
    secret(&mut g1[..]);
    secret(&mut g2[..]);
    let forms: [(&str, Prepare<C>); 2] = [
        ("prepared Miller loop (normalised lines)", G2Prepared::new),
        ("prepared Miller loop (raw lines)", G2Prepared::new_raw),
    ];
    for (name, prepare) in forms {
        let q: Vec<G2Prepared<C>> = g2.iter().map(prepare).collect();
        let prepared: Vec<(Affine<C::G1>, &G2Prepared<C>)> =
            g1.iter().copied().zip(q.iter()).collect();
        let mut got = final_exp(ctt_pairing::prepared::multi_miller_loop_prepared::<C>(
            &prepared,
        ));
        declassify(name, &mut got)?;
        expect_eq(name, got, want)?;
    }
    Ok(())
}

fn prepared() -> Result<(), String> {
    check_prepared::<bls12_381::Bls12_381>()?;
    check_prepared::<bn254::Bn254>()
}

/// The canonical little-endian words of a scalar (oracle side).
fn words<F: PrimeField>(k: &F) -> Vec<u64> {
    k.to_bytes_le()
        .as_ref()
        .chunks(8)
        .map(|c| {
            let mut w = [0u8; 8];
            w[..c.len()].copy_from_slice(c);
            u64::from_le_bytes(w)
        })
        .collect()
}

fn check_gt_pow<C: PairingConfig>(seed: u64) -> Result<(), String> {
    type Fr<C> = <<C as PairingConfig>::G1 as SwCurveConfig>::Scalar;
    let mut rng = super::Rng::new(seed);
    let (p, q) = pairs::<C>(&[rng.next_u64() | 1])[0];
    let base = ctt_pairing::gt::pairing::<C>(&p, &q);
    let f = *base.as_fp12();
    // A random exponent and r − 1 (whose nibbles reach the high table entries).
    let r_minus_1 = -Fr::<C>::ONE;
    let random = Fr::<C>::from_bytes_be_mod_order(
        &(0..48).map(|_| rng.next_u64() as u8).collect::<Vec<_>>(),
    );
    for k in [random, r_minus_1] {
        let want_pow = f.pow_vartime(&words(&k));
        let want_misc = [f.square(), f.conjugate(), f * f * f];
        let (mut sb, mut sk) = (base, k);
        secret(&mut sb);
        secret(&mut sk);
        let mut got_pow = *sb.pow(&sk).as_fp12();
        let mut got_misc = [
            *sb.square().as_fp12(),
            *sb.inverse().as_fp12(),
            *(sb * sb * sb).as_fp12(),
        ];
        let mut ident = [sb.is_identity(), (sb * sb.inverse()).is_identity()];
        let mut equal = [sb.ct_eq(&(sb * Gt::identity())), sb.ct_eq(&sb.inverse())];
        let mut pick = ctt_bigint::Choice::from(words(&k)[0] & 1 == 1);
        secret(&mut pick);
        let mut picked = *Gt::conditional_select(&sb, &sb.inverse(), pick).as_fp12();
        let want_picked = if words(&k)[0] & 1 == 1 {
            f.conjugate()
        } else {
            f
        };
        declassify("Gt::pow", &mut got_pow)?;
        declassify("Gt square/inverse/product", &mut got_misc)?;
        declassify("Gt is_identity", &mut ident)?;
        declassify("Gt ct_eq", &mut equal)?;
        declassify("Gt conditional_select", &mut picked)?;
        expect_eq("Gt conditional_select", picked, want_picked)?;
        expect_eq("Gt::pow", got_pow, want_pow)?;
        expect_eq("Gt square/inverse/product", got_misc, want_misc)?;
        expect_eq("Gt is_identity", ident.map(bool::from), [false, true])?;
        expect_eq("Gt ct_eq", equal.map(bool::from), [true, false])?;
    }
    Ok(())
}

fn gt_pow() -> Result<(), String> {
    check_gt_pow::<bls12_381::Bls12_381>(161)?;
    check_gt_pow::<bn254::Bn254>(162)
}
