//! Differential: RFC 9380 hashing to BLS12-381 G1 and G2 (ctt-curves) against blst.
//!
//! `hash_to_curve` and `encode_to_curve` on fuzzed messages and DSTs (0 to 300 bytes, so the
//! oversize-DST rule of RFC 9380 §5.3.3 runs; ctt rejects an empty DST, which blst accepts), and
//! `map_to_curve` on a fuzzed field element (blst's `map_to_g1/g2` with no second element, which
//! also clears the cofactor), skipped when the bytes are not a canonical element. Compared as
//! uncompressed encodings; every result must also be a subgroup point.
//!
//! Input: `mode, dst length`, then the DST, then the message (the rest; the field element for
//! the map is its first 48 or 96 bytes).
#![no_main]

#[path = "common.rs"]
mod common;

use common::Reader;
use ctt_curves::bls12_381::{G1Projective, G2Projective};
use ctt_curves::{AffineRepr, CurveGroup};
use ctt_field::PrimeField;
use ctt_field::bls12_381::{Fp, Fp2};
use libfuzzer_sys::fuzz_target;

macro_rules! group {
    ($m:ident, $Projective:ident, $blst_proj:ident, $hash:ident, $encode:ident, $serialize:ident,
     $bytes:literal) => {
        mod $m {
            use super::*;

            fn bytes(p: &blst::$blst_proj) -> Vec<u8> {
                let mut out = vec![0u8; $bytes];
                unsafe { blst::$serialize(out.as_mut_ptr(), p) };
                out
            }

            pub fn blst(msg: &[u8], dst: &[u8], random_oracle: bool) -> Vec<u8> {
                let mut q = blst::$blst_proj::default();
                let f = if random_oracle {
                    blst::$hash
                } else {
                    blst::$encode
                };
                unsafe {
                    f(
                        &mut q,
                        msg.as_ptr(),
                        msg.len(),
                        dst.as_ptr(),
                        dst.len(),
                        [].as_ptr(),
                        0,
                    )
                };
                bytes(&q)
            }

            pub fn check(msg: &[u8], dst: &[u8], random_oracle: bool) {
                let ours = if random_oracle {
                    $Projective::hash_to_curve(msg, dst)
                } else {
                    $Projective::encode_to_curve(msg, dst)
                };
                match ours {
                    Err(_) => assert!(dst.is_empty(), "rejected a non-empty DST"),
                    Ok(p) => {
                        assert!(!dst.is_empty(), "accepted an empty DST");
                        let a = p.to_affine();
                        assert!(bool::from(a.is_torsion_free()));
                        assert_eq!(
                            a.to_uncompressed().to_vec(),
                            blst(msg, dst, random_oracle),
                            "random oracle: {random_oracle}"
                        );
                    }
                }
            }

            pub fn serialize(p: &blst::$blst_proj) -> Vec<u8> {
                bytes(p)
            }
        }
    };
}

group!(
    g1,
    G1Projective,
    blst_p1,
    blst_hash_to_g1,
    blst_encode_to_g1,
    blst_p1_serialize,
    96
);
group!(
    g2,
    G2Projective,
    blst_p2,
    blst_hash_to_g2,
    blst_encode_to_g2,
    blst_p2_serialize,
    192
);

/// A canonical Fp from 48 big-endian bytes, with blst's copy of it.
fn fp(bytes: &[u8; 48]) -> Option<(Fp, blst::blst_fp)> {
    let ours = Option::<Fp>::from(Fp::from_bytes_be(bytes))?;
    let mut theirs = blst::blst_fp::default();
    unsafe { blst::blst_fp_from_bendian(&mut theirs, bytes.as_ptr()) };
    Some((ours, theirs))
}

fn map_g1(r: &mut Reader) {
    let Some((u, bu)) = fp(&r.array()) else {
        return;
    };
    let mut q = blst::blst_p1::default();
    unsafe { blst::blst_map_to_g1(&mut q, &bu, core::ptr::null()) };
    let ours = G1Projective::map_to_curve(&u).to_affine();
    assert!(bool::from(ours.is_torsion_free()));
    assert_eq!(ours.to_uncompressed().to_vec(), g1::serialize(&q));
}

fn map_g2(r: &mut Reader) {
    let (Some((c0, b0)), Some((c1, b1))) = (fp(&r.array()), fp(&r.array())) else {
        return;
    };
    let mut bu = blst::blst_fp2::default();
    bu.fp = [b0, b1];
    let mut q = blst::blst_p2::default();
    unsafe { blst::blst_map_to_g2(&mut q, &bu, core::ptr::null()) };
    let ours = G2Projective::map_to_curve(&Fp2::new(c0, c1)).to_affine();
    assert!(bool::from(ours.is_torsion_free()));
    assert_eq!(ours.to_uncompressed().to_vec(), g2::serialize(&q));
}

fuzz_target!(|data: &[u8]| {
    let mut r = Reader(data);
    let mode = r.u8();
    match mode % 4 {
        0 | 1 => {
            let dst_len = r.u16() as usize % 301;
            let dst = r.bytes(dst_len);
            let msg = r.rest();
            let random_oracle = mode & 0x10 == 0;
            if mode % 4 == 0 {
                g1::check(msg, dst, random_oracle);
            } else {
                g2::check(msg, dst, random_oracle);
            }
        }
        2 => map_g1(&mut r),
        _ => map_g2(&mut r),
    }
});
