//! A consensus client's BLS work, end to end: decode the validator registry's public keys once
//! (the expensive KeyValidate happens at decoding), verify an attestation aggregate against its
//! committee, and batch-verify a block's signature sets on a rayon pool.
//!
//! `cargo run --release -p ctt-bls --example consensus_client`

use ctt_bls::{
    PublicKey, SecretKey, Signature, SignatureSet, aggregate, batch_verify_parallel,
    eth_fast_aggregate_verify,
};
use std::time::Instant;

fn main() -> Result<(), ctt_bls::BlsError> {
    // The registry as it arrives from the state: 48-byte compressed keys (made up here).
    let secret_keys: Vec<SecretKey> = (0..256u32)
        .map(|i| {
            let mut ikm = [0u8; 32];
            ikm[..4].copy_from_slice(&i.to_be_bytes());
            SecretKey::key_gen(&ikm, b"")
        })
        .collect::<Result<_, _>>()?;
    let registry_bytes: Vec<[u8; 48]> = secret_keys
        .iter()
        .map(|sk| sk.sk_to_pk().to_bytes())
        .collect();

    // Decode once: on-curve, subgroup and non-identity checks; cache the decoded keys.
    let t = Instant::now();
    let registry: Vec<PublicKey> = registry_bytes
        .iter()
        .map(|b| PublicKey::from_bytes(b))
        .collect::<Result<_, _>>()?;
    println!(
        "decoded {} public keys in {:?}",
        registry.len(),
        t.elapsed()
    );

    // An attestation: a committee of 128 signs the same attestation data root.
    let committee = &registry[..128];
    let data_root = [0xab_u8; 32];
    let signatures: Vec<Signature> = secret_keys[..128]
        .iter()
        .map(|sk| sk.sign(&data_root))
        .collect();
    let wire = aggregate(&signatures)?.to_bytes();
    let aggregate_signature = Signature::from_bytes(&wire)?; // subgroup check at decoding
    let t = Instant::now();
    let ok = eth_fast_aggregate_verify(committee, &data_root, &aggregate_signature)?;
    println!(
        "attestation aggregate of {}: {ok} in {:?}",
        committee.len(),
        t.elapsed()
    );
    assert!(ok);

    // A block: proposer signature, RANDAO reveal, sync aggregate, ... as independent signature
    // sets, verified together with random blinding on the client's own pool.
    let messages: Vec<[u8; 32]> = (0..64u8).map(|i| [i; 32]).collect();
    let sets: Vec<SignatureSet<'_>> = messages
        .iter()
        .enumerate()
        .map(|(i, m)| SignatureSet::new(registry[i], m, secret_keys[i].sign(m)))
        .collect();
    // Fresh randomness per batch (from the OS in a real client).
    let randomness = [0x5a_u8; 32];
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .expect("a rayon pool");
    let t = Instant::now();
    let ok = pool.install(|| batch_verify_parallel(&sets, &randomness))?;
    println!(
        "block of {} signature sets: {ok} in {:?}",
        sets.len(),
        t.elapsed()
    );
    assert!(ok);

    // One wrong signature makes the batch fail (then a client falls back to one-by-one).
    let mut bad = sets.clone();
    bad[7] = SignatureSet::new(registry[7], &messages[8], secret_keys[7].sign(&messages[7]));
    assert!(!pool.install(|| batch_verify_parallel(&bad, &randomness))?);
    println!("a block with one bad set is rejected");
    Ok(())
}
