//! Radix-2 fast Fourier transforms over the roots of unity of Fr, for field elements and (FK20)
//! for G1 points, with coset variants; ctt-kzg and ctt-peerdas share them.
//!
//! Iterative Cooley–Tukey, decimation in time: a bit-reversal permutation, then `log₂ n` layers
//! of butterflies `(u, v) → (u + ω^j·v, u − ω^j·v)` (Cormen et al., *Introduction to Algorithms*,
//! §30.3). Where the data is in bit-reversed order on one side anyway, as the spec's blobs and
//! cells are, [`Domain::fft_nr`] (decimation in frequency, Gentleman–Sande) and
//! [`Domain::ifft_rn_unscaled`] skip the permutation. The inverse transform runs the same network on `ω⁻¹` and scales by `n⁻¹`; a coset
//! transform over `g·⟨ω⟩` scales coefficient `k` by `g^k` first. Each transform has an O(n²)
//! twin ([`dft_naive`]) that the tests compare it with. Everything here is for public data
//! (variable time: the zero twiddle `ω⁰ = 1` skips its multiplication).

use crate::domain::{bit_reversal_permutation, roots_of_unity};
use alloc::vec::Vec;
use ctt_curves::AffineRepr;
use ctt_curves::CurveGroup;
use ctt_curves::bls12_381::{G1Affine, G1Projective};
use ctt_field::bls12_381::Fr;
use ctt_field::{Field, PrimeField};

/// What the butterflies combine: a module over Fr.
pub trait FftElement: Copy {
    /// The neutral element.
    fn zero() -> Self;
    /// `self + other`.
    fn fft_add(&self, other: &Self) -> Self;
    /// `self − other`.
    fn fft_sub(&self, other: &Self) -> Self;
    /// `w·self` (variable time: public data).
    fn fft_mul(&self, w: &Fr) -> Self;

    /// Whether the butterflies gather each layer's twiddle products into one
    /// [`FftElement::fft_mul_layer`] call: worth it where a multiplication is expensive and
    /// the products of a layer can share work or threads (G1), not for field elements.
    const GATHER: bool = false;

    /// `items[i] ← ws[i]·items[i]` for one layer's products; one [`FftElement::fft_mul`] each
    /// by default.
    fn fft_mul_layer(items: &mut [Self], ws: &[Fr]) {
        for (x, w) in items.iter_mut().zip(ws) {
            *x = x.fft_mul(w);
        }
    }
}

impl FftElement for Fr {
    #[inline(always)]
    fn zero() -> Self {
        Fr::ZERO
    }
    #[inline(always)]
    fn fft_add(&self, other: &Self) -> Self {
        *self + *other
    }
    #[inline(always)]
    fn fft_sub(&self, other: &Self) -> Self {
        *self - *other
    }
    #[inline(always)]
    fn fft_mul(&self, w: &Fr) -> Self {
        *self * *w
    }
}

impl FftElement for G1Projective {
    fn zero() -> Self {
        G1Projective::identity()
    }
    fn fft_add(&self, other: &Self) -> Self {
        *self + *other
    }
    fn fft_sub(&self, other: &Self) -> Self {
        *self - *other
    }
    fn fft_mul(&self, w: &Fr) -> Self {
        let mut x = [*self];
        Self::fft_mul_layer(&mut x, core::slice::from_ref(w));
        x[0]
    }

    const GATHER: bool = true;

    /// One batch normalisation for the layer, then the MSM layer's single-point path from
    /// affine (the GLV split and interleaved wNAF over two half-length scalars: about two thirds
    /// of the cost of `mul_vartime`'s 255 doublings).
    fn fft_mul_layer(items: &mut [Self], ws: &[Fr]) {
        let mut affine = alloc::vec![G1Affine::default(); items.len()];
        G1Projective::batch_normalize(items, &mut affine);
        for ((x, a), w) in items.iter_mut().zip(&affine).zip(ws) {
            *x = g1_mul_from_affine_vartime(a, w);
        }
    }
}

/// `w·a` through the MSM's single-point path (public data).
pub fn g1_mul_from_affine_vartime(a: &G1Affine, w: &Fr) -> G1Projective {
    ctt_msm::msm_vartime::<G1Projective>(core::slice::from_ref(a), core::slice::from_ref(w))
        .unwrap_or_else(|_| a.to_group().mul_vartime(w))
}

/// The multiplicative subgroup of order `n` (a power of two) with its twiddle factors.
#[derive(Clone, Debug)]
pub struct Domain {
    /// `ω^i`, `i < n`, natural order.
    roots: Vec<Fr>,
    /// `ω^−i`, `i < n`.
    inv_roots: Vec<Fr>,
    /// `n⁻¹`.
    n_inv: Fr,
}

impl Domain {
    /// The domain of the `n`-th roots of unity (`n` a power of two, `1 ≤ n ≤ 2^32`).
    pub fn new(n: usize) -> Self {
        let roots = roots_of_unity(n);
        // ω^−i = ω^(n−i): the same powers read backwards, no second power loop.
        let inv_roots = (0..n).map(|i| roots[(n - i) % n]).collect();
        Domain {
            roots,
            inv_roots,
            n_inv: Fr::from_u64(n as u64).invert_vartime().unwrap_or(Fr::ZERO),
        }
    }

    /// `n`.
    pub fn size(&self) -> usize {
        self.roots.len()
    }

    /// `[ω^0, ω^1, …, ω^(n−1)]`.
    pub fn roots(&self) -> &[Fr] {
        &self.roots
    }

    /// Coefficients `a_k` → evaluations `Σ a_k·ω^(ik)` at `ω^i`, natural order, in place.
    pub fn fft<T: FftElement>(&self, a: &mut [T]) {
        assert_eq!(a.len(), self.size(), "fft: length is not the domain size");
        butterflies(a, &self.roots);
    }

    /// Evaluations at `ω^i` → coefficients, in place.
    pub fn ifft<T: FftElement>(&self, a: &mut [T]) {
        assert_eq!(a.len(), self.size(), "ifft: length is not the domain size");
        butterflies(a, &self.inv_roots);
        for x in a.iter_mut() {
            *x = x.fft_mul(&self.n_inv);
        }
    }

    /// Coefficients (natural order) → evaluations at `ω^i` in bit-reversed `i` order, in place,
    /// with no permutation pass (decimation in frequency): `fft_nr(a) = brp(fft(a))`.
    pub fn fft_nr<T: FftElement>(&self, a: &mut [T]) {
        assert_eq!(a.len(), self.size(), "fft: length is not the domain size");
        dif_butterflies(a, &self.roots);
    }

    /// Evaluations at `ω^i` in bit-reversed `i` order → `n`·coefficients (natural order), in
    /// place, with no permutation pass and without the final scaling by `n⁻¹` (callers fold it
    /// into their next multiplication): `ifft_rn_unscaled(brp(fft(a))) = n·a`.
    pub fn ifft_rn_unscaled<T: FftElement>(&self, a: &mut [T]) {
        assert_eq!(a.len(), self.size(), "ifft: length is not the domain size");
        dit_butterflies(a, &self.inv_roots);
    }

    /// `n⁻¹`.
    pub fn size_inv(&self) -> Fr {
        self.n_inv
    }

    /// Coefficients → evaluations at `shift·ω^i`, in place.
    pub fn coset_fft(&self, a: &mut [Fr], shift: &Fr) {
        scale_by_powers(a, shift);
        self.fft(a);
    }

    /// Evaluations at `shift·ω^i` → coefficients, in place.
    pub fn coset_ifft(&self, a: &mut [Fr], shift: &Fr) {
        self.ifft(a);
        scale_by_powers(a, &shift.invert_vartime().unwrap_or(Fr::ZERO));
    }
}

/// `a_k ← g^k·a_k`.
fn scale_by_powers(a: &mut [Fr], g: &Fr) {
    let mut gk = Fr::ONE;
    for x in a.iter_mut() {
        *x *= gk;
        gk *= *g;
    }
}

/// The butterfly network for twiddles `roots = [ω^0, …, ω^(n−1)]`: natural order in and out.
fn butterflies<T: FftElement>(a: &mut [T], roots: &[Fr]) {
    bit_reversal_permutation(a);
    dit_butterflies(a, roots);
}

/// Gathers the positions `hi[j]`, `j ≥ 1`, of one layer (they need the twiddle `ω^{j·stride}`),
/// multiplies them with one [`FftElement::fft_mul_layer`] call and writes them back.
fn multiply_layer<T: FftElement>(a: &mut [T], half: usize, stride: usize, roots: &[Fr]) {
    let mut items = Vec::with_capacity(a.len() / 2);
    let mut ws = Vec::with_capacity(a.len() / 2);
    for block in a.chunks_exact(2 * half) {
        for j in 1..half {
            items.push(block[half + j]);
            ws.push(roots[j * stride]);
        }
    }
    T::fft_mul_layer(&mut items, &ws);
    let mut it = items.into_iter();
    for block in a.chunks_exact_mut(2 * half) {
        for (j, x) in (1..half).zip(&mut it) {
            block[half + j] = x;
        }
    }
}

/// Decimation in time: bit-reversed input, natural output.
fn dit_butterflies<T: FftElement>(a: &mut [T], roots: &[Fr]) {
    let n = a.len();
    if n <= 1 {
        return;
    }
    let mut half = 1;
    while half < n {
        let stride = n / (2 * half);
        if T::GATHER {
            multiply_layer(a, half, stride, roots);
            for block in a.chunks_exact_mut(2 * half) {
                let (lo, hi) = block.split_at_mut(half);
                for j in 0..half {
                    let (u, v) = (lo[j], hi[j]);
                    lo[j] = u.fft_add(&v);
                    hi[j] = u.fft_sub(&v);
                }
            }
            half *= 2;
            continue;
        }
        for block in a.chunks_exact_mut(2 * half) {
            let (lo, hi) = block.split_at_mut(half);
            // j = 0: the twiddle is one.
            let (u, v) = (lo[0], hi[0]);
            lo[0] = u.fft_add(&v);
            hi[0] = u.fft_sub(&v);
            for j in 1..half {
                let v = hi[j].fft_mul(&roots[j * stride]);
                let u = lo[j];
                lo[j] = u.fft_add(&v);
                hi[j] = u.fft_sub(&v);
            }
        }
        half *= 2;
    }
}

/// Decimation in frequency (Gentleman–Sande): natural input, bit-reversed output.
fn dif_butterflies<T: FftElement>(a: &mut [T], roots: &[Fr]) {
    let n = a.len();
    let mut half = n / 2;
    while half >= 1 {
        let stride = n / (2 * half);
        for block in a.chunks_exact_mut(2 * half) {
            let (lo, hi) = block.split_at_mut(half);
            let (u, v) = (lo[0], hi[0]);
            lo[0] = u.fft_add(&v);
            hi[0] = u.fft_sub(&v);
            for j in 1..half {
                let (u, v) = (lo[j], hi[j]);
                lo[j] = u.fft_add(&v);
                let d = u.fft_sub(&v);
                hi[j] = if T::GATHER {
                    d
                } else {
                    d.fft_mul(&roots[j * stride])
                };
            }
        }
        if T::GATHER {
            multiply_layer(a, half, stride, roots);
        }
        half /= 2;
    }
}

/// `Σ_k a_k·root^(ik)` for every `i` by the definition (O(n²)): the twin the transforms are
/// tested against.
pub fn dft_naive<T: FftElement>(a: &[T], root: &Fr) -> Vec<T> {
    let n = a.len();
    let mut out = Vec::with_capacity(n);
    let mut wi = Fr::ONE;
    for _ in 0..n {
        let mut acc = T::zero();
        let mut wik = Fr::ONE;
        for x in a {
            acc = acc.fft_add(&x.fft_mul(&wik));
            wik *= wi;
        }
        out.push(acc);
        wi *= *root;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
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

    #[test]
    fn fft_and_inverse_match_the_naive_transform() {
        let mut rng = Lcg(3);
        for log_n in 0..=7 {
            let n = 1 << log_n;
            let d = Domain::new(n);
            let a: Vec<Fr> = (0..n).map(|_| Fr::random(&mut rng)).collect();
            let mut fast = a.clone();
            d.fft(&mut fast);
            assert_eq!(fast, dft_naive(&a, &d.roots()[1 % n]), "n = {n}");
            d.ifft(&mut fast);
            assert_eq!(fast, a, "n = {n}: ifft(fft(a)) = a");
        }
    }

    #[test]
    fn permutation_free_transforms_match() {
        let mut rng = Lcg(6);
        for log_n in 0..=8 {
            let n = 1 << log_n;
            let d = Domain::new(n);
            let a: Vec<Fr> = (0..n).map(|_| Fr::random(&mut rng)).collect();
            let mut want = a.clone();
            d.fft(&mut want);
            bit_reversal_permutation(&mut want);
            let mut nr = a.clone();
            d.fft_nr(&mut nr);
            assert_eq!(nr, want, "n = {n}");
            d.ifft_rn_unscaled(&mut nr);
            let n_fr = Fr::from_u64(n as u64);
            assert!(nr.iter().zip(&a).all(|(x, y)| *x == *y * n_fr), "n = {n}");
            assert_eq!(d.size_inv() * n_fr, Fr::ONE);
        }
    }

    #[test]
    fn coset_transforms_evaluate_on_the_coset() {
        let mut rng = Lcg(4);
        let n = 32;
        let d = Domain::new(n);
        let shift = Fr::from_u64(7);
        let a: Vec<Fr> = (0..n).map(|_| Fr::random(&mut rng)).collect();
        let mut fast = a.clone();
        d.coset_fft(&mut fast, &shift);
        for (i, y) in fast.iter().enumerate() {
            let x = shift * d.roots()[i];
            let want = a.iter().rev().fold(Fr::ZERO, |acc, c| acc * x + *c);
            assert_eq!(*y, want);
        }
        d.coset_ifft(&mut fast, &shift);
        assert_eq!(fast, a);
    }

    #[test]
    fn g1_fft_matches_the_naive_transform() {
        let mut rng = Lcg(5);
        let n = 8;
        let d = Domain::new(n);
        let a: Vec<G1Projective> = (0..n)
            .map(|_| G1Projective::generator().mul_vartime(&Fr::random(&mut rng)))
            .collect();
        let mut fast = a.clone();
        d.fft(&mut fast);
        assert_eq!(fast, dft_naive(&a, &d.roots()[1]));
        // The permutation-free pair, which gathers each layer's products (G1 path of the DIF).
        let mut nr = a.clone();
        d.fft_nr(&mut nr);
        let mut want = fast.clone();
        bit_reversal_permutation(&mut want);
        assert_eq!(nr, want);
        d.ifft_rn_unscaled(&mut nr);
        let n_fr = Fr::from_u64(n as u64);
        assert!(nr.iter().zip(&a).all(|(x, y)| *x == y.mul_vartime(&n_fr)));
        d.ifft(&mut fast);
        assert_eq!(fast, a);
    }
}
