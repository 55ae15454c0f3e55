//! # ctt-bigint
//!
//! Fixed-width unsigned integers (`BigInt<N>`, little-endian 64-bit limbs), the constant-time
//! vocabulary of the whole stack (`Choice`, `CtOption`, `ConstantTimeEq`,
//! `ConditionallySelectable`) and Montgomery arithmetic with run-time selected backends.
//!
//! ```
//! use ctt_bigint::{BigInt, ConditionallySelectable, ConstantTimeEq};
//!
//! // 256-bit integers from big-endian bytes; comparisons answer with a constant-time `Choice`.
//! let a = BigInt::<4>::from_bytes_be(&[0x12; 32]).unwrap();
//! let b = BigInt::<4>::from_u64(7);
//! assert!(b.ct_lt(&a).to_bool_vartime());
//! assert!(!a.ct_eq(&b).to_bool_vartime());
//! // Selection without a branch on the (secret) condition.
//! let picked = BigInt::conditional_select(&a, &b, a.ct_eq(&a));
//! assert_eq!(picked, b);
//! ```
//!
//! Layering: this is the bottom crate; it depends on nothing. It is the only crate of the workspace
//! allowed `unsafe`, and only inside [`backend`], where the assembly kernels are entered, and
//! [`zeroize`], whose volatile writes wipe secrets.
//!
//! Constant-time rule: every function whose name lacks `_vartime` runs in time independent of the
//! values of its arguments (lengths, limb counts and moduli are public).
#![no_std]
#![deny(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "std")]
extern crate std;

#[cfg(feature = "alloc")]
extern crate alloc;

pub mod backend;
mod bigint;
pub mod ct;
pub mod exp;
pub mod inversion;
#[cfg(feature = "alloc")]
pub mod modexp;
pub mod montgomery;
pub mod zeroize;

pub use bigint::{BigInt, adc, mac, mac_split, sbb};
pub use ct::{Choice, ConditionallyNegatable, ConditionallySelectable, ConstantTimeEq, CtOption};
#[cfg(feature = "alloc")]
pub use modexp::modexp;

/// The crate README's example, compiled and run as a doc test.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
