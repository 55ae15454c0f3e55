//! # ctt-precompiles
//!
//! Every cryptographic precompile of the EVM as a pure function: input bytes, a gas limit and a
//! fork in; output bytes and the gas used out, or the reason the call failed. No EVM crate is
//! needed (the optional `revm` feature plugs it into revm).
//!
//! ```
//! use ctt_precompiles::{Fork, PrecompileError, PrecompileId, run};
//!
//! // SHA-256 of "abc" through the precompile at 0x02: 60 + 12·⌈3/32⌉ gas.
//! let out = run(0x02, b"abc", 100_000, Fork::Osaka)?;
//! assert_eq!(out.gas_used, 72);
//! assert_eq!(out.bytes[..4], [0xba, 0x78, 0x16, 0xbf]);
//! // BN254 addition of the identity to itself (the input is zero-padded to 128 bytes).
//! let out = run(PrecompileId::Bn254Add.address(), &[], 150, Fork::Osaka)?;
//! assert_eq!((out.gas_used, out.bytes), (150, vec![0u8; 64]));
//! // A failure consumes all the gas given; the error says why.
//! assert_eq!(run(0x0b, &[0u8; 255], 1_000, Fork::Prague), Err(PrecompileError::InvalidInputLength));
//! // The BLS12-381 precompiles exist from Prague on.
//! assert_eq!(run(0x0b, &[0u8; 256], 1_000, Fork::Cancun), Err(PrecompileError::NotActive));
//! # Ok::<(), PrecompileError>(())
//! ```
//!
//! | address | precompile | gas | module |
//! |---|---|---|---|
//! | 0x01 | ecrecover | 3000 | [`ecrecover`](fn@ecrecover) |
//! | 0x02, 0x03, 0x04 | SHA-256, RIPEMD-160, identity | 60 + 12·words, 600 + 120·words, 15 + 3·words | [`sha256`](fn@sha256), [`ripemd160`](fn@ripemd160), [`identity`](fn@identity), [`hashes`] |
//! | 0x05 | modexp | EIP-198 → EIP-2565 (Berlin) → EIP-7883 (Osaka), EIP-7823 bound | [`modexp`](fn@modexp), [`modexp_gas`] |
//! | 0x06–0x08 | BN254 add, mul, pairing | EIP-196/197, EIP-1108 (Istanbul) | [`bn254`] |
//! | 0x09 | BLAKE2b F | rounds | [`blake2f`](fn@blake2f), [`blake2f_gas`] |
//! | 0x0a | KZG point evaluation | 50000 | [`point_evaluation`](fn@point_evaluation) |
//! | 0x0b–0x11 | BLS12-381 (EIP-2537) | EIP-2537, MSM discount tables | [`bls12`] |
//! | 0x100 | P256VERIFY | 6900 (EIP-7951) | [`p256verify`](fn@p256verify) |
//!
//! Semantics follow go-ethereum and revm exactly: the same inputs fail, the same outputs on
//! success (ecrecover and P256VERIFY answer an invalid signature with empty output, not a
//! failure), the same gas. All data here is public, so the fast variable-time paths are used.
#![no_std]
#![warn(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod blake2f;
pub mod bls12;
pub mod bn254;
#[cfg(feature = "alloc")]
mod ecdsa;
mod error;
pub mod hashes;
mod id;
#[cfg(feature = "alloc")]
mod kzg;
#[cfg(feature = "alloc")]
mod modexp;
#[cfg(feature = "revm-42")]
pub mod revm42;
#[cfg(feature = "revm-43")]
pub mod revm43;
/// ctt on the newest supported revm major ([`revm43`]; feature `revm`).
#[cfg(feature = "revm")]
pub use revm43 as revm;
#[cfg(feature = "alloy-evm-0.38")]
pub mod alloy038;
#[cfg(feature = "alloy-evm-0.39")]
pub mod alloy039;
/// ctt in the newest supported alloy-evm line ([`alloy039`]; feature `alloy-evm`).
#[cfg(feature = "alloy-evm")]
pub use alloy039 as alloy;
pub mod zkvm;

pub use blake2f::blake2f_gas;
pub use error::PrecompileError;
pub use id::PrecompileId;
#[cfg(feature = "alloc")]
pub use kzg::{kzg_to_versioned_hash, point_evaluation};
#[cfg(feature = "alloc")]
pub use modexp::{MAX_INPUT_LEN as MODEXP_MAX_INPUT_LEN, modexp_gas};

#[cfg(feature = "alloc")]
use alloc::vec::Vec;

/// The forks that changed the set of precompiles or their prices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Fork {
    /// Frontier's four precompiles (ecrecover, SHA-256, RIPEMD-160, identity).
    Homestead,
    /// MODEXP and the BN254 precompiles (EIP-196, 197, 198).
    Byzantium,
    /// BLAKE2 F (EIP-152), BN254 repriced (EIP-1108).
    Istanbul,
    /// MODEXP repriced (EIP-2565).
    Berlin,
    /// KZG point evaluation (EIP-4844).
    Cancun,
    /// BLS12-381 (EIP-2537).
    Prague,
    /// P256VERIFY (EIP-7951), MODEXP repriced and bounded (EIP-7883, EIP-7823).
    Osaka,
}

/// A successful call: the gas it used and its output.
#[cfg(feature = "alloc")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Output {
    /// Gas consumed.
    pub gas_used: u64,
    /// Returned bytes.
    pub bytes: Vec<u8>,
}

#[cfg(feature = "alloc")]
/// Runs the precompile at `address` on `fork`: [`PrecompileError::NotActive`] if there is
/// none, [`PrecompileError::OutOfGas`] if `gas_limit` does not cover its price.
pub fn run(
    address: u64,
    input: &[u8],
    gas_limit: u64,
    fork: Fork,
) -> Result<Output, PrecompileError> {
    let id = PrecompileId::active_at(address, fork).ok_or(PrecompileError::NotActive)?;
    call(id, input, gas_limit, fork)
}

/// The gas the precompile at `address` charges for `input` on `fork`: an error when the call
/// fails before it is priced (no precompile, or a length that has no price, such as an empty
/// or ragged EIP-2537 MSM input). A priced call may still fail later on its content (a point
/// off the curve), consuming all the gas given.
#[cfg(feature = "alloc")]
pub fn gas_cost(address: u64, input: &[u8], fork: Fork) -> Result<u64, PrecompileError> {
    let id = PrecompileId::active_at(address, fork).ok_or(PrecompileError::NotActive)?;
    price(id, input, fork)
}

/// The price of one call.
#[cfg(feature = "alloc")]
fn price(id: PrecompileId, input: &[u8], fork: Fork) -> Result<u64, PrecompileError> {
    use PrecompileId as P;
    match id {
        P::EcRecover => Ok(ecdsa::ECRECOVER_GAS),
        P::P256Verify => Ok(ecdsa::P256VERIFY_GAS),
        P::Sha256 => Ok(hashes::sha256_gas(input)),
        P::Ripemd160 => Ok(hashes::ripemd160_gas(input)),
        P::ModExp => modexp_gas(input, fork),
        P::Blake2F => blake2f_gas(input),
        P::Identity => Ok(hashes::identity_gas(input)),
        P::Bn254Add => Ok(bn254::add_gas(fork)),
        P::Bn254Mul => Ok(bn254::mul_gas(fork)),
        P::Bn254Pairing => Ok(bn254::pairing_gas(input, fork)),
        P::KzgPointEvaluation => Ok(kzg::GAS),
        P::Bls12G1Add => Ok(bls12::G1_ADD_GAS),
        P::Bls12G2Add => Ok(bls12::G2_ADD_GAS),
        P::Bls12G1Msm => bls12::g1_msm_gas(input),
        P::Bls12G2Msm => bls12::g2_msm_gas(input),
        P::Bls12PairingCheck => bls12::pairing_gas(input),
        P::Bls12MapFpToG1 => Ok(bls12::MAP_FP_TO_G1_GAS),
        P::Bls12MapFp2ToG2 => Ok(bls12::MAP_FP2_TO_G2_GAS),
    }
}

/// The output of one call that has been paid for.
#[cfg(feature = "alloc")]
fn execute(id: PrecompileId, input: &[u8]) -> Result<Vec<u8>, PrecompileError> {
    use PrecompileId as P;
    match id {
        P::EcRecover => Ok(ecdsa::ecrecover_output(input)),
        P::P256Verify => Ok(ecdsa::p256verify_output(input)),
        P::Sha256 => Ok(hashes::sha256_output(input)),
        P::Ripemd160 => Ok(hashes::ripemd160_output(input)),
        P::ModExp => modexp::output(input),
        P::Blake2F => blake2f::output(input),
        P::Identity => Ok(input.to_vec()),
        P::Bn254Add => bn254::add_output(input),
        P::Bn254Mul => bn254::mul_output(input),
        P::Bn254Pairing => bn254::pairing_output(input),
        P::KzgPointEvaluation => kzg::output(input),
        P::Bls12G1Add => bls12::g1_add_output(input),
        P::Bls12G2Add => bls12::g2_add_output(input),
        P::Bls12G1Msm => bls12::g1_msm_output(input),
        P::Bls12G2Msm => bls12::g2_msm_output(input),
        P::Bls12PairingCheck => bls12::pairing_output(input),
        P::Bls12MapFpToG1 => bls12::map_fp_to_g1_output(input),
        P::Bls12MapFp2ToG2 => bls12::map_fp2_to_g2_output(input),
    }
}

/// Price, charge, execute.
#[cfg(feature = "alloc")]
fn call(
    id: PrecompileId,
    input: &[u8],
    gas_limit: u64,
    fork: Fork,
) -> Result<Output, PrecompileError> {
    // MODEXP's floor price is charged before its header is read (go-ethereum and revm): a gas
    // limit below it is out of gas whatever the input.
    if id == PrecompileId::ModExp && modexp::floor_gas(fork) > gas_limit {
        return Err(PrecompileError::OutOfGas);
    }
    let gas_used = price(id, input, fork)?;
    if gas_used > gas_limit {
        return Err(PrecompileError::OutOfGas);
    }
    let bytes = execute(id, input)?;
    Ok(Output { gas_used, bytes })
}

/// `base + per_word·⌈len/32⌉`, the price of the hashing and copying precompiles.
pub(crate) const fn linear_cost(len: usize, base: u64, per_word: u64) -> u64 {
    base + per_word * (len as u64).div_ceil(32)
}

/// `data` zero-extended (or cut) to exactly `N` bytes: the BN254 precompiles read that way.
#[cfg(feature = "alloc")]
pub(crate) fn right_pad<const N: usize>(data: &[u8]) -> [u8; N] {
    let mut out = [0u8; N];
    let n = data.len().min(N);
    out[..n].copy_from_slice(&data[..n]);
    out
}

macro_rules! entry_points {
    ($($(#[$doc:meta])* $name:ident => $id:ident;)*) => {$(
        $(#[$doc])*
        #[cfg(feature = "alloc")]
        pub fn $name(input: &[u8], gas_limit: u64, fork: Fork) -> Result<Output, PrecompileError> {
            call(PrecompileId::$id, input, gas_limit, fork)
        }
    )*};
}

entry_points! {
    /// 0x01: the address that signed a hash (secp256k1 ECDSA recovery), left-padded to 32
    /// bytes, or empty output; 3000 gas.
    ecrecover => EcRecover;
    /// 0x02: SHA-256 of the input (32 bytes); 60 + 12 gas per word.
    sha256 => Sha256;
    /// 0x03: RIPEMD-160 of the input, left-padded to 32 bytes; 600 + 120 gas per word.
    ripemd160 => Ripemd160;
    /// 0x04: the input itself; 15 + 3 gas per word.
    identity => Identity;
    /// 0x05: `base^exp mod modulus` (EIP-198), priced per fork (EIP-2565, EIP-7883), operands
    /// bounded by EIP-7823 from Osaka.
    modexp => ModExp;
    /// 0x09: the BLAKE2b compression function F (EIP-152); one gas per round.
    blake2f => Blake2F;
    /// 0x06: BN254 G1 addition (EIP-196): 128 input bytes (zero-extended), 64 output bytes.
    bn254_add => Bn254Add;
    /// 0x07: BN254 G1 scalar multiplication (EIP-196): point and 256-bit scalar, 96 input bytes
    /// (zero-extended), 64 output bytes.
    bn254_mul => Bn254Mul;
    /// 0x08: BN254 pairing check (EIP-197): pairs of 192 bytes, 32 output bytes 0/1.
    bn254_pairing => Bn254Pairing;
    /// 0x0b: BLS12-381 G1 addition (EIP-2537), points checked on the curve only.
    bls12_g1add => Bls12G1Add;
    /// 0x0c: BLS12-381 G1 MSM (EIP-2537), points checked in the subgroup, scalars any 256 bits.
    bls12_g1msm => Bls12G1Msm;
    /// 0x0d: BLS12-381 G2 addition (EIP-2537), points checked on the curve only.
    bls12_g2add => Bls12G2Add;
    /// 0x0e: BLS12-381 G2 MSM (EIP-2537).
    bls12_g2msm => Bls12G2Msm;
    /// 0x0f: BLS12-381 pairing check (EIP-2537): pairs of 384 bytes, 32 output bytes 0/1.
    bls12_pairing_check => Bls12PairingCheck;
    /// 0x10: BLS12-381 `map_to_curve` + `clear_cofactor` of one Fp element into G1 (EIP-2537).
    bls12_map_fp_to_g1 => Bls12MapFpToG1;
    /// 0x11: BLS12-381 `map_to_curve` + `clear_cofactor` of one Fp2 element into G2 (EIP-2537).
    bls12_map_fp2_to_g2 => Bls12MapFp2ToG2;
    /// 0x100: P-256 ECDSA verification (EIP-7951): 32 bytes 1, or empty output; 6900 gas.
    p256verify => P256Verify;
}

/// The crate README's example, compiled and run as a doc test.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
