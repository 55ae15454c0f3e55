//! Planted leaks: the harness's test of itself.
//!
//! Each case here contains a deliberate secret dependence of a kind memcheck sees. `run.sh` runs
//! them like the real cases and *fails* unless valgrind reports an error inside this module: a
//! harness that stopped marking secrets (a broken client request, a build without valgrind
//! support, a case that no longer reaches its operation) would otherwise pass everything.
//!
//! - `planted`: a conditional branch on a secret bit (memcheck: "Conditional jump or move depends
//!   on uninitialised value(s)").
//! - `planted-index`: a table load at a secret index, the cache-timing leak of naive S-box or
//!   window-table code (memcheck: "Use of uninitialised value of size 8", an undefined address).
//! - `planted-vartime`: a library `_vartime` function (`BigInt::num_bits_vartime`, early exit on
//!   the first non-zero limb) given a secret, to show the naming convention is checkable.
//!
//! Each case names the function valgrind must report the leak in (the innermost frame of an
//! error; `run.sh` accepts the name with any path before it, since valgrind names a function of
//! its own with its path and an inlined one without). The planted leaks inside the library are
//! in `planted_library` (the harness's `planted` build only).
//!
//! The leaky functions are `#[inline(never)]` and wrap their decisions in `black_box` so that the
//! optimiser can neither delete them nor turn the branch into a `cmov` (which memcheck, rightly,
//! does not report: a conditional move does not leak through the branch predictor).

use super::bigint::P_BN254;
use super::{Case, Kind, declassify, expect_eq};
use crate::valgrind::{public, secret};
use core::hint::black_box;
use ctt_bigint::BigInt;
use ctt_bigint::montgomery::{mont_mul, mont_n0};

/// The cases of this module.
pub const CASES: &[Case] = &[
    Case {
        name: "planted",
        kind: Kind::Planted {
            site: "cases::planted::leaky_branch",
        },
        about: "deliberate branch on a secret bit (must be reported)",
        declassified: 0,
        run: planted_branch,
    },
    Case {
        name: "planted-index",
        kind: Kind::Planted {
            site: "cases::planted::leaky_index",
        },
        about: "deliberate table load at a secret index (must be reported)",
        declassified: 0,
        run: planted_index,
    },
    Case {
        name: "planted-vartime",
        kind: Kind::Planted {
            site: "num_bits_vartime<4>",
        },
        about: "BigInt::num_bits_vartime on a secret (must be reported)",
        declassified: 0,
        run: planted_vartime,
    },
];

/// A secret value below BN254's p with its lowest bit set to `odd`.
fn input(odd: bool) -> BigInt<4> {
    let mut x = BigInt::<4>([0x1234_5678_9abc_def0, 7, 0, 1 << 40]);
    x.0[0] |= odd as u64;
    x
}

/// Squares `x` only when it is odd: the branch is the leak.
#[inline(never)]
fn leaky_branch(x: &BigInt<4>) -> BigInt<4> {
    let p = &P_BN254;
    if black_box(x.0[0] & 1) == 1 {
        black_box(mont_mul(x, x, p, mont_n0(p.0[0])))
    } else {
        black_box(*x)
    }
}

fn planted_branch() -> Result<(), String> {
    let p = &P_BN254;
    for odd in [false, true] {
        let x = input(odd);
        let want = if odd {
            mont_mul(&x, &x, p, mont_n0(p.0[0]))
        } else {
            x
        };
        let mut sx = x;
        secret(&mut sx);
        let mut got = leaky_branch(&sx);
        declassify("got", &mut got)?;
        expect_eq("planted branch", got, want)?;
    }
    Ok(())
}

/// A 16-entry table, as in a fixed-window exponentiation.
static TABLE: [u64; 16] = [
    0x243f_6a88_85a3_08d3,
    0x1319_8a2e_0370_7344,
    0xa409_3822_299f_31d0,
    0x082e_fa98_ec4e_6c89,
    0x4528_21e6_38d0_1377,
    0xbe54_66cf_34e9_0c6c,
    0xc0ac_29b7_c97c_50dd,
    0x3f84_d5b5_b547_0917,
    0x9216_d5d9_8979_fb1b,
    0xd131_0ba6_98df_b5ac,
    0x2ffd_72db_d01a_dfb7,
    0xb8e1_afed_6a26_7e96,
    0xba7c_9045_f12c_7f99,
    0x24a1_9947_b391_6cf7,
    0x0801_f2e2_858e_fc16,
    0x6369_2e82_4b1b_cbf8,
];

/// Loads `TABLE[x mod 16]`: the address is the leak.
#[inline(never)]
fn leaky_index(x: &BigInt<4>) -> u64 {
    let i = (black_box(x.0[0]) & 15) as usize;
    black_box(&TABLE)[i]
}

fn planted_index() -> Result<(), String> {
    for odd in [false, true] {
        let x = input(odd);
        let want = TABLE[(x.0[0] & 15) as usize];
        let mut sx = x;
        secret(&mut sx);
        let mut got = leaky_index(&sx);
        // No taint check here: memcheck reports the undefined address, then treats the load
        // as an ordinary read of defined memory (the table is public), so the loaded value is
        // defined. Taint flows through arithmetic, not through addresses.
        public(&mut got);
        expect_eq("planted index", got, want)?;
    }
    Ok(())
}

/// Calls a variable-time library function on a secret.
#[inline(never)]
fn leaky_vartime(x: &BigInt<4>) -> u32 {
    black_box(x).num_bits_vartime()
}

fn planted_vartime() -> Result<(), String> {
    for top in [0u64, 1 << 40] {
        let mut x = input(true);
        x.0[3] = top;
        let want = if top == 0 { 67 } else { 3 * 64 + 41 };
        let mut sx = x;
        secret(&mut sx);
        let mut got = leaky_vartime(&sx);
        declassify("got", &mut got)?;
        expect_eq("planted vartime", got, want)?;
    }
    Ok(())
}
