//! Differential: the BLS12-381 point decoders of ctt-curves against blst's deserialisation. For
//! G1 and G2: `from_compressed` / `from_uncompressed` (blst's `uncompress` / `deserialize`, then
//! `in_g1` / `in_g2`), their `_unchecked` variants (the same without the subgroup check), and
//! EIP-2537's `from_eip2537_bytes` (subgroup) and `from_eip2537_bytes_on_curve` (blst's
//! `deserialize` of the unpadded coordinates; all-zero is the identity). Each must accept exactly
//! what blst accepts and decode to the same point (compared as uncompressed encodings).
//!
//! blst quirk: it reports (0, ±2) on G1 as `POINT_NOT_IN_GROUP` already in decoding; that point
//! is on the curve, so the unchecked decoders must accept it.
//!
//! Input: `decoder, source, mutation`, then bytes. The source is the raw bytes, a subgroup point
//! (blst's hash-to-curve of the bytes), a point on the curve usually outside the subgroup (blst's
//! decompression of the bytes as an x coordinate), or the identity, encoded in the decoder's
//! format and then possibly mutated (bit flip, input bytes, flag bits).
#![no_main]

#[path = "common.rs"]
mod common;

use blst::BLST_ERROR;
use common::{Reader, mutate};
use ctt_curves::bls12_381::{G1Affine, G2Affine};
use libfuzzer_sys::fuzz_target;

#[derive(Clone, Copy, PartialEq, Debug)]
enum Format {
    Compressed,
    Uncompressed,
    Eip2537,
}

/// EIP-2537's 64-byte padded field elements from 48-byte ones.
fn pad(zcash: &[u8]) -> Vec<u8> {
    zcash
        .chunks(48)
        .flat_map(|c| [&[0u8; 16][..], c].concat())
        .collect()
}

/// The 48-byte elements of an EIP-2537 encoding, in ZCash order (Fp2 as `c1 ‖ c0`), or `None` if
/// a padding byte or one of the top three bits of an element is set (such an element is ≥ p).
fn unpad(eip: &[u8], fp2: bool) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    let elems: Vec<&[u8]> = eip.chunks(64).collect();
    for e in &elems {
        if e[..16].iter().any(|b| *b != 0) || e[16] & 0xe0 != 0 {
            return None;
        }
    }
    if fp2 {
        for pair in elems.chunks(2) {
            out.extend_from_slice(&pair[1][16..]);
            out.extend_from_slice(&pair[0][16..]);
        }
    } else {
        for e in &elems {
            out.extend_from_slice(&e[16..]);
        }
    }
    Some(out)
}

macro_rules! group {
    ($m:ident, $Affine:ident, $blst_affine:ident, $blst_proj:ident, $fp:literal,
     $uncompress:ident, $deserialize:ident, $in_group:ident, $serialize:ident, $compress:ident,
     $hash:ident, $to_affine:ident) => {
        mod $m {
            use super::*;
            const C: usize = 48 * $fp;
            const U: usize = 96 * $fp;
            const E: usize = 128 * $fp;

            /// blst's verdict: the uncompressed encoding of the decoded point, or `None`.
            pub fn blst(bytes: &[u8], format: Format, checked: bool) -> Option<Vec<u8>> {
                let mut p = blst::$blst_affine::default();
                let err = unsafe {
                    match format {
                        Format::Compressed => {
                            if bytes.len() != C {
                                return None;
                            }
                            blst::$uncompress(&mut p, bytes.as_ptr())
                        }
                        Format::Uncompressed => {
                            if bytes.len() != U || bytes[0] & 0x80 != 0 {
                                return None;
                            }
                            blst::$deserialize(&mut p, bytes.as_ptr())
                        }
                        Format::Eip2537 => {
                            if bytes.len() != E {
                                return None;
                            }
                            let mut z = unpad(bytes, $fp == 2)?;
                            if z.iter().all(|b| *b == 0) {
                                z[0] = 0x40;
                            }
                            blst::$deserialize(&mut p, z.as_ptr())
                        }
                    }
                };
                match err {
                    BLST_ERROR::BLST_SUCCESS => {}
                    BLST_ERROR::BLST_POINT_NOT_IN_GROUP if !checked => {}
                    _ => return None,
                }
                if checked && !unsafe { blst::$in_group(&p) } {
                    return None;
                }
                let mut out = vec![0u8; U];
                unsafe { blst::$serialize(out.as_mut_ptr(), &p) };
                Some(out)
            }

            pub fn ours(bytes: &[u8], format: Format, checked: bool) -> Option<Vec<u8>> {
                let r = match (format, checked) {
                    (Format::Compressed, true) => $Affine::from_compressed(bytes),
                    (Format::Compressed, false) => $Affine::from_compressed_unchecked(bytes),
                    (Format::Uncompressed, true) => $Affine::from_uncompressed(bytes),
                    (Format::Uncompressed, false) => $Affine::from_uncompressed_unchecked(bytes),
                    (Format::Eip2537, true) => $Affine::from_eip2537_bytes(bytes),
                    (Format::Eip2537, false) => $Affine::from_eip2537_bytes_on_curve(bytes),
                };
                r.ok().map(|p| {
                    let out = p.to_uncompressed().to_vec();
                    // Whatever decodes re-encodes to the input (canonical encodings only).
                    let again = match format {
                        Format::Compressed => p.to_compressed().to_vec(),
                        Format::Uncompressed => out.clone(),
                        Format::Eip2537 => p.to_eip2537_bytes().to_vec(),
                    };
                    assert_eq!(again, bytes, "{format:?} re-encoding");
                    out
                })
            }

            /// A point from `source` (see the module docs) encoded in `format`.
            pub fn encoded(source: u8, bytes: &[u8], format: Format) -> Vec<u8> {
                let mut p = blst::$blst_affine::default();
                match source % 4 {
                    1 => unsafe {
                        let mut q = blst::$blst_proj::default();
                        let dst = b"CTT-FUZZ-DECODERS";
                        blst::$hash(
                            &mut q,
                            bytes.as_ptr(),
                            bytes.len(),
                            dst.as_ptr(),
                            dst.len(),
                            [].as_ptr(),
                            0,
                        );
                        blst::$to_affine(&mut p, &q);
                    },
                    2 => {
                        let mut x = [0u8; C];
                        x[..bytes.len().min(C)].copy_from_slice(&bytes[..bytes.len().min(C)]);
                        x[0] = (x[0] & 0x3f) | 0x80;
                        if unsafe { blst::$uncompress(&mut p, x.as_ptr()) }
                            != BLST_ERROR::BLST_SUCCESS
                        {
                            p = Default::default();
                        }
                    }
                    _ => {}
                }
                let mut u = vec![0u8; U];
                unsafe { blst::$serialize(u.as_mut_ptr(), &p) };
                match format {
                    Format::Compressed => {
                        let mut c = vec![0u8; C];
                        unsafe { blst::$compress(c.as_mut_ptr(), &p) };
                        c
                    }
                    Format::Uncompressed => u,
                    Format::Eip2537 => {
                        if u[0] & 0x40 != 0 {
                            return vec![0u8; E];
                        }
                        if $fp == 2 {
                            // ZCash c1 ‖ c0 to EIP-2537 c0 ‖ c1.
                            let mut v = Vec::with_capacity(U);
                            for pair in u.chunks(96) {
                                v.extend_from_slice(&pair[48..]);
                                v.extend_from_slice(&pair[..48]);
                            }
                            u = v;
                        }
                        pad(&u)
                    }
                }
            }
        }
    };
}

group!(
    g1,
    G1Affine,
    blst_p1_affine,
    blst_p1,
    1,
    blst_p1_uncompress,
    blst_p1_deserialize,
    blst_p1_affine_in_g1,
    blst_p1_affine_serialize,
    blst_p1_affine_compress,
    blst_hash_to_g1,
    blst_p1_to_affine
);
group!(
    g2,
    G2Affine,
    blst_p2_affine,
    blst_p2,
    2,
    blst_p2_uncompress,
    blst_p2_deserialize,
    blst_p2_affine_in_g2,
    blst_p2_affine_serialize,
    blst_p2_affine_compress,
    blst_hash_to_g2,
    blst_p2_to_affine
);

fuzz_target!(|data: &[u8]| {
    let mut r = Reader(data);
    let (decoder, source, mode) = (r.u8(), r.u8(), r.u8());
    let format =
        [Format::Compressed, Format::Uncompressed, Format::Eip2537][(decoder % 3) as usize];
    let checked = decoder & 0x10 == 0;
    let g2 = decoder & 0x20 != 0;
    let rest = r.rest();
    let mut r = Reader(rest);
    let bytes = if source % 4 == 0 {
        rest.to_vec()
    } else {
        let mut b = if g2 {
            g2::encoded(source, rest, format)
        } else {
            g1::encoded(source, rest, format)
        };
        // The mutation bytes come from the end of the input, the point from its start.
        r.0 = &rest[rest.len().saturating_sub(3)..];
        mutate(mode, &mut r, &mut b);
        b
    };
    let (ours, theirs) = if g2 {
        (
            g2::ours(&bytes, format, checked),
            g2::blst(&bytes, format, checked),
        )
    } else {
        (
            g1::ours(&bytes, format, checked),
            g1::blst(&bytes, format, checked),
        )
    };
    assert_eq!(
        ours,
        theirs,
        "{} {format:?} checked={checked}: {}",
        if g2 { "G2" } else { "G1" },
        bytes.iter().map(|x| format!("{x:02x}")).collect::<String>()
    );
});
