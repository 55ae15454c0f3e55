//! `serde` for [`PublicKey`] and [`Signature`] (feature `serde`): their 48- and 96-byte
//! compressed encodings, as `0x`-hex strings in human-readable formats (JSON: what the Ethereum
//! consensus APIs use) and byte strings in binary ones. Deserialising runs the full validation of
//! [`PublicKey::from_bytes`] (KeyValidate: canonical, on the curve, in the subgroup, not the
//! identity) and [`Signature::from_bytes`] (canonical, on the curve, in the subgroup).
//!
//! `SecretKey` is deliberately not serialisable: writing a secret key through a general-purpose
//! serialiser would put it in buffers nobody wipes (it is zeroised on drop here); use
//! `SecretKey::to_bytes` where a key must be stored, and an EIP-2335 keystore to store it safely.

use crate::keys::{PUBLIC_KEY_BYTES, PublicKey, SIGNATURE_BYTES, Signature};
use ctt_curves::serde_interop::{deserialize_bytes, serialize_bytes};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

impl Serialize for PublicKey {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serialize_bytes(&self.to_bytes(), s)
    }
}

impl<'de> Deserialize<'de> for PublicKey {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let bytes = deserialize_bytes::<D, PUBLIC_KEY_BYTES>(d)?;
        PublicKey::from_bytes(&bytes).map_err(D::Error::custom)
    }
}

impl Serialize for Signature {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serialize_bytes(&self.to_bytes(), s)
    }
}

impl<'de> Deserialize<'de> for Signature {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let bytes = deserialize_bytes::<D, SIGNATURE_BYTES>(d)?;
        Signature::from_bytes(&bytes).map_err(D::Error::custom)
    }
}
