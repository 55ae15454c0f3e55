//! Extension towers: `Fp2` over any `p ≡ 3 (mod 4)` prime field, `Fp6` and `Fp12` over a
//! [`TowerConfig`].

mod fp2;
mod fp6_fp12;

pub use fp2::Fp2;
pub use fp6_fp12::{Fp6, Fp12, TowerConfig, frobenius_gammas};
