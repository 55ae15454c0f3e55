//! Criterion benchmarks of ctt-field, one group per Montgomery backend.
//!
//! Run with `cargo bench -p ctt-benches --bench field [-- FILTER]`; names are
//! `{backend}/{field}/{operation}`, e.g. `adx/bls12_381_fp/mul`. Each backend's groups run after
//! `ctt_bigint::backend::force` selected it (and are skipped when the CPU cannot run it), so the
//! same names compare the portable Rust kernels with the MULX/ADCX/ADOX ones.
//!
//! These time our types alone; the ratios against blst and arkworks come from the `compare`
//! binary.
// `criterion_group!` defines an undocumented `pub fn`.
#![allow(missing_docs)]

use criterion::{Criterion, criterion_group, criterion_main};
use ctt_benches::rng::SplitMix64;
use ctt_bigint::backend::{self, Backend};
use ctt_field::{Field, SqrtField, bls12_381, bn254};
use std::hint::black_box;

/// Multiplication and squaring of random elements.
fn ring<F: Field>(c: &mut Criterion, group: &str) -> (F, F) {
    let mut rng = SplitMix64::for_op(1, group, None);
    let (a, b) = (F::random(&mut rng), F::random(&mut rng));
    let mut g = c.benchmark_group(group);
    g.bench_function("mul", |t| t.iter(|| black_box(a) * black_box(b)));
    g.bench_function("square", |t| t.iter(|| black_box(a).square()));
    g.finish();
    (a, b)
}

/// [`ring`], then inversion (constant and variable time) and the square root of a square.
fn prime<F: SqrtField>(c: &mut Criterion, group: &str) {
    let (a, _) = ring::<F>(c, group);
    let sq = a.square();
    let mut g = c.benchmark_group(group);
    g.bench_function("invert", |t| t.iter(|| black_box(a).invert()));
    g.bench_function("invert_vartime", |t| {
        t.iter(|| black_box(a).invert_vartime())
    });
    g.bench_function("sqrt", |t| t.iter(|| black_box(sq).sqrt()));
    g.finish();
}

fn fields(c: &mut Criterion) {
    for (backend, label) in [(Backend::Portable, "portable"), (Backend::X86_64Adx, "adx")] {
        if backend::force(backend).is_err() {
            eprintln!("skipping backend {label}: not supported here");
            continue;
        }
        prime::<bls12_381::Fp>(c, &format!("{label}/bls12_381_fp"));
        prime::<bls12_381::Fr>(c, &format!("{label}/bls12_381_fr"));
        prime::<bn254::Fp>(c, &format!("{label}/bn254_fp"));
        prime::<bn254::Fr>(c, &format!("{label}/bn254_fr"));
        ring::<bls12_381::Fp2>(c, &format!("{label}/bls12_381_fp2"));
        ring::<bls12_381::Fp12>(c, &format!("{label}/bls12_381_fp12"));
        ring::<bn254::Fp2>(c, &format!("{label}/bn254_fp2"));
        ring::<bn254::Fp12>(c, &format!("{label}/bn254_fp12"));
    }
}

criterion_group!(benches, fields);
criterion_main!(benches);
