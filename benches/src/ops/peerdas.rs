//! EIP-7594 PeerDAS: `compute_cells` and `verify_cell_kzg_proof_batch` (128 cells of one blob,
//! n = 128; all cells of 64 blobs, n = 8192), against c-kzg 2.x (precompute 0) and, with the
//! package feature `rust-eth-kzg`, rust_eth_kzg (see [`super::kzg`] for how they are built).
//!
//! Cell proofs come from c-kzg's `compute_cells_and_kzg_proofs` (ctt-peerdas has no FK20 yet);
//! every contender must agree on the first input. With `--threads N > 1` ours runs
//! `verify_cell_kzg_proof_batch_parallel` on the runner's pool; the peers stay serial.

// Without rust_eth_kzg the peer lists get no second push.
#![cfg_attr(not(feature = "rust-eth-kzg"), allow(unused_mut))]

use crate::registry::{Bench, Op, Setup, contender};
use ctt_field::{Field, PrimeField};
use ctt_peerdas::{BYTES_PER_BLOB, Blob, Bytes48, CELLS_PER_EXT_BLOB, Cell, PeerDasSettings};

/// Registers the PeerDAS operations.
pub fn register(ops: &mut Vec<Op>) {
    ops.push(Op::single("compute_cells", compute_cells));
    for n in [128, 8192] {
        ops.push(Op {
            name: "verify_cell_kzg_proof_batch",
            size: Some(n),
            build: verify_batch,
        });
    }
}

fn ours() -> &'static PeerDasSettings {
    PeerDasSettings::mainnet()
}

fn ckzg() -> &'static c_kzg::KzgSettings {
    c_kzg::ethereum_kzg_settings(0)
}

#[cfg(feature = "rust-eth-kzg")]
fn eth_kzg() -> &'static rust_eth_kzg::DASContext {
    use std::sync::OnceLock;
    static CTX: OnceLock<rust_eth_kzg::DASContext> = OnceLock::new();
    CTX.get_or_init(|| {
        rust_eth_kzg::DASContext::new(
            &rust_eth_kzg::TrustedSetup::default(),
            rust_eth_kzg::UsePrecomp::No,
        )
    })
}

fn random_blob(s: &mut Setup) -> Box<Blob> {
    let mut blob = Box::new([0u8; BYTES_PER_BLOB]);
    for chunk in blob.chunks_exact_mut(32) {
        chunk.copy_from_slice(&ctt_field::bls12_381::Fr::random(&mut s.rng).to_bytes_be());
    }
    blob
}

fn cells_out(cells: &[Cell]) -> Vec<u8> {
    cells.iter().flat_map(|c| c.to_vec()).collect()
}

fn compute_cells(s: &mut Setup) -> Bench {
    let blobs: Vec<Box<Blob>> = (0..2).map(|_| random_blob(s)).collect();
    let ck_blobs: Vec<Box<c_kzg::Blob>> = blobs
        .iter()
        .map(|b| Box::new(c_kzg::Blob::new(**b)))
        .collect();
    let us = contender(
        "ours",
        blobs.clone(),
        |b| ours().compute_cells(b).expect("valid"),
        |c| cells_out(&c[..]),
    );
    let mut peers = vec![contender(
        "c-kzg",
        ck_blobs,
        |b| ckzg().compute_cells(b).expect("valid"),
        |c| c.iter().flat_map(|c| c.to_bytes()).collect(),
    )];
    #[cfg(feature = "rust-eth-kzg")]
    peers.push(contender(
        "rust_eth_kzg",
        blobs,
        |b| eth_kzg().compute_cells(b).expect("valid"),
        |c| c.iter().flat_map(|c| c.to_vec()).collect(),
    ));
    Bench::checked(s, us, peers)
}

/// All cells of `n / 128` blobs with their commitments and proofs (c-kzg's).
type Batch = (Vec<Bytes48>, Vec<u64>, Vec<Cell>, Vec<Bytes48>);

fn verify_batch(s: &mut Setup) -> Bench {
    let n = s.size.expect("sized");
    let threads = s.ctx.threads;
    let mut batch: Batch = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for _ in 0..n / CELLS_PER_EXT_BLOB {
        let blob = random_blob(s);
        let ck_blob = c_kzg::Blob::new(*blob);
        let c = ckzg().blob_to_kzg_commitment(&ck_blob).expect("valid");
        let (cells, proofs) = ckzg()
            .compute_cells_and_kzg_proofs(&ck_blob)
            .expect("valid");
        for i in 0..CELLS_PER_EXT_BLOB {
            batch.0.push(*c.to_bytes());
            batch.1.push(i as u64);
            batch.2.push(cells[i].to_bytes());
            batch.3.push(*proofs[i].to_bytes());
        }
    }
    let ck_batch: (
        Vec<c_kzg::Bytes48>,
        Vec<u64>,
        Vec<c_kzg::Cell>,
        Vec<c_kzg::Bytes48>,
    ) = (
        batch.0.iter().map(|c| c_kzg::Bytes48::new(*c)).collect(),
        batch.1.clone(),
        batch.2.iter().map(|c| c_kzg::Cell::new(*c)).collect(),
        batch.3.iter().map(|p| c_kzg::Bytes48::new(*p)).collect(),
    );
    let us = contender(
        "ours",
        vec![batch.clone()],
        move |(c, i, cells, p)| {
            if threads > 1 {
                ours().verify_cell_kzg_proof_batch_parallel(c, i, cells, p)
            } else {
                ours().verify_cell_kzg_proof_batch(c, i, cells, p)
            }
            .expect("well formed")
        },
        |b| vec![*b as u8],
    );
    let mut peers = vec![contender(
        "c-kzg",
        vec![ck_batch],
        |(c, i, cells, p)| {
            ckzg()
                .verify_cell_kzg_proof_batch(c, i, cells, p)
                .expect("well formed")
        },
        |b| vec![*b as u8],
    )];
    #[cfg(feature = "rust-eth-kzg")]
    peers.push(contender(
        "rust_eth_kzg",
        vec![batch],
        |(c, i, cells, p)| {
            eth_kzg()
                .verify_cell_kzg_proof_batch(
                    c.iter().collect(),
                    i,
                    cells.iter().collect(),
                    p.iter().collect(),
                )
                .is_ok()
        },
        |b| vec![*b as u8],
    ));
    Bench::checked(s, us, peers)
}
