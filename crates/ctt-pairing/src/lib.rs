//! # ctt-pairing
//!
//! Optimal ate pairings for Ethereum's two pairing-friendly curves, BLS12-381 ([`bls12_381`]) and
//! BN254 ([`bn254`]), on one generic implementation configured per curve by [`PairingConfig`]:
//!
//! ```
//! use ctt_curves::CurveGroup;
//! use ctt_curves::bls12_381::{G1Projective, G2Projective};
//! use ctt_field::bls12_381::Fr;
//! use ctt_field::PrimeField;
//! use ctt_pairing::bls12_381::{pairing, pairing_check};
//!
//! // Bilinearity: e([a]P, Q) = e(P, [a]Q), and the check form e([a]P, Q)·e(−P, [a]Q) = 1.
//! let a = Fr::from_u64(42);
//! let (p, q) = (G1Projective::generator(), G2Projective::generator());
//! assert_eq!(
//!     pairing(&p.mul(&a).to_affine(), &q.to_affine()),
//!     pairing(&p.to_affine(), &q.mul(&a).to_affine())
//! );
//! assert!(pairing_check(&[
//!     (p.mul(&a).to_affine(), q.to_affine()),
//!     ((-p).to_affine(), q.mul(&a).to_affine()),
//! ]));
//! ```
//!
//! * [`miller_loop`]: one multi-Miller loop (Aranha et al., *Guide to Pairing-Based Cryptography*
//!   Alg. 11.2: the Fp12 squarings are shared by all pairs) over the signed digits of the curve's
//!   loop parameter, with projective line functions fused into the point doubling and addition
//!   ([`lines`]: Costello–Lange–Naehrig eprint 2009/615, Aranha–Barreto–Longa–Ricardini eprint
//!   2013/722 §4.3) and sparse multiplications by the lines (M-twist `014`, D-twist `034`).
//! * [`final_exp`]: the easy part `(p⁶ − 1)(p² + 1)` and the curve's hard part (BLS12:
//!   Hayashida–Hayasaka–Teruya eprint 2020/875; BN: Duquesne–Ghammam eprint 2015/192 with the
//!   Fuentes-Castañeda et al. chain), with Granger–Scott cyclotomic squarings, Karabina's
//!   compressed squarings on the long zero runs of BLS12's z and a width-4 NAF of BN's x₀
//!   ([`cyclotomic`]).
//! * [`Gt`]: the target group (the order-r subgroup of the cyclotomic subgroup of Fp12*).
//!
//! **Which power of the pairing.** The fast hard parts raise to a fixed multiple `m` of
//! `(p¹² − 1)/r` with `m` coprime to r, so `Gt` values are `e(P, Q)^m`: `m = 3` for BLS12-381 (as
//! gnark and Constantine) and `m = 2x₀(6x₀² + 3x₀ + 1)` for BN254 (as gnark). Bilinearity,
//! non-degeneracy and every check against one are unaffected; comparing raw `Gt` bytes with
//! another library needs the same `m`.
//!
//! **Constant time.** The Miller loop and the final exponentiation run in time independent of the
//! points' values (pairs with an identity point are neutralised by selection, not by branches);
//! the number of pairs is public. [`Gt::pow`] is constant time in base and exponent.
//! **Inputs are not validated here**: callers decode points with the curve layer (on-curve and
//! subgroup checks); a pairing of points outside G1 × G2 is meaningless.
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;

#[cfg(feature = "alloc")]
pub mod affine_loop;
pub mod cyclotomic;
mod engine;
pub mod final_exp;
pub mod gt;
pub mod lines;
pub mod miller_loop;
pub mod named;
#[cfg(feature = "pairing")]
pub mod pairing_interop;
#[cfg(feature = "alloc")]
pub mod prepared;
#[cfg(any(test, feature = "reference"))]
pub mod reference;

pub use engine::{LoopParam, Pair, PairingConfig, Twist};
pub use gt::{Gt, MillerLoopResult};
pub use named::{bls12_381, bn254};
#[cfg(feature = "alloc")]
pub use prepared::G2Prepared;

/// The crate README's example, compiled and run as a doc test.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
