//! The EVM encodings.
//!
//! - BN254 (EIP-196/197): G1 is `x || y`, 32-byte big-endian each; G2 is `x.c1 || x.c0 || y.c1 ||
//!   y.c0` (imaginary part first). The identity is all zeros. Coordinates must be `< p`; points
//!   must be on the curve; G2 points must be in the subgroup (EIP-197).
//! - BLS12-381 (EIP-2537): each Fp is 64 bytes, the top 16 of which must be zero; G1 is `x || y`
//!   (128 bytes), G2 is `x.c0 || x.c1 || y.c0 || y.c1` (256 bytes, real part first). The identity
//!   is all zeros. Decoders come in two strengths: `_on_curve` (G1ADD/G2ADD check only the curve
//!   equation) and the full one with the subgroup check (MSM, pairing).
//!
//! Decoding is for public data (it branches on validity); encoding is constant time (the identity
//! is selected, not branched to).

use super::or_identity;
use crate::named::{bls12_381, bn254};
use crate::sw::{Affine, SwCurveConfig};
use crate::traits::{AffineRepr, CurveError};
use ctt_field::{PrimeField, tower::Fp2};

/// The point of an encoding whose length was checked: all zeros is the identity (canonical
/// coordinates, no curve check), recognised before any coordinate is parsed; otherwise the
/// coordinates from `coords`, on the curve, and in the subgroup when `subgroup`.
fn decode<C: SwCurveConfig>(
    bytes: &[u8],
    coords: impl FnOnce() -> Result<(C::Base, C::Base), CurveError>,
    subgroup: bool,
) -> Result<Affine<C>, CurveError> {
    if bytes.iter().all(|b| *b == 0) {
        return Ok(Affine::IDENTITY);
    }
    let (x, y) = coords()?;
    let p = Affine::new_unchecked(x, y);
    if !bool::from(p.is_on_curve()) {
        return Err(CurveError::NotOnCurve);
    }
    if subgroup && !bool::from(p.is_torsion_free()) {
        return Err(CurveError::NotInSubgroup);
    }
    Ok(p)
}

fn bn_fp(bytes: &[u8]) -> Result<ctt_field::bn254::Fp, CurveError> {
    let mut b = [0u8; 32];
    b.copy_from_slice(bytes);
    ctt_field::bn254::Fp::from_bytes_be(&b)
        .into_option()
        .ok_or(CurveError::NonCanonical)
}

/// A 64-byte EIP-2537 field element: 16 zero bytes then 48 canonical bytes.
fn bls_fp(bytes: &[u8]) -> Result<ctt_field::bls12_381::Fp, CurveError> {
    if bytes[..16].iter().any(|b| *b != 0) {
        return Err(CurveError::NonCanonical);
    }
    let mut b = [0u8; 48];
    b.copy_from_slice(&bytes[16..64]);
    ctt_field::bls12_381::Fp::from_bytes_be(&b)
        .into_option()
        .ok_or(CurveError::NonCanonical)
}

fn put_bls_fp(x: &ctt_field::bls12_381::Fp, out: &mut [u8]) {
    out[..16].fill(0);
    out[16..64].copy_from_slice(&x.to_bytes_be());
}

impl bn254::G1Affine {
    /// Decodes the 64-byte EVM encoding (coordinates `< p`, on the curve; all zeros = identity).
    pub fn from_evm_bytes(bytes: &[u8]) -> Result<Self, CurveError> {
        if bytes.len() != 64 {
            return Err(CurveError::InvalidLength);
        }
        decode(
            bytes,
            || Ok((bn_fp(&bytes[..32])?, bn_fp(&bytes[32..])?)),
            false,
        )
    }

    /// The 64-byte EVM encoding. Constant time.
    pub fn to_evm_bytes(&self) -> [u8; 64] {
        let mut out = [0u8; 64];
        out[..32].copy_from_slice(&self.x.to_bytes_be());
        out[32..].copy_from_slice(&self.y.to_bytes_be());
        or_identity(out, 0, self.infinity)
    }
}

impl bn254::G2Affine {
    /// Decodes the 128-byte EVM encoding `x.c1 || x.c0 || y.c1 || y.c0`, with the curve and
    /// subgroup checks of EIP-197.
    pub fn from_evm_bytes(bytes: &[u8]) -> Result<Self, CurveError> {
        Self::decode_evm(bytes, true)
    }

    /// As [`Self::from_evm_bytes`] without the subgroup check (coordinates `< p`, on the twist).
    pub fn from_evm_bytes_on_curve(bytes: &[u8]) -> Result<Self, CurveError> {
        Self::decode_evm(bytes, false)
    }

    fn decode_evm(bytes: &[u8], subgroup: bool) -> Result<Self, CurveError> {
        if bytes.len() != 128 {
            return Err(CurveError::InvalidLength);
        }
        let coords = || {
            let x = Fp2::new(bn_fp(&bytes[32..64])?, bn_fp(&bytes[..32])?);
            let y = Fp2::new(bn_fp(&bytes[96..128])?, bn_fp(&bytes[64..96])?);
            Ok((x, y))
        };
        decode(bytes, coords, subgroup)
    }

    /// The 128-byte EVM encoding. Constant time.
    pub fn to_evm_bytes(&self) -> [u8; 128] {
        let mut out = [0u8; 128];
        out[..32].copy_from_slice(&self.x.c1.to_bytes_be());
        out[32..64].copy_from_slice(&self.x.c0.to_bytes_be());
        out[64..96].copy_from_slice(&self.y.c1.to_bytes_be());
        out[96..].copy_from_slice(&self.y.c0.to_bytes_be());
        or_identity(out, 0, self.infinity)
    }
}

impl bls12_381::G1Affine {
    /// Decodes the 128-byte EIP-2537 encoding with the curve and subgroup checks.
    pub fn from_eip2537_bytes(bytes: &[u8]) -> Result<Self, CurveError> {
        Self::decode_eip2537(bytes, true)
    }

    /// Decodes the 128-byte EIP-2537 encoding, checking the curve equation only (G1ADD).
    pub fn from_eip2537_bytes_on_curve(bytes: &[u8]) -> Result<Self, CurveError> {
        Self::decode_eip2537(bytes, false)
    }

    fn decode_eip2537(bytes: &[u8], subgroup: bool) -> Result<Self, CurveError> {
        if bytes.len() != 128 {
            return Err(CurveError::InvalidLength);
        }
        decode(
            bytes,
            || Ok((bls_fp(&bytes[..64])?, bls_fp(&bytes[64..])?)),
            subgroup,
        )
    }

    /// The 128-byte EIP-2537 encoding. Constant time.
    pub fn to_eip2537_bytes(&self) -> [u8; 128] {
        let mut out = [0u8; 128];
        put_bls_fp(&self.x, &mut out[..64]);
        put_bls_fp(&self.y, &mut out[64..]);
        or_identity(out, 0, self.infinity)
    }
}

impl bls12_381::G2Affine {
    /// Decodes the 256-byte EIP-2537 encoding `x.c0 || x.c1 || y.c0 || y.c1` with the curve and
    /// subgroup checks.
    pub fn from_eip2537_bytes(bytes: &[u8]) -> Result<Self, CurveError> {
        Self::decode_eip2537(bytes, true)
    }

    /// Decodes the 256-byte EIP-2537 encoding, checking the curve equation only (G2ADD).
    pub fn from_eip2537_bytes_on_curve(bytes: &[u8]) -> Result<Self, CurveError> {
        Self::decode_eip2537(bytes, false)
    }

    fn decode_eip2537(bytes: &[u8], subgroup: bool) -> Result<Self, CurveError> {
        if bytes.len() != 256 {
            return Err(CurveError::InvalidLength);
        }
        let coords = || {
            let x = Fp2::new(bls_fp(&bytes[..64])?, bls_fp(&bytes[64..128])?);
            let y = Fp2::new(bls_fp(&bytes[128..192])?, bls_fp(&bytes[192..])?);
            Ok((x, y))
        };
        decode(bytes, coords, subgroup)
    }

    /// The 256-byte EIP-2537 encoding. Constant time.
    pub fn to_eip2537_bytes(&self) -> [u8; 256] {
        let mut out = [0u8; 256];
        put_bls_fp(&self.x.c0, &mut out[..64]);
        put_bls_fp(&self.x.c1, &mut out[64..128]);
        put_bls_fp(&self.y.c0, &mut out[128..192]);
        put_bls_fp(&self.y.c1, &mut out[192..]);
        or_identity(out, 0, self.infinity)
    }
}
