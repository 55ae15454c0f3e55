//! The isogeny map E′ → E (RFC 9380 §6.6.3, Appendix E.2 (11-isogeny, G1) and E.3 (3-isogeny,
//! G2)), evaluated on homogeneous coordinates without inversion.
//!
//! The map is `x = x_num(x′)/x_den(x′)`, `y = y′·y_num(x′)/y_den(x′)`. With `x′ = X/Z`, each
//! polynomial of degree d becomes the homogeneous form `P(X, Z) = Σ cᵢ·Xⁱ·Z^(d−i) = Z^d·P(X/Z)`,
//! evaluated by Horner's rule against a table of powers of Z (Wahby–Boneh, eprint 2019/403, §4.3; [C] `h2c_isogeny_maps`).
//! Then, with `XN, XD, YN, YD` the four forms of degrees `nx, dx, ny, dy`:
//! `x = XN/(XD·Z^(nx−dx))` and `y = Y·YN/(Z·YD·Z^(ny−dy))`, and one common denominator gives the
//! projective output with 3–4 more multiplications.
//! Cost: G1 (degrees 11, 10, 15, 15) ≈ 15 + 2·(11 + 10 + 15 + 15) ≈ 117M; G2 ≈ 3 + 2·11 = 25 Fp2 M.
//!
//! Exceptional cases (§6.6.3): the identity of E′ and the kernel points make a denominator vanish,
//! and must map to the identity of E; the output Z is then zero, and the identity is selected.

use super::H2cConfig;
use super::sswu::IsoPoint;
use crate::sw::Projective;
use ctt_bigint::ConditionallySelectable;
use ctt_field::Field;

/// Highest degree among the isogeny polynomials of the supported suites (G1's y maps).
const MAX_DEGREE: usize = 15;

/// `iso_map(P)` for `P` on E′, a point of E.
pub(super) fn iso_map<C: H2cConfig>(p: &IsoPoint<C>) -> Projective<C> {
    let (nx, dx) = (C::X_NUM.len() - 1, C::X_DEN.len() - 1);
    let (ny, dy) = (C::Y_NUM.len() - 1, C::Y_DEN.len() - 1);
    let max = nx.max(dx).max(ny).max(dy);
    debug_assert!(max <= MAX_DEGREE && nx >= dx && ny >= dy);

    // Z^0 … Z^max (public loop bound).
    let mut zpow = [C::Base::ONE; MAX_DEGREE + 1];
    for k in 1..=max {
        zpow[k] = zpow[k - 1] * p.z;
    }

    let xn = horner(C::X_NUM, &p.x, &zpow);
    let xd = horner(C::X_DEN, &p.x, &zpow) * zpow[nx - dx];
    let yn = horner(C::Y_NUM, &p.x, &zpow);
    let yd = horner(C::Y_DEN, &p.x, &zpow) * zpow[ny - dy] * p.z;

    // x = xn/xd, y = (Y·yn)/yd  →  (xn·yd : Y·yn·xd : xd·yd).
    let out = Projective::new_unchecked(xn * yd, p.y * yn * xd, xd * yd);
    Projective::conditional_select(&out, &Projective::IDENTITY, out.z.is_zero())
}

/// `Σ cᵢ·Xⁱ·Z^(d−i)` for `d = coeffs.len() − 1`, by Horner's rule: `acc ← acc·X + cᵢ·Z^(d−i)`.
/// 2M per coefficient after the first.
fn horner<F: Field>(coeffs: &[F], x: &F, zpow: &[F]) -> F {
    let d = coeffs.len() - 1;
    let mut acc = coeffs[d];
    for i in (0..d).rev() {
        acc = acc * x + coeffs[i] * zpow[d - i];
    }
    acc
}
