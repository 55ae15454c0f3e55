//! libctt's C ABI (`bindings/c`): the cost of the FFI layer, and libctt against c-kzg's C library
//! through the same C calls. Operations `ffi_blob_to_kzg_commitment`, `ffi_verify_blob_kzg_proof`,
//! `ffi_compute_cells_and_kzg_proofs` and `ffi_verify_cell_kzg_proof_batch` (n = 128 cells, one
//! blob):
//!
//! * ours: ctt through its `ckzg.h` functions (`ctt::kzg::*`, the very functions libctt exports,
//!   here under Rust names since c-kzg's C library is linked into the same binary), on
//!   `ctt_kzg_load_mainnet(.., 8)` settings: pointer checks, panic guard, and the library call;
//! * `ctt-rust`: the same work called in Rust (`KzgSettings::mainnet()`,
//!   `PeerDasSettings::mainnet()`, the same tables): ours/ctt-rust is the FFI overhead;
//! * `c-kzg` (precompute 0) and `c-kzg p8` (precompute 8, its fastest cell proofs): c-kzg 2.x's C
//!   library through its own C functions.
//!
//! ```text
//! cargo run --release -p ctt-benches --bin compare -- ffi_
//! ```

// The C functions are called through their raw pointers, as a C program calls them.
#![allow(unsafe_code)]

use crate::registry::{Bench, Op, Setup, contender};
use ctt::kzg::{C_KZG_RET, KZGSettings};
use ctt_field::{Field, PrimeField};
use ctt_kzg::{BYTES_PER_BLOB, Blob, Bytes48, KzgSettings};
use ctt_peerdas::{CELLS_PER_EXT_BLOB, Cell, PeerDasSettings};
use std::sync::OnceLock;

/// Registers the FFI rows.
pub fn register(ops: &mut Vec<Op>) {
    ops.push(Op::single("ffi_blob_to_kzg_commitment", commitment));
    ops.push(Op::single("ffi_verify_blob_kzg_proof", verify_blob));
    ops.push(Op::single(
        "ffi_compute_cells_and_kzg_proofs",
        cells_and_proofs,
    ));
    ops.push(Op {
        name: "ffi_verify_cell_kzg_proof_batch",
        size: Some(CELLS_PER_EXT_BLOB),
        build: verify_cells,
    });
}

/// libctt's settings, loaded once through the C ABI (the embedded mainnet setup, the default
/// tables) and kept for the process.
fn settings() -> *const KZGSettings {
    static ADDR: OnceLock<usize> = OnceLock::new();
    *ADDR.get_or_init(|| {
        let s = Box::leak(Box::new(KZGSettings::default()));
        // SAFETY: `s` is a valid, writable settings object.
        let ret = unsafe { ctt::kzg::ctt_kzg_load_mainnet(s, 8) };
        assert_eq!(ret, C_KZG_RET::C_KZG_OK);
        s as *const KZGSettings as usize
    }) as *const KZGSettings
}

fn ckzg(precompute: u64) -> &'static c_kzg::KzgSettings {
    c_kzg::ethereum_kzg_settings(precompute)
}

fn random_blob(s: &mut Setup) -> Box<Blob> {
    let mut blob = Box::new([0u8; BYTES_PER_BLOB]);
    for chunk in blob.chunks_exact_mut(32) {
        chunk.copy_from_slice(&ctt_field::bls12_381::Fr::random(&mut s.rng).to_bytes_be());
    }
    blob
}

fn ck_blob(b: &Blob) -> Box<c_kzg::Blob> {
    Box::new(c_kzg::Blob::new(*b))
}

fn commitment(s: &mut Setup) -> Bench {
    let blobs: Vec<Box<Blob>> = (0..2).map(|_| random_blob(s)).collect();
    let ffi = settings() as usize;
    let us = contender(
        "ours",
        blobs.clone(),
        move |b| {
            let mut out = [0u8; 48];
            // SAFETY: valid blob, output and loaded settings.
            let ret = unsafe {
                ctt::kzg::blob_to_kzg_commitment(&mut out, &**b, ffi as *const KZGSettings)
            };
            assert_eq!(ret, C_KZG_RET::C_KZG_OK);
            out
        },
        |c| c.to_vec(),
    );
    let rust = contender(
        "ctt-rust",
        blobs.clone(),
        |b| {
            KzgSettings::mainnet()
                .blob_to_kzg_commitment(b)
                .expect("valid")
        },
        |c| c.to_vec(),
    );
    let ck = contender(
        "c-kzg",
        blobs.iter().map(|b| ck_blob(b)).collect(),
        |b| ckzg(0).blob_to_kzg_commitment(b).expect("valid"),
        |c| c.to_bytes().into_inner().to_vec(),
    );
    Bench::checked(s, us, vec![rust, ck])
}

/// Blobs with their commitments and proofs (ours, computed in Rust).
fn instances(s: &mut Setup) -> Vec<(Box<Blob>, Bytes48, Bytes48)> {
    (0..2)
        .map(|_| {
            let blob = random_blob(s);
            let k = KzgSettings::mainnet();
            let c = k.blob_to_kzg_commitment(&blob).expect("valid");
            let p = k.compute_blob_kzg_proof(&blob, &c).expect("valid");
            (blob, c, p)
        })
        .collect()
}

fn verify_blob(s: &mut Setup) -> Bench {
    let inputs = instances(s);
    let ffi = settings() as usize;
    let us = contender(
        "ours",
        inputs.clone(),
        move |(b, c, p)| {
            let mut ok = false;
            // SAFETY: valid inputs, output and loaded settings.
            let ret = unsafe {
                ctt::kzg::verify_blob_kzg_proof(&mut ok, &**b, c, p, ffi as *const KZGSettings)
            };
            assert_eq!(ret, C_KZG_RET::C_KZG_OK);
            ok
        },
        |ok| vec![*ok as u8],
    );
    let rust = contender(
        "ctt-rust",
        inputs.clone(),
        |(b, c, p)| {
            KzgSettings::mainnet()
                .verify_blob_kzg_proof(b, c, p)
                .expect("valid")
        },
        |ok| vec![*ok as u8],
    );
    let ck_inputs: Vec<_> = inputs
        .iter()
        .map(|(b, c, p)| (ck_blob(b), c_kzg::Bytes48::new(*c), c_kzg::Bytes48::new(*p)))
        .collect();
    let ck = contender(
        "c-kzg",
        ck_inputs,
        |(b, c, p)| ckzg(0).verify_blob_kzg_proof(b, c, p).expect("valid"),
        |ok| vec![*ok as u8],
    );
    Bench::checked(s, us, vec![rust, ck])
}

type CellsAndProofs = (Vec<Cell>, Vec<Bytes48>);

fn flatten((cells, proofs): &CellsAndProofs) -> Vec<u8> {
    let mut out: Vec<u8> = cells.iter().flatten().copied().collect();
    out.extend(proofs.iter().flatten());
    out
}

fn cells_and_proofs(s: &mut Setup) -> Bench {
    let blobs: Vec<Box<Blob>> = (0..2).map(|_| random_blob(s)).collect();
    let ffi = settings() as usize;
    let us = contender(
        "ours",
        blobs.clone(),
        move |b| {
            let mut cells = vec![[0u8; 2048]; CELLS_PER_EXT_BLOB];
            let mut proofs = vec![[0u8; 48]; CELLS_PER_EXT_BLOB];
            // SAFETY: valid blob, 128-element outputs, loaded settings.
            let ret = unsafe {
                ctt::kzg::compute_cells_and_kzg_proofs(
                    cells.as_mut_ptr(),
                    proofs.as_mut_ptr(),
                    &**b,
                    ffi as *const KZGSettings,
                )
            };
            assert_eq!(ret, C_KZG_RET::C_KZG_OK);
            (cells, proofs)
        },
        flatten,
    );
    let rust = contender(
        "ctt-rust",
        blobs.clone(),
        |b| {
            let (c, p) = PeerDasSettings::mainnet()
                .compute_cells_and_kzg_proofs(b)
                .expect("valid");
            (c.to_vec(), p.to_vec())
        },
        flatten,
    );
    let ck_out = |(c, p): &(Box<[c_kzg::Cell; 128]>, Box<[c_kzg::KzgProof; 128]>)| {
        let cells = c.iter().map(|c| c.to_bytes()).collect();
        let proofs = p.iter().map(|p| *p.to_bytes()).collect();
        flatten(&(cells, proofs))
    };
    let ck_blobs: Vec<_> = blobs.iter().map(|b| ck_blob(b)).collect();
    let peers = vec![
        rust,
        contender(
            "c-kzg",
            ck_blobs.clone(),
            |b| ckzg(0).compute_cells_and_kzg_proofs(b).expect("valid"),
            ck_out,
        ),
        contender(
            "c-kzg p8",
            ck_blobs,
            |b| ckzg(8).compute_cells_and_kzg_proofs(b).expect("valid"),
            ck_out,
        ),
    ];
    Bench::checked(s, us, peers)
}

/// One blob's 128 cells with its commitment (repeated) and proofs.
type Batch = (Vec<Bytes48>, Vec<u64>, Vec<Cell>, Vec<Bytes48>);

fn verify_cells(s: &mut Setup) -> Bench {
    let blob = random_blob(s);
    let k = KzgSettings::mainnet();
    let c = k.blob_to_kzg_commitment(&blob).expect("valid");
    let (cells, proofs) = PeerDasSettings::mainnet()
        .compute_cells_and_kzg_proofs(&blob)
        .expect("valid");
    let batch: Batch = (
        vec![c; CELLS_PER_EXT_BLOB],
        (0..CELLS_PER_EXT_BLOB as u64).collect(),
        cells.to_vec(),
        proofs.to_vec(),
    );
    let ffi = settings() as usize;
    let us = contender(
        "ours",
        vec![batch.clone()],
        move |(c, i, x, p)| {
            let mut ok = false;
            // SAFETY: four arrays of `i.len()` elements, loaded settings.
            let ret = unsafe {
                ctt::kzg::verify_cell_kzg_proof_batch(
                    &mut ok,
                    c.as_ptr(),
                    i.as_ptr(),
                    x.as_ptr(),
                    p.as_ptr(),
                    i.len() as u64,
                    ffi as *const KZGSettings,
                )
            };
            assert_eq!(ret, C_KZG_RET::C_KZG_OK);
            ok
        },
        |ok| vec![*ok as u8],
    );
    let rust = contender(
        "ctt-rust",
        vec![batch.clone()],
        |(c, i, x, p)| {
            PeerDasSettings::mainnet()
                .verify_cell_kzg_proof_batch(c, i, x, p)
                .expect("well formed")
        },
        |ok| vec![*ok as u8],
    );
    let ck_batch = (
        batch
            .0
            .iter()
            .map(|c| c_kzg::Bytes48::new(*c))
            .collect::<Vec<_>>(),
        batch.1.clone(),
        batch
            .2
            .iter()
            .map(|c| c_kzg::Cell::new(*c))
            .collect::<Vec<_>>(),
        batch
            .3
            .iter()
            .map(|p| c_kzg::Bytes48::new(*p))
            .collect::<Vec<_>>(),
    );
    let ck = contender(
        "c-kzg",
        vec![ck_batch],
        |(c, i, x, p)| {
            ckzg(0)
                .verify_cell_kzg_proof_batch(c, i, x, p)
                .expect("well formed")
        },
        |ok| vec![*ok as u8],
    );
    Bench::checked(s, us, vec![rust, ck])
}
