//! Feature `ff`: the zkcrypto `ff` traits on the BLS12-381 and BN254 prime fields.
//!
//! The generic checks below see the fields only through `ff::PrimeField` (as a bellman- or
//! halo2-style caller does); the cross-checks compare with our native API and with num-bigint.
//! `ff` 0.14 ships no generic test helpers of its own (`group` does; see ctt-curves).

use core::convert::Infallible;
use ctt_field::{bls12_381, bn254};
use ff::{Field, PrimeField};
use num_bigint::BigUint;
use rand_core::TryRng;

/// SplitMix64: a deterministic RNG for the tests, through rand_core's trait.
struct SplitMix(u64);

impl TryRng for SplitMix {
    type Error = Infallible;
    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        Ok(self.try_next_u64()? as u32)
    }
    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        Ok(z ^ (z >> 31))
    }
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        for c in dst.chunks_mut(8) {
            let w = self.try_next_u64()?.to_le_bytes();
            c.copy_from_slice(&w[..c.len()]);
        }
        Ok(())
    }
}

/// Also a source for our own `Rng`, to sample with the native API.
impl ctt_field::Rng for SplitMix {
    fn next_u64(&mut self) -> u64 {
        self.try_next_u64().unwrap()
    }
}

const ROUNDS: usize = 200;

fn modulus<F: PrimeField>() -> BigUint {
    BigUint::parse_bytes(F::MODULUS.trim_start_matches("0x").as_bytes(), 16).unwrap()
}

fn to_big<F: PrimeField>(x: &F) -> BigUint {
    BigUint::from_bytes_le(x.to_repr().as_ref())
}

/// The ring and field axioms, `Sum`/`Product`, inversion, doubling, cubing and the zero test,
/// through `ff::Field` only.
fn field_axioms<F: PrimeField>(seed: u64) {
    let mut rng = SplitMix(seed);
    for _ in 0..ROUNDS {
        let (a, b, c) = (
            F::random(&mut rng),
            F::random(&mut rng),
            F::random(&mut rng),
        );
        assert_eq!(a + b, b + a);
        assert_eq!(a * b, b * a);
        assert_eq!((a + b) + c, a + (b + c));
        assert_eq!((a * b) * c, a * (b * c));
        assert_eq!(a * (b + c), a * b + a * c);
        assert_eq!(a - b, a + (-b));
        assert_eq!(a + F::ZERO, a);
        assert_eq!(a * F::ONE, a);
        assert_eq!(a - b + b, a);
        assert_eq!(a + (-a), F::ZERO);
        assert_eq!(a.double(), a + a);
        assert_eq!(a.square(), a * a);
        assert_eq!(a.cube(), a * a * a);
        assert_eq!([a, b, c].iter().sum::<F>(), a + b + c);
        assert_eq!([a, b, c].into_iter().product::<F>(), a * b * c);
        let mut d = a;
        d += b;
        d *= c;
        d -= a;
        assert_eq!(d, (a + b) * c - a);
        if bool::from(a.is_zero()) {
            assert!(bool::from(a.invert().is_none()));
        } else {
            assert_eq!(a * a.invert().unwrap(), F::ONE);
        }
    }
    assert!(bool::from(F::ZERO.is_zero()));
    assert!(F::ZERO.is_zero_vartime());
    assert!(!bool::from(F::ONE.is_zero()));
    assert!(bool::from(F::ZERO.invert().is_none()));
}

/// The constants of `ff::PrimeField`, against their definitions and num-bigint.
fn prime_field_constants<F: PrimeField>() {
    let p = modulus::<F>();
    assert_eq!(F::NUM_BITS as u64, p.bits());
    assert_eq!(F::CAPACITY, F::NUM_BITS - 1);
    assert_eq!(F::TWO_INV.double(), F::ONE);
    // p − 1 = 2^S·t, t odd.
    let pm1 = &p - 1u32;
    assert_eq!(pm1.trailing_zeros().unwrap(), F::S as u64);
    let t = &pm1 >> F::S;
    let t_limbs = t.to_u64_digits();
    // ROOT_OF_UNITY = g^t has order exactly 2^S.
    assert_eq!(
        F::MULTIPLICATIVE_GENERATOR.pow_vartime(&t_limbs),
        F::ROOT_OF_UNITY
    );
    let mut r = F::ROOT_OF_UNITY;
    for _ in 0..F::S - 1 {
        r = r.square();
    }
    assert_eq!(r, -F::ONE);
    assert_eq!(r.square(), F::ONE);
    assert_eq!(F::ROOT_OF_UNITY * F::ROOT_OF_UNITY_INV, F::ONE);
    // DELTA = g^(2^S) has order dividing t.
    let two_s = [1u64 << F::S];
    assert_eq!(F::MULTIPLICATIVE_GENERATOR.pow_vartime(two_s), F::DELTA);
    assert_eq!(F::DELTA.pow_vartime(&t_limbs), F::ONE);
    // The generator is a non-residue (and generates: g^((p−1)/q) ≠ 1 for q = 2 at least).
    let half = (&pm1 >> 1u32).to_u64_digits();
    assert_eq!(F::MULTIPLICATIVE_GENERATOR.pow_vartime(&half), -F::ONE);
    assert!(bool::from(F::MULTIPLICATIVE_GENERATOR.sqrt().is_none()));
    // The small constants.
    assert_eq!(F::from(0), F::ZERO);
    assert_eq!(F::from(1), F::ONE);
    assert_eq!(to_big(&F::from(u64::MAX)), BigUint::from(u64::MAX));
    assert_eq!(to_big(&F::from_u128(u128::MAX)), BigUint::from(u128::MAX));
    assert_eq!(to_big(&-F::ONE), pm1);
}

/// `to_repr`/`from_repr`: little-endian, canonical, values ≥ p refused; `is_odd`.
fn repr_round_trips<F: PrimeField>(seed: u64) {
    let p = modulus::<F>();
    let mut rng = SplitMix(seed);
    let len = F::Repr::default().as_ref().len();
    for _ in 0..ROUNDS {
        let a = F::random(&mut rng);
        let r = a.to_repr();
        assert_eq!(F::from_repr(r).unwrap(), a);
        assert_eq!(F::from_repr_vartime(r), Some(a));
        let v = to_big(&a);
        assert!(v < p);
        assert_eq!(bool::from(a.is_odd()), v.bit(0));
        assert_eq!(bool::from(a.is_even()), !v.bit(0));
        // The same value through decimal parsing.
        assert_eq!(F::from_str_vartime(&v.to_str_radix(10)), Some(a));
        // Adding p (when it fits) gives a non-canonical encoding, refused.
        let big = &v + &p;
        if big.bits() <= 8 * len as u64 {
            let mut r2 = F::Repr::default();
            let bytes = big.to_bytes_le();
            r2.as_mut()[..bytes.len()].copy_from_slice(&bytes);
            assert!(bool::from(F::from_repr(r2).is_none()));
        }
    }
    // The edges: p − 1 accepted, p and the all-ones string refused.
    let mut r = F::Repr::default();
    let bytes = (&p - 1u32).to_bytes_le();
    r.as_mut()[..bytes.len()].copy_from_slice(&bytes);
    assert_eq!(F::from_repr(r).unwrap(), -F::ONE);
    let bytes = p.to_bytes_le();
    let mut r = F::Repr::default();
    r.as_mut()[..bytes.len()].copy_from_slice(&bytes);
    assert!(bool::from(F::from_repr(r).is_none()));
    let mut r = F::Repr::default();
    r.as_mut().fill(0xff);
    assert!(bool::from(F::from_repr(r).is_none()));
    // Little-endian: the repr of 1 starts with the byte 1.
    assert_eq!(F::ONE.to_repr().as_ref()[0], 1);
    assert_eq!(F::from_str_vartime(""), None);
    assert_eq!(F::from_str_vartime("0"), Some(F::ZERO));
    assert_eq!(F::from_str_vartime("01"), None);
}

/// `sqrt` and `sqrt_ratio` with the cases `ff` documents.
fn square_roots<F: PrimeField>(seed: u64) {
    let mut rng = SplitMix(seed);
    let (mut squares, mut non_squares) = (0, 0);
    for _ in 0..ROUNDS {
        let a = F::random(&mut rng);
        let s = a.square().sqrt().unwrap();
        assert!(s == a || s == -a);
        match Option::<F>::from(a.sqrt()) {
            Some(r) => {
                squares += 1;
                assert_eq!(r.square(), a);
            }
            None => {
                non_squares += 1;
                // a·ROOT_OF_UNITY is then a square.
                assert!(bool::from((a * F::ROOT_OF_UNITY).sqrt().is_some()));
            }
        }
        let b = F::random(&mut rng);
        let (is_sq, r) = F::sqrt_ratio(&a, &b);
        let q = a * b.invert().unwrap();
        if bool::from(is_sq) {
            assert_eq!(r.square(), q);
        } else {
            assert_eq!(r.square(), q * F::ROOT_OF_UNITY);
        }
        assert_eq!(bool::from(is_sq), bool::from(q.sqrt().is_some()));
        // Same answer as ff's generic construction (ours drops its branching consistency checks).
        let (g_sq, g) = ff::helpers::sqrt_ratio_generic(&a, &b);
        assert_eq!((bool::from(is_sq), r), (bool::from(g_sq), g));
        let (alt_sq, alt) = a.sqrt_alt();
        assert_eq!(bool::from(alt_sq), bool::from(a.sqrt().is_some()));
        assert!(alt.square() == a || alt.square() == a * F::ROOT_OF_UNITY);
    }
    assert!(squares > ROUNDS / 4 && non_squares > ROUNDS / 4);
    // 0/x = 0 (a square); x/0 is not; 0/0 is (0).
    let x = F::from(5);
    let (c, v) = F::sqrt_ratio(&F::ZERO, &x);
    assert!(bool::from(c) && v == F::ZERO);
    let (c, v) = F::sqrt_ratio(&x, &F::ZERO);
    assert!(!bool::from(c) && v == F::ZERO);
    let (c, v) = F::sqrt_ratio(&F::ZERO, &F::ZERO);
    assert!(bool::from(c) && v == F::ZERO);
    for (n, d) in [(F::ZERO, x), (x, F::ZERO), (F::ZERO, F::ZERO)] {
        let (c, v) = F::sqrt_ratio(&n, &d);
        let (gc, gv) = ff::helpers::sqrt_ratio_generic(&n, &d);
        assert_eq!((bool::from(c), v), (bool::from(gc), gv));
    }
    assert_eq!(F::ZERO.sqrt().unwrap(), F::ZERO);
}

/// `pow` (constant time) and `pow_vartime` against square-and-multiply and Fermat.
fn powers<F: PrimeField>(seed: u64) {
    let mut rng = SplitMix(seed);
    for round in 0..ROUNDS / 4 {
        let a = F::random(&mut rng);
        let e = [
            rng.try_next_u64().unwrap(),
            rng.try_next_u64().unwrap() >> (round % 64),
        ];
        let mut naive = F::ONE;
        for w in e.iter().rev() {
            for i in (0..64).rev() {
                naive = naive.square();
                if (w >> i) & 1 == 1 {
                    naive *= a;
                }
            }
        }
        assert_eq!(a.pow(e), naive);
        assert_eq!(a.pow_vartime(e), naive);
        assert_eq!(a.pow_vartime(e.as_slice()), naive);
        // Fermat: a^(p−1) = 1 for a ≠ 0.
        let pm1 = (modulus::<F>() - 1u32).to_u64_digits();
        if !bool::from(a.is_zero()) {
            assert_eq!(a.pow(&pm1), F::ONE);
        }
    }
    assert_eq!(F::from(3).pow([0u64]), F::ONE);
    assert_eq!(F::from(3).pow_vartime([5u64]), F::from(243));
}

macro_rules! field_suite {
    ($name:ident, $f:ty, $cfg:ty, $n:literal, $seed:literal) => {
        mod $name {
            use super::*;
            type F = $f;

            #[test]
            fn axioms() {
                field_axioms::<F>($seed);
            }
            #[test]
            fn constants() {
                prime_field_constants::<F>();
                // The hex modulus is ours.
                let ours = BigUint::from_bytes_le(
                    &<$cfg as ctt_field::fp::FpParams<$n>>::MODULUS
                        .0
                        .iter()
                        .flat_map(|w| w.to_le_bytes())
                        .collect::<Vec<_>>(),
                );
                assert_eq!(modulus::<F>(), ours);
                assert_eq!(
                    <F as PrimeField>::ROOT_OF_UNITY,
                    <F as ctt_field::PrimeField>::ROOT_OF_UNITY
                );
                assert_eq!(
                    <F as PrimeField>::S,
                    <F as ctt_field::PrimeField>::TWO_ADICITY
                );
            }
            #[test]
            fn repr() {
                repr_round_trips::<F>($seed + 1);
            }
            #[test]
            fn sqrt() {
                square_roots::<F>($seed + 2);
            }
            #[test]
            fn pow() {
                powers::<F>($seed + 3);
            }

            /// The ff API and ours give the same answers on the same elements.
            #[test]
            fn same_as_native() {
                use ctt_field::{PrimeField as _, SqrtField as _};
                let mut rng = SplitMix($seed + 4);
                for _ in 0..ROUNDS {
                    let a = <F as ctt_field::Field>::random(&mut rng);
                    let b = <F as Field>::random(&mut rng);
                    assert_eq!(Field::square(&a), ctt_field::Field::square(&a));
                    assert_eq!(Field::double(&a), ctt_field::Field::double(&a));
                    assert_eq!(
                        Option::<F>::from(Field::invert(&a)),
                        ctt_field::Field::invert(&a).into_option()
                    );
                    assert_eq!(
                        Option::<F>::from(Field::sqrt(&b)),
                        ctt_field::SqrtField::sqrt(&b).into_option()
                    );
                    assert_eq!(
                        bool::from(Field::sqrt(&b).is_some()),
                        b.is_square().to_bool_vartime()
                    );
                    // The ff repr is the reverse of our big-endian bytes.
                    let mut be = a.to_bytes_be();
                    be.as_mut().reverse();
                    assert_eq!(a.to_repr().as_ref(), be.as_ref());
                    assert_eq!(a.to_bytes_le().as_ref(), a.to_repr().as_ref());
                    assert_eq!(<F as From<u64>>::from(7), F::from_u64(7));
                    assert_eq!(
                        bool::from(PrimeField::is_odd(&a)),
                        ctt_field::PrimeField::is_odd(&a).to_bool_vartime()
                    );
                    let e = [a.to_bigint().0[0], 3];
                    assert_eq!(Field::pow(&b, e), ctt_field::Field::pow(&b, &e));
                }
            }

            /// `subtle`'s traits agree with ours.
            #[test]
            fn subtle_traits() {
                use subtle::{ConditionallySelectable, ConstantTimeEq};
                let (a, b) = (F::from(3), F::from(4));
                assert!(bool::from(ConstantTimeEq::ct_eq(&a, &a)));
                assert!(!bool::from(ConstantTimeEq::ct_eq(&a, &b)));
                assert_eq!(
                    ConditionallySelectable::conditional_select(&a, &b, 0.into()),
                    a
                );
                assert_eq!(
                    ConditionallySelectable::conditional_select(&a, &b, 1.into()),
                    b
                );
                let (mut c, mut d) = (a, b);
                ConditionallySelectable::conditional_swap(&mut c, &mut d, 1.into());
                assert_eq!((c, d), (b, a));
            }

            #[cfg(feature = "ff-bits")]
            #[test]
            fn bits() {
                use ff::PrimeFieldBits;
                let mut rng = SplitMix($seed + 5);
                let p = modulus::<F>();
                let pb = F::char_le_bits();
                for i in 0..(F::NUM_BITS as usize + 8) {
                    assert_eq!(pb.get(i).map(|b| *b).unwrap_or(false), p.bit(i as u64));
                }
                for _ in 0..20 {
                    let a = F::random(&mut rng);
                    let v = to_big(&a);
                    let bits = a.to_le_bits();
                    for i in 0..bits.len() {
                        assert_eq!(bits[i], v.bit(i as u64));
                    }
                }
            }
        }
    };
}

field_suite!(bls12_381_fr, bls12_381::Fr, bls12_381::FrConfig, 4, 1);
field_suite!(bls12_381_fp, bls12_381::Fp, bls12_381::FpConfig, 6, 100);
field_suite!(bn254_fr, bn254::Fr, bn254::FrConfig, 4, 200);
field_suite!(bn254_fp, bn254::Fp, bn254::FpConfig, 4, 300);

/// zkcrypto's own constants for BLS12-381's scalar field (from `bls12_381::Scalar`): the same
/// generator, so the same root of unity, `DELTA` and `TWO_INV`, as little-endian reprs.
#[test]
fn bls12_381_fr_matches_zkcrypto_constants() {
    type F = bls12_381::Fr;
    assert_eq!(F::MULTIPLICATIVE_GENERATOR, F::from(7));
    assert_eq!(F::S, 32);
    // zkcrypto ROOT_OF_UNITY = 0x16a2a19edfe81f20d09b681922c813b4b63683508c2280b93829971f439f0d2b
    let root = BigUint::parse_bytes(
        b"16a2a19edfe81f20d09b681922c813b4b63683508c2280b93829971f439f0d2b",
        16,
    )
    .unwrap();
    assert_eq!(to_big(&F::ROOT_OF_UNITY), root);
    assert_eq!(
        F::MODULUS,
        "0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001"
    );
}

/// `try_random` forwards an RNG failure and draws nothing else.
#[test]
fn try_random_propagates_errors() {
    #[derive(Debug)]
    struct Broken;
    impl core::fmt::Display for Broken {
        fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            f.write_str("broken")
        }
    }
    impl core::error::Error for Broken {}
    struct Failing;
    impl TryRng for Failing {
        type Error = Broken;
        fn try_next_u32(&mut self) -> Result<u32, Broken> {
            Err(Broken)
        }
        fn try_next_u64(&mut self) -> Result<u64, Broken> {
            Err(Broken)
        }
        fn try_fill_bytes(&mut self, _: &mut [u8]) -> Result<(), Broken> {
            Err(Broken)
        }
    }
    assert!(bls12_381::Fr::try_random(&mut Failing).is_err());
    assert!(bn254::Fp::try_random(&mut Failing).is_err());
}
