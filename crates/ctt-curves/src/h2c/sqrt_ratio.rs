//! `sqrt_ratio(u, v)` of RFC 9380 Appendix F.2.1: `(true, √(u/v))` if `u/v` is a square, else
//! `(false, √(Z·u/v))`, with one exponentiation and no inversion.
//!
//! Two straight-line variants, both constant time (fixed public exponents, selections instead of
//! branches): F.2.1.2 for `q ≡ 3 (mod 4)` (BLS12-381 Fp: one exponentiation by `(q − 3)/4`), and the
//! generic F.2.1.1 (a constant-time Tonelli–Shanks shape) for Fp2, where `q = p² ≡ 9 (mod 16)` has
//! 2-adicity 3, so its loop is two rounds; its exponentiation by `(q − 9)/16`-sized `c3` (759 bits)
//! dominates the cost.

use ctt_bigint::Choice;
use ctt_field::Field;

/// RFC 9380 Appendix F.2.1.2, `q ≡ 3 (mod 4)`. `c1 = (q − 3)/4` (little-endian words),
/// `c2 = √(−Z)`. Cost: 1 exponentiation + 5M + 1S.
pub(super) fn sqrt_ratio_3mod4<F: Field>(u: &F, v: &F, c1: &[u64], c2: &F) -> (Choice, F) {
    let tv2 = *u * v; //                   2
    let tv1 = v.square() * tv2; //         1, 3
    let y1 = tv1.pow(c1) * tv2; //         4–5: y1 = u·v·(u·v³)^c1
    let y2 = y1 * c2; //                   6
    let tv3 = y1.square() * v; //          7–8
    let is_qr = tv3.ct_eq(u); //           9
    (is_qr, F::conditional_select(&y2, &y1, is_qr)) // 10–11
}

/// The constants of RFC 9380 Appendix F.2.1.1 for one field and one `Z`.
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
fn square_n<F: Field>(x: &F, n: u32) -> F {
    let mut r = *x;
    for _ in 0..n {
        r = r.square();
    }
    r
}

/// `x^(2^k − 1)` by `x^(2^(i+1) − 1) = (x^(2^i − 1))²·x`.
fn pow_2k_minus_1<F: Field>(x: &F, k: u32) -> F {
    let mut r = *x;
    for _ in 1..k {
        r = r.square() * x;
    }
    r
}
