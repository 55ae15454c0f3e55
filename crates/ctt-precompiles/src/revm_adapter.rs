//! The revm adapter, one source compiled once per supported revm major: `super::revm` is that
//! major's crate (see `revm42.rs`, `revm43.rs`). Code here must build against every supported
//! major; where an API moves between majors, the difference goes in the version module as a
//! small shim, not here.

use super::revm::handler::EthPrecompiles;
use super::revm::precompile::bls12_381::{G1Point, G1PointScalar, G2Point, G2PointScalar};
use super::revm::precompile::{
    self as rp, Crypto, EthPrecompileOutput, EthPrecompileResult, PrecompileHalt, PrecompileResult,
    PrecompileSpecId, Precompiles, call_eth_precompile, u64_to_address,
};
use super::revm::primitives::Bytes;
use super::revm::primitives::hardfork::SpecId;
use crate::{Fork, PrecompileError, PrecompileId};
use alloc::borrow::Cow;
use alloc::vec::Vec;
use std::sync::OnceLock;

/// ctt behind revm-precompile's [`Crypto`] trait.
#[derive(Clone, Copy, Debug, Default)]
pub struct CttCrypto;

/// Registers [`CttCrypto`] as revm's process-wide cryptography provider (revm's
/// `install_crypto`); false if a provider was installed before (revm keeps the first).
pub fn install_crypto() -> bool {
    rp::install_crypto(CttCrypto)
}

/// The revm halt for a ctt failure of precompile `id`.
pub fn halt(id: PrecompileId, e: PrecompileError) -> PrecompileHalt {
    use PrecompileError as E;
    use PrecompileHalt as H;
    use PrecompileId as P;
    let bls_g2 = matches!(id, P::Bls12G2Add | P::Bls12G2Msm | P::Bls12MapFp2ToG2);
    match (id, e) {
        (_, E::OutOfGas) => H::OutOfGas,
        (P::Bn254Add | P::Bn254Mul | P::Bn254Pairing, E::NonCanonicalFieldElement) => {
            H::Bn254FieldPointNotAMember
        }
        (P::Bn254Pairing, E::InvalidInputLength) => H::Bn254PairLength,
        (P::Bn254Add | P::Bn254Mul | P::Bn254Pairing, _) => H::Bn254AffineGFailedToCreate,
        (P::Blake2F, E::InvalidFinalFlag) => H::Blake2WrongFinalIndicatorFlag,
        (P::Blake2F, _) => H::Blake2WrongLength,
        (P::ModExp, _) => H::ModexpEip7823LimitSize,
        (P::KzgPointEvaluation, E::InvalidInputLength) => H::BlobInvalidInputLength,
        (P::KzgPointEvaluation, E::KzgVersionedHashMismatch) => H::BlobMismatchedVersion,
        (P::KzgPointEvaluation, _) => H::BlobVerifyKzgProofFailed,
        (P::Bls12G1Add, E::InvalidInputLength) => H::Bls12381G1AddInputLength,
        (P::Bls12G2Add, E::InvalidInputLength) => H::Bls12381G2AddInputLength,
        (P::Bls12G1Msm, E::InvalidInputLength) => H::Bls12381G1MsmInputLength,
        (P::Bls12G2Msm, E::InvalidInputLength) => H::Bls12381G2MsmInputLength,
        (P::Bls12PairingCheck, E::InvalidInputLength) => H::Bls12381PairingInputLength,
        (P::Bls12MapFpToG1, E::InvalidInputLength) => H::Bls12381MapFpToG1InputLength,
        (P::Bls12MapFp2ToG2, E::InvalidInputLength) => H::Bls12381MapFp2ToG2InputLength,
        (_, E::InvalidPadding) => H::Bls12381FpPaddingInvalid,
        (_, E::NonCanonicalFieldElement) => H::NonCanonicalFp,
        (_, E::PointNotOnCurve) if bls_g2 => H::Bls12381G2NotOnCurve,
        (_, E::PointNotOnCurve) => H::Bls12381G1NotOnCurve,
        (_, E::PointNotInSubgroup) if bls_g2 => H::Bls12381G2NotInSubgroup,
        (_, E::PointNotInSubgroup) => H::Bls12381G1NotInSubgroup,
        (_, e) => H::Other(Cow::Owned(alloc::format!("{e}"))),
    }
}

/// [`crate::run`]'s result as revm's.
fn eth_result(id: PrecompileId, input: &[u8], gas_limit: u64, fork: Fork) -> EthPrecompileResult {
    match crate::call(id, input, gas_limit, fork) {
        Ok(out) => Ok(EthPrecompileOutput::new(
            out.gas_used,
            Bytes::from(out.bytes),
        )),
        Err(e) => Err(halt(id, e)),
    }
}

/// A revm precompile function (`PrecompileFn`) running `$id` priced as on `$fork`.
macro_rules! precompile_fns {
    ($($name:ident => $id:ident @ $fork:ident;)*) => {$(
        fn $name(input: &[u8], gas_limit: u64, reservoir: u64) -> PrecompileResult {
            Ok(call_eth_precompile(
                |i, g| eth_result(PrecompileId::$id, i, g, Fork::$fork),
                input,
                gas_limit,
                reservoir,
            ))
        }
    )*};
}

precompile_fns! {
    ecrecover => EcRecover @ Osaka;
    sha256 => Sha256 @ Osaka;
    ripemd160 => Ripemd160 @ Osaka;
    identity => Identity @ Osaka;
    modexp_byzantium => ModExp @ Byzantium;
    modexp_berlin => ModExp @ Berlin;
    modexp_osaka => ModExp @ Osaka;
    bn254_add_byzantium => Bn254Add @ Byzantium;
    bn254_add_istanbul => Bn254Add @ Istanbul;
    bn254_mul_byzantium => Bn254Mul @ Byzantium;
    bn254_mul_istanbul => Bn254Mul @ Istanbul;
    bn254_pairing_byzantium => Bn254Pairing @ Byzantium;
    bn254_pairing_istanbul => Bn254Pairing @ Istanbul;
    blake2f => Blake2F @ Osaka;
    point_evaluation => KzgPointEvaluation @ Osaka;
    bls12_g1add => Bls12G1Add @ Osaka;
    bls12_g1msm => Bls12G1Msm @ Osaka;
    bls12_g2add => Bls12G2Add @ Osaka;
    bls12_g2msm => Bls12G2Msm @ Osaka;
    bls12_pairing_check => Bls12PairingCheck @ Osaka;
    bls12_map_fp_to_g1 => Bls12MapFpToG1 @ Osaka;
    bls12_map_fp2_to_g2 => Bls12MapFp2ToG2 @ Osaka;
    p256verify => P256Verify @ Osaka;
}

/// The fork whose precompiles a revm spec has.
pub fn fork_of(spec: PrecompileSpecId) -> Fork {
    match spec {
        PrecompileSpecId::HOMESTEAD => Fork::Homestead,
        PrecompileSpecId::BYZANTIUM => Fork::Byzantium,
        PrecompileSpecId::ISTANBUL => Fork::Istanbul,
        PrecompileSpecId::BERLIN => Fork::Berlin,
        PrecompileSpecId::CANCUN => Fork::Cancun,
        PrecompileSpecId::PRAGUE => Fork::Prague,
        PrecompileSpecId::OSAKA => Fork::Osaka,
    }
}

/// revm's identifier of a precompile.
fn revm_id(id: PrecompileId) -> rp::PrecompileId {
    use PrecompileId as P;
    use rp::PrecompileId as R;
    match id {
        P::EcRecover => R::EcRec,
        P::Sha256 => R::Sha256,
        P::Ripemd160 => R::Ripemd160,
        P::Identity => R::Identity,
        P::ModExp => R::ModExp,
        P::Bn254Add => R::Bn254Add,
        P::Bn254Mul => R::Bn254Mul,
        P::Bn254Pairing => R::Bn254Pairing,
        P::Blake2F => R::Blake2F,
        P::KzgPointEvaluation => R::KzgPointEvaluation,
        P::Bls12G1Add => R::Bls12G1Add,
        P::Bls12G1Msm => R::Bls12G1Msm,
        P::Bls12G2Add => R::Bls12G2Add,
        P::Bls12G2Msm => R::Bls12G2Msm,
        P::Bls12PairingCheck => R::Bls12Pairing,
        P::Bls12MapFpToG1 => R::Bls12MapFpToGp1,
        P::Bls12MapFp2ToG2 => R::Bls12MapFp2ToGp2,
        P::P256Verify => R::P256Verify,
    }
}

/// The function of precompile `id` as priced on `fork`.
fn function(id: PrecompileId, fork: Fork) -> rp::PrecompileFn {
    use PrecompileId as P;
    let istanbul = fork >= Fork::Istanbul;
    match id {
        P::EcRecover => ecrecover,
        P::Sha256 => sha256,
        P::Ripemd160 => ripemd160,
        P::Identity => identity,
        P::ModExp if fork >= Fork::Osaka => modexp_osaka,
        P::ModExp if fork >= Fork::Berlin => modexp_berlin,
        P::ModExp => modexp_byzantium,
        P::Bn254Add if istanbul => bn254_add_istanbul,
        P::Bn254Add => bn254_add_byzantium,
        P::Bn254Mul if istanbul => bn254_mul_istanbul,
        P::Bn254Mul => bn254_mul_byzantium,
        P::Bn254Pairing if istanbul => bn254_pairing_istanbul,
        P::Bn254Pairing => bn254_pairing_byzantium,
        P::Blake2F => blake2f,
        P::KzgPointEvaluation => point_evaluation,
        P::Bls12G1Add => bls12_g1add,
        P::Bls12G1Msm => bls12_g1msm,
        P::Bls12G2Add => bls12_g2add,
        P::Bls12G2Msm => bls12_g2msm,
        P::Bls12PairingCheck => bls12_pairing_check,
        P::Bls12MapFpToG1 => bls12_map_fp_to_g1,
        P::Bls12MapFp2ToG2 => bls12_map_fp2_to_g2,
        P::P256Verify => p256verify,
    }
}

/// Every precompile of `spec`, each running on ctt ([`crate::run`]'s gas, validation and
/// arithmetic). Built once per spec.
pub fn precompiles(spec: PrecompileSpecId) -> &'static Precompiles {
    static SETS: [OnceLock<Precompiles>; 7] = [const { OnceLock::new() }; 7];
    SETS[spec as usize].get_or_init(|| {
        let fork = fork_of(spec);
        let mut set = Precompiles::default();
        set.extend(
            PrecompileId::ALL
                .into_iter()
                .filter(|id| id.since() <= fork)
                .map(|id| {
                    rp::Precompile::new(
                        revm_id(id),
                        u64_to_address(id.address()),
                        function(id, fork),
                    )
                }),
        );
        set
    })
}

/// The provider revm's mainnet EVM takes (its `precompiles` field), with [`precompiles`] of
/// `spec`.
pub fn eth_precompiles(spec: SpecId) -> EthPrecompiles {
    EthPrecompiles {
        precompiles: precompiles(PrecompileSpecId::from_spec_id(spec)),
        spec,
    }
}

/// `(x, y)` of 48 bytes each into the 128-byte EIP-2537 encoding.
fn pad_g1(p: &G1Point) -> [u8; 128] {
    let mut out = [0u8; 128];
    out[16..64].copy_from_slice(&p.0);
    out[80..128].copy_from_slice(&p.1);
    out
}

/// `(x0, x1, y0, y1)` of 48 bytes each into the 256-byte EIP-2537 encoding.
fn pad_g2(p: &G2Point) -> [u8; 256] {
    let mut out = [0u8; 256];
    for (i, c) in [&p.0, &p.1, &p.2, &p.3].into_iter().enumerate() {
        out[64 * i + 16..64 * (i + 1)].copy_from_slice(c);
    }
    out
}

/// The EIP-2537 encoding without its padding (48 bytes per field element).
fn unpad<const N: usize>(padded: &[u8]) -> [u8; N] {
    let mut out = [0u8; N];
    for (o, fp) in out.chunks_exact_mut(48).zip(padded.chunks_exact(64)) {
        o.copy_from_slice(&fp[16..]);
    }
    out
}

/// Runs one of the crate's precompiles on an input assembled by the caller.
fn exec(id: PrecompileId, input: &[u8]) -> Result<Vec<u8>, PrecompileHalt> {
    crate::execute(id, input).map_err(|e| halt(id, e))
}

impl Crypto for CttCrypto {
    fn sha256(&self, input: &[u8]) -> [u8; 32] {
        ctt_hash::sha256(input)
    }

    fn ripemd160(&self, input: &[u8]) -> [u8; 32] {
        let mut out = [0u8; 32];
        out[12..].copy_from_slice(&ctt_hash::ripemd160(input));
        out
    }

    fn bn254_g1_add(&self, p1: &[u8], p2: &[u8]) -> Result<[u8; 64], PrecompileHalt> {
        let input = [p1, p2].concat();
        let out = exec(PrecompileId::Bn254Add, &input)?;
        Ok(out.try_into().expect("64 bytes"))
    }

    fn bn254_g1_mul(&self, point: &[u8], scalar: &[u8]) -> Result<[u8; 64], PrecompileHalt> {
        let input = [point, scalar].concat();
        let out = exec(PrecompileId::Bn254Mul, &input)?;
        Ok(out.try_into().expect("64 bytes"))
    }

    fn bn254_pairing_check(&self, pairs: &[(&[u8], &[u8])]) -> Result<bool, PrecompileHalt> {
        let input: Vec<u8> = pairs
            .iter()
            .flat_map(|(g1, g2)| [*g1, *g2].concat())
            .collect();
        Ok(exec(PrecompileId::Bn254Pairing, &input)?[31] == 1)
    }

    fn secp256k1_ecrecover(
        &self,
        sig: &[u8; 64],
        recid: u8,
        msg: &[u8; 32],
    ) -> Result<[u8; 32], PrecompileHalt> {
        let (r, s) = sig.split_at(32);
        let address = ctt_curves::ecdsa::secp256k1_recover_address(
            msg,
            r.try_into().expect("32 bytes"),
            s.try_into().expect("32 bytes"),
            recid,
        )
        .map_err(|_| PrecompileHalt::Secp256k1RecoverFailed)?;
        let mut out = [0u8; 32];
        out[12..].copy_from_slice(&address);
        Ok(out)
    }

    fn secp256r1_verify_signature(&self, msg: &[u8; 32], sig: &[u8; 64], pk: &[u8; 64]) -> bool {
        let half = |b: &[u8]| -> [u8; 32] { b.try_into().expect("32 bytes") };
        matches!(
            ctt_curves::ecdsa::p256_verify(
                msg,
                &half(&sig[..32]),
                &half(&sig[32..]),
                &half(&pk[..32]),
                &half(&pk[32..]),
            ),
            Ok(true)
        )
    }

    fn modexp(&self, base: &[u8], exp: &[u8], modulus: &[u8]) -> Result<Vec<u8>, PrecompileHalt> {
        Ok(ctt_bigint::modexp(base, exp, modulus))
    }

    fn blake2_compress(&self, rounds: u32, h: &mut [u64; 8], m: &[u64; 16], t: &[u64; 2], f: bool) {
        ctt_hash::blake2b_f(rounds, h, m, *t, f);
    }

    fn verify_kzg_proof(
        &self,
        z: &[u8; 32],
        y: &[u8; 32],
        commitment: &[u8; 48],
        proof: &[u8; 48],
    ) -> Result<(), PrecompileHalt> {
        match ctt_kzg::KzgSettings::mainnet().verify_kzg_proof(commitment, z, y, proof) {
            Ok(true) => Ok(()),
            _ => Err(PrecompileHalt::BlobVerifyKzgProofFailed),
        }
    }

    fn bls12_381_g1_add(&self, a: G1Point, b: G1Point) -> Result<[u8; 96], PrecompileHalt> {
        let input = [pad_g1(&a), pad_g1(&b)].concat();
        Ok(unpad(&exec(PrecompileId::Bls12G1Add, &input)?))
    }

    fn bls12_381_g1_msm(
        &self,
        pairs: &mut dyn Iterator<Item = Result<G1PointScalar, PrecompileHalt>>,
    ) -> Result<[u8; 96], PrecompileHalt> {
        let mut input = Vec::new();
        for pair in pairs {
            let (point, scalar) = pair?;
            input.extend_from_slice(&pad_g1(&point));
            input.extend_from_slice(&scalar);
        }
        Ok(unpad(&exec(PrecompileId::Bls12G1Msm, &input)?))
    }

    fn bls12_381_g2_add(&self, a: G2Point, b: G2Point) -> Result<[u8; 192], PrecompileHalt> {
        let input = [pad_g2(&a), pad_g2(&b)].concat();
        Ok(unpad(&exec(PrecompileId::Bls12G2Add, &input)?))
    }

    fn bls12_381_g2_msm(
        &self,
        pairs: &mut dyn Iterator<Item = Result<G2PointScalar, PrecompileHalt>>,
    ) -> Result<[u8; 192], PrecompileHalt> {
        let mut input = Vec::new();
        for pair in pairs {
            let (point, scalar) = pair?;
            input.extend_from_slice(&pad_g2(&point));
            input.extend_from_slice(&scalar);
        }
        Ok(unpad(&exec(PrecompileId::Bls12G2Msm, &input)?))
    }

    fn bls12_381_pairing_check(
        &self,
        pairs: &[(G1Point, G2Point)],
    ) -> Result<bool, PrecompileHalt> {
        let input: Vec<u8> = pairs
            .iter()
            .flat_map(|(p, q)| [pad_g1(p).as_slice(), pad_g2(q).as_slice()].concat())
            .collect();
        Ok(exec(PrecompileId::Bls12PairingCheck, &input)?[31] == 1)
    }

    fn bls12_381_fp_to_g1(&self, fp: &[u8; 48]) -> Result<[u8; 96], PrecompileHalt> {
        let mut input = [0u8; 64];
        input[16..].copy_from_slice(fp);
        Ok(unpad(&exec(PrecompileId::Bls12MapFpToG1, &input)?))
    }

    fn bls12_381_fp2_to_g2(&self, fp2: ([u8; 48], [u8; 48])) -> Result<[u8; 192], PrecompileHalt> {
        let mut input = [0u8; 128];
        input[16..64].copy_from_slice(&fp2.0);
        input[80..].copy_from_slice(&fp2.1);
        Ok(unpad(&exec(PrecompileId::Bls12MapFp2ToG2, &input)?))
    }
}
