//! ctt-bls: the secret-key module — KeyGen's loop body (HKDF-SHA-256 and `OS2IP(OKM) mod r`),
//! EIP-2333's Lamport derivation, SkToPk and Sign.
//!
//! Secret inputs: the key material and the secret key. The message of Sign is public. KeyGen's
//! loop test (is the candidate 0?) is the one declassified bit (see `ctt_bls::secret`), so the
//! case runs the loop body, `hkdf_mod_r_attempt`. Oracles: the same operations run on public
//! copies before anything is marked, with the variable-time scalar multiplications of the curve
//! layer for SkToPk and Sign (correctness itself is pinned by the EIP-2333 and consensus vectors
//! in ctt-bls's tests).

use super::{Case, Kind, declassify, expect_eq};
use crate::valgrind::secret;
use ctt_bls::SecretKey;
use ctt_bls::secret::{eip2333, hkdf_mod_r_attempt};
use ctt_curves::CurveGroup;
use ctt_curves::bls12_381::{G1Projective, G2Projective};
use ctt_field::PrimeField;
use ctt_field::bls12_381::Fr;

/// The cases of this module.
pub const CASES: &[Case] = &[
    Case {
        name: "bls-key-gen",
        kind: Kind::Real,
        about: "BLS KeyGen loop body (HKDF-Extract/Expand, 48-byte mod-r reduction) on secret IKM",
        run: key_gen,
    },
    Case {
        name: "bls-eip2333-lamport",
        kind: Kind::Real,
        about: "EIP-2333 parent_SK_to_lamport_PK (2 × 8160-byte HKDF, 510 SHA-256) on a secret key",
        run: lamport,
    },
    Case {
        name: "bls-sk-to-pk",
        kind: Kind::Real,
        about: "BLS SkToPk (G1 generator times a secret key) and the key's encoding",
        run: sk_to_pk,
    },
    Case {
        name: "bls-sign",
        kind: Kind::Real,
        about: "BLS Sign (hash to G2 of a public message, times a secret key)",
        run: sign,
    },
];

fn ikm(seed: u64) -> [u8; 32] {
    let mut rng = super::Rng::new(seed);
    let mut out = [0u8; 32];
    for chunk in out.chunks_mut(8) {
        chunk.copy_from_slice(&rng.next_u64().to_le_bytes());
    }
    out
}

fn key_gen() -> Result<(), String> {
    let salt = ctt_hash::sha256(b"BLS-SIG-KEYGEN-SALT-");
    let mut material = ikm(201);
    // A fresh 32-byte IKM gives a nonzero first candidate (probability 1 − 2⁻²⁵⁵), so KeyGen's
    // result is the attempt's.
    let want = SecretKey::key_gen(&material, b"ctgrind")
        .unwrap()
        .to_bytes();
    secret(&mut material);
    let got = hkdf_mod_r_attempt(&salt, &material, b"ctgrind");
    let mut bytes = got.to_bytes_be();
    declassify("KeyGen candidate", &mut bytes)?;
    expect_eq("KeyGen candidate", bytes, want)
}

fn lamport() -> Result<(), String> {
    let mut sk = SecretKey::key_gen(&ikm(202), b"").unwrap();
    let want = eip2333::parent_sk_to_lamport_pk(&sk, 7);
    secret(&mut sk);
    let mut got = eip2333::parent_sk_to_lamport_pk(&sk, 7);
    declassify("compressed Lamport PK", &mut got)?;
    expect_eq("compressed Lamport PK", got, want)
}

fn sk_to_pk() -> Result<(), String> {
    for seed in [203, 204] {
        let mut sk = SecretKey::key_gen(&ikm(seed), b"").unwrap();
        let k = Fr::from_bytes_be(&sk.to_bytes()).unwrap();
        let want = G1Projective::generator().mul_vartime(&k).to_affine();
        secret(&mut sk);
        let mut pk = sk.sk_to_pk();
        declassify("public key", &mut pk)?;
        expect_eq("public key", *pk.as_affine(), want)?;
    }
    Ok(())
}

fn sign() -> Result<(), String> {
    let msg = b"ctgrind: a public message";
    for seed in [205, 206] {
        let mut sk = SecretKey::key_gen(&ikm(seed), b"").unwrap();
        let k = Fr::from_bytes_be(&sk.to_bytes()).unwrap();
        let h = G2Projective::hash_to_curve(msg, ctt_bls::DST).unwrap();
        let want = h.mul_vartime(&k).to_affine();
        secret(&mut sk);
        let mut sig = sk.sign(msg);
        declassify("signature", &mut sig)?;
        expect_eq("signature", *sig.as_affine(), want)?;
    }
    Ok(())
}
