//! `sqrt_ratio(u, v)` of RFC 9380 Appendix F.2.1: `(true, √(u/v))` if `u/v` is a square, else
//! `(false, √(Z·u/v))`, without computing `u/v` first.
//!
//! All variants are constant time (fixed public exponents, selections instead of branches), and
//! every exponentiation is the fused `a^((p−3)/4)` addition chain of the base field (as blst `src/sqrt.c` and Constantine `finite_fields_square_root.nim`:
//! one chain yields `1/√a`, `√a = a·a^((p−3)/4)` and the quadratic character `a·(a^((p−3)/4))²`):
//! * F.2.1.2 for `q ≡ 3 (mod 4)` (BLS12-381 Fp): one exponentiation.
//! * Fp2 (`q = p² ≡ 9 mod 16`): [`sqrt_ratio_fp2`] works through the norm to Fp with the complex
//!   method: two Fp exponentiations and no inversion or Legendre symbol (instead of one Fp2
//!   exponentiation by a 759-bit exponent, ≈ 2100 Fp M). The RFC's generic F.2.1.1 is kept as its
//!   test reference (`sqrt_ratio_generic`).

use ctt_bigint::{Choice, ConditionallySelectable};
#[cfg(test)]
use ctt_field::Field;
use ctt_field::PrimeField;
use ctt_field::tower::Fp2;

/// RFC 9380 Appendix F.2.1.2, `q ≡ 3 (mod 4)`, with `c2 = √(−Z)`; `c1 = (q − 3)/4` is the
/// field's own chain. Cost: 1 exponentiation + 5M + 1S.
pub(super) fn sqrt_ratio_3mod4<F: PrimeField>(u: &F, v: &F, c2: &F) -> (Choice, F) {
    let tv2 = *u * v; //                        2
    let tv1 = v.square() * tv2; //              1, 3
    let y1 = tv1.pow_p_minus_3_over_4() * tv2; // 4–5: y1 = u·v·(u·v³)^c1
    let y2 = y1 * c2; //                        6
    let tv3 = y1.square() * v; //               7–8
    let is_qr = tv3.ct_eq(u); //                9
    (is_qr, F::conditional_select(&y2, &y1, is_qr)) // 10–11
}

/// `sqrt_ratio(u, v)` in `Fp2 = Fp[u]/(u² + 1)` with `p ≡ 3 (mod 4)`, as `y = w/√(w·v)` with
/// `w = u` or `Z·u` (then `y² = w/v`):
/// 1. `a = u·v` is a square iff `u/v` is (they differ by the square `v²`), iff its norm
///    `n = N(a) = a·ā ∈ Fp` is a square. `s = n^((p−3)/4)` decides it (`n·s² = 1`); when it is
///    not, `Z·a` is a square (Z is not), and its norm's power is `s·N(Z)^((p−3)/4)` — the
///    exponentiation is multiplicative, so the switch costs a multiplication by a constant.
///    Now `α = n·s = √n` and `1/α = s`.
/// 2. `√a` by the complex method (eprint 2012/685 Alg. 8, as `Fp2::sqrt`): `δ = (a0 + α)/2`,
///    `t = δ^((p−3)/4)` (the second exponentiation), `x0 = δ·t = √δ`, `x1 = a1·t/2`, rotated by
///    `u` when `δ` is not a square (`δ·t² = −1`); `δ = 0` (only for real `a = a0 = −α`) takes the
///    other sign of α, `δ = a0`.
/// 3. `1/√a = conj(√a)/N(√a)` and `N(√a) = ±α`, so `1/N(√a) = ±s`: no inversion.
///
/// `nz = N(Z)`, `nz_pow = N(Z)^((p−3)/4)`. `u = 0` gives `(false, 0)`. Either root may be
/// returned (SSWU fixes the sign afterwards with `sgn0`). Cost: 2 Fp exponentiations + ≈ 20 Fp M.
pub(super) fn sqrt_ratio_fp2<F: PrimeField>(
    u: &Fp2<F>,
    v: &Fp2<F>,
    z: &Fp2<F>,
    nz: &F,
    nz_pow: &F,
) -> (Choice, Fp2<F>) {
    let a = *u * v;
    let n = a.norm();
    let s = n.pow_p_minus_3_over_4();
    let is_qr = (n * s.square()).ct_eq(&F::ONE);
    let a = Fp2::conditional_select(&(*z * a), &a, is_qr);
    let w = Fp2::conditional_select(&(*z * u), u, is_qr);
    let n = F::conditional_select(&(*nz * n), &n, is_qr);
    let s = F::conditional_select(&(s * nz_pow), &s, is_qr);
    let alpha = n * s;

    let delta = (a.c0 + alpha).half();
    let delta = F::conditional_select(&delta, &a.c0, delta.is_zero());
    let t = delta.pow_p_minus_3_over_4();
    let x0 = delta * t;
    let delta_is_square = (x0 * t).ct_eq(&F::ONE);
    let cand = Fp2::new(x0, a.c1.half() * t);
    let root = Fp2::conditional_select(&cand.mul_by_u(), &cand, delta_is_square);

    let inv_norm = F::conditional_select(&(-s), &s, root.norm().ct_eq(&alpha));
    let y = w * Fp2::new(root.c0, -root.c1);
    (is_qr, Fp2::new(y.c0 * inv_norm, y.c1 * inv_norm))
}

/// The constants of RFC 9380 Appendix F.2.1.1 for one field and one `Z`.
#[cfg(test)]
pub(super) struct SqrtRatioConsts<F: 'static> {
    /// `c1`: the 2-adicity of `q − 1`.
    pub c1: u32,
    /// `c3 = (c2 − 1)/2` with `c2 = (q − 1)/2^c1`, little-endian words.
    pub c3: &'static [u64],
    /// `c6 = Z^c2`.
    pub c6: F,
    /// `c7 = Z^((c2 + 1)/2)`.
    pub c7: F,
}

/// RFC 9380 Appendix F.2.1.1, any field. For `u = 0` it returns `(false, 0)` (F.2.1.2 returns
/// `(true, 0)`); SSWU never calls it with `u = g(x) = 0`, which would be a point of order 2 on E′. `c4 = 2^c1 − 1` and `c5 = 2^(c1 − 1)` are applied as
/// square-and-multiply and squarings. Cost: 1 exponentiation by `c3` + O(c1²) M.
#[cfg(test)]
pub(super) fn sqrt_ratio_generic<F: Field>(u: &F, v: &F, k: &SqrtRatioConsts<F>) -> (Choice, F) {
    let mut tv1 = k.c6; //                             1
    let tv2 = pow_2k_minus_1(v, k.c1); //              2: v^c4
    let tv3 = tv2.square() * v; //                     3–4
    let tv5 = (*u * tv3).pow(k.c3) * tv2; //           5–7
    let tv2 = tv5 * v; //                              8
    let mut tv3 = tv5 * u; //                          9
    let mut tv4 = tv3 * tv2; //                        10
    let is_qr = square_n(&tv4, k.c1 - 1).ct_eq(&F::ONE); // 11–12: tv4^c5 == 1
    let tv2 = tv3 * k.c7; //                           13
    let tv5 = tv4 * tv1; //                            14
    tv3 = F::conditional_select(&tv2, &tv3, is_qr); // 15
    tv4 = F::conditional_select(&tv5, &tv4, is_qr); // 16
    for j in (2..=k.c1).rev() {
        // 17–26; the bounds are public constants.
        let e1 = square_n(&tv4, j - 2).ct_eq(&F::ONE); // 18–21
        let tv2 = tv3 * tv1; //                           22
        tv1 = tv1.square(); //                            23
        let tv5 = tv4 * tv1; //                           24
        tv3 = F::conditional_select(&tv2, &tv3, e1); //   25
        tv4 = F::conditional_select(&tv5, &tv4, e1); //   26
    }
    (is_qr, tv3) //                                    27
}

/// `x^(2^n)`: n squarings.
#[cfg(test)]
fn square_n<F: Field>(x: &F, n: u32) -> F {
    let mut r = *x;
    for _ in 0..n {
        r = r.square();
    }
    r
}

/// `x^(2^k − 1)` by `x^(2^(i+1) − 1) = (x^(2^i − 1))²·x`.
#[cfg(test)]
fn pow_2k_minus_1<F: Field>(x: &F, k: u32) -> F {
    let mut r = *x;
    for _ in 1..k {
        r = r.square() * x;
    }
    r
}
