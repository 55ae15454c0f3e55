//! What a consensus client does with the blobs of a block (EIP-4844): check each blob sidecar's
//! commitment and proof, all of a block's blobs in one batch on a rayon pool, and what a
//! proposer does to build them.
//!
//! `cargo run --release -p ctt-kzg --example blob_verification`

use ctt_kzg::{BYTES_PER_BLOB, Blob, KzgSettings};
use std::time::Instant;

/// A blob of pseudo-random canonical field elements (the top byte of each is zero, so < r).
fn blob(seed: u64) -> Box<Blob> {
    let mut b = Box::new([0u8; BYTES_PER_BLOB]);
    let mut x = seed;
    for element in b.chunks_exact_mut(32) {
        for byte in &mut element[1..] {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            *byte = (x >> 56) as u8;
        }
    }
    b
}

fn main() -> Result<(), ctt_kzg::KzgError> {
    let t = Instant::now();
    let settings = KzgSettings::mainnet(); // embedded mainnet setup, decoded once
    println!("mainnet trusted setup ready in {:?}", t.elapsed());
    // The fixed-base tables for commitments are built on first use; a node builds them upfront.
    let t = Instant::now();
    settings.build_tables();
    println!(
        "commitment tables ({:.1} MiB in all) built in {:?}",
        settings.memory_bytes() as f64 / 1048576.0,
        t.elapsed()
    );

    // Proposer side: commitments and blob proofs for six blobs.
    let blobs: Vec<Box<Blob>> = (1..=6).map(blob).collect();
    let t = Instant::now();
    let commitments = blobs
        .iter()
        .map(|b| settings.blob_to_kzg_commitment(b))
        .collect::<Result<Vec<_>, _>>()?;
    let proofs = blobs
        .iter()
        .zip(&commitments)
        .map(|(b, c)| settings.compute_blob_kzg_proof(b, c))
        .collect::<Result<Vec<_>, _>>()?;
    println!("6 commitments and blob proofs in {:?}", t.elapsed());

    // Gossip: one sidecar at a time.
    let t = Instant::now();
    assert!(settings.verify_blob_kzg_proof(&blobs[0], &commitments[0], &proofs[0])?);
    println!("one blob sidecar verified in {:?}", t.elapsed());

    // Block import: the whole block's blobs in one batch, on the client's pool.
    let flat: Vec<Blob> = blobs.iter().map(|b| **b).collect();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .expect("a rayon pool");
    let t = Instant::now();
    let ok = pool
        .install(|| settings.verify_blob_kzg_proof_batch_parallel(&flat, &commitments, &proofs))?;
    println!("batch of {} blobs: {ok} in {:?}", flat.len(), t.elapsed());
    assert!(ok);

    // A proof for the wrong blob is a well-formed `false`; a malformed commitment is an error.
    let mut swapped = proofs.clone();
    swapped.swap(0, 1);
    assert!(!settings.verify_blob_kzg_proof_batch(&flat, &commitments, &swapped)?);
    assert!(
        settings
            .verify_blob_kzg_proof(&blobs[0], &[0u8; 48], &proofs[0])
            .is_err()
    );
    println!("wrong proofs rejected, malformed input refused");
    Ok(())
}
