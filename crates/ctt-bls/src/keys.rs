//! Public keys (points of G1) and signatures (points of G2), decoded and validated once.
//!
//! Decoding is where the expensive checks happen (draft-irtf-cfrg-bls-signature-05 §2.5
//! KeyValidate, §2.8 `signature_subgroup_check`): a [`PublicKey`] or [`Signature`] value is
//! always a point of the prime-order subgroup, so the verification functions never repeat the
//! checks. Encodings are the ZCash/Ethereum compressed ones (48 and 96 bytes).

use crate::BlsError;
use ctt_curves::AffineRepr;
use ctt_curves::bls12_381::{G1Affine, G2Affine};

/// Bytes of a compressed public key.
pub const PUBLIC_KEY_BYTES: usize = 48;
/// Bytes of a compressed signature.
pub const SIGNATURE_BYTES: usize = 96;

/// A BLS public key: a point of G1.
///
/// Invariant: in the prime-order subgroup. Keys decoded by [`PublicKey::from_bytes`] or derived
/// from a secret key are never the identity; an aggregate ([`crate::aggregate_public_keys`]) can
/// be (keys that cancel), and the verification functions reject an identity key as KeyValidate
/// does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PublicKey(pub(crate) G1Affine);

/// A BLS signature: a point of G2 (invariant: in the prime-order subgroup; the identity is a
/// valid encoding, which verifies only in the cases the specs allow).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Signature(pub(crate) G2Affine);

impl PublicKey {
    /// Decodes a 48-byte compressed key and runs KeyValidate (draft §2.5): canonical encoding,
    /// on the curve, in the subgroup, and not the identity.
    ///
    /// # Errors
    ///
    /// [`BlsError::InvalidLength`], [`BlsError::Curve`] (flags, non-canonical, off the curve, out
    /// of the subgroup), [`BlsError::IdentityPublicKey`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, BlsError> {
        if bytes.len() != PUBLIC_KEY_BYTES {
            return Err(BlsError::InvalidLength);
        }
        let p = G1Affine::from_compressed(bytes)?;
        if p.infinity.to_bool_vartime() {
            return Err(BlsError::IdentityPublicKey);
        }
        Ok(PublicKey(p))
    }

    /// The 48-byte compressed encoding.
    pub fn to_bytes(&self) -> [u8; PUBLIC_KEY_BYTES] {
        self.0.to_compressed()
    }

    /// The 96-byte uncompressed encoding (`x || y`), which [`PublicKey::from_trusted_uncompressed`]
    /// turns back into a key without the subgroup check: for caching validated keys in storage
    /// the caller manages (a validator registry, a C struct) at about 1 % of a decoding's cost.
    pub fn to_uncompressed(&self) -> [u8; 96] {
        self.0.to_uncompressed()
    }

    /// A key from [`PublicKey::to_uncompressed`]'s bytes of a key that was validated when it was
    /// first decoded. Checks the encoding, canonical coordinates, the curve equation and that
    /// the key is not the identity, but **not the subgroup**: it skips the expensive part of
    /// KeyValidate, so it must only be given bytes this library produced from a validated key
    /// (as blst's `blst_p1_deserialize` leaves the subgroup check to the caller). A point outside
    /// the subgroup would void the scheme's security.
    ///
    /// # Errors
    ///
    /// [`BlsError::Curve`] (flags, non-canonical, off the curve), [`BlsError::IdentityPublicKey`].
    pub fn from_trusted_uncompressed(bytes: &[u8; 96]) -> Result<Self, BlsError> {
        let p = G1Affine::from_uncompressed_unchecked(bytes)?;
        if p.infinity.to_bool_vartime() {
            return Err(BlsError::IdentityPublicKey);
        }
        Ok(PublicKey(p))
    }

    /// The point.
    pub fn as_affine(&self) -> &G1Affine {
        &self.0
    }

    /// Whether this is the identity (only an aggregate of cancelling keys can be).
    pub fn is_identity(&self) -> bool {
        self.0.is_identity().to_bool_vartime()
    }

    /// KeyValidate's identity check for an already decoded key.
    pub(crate) fn validate(&self) -> Result<&G1Affine, BlsError> {
        if self.is_identity() {
            Err(BlsError::IdentityPublicKey)
        } else {
            Ok(&self.0)
        }
    }
}

impl Signature {
    /// Decodes a 96-byte compressed signature with the subgroup check (draft §2.8). The identity
    /// decodes (it is in the subgroup); it verifies against nothing but the Ethereum special
    /// case of [`crate::eth_fast_aggregate_verify`].
    ///
    /// # Errors
    ///
    /// [`BlsError::InvalidLength`], [`BlsError::Curve`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, BlsError> {
        if bytes.len() != SIGNATURE_BYTES {
            return Err(BlsError::InvalidLength);
        }
        Ok(Signature(G2Affine::from_compressed(bytes)?))
    }

    /// The 96-byte compressed encoding.
    pub fn to_bytes(&self) -> [u8; SIGNATURE_BYTES] {
        self.0.to_compressed()
    }

    /// The point.
    pub fn as_affine(&self) -> &G2Affine {
        &self.0
    }

    /// Whether this is the identity.
    pub fn is_identity(&self) -> bool {
        self.0.is_identity().to_bool_vartime()
    }
}
