//! Fixed-base MSM with precomputed tables, after Herold ("Notes on MSMs with Precomputation",
//! 2023) and Hagopian ("Another iteration of VKTs MSM", 2024), with Constantine's parameters
//! (`PrecomputedMSM`, `ec_multi_scalar_mul_precomp.nim`).
//!
//! Parameters: `b`, the window (bucket) width, and `t`, the precomputation stride, a multiple of
//! `b`. Each scalar is recoded once into signed b-bit digits (`W = ⌈(bits + 1)/b⌉` of them) and
//! each base `P_i` is stored with its multiples `Q_{i,j} = 2^(t·j)·P_i`, `j < m = ⌈W·b/t⌉`, so
//! digit `j·(t/b) + l` of `k_i` multiplies `Q_{i,j}` at position `2^(b·l)`:
//!
//! `Σ_i k_i P_i = Σ_{l < t/b} 2^(b·l) · Σ_{i,j} d_{i, j·t/b + l}·Q_{i,j}`.
//!
//! The inner sums are `t/b` bucket passes over `N·m` points. Costs: `≈ N·bits/b` additions (as
//! Pippenger with window b) but only `t/b` bucket reductions of `2^(b−1)` buckets and `t − b`
//! doublings, against `W` reductions and `bits` doublings; memory `N·m` affine points
//! ([`PrecomputedMsm::memory_bytes`]). `t = b` removes every doubling and all but one reduction
//! (the largest table); `t ≥ W·b` stores nothing beyond the bases (plain Pippenger).

use crate::buckets::window_sum;
use crate::digits::{num_windows, recode_signed};
use crate::pippenger::{accumulator_for, combine};
use crate::xyzz::Xyzz;
use crate::{MsmCurve, MsmError};
use alloc::vec;
use alloc::vec::Vec;
use ctt_curves::CurveGroup;
use ctt_curves::sw::{Affine, Projective, SwCurveConfig};
use ctt_field::PrimeField;

/// Precomputed tables for an MSM over fixed bases.
#[derive(Clone, Debug)]
pub struct PrecomputedMsm<G: MsmCurve> {
    /// `Q_{i,j}` at index `j·n + i`.
    table: Vec<Affine<G::Config>>,
    n: usize,
    t: u32,
    b: u32,
    m: usize,
    /// Indices of identity bases, whose scalars are ignored (the bucket loops need finite points).
    identities: Vec<usize>,
}

impl<G: MsmCurve> PrecomputedMsm<G> {
    /// Tables for the bases `points` with stride `t` and window `b` (`2 ≤ b ≤ 20`, `t` a
    /// positive multiple of `b`, at most 512).
    pub fn new(points: &[G::Affine], t: u32, b: u32) -> Result<Self, MsmError> {
        if !(2..=20).contains(&b) || t < b || !t.is_multiple_of(b) || t > 512 {
            return Err(MsmError::InvalidParameters);
        }
        let bases = G::as_sw(points);
        let n = bases.len();
        let bits = <G::Config as SwCurveConfig>::Scalar::NUM_BITS;
        let windows = num_windows(bits, b);
        let m = windows.div_ceil((t / b) as usize);
        if n.checked_mul(m).is_none_or(|e| e > crate::MAX_POINTS) {
            return Err(MsmError::TooManyPoints);
        }
        let mut table = Vec::with_capacity(n * m);
        table.extend_from_slice(bases);
        let mut layer: Vec<Xyzz<G::Config>> = bases.iter().map(Xyzz::from_affine).collect();
        let mut proj = vec![Projective::<G::Config>::IDENTITY; n];
        let mut affine = vec![Affine::<G::Config>::IDENTITY; n];
        for _ in 1..m {
            for (q, pr) in layer.iter_mut().zip(proj.iter_mut()) {
                for _ in 0..t {
                    *q = q.double();
                }
                *pr = q.to_projective();
            }
            Projective::batch_normalize(&proj, &mut affine);
            table.extend_from_slice(&affine);
        }
        let identities = (0..n)
            .filter(|&i| bases[i].infinity.to_bool_vartime())
            .collect();
        Ok(PrecomputedMsm {
            table,
            n,
            t,
            b,
            m,
            identities,
        })
    }

    /// Bytes held by the tables (`N·m` affine points).
    pub fn memory_bytes(&self) -> usize {
        self.table.len() * size_of::<Affine<G::Config>>()
            + self.identities.len() * size_of::<usize>()
            + size_of::<Self>()
    }

    /// The number of bases.
    pub fn len(&self) -> usize {
        self.n
    }

    /// Whether there are no bases.
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// `Σ [scalars_i] bases_i`; the scalars must be as many as the bases.
    pub fn msm_vartime(&self, scalars: &[G::Scalar]) -> Result<G, MsmError> {
        if scalars.len() != self.n {
            return Err(MsmError::LengthMismatch);
        }
        if self.n == 0 {
            return Ok(G::identity());
        }
        let (n, b, m) = (self.n, self.b, self.m);
        let mut words = crate::pippenger::scalars_to_words(scalars);
        for &i in &self.identities {
            words[i] = [0; 4];
        }
        let bits = <G::Config as SwCurveConfig>::Scalar::NUM_BITS;
        let windows = num_windows(bits, b);
        let mut digits = vec![0i32; windows * n];
        recode_signed(&words, b, windows, &mut digits);
        let s = (self.t / b) as usize;
        let acc = accumulator_for::<G::Config>(b);
        let mut column = vec![0i32; n * m];
        let sums: Vec<Xyzz<G::Config>> = (0..s)
            .map(|l| {
                for j in 0..m {
                    let w = j * s + l;
                    let dst = &mut column[j * n..(j + 1) * n];
                    if w < windows {
                        dst.copy_from_slice(&digits[w * n..(w + 1) * n]);
                    } else {
                        dst.fill(0);
                    }
                }
                window_sum(&self.table, &column, 0, 1 << (b - 1), acc)
            })
            .collect();
        Ok(G::from_sw(combine(&sums, b).to_projective()))
    }
}
