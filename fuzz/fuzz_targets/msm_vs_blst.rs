//! Differential: ctt-msm's multi-scalar multiplication on BLS12-381 G1 and G2 against blst, and
//! the batch subgroup check against blst's per-point `in_g1` / `in_g2`.
//!
//! MSM: `msm_vartime` with the plan it chooses, and with a plan steered by the input (Straus, or
//! Pippenger with a window of 2..=13 bits and each bucket accumulator, with or without the
//! endomorphism split), serial and parallel, on 1..=48 points (subgroup points hashed by blst,
//! repeats, negations, the identity) and arbitrary 32-byte scalars (reduced mod r for ctt; blst
//! multiplies by the raw 256-bit integer, the same point in the subgroup), steered towards 0, 1,
//! r − 1, r, r + 1 and 2^256 − 1. The oracle is Σ blst `mult`, compared as uncompressed bytes.
//!
//! Subgroup check: `first_outside_subgroup_vartime(_parallel)` over 1..=320 points (a chain
//! P, P + Q, P + 2Q, … from two hashed points, so that the random-subset path beyond 256 points
//! runs), with up to two points replaced by curve points usually outside the subgroup (blst's
//! decompression of input bytes): the index must be blst's first failing `in_g1` / `in_g2`.
//!
//! Input: `mode, n, seed[8]`, then per point `source, scalar mode, scalar[32]` (MSM) or
//! `position, x[48]` twice (subgroup check).
#![no_main]

#[path = "common.rs"]
mod common;

use blst::BLST_ERROR;
use common::Reader;
use ctt_curves::bls12_381::{G1Affine, G1Projective, G2Affine, G2Projective};
use ctt_curves::{AffineRepr, CurveGroup};
use ctt_field::PrimeField;
use ctt_field::bls12_381::Fr;
use ctt_msm::{
    Accumulator, Algorithm, Plan, first_outside_subgroup_vartime,
    first_outside_subgroup_vartime_parallel, msm_vartime, msm_vartime_parallel_with_plan,
    msm_vartime_with_plan,
};
use libfuzzer_sys::fuzz_target;

/// r, big-endian.
const R: [u8; 32] = [
    0x73, 0xed, 0xa7, 0x53, 0x29, 0x9d, 0x7d, 0x48, 0x33, 0x39, 0xd8, 0x08, 0x09, 0xa1, 0xd8, 0x05,
    0x53, 0xbd, 0xa4, 0x02, 0xff, 0xfe, 0x5b, 0xfe, 0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x01,
];

/// A big-endian 256-bit scalar: the input bytes, or a steered edge value.
fn scalar(mode: u8, raw: [u8; 32]) -> [u8; 32] {
    let add = |mut x: [u8; 32], d: i8| {
        // x + d for a small d, wrapping like 256-bit arithmetic.
        let mut carry = d as i16;
        for b in x.iter_mut().rev() {
            let v = *b as i16 + carry;
            *b = v.rem_euclid(256) as u8;
            carry = v.div_euclid(256);
        }
        x
    };
    match mode % 12 {
        0 => [0; 32],
        1 => add([0; 32], 1),
        2 => add(R, -1),
        3 => R,
        4 => add(R, 1),
        5 => [0xff; 32],
        _ => raw,
    }
}

/// A plan from one byte: the default choice, Straus, or Pippenger with a window and accumulator.
fn plan(b: u8, n: usize, default: Plan) -> Plan {
    let split = b & 1 == 1;
    let algo = match (b >> 1) % 4 {
        0 => return default,
        1 => Algorithm::Straus,
        a => Algorithm::Pippenger {
            c: 2 + (b as u32 >> 3) % 12,
            acc: match (a + n as u8) % 3 {
                0 => Accumulator::Xyzz,
                1 => Accumulator::BatchAffine,
                _ => Accumulator::BatchAffineShared,
            },
        },
    };
    Plan { split, algo }
}

macro_rules! group {
    ($m:ident, $Config:ident, $Affine:ident, $Projective:ident, $blst_affine:ident, $blst_proj:ident, $cbytes:literal,
     $hash:ident, $to_affine:ident, $from_affine:ident, $add:ident, $neg:ident, $mult:ident,
     $serialize:ident, $uncompress:ident, $in_group:ident) => {
        mod $m {
            use super::*;

            fn hashed(seed: &[u8]) -> blst::$blst_proj {
                let mut q = blst::$blst_proj::default();
                let dst = b"CTT-FUZZ-MSM";
                unsafe {
                    blst::$hash(
                        &mut q,
                        seed.as_ptr(),
                        seed.len(),
                        dst.as_ptr(),
                        dst.len(),
                        [].as_ptr(),
                        0,
                    )
                };
                q
            }

            fn bytes(p: &blst::$blst_proj) -> Vec<u8> {
                let mut out = vec![0u8; 2 * $cbytes];
                unsafe { blst::$serialize(out.as_mut_ptr(), p) };
                out
            }

            fn affine(p: &blst::$blst_proj) -> blst::$blst_affine {
                let mut a = blst::$blst_affine::default();
                unsafe { blst::$to_affine(&mut a, p) };
                a
            }

            fn ours_affine(p: &blst::$blst_proj) -> $Affine {
                $Affine::from_uncompressed(&bytes(p)).expect("blst's point is a G1/G2 point")
            }

            pub fn msm(r: &mut Reader) {
                let mode = r.u8();
                let n = 1 + r.u8() as usize % 48;
                let seed: [u8; 8] = r.array();
                let mut blst_points: Vec<blst::$blst_proj> = Vec::with_capacity(n);
                let mut scalars_be = Vec::with_capacity(n);
                for i in 0..n {
                    let source = r.u8();
                    let p = match (source % 8, blst_points.last()) {
                        (1, Some(prev)) => *prev,
                        (2, Some(prev)) => {
                            let mut q = *prev;
                            unsafe { blst::$neg(&mut q, true) };
                            q
                        }
                        (3, _) => blst::$blst_proj::default(),
                        _ => hashed(&[&seed[..], &(i as u64).to_le_bytes(), &[source]].concat()),
                    };
                    blst_points.push(p);
                    let smode = r.u8();
                    scalars_be.push(scalar(smode, r.array()));
                }

                // Oracle: Σ [k_i] P_i with blst's single-point multiplication on all 256 bits.
                let mut sum = blst::$blst_proj::default();
                for (p, k) in blst_points.iter().zip(&scalars_be) {
                    let mut le = *k;
                    le.reverse();
                    let mut t = blst::$blst_proj::default();
                    unsafe {
                        blst::$mult(&mut t, p, le.as_ptr(), 256);
                        blst::$add(&mut sum, &sum, &t);
                    }
                }
                let expected = bytes(&sum);

                let points: Vec<$Affine> = blst_points.iter().map(ours_affine).collect();
                let scalars: Vec<Fr> = scalars_be
                    .iter()
                    .map(|k| Fr::from_bytes_be_mod_order(k))
                    .collect();
                let check = |got: $Projective, what: &str| {
                    assert_eq!(
                        got.to_affine().to_uncompressed().to_vec(),
                        expected,
                        "{what}, n = {n}"
                    );
                };
                check(msm_vartime(&points, &scalars).unwrap(), "msm_vartime");
                let default = Plan::choose::<ctt_curves::bls12_381::$Config>(n);
                let forced = plan(mode, n, default);
                check(
                    msm_vartime_with_plan(&points, &scalars, forced).unwrap(),
                    &format!("{forced:?}"),
                );
                if mode & 0x80 != 0 {
                    check(
                        msm_vartime_parallel_with_plan(&points, &scalars, forced).unwrap(),
                        &format!("parallel {forced:?}"),
                    );
                }
            }

            pub fn subgroup(r: &mut Reader) {
                let mode = r.u8();
                let n = 1 + r.u16() as usize % 320;
                let seed: [u8; 8] = r.array();
                let base = hashed(&[&seed[..], b"P"].concat());
                let step = hashed(&[&seed[..], b"Q"].concat());
                let mut chain = Vec::with_capacity(n);
                let mut p = base;
                for _ in 0..n {
                    chain.push(affine(&p));
                    unsafe { blst::$add(&mut p, &p, &step) };
                }
                for _ in 0..2 {
                    let at = r.u16() as usize % (n + n / 2 + 1);
                    let mut x: [u8; $cbytes] = r.array();
                    x[0] = (x[0] & 0x3f) | 0x80;
                    let mut q = blst::$blst_affine::default();
                    if at < n
                        && matches!(
                            unsafe { blst::$uncompress(&mut q, x.as_ptr()) },
                            BLST_ERROR::BLST_SUCCESS | BLST_ERROR::BLST_POINT_NOT_IN_GROUP
                        )
                    {
                        chain[at] = q;
                    }
                }
                let expected = chain.iter().position(|q| !unsafe { blst::$in_group(q) });
                let points: Vec<$Affine> = chain
                    .iter()
                    .map(|q| {
                        let mut p = blst::$blst_proj::default();
                        unsafe { blst::$from_affine(&mut p, q) };
                        $Affine::from_uncompressed_unchecked(&bytes(&p))
                            .expect("blst's point is on the curve")
                    })
                    .collect();
                let mut trial_seed = [0u8; 32];
                trial_seed[..8].copy_from_slice(&seed);
                let got = if mode & 1 == 0 {
                    first_outside_subgroup_vartime::<$Projective>(&points, &trial_seed)
                } else {
                    first_outside_subgroup_vartime_parallel::<$Projective>(&points, &trial_seed)
                };
                assert_eq!(got, expected, "n = {n}");
                // The single points agree with blst too.
                for (p, q) in points.iter().zip(&chain) {
                    assert_eq!(p.is_torsion_free().to_bool_vartime(), unsafe {
                        blst::$in_group(q)
                    });
                }
            }
        }
    };
}

group!(
    g1,
    G1Config,
    G1Affine,
    G1Projective,
    blst_p1_affine,
    blst_p1,
    48,
    blst_hash_to_g1,
    blst_p1_to_affine,
    blst_p1_from_affine,
    blst_p1_add_or_double,
    blst_p1_cneg,
    blst_p1_mult,
    blst_p1_serialize,
    blst_p1_uncompress,
    blst_p1_affine_in_g1
);
group!(
    g2,
    G2Config,
    G2Affine,
    G2Projective,
    blst_p2_affine,
    blst_p2,
    96,
    blst_hash_to_g2,
    blst_p2_to_affine,
    blst_p2_from_affine,
    blst_p2_add_or_double,
    blst_p2_cneg,
    blst_p2_mult,
    blst_p2_serialize,
    blst_p2_uncompress,
    blst_p2_affine_in_g2
);

fuzz_target!(|data: &[u8]| {
    let mut r = Reader(data);
    match r.u8() % 4 {
        0 => g1::msm(&mut r),
        1 => g2::msm(&mut r),
        2 => g1::subgroup(&mut r),
        _ => g2::subgroup(&mut r),
    }
});
