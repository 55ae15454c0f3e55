//! ctt-bigint: Montgomery kernels of every backend, modular add/sub/neg, comparisons, selection
//! and the `Choice` / `CtOption` vocabulary.
//!
//! Moduli: BN254's base field (4 limbs) and BLS12-381's (6 limbs), both with a spare bit (the
//! no-carry CIOS), plus the full-width 4-limb moduli without a spare bit — secp256k1's and
//! P-256's base and scalar fields — for the plain CIOS of the portable backend and the x86-64
//! full-width kernels (`mul_mont_4_full`, `sqr_mont_4_full`, `add_mod_4_full`; case
//! `bigint-full-width`).
//!
//! Each backend is called by name (`backend::portable`, `backend::x86_64_adx`) and through the
//! dispatcher; with the `adx` feature (set by `run.sh` on x86-64) the dispatcher must report the
//! assembly backend, because valgrind's CPUID hides ADX and detection would quietly pick the
//! portable kernels. The explicit `x86_64_adx` cases double as the proof that valgrind executes
//! MULX/ADCX/ADOX correctly: their results are compared with the oracle under valgrind.
//!
//! What was checked about valgrind 3.19 on this code (and is re-checked on every run):
//!
//! - MULX/ADCX/ADOX execute correctly (results equal the oracle) and propagate definedness: the
//!   kernels' outputs are undefined before declassification (`declassify` fails otherwise), so
//!   the secret really flows through the two carry chains; no error is reported in them. VEX
//!   models ADCX/ADOX as flag-thunk operations whose CF/OF helpers memcheck treats as
//!   "undefined if any input is undefined": exact enough, no false positives.
//! - The kernels' final subtraction uses `cmovnc` on a secret carry. Memcheck translates `cmov`
//!   to an if-then-else expression whose result is undefined when the condition is, and reports
//!   nothing: the right behaviour for constant time (a conditional move does not branch). The
//!   flip side: memcheck cannot tell whether a CPU executes `cmov` in constant time.
//! - A true positive, fixed: the portable `montgomery::sub_if_ge` wrote the same final
//!   subtraction as a mask blend `(t & m) | (r & !m)` with `m = -borrow`. LLVM saw through the
//!   mask, made it a `select` on the borrow bit and lowered that to a branch (`test r8b,1; jne`
//!   over four `mov`s, rustc 1.95, ctgrind = release profile): a branch on secret data in every
//!   portable `mont_mul` and in `add_mod`. The mask now goes through `black_box`.

use super::{
    Case, Kind, declassify, expect_eq, from_big, oracle_mont_mul, reveal, samples, to_big,
};
use crate::valgrind::secret;
use ctt_bigint::backend;
#[cfg(target_arch = "x86_64")]
use ctt_bigint::backend::Backend;
use ctt_bigint::montgomery::{self, mont_n0};
use ctt_bigint::{BigInt, Choice, ConditionallySelectable, ConstantTimeEq, CtOption};
use num_traits::Zero;

/// BN254 base field modulus.
pub const P_BN254: BigInt<4> =
    BigInt::from_hex("30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47");
/// BLS12-381 base field modulus.
pub const P_BLS12_381: BigInt<6> = BigInt::from_hex(
    "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab",
);
/// secp256k1 base field modulus: no spare bit, so the portable backend takes the plain CIOS.
pub const P_SECP256K1: BigInt<4> =
    BigInt::from_hex("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f");

/// secp256k1 scalar field modulus (no spare bit).
pub const N_SECP256K1: BigInt<4> =
    BigInt::from_hex("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141");
/// P-256 base field modulus (no spare bit).
pub const P_P256: BigInt<4> =
    BigInt::from_hex("ffffffff00000001000000000000000000000000ffffffffffffffffffffffff");
/// P-256 scalar field modulus (no spare bit).
pub const N_P256: BigInt<4> =
    BigInt::from_hex("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551");

/// The full-width moduli, with a seed each.
const FULL_WIDTH: [(&str, BigInt<4>, u64); 4] = [
    ("secp256k1 p", P_SECP256K1, 301),
    ("secp256k1 n", N_SECP256K1, 302),
    ("P-256 p", P_P256, 303),
    ("P-256 n", N_P256, 304),
];

/// The cases of this module.
pub const CASES: &[Case] = &[
    Case {
        name: "bigint-mont-mul-portable",
        kind: Kind::Real,
        about: "backend::portable::mont_mul, 4 and 6 limbs (no-carry CIOS) and 4 limbs (CIOS)",
        declassified: 0,
        run: mont_mul_portable,
    },
    Case {
        name: "bigint-mont-sqr-portable",
        kind: Kind::Real,
        about: "backend::portable::mont_sqr, 4 and 6 limbs (no-carry CIOS) and 4 limbs (CIOS)",
        declassified: 0,
        run: mont_sqr_portable,
    },
    #[cfg(target_arch = "x86_64")]
    Case {
        name: "bigint-mont-mul-adx",
        kind: Kind::Real,
        about: "backend::x86_64_adx::mont_mul (MULX/ADCX/ADOX assembly), 4 and 6 limbs",
        declassified: 0,
        run: mont_mul_adx,
    },
    #[cfg(target_arch = "x86_64")]
    Case {
        name: "bigint-mont-sqr-adx",
        kind: Kind::Real,
        about: "backend::x86_64_adx::mont_sqr (MULX/ADCX/ADOX assembly), 4 and 6 limbs",
        declassified: 0,
        run: mont_sqr_adx,
    },
    Case {
        name: "bigint-full-width",
        kind: Kind::Real,
        about: "full-width moduli (secp256k1 / P-256 p and n): portable CIOS mul / sqr, x86-64 \
                mul_mont_4_full / sqr_mont_4_full / add_mod_4_full / sub_mod, add / sub / neg \
                portable and dispatched; secp256k1 p in the unit radix: portable folding, x86-64 \
                mul_crandall_4 / sqr_crandall_4",
        declassified: 0,
        run: full_width,
    },
    Case {
        name: "bigint-mont-dispatch",
        kind: Kind::Real,
        about: "backend::mont_mul / mont_sqr on the active backend (the assembly under `adx`)",
        declassified: 0,
        run: mont_dispatch,
    },
    Case {
        name: "bigint-wide-lazy",
        kind: Kind::Real,
        about: "mul_wide / redc_wide / mont_mul_nonred / sub_wide_mod, portable, asm and dispatched, \
                4 and 6 limbs; mont_pow_chain (secret base, public exponent)",
        declassified: 0,
        run: wide_lazy,
    },
    Case {
        name: "bigint-fp2-kernels",
        kind: Kind::Real,
        about: "fp2_mul / fp2_sqr (fused Karatsuba and square), portable, asm and dispatched, \
                4 and 6 limbs, secret operands incl. 0, 1 and p - 1 coefficients; \
                fp2_sum_of_products (K = 2, 3; 6 limbs)",
        declassified: 0,
        run: fp2_kernels,
    },
    Case {
        name: "bigint-mod-add-sub-neg",
        kind: Kind::Real,
        about: "add_mod / sub_mod / neg_mod, portable and dispatched (asm), 4 and 6 limbs",
        declassified: 0,
        run: mod_add_sub_neg,
    },
    Case {
        name: "bigint-select",
        kind: Kind::Real,
        about: "BigInt / u64 / u8 / array conditional_select, conditional_assign, conditional_swap",
        declassified: 0,
        run: select,
    },
    Case {
        name: "bigint-compare",
        kind: Kind::Real,
        about: "BigInt ct_eq / ct_ne / ct_lt / ct_gt / ct_is_zero / is_odd, u64 / u8 / slice ct_eq",
        declassified: 0,
        run: compare,
    },
    Case {
        name: "bigint-carry-shift",
        kind: Kind::Real,
        about: "add_with_carry, sub_with_borrow, shl / shr / shr1_with (public shift), bit, bytes",
        declassified: 0,
        run: carry_shift,
    },
    Case {
        name: "ct-choice",
        kind: Kind::Real,
        about: "Choice from_u8_ct / from_lsb / & | ^ ! / mask / unwrap_u8",
        declassified: 0,
        run: choice_ops,
    },
    Case {
        name: "ct-ctoption",
        kind: Kind::Real,
        about: "CtOption unwrap_or / map / and_then / is_some / is_none with a secret presence bit",
        declassified: 0,
        run: ct_option,
    },
];

/// Number of random inputs per modulus on top of the edge values 0, 1, p−1 (valgrind is ~50x
/// slower, and the check is about code paths, not values: a handful suffices).
const RANDOM: usize = 3;

/// A Montgomery multiplication kernel under test (`None` = not available on this CPU/build).
type MulKernel<const N: usize> = fn(&BigInt<N>, &BigInt<N>, &BigInt<N>, u64) -> Option<BigInt<N>>;
/// A Montgomery squaring kernel under test.
type SqrKernel<const N: usize> = fn(&BigInt<N>, &BigInt<N>, u64) -> Option<BigInt<N>>;

/// Runs `kernel` on pairs of samples below `p` with both operands secret, against the oracle.
fn check_mul<const N: usize>(
    what: &str,
    p: &BigInt<N>,
    seed: u64,
    kernel: MulKernel<N>,
) -> Result<(), String> {
    let n0 = mont_n0(p.0[0]);
    let xs = samples(p, seed, RANDOM);
    for (i, a) in xs.iter().enumerate() {
        // Each value against its successor and itself: every edge value meets a random one.
        for b in [&xs[(i + 1) % xs.len()], a] {
            let want = oracle_mont_mul(a, b, p);
            let (mut sa, mut sb) = (*a, *b);
            secret(&mut sa);
            secret(&mut sb);
            let mut got = kernel(&sa, &sb, p, n0).ok_or_else(|| {
                format!("{what}: kernel unavailable (under valgrind, build with feature `adx`)")
            })?;
            declassify("got", &mut got)?;
            expect_eq(what, got, want)?;
        }
    }
    Ok(())
}

/// Runs a squaring kernel on samples below `p` with a secret operand, against the oracle.
fn check_sqr<const N: usize>(
    what: &str,
    p: &BigInt<N>,
    seed: u64,
    kernel: SqrKernel<N>,
) -> Result<(), String> {
    let n0 = mont_n0(p.0[0]);
    for a in samples(p, seed, RANDOM) {
        let want = oracle_mont_mul(&a, &a, p);
        let mut sa = a;
        secret(&mut sa);
        let mut got = kernel(&sa, p, n0).ok_or_else(|| {
            format!("{what}: kernel unavailable (under valgrind, build with feature `adx`)")
        })?;
        declassify("got", &mut got)?;
        expect_eq(what, got, want)?;
    }
    Ok(())
}

fn mont_mul_portable() -> Result<(), String> {
    check_mul("portable mul 4", &P_BN254, 1, |a, b, p, n0| {
        Some(backend::portable::mont_mul(a, b, p, n0))
    })?;
    check_mul("portable mul 6", &P_BLS12_381, 2, |a, b, p, n0| {
        Some(backend::portable::mont_mul(a, b, p, n0))
    })?;
    check_mul("portable mul 4 cios", &P_SECP256K1, 3, |a, b, p, n0| {
        Some(backend::portable::mont_mul(a, b, p, n0))
    })?;
    // The plain CIOS also serves spare-bit moduli; check it there too.
    check_mul("cios mul 6", &P_BLS12_381, 4, |a, b, p, n0| {
        Some(montgomery::mont_mul_cios(a, b, p, n0))
    })
}

fn mont_sqr_portable() -> Result<(), String> {
    check_sqr("portable sqr 4", &P_BN254, 5, |a, p, n0| {
        Some(backend::portable::mont_sqr(a, p, n0))
    })?;
    check_sqr("portable sqr 6", &P_BLS12_381, 6, |a, p, n0| {
        Some(backend::portable::mont_sqr(a, p, n0))
    })?;
    check_sqr("portable sqr 4 cios", &P_SECP256K1, 7, |a, p, n0| {
        Some(backend::portable::mont_sqr(a, p, n0))
    })
}

/// Whether the assembly must be present: always under valgrind (the harness exists to check it;
/// without the `adx` feature valgrind's CPUID hides ADX and the kernels report `None`, which must
/// fail rather than pass vacuously), and natively on a CPU with BMI2/ADX. Only a native
/// `cargo test` on an older CPU has nothing to run here.
#[cfg(target_arch = "x86_64")]
fn adx_expected() -> bool {
    cfg!(feature = "adx")
        || crate::valgrind::running_on_valgrind() != 0
        || backend::is_supported(Backend::X86_64Adx)
}

#[cfg(target_arch = "x86_64")]
fn mont_mul_adx() -> Result<(), String> {
    if !adx_expected() {
        return Ok(());
    }
    use backend::x86_64_adx::mont_mul;
    check_mul("adx mul 4", &P_BN254, 11, mont_mul)?;
    check_mul("adx mul 6", &P_BLS12_381, 12, mont_mul)
}

#[cfg(target_arch = "x86_64")]
fn mont_sqr_adx() -> Result<(), String> {
    if !adx_expected() {
        return Ok(());
    }
    use backend::x86_64_adx::mont_sqr;
    check_sqr("adx sqr 4", &P_BN254, 13, mont_sqr)?;
    check_sqr("adx sqr 6", &P_BLS12_381, 14, mont_sqr)
}

fn mont_dispatch() -> Result<(), String> {
    // On x86-64 under valgrind the harness exists to check the assembly: the dispatcher must not
    // have fallen back to the portable kernels (valgrind's CPUID reports no ADX; build with the
    // `adx` feature, as run.sh does).
    #[cfg(target_arch = "x86_64")]
    if cfg!(feature = "adx") || crate::valgrind::running_on_valgrind() != 0 {
        expect_eq("backend::active()", backend::active(), Backend::X86_64Adx)?;
    }
    check_mul("dispatch mul 4", &P_BN254, 21, |a, b, p, n0| {
        Some(backend::mont_mul(a, b, p, n0))
    })?;
    check_mul("dispatch mul 6", &P_BLS12_381, 22, |a, b, p, n0| {
        Some(backend::mont_mul(a, b, p, n0))
    })?;
    check_mul(
        "dispatch mul 4 no spare bit",
        &P_SECP256K1,
        23,
        |a, b, p, n0| Some(backend::mont_mul(a, b, p, n0)),
    )?;
    check_sqr("dispatch sqr 4", &P_BN254, 24, |a, p, n0| {
        Some(backend::mont_sqr(a, p, n0))
    })?;
    check_sqr("dispatch sqr 6", &P_BLS12_381, 25, |a, p, n0| {
        Some(backend::mont_sqr(a, p, n0))
    })
}

fn full_width() -> Result<(), String> {
    for (name, p, seed) in FULL_WIDTH {
        check_mul(
            &format!("portable cios mul {name}"),
            &p,
            seed,
            |a, b, p, n0| Some(backend::portable::mont_mul(a, b, p, n0)),
        )?;
        check_sqr(
            &format!("portable cios sqr {name}"),
            &p,
            seed + 10,
            |a, p, n0| Some(backend::portable::mont_sqr(a, p, n0)),
        )?;
        check_add_sub_neg(&p, seed + 20)?;
        #[cfg(target_arch = "x86_64")]
        if adx_expected() {
            use backend::x86_64_adx;
            check_mul(
                &format!("adx full mul {name}"),
                &p,
                seed + 30,
                x86_64_adx::mont_mul,
            )?;
            check_sqr(
                &format!("adx full sqr {name}"),
                &p,
                seed + 40,
                x86_64_adx::mont_sqr,
            )?;
            check_add_sub_asm(&p, seed + 50)?;
        }
    }
    unit_radix(&P_SECP256K1, 311)
}

/// secp256k1's p in the unit radix (`n0 = UNIT_RADIX_N0`, plain `a·b mod p` by folding): the
/// portable product and square, and on x86-64 the `mul_crandall_4` / `sqr_crandall_4` kernels by
/// name, with secret operands.
fn unit_radix(p: &BigInt<4>, seed: u64) -> Result<(), String> {
    use montgomery::UNIT_RADIX_N0;
    // (name, is a square, kernel): a square ignores its second operand.
    type Kernel = fn(&BigInt<4>, &BigInt<4>, &BigInt<4>) -> Option<BigInt<4>>;
    let mut kernels: Vec<(&str, bool, Kernel)> = vec![
        ("portable folding mul", false, |a, b, p| {
            Some(backend::portable::mont_mul(a, b, p, UNIT_RADIX_N0))
        }),
        ("portable folding sqr", true, |a, _, p| {
            Some(backend::portable::mont_sqr(a, p, UNIT_RADIX_N0))
        }),
    ];
    #[cfg(target_arch = "x86_64")]
    if adx_expected() {
        kernels.push(("adx mul_crandall_4", false, |a, b, p| {
            backend::x86_64_adx::mont_mul(a, b, p, UNIT_RADIX_N0)
        }));
        kernels.push(("adx sqr_crandall_4", true, |a, _, p| {
            backend::x86_64_adx::mont_sqr(a, p, UNIT_RADIX_N0)
        }));
    }
    let pb = to_big(p);
    let xs = samples(p, seed, RANDOM);
    for (what, square, kernel) in kernels {
        for (i, a) in xs.iter().enumerate() {
            let b = if square { *a } else { xs[(i + 1) % xs.len()] };
            let want = from_big(&(to_big(a) * to_big(&b) % &pb));
            let (mut sa, mut sb) = (*a, b);
            secret(&mut sa);
            secret(&mut sb);
            let mut got = kernel(&sa, &sb, p)
                .ok_or_else(|| format!("{what}: kernel unavailable (build with feature `adx`)"))?;
            declassify("got", &mut got)?;
            expect_eq(what, got, want)?;
        }
    }
    Ok(())
}

/// The x86-64 add/sub kernels called by name (full-width ones for moduli without a spare bit).
#[cfg(target_arch = "x86_64")]
fn check_add_sub_asm(p: &BigInt<4>, seed: u64) -> Result<(), String> {
    use backend::x86_64_adx::{add_mod, sub_mod};
    let pb = to_big(p);
    let xs = samples(p, seed, RANDOM);
    for (i, a) in xs.iter().enumerate() {
        let b = xs[(i + 1) % xs.len()];
        let (ab, bb) = (to_big(a), to_big(&b));
        let want: [BigInt<4>; 2] = [
            from_big(&((&ab + &bb) % &pb)),
            from_big(&((&ab + &pb - &bb) % &pb)),
        ];
        let (mut sa, mut sb) = (*a, b);
        secret(&mut sa);
        secret(&mut sb);
        let unavailable = || "adx add/sub: kernel unavailable (build with feature `adx`)";
        let mut got = [
            add_mod(&sa, &sb, p).ok_or_else(unavailable)?,
            sub_mod(&sa, &sb, p).ok_or_else(unavailable)?,
        ];
        declassify("adx add/sub", &mut got)?;
        expect_eq("adx add_mod/sub_mod (full width)", got, want)?;
    }
    Ok(())
}

fn check_add_sub_neg<const N: usize>(p: &BigInt<N>, seed: u64) -> Result<(), String> {
    let pb = to_big(p);
    let xs = samples(p, seed, RANDOM);
    for (i, a) in xs.iter().enumerate() {
        let b = xs[(i + 2) % xs.len()];
        let (ab, bb) = (to_big(a), to_big(&b));
        let want_add: BigInt<N> = from_big(&((&ab + &bb) % &pb));
        let want_sub: BigInt<N> = from_big(&((&ab + &pb - &bb) % &pb));
        let want_neg: BigInt<N> = from_big(&((&pb - &ab) % &pb));
        let (mut sa, mut sb) = (*a, b);
        secret(&mut sa);
        secret(&mut sb);
        // Portable kernels and the dispatched ones (the x86-64 assembly under `adx`).
        let mut got = [
            montgomery::add_mod(&sa, &sb, p),
            montgomery::sub_mod(&sa, &sb, p),
            montgomery::neg_mod(&sa, p),
            backend::add_mod(&sa, &sb, p),
            backend::sub_mod(&sa, &sb, p),
            backend::neg_mod(&sa, p),
        ];
        declassify("got", &mut got)?;
        expect_eq(
            "add_mod/sub_mod/neg_mod (portable, dispatched)",
            got,
            [want_add, want_sub, want_neg, want_add, want_sub, want_neg],
        )?;
    }
    Ok(())
}

fn mod_add_sub_neg() -> Result<(), String> {
    check_add_sub_neg(&P_BN254, 31)?;
    check_add_sub_neg(&P_BLS12_381, 32)
}

/// A secret `Choice` holding `bit`.
fn secret_choice(bit: bool) -> Choice {
    let mut c = Choice::from(bit);
    secret(&mut c);
    c
}

fn select() -> Result<(), String> {
    let xs = samples(&P_BLS12_381, 41, 1);
    let (a, b) = (xs[3], xs[2]);
    for bit in [false, true] {
        let (mut sa, mut sb) = (a, b);
        secret(&mut sa);
        secret(&mut sb);
        let c = secret_choice(bit);
        let mut sel = BigInt::conditional_select(&sa, &sb, c);
        let mut w = u64::conditional_select(&sa.0[0], &sb.0[0], c);
        let mut byte = u8::conditional_select(&(sa.0[1] as u8), &(sb.0[1] as u8), c);
        let mut arr = <[u64; 6]>::conditional_select(&sa.0, &sb.0, c);
        let mut assigned = sa;
        assigned.conditional_assign(&sb, c);
        let (mut x, mut y) = (sa, sb);
        BigInt::conditional_swap(&mut x, &mut y, c);
        declassify("sel", &mut sel)?;
        declassify("w", &mut w)?;
        declassify("byte", &mut byte)?;
        declassify("arr", &mut arr)?;
        declassify("assigned", &mut assigned)?;
        declassify("x", &mut x)?;
        declassify("y", &mut y)?;
        let want = if bit { b } else { a };
        expect_eq("BigInt select", sel, want)?;
        expect_eq("u64 select", w, want.0[0])?;
        expect_eq("u8 select", byte, want.0[1] as u8)?;
        expect_eq("array select", arr, want.0)?;
        expect_eq("conditional_assign", assigned, want)?;
        expect_eq(
            "conditional_swap",
            (x, y),
            if bit { (b, a) } else { (a, b) },
        )?;
    }
    Ok(())
}

fn compare() -> Result<(), String> {
    let p = P_BLS12_381;
    let xs = samples(&p, 51, RANDOM);
    for (i, a) in xs.iter().enumerate() {
        for b in [*a, xs[(i + 1) % xs.len()]] {
            let (ab, bb) = (to_big(a), to_big(&b));
            let (mut sa, mut sb) = (*a, b);
            secret(&mut sa);
            secret(&mut sb);
            let got = [
                reveal("ct_eq", sa.ct_eq(&sb))?,
                reveal("ct_ne", sa.ct_ne(&sb))?,
                reveal("ct_lt", sa.ct_lt(&sb))?,
                reveal("ct_gt", sa.ct_gt(&sb))?,
                reveal("ct_is_zero", sa.ct_is_zero())?,
                reveal("is_odd", sa.is_odd())?,
                reveal("u64 ct_eq", sa.0[0].ct_eq(&sb.0[0]))?,
                reveal("u8 ct_eq", (sa.0[0] as u8).ct_eq(&(sb.0[0] as u8)))?,
                reveal("slice ct_eq", sa.0[..].ct_eq(&sb.0[..]))?,
            ];
            let want = [
                ab == bb,
                ab != bb,
                ab < bb,
                ab > bb,
                ab.is_zero(),
                ab.bit(0),
                a.0[0] == b.0[0],
                a.0[0] as u8 == b.0[0] as u8,
                ab == bb,
            ];
            expect_eq("comparisons", got, want)?;
        }
    }
    Ok(())
}

fn carry_shift() -> Result<(), String> {
    let mut rng = super::Rng::new(61);
    let m6 = (num_bigint::BigUint::from(1u8) << 384) - 1u8;
    for _ in 0..4 {
        let (a, b) = (rng.bigint::<6>(), rng.bigint::<6>());
        let (ab, bb) = (to_big(&a), to_big(&b));
        let (mut sa, mut sb) = (a, b);
        secret(&mut sa);
        secret(&mut sb);
        let (mut sum, mut carry) = sa.add_with_carry(&sb);
        let (mut diff, mut borrow) = sa.sub_with_borrow(&sb);
        let mut shifted = [sa.shl(70), sa.shr(70), sa.shr1_with(sb.0[5] >> 63)];
        let mut bit = sa.bit(200);
        let mut be = [0u8; 48];
        sa.to_bytes_be(&mut be);
        let mut le = [0u8; 48];
        sa.to_bytes_le(&mut le);
        let mut back = BigInt::<6>::from_bytes_be(&be).ok_or("from_bytes_be")?;
        declassify("sum", &mut sum)?;
        declassify("carry", &mut carry)?;
        declassify("diff", &mut diff)?;
        declassify("borrow", &mut borrow)?;
        declassify("shifted", &mut shifted)?;
        declassify("bit", &mut bit)?;
        declassify("be", &mut be)?;
        declassify("le", &mut le)?;
        declassify("back", &mut back)?;
        let want_sum = &ab + &bb;
        expect_eq(
            "add_with_carry",
            (sum, carry),
            (
                from_big(&(&want_sum & &m6)),
                !(want_sum >> 384u32).is_zero() as u64,
            ),
        )?;
        let want_diff = (&ab + (&m6 + 1u8) - &bb) & &m6;
        expect_eq(
            "sub_with_borrow",
            (diff, borrow),
            (from_big(&want_diff), (ab < bb) as u64),
        )?;
        let top = b.0[5] >> 63;
        let want_shifted = [
            from_big(&((&ab << 70u32) & &m6)),
            from_big(&(&ab >> 70u32)),
            from_big(&((&ab >> 1u32) | (num_bigint::BigUint::from(top) << 383u32))),
        ];
        expect_eq("shifts", shifted, want_shifted)?;
        expect_eq("bit", bit, ab.bit(200) as u64)?;
        expect_eq("to_bytes_le", le.to_vec(), {
            let mut v = ab.to_bytes_le();
            v.resize(48, 0);
            v
        })?;
        let mut want_be = le;
        want_be.reverse();
        expect_eq("to_bytes_be", be, want_be)?;
        expect_eq("from_bytes_be", back, a)?;
    }
    Ok(())
}

fn choice_ops() -> Result<(), String> {
    for (x, y) in [(false, false), (false, true), (true, false), (true, true)] {
        let (a, b) = (secret_choice(x), secret_choice(y));
        let mut word = u64::from(y) | 0xabc0;
        secret(&mut word);
        let mut byte = u8::from(x);
        secret(&mut byte);
        let mut mask = a.mask();
        declassify("mask", &mut mask)?;
        let mut byte_out = a.unwrap_u8();
        declassify("unwrap_u8", &mut byte_out)?;
        let got = [
            reveal("and", a & b)?,
            reveal("or", a | b)?,
            reveal("xor", a ^ b)?,
            reveal("not", !a)?,
            reveal("from_lsb", Choice::from_lsb(word))?,
            reveal("from_u8_ct", Choice::from_u8_ct(byte))?,
            reveal("select", Choice::conditional_select(&a, &b, a ^ b))?,
            reveal("assign ops", {
                let mut c = a;
                c &= b;
                c |= !b;
                c
            })?,
        ];
        let want = [
            x & y,
            x | y,
            x ^ y,
            !x,
            y,
            x,
            if x ^ y { y } else { x },
            (x & y) | !y,
        ];
        expect_eq("Choice ops", got, want)?;
        expect_eq("Choice::mask", mask, if x { u64::MAX } else { 0 })?;
        expect_eq("Choice::unwrap_u8", byte_out, u8::from(x))?;
    }
    Ok(())
}

fn ct_option() -> Result<(), String> {
    let xs = samples(&P_BN254, 71, 1);
    let (v, d) = (xs[3], xs[2]);
    for present in [false, true] {
        let mut sv = v;
        secret(&mut sv);
        let opt = CtOption::new(sv, secret_choice(present));
        let (some, none) = (
            reveal("is_some", opt.is_some())?,
            reveal("is_none", opt.is_none())?,
        );
        let mut got = opt.unwrap_or(d);
        let mut mapped = opt.map(|x| x.wrapping_add(&BigInt::ONE)).unwrap_or(d);
        let mut chained = opt.and_then(|x| CtOption::new(x, x.is_odd())).unwrap_or(d);
        declassify("got", &mut got)?;
        declassify("mapped", &mut mapped)?;
        declassify("chained", &mut chained)?;
        let want = if present { v } else { d };
        expect_eq("is_some/is_none", (some, none), (present, !present))?;
        expect_eq("unwrap_or", got, want)?;
        let want_mapped = if present {
            v.wrapping_add(&BigInt::ONE)
        } else {
            d
        };
        expect_eq("map", mapped, want_mapped)?;
        let odd = v.0[0] & 1 == 1;
        expect_eq("and_then", chained, if present && odd { v } else { d })?;
    }
    Ok(())
}

/// The double-width kernels (Fp2 lazy reduction) and the unreduced product (exponentiation
/// chains) on one modulus: every backend by name and the dispatcher, secret operands, checked
/// against num-bigint.
fn wide_lazy_one<const N: usize>(p: &BigInt<N>, seed: u64) -> Result<(), String> {
    use ctt_bigint::exp::{ExpChain, mont_pow_chain};
    let n0 = mont_n0(p.0[0]);
    let pb = to_big(p);
    let r = num_bigint::BigUint::from(1u8) << (64 * N);
    let xs = samples(p, seed, RANDOM);
    type Wide<const N: usize> = fn(&BigInt<N>, &BigInt<N>) -> Option<(BigInt<N>, BigInt<N>)>;
    type Redc<const N: usize> = fn(&BigInt<N>, &BigInt<N>, &BigInt<N>, u64) -> Option<BigInt<N>>;
    let mut kernels: Vec<(&str, Wide<N>, Redc<N>, MulKernel<N>)> = vec![
        (
            "portable",
            |a, b| Some(backend::portable::mul_wide(a, b)),
            |l, h, p, n0| Some(backend::portable::redc_wide(l, h, p, n0)),
            |a, b, p, n0| Some(backend::portable::mont_mul_nonred(a, b, p, n0)),
        ),
        (
            "dispatch",
            |a, b| Some(backend::mul_wide(a, b)),
            |l, h, p, n0| Some(backend::redc_wide(l, h, p, n0)),
            |a, b, p, n0| Some(backend::mont_mul_nonred(a, b, p, n0)),
        ),
    ];
    #[cfg(target_arch = "x86_64")]
    if adx_expected() {
        kernels.push((
            "adx",
            backend::x86_64_adx::mul_wide,
            backend::x86_64_adx::redc_wide,
            backend::x86_64_adx::mont_mul_nonred,
        ));
    }
    for (name, wide, redc, nonred) in kernels {
        let unavailable = || format!("{name}: kernel unavailable (build with feature `adx`)");
        for (i, a) in xs.iter().enumerate() {
            let b = &xs[(i + 1) % xs.len()];
            let (mut sa, mut sb) = (*a, *b);
            secret(&mut sa);
            secret(&mut sb);
            // Product, then its reduction and a modular double-width difference.
            let (lo, hi) = wide(&sa, &sb).ok_or_else(unavailable)?;
            let (lo2, hi2) = wide(&sb, &sb).ok_or_else(unavailable)?;
            let d = montgomery::sub_wide_mod(&(lo, hi), &(lo2, hi2), p);
            let mut red = redc(&d.0, &d.1, p, n0).ok_or_else(unavailable)?;
            let (mut l, mut h) = (lo, hi);
            declassify("wide lo", &mut l)?;
            declassify("wide hi", &mut h)?;
            expect_eq(
                &format!("{name} mul_wide"),
                to_big(&l) + to_big(&h) * &r,
                to_big(a) * to_big(b),
            )?;
            declassify("redc", &mut red)?;
            let diff = (to_big(a) * to_big(b) + &pb * &pb - to_big(b) * to_big(b)) % &pb;
            expect_eq(
                &format!("{name} redc_wide(sub_wide_mod)"),
                red,
                oracle_mont_mul(&from_big::<N>(&diff), &BigInt::ONE, p),
            )?;
            // Unreduced product of an operand in [p, 2p).
            let mut sap = sa.wrapping_add(p);
            let mut nr = nonred(&sap, &sb, p, n0).ok_or_else(unavailable)?;
            declassify("nonred", &mut nr)?;
            declassify("a + p", &mut sap)?;
            expect_eq(
                &format!("{name} mont_mul_nonred"),
                montgomery::reduce_once(&nr, p),
                oracle_mont_mul(a, b, p),
            )?;
        }
    }
    // A public-exponent chain on a secret base (dispatched kernels): a^((p-3)/4).
    const E6: ExpChain = ExpChain::new(&P_BLS12_381.shr(2));
    const E4: ExpChain = ExpChain::new(&P_BN254.shr(2));
    let chain = if N == 6 { &E6 } else { &E4 };
    let one = montgomery::mont_r(p);
    for a in &xs {
        let mut sa = *a;
        secret(&mut sa);
        let mut got = mont_pow_chain(&sa, chain, &one, p, n0);
        declassify("pow chain", &mut got)?;
        let want = montgomery::mont_pow_vartime(a, &p.shr(2), &one, p, n0);
        expect_eq("mont_pow_chain", got, want)?;
    }
    Ok(())
}

/// The fused Fp2 kernels on one modulus: every backend by name and the dispatcher, secret
/// operands (random, and pairs with 0, 1, p − 1), checked against num-bigint.
fn fp2_kernels_one<const N: usize>(p: &BigInt<N>, seed: u64) -> Result<(), String> {
    let n0 = mont_n0(p.0[0]);
    let pb = to_big(p);
    let mut xs = samples(p, seed, RANDOM);
    xs.extend([BigInt::ZERO, BigInt::ONE, p.wrapping_sub(&BigInt::ONE)]);
    type Fp2Mul<const N: usize> =
        fn(&[BigInt<N>; 2], &[BigInt<N>; 2], &BigInt<N>, u64) -> Option<[BigInt<N>; 2]>;
    type Fp2Sqr<const N: usize> = fn(&[BigInt<N>; 2], &BigInt<N>, u64) -> Option<[BigInt<N>; 2]>;
    let mut kernels: Vec<(&str, Fp2Mul<N>, Fp2Sqr<N>)> = vec![
        (
            "portable",
            |a, b, p, n0| Some(backend::portable::fp2_mul(a, b, p, n0)),
            |a, p, n0| Some(backend::portable::fp2_sqr(a, p, n0)),
        ),
        (
            "dispatch",
            |a, b, p, n0| Some(backend::fp2_mul(a, b, p, n0)),
            |a, p, n0| Some(backend::fp2_sqr(a, p, n0)),
        ),
    ];
    #[cfg(target_arch = "x86_64")]
    if adx_expected() {
        kernels.push((
            "adx",
            backend::x86_64_adx::fp2_mul,
            backend::x86_64_adx::fp2_sqr,
        ));
    }
    let mont =
        |v: num_bigint::BigUint| oracle_mont_mul(&from_big::<N>(&(v % &pb)), &BigInt::ONE, p);
    for (name, mul, sqr) in kernels {
        let unavailable = || format!("{name}: kernel unavailable (build with feature `adx`)");
        for (i, a0) in xs.iter().enumerate() {
            let a = [*a0, xs[(i + 1) % xs.len()]];
            let b = [xs[(i + 2) % xs.len()], xs[(i + 4) % xs.len()]];
            let (mut sa, mut sb) = (a, b);
            secret(&mut sa);
            secret(&mut sb);
            let mut m = mul(&sa, &sb, p, n0).ok_or_else(unavailable)?;
            let mut q = sqr(&sa, p, n0).ok_or_else(unavailable)?;
            declassify("fp2_mul", &mut m)?;
            declassify("fp2_sqr", &mut q)?;
            let [x0, x1, y0, y1] = [a[0], a[1], b[0], b[1]].map(|v| to_big(&v));
            let pp = &pb * &pb;
            let want_mul = [
                mont(&x0 * &y0 + &pp - &x1 * &y1),
                mont(&x0 * &y1 + &x1 * &y0),
            ];
            let want_sqr = [
                mont(&x0 * &x0 + &pp - &x1 * &x1),
                mont(num_bigint::BigUint::from(2u8) * &x0 * &x1),
            ];
            expect_eq(&format!("{name} fp2_mul"), m, want_mul)?;
            expect_eq(&format!("{name} fp2_sqr"), q, want_sqr)?;
        }
    }
    Ok(())
}

fn fp2_kernels() -> Result<(), String> {
    fp2_kernels_one(&P_BN254, 33)?;
    fp2_kernels_one(&P_BLS12_381, 34)?;
    sum_of_products::<2>(&P_BLS12_381, 35)?;
    sum_of_products::<3>(&P_BLS12_381, 36)
}

/// `Σ x_k·y_k` in Fp2 (the BLS12-381 Fp6 products' kernel; sound where `2K·p < R`): portable,
/// dispatched and, on x86-64, the assembly by name; secret operands.
fn sum_of_products<const K: usize>(p: &BigInt<6>, seed: u64) -> Result<(), String> {
    let n0 = mont_n0(p.0[0]);
    let pb = to_big(p);
    let xs = samples(p, seed, RANDOM);
    let pick = |i: usize| -> [[BigInt<6>; 2]; K] {
        core::array::from_fn(|k| [xs[(i + 2 * k) % xs.len()], xs[(i + 2 * k + 1) % xs.len()]])
    };
    for i in 0..xs.len() {
        let (x, y) = (pick(i), pick(i + 3));
        let (mut re, mut im) = (num_bigint::BigUint::ZERO, num_bigint::BigUint::ZERO);
        for k in 0..K {
            let [a0, a1, b0, b1] = [x[k][0], x[k][1], y[k][0], y[k][1]].map(|v| to_big(&v));
            re += &a0 * &b0 + &pb * &pb - &a1 * &b1;
            im += &a0 * &b1 + &a1 * &b0;
        }
        let mont = |v: num_bigint::BigUint| oracle_mont_mul(&from_big(&(v % &pb)), &BigInt::ONE, p);
        let want = [mont(re), mont(im)];
        let (mut sx, mut sy) = (x, y);
        secret(&mut sx);
        secret(&mut sy);
        let mut got = vec![
            backend::portable::fp2_sum_of_products(&sx, &sy, p, n0),
            backend::fp2_sum_of_products(&sx, &sy, p, n0),
        ];
        #[cfg(target_arch = "x86_64")]
        if adx_expected() {
            got.push(
                backend::x86_64_adx::fp2_sum_of_products(&sx, &sy, p, n0)
                    .ok_or("adx fp2_sum_of_products: kernel unavailable")?,
            );
        }
        declassify("fp2_sum_of_products", &mut got[..])?;
        for g in got {
            expect_eq(&format!("fp2_sum_of_products K = {K}"), g, want)?;
        }
    }
    Ok(())
}

fn wide_lazy() -> Result<(), String> {
    wide_lazy_one(&P_BN254, 31)?;
    wide_lazy_one(&P_BLS12_381, 32)
}
