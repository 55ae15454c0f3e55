//! EIP-7594 PeerDAS: `compute_cells`, `compute_cells_and_kzg_proofs`, `recover_cells_and_kzg_proofs`
//! (half the cells missing, every other one) and `verify_cell_kzg_proof_batch` (128 cells of one
//! blob, n = 128; all cells of 64 blobs, n = 8192), against c-kzg 2.x (precompute 0, and 8 for
//! the proofs) and, with the package feature `rust-eth-kzg`, rust_eth_kzg (no precomputation,
//! and width 8 for the proofs; see [`super::kzg`] for how the peers are built).
//!
//! `compute_cells_and_kzg_proofs` is registered per table size of ours, the "size" column
//! being the window `b` of `Precompute::Tables { t: b, b }`, 0 for `Precompute::None`; the memory
//! of our settings is printed once per size. Inputs for verification come from c-kzg; every
//! contender must agree on the first input. With `--threads N > 1` ours runs the `*_parallel`
//! twins on the runner's pool; the peers stay serial.

// Without rust_eth_kzg the peer lists get no second push.
#![cfg_attr(not(feature = "rust-eth-kzg"), allow(unused_mut))]

use crate::registry::{Bench, Op, Setup, contender};
use ctt_field::{Field, PrimeField};
use ctt_peerdas::{
    BYTES_PER_BLOB, Blob, Bytes48, CELLS_PER_EXT_BLOB, Cell, KzgSettings, PeerDasSettings,
    Precompute,
};

/// Registers the PeerDAS operations.
pub fn register(ops: &mut Vec<Op>) {
    ops.push(Op::single("compute_cells", compute_cells));
    for b in [0, 10] {
        ops.push(Op {
            name: "compute_cells_and_kzg_proofs",
            size: Some(b),
            build: cells_and_proofs,
        });
    }
    ops.push(Op::single("recover_cells_and_kzg_proofs", recover));
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

fn ckzg_p8() -> &'static c_kzg::KzgSettings {
    c_kzg::ethereum_kzg_settings(8)
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

#[cfg(feature = "rust-eth-kzg")]
fn eth_kzg_p8() -> &'static rust_eth_kzg::DASContext {
    use std::sync::OnceLock;
    static CTX: OnceLock<rust_eth_kzg::DASContext> = OnceLock::new();
    CTX.get_or_init(|| {
        rust_eth_kzg::DASContext::new(
            &rust_eth_kzg::TrustedSetup::default(),
            rust_eth_kzg::UsePrecomp::Yes { width: 8 },
        )
    })
}

/// Ours with `Precompute::Tables { t: b, b }` (`None` for b = 0), built once per b.
fn ours_with(b: usize) -> &'static PeerDasSettings {
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock};
    static BY_B: OnceLock<Mutex<HashMap<usize, &'static PeerDasSettings>>> = OnceLock::new();
    let map = BY_B.get_or_init(|| Mutex::new(HashMap::new()));
    let mut map = map.lock().expect("not poisoned");
    map.entry(b).or_insert_with(|| {
        let p = if b == 0 {
            Precompute::None
        } else {
            Precompute::Tables {
                t: b as u32,
                b: b as u32,
            }
        };
        let s = PeerDasSettings::new(KzgSettings::mainnet(), p).expect("valid parameters");
        s.build_tables();
        eprintln!(
            "ctt-peerdas {p:?}: {:.1} MiB held by the settings",
            s.memory_bytes() as f64 / (1 << 20) as f64
        );
        Box::leak(Box::new(s))
    })
}

/// Cells and proofs, flattened for the agreement check.
fn cells_and_proofs_out(cells: &[Cell], proofs: &[[u8; 48]]) -> Vec<u8> {
    let mut out = cells_out(cells);
    out.extend(proofs.iter().flatten());
    out
}

fn cells_and_proofs(s: &mut Setup) -> Bench {
    let b = s.size.expect("sized");
    let threads = s.ctx.threads;
    let settings = ours_with(b);
    let blobs: Vec<Box<Blob>> = (0..2).map(|_| random_blob(s)).collect();
    let ck_blobs: Vec<Box<c_kzg::Blob>> = blobs
        .iter()
        .map(|b| Box::new(c_kzg::Blob::new(**b)))
        .collect();
    let us = contender(
        "ours",
        blobs.clone(),
        move |b| {
            if threads > 1 {
                settings.compute_cells_and_kzg_proofs_parallel(b)
            } else {
                settings.compute_cells_and_kzg_proofs(b)
            }
            .expect("valid")
        },
        |(c, p)| cells_and_proofs_out(&c[..], &p[..]),
    );
    let ck_out = |(c, p): &(Box<[c_kzg::Cell; 128]>, Box<[c_kzg::KzgProof; 128]>)| {
        let cells: Vec<Cell> = c.iter().map(|c| c.to_bytes()).collect();
        let proofs: Vec<[u8; 48]> = p.iter().map(|p| *p.to_bytes()).collect();
        cells_and_proofs_out(&cells, &proofs)
    };
    let mut peers = vec![
        contender(
            "c-kzg",
            ck_blobs.clone(),
            |b| ckzg().compute_cells_and_kzg_proofs(b).expect("valid"),
            ck_out,
        ),
        contender(
            "c-kzg p8",
            ck_blobs,
            |b| ckzg_p8().compute_cells_and_kzg_proofs(b).expect("valid"),
            ck_out,
        ),
    ];
    #[cfg(feature = "rust-eth-kzg")]
    {
        let ek_out = |(c, p): &([rust_eth_kzg::Cell; 128], [[u8; 48]; 128])| {
            let cells: Vec<Cell> = c.iter().map(|c| **c).collect();
            cells_and_proofs_out(&cells, &p[..])
        };
        peers.push(contender(
            "rust_eth_kzg",
            blobs.clone(),
            |b| eth_kzg().compute_cells_and_kzg_proofs(b).expect("valid"),
            ek_out,
        ));
        peers.push(contender(
            "rust_eth_kzg p8",
            blobs,
            |b| eth_kzg_p8().compute_cells_and_kzg_proofs(b).expect("valid"),
            ek_out,
        ));
    }
    Bench::checked(s, us, peers)
}

fn recover(s: &mut Setup) -> Bench {
    let threads = s.ctx.threads;
    // Every other cell, from c-kzg's extension of a random blob.
    let blob = random_blob(s);
    let ck_cells = ckzg()
        .compute_cells(&c_kzg::Blob::new(*blob))
        .expect("valid");
    let indices: Vec<u64> = (0..CELLS_PER_EXT_BLOB as u64).step_by(2).collect();
    let cells: Vec<Cell> = indices
        .iter()
        .map(|&i| ck_cells[i as usize].to_bytes())
        .collect();
    let input = (indices, cells);
    let ck_input = (
        input.0.clone(),
        input
            .1
            .iter()
            .map(|c| c_kzg::Cell::new(*c))
            .collect::<Vec<_>>(),
    );
    let us = contender(
        "ours",
        vec![input.clone()],
        move |(i, c)| {
            if threads > 1 {
                ours().recover_cells_and_kzg_proofs_parallel(i, c)
            } else {
                ours().recover_cells_and_kzg_proofs(i, c)
            }
            .expect("valid")
        },
        |(c, p)| cells_and_proofs_out(&c[..], &p[..]),
    );
    let mut peers = vec![contender(
        "c-kzg",
        vec![ck_input],
        |(i, c)| ckzg().recover_cells_and_kzg_proofs(i, c).expect("valid"),
        |(c, p)| {
            let cells: Vec<Cell> = c.iter().map(|c| c.to_bytes()).collect();
            let proofs: Vec<[u8; 48]> = p.iter().map(|p| *p.to_bytes()).collect();
            cells_and_proofs_out(&cells, &proofs)
        },
    )];
    #[cfg(feature = "rust-eth-kzg")]
    peers.push(contender(
        "rust_eth_kzg",
        vec![input],
        |(i, c)| {
            eth_kzg()
                .recover_cells_and_kzg_proofs(i.clone(), c.iter().collect())
                .expect("valid")
        },
        |(c, p)| {
            let cells: Vec<Cell> = c.iter().map(|c| **c).collect();
            cells_and_proofs_out(&cells, &p[..])
        },
    ));
    Bench::checked(s, us, peers)
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
