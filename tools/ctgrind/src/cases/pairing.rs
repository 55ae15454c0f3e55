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
use ctt_curves::sw::{Affine, SwCurveConfig};
use ctt_curves::{AffineRepr, CurveGroup};
use ctt_field::PrimeField;
use ctt_field::tower::Fp12;
use ctt_pairing::final_exp::easy_part;
use ctt_pairing::{PairingConfig, bls12_381, bn254, reference};
use num_bigint::BigUint;

/// The cases of this module.
pub const CASES: &[Case] = &[
    Case {
        name: "pairing-miller-loop",
        kind: Kind::Real,
        about: "multi-Miller loop + final exponentiation with secret G1/G2 points, one identity pair \
                (BLS12-381 and BN254)",
        run: miller_loop,
    },
    Case {
        name: "pairing-final-exp",
        kind: Kind::Real,
        about: "final exponentiation of a secret Miller value: easy part, Karabina/wNAF hard parts \
                (BLS12-381 and BN254)",
        run: final_exp,
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

fn check_miller<C: PairingConfig>(
    bn: bool,
    run: fn(&[Pair<C>]) -> Fp12<C::Tower>,
) -> Result<(), String> {
    let mut ps = pairs::<C>(&[5, 0x1234_5678]);
    ps.push((Affine::<C::G1>::generator(), Affine::<C::G2>::identity()));
    let m = multiple(bn);
    let want = reference::pairing::<C>(&ps[0].0, &ps[0].1, &m)
        * reference::pairing::<C>(&ps[1].0, &ps[1].1, &m);
    let mut secret_pairs = ps.clone();
    secret(&mut secret_pairs[..]);
    let mut got = run(&secret_pairs);
    declassify("multi-Miller loop + final exponentiation", &mut got)?;
    expect_eq("pairing product", got, want)
}

fn miller_loop() -> Result<(), String> {
    check_miller::<bls12_381::Bls12_381>(false, |ps| {
        *bls12_381::multi_miller_loop(ps)
            .final_exponentiation()
            .as_fp12()
    })?;
    check_miller::<bn254::Bn254>(true, |ps| {
        *bn254::multi_miller_loop(ps)
            .final_exponentiation()
            .as_fp12()
    })
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
