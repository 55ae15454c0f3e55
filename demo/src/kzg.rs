//! EIP-4844 KZG (ctt-kzg) on the embedded Ethereum mainnet setup: commit to a blob, prove and
//! verify it (one opening at a random point and the blob proof), batch-verify several blobs,
//! and reject a tampered proof and a non-canonical blob; then EIP-7594 PeerDAS (ctt-peerdas):
//! cells and proofs, sampling verification, recovery from half the cells.

use crate::{SplitMix, check, hex};
use ctt_field::{Field, PrimeField, Rng, bls12_381::Fr};
use ctt_kzg::{BYTES_PER_BLOB, Blob, KzgError, KzgSettings};
use std::time::Instant;

fn random_blob(rng: &mut SplitMix) -> Box<Blob> {
    let mut blob = Box::new([0u8; BYTES_PER_BLOB]);
    for chunk in blob.chunks_exact_mut(32) {
        chunk.copy_from_slice(&Fr::random(rng).to_bytes_be());
    }
    blob
}

/// Runs the tour; exits through `check` on a wrong answer.
pub fn tour(rng: &mut SplitMix) {
    println!("\nEIP-4844 KZG on the embedded mainnet trusted setup (ctt-kzg)");
    let start = Instant::now();
    let settings = KzgSettings::mainnet();
    println!(
        "  setup ready in {:.1} ms (4096 G1 Lagrange + 4096 G1 monomial + 65 G2 points)",
        start.elapsed().as_secs_f64() * 1e3
    );
    let start = Instant::now();
    settings.build_tables();
    println!(
        "  fixed-base tables {:?} built in {:.0} ms, {:.1} MiB held in all",
        settings.precompute(),
        start.elapsed().as_secs_f64() * 1e3,
        settings.memory_bytes() as f64 / (1 << 20) as f64
    );

    let blob = random_blob(rng);
    let start = Instant::now();
    let commitment = settings
        .blob_to_kzg_commitment(&blob)
        .expect("canonical blob");
    println!(
        "  commitment 0x{}… ({:.1} ms)",
        &hex(&commitment)[..24],
        start.elapsed().as_secs_f64() * 1e3
    );
    let z = Fr::random(rng).to_bytes_be();
    let (proof, y) = settings.compute_kzg_proof(&blob, &z).expect("canonical");
    check(
        "compute_kzg_proof at a random z verifies (verify_kzg_proof)",
        settings.verify_kzg_proof(&commitment, &z, &y, &proof) == Ok(true),
    );
    let mut wrong_y = y;
    wrong_y[31] ^= 1;
    check(
        "the same proof for another value y is rejected (Ok(false))",
        settings.verify_kzg_proof(&commitment, &z, &wrong_y, &proof) == Ok(false),
    );
    let blob_proof = settings
        .compute_blob_kzg_proof(&blob, &commitment)
        .expect("valid commitment");
    let start = Instant::now();
    let ok = settings.verify_blob_kzg_proof(&blob, &commitment, &blob_proof);
    println!(
        "  verify_blob_kzg_proof in {:.2} ms",
        start.elapsed().as_secs_f64() * 1e3
    );
    check("the blob proof verifies", ok == Ok(true));

    let blobs: Vec<Blob> = (0..4).map(|_| *random_blob(rng)).collect();
    let commitments = settings
        .blobs_to_kzg_commitments_parallel(&blobs)
        .expect("canonical blobs");
    let proofs = settings
        .compute_blob_kzg_proofs_parallel(&blobs, &commitments)
        .expect("valid commitments");
    check(
        "a batch of 4 blobs verifies (serial and on the rayon pool)",
        settings.verify_blob_kzg_proof_batch(&blobs, &commitments, &proofs) == Ok(true)
            && settings.verify_blob_kzg_proof_batch_parallel(&blobs, &commitments, &proofs)
                == Ok(true),
    );
    let mut swapped = proofs.clone();
    swapped.swap(0, 1);
    check(
        "the batch with two proofs swapped fails",
        settings.verify_blob_kzg_proof_batch(&blobs, &commitments, &swapped) == Ok(false),
    );
    let mut bad = blob.clone();
    bad[..32].fill(0xff);
    check(
        "a blob element ≥ r is a typed error, not a panic",
        settings.blob_to_kzg_commitment(&bad) == Err(KzgError::InvalidFieldElement),
    );
}

/// EIP-7594 PeerDAS on the same setup: cells and proofs, sampling verification, recovery.
pub fn peerdas_tour(rng: &mut SplitMix) {
    use ctt_peerdas::{CELLS_PER_EXT_BLOB, PeerDasSettings};
    println!("\nEIP-7594 PeerDAS on the same setup (ctt-peerdas)");
    let kzg = KzgSettings::mainnet();
    let settings = PeerDasSettings::mainnet();
    let start = Instant::now();
    settings.build_tables();
    println!(
        "  FK20 rows and tables {:?} built in {:.1} s, {:.1} MiB held",
        settings.precompute(),
        start.elapsed().as_secs_f64(),
        settings.memory_bytes() as f64 / (1 << 20) as f64
    );
    let blob = random_blob(rng);
    let commitment = kzg.blob_to_kzg_commitment(&blob).expect("canonical blob");
    let start = Instant::now();
    let (cells, proofs) = settings
        .compute_cells_and_kzg_proofs(&blob)
        .expect("canonical blob");
    println!(
        "  128 cells and their proofs in {:.0} ms",
        start.elapsed().as_secs_f64() * 1e3
    );
    check(
        "the first 64 cells are the blob itself",
        cells[..64].iter().flatten().eq(blob.iter()),
    );
    // A sampling node checks 8 random cells against the commitment.
    let picks: Vec<u64> = (0..8)
        .map(|_| rng.next_u64() % CELLS_PER_EXT_BLOB as u64)
        .collect();
    let sample_cells: Vec<_> = picks.iter().map(|&i| cells[i as usize]).collect();
    let sample_proofs: Vec<_> = picks.iter().map(|&i| proofs[i as usize]).collect();
    let commitments = vec![commitment; picks.len()];
    check(
        "8 sampled cells verify in one batch (verify_cell_kzg_proof_batch)",
        settings.verify_cell_kzg_proof_batch(&commitments, &picks, &sample_cells, &sample_proofs)
            == Ok(true),
    );
    let mut tampered = sample_cells.clone();
    tampered[0][31] ^= 1;
    check(
        "a tampered sampled cell fails the batch",
        settings.verify_cell_kzg_proof_batch(&commitments, &picks, &tampered, &sample_proofs)
            == Ok(false),
    );
    let odd: Vec<u64> = (1..CELLS_PER_EXT_BLOB as u64).step_by(2).collect();
    let odd_cells: Vec<_> = odd.iter().map(|&i| cells[i as usize]).collect();
    let start = Instant::now();
    let (rc, rp) = settings
        .recover_cells_and_kzg_proofs(&odd, &odd_cells)
        .expect("half the cells");
    println!(
        "  recovery from the 64 odd cells in {:.0} ms",
        start.elapsed().as_secs_f64() * 1e3
    );
    check(
        "recovery gives back every cell and proof",
        rc[..] == cells[..] && rp[..] == proofs[..],
    );
}
