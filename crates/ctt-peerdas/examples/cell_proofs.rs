//! PeerDAS (EIP-7594) from the blob publisher's and the sampling node's side: extend a blob to
//! 128 cells with their proofs, verify a random sample of cells, and recover the whole extended
//! blob from half of its cells.
//!
//! `cargo run --release -p ctt-peerdas --example cell_proofs`

use ctt_peerdas::{BYTES_PER_BLOB, Blob, CELLS_PER_EXT_BLOB, KzgSettings, PeerDasSettings};
use std::time::Instant;

fn main() -> Result<(), ctt_peerdas::PeerDasError> {
    let mut blob: Box<Blob> = Box::new([0u8; BYTES_PER_BLOB]);
    for (i, element) in blob.chunks_exact_mut(32).enumerate() {
        element[24..].copy_from_slice(&(i as u64 * 0x9e37_79b9).to_be_bytes());
    }
    let settings = PeerDasSettings::mainnet();
    let commitment = KzgSettings::mainnet()
        .blob_to_kzg_commitment(&blob)
        .expect("canonical blob");

    // The FK20 tables are built on first use; a node builds them upfront.
    let t = Instant::now();
    settings.build_tables();
    println!(
        "FK20 tables ({:.1} MiB in all) built in {:?}",
        settings.memory_bytes() as f64 / 1048576.0,
        t.elapsed()
    );

    // Publisher: all 128 cells and their proofs (FK20) on a pool.
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .expect("a rayon pool");
    let t = Instant::now();
    let (cells, proofs) = pool.install(|| settings.compute_cells_and_kzg_proofs_parallel(&blob))?;
    println!("{} cells and proofs in {:?}", cells.len(), t.elapsed());

    // Sampling node: 8 columns of this blob, verified in one batch.
    let sample: Vec<u64> = vec![3, 17, 29, 64, 77, 90, 101, 127];
    let t = Instant::now();
    let ok = settings.verify_cell_kzg_proof_batch(
        &vec![commitment; sample.len()],
        &sample,
        &sample
            .iter()
            .map(|&i| cells[i as usize])
            .collect::<Vec<_>>(),
        &sample
            .iter()
            .map(|&i| proofs[i as usize])
            .collect::<Vec<_>>(),
    )?;
    println!(
        "sample of {} cells: {ok} in {:?}",
        sample.len(),
        t.elapsed()
    );
    assert!(ok);

    // Reconstruction: the odd half of the columns is enough.
    let have: Vec<u64> = (0..CELLS_PER_EXT_BLOB as u64)
        .filter(|i| i % 2 == 1)
        .collect();
    let some_cells: Vec<_> = have.iter().map(|&i| cells[i as usize]).collect();
    let t = Instant::now();
    let (all_cells, all_proofs) =
        pool.install(|| settings.recover_cells_and_kzg_proofs_parallel(&have, &some_cells))?;
    println!(
        "recovered {} cells and proofs from {} in {:?}",
        all_cells.len(),
        have.len(),
        t.elapsed()
    );
    assert!(all_cells == cells && all_proofs == proofs);
    Ok(())
}
