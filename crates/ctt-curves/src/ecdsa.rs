//! ECDSA verification and public-key recovery (SEC 1 v2 §4.1.4 and §4.1.6) for secp256k1 and
//! P-256, with the semantics the EVM needs: secp256k1 recovery as the `ecrecover` precompile
//! (go-ethereum, revm) and P-256 verification as EIP-7951's `P256VERIFY`.
//!
//! Everything here handles public data (signatures, hashes, public keys) and runs variable-time
//! code: GLV splits, wNAF recodings and Straus's interleaved ladder
//! ([`crate::secp256k1::double_mul_vartime`], [`crate::p256::double_mul_vartime`]) and
//! variable-time inversions. Signing (secret keys) is not here.
//!
//! Conventions: the 32-byte message hash is read as a big-endian integer and reduced mod n
//! (for 256-bit curves and 256-bit hashes that is SEC1's truncation followed by the reduction);
//! `r` and `s` are 32-byte big-endian integers that must lie in `[1, n − 1]` (high `s` is
//! accepted, as the EVM does). Malformed inputs are `Err`; a well-formed signature that does not
//! verify is `Ok(false)` (ARCHITECTURE's rule for verification). No input panics.
//!
//! The verification equation is checked without an inversion: `R' = [u1]G + [u2]Q` in Jacobian
//! coordinates `(X, Y, Z)` has `x(R') ≡ r (mod n)` iff `X = r·Z²` or, when `r + n < p`,
//! `X = (r + n)·Z²` (the only other preimage of `r` below `p`, since `p < 2n`).
//! This module lives in ctt-curves (not a crate of its own): it needs only the groups and fields,
//! and the precompile layer above adds the EVM encodings (v = 27/28, the Keccak address).

use crate::named::{p256, secp256k1};
use crate::sw::vartime::JacobianVar;
use crate::sw::{Affine, SwCurveConfig};
use crate::traits::CurveError;
use ctt_bigint::BigInt;
use ctt_field::{Field, PrimeField};

/// Why an ECDSA input was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum EcdsaError {
    /// `r` is zero or not below the group order n.
    InvalidR,
    /// `s` is zero or not below the group order n.
    InvalidS,
    /// The recovery id is not 0 or 1 (ids 2 and 3, `x = r + n`, are not used by the EVM).
    InvalidRecoveryId,
    /// No curve point has x-coordinate `r` (recovery).
    NoPointForR,
    /// The recovered key is the point at infinity.
    RecoveredIdentity,
    /// The public key is malformed: wrong length, unknown prefix, coordinate ≥ p, or not on the
    /// curve (the point at infinity has no encoding, so it lands here too).
    InvalidPublicKey(CurveError),
}

impl core::fmt::Display for EcdsaError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            EcdsaError::InvalidR => f.write_str("r is not in [1, n-1]"),
            EcdsaError::InvalidS => f.write_str("s is not in [1, n-1]"),
            EcdsaError::InvalidRecoveryId => f.write_str("recovery id is not 0 or 1"),
            EcdsaError::NoPointForR => f.write_str("no curve point has x = r"),
            EcdsaError::RecoveredIdentity => f.write_str("recovered key is the point at infinity"),
            EcdsaError::InvalidPublicKey(e) => write!(f, "invalid public key: {e}"),
        }
    }
}

impl From<CurveError> for EcdsaError {
    fn from(e: CurveError) -> Self {
        EcdsaError::InvalidPublicKey(e)
    }
}

/// A scalar in `[1, n − 1]` from 32 big-endian bytes.
fn scalar_in_range<F: PrimeField<Repr = [u8; 32]>>(bytes: &[u8; 32]) -> Option<F> {
    let x = F::from_bytes_be(bytes).into_option()?;
    if x.is_zero_vartime() { None } else { Some(x) }
}

/// The curve-specific half of the verification: the double-scalar product and the constants.
trait EcdsaCurve: SwCurveConfig
where
    Self::Base: PrimeField<Repr = [u8; 32]>,
    Self::Scalar: PrimeField<Repr = [u8; 32]>,
{
    /// `[u1]G + [u2]Q`, variable time.
    fn double_mul_vartime(
        u1: &Self::Scalar,
        u2: &Self::Scalar,
        q: &JacobianVar<Self>,
    ) -> JacobianVar<Self>;
}

impl EcdsaCurve for secp256k1::Config {
    fn double_mul_vartime(
        u1: &Self::Scalar,
        u2: &Self::Scalar,
        q: &JacobianVar<Self>,
    ) -> JacobianVar<Self> {
        secp256k1::double_mul_vartime(u1, u2, q)
    }
}

impl EcdsaCurve for p256::Config {
    fn double_mul_vartime(
        u1: &Self::Scalar,
        u2: &Self::Scalar,
        q: &JacobianVar<Self>,
    ) -> JacobianVar<Self> {
        p256::double_mul_vartime(u1, u2, q)
    }
}

/// The modulus of a prime field as a 4-limb integer.
fn modulus<F: PrimeField>() -> BigInt<4> {
    let mut l = [0u64; 4];
    l.copy_from_slice(&F::MODULUS_LIMBS[..4]);
    BigInt(l)
}

/// SEC1 §4.1.4 on a decoded key: `R' = [e/s]G + [r/s]Q`, accept iff `R' ≠ O` and
/// `x(R') mod n = r`.
fn verify_prehashed<C: EcdsaCurve>(
    msg_hash: &[u8; 32],
    r_bytes: &[u8; 32],
    s_bytes: &[u8; 32],
    q: &Affine<C>,
) -> Result<bool, EcdsaError>
where
    C::Base: PrimeField<Repr = [u8; 32]>,
    C::Scalar: PrimeField<Repr = [u8; 32]>,
{
    let r: C::Scalar = scalar_in_range(r_bytes).ok_or(EcdsaError::InvalidR)?;
    let s: C::Scalar = scalar_in_range(s_bytes).ok_or(EcdsaError::InvalidS)?;
    let e = C::Scalar::from_bytes_be_mod_order(msg_hash);
    let s_inv = s.invert_vartime().ok_or(EcdsaError::InvalidS)?;
    let u1 = e * s_inv;
    let u2 = r * s_inv;
    let rp = C::double_mul_vartime(&u1, &u2, &JacobianVar::from_affine(q));
    Ok(x_matches_vartime::<C>(&rp, r_bytes))
}

/// Whether `x(R') ≡ r (mod n)` for `R'` in Jacobian coordinates, without an inversion; false for
/// the identity.
fn x_matches_vartime<C: EcdsaCurve>(rp: &JacobianVar<C>, r_bytes: &[u8; 32]) -> bool
where
    C::Base: PrimeField<Repr = [u8; 32]>,
    C::Scalar: PrimeField<Repr = [u8; 32]>,
{
    if rp.is_identity_vartime() {
        return false;
    }
    let zz = rp.z.square();
    // r < n < p: always a canonical base-field element.
    let Some(r_fp) = C::Base::from_bytes_be(r_bytes).into_option() else {
        return false;
    };
    if (r_fp * zz) == rp.x {
        return true;
    }
    // The other candidate x = r + n, when it is below p.
    let Some(r_int) = BigInt::<4>::from_bytes_be(r_bytes) else {
        return false;
    };
    let (rn, carry) = r_int.add_with_carry(&modulus::<C::Scalar>());
    if carry != 0 || !rn.lt_vartime(&modulus::<C::Base>()) {
        return false;
    }
    let mut repr = [0u8; 32];
    rn.to_bytes_be(&mut repr);
    match C::Base::from_bytes_be(&repr).into_option() {
        Some(x) => (x * zz) == rp.x,
        None => false,
    }
}

/// secp256k1 ECDSA verification of a 32-byte message hash against a SEC1-encoded public key
/// (33 or 65 bytes). Low `s` is not required. `Ok(false)` when the signature does not verify.
pub fn secp256k1_verify(
    msg_hash: &[u8; 32],
    r: &[u8; 32],
    s: &[u8; 32],
    public_key_sec1: &[u8],
) -> Result<bool, EcdsaError> {
    let q = secp256k1::Affine::from_sec1_bytes(public_key_sec1)?;
    verify_prehashed::<secp256k1::Config>(msg_hash, r, s, &q)
}

/// secp256k1 public-key recovery with the EVM's `ecrecover` semantics: `r, s ∈ [1, n − 1]` (high
/// `s` accepted), `recovery_id ∈ {0, 1}` (the precompile maps `v = 27/28`; ids 2 and 3, for
/// `x = r + n`, are rejected), `R = (r, y)` with y's parity the recovery id, and
/// `Q = r⁻¹(sR − eG)` with `e` the hash mod n. Returns the uncompressed key `x ‖ y` (64 bytes,
/// big-endian); the EVM's address is the last 20 bytes of its Keccak-256.
pub fn secp256k1_recover(
    msg_hash: &[u8; 32],
    r: &[u8; 32],
    s: &[u8; 32],
    recovery_id: u8,
) -> Result<[u8; 64], EcdsaError> {
    type Fr = ctt_field::secp256k1::Fr;
    type Fp = ctt_field::secp256k1::Fp;
    let r_s: Fr = scalar_in_range(r).ok_or(EcdsaError::InvalidR)?;
    let s_s: Fr = scalar_in_range(s).ok_or(EcdsaError::InvalidS)?;
    if recovery_id > 1 {
        return Err(EcdsaError::InvalidRecoveryId);
    }
    // x = r (r < n < p, so canonical in Fp).
    let x = Fp::from_bytes_be(r)
        .into_option()
        .ok_or(EcdsaError::InvalidR)?;
    let big_r =
        secp256k1::Affine::from_x_and_parity(&x, ctt_bigint::Choice::from_lsb(recovery_id as u64))
            .into_option()
            .ok_or(EcdsaError::NoPointForR)?;
    let e = Fr::from_bytes_be_mod_order(msg_hash);
    let r_inv = r_s.invert_vartime().ok_or(EcdsaError::InvalidR)?;
    let u1 = -(e * r_inv);
    let u2 = s_s * r_inv;
    let q = secp256k1::double_mul_vartime(&u1, &u2, &JacobianVar::from_affine(&big_r));
    if q.is_identity_vartime() {
        return Err(EcdsaError::RecoveredIdentity);
    }
    let a = q.to_affine_vartime();
    let mut out = [0u8; 64];
    out[..32].copy_from_slice(&a.x.to_bytes_be());
    out[32..].copy_from_slice(&a.y.to_bytes_be());
    Ok(out)
}

/// The EVM `ecrecover`: [`secp256k1_recover`], then the address of the recovered key, the last
/// 20 bytes of the Keccak-256 of its 64-byte encoding.
pub fn secp256k1_recover_address(
    msg_hash: &[u8; 32],
    r: &[u8; 32],
    s: &[u8; 32],
    recovery_id: u8,
) -> Result<[u8; 20], EcdsaError> {
    let key = secp256k1_recover(msg_hash, r, s, recovery_id)?;
    let digest = ctt_hash::keccak256(&key);
    let mut address = [0u8; 20];
    address.copy_from_slice(&digest[12..]);
    Ok(address)
}

/// P-256 ECDSA verification with EIP-7951's semantics: `r, s ∈ [1, n − 1]`, the public key
/// `(qx, qy)` has coordinates below p, lies on the curve and is not the point at infinity (whose
/// `(0, 0)` is not on the curve), `R' = [h/s]G + [r/s]Q` is not the identity and
/// `x(R') mod n = r`. `Err` for malformed input, `Ok(false)` for a signature that does not verify;
/// the precompile returns 1 exactly for `Ok(true)`.
pub fn p256_verify(
    msg_hash: &[u8; 32],
    r: &[u8; 32],
    s: &[u8; 32],
    qx: &[u8; 32],
    qy: &[u8; 32],
) -> Result<bool, EcdsaError> {
    let q = p256::Affine::from_xy_bytes(qx, qy)?;
    verify_prehashed::<p256::Config>(msg_hash, r, s, &q)
}

/// secp256k1 verification against a decoded key (for callers that decode once).
pub fn secp256k1_verify_affine(
    msg_hash: &[u8; 32],
    r: &[u8; 32],
    s: &[u8; 32],
    public_key: &secp256k1::Affine,
) -> Result<bool, EcdsaError> {
    if public_key.infinity.to_bool_vartime() || !public_key.is_on_curve_ct().to_bool_vartime() {
        return Err(EcdsaError::InvalidPublicKey(CurveError::NotOnCurve));
    }
    verify_prehashed::<secp256k1::Config>(msg_hash, r, s, public_key)
}
