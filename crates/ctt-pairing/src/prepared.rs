//! Fixed G2 points with their Miller-loop lines precomputed (blst's `blst_precompute_lines`,
//! arkworks' `G2Prepared`): the line coefficients depend on `Q` alone, so a point used in many
//! pairings (KZG's `[1]₂` and `[τ]₂`, a verifier's fixed key) pays its G2 doubling and addition
//! steps once. A pairing with a prepared point then costs only the line evaluations at `P`, the
//! sparse products and the shared squarings: for BLS12-381 the loop skips 63 doubling steps
//! (2m + 7s each) and 5 addition steps (11m + 2s) per pair.
//!
//! Memory: one [`LineCoeffs`] (three Fp2 elements) per line, 68 lines for BLS12-381 (about
//! 20 KB), 88 for BN254. Constant time in the G1 points, like the plain loop.

use crate::engine::PairingConfig;
use crate::gt::{Gt, MillerLoopResult, final_exponentiation};
use crate::lines::{G2Homogeneous, LineCoeffs};
use crate::miller_loop::{CHUNK, LineSource, OnTheFly, miller_core};
use alloc::vec::Vec;
use ctt_bigint::Choice;
use ctt_curves::sw::Affine;
use ctt_field::Field;
use ctt_field::tower::{Fp12, TowerConfig};

/// A G2 point with its Miller-loop lines, in the order the loop uses them.
#[derive(Clone, Debug)]
pub struct G2Prepared<C: PairingConfig> {
    lines: Vec<LineCoeffs<C::Tower>>,
    infinity: Choice,
}

impl<C: PairingConfig> G2Prepared<C> {
    /// Precomputes the lines of `q` (the identity gives a point whose pairings are all one).
    pub fn new(q: &Affine<C::G2>) -> Self {
        let mut src = OnTheFly::<C> {
            t: G2Homogeneous::from_affine(&q.x, &q.y),
            q: *q,
        };
        let digits = &C::LOOP.digits;
        let top = C::LOOP.len - 1;
        let mut lines = Vec::with_capacity(top + C::LOOP.weight() + 2);
        for i in (0..top).rev() {
            lines.push(src.double());
            if digits[i] != 0 {
                lines.push(src.add(digits[i] < 0));
            }
        }
        if C::FROBENIUS_LINES {
            lines.extend(src.frobenius());
        }
        G2Prepared {
            lines,
            infinity: q.infinity,
        }
    }
}

/// Reads a prepared point's lines back in order.
struct Replay<'a, T: TowerConfig> {
    lines: &'a [LineCoeffs<T>],
    next: usize,
}

impl<T: TowerConfig> Replay<'_, T> {
    #[inline(always)]
    fn take(&mut self) -> LineCoeffs<T> {
        let l = self.lines[self.next];
        self.next += 1;
        l
    }
}

impl<T: TowerConfig> LineSource<T> for Replay<'_, T> {
    #[inline(always)]
    fn double(&mut self) -> LineCoeffs<T> {
        self.take()
    }

    #[inline(always)]
    fn add(&mut self, _negative: bool) -> LineCoeffs<T> {
        self.take()
    }

    fn frobenius(&mut self) -> [LineCoeffs<T>; 2] {
        [self.take(), self.take()]
    }
}

/// `∏ᵢ f_{s,Qᵢ}(Pᵢ)` with prepared `Qᵢ` (no final exponentiation); pairs with an identity point
/// contribute 1. Equal to [`crate::gt::multi_miller_loop`] on the same points.
pub fn multi_miller_loop_prepared<C: PairingConfig>(
    pairs: &[(Affine<C::G1>, &G2Prepared<C>)],
) -> MillerLoopResult<C> {
    let mut f = Fp12::<C::Tower>::ONE;
    for chunk in pairs.chunks(CHUNK) {
        let zero = <<C::Tower as TowerConfig>::Fp as Field>::ZERO;
        let mut g1 = [(zero, zero, Choice::FALSE); CHUNK];
        let mut src: [Replay<'_, C::Tower>; CHUNK] = core::array::from_fn(|_| Replay {
            lines: &[],
            next: 0,
        });
        for (k, (p, q)) in chunk.iter().enumerate() {
            g1[k] = (p.x, p.y, p.infinity | q.infinity);
            src[k] = Replay {
                lines: &q.lines,
                next: 0,
            };
        }
        let n = chunk.len();
        f *= miller_core::<C, _>(&g1[..n], &mut src[..n]);
    }
    MillerLoopResult(f)
}

/// Whether `∏ᵢ e(Pᵢ, Qᵢ) = 1` with prepared `Qᵢ` (true for an empty slice); the answer is public.
pub fn pairing_check_prepared<C: PairingConfig>(pairs: &[(Affine<C::G1>, &G2Prepared<C>)]) -> bool {
    let gt: Gt<C> = final_exponentiation(&multi_miller_loop_prepared(pairs));
    gt.is_identity().to_bool_vartime()
}
