//! The field trait hierarchy: `Field` (every level of every tower), `SqrtField` (fields whose square
//! roots Ethereum needs: the prime fields and Fp2), `PrimeField` and `ExtensionField`.
//!
//! Conventions: methods are constant-time unless named `_vartime`; `pow_vartime` is variable-time
//! in the *exponent* only (the base may be secret, the exponent must be public).

use core::fmt::Debug;
use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};
use ctt_bigint::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};

/// A minimal source of randomness, so that sampling does not tie the stack to a `rand` version.
/// Adapt any RNG with a two-line impl.
pub trait Rng {
    /// A uniformly random word.
    fn next_u64(&mut self) -> u64;

    /// Fills `dst` with random bytes.
    fn fill_bytes(&mut self, dst: &mut [u8]) {
        for chunk in dst.chunks_mut(8) {
            let w = self.next_u64().to_le_bytes();
            chunk.copy_from_slice(&w[..chunk.len()]);
        }
    }
}

/// A field: every prime field and every tower level.
pub trait Field:
    Sized
    + Copy
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + Eq
    + ConstantTimeEq
    + ConditionallySelectable
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Neg<Output = Self>
    + for<'a> Add<&'a Self, Output = Self>
    + for<'a> Sub<&'a Self, Output = Self>
    + for<'a> Mul<&'a Self, Output = Self>
    + AddAssign
    + SubAssign
    + MulAssign
    + for<'a> AddAssign<&'a Self>
    + for<'a> SubAssign<&'a Self>
    + for<'a> MulAssign<&'a Self>
{
    /// The additive identity.
    const ZERO: Self;
    /// The multiplicative identity.
    const ONE: Self;

    /// Whether zero, in constant time.
    fn is_zero(&self) -> Choice;

    /// Whether zero, for public values.
    fn is_zero_vartime(&self) -> bool {
        self.is_zero().to_bool_vartime()
    }

    /// `self²`.
    fn square(&self) -> Self;

    /// `2·self`.
    fn double(&self) -> Self;

    /// `self/2` (every field here has odd characteristic). Constant time. The prime fields
    /// override this product with a shift.
    fn half(&self) -> Self {
        *self * Self::ONE.double().invert().unwrap_or(Self::ZERO)
    }

    /// `self⁻¹`, none for zero. Constant time.
    fn invert(&self) -> CtOption<Self>;

    /// `self⁻¹`, none for zero, for public values (faster).
    fn invert_vartime(&self) -> Option<Self>;

    /// A uniformly random element.
    fn random<R: Rng + ?Sized>(rng: &mut R) -> Self;

    /// `self^exp`, exponent as little-endian words; constant time in base and exponent (a fixed
    /// 4-bit window over every word of `exp`, table read by masked scan).
    fn pow(&self, exp: &[u64]) -> Self {
        let table = pow_table(self);
        let mut acc = Self::ONE;
        for w in exp.iter().rev() {
            for nibble in (0..16).rev() {
                for _ in 0..4 {
                    acc = acc.square();
                }
                let digit = (w >> (4 * nibble)) & 0xf;
                let mut entry = Self::ONE;
                for (k, t) in table.iter().enumerate() {
                    entry.conditional_assign(t, (k as u64).ct_eq(&digit));
                }
                acc *= entry;
            }
        }
        acc
    }

    /// `self^exp` for a public exponent (the base may be secret): 4-bit window, skipping the
    /// leading zero bits of the exponent.
    fn pow_vartime(&self, exp: &[u64]) -> Self {
        let table = pow_table(self);
        let mut acc = Self::ONE;
        let mut started = false;
        for w in exp.iter().rev() {
            for nibble in (0..16).rev() {
                if started {
                    for _ in 0..4 {
                        acc = acc.square();
                    }
                }
                let digit = ((w >> (4 * nibble)) & 0xf) as usize;
                if digit != 0 {
                    acc *= table[digit];
                    started = true;
                }
            }
        }
        acc
    }

    /// Replaces every element of `values` by its inverse (zeros stay zero), with one inversion
    /// and 3(n−1) multiplications (Montgomery's trick). `scratch` needs `values.len()` slots.
    /// Constant time in the values (zeros are skipped by selection, not branches).
    fn batch_invert_with_scratch(values: &mut [Self], scratch: &mut [Self]) {
        assert!(
            scratch.len() >= values.len(),
            "batch_invert: scratch too short"
        );
        let mut acc = Self::ONE;
        for (v, s) in values.iter().zip(scratch.iter_mut()) {
            *s = acc;
            let z = v.is_zero();
            acc = Self::conditional_select(&(acc * v), &acc, z);
        }
        let mut inv = acc.invert().unwrap_or(Self::ZERO);
        for (v, s) in values.iter_mut().zip(scratch.iter()).rev() {
            let z = v.is_zero();
            let new_v = inv * s;
            let new_inv = inv * *v;
            *v = Self::conditional_select(&new_v, v, z);
            inv = Self::conditional_select(&new_inv, &inv, z);
        }
    }

    /// As [`Field::batch_invert_with_scratch`] (zeros stay zero), in variable time: for public
    /// values (verification, MSM, KZG), `3(k − 1)` multiplications and one variable-time
    /// inversion, with no selections. `scratch` must be at least as long as `values`.
    fn batch_invert_vartime_with_scratch(values: &mut [Self], scratch: &mut [Self]) {
        assert!(
            scratch.len() >= values.len(),
            "batch_invert_vartime: scratch too short"
        );
        let mut acc = Self::ONE;
        for (v, s) in values.iter().zip(scratch.iter_mut()) {
            *s = acc;
            if !v.is_zero_vartime() {
                acc *= *v;
            }
        }
        // A product of non-zero field elements is non-zero.
        let mut inv = acc.invert_vartime().unwrap_or(Self::ZERO);
        for (v, s) in values.iter_mut().zip(scratch.iter()).rev() {
            if !v.is_zero_vartime() {
                let vi = inv * *s;
                inv *= *v;
                *v = vi;
            }
        }
    }

    /// As [`Field::batch_invert_vartime_with_scratch`], allocating the scratch space.
    #[cfg(feature = "alloc")]
    fn batch_invert_vartime(values: &mut [Self]) {
        let mut scratch = alloc::vec![Self::ZERO; values.len()];
        Self::batch_invert_vartime_with_scratch(values, &mut scratch);
    }

    /// As [`Field::batch_invert_with_scratch`], allocating the scratch space.
    #[cfg(feature = "alloc")]
    fn batch_invert(values: &mut [Self]) {
        let mut scratch = alloc::vec![Self::ZERO; values.len()];
        Self::batch_invert_with_scratch(values, &mut scratch);
    }
}

/// `[1, x, x², …, x¹⁵]` for the 4-bit window exponentiations.
fn pow_table<F: Field>(x: &F) -> [F; 16] {
    let mut t = [F::ONE; 16];
    for i in 1..16 {
        t[i] = t[i - 1] * x;
    }
    t
}

/// Fields with square roots and quadratic-residue tests (the prime fields and Fp2).
pub trait SqrtField: Field {
    /// A square root, none when `self` is not a square. Constant time. Which of the two roots is
    /// returned is unspecified; callers that need a sign choose with `sgn0`.
    fn sqrt(&self) -> CtOption<Self>;

    /// Whether `self` is a square (zero counts as a square). Constant time.
    fn is_square(&self) -> Choice;

    /// The "sign" of RFC 9380 §4.1: the parity of the first non-zero coordinate.
    fn sgn0(&self) -> Choice;
}

/// A prime field `Z/pZ`.
pub trait PrimeField: SqrtField + Ord {
    /// The canonical big-endian encoding (`[u8; 32]` or `[u8; 48]`).
    type Repr: Copy + AsRef<[u8]> + AsMut<[u8]> + Debug + Send + Sync + 'static;
    /// The modulus, as little-endian words.
    const MODULUS_LIMBS: &'static [u64];
    /// Bit length of the modulus.
    const NUM_BITS: u32;
    /// The largest `s` with `2^s | p − 1`.
    const TWO_ADICITY: u32;
    /// A primitive `2^TWO_ADICITY`-th root of unity (`GENERATOR^((p−1)/2^s)`).
    const ROOT_OF_UNITY: Self;
    /// A multiplicative generator of the field, which is a quadratic non-residue.
    const MULTIPLICATIVE_GENERATOR: Self;

    /// Decodes a canonical big-endian encoding; none when the value is `≥ p`.
    fn from_bytes_be(bytes: &Self::Repr) -> CtOption<Self>;
    /// The canonical big-endian encoding.
    fn to_bytes_be(&self) -> Self::Repr;
    /// Decodes a canonical little-endian encoding; none when the value is `≥ p`.
    fn from_bytes_le(bytes: &Self::Repr) -> CtOption<Self>;
    /// The canonical little-endian encoding.
    fn to_bytes_le(&self) -> Self::Repr;
    /// Reduces a big-endian byte string of any length modulo `p`.
    fn from_bytes_be_mod_order(bytes: &[u8]) -> Self;
    /// From a small integer.
    fn from_u64(v: u64) -> Self;
    /// Whether the canonical value is odd.
    fn is_odd(&self) -> Choice;

    /// Whether [`PrimeField::fp2_sum_of_products`] with `k` terms is fused (two reductions for
    /// the whole sum): for the Montgomery fields, on x86-64 with 2 or 3 terms and `2k·p < R`
    /// (3 terms for BLS12-381's p, 2 for BN254's). The towers pick their formulas by it
    /// (elsewhere the Karatsuba forms are cheaper); `false` by default.
    fn fp2_sum_of_products_is_fused(k: usize) -> bool {
        let _ = k;
        false
    }

    /// `Σ x_k·y_k` in `F[u]/(u² + 1)`. The default adds [`PrimeField::mul_fp2_coeffs`]
    /// products; the Montgomery fields accumulate the Karatsuba products in double width and
    /// reduce once per coefficient where [`PrimeField::fp2_sum_of_products_is_fused`] says so.
    fn fp2_sum_of_products<const K: usize>(
        x: [&crate::tower::Fp2<Self>; K],
        y: [&crate::tower::Fp2<Self>; K],
    ) -> crate::tower::Fp2<Self> {
        let mut acc = crate::tower::Fp2::new(Self::ZERO, Self::ZERO);
        for k in 0..K {
            let [c0, c1] = Self::mul_fp2_coeffs(&[x[k].c0, x[k].c1], &[y[k].c0, y[k].c1]);
            acc = crate::tower::Fp2::new(acc.c0 + c0, acc.c1 + c1);
        }
        acc
    }

    /// `(a0 + a1·u)·(b0 + b1·u)` in `F[u]/(u² + 1)`, as `[c0, c1]`: the kernel of `Fp2`
    /// multiplication. The default is Karatsuba with 3 multiplications; the Montgomery fields
    /// override it with lazy reduction (3 double-width products, 2 reductions).
    fn mul_fp2_coeffs(a: &[Self; 2], b: &[Self; 2]) -> [Self; 2] {
        let v0 = a[0] * b[0];
        let v1 = a[1] * b[1];
        let s = (a[0] + a[1]) * (b[0] + b[1]);
        [v0 - v1, s - v0 - v1]
    }

    /// `(a0 + a1·u)²` in `F[u]/(u² + 1)`, as `[c0, c1] = [(a0 + a1)(a0 − a1), 2·a0·a1]`.
    fn square_fp2_coeffs(a: &[Self; 2]) -> [Self; 2] {
        let s = a[0] + a[1];
        let d = a[0] - a[1];
        let c = a[0] * a[1];
        [s * d, c.double()]
    }

    /// `self^((p−3)/4)` for `p ≡ 3 (mod 4)`: for a square `a ≠ 0` that is `1/√a`, and
    /// `a·(a^((p−3)/4))² = a^((p−1)/2)` is the Legendre symbol. Constant time in `self`.
    fn pow_p_minus_3_over_4(&self) -> Self {
        // (p − 3)/4 = p >> 2 for p ≡ 3 (mod 4).
        let limbs = Self::MODULUS_LIMBS;
        let mut e = [0u64; 8];
        for i in 0..limbs.len() {
            let next = if i + 1 < limbs.len() { limbs[i + 1] } else { 0 };
            e[i] = (limbs[i] >> 2) | (next << 62);
        }
        self.pow_vartime(&e[..limbs.len()])
    }
}

/// An extension field over `BaseField`.
pub trait ExtensionField: Field {
    /// The field this one extends (one tower level down).
    type BaseField: Field;
    /// The degree over `BaseField`.
    const DEGREE: usize;
    /// The `p^power`-th power (Frobenius endomorphism), by precomputed constants.
    fn frobenius_map(&self, power: usize) -> Self;
    /// The conjugate over the quadratic sub-extension (`a − b·w` for `a + b·w`).
    fn conjugate(&self) -> Self;
    /// Multiplication by an element of the base field.
    fn mul_by_base(&self, c: &Self::BaseField) -> Self;
}

/// Errors of the field layer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FieldError {
    /// An encoding of a value `≥ p`.
    NonCanonical,
    /// A byte string of the wrong length.
    InvalidLength,
}

impl core::fmt::Display for FieldError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            FieldError::NonCanonical => {
                f.write_str("field element encoding is not canonical (value >= modulus)")
            }
            FieldError::InvalidLength => f.write_str("field element encoding has the wrong length"),
        }
    }
}
