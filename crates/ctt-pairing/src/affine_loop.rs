//! The multi-Miller loop for many pairs of public points, with the running points `Tᵢ` in
//! affine coordinates (Lauter–Montgomery–Naehrig, "An analysis of affine coordinates for pairing
//! computation", Pairing 2010): each step's slope denominators, one per pair, are inverted
//! together by Montgomery's trick (3 Fp2 products per pair and one inversion per step), after
//! which the affine step costs a few products and its line has a unit `y` coefficient. With the
//! G1 inputs normalised to `(xP/yP, 1/yP)` (as [`crate::prepared`] does) every line then enters
//! the accumulator through the cheaper unit-line product ([`mul_by_unit_line`]).
//!
//! Per pair and step, in Fp2 products (m) and squarings (s): doubling 6m + 2s against the
//! projective 2m + 7s, addition 6m + 1s against 11m + 2s, and the line product 10m (or six
//! fused two-term sums) against 13m (six fused three-term sums); plus one inversion per step
//! shared by all pairs, and one accumulator for all of them (no chunks, so no repeated
//! squarings). Worth it from about [`AFFINE_MIN_PAIRS`] pairs; below that
//! [`multi_miller_loop_vartime`] runs the projective loop.
//!
//! Variable time: for public points only (verification). The points must be in G1 × G2 (decoded
//! with subgroup checks): then `Tᵢ = [k]Qᵢ` with `0 < k < r` stays away from `±Qᵢ` and from the
//! points with `y = 0`, so no denominator vanishes. Pairs with an identity point are dropped.

use crate::engine::{Pair, PairingConfig};
use crate::gt::MillerLoopResult;
use crate::lines::{UnitLine, mul_by_unit_line};
use alloc::vec::Vec;
use ctt_curves::sw::Affine;
use ctt_field::tower::{Fp2, Fp12, TowerConfig};
use ctt_field::{ExtensionField, Field};

type Fp<C> = <<C as PairingConfig>::Tower as TowerConfig>::Fp;
type F2<C> = Fp2<Fp<C>>;

/// From this many non-identity pairs on, [`multi_miller_loop_vartime`] takes the affine loop
/// (measured on x86-64 ADX: see the crate README).
pub const AFFINE_MIN_PAIRS: usize = 6;

/// `∏ᵢ f_{s,Qᵢ}(Pᵢ)` for public points, unreduced; equal to [`crate::gt::multi_miller_loop`]
/// after the final exponentiation. Affine with batched inversions from [`AFFINE_MIN_PAIRS`]
/// pairs on, the projective loop below that.
pub fn multi_miller_loop_vartime<C: PairingConfig>(pairs: &[Pair<C>]) -> MillerLoopResult<C> {
    let live: Vec<Pair<C>> = pairs
        .iter()
        .filter(|(p, q)| !(p.infinity | q.infinity).to_bool_vartime())
        .copied()
        .collect();
    if live.len() < AFFINE_MIN_PAIRS {
        return crate::gt::multi_miller_loop::<C>(&live);
    }
    MillerLoopResult(affine_loop::<C>(&live))
}

/// The running points and the normalised G1 inputs of every pair, and the step buffers.
struct State<C: PairingConfig> {
    /// `xP/yP` and `1/yP` per pair.
    x_over_y: Vec<Fp<C>>,
    y_inv: Vec<Fp<C>>,
    /// `Tᵢ` in affine coordinates.
    tx: Vec<F2<C>>,
    ty: Vec<F2<C>>,
    /// Slope denominators, then their inverses; scratch for the batch inversion.
    den: Vec<F2<C>>,
    scratch: Vec<F2<C>>,
}

impl<C: PairingConfig> State<C> {
    fn new(pairs: &[Pair<C>]) -> Self {
        let mut y_inv: Vec<Fp<C>> = pairs.iter().map(|(p, _)| p.y).collect();
        let mut scratch = y_inv.clone();
        Field::batch_invert_vartime_with_scratch(&mut y_inv, &mut scratch);
        let x_over_y = pairs
            .iter()
            .zip(&y_inv)
            .map(|((p, _), yi)| p.x * *yi)
            .collect();
        State {
            x_over_y,
            y_inv,
            tx: pairs.iter().map(|(_, q)| q.x).collect(),
            ty: pairs.iter().map(|(_, q)| q.y).collect(),
            den: alloc::vec![F2::<C>::ZERO; pairs.len()],
            scratch: alloc::vec![F2::<C>::ZERO; pairs.len()],
        }
    }

    /// Inverts the denominators in place (Montgomery's trick).
    fn invert_denominators(&mut self) {
        Field::batch_invert_vartime_with_scratch(&mut self.den, &mut self.scratch);
    }

    /// `Tₖ ← (x₃, y₃)` on the line of slope `λ` through `Tₖ` (tangent or chord) and
    /// `f ← f·ℓ(Pₖ)/yPₖ`: the line `y − λx + (λ·x_T − y_T)` has the unit `y` coefficient.
    #[inline(always)]
    fn step(&mut self, f: &mut Fp12<C::Tower>, k: usize, lambda: &F2<C>, x3: F2<C>) {
        let (x, y) = (self.tx[k], self.ty[k]);
        let c = *lambda * x - y;
        self.ty[k] = c - *lambda * x3;
        self.tx[k] = x3;
        let line = UnitLine {
            x: (-*lambda).mul_by_base(&self.x_over_y[k]),
            c: c.mul_by_base(&self.y_inv[k]),
        };
        mul_by_unit_line(f, &line, C::TWIST);
    }

    /// The doubling step of every pair: `λ = 3x_T²/(2y_T)`, `x₃ = λ² − 2x_T`.
    fn double_all(&mut self, f: &mut Fp12<C::Tower>) {
        for (d, y) in self.den.iter_mut().zip(&self.ty) {
            *d = y.double();
        }
        self.invert_denominators();
        for k in 0..self.tx.len() {
            let x = self.tx[k];
            let xx = x.square();
            let lambda = (xx.double() + xx) * self.den[k];
            let x3 = lambda.square() - x.double();
            self.step(f, k, &lambda, x3);
        }
    }

    /// The addition step of every pair with its `Uₖ` (`Qₖ`, `−Qₖ` or a Frobenius image):
    /// `λ = (y_T − y_U)/(x_T − x_U)`, `x₃ = λ² − x_T − x_U`.
    fn add_all(&mut self, f: &mut Fp12<C::Tower>, u: &[(F2<C>, F2<C>)]) {
        for ((d, tx), (ux, _)) in self.den.iter_mut().zip(&self.tx).zip(u) {
            *d = *tx - *ux;
        }
        self.invert_denominators();
        for (k, (ux, uy)) in u.iter().enumerate() {
            let lambda = (self.ty[k] - *uy) * self.den[k];
            let x3 = lambda.square() - self.tx[k] - *ux;
            self.step(f, k, &lambda, x3);
        }
    }
}

/// The loop itself (see the module documentation) over non-identity pairs.
fn affine_loop<C: PairingConfig>(pairs: &[Pair<C>]) -> Fp12<C::Tower> {
    const { assert!(C::LOOP.max_digit() <= 1) };
    let mut st = State::<C>::new(pairs);
    let q: Vec<(F2<C>, F2<C>)> = pairs.iter().map(|(_, q)| (q.x, q.y)).collect();
    let neg_q: Vec<(F2<C>, F2<C>)> = q.iter().map(|(x, y)| (*x, -*y)).collect();
    let digits = &C::LOOP.digits;
    let top = C::LOOP.len - 1; // the leading digit 1 is T = Q itself
    let mut f = Fp12::<C::Tower>::ONE;
    for i in (0..top).rev() {
        if i != top - 1 {
            f = f.square();
        }
        st.double_all(&mut f);
        match digits[i] {
            0 => {}
            d if d > 0 => st.add_all(&mut f, &q),
            _ => st.add_all(&mut f, &neg_q),
        }
    }
    if C::LOOP_NEGATIVE {
        f = f.conjugate();
    }
    if C::FROBENIUS_LINES {
        // Optimal ate for BN (Vercauteren, eprint 2010/354 Alg. 1): ℓ_{T,π(Q)}, ℓ_{T+π(Q),−π²(Q)}.
        let q1: Vec<_> = pairs.iter().map(|(_, q)| C::psi(q)).collect();
        let coords = |ps: &[Affine<C::G2>]| ps.iter().map(|p| (p.x, p.y)).collect::<Vec<_>>();
        let q2: Vec<_> = q1.iter().map(|p| -C::psi(p)).collect();
        st.add_all(&mut f, &coords(&q1));
        st.add_all(&mut f, &coords(&q2));
    }
    f
}
