//! Criterion benchmarks of ctt-pairing: Miller loop, final exponentiation, pairing, multi-pairing
//! (2, 4, 8 pairs) and the pairing check on BLS12-381, and the pairing on BN254.
//!
//! Run with `cargo bench -p ctt-benches --bench pairing [-- FILTER]`; names are
//! `{curve}/{operation}`, e.g. `bls12_381/multi_pairing/4`. These time our types alone; the ratios
//! against blst, arkworks and substrate-bn come from the `compare` binary.
// `criterion_group!` defines an undocumented `pub fn`.
#![allow(missing_docs)]

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use ctt_benches::rng::SplitMix64;
use ctt_curves::{CurveGroup, bls12_381 as c381, bn254 as cbn};
use ctt_field::Field;
use ctt_pairing::{bls12_381 as p381, bn254 as pbn};
use std::hint::black_box;

fn bls12_381(c: &mut Criterion) {
    let mut rng = SplitMix64::for_op(1, "bls12_381_pairing", None);
    let pairs: Vec<(c381::G1Affine, c381::G2Affine)> = (0..8)
        .map(|_| {
            let p = c381::G1Projective::generator().mul(&Field::random(&mut rng));
            let q = c381::G2Projective::generator().mul(&Field::random(&mut rng));
            (p.to_affine(), q.to_affine())
        })
        .collect();
    let (p, q) = pairs[0];
    let f = p381::multi_miller_loop(&[(p, q)]);
    // e(P, Q)·e(−P, Q) = 1: the shape of a signature verification.
    let check = [(p, q), (-p, q)];
    let mut g = c.benchmark_group("bls12_381");
    g.bench_function("miller_loop", |t| {
        t.iter(|| p381::multi_miller_loop(black_box(&[(p, q)])))
    });
    g.bench_function("final_exponentiation", |t| {
        t.iter(|| p381::final_exponentiation(black_box(&f)))
    });
    g.bench_function("pairing", |t| {
        t.iter(|| p381::pairing(black_box(&p), black_box(&q)))
    });
    g.bench_function("pairing_check_2", |t| {
        t.iter(|| p381::pairing_check(black_box(&check)))
    });
    for n in [2usize, 4, 8] {
        g.bench_with_input(BenchmarkId::new("multi_pairing", n), &n, |t, &n| {
            t.iter(|| p381::multi_pairing(black_box(&pairs[..n])))
        });
    }
    g.finish();
}

fn bn254(c: &mut Criterion) {
    let mut rng = SplitMix64::for_op(2, "bn254_pairing", None);
    let p = cbn::G1Projective::generator()
        .mul(&Field::random(&mut rng))
        .to_affine();
    let q = cbn::G2Projective::generator()
        .mul(&Field::random(&mut rng))
        .to_affine();
    let mut g = c.benchmark_group("bn254");
    g.bench_function("pairing", |t| {
        t.iter(|| pbn::pairing(black_box(&p), black_box(&q)))
    });
    g.finish();
}

criterion_group!(benches, bls12_381, bn254);
criterion_main!(benches);
