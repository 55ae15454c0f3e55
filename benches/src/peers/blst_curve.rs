//! Safe wrappers over blst's raw point API (G1 `blst_p1*`, G2 `blst_p2*`), one per operation the
//! curve comparison calls. Points cross the boundary as ZCash compressed bytes, which both
//! libraries speak, so the agreement check compares identical encodings.
#![allow(unsafe_code)]

use ::blst::*;
pub use ::blst::{blst_fp12, blst_p1, blst_p1_affine, blst_p2, blst_p2_affine};

/// A G1 point from its 48-byte compressed encoding (must be valid).
pub fn p1_from_compressed(bytes: &[u8; 48]) -> blst_p1 {
    let mut a = blst_p1_affine::default();
    let mut p = blst_p1::default();
    // SAFETY: valid output pointers; `bytes` is 48 readable bytes.
    unsafe {
        assert_eq!(
            blst_p1_uncompress(&mut a, bytes.as_ptr()),
            BLST_ERROR::BLST_SUCCESS
        );
        blst_p1_from_affine(&mut p, &a);
    }
    p
}

/// The 48-byte compressed encoding of a G1 point.
pub fn p1_compress(p: &blst_p1) -> Vec<u8> {
    let mut out = [0u8; 48];
    // SAFETY: `out` has room for 48 bytes.
    unsafe { blst_p1_compress(out.as_mut_ptr(), p) };
    out.to_vec()
}

/// Complete addition in G1.
#[inline]
pub fn p1_add(a: &blst_p1, b: &blst_p1) -> blst_p1 {
    let mut r = blst_p1::default();
    // SAFETY: valid pointers to initialised points.
    unsafe { blst_p1_add_or_double(&mut r, a, b) };
    r
}

/// Doubling in G1.
#[inline]
pub fn p1_double(a: &blst_p1) -> blst_p1 {
    let mut r = blst_p1::default();
    // SAFETY: valid pointers.
    unsafe { blst_p1_double(&mut r, a) };
    r
}

/// Constant-time scalar multiplication in G1 (`scalar` little-endian, 255 bits).
#[inline]
pub fn p1_mult(p: &blst_p1, scalar_le: &[u8; 32]) -> blst_p1 {
    let mut r = blst_p1::default();
    // SAFETY: `scalar_le` holds 32 bytes, of which 255 bits are read.
    unsafe { blst_p1_mult(&mut r, p, scalar_le.as_ptr(), 255) };
    r
}

/// Checked decompression: uncompress (on-curve) plus the subgroup check, as a validating user does.
#[inline]
pub fn p1_decompress_checked(bytes: &[u8; 48]) -> Option<blst_p1_affine> {
    let mut a = blst_p1_affine::default();
    // SAFETY: valid output pointer; 48 readable bytes.
    unsafe {
        if blst_p1_uncompress(&mut a, bytes.as_ptr()) != BLST_ERROR::BLST_SUCCESS
            || !blst_p1_affine_in_g1(&a)
        {
            return None;
        }
    }
    Some(a)
}

/// The compressed encoding of an affine G1 point.
pub fn p1_affine_compress(a: &blst_p1_affine) -> Vec<u8> {
    let mut out = [0u8; 48];
    // SAFETY: room for 48 bytes.
    unsafe { blst_p1_affine_compress(out.as_mut_ptr(), a) };
    out.to_vec()
}

/// A G2 point from its 96-byte compressed encoding (must be valid).
pub fn p2_from_compressed(bytes: &[u8; 96]) -> blst_p2 {
    let mut a = blst_p2_affine::default();
    let mut p = blst_p2::default();
    // SAFETY: valid output pointers; 96 readable bytes.
    unsafe {
        assert_eq!(
            blst_p2_uncompress(&mut a, bytes.as_ptr()),
            BLST_ERROR::BLST_SUCCESS
        );
        blst_p2_from_affine(&mut p, &a);
    }
    p
}

/// The 96-byte compressed encoding of a G2 point.
pub fn p2_compress(p: &blst_p2) -> Vec<u8> {
    let mut out = [0u8; 96];
    // SAFETY: room for 96 bytes.
    unsafe { blst_p2_compress(out.as_mut_ptr(), p) };
    out.to_vec()
}

/// Complete addition in G2.
#[inline]
pub fn p2_add(a: &blst_p2, b: &blst_p2) -> blst_p2 {
    let mut r = blst_p2::default();
    // SAFETY: valid pointers.
    unsafe { blst_p2_add_or_double(&mut r, a, b) };
    r
}

/// Constant-time scalar multiplication in G2.
#[inline]
pub fn p2_mult(p: &blst_p2, scalar_le: &[u8; 32]) -> blst_p2 {
    let mut r = blst_p2::default();
    // SAFETY: 32 readable bytes, 255 bits read.
    unsafe { blst_p2_mult(&mut r, p, scalar_le.as_ptr(), 255) };
    r
}

/// Checked decompression in G2.
#[inline]
pub fn p2_decompress_checked(bytes: &[u8; 96]) -> Option<blst_p2_affine> {
    let mut a = blst_p2_affine::default();
    // SAFETY: valid output pointer; 96 readable bytes.
    unsafe {
        if blst_p2_uncompress(&mut a, bytes.as_ptr()) != BLST_ERROR::BLST_SUCCESS
            || !blst_p2_affine_in_g2(&a)
        {
            return None;
        }
    }
    Some(a)
}

/// The compressed encoding of an affine G2 point.
pub fn p2_affine_compress(a: &blst_p2_affine) -> Vec<u8> {
    let mut out = [0u8; 96];
    // SAFETY: room for 96 bytes.
    unsafe { blst_p2_affine_compress(out.as_mut_ptr(), a) };
    out.to_vec()
}

/// RFC 9380 hash to G1 (`BLS12381G1_XMD:SHA-256_SSWU_RO_`), returning the compressed point.
pub fn hash_to_g1(msg: &[u8], dst: &[u8]) -> blst_p1 {
    let mut r = blst_p1::default();
    // SAFETY: valid output; msg and dst are readable for their lengths; no augmentation.
    unsafe {
        blst_hash_to_g1(
            &mut r,
            msg.as_ptr(),
            msg.len(),
            dst.as_ptr(),
            dst.len(),
            core::ptr::null(),
            0,
        )
    };
    r
}

/// RFC 9380 hash to G2 (`BLS12381G2_XMD:SHA-256_SSWU_RO_`).
pub fn hash_to_g2(msg: &[u8], dst: &[u8]) -> blst_p2 {
    let mut r = blst_p2::default();
    // SAFETY: as in `hash_to_g1`.
    unsafe {
        blst_hash_to_g2(
            &mut r,
            msg.as_ptr(),
            msg.len(),
            dst.as_ptr(),
            dst.len(),
            core::ptr::null(),
            0,
        )
    };
    r
}

/// An affine G1 point from its compressed encoding (must be valid).
pub fn p1_affine_from_compressed(bytes: &[u8; 48]) -> blst_p1_affine {
    let mut a = blst_p1_affine::default();
    // SAFETY: valid output pointer; 48 readable bytes.
    unsafe {
        assert_eq!(
            blst_p1_uncompress(&mut a, bytes.as_ptr()),
            BLST_ERROR::BLST_SUCCESS
        )
    };
    a
}

/// An affine G2 point from its compressed encoding (must be valid).
pub fn p2_affine_from_compressed(bytes: &[u8; 96]) -> blst_p2_affine {
    let mut a = blst_p2_affine::default();
    // SAFETY: valid output pointer; 96 readable bytes.
    unsafe {
        assert_eq!(
            blst_p2_uncompress(&mut a, bytes.as_ptr()),
            BLST_ERROR::BLST_SUCCESS
        )
    };
    a
}

/// The Miller loop of one pair.
#[inline]
pub fn miller_loop(p: &blst_p1_affine, q: &blst_p2_affine) -> blst_fp12 {
    let mut r = blst_fp12::default();
    // SAFETY: valid pointers to initialised points.
    unsafe { blst_miller_loop(&mut r, q, p) };
    r
}

/// The final exponentiation.
#[inline]
pub fn final_exp(f: &blst_fp12) -> blst_fp12 {
    let mut r = blst_fp12::default();
    // SAFETY: valid pointers.
    unsafe { blst_final_exp(&mut r, f) };
    r
}

/// The product of pairings of `n` pairs with one multi-Miller loop.
#[inline]
pub fn multi_pairing(ps: &[blst_p1_affine], qs: &[blst_p2_affine]) -> blst_fp12 {
    let pp: Vec<*const blst_p1_affine> = ps.iter().map(|p| p as *const _).collect();
    let qp: Vec<*const blst_p2_affine> = qs.iter().map(|q| q as *const _).collect();
    let mut f = blst_fp12::default();
    // SAFETY: `pp` and `qp` hold `n` valid pointers each to initialised points.
    unsafe { blst_miller_loop_n(&mut f, qp.as_ptr(), pp.as_ptr(), pp.len()) };
    final_exp(&f)
}

/// The 72 limbs of an Fp12 (blst's Montgomery form, R = 2^384), coefficient order c0.c0.c0 …
pub fn fp12_limbs(f: &blst_fp12) -> Vec<[u64; 6]> {
    f.fp6
        .iter()
        .flat_map(|f6| f6.fp2.iter().flat_map(|f2| f2.fp.iter().map(|x| x.l)))
        .collect()
}

/// An affine G1 point from its uncompressed encoding (on-curve check only: no square root).
pub fn p1_affine_from_uncompressed(bytes: &[u8; 96]) -> blst_p1_affine {
    let mut a = blst_p1_affine::default();
    // SAFETY: valid output pointer; 96 readable bytes.
    unsafe {
        assert_eq!(
            blst_p1_deserialize(&mut a, bytes.as_ptr()),
            BLST_ERROR::BLST_SUCCESS
        )
    };
    a
}

/// An affine G2 point from its uncompressed encoding (on-curve check only).
pub fn p2_affine_from_uncompressed(bytes: &[u8; 192]) -> blst_p2_affine {
    let mut a = blst_p2_affine::default();
    // SAFETY: valid output pointer; 192 readable bytes.
    unsafe {
        assert_eq!(
            blst_p2_deserialize(&mut a, bytes.as_ptr()),
            BLST_ERROR::BLST_SUCCESS
        )
    };
    a
}

/// blst's serial Pippenger in G1 (`blst_p1s_mult_pippenger`, the C entry point, on the calling
/// thread); `scalars` holds 32 little-endian bytes per point, 255 bits of each are read.
pub fn p1s_mult_pippenger(points: &[blst_p1_affine], scalars: &[u8]) -> blst_p1 {
    assert_eq!(scalars.len(), 32 * points.len());
    let n = points.len();
    let pp: [*const blst_p1_affine; 2] = [points.as_ptr(), core::ptr::null()];
    let sp: [*const u8; 2] = [scalars.as_ptr(), core::ptr::null()];
    let mut r = blst_p1::default();
    // SAFETY: the scratch size comes from blst; the pointer arrays follow blst's convention (one
    // pointer to a contiguous array, then null); `n` points and `32n` scalar bytes are readable.
    unsafe {
        let mut scratch = vec![0u64; blst_p1s_mult_pippenger_scratch_sizeof(n) / 8 + 1];
        blst_p1s_mult_pippenger(
            &mut r,
            pp.as_ptr(),
            n,
            sp.as_ptr(),
            255,
            scratch.as_mut_ptr(),
        );
    }
    r
}

/// blst's serial Pippenger in G2 (as [`p1s_mult_pippenger`]).
pub fn p2s_mult_pippenger(points: &[blst_p2_affine], scalars: &[u8]) -> blst_p2 {
    assert_eq!(scalars.len(), 32 * points.len());
    let n = points.len();
    let pp: [*const blst_p2_affine; 2] = [points.as_ptr(), core::ptr::null()];
    let sp: [*const u8; 2] = [scalars.as_ptr(), core::ptr::null()];
    let mut r = blst_p2::default();
    // SAFETY: as in `p1s_mult_pippenger`.
    unsafe {
        let mut scratch = vec![0u64; blst_p2s_mult_pippenger_scratch_sizeof(n) / 8 + 1];
        blst_p2s_mult_pippenger(
            &mut r,
            pp.as_ptr(),
            n,
            sp.as_ptr(),
            255,
            scratch.as_mut_ptr(),
        );
    }
    r
}
