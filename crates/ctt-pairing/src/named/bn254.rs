//! The BN254 (alt_bn128) pairing: optimal ate over `6x₀ + 2` for `x₀ = 4965661367192848881`, in
//! NAF (66 digits, 22 non-zero: 65 doublings and 21 additions), then the two Frobenius lines with
//! `π(Q)` and `−π²(Q)`; D-twist G2 (`y² = x³ + 3/(9 + u)`), lines sparse in slots 0, 3, 4.
//! Final exponentiation with the Duquesne–Ghammam / Fuentes et al. hard part (as gnark), so `Gt`
//! values are `e(P, Q)^(2x₀(6x₀² + 3x₀ + 1))`.

use crate::engine::{LoopParam, PairingConfig, Twist};
use crate::final_exp::hard_part_bn;
use ctt_curves::bn254::{G1Config, G2Config, X0, psi};
use ctt_curves::sw::{Affine, Projective};
use ctt_field::Field;
use ctt_field::bn254::{Fp12, Tower};

pub use ctt_curves::bn254::{G1Affine, G2Affine};
pub use ctt_field::bn254::Fr;

/// The BN254 pairing configuration.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bn254;

/// `6x₀ + 2` in NAF.
const SIX_X0_PLUS_2: LoopParam = LoopParam::naf(6 * X0 as u128 + 2);
/// `x₀` in width-4 NAF, for the hard part: 14 non-zero digits instead of the NAF's 24, for a
/// table of `f³, f⁵, f⁷` (3 multiplications and a squaring) per exponentiation.
const X0_WNAF: LoopParam = LoopParam::wnaf(X0 as u128, 4);

impl PairingConfig for Bn254 {
    type Tower = Tower;
    type G1 = G1Config;
    type G2 = G2Config;
    const TWIST: Twist = Twist::D;
    const LOOP: LoopParam = SIX_X0_PLUS_2;
    const LOOP_NEGATIVE: bool = false;
    const FROBENIUS_LINES: bool = true;

    /// `ψ(x, y) = (x̄·ξ^((p−1)/3), ȳ·ξ^((p−1)/2))` on an affine point (Z = 1 stays 1).
    fn psi(q: &Affine<G2Config>) -> Affine<G2Config> {
        let r = psi(&Projective::new_unchecked(
            q.x,
            q.y,
            ctt_field::bn254::Fp2::ONE,
        ));
        Affine {
            x: r.x,
            y: r.y,
            infinity: q.infinity,
        }
    }

    fn final_exp_hard(f: &Fp12) -> Fp12 {
        hard_part_bn(f, &X0_WNAF)
    }
}

curve_api!(Bn254);
