//! Differential: every EIP-4844 function of ctt-kzg (`KzgSettings::mainnet()`) against c-kzg 2.x
//! (its embedded mainnet setup) and rust_eth_kzg 0.10 (its embedded setup, no precomputation).
//! All must fail on the same inputs (ctt's typed error, c-kzg's `C_KZG_BADARGS`, rust_eth_kzg's
//! errors other than an invalid proof), and agree byte for byte (commitments, proofs, `y`) or on
//! true/false.
//!
//! Input: `op, kind, seed(8), npatch, (index(2), element(32))*npatch, z(32), zmode, mutation
//! bytes, raw bytes`. The blob is derived from the seed (random canonical elements, sparse,
//! zero, or elements in {0, 1, r − 1}) so that most inputs are valid, then up to two of its
//! elements are overwritten with input bytes (canonical or not). Commitments and proofs are
//! computed, then possibly mutated (a bit flip, input bytes, rewritten flag bits), so the
//! fuzzer reaches the true, false and error paths of every verifier.
#![no_main]

#[path = "common.rs"]
mod common;

use common::{Reader, Rng, eth, eth_verdict, mutate};
use ctt_kzg::{BYTES_PER_BLOB, Blob, KzgSettings};
use libfuzzer_sys::fuzz_target;
use std::fmt::Debug;

/// r − 1, big-endian.
const R_MINUS_1: [u8; 32] = [
    0x73, 0xed, 0xa7, 0x53, 0x29, 0x9d, 0x7d, 0x48, 0x33, 0x39, 0xd8, 0x08, 0x09, 0xa1, 0xd8, 0x05,
    0x53, 0xbd, 0xa4, 0x02, 0xff, 0xfe, 0x5b, 0xfe, 0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00,
];

fn ck() -> &'static c_kzg::KzgSettings {
    c_kzg::ethereum_kzg_settings(0)
}

fn new_blob() -> Box<Blob> {
    vec![0u8; BYTES_PER_BLOB]
        .into_boxed_slice()
        .try_into()
        .unwrap()
}

/// A canonical blob from a seed.
fn blob_from(seed: u64, kind: u8) -> Box<Blob> {
    let mut b = new_blob();
    let mut rng = Rng(seed);
    match kind % 4 {
        0 => {
            for fe in b.chunks_exact_mut(32) {
                rng.fill(fe);
                fe[0] &= 0x3f;
            }
        }
        1 => {
            for _ in 0..rng.next() % 8 {
                let i = (rng.next() % 4096) as usize;
                let fe = &mut b[32 * i..32 * i + 32];
                rng.fill(fe);
                fe[0] &= 0x3f;
            }
        }
        2 => {}
        _ => {
            for fe in b.chunks_exact_mut(32) {
                match rng.next() % 3 {
                    0 => {}
                    1 => fe[31] = 1,
                    _ => fe.copy_from_slice(&R_MINUS_1),
                }
            }
        }
    }
    b
}

/// The blob of the input: seed, kind, then up to two elements overwritten by input bytes.
fn read_blob(r: &mut Reader) -> Box<Blob> {
    let kind = r.u8();
    let seed = r.u64();
    let mut b = blob_from(seed, kind);
    for _ in 0..r.u8() % 3 {
        let i = (r.u16() % 4096) as usize;
        let fe: [u8; 32] = r.array();
        b[32 * i..32 * i + 32].copy_from_slice(&fe);
    }
    b
}

/// A `z` (or `y`): canonical (top bits cleared) unless the mode byte says raw.
fn read_scalar(r: &mut Reader) -> [u8; 32] {
    let mut z: [u8; 32] = r.array();
    match r.u8() % 4 {
        0 | 1 => z[0] &= 0x3f,
        2 => z = R_MINUS_1,
        _ => {}
    }
    z
}

fn ck_blob(b: &Blob) -> Box<c_kzg::Blob> {
    Box::new(c_kzg::Blob::new(*b))
}

/// Same failure, or the same value, in all three.
fn same<T: PartialEq + Debug, E0: Debug, E1: Debug, E2: Debug>(
    what: &str,
    ours: Result<T, E0>,
    theirs: Result<T, E1>,
    eth: Result<T, E2>,
) -> Option<T> {
    match (&ours, &eth) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "{what}: ctt and rust_eth_kzg values differ"),
        (Err(_), Err(_)) => {}
        (a, b) => panic!("{what}: ctt {a:?}, rust_eth_kzg {b:?}"),
    }
    match (ours, theirs) {
        (Ok(a), Ok(b)) => {
            assert_eq!(a, b, "{what}: ctt and c-kzg values differ");
            Some(a)
        }
        (Err(_), Err(_)) => None,
        (a, b) => panic!("{what}: ctt {a:?}, c-kzg {b:?}"),
    }
}

fn commit(s: &KzgSettings, blob: &Blob) -> Option<[u8; 48]> {
    same(
        "blob_to_kzg_commitment",
        s.blob_to_kzg_commitment(blob),
        ck().blob_to_kzg_commitment(&ck_blob(blob))
            .map(|c| *c.to_bytes()),
        eth().blob_to_kzg_commitment(blob),
    )
}

fn verify_kzg_proof(s: &KzgSettings, c: &[u8; 48], z: &[u8; 32], y: &[u8; 32], p: &[u8; 48]) {
    same(
        "verify_kzg_proof",
        s.verify_kzg_proof(c, z, y, p),
        ck().verify_kzg_proof(
            &c_kzg::Bytes48::new(*c),
            &c_kzg::Bytes32::new(*z),
            &c_kzg::Bytes32::new(*y),
            &c_kzg::Bytes48::new(*p),
        ),
        eth_verdict(eth().verify_kzg_proof(c, *z, *y, p)),
    );
}

fuzz_target!(|data: &[u8]| {
    let s = KzgSettings::mainnet();
    let mut r = Reader(data);
    let op = r.u8();
    match op % 5 {
        // Commitment of a (possibly invalid) blob.
        0 => {
            let blob = read_blob(&mut r);
            commit(s, &blob);
        }
        // compute_kzg_proof at z, then verify_kzg_proof of (commitment, z, y, proof), one of
        // them mutated.
        1 => {
            let blob = read_blob(&mut r);
            let mut z = read_scalar(&mut r);
            let ours = s.compute_kzg_proof(&blob, &z);
            let theirs = ck()
                .compute_kzg_proof(&ck_blob(&blob), &c_kzg::Bytes32::new(z))
                .map(|(p, y)| (*p.to_bytes(), *y));
            let eth_r = eth().compute_kzg_proof(&blob, z);
            let Some((mut proof, mut y)) = same("compute_kzg_proof", ours, theirs, eth_r) else {
                return;
            };
            let Some(mut c) = commit(s, &blob) else {
                panic!("compute_kzg_proof accepted a blob that blob_to_kzg_commitment rejects");
            };
            let (which, mode) = (r.u8(), r.u8());
            match which % 4 {
                0 => mutate(mode, &mut r, &mut c),
                1 => mutate(mode, &mut r, &mut proof),
                2 => mutate(mode, &mut r, &mut y),
                _ => mutate(mode, &mut r, &mut z),
            }
            verify_kzg_proof(s, &c, &z, &y, &proof);
        }
        // verify_kzg_proof on input bytes only (the decoders' paths; cheap).
        2 => {
            let c: [u8; 48] = r.array();
            let z: [u8; 32] = r.array();
            let y: [u8; 32] = r.array();
            let p: [u8; 48] = r.array();
            verify_kzg_proof(s, &c, &z, &y, &p);
        }
        // compute_blob_kzg_proof with a (possibly mutated) commitment, then
        // verify_blob_kzg_proof with a mutation of the commitment, the proof or the blob.
        3 => {
            let mut blob = read_blob(&mut r);
            let Some(mut c) = commit(s, &blob) else {
                // The proof must fail on an invalid blob too.
                let c: [u8; 48] = r.array();
                same(
                    "compute_blob_kzg_proof",
                    s.compute_blob_kzg_proof(&blob, &c),
                    ck().compute_blob_kzg_proof(&ck_blob(&blob), &c_kzg::Bytes48::new(c))
                        .map(|p| *p.to_bytes()),
                    eth().compute_blob_kzg_proof(&blob, &c),
                );
                return;
            };
            mutate(r.u8(), &mut r, &mut c);
            let ours = s.compute_blob_kzg_proof(&blob, &c);
            let theirs = ck()
                .compute_blob_kzg_proof(&ck_blob(&blob), &c_kzg::Bytes48::new(c))
                .map(|p| *p.to_bytes());
            let eth_r = eth().compute_blob_kzg_proof(&blob, &c);
            let mut proof =
                same("compute_blob_kzg_proof", ours, theirs, eth_r).unwrap_or([0u8; 48]);
            let (which, mode) = (r.u8(), r.u8());
            match which % 3 {
                0 => mutate(mode, &mut r, &mut c),
                1 => mutate(mode, &mut r, &mut proof),
                _ if mode % 2 == 1 => {
                    let i = (r.u16() % 4096) as usize;
                    let fe: [u8; 32] = r.array();
                    blob[32 * i..32 * i + 32].copy_from_slice(&fe);
                }
                _ => {}
            }
            same(
                "verify_blob_kzg_proof",
                s.verify_blob_kzg_proof(&blob, &c, &proof),
                ck().verify_blob_kzg_proof(
                    &ck_blob(&blob),
                    &c_kzg::Bytes48::new(c),
                    &c_kzg::Bytes48::new(proof),
                ),
                eth_verdict(eth().verify_blob_kzg_proof(&blob, &c, &proof)),
            );
        }
        // verify_blob_kzg_proof_batch of 0–3 blobs (commitments and proofs from c-kzg), one
        // entry mutated, the entries possibly swapped, or a proof missing.
        _ => {
            let n = (r.u8() % 4) as usize;
            let mut blobs = Vec::new();
            let mut cs = Vec::new();
            let mut ps = Vec::new();
            for _ in 0..n {
                let blob = read_blob(&mut r);
                let b = ck_blob(&blob);
                let c = ck()
                    .blob_to_kzg_commitment(&b)
                    .map(|c| *c.to_bytes())
                    .unwrap_or([0xc0; 48]);
                let p = ck()
                    .compute_blob_kzg_proof(&b, &c_kzg::Bytes48::new(c))
                    .map(|p| *p.to_bytes())
                    .unwrap_or([0xc0; 48]);
                blobs.push(blob);
                cs.push(c);
                ps.push(p);
            }
            let (which, mode) = (r.u8(), r.u8());
            if n > 0 {
                let i = (which as usize / 4) % n;
                match which % 4 {
                    0 => mutate(mode, &mut r, &mut cs[i]),
                    1 => mutate(mode, &mut r, &mut ps[i]),
                    2 if n > 1 => ps.swap(0, n - 1),
                    _ if mode == 0xff => {
                        ps.pop();
                    }
                    _ => {}
                }
            }
            let ours_blobs: Vec<Blob> = blobs.iter().map(|b| **b).collect();
            let their_blobs: Vec<c_kzg::Blob> =
                blobs.iter().map(|b| c_kzg::Blob::new(**b)).collect();
            let their_cs: Vec<c_kzg::Bytes48> =
                cs.iter().map(|c| c_kzg::Bytes48::new(*c)).collect();
            let their_ps: Vec<c_kzg::Bytes48> =
                ps.iter().map(|p| c_kzg::Bytes48::new(*p)).collect();
            same(
                "verify_blob_kzg_proof_batch",
                s.verify_blob_kzg_proof_batch(&ours_blobs, &cs, &ps),
                ck().verify_blob_kzg_proof_batch(&their_blobs, &their_cs, &their_ps),
                eth_verdict(eth().verify_blob_kzg_proof_batch(
                    blobs.iter().map(|b| &**b).collect(),
                    cs.iter().collect(),
                    ps.iter().collect(),
                )),
            );
        }
    }
});
