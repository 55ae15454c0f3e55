//! The final exponentiation `f ↦ f^((p¹² − 1)/r)`, split as `(p⁶ − 1)(p² + 1) · (p⁴ − p² + 1)/r`.
//!
//! * Easy part `f^((p⁶ − 1)(p² + 1))`: 1 Fp12 inversion, 1 conjugation, 1 Frobenius `p²` and 2
//!   multiplications. Its output is unitary (cyclotomic), so the hard part uses cyclotomic
//!   squarings and conjugation as inverse.
//! * Hard part, BLS12 ([`hard_part_bls12`]): Hayashida–Hayasaka–Teruya eprint 2020/875,
//!   `3·Φ₁₂(p)/r = (z − 1)²(z + p)(z² + p² − 1) + 3`: 5 exponentiations by z (one by z/2 on a
//!   squared input), 5 multiplications, 2 Frobenius maps (as gnark `FinalExponentiation`).
//! * Hard part, BN ([`hard_part_bn`]): Duquesne–Ghammam eprint 2015/192 with the Fuentes-Castañeda–
//!   Knapp–Rodríguez-Henríquez chain (gnark `ecc/bn254/pairing.go`): 3 exponentiations by x₀,
//!   raising to the multiple `2x₀(6x₀² + 3x₀ + 1)` of `Φ₁₂(p)/r`.
//!
//! Both hard parts compute a fixed multiple `m` (coprime to r) of the exponent; see the crate
//! documentation. Constant time: no branch on `f` (the zero input maps to zero without a branch,
//! through `invert().unwrap_or(0)`).

use crate::cyclotomic::{cyclotomic_exp, cyclotomic_exp_compressed, cyclotomic_square};
use crate::engine::LoopParam;
use ctt_field::tower::{Fp12, TowerConfig};
use ctt_field::{ExtensionField, Field};

/// `f^((p⁶ − 1)(p² + 1))`. A zero input (impossible for a Miller loop over curve points) gives
/// zero.
pub fn easy_part<T: TowerConfig>(f: &Fp12<T>) -> Fp12<T> {
    let inv = f.invert().unwrap_or(Fp12::ZERO);
    let t = f.conjugate() * inv; // f^(p⁶ − 1)
    t.frobenius_map(2) * t
}

/// `f^z` for unitary f, z given as `|z|` in signed digits and its sign (compressed squarings on
/// the long zero runs, see [`cyclotomic_exp_compressed`]).
#[inline]
fn exp_signed<T: TowerConfig>(f: &Fp12<T>, abs: &LoopParam, negative: bool) -> Fp12<T> {
    let r = cyclotomic_exp_compressed(f, abs);
    if negative { r.conjugate() } else { r }
}

/// BLS12 hard part `f^(3·(p⁴ − p² + 1)/r)` (eprint 2020/875), for `z` given as `|z|`, `|z|/2`
/// (z is even for BLS12-381) and its sign.
pub fn hard_part_bls12<T: TowerConfig>(
    f: &Fp12<T>,
    z_abs: &LoopParam,
    z_half_abs: &LoopParam,
    z_negative: bool,
) -> Fp12<T> {
    let expt = |g: &Fp12<T>| exp_signed(g, z_abs, z_negative);
    // Exponents of f are tracked on the right, with A = (z − 1)²(z + p).
    let t0 = cyclotomic_square(f); // 2
    let t1 = exp_signed(&t0, z_half_abs, z_negative); // z
    let t1 = t1 * f.conjugate(); // z − 1
    let t2 = expt(&t1); // z(z − 1)
    let t1 = t1.conjugate() * t2; // (z − 1)²
    let t2 = expt(&t1); // (z − 1)²·z
    let t1 = t1.frobenius_map(1) * t2; // (z − 1)²(z + p) = A
    let r = *f * t0; // 3
    let t0 = expt(&t1); // A·z
    let t2 = expt(&t0); // A·z²
    let t0 = t1.frobenius_map(2); // A·p²
    let t1 = t1.conjugate() * t2 * t0; // A(z² + p² − 1)
    r * t1
}

/// BN hard part `f^(2x₀(6x₀² + 3x₀ + 1)·(p⁴ − p² + 1)/r)` (eprint 2015/192, Fuentes et al. chain,
/// as gnark), for `x₀ > 0` given in signed digits.
pub fn hard_part_bn<T: TowerConfig>(f: &Fp12<T>, x0: &LoopParam) -> Fp12<T> {
    let expt = |g: &Fp12<T>| cyclotomic_exp(g, x0);
    let t0 = cyclotomic_square(&expt(f).conjugate());
    let t2 = expt(&t0).conjugate();
    let t1 = cyclotomic_square(&t2);
    let t2 = t2 * t1 * f;
    let t1 = (cyclotomic_square(&expt(&t2)) * t2).conjugate();
    let t3 = t1.conjugate();
    let t1 = (cyclotomic_square(&t0) * f).conjugate() * t3;
    let t0 = t0 * t1;
    let t2 = t2 * t1;
    let t3 = t1.frobenius_map(2);
    let t2 = t2 * t3;
    let t3 = f.conjugate() * t0;
    let t1 = t3.frobenius_map(3);
    let t2 = t2 * t1;
    let t1 = t0.frobenius_map(1);
    t1 * t2
}
