//! The multi-threaded twins of the batch and cell functions (`ctt_` prefix, not in c-kzg): the
//! same arguments and results as their serial functions, plus a thread count: 0 for the shared
//! pool (rayon's global pool, one thread per core), n > 0 for n threads started for the call.

use crate::kzg::{self, C_KZG_RET, KZGSettings, blob_batch, fail, finish, settings};
use crate::pool;
use crate::ptr::{self, guard};
use ctt_kzg::{Blob, Bytes48};
use ctt_peerdas::Cell;

use C_KZG_RET::{
    C_KZG_BADARGS as BADARGS, C_KZG_ERROR as ERROR, C_KZG_MALLOC as MALLOC, C_KZG_OK as OK,
};

/// `verify_blob_kzg_proof_batch` on `num_threads` threads.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn ctt_verify_blob_kzg_proof_batch_parallel(
    ok: *mut bool,
    blobs: *const Blob,
    commitments_bytes: *const Bytes48,
    proofs_bytes: *const Bytes48,
    n: u64,
    s: *const KZGSettings,
    num_threads: u32,
) -> C_KZG_RET {
    guard(ERROR, || {
        // SAFETY: the header's contract.
        let Some(ok) = (unsafe { ptr::out(ok) }) else {
            return BADARGS;
        };
        // SAFETY: the header's contract.
        let (Some((b, c, p)), Some(s)) = (unsafe {
            (
                blob_batch(blobs, commitments_bytes, proofs_bytes, n),
                settings(s),
            )
        }) else {
            return fail(ok, BADARGS);
        };
        match pool::install(num_threads, || {
            s.kzg.verify_blob_kzg_proof_batch_parallel(b, c, p)
        }) {
            None => fail(ok, MALLOC),
            Some(Ok(v)) => finish(ok, Ok::<_, ()>(v)),
            Some(Err(_)) => fail(ok, BADARGS),
        }
    })
}

/// The commitments of `n` blobs (`blob_to_kzg_commitment` of each) on `num_threads` threads.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn ctt_blobs_to_kzg_commitments_parallel(
    out: *mut Bytes48,
    blobs: *const Blob,
    n: u64,
    s: *const KZGSettings,
    num_threads: u32,
) -> C_KZG_RET {
    guard(ERROR, || {
        if n == 0 {
            return OK;
        }
        // SAFETY: the header's contract.
        let (Some(out), Some(blobs), Some(s)) =
            (unsafe { (ptr::out_slice(out, n), ptr::slice(blobs, n), settings(s)) })
        else {
            return BADARGS;
        };
        match pool::install(num_threads, || {
            s.kzg.blobs_to_kzg_commitments_parallel(blobs)
        }) {
            None => MALLOC,
            Some(Ok(v)) => {
                out.write(&v);
                OK
            }
            Some(Err(_)) => BADARGS,
        }
    })
}

/// The proofs of `n` blobs (`compute_blob_kzg_proof` of each) on `num_threads` threads.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn ctt_compute_blob_kzg_proofs_parallel(
    out: *mut Bytes48,
    blobs: *const Blob,
    commitments_bytes: *const Bytes48,
    n: u64,
    s: *const KZGSettings,
    num_threads: u32,
) -> C_KZG_RET {
    guard(ERROR, || {
        if n == 0 {
            return OK;
        }
        // SAFETY: the header's contract.
        let (Some(out), Some(blobs), Some(commitments), Some(s)) = (unsafe {
            (
                ptr::out_slice(out, n),
                ptr::slice(blobs, n),
                ptr::slice(commitments_bytes, n),
                settings(s),
            )
        }) else {
            return BADARGS;
        };
        match pool::install(num_threads, || {
            s.kzg.compute_blob_kzg_proofs_parallel(blobs, commitments)
        }) {
            None => MALLOC,
            Some(Ok(v)) => {
                out.write(&v);
                OK
            }
            Some(Err(_)) => BADARGS,
        }
    })
}

/// `compute_cells_and_kzg_proofs` with FK20 on `num_threads` threads.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn ctt_compute_cells_and_kzg_proofs_parallel(
    cells: *mut Cell,
    proofs: *mut Bytes48,
    blob: *const Blob,
    s: *const KZGSettings,
    num_threads: u32,
) -> C_KZG_RET {
    // SAFETY: the header's contract.
    unsafe { kzg::cells_and_proofs(cells, proofs, blob, s, Some(num_threads)) }
}

/// `recover_cells_and_kzg_proofs` on `num_threads` threads.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn ctt_recover_cells_and_kzg_proofs_parallel(
    recovered_cells: *mut Cell,
    recovered_proofs: *mut Bytes48,
    cell_indices: *const u64,
    cells: *const Cell,
    num_cells: u64,
    s: *const KZGSettings,
    num_threads: u32,
) -> C_KZG_RET {
    // SAFETY: the header's contract.
    unsafe {
        kzg::recover(
            recovered_cells,
            recovered_proofs,
            cell_indices,
            cells,
            num_cells,
            s,
            Some(num_threads),
        )
    }
}

/// `verify_cell_kzg_proof_batch` on `num_threads` threads.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn ctt_verify_cell_kzg_proof_batch_parallel(
    ok: *mut bool,
    commitments_bytes: *const Bytes48,
    cell_indices: *const u64,
    cells: *const Cell,
    proofs_bytes: *const Bytes48,
    num_cells: u64,
    s: *const KZGSettings,
    num_threads: u32,
) -> C_KZG_RET {
    // SAFETY: the header's contract.
    unsafe {
        kzg::verify_cells(
            ok,
            commitments_bytes,
            cell_indices,
            cells,
            proofs_bytes,
            num_cells,
            s,
            Some(num_threads),
        )
    }
}
