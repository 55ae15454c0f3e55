//! `serde` for the affine points of BLS12-381 and BN254 (feature `serde`), as their byte
//! encodings: BLS12-381 G1/G2 compressed (48/96 bytes, ZCash format), BN254 G1/G2 in the EVM
//! encoding (64/128 bytes; Ethereum has no compressed BN254 format). Human-readable formats
//! (JSON, TOML) get a `0x`-prefixed lowercase hex string, binary formats a byte string.
//! Deserialising accepts a hex string (with or without `0x`, either case), a byte string or a
//! sequence of bytes, and runs the checked decoder: wrong length, bad flags, non-canonical
//! coordinates, points off the curve or outside the subgroup are errors.
//!
//! [`serialize_bytes`] and [`deserialize_bytes`] are public so that the protocol crates
//! (ctt-bls) encode their keys and signatures the same way.

use crate::named::{bls12_381, bn254};
use core::fmt;
use serde::de::{Error as _, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// `0x` and the lowercase hex digits of a byte string, written straight to the formatter (no
/// buffer, so any length).
struct Hex<'a>(&'a [u8]);

impl fmt::Display for Hex<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("0x")?;
        for b in self.0 {
            write!(f, "{b:02x}")?;
        }
        Ok(())
    }
}

/// Writes `bytes` as a `0x`-hex string (human-readable formats) or a byte string, whatever
/// their length.
pub fn serialize_bytes<S: Serializer>(bytes: &[u8], s: S) -> Result<S::Ok, S::Error> {
    if !s.is_human_readable() {
        return s.serialize_bytes(bytes);
    }
    s.collect_str(&Hex(bytes))
}

/// Reads exactly `L` bytes written by [`serialize_bytes`] (or given as a byte sequence).
pub fn deserialize_bytes<'de, D: Deserializer<'de>, const L: usize>(
    d: D,
) -> Result<[u8; L], D::Error> {
    struct V<const L: usize>;
    impl<'de, const L: usize> Visitor<'de> for V<L> {
        type Value = [u8; L];
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "{L} bytes, or a hex string of {L} bytes")
        }
        fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<[u8; L], E> {
            let h = v.strip_prefix("0x").unwrap_or(v).as_bytes();
            if h.len() != 2 * L {
                return Err(E::invalid_length(h.len() / 2, &self));
            }
            let nibble = |c: u8| match c {
                b'0'..=b'9' => Ok(c - b'0'),
                b'a'..=b'f' => Ok(c - b'a' + 10),
                b'A'..=b'F' => Ok(c - b'A' + 10),
                _ => Err(E::custom("invalid hex digit")),
            };
            let mut out = [0u8; L];
            for (i, o) in out.iter_mut().enumerate() {
                *o = (nibble(h[2 * i])? << 4) | nibble(h[2 * i + 1])?;
            }
            Ok(out)
        }
        fn visit_bytes<E: serde::de::Error>(self, v: &[u8]) -> Result<[u8; L], E> {
            v.try_into().map_err(|_| E::invalid_length(v.len(), &self))
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<[u8; L], A::Error> {
            let mut out = [0u8; L];
            for (i, o) in out.iter_mut().enumerate() {
                *o = seq
                    .next_element()?
                    .ok_or_else(|| A::Error::invalid_length(i, &self))?;
            }
            if seq.next_element::<u8>()?.is_some() {
                return Err(A::Error::invalid_length(L + 1, &self));
            }
            Ok(out)
        }
    }
    if d.is_human_readable() {
        d.deserialize_str(V::<L>)
    } else {
        d.deserialize_bytes(V::<L>)
    }
}

/// A `#[serde(with = "ctt_curves::serde_interop::bytes")]` module for fixed-size byte arrays
/// of any length, in the format above. serde's own array impls stop at 32 bytes, so this is what
/// a structure holding KZG commitments and proofs (`[u8; 48]` in ctt-kzg) or other encodings
/// uses.
pub mod bytes {
    use serde::{Deserializer, Serializer};

    /// Serialises `b` as [`super::serialize_bytes`] does.
    pub fn serialize<S: Serializer, const L: usize>(b: &[u8; L], s: S) -> Result<S::Ok, S::Error> {
        super::serialize_bytes(b, s)
    }

    /// Reads exactly `L` bytes, as [`super::deserialize_bytes`] does.
    pub fn deserialize<'de, D: Deserializer<'de>, const L: usize>(
        d: D,
    ) -> Result<[u8; L], D::Error> {
        super::deserialize_bytes::<D, L>(d)
    }
}

macro_rules! serde_point {
    ($ty:ty, $len:literal, $to:ident, $from:ident) => {
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                serialize_bytes(&self.$to(), s)
            }
        }
        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let bytes = deserialize_bytes::<D, $len>(d)?;
                <$ty>::$from(&bytes).map_err(D::Error::custom)
            }
        }
    };
}

serde_point!(bls12_381::G1Affine, 48, to_compressed, from_compressed);
serde_point!(bls12_381::G2Affine, 96, to_compressed, from_compressed);
serde_point!(bn254::G1Affine, 64, to_evm_bytes, from_evm_bytes);
serde_point!(bn254::G2Affine, 128, to_evm_bytes, from_evm_bytes);
