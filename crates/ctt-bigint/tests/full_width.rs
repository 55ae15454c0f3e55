//! Montgomery arithmetic for 4-limb moduli without a spare bit (top bit set, up to 2^256 − 1):
//! every backend the CPU supports and the dispatcher, against the portable kernel and num-bigint,
//! on random operands, operands with long runs of 0 and 1 bits, and edge values.

use ctt_bigint::BigInt;
use ctt_bigint::backend::{self, Backend, portable};
use ctt_bigint::montgomery::{self, has_spare_bit, mont_n0, mont_r, mont_r2};
use num_bigint::BigUint;
use proptest::prelude::*;

const SECP256K1_P: &str = "fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f";
const SECP256K1_N: &str = "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141";
const P256_P: &str = "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff";
const P256_N: &str = "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551";
/// 2^256 − 189, the largest prime below 2^256.
const MAX_PRIME: &str = "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff43";
/// 2^256 − 1 (odd, not prime: Montgomery needs only oddness).
const ALL_ONES: &str = "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff";
/// 2^255 + 95: the smallest top limb without a spare bit is 2^63 (here 2^63 exactly).
const LOW_TOP: &str = "800000000000000000000000000000000000000000000000000000000000005f";
/// Top limb 2^63 − 1: the first value `has_spare_bit` rejects.
const BOUNDARY: &str = "7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed";

const MODULI: [&str; 8] = [
    SECP256K1_P,
    SECP256K1_N,
    P256_P,
    P256_N,
    MAX_PRIME,
    ALL_ONES,
    LOW_TOP,
    BOUNDARY,
];

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

/// The named kernel of backend `b`: x86-64 and AArch64 must have their full-width assembly
/// kernels (this cannot pass by falling back).
fn kernel_mul(b: Backend, x: &BigInt<4>, y: &BigInt<4>, p: &BigInt<4>, n0: u64) -> BigInt<4> {
    match b {
        Backend::Portable => portable::mont_mul(x, y, p, n0),
        #[cfg(target_arch = "x86_64")]
        Backend::X86_64Adx => backend::x86_64_adx::mont_mul(x, y, p, n0).expect("kernel exists"),
        #[cfg(target_arch = "aarch64")]
        Backend::Aarch64 => backend::aarch64::mont_mul(x, y, p, n0).expect("kernel exists"),
        _ => unreachable!("{b:?} is not supported on this target"),
    }
}

fn kernel_sqr(b: Backend, x: &BigInt<4>, p: &BigInt<4>, n0: u64) -> BigInt<4> {
    match b {
        Backend::Portable => portable::mont_sqr(x, p, n0),
        #[cfg(target_arch = "x86_64")]
        Backend::X86_64Adx => backend::x86_64_adx::mont_sqr(x, p, n0).expect("kernel exists"),
        #[cfg(target_arch = "aarch64")]
        Backend::Aarch64 => backend::aarch64::mont_sqr(x, p, n0).expect("kernel exists"),
        _ => unreachable!("{b:?} is not supported on this target"),
    }
}

fn check_pair(p: &BigInt<4>, x: &BigInt<4>, y: &BigInt<4>) {
    let n0 = mont_n0(p.0[0]);
    let pb = to_big(p);
    let r_inv = (BigUint::from(1u8) << 256usize).modinv(&pb).unwrap();
    let expect_mul = from_big(&(to_big(x) * to_big(y) * &r_inv % &pb));
    let expect_sqr = from_big(&(to_big(x) * to_big(x) * &r_inv % &pb));
    assert_eq!(montgomery::mont_mul_cios(x, y, p, n0), expect_mul);
    for b in backends() {
        assert_eq!(
            kernel_mul(b, x, y, p, n0),
            expect_mul,
            "{b:?} mul {x:?} {y:?} mod {p:?}"
        );
        assert_eq!(kernel_mul(b, y, x, p, n0), expect_mul, "{b:?} mul commuted");
        assert_eq!(
            kernel_sqr(b, x, p, n0),
            expect_sqr,
            "{b:?} sqr {x:?} mod {p:?}"
        );
    }
    // The dispatcher on each backend: P-256's kernel tests the backend inside its asm block and
    // calls back into Rust on the other path, which only a forced backend reaches here.
    // (`force-portable` builds refuse the others.)
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
    let expect_add = from_big(&((to_big(x) + to_big(y)) % &pb));
    let expect_sub = from_big(&((to_big(x) + &pb - to_big(y)) % &pb));
    assert_eq!(montgomery::add_mod(x, y, p), expect_add);
    assert_eq!(montgomery::sub_mod(x, y, p), expect_sub);
    #[cfg(target_arch = "x86_64")]
    {
        assert_eq!(
            backend::x86_64_adx::add_mod(x, y, p).expect("kernel exists"),
            expect_add,
            "asm add {x:?} {y:?}"
        );
        assert_eq!(
            backend::x86_64_adx::sub_mod(x, y, p).expect("kernel exists"),
            expect_sub,
            "asm sub {x:?} {y:?}"
        );
    }
    assert_eq!(backend::add_mod(x, y, p), expect_add, "add {x:?} {y:?}");
    assert_eq!(backend::sub_mod(x, y, p), expect_sub, "sub {x:?} {y:?}");
    assert_eq!(backend::neg_mod(x, p), from_big(&((&pb - to_big(x)) % &pb)));
}

fn edge_values(p: &BigInt<4>) -> Vec<BigInt<4>> {
    let one = BigInt::<4>::ONE;
    let pm1 = p.wrapping_sub(&one);
    let pm2 = pm1.wrapping_sub(&one);
    let mut sat = BigInt::<4>([u64::MAX; 4]);
    sat.0[3] = p.0[3] - 1;
    let mut top_only = BigInt::<4>::ZERO;
    top_only.0[3] = p.0[3] - 1;
    let half = p.shr(1);
    vec![
        BigInt::ZERO,
        one,
        BigInt::from_u64(2),
        pm1,
        pm2,
        sat,
        top_only,
        half,
        half.wrapping_add(&one),
        BigInt::<4>([u64::MAX; 4]).shr(128),
        BigInt::<4>([0xaaaa_aaaa_aaaa_aaaa; 4]).shr(1),
        mont_r(p),
        mont_r2(p),
    ]
}

#[test]
fn moduli_have_no_spare_bit() {
    for m in MODULI {
        assert!(!has_spare_bit(&BigInt::<4>::from_hex(m)), "{m}");
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
    backend::force(backend::detect()).unwrap();
}

/// Long chains (each output feeds the next product) agree between portable and the dispatcher,
/// and with num-bigint at the end: catches carries that only appear after many steps.
#[test]
fn long_chains() {
    for m in MODULI {
        let p = BigInt::<4>::from_hex(m);
        let n0 = mont_n0(p.0[0]);
        let pb = to_big(&p);
        let r_inv = (BigUint::from(1u8) << 256usize).modinv(&pb).unwrap();
        let mut a = p.wrapping_sub(&BigInt::ONE);
        let mut b = p.shr(1);
        let (mut ba, mut bb) = (to_big(&a), to_big(&b));
        for _ in 0..2000 {
            let na = portable::mont_mul(&a, &b, &p, n0);
            assert_eq!(backend::mont_mul(&a, &b, &p, n0), na);
            let nb = backend::mont_sqr(&na, &p, n0);
            assert_eq!(portable::mont_sqr(&na, &p, n0), nb);
            ba = &ba * &bb * &r_inv % &pb;
            bb = &ba * &ba * &r_inv % &pb;
            (a, b) = (na, nb);
        }
        assert_eq!(to_big(&a), ba);
        assert_eq!(to_big(&b), bb);
    }
}

fn arb_below(p_hex: &'static str) -> impl Strategy<Value = BigInt<4>> {
    (prop::array::uniform6(any::<u64>()), 0u8..4).prop_map(move |(w, shape)| {
        let p = BigInt::<4>::from_hex(p_hex);
        let mut l = [w[0], w[1], w[2], w[3]];
        let run = w[4].rotate_left(w[5] as u32 % 64);
        match shape {
            1 => l.iter_mut().for_each(|x| *x |= run),
            2 => l.iter_mut().for_each(|x| *x &= run),
            _ => {}
        }
        from_big(&(to_big(&BigInt(l)) % to_big(&p)))
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_secp256k1(x in arb_below(SECP256K1_P), y in arb_below(SECP256K1_P),
                        u in arb_below(SECP256K1_N), v in arb_below(SECP256K1_N)) {
        check_pair(&BigInt::from_hex(SECP256K1_P), &x, &y);
        check_pair(&BigInt::from_hex(SECP256K1_N), &u, &v);
    }

    #[test]
    fn random_p256(x in arb_below(P256_P), y in arb_below(P256_P),
                   u in arb_below(P256_N), v in arb_below(P256_N)) {
        check_pair(&BigInt::from_hex(P256_P), &x, &y);
        check_pair(&BigInt::from_hex(P256_N), &u, &v);
    }

    #[test]
    fn random_extreme(x in arb_below(MAX_PRIME), y in arb_below(MAX_PRIME),
                      u in arb_below(ALL_ONES), v in arb_below(ALL_ONES),
                      s in arb_below(LOW_TOP), t in arb_below(LOW_TOP)) {
        check_pair(&BigInt::from_hex(MAX_PRIME), &x, &y);
        check_pair(&BigInt::from_hex(ALL_ONES), &u, &v);
        check_pair(&BigInt::from_hex(LOW_TOP), &s, &t);
    }
}
