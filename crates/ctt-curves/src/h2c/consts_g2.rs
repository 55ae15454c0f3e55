//! Constants of the BLS12-381 G2 suites: the SSWU curve E′₂ (RFC 9380 §8.8.2) and the 3-isogeny
//! E′₂ → E₂ (RFC 9380 Appendix E.3).
//!
//! Transcribed as hex from RFC 9380 Appendix E.3 (the same values are printed in the EIP-2537
//! `field_to_curve.md` asset); each entry is `(c0, c1)` for `c0 + c1·u`. Coefficients are listed
//! from `k_(i,0)` upwards; the denominators are monic, their leading 1 is written out. Checked by
//! `tests/h2c.rs` (the isogeny image lies on E₂, the RFC vectors).

use ctt_field::bls12_381::{Fp, Fp2};

/// `A′ = 240·u` of `E′₂: y² = x³ + A′x + B′`.
pub(super) const A: Fp2 = Fp2::from_hex_const("0", "f0");
/// `B′ = 1012·(1 + u)`.
pub(super) const B: Fp2 = Fp2::from_hex_const("3f4", "3f4");
/// The SSWU non-square `Z = −(2 + u)` (RFC 9380 §8.8.2).
pub(super) const Z: Fp2 = Fp2::new(
    Fp::from_hex_const("2").neg_const(),
    Fp::from_hex_const("1").neg_const(),
);

/// The zero coordinate, for readability of the tables.
const O: &str = "0";

/// `x_num`, degree 3: `k_(1,0) … k_(1,3)`.
pub(super) const X_NUM: [Fp2; 4] = [
    Fp2::from_hex_const(
        "5c759507e8e333ebb5b7a9a47d7ed8532c52d39fd3a042a88b58423c50ae15d5c2638e343d9c71c6238aaaaaaaa97d6",
        "5c759507e8e333ebb5b7a9a47d7ed8532c52d39fd3a042a88b58423c50ae15d5c2638e343d9c71c6238aaaaaaaa97d6",
    ),
    Fp2::from_hex_const(
        O,
        "11560bf17baa99bc32126fced787c88f984f87adf7ae0c7f9a208c6b4f20a4181472aaa9cb8d555526a9ffffffffc71a",
    ),
    Fp2::from_hex_const(
        "11560bf17baa99bc32126fced787c88f984f87adf7ae0c7f9a208c6b4f20a4181472aaa9cb8d555526a9ffffffffc71e",
        "8ab05f8bdd54cde190937e76bc3e447cc27c3d6fbd7063fcd104635a790520c0a395554e5c6aaaa9354ffffffffe38d",
    ),
    Fp2::from_hex_const(
        "171d6541fa38ccfaed6dea691f5fb614cb14b4e7f4e810aa22d6108f142b85757098e38d0f671c7188e2aaaaaaaa5ed1",
        O,
    ),
];

/// `x_den`, degree 2, monic: `k_(2,0)`, `k_(2,1)`, 1.
pub(super) const X_DEN: [Fp2; 3] = [
    Fp2::from_hex_const(
        O,
        "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaa63",
    ),
    Fp2::from_hex_const(
        "c",
        "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaa9f",
    ),
    Fp2::from_hex_const("1", O),
];

/// `y_num`, degree 3: `k_(3,0) … k_(3,3)`.
pub(super) const Y_NUM: [Fp2; 4] = [
    Fp2::from_hex_const(
        "1530477c7ab4113b59a4c18b076d11930f7da5d4a07f649bf54439d87d27e500fc8c25ebf8c92f6812cfc71c71c6d706",
        "1530477c7ab4113b59a4c18b076d11930f7da5d4a07f649bf54439d87d27e500fc8c25ebf8c92f6812cfc71c71c6d706",
    ),
    Fp2::from_hex_const(
        O,
        "5c759507e8e333ebb5b7a9a47d7ed8532c52d39fd3a042a88b58423c50ae15d5c2638e343d9c71c6238aaaaaaaa97be",
    ),
    Fp2::from_hex_const(
        "11560bf17baa99bc32126fced787c88f984f87adf7ae0c7f9a208c6b4f20a4181472aaa9cb8d555526a9ffffffffc71c",
        "8ab05f8bdd54cde190937e76bc3e447cc27c3d6fbd7063fcd104635a790520c0a395554e5c6aaaa9354ffffffffe38f",
    ),
    Fp2::from_hex_const(
        "124c9ad43b6cf79bfbf7043de3811ad0761b0f37a1e26286b0e977c69aa274524e79097a56dc4bd9e1b371c71c718b10",
        O,
    ),
];

/// `y_den`, degree 3, monic: `k_(4,0) … k_(4,2)`, 1.
pub(super) const Y_DEN: [Fp2; 4] = [
    Fp2::from_hex_const(
        "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffa8fb",
        "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffa8fb",
    ),
    Fp2::from_hex_const(
        O,
        "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffa9d3",
    ),
    Fp2::from_hex_const(
        "12",
        "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaa99",
    ),
    Fp2::from_hex_const("1", O),
];
