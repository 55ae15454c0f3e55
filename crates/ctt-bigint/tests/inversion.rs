//! `ModInverter` against num-bigint: inverses (plain and Montgomery, constant-time and
//! variable-time) and Legendre symbols (against Euler's criterion) for the BLS12-381 and BN254
//! base and scalar fields, on edge values and random inputs.

use ctt_bigint::BigInt;
use ctt_bigint::inversion::ModInverter;
use ctt_bigint::montgomery::{mont_mul, mont_n0, mont_r2};
use num_bigint::BigUint;
use num_traits::{One, Zero};
use proptest::prelude::*;

const BLS12_381_P: BigInt<6> = BigInt::from_hex(
    "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab",
);
const BLS12_381_R: BigInt<4> =
    BigInt::from_hex("73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001");
const BN254_P: BigInt<4> =
    BigInt::from_hex("30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47");
const BN254_R: BigInt<4> =
    BigInt::from_hex("30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001");

const INV_P381: ModInverter<6> = ModInverter::new(&BLS12_381_P);
const INV_R381: ModInverter<4> = ModInverter::new(&BLS12_381_R);
const INV_P254: ModInverter<4> = ModInverter::new(&BN254_P);
const INV_R254: ModInverter<4> = ModInverter::new(&BN254_R);

fn to_big<const N: usize>(x: &BigInt<N>) -> BigUint {
    let mut le = vec![0u8; 8 * N];
    x.to_bytes_le(&mut le);
    BigUint::from_bytes_le(&le)
}

fn from_big<const N: usize>(x: &BigUint) -> BigInt<N> {
    BigInt::from_bytes_le(&x.to_bytes_le()).unwrap()
}

/// Checks every entry point of `inv` on `a` (reduced mod p first).
fn check<const N: usize>(inv: &ModInverter<N>, a: &BigInt<N>) {
    let p = inv.modulus();
    let pb = to_big(p);
    let ab = to_big(a) % &pb;
    let a: BigInt<N> = from_big(&ab);

    // Plain inverse.
    let expect = if ab.is_zero() {
        BigUint::zero()
    } else {
        ab.modpow(&(&pb - 2u32), &pb)
    };
    assert_eq!(to_big(&inv.invert(&a)), expect, "invert({ab:x})");
    let var = inv.invert_vartime(&a);
    assert_eq!(
        var.map(|x| to_big(&x)),
        (!ab.is_zero()).then(|| expect.clone()),
        "invert_vartime({ab:x})"
    );
    if !ab.is_zero() {
        assert!((&ab * &expect % &pb).is_one());
    }

    // Montgomery form: x = aR, expect a⁻¹R; checked through mont_mul as well.
    let n0 = mont_n0(p.0[0]);
    let r2 = mont_r2(p);
    let x = mont_mul(&a, &r2, p, n0);
    let xi = inv.invert_mont(&x);
    let want: BigInt<N> = mont_mul(&from_big(&expect), &r2, p, n0);
    assert_eq!(to_big(&xi), to_big(&want), "invert_mont({ab:x})");
    assert_eq!(
        inv.invert_mont_vartime(&x).map(|y| to_big(&y)),
        (!ab.is_zero()).then(|| to_big(&want))
    );
    if !ab.is_zero() {
        // x · x⁻¹ in Montgomery form is R mod p.
        let one = mont_mul(&x, &xi, p, n0);
        assert_eq!(to_big(&one), (BigUint::one() << (64 * N)) % &pb);
    }

    // Legendre symbol against Euler's criterion.
    let e = ab.modpow(&((&pb - 1u32) >> 1), &pb);
    let want = if ab.is_zero() {
        0
    } else if e.is_one() {
        1
    } else {
        assert_eq!(e, &pb - 1u32);
        -1
    };
    assert_eq!(inv.legendre(&a), want, "legendre({ab:x})");
    assert_eq!(inv.legendre_vartime(&a), want, "legendre_vartime({ab:x})");
}

/// Edge values: 0, 1, 2, p−1, p−2, powers of two, runs of zeros and ones, saturated limbs.
fn edges<const N: usize>(inv: &ModInverter<N>) {
    let pb = to_big(inv.modulus());
    let bits = pb.bits() as usize;
    let mut vals: Vec<BigUint> = vec![
        BigUint::zero(),
        BigUint::one(),
        BigUint::from(2u32),
        BigUint::from(3u32),
        &pb - 1u32,
        &pb - 2u32,
        &pb - 3u32,
        (&pb - 1u32) >> 1,
        (&pb + 1u32) >> 1,
    ];
    for k in 0..bits {
        vals.push(BigUint::one() << k);
        vals.push((BigUint::one() << k) - 1u32); // run of ones
        vals.push(&pb - (BigUint::one() << k) % &pb);
    }
    for k in (0..bits).step_by(7) {
        for len in [1usize, 5, 31, 64, 100] {
            // a run of ones at bit k, and its complement within the width of p
            let run = ((BigUint::one() << len) - 1u32) << k;
            let all = (BigUint::one() << bits) - 1u32;
            vals.push(run.clone());
            vals.push(&all ^ &run);
        }
    }
    for i in 0..N {
        let mut l = [0u64; N];
        l[i] = u64::MAX;
        vals.push(to_big(&BigInt(l)));
        let mut l = [u64::MAX; N];
        l[i] = 0;
        vals.push(to_big(&BigInt(l)));
    }
    vals.push(to_big(&BigInt([u64::MAX; N])));
    vals.push(to_big(&BigInt([0x5555_5555_5555_5555; N])));
    for v in vals {
        check(inv, &from_big(&(v % &pb)));
    }
}

#[test]
fn edges_bls12_381_p() {
    edges(&INV_P381);
}

#[test]
fn edges_bls12_381_r() {
    edges(&INV_R381);
}

#[test]
fn edges_bn254_p() {
    edges(&INV_P254);
}

#[test]
fn edges_bn254_r() {
    edges(&INV_R254);
}

#[test]
fn divstep_counts() {
    // ⌊(3787·bits + 2166)/1644⌋ for 381, 255 and 254 bits.
    assert_eq!(INV_P381.ct_divsteps(), 878);
    assert_eq!(INV_R381.ct_divsteps(), 588);
    assert_eq!(INV_P254.ct_divsteps(), 586);
}

#[test]
fn small_moduli() {
    // One- and two-limb moduli, including the smallest ones, exhaustively on small values.
    const P3: ModInverter<1> = ModInverter::new(&BigInt([3]));
    const P101: ModInverter<1> = ModInverter::new(&BigInt([101]));
    const PM: ModInverter<1> = ModInverter::new(&BigInt([0xffff_ffff_ffff_ffc5])); // 2^64 − 59
    const P2: ModInverter<2> = ModInverter::new(&BigInt([0xffff_ffff_ffff_ff61, u64::MAX])); // 2^128 − 159
    for a in 0..3u64 {
        check(&P3, &BigInt([a]));
    }
    for a in 0..101u64 {
        check(&P101, &BigInt([a]));
    }
    for a in [0u64, 1, 2, 12345, u64::MAX - 59, u64::MAX - 60, 1 << 63] {
        check(&PM, &BigInt([a]));
        check(&P2, &BigInt([a, a.rotate_left(17)]));
    }
}

fn cfg() -> ProptestConfig {
    ProptestConfig {
        cases: 256,
        failure_persistence: None,
        ..Default::default()
    }
}

proptest! {
    #![proptest_config(cfg())]

    #[test]
    fn random_bls12_381_p(l in prop::array::uniform6(any::<u64>())) {
        check(&INV_P381, &BigInt(l));
    }

    #[test]
    fn random_4_limbs(l in prop::array::uniform4(any::<u64>())) {
        check(&INV_R381, &BigInt(l));
        check(&INV_P254, &BigInt(l));
        check(&INV_R254, &BigInt(l));
    }
}
