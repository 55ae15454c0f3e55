//! Differential: `ctt_bigint::modexp(base, exp, modulus)` against num-bigint's `modpow` with the
//! EIP-198 output convention (the result left-padded to the modulus length; a zero or empty
//! modulus gives that many zero bytes; `x^0 = 1` for every modulus above 1).
//!
//! Input: `len_b, len_e, len_m, modulus shape, base shape`, then the base, exponent and modulus bytes (zeros where the
//! input runs out), each at most 255 bytes. The shape bytes steer the modulus (raw, odd, even
//! `2^k · odd`, a power of two, all ones, leading zeros) and the base (raw, `m − 1`, `m`, `m + 1`) so
//! that the odd, power-of-two and CRT paths and the edge values are reached.
#![no_main]

#[path = "common.rs"]
mod common;

use common::Reader;
use libfuzzer_sys::fuzz_target;
use num_bigint::BigUint;

fn reference(base: &[u8], exp: &[u8], modulus: &[u8]) -> Vec<u8> {
    let m = BigUint::from_bytes_be(modulus);
    let mut out = vec![0u8; modulus.len()];
    if m == BigUint::ZERO {
        return out;
    }
    let r = BigUint::from_bytes_be(base).modpow(&BigUint::from_bytes_be(exp), &m);
    let r = r.to_bytes_be();
    if r != [0] {
        let n = out.len();
        out[n - r.len()..].copy_from_slice(&r);
    }
    out
}

fuzz_target!(|data: &[u8]| {
    let mut r = Reader(data);
    let (lb, le, lm) = (r.u8() as usize, r.u8() as usize, r.u8() as usize);
    let (shape, base_shape) = (r.u8(), r.u8());
    let mut base = r.bytes(lb).to_vec();
    base.resize(lb, 0);
    let mut exp = r.bytes(le).to_vec();
    exp.resize(le, 0);
    let mut modulus = r.bytes(lm).to_vec();
    modulus.resize(lm, 0);
    if let Some(last) = modulus.last_mut() {
        match shape % 8 {
            1 => *last |= 1,
            2 => {
                // 2^k · odd with k up to 64.
                let k = (shape as usize >> 3) % 65;
                for (i, b) in modulus.iter_mut().rev().enumerate().take(k.div_ceil(8)) {
                    let bits = (k - 8 * i).min(8);
                    *b &= !((1u16 << bits) - 1) as u8;
                    if bits < 8 {
                        *b |= 1 << bits;
                    }
                }
            }
            3 => {
                let k = (shape as usize >> 3) % (8 * modulus.len());
                modulus.fill(0);
                let n = modulus.len();
                modulus[n - 1 - k / 8] = 1 << (k % 8);
            }
            4 => modulus.fill(0xff),
            5 => {
                let z = (shape as usize >> 3).min(modulus.len());
                modulus[..z].fill(0);
            }
            _ => {}
        }
    }
    // The base relative to the modulus.
    let m = BigUint::from_bytes_be(&modulus);
    match base_shape % 4 {
        1 if m > BigUint::ZERO => base = (&m - 1u32).to_bytes_be(),
        2 => base = modulus.clone(),
        3 => base = (&m + 1u32).to_bytes_be(),
        _ => {}
    }
    let ours = ctt_bigint::modexp(&base, &exp, &modulus);
    let want = reference(&base, &exp, &modulus);
    assert_eq!(
        ours,
        want,
        "modexp({}, {}, {})",
        hex(&base),
        hex(&exp),
        hex(&modulus)
    );
});

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}
