//! Hashing to BLS12-381 G1 and G2: RFC 9380, suites `BLS12381G1_XMD:SHA-256_SSWU_{RO,NU}_` and
//! `BLS12381G2_XMD:SHA-256_SSWU_{RO,NU}_` (§8.8), and the EIP-2537 field-to-curve maps.
//!
//! Pipeline (RFC 9380 §3):
//! 1. `hash_to_field` (§5.2): `expand_message_xmd` with SHA-256 (§5.3.1), `L = 64` bytes per Fp
//!    coordinate, reduced mod p; `m = 1` (G1) or 2 (G2) coordinates per element.
//! 2. `map_to_curve`: simplified SWU (§6.6.2, straight-line Appendix F.2) onto the isogenous curve
//!    E′ (`A′B′ ≠ 0`), with the constant-time `sqrt_ratio` of Appendix F.2.1.2 (G1, q ≡ 3 mod 4) or
//!    F.2.1.1 (G2, q = p² ≡ 9 mod 16) — `sswu`, `sqrt_ratio`;
//! 3. the isogeny E′ → E (Appendix E.2: degree 11 for G1, E.3: degree 3 for G2), evaluated with
//!    Horner's rule on homogeneous coordinates, no inversion — `isogeny`;
//! 4. `clear_cofactor` (§7; G1 `h_eff = 1 − z`, G2 Budroni–Pintore, Appendix G.3).
//!
//! `hash_to_curve` (the `_RO_` suites) maps two field elements and **adds them on E′ before the
//! isogeny** (§6.6.3: the isogeny is a homomorphism), so the isogeny is evaluated once; the addition
//! on E′ uses the complete formulas for general `a` (Renes–Costello–Batina, eprint 2015/1060,
//! Alg. 1), complete because E′(F) has odd order like E(F).
//!
//! Constant time: no branch and no table index depends on the message or the field elements;
//! exceptional cases (`tv2 = 0` in SSWU, isogeny denominators vanishing, the identity) are handled by
//! conditional selection. Only the lengths of `msg` and `dst` are public.
//!
//! Assumptions: the curves are BLS12-381's; `Fp` has `p ≡ 3 (mod 4)` and `Fp2 = Fp[u]/(u² + 1)`.

mod consts_g1;
mod consts_g2;
mod g1;
mod g2;
mod isogeny;
mod sqrt_ratio;
mod sswu;
#[cfg(test)]
mod tests;

use crate::sw::{Projective, SwCurveConfig};
use crate::traits::CurveError;
use ctt_bigint::Choice;
use ctt_field::bls12_381::{Fp, Fp2};
use ctt_field::{Field, PrimeField, SqrtField};

/// `L` of RFC 9380 §5.1 for BLS12-381's Fp: `ceil((381 + 128)/8) = 64` bytes per coordinate.
pub const L: usize = 64;

/// Room for the longest `expand_message_xmd` output a caller may request: 4 Fp2 elements.
const MAX_UNIFORM_BYTES: usize = 4 * 2 * L;

/// Field types `hash_to_field` can produce (RFC 9380 §5.2): Fp (`m = 1`) and Fp2 (`m = 2`).
pub trait HashToField: SqrtField {
    /// `m`: the extension degree over Fp.
    const M: usize;
    /// One element from `M·L` uniform bytes: each coordinate is `OS2IP(64 bytes) mod p`
    /// (§5.2 steps 5–8), coordinate 0 first.
    fn from_uniform_bytes(bytes: &[u8]) -> Self;
}

impl HashToField for Fp {
    const M: usize = 1;
    fn from_uniform_bytes(bytes: &[u8]) -> Self {
        Fp::from_bytes_be_mod_order(&bytes[..L])
    }
}

impl HashToField for Fp2 {
    const M: usize = 2;
    fn from_uniform_bytes(bytes: &[u8]) -> Self {
        Fp2::new(
            Fp::from_bytes_be_mod_order(&bytes[..L]),
            Fp::from_bytes_be_mod_order(&bytes[L..2 * L]),
        )
    }
}

/// RFC 9380 §5.2 `hash_to_field(msg, count)` with `expand_message_xmd` (SHA-256), writing
/// `count = out.len()` elements into `out`.
///
/// # Errors
///
/// [`CurveError::Hash`] when `expand_message_xmd` aborts (an empty `dst`);
/// [`CurveError::InvalidLength`] when more than 4 elements (G2) or 8 elements (G1) are requested
/// (the suites need 1 or 2).
pub fn hash_to_field<F: HashToField>(
    msg: &[u8],
    dst: &[u8],
    out: &mut [F],
) -> Result<(), CurveError> {
    let len = out.len() * F::M * L;
    if len > MAX_UNIFORM_BYTES {
        return Err(CurveError::InvalidLength);
    }
    let mut uniform = [0u8; MAX_UNIFORM_BYTES];
    ctt_hash::expand_message_xmd(msg, dst, &mut uniform[..len])?;
    for (e, chunk) in out.iter_mut().zip(uniform.chunks_exact(F::M * L)) {
        *e = F::from_uniform_bytes(chunk);
    }
    Ok(())
}

/// What one suite adds to its curve's [`SwCurveConfig`]: the SSWU curve E′, its `Z`, the
/// `sqrt_ratio` for the coordinate field, and the isogeny E′ → E.
pub(crate) trait H2cConfig: SwCurveConfig<Base: HashToField> {
    /// `A′` of `E′: y² = x³ + A′x + B′`.
    const ISO_A: Self::Base;
    /// `B′`.
    const ISO_B: Self::Base;
    /// `3B′`, for the complete addition on E′.
    const ISO_B3: Self::Base;
    /// The SSWU constant `Z` (a non-square, RFC 9380 §6.6.2).
    const SSWU_Z: Self::Base;
    /// The isogeny's `x_num`, `x_den`, `y_num`, `y_den`, constant coefficient first.
    const X_NUM: &'static [Self::Base];
    /// See [`H2cConfig::X_NUM`].
    const X_DEN: &'static [Self::Base];
    /// See [`H2cConfig::X_NUM`].
    const Y_NUM: &'static [Self::Base];
    /// See [`H2cConfig::X_NUM`].
    const Y_DEN: &'static [Self::Base];

    /// RFC 9380 §F.2.1 `sqrt_ratio(u, v)`: `(true, √(u/v))` when `u/v` is a square, else
    /// `(false, √(Z·u/v))`. `v ≠ 0`. Constant time.
    fn sqrt_ratio(u: &Self::Base, v: &Self::Base) -> (Choice, Self::Base);
}

/// RFC 9380 §3 `hash_to_curve` (random-oracle encoding): two field elements, two SSWU maps, one
/// addition on E′, one isogeny, cofactor clearing.
fn hash_to_curve<C: H2cConfig>(msg: &[u8], dst: &[u8]) -> Result<Projective<C>, CurveError> {
    let mut u = [C::Base::ZERO; 2];
    hash_to_field(msg, dst, &mut u)?;
    let q0 = sswu::map_to_iso_curve::<C>(&u[0]);
    let q1 = sswu::map_to_iso_curve::<C>(&u[1]);
    let r = isogeny::iso_map(&q0.add_complete(&q1));
    Ok(C::clear_cofactor(&r))
}

/// RFC 9380 §3 `encode_to_curve` (nonuniform encoding): one field element.
fn encode_to_curve<C: H2cConfig>(msg: &[u8], dst: &[u8]) -> Result<Projective<C>, CurveError> {
    let mut u = [C::Base::ZERO; 1];
    hash_to_field(msg, dst, &mut u)?;
    Ok(C::clear_cofactor(&map_to_curve_uncleared::<C>(&u[0])))
}

/// RFC 9380 `map_to_curve` (§6.6.3): SSWU onto E′, then the isogeny; a point of E, not
/// necessarily in the prime-order subgroup.
fn map_to_curve_uncleared<C: H2cConfig>(u: &C::Base) -> Projective<C> {
    isogeny::iso_map(&sswu::map_to_iso_curve::<C>(u))
}
