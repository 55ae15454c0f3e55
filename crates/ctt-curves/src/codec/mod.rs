//! Point encodings with typed errors: the ZCash/Ethereum format for BLS12-381 ([`zcash`]) and the
//! EVM formats of EIP-196/197 (BN254) and EIP-2537 (BLS12-381) ([`evm`]), SEC1 for secp256k1 and
//! P-256 ([`sec1`]). The functions are
//! inherent methods on the affine point types.

pub mod evm;
pub mod sec1;
pub mod zcash;
