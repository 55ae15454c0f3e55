//! The arithmetic behind the constant-time endomorphism ladder ([`super::scalar_mul::mul_ct_split`])
//! and the multiplication by a public 64-bit constant ([`super::Projective::mul_u64_public`], whose
//! "table" is the single point `P` on the isomorphic curve of its own `Z`):
//! a table of multiples sharing one Jacobian `Z`, read as affine points of an isomorphic curve, and
//! a Jacobian accumulator with branch-free "unified" mixed addition.
//!
//! - **Co-Z table.** `[1]P … [16]P` are built with Meloni's co-Z addition (ZADDU, "New point
//!   addition formulae for ECC applications", WAIFI 2007: 4M + 2S per entry, `P` comes out rescaled
//!   to the sum's `Z` for free), starting from a doubling that also returns `P` on the double's `Z`
//!   (Goundar–Joye–Miyaji's DBLU), then rescaled to the last `Z` backwards (4M + 1S per entry), as
//!   libsecp256k1's `ecmult_odd_multiples_table` + "global z". No inversion.
//! - **Isomorphic curve.** Jacobian points `(X, Y, Z_T)` of `y² = x³ + b` are the affine points
//!   `(X, Y)` of `y² = x³ + b·Z_T⁶` (the isomorphism `(x, y) ↦ (Z_T²x, Z_T³y)`). Neither the
//!   doubling nor the mixed addition below read `b`, so the whole ladder runs on that curve with
//!   mixed additions, and the result `(X, Y, Z)` maps back as `(X, Y, Z·Z_T)` (1M).
//! - **Doubling** dbl-2009-l (a = 0): 2M + 5S; the identity (`Z = 0`) doubles to `Z = 0`.
//! - **Unified mixed addition** (8M + 4S): Jacobian madd with `λ = R/(H·Z1)`; when the two points
//!   are equal (`H = R = 0`) `(R, H)` is replaced by the doubling's `(3X1², 2Y1)` with masked selects,
//!   which makes the same formula compute `2P` (the idea of blst's `dadd`); `P = −Q` gives `H = 0`
//!   hence `Z3 = 0`, the identity; an identity on either side is selected around. No branch.
//!
//! The table needs `P` of large order (no `[i]P = [j]P` for `i ≠ j ≤ 16`): true for the prime-order
//! subgroup, which the endomorphism splits assume anyway. The identity gives `Z_T = 0`, hence the
//! identity at the end.

use super::{CoeffA, Projective, SwCurveConfig};
use ctt_bigint::{Choice, ConditionallySelectable, ConstantTimeEq};
use ctt_field::Field;

/// Entries in a Booth-w5 table: `[1]P … [16]P`.
pub const TABLE: usize = 16;

/// `[1]P … [16]P` in Jacobian coordinates with one common `Z`: entry `i` is `(X, Y)` with
/// `x = X/Z²`, `y = Y/Z³` for `[i + 1]P`.
pub struct CoZTable<C: SwCurveConfig> {
    /// `(X, Y)` of each multiple.
    pub xy: [[C::Base; 2]; TABLE],
    /// The common `Z`.
    pub z: C::Base,
}

impl<C: SwCurveConfig> Clone for CoZTable<C> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<C: SwCurveConfig> Copy for CoZTable<C> {}

impl<C: SwCurveConfig> CoZTable<C> {
    /// The table of `p` (a point of the prime-order subgroup, or the identity). 1 DBLU + 14 ZADDU
    /// + 14 rescalings: about 14 × (8M + 3S), constant time.
    pub fn new(p: &Projective<C>) -> Self {
        assert!(
            C::COEFF_A == CoeffA::Zero,
            "co-Z tables use the a = 0 doubling"
        );
        // Homogeneous (X : Y : Z) → Jacobian (XZ, YZ², Z).
        let zz = p.z.square();
        let (x1, y1) = (p.x * p.z, p.y * zz);
        // DBLU: 2P by dbl-2009-l with Z2 = 2·Y1·Z1, and P on that Z: (X1·4Y1², Y1·8Y1³) = (D, 8C).
        let a = x1.square();
        let b = y1.square();
        let c = b.square();
        let c8 = c.double().double().double();
        let d = ((x1 + b).square() - a - c).double();
        let e = a.double() + a;
        let x2 = e.square() - d.double();
        let y2 = e * (d - x2) - c8;
        let z = (y1 * p.z).double();

        let mut xy = [[C::Base::ZERO; 2]; TABLE];
        xy[1] = [x2, y2];
        let mut base = [d, c8]; // P on the current common Z
        let mut ratio = [C::Base::ZERO; TABLE]; // Z_i / Z_{i−1}
        for i in 2..TABLE {
            let [xp, yp] = base;
            let [xq, yq] = xy[i - 1];
            // ZADDU(P, Q): Z' = Z·(Xp − Xq); P + Q and P both on Z'.
            let dx = xp - xq;
            let dy = yp - yq;
            let c = dx.square();
            let w1 = xp * c;
            let w2 = xq * c;
            let a1 = yp * (w1 - w2);
            let x3 = dy.square() - w1 - w2;
            let y3 = dy * (w1 - x3) - a1;
            xy[i] = [x3, y3];
            base = [w1, a1];
            ratio[i] = dx;
        }
        xy[0] = base;
        // Bring [2]P … [15]P to the last Z: multiply by ρ_i² and ρ_i³, ρ_i = Z_15/Z_i =
        // (Z_{i+1}/Z_i)·…·(Z_15/Z_14), accumulated backwards; Z_15 = Z_1·ρ_1.
        let mut rho = ratio[TABLE - 1];
        for i in (1..TABLE - 1).rev() {
            if i < TABLE - 2 {
                rho *= ratio[i + 1];
            }
            let rho2 = rho.square();
            xy[i][0] *= rho2;
            xy[i][1] *= rho2 * rho;
        }
        CoZTable { xy, z: z * rho }
    }

    /// The table of the images under a map of the entries that keeps the common `Z` (an
    /// endomorphism in these coordinates, possibly with a sign or rescaling folded in).
    pub fn map(&self, f: impl Fn(&[C::Base; 2]) -> [C::Base; 2]) -> Self {
        CoZTable {
            xy: self.xy.map(|e| f(&e)),
            z: self.z,
        }
    }

    /// Entry `mag − 1` (zero coordinates when `mag = 0`), scanning the whole table with masks.
    #[inline(always)]
    pub(crate) fn lookup(&self, mag: u64) -> [C::Base; 2] {
        let mut out = [C::Base::ZERO; 2];
        for (i, e) in self.xy.iter().enumerate() {
            let hit = (i as u64 + 1).ct_eq(&mag);
            out[0].conditional_assign(&e[0], hit);
            out[1].conditional_assign(&e[1], hit);
        }
        out
    }
}

/// A Jacobian point of the isomorphic curve (see the module banner); `Z = 0` is the identity.
#[derive(Clone, Copy)]
pub(crate) struct Jac<C: SwCurveConfig> {
    x: C::Base,
    y: C::Base,
    z: C::Base,
}

impl<C: SwCurveConfig> ConditionallySelectable for Jac<C> {
    fn conditional_select(a: &Self, b: &Self, c: Choice) -> Self {
        Jac {
            x: C::Base::conditional_select(&a.x, &b.x, c),
            y: C::Base::conditional_select(&a.y, &b.y, c),
            z: C::Base::conditional_select(&a.z, &b.z, c),
        }
    }
}

impl<C: SwCurveConfig> Jac<C> {
    /// The table entry `(x, y)` as a Jacobian point (`Z = 1`), or the identity when `inf`.
    pub(crate) fn from_entry(xy: &[C::Base; 2], inf: Choice) -> Self {
        Jac {
            x: xy[0],
            y: xy[1],
            z: C::Base::conditional_select(&C::Base::ONE, &C::Base::ZERO, inf),
        }
    }

    /// dbl-2009-l (a = 0): 2M + 5S. Squaring `2B` instead of `B` gives `4C` and
    /// `D = (X + 2B)² − A − 4C = 4XB` directly, two field additions fewer than the EFD's
    /// `C = B²`, `D = 2((X + B)² − A − C)`, `8C`.
    #[inline(always)]
    pub(crate) fn double(&self) -> Self {
        // Doublings as `t + t`: `Fp2::double` is left out of line by LLVM, and forcing it inline
        // everywhere measured slower in the scalar-multiplication ladder.
        let a = self.x.square();
        let b = self.y.square();
        let b2 = b + b;
        let c4 = b2.square();
        let d = (self.x + b2).square() - a - c4;
        let e = a + a + a;
        let x3 = e.square() - (d + d);
        let y3 = e * (d - x3) - (c4 + c4);
        let yz = self.y * self.z;
        let z3 = yz + yz;
        Jac {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    /// `self + (x2, y2)` (the identity when `inf2`) for every pair of inputs: 8M + 4S.
    ///
    /// With `U2 = x2·Z1²`, `S2 = y2·Z1³`, `H = U2 − X1`, `R = S2 − Y1` (the chord `λ = R/(H·Z1)`):
    /// `X3 = R² − (X1 + U2)·H²`, `Y3 = R(X1·H² − X3) − Y1·H³`, `Z3 = Z1·H`. The tangent at equal
    /// points is `λ = 3X1²/(2Y1·Z1)`, i.e. the same formula with `(R, H) = (3X1², 2Y1)`, and
    /// `(X1 + U2)·H²` is `2X1·H² + H³` when adding (`U2 = X1 + H`) but `2X1·H²` when doubling
    /// (`U2 = X1`): the `H³` term is masked out. (madd-2007-bl's 7M + 5S, which trades `Z1·H` for
    /// a squaring, measured no faster on either group: it needs five more additions.)
    #[inline(always)]
    pub(crate) fn add_affine_unified(&self, xy: &[C::Base; 2], inf2: Choice) -> Self {
        let [x2, y2] = *xy;
        let z1z1 = self.z.square();
        let u2 = x2 * z1z1;
        let s2 = y2 * (self.z * z1z1);
        let h = u2 - self.x;
        let r = s2 - self.y;
        let dbl = h.is_zero() & r.is_zero();
        let xx = self.x.square();
        let r = C::Base::conditional_select(&r, &(xx.double() + xx), dbl);
        let h2 = C::Base::conditional_select(&h, &self.y.double(), dbl);
        let hh = h2.square();
        let hhh = h2 * hh;
        let v = self.x * hh;
        let x3 = r.square() - v.double() - C::Base::conditional_select(&hhh, &C::Base::ZERO, dbl);
        let y3 = r * (v - x3) - self.y * hhh;
        let z3 = self.z * h2;
        let sum = Jac {
            x: x3,
            y: y3,
            z: z3,
        };
        let entry = Jac {
            x: x2,
            y: y2,
            z: C::Base::ONE,
        };
        let sum = Self::conditional_select(&sum, &entry, self.z.is_zero());
        Self::conditional_select(&sum, self, inf2)
    }

    /// Back to the curve: `(X, Y, Z·Z_T)` in Jacobian, then homogeneous `(X·Z', Y, Z'³)`.
    pub(crate) fn to_projective(self, table_z: &C::Base) -> Projective<C> {
        let z = self.z * *table_z;
        let p = Projective::new_unchecked(self.x * z, self.y, z.square() * z);
        Projective::conditional_select(&p, &Projective::IDENTITY, z.is_zero())
    }
}
