//! ECDSA on public data: `secp256k1_ecrecover` (public-key recovery from a prehashed message, the
//! EVM's ecrecover without the Keccak address) against k256 (`VerifyingKey::recover_from_prehash`)
//! and libsecp256k1 (the `secp256k1` crate, feature `recovery`, a verification-only context);
//! `secp256k1_verify` against the same two; `p256_verify` (EIP-7951: key decoding included)
//! against p256 (`VerifyingKey::from_sec1_bytes` + `verify_prehash`).
//!
//! Inputs: random secret keys and 32-byte hashes from the seeded generator, signed by k256/p256
//! (RFC 6979 nonces, low s), so every contender works on valid signatures. Each routine starts
//! from bytes (signature, hash, key) and ends with the recovered key's 64 bytes `x ‖ y` or the
//! verdict; every contender must agree with ours on the first input.

use crate::registry::{Bench, Op, Setup, contender};
use ctt_curves::ecdsa;
use k256::ecdsa::signature::hazmat::PrehashVerifier;

/// Instances per operation.
const INPUTS: usize = 64;

/// Registers the ECDSA operations.
pub fn register(ops: &mut Vec<Op>) {
    ops.push(Op::single("secp256k1_ecrecover", ecrecover));
    ops.push(Op::single("secp256k1_verify", k1_verify));
    ops.push(Op::single("p256_verify", p256_verify));
}

fn bytes32(s: &mut Setup) -> [u8; 32] {
    let mut b = [0u8; 32];
    for c in b.chunks_mut(8) {
        c.copy_from_slice(&s.rng.next_u64().to_le_bytes());
    }
    b
}

/// A secp256k1 instance: hash, r ‖ s, recovery id, uncompressed key (65 bytes).
struct K1 {
    hash: [u8; 32],
    sig: [u8; 64],
    recid: u8,
    key: [u8; 65],
}

fn k1_inputs(s: &mut Setup) -> Vec<K1> {
    (0..INPUTS)
        .map(|_| {
            let sk = loop {
                if let Ok(k) = k256::ecdsa::SigningKey::from_slice(&bytes32(s)) {
                    break k;
                }
            };
            let hash = bytes32(s);
            let (sig, recid) = sk.sign_prehash_recoverable(&hash).unwrap();
            let key = sk.verifying_key().to_encoded_point(false);
            K1 {
                hash,
                sig: sig.to_bytes().into(),
                recid: recid.to_byte(),
                key: key.as_bytes().try_into().unwrap(),
            }
        })
        .collect()
}

fn split(sig: &[u8; 64]) -> ([u8; 32], [u8; 32]) {
    (sig[..32].try_into().unwrap(), sig[32..].try_into().unwrap())
}

fn ecrecover(s: &mut Setup) -> Bench {
    let inputs = k1_inputs(s);
    let libsecp = secp256k1::Secp256k1::verification_only();
    let ours = contender(
        "ours",
        k1_clone(&inputs),
        |i: &K1| {
            let (r, s) = split(&i.sig);
            ecdsa::secp256k1_recover(&i.hash, &r, &s, i.recid).unwrap()
        },
        |k| k.to_vec(),
    );
    let k256 = contender(
        "k256",
        k1_clone(&inputs),
        |i: &K1| {
            let sig = k256::ecdsa::Signature::from_slice(&i.sig).unwrap();
            let id = k256::ecdsa::RecoveryId::from_byte(i.recid).unwrap();
            let vk = k256::ecdsa::VerifyingKey::recover_from_prehash(&i.hash, &sig, id).unwrap();
            let p = vk.to_encoded_point(false);
            let mut out = [0u8; 64];
            out.copy_from_slice(&p.as_bytes()[1..]);
            out
        },
        |k| k.to_vec(),
    );
    let lib = contender(
        "libsecp256k1",
        k1_clone(&inputs),
        move |i: &K1| {
            let id = secp256k1::ecdsa::RecoveryId::try_from(i.recid as i32).unwrap();
            let sig = secp256k1::ecdsa::RecoverableSignature::from_compact(&i.sig, id).unwrap();
            let pk = libsecp
                .recover_ecdsa(secp256k1::Message::from_digest(i.hash), &sig)
                .unwrap();
            let mut out = [0u8; 64];
            out.copy_from_slice(&pk.serialize_uncompressed()[1..]);
            out
        },
        |k| k.to_vec(),
    );
    Bench::checked(s, ours, vec![k256, lib])
}

fn k1_clone(v: &[K1]) -> Vec<K1> {
    v.iter()
        .map(|i| K1 {
            hash: i.hash,
            sig: i.sig,
            recid: i.recid,
            key: i.key,
        })
        .collect()
}

fn k1_verify(s: &mut Setup) -> Bench {
    let inputs = k1_inputs(s);
    let libsecp = secp256k1::Secp256k1::verification_only();
    let ours = contender(
        "ours",
        k1_clone(&inputs),
        |i: &K1| {
            let (r, s) = split(&i.sig);
            ecdsa::secp256k1_verify(&i.hash, &r, &s, &i.key).unwrap()
        },
        |b| vec![*b as u8],
    );
    let k256 = contender(
        "k256",
        k1_clone(&inputs),
        |i: &K1| {
            let vk = k256::ecdsa::VerifyingKey::from_sec1_bytes(&i.key).unwrap();
            let sig = k256::ecdsa::Signature::from_slice(&i.sig).unwrap();
            vk.verify_prehash(&i.hash, &sig).is_ok()
        },
        |b| vec![*b as u8],
    );
    let lib = contender(
        "libsecp256k1",
        k1_clone(&inputs),
        move |i: &K1| {
            let pk = secp256k1::PublicKey::from_slice(&i.key).unwrap();
            let sig = secp256k1::ecdsa::Signature::from_compact(&i.sig).unwrap();
            libsecp
                .verify_ecdsa(secp256k1::Message::from_digest(i.hash), &sig, &pk)
                .is_ok()
        },
        |b| vec![*b as u8],
    );
    Bench::checked(s, ours, vec![k256, lib])
}

/// A P-256 instance: hash, r ‖ s, key coordinates.
#[derive(Clone)]
struct P2 {
    hash: [u8; 32],
    sig: [u8; 64],
    qx: [u8; 32],
    qy: [u8; 32],
}

fn p256_verify(s: &mut Setup) -> Bench {
    use p256::ecdsa::signature::hazmat::PrehashSigner;
    let inputs: Vec<P2> = (0..INPUTS)
        .map(|_| {
            let sk = loop {
                if let Ok(k) = p256::ecdsa::SigningKey::from_slice(&bytes32(s)) {
                    break k;
                }
            };
            let hash = bytes32(s);
            let sig: p256::ecdsa::Signature = sk.sign_prehash(&hash).unwrap();
            let p = sk.verifying_key().to_encoded_point(false);
            P2 {
                hash,
                sig: sig.to_bytes().into(),
                qx: p.as_bytes()[1..33].try_into().unwrap(),
                qy: p.as_bytes()[33..].try_into().unwrap(),
            }
        })
        .collect();
    let ours = contender(
        "ours",
        inputs.clone(),
        |i: &P2| {
            let (r, s) = split(&i.sig);
            ecdsa::p256_verify(&i.hash, &r, &s, &i.qx, &i.qy).unwrap()
        },
        |b| vec![*b as u8],
    );
    #[cfg(feature = "aws-lc")]
    let inputs_aws = inputs.clone();
    let peer = contender(
        "p256",
        inputs,
        |i: &P2| {
            let mut sec1 = [4u8; 65];
            sec1[1..33].copy_from_slice(&i.qx);
            sec1[33..].copy_from_slice(&i.qy);
            let vk = p256::ecdsa::VerifyingKey::from_sec1_bytes(&sec1).unwrap();
            let sig = p256::ecdsa::Signature::from_slice(&i.sig).unwrap();
            vk.verify_prehash(&i.hash, &sig).is_ok()
        },
        |b| vec![*b as u8],
    );
    #[allow(unused_mut)]
    let mut peers = vec![peer];
    // AWS-LC through aws-lc-rs, as revm-precompile's `p256-aws-lc-rs` calls it: the prehash
    // imported as a SHA-256 digest, the key in SEC1 uncompressed form, `verify_digest`.
    #[cfg(feature = "aws-lc")]
    peers.push(contender(
        "aws-lc-rs",
        inputs_aws,
        |i: &P2| {
            use aws_lc_rs::{digest, signature};
            let d = digest::Digest::import_less_safe(&i.hash, &digest::SHA256).unwrap();
            let mut sec1 = [4u8; 65];
            sec1[1..33].copy_from_slice(&i.qx);
            sec1[33..].copy_from_slice(&i.qy);
            signature::UnparsedPublicKey::new(&signature::ECDSA_P256_SHA256_FIXED, &sec1)
                .verify_digest(&d, &i.sig)
                .is_ok()
        },
        |b| vec![*b as u8],
    ));
    Bench::checked(s, ours, peers)
}
