//! # ctt-groth16
//!
//! Groth16 verification (Groth, "On the Size of Pairing-based Non-interactive Arguments",
//! EUROCRYPT 2016) on BN254 and BLS12-381, one generic implementation configured by the curve
//! ([`Groth16Curve`]: ctt-pairing's curve data plus snarkjs' curve name), and circomlib's MiMC
//! hashes ([`mimc`]).
//!
//! ```
//! use ctt_groth16::bn254::{Proof, VerifyingKey};
//! use ctt_groth16::{Compress, verify};
//! # fn run(vk_bytes: &[u8], proof_bytes: &[u8], inputs: &[ctt_field::bn254::Fr])
//! #     -> Result<(), ctt_groth16::Groth16Error> {
//! let pvk = VerifyingKey::from_arkworks_bytes(vk_bytes, Compress::Yes)?.prepare();
//! let proof = Proof::from_arkworks_bytes(proof_bytes, Compress::Yes)?;
//! let valid: bool = verify(&pvk, &proof, inputs)?;
//! # let _ = valid; Ok(()) }
//! ```
//!
//! * [`verify`]: one multi-Miller loop of three pairs (two on the prepared lines of `−γ`, `−δ`),
//!   one final exponentiation, the public inputs folded in by MSM.
//! * [`verify_batch`], `verify_batch_parallel` (feature `parallel`, on the caller's rayon pool):
//!   many proofs of one circuit by a random linear combination (Bellare–Garay–Rabin small
//!   exponents), n + 3 Miller pairs and one final exponentiation.
//! * [`codec`]: arkworks' canonical serialisation, snarkjs' JSON files (feature `serde`), the
//!   Solidity verifier's calldata (BN254); every decoder checks canonical coordinates, curve,
//!   subgroup (G1 and G2), scalars `< r`, and returns a typed [`Groth16Error`].
//!
//! **Public data.** Keys, proofs and public inputs are public: verification and decoding run
//! variable-time code (`ctt-msm`, vartime subgroup answers), as every verifier does; the helper
//! that is only that says so in its name ([`prepare_inputs_vartime`]). The MiMC hashes are
//! constant time.
//!
//! Verification returns `Result<bool, Groth16Error>`: `Err` for malformed input (wrong number
//! of inputs, an empty batch), `Ok(false)` for a well-formed proof that does not verify.
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod batch;
pub mod codec;
mod engine;
mod error;
mod keys;
pub mod mimc;
#[cfg(feature = "parallel")]
mod parallel;
mod verify;

pub use batch::{BatchItem, verify_batch};
pub use codec::arkworks::Compress;
pub use engine::{Fq, Fq2, Fr, G1Affine, G1Projective, G2Affine, Groth16Curve};
pub use error::Groth16Error;
pub use keys::{PreparedVerifyingKey, Proof, VerifyingKey};
#[cfg(feature = "parallel")]
pub use parallel::verify_batch_parallel;
pub use verify::{prepare_inputs_vartime, verify, verify_naive_vartime};

macro_rules! curve_aliases {
    ($cfg:ty) => {
        /// The curve's configuration.
        pub type Curve = $cfg;
        /// A verifying key on this curve.
        pub type VerifyingKey = crate::VerifyingKey<$cfg>;
        /// A prepared verifying key on this curve.
        pub type PreparedVerifyingKey = crate::PreparedVerifyingKey<$cfg>;
        /// A proof on this curve.
        pub type Proof = crate::Proof<$cfg>;
        /// A batch item on this curve.
        pub type BatchItem<'a> = crate::BatchItem<'a, $cfg>;
    };
}

/// BN254 (alt_bn128, snarkjs' `bn128`): the curve of Ethereum's pairing precompile.
pub mod bn254 {
    curve_aliases!(ctt_pairing::bn254::Bn254);
    pub use crate::codec::calldata::{proof_from_calldata, proof_to_calldata};
    pub use ctt_field::bn254::Fr;
}

/// BLS12-381 (snarkjs' `bls12381`): Zcash Sapling, Filecoin.
pub mod bls12_381 {
    curve_aliases!(ctt_pairing::bls12_381::Bls12_381);
    pub use ctt_field::bls12_381::Fr;
}
