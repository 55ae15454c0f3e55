//! Every backend the CPU supports against the portable kernel and against num-bigint, on random
//! operands, operands with long runs of 0 and 1 bits, and edge values (0, 1, p−1, p−2, a saturated
//! top limb), for every modulus the stack uses.

use ctt_bigint::BigInt;
use ctt_bigint::backend::{self, Backend, portable};
use ctt_bigint::montgomery::{mont_n0, mont_r2, mont_redc};
use num_bigint::BigUint;
use proptest::prelude::*;

mod common;
use common::{BLS12_381_P, BLS12_381_R, BN254_P, BN254_R, EDGE_P4, EDGE_P6};

// The same with two spare bits (top limb 2^62 - 2): the largest top limb of the kernels that
// take unreduced operands below 2p (4p < R), such as the Fp2 squaring.
const EDGE2_P6: &str = "3ffffffffffffffeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc5";
const EDGE2_P4: &str = "3ffffffffffffffeffffffffffffffffffffffffffffffffffffffffffffff43";
// The largest moduli of the Fp2 sums of products: 6p < R (3 terms) and 4p < R (2 terms).
const EDGE_SUM3_P6: &str = "2aaaaaaaaaaaaaa9ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc5";
const EDGE_SUM3_P4: &str = "2aaaaaaaaaaaaaa9ffffffffffffffffffffffffffffffffffffffffffffff43";

fn to_big<const N: usize>(x: &BigInt<N>) -> BigUint {
    let mut le = vec![0u8; 8 * N];
    x.to_bytes_le(&mut le);
    BigUint::from_bytes_le(&le)
}

fn from_big<const N: usize>(x: &BigUint) -> BigInt<N> {
    BigInt::from_bytes_le(&x.to_bytes_le()).unwrap()
}

/// The backends to test on this machine.
fn backends() -> Vec<Backend> {
    [Backend::Portable, Backend::X86_64Adx, Backend::Aarch64]
        .into_iter()
        .filter(|b| backend::is_supported(*b))
        .collect()
}

fn kernel_mul<const N: usize>(
    b: Backend,
    x: &BigInt<N>,
    y: &BigInt<N>,
    p: &BigInt<N>,
    n0: u64,
) -> BigInt<N> {
    match b {
        Backend::Portable => portable::mont_mul(x, y, p, n0),
        #[cfg(target_arch = "x86_64")]
        Backend::X86_64Adx => backend::x86_64_adx::mont_mul(x, y, p, n0).expect("supported"),
        #[cfg(target_arch = "aarch64")]
        Backend::Aarch64 => backend::aarch64::mont_mul(x, y, p, n0).expect("supported"),
        #[allow(unreachable_patterns)]
        _ => unreachable!(),
    }
}

fn kernel_sqr<const N: usize>(b: Backend, x: &BigInt<N>, p: &BigInt<N>, n0: u64) -> BigInt<N> {
    match b {
        Backend::Portable => portable::mont_sqr(x, p, n0),
        #[cfg(target_arch = "x86_64")]
        Backend::X86_64Adx => backend::x86_64_adx::mont_sqr(x, p, n0).expect("supported"),
        #[cfg(target_arch = "aarch64")]
        Backend::Aarch64 => backend::aarch64::mont_sqr(x, p, n0).expect("supported"),
        #[allow(unreachable_patterns)]
        _ => unreachable!(),
    }
}

/// Checks one (x, y) pair on every backend against num-bigint: x·y·R⁻¹ mod p.
fn check_pair<const N: usize>(p: &BigInt<N>, x: &BigInt<N>, y: &BigInt<N>) {
    let n0 = mont_n0(p.0[0]);
    let pb = to_big(p);
    let r_inv = (BigUint::from(1u8) << (64 * N)).modinv(&pb).unwrap();
    let expect_mul = from_big::<N>(&(to_big(x) * to_big(y) * &r_inv % &pb));
    let expect_sqr = from_big::<N>(&(to_big(x) * to_big(x) * &r_inv % &pb));
    for b in backends() {
        assert_eq!(
            kernel_mul(b, x, y, p, n0),
            expect_mul,
            "{b:?} mul {x:?} {y:?} mod {p:?}"
        );
        assert_eq!(
            kernel_sqr(b, x, p, n0),
            expect_sqr,
            "{b:?} sqr {x:?} mod {p:?}"
        );
        // Aliasing output and input is the common case in field code (x *= y).
        let mut z = *x;
        z = kernel_mul(b, &z, y, p, n0);
        assert_eq!(z, expect_mul);
    }
    // Modular addition and subtraction: portable, assembly, dispatched.
    let expect_add = from_big::<N>(&((to_big(x) + to_big(y)) % &pb));
    let expect_sub = from_big::<N>(&((to_big(x) + &pb - to_big(y)) % &pb));
    assert_eq!(ctt_bigint::montgomery::add_mod(x, y, p), expect_add);
    assert_eq!(ctt_bigint::montgomery::sub_mod(x, y, p), expect_sub);
    #[cfg(target_arch = "x86_64")]
    {
        assert_eq!(
            backend::x86_64_adx::add_mod(x, y, p).unwrap(),
            expect_add,
            "asm add {x:?} {y:?}"
        );
        assert_eq!(
            backend::x86_64_adx::sub_mod(x, y, p).unwrap(),
            expect_sub,
            "asm sub {x:?} {y:?}"
        );
    }
    assert_eq!(backend::add_mod(x, y, p), expect_add);
    assert_eq!(backend::sub_mod(x, y, p), expect_sub);
    assert_eq!(
        backend::neg_mod(x, p),
        from_big::<N>(&((&pb - to_big(x)) % &pb))
    );
    // The dispatcher agrees too, whatever it picked.
    assert_eq!(backend::mont_mul(x, y, p, n0), expect_mul);
    assert_eq!(backend::mont_sqr(x, p, n0), expect_sqr);
    // The dispatcher on each backend: the x86-64 kernels test the backend inside their asm block
    // and call back into Rust on the other path, which only a forced backend reaches on an ADX
    // CPU (`force-portable` builds refuse the others).
    for b in backends() {
        if backend::force(b).is_ok() {
            assert_eq!(
                backend::mont_mul(x, y, p, n0),
                expect_mul,
                "dispatcher on {b:?}"
            );
            assert_eq!(
                backend::mont_sqr(x, p, n0),
                expect_sqr,
                "dispatcher on {b:?}"
            );
        }
    }
    backend::force(backend::detect()).unwrap();
    check_wide(p, x, y);
}

fn kernel_mul_wide<const N: usize>(
    b: Backend,
    x: &BigInt<N>,
    y: &BigInt<N>,
) -> (BigInt<N>, BigInt<N>) {
    match b {
        Backend::Portable => portable::mul_wide(x, y),
        #[cfg(target_arch = "x86_64")]
        Backend::X86_64Adx => backend::x86_64_adx::mul_wide(x, y).expect("supported"),
        // The AArch64 backend serves the wide kernels with the portable code.
        _ => backend::mul_wide(x, y),
    }
}

fn kernel_redc_wide<const N: usize>(
    b: Backend,
    lo: &BigInt<N>,
    hi: &BigInt<N>,
    p: &BigInt<N>,
    n0: u64,
) -> BigInt<N> {
    match b {
        Backend::Portable => portable::redc_wide(lo, hi, p, n0),
        #[cfg(target_arch = "x86_64")]
        Backend::X86_64Adx => backend::x86_64_adx::redc_wide(lo, hi, p, n0).expect("supported"),
        _ => backend::redc_wide(lo, hi, p, n0),
    }
}

fn kernel_mul_nonred<const N: usize>(
    b: Backend,
    x: &BigInt<N>,
    y: &BigInt<N>,
    p: &BigInt<N>,
    n0: u64,
) -> BigInt<N> {
    match b {
        Backend::Portable => portable::mont_mul_nonred(x, y, p, n0),
        #[cfg(target_arch = "x86_64")]
        Backend::X86_64Adx => backend::x86_64_adx::mont_mul_nonred(x, y, p, n0).expect("supported"),
        _ => backend::mont_mul_nonred(x, y, p, n0),
    }
}

/// The double-width kernels and the unreduced product on every backend, against num-bigint:
/// `mul_wide` on reduced and unreduced (`< 2p`) operands, `redc_wide` on products, on the
/// extreme input `(R − 1) + (p − 1)·R` and on `(x, y)` as `(lo, hi)`, and `mont_mul_nonred` on
/// operands in `[0, 2p)` (moduli with two spare bits).
fn check_wide<const N: usize>(p: &BigInt<N>, x: &BigInt<N>, y: &BigInt<N>) {
    let n0 = mont_n0(p.0[0]);
    let pb = to_big(p);
    let r = BigUint::from(1u8) << (64 * N);
    let r_inv = r.modinv(&pb).unwrap();
    let wide = |(lo, hi): (BigInt<N>, BigInt<N>)| to_big(&lo) + to_big(&hi) * &r;
    // Unreduced operands x + p, y + p (< 2p < R with a spare bit).
    let xp = x.wrapping_add(p);
    let yp = y.wrapping_add(p);
    let pm1 = p.wrapping_sub(&BigInt::ONE);
    let ones = BigInt::<N>([u64::MAX; N]);
    for b in backends() {
        for (u, v) in [(x, y), (&xp, y), (&xp, &yp), (&ones, &ones)] {
            assert_eq!(
                wide(kernel_mul_wide(b, u, v)),
                to_big(u) * to_big(v),
                "{b:?} mul_wide {u:?} {v:?}"
            );
        }
        let (lo, hi) = kernel_mul_wide(b, x, y);
        for (l, h) in [
            (lo, hi),
            (ones, pm1),
            (*y, *x),
            (BigInt::ZERO, BigInt::ZERO),
        ] {
            let expect = from_big::<N>(&((to_big(&l) + to_big(&h) * &r) * &r_inv % &pb));
            assert_eq!(
                kernel_redc_wide(b, &l, &h, p, n0),
                expect,
                "{b:?} redc_wide {l:?} {h:?} mod {p:?}"
            );
        }
        if ctt_bigint::montgomery::has_two_spare_bits(p) {
            for (u, v) in [(x, y), (&xp, y), (&xp, &yp)] {
                let got = kernel_mul_nonred(b, u, v, p, n0);
                assert!(to_big(&got) < &pb + &pb, "{b:?} nonred bound {u:?} {v:?}");
                assert_eq!(
                    to_big(&got) % &pb,
                    to_big(u) * to_big(v) * &r_inv % &pb,
                    "{b:?} nonred {u:?} {v:?}"
                );
            }
            // With 4p < R the reduced kernels accept one operand in [0, 2p) (Fp2 squaring
            // feeds them unreduced sums): the result is still fully reduced.
            let expect = from_big::<N>(&(to_big(&xp) * to_big(y) * &r_inv % &pb));
            assert_eq!(
                kernel_mul(b, &xp, y, p, n0),
                expect,
                "{b:?} mul 2p {x:?} {y:?}"
            );
            assert_eq!(
                kernel_mul(b, y, &xp, p, n0),
                expect,
                "{b:?} mul 2p {y:?} {x:?}"
            );
        }
    }
    // The dispatched versions agree.
    let (lo, hi) = backend::mul_wide(x, y);
    assert_eq!(wide((lo, hi)), to_big(x) * to_big(y));
    assert_eq!(
        backend::redc_wide(&lo, &hi, p, n0),
        from_big::<N>(&(to_big(x) * to_big(y) * &r_inv % &pb))
    );
}

fn kernel_fp2_mul<const N: usize>(
    b: Backend,
    x: &[BigInt<N>; 2],
    y: &[BigInt<N>; 2],
    p: &BigInt<N>,
    n0: u64,
) -> [BigInt<N>; 2] {
    match b {
        Backend::Portable => portable::fp2_mul(x, y, p, n0),
        #[cfg(target_arch = "x86_64")]
        Backend::X86_64Adx => backend::x86_64_adx::fp2_mul(x, y, p, n0).expect("supported"),
        // AArch64 composes its Montgomery kernels inside the dispatcher (active there).
        _ => backend::fp2_mul(x, y, p, n0),
    }
}

fn kernel_fp2_sqr<const N: usize>(
    b: Backend,
    x: &[BigInt<N>; 2],
    p: &BigInt<N>,
    n0: u64,
) -> [BigInt<N>; 2] {
    match b {
        Backend::Portable => portable::fp2_sqr(x, p, n0),
        #[cfg(target_arch = "x86_64")]
        Backend::X86_64Adx => backend::x86_64_adx::fp2_sqr(x, p, n0).unwrap_or_else(|| {
            // Only moduli without two spare bits lack the fused kernel.
            assert!(!ctt_bigint::montgomery::has_two_spare_bits(p));
            portable::fp2_sqr(x, p, n0)
        }),
        _ => backend::fp2_sqr(x, p, n0),
    }
}

/// The Fp2 kernels (`u² = −1`, Montgomery form) on every backend and dispatched, against
/// num-bigint: `x·y = (x0y0 − x1y1) + (x0y1 + x1y0)·u` and `x² = (x0² − x1²) + 2x0x1·u`, each
/// coefficient times `R⁻¹ mod p`.
fn check_fp2<const N: usize>(p: &BigInt<N>, x: &[BigInt<N>; 2], y: &[BigInt<N>; 2]) {
    let n0 = mont_n0(p.0[0]);
    let pb = to_big(p);
    let r_inv = (BigUint::from(1u8) << (64 * N)).modinv(&pb).unwrap();
    let (x0, x1, y0, y1) = (to_big(&x[0]), to_big(&x[1]), to_big(&y[0]), to_big(&y[1]));
    let coeff = |v: BigUint| from_big::<N>(&(v * &r_inv % &pb));
    let mul = [
        coeff(&x0 * &y0 + &pb * &pb - &x1 * &y1),
        coeff(&x0 * &y1 + &x1 * &y0),
    ];
    let sqr = [
        coeff(&x0 * &x0 + &pb * &pb - &x1 * &x1),
        coeff(BigUint::from(2u8) * &x0 * &x1),
    ];
    for b in backends() {
        assert_eq!(
            kernel_fp2_mul(b, x, y, p, n0),
            mul,
            "{b:?} fp2_mul {x:?} {y:?} mod {p:?}"
        );
        assert_eq!(
            kernel_fp2_sqr(b, x, p, n0),
            sqr,
            "{b:?} fp2_sqr {x:?} mod {p:?}"
        );
    }
    assert_eq!(backend::fp2_mul(x, y, p, n0), mul);
    assert_eq!(backend::fp2_sqr(x, p, n0), sqr);
}

/// `Σ x_k·y_k` in Fp2 (Montgomery form) on every backend and dispatched, against num-bigint.
/// The assembly kernel must exist wherever its bound `2K·p < R` holds (so this cannot pass by
/// skipping).
fn check_fp2_sumprod<const N: usize, const K: usize>(
    p: &BigInt<N>,
    x: &[[BigInt<N>; 2]; K],
    y: &[[BigInt<N>; 2]; K],
) {
    let n0 = mont_n0(p.0[0]);
    let pb = to_big(p);
    let r_inv = (BigUint::from(1u8) << (64 * N)).modinv(&pb).unwrap();
    let (mut re, mut im) = (BigUint::from(0u8), BigUint::from(0u8));
    for (a, b) in x.iter().zip(y) {
        let (a0, a1, b0, b1) = (to_big(&a[0]), to_big(&a[1]), to_big(&b[0]), to_big(&b[1]));
        re += &a0 * &b0 + &pb * &pb - &a1 * &b1;
        im += &a0 * &b1 + &a1 * &b0;
    }
    let expect = [
        from_big::<N>(&(re * &r_inv % &pb)),
        from_big::<N>(&(im * &r_inv % &pb)),
    ];
    assert_eq!(
        portable::fp2_sum_of_products(x, y, p, n0),
        expect,
        "portable fp2 sumprod {x:?} {y:?} mod {p:?}"
    );
    #[cfg(target_arch = "x86_64")]
    if backend::is_supported(Backend::X86_64Adx) {
        let fits = ctt_bigint::montgomery::fp2_sum_of_products_fits(p, K as u64);
        match backend::x86_64_adx::fp2_sum_of_products(x, y, p, n0) {
            Some(got) => assert_eq!(got, expect, "asm fp2 sumprod {x:?} {y:?} mod {p:?}"),
            None => assert!(!fits || !(K == 2 || K == 3), "asm fp2 sumprod missing"),
        }
    }
    assert_eq!(backend::fp2_sum_of_products(x, y, p, n0), expect);
}

/// [`check_fp2_sumprod`] with 3, 2 and 1 terms drawn from `xs` (rotated for the second operand).
fn check_sumprods<const N: usize>(p: &BigInt<N>, xs: &[BigInt<N>]) {
    let pick = |off: usize| -> [[BigInt<N>; 2]; 3] {
        core::array::from_fn(|i| {
            [
                xs[(2 * i + off) % xs.len()],
                xs[(2 * i + off + 1) % xs.len()],
            ]
        })
    };
    let (a, b) = (pick(0), pick(1));
    check_fp2_sumprod::<N, 3>(p, &a, &b);
    check_fp2_sumprod::<N, 2>(p, &[a[0], a[2]], &[b[2], b[1]]);
    check_fp2_sumprod::<N, 1>(p, &[a[1]], &[b[0]]);
}

fn edge_values<const N: usize>(p: &BigInt<N>) -> Vec<BigInt<N>> {
    let one = BigInt::<N>::ONE;
    let pm1 = p.wrapping_sub(&one);
    let pm2 = pm1.wrapping_sub(&one);
    // Saturated limbs below p: every limb all-ones except the top, which is p's top minus one.
    let mut sat = BigInt::<N>([u64::MAX; N]);
    sat.0[N - 1] = p.0[N - 1] - 1;
    let mut top_only = BigInt::<N>::ZERO;
    top_only.0[N - 1] = p.0[N - 1] - 1;
    let low_ones = BigInt::<N>([u64::MAX; N]).shr(64 * N as u32 / 2);
    let alternating = BigInt::<N>([0xaaaa_aaaa_aaaa_aaaa; N]).shr(4);
    vec![
        BigInt::ZERO,
        one,
        BigInt::from_u64(2),
        pm1,
        pm2,
        sat,
        top_only,
        low_ones,
        alternating,
    ]
}

fn check_edges<const N: usize>(p_hex: &str) {
    let p = BigInt::<N>::from_hex(p_hex);
    let edges = edge_values(&p);
    for x in &edges {
        for y in &edges {
            check_pair(&p, x, y);
        }
    }
    // Sums of products: all p − 1 (the largest sum), then windows of the edge list.
    check_sumprods(&p, &[p.wrapping_sub(&BigInt::ONE)]);
    for w in edges.windows(4) {
        check_sumprods(&p, w);
    }
    // Fp2 operands from every pair of edge values (both coefficients), against a spread of
    // second operands, including p − 1 in both coefficients.
    for x0 in &edges {
        for x1 in &edges {
            for y in edges.chunks(2) {
                let y = [y[0], *y.last().unwrap()];
                check_fp2(&p, &[*x0, *x1], &y);
                check_fp2(&p, &[*x0, *x1], &[*x1, *x0]);
            }
        }
    }
}

#[test]
fn edge_values_every_modulus() {
    check_edges::<6>(BLS12_381_P);
    check_edges::<4>(BLS12_381_R);
    check_edges::<4>(BN254_P);
    check_edges::<4>(BN254_R);
    check_edges::<6>(EDGE_P6);
    check_edges::<4>(EDGE_P4);
    check_edges::<6>(EDGE2_P6);
    check_edges::<4>(EDGE2_P4);
    check_edges::<6>(EDGE_SUM3_P6);
    check_edges::<4>(EDGE_SUM3_P4);
}

#[test]
fn asm_backend_is_detected_on_adx_machines() {
    // On a CPU with BMI2+ADX the default build must pick the assembly.
    if backend::is_supported(Backend::X86_64Adx) && !cfg!(feature = "force-portable") {
        assert_eq!(backend::detect(), Backend::X86_64Adx);
    }
}

#[test]
fn asm_backend_is_detected_on_aarch64() {
    // Every AArch64 CPU runs the AArch64 kernels: the default build must pick them.
    if cfg!(target_arch = "aarch64") {
        assert!(backend::is_supported(Backend::Aarch64));
        if !cfg!(feature = "force-portable") {
            assert_eq!(backend::detect(), Backend::Aarch64);
            assert_eq!(backend::active(), Backend::Aarch64);
        }
    } else {
        assert!(!backend::is_supported(Backend::Aarch64));
        assert!(backend::force(Backend::Aarch64).is_err());
    }
}

#[test]
fn redc_leaves_the_domain() {
    let p = BigInt::<6>::from_hex(BLS12_381_P);
    let n0 = mont_n0(p.0[0]);
    let r2 = mont_r2(&p);
    let x = BigInt::<6>([3, 1, 4, 1, 5, 9]);
    let xm = backend::mont_mul(&x, &r2, &p, n0);
    assert_eq!(mont_redc(&xm, &p, n0), x);
}

/// Random limbs reduced below p by num-bigint; long runs come from masking with a run pattern.
fn arb_below<const N: usize>(p_hex: &'static str) -> impl Strategy<Value = BigInt<N>> {
    (prop::array::uniform32(any::<u64>()), 0u8..4).prop_map(move |(words, shape)| {
        let p = BigInt::<N>::from_hex(p_hex);
        let mut l = [0u64; N];
        l.copy_from_slice(&words[..N]);
        let run = words[N].rotate_left(words[N + 1] as u32 % 64);
        match shape {
            1 => l.iter_mut().for_each(|w| *w |= run), // long runs of ones
            2 => l.iter_mut().for_each(|w| *w &= run), // long runs of zeros
            _ => {}
        }
        from_big::<N>(&(to_big(&BigInt::<N>(l)) % to_big(&p)))
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_bls12_381_p(x in arb_below::<6>(BLS12_381_P), y in arb_below::<6>(BLS12_381_P)) {
        check_pair(&BigInt::<6>::from_hex(BLS12_381_P), &x, &y);
    }

    #[test]
    fn random_bls12_381_r(x in arb_below::<4>(BLS12_381_R), y in arb_below::<4>(BLS12_381_R)) {
        check_pair(&BigInt::<4>::from_hex(BLS12_381_R), &x, &y);
    }

    #[test]
    fn random_bn254_p(x in arb_below::<4>(BN254_P), y in arb_below::<4>(BN254_P)) {
        check_pair(&BigInt::<4>::from_hex(BN254_P), &x, &y);
    }

    #[test]
    fn random_bn254_r(x in arb_below::<4>(BN254_R), y in arb_below::<4>(BN254_R)) {
        check_pair(&BigInt::<4>::from_hex(BN254_R), &x, &y);
    }

    #[test]
    fn random_edge_moduli(x in arb_below::<6>(EDGE_P6), y in arb_below::<6>(EDGE_P6),
                          u in arb_below::<4>(EDGE_P4), v in arb_below::<4>(EDGE_P4)) {
        check_pair(&BigInt::<6>::from_hex(EDGE_P6), &x, &y);
        check_pair(&BigInt::<4>::from_hex(EDGE_P4), &u, &v);
    }

    #[test]
    fn random_fp2(x in arb_below::<6>(BLS12_381_P), y in arb_below::<6>(BLS12_381_P),
                  z in arb_below::<6>(BLS12_381_P), w in arb_below::<6>(BLS12_381_P),
                  u in arb_below::<4>(BN254_P), v in arb_below::<4>(BN254_P),
                  e in arb_below::<6>(EDGE2_P6), f in arb_below::<6>(EDGE2_P6)) {
        check_fp2(&BigInt::<6>::from_hex(BLS12_381_P), &[x, y], &[z, w]);
        check_fp2(&BigInt::<4>::from_hex(BN254_P), &[u, v], &[v, u]);
        check_fp2(&BigInt::<6>::from_hex(EDGE2_P6), &[e, f], &[f, e]);
        check_fp2(&BigInt::<6>::from_hex(EDGE_P6), &[x.shr(1), e], &[f, y.shr(1)]);
    }

    #[test]
    fn random_sum_of_products(a in prop::array::uniform6(arb_below::<6>(BLS12_381_P)),
                              b in prop::array::uniform6(arb_below::<6>(BLS12_381_P)),
                              e in prop::array::uniform6(arb_below::<6>(EDGE_SUM3_P6)),
                              u in prop::array::uniform6(arb_below::<4>(BN254_P))) {
        check_sumprods(&BigInt::<6>::from_hex(BLS12_381_P), &[a, b].concat());
        check_sumprods(&BigInt::<6>::from_hex(EDGE_SUM3_P6), &e);
        check_sumprods(&BigInt::<4>::from_hex(BN254_P), &u);
        check_sumprods(&BigInt::<4>::from_hex(EDGE_SUM3_P4), &u.map(|x| x.shr(2)));
    }
}

/// `r[..a.len()] += a·b` on backend `b`, the carry limb returned.
fn kernel_addmul_1(be: Backend, r: &mut [u64], a: &[u64], b: u64) -> u64 {
    match be {
        Backend::Portable => portable::addmul_1(r, a, b),
        #[cfg(target_arch = "x86_64")]
        Backend::X86_64Adx => backend::x86_64_adx::addmul_1(r, a, b).expect("supported"),
        // No AArch64 row kernel: the dispatcher runs the portable one there.
        _ => portable::addmul_1(r, a, b),
    }
}

/// The MODEXP row kernel of every backend against num-bigint, for every length 0..=40 (each
/// remainder of the four-limb unrolling), on random limbs and on all-ones limbs (the largest
/// carries), with `r` longer than `a` (the limbs above must stay untouched).
#[test]
fn addmul_1_every_backend() {
    let mut s = 0x1234_5678_9abc_def0u64;
    let mut next = || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    };
    for be in backends() {
        for n in 0..=40usize {
            for shape in 0..3 {
                let gen_limb =
                    |next: &mut dyn FnMut() -> u64| if shape == 0 { next() } else { u64::MAX };
                let a: Vec<u64> = (0..n).map(|_| gen_limb(&mut next)).collect();
                let r0: Vec<u64> = (0..n + 2).map(|_| gen_limb(&mut next)).collect();
                let b = if shape == 2 {
                    next()
                } else {
                    gen_limb(&mut next)
                };
                let mut r = r0.clone();
                let carry = kernel_addmul_1(be, &mut r, &a, b);
                let limbs_to_big = |x: &[u64]| {
                    BigUint::from_bytes_le(
                        &x.iter().flat_map(|l| l.to_le_bytes()).collect::<Vec<u8>>(),
                    )
                };
                let want = limbs_to_big(&r0[..n]) + limbs_to_big(&a) * BigUint::from(b);
                let got = limbs_to_big(&r[..n]) + (BigUint::from(carry) << (64 * n));
                assert_eq!(got, want, "{be:?}, n = {n}, shape {shape}");
                assert_eq!(
                    r[n..],
                    r0[n..],
                    "{be:?}, n = {n}: limbs above a were written"
                );
                // The dispatcher agrees with the backend.
                let mut r2 = r0.clone();
                if backend::active() == be {
                    assert_eq!(backend::addmul_1(&mut r2, &a, b), carry);
                    assert_eq!(r2, r);
                }
            }
        }
    }
}
