//! EIP-4844 KZG and EIP-7594 PeerDAS on the embedded mainnet setup (ctt-kzg, ctt-peerdas).
//! Lists are concatenations of fixed-size items and a count; cell indices are little-endian
//! `u32`s. Verifications answer one byte.
//!
//! The PeerDAS functions take a settings handle: 0 is the shared mainnet settings with the
//! default FK20 tables; [`cttjs_das_settings_new`] makes others from c-kzg's `precompute`.

use crate::error::{Code, answer, finish};
use crate::mem::{item, items, u32s};
use ctt_kzg::{BYTES_PER_BLOB, KzgSettings};
use ctt_peerdas::{BYTES_PER_CELL, CellsAndProofs, PeerDasSettings};
use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::rc::Rc;

fn kzg() -> &'static KzgSettings {
    KzgSettings::mainnet()
}

thread_local! {
    /// PeerDAS settings with other tables than the default, by handle (never reused, so a
    /// freed handle stays an error).
    static SETTINGS: RefCell<BTreeMap<u32, Rc<PeerDasSettings>>> = const { RefCell::new(BTreeMap::new()) };
    static NEXT_HANDLE: Cell<u32> = const { Cell::new(1) };
}

/// Runs `f` on the settings of `handle` (0: the shared mainnet default).
fn with_das<R>(
    handle: u32,
    f: impl FnOnce(&PeerDasSettings) -> Result<R, Code>,
) -> Result<R, Code> {
    if handle == 0 {
        return f(PeerDasSettings::mainnet());
    }
    let s = SETTINGS.with(|m| m.borrow().get(&handle).cloned());
    let s = s.ok_or(Code::InvalidSettings)?;
    f(&s)
}

/// Settings on the mainnet setup with the FK20 tables of c-kzg's `precompute` (0–15: 0 none,
/// 1–7 smaller tables, 8–15 the default ones), as [`PeerDasSettings::precompute_from_ckzg`]
/// maps it. The output: the handle, 4 bytes little-endian (0 for the default tables, which
/// every caller shares). The tables are built on first use, as the default ones are.
#[unsafe(no_mangle)]
pub extern "C" fn cttjs_das_settings_new(precompute: u32) -> i32 {
    let Some(p) = PeerDasSettings::precompute_from_ckzg(u64::from(precompute)) else {
        return Code::InvalidPrecompute as i32;
    };
    if p == PeerDasSettings::DEFAULT_PRECOMPUTE {
        return finish(Ok(0u32.to_le_bytes().to_vec()));
    }
    let made = PeerDasSettings::new(KzgSettings::mainnet(), p).map_err(Code::from);
    finish(made.map(|s| {
        let handle = NEXT_HANDLE.with(|n| n.replace(n.get() + 1));
        SETTINGS.with(|m| m.borrow_mut().insert(handle, Rc::new(s)));
        handle.to_le_bytes().to_vec()
    }))
}

/// Frees the settings of `handle` (0 and unknown handles: nothing to do).
#[unsafe(no_mangle)]
pub extern "C" fn cttjs_das_settings_free(handle: u32) {
    SETTINGS.with(|m| m.borrow_mut().remove(&handle));
}

/// The commitment (48 bytes) to a blob.
///
/// # Safety
/// A blob (131072 bytes) at `blob`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cttjs_blob_to_kzg_commitment(blob: *const u8) -> i32 {
    // SAFETY: the glue's contract.
    let blob = unsafe { item::<BYTES_PER_BLOB>(blob) };
    finish(
        kzg()
            .blob_to_kzg_commitment(blob)
            .map(Vec::from)
            .map_err(Code::from),
    )
}

/// The proof (48 bytes) and the value `y` (32 bytes) of a blob's polynomial at `z`.
///
/// # Safety
/// A blob at `blob`, 32 bytes at `z`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cttjs_compute_kzg_proof(blob: *const u8, z: *const u8) -> i32 {
    // SAFETY: the glue's contract.
    let (blob, z) = unsafe { (item::<BYTES_PER_BLOB>(blob), item::<32>(z)) };
    finish(
        kzg()
            .compute_kzg_proof(blob, z)
            .map(|(proof, y)| [&proof[..], &y[..]].concat())
            .map_err(Code::from),
    )
}

/// The blob proof (48 bytes) of a blob at its Fiat–Shamir challenge.
///
/// # Safety
/// A blob at `blob`, 48 bytes at `commitment`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cttjs_compute_blob_kzg_proof(
    blob: *const u8,
    commitment: *const u8,
) -> i32 {
    // SAFETY: the glue's contract.
    let (blob, c) = unsafe { (item::<BYTES_PER_BLOB>(blob), item::<48>(commitment)) };
    finish(
        kzg()
            .compute_blob_kzg_proof(blob, c)
            .map(Vec::from)
            .map_err(Code::from),
    )
}

/// Whether `proof` opens `commitment` to `y` at `z`.
///
/// # Safety
/// 48, 32, 32 and 48 bytes at the four pointers.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cttjs_verify_kzg_proof(
    commitment: *const u8,
    z: *const u8,
    y: *const u8,
    proof: *const u8,
) -> i32 {
    // SAFETY: the glue's contract.
    let (c, z, y, p) = unsafe {
        (
            item::<48>(commitment),
            item::<32>(z),
            item::<32>(y),
            item::<48>(proof),
        )
    };
    finish(
        kzg()
            .verify_kzg_proof(c, z, y, p)
            .map(answer)
            .map_err(Code::from),
    )
}

/// Whether `proof` shows that `commitment` commits to `blob`.
///
/// # Safety
/// A blob, 48 and 48 bytes at the three pointers.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cttjs_verify_blob_kzg_proof(
    blob: *const u8,
    commitment: *const u8,
    proof: *const u8,
) -> i32 {
    // SAFETY: the glue's contract.
    let (b, c, p) = unsafe {
        (
            item::<BYTES_PER_BLOB>(blob),
            item::<48>(commitment),
            item::<48>(proof),
        )
    };
    finish(
        kzg()
            .verify_blob_kzg_proof(b, c, p)
            .map(answer)
            .map_err(Code::from),
    )
}

/// Whether all `n` (blob, commitment, proof) triples verify.
///
/// # Safety
/// `n` blobs, `n` commitments and `n` proofs at the three pointers.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cttjs_verify_blob_kzg_proof_batch(
    n: usize,
    blobs: *const u8,
    commitments: *const u8,
    proofs: *const u8,
) -> i32 {
    // SAFETY: the glue's contract.
    let lists = unsafe {
        (
            items::<BYTES_PER_BLOB>(blobs, n),
            items::<48>(commitments, n),
            items::<48>(proofs, n),
        )
    };
    let (Some(b), Some(c), Some(p)) = lists else {
        return Code::BadArgs as i32;
    };
    finish(
        kzg()
            .verify_blob_kzg_proof_batch(b, c, p)
            .map(answer)
            .map_err(Code::from),
    )
}

/// The 128 cells and 128 proofs, concatenated.
fn cells_and_proofs((cells, proofs): CellsAndProofs) -> Vec<u8> {
    let mut out = Vec::with_capacity(cells.len() * BYTES_PER_CELL + proofs.len() * 48);
    cells.iter().for_each(|c| out.extend_from_slice(c));
    proofs.iter().for_each(|p| out.extend_from_slice(p));
    out
}

/// The 128 cells (2048 bytes each) of a blob's extension (`settings`: a handle, as every
/// PeerDAS function takes).
///
/// # Safety
/// A blob at `blob`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cttjs_compute_cells(settings: u32, blob: *const u8) -> i32 {
    // SAFETY: the glue's contract.
    let blob = unsafe { item::<BYTES_PER_BLOB>(blob) };
    finish(with_das(settings, |das| {
        das.compute_cells(blob)
            .map(|cells| cells.concat())
            .map_err(Code::from)
    }))
}

/// The 128 cells, then their 128 proofs.
///
/// # Safety
/// A blob at `blob`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cttjs_compute_cells_and_kzg_proofs(settings: u32, blob: *const u8) -> i32 {
    // SAFETY: the glue's contract.
    let blob = unsafe { item::<BYTES_PER_BLOB>(blob) };
    finish(with_das(settings, |das| {
        das.compute_cells_and_kzg_proofs(blob)
            .map(cells_and_proofs)
            .map_err(Code::from)
    }))
}

/// All 128 cells and proofs from `n` of them.
///
/// # Safety
/// `n` indices (4 bytes each) and `n` cells at the two pointers.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cttjs_recover_cells_and_kzg_proofs(
    settings: u32,
    n: usize,
    indices: *const u8,
    cells: *const u8,
) -> i32 {
    // SAFETY: the glue's contract.
    let (Some(i), Some(c)) = (unsafe { (u32s(indices, n), items::<BYTES_PER_CELL>(cells, n)) })
    else {
        return Code::BadArgs as i32;
    };
    finish(with_das(settings, |das| {
        das.recover_cells_and_kzg_proofs(&i, c)
            .map(cells_and_proofs)
            .map_err(Code::from)
    }))
}

/// Whether every one of `n` cells is proved to lie on its commitment's polynomial.
///
/// # Safety
/// `n` commitments, indices (4 bytes each), cells and proofs at the four pointers.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cttjs_verify_cell_kzg_proof_batch(
    settings: u32,
    n: usize,
    commitments: *const u8,
    indices: *const u8,
    cells: *const u8,
    proofs: *const u8,
) -> i32 {
    // SAFETY: the glue's contract.
    let lists = unsafe {
        (
            items::<48>(commitments, n),
            u32s(indices, n),
            items::<BYTES_PER_CELL>(cells, n),
            items::<48>(proofs, n),
        )
    };
    let (Some(c), Some(i), Some(cells), Some(p)) = lists else {
        return Code::BadArgs as i32;
    };
    finish(with_das(settings, |das| {
        das.verify_cell_kzg_proof_batch(c, &i, cells, p)
            .map(answer)
            .map_err(Code::from)
    }))
}
