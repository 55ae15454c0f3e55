//! Polynomials in evaluation form over the bit-reversed domain: evaluation at a point by the
//! barycentric formula and the quotient `(p(X) − y)/(X − z)`, both from one batch inversion
//! (Drake, "KZG from the Lagrange basis without FFTs", ethresear.ch #6950; the special case of
//! `z` in the domain after Feist, "PCS multiproofs using random evaluation", 2021, section
//! "Dividing when one of the points is zero").

use crate::FIELD_ELEMENTS_PER_BLOB;
use alloc::vec::Vec;
use ctt_field::bls12_381::Fr;
use ctt_field::{Field, PrimeField};

/// A polynomial in evaluation form prepared for opening at `z`: the inverses `1/(z − ω_i)`.
pub(crate) struct Opening<'a> {
    poly: &'a [Fr],
    roots: &'a [Fr],
    z: Fr,
    /// `1/(z − ω_i)`, and 0 at the index where `z = ω_i`.
    inv: Vec<Fr>,
    /// The index `m` with `z = ω_m`, if `z` lies in the domain.
    at: Option<usize>,
}

impl<'a> Opening<'a> {
    /// Prepares `poly` (evaluations at `roots`) for opening at `z`: one batch inversion.
    /// Variable time: `z` and the polynomial are public.
    pub(crate) fn new(poly: &'a [Fr], roots: &'a [Fr], z: Fr) -> Self {
        debug_assert_eq!(poly.len(), roots.len());
        let mut inv: Vec<Fr> = roots.iter().map(|w| z - *w).collect();
        let at = inv.iter().position(|d| d.is_zero_vartime());
        // A zero stays zero through the batch inversion.
        Fr::batch_invert(&mut inv);
        Opening {
            poly,
            roots,
            z,
            inv,
            at,
        }
    }

    /// `p(z)`: `p(ω_m)` itself when `z = ω_m`, otherwise the barycentric formula
    /// `(z^N − 1)/N · Σ p_i·ω_i/(z − ω_i)`.
    pub(crate) fn evaluate(&self) -> Fr {
        if let Some(m) = self.at {
            return self.poly[m];
        }
        let mut sum = Fr::ZERO;
        for ((p, w), inv) in self.poly.iter().zip(self.roots).zip(&self.inv) {
            sum += *p * *inv * *w;
        }
        let n = self.poly.len();
        let mut z_n = self.z;
        for _ in 0..n.trailing_zeros() {
            z_n = z_n.square();
        }
        let inv_n = Fr::from_u64(n as u64).invert_vartime().unwrap_or(Fr::ZERO);
        sum * (z_n - Fr::ONE) * inv_n
    }

    /// The evaluations of `q(X) = (p(X) − y)/(X − z)` on the domain, for `y = p(z)`:
    /// `q_i = (p_i − y)/(ω_i − z)`, and at `ω_m = z` (the 0/0 point)
    /// `q_m = Σ_{i≠m} (p_i − y)·ω_i / (z·(z − ω_i))`.
    pub(crate) fn quotient(&self, y: &Fr) -> Vec<Fr> {
        // (p_i − y)/(ω_i − z) = (y − p_i)·inv_i; inv_m = 0 gives q_m = 0 before the fix-up.
        let mut q: Vec<Fr> = self
            .poly
            .iter()
            .zip(&self.inv)
            .map(|(p, inv)| (*y - *p) * *inv)
            .collect();
        if let Some(m) = self.at {
            // Σ_{i≠m} (p_i − y)·ω_i·inv_i / z = −z⁻¹ · Σ_{i≠m} q_i·ω_i (q_m is still 0).
            let mut sum = Fr::ZERO;
            for (qi, w) in q.iter().zip(self.roots) {
                sum += *qi * *w;
            }
            let z_inv = self.z.invert_vartime().unwrap_or(Fr::ZERO);
            q[m] = -(sum * z_inv);
        }
        q
    }
}

/// The spec's `evaluate_polynomial_in_evaluation_form` on a blob-sized polynomial.
pub(crate) fn evaluate(poly: &[Fr], roots: &[Fr], z: Fr) -> Fr {
    debug_assert_eq!(poly.len(), FIELD_ELEMENTS_PER_BLOB);
    Opening::new(poly, roots, z).evaluate()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::roots_of_unity_brp;
    use ctt_field::Rng;

    struct Lcg(u64);
    impl Rng for Lcg {
        fn next_u64(&mut self) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            self.0 ^ (self.0 >> 29)
        }
    }

    /// Coefficients → evaluations at `roots`, by Horner (the naive twin).
    fn evals(coeffs: &[Fr], roots: &[Fr]) -> Vec<Fr> {
        roots.iter().map(|x| horner(coeffs, x)).collect()
    }

    fn horner(coeffs: &[Fr], x: &Fr) -> Fr {
        coeffs.iter().rev().fold(Fr::ZERO, |acc, c| acc * *x + *c)
    }

    #[test]
    fn barycentric_equals_horner_off_and_on_the_domain() {
        let mut rng = Lcg(5);
        for n in [4usize, 16, 64] {
            let roots = roots_of_unity_brp(n);
            let coeffs: Vec<Fr> = (0..n).map(|_| Fr::random(&mut rng)).collect();
            let p = evals(&coeffs, &roots);
            for _ in 0..4 {
                let z = Fr::random(&mut rng);
                assert_eq!(Opening::new(&p, &roots, z).evaluate(), horner(&coeffs, &z));
            }
            for m in [0, 1, n - 1] {
                assert_eq!(Opening::new(&p, &roots, roots[m]).evaluate(), p[m]);
            }
        }
    }

    #[test]
    fn quotient_times_divisor_gives_back_the_polynomial() {
        let mut rng = Lcg(9);
        let n = 32;
        let roots = roots_of_unity_brp(n);
        let coeffs: Vec<Fr> = (0..n).map(|_| Fr::random(&mut rng)).collect();
        let p = evals(&coeffs, &roots);
        let mut points: Vec<Fr> = (0..3).map(|_| Fr::random(&mut rng)).collect();
        points.extend([roots[0], roots[5], roots[n - 1]]);
        for z in points {
            let o = Opening::new(&p, &roots, z);
            let y = o.evaluate();
            let q = o.quotient(&y);
            // q has degree < n − 1, so its evaluations determine it: check q(x)(x − z) = p(x) − y
            // at fresh points through the barycentric formula.
            for _ in 0..3 {
                let x = Fr::random(&mut rng);
                let qx = Opening::new(&q, &roots, x).evaluate();
                assert_eq!(qx * (x - z), horner(&coeffs, &x) - y);
            }
        }
    }
}
