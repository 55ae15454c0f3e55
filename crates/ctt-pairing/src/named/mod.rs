//! Per-curve pairing data and the public API of each curve: `pairing`, `multi_miller_loop`,
//! `final_exponentiation`, `multi_pairing`, `pairing_check`, and the types `Gt`,
//! `MillerLoopResult`.

macro_rules! curve_api {
    ($cfg:ty) => {
        /// The target group of this curve's pairing.
        pub type Gt = $crate::Gt<$cfg>;
        /// An unreduced (multi-)Miller-loop value of this curve.
        pub type MillerLoopResult = $crate::MillerLoopResult<$cfg>;

        /// `e(P, Q)`: one Miller loop and one final exponentiation. Constant time in the points;
        /// an identity input gives the identity.
        pub fn pairing(p: &G1Affine, q: &G2Affine) -> Gt {
            $crate::gt::pairing::<$cfg>(p, q)
        }

        /// `∏ᵢ f_{s,Qᵢ}(Pᵢ)` with the Fp12 squarings shared by all pairs (no final
        /// exponentiation). Pairs with an identity point contribute 1 (by selection, constant
        /// time in the points; the number of pairs is public).
        pub fn multi_miller_loop(pairs: &[(G1Affine, G2Affine)]) -> MillerLoopResult {
            $crate::gt::multi_miller_loop::<$cfg>(pairs)
        }

        /// The final exponentiation of a Miller-loop value. A zero value (which no Miller loop
        /// over curve points produces) maps to zero, which is not the identity.
        pub fn final_exponentiation(f: &MillerLoopResult) -> Gt {
            $crate::gt::final_exponentiation::<$cfg>(f)
        }

        /// `∏ᵢ e(Pᵢ, Qᵢ)`: one multi-Miller loop and one final exponentiation (the identity for
        /// an empty slice).
        pub fn multi_pairing(pairs: &[(G1Affine, G2Affine)]) -> Gt {
            $crate::gt::multi_pairing::<$cfg>(pairs)
        }

        /// A G2 point with its Miller-loop lines precomputed, for points used in many pairings.
        #[cfg(feature = "alloc")]
        pub type G2Prepared = $crate::G2Prepared<$cfg>;

        /// [`multi_miller_loop`] with prepared G2 points (the same value after the final
        /// exponentiation).
        #[cfg(feature = "alloc")]
        pub fn multi_miller_loop_prepared(pairs: &[(G1Affine, &G2Prepared)]) -> MillerLoopResult {
            $crate::prepared::multi_miller_loop_prepared::<$cfg>(pairs)
        }

        /// [`pairing_check`] with prepared G2 points.
        #[cfg(feature = "alloc")]
        pub fn pairing_check_prepared(pairs: &[(G1Affine, &G2Prepared)]) -> bool {
            $crate::prepared::pairing_check_prepared::<$cfg>(pairs)
        }

        /// [`multi_miller_loop`] for public points of G1 × G2, in variable time: affine with
        /// batched inversions from [`crate::affine_loop::AFFINE_MIN_PAIRS`] pairs on (the same
        /// value after the final exponentiation).
        #[cfg(feature = "alloc")]
        pub fn multi_miller_loop_vartime(pairs: &[(G1Affine, G2Affine)]) -> MillerLoopResult {
            $crate::affine_loop::multi_miller_loop_vartime::<$cfg>(pairs)
        }

        /// [`pairing_check`] for public points of G1 × G2 (precompiles, verifiers), in variable
        /// time through [`multi_miller_loop_vartime`].
        #[cfg(feature = "alloc")]
        pub fn pairing_check_vartime(pairs: &[(G1Affine, G2Affine)]) -> bool {
            final_exponentiation(&multi_miller_loop_vartime(pairs))
                .is_identity()
                .to_bool_vartime()
        }

        /// Whether `∏ᵢ e(Pᵢ, Qᵢ) = 1` (true for an empty slice). Inputs must already be
        /// validated points of G1 and G2 (the curve layer's decoders check curve and subgroup).
        pub fn pairing_check(pairs: &[(G1Affine, G2Affine)]) -> bool {
            $crate::gt::pairing_check::<$cfg>(pairs)
        }
    };
}

pub mod bls12_381;
pub mod bn254;
