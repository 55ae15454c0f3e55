//! Criterion benchmarks of ctt-curves: group operations, scalar multiplication (constant and
//! variable time), subgroup checks, cofactor clearing, checked decompression and hash-to-curve,
//! on BLS12-381 G1/G2 and BN254 G1/G2.
//!
//! Run with `cargo bench -p ctt-benches --bench curve [-- FILTER]`; names are
//! `{curve}_{group}/{operation}`, e.g. `bls12_381_g1/mul_ct`. These time our types alone; the
//! ratios against blst and arkworks come from the `compare` binary.
// `criterion_group!` defines an undocumented `pub fn`.
#![allow(missing_docs)]

use criterion::{Criterion, criterion_group, criterion_main};
use ctt_benches::rng::SplitMix64;
use ctt_curves::sw::{Projective, SwCurveConfig};
use ctt_curves::{CurveGroup, bls12_381, bn254};
use ctt_field::Field;
use std::hint::black_box;

/// The operations every group has.
fn group<C: SwCurveConfig>(c: &mut Criterion, name: &str) {
    let mut rng = SplitMix64::for_op(1, name, None);
    let g = Projective::<C>::generator();
    let p = g.mul(&C::Scalar::random(&mut rng));
    let q = g.mul(&C::Scalar::random(&mut rng));
    let qa = q.to_affine();
    let k = C::Scalar::random(&mut rng);
    let mut gr = c.benchmark_group(name);
    gr.bench_function("add", |t| t.iter(|| black_box(p) + black_box(q)));
    gr.bench_function("add_mixed", |t| {
        t.iter(|| black_box(p).add_affine(black_box(&qa)))
    });
    gr.bench_function("double", |t| t.iter(|| black_box(p).double()));
    gr.bench_function("to_affine", |t| t.iter(|| black_box(p).to_affine()));
    gr.bench_function("mul_ct", |t| t.iter(|| black_box(p).mul(black_box(&k))));
    gr.bench_function("mul_vartime", |t| {
        t.iter(|| black_box(p).mul_vartime(black_box(&k)))
    });
    gr.bench_function("is_torsion_free", |t| {
        t.iter(|| black_box(p).is_torsion_free())
    });
    gr.bench_function("clear_cofactor", |t| {
        t.iter(|| black_box(p).clear_cofactor())
    });
    gr.finish();
}

/// BLS12-381 encodings and hash-to-curve (the Ethereum signature path).
fn bls12_381_codec_and_hash(c: &mut Criterion) {
    const DST: &[u8] = b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";
    let mut rng = SplitMix64::for_op(2, "bls12_381_codec", None);
    let p1 = bls12_381::G1Projective::generator()
        .mul(&Field::random(&mut rng))
        .to_affine();
    let p2 = bls12_381::G2Projective::generator()
        .mul(&Field::random(&mut rng))
        .to_affine();
    let (b1, b2) = (p1.to_compressed(), p2.to_compressed());
    let msg = [0x5au8; 32];
    let mut g = c.benchmark_group("bls12_381_g1");
    g.bench_function("decompress_checked", |t| {
        t.iter(|| bls12_381::G1Affine::from_compressed(black_box(&b1)))
    });
    g.bench_function("decompress_unchecked", |t| {
        t.iter(|| bls12_381::G1Affine::from_compressed_unchecked(black_box(&b1)))
    });
    g.bench_function("compress", |t| t.iter(|| black_box(p1).to_compressed()));
    g.bench_function("hash_to_curve", |t| {
        t.iter(|| bls12_381::G1Projective::hash_to_curve(black_box(&msg), DST))
    });
    g.finish();
    let mut g = c.benchmark_group("bls12_381_g2");
    g.bench_function("decompress_checked", |t| {
        t.iter(|| bls12_381::G2Affine::from_compressed(black_box(&b2)))
    });
    g.bench_function("decompress_unchecked", |t| {
        t.iter(|| bls12_381::G2Affine::from_compressed_unchecked(black_box(&b2)))
    });
    g.bench_function("compress", |t| t.iter(|| black_box(p2).to_compressed()));
    g.bench_function("hash_to_curve", |t| {
        t.iter(|| bls12_381::G2Projective::hash_to_curve(black_box(&msg), DST))
    });
    g.finish();
}

fn curves(c: &mut Criterion) {
    group::<bls12_381::G1Config>(c, "bls12_381_g1");
    group::<bls12_381::G2Config>(c, "bls12_381_g2");
    group::<bn254::G1Config>(c, "bn254_g1");
    group::<bn254::G2Config>(c, "bn254_g2");
    bls12_381_codec_and_hash(c);
}

criterion_group!(benches, curves);
criterion_main!(benches);
