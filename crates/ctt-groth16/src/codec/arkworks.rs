//! arkworks' canonical serialisation (`ark-serialize` 0.4/0.5, `CanonicalSerialize` of
//! ark-groth16's `Proof` and `VerifyingKey`, of `Vec<Fr>`).
//!
//! Points: ark-bls12-381 overrides the generic form with the ZCash encoding (big-endian, flags
//! in the top three bits of the first byte, Fp2 as `c1 ‖ c0`; ctt-curves' `from_compressed`
//! and `from_uncompressed`), so each curve picks its point codec in [`Groth16Curve`]. The
//! generic short-Weierstrass form, which ark-bn254 keeps, is implemented here:
//! field elements are little-endian, `Repr`-many bytes (32 on BN254, 48 for BLS12-381's Fp).
//! Fp2 is `c0 ‖ c1`. A point is `x` (compressed) or `x ‖ y` (uncompressed); two flags sit in the
//! top bits of the last byte: bit 7 "y is the larger of ±y" (canonical order; on Fp2 `c1` first,
//! then `c0`), bit 6 "point at infinity" (then every other bit is zero). arkworks writes the
//! sign flag in both forms, and this decoder requires it to match `y` in the uncompressed form
//! too, so each point has exactly one accepted encoding. A proof is `A ‖ B ‖ C`; a key is
//! `α ‖ β ‖ γ ‖ δ ‖ LE64(ℓ + 1) ‖ IC₀ … ICₗ`; a vector of scalars is `LE64(n) ‖ x₁ … xₙ`,
//! each `< r`.

use super::{fe_from_le, fe_is_largest, fe_len, fe2_is_largest};
use crate::engine::{Fq, Fq2, Fr, G1Affine, G2Affine, Groth16Curve};
use crate::error::Groth16Error;
use crate::keys::{Proof, VerifyingKey, check_point};
use alloc::vec::Vec;
use ctt_curves::sw::{Affine, SwCurveConfig};
use ctt_field::{Field, PrimeField, SqrtField};

const Y_LARGEST: u8 = 1 << 7;
const INFINITY: u8 = 1 << 6;

/// Whether a point is written compressed (`x` and flags) or uncompressed (`x ‖ y` and flags).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compress {
    /// `x` with the sign and infinity flags.
    Yes,
    /// `x ‖ y` with the flags on `y`.
    No,
}

/// A base-field element whose last byte carries the two flags; returns it and the flags.
fn fq_with_flags<F: PrimeField>(b: &[u8]) -> Result<(F, u8), Groth16Error> {
    let mut v = Vec::from(b);
    let last = v.len() - 1;
    let flags = v[last] & (Y_LARGEST | INFINITY);
    v[last] &= !(Y_LARGEST | INFINITY);
    if flags == Y_LARGEST | INFINITY {
        return Err(Groth16Error::NonCanonical);
    }
    Ok((fe_from_le(&v)?, flags))
}

/// The finishing checks shared by G1 and G2: the identity's encoding, the sign flag, curve and
/// subgroup.
fn finish<S: SwCurveConfig>(
    x: S::Base,
    y: S::Base,
    flags: u8,
    y_largest: bool,
    all_zero: bool,
) -> Result<Affine<S>, Groth16Error> {
    if flags & INFINITY != 0 {
        return if all_zero {
            Ok(Affine::IDENTITY)
        } else {
            Err(Groth16Error::NonCanonical)
        };
    }
    if (flags & Y_LARGEST != 0) != y_largest {
        return Err(Groth16Error::NonCanonical);
    }
    let p = Affine::new_unchecked(x, y);
    check_point(&p)?;
    Ok(p)
}

/// `√(x³ + b)` or not on the curve.
fn curve_y<S: SwCurveConfig>(x: &S::Base) -> Result<S::Base, Groth16Error> {
    let rhs = x.square() * *x + S::mul_by_a(x) + S::COEFF_B;
    rhs.sqrt().into_option().ok_or(Groth16Error::NotOnCurve)
}

/// The length of a G1 point's encoding.
pub fn g1_len<C: Groth16Curve>(compress: Compress) -> usize {
    fe_len::<Fq<C>>() * if compress == Compress::Yes { 1 } else { 2 }
}

/// The length of a G2 point's encoding.
pub fn g2_len<C: Groth16Curve>(compress: Compress) -> usize {
    2 * g1_len::<C>(compress)
}

/// Decodes a G1 point in the curve's arkworks encoding (curve and subgroup checked).
///
/// # Errors
///
/// [`Groth16Error::InvalidLength`], [`Groth16Error::NonCanonical`],
/// [`Groth16Error::NotOnCurve`], [`Groth16Error::NotInSubgroup`].
pub fn g1_from_bytes<C: Groth16Curve>(
    b: &[u8],
    compress: Compress,
) -> Result<G1Affine<C>, Groth16Error> {
    C::arkworks_g1_from_bytes(b, compress)
}

/// Decodes a G2 point in the curve's arkworks encoding (curve and subgroup checked).
///
/// # Errors
///
/// As [`g1_from_bytes`].
pub fn g2_from_bytes<C: Groth16Curve>(
    b: &[u8],
    compress: Compress,
) -> Result<G2Affine<C>, Groth16Error> {
    C::arkworks_g2_from_bytes(b, compress)
}

/// Appends a G1 point in the curve's arkworks encoding.
pub fn g1_to_bytes<C: Groth16Curve>(p: &G1Affine<C>, compress: Compress, out: &mut Vec<u8>) {
    C::arkworks_g1_to_bytes(p, compress, out)
}

/// Appends a G2 point in the curve's arkworks encoding.
pub fn g2_to_bytes<C: Groth16Curve>(p: &G2Affine<C>, compress: Compress, out: &mut Vec<u8>) {
    C::arkworks_g2_to_bytes(p, compress, out)
}

/// Decodes a G1 point in the generic little-endian form with flags (curve and subgroup
/// checked).
pub(crate) fn le_g1_from_bytes<C: Groth16Curve>(
    b: &[u8],
    compress: Compress,
) -> Result<G1Affine<C>, Groth16Error> {
    let l = fe_len::<Fq<C>>();
    if b.len() != g1_len::<C>(compress) {
        return Err(Groth16Error::InvalidLength);
    }
    let zero = b[..b.len() - 1].iter().all(|v| *v == 0) && b[b.len() - 1] == INFINITY;
    match compress {
        Compress::No => {
            let x: Fq<C> = fe_from_le(&b[..l])?;
            let (y, flags) = fq_with_flags::<Fq<C>>(&b[l..])?;
            finish(x, y, flags, fe_is_largest(&y), zero)
        }
        Compress::Yes => {
            let (x, flags) = fq_with_flags::<Fq<C>>(b)?;
            if flags & INFINITY != 0 {
                return finish(x, x, flags, false, zero);
            }
            let y = curve_y::<C::G1>(&x)?;
            let y = if fe_is_largest(&y) == (flags & Y_LARGEST != 0) {
                y
            } else {
                -y
            };
            finish(x, y, flags, fe_is_largest(&y), zero)
        }
    }
}

/// Decodes a G2 point in the generic little-endian form with flags.
pub(crate) fn le_g2_from_bytes<C: Groth16Curve>(
    b: &[u8],
    compress: Compress,
) -> Result<G2Affine<C>, Groth16Error> {
    let l = fe_len::<Fq<C>>();
    if b.len() != g2_len::<C>(compress) {
        return Err(Groth16Error::InvalidLength);
    }
    let zero = b[..b.len() - 1].iter().all(|v| *v == 0) && b[b.len() - 1] == INFINITY;
    let c0: Fq<C> = fe_from_le(&b[..l])?;
    match compress {
        Compress::No => {
            let x = Fq2::<C> {
                c0,
                c1: fe_from_le(&b[l..2 * l])?,
            };
            let y0: Fq<C> = fe_from_le(&b[2 * l..3 * l])?;
            let (y1, flags) = fq_with_flags::<Fq<C>>(&b[3 * l..])?;
            let y = Fq2::<C> { c0: y0, c1: y1 };
            finish(x, y, flags, fe2_is_largest(&y), zero)
        }
        Compress::Yes => {
            let (c1, flags) = fq_with_flags::<Fq<C>>(&b[l..])?;
            let x = Fq2::<C> { c0, c1 };
            if flags & INFINITY != 0 {
                return finish(x, x, flags, false, zero);
            }
            let y = curve_y::<C::G2>(&x)?;
            let y = if fe2_is_largest(&y) == (flags & Y_LARGEST != 0) {
                y
            } else {
                -y
            };
            finish(x, y, flags, fe2_is_largest(&y), zero)
        }
    }
}

fn put_fq<F: PrimeField>(x: &F, out: &mut Vec<u8>) {
    out.extend_from_slice(x.to_bytes_le().as_ref());
}

/// Sets the flags on the last byte written.
fn put_flags(out: &mut [u8], infinity: bool, y_largest: bool) {
    let last = out.len() - 1;
    if infinity {
        out[last] |= INFINITY;
    } else if y_largest {
        out[last] |= Y_LARGEST;
    }
}

/// Appends a G1 point in the generic little-endian form with flags.
pub(crate) fn le_g1_to_bytes<C: Groth16Curve>(
    p: &G1Affine<C>,
    compress: Compress,
    out: &mut Vec<u8>,
) {
    let inf = p.infinity.to_bool_vartime();
    let (x, y) = if inf {
        (Fq::<C>::ZERO, Fq::<C>::ZERO)
    } else {
        (p.x, p.y)
    };
    put_fq(&x, out);
    if compress == Compress::No {
        put_fq(&y, out);
    }
    put_flags(out, inf, fe_is_largest(&y));
}

/// Appends a G2 point in the generic little-endian form with flags.
pub(crate) fn le_g2_to_bytes<C: Groth16Curve>(
    p: &G2Affine<C>,
    compress: Compress,
    out: &mut Vec<u8>,
) {
    let inf = p.infinity.to_bool_vartime();
    let (x, y) = if inf {
        (Fq2::<C>::ZERO, Fq2::<C>::ZERO)
    } else {
        (p.x, p.y)
    };
    put_fq(&x.c0, out);
    put_fq(&x.c1, out);
    if compress == Compress::No {
        put_fq(&y.c0, out);
        put_fq(&y.c1, out);
    }
    put_flags(out, inf, fe2_is_largest(&y));
}

/// Reads the `LE64` length prefix of a vector and checks that `n` items of `item` bytes follow
/// exactly.
fn vec_len(b: &[u8], item: usize) -> Result<usize, Groth16Error> {
    if b.len() < 8 {
        return Err(Groth16Error::InvalidLength);
    }
    let mut n = [0u8; 8];
    n.copy_from_slice(&b[..8]);
    let n = u64::from_le_bytes(n);
    let rest = (b.len() - 8) as u64;
    if item == 0 || !rest.is_multiple_of(item as u64) || n != rest / item as u64 {
        return Err(Groth16Error::InvalidLength);
    }
    Ok(n as usize)
}

impl<C: Groth16Curve> Proof<C> {
    /// Decodes ark-groth16's `Proof` serialisation (`A ‖ B ‖ C`).
    ///
    /// # Errors
    ///
    /// As [`g1_from_bytes`].
    pub fn from_arkworks_bytes(b: &[u8], compress: Compress) -> Result<Self, Groth16Error> {
        let (l1, l2) = (g1_len::<C>(compress), g2_len::<C>(compress));
        if b.len() != 2 * l1 + l2 {
            return Err(Groth16Error::InvalidLength);
        }
        Ok(Proof {
            a: g1_from_bytes::<C>(&b[..l1], compress)?,
            b: g2_from_bytes::<C>(&b[l1..l1 + l2], compress)?,
            c: g1_from_bytes::<C>(&b[l1 + l2..], compress)?,
        })
    }

    /// ark-groth16's `Proof` serialisation.
    pub fn to_arkworks_bytes(&self, compress: Compress) -> Vec<u8> {
        let mut out = Vec::new();
        g1_to_bytes::<C>(&self.a, compress, &mut out);
        g2_to_bytes::<C>(&self.b, compress, &mut out);
        g1_to_bytes::<C>(&self.c, compress, &mut out);
        out
    }
}

impl<C: Groth16Curve> VerifyingKey<C> {
    /// Decodes ark-groth16's `VerifyingKey` serialisation.
    ///
    /// # Errors
    ///
    /// As [`g1_from_bytes`], and [`Groth16Error::EmptyInputCommitments`].
    pub fn from_arkworks_bytes(b: &[u8], compress: Compress) -> Result<Self, Groth16Error> {
        let (l1, l2) = (g1_len::<C>(compress), g2_len::<C>(compress));
        let head = l1 + 3 * l2;
        if b.len() < head {
            return Err(Groth16Error::InvalidLength);
        }
        let n = vec_len(&b[head..], l1)?;
        let body = &b[head + 8..];
        let ic = (0..n)
            .map(|i| g1_from_bytes::<C>(&body[i * l1..(i + 1) * l1], compress))
            .collect::<Result<Vec<_>, _>>()?;
        VerifyingKey::from_checked(
            g1_from_bytes::<C>(&b[..l1], compress)?,
            g2_from_bytes::<C>(&b[l1..l1 + l2], compress)?,
            g2_from_bytes::<C>(&b[l1 + l2..l1 + 2 * l2], compress)?,
            g2_from_bytes::<C>(&b[l1 + 2 * l2..head], compress)?,
            ic,
        )
    }

    /// ark-groth16's `VerifyingKey` serialisation.
    pub fn to_arkworks_bytes(&self, compress: Compress) -> Vec<u8> {
        let mut out = Vec::new();
        g1_to_bytes::<C>(&self.alpha_g1, compress, &mut out);
        for q in [&self.beta_g2, &self.gamma_g2, &self.delta_g2] {
            g2_to_bytes::<C>(q, compress, &mut out);
        }
        out.extend_from_slice(&(self.ic.len() as u64).to_le_bytes());
        for p in &self.ic {
            g1_to_bytes::<C>(p, compress, &mut out);
        }
        out
    }
}

/// Decodes an arkworks `Vec<Fr>` (`LE64(n) ‖ x₁ … xₙ`, each `< r`).
///
/// # Errors
///
/// [`Groth16Error::InvalidLength`], [`Groth16Error::ScalarOutOfRange`].
pub fn public_inputs_from_arkworks_bytes<C: Groth16Curve>(
    b: &[u8],
) -> Result<Vec<Fr<C>>, Groth16Error> {
    let l = fe_len::<Fr<C>>();
    let n = vec_len(b, l)?;
    (0..n)
        .map(|i| {
            fe_from_le::<Fr<C>>(&b[8 + i * l..8 + (i + 1) * l])
                .map_err(|_| Groth16Error::ScalarOutOfRange)
        })
        .collect()
}

/// An arkworks `Vec<Fr>` serialisation.
pub fn public_inputs_to_arkworks_bytes<C: Groth16Curve>(x: &[Fr<C>]) -> Vec<u8> {
    let mut out = Vec::from((x.len() as u64).to_le_bytes());
    for v in x {
        out.extend_from_slice(v.to_bytes_le().as_ref());
    }
    out
}
