//! Differential: batch verification against blst. The input drives 1–8 sets (keys from KeyGen,
//! messages from the input), some of whose signatures are corrupted (signed over another
//! message, swapped with the next set's, or the identity). `batch_verify` and
//! `batch_verify_parallel` must answer `Ok(true)` exactly when blst verifies every set on its
//! own (and when blst's `verify_multiple_aggregate_signatures` accepts: both are probabilistic
//! only with probability 2⁻⁶⁴ of a false accept).
#![no_main]

use blst::BLST_ERROR;
use blst::min_pk as bm;
use ctt_bls::*;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() < 34 {
        return;
    }
    let n = (data[0] % 8) as usize + 1;
    let corrupt = data[1];
    let seed = &data[2..34];
    let rest = &data[34..];
    let mut pks = Vec::new();
    let mut msgs = Vec::new();
    let mut sigs = Vec::new();
    for i in 0..n {
        let mut ikm = [0u8; 32];
        ikm.copy_from_slice(seed);
        ikm[0] ^= i as u8;
        let sk = SecretKey::key_gen(&ikm, b"").unwrap();
        let msg: Vec<u8> = rest.iter().skip(i).step_by(n).copied().collect();
        pks.push(sk.sk_to_pk());
        sigs.push(sk.sign(&msg));
        msgs.push(msg);
    }
    // Corruptions selected by the bits of `corrupt`.
    match corrupt % 4 {
        0 => {}
        1 => {
            let i = (corrupt >> 2) as usize % n;
            let sk = SecretKey::key_gen(&[i as u8 + 1; 32], b"").unwrap();
            sigs[i] = sk.sign(&msgs[i]);
        }
        2 if n > 1 => sigs.swap(0, n - 1),
        _ => {
            let i = (corrupt >> 2) as usize % n;
            let mut id = [0u8; 96];
            id[0] = 0xc0;
            sigs[i] = Signature::from_bytes(&id).unwrap();
        }
    }
    let sets: Vec<_> = (0..n)
        .map(|i| SignatureSet::new(pks[i], &msgs[i], sigs[i]))
        .collect();
    let mut randomness = [0u8; 32];
    randomness.copy_from_slice(seed);
    randomness[31] ^= corrupt;
    let ours = batch_verify(&sets, &randomness);
    assert_eq!(
        ours,
        batch_verify_parallel(&sets, &randomness),
        "serial vs parallel"
    );

    let bpks: Vec<bm::PublicKey> = pks
        .iter()
        .map(|p| bm::PublicKey::from_bytes(&p.to_bytes()).unwrap())
        .collect();
    let bsigs: Vec<bm::Signature> = sigs
        .iter()
        .map(|s| bm::Signature::from_bytes(&s.to_bytes()).unwrap())
        .collect();
    let each = (0..n).all(|i| {
        bsigs[i].verify(true, &msgs[i], DST, &[], &bpks[i], true) == BLST_ERROR::BLST_SUCCESS
    });
    let m: Vec<&[u8]> = msgs.iter().map(|m| m.as_slice()).collect();
    let p: Vec<&bm::PublicKey> = bpks.iter().collect();
    let s: Vec<&bm::Signature> = bsigs.iter().collect();
    let rands: Vec<blst::blst_scalar> = (0..n)
        .map(|i| {
            let mut sc = blst::blst_scalar::default();
            sc.b[..8].copy_from_slice(&[i as u8 + 1, seed[i], 7, 7, 7, 7, 7, 7]);
            sc
        })
        .collect();
    let batch = bm::Signature::verify_multiple_aggregate_signatures(
        &m, DST, &p, true, &s, true, &rands, 64,
    ) == BLST_ERROR::BLST_SUCCESS;
    assert_eq!(
        ours == Ok(true),
        each,
        "batch vs blst's individual verification"
    );
    assert_eq!(ours == Ok(true), batch, "batch vs blst's batch");
});
