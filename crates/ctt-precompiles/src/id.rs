//! The precompiles, their addresses, EIP-7910 names and the forks that introduced them.

use crate::Fork;

/// One EVM precompile. The `Display` form is the name EIP-7910 (`eth_config`) gives it.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PrecompileId {
    /// 0x01, ECDSA public-key recovery on secp256k1 (Frontier).
    EcRecover,
    /// 0x02, SHA-256 (Frontier).
    Sha256,
    /// 0x03, RIPEMD-160 (Frontier).
    Ripemd160,
    /// 0x04, the identity (Frontier).
    Identity,
    /// 0x05, modular exponentiation (EIP-198, Byzantium; repriced by EIP-2565 and EIP-7883).
    ModExp,
    /// 0x06, BN254 G1 addition (EIP-196, Byzantium; repriced by EIP-1108).
    Bn254Add,
    /// 0x07, BN254 G1 scalar multiplication (EIP-196).
    Bn254Mul,
    /// 0x08, BN254 pairing check (EIP-197).
    Bn254Pairing,
    /// 0x09, the BLAKE2b compression function F (EIP-152, Istanbul).
    Blake2F,
    /// 0x0a, KZG point evaluation (EIP-4844, Cancun).
    KzgPointEvaluation,
    /// 0x0b, BLS12-381 G1 addition (EIP-2537, Prague).
    Bls12G1Add,
    /// 0x0c, BLS12-381 G1 multi-scalar multiplication (EIP-2537).
    Bls12G1Msm,
    /// 0x0d, BLS12-381 G2 addition (EIP-2537).
    Bls12G2Add,
    /// 0x0e, BLS12-381 G2 multi-scalar multiplication (EIP-2537).
    Bls12G2Msm,
    /// 0x0f, BLS12-381 pairing check (EIP-2537).
    Bls12PairingCheck,
    /// 0x10, BLS12-381 map of an Fp element to G1 (EIP-2537).
    Bls12MapFpToG1,
    /// 0x11, BLS12-381 map of an Fp2 element to G2 (EIP-2537).
    Bls12MapFp2ToG2,
    /// 0x100, ECDSA verification on P-256 (EIP-7951, Osaka).
    P256Verify,
}

impl PrecompileId {
    /// Every precompile, by address.
    pub const ALL: [PrecompileId; 18] = [
        PrecompileId::EcRecover,
        PrecompileId::Sha256,
        PrecompileId::Ripemd160,
        PrecompileId::Identity,
        PrecompileId::ModExp,
        PrecompileId::Bn254Add,
        PrecompileId::Bn254Mul,
        PrecompileId::Bn254Pairing,
        PrecompileId::Blake2F,
        PrecompileId::KzgPointEvaluation,
        PrecompileId::Bls12G1Add,
        PrecompileId::Bls12G1Msm,
        PrecompileId::Bls12G2Add,
        PrecompileId::Bls12G2Msm,
        PrecompileId::Bls12PairingCheck,
        PrecompileId::Bls12MapFpToG1,
        PrecompileId::Bls12MapFp2ToG2,
        PrecompileId::P256Verify,
    ];

    /// The address (the low bytes of the 20-byte account address).
    pub const fn address(self) -> u64 {
        match self {
            PrecompileId::EcRecover => 0x01,
            PrecompileId::Sha256 => 0x02,
            PrecompileId::Ripemd160 => 0x03,
            PrecompileId::Identity => 0x04,
            PrecompileId::ModExp => 0x05,
            PrecompileId::Bn254Add => 0x06,
            PrecompileId::Bn254Mul => 0x07,
            PrecompileId::Bn254Pairing => 0x08,
            PrecompileId::Blake2F => 0x09,
            PrecompileId::KzgPointEvaluation => 0x0a,
            PrecompileId::Bls12G1Add => 0x0b,
            PrecompileId::Bls12G1Msm => 0x0c,
            PrecompileId::Bls12G2Add => 0x0d,
            PrecompileId::Bls12G2Msm => 0x0e,
            PrecompileId::Bls12PairingCheck => 0x0f,
            PrecompileId::Bls12MapFpToG1 => 0x10,
            PrecompileId::Bls12MapFp2ToG2 => 0x11,
            PrecompileId::P256Verify => 0x100,
        }
    }

    /// The precompile at `address`, on any fork.
    pub fn from_address(address: u64) -> Option<PrecompileId> {
        PrecompileId::ALL
            .into_iter()
            .find(|p| p.address() == address)
    }

    /// The precompile at `address` if it exists on `fork`.
    pub fn active_at(address: u64, fork: Fork) -> Option<PrecompileId> {
        PrecompileId::from_address(address).filter(|p| p.since() <= fork)
    }

    /// The first fork with this precompile (Frontier's four count as Homestead, the first fork
    /// this crate models).
    pub const fn since(self) -> Fork {
        match self {
            PrecompileId::EcRecover
            | PrecompileId::Sha256
            | PrecompileId::Ripemd160
            | PrecompileId::Identity => Fork::Homestead,
            PrecompileId::ModExp
            | PrecompileId::Bn254Add
            | PrecompileId::Bn254Mul
            | PrecompileId::Bn254Pairing => Fork::Byzantium,
            PrecompileId::Blake2F => Fork::Istanbul,
            PrecompileId::KzgPointEvaluation => Fork::Cancun,
            PrecompileId::Bls12G1Add
            | PrecompileId::Bls12G1Msm
            | PrecompileId::Bls12G2Add
            | PrecompileId::Bls12G2Msm
            | PrecompileId::Bls12PairingCheck
            | PrecompileId::Bls12MapFpToG1
            | PrecompileId::Bls12MapFp2ToG2 => Fork::Prague,
            PrecompileId::P256Verify => Fork::Osaka,
        }
    }

    /// The name EIP-7910 lists for it.
    pub const fn name(self) -> &'static str {
        match self {
            PrecompileId::EcRecover => "ECREC",
            PrecompileId::Sha256 => "SHA256",
            PrecompileId::Ripemd160 => "RIPEMD160",
            PrecompileId::Identity => "ID",
            PrecompileId::ModExp => "MODEXP",
            PrecompileId::Bn254Add => "BN254_ADD",
            PrecompileId::Bn254Mul => "BN254_MUL",
            PrecompileId::Bn254Pairing => "BN254_PAIRING",
            PrecompileId::Blake2F => "BLAKE2F",
            PrecompileId::KzgPointEvaluation => "KZG_POINT_EVALUATION",
            PrecompileId::Bls12G1Add => "BLS12_G1ADD",
            PrecompileId::Bls12G1Msm => "BLS12_G1MSM",
            PrecompileId::Bls12G2Add => "BLS12_G2ADD",
            PrecompileId::Bls12G2Msm => "BLS12_G2MSM",
            PrecompileId::Bls12PairingCheck => "BLS12_PAIRING_CHECK",
            PrecompileId::Bls12MapFpToG1 => "BLS12_MAP_FP_TO_G1",
            PrecompileId::Bls12MapFp2ToG2 => "BLS12_MAP_FP2_TO_G2",
            PrecompileId::P256Verify => "P256VERIFY",
        }
    }
}

impl core::fmt::Display for PrecompileId {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}
