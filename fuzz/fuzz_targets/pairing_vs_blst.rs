//! Differential: the BLS12-381 pairing of ctt-pairing against blst.
//!
//! 1..=6 pairs of subgroup points (blst's hash-to-curve of fuzzed bytes, or a point of the
//! previous pair, its negation, or the identity): `pairing` for the first pair, `multi_pairing`,
//! `multi_miller_loop` + `final_exponentiation`, the prepared-G2 loop (normalised and raw lines),
//! the variable-time loop (affine at six pairs) and both pairing checks must
//! equal blst's product of Miller loops with one final exponentiation, compared as the 12 Fp
//! coefficients of the Fp12 value (both libraries use Fp12 = Fp6[w]/(w² − v),
//! Fp6 = Fp2[v]/(v³ − (1 + u))). Pairs with an identity point are left out of blst's product
//! (they contribute 1). The negation mode makes products of 1 (and so `pairing_check` = true)
//! frequent.
//!
//! Input: `n`, then per pair `source of P, source of Q, seed[8]`.
#![no_main]

#[path = "common.rs"]
mod common;

use common::Reader;
use ctt_curves::AffineRepr;
use ctt_curves::bls12_381::{G1Affine, G2Affine};
use ctt_field::PrimeField;
use ctt_field::bls12_381::Fp12;
use ctt_pairing::bls12_381::{
    G2Prepared, final_exponentiation, multi_miller_loop, multi_miller_loop_prepared,
    multi_miller_loop_vartime, multi_pairing, pairing, pairing_check, pairing_check_vartime,
};
use libfuzzer_sys::fuzz_target;

fn ours_bytes(f: &Fp12) -> Vec<u8> {
    let mut out = Vec::with_capacity(576);
    for c6 in [&f.c0, &f.c1] {
        for c2 in [&c6.c0, &c6.c1, &c6.c2] {
            out.extend_from_slice(&c2.c0.to_bytes_be());
            out.extend_from_slice(&c2.c1.to_bytes_be());
        }
    }
    out
}

fn blst_bytes(f: &blst::blst_fp12) -> Vec<u8> {
    let mut out = Vec::with_capacity(576);
    for c6 in &f.fp6 {
        for c2 in &c6.fp2 {
            for c in &c2.fp {
                let mut b = [0u8; 48];
                unsafe { blst::blst_bendian_from_fp(b.as_mut_ptr(), c) };
                out.extend_from_slice(&b);
            }
        }
    }
    out
}

const DST: &[u8] = b"CTT-FUZZ-PAIRING";

fn g1(seed: &[u8]) -> blst::blst_p1_affine {
    let mut p = blst::blst_p1::default();
    let mut a = blst::blst_p1_affine::default();
    unsafe {
        blst::blst_hash_to_g1(
            &mut p,
            seed.as_ptr(),
            seed.len(),
            DST.as_ptr(),
            DST.len(),
            [].as_ptr(),
            0,
        );
        blst::blst_p1_to_affine(&mut a, &p);
    }
    a
}

fn g2(seed: &[u8]) -> blst::blst_p2_affine {
    let mut p = blst::blst_p2::default();
    let mut a = blst::blst_p2_affine::default();
    unsafe {
        blst::blst_hash_to_g2(
            &mut p,
            seed.as_ptr(),
            seed.len(),
            DST.as_ptr(),
            DST.len(),
            [].as_ptr(),
            0,
        );
        blst::blst_p2_to_affine(&mut a, &p);
    }
    a
}

fuzz_target!(|data: &[u8]| {
    let mut r = Reader(data);
    let n = 1 + r.u8() as usize % 6;
    // (P, Q, P is identity, Q is identity) in blst's form.
    let mut pairs: Vec<(blst::blst_p1_affine, blst::blst_p2_affine, bool, bool)> = Vec::new();
    for i in 0..n {
        let (sp, sq) = (r.u8(), r.u8());
        let seed: [u8; 8] = r.array();
        let seed = [&seed[..], &[i as u8]].concat();
        let prev = pairs.last().copied();
        let (p, p_inf) = match (sp % 6, prev) {
            (1, Some(prev)) => (prev.0, prev.2),
            (2, Some(prev)) => {
                // −P: the same x, y negated (blst has no affine negation; go through projective).
                let mut j = blst::blst_p1::default();
                let mut a = blst::blst_p1_affine::default();
                unsafe {
                    blst::blst_p1_from_affine(&mut j, &prev.0);
                    blst::blst_p1_cneg(&mut j, true);
                    blst::blst_p1_to_affine(&mut a, &j);
                }
                (a, prev.2)
            }
            (3, _) => (blst::blst_p1_affine::default(), true),
            _ => (g1(&seed), false),
        };
        let (q, q_inf) = match (sq % 5, prev) {
            (1, Some(prev)) => (prev.1, prev.3),
            (2, _) => (blst::blst_p2_affine::default(), true),
            _ => (g2(&seed), false),
        };
        pairs.push((p, q, p_inf, q_inf));
    }

    // blst: Π miller_loop(Q, P) over the pairs without an identity, one final exponentiation.
    let mut f = unsafe { *blst::blst_fp12_one() };
    for (p, q, p_inf, q_inf) in &pairs {
        if *p_inf || *q_inf {
            continue;
        }
        let mut m = blst::blst_fp12::default();
        unsafe {
            blst::blst_miller_loop(&mut m, q, p);
            blst::blst_fp12_mul(&mut f, &f, &m);
        }
    }
    let mut e = blst::blst_fp12::default();
    unsafe { blst::blst_final_exp(&mut e, &f) };
    let expected = blst_bytes(&e);
    let is_one = unsafe { blst::blst_fp12_is_one(&e) };

    let ours: Vec<(G1Affine, G2Affine)> = pairs
        .iter()
        .map(|(p, q, p_inf, q_inf)| {
            let pa = if *p_inf {
                G1Affine::identity()
            } else {
                let mut b = [0u8; 96];
                unsafe { blst::blst_p1_affine_serialize(b.as_mut_ptr(), p) };
                G1Affine::from_uncompressed(&b).unwrap()
            };
            let qa = if *q_inf {
                G2Affine::identity()
            } else {
                let mut b = [0u8; 192];
                unsafe { blst::blst_p2_affine_serialize(b.as_mut_ptr(), q) };
                G2Affine::from_uncompressed(&b).unwrap()
            };
            (pa, qa)
        })
        .collect();

    assert_eq!(
        ours_bytes(multi_pairing(&ours).as_fp12()),
        expected,
        "multi_pairing"
    );
    assert_eq!(
        ours_bytes(final_exponentiation(&multi_miller_loop(&ours)).as_fp12()),
        expected,
        "multi_miller_loop + final_exponentiation"
    );
    let prepared: Vec<G2Prepared> = ours.iter().map(|(_, q)| G2Prepared::new(q)).collect();
    let with_prepared: Vec<(G1Affine, &G2Prepared)> = ours
        .iter()
        .zip(&prepared)
        .map(|((p, _), q)| (*p, q))
        .collect();
    assert_eq!(
        ours_bytes(final_exponentiation(&multi_miller_loop_prepared(&with_prepared)).as_fp12()),
        expected,
        "prepared"
    );
    let raw: Vec<G2Prepared> = ours.iter().map(|(_, q)| G2Prepared::new_raw(q)).collect();
    let with_raw: Vec<(G1Affine, &G2Prepared)> =
        ours.iter().zip(&raw).map(|((p, _), q)| (*p, q)).collect();
    assert_eq!(
        ours_bytes(final_exponentiation(&multi_miller_loop_prepared(&with_raw)).as_fp12()),
        expected,
        "prepared, raw lines"
    );
    // Six pairs without an identity take the affine loop.
    assert_eq!(
        ours_bytes(final_exponentiation(&multi_miller_loop_vartime(&ours)).as_fp12()),
        expected,
        "multi_miller_loop_vartime"
    );
    assert_eq!(pairing_check(&ours), is_one, "pairing_check");
    assert_eq!(
        pairing_check_vartime(&ours),
        is_one,
        "pairing_check_vartime"
    );
    if n == 1 {
        assert_eq!(
            ours_bytes(pairing(&ours[0].0, &ours[0].1).as_fp12()),
            expected,
            "pairing"
        );
    }
});
