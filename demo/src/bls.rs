//! The BLS signature flow of Ethereum's consensus layer (ctt-bls): keys, signing, verification,
//! aggregation and batch verification, each answer checked.

use crate::{SplitMix, check, hex};
use ctt_bls::{
    PublicKey, SecretKey, Signature, SignatureSet, aggregate, aggregate_verify, batch_verify,
    batch_verify_parallel, fast_aggregate_verify, pop_prove, pop_verify, verify,
};
use ctt_field::Rng;

fn bytes32(rng: &mut SplitMix) -> [u8; 32] {
    let mut out = [0u8; 32];
    for c in out.chunks_mut(8) {
        c.copy_from_slice(&rng.next_u64().to_le_bytes());
    }
    out
}

/// Runs the tour; exits through `check` on a wrong answer.
pub fn tour(rng: &mut SplitMix) {
    println!("\nBLS signatures (BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_, keys in G1)");
    let sk = SecretKey::key_gen(&bytes32(rng), b"").expect("32 bytes of key material");
    let pk = sk.sk_to_pk();
    println!("  public key 0x{}", hex(&pk.to_bytes()));
    let msg = b"attestation: slot 1234, head 0xabcd";
    let sig = sk.sign(msg);
    println!("  signature  0x{}…", &hex(&sig.to_bytes())[..48]);
    check(
        "KeyGen → SkToPk → Sign → Verify",
        verify(&pk, msg, &sig) == Ok(true),
    );
    check(
        "the signature does not verify another message",
        verify(&pk, b"attestation: slot 1235", &sig) == Ok(false),
    );
    let decoded = (
        PublicKey::from_bytes(&pk.to_bytes()),
        Signature::from_bytes(&sig.to_bytes()),
    );
    check(
        "key and signature round-trip through their 48/96-byte encodings (KeyValidate, subgroup check)",
        decoded == (Ok(pk), Ok(sig)),
    );
    check(
        "proof of possession verifies",
        pop_verify(&pk, &pop_prove(&sk)) == Ok(true),
    );

    // A committee signs one message: aggregate, then one pairing check for all.
    let committee: Vec<SecretKey> = (0..64)
        .map(|_| SecretKey::key_gen(&bytes32(rng), b"").unwrap())
        .collect();
    let pks: Vec<PublicKey> = committee.iter().map(|k| k.sk_to_pk()).collect();
    let sigs: Vec<Signature> = committee.iter().map(|k| k.sign(msg)).collect();
    let agg = aggregate(&sigs).unwrap();
    check(
        "64 signatures of one message aggregate into one that fast_aggregate_verify accepts",
        fast_aggregate_verify(&pks, msg, &agg) == Ok(true),
    );
    check(
        "… and rejects once a key is missing",
        fast_aggregate_verify(&pks[1..], msg, &agg) == Ok(false),
    );

    // Different messages: aggregate_verify, and batch verification of separate signatures.
    let msgs: Vec<[u8; 32]> = (0..16).map(|_| bytes32(rng)).collect();
    let sigs: Vec<Signature> = committee
        .iter()
        .zip(&msgs)
        .map(|(k, m)| k.sign(m))
        .collect();
    let m: Vec<&[u8]> = msgs.iter().map(|x| x.as_slice()).collect();
    check(
        "aggregate_verify of 16 signers over 16 messages",
        aggregate_verify(&pks[..16], &m, &aggregate(&sigs).unwrap()) == Ok(true),
    );
    let mut sets: Vec<SignatureSet<'_>> = (0..16)
        .map(|i| SignatureSet::new(pks[i], &msgs[i], sigs[i]))
        .collect();
    let randomness = bytes32(rng);
    check(
        "batch_verify of 16 (key, message, signature) sets: one final exponentiation",
        batch_verify(&sets, &randomness) == Ok(true),
    );
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .expect("a 2-thread pool");
    check(
        "batch_verify_parallel on a 2-thread pool agrees",
        pool.install(|| batch_verify_parallel(&sets, &randomness)) == Ok(true),
    );
    sets[7].signature = sigs[8];
    check(
        "one wrong signature among 16 fails the batch",
        batch_verify(&sets, &randomness) == Ok(false),
    );
    let child = sk.derive_child_sk(12381);
    check(
        "EIP-2333 child keys sign and verify too",
        verify(&child.sk_to_pk(), msg, &child.sign(msg)) == Ok(true),
    );
}
