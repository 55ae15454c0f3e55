//! c-kzg-4844 2.1's C interface (`include/ckzg.h`): the same names, types, sizes and return
//! codes, over ctt-kzg and ctt-peerdas.
//!
//! Every malformed input is `C_KZG_BADARGS`, as in c-kzg: a field element `≥ r`, a point that
//! is not a valid compressed G1 point of the subgroup, a bad cell index, too few or too many
//! cells, unordered indices, a bad trusted setup, a `precompute` above 15. The C ABI adds the
//! cases c-kzg leaves undefined, also `C_KZG_BADARGS`: a NULL pointer (except for an empty
//! array), an unaligned pointer, a count whose byte size overflows, settings that were never
//! loaded or were freed. A panic (a bug) is `C_KZG_ERROR`.

use crate::ptr::{self, guard};
use core::ffi::c_void;
use ctt_kzg::{Blob, Bytes32, Bytes48, KzgSettings, Precompute};
use ctt_peerdas::{CELLS_PER_EXT_BLOB, Cell, PeerDasSettings};

/// c-kzg's return type.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(non_camel_case_types)]
pub enum C_KZG_RET {
    /// Success.
    C_KZG_OK = 0,
    /// The input is invalid (see the module documentation).
    C_KZG_BADARGS = 1,
    /// Internal error (a caught panic: a bug).
    C_KZG_ERROR = 2,
    /// Memory could not be allocated.
    C_KZG_MALLOC = 3,
}

use C_KZG_RET::{C_KZG_BADARGS as BADARGS, C_KZG_ERROR as ERROR, C_KZG_OK as OK};

/// The caller-allocated settings object: the size and alignment of c-kzg's (eight pointers and
/// two `size_t`), so that bindings that allocate or embed c-kzg's struct get the right size. Its
/// contents are ctt's: the address of the loaded settings, a check word (the address with
/// `MAGIC` mixed in, so that settings that were never loaded — all zero — or that were freed
/// are refused instead of followed), and unused words.
#[repr(C)]
#[allow(non_camel_case_types)]
pub struct KZGSettings {
    handle: *const Settings,
    check: usize,
    reserved: [usize; 8],
}

impl Default for KZGSettings {
    /// Unloaded settings (all zero), as a C caller declares them: pass its address to a loader.
    fn default() -> Self {
        KZGSettings {
            handle: core::ptr::null(),
            check: 0,
            reserved: [0; 8],
        }
    }
}

const MAGIC: usize = 0x6374_745f_6b7a_6731_u64 as usize; // "ctt_kzg1"

/// c-kzg's `fr_t`, opaque: its size and alignment (four 64-bit words). ctt stores the element's
/// canonical big-endian bytes in it.
#[repr(C, align(8))]
#[allow(non_camel_case_types)]
pub struct fr_t {
    bytes: [u8; 32],
}

/// c-kzg's `g1_t`, opaque: its size and alignment (three coordinates of six 64-bit words). ctt
/// stores a validated compressed point in its first 48 bytes.
#[repr(C, align(8))]
#[allow(non_camel_case_types)]
pub struct g1_t {
    bytes: [u8; 144],
}

/// What a loaded [`KZGSettings`] points to.
pub(crate) struct Settings {
    pub(crate) kzg: Held<KzgSettings>,
    pub(crate) das: Held<PeerDasSettings>,
}

/// Shared (the embedded mainnet settings, built once per process) or owned.
pub(crate) enum Held<T: 'static> {
    Shared(&'static T),
    Owned(T),
}

impl<T> core::ops::Deref for Held<T> {
    type Target = T;
    fn deref(&self) -> &T {
        match self {
            Held::Shared(t) => t,
            Held::Owned(t) => t,
        }
    }
}

impl Settings {
    fn new(kzg: Held<KzgSettings>, precompute: Precompute) -> Option<Settings> {
        let das = if precompute == PeerDasSettings::DEFAULT_PRECOMPUTE
            && matches!(kzg, Held::Shared(_))
        {
            Held::Shared(PeerDasSettings::mainnet())
        } else {
            Held::Owned(PeerDasSettings::new(&kzg, precompute).ok()?)
        };
        // c-kzg does all its setup work when loading; so does this, so that no later call pays
        // for building tables.
        kzg.build_tables();
        das.build_tables();
        Some(Settings { kzg, das })
    }
}

/// Stores `settings` in the caller's struct.
fn install(out: ptr::Out<KZGSettings>, settings: Settings) {
    let handle = Box::into_raw(Box::new(settings)).cast_const();
    out.write(KZGSettings {
        handle,
        check: handle as usize ^ MAGIC,
        reserved: [0; 8],
    });
}

/// The loaded settings behind `s`, or `None` (NULL, never loaded, freed, or not settings).
///
/// # Safety
/// `s` is NULL or points to a `KZGSettings` (loaded, zeroed or freed).
pub(crate) unsafe fn settings<'a>(s: *const KZGSettings) -> Option<&'a Settings> {
    // SAFETY: the caller's contract.
    let s = unsafe { ptr::reference(s) }?;
    if s.handle.is_null() || s.check != s.handle as usize ^ MAGIC {
        return None;
    }
    // SAFETY: the check word matches, so `handle` was made by `install` and not yet freed
    // (`free_trusted_setup` zeroes both words), and loaded settings are never written to.
    Some(unsafe { &*s.handle })
}

/// `load_trusted_setup`: the setup as concatenated compressed points (G1 monomial, G1 Lagrange,
/// G2 monomial), validated in full.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn load_trusted_setup(
    out: *mut KZGSettings,
    g1_monomial_bytes: *const u8,
    num_g1_monomial_bytes: u64,
    g1_lagrange_bytes: *const u8,
    num_g1_lagrange_bytes: u64,
    g2_monomial_bytes: *const u8,
    num_g2_monomial_bytes: u64,
    precompute: u64,
) -> C_KZG_RET {
    guard(ERROR, || {
        // SAFETY: the header's contract: NULL or valid pointers with the given lengths.
        let (Some(out), Some(g1m), Some(g1l), Some(g2m)) = (unsafe {
            (
                ptr::out(out),
                ptr::slice(g1_monomial_bytes, num_g1_monomial_bytes),
                ptr::slice(g1_lagrange_bytes, num_g1_lagrange_bytes),
                ptr::slice(g2_monomial_bytes, num_g2_monomial_bytes),
            )
        }) else {
            return BADARGS;
        };
        let Some(precompute) = PeerDasSettings::precompute_from_ckzg(precompute) else {
            return BADARGS;
        };
        let Ok(kzg) = KzgSettings::from_trusted_setup_bytes(g1m, g1l, g2m) else {
            return BADARGS;
        };
        match Settings::new(Held::Owned(kzg), precompute) {
            Some(s) => {
                install(out, s);
                OK
            }
            None => BADARGS,
        }
    })
}

/// An opaque C `FILE`.
#[repr(C)]
pub struct FILE {
    _private: [u8; 0],
}

unsafe extern "C" {
    /// The C standard library's `fread` (libctt links the C library in any case).
    fn fread(ptr: *mut c_void, size: usize, nmemb: usize, stream: *mut FILE) -> usize;
}

/// The rest of `file`, read with the C library's `fread`.
///
/// # Safety
/// `file` is an open stream.
unsafe fn read_to_end(file: *mut FILE) -> Vec<u8> {
    let mut text = Vec::new();
    let mut chunk = [0u8; 1 << 16];
    loop {
        // SAFETY: `chunk` is writable for its length; `file` is open (the caller's contract).
        let n = unsafe { fread(chunk.as_mut_ptr().cast(), 1, chunk.len(), file) };
        text.extend_from_slice(&chunk[..n]);
        if n < chunk.len() {
            return text;
        }
    }
}

/// `load_trusted_setup_file`: the setup in c-kzg's text format, read from an open stream.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn load_trusted_setup_file(
    out: *mut KZGSettings,
    file: *mut FILE,
    precompute: u64,
) -> C_KZG_RET {
    guard(ERROR, || {
        // SAFETY: the header's contract.
        let Some(out) = (unsafe { ptr::out(out) }) else {
            return BADARGS;
        };
        if file.is_null() {
            return BADARGS;
        }
        let Some(precompute) = PeerDasSettings::precompute_from_ckzg(precompute) else {
            return BADARGS;
        };
        // SAFETY: a non-NULL `FILE *` is an open stream (the header's contract).
        let text = unsafe { read_to_end(file) };
        let Ok(text) = core::str::from_utf8(&text) else {
            return BADARGS;
        };
        let Ok(kzg) = KzgSettings::from_trusted_setup_text(text) else {
            return BADARGS;
        };
        match Settings::new(Held::Owned(kzg), precompute) {
            Some(s) => {
                install(out, s);
                OK
            }
            None => BADARGS,
        }
    })
}

/// `ctt_kzg_load_mainnet`: the Ethereum mainnet setup embedded in the library, no file needed.
/// The points are shared by every settings object of the process (and with the default
/// `precompute`, so are the FK20 tables).
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn ctt_kzg_load_mainnet(out: *mut KZGSettings, precompute: u64) -> C_KZG_RET {
    guard(ERROR, || {
        // SAFETY: the header's contract.
        let Some(out) = (unsafe { ptr::out(out) }) else {
            return BADARGS;
        };
        let Some(precompute) = PeerDasSettings::precompute_from_ckzg(precompute) else {
            return BADARGS;
        };
        match Settings::new(Held::Shared(KzgSettings::mainnet()), precompute) {
            Some(s) => {
                install(out, s);
                OK
            }
            None => BADARGS,
        }
    })
}

/// `free_trusted_setup`: releases what loading made and zeroes the struct, so that a later use
/// is refused with `C_KZG_BADARGS` and a second free does nothing. NULL does nothing.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn free_trusted_setup(s: *mut KZGSettings) {
    guard((), || {
        // SAFETY: the header's contract: NULL or a `KZGSettings` (loaded, zeroed or freed).
        if unsafe { settings(s) }.is_none() {
            return;
        }
        // SAFETY: `settings` accepted it, so `s` is aligned and valid.
        let s = unsafe { &mut *s };
        // SAFETY: the check word matched: `handle` came from `Box::into_raw` in `install` and
        // was not freed (freeing zeroes it below).
        drop(unsafe { Box::from_raw(s.handle.cast_mut()) });
        s.handle = core::ptr::null();
        s.check = 0;
    })
}

/// Maps a library result onto c-kzg's codes and writes the value on success.
pub(crate) fn finish<T, E>(out: ptr::Out<T>, r: Result<T, E>) -> C_KZG_RET {
    match r {
        Ok(v) => {
            out.write(v);
            OK
        }
        Err(_) => BADARGS,
    }
}

/// Writes `false` to a validated `ok` and returns the code: a call that fails says "not valid".
pub(crate) fn fail(ok: ptr::Out<bool>, code: C_KZG_RET) -> C_KZG_RET {
    ok.write(false);
    code
}

/// `blob_to_kzg_commitment`.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn blob_to_kzg_commitment(
    out: *mut Bytes48,
    blob: *const Blob,
    s: *const KZGSettings,
) -> C_KZG_RET {
    guard(ERROR, || {
        // SAFETY: the header's contract.
        let (Some(out), Some(blob), Some(s)) =
            (unsafe { (ptr::out(out), ptr::reference(blob), settings(s)) })
        else {
            return BADARGS;
        };
        finish(out, s.kzg.blob_to_kzg_commitment(blob))
    })
}

/// `compute_kzg_proof`.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn compute_kzg_proof(
    proof_out: *mut Bytes48,
    y_out: *mut Bytes32,
    blob: *const Blob,
    z_bytes: *const Bytes32,
    s: *const KZGSettings,
) -> C_KZG_RET {
    guard(ERROR, || {
        // SAFETY: the header's contract.
        let (Some(proof_out), Some(y_out), Some(blob), Some(z), Some(s)) = (unsafe {
            (
                ptr::out(proof_out),
                ptr::out(y_out),
                ptr::reference(blob),
                ptr::reference(z_bytes),
                settings(s),
            )
        }) else {
            return BADARGS;
        };
        match s.kzg.compute_kzg_proof(blob, z) {
            Ok((proof, y)) => {
                proof_out.write(proof);
                y_out.write(y);
                OK
            }
            Err(_) => BADARGS,
        }
    })
}

/// `compute_blob_kzg_proof`.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn compute_blob_kzg_proof(
    out: *mut Bytes48,
    blob: *const Blob,
    commitment_bytes: *const Bytes48,
    s: *const KZGSettings,
) -> C_KZG_RET {
    guard(ERROR, || {
        // SAFETY: the header's contract.
        let (Some(out), Some(blob), Some(c), Some(s)) = (unsafe {
            (
                ptr::out(out),
                ptr::reference(blob),
                ptr::reference(commitment_bytes),
                settings(s),
            )
        }) else {
            return BADARGS;
        };
        finish(out, s.kzg.compute_blob_kzg_proof(blob, c))
    })
}

/// `verify_kzg_proof`.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn verify_kzg_proof(
    ok: *mut bool,
    commitment_bytes: *const Bytes48,
    z_bytes: *const Bytes32,
    y_bytes: *const Bytes32,
    proof_bytes: *const Bytes48,
    s: *const KZGSettings,
) -> C_KZG_RET {
    guard(ERROR, || {
        // SAFETY: the header's contract.
        let Some(ok) = (unsafe { ptr::out(ok) }) else {
            return BADARGS;
        };
        // SAFETY: the header's contract.
        let (Some(c), Some(z), Some(y), Some(p), Some(s)) = (unsafe {
            (
                ptr::reference(commitment_bytes),
                ptr::reference(z_bytes),
                ptr::reference(y_bytes),
                ptr::reference(proof_bytes),
                settings(s),
            )
        }) else {
            return fail(ok, BADARGS);
        };
        match s.kzg.verify_kzg_proof(c, z, y, p) {
            Ok(v) => finish(ok, Ok::<_, ()>(v)),
            Err(_) => fail(ok, BADARGS),
        }
    })
}

/// `verify_blob_kzg_proof`.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn verify_blob_kzg_proof(
    ok: *mut bool,
    blob: *const Blob,
    commitment_bytes: *const Bytes48,
    proof_bytes: *const Bytes48,
    s: *const KZGSettings,
) -> C_KZG_RET {
    guard(ERROR, || {
        // SAFETY: the header's contract.
        let Some(ok) = (unsafe { ptr::out(ok) }) else {
            return BADARGS;
        };
        // SAFETY: the header's contract.
        let (Some(blob), Some(c), Some(p), Some(s)) = (unsafe {
            (
                ptr::reference(blob),
                ptr::reference(commitment_bytes),
                ptr::reference(proof_bytes),
                settings(s),
            )
        }) else {
            return fail(ok, BADARGS);
        };
        match s.kzg.verify_blob_kzg_proof(blob, c, p) {
            Ok(v) => finish(ok, Ok::<_, ()>(v)),
            Err(_) => fail(ok, BADARGS),
        }
    })
}

/// The three arrays of a blob batch.
type BlobBatch<'a> = (&'a [Blob], &'a [Bytes48], &'a [Bytes48]);

/// # Safety
/// The header's contract for the batch arrays.
pub(crate) unsafe fn blob_batch<'a>(
    blobs: *const Blob,
    commitments: *const Bytes48,
    proofs: *const Bytes48,
    n: u64,
) -> Option<BlobBatch<'a>> {
    // SAFETY: the caller's contract.
    unsafe {
        Some((
            ptr::slice(blobs, n)?,
            ptr::slice(commitments, n)?,
            ptr::slice(proofs, n)?,
        ))
    }
}

/// `verify_blob_kzg_proof_batch`: `n = 0` is valid (`*ok = true`), with any pointers.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn verify_blob_kzg_proof_batch(
    ok: *mut bool,
    blobs: *const Blob,
    commitments_bytes: *const Bytes48,
    proofs_bytes: *const Bytes48,
    n: u64,
    s: *const KZGSettings,
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
        match s.kzg.verify_blob_kzg_proof_batch(b, c, p) {
            Ok(v) => finish(ok, Ok::<_, ()>(v)),
            Err(_) => fail(ok, BADARGS),
        }
    })
}

/// Writes cells and proofs into the caller's arrays, either of which may be absent.
fn write_cells_and_proofs(
    cells_out: Option<ptr::OutSlice<Cell>>,
    proofs_out: Option<ptr::OutSlice<Bytes48>>,
    cells: &[Cell],
    proofs: &[Bytes48],
) {
    if let Some(out) = cells_out {
        out.write(cells);
    }
    if let Some(out) = proofs_out {
        out.write(proofs);
    }
}

/// The cell functions' output arrays (cells, proofs), either absent.
type CellOutputs = (Option<ptr::OutSlice<Cell>>, Option<ptr::OutSlice<Bytes48>>);

/// The output arrays of the cell functions: both optional, at least one required.
///
/// # Safety
/// The header's contract for the output arrays.
unsafe fn cell_outputs(cells: *mut Cell, proofs: *mut Bytes48) -> Option<CellOutputs> {
    let n = CELLS_PER_EXT_BLOB as u64;
    // SAFETY: the caller's contract.
    let (c, p) = unsafe { (ptr::out_slice(cells, n), ptr::out_slice(proofs, n)) };
    // A non-NULL pointer that fails the checks (unaligned) is an error, not an absent output.
    if (c.is_none() && !cells.is_null()) || (p.is_none() && !proofs.is_null()) {
        return None;
    }
    (c.is_some() || p.is_some()).then_some((c, p))
}

/// `compute_cells_and_kzg_proofs`: either output may be NULL (not both); cells only skips the
/// proofs' work.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn compute_cells_and_kzg_proofs(
    cells: *mut Cell,
    proofs: *mut Bytes48,
    blob: *const Blob,
    s: *const KZGSettings,
) -> C_KZG_RET {
    // SAFETY: the header's contract.
    unsafe { cells_and_proofs(cells, proofs, blob, s, None) }
}

/// The serial and pooled cell computations.
///
/// # Safety
/// The header's contract of `compute_cells_and_kzg_proofs`.
pub(crate) unsafe fn cells_and_proofs(
    cells: *mut Cell,
    proofs: *mut Bytes48,
    blob: *const Blob,
    s: *const KZGSettings,
    threads: Option<u32>,
) -> C_KZG_RET {
    guard(ERROR, || {
        // SAFETY: the header's contract.
        let (Some((cells_out, proofs_out)), Some(blob), Some(s)) = (unsafe {
            (
                cell_outputs(cells, proofs),
                ptr::reference(blob),
                settings(s),
            )
        }) else {
            return BADARGS;
        };
        if proofs_out.is_none() {
            return match s.das.compute_cells(blob) {
                Ok(c) => {
                    write_cells_and_proofs(cells_out, None, &c[..], &[]);
                    OK
                }
                Err(_) => BADARGS,
            };
        }
        let r = match threads {
            None => s.das.compute_cells_and_kzg_proofs(blob),
            Some(t) => {
                match crate::pool::install(t, || s.das.compute_cells_and_kzg_proofs_parallel(blob))
                {
                    Some(r) => r,
                    None => return C_KZG_RET::C_KZG_MALLOC,
                }
            }
        };
        match r {
            Ok((c, p)) => {
                write_cells_and_proofs(cells_out, proofs_out, &c[..], &p[..]);
                OK
            }
            Err(_) => BADARGS,
        }
    })
}

/// `recover_cells_and_kzg_proofs`: all 128 cells (and, if `recovered_proofs` is not NULL, their
/// proofs) from at least 64 cells with strictly ascending indices. The outputs may be the
/// input arrays.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn recover_cells_and_kzg_proofs(
    recovered_cells: *mut Cell,
    recovered_proofs: *mut Bytes48,
    cell_indices: *const u64,
    cells: *const Cell,
    num_cells: u64,
    s: *const KZGSettings,
) -> C_KZG_RET {
    // SAFETY: the header's contract.
    unsafe {
        recover(
            recovered_cells,
            recovered_proofs,
            cell_indices,
            cells,
            num_cells,
            s,
            None,
        )
    }
}

/// The serial and pooled recoveries.
///
/// # Safety
/// The header's contract of `recover_cells_and_kzg_proofs`.
pub(crate) unsafe fn recover(
    recovered_cells: *mut Cell,
    recovered_proofs: *mut Bytes48,
    cell_indices: *const u64,
    cells: *const Cell,
    num_cells: u64,
    s: *const KZGSettings,
    threads: Option<u32>,
) -> C_KZG_RET {
    guard(ERROR, || {
        // As c-kzg: the count is checked before any array is read.
        if recovered_cells.is_null() || num_cells > CELLS_PER_EXT_BLOB as u64 {
            return BADARGS;
        }
        // SAFETY: the header's contract.
        let (Some((cells_out, proofs_out)), Some(indices), Some(cells), Some(s)) = (unsafe {
            (
                cell_outputs(recovered_cells, recovered_proofs),
                ptr::slice(cell_indices, num_cells),
                ptr::slice(cells, num_cells),
                settings(s),
            )
        }) else {
            return BADARGS;
        };
        // The result is computed into owned memory before anything is written: the outputs may
        // alias the inputs.
        let r = match threads {
            None => s.das.recover_cells_and_kzg_proofs(indices, cells),
            Some(t) => match crate::pool::install(t, || {
                s.das.recover_cells_and_kzg_proofs_parallel(indices, cells)
            }) {
                Some(r) => r,
                None => return C_KZG_RET::C_KZG_MALLOC,
            },
        };
        match r {
            Ok((c, p)) => {
                write_cells_and_proofs(cells_out, proofs_out, &c[..], &p[..]);
                OK
            }
            Err(_) => BADARGS,
        }
    })
}

/// The four arrays of a cell batch.
type CellBatch<'a> = (&'a [Bytes48], &'a [u64], &'a [Cell], &'a [Bytes48]);

/// # Safety
/// The header's contract for the cell batch arrays.
unsafe fn cell_batch<'a>(
    commitments: *const Bytes48,
    cell_indices: *const u64,
    cells: *const Cell,
    proofs: *const Bytes48,
    n: u64,
) -> Option<CellBatch<'a>> {
    // SAFETY: the caller's contract.
    unsafe {
        Some((
            ptr::slice(commitments, n)?,
            ptr::slice(cell_indices, n)?,
            ptr::slice(cells, n)?,
            ptr::slice(proofs, n)?,
        ))
    }
}

/// `verify_cell_kzg_proof_batch`: `num_cells = 0` is valid (`*ok = true`).
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn verify_cell_kzg_proof_batch(
    ok: *mut bool,
    commitments_bytes: *const Bytes48,
    cell_indices: *const u64,
    cells: *const Cell,
    proofs_bytes: *const Bytes48,
    num_cells: u64,
    s: *const KZGSettings,
) -> C_KZG_RET {
    // SAFETY: the header's contract.
    unsafe {
        verify_cells(
            ok,
            commitments_bytes,
            cell_indices,
            cells,
            proofs_bytes,
            num_cells,
            s,
            None,
        )
    }
}

/// The serial and pooled cell verifications.
///
/// # Safety
/// The header's contract of `verify_cell_kzg_proof_batch`.
pub(crate) unsafe fn verify_cells(
    ok: *mut bool,
    commitments_bytes: *const Bytes48,
    cell_indices: *const u64,
    cells: *const Cell,
    proofs_bytes: *const Bytes48,
    num_cells: u64,
    s: *const KZGSettings,
    threads: Option<u32>,
) -> C_KZG_RET {
    guard(ERROR, || {
        // SAFETY: the header's contract.
        let Some(ok) = (unsafe { ptr::out(ok) }) else {
            return BADARGS;
        };
        // SAFETY: the header's contract.
        let (Some((c, i, x, p)), Some(s)) = (unsafe {
            (
                cell_batch(
                    commitments_bytes,
                    cell_indices,
                    cells,
                    proofs_bytes,
                    num_cells,
                ),
                settings(s),
            )
        }) else {
            return fail(ok, BADARGS);
        };
        let r = match threads {
            None => s.das.verify_cell_kzg_proof_batch(c, i, x, p),
            Some(t) => match crate::pool::install(t, || {
                s.das.verify_cell_kzg_proof_batch_parallel(c, i, x, p)
            }) {
                Some(r) => r,
                None => return fail(ok, C_KZG_RET::C_KZG_MALLOC),
            },
        };
        match r {
            Ok(v) => finish(ok, Ok::<_, ()>(v)),
            Err(_) => fail(ok, BADARGS),
        }
    })
}

/// `bytes_to_kzg_commitment`: validates a commitment (a compressed G1 point of the subgroup)
/// into the opaque `g1_t` that [`compute_challenge`] takes.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn bytes_to_kzg_commitment(out: *mut g1_t, b: *const Bytes48) -> C_KZG_RET {
    guard(ERROR, || {
        // SAFETY: the header's contract.
        let (Some(out), Some(b)) = (unsafe { (ptr::out(out), ptr::reference(b)) }) else {
            return BADARGS;
        };
        if ctt_kzg::G1Affine::from_compressed(b).is_err() {
            return BADARGS;
        }
        let mut bytes = [0u8; 144];
        bytes[..48].copy_from_slice(b);
        out.write(g1_t { bytes });
        OK
    })
}

/// `compute_challenge`: the Fiat–Shamir challenge of a blob and its commitment (as
/// [`bytes_to_kzg_commitment`] stored it). Nothing is written if a pointer is NULL.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn compute_challenge(
    eval_challenge_out: *mut fr_t,
    blob: *const Blob,
    commitment: *const g1_t,
) {
    guard((), || {
        // SAFETY: the header's contract.
        let (Some(out), Some(blob), Some(c)) = (unsafe {
            (
                ptr::out(eval_challenge_out),
                ptr::reference(blob),
                ptr::reference(commitment),
            )
        }) else {
            return;
        };
        let mut compressed = [0u8; 48];
        compressed.copy_from_slice(&c.bytes[..48]);
        out.write(fr_t {
            bytes: ctt_kzg::compute_challenge(blob, &compressed),
        });
    })
}

/// `compute_verify_cell_kzg_proof_batch_challenge`: the Fiat–Shamir challenge of a cell batch,
/// over the deduplicated commitments and each cell's commitment index.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn compute_verify_cell_kzg_proof_batch_challenge(
    challenge_out: *mut fr_t,
    commitments_bytes: *const Bytes48,
    num_commitments: u64,
    commitment_indices: *const u64,
    cell_indices: *const u64,
    cells: *const Cell,
    proofs_bytes: *const Bytes48,
    num_cells: u64,
) -> C_KZG_RET {
    guard(ERROR, || {
        // SAFETY: the header's contract.
        let (Some(out), Some(commitments), Some(ci), Some((_, i, x, p))) = (unsafe {
            (
                ptr::out(challenge_out),
                ptr::slice(commitments_bytes, num_commitments),
                ptr::slice(commitment_indices, num_cells),
                // The proofs' array stands in for the commitments' (same type, same count).
                cell_batch(proofs_bytes, cell_indices, cells, proofs_bytes, num_cells),
            )
        }) else {
            return BADARGS;
        };
        match ctt_peerdas::compute_verify_cell_kzg_proof_batch_challenge(commitments, ci, i, x, p) {
            Ok(bytes) => {
                out.write(fr_t { bytes });
                OK
            }
            Err(_) => BADARGS,
        }
    })
}

/// `bytes_from_bls_field`: the 32 big-endian bytes of a field element that this library stored
/// in an `fr_t`. Nothing is written if a pointer is NULL.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn bytes_from_bls_field(out: *mut Bytes32, input: *const fr_t) {
    guard((), || {
        // SAFETY: the header's contract.
        if let (Some(out), Some(input)) = unsafe { (ptr::out(out), ptr::reference(input)) } {
            out.write(input.bytes);
        }
    })
}
