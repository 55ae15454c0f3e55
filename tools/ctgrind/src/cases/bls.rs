//! ctt-bls: the secret-key module — KeyGen (its loop body, and whole as EIP-2333's
//! `derive_master_SK`), EIP-2333's Lamport derivation and `derive_child_SK` whole, decoding a
//! secret key from bytes (in range and out of range), SkToPk, Sign and PopProve.
//!
//! Secret inputs: the key material and the secret key; an EIP-2333 child index and the message
//! of Sign are public. Two secret-derived bits are public by design and branched on inside the
//! library: KeyGen's loop test (is the candidate 0?, see `ctt_bls::secret`) and whether
//! `SecretKey::from_bytes` accepts its input (the `Result`). Each is released by a tiny function
//! that receives only that bit, and `tools/ctgrind/declassified.supp` accepts a conditional jump
//! in exactly those two functions and nowhere else (a suppression names the innermost frame), so
//! the cases run `key_gen`, `derive_child_sk` and `from_bytes` whole and declare how many bits
//! they release: one per KeyGen loop pass, one per `from_bytes` call. SkToPk, Sign and PopProve
//! are run both as methods and as the crate's free functions. Oracles: EIP-2333's test case 3
//! (master and child keys), the same operations on public copies with the variable-time scalar
//! multiplications of the curve layer for SkToPk, Sign and PopProve, and num-bigint for the
//! range check.

use super::{Case, Kind, declassify, expect_eq};
use crate::valgrind::secret;
use ctt_bls::SecretKey;
use ctt_bls::secret::{eip2333, hkdf_mod_r_attempt};
use ctt_curves::CurveGroup;
use ctt_curves::bls12_381::{G1Projective, G2Projective};
use ctt_field::PrimeField;
use ctt_field::bls12_381::Fr;
use num_bigint::BigUint;

/// The cases of this module.
pub const CASES: &[Case] = &[
    Case {
        name: "bls-key-gen",
        kind: Kind::Real,
        about: "BLS KeyGen loop body (HKDF-Extract/Expand, 48-byte mod-r reduction) on secret IKM",
        declassified: 0,
        run: key_gen,
    },
    Case {
        name: "bls-derive-master-sk",
        kind: Kind::Real,
        about: "KeyGen whole (EIP-2333 derive_master_SK: HKDF_mod_r with its declassified retry test) \
                on a secret seed",
        declassified: 1,
        run: derive_master,
    },
    Case {
        name: "bls-derive-child-sk",
        kind: Kind::Real,
        about: "EIP-2333 derive_child_SK whole (Lamport PK, HKDF_mod_r) on a secret parent key",
        declassified: 1,
        run: derive_child,
    },
    Case {
        name: "bls-sk-from-bytes",
        kind: Kind::Real,
        about: "SecretKey::from_bytes / to_bytes on secret bytes: valid, 0, r, 2^256 - 1 (the Ok/Err \
                is the declassified bit)",
        declassified: 6,
        run: sk_from_bytes,
    },
    Case {
        name: "bls-eip2333-lamport",
        kind: Kind::Real,
        about: "EIP-2333 parent_SK_to_lamport_PK (2 × 8160-byte HKDF, 510 SHA-256) on a secret key",
        declassified: 0,
        run: lamport,
    },
    Case {
        name: "bls-sk-to-pk",
        kind: Kind::Real,
        about: "BLS SkToPk (G1 generator times a secret key), SecretKey::sk_to_pk and \
                ctt_bls::sk_to_pk",
        declassified: 0,
        run: sk_to_pk,
    },
    Case {
        name: "bls-sign",
        kind: Kind::Real,
        about: "BLS Sign (hash to G2 of a public message, times a secret key), SecretKey::sign and \
                ctt_bls::sign",
        declassified: 0,
        run: sign,
    },
    Case {
        name: "bls-pop-prove",
        kind: Kind::Real,
        about: "BLS PopProve whole (SkToPk, its compressed encoding hashed to G2, times the key), \
                SecretKey::pop_prove and ctt_bls::pop_prove",
        declassified: 0,
        run: pop_prove,
    },
];

/// EIP-2333 test case 3: seed, master_SK, child_index, child_SK (decimal keys).
const EIP2333_CASE_3: (&str, &str, u32, &str) = (
    "d4e56740f876aef8c010b86a40d5f56745a118d0906a34e69aec8c0db1cb8fa3",
    "19022158461524446591288038168518313374041767046816487870552872741050760015818",
    42,
    "31372231650479070279774297061823572166496564838472787488249775572789064611981",
);

/// 32-byte big-endian encoding of a decimal integer.
fn dec32(s: &str) -> [u8; 32] {
    be32(&BigUint::parse_bytes(s.as_bytes(), 10).unwrap())
}

/// 32-byte big-endian encoding of an integer below 2^256.
fn be32(x: &BigUint) -> [u8; 32] {
    let b = x.to_bytes_be();
    let mut out = [0u8; 32];
    out[32 - b.len()..].copy_from_slice(&b);
    out
}

/// `f` through an opaque pointer, so that the call is not inlined into the case: valgrind 3.19
/// reports a function of another crate inlined here as `UnknownInlinedFun`, and the planted
/// cases (`planted_library`, which run these cases) must see the library's function named.
fn out_of_line<T>(f: fn(&[u8]) -> T) -> fn(&[u8]) -> T {
    core::hint::black_box(f)
}

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
        let (mut pk, mut free) = (sk.sk_to_pk(), ctt_bls::sk_to_pk(&sk));
        declassify("SecretKey::sk_to_pk", &mut pk)?;
        declassify("ctt_bls::sk_to_pk", &mut free)?;
        expect_eq("SecretKey::sk_to_pk", *pk.as_affine(), want)?;
        expect_eq("ctt_bls::sk_to_pk", *free.as_affine(), want)?;
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
        let (mut sig, mut free) = (sk.sign(msg), ctt_bls::sign(&sk, msg));
        declassify("SecretKey::sign", &mut sig)?;
        declassify("ctt_bls::sign", &mut free)?;
        expect_eq("SecretKey::sign", *sig.as_affine(), want)?;
        expect_eq("ctt_bls::sign", *free.as_affine(), want)?;
    }
    Ok(())
}

pub(super) fn derive_master() -> Result<(), String> {
    let (seed, master, _, _) = EIP2333_CASE_3;
    let mut seed = super::hex(seed);
    secret(&mut seed[..]);
    let sk = out_of_line(SecretKey::derive_master_sk)(&seed).map_err(|e| e.to_string())?;
    let mut got = sk.to_bytes();
    declassify("master SK", &mut got)?;
    expect_eq("derive_master_SK", got, dec32(master))
}

fn derive_child() -> Result<(), String> {
    let (seed, _, index, child) = EIP2333_CASE_3;
    let mut parent = SecretKey::derive_master_sk(&super::hex(seed)).map_err(|e| e.to_string())?;
    secret(&mut parent);
    let mut got = parent.derive_child_sk(index).to_bytes();
    declassify("child SK", &mut got)?;
    expect_eq("derive_child_SK", got, dec32(child))
}

pub(super) fn sk_from_bytes() -> Result<(), String> {
    let r = BigUint::from_bytes_le(
        &Fr::MODULUS_LIMBS
            .iter()
            .flat_map(|w| w.to_le_bytes())
            .collect::<Vec<_>>(),
    );
    let top = (BigUint::from(1u8) << 256u32) - 1u8;
    let valid = BigUint::from_bytes_be(&SecretKey::key_gen(&ikm(207), b"").unwrap().to_bytes());
    for v in [
        valid,
        &r - 1u8,
        BigUint::from(1u8),
        BigUint::from(0u8),
        r.clone(),
        top,
    ] {
        let accept = v.bits() != 0 && v < r;
        let mut bytes = be32(&v);
        secret(&mut bytes);
        match out_of_line(SecretKey::from_bytes)(&bytes) {
            Ok(sk) => {
                let mut back = sk.to_bytes();
                declassify("decoded key", &mut back)?;
                expect_eq("from_bytes accepts", true, accept)?;
                expect_eq("to_bytes(from_bytes(x))", back, be32(&v))?;
            }
            Err(e) => {
                expect_eq("from_bytes accepts", false, accept)?;
                expect_eq("from_bytes error", e, ctt_bls::BlsError::InvalidSecretKey)?;
            }
        }
    }
    Ok(())
}

fn pop_prove() -> Result<(), String> {
    let mut sk = SecretKey::key_gen(&ikm(208), b"").unwrap();
    let k = Fr::from_bytes_be(&sk.to_bytes()).unwrap();
    let pk = G1Projective::generator().mul_vartime(&k).to_affine();
    let h = G2Projective::hash_to_curve(&pk.to_compressed(), ctt_bls::POP_DST).unwrap();
    let want = h.mul_vartime(&k).to_affine();
    secret(&mut sk);
    let (mut proof, mut free) = (sk.pop_prove(), ctt_bls::pop_prove(&sk));
    declassify("SecretKey::pop_prove", &mut proof)?;
    declassify("ctt_bls::pop_prove", &mut free)?;
    expect_eq("SecretKey::pop_prove", *proof.as_affine(), want)?;
    expect_eq("ctt_bls::pop_prove", *free.as_affine(), want)
}
