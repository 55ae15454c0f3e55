//! The unit radix (`n0 = UNIT_RADIX_N0`, `R = 1`) for pseudo-Mersenne moduli `p = 2^256 − c`:
//! the plain product and square `a·b mod p` of every backend (on x86-64 secp256k1's folding
//! kernel by name, which must exist, and the portable folding for every other `c`; on AArch64
//! the folding kernel, for every `c`) against
//! num-bigint, on operands anywhere below 2^256 (the kernels' contract, wider than a field's
//! canonical elements), edge values, long chains and random operands.

use ctt_bigint::BigInt;
use ctt_bigint::backend::{self, Backend, portable};
use ctt_bigint::montgomery::{self, UNIT_RADIX_N0, crandall_c};
use num_bigint::BigUint;
use proptest::prelude::*;

const SECP256K1_P: &str = "fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f";
/// 2^256 − 189, the largest prime below 2^256.
const MAX_PRIME: &str = "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff43";
/// 2^256 − 1 (c = 1; odd, not prime: the folding needs neither).
const ALL_ONES: &str = "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff";
/// 2^256 − (2^64 − 1): the largest c the unit radix takes.
const LARGEST_C: &str = "ffffffffffffffffffffffffffffffffffffffffffffffff0000000000000001";

const MODULI: [&str; 4] = [SECP256K1_P, MAX_PRIME, ALL_ONES, LARGEST_C];

fn to_big(x: &BigInt<4>) -> BigUint {
    let mut le = [0u8; 32];
    x.to_bytes_le(&mut le);
    BigUint::from_bytes_le(&le)
}

fn from_big(x: &BigUint) -> BigInt<4> {
    BigInt::from_bytes_le(&x.to_bytes_le()).unwrap()
}

fn backends() -> Vec<Backend> {
    [Backend::Portable, Backend::X86_64Adx, Backend::Aarch64]
        .into_iter()
        .filter(|b| backend::is_supported(*b))
        .collect()
}

/// Backend `b`'s product (`square` picks the square kernel, with `y` ignored). On x86-64 the
/// assembly kernel is called by name: it must exist for secp256k1's p and must decline every
/// other modulus (whose products then run the portable folding through the dispatcher).
fn kernel(b: Backend, x: &BigInt<4>, y: &BigInt<4>, p: &BigInt<4>, square: bool) -> BigInt<4> {
    match b {
        Backend::Portable => {
            let named = if square {
                portable::mont_sqr(x, p, UNIT_RADIX_N0)
            } else {
                portable::mont_mul(x, y, p, UNIT_RADIX_N0)
            };
            // The dispatcher with the portable backend forced: secp256k1's x86-64 kernel tests
            // the backend inside its asm block and calls back into Rust on this path.
            backend::force(b).unwrap();
            let dispatched = if square {
                backend::mont_sqr(x, p, UNIT_RADIX_N0)
            } else {
                backend::mont_mul(x, y, p, UNIT_RADIX_N0)
            };
            assert_eq!(named, dispatched, "portable against the dispatcher");
            named
        }
        #[cfg(target_arch = "x86_64")]
        Backend::X86_64Adx => {
            let named = if square {
                backend::x86_64_adx::mont_sqr(x, p, UNIT_RADIX_N0)
            } else {
                backend::x86_64_adx::mont_mul(x, y, p, UNIT_RADIX_N0)
            };
            let is_secp = *p == BigInt::from_hex(SECP256K1_P);
            assert_eq!(named.is_some(), is_secp, "x86-64 folding kernel for {p:?}");
            backend::force(b).unwrap();
            let dispatched = if square {
                backend::mont_sqr(x, p, UNIT_RADIX_N0)
            } else {
                backend::mont_mul(x, y, p, UNIT_RADIX_N0)
            };
            if let Some(v) = named {
                assert_eq!(v, dispatched, "named kernel against the dispatcher");
            }
            dispatched
        }
        #[cfg(target_arch = "aarch64")]
        Backend::Aarch64 => {
            // The AArch64 kernel takes any c.
            let named = if square {
                backend::aarch64::mont_sqr(x, p, UNIT_RADIX_N0)
            } else {
                backend::aarch64::mont_mul(x, y, p, UNIT_RADIX_N0)
            }
            .expect("AArch64 folding kernel");
            backend::force(b).unwrap();
            let dispatched = if square {
                backend::mont_sqr(x, p, UNIT_RADIX_N0)
            } else {
                backend::mont_mul(x, y, p, UNIT_RADIX_N0)
            };
            assert_eq!(named, dispatched, "named kernel against the dispatcher");
            named
        }
        _ => unreachable!("{b:?} is not supported on this target"),
    }
}

fn check_pair(p: &BigInt<4>, x: &BigInt<4>, y: &BigInt<4>) {
    let pb = to_big(p);
    let expect_mul = from_big(&(to_big(x) * to_big(y) % &pb));
    let expect_sqr = from_big(&(to_big(x) * to_big(x) % &pb));
    assert_eq!(montgomery::crandall_mul(x, y, p), expect_mul, "const fn");
    assert_eq!(montgomery::mont_mul(x, y, p, UNIT_RADIX_N0), expect_mul);
    for b in backends() {
        assert_eq!(
            kernel(b, x, y, p, false),
            expect_mul,
            "{b:?} {x:?}·{y:?} mod {p:?}"
        );
        assert_eq!(kernel(b, y, x, p, false), expect_mul, "{b:?} commuted");
        assert_eq!(
            kernel(b, x, x, p, true),
            expect_sqr,
            "{b:?} {x:?}² mod {p:?}"
        );
    }
    backend::force(backend::detect()).unwrap();
}

/// Values around the folding's carries: 0, 1, c, p ± 1, 2^256 − 1, halves, runs of ones.
fn edge_values(p: &BigInt<4>) -> Vec<BigInt<4>> {
    let one = BigInt::<4>::ONE;
    let c = BigInt::<4>::from_u64(crandall_c(p));
    let max = BigInt::<4>([u64::MAX; 4]);
    vec![
        BigInt::ZERO,
        one,
        BigInt::from_u64(2),
        c.wrapping_sub(&one),
        c,
        c.wrapping_add(&one),
        p.wrapping_sub(&one),
        *p,
        p.wrapping_add(&one),
        max,
        max.wrapping_sub(&one),
        max.shr(1),
        max.shr(1).wrapping_add(&one),
        max.shr(128),
        BigInt::<4>([0, 0, u64::MAX, u64::MAX]),
        BigInt::<4>([u64::MAX, 0, 0, u64::MAX]),
        BigInt::<4>([0xaaaa_aaaa_aaaa_aaaa; 4]),
    ]
}

#[test]
fn crandall_c_recognises_the_shape() {
    assert_eq!(
        crandall_c(&BigInt::<4>::from_hex(SECP256K1_P)),
        0x1_0000_03d1
    );
    assert_eq!(crandall_c(&BigInt::<4>::from_hex(MAX_PRIME)), 189);
    assert_eq!(crandall_c(&BigInt::<4>::from_hex(ALL_ONES)), 1);
    assert_eq!(crandall_c(&BigInt::<4>::from_hex(LARGEST_C)), u64::MAX);
    for not in [
        "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff", // P-256 p
        "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141", // secp256k1 n
        "ffffffffffffffffffffffffffffffffffffffffffffffff0000000000000000", // c = 2^64
        "7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed", // 2^255 − 19
    ] {
        assert_eq!(crandall_c(&BigInt::<4>::from_hex(not)), 0, "{not}");
    }
}

#[test]
fn edges_every_modulus() {
    for m in MODULI {
        let p = BigInt::<4>::from_hex(m);
        let edges = edge_values(&p);
        for x in &edges {
            for y in &edges {
                check_pair(&p, x, y);
            }
        }
    }
}

/// Long chains (each output feeds the next product) agree between portable and the dispatcher,
/// and with num-bigint at the end.
#[test]
fn long_chains() {
    for m in MODULI {
        let p = BigInt::<4>::from_hex(m);
        let pb = to_big(&p);
        let mut a = p.wrapping_sub(&BigInt::ONE);
        let mut b = p.shr(1);
        let (mut ba, mut bb) = (to_big(&a), to_big(&b));
        for _ in 0..2000 {
            let na = portable::mont_mul(&a, &b, &p, UNIT_RADIX_N0);
            assert_eq!(backend::mont_mul(&a, &b, &p, UNIT_RADIX_N0), na);
            let nb = backend::mont_sqr(&na, &p, UNIT_RADIX_N0);
            assert_eq!(portable::mont_sqr(&na, &p, UNIT_RADIX_N0), nb);
            ba = &ba * &bb % &pb;
            bb = &ba * &ba % &pb;
            (a, b) = (na, nb);
        }
        assert_eq!(to_big(&a), ba);
        assert_eq!(to_big(&b), bb);
    }
}

/// Any 256-bit value, with long runs of ones or zeros one time in three.
fn arb_u256() -> impl Strategy<Value = BigInt<4>> {
    (prop::array::uniform6(any::<u64>()), 0u8..3).prop_map(|(w, shape)| {
        let mut l = [w[0], w[1], w[2], w[3]];
        let run = w[4].rotate_left(w[5] as u32 % 64);
        match shape {
            1 => l.iter_mut().for_each(|x| *x |= run),
            2 => l.iter_mut().for_each(|x| *x &= run),
            _ => {}
        }
        BigInt(l)
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_operands(x in arb_u256(), y in arb_u256(), m in 0usize..MODULI.len()) {
        check_pair(&BigInt::from_hex(MODULI[m]), &x, &y);
    }
}
