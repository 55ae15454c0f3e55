//! # ctt-bls
//!
//! BLS signatures as Ethereum's consensus layer uses them: the ciphersuite
//! `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_` of draft-irtf-cfrg-bls-signature-05 (public
//! keys in G1, 48 bytes; signatures in G2, 96 bytes; proof-of-possession scheme), with the
//! consensus specs' `eth_aggregate_pubkeys` and `eth_fast_aggregate_verify` (altair), EIP-2333
//! key derivation, and batch verification by random linear combination.
//!
//! | module | holds | spec |
//! |---|---|---|
//! | [`secret`] | `SecretKey`: KeyGen, EIP-2333, SkToPk, Sign, PopProve — constant time | draft §2.3–2.6, §3.3.2; EIP-2333 |
//! | [`keys`] | `PublicKey` (KeyValidate on decoding), `Signature` (subgroup check on decoding) | draft §2.5, §2.8 |
//! | [`verify`](mod@verify) | Verify, FastAggregateVerify, AggregateVerify, PopVerify, `eth_fast_aggregate_verify` | draft §2.7, §3.3 |
//! | [`aggregate`](mod@aggregate) | Aggregate, sums of public keys (batch-affine), `eth_aggregate_pubkeys` | draft §2.8 |
//! | [`batch`] | `batch_verify` with 64-bit blinding | ethresear.ch #5407 |
//! | `parallel` | `*_parallel` twins (feature `parallel`) | |
//!
//! **Conventions.** Bytes are decoded once into [`PublicKey`] / [`Signature`], which carry the
//! validity checks, so verification never repeats them. Verification returns
//! `Result<bool, BlsError>`: `Err` for malformed input (an identity public key, empty or
//! mismatched lists), `Ok(false)` for well-formed input that does not verify. Nothing panics on
//! any input. Secret keys are only handled by the constant-time [`secret`] module and wiped on
//! drop; everything else works on public data and takes the variable-time shortcuts.
//!
//! ```
//! use ctt_bls::{SecretKey, verify};
//! let sk = SecretKey::key_gen(&[7u8; 32], b"").unwrap();
//! let pk = sk.sk_to_pk();
//! let sig = sk.sign(b"hello");
//! assert_eq!(verify(&pk, b"hello", &sig), Ok(true));
//! assert_eq!(verify(&pk, b"hullo", &sig), Ok(false));
//! ```
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(test)]
extern crate std;

pub mod aggregate;
pub mod batch;
mod error;
pub mod keys;
#[cfg(feature = "parallel")]
mod parallel;
pub mod secret;
#[cfg(feature = "serde")]
mod serde_impl;
pub mod verify;

pub use aggregate::{aggregate, aggregate_public_keys, eth_aggregate_pubkeys};
pub use batch::{SignatureSet, batch_verify};
pub use error::BlsError;
pub use keys::{PUBLIC_KEY_BYTES, PublicKey, SIGNATURE_BYTES, Signature};
#[cfg(feature = "parallel")]
pub use parallel::{
    aggregate_verify_parallel, batch_verify_parallel, fast_aggregate_verify_parallel,
};
pub use secret::{SECRET_KEY_BYTES, SecretKey};
pub use verify::{
    aggregate_verify, eth_fast_aggregate_verify, fast_aggregate_verify, pop_verify, verify,
};

/// The signature DST of the ciphersuite (draft §4.2.3).
pub const DST: &[u8] = b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";
/// The proof-of-possession DST (draft §4.2.3).
pub const POP_DST: &[u8] = b"BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";

/// SkToPk (draft §2.4): the public key of `sk`.
pub fn sk_to_pk(sk: &SecretKey) -> PublicKey {
    sk.sk_to_pk()
}

/// Sign (draft §2.6): the signature of `msg` under `sk`.
pub fn sign(sk: &SecretKey, msg: &[u8]) -> Signature {
    sk.sign(msg)
}

/// PopProve (draft §3.3.2): the proof of possession of `sk`.
pub fn pop_prove(sk: &SecretKey) -> Signature {
    sk.pop_prove()
}

/// The crate README's example, compiled and run as a doc test.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
