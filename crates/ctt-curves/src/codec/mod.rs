//! Point encodings with typed errors: the ZCash/Ethereum format for BLS12-381 ([`zcash`]) and the
//! EVM formats of EIP-196/197 (BN254) and EIP-2537 (BLS12-381) ([`evm`]), SEC1 for secp256k1 and
//! P-256 ([`sec1`]). The functions are
//! inherent methods on the affine point types.

pub mod evm;
pub mod sec1;
pub mod zcash;

use ctt_bigint::{Choice, ConditionallySelectable};

/// `encoded`, or the identity's encoding (`first` in byte 0, zeros after: the ZCash flags, or 0
/// for the EVM formats) when `infinity`, selected without a branch (encoders are constant time).
fn or_identity<const L: usize>(encoded: [u8; L], first: u8, infinity: Choice) -> [u8; L] {
    let mut identity = [0u8; L];
    identity[0] = first;
    <[u8; L]>::conditional_select(&encoded, &identity, infinity)
}
