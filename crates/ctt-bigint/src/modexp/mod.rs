//! Modular exponentiation of arbitrary length, for the EVM MODEXP precompile (EIP-198).
//!
//! **Variable time.** Everything here branches on, and indexes memory by, the values of the base,
//! the exponent and the modulus: MODEXP's inputs are public transaction data. Do not use it with
//! secrets.
//!
//! Assumptions: none on the inputs' values. Any lengths up to `usize::MAX / 16` bytes (EIP-7823
//! bounds each to 1024 bytes; longer inputs are still computed correctly), big-endian bytes,
//! leading zeros allowed.
//!
//! Algorithm, for `m = 2^k · m'` with `m'` odd:
//! - modulo `m' > 1`: Montgomery arithmetic (module `mont`) on `⌈log₂ m' / 64⌉` limbs, with the base
//!   reduced and brought into the Montgomery domain by one division (`x·R mod m'`), and a
//!   sliding-window exponentiation (module `window`) whose width is chosen for the exponent;
//! - modulo `2^k`: truncated products (module `pow2`);
//! - the two results joined by the Chinese remainder theorem in Garner's form,
//!   `x = x₁ + m'·((x₂ − x₁)·m'⁻¹ mod 2^k)`, which is below `m` without a final reduction
//!   (Menezes–van Oorschot–Vanstone, Handbook of Applied Cryptography, Algorithm 14.71).
//!
//! This split is the one GMP's `mpz_powm` makes for even moduli.

mod limbs;
mod mont;
mod pow2;
mod window;

use alloc::vec;
use alloc::vec::Vec;

/// `base^exp mod modulus` with the EIP-198 semantics, as `modulus.len()` big-endian bytes.
///
/// The result is left-padded with zeros to the modulus length. A zero modulus (including an
/// empty one) gives `modulus.len()` zero bytes, as does a modulus of 1; an exponent of zero
/// (including an empty one) gives 1 for every modulus above 1, even for a zero base. The base
/// may be longer than or exceed the modulus.
///
/// Each operand must be at most `usize::MAX / 16` bytes long (2^28 − 1 on a 32-bit target,
/// beyond any memory on a 64-bit one), so that its bit count fits a `usize`; a longer one
/// panics instead of being computed wrongly.
///
/// Variable time: see the [module documentation](self).
pub fn modexp(base: &[u8], exp: &[u8], modulus: &[u8]) -> Vec<u8> {
    // Bit positions are `usize`: 8 per byte plus one limb of rounding, with room to spare.
    assert!(
        base.len().max(exp.len()).max(modulus.len()) <= usize::MAX / 16,
        "modexp operand too long for this target's usize"
    );
    let mut out = vec![0u8; modulus.len()];
    let m = limbs_from_be(modulus);
    if m.is_empty() || m == [1] {
        return out;
    }
    let e = limbs_from_be(exp);
    if e.is_empty() {
        // m > 1, so m has at least one byte.
        *out.last_mut().expect("nonzero modulus") = 1;
        return out;
    }
    let b = limbs_from_be(base);
    if b.is_empty() {
        return out;
    }
    let r = modexp_limbs_vartime(&b, &e, &m);
    write_be(&r, &mut out);
    out
}

/// `b^e mod m` for nonzero normalised `b`, `e` and `m > 1` (little-endian limbs, top limb
/// nonzero). The result is `< m`, possibly with more limbs than `m` (zero at the top).
fn modexp_limbs_vartime(b: &[u64], e: &[u64], m: &[u64]) -> Vec<u64> {
    let k = m.iter().position(|&l| l != 0).expect("m > 1") * 64
        + m.iter().find(|&&l| l != 0).expect("m > 1").trailing_zeros() as usize;
    if k == 0 {
        return pow_odd_vartime(b, e, m);
    }
    let m_odd = shr_bits(m, k);
    let x2 = pow2::pow_mod_pow2_vartime(b, e, k);
    if m_odd == [1] {
        return x2;
    }
    let x1 = pow_odd_vartime(b, e, &m_odd);
    // Garner: h = (x₂ − x₁)·m'⁻¹ mod 2^k, x = x₁ + m'·h < m'·2^k.
    let kw = k.div_ceil(64);
    let mut d = x2;
    let mut x1_low = vec![0u64; kw];
    let take = kw.min(x1.len());
    x1_low[..take].copy_from_slice(&x1[..take]);
    limbs::sub_n(&mut d, &x1_low); // modulo 2^(64·kw): the borrow out is dropped
    let inv = pow2::inv_mod_pow2(&m_odd, kw);
    let mut h = vec![0u64; kw];
    limbs::mullo(&mut h, &d, &inv);
    pow2::truncate_bits(&mut h, k);
    let mut x = vec![0u64; m_odd.len() + kw];
    limbs::mul(&mut x, &m_odd, &h);
    let carry = limbs::add_n(&mut x, &x1);
    // Propagate into the limbs above x₁ (the total stays below m, so nothing leaves x).
    let mut c = carry;
    for l in x[x1.len()..].iter_mut() {
        if c == 0 {
            break;
        }
        let (s, o) = l.overflowing_add(c);
        *l = s;
        c = o as u64;
    }
    x
}

/// `b^e mod m` for odd `m > 1` (normalised), as `m.len()` limbs.
fn pow_odd_vartime(b: &[u64], e: &[u64], m: &[u64]) -> Vec<u64> {
    let n = m.len();
    // Into the Montgomery domain by one division: b·R mod m, R = 2^(64n).
    let mut wide = vec![0u64; n + b.len()];
    wide[n..].copy_from_slice(b);
    let x = limbs::rem_vartime(&wide, m);
    if x.iter().all(|&l| l == 0) {
        return x;
    }
    mont::pow_vartime(&x, e, m)
}

/// `x >> k` for `k` below the bit length of `x`, normalised (top limb nonzero).
fn shr_bits(x: &[u64], k: usize) -> Vec<u64> {
    let (q, s) = (k / 64, (k % 64) as u32);
    let src = &x[q..];
    let mut r: Vec<u64> = (0..src.len())
        .map(|i| {
            if s == 0 {
                src[i]
            } else {
                (src[i] >> s) | src.get(i + 1).map_or(0, |&hi| hi << (64 - s))
            }
        })
        .collect();
    r.truncate(limbs::normalized_len(&r));
    r
}

/// Big-endian bytes to little-endian limbs, without leading zero limbs (empty for zero).
fn limbs_from_be(bytes: &[u8]) -> Vec<u64> {
    let start = bytes.iter().position(|&b| b != 0).unwrap_or(bytes.len());
    let bytes = &bytes[start..];
    let mut r = vec![0u64; bytes.len().div_ceil(8)];
    for (i, chunk) in bytes.rchunks(8).enumerate() {
        let mut w = [0u8; 8];
        w[8 - chunk.len()..].copy_from_slice(chunk);
        r[i] = u64::from_be_bytes(w);
    }
    r
}

/// Writes the low `out.len()` bytes of `x` big-endian (the caller knows `x` fits).
fn write_be(x: &[u64], out: &mut [u8]) {
    for (i, byte) in out.iter_mut().rev().enumerate() {
        let limb = i / 8;
        *byte = if limb < x.len() {
            (x[limb] >> (8 * (i % 8))) as u8
        } else {
            0
        };
    }
}
