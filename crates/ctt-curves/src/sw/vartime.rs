//! Variable-time arithmetic for public data (signature verification, public-key recovery):
//! Jacobian points with branching special cases, width-w NAF recoding, tables of odd multiples
//! (built at run time with one inversion, or at compile time by `const fn` for fixed generators),
//! and the interleaved multi-scalar ladder of Straus ("Shamir's trick"; Möller's interleaving of
//! wNAF windows, SAC 2001): one doubling chain shared by all terms, one mixed addition per
//! non-zero digit.
//!
//! Formulas (Jacobian `(X, Y, Z)`, `x = X/Z²`, `y = Y/Z³`, `Z = 0` the identity; Bernstein–Lange's
//! Explicit-Formulas Database): doubling dbl-2009-l for `a = 0` (2M + 5S) and dbl-2001-b for
//! `a = −3` (3M + 5S); mixed addition madd-2004-hmv (8M + 3S); general addition add-1998-cmo-2
//! (12M + 4S). Every function here branches on the points and digits: never call them on secrets.

use super::{Affine, CoeffA, Projective, SwCurveConfig};
use crate::traits::AffineRepr;
use ctt_bigint::BigInt;
use ctt_field::Field;
use ctt_field::fp::{Fp, FpParams};

/// A Jacobian point for variable-time code.
pub struct JacobianVar<C: SwCurveConfig> {
    /// X.
    pub x: C::Base,
    /// Y.
    pub y: C::Base,
    /// Z (zero for the identity).
    pub z: C::Base,
}

impl<C: SwCurveConfig> Clone for JacobianVar<C> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<C: SwCurveConfig> Copy for JacobianVar<C> {}

impl<C: SwCurveConfig> core::fmt::Debug for JacobianVar<C> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{:?}", self.to_projective())
    }
}

impl<C: SwCurveConfig> JacobianVar<C> {
    /// The identity `(1, 1, 0)`.
    pub const IDENTITY: Self = JacobianVar {
        x: C::Base::ONE,
        y: C::Base::ONE,
        z: C::Base::ZERO,
    };

    /// Whether this is the identity.
    #[inline]
    pub fn is_identity_vartime(&self) -> bool {
        self.z.is_zero_vartime()
    }

    /// From an affine point (the identity maps to the identity).
    pub fn from_affine(p: &Affine<C>) -> Self {
        if p.is_identity().to_bool_vartime() {
            return Self::IDENTITY;
        }
        JacobianVar {
            x: p.x,
            y: p.y,
            z: C::Base::ONE,
        }
    }

    /// From homogeneous projective `(X : Y : Z)`: `(X·Z, Y·Z², Z)`.
    pub fn from_projective(p: &Projective<C>) -> Self {
        if p.z.is_zero_vartime() {
            return Self::IDENTITY;
        }
        let zz = p.z.square();
        JacobianVar {
            x: p.x * p.z,
            y: p.y * zz,
            z: p.z,
        }
    }

    /// Homogeneous projective `(X·Z, Y, Z³)`.
    pub fn to_projective(&self) -> Projective<C> {
        if self.is_identity_vartime() {
            return Projective::IDENTITY;
        }
        Projective::new_unchecked(self.x * self.z, self.y, self.z.square() * self.z)
    }

    /// The affine point (one variable-time inversion).
    pub fn to_affine_vartime(&self) -> Affine<C> {
        match self.z.invert_vartime() {
            None => Affine::IDENTITY,
            Some(zi) => {
                let zi2 = zi.square();
                Affine::new_unchecked(self.x * zi2, self.y * zi2 * zi)
            }
        }
    }

    /// `−self`.
    #[inline]
    pub fn neg(&self) -> Self {
        JacobianVar {
            x: self.x,
            y: -self.y,
            z: self.z,
        }
    }

    /// `2·self`.
    #[inline]
    pub fn double(&self) -> Self {
        if self.is_identity_vartime() {
            return *self;
        }
        match C::COEFF_A {
            CoeffA::Zero => {
                // libsecp256k1's `gej_double`: with L = (3/2)·X², S = Y², T = X·S,
                // X3 = L² − 2T, Y3 = L·(T − X3) − S², Z3 = Y·Z — the double of dbl-2009-l
                // scaled by 1/2 (so Z3 = Y·Z, not 2·Y·Z): 3M + 4S and 7 additions where
                // dbl-2009-l takes 2M + 5S and 13, and an addition costs half a product here.
                let s = self.y.square();
                let xx = self.x.square();
                let l = (xx.double() + xx).half();
                let t = self.x * s;
                let x3 = l.square() - t.double();
                let y3 = l * (t - x3) - s.square();
                let z3 = self.y * self.z;
                JacobianVar {
                    x: x3,
                    y: y3,
                    z: z3,
                }
            }
            CoeffA::MinusThree => {
                // The same halved doubling with L = (3/2)(X − Z²)(X + Z²), half of
                // M = 3X² + a·Z⁴ for a = −3 (dbl-2001-b's α): 4M + 4S and 8 additions where
                // dbl-2001-b takes 3M + 5S and 15; a product costs ~1.2 squares here.
                let zz = self.z.square();
                let m = (self.x - zz) * (self.x + zz);
                let l = (m.double() + m).half();
                let s = self.y.square();
                let t = self.x * s;
                let x3 = l.square() - t.double();
                let y3 = l * (t - x3) - s.square();
                let z3 = self.y * self.z;
                JacobianVar {
                    x: x3,
                    y: y3,
                    z: z3,
                }
            }
        }
    }

    /// `self + (x2, y2)` for a finite affine point (madd-2004-hmv; doubling and `P = −Q` handled
    /// by branches).
    #[inline]
    pub fn add_affine(&self, x2: &C::Base, y2: &C::Base) -> Self {
        if self.is_identity_vartime() {
            return JacobianVar {
                x: *x2,
                y: *y2,
                z: C::Base::ONE,
            };
        }
        let z1z1 = self.z.square();
        let u2 = *x2 * z1z1;
        let s2 = *y2 * self.z * z1z1;
        let h = u2 - self.x;
        let r = s2 - self.y;
        if h.is_zero_vartime() {
            return if r.is_zero_vartime() {
                self.double()
            } else {
                Self::IDENTITY
            };
        }
        let hh = h.square();
        let hhh = h * hh;
        let v = self.x * hh;
        let x3 = r.square() - hhh - v.double();
        let y3 = r * (v - x3) - self.y * hhh;
        let z3 = self.z * h;
        JacobianVar {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    /// `self + rhs` (add-1998-cmo-2; special cases by branches).
    pub fn add(&self, rhs: &Self) -> Self {
        if self.is_identity_vartime() {
            return *rhs;
        }
        if rhs.is_identity_vartime() {
            return *self;
        }
        let z1z1 = self.z.square();
        let z2z2 = rhs.z.square();
        let u1 = self.x * z2z2;
        let u2 = rhs.x * z1z1;
        let s1 = self.y * rhs.z * z2z2;
        let s2 = rhs.y * self.z * z1z1;
        let h = u2 - u1;
        let r = s2 - s1;
        if h.is_zero_vartime() {
            return if r.is_zero_vartime() {
                self.double()
            } else {
                Self::IDENTITY
            };
        }
        let hh = h.square();
        let hhh = h * hh;
        let v = u1 * hh;
        let x3 = r.square() - hhh - v.double();
        let y3 = r * (v - x3) - s1 * hhh;
        let z3 = self.z * rhs.z * h;
        JacobianVar {
            x: x3,
            y: y3,
            z: z3,
        }
    }
}

/// The odd multiples `[1]P, [3]P, …, [2T − 1]P` of a finite point `p` as affine `(x, y)`, with one
/// variable-time inversion. `None` for the identity, or when a multiple is exceptional (`p` of
/// order at most `2T`, impossible in a prime-order group of size above `2T`).
///
/// Co-Z construction (Meloni's ZADDU, as [`super::coz::CoZTable`] but stepping by `2P` and in
/// variable time): `2P` by a doubling that also returns `P` on the double's `Z` (DBLU), then
/// `P + k·2P` by ZADDU (4M + 2S each, `2P` rescaled to the sum's `Z` for free), the entries brought
/// to the last `Z` backwards, and one inversion of that common `Z` (2M per entry). A point with
/// `Z ≠ 1` is made affine first (one more inversion).
pub fn odd_multiples_vartime<C: SwCurveConfig, const T: usize>(
    p: &JacobianVar<C>,
) -> Option<[[C::Base; 2]; T]> {
    let (mut xy, z) = odd_multiples_common_z_vartime::<C, T>(p)?;
    let zi = z.invert_vartime()?;
    let zi2 = zi.square();
    let zi3 = zi2 * zi;
    for e in xy.iter_mut() {
        e[0] *= zi2;
        e[1] *= zi3;
    }
    Some(xy)
}

/// Odd multiples `(X_k, Y_k)` on one Jacobian `Z`, and that `Z`.
pub type CommonZTable<C, const T: usize> = (
    [[<C as SwCurveConfig>::Base; 2]; T],
    <C as SwCurveConfig>::Base,
);

/// [`odd_multiples_vartime`] without its inversion: the entries `(X_k, Y_k)` share one Jacobian
/// `Z`, returned with them. For `a = 0` they are the affine points of the isomorphic curve
/// `y² = x³ + b·Z⁶` (the image of `(x, y) ↦ (x·Z², y·Z³)`), whose addition and doubling formulas
/// are those of the curve itself: [`straus_vartime`] runs on it with the generator's tables scaled
/// by `(Z², Z³)` as read, and the result comes back with one product, `Z_result·Z`
/// (libsecp256k1's "effective affine" odd-multiples table). `None` as for `odd_multiples_vartime`.
pub fn odd_multiples_common_z_vartime<C: SwCurveConfig, const T: usize>(
    p: &JacobianVar<C>,
) -> Option<CommonZTable<C, T>> {
    if p.is_identity_vartime() {
        return None;
    }
    let (x1, y1) = if p.z == C::Base::ONE {
        (p.x, p.y)
    } else {
        let zi = p.z.invert_vartime()?;
        let zi2 = zi.square();
        (p.x * zi2, p.y * zi2 * zi)
    };
    // DBLU at Z = 1: λ-numerator e = 3x² + a.
    let a = x1.square();
    let b = y1.square();
    let c = b.square();
    let d = ((x1 + b).square() - a - c).double(); // 4·x·y²
    let e = a.double() + a + C::mul_by_a(&C::Base::ONE);
    let x2 = e.square() - d.double();
    let c8 = c.double().double().double();
    let y2 = e * (d - x2) - c8;
    let z = y1.double(); // Z of 2P
    // Entries on their own Z's: xy[0] = P on Z, then P + k·2P.
    let mut xy = [[C::Base::ZERO; 2]; T];
    let mut ratio = [C::Base::ONE; T]; // ratio[k] = Z_k / Z_{k−1}
    xy[0] = [d, c8];
    let mut base = [x2, y2]; // 2P on the current Z
    for k in 1..T {
        let [xp, yp] = base;
        let [xq, yq] = xy[k - 1];
        let dx = xp - xq;
        if dx.is_zero_vartime() {
            return None;
        }
        let dy = yp - yq;
        let cc = dx.square();
        let w1 = xp * cc;
        let w2 = xq * cc;
        let a1 = yp * (w1 - w2);
        let x3 = dy.square() - w1 - w2;
        let y3 = dy * (w1 - x3) - a1;
        xy[k] = [x3, y3];
        base = [w1, a1];
        ratio[k] = dx;
    }
    // Bring entry k to the last Z: multiply by ρ², ρ³ with ρ = Z_{T−1}/Z_k.
    let mut rho = C::Base::ONE;
    for k in (0..T - 1).rev() {
        rho *= ratio[k + 1];
        let rho2 = rho.square();
        xy[k][0] *= rho2;
        xy[k][1] *= rho2 * rho;
    }
    // Z_{T−1} = Z·ρ_total, ρ_total = Z_{T−1}/Z_0.
    let z_last = if T > 1 { z * rho } else { z };
    if z_last.is_zero_vartime() {
        return None;
    }
    Some((xy, z_last))
}

/// Affine `(x, y)` of finite Jacobian points with one inversion; `None` if one is the identity.
pub fn normalize_vartime<C: SwCurveConfig, const T: usize>(
    jac: &[JacobianVar<C>; T],
) -> Option<[[C::Base; 2]; T]> {
    let mut prefix = [C::Base::ONE; T];
    let mut acc = C::Base::ONE;
    for (pre, j) in prefix.iter_mut().zip(jac) {
        if j.is_identity_vartime() {
            return None;
        }
        *pre = acc;
        acc *= j.z;
    }
    let mut inv = acc.invert_vartime()?;
    let mut out = [[C::Base::ZERO; 2]; T];
    for i in (0..T).rev() {
        let zi = inv * prefix[i];
        inv *= jac[i].z;
        let zi2 = zi.square();
        out[i] = [jac[i].x * zi2, jac[i].y * zi2 * zi];
    }
    Some(out)
}

/// Width-`w` NAF of a public integer (`2 ≤ w ≤ 15`, little-endian words): odd digits in
/// `[−(2^(w−1) − 1), 2^(w−1) − 1]`, at most one non-zero digit in any `w` consecutive ones. Writes
/// `out[0..len]` (least significant first) and returns `len` (at most `64·words + 1`).
pub fn wnaf_vartime<const L: usize>(k: &BigInt<L>, w: u32, out: &mut [i16]) -> usize {
    assert!((2..=15).contains(&w), "wNAF width out of range");
    let mut k = *k;
    let mut top = 0u64; // bits 64·L and up of the running value (after adding back a negative digit)
    let full = 1i64 << w;
    let half = 1i64 << (w - 1);
    let mut i = 0;
    while !k.is_zero_vartime() || top != 0 {
        let low = k.0[0];
        if low & 1 == 0 {
            // A run of zero digits, skipped in one shift (up to 63 bits): the value is non-zero,
            // so a set bit follows the run and every skipped digit belongs to the NAF.
            let run = if low == 0 { 63 } else { low.trailing_zeros() };
            out[i..i + run as usize].fill(0);
            (k, top) = shr_bits(&k, top, run);
            i += run as usize;
            continue;
        }
        let m = (low & (full as u64 - 1)) as i64;
        let d = if m >= half { m - full } else { m };
        out[i] = d as i16;
        if d > 0 {
            k = k.wrapping_sub(&BigInt::from_u64(d as u64));
        } else {
            let (s, c) = k.add_with_carry(&BigInt::from_u64((-d) as u64));
            k = s;
            top += c;
        }
        k = k.shr1_with(top & 1);
        top >>= 1;
        i += 1;
    }
    i
}

/// `(k + 2^(64·L)·top) >> s` for `1 ≤ s ≤ 63`, as the new `(k, top)`.
fn shr_bits<const L: usize>(k: &BigInt<L>, top: u64, s: u32) -> (BigInt<L>, u64) {
    let mut r = [0u64; L];
    for j in 0..L {
        let next = if j + 1 < L { k.0[j + 1] } else { top };
        r[j] = (k.0[j] >> s) | (next << (64 - s));
    }
    (BigInt(r), top >> s)
}

/// One term of [`straus_vartime`]: wNAF digits (least significant first) and the affine odd
/// multiples `[1]P, [3]P, …` they index (`|d|` reads entry `(|d| − 1)/2`; the table must cover
/// the largest digit).
pub struct StrausTerm<'a, C: SwCurveConfig> {
    /// The digits.
    pub digits: &'a [i16],
    /// The odd multiples.
    pub table: &'a [[C::Base; 2]],
    /// `Some([Z², Z³])` when the ladder runs on the isomorphic curve of an effective-affine table
    /// ([`odd_multiples_common_z_vartime`]) and this term's entries are on the curve itself: each
    /// entry read is mapped by `(x, y) ↦ (x·Z², y·Z³)` (2M). `None`: entries used as they are.
    pub scale: Option<[C::Base; 2]>,
}

/// `Σ d_i·P_i` over the terms, by one doubling chain and one mixed addition per non-zero digit.
pub fn straus_vartime<C: SwCurveConfig>(terms: &[StrausTerm<'_, C>]) -> JacobianVar<C> {
    let len = terms.iter().map(|t| t.digits.len()).max().unwrap_or(0);
    let mut acc = JacobianVar::<C>::IDENTITY;
    for i in (0..len).rev() {
        acc = acc.double();
        for t in terms {
            if let Some(&d) = t.digits.get(i) {
                if d == 0 {
                    continue;
                }
                let [mut x, mut y] = t.table[(d.unsigned_abs() as usize) >> 1];
                if let Some([z2, z3]) = &t.scale {
                    x *= z2;
                    y *= z3;
                }
                if d < 0 {
                    y = -y;
                }
                acc = acc.add_affine(&x, &y);
            }
        }
    }
    acc
}

/// wNAF width of [`mul_split_vartime`]: 8 odd multiples per term, the best width for the
/// 128- and 256-bit scalars here (one addition per 6 doublings on average).
const SPLIT_WINDOW: u32 = 5;
const SPLIT_ENTRIES: usize = 1 << (SPLIT_WINDOW - 2);

/// `Σ ±[k_i]·endo_i(P)` for public `P` and sub-scalars `k_i` (magnitudes as five little-endian
/// words, `negate[i]` their signs): the variable-time multiplication behind
/// [`SwCurveConfig::mul_vartime`], with `M = 1` (`endo_0` the identity) or `M = 2` for a GLV
/// split (`endo_1` maps an entry of `P`'s table to the same multiple of `φ(P)`).
///
/// One table of the odd multiples `[1]P … [15]P` (co-Z, no inversion, for `a = 0`: the ladder
/// runs on the isomorphic curve and the result's Z is multiplied by the table's Z; with one
/// inversion for `a = −3`), width-5 wNAF digits per sub-scalar, one shared chain of Jacobian
/// doublings (3M + 4S for `a = 0`) and one mixed addition per non-zero digit (madd, 8M + 3S) —
/// where the complete projective formulas take 6M + 2S and 12M per step. `endo_i` must commute
/// with the scaling `(x, y) ↦ (x·Z², y·Z³)` (as `(x, y) ↦ (βx, ±y)` does).
///
/// `None` when `P` is the identity or one of its odd multiples is exceptional (an order at most
/// 16): the caller falls back to the complete formulas.
pub fn mul_split_vartime<C: SwCurveConfig, const M: usize>(
    p: &JacobianVar<C>,
    halves: &[[u64; 5]; M],
    negate: [bool; M],
    endo: impl Fn(usize, &[C::Base; 2]) -> [C::Base; 2],
) -> Option<JacobianVar<C>> {
    let (table, z) = if C::COEFF_A == CoeffA::Zero {
        let (t, z) = odd_multiples_common_z_vartime::<C, SPLIT_ENTRIES>(p)?;
        (t, Some(z))
    } else {
        (odd_multiples_vartime::<C, SPLIT_ENTRIES>(p)?, None)
    };
    let mut tables = [table; M];
    for (i, t) in tables.iter_mut().enumerate().skip(1) {
        for e in t.iter_mut() {
            *e = endo(i, e);
        }
    }
    let mut digits = [[0i16; 5 * 64 + 1]; M];
    let mut lens = [0usize; M];
    for i in 0..M {
        lens[i] = wnaf_vartime(&BigInt(halves[i]), SPLIT_WINDOW, &mut digits[i]);
        if negate[i] {
            for d in digits[i][..lens[i]].iter_mut() {
                *d = -*d;
            }
        }
    }
    let terms: [StrausTerm<'_, C>; M] = core::array::from_fn(|i| StrausTerm {
        digits: &digits[i][..lens[i]],
        table: &tables[i],
        scale: None,
    });
    let acc = straus_vartime(&terms);
    Some(match z {
        Some(z) => JacobianVar {
            x: acc.x,
            y: acc.y,
            z: acc.z * z,
        },
        None => acc,
    })
}

/// The odd multiples `[1]G, [3]G, …, [2T − 1]G` of a fixed point `(gx, gy)` of a curve with
/// `a ∈ {0, −3}` over a 4-limb prime field, at compile time (`const` tables of generators):
/// `2G` in affine by one inversion, the chain `G + k·2G` in Jacobian coordinates (mixed
/// additions), then one batch inversion. The points must have order above `2T` (then no addition
/// in the chain is exceptional).
pub const fn odd_multiples_const<P: FpParams<4>, const T: usize>(
    gx: Fp<P, 4>,
    gy: Fp<P, 4>,
    a_is_minus_3: bool,
) -> [[Fp<P, 4>; 2]; T] {
    let one = Fp::<P, 4>::from_bigint_const(BigInt::ONE);
    let zero = Fp::<P, 4>::from_bigint_const(BigInt::ZERO);
    // 2G: λ = (3x² + a)/(2y).
    let x2 = gx.mul_const(&gx);
    let mut num = x2.add_const(&x2).add_const(&x2);
    if a_is_minus_3 {
        let three = one.add_const(&one).add_const(&one);
        num = num.sub_const(&three);
    }
    let lambda = num.mul_const(&gy.add_const(&gy).invert_const());
    let dx = lambda.mul_const(&lambda).sub_const(&gx).sub_const(&gx);
    let dy = lambda.mul_const(&gx.sub_const(&dx)).sub_const(&gy);
    // Jacobian chain.
    let mut jx = [zero; T];
    let mut jy = [zero; T];
    let mut jz = [zero; T];
    jx[0] = gx;
    jy[0] = gy;
    jz[0] = one;
    let mut i = 1;
    while i < T {
        let (x1, y1, z1) = (jx[i - 1], jy[i - 1], jz[i - 1]);
        let z1z1 = z1.mul_const(&z1);
        let u2 = dx.mul_const(&z1z1);
        let s2 = dy.mul_const(&z1).mul_const(&z1z1);
        let h = u2.sub_const(&x1);
        let r = s2.sub_const(&y1);
        let hh = h.mul_const(&h);
        let hhh = h.mul_const(&hh);
        let v = x1.mul_const(&hh);
        let x3 = r.mul_const(&r).sub_const(&hhh).sub_const(&v).sub_const(&v);
        let y3 = r
            .mul_const(&v.sub_const(&x3))
            .sub_const(&y1.mul_const(&hhh));
        jx[i] = x3;
        jy[i] = y3;
        jz[i] = z1.mul_const(&h);
        i += 1;
    }
    // Batch inversion.
    let mut prefix = [one; T];
    let mut acc = one;
    let mut i = 0;
    while i < T {
        prefix[i] = acc;
        acc = acc.mul_const(&jz[i]);
        i += 1;
    }
    let mut inv = acc.invert_const();
    let mut out = [[zero; 2]; T];
    let mut i = T;
    while i > 0 {
        i -= 1;
        let zi = inv.mul_const(&prefix[i]);
        inv = inv.mul_const(&jz[i]);
        let zi2 = zi.mul_const(&zi);
        out[i] = [jx[i].mul_const(&zi2), jy[i].mul_const(&zi2).mul_const(&zi)];
    }
    out
}

impl<C: SwCurveConfig> Affine<C> {
    /// `self + other` in affine coordinates with one variable-time inversion (public data: the
    /// EVM's addition precompiles): `λ = (y₂ − y₁)/(x₂ − x₁)`, or the tangent `(3x² + a)/2y`
    /// for equal points; opposite points and identities handled exactly.
    pub fn add_vartime(&self, other: &Self) -> Self {
        if self.infinity.to_bool_vartime() {
            return *other;
        }
        if other.infinity.to_bool_vartime() {
            return *self;
        }
        let dx = other.x - self.x;
        let lambda = if !bool::from(dx.is_zero()) {
            (other.y - self.y) * dx.invert_vartime().expect("dx is non-zero")
        } else if self.y == other.y && !bool::from(self.y.is_zero()) {
            let xx = self.x.square();
            // 3x² + a (a·1 through the config: zero, or −3).
            let num = xx.double() + xx + C::mul_by_a(&C::Base::ONE);
            num * self.y.double().invert_vartime().expect("2y is non-zero")
        } else {
            return Affine::IDENTITY;
        };
        let x3 = lambda.square() - self.x - other.x;
        let y3 = lambda * (self.x - x3) - self.y;
        Affine::new_unchecked(x3, y3)
    }
}

impl<C: SwCurveConfig> Projective<C> {
    /// The affine point with one variable-time inversion (public data).
    pub fn to_affine_vartime(&self) -> Affine<C> {
        match self.z.invert_vartime() {
            None => Affine::IDENTITY,
            Some(zi) => Affine::new_unchecked(self.x * zi, self.y * zi),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The textbook digit-by-digit recoding (one bit per step), the reference for the
    /// run-skipping one.
    fn wnaf_reference<const L: usize>(k: &BigInt<L>, w: u32, out: &mut [i16]) -> usize {
        let mut k = *k;
        let mut top = 0u64;
        let (full, half) = (1i64 << w, 1i64 << (w - 1));
        let mut i = 0;
        while !k.is_zero_vartime() || top != 0 {
            out[i] = 0;
            if k.0[0] & 1 == 1 {
                let m = (k.0[0] & (full as u64 - 1)) as i64;
                let d = if m >= half { m - full } else { m };
                out[i] = d as i16;
                if d > 0 {
                    k = k.wrapping_sub(&BigInt::from_u64(d as u64));
                } else {
                    let (s, c) = k.add_with_carry(&BigInt::from_u64((-d) as u64));
                    k = s;
                    top += c;
                }
            }
            k = k.shr1_with(top & 1);
            top >>= 1;
            i += 1;
        }
        i
    }

    #[test]
    fn wnaf_matches_reference() {
        let mut x = 0x0fed_cba9_8765_4321u64;
        let check = |words: [u64; 4]| {
            for w in 2..=15u32 {
                let (mut a, mut b) = ([7i16; 260], [7i16; 260]);
                let la = wnaf_vartime(&BigInt(words), w, &mut a);
                let lb = wnaf_reference(&BigInt(words), w, &mut b);
                assert_eq!(a[..la], b[..lb], "{words:x?} w={w}");
            }
        };
        for words in [
            [0; 4],
            [1, 0, 0, 0],
            [0, 0, 0, 1 << 63],
            [u64::MAX; 4],
            [0, 0, 1, 0], // a run of more than 64 zeros
            [1 << 63, 0, 0, 1],
        ] {
            check(words);
        }
        for _ in 0..300 {
            let mut words = [0u64; 4];
            for v in words.iter_mut() {
                x = x.wrapping_mul(0x9e37_79b9_7f4a_7c15).wrapping_add(7);
                // sparse and dense words alike
                *v = match x >> 62 {
                    0 => 0,
                    1 => x & (x >> 17) & (x >> 33),
                    _ => x ^ (x >> 31),
                };
            }
            check(words);
        }
    }

    #[test]
    fn wnaf_reconstructs() {
        let mut x = 0x0123_4567_89ab_cdefu64;
        for w in 2..=15u32 {
            for _ in 0..40 {
                let mut words = [0u64; 4];
                for v in words.iter_mut() {
                    x = x.wrapping_mul(0x9e37_79b9_7f4a_7c15).wrapping_add(1);
                    *v = x ^ (x >> 29);
                }
                if x & 1 == 0 {
                    words = [u64::MAX; 4]; // the carry past the top word
                }
                let mut naf = [0i16; 260];
                let len = wnaf_vartime(&BigInt(words), w, &mut naf);
                // Σ d_i 2^i in 5 words (two's complement accumulation).
                let mut acc = BigInt::<5>::ZERO;
                for &d in naf[..len].iter().rev() {
                    acc = acc.wrapping_add(&acc);
                    if d >= 0 {
                        acc = acc.wrapping_add(&BigInt::from_u64(d as u64));
                    } else {
                        acc = acc.wrapping_sub(&BigInt::from_u64((-d) as u64));
                    }
                }
                assert_eq!(acc, BigInt([words[0], words[1], words[2], words[3], 0]));
                let bound = 1i32 << (w - 1);
                for (j, &d) in naf[..len].iter().enumerate() {
                    if d != 0 {
                        assert!(d % 2 != 0 && (d as i32).abs() < bound);
                        let next = &naf[j + 1..len.min(j + w as usize)];
                        assert!(next.iter().all(|&e| e == 0), "w={w}: NAF spacing");
                    }
                }
            }
        }
    }
}
