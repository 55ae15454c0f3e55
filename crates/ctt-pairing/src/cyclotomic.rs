//! Arithmetic in the cyclotomic subgroup `G_{Φ₁₂(p)}` of Fp12*, where every value lands after the
//! easy part of the final exponentiation.
//!
//! * Squaring (Granger–Scott, eprint 2009/565 §3.2): viewing Fp12 as a cubic extension of
//!   `Fp4 = Fp2[s]/(s² − ξ)`, a unitary element squares with 3 Fp4 squarings: 6 Fp2 squarings
//!   (9 with the Karatsuba form used here) against 2 Fp6 multiplications (12m) for a generic Fp12
//!   squaring. The slot permutation is that of zkcrypto/bls12_381 (`cyclotomic_square`).
//! * Compressed squaring (Karabina, *Squaring in cyclotomic subgroups*, Math. Comp. 2013, eprint
//!   2010/542): writing `f = g0 + g2·w + g4·w² + g1·w³ + g3·w⁴ + g5·w⁵` (`gᵢ ∈ Fp2`), the four
//!   coordinates `(g2, g3, g4, g5)` determine f and square among themselves with 6 Fp2 squarings
//!   (the Granger–Scott formulas without the `(g0, g1)` pair). Decompression costs one Fp2
//!   division, so [`cyclotomic_exp_compressed`] runs the long zero runs of an exponent compressed
//!   and decompresses all the needed powers with one batched inversion (Montgomery's trick), as
//!   Constantine and gnark do for BLS12-381 (Karabina, eprint 2010/542).
//! * Inversion is conjugation (`f^(p⁶) = f⁻¹` on the subgroup), which is free, so exponents can be
//!   written in signed digits (NAF).
//!
//! Assumption: the input is in the cyclotomic subgroup (`f^(p⁶+1) = 1`); otherwise the results are
//! meaningless.

use crate::engine::LoopParam;
use ctt_bigint::ConditionallySelectable;
use ctt_field::tower::{Fp2, Fp6, Fp12, TowerConfig};
use ctt_field::{ExtensionField, Field};

type F2<T> = Fp2<<T as TowerConfig>::Fp>;

/// `(a + b·s)²` in `Fp4 = Fp2[s]/(s² − ξ)`: `(a² + ξb², (a + b)² − a² − b²)`, 3 Fp2 squarings.
#[inline(always)]
fn fp4_square<T: TowerConfig>(a: &F2<T>, b: &F2<T>) -> (F2<T>, F2<T>) {
    let t0 = a.square();
    let t1 = b.square();
    let c0 = T::mul_by_xi(&t1) + t0;
    let c1 = (*a + b).square() - t0 - t1;
    (c0, c1)
}

/// `f²` for unitary `f` (Granger–Scott): 9 Fp2 squarings. Out of line (as the tower's products):
/// the exponentiation loops call it 60-odd times in a row.
#[inline(never)]
pub fn cyclotomic_square<T: TowerConfig>(f: &Fp12<T>) -> Fp12<T> {
    let z0 = f.c0.c0;
    let z4 = f.c0.c1;
    let z3 = f.c0.c2;
    let z2 = f.c1.c0;
    let z1 = f.c1.c1;
    let z5 = f.c1.c2;

    // Each output is 3·t ∓ 2·z (the Fp4 squares t, minus or plus twice the input coordinate).
    let (t0, t1) = fp4_square::<T>(&z0, &z1);
    let z0 = (t0 - z0).double() + t0;
    let z1 = (t1 + z1).double() + t1;

    let (t0, t1) = fp4_square::<T>(&z2, &z3);
    let (t2, t3) = fp4_square::<T>(&z4, &z5);

    let z4 = (t0 - z4).double() + t0;
    let z5 = (t1 + z5).double() + t1;

    let t0 = T::mul_by_xi(&t3);
    let z2 = (t0 + z2).double() + t0;
    let z3 = (t2 - z3).double() + t2;

    Fp12::new(Fp6::new(z0, z4, z3), Fp6::new(z2, z1, z5))
}

/// The most odd powers [`cyclotomic_exp`] precomputes: digits up to 15 (width-5 NAF).
const MAX_ODD_POWERS: usize = 8;

/// `f^e` for unitary `f` and a public exponent `e` in signed digits: `len − 1` cyclotomic
/// squarings and `weight − 1` multiplications (negative digits multiply by the conjugate), plus,
/// for a width-w NAF, the table of odd powers `f, f³, …` up to the largest digit (one squaring
/// and `max/2` multiplications). Variable time in the exponent only.
pub fn cyclotomic_exp<T: TowerConfig>(f: &Fp12<T>, e: &LoopParam) -> Fp12<T> {
    let max = e.max_digit() as usize;
    assert!(
        max < 2 * MAX_ODD_POWERS,
        "digit too large for the odd-power table"
    );
    // odd[k] = f^(2k + 1)
    let mut odd = [*f; MAX_ODD_POWERS];
    if max > 1 {
        let f2 = cyclotomic_square(f);
        for k in 1..=max / 2 {
            odd[k] = odd[k - 1] * f2;
        }
    }
    let power = |d: i8| {
        let x = odd[(d.unsigned_abs() / 2) as usize];
        if d < 0 { x.conjugate() } else { x }
    };
    let mut acc = power(e.digits[e.len - 1]);
    for i in (0..e.len - 1).rev() {
        acc = cyclotomic_square(&acc);
        if e.digits[i] != 0 {
            acc *= power(e.digits[i]);
        }
    }
    acc
}

/// Karabina's compressed form `(g2, g3, g4, g5)` of a unitary Fp12 element: in the slots of
/// [`Fp12`], `g2 = c1.c0`, `g3 = c0.c2`, `g4 = c0.c1`, `g5 = c1.c2` (`g0 = c0.c0`, `g1 = c1.c1`
/// are dropped).
#[derive(Clone, Copy, Debug, Default)]
pub struct Compressed<T: TowerConfig> {
    g2: F2<T>,
    g3: F2<T>,
    g4: F2<T>,
    g5: F2<T>,
}

impl<T: TowerConfig> Compressed<T> {
    /// Drops `g0` and `g1`.
    pub fn compress(f: &Fp12<T>) -> Self {
        Compressed {
            g2: f.c1.c0,
            g3: f.c0.c2,
            g4: f.c0.c1,
            g5: f.c1.c2,
        }
    }

    /// The compressed square: 6 Fp2 squarings. These are the Granger–Scott outputs for the four
    /// kept coordinates (see [`cyclotomic_square`]: `g4' = 3(g2² + ξg3²) − 2g4`, `g5' = 6g2g3 +
    /// 2g5`, `g2' = 6ξg4g5 + 2g2`, `g3' = 3(g4² + ξg5²) − 2g3`), which involve no `g0`, `g1`.
    #[inline(never)]
    pub fn square(&self) -> Self {
        let (t0, t1) = fp4_square::<T>(&self.g2, &self.g3);
        let (t2, t3) = fp4_square::<T>(&self.g4, &self.g5);
        let t3 = T::mul_by_xi(&t3);
        Compressed {
            g2: (t3 + self.g2).double() + t3,
            g3: (t2 - self.g3).double() + t2,
            g4: (t0 - self.g4).double() + t0,
            g5: (t1 + self.g5).double() + t1,
        }
    }
}

/// Decompresses `cs` into `out` (same length, at most [`MAX_DECOMPRESS`]) with one Fp2 inversion
/// (eprint 2010/542 Thm. 3.1): `g1 = (ξg5² + 3g4² − 2g3)/(4g2)` when `g2 ≠ 0`, else
/// `g1 = 2g4g5/g3`; then `g0 = ξ(2g1² + g2g5 − 3g3g4) + 1`. The case is chosen by selection.
///
/// Exact for every element of the cyclotomic subgroup `G_{Φ₁₂(p)}`: the only such element with
/// `g2 = g3 = 0` is 1. (Unitarity `E² − O² = 1` for `f = E + O` split by the parity of the powers
/// of w forces `g4² = ξg5²` in the `v²` coefficient, so `g4 = g5 = 0` as ξ is a non-square; then
/// `f = g0 + g1·w³` lies in `Fp4 = Fp2[w³]`, has norm 1 over Fp2, so order dividing `p² + 1`, and
/// `gcd(p⁴ − p² + 1, p² + 1) = gcd(3, p² + 1) = 1` for `p ≡ 1 (mod 3)`.) For it the denominator
/// is 0, whose batched "inverse" is 0 ([`Field::batch_invert_with_scratch`]), giving `g1 = 0`,
/// `g0 = 1`: the right answer.
pub fn decompress_batch<T: TowerConfig>(cs: &[Compressed<T>], out: &mut [Fp12<T>]) {
    let n = cs.len();
    assert!(n <= MAX_DECOMPRESS && out.len() == n);
    let mut num = [F2::<T>::ZERO; MAX_DECOMPRESS];
    let mut den = [F2::<T>::ZERO; MAX_DECOMPRESS];
    for (k, c) in cs.iter().enumerate() {
        let g2_zero = c.g2.is_zero();
        let g4_sq = c.g4.square();
        let num_nz = T::mul_by_xi(&c.g5.square()) + g4_sq.double() + g4_sq - c.g3.double();
        let den_nz = c.g2.double().double();
        let num_z = (c.g4 * c.g5).double();
        num[k] = F2::<T>::conditional_select(&num_nz, &num_z, g2_zero);
        den[k] = F2::<T>::conditional_select(&den_nz, &c.g3, g2_zero);
    }
    let mut scratch = [F2::<T>::ZERO; MAX_DECOMPRESS];
    F2::<T>::batch_invert_with_scratch(&mut den[..n], &mut scratch[..n]);
    for (k, c) in cs.iter().enumerate() {
        let g1 = num[k] * den[k];
        let g3g4 = c.g3 * c.g4;
        let t = g1.square().double() + c.g2 * c.g5 - g3g4.double() - g3g4;
        let g0 = T::mul_by_xi(&t) + F2::<T>::ONE;
        out[k] = Fp12::new(Fp6::new(g0, c.g4, c.g3), Fp6::new(c.g2, g1, c.g5));
    }
}

/// The most powers [`cyclotomic_exp_compressed`] decompresses at once.
pub const MAX_DECOMPRESS: usize = 8;

/// Zero runs shorter than this are not worth compressing: a decompression (about 3 Fp2
/// multiplications, 3 squarings and a share of the inversion) against 3 Fp2 squarings saved per
/// compressed squaring.
const MIN_RUN: usize = 8;

/// `f^e` for unitary `f` and a public exponent in signed digits, as [`cyclotomic_exp`], with the
/// squarings of the leading long zero runs compressed. Right to left: one chain of compressed
/// squarings `f, f², f⁴, …` records `f^(2^i)` at the non-zero digits `i` of the low part of `e`
/// whose gap to the previous non-zero digit is at least `MIN_RUN`; the records are
/// decompressed in one batch and multiplied together (a conjugate for a digit −1); the remaining
/// high digits (short gaps) continue with Granger–Scott squarings from the last record. For
/// BLS12-381's `|z|` (non-zero digits 16, 48, 57, 60, 62, 63) that is 57 compressed squarings,
/// one 3-element decompression and 6 Granger–Scott squarings. Exponents without such a run, or
/// with digits other than ±1, fall back to [`cyclotomic_exp`]. Variable time in the exponent only.
pub fn cyclotomic_exp_compressed<T: TowerConfig>(f: &Fp12<T>, e: &LoopParam) -> Fp12<T> {
    let digits = &e.digits[..e.len];
    // The leading non-zero positions whose gaps are long enough.
    let mut pos = [0usize; MAX_DECOMPRESS];
    let mut count = 0;
    let mut prev = 0;
    for (i, &d) in digits.iter().enumerate() {
        if d == 0 {
            continue;
        }
        if i - prev < MIN_RUN || count == MAX_DECOMPRESS {
            break;
        }
        pos[count] = i;
        count += 1;
        prev = i;
    }
    if count == 0 || e.max_digit() > 1 {
        return cyclotomic_exp(f, e);
    }

    let mut records = [Compressed::<T>::default(); MAX_DECOMPRESS];
    let mut c = Compressed::compress(f);
    let mut at = 0;
    for k in 0..count {
        while at < pos[k] {
            c = c.square();
            at += 1;
        }
        records[k] = c;
    }
    let mut powers = [Fp12::<T>::ONE; MAX_DECOMPRESS];
    decompress_batch(&records[..count], &mut powers[..count]);

    let signed = |x: &Fp12<T>, d: i8| if d < 0 { x.conjugate() } else { *x };
    let mut acc = signed(&powers[0], digits[pos[0]]);
    for k in 1..count {
        acc *= signed(&powers[k], digits[pos[k]]);
    }
    let mut x = powers[count - 1];
    for &d in digits.iter().skip(at + 1) {
        x = cyclotomic_square(&x);
        if d != 0 {
            acc *= signed(&x, d);
        }
    }
    acc
}
