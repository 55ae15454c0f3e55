//! The WebAssembly kernels (`backend::radix29`, radix 2^29 with deferred carries) against the
//! portable ones, on every target: the stack's moduli, the largest moduli they accept (top limb
//! 2^63 − 2), random moduli of 1 to 8 limbs, and operands at the edges of their bounds (0, 1,
//! p − 1, saturated limbs, unreduced operands below 2p where a kernel accepts them). On wasm
//! builds these kernels are what every field multiplication runs, so the wasm test runs of the
//! field, curve and pairing crates check them again end to end.

use ctt_bigint::BigInt;
use ctt_bigint::backend::{portable, radix29};
use ctt_bigint::montgomery::{has_two_spare_bits, mont_n0};

mod common;
use common::{BLS12_381_P, BLS12_381_R, BN254_P, BN254_R, EDGE_P4, EDGE_P6, Rng};

/// A value below `bound`: random limbs, or long runs of ones and zeros (carry chains).
fn below<const N: usize>(rng: &mut Rng, bound: &BigInt<N>) -> BigInt<N> {
    loop {
        let mut x = [0u64; N];
        for (i, l) in x.iter_mut().enumerate() {
            *l = match rng.next() % 4 {
                0 => u64::MAX,
                1 if i > 0 => 0,
                _ => rng.next(),
            };
        }
        let top = 64 - bound.0[N - 1].leading_zeros();
        x[N - 1] &= if top == 64 {
            u64::MAX
        } else {
            (1u64 << top) - 1
        };
        let x = BigInt(x);
        if x.lt_vartime(bound) {
            return x;
        }
    }
}

fn hex<const N: usize>(s: &str) -> BigInt<N> {
    BigInt::from_hex(s)
}

/// Edge operands below `bound`, then random ones.
fn operands<const N: usize>(rng: &mut Rng, bound: &BigInt<N>, count: usize) -> Vec<BigInt<N>> {
    let one = BigInt::<N>::ONE;
    let mut v = vec![
        BigInt::ZERO,
        one,
        bound.wrapping_sub(&one),
        bound.wrapping_sub(&one).wrapping_sub(&one),
        bound.shr(1),
    ];
    v.extend((0..count).map(|_| below(rng, bound)));
    v
}

fn two_p<const N: usize>(p: &BigInt<N>) -> BigInt<N> {
    p.wrapping_add(p)
}

/// Every kernel of `radix29` against the portable one for modulus `p`.
fn check_modulus<const N: usize>(p: &BigInt<N>, rng: &mut Rng, count: usize) {
    assert!(radix29::applies(p), "{p:?}");
    let n0 = mont_n0(p.0[0]);
    let xs = operands(rng, p, count);
    let ys = operands(rng, p, count);
    let wide = operands(rng, &two_p(p), count);
    for (i, x) in xs.iter().enumerate() {
        let y = &ys[(i * 7 + 3) % ys.len()];
        let expect = portable::mont_mul(x, y, p, n0);
        assert!(
            radix29::mont_mul(x, y, p, n0).eq_vartime(&expect),
            "mul {x:?} {y:?}"
        );
        assert!(
            radix29::mont_sqr(x, p, n0).eq_vartime(&portable::mont_sqr(x, p, n0)),
            "sqr {x:?}"
        );
        // One operand below 2p (either side): still canonical.
        let w = &wide[i % wide.len()];
        let w_red = ctt_bigint::montgomery::reduce_once(w, p);
        let expect = portable::mont_mul(&w_red, y, p, n0);
        assert!(
            radix29::mont_mul(w, y, p, n0).eq_vartime(&expect),
            "2p·p {w:?}"
        );
        assert!(
            radix29::mont_mul(y, w, p, n0).eq_vartime(&expect),
            "p·2p {w:?}"
        );
        // Unreduced product: congruent, below 2p.
        let (a, b) = if has_two_spare_bits(p) {
            (w, &wide[(i + 1) % wide.len()])
        } else {
            (x, y)
        };
        let r = radix29::mont_mul_nonred(a, b, p, n0);
        assert!(r.lt_vartime(&two_p(p)), "nonred bound");
        let a_red = ctt_bigint::montgomery::reduce_once(a, p);
        let b_red = ctt_bigint::montgomery::reduce_once(b, p);
        assert!(
            ctt_bigint::montgomery::reduce_once(&r, p)
                .eq_vartime(&portable::mont_mul(&a_red, &b_red, p, n0)),
            "nonred value"
        );
        // Fp2 (u² = −1): product and square.
        let a2 = [*x, xs[(i + 1) % xs.len()]];
        let b2 = [*y, ys[(i + 2) % ys.len()]];
        let expect = portable::fp2_mul(&a2, &b2, p, n0);
        let got = radix29::fp2_mul(&a2, &b2, p, n0);
        assert!(
            got[0].eq_vartime(&expect[0]) && got[1].eq_vartime(&expect[1]),
            "fp2_mul"
        );
        let expect = portable::fp2_sqr(&a2, p, n0);
        let got = radix29::fp2_sqr(&a2, p, n0);
        assert!(
            got[0].eq_vartime(&expect[0]) && got[1].eq_vartime(&expect[1]),
            "fp2_sqr"
        );
    }
}

#[test]
fn stack_moduli() {
    let mut rng = Rng(1);
    check_modulus::<6>(&hex(BLS12_381_P), &mut rng, 300);
    check_modulus::<4>(&hex(BLS12_381_R), &mut rng, 300);
    check_modulus::<4>(&hex(BN254_P), &mut rng, 300);
    check_modulus::<4>(&hex(BN254_R), &mut rng, 300);
}

#[test]
fn largest_accepted_moduli() {
    let mut rng = Rng(2);
    check_modulus::<6>(&hex(EDGE_P6), &mut rng, 300);
    check_modulus::<4>(&hex(EDGE_P4), &mut rng, 300);
}

/// A random odd modulus of `N` limbs with a spare bit: a full-size top limb or a small one.
fn random_modulus<const N: usize>(rng: &mut Rng) -> BigInt<N> {
    let mut p = [0u64; N];
    for l in p.iter_mut() {
        *l = rng.next();
    }
    p[0] |= 1;
    p[N - 1] = match rng.next() % 3 {
        0 => (1u64 << 63) - 2,
        1 => (p[N - 1] >> (rng.next() % 60)).max(1),
        _ => p[N - 1] >> 1,
    };
    if N == 1 {
        p[0] = (p[0] | 1).clamp(3, (1u64 << 63) - 3);
    }
    BigInt(p)
}

fn random_moduli<const N: usize>(seed: u64) {
    let mut rng = Rng(seed);
    for _ in 0..12 {
        let p = random_modulus::<N>(&mut rng);
        check_modulus(&p, &mut rng, 40);
    }
}

#[test]
fn random_moduli_every_size() {
    random_moduli::<1>(11);
    random_moduli::<2>(12);
    random_moduli::<3>(13);
    random_moduli::<4>(14);
    random_moduli::<5>(15);
    random_moduli::<6>(16);
    random_moduli::<7>(17);
    random_moduli::<8>(18);
}

#[test]
fn applies_only_with_a_spare_bit() {
    assert!(radix29::applies(&hex::<6>(BLS12_381_P)));
    assert!(!radix29::applies(&BigInt::<4>([
        u64::MAX - 4,
        u64::MAX,
        u64::MAX,
        u64::MAX
    ])));
    assert_eq!(radix29::limbs::<6>(), 14);
    assert_eq!(radix29::limbs::<4>(), 9);
}
