//! Constant-time primitives: `Choice`, `CtOption`, `ConstantTimeEq`, `ConditionallySelectable`.
//!
//! The shapes are those of the `subtle` crate, which most Rust cryptography users know, without the
//! dependency. Assumptions: a `Choice` always holds 0 or 1; every value built from secret data goes
//! through [`Choice::from_u8_ct`]-style masks, never through `if`. The optimisation barrier is
//! `core::hint::black_box`, which keeps LLVM from proving the value is a boolean and re-introducing
//! a branch (the valgrind harness in `tools/ctgrind` checks the compiled result).

use core::hint::black_box;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not};

/// A secret boolean: 0 or 1 in a byte that the compiler cannot see through.
#[derive(Clone, Copy, Debug)]
pub struct Choice(u8);

impl Choice {
    /// The true value.
    pub const TRUE: Choice = Choice(1);
    /// The false value.
    pub const FALSE: Choice = Choice(0);

    /// Wraps a bit (`0` or `1`); other values are a logic error (debug-asserted).
    #[inline]
    pub fn from_u8_ct(bit: u8) -> Self {
        debug_assert!(bit <= 1);
        Choice(black_box(bit))
    }

    /// Builds a `Choice` from the lowest bit of a word.
    #[inline]
    pub fn from_lsb(word: u64) -> Self {
        Choice(black_box((word & 1) as u8))
    }

    /// The bit as `u8`. Branching on it reveals it: do so only for public values.
    #[inline]
    pub fn unwrap_u8(self) -> u8 {
        self.0
    }

    /// `true` or `false`. Branching on it reveals it: do so only for public values.
    #[inline]
    pub fn to_bool_vartime(self) -> bool {
        self.0 == 1
    }

    /// The all-ones mask when true, zero when false.
    #[inline]
    pub fn mask(self) -> u64 {
        (black_box(self.0) as u64).wrapping_neg()
    }
}

impl From<bool> for Choice {
    #[inline]
    fn from(b: bool) -> Self {
        Choice::from_u8_ct(b as u8)
    }
}

impl From<Choice> for bool {
    /// Reveals the bit: for public values only.
    #[inline]
    fn from(c: Choice) -> bool {
        c.0 == 1
    }
}

impl BitAnd for Choice {
    type Output = Choice;
    #[inline]
    fn bitand(self, rhs: Choice) -> Choice {
        Choice(self.0 & rhs.0)
    }
}
impl BitAndAssign for Choice {
    #[inline]
    fn bitand_assign(&mut self, rhs: Choice) {
        self.0 &= rhs.0;
    }
}
impl BitOr for Choice {
    type Output = Choice;
    #[inline]
    fn bitor(self, rhs: Choice) -> Choice {
        Choice(self.0 | rhs.0)
    }
}
impl BitOrAssign for Choice {
    #[inline]
    fn bitor_assign(&mut self, rhs: Choice) {
        self.0 |= rhs.0;
    }
}
impl BitXor for Choice {
    type Output = Choice;
    #[inline]
    fn bitxor(self, rhs: Choice) -> Choice {
        Choice(self.0 ^ rhs.0)
    }
}
impl Not for Choice {
    type Output = Choice;
    #[inline]
    fn not(self) -> Choice {
        Choice(self.0 ^ 1)
    }
}

/// Equality without branches or early exits.
pub trait ConstantTimeEq {
    /// 1 when equal.
    fn ct_eq(&self, other: &Self) -> Choice;
    /// 1 when different.
    #[inline]
    fn ct_ne(&self, other: &Self) -> Choice {
        !self.ct_eq(other)
    }
}

/// Selection without branches: `select(a, b, c)` is `a` when `c` is 0 and `b` when `c` is 1.
pub trait ConditionallySelectable: Copy {
    /// `a` when `choice` is false, `b` when true.
    fn conditional_select(a: &Self, b: &Self, choice: Choice) -> Self;

    /// Replaces `self` by `other` when `choice` is true.
    #[inline]
    fn conditional_assign(&mut self, other: &Self, choice: Choice) {
        *self = Self::conditional_select(self, other, choice);
    }

    /// Swaps `a` and `b` when `choice` is true.
    #[inline]
    fn conditional_swap(a: &mut Self, b: &mut Self, choice: Choice) {
        let t = *a;
        a.conditional_assign(b, choice);
        b.conditional_assign(&t, choice);
    }
}

/// Conditional negation without branches.
pub trait ConditionallyNegatable {
    /// Negates `self` when `choice` is true.
    fn conditional_negate(&mut self, choice: Choice);
}

impl ConstantTimeEq for u64 {
    #[inline]
    fn ct_eq(&self, other: &u64) -> Choice {
        let x = self ^ other;
        // (x | -x) has its top bit set iff x != 0.
        let nonzero = (x | x.wrapping_neg()) >> 63;
        Choice::from_lsb(nonzero ^ 1)
    }
}

impl ConstantTimeEq for u8 {
    #[inline]
    fn ct_eq(&self, other: &u8) -> Choice {
        (*self as u64).ct_eq(&(*other as u64))
    }
}

impl<T: ConstantTimeEq> ConstantTimeEq for [T] {
    #[inline]
    fn ct_eq(&self, other: &[T]) -> Choice {
        // Lengths are public.
        if self.len() != other.len() {
            return Choice::FALSE;
        }
        let mut acc = Choice::TRUE;
        for (a, b) in self.iter().zip(other) {
            acc &= a.ct_eq(b);
        }
        acc
    }
}

impl ConditionallySelectable for u64 {
    #[inline]
    fn conditional_select(a: &u64, b: &u64, choice: Choice) -> u64 {
        let m = choice.mask();
        a ^ (m & (a ^ b))
    }
}

impl ConditionallySelectable for u8 {
    #[inline]
    fn conditional_select(a: &u8, b: &u8, choice: Choice) -> u8 {
        let m = choice.mask() as u8;
        a ^ (m & (a ^ b))
    }
}

impl ConditionallySelectable for Choice {
    #[inline]
    fn conditional_select(a: &Choice, b: &Choice, choice: Choice) -> Choice {
        Choice(u8::conditional_select(&a.0, &b.0, choice))
    }
}

impl<T: ConditionallySelectable, const K: usize> ConditionallySelectable for [T; K] {
    #[inline]
    fn conditional_select(a: &Self, b: &Self, choice: Choice) -> Self {
        core::array::from_fn(|i| T::conditional_select(&a[i], &b[i], choice))
    }
}

/// An optional value whose presence is secret: both branches are always computed.
#[derive(Clone, Copy, Debug)]
pub struct CtOption<T> {
    value: T,
    is_some: Choice,
}

impl<T> CtOption<T> {
    /// Wraps `value`, present when `is_some` is true.
    #[inline]
    pub fn new(value: T, is_some: Choice) -> Self {
        CtOption { value, is_some }
    }

    /// Whether a value is present.
    #[inline]
    pub fn is_some(&self) -> Choice {
        self.is_some
    }

    /// Whether no value is present.
    #[inline]
    pub fn is_none(&self) -> Choice {
        !self.is_some
    }

    /// The value. Panics when absent: call only where absence is a bug.
    #[inline]
    #[track_caller]
    pub fn unwrap(self) -> T {
        assert!(
            self.is_some.to_bool_vartime(),
            "CtOption::unwrap on a none value"
        );
        self.value
    }

    /// The value, or `default` when absent, selected in constant time.
    #[inline]
    pub fn unwrap_or(self, default: T) -> T
    where
        T: ConditionallySelectable,
    {
        T::conditional_select(&default, &self.value, self.is_some)
    }

    /// Converts to `Option`, revealing presence (public results only).
    #[inline]
    pub fn into_option(self) -> Option<T> {
        if self.is_some.to_bool_vartime() {
            Some(self.value)
        } else {
            None
        }
    }

    /// Applies `f` to the value (always, whether present or not).
    #[inline]
    pub fn map<U, F: FnOnce(T) -> U>(self, f: F) -> CtOption<U> {
        CtOption::new(f(self.value), self.is_some)
    }

    /// Chains a fallible computation (always run).
    #[inline]
    pub fn and_then<U, F: FnOnce(T) -> CtOption<U>>(self, f: F) -> CtOption<U> {
        let r = f(self.value);
        CtOption::new(r.value, r.is_some & self.is_some)
    }
}

impl<T> From<CtOption<T>> for Option<T> {
    #[inline]
    fn from(c: CtOption<T>) -> Option<T> {
        c.into_option()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn u64_eq_and_select() {
        for (a, b) in [
            (0u64, 0u64),
            (1, 0),
            (u64::MAX, u64::MAX),
            (1 << 63, 0),
            (5, 7),
        ] {
            assert_eq!(bool::from(a.ct_eq(&b)), a == b);
            assert_eq!(u64::conditional_select(&a, &b, Choice::FALSE), a);
            assert_eq!(u64::conditional_select(&a, &b, Choice::TRUE), b);
        }
    }

    #[test]
    fn ct_option_selects() {
        let some = CtOption::new(5u64, Choice::TRUE);
        let none = CtOption::new(5u64, Choice::FALSE);
        assert_eq!(some.unwrap_or(9), 5);
        assert_eq!(none.unwrap_or(9), 9);
        assert_eq!(none.into_option(), None);
        assert_eq!(
            some.and_then(|v| CtOption::new(v + 1, Choice::TRUE))
                .into_option(),
            Some(6)
        );
        let (mut x, mut y) = (1u64, 2u64);
        u64::conditional_swap(&mut x, &mut y, Choice::TRUE);
        assert_eq!((x, y), (2, 1));
        u64::conditional_swap(&mut x, &mut y, Choice::FALSE);
        assert_eq!((x, y), (2, 1));
    }
}
