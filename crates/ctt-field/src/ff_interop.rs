//! The zkcrypto [`ff`] traits (`ff::Field`, `ff::PrimeField`, and with feature `ff-bits`
//! `ff::PrimeFieldBits`) on the BLS12-381 and BN254 prime fields (feature `ff`), so code written
//! against `ff` (bellman-style provers, halo2-style gadgets) runs on ctt's arithmetic.
//!
//! The impls are on our types, not on wrappers: `bls12_381::{Fp, Fr}` and `bn254::{Fp, Fr}`.
//! Each type then implements both our [`crate::Field`] and [`ff::Field`]; where both traits are
//! in scope, name the one meant (`ff::Field::square(&x)`). The `subtle` `Choice`/`CtOption`
//! that `ff` speaks are converted from ours at the boundary without branching
//! ([`ctt_bigint::Choice::unwrap_u8`], [`ctt_bigint::CtOption::unwrap_or`]).
//!
//! **Byte order of `Repr`.** `ff::PrimeField::to_repr`/`from_repr` use the canonical
//! **little-endian** encoding, as zkcrypto's `bls12_381::Scalar` does and as `group`'s wNAF code
//! assumes (it reads `to_repr()` as little-endian bits); our own `to_bytes_be`/`from_bytes_be`
//! stay big-endian. `from_repr` refuses values `≥ p` (`CtOption::none`), in constant time. The
//! repr is `[u8; 32]` for the 256-bit fields and [`ByteRepr<48>`] for BLS12-381's Fp (arrays
//! above 32 bytes have no `Default`, which `ff` requires).
//!
//! **Constant time.** Every method maps to a constant-time method of ours (`pow` to the
//! fixed-window [`crate::Field::pow`], `sqrt` to our addition chain or Tonelli–Shanks, `invert`
//! to safegcd, `sqrt_ratio` to two of our square roots and a selection), except those `ff` names
//! `_vartime`; the valgrind harness checks them (case `field-ff-interop`). `try_random` reduces
//! `2·L` random bytes modulo `p` (bias below `2^-(8L)`), with no rejection loop.

use crate::fp::{Fp, FpParams};
use crate::traits::Field as _;
use crate::{bls12_381, bn254};
use core::iter::{Product, Sum};
use ctt_bigint::BigInt;
use rand_core::TryRng;

/// A byte string of fixed length with the `Default` that `ff` and `group` require of their
/// `Repr` types (arrays above 32 bytes have none). Used as the `ff` repr of BLS12-381's Fp and
/// by ctt-curves for the point encodings of feature `group`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ByteRepr<const L: usize>(pub [u8; L]);

impl<const L: usize> Default for ByteRepr<L> {
    fn default() -> Self {
        ByteRepr([0; L])
    }
}
impl<const L: usize> AsRef<[u8]> for ByteRepr<L> {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}
impl<const L: usize> AsMut<[u8]> for ByteRepr<L> {
    fn as_mut(&mut self) -> &mut [u8] {
        &mut self.0
    }
}
impl<const L: usize> From<[u8; L]> for ByteRepr<L> {
    fn from(b: [u8; L]) -> Self {
        ByteRepr(b)
    }
}
impl<const L: usize> From<ByteRepr<L>> for [u8; L] {
    fn from(b: ByteRepr<L>) -> Self {
        b.0
    }
}

/// What `ff` needs beyond [`FpParams`]: the modulus as the hex string of
/// `ff::PrimeField::MODULUS` and the little-endian repr type.
pub trait FfParams<const N: usize>: FpParams<N> {
    /// The modulus, `0x`-prefixed big-endian hex (checked against [`FpParams::MODULUS`] by the
    /// tests).
    const MODULUS_HEX: &'static str;
    /// The `ff::PrimeField::Repr`: `8N` bytes, little-endian.
    type FfRepr: Copy + Default + Send + Sync + 'static + AsRef<[u8]> + AsMut<[u8]>;
}

impl FfParams<6> for bls12_381::FpConfig {
    const MODULUS_HEX: &'static str = "0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab";
    type FfRepr = ByteRepr<48>;
}
impl FfParams<4> for bls12_381::FrConfig {
    const MODULUS_HEX: &'static str =
        "0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001";
    type FfRepr = [u8; 32];
}
impl FfParams<4> for bn254::FpConfig {
    const MODULUS_HEX: &'static str =
        "0x30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47";
    type FfRepr = [u8; 32];
}
impl FfParams<4> for bn254::FrConfig {
    const MODULUS_HEX: &'static str =
        "0x30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001";
    type FfRepr = [u8; 32];
}

/// Our `Choice` as `subtle`'s, without a branch.
#[inline]
pub(crate) fn to_subtle(c: ctt_bigint::Choice) -> subtle::Choice {
    subtle::Choice::from(c.unwrap_u8())
}

/// `subtle`'s `Choice` as ours, without a branch.
#[inline]
pub(crate) fn from_subtle(c: subtle::Choice) -> ctt_bigint::Choice {
    ctt_bigint::Choice::from_u8_ct(c.unwrap_u8())
}

/// Our `CtOption` as `subtle`'s: the value (or `default` when absent, selected in constant time)
/// and the same presence bit.
#[inline]
fn to_subtle_option<T: ctt_bigint::ConditionallySelectable>(
    o: ctt_bigint::CtOption<T>,
    default: T,
) -> subtle::CtOption<T> {
    let some = o.is_some();
    subtle::CtOption::new(o.unwrap_or(default), to_subtle(some))
}

impl<P: FpParams<N>, const N: usize> subtle::ConstantTimeEq for Fp<P, N> {
    #[inline]
    fn ct_eq(&self, other: &Self) -> subtle::Choice {
        to_subtle(ctt_bigint::ConstantTimeEq::ct_eq(self, other))
    }
}

impl<P: FpParams<N>, const N: usize> subtle::ConditionallySelectable for Fp<P, N> {
    #[inline]
    fn conditional_select(a: &Self, b: &Self, choice: subtle::Choice) -> Self {
        ctt_bigint::ConditionallySelectable::conditional_select(a, b, from_subtle(choice))
    }
}

impl<P: FpParams<N>, const N: usize> Sum for Fp<P, N> {
    fn sum<I: Iterator<Item = Self>>(iter: I) -> Self {
        iter.fold(Self::ZERO, |a, b| a + b)
    }
}
impl<'a, P: FpParams<N>, const N: usize> Sum<&'a Self> for Fp<P, N> {
    fn sum<I: Iterator<Item = &'a Self>>(iter: I) -> Self {
        iter.fold(Self::ZERO, |a, b| a + b)
    }
}
impl<P: FpParams<N>, const N: usize> Product for Fp<P, N> {
    fn product<I: Iterator<Item = Self>>(iter: I) -> Self {
        iter.fold(Self::ONE, |a, b| a * b)
    }
}
impl<'a, P: FpParams<N>, const N: usize> Product<&'a Self> for Fp<P, N> {
    fn product<I: Iterator<Item = &'a Self>>(iter: I) -> Self {
        iter.fold(Self::ONE, |a, b| a * b)
    }
}

impl<P: FpParams<N>, const N: usize> From<u64> for Fp<P, N> {
    fn from(v: u64) -> Self {
        crate::PrimeField::from_u64(v)
    }
}

impl<P: FfParams<N>, const N: usize> ff::Field for Fp<P, N> {
    const ZERO: Self = <Self as crate::Field>::ZERO;
    const ONE: Self = <Self as crate::Field>::ONE;

    /// `2·8N` random bytes reduced modulo `p` (statistical distance to uniform below
    /// `2^-(64N)`), constant time; fails only if the RNG does.
    fn try_random<R: TryRng + ?Sized>(rng: &mut R) -> Result<Self, R::Error> {
        let mut buf = [0u8; 96];
        let wide = &mut buf[..16 * N];
        rng.try_fill_bytes(wide)?;
        let x = <Self as crate::PrimeField>::from_bytes_be_mod_order(wide);
        wide.fill(0);
        Ok(x)
    }

    #[inline]
    fn is_zero(&self) -> subtle::Choice {
        to_subtle(<Self as crate::Field>::is_zero(self))
    }

    #[inline]
    fn is_zero_vartime(&self) -> bool {
        <Self as crate::Field>::is_zero_vartime(self)
    }

    #[inline]
    fn square(&self) -> Self {
        <Self as crate::Field>::square(self)
    }

    #[inline]
    fn double(&self) -> Self {
        <Self as crate::Field>::double(self)
    }

    fn invert(&self) -> subtle::CtOption<Self> {
        to_subtle_option(
            <Self as crate::Field>::invert(self),
            <Self as crate::Field>::ZERO,
        )
    }

    /// `ff`'s contract: `(true, √(num/div))` when `num/div` is a square (`(true, 0)` for
    /// `num = 0`), `(false, 0)` for `num ≠ 0 = div`, else `(false, √(ζ·num/div))` with ζ the
    /// `2^S`-th root of unity, a non-square. The construction of `ff::helpers::sqrt_ratio_generic`
    /// (both roots computed, one selected) without its two consistency checks, `assert!` on a
    /// secret-derived `Choice` and `CtOption::unwrap`: each is a conditional branch on secret data
    /// (always taken the same way, but still a branch; the valgrind harness reports both).
    fn sqrt_ratio(num: &Self, div: &Self) -> (subtle::Choice, Self) {
        let zero = <Self as crate::Field>::ZERO;
        let a = <Self as crate::Field>::invert(div).unwrap_or(zero) * num;
        let b = a * <Self as crate::PrimeField>::ROOT_OF_UNITY;
        let sqrt_a = <Self as crate::SqrtField>::sqrt(&a);
        let sqrt_b = <Self as crate::SqrtField>::sqrt(&b);
        let is_square = sqrt_a.is_some();
        let root = ctt_bigint::ConditionallySelectable::conditional_select(
            &sqrt_b.unwrap_or(zero),
            &sqrt_a.unwrap_or(zero),
            is_square,
        );
        let num_is_zero = <Self as crate::Field>::is_zero(num);
        let div_is_zero = <Self as crate::Field>::is_zero(div);
        (to_subtle(is_square & (num_is_zero | !div_is_zero)), root)
    }

    fn sqrt(&self) -> subtle::CtOption<Self> {
        to_subtle_option(
            <Self as crate::SqrtField>::sqrt(self),
            <Self as crate::Field>::ZERO,
        )
    }

    fn pow<S: AsRef<[u64]>>(&self, exp: S) -> Self {
        <Self as crate::Field>::pow(self, exp.as_ref())
    }

    fn pow_vartime<S: AsRef<[u64]>>(&self, exp: S) -> Self {
        <Self as crate::Field>::pow_vartime(self, exp.as_ref())
    }
}

impl<P: FfParams<N>, const N: usize> ff::PrimeField for Fp<P, N> {
    type Repr = P::FfRepr;

    /// The canonical little-endian encoding; none when the value is `≥ p`. Constant time.
    fn from_repr(repr: Self::Repr) -> subtle::CtOption<Self> {
        // The repr is 8N bytes, so the integer always fits; only the range check can fail.
        let x = BigInt::<N>::from_bytes_le(repr.as_ref()).unwrap_or(BigInt::ZERO);
        to_subtle_option(Self::from_bigint(&x), <Self as crate::Field>::ZERO)
    }

    /// The canonical little-endian encoding.
    fn to_repr(&self) -> Self::Repr {
        let mut out = Self::Repr::default();
        self.to_bigint().to_bytes_le(out.as_mut());
        out
    }

    fn is_odd(&self) -> subtle::Choice {
        to_subtle(<Self as crate::PrimeField>::is_odd(self))
    }

    const MODULUS: &'static str = P::MODULUS_HEX;
    const NUM_BITS: u32 = <Self as crate::PrimeField>::NUM_BITS;
    const CAPACITY: u32 = <Self as crate::PrimeField>::NUM_BITS - 1;
    /// `(p + 1)/2`.
    const TWO_INV: Self = Self::from_bigint_const(P::MODULUS.shr(1).wrapping_add(&BigInt::ONE));
    const MULTIPLICATIVE_GENERATOR: Self = <Self as crate::PrimeField>::MULTIPLICATIVE_GENERATOR;
    const S: u32 = <Self as crate::PrimeField>::TWO_ADICITY;
    /// `g^t` with `p − 1 = 2^S·t`, `t` odd.
    const ROOT_OF_UNITY: Self = <Self as crate::PrimeField>::ROOT_OF_UNITY;
    const ROOT_OF_UNITY_INV: Self = <Self as crate::PrimeField>::ROOT_OF_UNITY.invert_const();
    /// `g^(2^S)`, a `t`-th root of unity (every modulus here has `S < 64`).
    const DELTA: Self = <Self as crate::PrimeField>::MULTIPLICATIVE_GENERATOR.pow_const(
        &BigInt::<1>::from_u64(1u64 << <Self as crate::PrimeField>::TWO_ADICITY),
    );
}

#[cfg(feature = "ff-bits")]
impl<P: FfParams<N>, const N: usize> ff::PrimeFieldBits for Fp<P, N> {
    type ReprBits = [u64; N];

    /// The canonical value's bits, least significant first.
    fn to_le_bits(&self) -> ff::FieldBits<Self::ReprBits> {
        ff::FieldBits::new(self.to_bigint().0)
    }

    fn char_le_bits() -> ff::FieldBits<Self::ReprBits> {
        ff::FieldBits::new(P::MODULUS.0)
    }
}
