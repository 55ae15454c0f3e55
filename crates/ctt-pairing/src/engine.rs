//! The per-curve configuration of the generic pairing ([`PairingConfig`]) and the signed-digit
//! form of loop parameters and exponents ([`LoopParam`]).
//!
//! Assumptions: a degree-12 pairing-friendly curve `y² = x³ + b` with a sextic twist over Fp2
//! (G2 coordinates in Fp2), the tower `Fp12 = Fp6[w]/(w² − v)`, `Fp6 = Fp2[v]/(v³ − ξ)`, and an
//! optimal ate loop over a parameter `s` of at most 127 bits (BLS12: `s = z`; BN: `s = 6x₀ + 2`
//! followed by the two Frobenius lines).

use ctt_curves::sw::{Affine, SwCurveConfig};
use ctt_field::tower::{Fp2, Fp12, TowerConfig};

/// How G2 sits on the twist, which fixes where the three non-zero line coefficients land in Fp12.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Twist {
    /// Multiplicative twist `y² = x³ + b·ξ` (BLS12-381): lines are sparse in positions 0, 1, 4
    /// (`c0.c0`, `c0.c1`, `c1.c1`) and the untwisting map is `(x, y) ↦ (x/w², y/w³)`.
    M,
    /// Divisive twist `y² = x³ + b/ξ` (BN254): lines are sparse in positions 0, 3, 4 (`c0.c0`,
    /// `c1.c0`, `c1.c1`) and the untwisting map is `(x, y) ↦ (x·w², y·w³)`.
    D,
}

/// A public integer in signed binary digits (little-endian), built at compile time: plain binary
/// or the non-adjacent form (NAF, fewest non-zero digits), both with `dᵢ ∈ {−1, 0, 1}` (what the
/// Miller loop needs), or the width-w NAF (odd digits `|dᵢ| < 2^(w−1)`, at most one non-zero in
/// any w consecutive), for exponentiations with a table of odd powers.
#[derive(Clone, Copy, Debug)]
pub struct LoopParam {
    /// Digits, least significant first; `digits[len − 1] = 1`.
    pub digits: [i8; 128],
    /// The number of digits.
    pub len: usize,
}

impl LoopParam {
    /// The binary digits of `v > 0`.
    pub const fn binary(v: u128) -> Self {
        assert!(v > 0);
        let mut digits = [0i8; 128];
        let mut len = 0;
        let mut x = v;
        while x != 0 {
            digits[len] = (x & 1) as i8;
            x >>= 1;
            len += 1;
        }
        LoopParam { digits, len }
    }

    /// The non-adjacent form of `0 < v < 2¹²⁶`.
    pub const fn naf(v: u128) -> Self {
        assert!(v > 0 && v < (1u128 << 126));
        let mut digits = [0i8; 128];
        let mut len = 0;
        let mut x = v;
        while x != 0 {
            if x & 1 == 1 {
                // 2 − (x mod 4): +1 when x ≡ 1, −1 when x ≡ 3 (mod 4).
                let d = 2 - (x & 3) as i8;
                digits[len] = d;
                x = if d == 1 { x - 1 } else { x + 1 };
            }
            x >>= 1;
            len += 1;
        }
        LoopParam { digits, len }
    }

    /// The width-`w` non-adjacent form of `0 < v < 2¹²⁰` (`2 ≤ w ≤ 5`; `w = 2` is the NAF):
    /// each odd remainder is replaced by the signed residue of `v mod 2^w`, which clears the next
    /// `w − 1` bits.
    pub const fn wnaf(v: u128, w: u32) -> Self {
        assert!(v > 0 && v < (1u128 << 120) && w >= 2 && w <= 5);
        let mut digits = [0i8; 128];
        let mut len = 0;
        let mut x = v;
        while x != 0 {
            if x & 1 == 1 {
                let m = (x & ((1u128 << w) - 1)) as i64;
                let d = if m >= 1 << (w - 1) { m - (1 << w) } else { m };
                digits[len] = d as i8;
                x = if d >= 0 {
                    x - d as u128
                } else {
                    x + (-d) as u128
                };
            }
            x >>= 1;
            len += 1;
        }
        LoopParam { digits, len }
    }

    /// The largest `|dᵢ|`.
    pub const fn max_digit(&self) -> u8 {
        let mut m = 0;
        let mut i = 0;
        while i < self.len {
            let a = self.digits[i].unsigned_abs();
            if a > m {
                m = a;
            }
            i += 1;
        }
        m
    }

    /// The number of non-zero digits.
    pub const fn weight(&self) -> usize {
        let mut w = 0;
        let mut i = 0;
        while i < self.len {
            if self.digits[i] != 0 {
                w += 1;
            }
            i += 1;
        }
        w
    }
}

/// The data of one pairing-friendly curve: its tower, groups, twist, loop and hard part.
pub trait PairingConfig: 'static + Copy + Send + Sync + core::fmt::Debug + Default + Eq {
    /// The degree-12 tower.
    type Tower: TowerConfig;
    /// G1, over the base field.
    type G1: SwCurveConfig<Base = <Self::Tower as TowerConfig>::Fp>;
    /// G2, over Fp2, with the same scalar field as G1.
    type G2: SwCurveConfig<
            Base = Fp2<<Self::Tower as TowerConfig>::Fp>,
            Scalar = <Self::G1 as SwCurveConfig>::Scalar,
        >;
    /// The twist type of G2.
    const TWIST: Twist;
    /// `|s|`, the Miller loop parameter, in signed digits.
    const LOOP: LoopParam;
    /// Whether `s < 0` (the Miller value is then conjugated: `f_{−s} ≡ 1/f_s` after the final
    /// exponentiation, and on the unitary result the inverse is the conjugate).
    const LOOP_NEGATIVE: bool;
    /// BN curves: after the loop, multiply by the lines through `T, π(Q)` and `T + π(Q), −π²(Q)`.
    const FROBENIUS_LINES: bool;

    /// The p-power Frobenius endomorphism on G2 (untwist–Frobenius–twist, ψ), affine, finite
    /// points. Used only when [`PairingConfig::FROBENIUS_LINES`] is set.
    fn psi(q: &Affine<Self::G2>) -> Affine<Self::G2>;

    /// The hard part of the final exponentiation, `f^(m·(p⁴ − p² + 1)/r)` for the curve's fixed
    /// multiple `m` (see the crate documentation), on an element of the cyclotomic subgroup.
    fn final_exp_hard(f: &Fp12<Self::Tower>) -> Fp12<Self::Tower>;
}

/// One input pair `(P ∈ G1, Q ∈ G2)` of a curve, affine.
pub type Pair<C> = (
    Affine<<C as PairingConfig>::G1>,
    Affine<<C as PairingConfig>::G2>,
);
