//! libctt's exported secret-key paths (`bindings/c`, `ctt_bls.h`): key generation, EIP-2333
//! master and child derivation, secret-key validation, SkToPk, Sign and PopProve, called through
//! the C ABI's functions (their Rust paths: the harness links the crate without its C symbol
//! names) with the secret bytes marked undefined. What the C layer adds — pointer checks, the
//! panic guard, copying the key in and out, wiping its copies — must be constant time too.
//!
//! Declassified bits: those of ctt-bls, released inside the library (see `bls`): one per
//! `SecretKey::from_bytes` call (every function that takes a key decodes it once) and one per
//! KeyGen loop pass (key generation and each derivation). Oracles: ctt-bls's own functions on
//! public copies.

// The exported functions are `unsafe extern "C"`: raw pointers in, as a C caller passes them.
#![allow(unsafe_code)]

use super::{Case, Kind, declassify, expect_eq};
use crate::valgrind::secret;
use ctt::bls::{self as ffi, CTT_BLS_RET};
use ctt_bls::SecretKey;

/// The cases of this module.
pub const CASES: &[Case] = &[
    Case {
        name: "ffi-bls-keygen",
        kind: Kind::Real,
        about: "libctt ctt_bls_keygen on secret key material",
        declassified: 1,
        run: keygen,
    },
    Case {
        name: "ffi-bls-derive-master-sk",
        kind: Kind::Real,
        about: "libctt ctt_bls_derive_master_sk on a secret seed",
        declassified: 1,
        run: derive_master,
    },
    Case {
        name: "ffi-bls-derive-child-sk",
        kind: Kind::Real,
        about: "libctt ctt_bls_derive_child_sk on a secret parent key (decoded, then derived)",
        declassified: 2,
        run: derive_child,
    },
    Case {
        name: "ffi-bls-secret-key-validate",
        kind: Kind::Real,
        about: "libctt ctt_bls_secret_key_validate on secret bytes: a valid key and r",
        declassified: 2,
        run: validate,
    },
    Case {
        name: "ffi-bls-sk-to-pk",
        kind: Kind::Real,
        about: "libctt ctt_bls_sk_to_pk on a secret key",
        declassified: 1,
        run: sk_to_pk,
    },
    Case {
        name: "ffi-bls-sign",
        kind: Kind::Real,
        about: "libctt ctt_bls_sign on a secret key (public message)",
        declassified: 1,
        run: sign,
    },
    Case {
        name: "ffi-bls-pop-prove",
        kind: Kind::Real,
        about: "libctt ctt_bls_pop_prove on a secret key",
        declassified: 1,
        run: pop_prove,
    },
];

fn material(seed: u64) -> [u8; 32] {
    let mut rng = super::Rng::new(seed);
    let mut out = [0u8; 32];
    for chunk in out.chunks_mut(8) {
        chunk.copy_from_slice(&rng.next_u64().to_le_bytes());
    }
    out
}

/// A valid secret key's bytes.
fn key(seed: u64) -> [u8; 32] {
    SecretKey::key_gen(&material(seed), b"").unwrap().to_bytes()
}

fn ok(what: &str, ret: CTT_BLS_RET) -> Result<(), String> {
    expect_eq(what, ret, CTT_BLS_RET::CTT_BLS_OK)
}

fn keygen() -> Result<(), String> {
    let mut ikm = material(301);
    let want = SecretKey::key_gen(&ikm, b"ffi").unwrap().to_bytes();
    secret(&mut ikm);
    let mut out = [0u8; 32];
    // SAFETY: valid buffers of the lengths given.
    let ret = unsafe { ffi::ctt_bls_keygen(&mut out, ikm.as_ptr(), 32, b"ffi".as_ptr(), 3) };
    ok("ctt_bls_keygen", ret)?;
    declassify("secret key", &mut out)?;
    expect_eq("secret key", out, want)
}

fn derive_master() -> Result<(), String> {
    let mut seed = material(302);
    let want = SecretKey::derive_master_sk(&seed).unwrap().to_bytes();
    secret(&mut seed);
    let mut out = [0u8; 32];
    // SAFETY: valid buffers of the lengths given.
    let ret = unsafe { ffi::ctt_bls_derive_master_sk(&mut out, seed.as_ptr(), 32) };
    ok("ctt_bls_derive_master_sk", ret)?;
    declassify("master key", &mut out)?;
    expect_eq("master key", out, want)
}

fn derive_child() -> Result<(), String> {
    let mut parent = key(303);
    let want = SecretKey::from_bytes(&parent)
        .unwrap()
        .derive_child_sk(7)
        .to_bytes();
    secret(&mut parent);
    let mut out = [0u8; 32];
    // SAFETY: valid 32-byte buffers.
    let ret = unsafe { ffi::ctt_bls_derive_child_sk(&mut out, &parent, 7) };
    ok("ctt_bls_derive_child_sk", ret)?;
    declassify("child key", &mut out)?;
    expect_eq("child key", out, want)
}

fn validate() -> Result<(), String> {
    // r, the group order: out of range.
    let r: [u8; 32] = [
        0x73, 0xed, 0xa7, 0x53, 0x29, 0x9d, 0x7d, 0x48, 0x33, 0x39, 0xd8, 0x08, 0x09, 0xa1, 0xd8,
        0x05, 0x53, 0xbd, 0xa4, 0x02, 0xff, 0xfe, 0x5b, 0xfe, 0xff, 0xff, 0xff, 0xff, 0x00, 0x00,
        0x00, 0x01,
    ];
    for (mut bytes, want) in [
        (key(304), CTT_BLS_RET::CTT_BLS_OK),
        (r, CTT_BLS_RET::CTT_BLS_INVALID_SECRET_KEY),
    ] {
        secret(&mut bytes);
        // SAFETY: a valid 32-byte buffer.
        let got = unsafe { ffi::ctt_bls_secret_key_validate(&bytes) };
        expect_eq("ctt_bls_secret_key_validate", got, want)?;
    }
    Ok(())
}

fn sk_to_pk() -> Result<(), String> {
    let mut sk = key(305);
    let want = SecretKey::from_bytes(&sk).unwrap().sk_to_pk().to_bytes();
    secret(&mut sk);
    let mut out = [0u8; 48];
    // SAFETY: valid buffers.
    let ret = unsafe { ffi::ctt_bls_sk_to_pk(&mut out, &sk) };
    ok("ctt_bls_sk_to_pk", ret)?;
    declassify("public key", &mut out)?;
    expect_eq("public key", out, want)
}

fn sign() -> Result<(), String> {
    let mut sk = key(306);
    let msg = b"a public message";
    let want = SecretKey::from_bytes(&sk).unwrap().sign(msg).to_bytes();
    secret(&mut sk);
    let mut out = [0u8; 96];
    // SAFETY: valid buffers of the lengths given.
    let ret = unsafe { ffi::ctt_bls_sign(&mut out, &sk, msg.as_ptr(), msg.len()) };
    ok("ctt_bls_sign", ret)?;
    declassify("signature", &mut out)?;
    expect_eq("signature", out, want)
}

fn pop_prove() -> Result<(), String> {
    let mut sk = key(307);
    let want = SecretKey::from_bytes(&sk).unwrap().pop_prove().to_bytes();
    secret(&mut sk);
    let mut out = [0u8; 96];
    // SAFETY: valid buffers.
    let ret = unsafe { ffi::ctt_bls_pop_prove(&mut out, &sk) };
    ok("ctt_bls_pop_prove", ret)?;
    declassify("proof", &mut out)?;
    expect_eq("proof", out, want)
}
