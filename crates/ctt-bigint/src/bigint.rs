//! `BigInt<N>`: an unsigned integer of `N` little-endian 64-bit limbs.
//!
//! Assumptions: every method without `_vartime` in its name runs in time independent of the limb
//! values (loops are over `N`, which is public; carries are arithmetic, not branches). The methods
//! are `const fn` where that is possible so that field constants (R, R², n0, sqrt exponents) are
//! derived at compile time from the modulus alone.

use crate::ct::{Choice, ConditionallySelectable, ConstantTimeEq};
use core::fmt;

/// `a + b + carry`, returning (sum, carry out). `carry` is 0 or 1.
#[inline(always)]
pub const fn adc(a: u64, b: u64, carry: u64) -> (u64, u64) {
    let t = a as u128 + b as u128 + carry as u128;
    (t as u64, (t >> 64) as u64)
}

/// `a - b - borrow`, returning (difference, borrow out as 0 or 1).
#[inline(always)]
pub const fn sbb(a: u64, b: u64, borrow: u64) -> (u64, u64) {
    let t = (a as u128).wrapping_sub(b as u128 + borrow as u128);
    (t as u64, ((t >> 64) as u64) & 1)
}

/// `acc + a * b + carry`, returning (low word, high word). Cannot overflow 128 bits.
///
/// On WebAssembly this is [`mac_split`]: wasm has no 64×64→128-bit multiply, and LLVM lowers
/// the `u128` product to a call of `__multi3` (a full 128×128-bit product returned through
/// linear memory), which made every Montgomery kernel several times slower. (The field products
/// of spare-bit moduli do not come here on wasm: they run [`crate::backend::radix29`].)
#[inline(always)]
pub const fn mac(acc: u64, a: u64, b: u64, carry: u64) -> (u64, u64) {
    #[cfg(target_family = "wasm")]
    {
        mac_split(acc, a, b, carry)
    }
    #[cfg(not(target_family = "wasm"))]
    {
        let t = acc as u128 + (a as u128) * (b as u128) + carry as u128;
        (t as u64, (t >> 64) as u64)
    }
}

/// [`mac`] from four 32×32→64-bit products and 64-bit additions only (no `u128`): the kernel
/// WebAssembly builds use (i64.mul is native there). Constant time: no branches, carries are
/// comparisons turned into integers. Built on every target so the host tests check it against
/// the `u128` form (`tests/mac_split.rs`).
#[inline(always)]
pub const fn mac_split(acc: u64, a: u64, b: u64, carry: u64) -> (u64, u64) {
    const LO: u64 = 0xffff_ffff;
    let (a0, a1, b0, b1) = (a & LO, a >> 32, b & LO, b >> 32);
    let (p00, p01, p10, p11) = (a0 * b0, a0 * b1, a1 * b0, a1 * b1);
    // The 2^32 column: three terms below 2^32 each, so below 3·2^32.
    let mid = (p00 >> 32) + (p01 & LO) + (p10 & LO);
    let lo = (p00 & LO) | (mid << 32);
    let hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
    // a·b ≤ (2^64 − 1)², so hi ≤ 2^64 − 2 and adding acc and carry cannot overflow hi.
    let (lo, c1) = lo.overflowing_add(acc);
    let (lo, c2) = lo.overflowing_add(carry);
    (lo, hi + c1 as u64 + c2 as u64)
}

/// An `N`-limb unsigned integer, least significant limb first.
///
/// `repr(transparent)`: laid out as `[u64; N]`, so the assembly kernels read `[BigInt<N>; 2]`
/// (an Fp2 element's coefficients) in place as `2N` consecutive limbs.
#[derive(Clone, Copy)]
#[repr(transparent)]
pub struct BigInt<const N: usize>(pub [u64; N]);

impl<const N: usize> BigInt<N> {
    /// Zero.
    pub const ZERO: Self = BigInt([0; N]);
    /// One.
    pub const ONE: Self = {
        let mut l = [0u64; N];
        l[0] = 1;
        BigInt(l)
    };
    /// Number of bits of the type.
    pub const BITS: u32 = 64 * N as u32;
    /// Number of bytes of the type.
    pub const BYTES: usize = 8 * N;

    /// Wraps limbs (least significant first).
    #[inline]
    pub const fn new(limbs: [u64; N]) -> Self {
        BigInt(limbs)
    }

    /// From a single word.
    #[inline]
    pub const fn from_u64(v: u64) -> Self {
        let mut l = [0u64; N];
        l[0] = v;
        BigInt(l)
    }

    /// `self + other`, returning the sum and the carry out (0 or 1).
    #[inline]
    pub const fn add_with_carry(&self, other: &Self) -> (Self, u64) {
        let mut r = [0u64; N];
        let mut carry = 0;
        let mut i = 0;
        while i < N {
            (r[i], carry) = adc(self.0[i], other.0[i], carry);
            i += 1;
        }
        (BigInt(r), carry)
    }

    /// `self - other`, returning the difference and the borrow out (0 or 1).
    #[inline]
    pub const fn sub_with_borrow(&self, other: &Self) -> (Self, u64) {
        let mut r = [0u64; N];
        let mut borrow = 0;
        let mut i = 0;
        while i < N {
            (r[i], borrow) = sbb(self.0[i], other.0[i], borrow);
            i += 1;
        }
        (BigInt(r), borrow)
    }

    /// Wrapping addition.
    #[inline]
    pub const fn wrapping_add(&self, other: &Self) -> Self {
        self.add_with_carry(other).0
    }

    /// Wrapping subtraction.
    #[inline]
    pub const fn wrapping_sub(&self, other: &Self) -> Self {
        self.sub_with_borrow(other).0
    }

    /// `self · other mod 2^(64·O)`: the full product when `O ≥ N + M`, its low words otherwise
    /// (scalar decompositions need both). Schoolbook over loop bounds fixed by the types, so
    /// constant time.
    pub const fn mul_truncated<const M: usize, const O: usize>(
        &self,
        other: &BigInt<M>,
    ) -> BigInt<O> {
        let mut out = [0u64; O];
        let mut i = 0;
        while i < N {
            let mut carry = 0;
            let mut j = 0;
            while j < M && i + j < O {
                (out[i + j], carry) = mac(out[i + j], self.0[i], other.0[j], carry);
                j += 1;
            }
            if i + M < O {
                out[i + M] = carry;
            }
            i += 1;
        }
        BigInt(out)
    }

    /// 1 when `self < other`, computed from the borrow of `self - other`.
    #[inline]
    pub fn ct_lt(&self, other: &Self) -> Choice {
        Choice::from_lsb(self.sub_with_borrow(other).1)
    }

    /// 1 when `self > other`.
    #[inline]
    pub fn ct_gt(&self, other: &Self) -> Choice {
        other.ct_lt(self)
    }

    /// 1 when every limb is zero.
    #[inline]
    pub fn ct_is_zero(&self) -> Choice {
        let mut acc = 0;
        for l in self.0 {
            acc |= l;
        }
        acc.ct_eq(&0)
    }

    /// `self < other` at compile time or on public values.
    #[inline]
    pub const fn lt_vartime(&self, other: &Self) -> bool {
        self.sub_with_borrow(other).1 == 1
    }

    /// Equality for public values (compile-time friendly).
    #[inline]
    pub const fn eq_vartime(&self, other: &Self) -> bool {
        let mut i = 0;
        while i < N {
            if self.0[i] != other.0[i] {
                return false;
            }
            i += 1;
        }
        true
    }

    /// Whether zero, for public values.
    #[inline]
    pub const fn is_zero_vartime(&self) -> bool {
        self.eq_vartime(&Self::ZERO)
    }

    /// Whether odd.
    #[inline]
    pub fn is_odd(&self) -> Choice {
        Choice::from_lsb(self.0[0])
    }

    /// Bit `i` (0 = least significant); `i` is public, the bit may be secret.
    #[inline]
    pub const fn bit(&self, i: u32) -> u64 {
        if i >= Self::BITS {
            return 0;
        }
        (self.0[(i / 64) as usize] >> (i % 64)) & 1
    }

    /// Number of significant bits (0 for zero); the time depends on the value.
    pub const fn num_bits_vartime(&self) -> u32 {
        let mut i = N;
        while i > 0 {
            i -= 1;
            if self.0[i] != 0 {
                return 64 * i as u32 + (64 - self.0[i].leading_zeros());
            }
        }
        0
    }

    /// Number of trailing zero bits (`BITS` for zero); public values only.
    pub const fn trailing_zeros_vartime(&self) -> u32 {
        let mut i = 0;
        while i < N {
            if self.0[i] != 0 {
                return 64 * i as u32 + self.0[i].trailing_zeros();
            }
            i += 1;
        }
        Self::BITS
    }

    /// Logical shift right by a public amount `k < BITS`.
    #[inline]
    pub const fn shr(&self, k: u32) -> Self {
        let mut r = [0u64; N];
        let limbs = (k / 64) as usize;
        let bits = k % 64;
        let mut i = 0;
        while i + limbs < N {
            let lo = self.0[i + limbs] >> bits;
            let hi = if bits != 0 && i + limbs + 1 < N {
                self.0[i + limbs + 1] << (64 - bits)
            } else {
                0
            };
            r[i] = lo | hi;
            i += 1;
        }
        BigInt(r)
    }

    /// Logical shift left by a public amount `k < BITS` (bits shifted out are lost).
    #[inline]
    pub const fn shl(&self, k: u32) -> Self {
        let mut r = [0u64; N];
        let limbs = (k / 64) as usize;
        let bits = k % 64;
        let mut i = N;
        while i > limbs {
            i -= 1;
            let hi = self.0[i - limbs] << bits;
            let lo = if bits != 0 && i > limbs {
                self.0[i - limbs - 1] >> (64 - bits)
            } else {
                0
            };
            r[i] = hi | lo;
        }
        BigInt(r)
    }

    /// Shift right by one, inserting `top` (0 or 1) as the new most significant bit.
    #[inline]
    pub const fn shr1_with(&self, top: u64) -> Self {
        let mut r = [0u64; N];
        let mut i = 0;
        while i < N {
            let next = if i + 1 < N { self.0[i + 1] } else { top };
            r[i] = (self.0[i] >> 1) | (next << 63);
            i += 1;
        }
        BigInt(r)
    }

    /// Division by a public non-zero word: (quotient, remainder). Time depends only on `N`.
    pub const fn div_rem_u64(&self, d: u64) -> (Self, u64) {
        assert!(d != 0, "division by zero");
        let mut q = [0u64; N];
        let mut rem: u64 = 0;
        let mut i = N;
        while i > 0 {
            i -= 1;
            let cur = ((rem as u128) << 64) | self.0[i] as u128;
            q[i] = (cur / d as u128) as u64;
            rem = (cur % d as u128) as u64;
        }
        (BigInt(q), rem)
    }

    /// Big-endian bytes (`8N` of them).
    pub fn to_bytes_be(&self, out: &mut [u8]) {
        debug_assert_eq!(out.len(), Self::BYTES);
        for (i, l) in self.0.iter().rev().enumerate() {
            out[8 * i..8 * i + 8].copy_from_slice(&l.to_be_bytes());
        }
    }

    /// Little-endian bytes (`8N` of them).
    pub fn to_bytes_le(&self, out: &mut [u8]) {
        debug_assert_eq!(out.len(), Self::BYTES);
        for (i, l) in self.0.iter().enumerate() {
            out[8 * i..8 * i + 8].copy_from_slice(&l.to_le_bytes());
        }
    }

    /// From big-endian bytes; `bytes` may be shorter than `8N` (left-padded with zeros) but
    /// not longer (returns `None`). Length is public.
    pub fn from_bytes_be(bytes: &[u8]) -> Option<Self> {
        if bytes.len() > Self::BYTES {
            return None;
        }
        // Word by word from the least significant end (the last chunk may be short): a byte
        // loop here cost about 30 ns per 32-byte value, a third of parsing a blob.
        let mut l = [0u64; N];
        for (limb, chunk) in l.iter_mut().zip(bytes.rchunks(8)) {
            let mut w = [0u8; 8];
            w[8 - chunk.len()..].copy_from_slice(chunk);
            *limb = u64::from_be_bytes(w);
        }
        Some(BigInt(l))
    }

    /// From little-endian bytes; `bytes` may be shorter than `8N` but not longer.
    pub fn from_bytes_le(bytes: &[u8]) -> Option<Self> {
        if bytes.len() > Self::BYTES {
            return None;
        }
        let mut l = [0u64; N];
        for (limb, chunk) in l.iter_mut().zip(bytes.chunks(8)) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            *limb = u64::from_le_bytes(w);
        }
        Some(BigInt(l))
    }

    /// Parses big-endian hex, with or without `0x`, at most `16N` digits. Usable in `const`
    /// items (panics at compile time on a malformed literal).
    pub const fn from_hex(s: &str) -> Self {
        match Self::try_from_hex(s) {
            Some(v) => v,
            None => panic!("malformed hex literal for BigInt"),
        }
    }

    /// Parses big-endian hex, with or without `0x`; `None` on a bad digit or too many digits.
    pub const fn try_from_hex(s: &str) -> Option<Self> {
        let b = s.as_bytes();
        let mut start = 0;
        if b.len() >= 2 && b[0] == b'0' && (b[1] == b'x' || b[1] == b'X') {
            start = 2;
        }
        if b.len() - start > 16 * N || b.len() == start {
            return None;
        }
        let mut l = [0u64; N];
        let mut i = b.len();
        let mut pos = 0;
        while i > start {
            i -= 1;
            let d = match b[i] {
                c @ b'0'..=b'9' => c - b'0',
                c @ b'a'..=b'f' => c - b'a' + 10,
                c @ b'A'..=b'F' => c - b'A' + 10,
                _ => return None,
            } as u64;
            l[pos / 16] |= d << (4 * (pos % 16));
            pos += 1;
        }
        Some(BigInt(l))
    }
}

impl<const N: usize> Default for BigInt<N> {
    fn default() -> Self {
        Self::ZERO
    }
}

impl<const N: usize> ConstantTimeEq for BigInt<N> {
    #[inline]
    fn ct_eq(&self, other: &Self) -> Choice {
        let mut acc = 0;
        for i in 0..N {
            acc |= self.0[i] ^ other.0[i];
        }
        acc.ct_eq(&0)
    }
}

impl<const N: usize> ConditionallySelectable for BigInt<N> {
    #[inline]
    fn conditional_select(a: &Self, b: &Self, choice: Choice) -> Self {
        let m = choice.mask();
        let mut r = [0u64; N];
        for i in 0..N {
            r[i] = a.0[i] ^ (m & (a.0[i] ^ b.0[i]));
        }
        BigInt(r)
    }
}

/// Equality is constant-time (via `ct_eq`).
impl<const N: usize> PartialEq for BigInt<N> {
    fn eq(&self, other: &Self) -> bool {
        self.ct_eq(other).into()
    }
}
impl<const N: usize> Eq for BigInt<N> {}

/// Hashes the limbs, consistent with `Eq` (equal limbs, equal hash).
impl<const N: usize> core::hash::Hash for BigInt<N> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

impl<const N: usize> fmt::Debug for BigInt<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "0x")?;
        for l in self.0.iter().rev() {
            write!(f, "{l:016x}")?;
        }
        Ok(())
    }
}

impl<const N: usize> fmt::LowerHex for BigInt<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for l in self.0.iter().rev() {
            write!(f, "{l:016x}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `mul_truncated` against num-bigint (`a·b mod 2^(64·O)`) for the shapes the scalar
    /// decompositions use, on all-ones, zero and pseudo-random words.
    #[test]
    fn mul_truncated_matches_num_bigint() {
        use std::{vec, vec::Vec};
        fn big<const K: usize>(x: &BigInt<K>) -> num_bigint::BigUint {
            num_bigint::BigUint::from_slice(
                &x.0.iter()
                    .flat_map(|w| [*w as u32, (*w >> 32) as u32])
                    .collect::<Vec<_>>(),
            )
        }
        fn check<const A: usize, const B: usize, const O: usize>(seed: &mut u64) {
            let mut next = || {
                *seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
                let z = (*seed ^ (*seed >> 31)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                z ^ (z >> 29)
            };
            let mut cases = vec![
                (BigInt::<A>([u64::MAX; A]), BigInt::<B>([u64::MAX; B])),
                (BigInt::<A>::ZERO, BigInt::<B>([u64::MAX; B])),
            ];
            for _ in 0..200 {
                cases.push((
                    BigInt(core::array::from_fn(|_| next())),
                    BigInt(core::array::from_fn(|_| next())),
                ));
            }
            let modulus = num_bigint::BigUint::from(1u8) << (64 * O);
            for (a, b) in cases {
                let got: BigInt<O> = a.mul_truncated(&b);
                assert_eq!(big(&got), big(&a) * big(&b) % &modulus, "{a:?} · {b:?}");
            }
        }
        let mut seed = 1;
        check::<4, 3, 7>(&mut seed);
        check::<4, 3, 8>(&mut seed);
        check::<2, 2, 3>(&mut seed);
        check::<5, 2, 5>(&mut seed);
        check::<4, 4, 4>(&mut seed);
        check::<1, 1, 2>(&mut seed);
    }

    #[test]
    fn hex_and_bytes_round_trip() {
        let x = BigInt::<2>::from_hex(
            "0x0123456789abcdef_fedcba9876543210"
                .replace('_', "")
                .as_str(),
        );
        assert_eq!(x.0, [0xfedcba9876543210, 0x0123456789abcdef]);
        let mut be = [0u8; 16];
        x.to_bytes_be(&mut be);
        assert_eq!(BigInt::<2>::from_bytes_be(&be).unwrap(), x);
        let mut le = [0u8; 16];
        x.to_bytes_le(&mut le);
        assert_eq!(BigInt::<2>::from_bytes_le(&le).unwrap(), x);
        assert!(BigInt::<2>::from_bytes_be(&[0u8; 17]).is_none());
        assert!(BigInt::<2>::try_from_hex("0xzz").is_none());
        assert_eq!(BigInt::<2>::from_bytes_be(&[1, 2]).unwrap().0, [0x0102, 0]);
    }

    #[test]
    fn shifts() {
        let x = BigInt::<3>([0x8000_0000_0000_0001, 0x1, 0xf000_0000_0000_0000]);
        assert_eq!(x.shl(1).0, [2, 3, 0xe000_0000_0000_0000]);
        assert_eq!(
            x.shr(1).0,
            [0xc000_0000_0000_0000, 0, 0x7800_0000_0000_0000]
        );
        assert_eq!(x.shr(64).0, [1, 0xf000_0000_0000_0000, 0]);
        assert_eq!(x.shl(64).0, [0, 0x8000_0000_0000_0001, 1]);
        assert_eq!(x.shr(0), x);
        let mut expect = x.shr(1);
        expect.0[2] |= 1 << 63;
        assert_eq!(x.shr1_with(1), expect);
        assert_eq!(x.shr1_with(0), x.shr(1));
        assert_eq!(x.num_bits_vartime(), 192);
        assert_eq!(BigInt::<3>::ZERO.num_bits_vartime(), 0);
        assert_eq!(x.bit(0), 1);
        assert_eq!(x.bit(1), 0);
        assert_eq!(x.bit(191), 1);
    }

    #[test]
    fn compare_and_carry() {
        let max = BigInt::<2>([u64::MAX; 2]);
        let (s, c) = max.add_with_carry(&BigInt::ONE);
        assert_eq!((s, c), (BigInt::ZERO, 1));
        let (d, b) = BigInt::<2>::ZERO.sub_with_borrow(&BigInt::ONE);
        assert_eq!((d, b), (max, 1));
        assert!(bool::from(BigInt::<2>::ONE.ct_lt(&max)));
        assert!(!bool::from(max.ct_lt(&max)));
        assert!(bool::from(BigInt::<2>::ZERO.ct_is_zero()));
    }
}
