//! circomlib's MiMC hashes over BN254's scalar field Fr (Albrecht, Grassi, Rechberger, Roy,
//! Tiessen, "MiMC: Efficient Encryption and Cryptographic Hashing with Minimal Multiplicative
//! Complexity", ASIACRYPT 2016), exactly as circomlib's circuits and circomlibjs compute them:
//!
//! * [`mimc_sponge`]: MiMCSponge, a sponge over the 220-round Feistel permutation with `x⁵`
//!   ([`mimc_feistel`]), the hash of Tornado Cash's Merkle tree
//!   (`MiMCSponge(nInputs, 220, nOutputs)`).
//! * [`mimc7`] and [`mimc7_multi`]: MiMC7, 91 rounds of `x ↦ (x + k + cᵢ)⁷`, and circomlib's
//!   `MultiMiMC7` chaining.
//!
//! Round constants: [`constants`]. Everything is constant time (a fixed number of field
//! operations, no branch on the values), so secret preimages are safe here.

pub mod constants;

use constants::{MIMC_SPONGE_CONSTANTS, MIMC7_CONSTANTS};
use ctt_field::Field;
use ctt_field::bn254::Fr;

/// Rounds of MiMCSponge's Feistel permutation.
pub const MIMC_SPONGE_ROUNDS: usize = 220;
/// Rounds of MiMC7.
pub const MIMC7_ROUNDS: usize = 91;

/// The Feistel permutation of MiMCSponge with key `k` (circomlib's `MiMCFeistel(220)`): in
/// round i, `t = xL + k + cᵢ`, `(xL, xR) ← (xR + t⁵, xL)`; the last round keeps the halves in
/// place and updates `xR` only.
pub fn mimc_feistel(xl: &Fr, xr: &Fr, k: &Fr) -> (Fr, Fr) {
    let (mut xl, mut xr) = (*xl, *xr);
    for (i, c) in MIMC_SPONGE_CONSTANTS.iter().enumerate() {
        // c₀ = 0, so the first round's `+ c₀` (which circomlib omits) changes nothing.
        let t = xl + *k + *c;
        let t2 = t.square();
        let t5 = t2.square() * t;
        if i < MIMC_SPONGE_ROUNDS - 1 {
            (xl, xr) = (xr + t5, xl);
        } else {
            xr += t5;
        }
    }
    (xl, xr)
}

/// MiMCSponge (circomlib's `MiMCSponge(inputs.len(), 220, outputs.len())`, circomlibjs'
/// `multiHash(inputs, key, outputs.len())`): each input is added to the rate `R` and the state
/// permuted; then the outputs are squeezed, `R` first, a permutation between outputs.
pub fn mimc_sponge(inputs: &[Fr], key: &Fr, outputs: &mut [Fr]) {
    let (mut r, mut c) = (Fr::ZERO, Fr::ZERO);
    for x in inputs {
        (r, c) = mimc_feistel(&(r + *x), &c, key);
    }
    for (i, out) in outputs.iter_mut().enumerate() {
        if i > 0 {
            (r, c) = mimc_feistel(&r, &c, key);
        }
        *out = r;
    }
}

/// MiMC7 of one element with key `k` (circomlib's `MiMC7(91)`): `r₀ = (x + k)⁷`, then
/// `rᵢ = (rᵢ₋₁ + k + cᵢ)⁷`, and the output `r₉₀ + k`.
pub fn mimc7(x: &Fr, k: &Fr) -> Fr {
    let mut r = *x;
    for c in MIMC7_CONSTANTS.iter() {
        // c₀ = 0: the first round is (x + k)⁷ as circomlib writes it.
        let t = r + *k + *c;
        let t2 = t.square();
        r = t2.square() * t2 * t;
    }
    r + *k
}

/// circomlib's `MultiMiMC7(n, 91)` (circomlibjs' `multiHash(inputs, key)`):
/// `r ← r + xᵢ + MiMC7(xᵢ, r)` from `r = key`.
pub fn mimc7_multi(inputs: &[Fr], key: &Fr) -> Fr {
    let mut r = *key;
    for x in inputs {
        r = r + *x + mimc7(x, &r);
    }
    r
}
