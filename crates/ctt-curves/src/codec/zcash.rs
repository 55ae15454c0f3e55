//! The ZCash/Ethereum encoding of BLS12-381 points (the `serialization` appendix of the IETF
//! pairing-friendly-curves draft; what the consensus specs and blst use).
//!
//! Three flag bits sit in the top of the first byte: bit 7 `C` (compressed), bit 6 `I` (infinity),
//! bit 5 `S` (sign: y is the lexicographically larger root). Fp2 elements are written imaginary part
//! first (`c1 || c0`). Every malformed input is a typed error: wrong flags, a non-zero identity
//! encoding, a coordinate ≥ p, an x with no y, a point off the curve, and (for the checked
//! decoders) a point outside the prime-order subgroup. `_unchecked` decoders skip only the subgroup
//! check; they still verify the curve equation. Decoding is for public data (it branches on validity).

use super::or_identity;
use crate::named::bls12_381::{G1Affine, G1Config, G2Affine, G2Config};
use crate::sw::{Affine, SwCurveConfig};
use crate::traits::{AffineRepr, CurveError};
use ctt_bigint::{BigInt, Choice, ConditionallySelectable};
use ctt_field::bls12_381::{Fp, Fp2, FpConfig};
use ctt_field::fp::FpParams;
use ctt_field::{Field, PrimeField, SqrtField};

const FLAG_C: u8 = 0x80;
const FLAG_I: u8 = 0x40;
const FLAG_S: u8 = 0x20;

/// An Fp coordinate from 48 big-endian bytes (flag bits already cleared).
fn fp_from(bytes: &[u8]) -> Result<Fp, CurveError> {
    let mut b = [0u8; 48];
    b.copy_from_slice(bytes);
    Fp::from_bytes_be(&b)
        .into_option()
        .ok_or(CurveError::NonCanonical)
}

/// An Fp2 coordinate from 96 bytes `c1 || c0`.
fn fp2_from(bytes: &[u8]) -> Result<Fp2, CurveError> {
    Ok(Fp2::new(fp_from(&bytes[48..96])?, fp_from(&bytes[..48])?))
}

fn fp2_to(x: &Fp2, out: &mut [u8]) {
    out[..48].copy_from_slice(&x.c1.to_bytes_be());
    out[48..96].copy_from_slice(&x.c0.to_bytes_be());
}

/// `(p − 1)/2`: the largest of the "smaller" roots (p is odd).
const HALF_P: BigInt<6> = FpConfig::MODULUS.shr(1);

/// Whether `y` is the lexicographically larger of `±y`: for Fp, `y > (p − 1)/2`. Constant time.
fn fp_is_larger(y: &Fp) -> Choice {
    y.to_bigint().ct_gt(&HALF_P)
}

/// For Fp2 compare the imaginary parts first, then the real parts (both computed, one selected).
fn fp2_is_larger(y: &Fp2) -> Choice {
    Choice::conditional_select(&fp_is_larger(&y.c1), &fp_is_larger(&y.c0), y.c1.is_zero())
}

/// `FLAG_S` when `larger`, else 0, without a branch.
fn sign_flag(larger: Choice) -> u8 {
    u8::conditional_select(&0, &FLAG_S, larger)
}

/// Splits off and validates the flags: returns (compressed, infinity, sign).
fn flags(first: u8) -> (bool, bool, bool) {
    (
        first & FLAG_C != 0,
        first & FLAG_I != 0,
        first & FLAG_S != 0,
    )
}

/// The identity encoding: only the `C` (when compressed) and `I` bits may be set.
fn check_identity(bytes: &[u8], sign: bool) -> Result<(), CurveError> {
    if sign {
        return Err(CurveError::InvalidFlags);
    }
    let rest_zero = (bytes[0] & 0x1f) == 0 && bytes[1..].iter().all(|b| *b == 0);
    if rest_zero {
        Ok(())
    } else {
        Err(CurveError::InvalidIdentity)
    }
}

/// Generic compressed decoding over the coordinate field.
fn decompress<C: SwCurveConfig>(
    bytes: &[u8],
    len: usize,
    x_from: impl Fn(&[u8]) -> Result<C::Base, CurveError>,
    larger: impl Fn(&C::Base) -> Choice,
) -> Result<Affine<C>, CurveError> {
    if bytes.len() != len {
        return Err(CurveError::InvalidLength);
    }
    let (compressed, infinity, sign) = flags(bytes[0]);
    if !compressed {
        return Err(CurveError::InvalidFlags);
    }
    if infinity {
        check_identity(bytes, sign)?;
        return Ok(Affine::IDENTITY);
    }
    let mut buf = [0u8; 96];
    buf[..len].copy_from_slice(bytes);
    buf[0] &= 0x1f;
    let x = x_from(&buf[..len])?;
    let rhs = x.square() * x + C::COEFF_B;
    let y = rhs.sqrt().into_option().ok_or(CurveError::NotOnCurve)?;
    let flip = larger(&y) ^ Choice::from(sign);
    let y = C::Base::conditional_select(&y, &(-y), flip);
    Ok(Affine::new_unchecked(x, y))
}

/// Generic uncompressed decoding.
fn decode_uncompressed<C: SwCurveConfig>(
    bytes: &[u8],
    len: usize,
    coord_from: impl Fn(&[u8]) -> Result<C::Base, CurveError>,
) -> Result<Affine<C>, CurveError> {
    if bytes.len() != len {
        return Err(CurveError::InvalidLength);
    }
    let (compressed, infinity, sign) = flags(bytes[0]);
    if compressed {
        return Err(CurveError::InvalidFlags);
    }
    if infinity {
        check_identity(bytes, sign)?;
        return Ok(Affine::IDENTITY);
    }
    if sign {
        return Err(CurveError::InvalidFlags);
    }
    let mut buf = [0u8; 192];
    buf[..len].copy_from_slice(bytes);
    buf[0] &= 0x1f;
    let half = len / 2;
    let p = Affine::new_unchecked(coord_from(&buf[..half])?, coord_from(&buf[half..len])?);
    if !bool::from(p.is_on_curve()) {
        return Err(CurveError::NotOnCurve);
    }
    Ok(p)
}

fn subgroup<C: SwCurveConfig>(p: Affine<C>) -> Result<Affine<C>, CurveError> {
    if bool::from(p.is_torsion_free()) {
        Ok(p)
    } else {
        Err(CurveError::NotInSubgroup)
    }
}

impl G1Affine {
    /// Decodes 48 bytes, checking flags, canonicity, the curve equation and the subgroup.
    pub fn from_compressed(bytes: &[u8]) -> Result<Self, CurveError> {
        subgroup(Self::from_compressed_unchecked(bytes)?)
    }

    /// As [`G1Affine::from_compressed`] without the subgroup check (for inputs already known
    /// to be valid, e.g. cached public keys). The point is still on the curve.
    pub fn from_compressed_unchecked(bytes: &[u8]) -> Result<Self, CurveError> {
        decompress::<G1Config>(bytes, 48, fp_from, fp_is_larger)
    }

    /// Decodes 96 bytes `x || y` with every check.
    pub fn from_uncompressed(bytes: &[u8]) -> Result<Self, CurveError> {
        subgroup(Self::from_uncompressed_unchecked(bytes)?)
    }

    /// As [`G1Affine::from_uncompressed`] without the subgroup check.
    pub fn from_uncompressed_unchecked(bytes: &[u8]) -> Result<Self, CurveError> {
        decode_uncompressed::<G1Config>(bytes, 96, fp_from)
    }

    /// The 48-byte compressed encoding. Constant time.
    pub fn to_compressed(&self) -> [u8; 48] {
        let mut out = self.x.to_bytes_be();
        out[0] |= FLAG_C | sign_flag(fp_is_larger(&self.y));
        or_identity(out, FLAG_C | FLAG_I, self.infinity)
    }

    /// The 96-byte uncompressed encoding. Constant time.
    pub fn to_uncompressed(&self) -> [u8; 96] {
        let mut out = [0u8; 96];
        out[..48].copy_from_slice(&self.x.to_bytes_be());
        out[48..].copy_from_slice(&self.y.to_bytes_be());
        or_identity(out, FLAG_I, self.infinity)
    }
}

impl G2Affine {
    /// Decodes 96 bytes, checking flags, canonicity, the curve equation and the subgroup.
    pub fn from_compressed(bytes: &[u8]) -> Result<Self, CurveError> {
        subgroup(Self::from_compressed_unchecked(bytes)?)
    }

    /// As [`G2Affine::from_compressed`] without the subgroup check.
    pub fn from_compressed_unchecked(bytes: &[u8]) -> Result<Self, CurveError> {
        decompress::<G2Config>(bytes, 96, fp2_from, fp2_is_larger)
    }

    /// Decodes 192 bytes `x || y` (each `c1 || c0`) with every check.
    pub fn from_uncompressed(bytes: &[u8]) -> Result<Self, CurveError> {
        subgroup(Self::from_uncompressed_unchecked(bytes)?)
    }

    /// As [`G2Affine::from_uncompressed`] without the subgroup check.
    pub fn from_uncompressed_unchecked(bytes: &[u8]) -> Result<Self, CurveError> {
        decode_uncompressed::<G2Config>(bytes, 192, fp2_from)
    }

    /// The 96-byte compressed encoding. Constant time.
    pub fn to_compressed(&self) -> [u8; 96] {
        let mut out = [0u8; 96];
        fp2_to(&self.x, &mut out);
        out[0] |= FLAG_C | sign_flag(fp2_is_larger(&self.y));
        or_identity(out, FLAG_C | FLAG_I, self.infinity)
    }

    /// The 192-byte uncompressed encoding. Constant time.
    pub fn to_uncompressed(&self) -> [u8; 192] {
        let mut out = [0u8; 192];
        fp2_to(&self.x, &mut out[..96]);
        fp2_to(&self.y, &mut out[96..]);
        or_identity(out, FLAG_I, self.infinity)
    }
}
