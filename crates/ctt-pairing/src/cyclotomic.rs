//! Arithmetic in the cyclotomic subgroup `G_{Φ₁₂(p)}` of Fp12*, where every value lands after the
//! easy part of the final exponentiation.
//!
//! * Squaring (Granger–Scott, eprint 2009/565 §3.2): viewing Fp12 as a cubic extension of
//!   `Fp4 = Fp2[s]/(s² − ξ)`, a unitary element squares with 3 Fp4 squarings: 6 Fp2 squarings
//!   (9 with the Karatsuba form used here) against 2 Fp6 multiplications (12m) for a generic Fp12
//!   squaring. The slot permutation is that of zkcrypto/bls12_381 (`cyclotomic_square`).
//! * Inversion is conjugation (`f^(p⁶) = f⁻¹` on the subgroup), which is free, so exponents can be
//!   written in signed digits (NAF).
//!
//! Assumption: the input is in the cyclotomic subgroup (`f^(p⁶+1) = 1`); otherwise the results are
//! meaningless.

use crate::engine::LoopParam;
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

/// `f^e` for unitary `f` and a public exponent `e` in signed digits: `len − 1` cyclotomic
/// squarings and `weight − 1` multiplications (negative digits multiply by the conjugate).
/// Variable time in the exponent only.
pub fn cyclotomic_exp<T: TowerConfig>(f: &Fp12<T>, e: &LoopParam) -> Fp12<T> {
    let f_inv = f.conjugate();
    let mut acc = *f;
    for i in (0..e.len - 1).rev() {
        acc = cyclotomic_square(&acc);
        match e.digits[i] {
            1 => acc *= f,
            -1 => acc *= f_inv,
            _ => {}
        }
    }
    acc
}
