//! Arbitrary bytes through every decoder and verification entry point: nothing may panic, and
//! whatever decodes must re-encode to the same bytes. Layout of the input: a 48-byte key, a
//! 96-byte signature, a 32-byte secret key, the rest is the message.
#![no_main]

use ctt_bls::*;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let take =
        |from: usize, len: usize| data.get(from..(from + len).min(data.len())).unwrap_or(&[]);
    let (pk_bytes, sig_bytes, sk_bytes) = (take(0, 48), take(48, 96), take(144, 32));
    let msg = data.get(176..).unwrap_or(&[]);

    let pk = PublicKey::from_bytes(pk_bytes);
    let sig = Signature::from_bytes(sig_bytes);
    if let Ok(pk) = &pk {
        assert_eq!(&pk.to_bytes()[..], pk_bytes);
    }
    if let Ok(sig) = &sig {
        assert_eq!(&sig.to_bytes()[..], sig_bytes);
    }
    if let Ok(sk) = SecretKey::from_bytes(sk_bytes) {
        assert_eq!(&sk.to_bytes()[..], sk_bytes);
    }
    // The whole input as one key / signature too (wrong lengths must be typed errors).
    let _ = PublicKey::from_bytes(data);
    let _ = Signature::from_bytes(data);
    let _ = SecretKey::from_bytes(data);
    let _ = SecretKey::key_gen(data, msg);

    if let (Ok(pk), Ok(sig)) = (pk, sig) {
        let v = verify(&pk, msg, &sig).expect("a decoded key is never the identity");
        let pks = [pk, pk];
        let msgs: [&[u8]; 2] = [msg, msg];
        let f = fast_aggregate_verify(&pks[..1], msg, &sig);
        assert_eq!(f, Ok(v));
        assert_eq!(eth_fast_aggregate_verify(&pks[..1], msg, &sig), Ok(v));
        assert_eq!(aggregate_verify(&pks[..1], &msgs[..1], &sig), Ok(v));
        let _ = aggregate_verify(&pks, &msgs, &sig);
        let _ = pop_verify(&pk, &sig);
        let _ = aggregate(&[sig, sig]);
        let set = [SignatureSet::new(pk, msg, sig)];
        let b = batch_verify(&set, &[data.len() as u8; 32]);
        // A single set: the blinded check is the plain check.
        assert_eq!(b, Ok(v));
        assert_eq!(batch_verify_parallel(&set, &[0; 32]), Ok(v));
    }
});
