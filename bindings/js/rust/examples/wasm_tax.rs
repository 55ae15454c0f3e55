//! The field and pairing operations that decide the wasm build's speed, timed in one process:
//! run natively (`cargo run --release --example wasm_tax`) and as wasm32-wasip1 under Node
//! (`tools/wasm-build run --release --example wasm_tax` from this folder) to compare kernels.

use ctt_curves::AffineRepr;
use ctt_curves::bls12_381::{G1Affine, G2Affine};
use ctt_field::bls12_381::{Fp, Fp2};
use ctt_field::{Field, PrimeField};
use std::hint::black_box;
use std::time::Instant;

/// Median time per call of `f` over 11 batches of `n` calls.
fn time(name: &str, n: u32, mut f: impl FnMut()) {
    let mut per = Vec::new();
    for _ in 0..11 {
        let t = Instant::now();
        for _ in 0..n {
            f();
        }
        per.push(t.elapsed().as_secs_f64() / f64::from(n));
    }
    per.sort_by(f64::total_cmp);
    let m = per[per.len() / 2];
    let (v, unit) = if m < 1e-6 {
        (m * 1e9, "ns")
    } else if m < 1e-3 {
        (m * 1e6, "µs")
    } else {
        (m * 1e3, "ms")
    };
    println!("{name:<24} {v:>10.1} {unit}");
}

const BLS12_381_P: &str = "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab";

fn main() {
    println!("target: {}", std::env::consts::ARCH);
    let mut a = Fp::from_u64(3);
    let b = Fp::from_u64(0x1234_5678_9abc_def0).square();
    time("bls12_381_fp_mul", 100_000, || a = black_box(a * b));
    // The two portable kernel families on the same operands, whatever the build dispatches to:
    // the 64-bit-limb CIOS (`mac_split` on wasm) and the radix-2^29 kernels wasm builds use.
    {
        use ctt_bigint::backend::{portable, radix29};
        let p = ctt_bigint::BigInt::<6>::from_hex(BLS12_381_P);
        let n0 = ctt_bigint::montgomery::mont_n0(p.0[0]);
        let mut u = ctt_bigint::montgomery::mont_r2(&p);
        let v = ctt_bigint::montgomery::mont_r(&p).wrapping_add(&ctt_bigint::BigInt::ONE);
        time("kernel_64bit_mul", 100_000, || {
            u = black_box(portable::mont_mul(&u, &v, black_box(&p), n0))
        });
        time("kernel_radix29_mul", 100_000, || {
            u = black_box(radix29::mont_mul(&u, &v, black_box(&p), n0))
        });
        time("kernel_radix29_sqr", 100_000, || {
            u = black_box(radix29::mont_sqr(&u, black_box(&p), n0))
        });
        let mut w = [u, v];
        let z = [v, u];
        time("kernel_fp2_mul_64bit", 20_000, || {
            w = black_box(portable::fp2_mul(&w, &z, black_box(&p), n0))
        });
        time("kernel_fp2_mul_radix29", 20_000, || {
            w = black_box(radix29::fp2_mul(&w, &z, black_box(&p), n0))
        });
    }
    time("bls12_381_fp_sqr", 100_000, || a = black_box(a.square()));
    let mut x = Fp2::new(a, b);
    let y = Fp2::new(b, a);
    time("bls12_381_fp2_mul", 20_000, || x = black_box(x * y));
    let (p, q) = (G1Affine::generator(), G2Affine::generator());
    time("bls12_381_pairing", 3, || {
        black_box(ctt_pairing::bls12_381::pairing(
            black_box(&p),
            black_box(&q),
        ));
    });
    let mut c = ctt_field::bn254::Fp::from_u64(3);
    let d = ctt_field::bn254::Fp::from_u64(0x1234_5678_9abc_def0).square();
    time("bn254_fp_mul", 100_000, || c = black_box(c * d));
    let (p, q) = (
        ctt_curves::bn254::G1Affine::generator(),
        ctt_curves::bn254::G2Affine::generator(),
    );
    time("bn254_pairing", 5, || {
        black_box(ctt_pairing::bn254::pairing(black_box(&p), black_box(&q)));
    });
}
