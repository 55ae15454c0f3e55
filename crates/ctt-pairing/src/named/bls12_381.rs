//! The BLS12-381 pairing: optimal ate over `z = −0xd201000000010000` (64 bits, 6 set bits: 63
//! doublings and 5 additions), M-twist G2 (`y² = x³ + 4(1 + u)`), lines sparse in slots 0, 1, 4.
//! Final exponentiation with the Hayashida–Hayasaka–Teruya hard part (eprint 2020/875), so `Gt`
//! values are `e(P, Q)³` (as gnark and Constantine; blst and zkcrypto compute `e(P, Q)` itself).

use crate::engine::{LoopParam, PairingConfig, Twist};
use crate::final_exp::hard_part_bls12;
use ctt_curves::bls12_381::{G1Config, G2Config, Z_ABS};
use ctt_curves::sw::Affine;
use ctt_field::bls12_381::{Fp12, Tower};

pub use ctt_curves::bls12_381::{G1Affine, G2Affine};
pub use ctt_field::bls12_381::Fr;

/// The BLS12-381 pairing configuration.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bls12_381;

/// `|z|` in binary (its NAF has the same weight and one more digit).
const Z: LoopParam = LoopParam::binary(Z_ABS as u128);
/// `|z|/2`, for the exponentiation of a square by `z/2` in the hard part.
const Z_HALF: LoopParam = LoopParam::binary((Z_ABS >> 1) as u128);

impl PairingConfig for Bls12_381 {
    type Tower = Tower;
    type G1 = G1Config;
    type G2 = G2Config;
    const TWIST: Twist = Twist::M;
    const LOOP: LoopParam = Z;
    const LOOP_NEGATIVE: bool = true;
    const FROBENIUS_LINES: bool = false;

    fn psi(q: &Affine<G2Config>) -> Affine<G2Config> {
        *q // unused: BLS12 needs no Frobenius lines
    }

    fn final_exp_hard(f: &Fp12) -> Fp12 {
        hard_part_bls12(f, &Z, &Z_HALF, true)
    }
}

curve_api!(Bls12_381);
