//! Findings of the differential fuzz targets (fuzz/), one test each.
//!
//! `peerdas_vs_ckzg`, recovery from cells that are not a codeword (at least 64 cells given, one
//! of them changed, so no polynomial of degree < 4096 takes all the given values). The three
//! implementations answer differently, and only one answer is the spec's:
//! - the spec's `recover_polynomialcoeff` divides `E·Z` by `Z` on a coset and keeps the first
//!   4096 coefficients of the result, and `recover_cells_and_kzg_proofs` returns the cells and
//!   proofs of that truncated polynomial: a valid extended blob, different from the input;
//! - c-kzg 2.1 returns the evaluations of the untruncated polynomial (or, with all 128 cells
//!   given, the input cells unchanged) with the truncated polynomial's proofs;
//! - rust_eth_kzg 0.10 refuses (`PolynomialHasInvalidLength`).
//!
//! ctt follows the spec. The expected digests below were derived outside ctt's recovery: c-kzg's
//! recovered cells, interpolated back to their 8192 coefficients, truncated to 4096 and
//! re-evaluated (what the spec's truncation gives), with c-kzg's proofs.

use ctt_hash::Sha256;
use ctt_peerdas::*;

struct SplitMix(u64);
impl SplitMix {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// Random bytes with each element's top three bits cleared (so below the modulus).
fn blob() -> Box<Blob> {
    let mut rng = SplitMix(0x7594);
    let mut blob = Box::new([0u8; BYTES_PER_BLOB]);
    for b in blob.iter_mut() {
        *b = rng.next_u64() as u8;
    }
    for fe in blob.chunks_exact_mut(32) {
        fe[0] &= 0x1f;
    }
    blob
}

fn digest(cells: &[Cell], proofs: &[Bytes48]) -> String {
    let mut h = Sha256::new();
    for c in cells {
        h.update(c);
    }
    for p in proofs {
        h.update(p);
    }
    hex::encode(h.finalize())
}

/// Cells `0..given` of the blob's extension, cell 23's first element replaced by the canonical
/// `0x00008005 00…00`; recovery must give the spec's answer, itself a valid extended blob.
fn recover_inconsistent(given: u64, want: &str) {
    let s = PeerDasSettings::mainnet();
    let (cells, _) = s.compute_cells_and_kzg_proofs(&blob()).unwrap();
    let indices: Vec<u64> = (0..given).collect();
    let mut input: Vec<Cell> = indices.iter().map(|&i| cells[i as usize]).collect();
    input[23][..32].fill(0);
    input[23][2..4].copy_from_slice(&[0x80, 0x05]);

    let (rc, rp) = s.recover_cells_and_kzg_proofs(&indices, &input).unwrap();
    assert_eq!(digest(&rc[..], &rp[..]), want, "{given} cells given");
    assert!(rc[23] != input[23], "the changed cell is not a codeword's");
    // The answer is an extended blob: the blob of its first 64 cells extends to it.
    let mut again = Box::new([0u8; BYTES_PER_BLOB]);
    for (chunk, cell) in again.chunks_exact_mut(BYTES_PER_CELL).zip(&rc[..64]) {
        chunk.copy_from_slice(cell);
    }
    let (ec, ep) = s.compute_cells_and_kzg_proofs(&again).unwrap();
    assert!(ec[..] == rc[..] && ep[..] == rp[..], "{given} cells given");
    // The parallel twin agrees.
    let (pc, pp) = s
        .recover_cells_and_kzg_proofs_parallel(&indices, &input)
        .unwrap();
    assert!(
        pc[..] == rc[..] && pp[..] == rp[..],
        "{given} cells given, parallel"
    );
}

#[test]
fn recovery_from_cells_that_are_not_a_codeword_truncates_as_the_spec() {
    recover_inconsistent(
        90,
        "769ee081adb0c81aa5462a728da938223eb0b2cf1fe6c6916f7eea9661165e0c",
    );
}

#[test]
fn recovery_from_all_cells_one_of_them_wrong_truncates_as_the_spec() {
    recover_inconsistent(
        128,
        "ce2e0f0d41fd00eb2b4d1fb53f450e568c1209429e4b47096e4f94a28617adad",
    );
}
