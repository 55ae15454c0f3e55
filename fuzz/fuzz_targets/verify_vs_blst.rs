//! Differential: decoding and `verify` against blst. The input drives a key (KeyGen from 32
//! bytes, which must give blst's key, public key and signature), a message, and a mutation of
//! the encodings (none, a flipped bit or byte in the key or the signature, another message's
//! signature, raw bytes from the input), so that both valid and invalid cases are reached.
//! Our `PublicKey::from_bytes` must accept exactly what blst's `key_validate` accepts, our
//! `Signature::from_bytes` exactly what blst's `sig_validate(.., false)` accepts, and
//! `verify` must answer `Ok(true)` exactly when blst's `verify` (with both checks) succeeds.
#![no_main]

use blst::BLST_ERROR;
use blst::min_pk as bm;
use ctt_bls::*;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() < 34 {
        return;
    }
    let (ikm, mode, pos, rest) = (&data[..32], data[32], data[33] as usize, &data[34..]);
    let msg = rest;
    let sk = SecretKey::key_gen(ikm, b"").unwrap();
    let bsk = bm::SecretKey::key_gen(ikm, b"").unwrap();
    assert_eq!(sk.to_bytes(), bsk.to_bytes(), "KeyGen");
    let mut pk_bytes = sk.sk_to_pk().to_bytes().to_vec();
    assert_eq!(pk_bytes, bsk.sk_to_pk().to_bytes().to_vec(), "SkToPk");
    let mut sig_bytes = sk.sign(msg).to_bytes().to_vec();
    assert_eq!(
        sig_bytes,
        bsk.sign(msg, DST, &[]).to_bytes().to_vec(),
        "Sign"
    );

    match mode % 8 {
        0 => {}
        1 => pk_bytes[pos % 48] ^= 1 << (mode >> 5),
        2 => sig_bytes[pos % 96] ^= 1 << (mode >> 5),
        3 => sig_bytes = sk.sign(&[msg, b"!"].concat()).to_bytes().to_vec(),
        4 => pk_bytes[pos % 48] = mode,
        5 => sig_bytes[pos % 96] = mode,
        6 => {
            for (i, b) in rest.iter().take(48).enumerate() {
                pk_bytes[i] = *b;
            }
        }
        _ => {
            for (i, b) in rest.iter().take(96).enumerate() {
                sig_bytes[i] = *b;
            }
        }
    }

    let pk = PublicKey::from_bytes(&pk_bytes);
    let sig = Signature::from_bytes(&sig_bytes);
    let bpk = bm::PublicKey::key_validate(&pk_bytes);
    let bsig = bm::Signature::sig_validate(&sig_bytes, false);
    assert_eq!(
        pk.is_ok(),
        bpk.is_ok(),
        "KeyValidate of {pk_bytes:02x?}: ours {pk:?}"
    );
    assert_eq!(
        sig.is_ok(),
        bsig.is_ok(),
        "signature decoding of {sig_bytes:02x?}: ours {sig:?}"
    );

    let ours = match (pk, sig) {
        (Ok(pk), Ok(sig)) => verify(&pk, msg, &sig) == Ok(true),
        _ => false,
    };
    let theirs = match (
        bm::PublicKey::from_bytes(&pk_bytes),
        bm::Signature::from_bytes(&sig_bytes),
    ) {
        (Ok(pk), Ok(sig)) => sig.verify(true, msg, DST, &[], &pk, true) == BLST_ERROR::BLST_SUCCESS,
        _ => false,
    };
    assert_eq!(
        ours, theirs,
        "verify: pk {pk_bytes:02x?} sig {sig_bytes:02x?} msg {msg:02x?}"
    );
});
