//! MSM: BLS12-381 G1/G2 and BN254 G1 for n = 2^2 … 2^16, against blst and arkworks.
//!
//! With `--threads 1` every contender runs serially: ours is `msm_vartime`, blst's is its C
//! Pippenger `blst_p1s_mult_pippenger` (the Rust binding's `mult` would use its own thread pool),
//! arkworks' `VariableBaseMSM::msm` (built without its `parallel` feature). With `--threads N > 1`
//! ours is `msm_vartime_parallel` on the runner's N-thread pool and blst's is the binding's
//! `p1_affines::mult`, which spreads over all the machine's CPUs (its pool is not configurable);
//! arkworks stays serial. Points are `P₀ + i·Q` for random `P₀`, `Q` (cheap to generate at 2^16,
//! and as good as independent points for bucket statistics, which depend on the scalars);
//! scalars are uniform.

use super::curve::{ark1_out, ark2_out, bn_ark_out, bn_out, c1, c2};
use crate::peers::blst_curve as b;
use crate::registry::{Bench, Op, Setup, contender};
use ark_ec::VariableBaseMSM;
use ark_ff::PrimeField as _;
use ark_serialize::CanonicalDeserialize;
use ctt_curves::{CurveGroup, bls12_381 as c381, bn254 as cbn};
use ctt_field::{Field, PrimeField};

/// Registers `bls12_381_g1_msm`, `bls12_381_g2_msm` and `bn254_g1_msm` at n = 2^2 … 2^16.
pub fn register(ops: &mut Vec<Op>) {
    let ops_by_name: [(&'static str, Builder); 3] = [
        ("bls12_381_g1_msm", g1_msm),
        ("bls12_381_g2_msm", g2_msm),
        ("bn254_g1_msm", bn_g1_msm),
    ];
    for (name, build) in ops_by_name {
        for lg in 2..=16 {
            ops.push(Op {
                name,
                size: Some(1 << lg),
                build,
            });
        }
    }
}

/// An operation's builder.
type Builder = fn(&mut Setup) -> Bench;

/// One MSM's inputs: points and scalars.
type Input<G> = (
    Vec<<G as CurveGroup>::Affine>,
    Vec<<G as CurveGroup>::Scalar>,
);

/// `n` affine points `P₀ + i·Q` (one normalisation for all).
fn points<G: CurveGroup>(s: &mut Setup, n: usize) -> Vec<G::Affine> {
    let p0 = G::generator().mul(&G::Scalar::random(&mut s.rng));
    let q = G::generator().mul(&G::Scalar::random(&mut s.rng));
    let mut proj = Vec::with_capacity(n);
    let mut p = p0;
    for _ in 0..n {
        proj.push(p);
        p += q;
    }
    let mut out = vec![G::Affine::default(); n];
    G::batch_normalize(&proj, &mut out);
    out
}

fn scalars<F: PrimeField>(s: &mut Setup, n: usize) -> Vec<F> {
    (0..n).map(|_| F::random(&mut s.rng)).collect()
}

fn le_bytes<F: PrimeField>(ks: &[F]) -> Vec<u8> {
    ks.iter()
        .flat_map(|k| k.to_bytes_le().as_ref().to_vec())
        .collect()
}

/// Ours: serial or parallel by `--threads`.
fn ours<G: ctt_msm::MsmCurve>(threads: usize) -> impl Fn(&Input<G>) -> G {
    move |(p, k)| {
        if threads > 1 {
            ctt_msm::msm_vartime_parallel::<G>(p, k).expect("lengths match")
        } else {
            ctt_msm::msm_vartime::<G>(p, k).expect("lengths match")
        }
    }
}

fn g1_msm(s: &mut Setup) -> Bench {
    let n = s.size.expect("sized");
    let threads = s.ctx.threads;
    let p = points::<c381::G1Projective>(s, n);
    let k = scalars::<ctt_field::bls12_381::Fr>(s, n);
    let bl_p: Vec<_> = p
        .iter()
        .map(|a| b::p1_affine_from_uncompressed(&a.to_uncompressed()))
        .collect();
    let bl = contender(
        "blst",
        vec![(bl_p, le_bytes(&k))],
        move |(p, k)| {
            if threads > 1 {
                blst::MultiPoint::mult(p.as_slice(), k, 255)
            } else {
                b::p1s_mult_pippenger(p, k)
            }
        },
        b::p1_compress,
    );
    let ar_p: Vec<_> = p
        .iter()
        .map(|a| {
            ark_bls12_381::G1Affine::deserialize_uncompressed_unchecked(&a.to_uncompressed()[..])
                .expect("valid")
        })
        .collect();
    let ar_k: Vec<_> = k
        .iter()
        .map(|k| ark_bls12_381::Fr::from_le_bytes_mod_order(&k.to_bytes_le()))
        .collect();
    let ar = contender(
        "arkworks",
        vec![(ar_p, ar_k)],
        |(p, k)| ark_bls12_381::G1Projective::msm(p, k).expect("lengths match"),
        ark1_out,
    );
    let us = contender("ours", vec![(p, k)], ours(threads), c1);
    Bench::checked(s, us, vec![bl, ar])
}

fn g2_msm(s: &mut Setup) -> Bench {
    let n = s.size.expect("sized");
    let threads = s.ctx.threads;
    let p = points::<c381::G2Projective>(s, n);
    let k = scalars::<ctt_field::bls12_381::Fr>(s, n);
    let bl_p: Vec<_> = p
        .iter()
        .map(|a| b::p2_affine_from_uncompressed(&a.to_uncompressed()))
        .collect();
    let bl = contender(
        "blst",
        vec![(bl_p, le_bytes(&k))],
        move |(p, k)| {
            if threads > 1 {
                blst::MultiPoint::mult(p.as_slice(), k, 255)
            } else {
                b::p2s_mult_pippenger(p, k)
            }
        },
        b::p2_compress,
    );
    let ar_p: Vec<_> = p
        .iter()
        .map(|a| {
            ark_bls12_381::G2Affine::deserialize_uncompressed_unchecked(&a.to_uncompressed()[..])
                .expect("valid")
        })
        .collect();
    let ar_k: Vec<_> = k
        .iter()
        .map(|k| ark_bls12_381::Fr::from_le_bytes_mod_order(&k.to_bytes_le()))
        .collect();
    let ar = contender(
        "arkworks",
        vec![(ar_p, ar_k)],
        |(p, k)| ark_bls12_381::G2Projective::msm(p, k).expect("lengths match"),
        ark2_out,
    );
    let us = contender("ours", vec![(p, k)], ours(threads), c2);
    Bench::checked(s, us, vec![bl, ar])
}

fn bn_g1_msm(s: &mut Setup) -> Bench {
    let n = s.size.expect("sized");
    let threads = s.ctx.threads;
    let p = points::<cbn::G1Projective>(s, n);
    let k = scalars::<ctt_field::bn254::Fr>(s, n);
    let fq = |v: &ctt_field::bn254::Fp| ark_bn254::Fq::from_be_bytes_mod_order(&v.to_bytes_be());
    let ar_p: Vec<_> = p
        .iter()
        .map(|a| ark_bn254::G1Affine::new_unchecked(fq(&a.x), fq(&a.y)))
        .collect();
    let ar_k: Vec<_> = k
        .iter()
        .map(|k| ark_bn254::Fr::from_le_bytes_mod_order(&k.to_bytes_le()))
        .collect();
    let ar = contender(
        "arkworks",
        vec![(ar_p, ar_k)],
        |(p, k)| ark_bn254::G1Projective::msm(p, k).expect("lengths match"),
        bn_ark_out,
    );
    let us = contender("ours", vec![(p, k)], ours(threads), bn_out);
    Bench::checked(s, us, vec![ar])
}
