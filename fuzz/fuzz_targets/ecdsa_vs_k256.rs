//! Differential: ECDSA of ctt-curves against the RustCrypto crates. `secp256k1_recover` (the
//! EVM's ecrecover semantics: r, s in [1, n − 1], high s accepted, recovery id 0 or 1) against
//! k256's `VerifyingKey::recover_from_prehash`, with s normalised first (flipping the recovery id,
//! as revm does, since k256 requires low s) — same failure or the same 64-byte key;
//! `secp256k1_verify` against k256's `verify_prehash` (also on the normalised s; the equation holds
//! for s exactly when it holds for n − s) with the key in any SEC1 form; `p256_verify` against the
//! p256 crate's `verify_prehash` (key from affine coordinates). Error, false and true must match.
//!
//! Input: `curve, mode, mutation`, then either raw `hash, r, s, v, key` bytes or a secret key and a
//! hash that are signed first (then mutated: s ↦ n − s, a flipped bit in the hash, r, s or the key,
//! the recovery id changed, a key of another form).
#![no_main]

#[path = "common.rs"]
mod common;

use common::Reader;
use ctt_curves::ecdsa::{p256_verify, secp256k1_recover, secp256k1_verify};
use k256::ecdsa::signature::hazmat::{PrehashSigner, PrehashVerifier};
use libfuzzer_sys::fuzz_target;

/// Error / false / true.
fn tri<E>(r: Result<bool, E>) -> Option<bool> {
    r.ok()
}

fn k256_recover(h: &[u8; 32], r: &[u8; 32], s: &[u8; 32], v: u8) -> Option<[u8; 64]> {
    use k256::ecdsa::{RecoveryId, Signature, VerifyingKey};
    if v > 1 {
        return None;
    }
    let mut sig = Signature::from_scalars(*r, *s).ok()?;
    let mut v = v;
    if let Some(low) = sig.normalize_s() {
        sig = low;
        v ^= 1;
    }
    let key = VerifyingKey::recover_from_prehash(h, &sig, RecoveryId::from_byte(v)?).ok()?;
    let p = key.to_encoded_point(false);
    Some(p.as_bytes()[1..].try_into().unwrap())
}

fn k256_verify(h: &[u8; 32], r: &[u8; 32], s: &[u8; 32], key: &[u8]) -> Option<bool> {
    use k256::ecdsa::{Signature, VerifyingKey};
    // SEC1 keys only: 0x02/0x03 compressed, 0x04 uncompressed (libsecp256k1 adds the hybrid
    // 0x06/0x07, which k256 rejects too). k256 also takes the non-standard 0x05 "compact" form
    // (x only, draft-jivsov-ecc-compact), which ctt rejects by design.
    if key.first() == Some(&0x05) {
        return None;
    }
    let vk = VerifyingKey::from_sec1_bytes(key).ok()?;
    let sig = Signature::from_scalars(*r, *s).ok()?;
    let sig = sig.normalize_s().unwrap_or(sig);
    Some(vk.verify_prehash(h, &sig).is_ok())
}

fn p256_ref(
    h: &[u8; 32],
    r: &[u8; 32],
    s: &[u8; 32],
    qx: &[u8; 32],
    qy: &[u8; 32],
) -> Option<bool> {
    use p256::ecdsa::{Signature, VerifyingKey};
    let point = p256::EncodedPoint::from_affine_coordinates(qx.into(), qy.into(), false);
    let vk = VerifyingKey::from_encoded_point(&point).ok()?;
    let sig = Signature::from_scalars(*r, *s).ok()?;
    Some(vk.verify_prehash(h, &sig).is_ok())
}

fn flip(r: &mut Reader, b: &mut [u8]) {
    let pos = r.u16() as usize % (8 * b.len());
    b[pos / 8] ^= 1 << (pos % 8);
}

fn secp256k1(mode: u8, mutation: u8, r: &mut Reader) {
    let (mut h, mut sr, mut ss, mut v, mut key): ([u8; 32], [u8; 32], [u8; 32], u8, Vec<u8>);
    if mode % 2 == 0 {
        h = r.array();
        sr = r.array();
        ss = r.array();
        v = r.u8() % 4;
        key = r.rest().to_vec();
    } else {
        let sk: [u8; 32] = r.array();
        let Ok(sk) = k256::ecdsa::SigningKey::from_slice(&sk) else {
            return;
        };
        h = r.array();
        let (sig, id) = sk.sign_prehash_recoverable(&h).expect("signing");
        sr = sig.r().to_bytes().into();
        ss = sig.s().to_bytes().into();
        v = id.to_byte();
        let compressed = mode & 2 != 0;
        key = sk
            .verifying_key()
            .to_encoded_point(compressed)
            .as_bytes()
            .to_vec();
        match mutation % 8 {
            1 => {
                // High s: the same signature for ecrecover and verify.
                ss = (-*sig.s()).to_bytes().into();
                v ^= 1;
            }
            2 => flip(r, &mut h),
            3 => flip(r, &mut sr),
            4 => flip(r, &mut ss),
            5 => v = r.u8() % 4,
            6 => flip(r, &mut key),
            7 => key = r.rest().to_vec(),
            _ => {}
        }
    }
    let ours = secp256k1_recover(&h, &sr, &ss, v).ok();
    assert_eq!(
        ours,
        k256_recover(&h, &sr, &ss, v),
        "recover h={} r={} s={} v={v}",
        hex(&h),
        hex(&sr),
        hex(&ss)
    );
    let ours = tri(secp256k1_verify(&h, &sr, &ss, &key));
    assert_eq!(
        ours,
        k256_verify(&h, &sr, &ss, &key),
        "verify h={} r={} s={} key={}",
        hex(&h),
        hex(&sr),
        hex(&ss),
        hex(&key)
    );
}

fn p256(mode: u8, mutation: u8, r: &mut Reader) {
    let (mut h, mut sr, mut ss, mut qx, mut qy): (
        [u8; 32],
        [u8; 32],
        [u8; 32],
        [u8; 32],
        [u8; 32],
    );
    if mode % 2 == 0 {
        (h, sr, ss, qx, qy) = (r.array(), r.array(), r.array(), r.array(), r.array());
    } else {
        let sk: [u8; 32] = r.array();
        let Ok(sk) = p256::ecdsa::SigningKey::from_slice(&sk) else {
            return;
        };
        h = r.array();
        let sig: p256::ecdsa::Signature = sk.sign_prehash(&h).expect("signing");
        sr = sig.r().to_bytes().into();
        ss = sig.s().to_bytes().into();
        let point = sk.verifying_key().to_encoded_point(false);
        qx = (*point.x().unwrap()).into();
        qy = (*point.y().unwrap()).into();
        match mutation % 8 {
            1 => ss = (-*sig.s()).to_bytes().into(),
            2 => flip(r, &mut h),
            3 => flip(r, &mut sr),
            4 => flip(r, &mut ss),
            5 => flip(r, &mut qx),
            6 => flip(r, &mut qy),
            7 => (qx, qy) = (r.array(), r.array()),
            _ => {}
        }
    }
    let ours = tri(p256_verify(&h, &sr, &ss, &qx, &qy));
    assert_eq!(
        ours,
        p256_ref(&h, &sr, &ss, &qx, &qy),
        "p256 h={} r={} s={} qx={} qy={}",
        hex(&h),
        hex(&sr),
        hex(&ss),
        hex(&qx),
        hex(&qy)
    );
}

fuzz_target!(|data: &[u8]| {
    let mut r = Reader(data);
    let (curve, mode, mutation) = (r.u8(), r.u8(), r.u8());
    if curve % 2 == 0 {
        secp256k1(mode, mutation, &mut r);
    } else {
        p256(mode, mutation, &mut r);
    }
});

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}
