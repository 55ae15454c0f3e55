//! `modexp` (EIP-198 semantics) against num-bigint's `modpow` on random sizes and shapes and on
//! the edge cases, and against go-ethereum's MODEXP precompile vectors.
#![cfg(feature = "alloc")]

mod common;
use common::Rng;
use ctt_bigint::modexp;
use num_bigint::BigUint;
use num_traits::{One, Zero};
use proptest::prelude::*;
use serde_json::Value;

/// The EIP-198 result computed with num-bigint: `modulus.len()` bytes, zero for a zero modulus.
fn reference(base: &[u8], exp: &[u8], modulus: &[u8]) -> Vec<u8> {
    let m = BigUint::from_bytes_be(modulus);
    let mut out = vec![0u8; modulus.len()];
    if m.is_zero() {
        return out;
    }
    let e = BigUint::from_bytes_be(exp);
    let r = if e.is_zero() {
        BigUint::one() % &m
    } else {
        BigUint::from_bytes_be(base).modpow(&e, &m)
    };
    if !r.is_zero() {
        let bytes = r.to_bytes_be();
        let len = out.len();
        out[len - bytes.len()..].copy_from_slice(&bytes);
    }
    out
}

fn check(base: &[u8], exp: &[u8], modulus: &[u8]) {
    let got = modexp(base, exp, modulus);
    let want = reference(base, exp, modulus);
    assert_eq!(
        got,
        want,
        "base {} exp {} mod {}",
        hex::encode(base),
        hex::encode(exp),
        hex::encode(modulus)
    );
}

/// `2^k` as big-endian bytes (⌊k/8⌋ + 1 bytes).
fn pow2(k: usize) -> Vec<u8> {
    let mut v = vec![0u8; k / 8 + 1];
    v[0] = 1 << (k % 8);
    v
}

#[test]
fn edge_cases() {
    let x = [0x12u8, 0x34, 0x56, 0x78, 0x9a];
    // Modulus zero (empty, and zero bytes of any length) → that many zero bytes.
    assert_eq!(modexp(&x, &[3], &[]), Vec::<u8>::new());
    assert_eq!(modexp(&x, &[3], &[0, 0, 0]), vec![0, 0, 0]);
    assert_eq!(modexp(&[], &[], &[0; 5]), vec![0; 5]);
    // Modulus one → zeros, even with exponent zero.
    assert_eq!(modexp(&x, &[3], &[0, 1]), vec![0, 0]);
    assert_eq!(modexp(&x, &[], &[0, 0, 1]), vec![0, 0, 0]);
    // Exponent zero or empty → 1, also for a zero base.
    assert_eq!(modexp(&x, &[], &[7]), vec![1]);
    assert_eq!(modexp(&[], &[0, 0], &[0, 2]), vec![0, 1]);
    assert_eq!(modexp(&[0], &[0], &[0xff; 40])[39], 1);
    // Base zero, empty base.
    assert_eq!(modexp(&[], &[5], &[0, 9]), vec![0, 0]);
    assert_eq!(modexp(&[0, 0], &[5], &[0xff; 33]), vec![0; 33]);
    // Modulus two, small moduli.
    assert_eq!(modexp(&[3], &[5], &[2]), vec![1]);
    assert_eq!(modexp(&[4], &[5], &[2]), vec![0]);
    assert_eq!(modexp(&[3], &[5], &[4]), vec![3]);
    assert_eq!(modexp(&[7], &[3], &[0, 8]), vec![0, 7]);
    assert_eq!(modexp(&[2], &[10], &[0x03, 0xe8]), vec![0x00, 0x18]); // 1024 mod 1000
    let mut rng = Rng(1);
    let ff = vec![0xffu8; 200];
    let shapes: Vec<(Vec<u8>, Vec<u8>, Vec<u8>)> = vec![
        // base ≥ modulus, base longer than the modulus
        (rng.bytes(64), rng.bytes(8), rng.bytes(32)),
        (
            rng.bytes(300),
            rng.bytes(3),
            [rng.bytes(31), vec![1]].concat(),
        ),
        (ff.clone(), vec![0xff; 3], rng.bytes(16)),
        // base equal to the modulus, base a multiple of the modulus
        (vec![0x10, 0x01], vec![7], vec![0x10, 0x01]),
        (vec![0x20, 0x02], vec![7], vec![0x10, 0x01]),
        // all-0xff operands (odd modulus with no spare bit)
        (ff[..128].to_vec(), ff[..128].to_vec(), ff[..128].to_vec()),
        (ff[..33].to_vec(), ff[..65].to_vec(), ff[..32].to_vec()),
        // 2^k − 2 style even modulus, all-ff base
        (
            ff[..64].to_vec(),
            ff[..16].to_vec(),
            [ff[..63].to_vec(), vec![0xfe]].concat(),
        ),
        // leading zero bytes everywhere
        (
            [vec![0; 40], rng.bytes(20)].concat(),
            [vec![0; 33], rng.bytes(4)].concat(),
            [vec![0; 50], rng.bytes(24), vec![0x81]].concat(),
        ),
        // exponent one, exponent with leading zeros
        (rng.bytes(40), vec![0, 0, 0, 1], rng.bytes(40)),
        // even modulus with a large power of two and a large odd part
        (
            rng.bytes(96),
            rng.bytes(40),
            [rng.bytes(20), vec![0x80], vec![0; 30]].concat(),
        ),
        // even base, even modulus: the power-of-two part vanishes or not
        (vec![2], vec![1], [rng.bytes(10), vec![0; 8]].concat()),
        (vec![2], vec![63], [rng.bytes(10), vec![0; 8]].concat()),
        (vec![2], vec![64], [rng.bytes(10), vec![0; 8]].concat()),
        (vec![2], vec![65], [rng.bytes(10), vec![0; 8]].concat()),
        (
            vec![6],
            vec![0xff; 40],
            [rng.bytes(10), vec![0; 8]].concat(),
        ),
        // odd base, power-of-two exponent around 2^(k−1)
        (
            vec![3],
            vec![1, 0, 0, 0, 0, 0, 0, 0],
            [rng.bytes(5), vec![0x10], vec![0; 8]].concat(),
        ),
        // one-limb odd modulus, one-byte modulus
        (
            rng.bytes(50),
            rng.bytes(50),
            vec![0x01, 0, 0, 0, 0, 0, 0, 0x01],
        ),
        (rng.bytes(50), rng.bytes(50), vec![0xfb]),
        (rng.bytes(50), rng.bytes(50), vec![0xfc]),
    ];
    for (b, e, m) in &shapes {
        check(b, e, m);
    }
}

#[test]
fn powers_of_two_moduli() {
    let mut rng = Rng(2);
    for k in 1..=2000 {
        let m = pow2(k);
        let blen = 1 + rng.below(300);
        let mut b = rng.bytes(blen);
        let el = 1 + rng.below(24);
        let e = rng.bytes(el);
        check(&b, &e, &m);
        // the same with an odd base, and with the exponent's top bit set
        *b.last_mut().unwrap() |= 1;
        let el2 = 1 + rng.below(300);
        let mut e2 = rng.bytes(el2);
        e2[0] |= 0x80;
        check(&b, &e2, &m);
    }
}

#[test]
fn random_sizes_and_shapes() {
    let mut rng = Rng(3);
    for i in 0..400 {
        let ml = 1 + rng.below(1024);
        let bl = rng.below(1025);
        // Keep num-bigint's side affordable: long exponents only for some cases.
        let el = if i % 8 == 0 {
            rng.below(1025)
        } else {
            rng.below(65)
        };
        let base = rng.bytes(bl);
        let exp = rng.bytes(el);
        let mut m = rng.bytes(ml);
        match i % 5 {
            0 => *m.last_mut().unwrap() |= 1,  // odd
            1 => *m.last_mut().unwrap() &= !1, // even
            2 => {
                // 2^j · odd with j up to the whole width
                let j = rng.below(8 * ml);
                let len = m.len();
                let (full, part) = (j / 8, j % 8);
                for byte in &mut m[len - full.min(len)..] {
                    *byte = 0;
                }
                if full < len {
                    m[len - 1 - full] = (m[len - 1 - full] | 1) << part;
                }
            }
            3 => m[0] = 0xff, // full top byte
            _ => m[0] = 0,    // a leading zero byte
        }
        check(&base, &exp, &m);
    }
}

#[test]
fn largest_sizes() {
    // The EIP-7823 maximum on every operand, odd and even modulus; and beyond it.
    let mut rng = Rng(4);
    for (bl, el, ml, odd) in [
        (1024, 1024, 1024, true),
        (1024, 1024, 1024, false),
        (1024, 32, 1024, false),
        (2048, 40, 1500, true),
        (100, 8, 4096, false),
    ] {
        let base = rng.bytes(bl);
        let exp = rng.bytes(el);
        let mut m = rng.bytes(ml);
        m[0] |= 0x80;
        if odd {
            *m.last_mut().unwrap() |= 1;
        } else {
            *m.last_mut().unwrap() &= 0xf0;
        }
        check(&base, &exp, &m);
    }
}

/// Reads an EIP-198 input: three 32-byte lengths, then base, exponent, modulus; bytes past the
/// end of the input read as zero. (The precompile layer owns this parsing; it is here only to
/// run the geth vectors.)
fn parse_eip198(input: &[u8]) -> (Vec<u8>, Vec<u8>, Vec<u8>) {
    let byte = |i: usize| input.get(i).copied().unwrap_or(0);
    let read = |from: usize, len: usize| (from..from + len).map(byte).collect::<Vec<u8>>();
    let length = |i: usize| {
        let word = read(32 * i, 32);
        assert!(
            word[..24].iter().all(|&b| b == 0),
            "length too large for a test vector"
        );
        u64::from_be_bytes(word[24..].try_into().unwrap()) as usize
    };
    let (bl, el, ml) = (length(0), length(1), length(2));
    let base = read(96, bl);
    let exp = read(96 + bl, el);
    let modulus = read(96 + bl + el, ml);
    (base, exp, modulus)
}

#[test]
fn geth_vectors() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/vectors/geth-precompiles");
    let mut cases = 0;
    for file in ["modexp.json", "modexp_eip2565.json", "modexp_eip7883.json"] {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        let v: Value = serde_json::from_str(&text).unwrap();
        for case in v.as_array().unwrap() {
            let name = case["Name"].as_str().unwrap();
            let input = hex::decode(case["Input"].as_str().unwrap()).unwrap();
            let expected = hex::decode(case["Expected"].as_str().unwrap()).unwrap();
            let (base, exp, modulus) = parse_eip198(&input);
            assert_eq!(modexp(&base, &exp, &modulus), expected, "{file}: {name}");
            assert_eq!(
                reference(&base, &exp, &modulus),
                expected,
                "{file}: {name} (num-bigint)"
            );
            cases += 1;
        }
    }
    assert_eq!(cases, 12 + 32 + 30);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn matches_num_bigint(
        base in proptest::collection::vec(any::<u8>(), 0..120),
        exp in proptest::collection::vec(any::<u8>(), 0..40),
        modulus in proptest::collection::vec(any::<u8>(), 0..120),
    ) {
        prop_assert_eq!(modexp(&base, &exp, &modulus), reference(&base, &exp, &modulus));
    }

    #[test]
    fn leading_zeros_do_not_matter(
        base in proptest::collection::vec(any::<u8>(), 0..80),
        exp in proptest::collection::vec(any::<u8>(), 0..20),
        modulus in proptest::collection::vec(any::<u8>(), 1..80),
        pad in 0usize..20,
    ) {
        let z = vec![0u8; pad];
        let r = modexp(&base, &exp, &modulus);
        let padded = modexp(&[&z[..], &base].concat(), &[&z[..], &exp].concat(), &[&z[..], &modulus].concat());
        prop_assert_eq!(&padded[pad..], &r[..]);
        prop_assert!(padded[..pad].iter().all(|&b| b == 0));
    }

    /// (a·b)^e ≡ a^e · b^e: ties the odd and power-of-two parts together on moduli of any shape.
    #[test]
    fn multiplicative(
        a in proptest::collection::vec(any::<u8>(), 1..64),
        b in proptest::collection::vec(any::<u8>(), 1..64),
        exp in proptest::collection::vec(any::<u8>(), 1..16),
        modulus in proptest::collection::vec(any::<u8>(), 1..64),
    ) {
        let m = BigUint::from_bytes_be(&modulus);
        prop_assume!(!m.is_zero());
        let ab = (BigUint::from_bytes_be(&a) * BigUint::from_bytes_be(&b)).to_bytes_be();
        let lhs = BigUint::from_bytes_be(&modexp(&ab, &exp, &modulus));
        let rhs = BigUint::from_bytes_be(&modexp(&a, &exp, &modulus))
            * BigUint::from_bytes_be(&modexp(&b, &exp, &modulus))
            % &m;
        prop_assert_eq!(lhs, rhs);
    }
}
