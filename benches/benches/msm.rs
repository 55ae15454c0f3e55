//! Criterion benchmarks of ctt-msm: the automatic plan at a few sizes (serial and on a 2-thread
//! pool), and fixed-base MSM with precomputed tables at the KZG size (n = 4096) for several
//! `(t, b)`, whose table sizes are printed.
//!
//! Run with `cargo bench -p ctt-benches --bench msm [-- FILTER]`; names are
//! `msm/{group}/{variant}/{n}`. The ratios against blst and arkworks come from the `compare`
//! binary (`compare _msm`).
// `criterion_group!` defines an undocumented `pub fn`.
#![allow(missing_docs)]

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use ctt_benches::rng::SplitMix64;
use ctt_curves::{bls12_381, bn254};
use ctt_field::Field;
use ctt_msm::{MsmCurve, PrecomputedMsm, msm_vartime, msm_vartime_parallel};
use std::hint::black_box;

fn inputs<G: MsmCurve>(n: usize, seed: &str) -> (Vec<G::Affine>, Vec<G::Scalar>) {
    let mut rng = SplitMix64::for_op(3, seed, Some(n));
    let q = G::generator().mul(&G::Scalar::random(&mut rng));
    let mut acc = G::generator().mul(&G::Scalar::random(&mut rng));
    let mut proj = Vec::with_capacity(n);
    for _ in 0..n {
        proj.push(acc);
        acc += q;
    }
    let mut p = vec![G::Affine::default(); n];
    G::batch_normalize(&proj, &mut p);
    (p, (0..n).map(|_| G::Scalar::random(&mut rng)).collect())
}

fn group<G: MsmCurve>(c: &mut Criterion, name: &str, sizes: &[usize]) {
    let mut g = c.benchmark_group(format!("msm/{name}"));
    g.sample_size(10);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .expect("pool");
    for &n in sizes {
        let (p, k) = inputs::<G>(n, name);
        g.bench_with_input(BenchmarkId::new("serial", n), &n, |b, _| {
            b.iter(|| msm_vartime::<G>(black_box(&p), black_box(&k)))
        });
        g.bench_with_input(BenchmarkId::new("parallel-2", n), &n, |b, _| {
            b.iter(|| pool.install(|| msm_vartime_parallel::<G>(black_box(&p), black_box(&k))))
        });
    }
    g.finish();
}

fn precomputed(c: &mut Criterion) {
    type G = bls12_381::G1Projective;
    let n = 4096;
    let (p, k) = inputs::<G>(n, "precomputed");
    let mut g = c.benchmark_group("msm/bls12_381_g1/precomputed");
    g.sample_size(10);
    for (t, b) in [(64, 8), (32, 8), (24, 12), (16, 8), (13, 13)] {
        let pre = PrecomputedMsm::<G>::new(&p, t, b).expect("valid parameters");
        eprintln!(
            "PrecomputedMsm n = {n}, t = {t}, b = {b}: {:.1} MiB",
            pre.memory_bytes() as f64 / (1 << 20) as f64
        );
        g.bench_function(format!("t{t}_b{b}/{n}"), |bch| {
            bch.iter(|| pre.msm_vartime(black_box(&k)))
        });
    }
    g.finish();
}

fn all(c: &mut Criterion) {
    group::<bls12_381::G1Projective>(c, "bls12_381_g1", &[8, 32, 256, 4096]);
    group::<bls12_381::G2Projective>(c, "bls12_381_g2", &[8, 256, 4096]);
    group::<bn254::G1Projective>(c, "bn254_g1", &[8, 256, 4096]);
    precomputed(c);
}

criterion_group!(benches, all);
criterion_main!(benches);
