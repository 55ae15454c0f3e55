//! The generic multi-Miller loop: `∏ᵢ f_{s,Qᵢ}(Pᵢ)` for the curve's optimal ate parameter `s`.
//!
//! Aranha's layout (*Guide to Pairing-Based Cryptography* Alg. 11.2, as blst `miller_loop_n`,
//! Constantine and gnark): one Fp12 accumulator, one G2 accumulator `Tᵢ` per pair, and one Fp12
//! squaring per loop digit shared by every pair, which saves `(n − 1)·(len − 1)` squarings against
//! n separate loops. The first digit needs no squaring (f = 1). Per pair and digit: a doubling step
//! and a sparse product (13m); per non-zero digit also an addition step and a second sparse
//! product. BLS12-381 (`|z|`, 64 bits, 6 set bits): 63 doublings, 5 additions. BN254 (`6x₀ + 2` in
//! NAF, 66 digits): 65 doublings, 21 additions, then the two Frobenius lines.
//!
//! Pairs are processed in chunks of [`CHUNK`] (the `Tᵢ` live on the stack, no allocation); each
//! chunk's product is multiplied in, so more pairs cost extra squarings only per chunk.
//!
//! Constant time: the loop shape depends only on the public parameter and the number of pairs; a
//! pair with an identity point gets the line 1 by selection (its `Tᵢ` runs on dummy coordinates).
//! Inside the loop `Tᵢ = [k]Qᵢ` with `0 < k < r`, so `Tᵢ ≠ ±Qᵢ` and the incomplete formulas are
//! exact for points of G2.

use crate::engine::{Pair, PairingConfig};
use crate::lines::{G2Homogeneous, LineCoeffs, mul_by_line, mul_by_unit_line};
use ctt_bigint::Choice;
use ctt_curves::sw::{Affine, SwCurveConfig};
use ctt_field::tower::{Fp12, TowerConfig};
use ctt_field::{ExtensionField, Field};

/// Pairs per stack-allocated chunk of the multi-Miller loop (blst uses 16 as well).
pub const CHUNK: usize = 16;

/// `∏ᵢ f_{s,Qᵢ}(Pᵢ)`, unreduced (before the final exponentiation); 1 for an empty slice.
pub fn multi_miller_loop<C: PairingConfig>(pairs: &[Pair<C>]) -> Fp12<C::Tower> {
    let mut chunks = pairs.chunks(CHUNK);
    let mut f = match chunks.next() {
        Some(c) => miller_chunk::<C>(c),
        None => return Fp12::ONE,
    };
    for c in chunks {
        f *= miller_chunk::<C>(c);
    }
    f
}

/// One chunk of at most [`CHUNK`] pairs, the lines computed on the fly.
fn miller_chunk<C: PairingConfig>(pairs: &[Pair<C>]) -> Fp12<C::Tower> {
    let n = pairs.len();
    debug_assert!(n <= CHUNK);
    let zero = <<C::Tower as TowerConfig>::Fp as Field>::ZERO;
    let mut g1: [G1Input<C>; CHUNK] = [(zero, zero, Choice::FALSE); CHUNK];
    let mut lines = [OnTheFly::<C>::default(); CHUNK];
    for (k, (p, q)) in pairs.iter().enumerate() {
        g1[k] = (p.x, p.y, p.infinity | q.infinity);
        lines[k] = OnTheFly {
            t: G2Homogeneous::from_affine(&q.x, &q.y),
            q: *q,
        };
    }
    miller_core::<C, _>(&g1[..n], &mut lines[..n], false)
}

/// A G1 input of the loop: `(xP, yP, skip)`, or `(xP/yP, 1/yP, skip)` once normalised
/// ([`normalize_g1`]), where `skip` makes every line of the pair one.
pub(crate) type G1Input<C> = (
    <<C as PairingConfig>::Tower as TowerConfig>::Fp,
    <<C as PairingConfig>::Tower as TowerConfig>::Fp,
    Choice,
);

/// `(xP, yP) ← (xP/yP, 1/yP)` for every input, by one constant-time batch inversion
/// (Montgomery's trick: one inversion and 3(n − 1) products, ~2 µs on BLS12-381). Dividing every
/// line of a pair by `yP ∈ Fp` changes the loop's value by a factor in Fp, which the final
/// exponentiation maps to one, and lets lines with a unit `y` coefficient keep a unit slot
/// ([`crate::lines::UnitLine`]). A zero `yP` (only the identity's placeholder coordinates: no
/// point of odd order has `y = 0`) gives zeros, and that pair is skipped anyway.
// Its one caller, the prepared pairing, needs `alloc`.
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
pub(crate) fn normalize_g1<C: PairingConfig>(g1: &mut [G1Input<C>]) {
    let zero = <<C::Tower as TowerConfig>::Fp as Field>::ZERO;
    let mut inv = [zero; CHUNK];
    let mut scratch = [zero; CHUNK];
    let n = g1.len();
    debug_assert!(n <= CHUNK);
    for (v, (_, y, _)) in inv.iter_mut().zip(g1.iter()) {
        *v = *y;
    }
    Field::batch_invert_with_scratch(&mut inv[..n], &mut scratch[..n]);
    for ((x, y, _), i) in g1.iter_mut().zip(inv.iter()) {
        *x *= *i;
        *y = *i;
    }
}

/// Where the loop takes a pair's lines from, in the loop's order: computed from `Q` as the loop
/// goes ([`OnTheFly`]), or read back from a [`G2Prepared`](crate::G2Prepared).
pub(crate) trait LineSource<T: TowerConfig> {
    /// The tangent line of a doubling step.
    fn double(&mut self) -> LineCoeffs<T>;
    /// The line of an addition step by `Q` (`−Q` when `negative`).
    fn add(&mut self, negative: bool) -> LineCoeffs<T>;
    /// The two lines after the loop of curves with [`PairingConfig::FROBENIUS_LINES`].
    fn frobenius(&mut self) -> [LineCoeffs<T>; 2];
    /// Whether every line has `y = 1` (a prepared point's normalised lines).
    fn unit_lines(&self) -> bool {
        false
    }
}

/// Lines computed from the running point `T` and the affine `Q`.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct OnTheFly<C: PairingConfig> {
    pub(crate) t: G2Homogeneous<C::Tower>,
    pub(crate) q: Affine<C::G2>,
}

impl<C: PairingConfig> LineSource<C::Tower> for OnTheFly<C> {
    #[inline(always)]
    fn double(&mut self) -> LineCoeffs<C::Tower> {
        self.t.double_step(<C::G2 as SwCurveConfig>::mul_by_3b)
    }

    #[inline(always)]
    fn add(&mut self, negative: bool) -> LineCoeffs<C::Tower> {
        // The digit is public: the branch reveals only the loop parameter.
        let qy = if negative { -self.q.y } else { self.q.y };
        self.t.add_step(&self.q.x, &qy)
    }

    fn frobenius(&mut self) -> [LineCoeffs<C::Tower>; 2] {
        // Optimal ate for BN (Vercauteren; eprint 2010/354 Alg. 1): ℓ_{T,π(Q)} and
        // ℓ_{T+π(Q),−π²(Q)}.
        let q1 = C::psi(&self.q);
        let q2 = -C::psi(&q1);
        [self.t.add_step(&q1.x, &q1.y), self.t.add_step(&q2.x, &q2.y)]
    }
}

/// `f ← f·ℓ(P)` for the pair's input `(a, b, skip)`: raw `(xP, yP)`, or normalised
/// `(xP/yP, 1/yP)` when `normalized` (then unit lines take the cheaper product).
#[inline(always)]
fn apply_line<C: PairingConfig>(
    f: &mut Fp12<C::Tower>,
    l: &LineCoeffs<C::Tower>,
    (a, b, skip): &G1Input<C>,
    normalized: bool,
    unit: bool,
) {
    let twist = C::TWIST;
    if !normalized {
        mul_by_line(f, &l.evaluate(twist, a, b, *skip), twist);
    } else if unit {
        mul_by_unit_line(f, &l.evaluate_unit(a, b, *skip), twist);
    } else {
        mul_by_line(f, &l.evaluate_normalized(twist, a, b, *skip), twist);
    }
}

/// `∏ᵢ f_{s,Qᵢ}(Pᵢ)` over one chunk, each pair's lines from its source; `normalized` says the G1
/// inputs went through [`normalize_g1`] (required for sources with unit lines).
#[inline(always)]
pub(crate) fn miller_core<C: PairingConfig, L: LineSource<C::Tower>>(
    g1: &[G1Input<C>],
    lines: &mut [L],
    normalized: bool,
) -> Fp12<C::Tower> {
    // The steps below add ±Q only: the loop parameter must be in digits −1, 0, 1.
    const { assert!(C::LOOP.max_digit() <= 1) };
    let digits = &C::LOOP.digits;
    let top = C::LOOP.len - 1; // the leading digit 1 is T = Q itself
    let mut f = Fp12::<C::Tower>::ONE;
    for i in (0..top).rev() {
        if i != top - 1 {
            // The tower's complex squaring (12m); the 3-squaring form (6m + 9s) measured the same
            // (1.47 µs both, BLS12-381, x86-64 ADX), and the accumulator is not unitary.
            f = f.square();
        }
        let d = digits[i];
        for (p, src) in g1.iter().zip(lines.iter_mut()) {
            let unit = src.unit_lines();
            let l = src.double();
            apply_line::<C>(&mut f, &l, p, normalized, unit);
            if d != 0 {
                let l = src.add(d < 0);
                apply_line::<C>(&mut f, &l, p, normalized, unit);
            }
        }
    }

    if C::LOOP_NEGATIVE {
        f = f.conjugate();
    }

    if C::FROBENIUS_LINES {
        for (p, src) in g1.iter().zip(lines.iter_mut()) {
            let unit = src.unit_lines();
            for l in src.frobenius() {
                apply_line::<C>(&mut f, &l, p, normalized, unit);
            }
        }
    }
    f
}
