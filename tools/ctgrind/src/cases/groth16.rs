//! ctt-groth16: circomlib's MiMC hashes on secret data. A prover hashes its secrets with them
//! (Tornado Cash's commitment and nullifier hashes are MiMCSponge of secret preimages), so
//! MiMCSponge, its Feistel permutation, MiMC7 and MultiMiMC7 must be constant time in their inputs
//! and key. Verification itself takes only public data and has no case.
//!
//! Oracles: circomlibjs' outputs (from `tests/vectors/groth16/mimc/circomlibjs.json`, made by
//! circomlibjs' `mimcsponge` and `mimc7`), with secret inputs and keys.

use super::{Case, Kind, declassify, expect_eq};
use crate::valgrind::secret;
use ctt_field::PrimeField;
use ctt_field::bn254::Fr;
use ctt_groth16::mimc::{mimc_feistel, mimc_sponge, mimc7, mimc7_multi};
use num_bigint::BigUint;

/// The cases of this module.
pub const CASES: &[Case] = &[
    Case {
        name: "groth16-mimc-sponge",
        kind: Kind::Real,
        about: "MiMCSponge (220-round Feistel, x^5) with secret inputs and key: 2 inputs squeezed \
                to 3 outputs, and the Feistel permutation alone",
        declassified: 0,
        run: sponge,
    },
    Case {
        name: "groth16-mimc7",
        kind: Kind::Real,
        about: "MiMC7 (91 rounds, x^7) and MultiMiMC7 with secret inputs and key",
        declassified: 0,
        run: mimc7_case,
    },
];

/// A decimal string as an element of BN254's Fr (oracle side, public).
fn fr(decimal: &str) -> Fr {
    let v: BigUint = decimal.parse().expect("decimal");
    let mut be = [0u8; 32];
    let bytes = v.to_bytes_be();
    be[32 - bytes.len()..].copy_from_slice(&bytes);
    Fr::from_bytes_be(&be).into_option().expect("below r")
}

fn sponge() -> Result<(), String> {
    // circomlibjs: mimcsponge.multiHash([1, 2], 42, 3).
    let want = [
        "9394379305602918232234777324104643618168676320862467645220565828684490901433",
        "1361469056723150387933853127839162729267719123747796927226072238168843228443",
        "21237875486604548924331566997708344292561725560670294348650732761948810271238",
    ]
    .map(fr);
    let mut inputs = [fr("1"), fr("2")];
    let mut key = fr("42");
    secret(&mut inputs);
    secret(&mut key);
    let mut out = [Fr::from_u64(0); 3];
    mimc_sponge(&inputs, &key, &mut out);
    declassify("mimc_sponge", &mut out)?;
    expect_eq("mimc_sponge([1, 2], 42)", out, want)?;

    // circomlibjs: mimcsponge.hash(0, 3, 0) (the permutation of (0, 3) with key 0).
    let want = (
        fr("20652131571118620485812713679401071145561956583760397702457161719977724373610"),
        fr("20362324699140509869862159763477944979702087000224052166851231200236573034823"),
    );
    let (mut xl, mut xr, mut k) = (fr("0"), fr("3"), fr("0"));
    secret(&mut xl);
    secret(&mut xr);
    secret(&mut k);
    let mut out = mimc_feistel(&xl, &xr, &k);
    declassify("mimc_feistel", &mut out)?;
    expect_eq("mimc_feistel(0, 3, 0)", out, want)
}

fn mimc7_case() -> Result<(), String> {
    // circomlibjs: mimc7.hash(1234567890, 42).
    let want = fr("18630830821810426783417308499670433354755275248913413066180129401609737065630");
    let (mut x, mut k) = (fr("1234567890"), fr("42"));
    secret(&mut x);
    secret(&mut k);
    let mut out = mimc7(&x, &k);
    declassify("mimc7", &mut out)?;
    expect_eq("mimc7(1234567890, 42)", out, want)?;

    // circomlibjs: mimc7.multiHash([1, 2], 1).
    let want = fr("16274487306875883815205265711330078343422902463134562300395708608118113358693");
    let mut inputs = [fr("1"), fr("2")];
    let mut key = fr("1");
    secret(&mut inputs);
    secret(&mut key);
    let mut out = mimc7_multi(&inputs, &key);
    declassify("mimc7_multi", &mut out)?;
    expect_eq("mimc7_multi([1, 2], 1)", out, want)
}
