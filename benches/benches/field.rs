//! Criterion benchmarks of our field arithmetic, one group per Montgomery backend.
//!
//! Run with `cargo bench -p ctt-benches --bench field [-- FILTER]`. Each group forces its backend
//! (`ctt_bigint::backend::force`) before its functions run, and is skipped when the CPU cannot run
//! it, so the same names compare the portable Rust kernels with the MULX/ADCX/ADOX ones.
//!
//! These time ctt-bigint's kernels as the field types call them; the ratios against blst and
//! arkworks come from the `compare` binary instead.
// `criterion_group!` defines an undocumented `pub fn`.
#![allow(missing_docs)]

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use ctt_benches::rng::SplitMix64;
use ctt_bigint::BigInt;
use ctt_bigint::backend::{self, Backend, mont_mul, mont_sqr};
use ctt_bigint::inversion::ModInverter;
use ctt_bigint::montgomery::mont_n0;
use std::hint::black_box;

/// A prime field given by its modulus, as the kernels see it.
struct Field<const N: usize> {
    name: &'static str,
    p: BigInt<N>,
    n0: u64,
    inv: ModInverter<N>,
}

impl<const N: usize> Field<N> {
    fn new(name: &'static str, hex: &str) -> Self {
        let p = BigInt::from_hex(hex);
        Field {
            name,
            n0: mont_n0(p.0[0]),
            inv: ModInverter::new(&p),
            p,
        }
    }

    /// Multiplication, squaring and inversion (constant and variable time) on random inputs;
    /// random values `< p` are valid Montgomery residues, which is all the kernels need.
    fn bench(&self, c: &mut Criterion, backend: &str) {
        let mut rng = SplitMix64::for_op(1, self.name, None);
        let (a, b) = (rng.below(&self.p), rng.below(&self.p));
        let mut g = c.benchmark_group(format!("{backend}/{}", self.name));
        g.bench_function("mul", |t| {
            t.iter(|| mont_mul(black_box(&a), black_box(&b), &self.p, self.n0))
        });
        g.bench_function("square", |t| {
            t.iter(|| mont_sqr(black_box(&a), &self.p, self.n0))
        });
        g.bench_function("invert", |t| t.iter(|| self.inv.invert_mont(black_box(&a))));
        g.bench_function(BenchmarkId::new("invert", "vartime"), |t| {
            t.iter(|| self.inv.invert_mont_vartime(black_box(&a)))
        });
        g.finish();
    }
}

fn fields(c: &mut Criterion) {
    let bls_p = Field::<6>::new(
        "bls12_381_fp",
        "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab",
    );
    let bls_r = Field::<4>::new(
        "bls12_381_fr",
        "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001",
    );
    let bn_p = Field::<4>::new(
        "bn254_fp",
        "30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47",
    );
    let bn_r = Field::<4>::new(
        "bn254_fr",
        "30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001",
    );
    for (backend, label) in [(Backend::Portable, "portable"), (Backend::X86_64Adx, "adx")] {
        if backend::force(backend).is_err() {
            eprintln!("skipping backend {label}: not supported here");
            continue;
        }
        bls_p.bench(c, label);
        bls_r.bench(c, label);
        bn_p.bench(c, label);
        bn_r.bench(c, label);
    }
}

criterion_group!(benches, fields);
criterion_main!(benches);
