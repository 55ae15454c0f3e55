//! Polynomials in evaluation form over the bit-reversed domain: evaluation at a point by the
//! barycentric formula and the quotient `(p(X) − y)/(X − z)`, both from one batch inversion
//! (Drake, "KZG from the Lagrange basis without FFTs", ethresear.ch #6950; the special case of
//! `z` in the domain after Feist, "PCS multiproofs using random evaluation", 2021, section
//! "Dividing when one of the points is zero").

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
        Fr::batch_invert_vartime(&mut inv);
        Opening {
            poly,
            roots,
            z,
            inv,
            at,
        }
    }

    /// `p(z)`: `p(ω_m)` itself when `z = ω_m`, otherwise the barycentric formula (see
    /// [`barycentric`]) from the inverses at hand: one multiplication per element.
    pub(crate) fn evaluate(&self) -> Fr {
        if let Some(m) = self.at {
            return self.poly[m];
        }
        let mut sum = Fr::ZERO;
        for (p, inv) in self.poly.iter().zip(&self.inv) {
            sum += *p * *inv;
        }
        barycentric(self.poly, self.z, sum)
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

/// The barycentric formula `p(z) = (z^N − 1)/N · Σ p_i·ω_i/(z − ω_i)` for `z` outside the
/// domain, written with `ω_i/(z − ω_i) = z/(z − ω_i) − 1` as
/// `(z^N − 1)/N · (z·S − Σ p_i)` where `S = Σ p_i/(z − ω_i)` is given.
fn barycentric(poly: &[Fr], z: Fr, s: Fr) -> Fr {
    let p_sum = poly.iter().fold(Fr::ZERO, |acc, p| acc + *p);
    let n = poly.len();
    let inv_n = Fr::from_u64(n as u64).invert_vartime().unwrap_or(Fr::ZERO);
    (z * s - p_sum) * (pow2k(z, n.trailing_zeros()) - Fr::ONE) * inv_n
}

/// `z^(2^k)`.
fn pow2k(mut z: Fr, k: u32) -> Fr {
    for _ in 0..k {
        z = z.square();
    }
    z
}

/// Independent fraction accumulators in [`evaluate`]: the multiplications of one step depend on
/// the previous step, so several chains keep the multiplier busy.
const LANES: usize = 4;

/// The spec's `evaluate_polynomial_in_evaluation_form`, for verification, where no quotient is
/// needed: `S = Σ p_i/(z − ω_i)` is summed as a fraction `num/den` (`num ← num·d + p·den`,
/// `den ← den·d`: 3 multiplications per element and one inversion in all, against 4 and a batch
/// inversion's scratch for the inverses), in [`LANES`] independent chains.
pub(crate) fn evaluate(poly: &[Fr], roots: &[Fr], z: Fr) -> Fr {
    debug_assert_eq!(poly.len(), roots.len());
    // z is in the domain exactly when z^N = 1.
    if pow2k(z, poly.len().trailing_zeros()) == Fr::ONE
        && let Some(m) = roots.iter().position(|w| *w == z)
    {
        return poly[m];
    }
    let mut num = [Fr::ZERO; LANES];
    let mut den = [Fr::ONE; LANES];
    let (p_lanes, p_rest) = poly.as_chunks::<LANES>();
    let (w_lanes, w_rest) = roots.as_chunks::<LANES>();
    for (p, w) in p_lanes.iter().zip(w_lanes) {
        for k in 0..LANES {
            let d = z - w[k];
            num[k] = num[k] * d + p[k] * den[k];
            den[k] *= d;
        }
    }
    for (p, w) in p_rest.iter().zip(w_rest) {
        let d = z - *w;
        num[0] = num[0] * d + *p * den[0];
        den[0] *= d;
    }
    // Σ num_k/den_k as one fraction.
    let (mut n, mut d) = (num[0], den[0]);
    for k in 1..LANES {
        n = n * den[k] + num[k] * d;
        d *= den[k];
    }
    // No factor z − ω_i is zero here, so neither is their product.
    let s = n * d.invert_vartime().unwrap_or(Fr::ZERO);
    barycentric(poly, z, s)
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
        // Sizes below, at and above the lane count, and not multiples of it (1, 2).
        for n in [1usize, 2, 4, 16, 64] {
            let roots = roots_of_unity_brp(n);
            let coeffs: Vec<Fr> = (0..n).map(|_| Fr::random(&mut rng)).collect();
            let p = evals(&coeffs, &roots);
            for _ in 0..4 {
                let z = Fr::random(&mut rng);
                assert_eq!(Opening::new(&p, &roots, z).evaluate(), horner(&coeffs, &z));
                assert_eq!(evaluate(&p, &roots, z), horner(&coeffs, &z));
            }
            for m in [0, n / 2, n - 1] {
                assert_eq!(Opening::new(&p, &roots, roots[m]).evaluate(), p[m]);
                assert_eq!(evaluate(&p, &roots, roots[m]), p[m]);
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
