//! ctt-bigint `inversion`: constant-time safegcd inversion (plain and Montgomery form) and the
//! constant-time Legendre symbol, for the BLS12-381 and BN254 base and scalar fields.
//!
//! These are the longest secret-dependent computations of the bottom layer (hundreds of
//! divsteps whose every decision — swap, negate, add — must be a mask, not a branch), and the
//! divstep kernels rely on the compiler emitting `cmov` for their selects: exactly what ctgrind
//! checks on the compiled code. The `_vartime` variants are not covered (they branch by design).

use super::bigint::{P_BLS12_381, P_BN254};
use super::{Case, Kind, declassify, expect_eq, from_big, samples, to_big};
use crate::valgrind::secret;
use ctt_bigint::BigInt;
use ctt_bigint::inversion::ModInverter;
use num_bigint::BigUint;
use num_traits::{One, Zero};

/// BLS12-381 scalar field modulus.
const R_BLS12_381: BigInt<4> =
    BigInt::from_hex("73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001");
/// BN254 scalar field modulus.
const R_BN254: BigInt<4> =
    BigInt::from_hex("30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001");

const INV_P381: ModInverter<6> = ModInverter::new(&P_BLS12_381);
const INV_R381: ModInverter<4> = ModInverter::new(&R_BLS12_381);
const INV_P254: ModInverter<4> = ModInverter::new(&P_BN254);
const INV_R254: ModInverter<4> = ModInverter::new(&R_BN254);

/// The cases of this module.
pub const CASES: &[Case] = &[
    Case {
        name: "inversion-invert",
        kind: Kind::Real,
        about: "ModInverter::invert (constant-time safegcd), BLS12-381 / BN254 p and r",
        declassified: 0,
        run: invert,
    },
    Case {
        name: "inversion-invert-mont",
        kind: Kind::Real,
        about: "ModInverter::invert_mont (Montgomery-form inverse), BLS12-381 / BN254 p and r",
        declassified: 0,
        run: invert_mont,
    },
    Case {
        name: "inversion-legendre",
        kind: Kind::Real,
        about: "ModInverter::legendre (constant-time binary GCD), BLS12-381 / BN254 p and r",
        declassified: 0,
        run: legendre,
    },
];

/// Random inputs per modulus on top of 0, 1, p−1.
const RANDOM: usize = 2;

/// `a⁻¹ mod p` by Fermat (0 for 0), oracle side.
fn oracle_inv(a: &BigUint, p: &BigUint) -> BigUint {
    a.modpow(&(p - 2u8), p)
}

fn check_invert<const N: usize>(inv: &ModInverter<N>, seed: u64, mont: bool) -> Result<(), String> {
    let p = inv.modulus();
    let pb = to_big(p);
    let r = (BigUint::one() << (64 * N)) % &pb;
    for a in samples(p, seed, RANDOM) {
        let ab = to_big(&a);
        let want: BigInt<N> = if mont {
            // x = a, meaning the element a·R⁻¹; its inverse in Montgomery form is a⁻¹·R².
            from_big(&(oracle_inv(&ab, &pb) * &r % &pb * &r % &pb))
        } else {
            from_big(&oracle_inv(&ab, &pb))
        };
        let mut sa = a;
        secret(&mut sa);
        let mut got = if mont {
            inv.invert_mont(&sa)
        } else {
            inv.invert(&sa)
        };
        // invert(0) = 0 is defined from the secret too, so the taint check applies to it.
        declassify("inverse", &mut got)?;
        expect_eq(if mont { "invert_mont" } else { "invert" }, got, want)?;
    }
    Ok(())
}

fn invert() -> Result<(), String> {
    check_invert(&INV_P381, 81, false)?;
    check_invert(&INV_R381, 82, false)?;
    check_invert(&INV_P254, 83, false)?;
    check_invert(&INV_R254, 84, false)
}

fn invert_mont() -> Result<(), String> {
    check_invert(&INV_P381, 85, true)?;
    check_invert(&INV_R381, 86, true)?;
    check_invert(&INV_P254, 87, true)?;
    check_invert(&INV_R254, 88, true)
}

fn check_legendre<const N: usize>(inv: &ModInverter<N>, seed: u64) -> Result<(), String> {
    let p = inv.modulus();
    let pb = to_big(p);
    let mut xs = samples(p, seed, RANDOM);
    // A square, so both symbols ±1 occur whatever the random draws.
    xs.push(from_big(&(to_big(&xs[3]) * to_big(&xs[3]) % &pb)));
    for a in xs {
        let e = to_big(&a).modpow(&((&pb - 1u8) >> 1u32), &pb);
        let want: i8 = if e.is_zero() {
            0
        } else if e.is_one() {
            1
        } else {
            -1
        };
        let mut sa = a;
        secret(&mut sa);
        let mut got = inv.legendre(&sa);
        declassify("legendre", &mut got)?;
        expect_eq("legendre", got, want)?;
    }
    Ok(())
}

fn legendre() -> Result<(), String> {
    check_legendre(&INV_P381, 91)?;
    check_legendre(&INV_R381, 92)?;
    check_legendre(&INV_P254, 93)?;
    check_legendre(&INV_R254, 94)
}
