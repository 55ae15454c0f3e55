//! One generic Montgomery prime field, configured by a parameter type.
//!
//! Assumptions: `P::MODULUS` is an odd prime above 2^64. With a spare bit in its top limb (the
//! pairing fields have 1–3) the no-carry Montgomery kernels apply; without one (secp256k1, P-256)
//! the full-width CIOS with its carry word does, chosen at compile time from the modulus. Elements are stored in the
//! Montgomery domain (`a·R mod p`, R = 2^(64N)) and are always fully reduced (`< p`), so equality,
//! encoding and `sgn0` need no normalisation.
//!
//! Everything derivable from the modulus (R, R², R³, n0, bit length, two-adicity, the sqrt and
//! Legendre exponents, the root of unity) is computed by `const fn` from `P::MODULUS` and
//! `P::GENERATOR` at compile time; `tests/constants.rs` re-derives them with num-bigint.

use crate::traits::{Field, PrimeField, Rng, SqrtField};
use core::cmp::Ordering;
use core::fmt;
use core::marker::PhantomData;
use ctt_bigint::backend;
use ctt_bigint::exp::{ExpChain, mont_pow_chain};
use ctt_bigint::inversion::ModInverter;
use ctt_bigint::montgomery::{self as mont, mont_pow_vartime};
use ctt_bigint::{BigInt, Choice, ConditionallySelectable, ConstantTimeEq, CtOption};

/// The data that defines a prime field; everything else is derived.
pub trait FpParams<const N: usize>:
    'static + Copy + Send + Sync + fmt::Debug + Default + Eq
{
    /// The prime modulus.
    const MODULUS: BigInt<N>;
    /// A small multiplicative generator of `F_p^*` (hence a quadratic non-residue).
    const GENERATOR: u64;
    /// Big-endian encoding type, `[u8; 8N]`.
    type Repr: Copy + AsRef<[u8]> + AsMut<[u8]> + fmt::Debug + Send + Sync + 'static;
    /// The all-zero encoding (arrays above 32 bytes have no `Default`).
    const REPR_ZERO: Self::Repr;
    /// Name shown by `Debug`.
    const NAME: &'static str;
}

/// An element of the prime field defined by `P`, in Montgomery form `x·R mod p` (`R = 2^(64N)`,
/// or `R = 1` for a pseudo-Mersenne modulus: [`Fp::UNIT_RADIX`]). `repr(transparent)` over
/// the limbs, so that arrays of elements and arrays of limbs share a layout (the copies into the
/// kernels' argument arrays then compile to plain block moves).
#[repr(transparent)]
pub struct Fp<P, const N: usize> {
    mont: BigInt<N>,
    _params: PhantomData<P>,
}

impl<P, const N: usize> Clone for Fp<P, N> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}
impl<P, const N: usize> Copy for Fp<P, N> {}

/// Derived constants (compile time).
impl<P: FpParams<N>, const N: usize> Fp<P, N> {
    /// Whether the field keeps its elements in plain form (the unit radix, `R = 1`): for a
    /// pseudo-Mersenne `p = 2^(64N) − c` with `c < 2^64` (secp256k1's p), whose products reduce
    /// faster by folding the high half than by Montgomery's rounds
    /// ([`UNIT_RADIX_N0`](ctt_bigint::montgomery::UNIT_RADIX_N0)). Every other field uses
    /// `R = 2^(64N)`. Derived from the modulus; nothing else in the field depends on it.
    pub const UNIT_RADIX: bool = mont::crandall_c(&P::MODULUS) != 0;
    /// `-p⁻¹ mod 2^64` (the kernels' `n0`), or `UNIT_RADIX_N0` in the unit radix.
    pub const N0: u64 = if Self::UNIT_RADIX {
        mont::UNIT_RADIX_N0
    } else {
        mont::mont_n0(P::MODULUS.0[0])
    };
    /// `R mod p` (one in Montgomery form).
    pub const R: BigInt<N> = if Self::UNIT_RADIX {
        BigInt::ONE
    } else {
        mont::mont_r(&P::MODULUS)
    };
    /// `R² mod p` (converts into the Montgomery domain).
    pub const R2: BigInt<N> = if Self::UNIT_RADIX {
        BigInt::ONE
    } else {
        mont::mont_r2(&P::MODULUS)
    };
    /// `R³ mod p`.
    pub const R3: BigInt<N> = if Self::UNIT_RADIX {
        BigInt::ONE
    } else {
        mont::mont_r3(&P::MODULUS)
    };
    /// Bit length of the modulus.
    pub const BITS: u32 = P::MODULUS.num_bits_vartime();
    /// `p − 1`.
    const P_MINUS_1: BigInt<N> = P::MODULUS.wrapping_sub(&BigInt::ONE);
    /// `(p − 1)/2`: the Legendre exponent.
    pub const P_MINUS_1_OVER_2: BigInt<N> = Self::P_MINUS_1.shr(1);
    /// `s` with `p − 1 = 2^s·t`, `t` odd.
    pub const S: u32 = Self::P_MINUS_1.trailing_zeros_vartime();
    /// `t = (p − 1)/2^s`.
    pub const T: BigInt<N> = Self::P_MINUS_1.shr(Self::S);
    /// `(t − 1)/2`, the first exponent of Tonelli–Shanks.
    pub const T_MINUS_1_OVER_2: BigInt<N> = Self::T.shr(1);
    /// `(p + 1)/4` when `p ≡ 3 (mod 4)`: `√a = a^((p+1)/4)`.
    pub const P_PLUS_1_OVER_4: BigInt<N> = P::MODULUS.shr(2).wrapping_add(&BigInt::ONE);
    /// `(p − 3)/4` when `p ≡ 3 (mod 4)`: `a^((p−3)/4)` is `1/√a` for squares (used by Fp2 sqrt
    /// and by hash-to-curve's `sqrt_ratio`).
    pub const P_MINUS_3_OVER_4: BigInt<N> = P::MODULUS.shr(2);
    /// The generator in Montgomery form.
    const GENERATOR_MONT: BigInt<N> = mont::mont_mul(
        &BigInt::from_u64(P::GENERATOR),
        &Self::R2,
        &P::MODULUS,
        Self::N0,
    );
    /// `g^t`: a primitive `2^s`-th root of unity, Montgomery form.
    const ROOT_MONT: BigInt<N> = mont_pow_vartime(
        &Self::GENERATOR_MONT,
        &Self::T,
        &Self::R,
        &P::MODULUS,
        Self::N0,
    );
    /// The inversion engine for this modulus.
    const INVERTER: ModInverter<N> = ModInverter::new(&P::MODULUS);

    /// `2^64 mod p`, the Horner step of `from_bytes_be_mod_order`.
    const TWO_POW_64: Self =
        Self::from_bigint_const(BigInt::from_u64(2)).pow_const(&BigInt::<1>::from_u64(64));

    /// The sliding-window recoding of `(p + 1)/4` (square root for `p ≡ 3 mod 4`).
    const SQRT_CHAIN: ExpChain = ExpChain::new(&Self::P_PLUS_1_OVER_4);
    /// The sliding-window recoding of `(p − 3)/4` (inverse square root).
    const P_MINUS_3_OVER_4_CHAIN: ExpChain = ExpChain::new(&Self::P_MINUS_3_OVER_4);
    /// The sliding-window recoding of `(t − 1)/2` (Tonelli–Shanks).
    const T_MINUS_1_OVER_2_CHAIN: ExpChain = ExpChain::new(&Self::T_MINUS_1_OVER_2);

    /// Whether `p ≡ 3 (mod 4)`, selecting the one-exponentiation square root.
    const P_3_MOD_4: bool = P::MODULUS.0[0] & 3 == 3;

    /// Builds an element from its Montgomery representation (no reduction, no check).
    #[inline(always)]
    pub const fn from_mont_unchecked(mont: BigInt<N>) -> Self {
        Fp {
            mont,
            _params: PhantomData,
        }
    }

    /// The Montgomery representation.
    #[inline(always)]
    pub const fn to_mont(&self) -> BigInt<N> {
        self.mont
    }

    /// From a canonical integer `< p` at compile time (panics in const evaluation otherwise).
    pub const fn from_bigint_const(x: BigInt<N>) -> Self {
        assert!(
            x.lt_vartime(&P::MODULUS),
            "constant is not reduced modulo p"
        );
        Self::from_mont_unchecked(mont::mont_mul(&x, &Self::R2, &P::MODULUS, Self::N0))
    }

    /// From big-endian hex at compile time (panics in const evaluation on a bad or unreduced literal).
    pub const fn from_hex_const(s: &str) -> Self {
        Self::from_bigint_const(BigInt::from_hex(s))
    }

    /// From a canonical integer; none when `x ≥ p`. Constant time.
    pub fn from_bigint(x: &BigInt<N>) -> CtOption<Self> {
        let ok = x.ct_lt(&P::MODULUS);
        // An unreduced input would break the kernel's bound: multiply zero instead, then drop it.
        let x = BigInt::conditional_select(&BigInt::ZERO, x, ok);
        CtOption::new(
            Self::from_mont_unchecked(backend::mont_mul(&x, &Self::R2, &P::MODULUS, Self::N0)),
            ok,
        )
    }

    /// The canonical integer `< p`.
    #[inline]
    pub fn to_bigint(&self) -> BigInt<N> {
        mont::mont_redc(&self.mont, &P::MODULUS, Self::N0)
    }

    /// Multiplication usable in `const` items (portable kernel).
    pub const fn mul_const(&self, rhs: &Self) -> Self {
        Self::from_mont_unchecked(mont::mont_mul(&self.mont, &rhs.mont, &P::MODULUS, Self::N0))
    }

    /// Addition usable in `const` items.
    pub const fn add_const(&self, rhs: &Self) -> Self {
        Self::from_mont_unchecked(mont::add_mod(&self.mont, &rhs.mont, &P::MODULUS))
    }

    /// Negation usable in `const` items.
    pub const fn neg_const(&self) -> Self {
        Self::from_mont_unchecked(mont::neg_mod(&self.mont, &P::MODULUS))
    }

    /// `self^e` in `const` items (public exponent).
    pub const fn pow_const<const M: usize>(&self, e: &BigInt<M>) -> Self {
        Self::from_mont_unchecked(mont_pow_vartime(
            &self.mont,
            e,
            &Self::R,
            &P::MODULUS,
            Self::N0,
        ))
    }

    /// `self⁻¹` (0 for 0) in `const` items, by Fermat (`self^(p−2)`).
    pub const fn invert_const(&self) -> Self {
        self.pow_const(&P::MODULUS.wrapping_sub(&BigInt::from_u64(2)))
    }

    /// Subtraction usable in `const` items.
    pub const fn sub_const(&self, rhs: &Self) -> Self {
        Self::from_mont_unchecked(mont::sub_mod(&self.mont, &rhs.mont, &P::MODULUS))
    }

    /// Equality usable in `const` items.
    pub const fn eq_const(&self, rhs: &Self) -> bool {
        self.mont.eq_vartime(&rhs.mont)
    }

    /// `self^e` for a public exponent recoded at compile time (`ExpChain::new(&e)` in a
    /// `const`): a sliding window over precomputed odd powers, on the unreduced kernel when
    /// `4p < R`. Constant time in `self`.
    pub fn pow_chain(&self, chain: &ExpChain) -> Self {
        Self::from_mont_unchecked(mont_pow_chain(
            &self.mont,
            chain,
            &Self::R,
            &P::MODULUS,
            Self::N0,
        ))
    }

    /// `self^((p−3)/4)`; for a square `a ≠ 0` that is `1/√a`. Requires `p ≡ 3 (mod 4)`.
    pub fn pow_p_minus_3_over_4(&self) -> Self {
        self.pow_chain(&Self::P_MINUS_3_OVER_4_CHAIN)
    }

    /// Legendre symbol `(self/p)`: 1, −1 (as `p − 1`… returned as `i8`), or 0. Constant time.
    pub fn legendre(&self) -> i8 {
        Self::INVERTER.legendre(&self.to_bigint())
    }

    /// Legendre symbol for public values.
    pub fn legendre_vartime(&self) -> i8 {
        Self::INVERTER.legendre_vartime(&self.to_bigint())
    }

    /// Square root by Tonelli–Shanks in constant time (RFC 9380, Appendix I.4): about
    /// `log p + s²/2` squarings. Used when `p ≡ 1 (mod 4)` (the scalar fields).
    fn sqrt_tonelli_shanks(&self) -> CtOption<Self> {
        let mut z = self.pow_chain(&Self::T_MINUS_1_OVER_2_CHAIN); // exponent public
        let mut t = z.square() * self;
        z *= self;
        let mut b = t;
        let mut c = Self::from_mont_unchecked(Self::ROOT_MONT);
        let mut i = Self::S;
        while i >= 2 {
            for _ in 1..i - 1 {
                b = b.square();
            }
            let e = b.ct_eq(&Self::ONE);
            z = Self::conditional_select(&(z * c), &z, e);
            c = c.square();
            t = Self::conditional_select(&(t * c), &t, e);
            b = t;
            i -= 1;
        }
        let ok = z.square().ct_eq(self);
        CtOption::new(z, ok)
    }
}

impl<P: FpParams<N>, const N: usize> Field for Fp<P, N> {
    const ZERO: Self = Self::from_mont_unchecked(BigInt::ZERO);
    const ONE: Self = Self::from_mont_unchecked(Self::R);

    #[inline]
    fn is_zero(&self) -> Choice {
        self.mont.ct_is_zero()
    }

    #[inline]
    fn square(&self) -> Self {
        #[cfg(target_family = "wasm")]
        if Self::WASM_KERNELS {
            return Self::from_mont_unchecked(Self::wasm_sqr(&self.mont));
        }
        Self::from_mont_unchecked(backend::mont_sqr(&self.mont, &P::MODULUS, Self::N0))
    }

    // `always`: the curve formulas call it a dozen times per operation, and LLVM left it
    // out of line (a call per field addition).
    #[inline(always)]
    fn double(&self) -> Self {
        *self + *self
    }

    /// `(x + (x odd)·p) / 2`, without a branch: halving commutes with the Montgomery factor, so
    /// the stored form halves like the value. A shift and one masked addition, not a product.
    #[inline]
    fn half(&self) -> Self {
        // The parity through `Choice` (an optimisation barrier): a bare mask lets LLVM pick a
        // CMOV on the secret bit, which the constant-time harness rightly reports.
        let odd = Choice::from_lsb(self.mont.0[0]);
        let addend = BigInt::conditional_select(&BigInt::ZERO, &P::MODULUS, odd);
        let (sum, carry) = self.mont.add_with_carry(&addend);
        Self::from_mont_unchecked(sum.shr1_with(carry))
    }

    fn invert(&self) -> CtOption<Self> {
        let inv = if Self::UNIT_RADIX {
            Self::INVERTER.invert(&self.mont)
        } else {
            Self::INVERTER.invert_mont(&self.mont)
        };
        CtOption::new(Self::from_mont_unchecked(inv), !self.is_zero())
    }

    fn invert_vartime(&self) -> Option<Self> {
        let inv = if Self::UNIT_RADIX {
            Self::INVERTER.invert_vartime(&self.mont)
        } else {
            Self::INVERTER.invert_mont_vartime(&self.mont)
        };
        inv.map(Self::from_mont_unchecked)
    }

    fn random<R: Rng + ?Sized>(rng: &mut R) -> Self {
        // Rejection sampling on BITS-bit candidates: the number of rounds depends on the RNG's
        // output, never on the accepted value (for p > 2^(BITS-1), under two rounds on average).
        let top_mask = if Self::BITS % 64 == 0 {
            u64::MAX
        } else {
            (1u64 << (Self::BITS % 64)) - 1
        };
        loop {
            let mut l = [0u64; N];
            for w in l.iter_mut() {
                *w = rng.next_u64();
            }
            l[N - 1] &= top_mask;
            let x = BigInt(l);
            if x.lt_vartime(&P::MODULUS) {
                return Self::from_mont_unchecked(backend::mont_mul(
                    &x,
                    &Self::R2,
                    &P::MODULUS,
                    Self::N0,
                ));
            }
        }
    }
}

impl<P: FpParams<N>, const N: usize> SqrtField for Fp<P, N> {
    fn sqrt(&self) -> CtOption<Self> {
        if Self::P_3_MOD_4 {
            // p ≡ 3 (mod 4): one exponentiation by the public (p+1)/4.
            let r = self.pow_chain(&Self::SQRT_CHAIN);
            CtOption::new(r, r.square().ct_eq(self))
        } else {
            self.sqrt_tonelli_shanks()
        }
    }

    fn is_square(&self) -> Choice {
        let l = self.legendre();
        Choice::from((l >= 0) as u8 == 1)
    }

    fn sgn0(&self) -> Choice {
        self.is_odd()
    }
}

impl<P: FpParams<N>, const N: usize> PrimeField for Fp<P, N> {
    type Repr = P::Repr;
    const MODULUS_LIMBS: &'static [u64] = &P::MODULUS.0;
    const NUM_BITS: u32 = Self::BITS;
    const TWO_ADICITY: u32 = Self::S;
    const ROOT_OF_UNITY: Self = Self::from_mont_unchecked(Self::ROOT_MONT);
    const MULTIPLICATIVE_GENERATOR: Self = Self::from_mont_unchecked(Self::GENERATOR_MONT);

    fn from_bytes_be(bytes: &Self::Repr) -> CtOption<Self> {
        match BigInt::<N>::from_bytes_be(bytes.as_ref()) {
            Some(x) => Self::from_bigint(&x),
            None => CtOption::new(Self::ZERO, Choice::FALSE),
        }
    }

    fn to_bytes_be(&self) -> Self::Repr {
        let mut out = P::REPR_ZERO;
        self.to_bigint().to_bytes_be(out.as_mut());
        out
    }

    fn from_bytes_le(bytes: &Self::Repr) -> CtOption<Self> {
        match BigInt::<N>::from_bytes_le(bytes.as_ref()) {
            Some(x) => Self::from_bigint(&x),
            None => CtOption::new(Self::ZERO, Choice::FALSE),
        }
    }

    fn to_bytes_le(&self) -> Self::Repr {
        let mut out = P::REPR_ZERO;
        self.to_bigint().to_bytes_le(out.as_mut());
        out
    }

    fn from_bytes_be_mod_order(bytes: &[u8]) -> Self {
        // Horner's rule over 64-bit words: acc = acc·2^64 + w, one multiplication per word.
        let shift = Self::TWO_POW_64;
        let mut acc = Self::ZERO;
        let head = bytes.len() % 8;
        let (first, rest) = bytes.split_at(head);
        if head != 0 {
            let mut w = [0u8; 8];
            w[8 - head..].copy_from_slice(first);
            acc = Self::from_u64(u64::from_be_bytes(w));
        }
        for chunk in rest.chunks_exact(8) {
            let w = u64::from_be_bytes(chunk.try_into().expect("8-byte chunk"));
            acc = acc * shift + Self::from_u64(w);
        }
        acc
    }

    fn from_u64(v: u64) -> Self {
        // v < 2^64 may exceed a tiny modulus, but every modulus here is above 2^250.
        Self::from_mont_unchecked(backend::mont_mul(
            &BigInt::from_u64(v),
            &Self::R2,
            &P::MODULUS,
            Self::N0,
        ))
    }

    fn is_odd(&self) -> Choice {
        self.to_bigint().is_odd()
    }

    #[inline(always)]
    fn fp2_sum_of_products_is_fused(k: usize) -> bool {
        backend::fp2_sum_of_products_is_fused(&P::MODULUS, k)
    }

    /// One assembly block on x86-64 ADX where the bound allows ([`backend::fp2_sum_of_products`]).
    /// The operands are gathered once, straight from the callers' elements, into the kernel's
    /// limb arrays (a copy through intermediate `[[Fp; 2]; K]` arrays measured ~10 % slower).
    #[inline(always)]
    fn fp2_sum_of_products<const K: usize>(
        x: [&crate::tower::Fp2<Self>; K],
        y: [&crate::tower::Fp2<Self>; K],
    ) -> crate::tower::Fp2<Self> {
        let (mut xl, mut yl) = ([[BigInt::ZERO; 2]; K], [[BigInt::ZERO; 2]; K]);
        for k in 0..K {
            xl[k] = [x[k].c0.mont, x[k].c1.mont];
            yl[k] = [y[k].c0.mont, y[k].c1.mont];
        }
        let [c0, c1] = backend::fp2_sum_of_products(&xl, &yl, &P::MODULUS, Self::N0);
        crate::tower::Fp2::new(Self::from_mont_unchecked(c0), Self::from_mont_unchecked(c1))
    }

    /// Karatsuba with lazy reduction (Aranha et al., eprint 2010/526; blst's `mul_mont_384x`): three double-width
    /// products and two Montgomery reductions instead of three Montgomery multiplications, fused
    /// into one assembly block on x86-64 ADX ([`backend::fp2_mul`], which documents the bounds).
    #[inline]
    fn mul_fp2_coeffs(a: &[Self; 2], b: &[Self; 2]) -> [Self; 2] {
        #[cfg(target_family = "wasm")]
        if Self::WASM_KERNELS {
            let [c0, c1] = Self::wasm_fp2_mul(&[a[0].mont, a[1].mont], &[b[0].mont, b[1].mont]);
            return [Self::from_mont_unchecked(c0), Self::from_mont_unchecked(c1)];
        }
        let [c0, c1] = backend::fp2_mul(
            &[a[0].mont, a[1].mont],
            &[b[0].mont, b[1].mont],
            &P::MODULUS,
            Self::N0,
        );
        [Self::from_mont_unchecked(c0), Self::from_mont_unchecked(c1)]
    }

    /// `[(a0 + a1)(a0 − a1), 2·a0·a1]` with 2 Montgomery multiplications, the sums unreduced when
    /// `4p < R` ([`backend::fp2_sqr`], one assembly block on x86-64 ADX).
    #[inline]
    fn square_fp2_coeffs(a: &[Self; 2]) -> [Self; 2] {
        #[cfg(target_family = "wasm")]
        if Self::WASM_KERNELS {
            let [c0, c1] = Self::wasm_fp2_sqr(&[a[0].mont, a[1].mont]);
            return [Self::from_mont_unchecked(c0), Self::from_mont_unchecked(c1)];
        }
        let [c0, c1] = backend::fp2_sqr(&[a[0].mont, a[1].mont], &P::MODULUS, Self::N0);
        [Self::from_mont_unchecked(c0), Self::from_mont_unchecked(c1)]
    }

    fn pow_p_minus_3_over_4(&self) -> Self {
        Fp::pow_p_minus_3_over_4(self)
    }
}

impl<P: FpParams<N>, const N: usize> ConstantTimeEq for Fp<P, N> {
    #[inline]
    fn ct_eq(&self, other: &Self) -> Choice {
        self.mont.ct_eq(&other.mont)
    }
}

impl<P: FpParams<N>, const N: usize> ConditionallySelectable for Fp<P, N> {
    #[inline]
    fn conditional_select(a: &Self, b: &Self, choice: Choice) -> Self {
        Self::from_mont_unchecked(BigInt::conditional_select(&a.mont, &b.mont, choice))
    }
}

impl<P: FpParams<N>, const N: usize> PartialEq for Fp<P, N> {
    fn eq(&self, other: &Self) -> bool {
        self.ct_eq(other).into()
    }
}
impl<P: FpParams<N>, const N: usize> Eq for Fp<P, N> {}

/// Ordering of the canonical integers (variable time; for sorting public values).
impl<P: FpParams<N>, const N: usize> Ord for Fp<P, N> {
    fn cmp(&self, other: &Self) -> Ordering {
        let (a, b) = (self.to_bigint(), other.to_bigint());
        for i in (0..N).rev() {
            match a.0[i].cmp(&b.0[i]) {
                Ordering::Equal => continue,
                o => return o,
            }
        }
        Ordering::Equal
    }
}
impl<P: FpParams<N>, const N: usize> PartialOrd for Fp<P, N> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<P: FpParams<N>, const N: usize> Default for Fp<P, N> {
    fn default() -> Self {
        Self::ZERO
    }
}

impl<P: FpParams<N>, const N: usize> fmt::Debug for Fp<P, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}(0x{:x})", P::NAME, self.to_bigint())
    }
}

impl<P: FpParams<N>, const N: usize> fmt::Display for Fp<P, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "0x{:x}", self.to_bigint())
    }
}

// ---- WebAssembly kernels per field ----------------------------------------------------------

/// WebAssembly: the radix-2^29 kernels ([`backend::radix29`]) instantiated once per field, out
/// of line, with the modulus a compile-time constant. The backend's dispatcher takes the modulus
/// by reference into one out-of-line kernel shared by every field of a size, which splits it
/// into 29-bit limbs on every call and loads them; here the split folds away and the limbs are
/// immediates of the products (`i64.const` operands, which V8 encodes in its multiplications).
/// Same arithmetic, same bounds, same results (the wasm32-wasip1 field tests and the JS
/// binding's native differential check them).
#[cfg(target_family = "wasm")]
impl<P: FpParams<N>, const N: usize> Fp<P, N> {
    /// Montgomery fields the radix-2^29 kernels serve (the unit-radix ones keep the dispatcher).
    const WASM_KERNELS: bool = !Self::UNIT_RADIX && backend::radix29::applies(&P::MODULUS);

    #[inline(never)]
    fn wasm_mul(a: &BigInt<N>, b: &BigInt<N>) -> BigInt<N> {
        backend::radix29::mont_mul(a, b, &P::MODULUS, Self::N0)
    }

    #[inline(never)]
    fn wasm_sqr(a: &BigInt<N>) -> BigInt<N> {
        backend::radix29::mont_sqr(a, &P::MODULUS, Self::N0)
    }

    /// Three calls of [`Self::wasm_mul`] (one kernel per function: V8 spills when three are
    /// inlined into one).
    #[inline(never)]
    fn wasm_fp2_mul(a: &[BigInt<N>; 2], b: &[BigInt<N>; 2]) -> [BigInt<N>; 2] {
        backend::radix29::fp2_mul_with(a, b, &P::MODULUS, Self::wasm_mul)
    }

    #[inline(never)]
    fn wasm_fp2_sqr(a: &[BigInt<N>; 2]) -> [BigInt<N>; 2] {
        backend::radix29::fp2_sqr_with(a, &P::MODULUS, Self::wasm_mul)
    }
}

// ---- arithmetic operators -------------------------------------------------------------------

impl<P: FpParams<N>, const N: usize> Fp<P, N> {
    #[inline(always)]
    fn add_impl(&self, rhs: &Self) -> Self {
        Self::from_mont_unchecked(backend::add_mod(&self.mont, &rhs.mont, &P::MODULUS))
    }
    #[inline(always)]
    fn sub_impl(&self, rhs: &Self) -> Self {
        Self::from_mont_unchecked(backend::sub_mod(&self.mont, &rhs.mont, &P::MODULUS))
    }
    #[inline(always)]
    fn mul_impl(&self, rhs: &Self) -> Self {
        #[cfg(target_family = "wasm")]
        if Self::WASM_KERNELS {
            return Self::from_mont_unchecked(Self::wasm_mul(&self.mont, &rhs.mont));
        }
        Self::from_mont_unchecked(backend::mont_mul(
            &self.mont,
            &rhs.mont,
            &P::MODULUS,
            Self::N0,
        ))
    }
    #[inline(always)]
    fn neg_impl(&self) -> Self {
        Self::from_mont_unchecked(backend::neg_mod(&self.mont, &P::MODULUS))
    }
}

crate::macros::impl_field_ops!(impl[P: FpParams<N>, const N: usize] Fp<P, N>);
