//! The case registry: one module per crate of the stack, each exporting `CASES`.
//!
//! A case builds its inputs from a fixed seed, computes the expected result with an independent
//! oracle (num-bigint) while everything is still public, marks the secret inputs undefined
//! ([`secret`](crate::valgrind::secret)), runs the operation, marks the output defined
//! ([`declassify`], which first checks that the output does carry the secret taint) and compares. The comparison is what keeps a case from
//! silently checking nothing (a case whose operation were optimised away or never reached would
//! fail natively too: `cargo test -p ctt-ctgrind` runs every case without valgrind).
//!
//! Adding a case: a [`Case`] in its layer's `CASES` (name, [`Kind::Real`], what it covers, the
//! exact number of declassified branches it runs, the function); `run.sh` checks that count.
//! Adding a layer: write `cases/<crate>.rs` with `pub const CASES: &[Case]`, add it to
//! [`MODULES`]. Covered: ctt-bigint (`bigint`, `inversion`), ctt-field (`field`: arithmetic,
//! inversion, square roots, `pow`, byte conversions and range checks, the full-width fields on
//! both backends, the `ff` trait impls), ctt-hash (`hash`: SHA-256, HMAC/HKDF,
//! `expand_message_xmd`, Keccak-256, RIPEMD-160, BLAKE2b F), ctt-curves (`curves`: scalar
//! multiplication, the split division, point formulas, normalisation, subgroup checks and
//! cofactor clearing, encodings, hash to field and to curve), ctt-pairing (`pairing`: Miller loop
//! with secret points, prepared G2 lines, final exponentiation, `Gt::pow`), ctt-bls (`bls`:
//! KeyGen, EIP-2333, key decoding, SkToPk, Sign, PopProve), ctt-groth16 (`groth16`: MiMCSponge,
//! its Feistel permutation, MiMC7 and MultiMiMC7 on secret inputs), libctt (`ffi`: the same secret-key
//! paths through the C ABI's exported functions). ARCHITECTURE.md ("The constant-time
//! rule") maps every public function to its case or says why it has none.
//!
//! Planted cases ([`Kind::Planted`], [`Kind::PlantedInLibrary`]) contain a deliberate
//! secret-dependent branch or table index; `run.sh` requires valgrind to report them where they
//! are, which is the harness's own test.
//!
//! Declassification: a few secret-derived bits are public by design, and the library releases
//! each by a branch in a tiny function of its own, which `tools/ctgrind/declassified.supp` names.
//! Valgrind counts the branches it suppresses; every case declares how many it runs
//! ([`Case::declassified`]) and `run.sh` fails on any other number, so a new suppressed branch
//! (a secret branch that somehow matched the file, or a release function called more often) and
//! a lost one (the release function no longer branching, or renamed) are both reported.

pub mod bigint;
pub mod bls;
pub mod curves;
pub mod ffi;
pub mod field;
pub mod groth16;
pub mod hash;
pub mod inversion;
pub mod pairing;
pub mod planted;
#[cfg(feature = "planted")]
pub mod planted_library;

use crate::valgrind;
use ctt_bigint::{BigInt, Choice};
use num_bigint::BigUint;

/// What valgrind must say about a case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Constant-time code: no error may be reported.
    Real,
    /// A deliberate leak in this harness's code: valgrind must report at least one error whose
    /// innermost frame is `site`, or `site` with a path before it (valgrind names a function of
    /// its own with its path, an inlined one without).
    Planted {
        /// Where the leak is.
        site: &'static str,
    },
    /// A deliberate leak compiled into a library function by its `ctgrind-planted` feature,
    /// present only in the harness's `planted` build (`run.sh` builds that second binary for
    /// these cases alone, so no real case ever runs planted code). Checked like [`Kind::Planted`].
    #[cfg_attr(not(feature = "planted"), allow(dead_code))]
    // its cases exist in that build only
    PlantedInLibrary {
        /// Where the leak is.
        site: &'static str,
    },
}

impl Kind {
    /// The word `list` prints for this kind.
    pub fn word(self) -> &'static str {
        match self {
            Kind::Real => "real",
            Kind::Planted { .. } => "planted",
            Kind::PlantedInLibrary { .. } => "planted-library",
        }
    }

    /// Where valgrind must report the leak of a planted case; `-` for a real one.
    pub fn site(self) -> &'static str {
        match self {
            Kind::Real => "-",
            Kind::Planted { site } | Kind::PlantedInLibrary { site } => site,
        }
    }
}

/// One check: a name for the command line and a function returning `Err(why)` on a wrong result.
pub struct Case {
    /// Command-line name (kebab-case, `<layer>-<operation>`).
    pub name: &'static str,
    /// Whether the case must be clean or must be caught.
    pub kind: Kind,
    /// What it covers (shown by `list`).
    pub about: &'static str,
    /// How many conditional jumps `declassified.supp` must accept while the case runs (valgrind's
    /// count of suppressed errors): one per secret-derived bit the library releases by design.
    /// `run.sh` fails on any other number.
    pub declassified: u32,
    /// Runs the case; `Err` when the result disagrees with the oracle.
    pub run: fn() -> Result<(), String>,
}

/// Every case module, in order (lower layers first).
pub const MODULES: &[&[Case]] = &[
    bigint::CASES,
    inversion::CASES,
    field::CASES,
    hash::CASES,
    curves::CASES,
    pairing::CASES,
    bls::CASES,
    groth16::CASES,
    ffi::CASES,
    planted::CASES,
    #[cfg(feature = "planted")]
    planted_library::CASES,
];

/// All cases of every module.
pub fn all() -> impl Iterator<Item = &'static Case> {
    MODULES.iter().flat_map(|m| m.iter())
}

/// The case called `name`.
pub fn find(name: &str) -> Option<&'static Case> {
    all().find(|c| c.name == name)
}

/// SplitMix64: a fixed-seed generator for test inputs (not for secrets of a real protocol).
pub struct Rng(u64);

impl Rng {
    /// A generator with a fixed seed, so every run checks the same inputs.
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    /// Next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A uniformly random `N`-limb value (any value, not reduced).
    pub fn bigint<const N: usize>(&mut self) -> BigInt<N> {
        BigInt(core::array::from_fn(|_| self.next_u64()))
    }

    /// A random value below `p` (reduction by the oracle; inputs are public at this point).
    pub fn below<const N: usize>(&mut self, p: &BigInt<N>) -> BigInt<N> {
        from_big(&(to_big(&self.bigint::<N>()) % to_big(p)))
    }
}

/// Test inputs below `p`: the edge values 0, 1, p−1 and `random` values from the seed.
pub fn samples<const N: usize>(p: &BigInt<N>, seed: u64, random: usize) -> Vec<BigInt<N>> {
    let mut rng = Rng::new(seed);
    let mut v = vec![BigInt::ZERO, BigInt::ONE, p.wrapping_sub(&BigInt::ONE)];
    v.extend((0..random).map(|_| rng.below(p)));
    v
}

/// `BigInt` → `BigUint` (oracle side).
pub fn to_big<const N: usize>(x: &BigInt<N>) -> BigUint {
    let mut bytes = vec![0u8; BigInt::<N>::BYTES];
    x.to_bytes_le(&mut bytes);
    BigUint::from_bytes_le(&bytes)
}

/// `BigUint` → `BigInt` (the value must fit).
pub fn from_big<const N: usize>(x: &BigUint) -> BigInt<N> {
    BigInt::from_bytes_le(&x.to_bytes_le()).expect("oracle value wider than the BigInt")
}

/// `a·b·R⁻¹ mod p` with `R = 2^(64N)`, by the oracle.
pub fn oracle_mont_mul<const N: usize>(a: &BigInt<N>, b: &BigInt<N>, p: &BigInt<N>) -> BigInt<N> {
    let p_big = to_big(p);
    let r = BigUint::from(1u8) << (64 * N);
    // p is prime and does not divide R, so R⁻¹ = R^(p−2) mod p.
    let r_inv = (r % &p_big).modpow(&(&p_big - 2u8), &p_big);
    from_big(&(to_big(a) * to_big(b) % &p_big * r_inv % &p_big))
}

/// Bytes of a hex string (test vectors; panics on malformed input, which is a bug in the case).
pub fn hex(s: &str) -> Vec<u8> {
    assert!(s.len().is_multiple_of(2), "odd-length hex");
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex digit"))
        .collect()
}

/// `Ok` when equal, else an error naming the operation and both values.
pub fn expect_eq<T: PartialEq + core::fmt::Debug>(
    what: &str,
    got: T,
    want: T,
) -> Result<(), String> {
    if got == want {
        Ok(())
    } else {
        Err(format!("{what}: got {got:?}, want {want:?}"))
    }
}

/// Declassifies an operation's output: under valgrind, first checks that some of its bytes are
/// undefined (derived from the marked secrets: otherwise the operation never saw them and the
/// case checks nothing), then marks it defined so that it can be compared and printed.
pub fn declassify<T: ?Sized>(what: &str, x: &mut T) -> Result<(), String> {
    if valgrind::undefined_bytes(x) == Some(0) {
        return Err(format!(
            "{what}: output carries no secret taint (the operation did not read the marked inputs)"
        ));
    }
    valgrind::public(x);
    Ok(())
}

/// Declassifies a `Choice` computed from secrets and returns it as a `bool`.
pub fn reveal(what: &str, mut c: Choice) -> Result<bool, String> {
    declassify(what, &mut c)?;
    Ok(c.into())
}
