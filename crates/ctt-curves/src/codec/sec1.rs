//! SEC1 point encodings (SEC 1 v2 §2.3.3–2.3.4) for curves over a 32-byte prime field
//! (secp256k1, P-256): 33-byte compressed `0x02/0x03 ‖ x` (the prefix carries y's parity) and
//! 65-byte uncompressed `0x04 ‖ x ‖ y`, big-endian coordinates. The identity has no encoding of
//! these lengths (SEC1's single byte `0x00` is not accepted: ECDSA keys are never the identity).
//!
//! Decoding rejects wrong lengths, unknown prefixes, coordinates ≥ p and points off the curve,
//! with typed errors; both curves have cofactor 1, so an on-curve point is in the group.
//! Decoding is constant time in the coordinates except for the validity outcome.

use crate::sw::{Affine, SwCurveConfig};
use crate::traits::{AffineRepr, CurveError};
use ctt_bigint::{Choice, ConditionallySelectable};
use ctt_field::{Field, PrimeField, SqrtField};

impl<C: SwCurveConfig> Affine<C>
where
    C::Base: PrimeField<Repr = [u8; 32]>,
{
    /// Decodes a 33-byte compressed or 65-byte uncompressed SEC1 encoding.
    pub fn from_sec1_bytes(bytes: &[u8]) -> Result<Self, CurveError> {
        match bytes.len() {
            33 => {
                let prefix = bytes[0];
                if prefix != 0x02 && prefix != 0x03 {
                    return Err(CurveError::InvalidFlags);
                }
                let x = Self::coordinate(&bytes[1..33])?;
                Self::from_x_and_parity(&x, Choice::from_lsb((prefix & 1) as u64))
                    .into_option()
                    .ok_or(CurveError::NotOnCurve)
            }
            65 => {
                if bytes[0] != 0x04 {
                    return Err(CurveError::InvalidFlags);
                }
                let x = Self::coordinate(&bytes[1..33])?;
                let y = Self::coordinate(&bytes[33..65])?;
                let p = Affine::new_unchecked(x, y);
                if !p.is_on_curve().to_bool_vartime() {
                    return Err(CurveError::NotOnCurve);
                }
                Ok(p)
            }
            _ => Err(CurveError::InvalidLength),
        }
    }

    /// Decodes the 64-byte raw `x ‖ y` form (the uncompressed encoding without its prefix, as
    /// the EVM's ecrecover output and EIP-7951's inputs carry keys).
    pub fn from_xy_bytes(x: &[u8; 32], y: &[u8; 32]) -> Result<Self, CurveError> {
        let p = Affine::new_unchecked(Self::coordinate(x)?, Self::coordinate(y)?);
        if !p.is_on_curve().to_bool_vartime() {
            return Err(CurveError::NotOnCurve);
        }
        Ok(p)
    }

    /// The point with abscissa `x` and `y` of the given parity (`y` odd when `odd`), if `x` is
    /// on the curve. Constant time.
    pub fn from_x_and_parity(x: &C::Base, odd: Choice) -> ctt_bigint::CtOption<Self> {
        let rhs = x.square() * x + C::mul_by_a(x) + C::COEFF_B;
        rhs.sqrt().map(|y| {
            let flip = y.is_odd() ^ odd;
            let y = C::Base::conditional_select(&y, &-y, flip);
            Affine::new_unchecked(*x, y)
        })
    }

    /// The 33-byte compressed encoding; the identity encodes as 33 zero bytes (which the decoder
    /// rejects).
    pub fn to_sec1_compressed(&self) -> [u8; 33] {
        let mut out = [0u8; 33];
        out[0] = 0x02 | self.y.is_odd().unwrap_u8();
        out[1..].copy_from_slice(&self.x.to_bytes_be());
        let zero = [0u8; 33];
        let inf = self.is_identity();
        for (o, z) in out.iter_mut().zip(zero) {
            *o = u8::conditional_select(o, &z, inf);
        }
        out
    }

    /// The 65-byte uncompressed encoding; the identity encodes as 65 zero bytes (which the
    /// decoder rejects).
    pub fn to_sec1_uncompressed(&self) -> [u8; 65] {
        let mut out = [0u8; 65];
        out[0] = 0x04;
        out[1..33].copy_from_slice(&self.x.to_bytes_be());
        out[33..].copy_from_slice(&self.y.to_bytes_be());
        let inf = self.is_identity();
        for o in out.iter_mut() {
            *o = u8::conditional_select(o, &0, inf);
        }
        out
    }

    fn coordinate(bytes: &[u8]) -> Result<C::Base, CurveError> {
        let mut repr = [0u8; 32];
        repr.copy_from_slice(bytes);
        C::Base::from_bytes_be(&repr)
            .into_option()
            .ok_or(CurveError::NonCanonical)
    }
}
