//! ctt-field: prime-field and Fp2 arithmetic, constant-time inversion (single and batched),
//! square roots (the `p ≡ 3 mod 4` exponentiation and the constant-time Tonelli–Shanks of the
//! scalar fields), fixed-window `pow` with secret base and exponent, selection, the byte
//! conversions with their range checks (in-range and out-of-range secret inputs: the check may
//! not exit early), the quadratic-residue predicates, and the zkcrypto `ff` trait impls (feature
//! `ff`/`ff-bits`).
//!
//! Fields: BLS12-381 `Fp` (6 limbs) and `Fr`, BN254 `Fp` and `Fr` (4 limbs), the full-width
//! (no spare bit) secp256k1 and P-256 `Fp` and `Fr` — on the dispatched backend (the x86-64
//! assembly under `adx`) and, in `field-full-width-portable`, on the portable kernels (CIOS;
//! the folding product for secp256k1's `Fp`, which is kept in the unit radix) —
//! and `Fp2` over the two pairing base fields. Inputs below p come from the fixed seed (plus 0,
//! 1, p−1); the oracle is num-bigint on the canonical integers (`to_bigint`, taken before marking
//! or after declassifying).

use super::{Case, Kind, declassify, expect_eq, from_big, reveal, samples, to_big};
use crate::valgrind::{self, secret};
use ctt_field::fp::{Fp, FpParams};
use ctt_field::tower::Fp2;
use ctt_field::{ConditionallySelectable, ConstantTimeEq, CtOption};
use ctt_field::{Field, SqrtField, bls12_381, bn254, p256, secp256k1};
use num_bigint::BigUint;
use num_traits::{One, Zero};

/// The cases of this module.
pub const CASES: &[Case] = &[
    Case {
        name: "field-arith",
        kind: Kind::Real,
        about: "Fp/Fr mul, square, add, sub, neg, double (BLS12-381, BN254, secp256k1, P-256)",
        declassified: 0,
        run: arith,
    },
    Case {
        name: "field-invert",
        kind: Kind::Real,
        about: "Fp/Fr invert() -> CtOption (constant-time safegcd), zero included; batch_invert and \
                batch_invert_with_scratch (BLS12-381 Fr)",
        declassified: 0,
        run: invert,
    },
    Case {
        name: "field-sqrt",
        kind: Kind::Real,
        about: "Fp/Fr sqrt() -> CtOption: p = 3 mod 4 and constant-time Tonelli-Shanks (Fr)",
        declassified: 0,
        run: sqrt,
    },
    Case {
        name: "field-pow",
        kind: Kind::Real,
        about: "Field::pow(&[u64]) with secret base and secret exponent",
        declassified: 0,
        run: pow,
    },
    Case {
        name: "field-fp2",
        kind: Kind::Real,
        about: "Fp2 mul, square, invert, sqrt (BLS12-381 and BN254)",
        declassified: 0,
        run: fp2,
    },
    Case {
        name: "field-full-width-portable",
        kind: Kind::Real,
        about: "secp256k1 / P-256 Fp and Fr mul, square, add, sub, invert, sqrt with the backend forced \
                to the portable kernels (CIOS, secp256k1 Fp's folding product)",
        declassified: 0,
        run: full_width_portable,
    },
    Case {
        name: "field-bytes",
        kind: Kind::Real,
        about: "PrimeField from_bytes_be / from_bytes_le (in and out of range), from_bigint, to_bytes_*, \
                from_bytes_be_mod_order, is_odd, sgn0, is_square, legendre on secret data",
        declassified: 0,
        run: bytes,
    },
    Case {
        name: "field-ff-interop",
        kind: Kind::Real,
        about: "ff::Field invert / sqrt / sqrt_ratio / pow / try_random (secret RNG output), \
                ff::PrimeField from_repr (in and out of range) / to_repr / is_odd, \
                PrimeFieldBits::to_le_bits (BLS12-381 Fp, Fr; BN254 Fr)",
        declassified: 0,
        run: ff_interop,
    },
    Case {
        name: "field-select",
        kind: Kind::Real,
        about: "Fp / Fp2 conditional_select, ct_eq, is_zero; CtOption<Fp>::unwrap_or",
        declassified: 0,
        run: select,
    },
];

/// Random inputs per field on top of 0, 1, p−1.
const RANDOM: usize = 2;

/// Elements of `Fp<P, N>` from the shared sample set (edge values first).
fn elements<P: FpParams<N>, const N: usize>(seed: u64) -> Vec<Fp<P, N>> {
    samples(&P::MODULUS, seed, RANDOM)
        .iter()
        .map(|x| Fp::from_bigint(x).unwrap())
        .collect()
}

/// The canonical integer of a (public) element.
fn big<P: FpParams<N>, const N: usize>(x: &Fp<P, N>) -> BigUint {
    to_big(&x.to_bigint())
}

/// The element of a reduced integer.
fn elem<P: FpParams<N>, const N: usize>(x: &BigUint) -> Fp<P, N> {
    Fp::from_bigint(&from_big(&(x % to_big(&P::MODULUS)))).unwrap()
}

/// `x` is a square mod `p` (Euler), zero included.
fn is_square(x: &BigUint, p: &BigUint) -> bool {
    x.is_zero() || x.modpow(&((p - 1u8) >> 1u32), p).is_one()
}

fn check_arith<P: FpParams<N>, const N: usize>(seed: u64) -> Result<(), String> {
    let pb = to_big(&P::MODULUS);
    let xs = elements::<P, N>(seed);
    for (i, a) in xs.iter().enumerate() {
        let b = xs[(i + 1) % xs.len()];
        let (ab, bb) = (big(a), big(&b));
        let want: [Fp<P, N>; 6] = [
            elem(&(&ab * &bb)),
            elem(&(&ab * &ab)),
            elem(&(&ab + &bb)),
            elem(&(&ab + &pb - &bb)),
            elem(&(&pb - &ab)),
            elem(&(&ab << 1u32)),
        ];
        let (mut sa, mut sb) = (*a, b);
        secret(&mut sa);
        secret(&mut sb);
        let mut got = [sa * sb, sa.square(), sa + sb, sa - sb, -sa, sa.double()];
        declassify(P::NAME, &mut got)?;
        expect_eq(P::NAME, got, want)?;
    }
    Ok(())
}

fn arith() -> Result<(), String> {
    check_arith::<bls12_381::FpConfig, 6>(101)?;
    check_arith::<bls12_381::FrConfig, 4>(102)?;
    check_arith::<bn254::FpConfig, 4>(103)?;
    check_arith::<bn254::FrConfig, 4>(104)?;
    check_arith::<secp256k1::FpConfig, 4>(105)?;
    check_arith::<secp256k1::FrConfig, 4>(106)?;
    check_arith::<p256::FpConfig, 4>(107)?;
    check_arith::<p256::FrConfig, 4>(108)
}

fn check_invert<P: FpParams<N>, const N: usize>(seed: u64) -> Result<(), String> {
    let pb = to_big(&P::MODULUS);
    for a in elements::<P, N>(seed) {
        let ab = big(&a);
        let want = (!ab.is_zero()).then(|| elem::<P, N>(&ab.modpow(&(&pb - 2u8), &pb)));
        let mut sa = a;
        secret(&mut sa);
        let mut got: CtOption<Fp<P, N>> = sa.invert();
        declassify("invert", &mut got)?;
        expect_eq("invert", got.into_option(), want)?;
    }
    Ok(())
}

fn invert() -> Result<(), String> {
    check_batch_invert::<bls12_381::FrConfig, 4>(119)?;
    check_invert::<bls12_381::FpConfig, 6>(111)?;
    check_invert::<bls12_381::FrConfig, 4>(112)?;
    check_invert::<bn254::FpConfig, 4>(113)?;
    check_invert::<bn254::FrConfig, 4>(114)?;
    check_invert::<secp256k1::FpConfig, 4>(115)?;
    check_invert::<secp256k1::FrConfig, 4>(116)?;
    check_invert::<p256::FpConfig, 4>(117)?;
    check_invert::<p256::FrConfig, 4>(118)
}

/// `Field::batch_invert_with_scratch` (Montgomery's trick, zeros skipped by selection) and
/// `Field::batch_invert` (which allocates the scratch) on secret values, a zero among them.
fn check_batch_invert<P: FpParams<N>, const N: usize>(seed: u64) -> Result<(), String> {
    let pb = to_big(&P::MODULUS);
    let xs = elements::<P, N>(seed);
    let want: Vec<Fp<P, N>> = xs
        .iter()
        .map(|a| elem(&big(a).modpow(&(&pb - 2u8), &pb)))
        .collect();
    let mut got = xs.clone();
    secret(&mut got[..]);
    let mut allocating = got.clone();
    let mut scratch = vec![Fp::<P, N>::ZERO; got.len()];
    Fp::batch_invert_with_scratch(&mut got, &mut scratch);
    Fp::batch_invert(&mut allocating);
    declassify("batch_invert_with_scratch", &mut got[..])?;
    declassify("batch_invert", &mut allocating[..])?;
    expect_eq("batch_invert_with_scratch", got, want.clone())?;
    expect_eq("batch_invert", allocating, want)
}

fn check_sqrt<P: FpParams<N>, const N: usize>(seed: u64) -> Result<(), String> {
    let pb = to_big(&P::MODULUS);
    let mut xs = elements::<P, N>(seed);
    // A square and a non-residue (the generator), so both outcomes occur.
    xs.push(xs[3].square());
    xs.push(Fp::from_bigint(&ctt_bigint::BigInt::from_u64(P::GENERATOR)).unwrap());
    for a in xs {
        let ab = big(&a);
        let mut sa = a;
        secret(&mut sa);
        let mut got = sa.sqrt();
        declassify("sqrt", &mut got)?;
        let root = got.into_option();
        expect_eq("sqrt is_some", root.is_some(), is_square(&ab, &pb))?;
        if let Some(r) = root {
            expect_eq("sqrt squared", big(&r).modpow(&2u8.into(), &pb), ab)?;
        }
    }
    Ok(())
}

fn sqrt() -> Result<(), String> {
    check_sqrt::<bls12_381::FpConfig, 6>(121)?;
    check_sqrt::<bls12_381::FrConfig, 4>(122)?;
    check_sqrt::<bn254::FpConfig, 4>(123)?;
    check_sqrt::<bn254::FrConfig, 4>(124)?;
    check_sqrt::<secp256k1::FpConfig, 4>(125)?;
    check_sqrt::<secp256k1::FrConfig, 4>(126)?;
    check_sqrt::<p256::FpConfig, 4>(127)?;
    check_sqrt::<p256::FrConfig, 4>(128)
}

fn check_pow<P: FpParams<N>, const N: usize>(seed: u64) -> Result<(), String> {
    let pb = to_big(&P::MODULUS);
    let mut rng = super::Rng::new(seed);
    for a in elements::<P, N>(seed).into_iter().skip(2).take(2) {
        // Two-word exponents: the length is public, the words are secret.
        let e = [rng.next_u64(), rng.next_u64()];
        let eb = BigUint::from(e[0]) | (BigUint::from(e[1]) << 64u32);
        let want: Fp<P, N> = elem(&big(&a).modpow(&eb, &pb));
        let (mut sa, mut se) = (a, e);
        secret(&mut sa);
        secret(&mut se);
        let mut got = sa.pow(&se);
        declassify("pow", &mut got)?;
        expect_eq("pow", got, want)?;
    }
    Ok(())
}

fn pow() -> Result<(), String> {
    check_pow::<bls12_381::FpConfig, 6>(131)?;
    check_pow::<bls12_381::FrConfig, 4>(132)?;
    check_pow::<bn254::FpConfig, 4>(133)?;
    check_pow::<secp256k1::FpConfig, 4>(134)?;
    check_pow::<p256::FrConfig, 4>(135)
}

/// `(a0 + a1·u)(b0 + b1·u)` with `u² = −1`, oracle side.
fn fp2_mul_oracle<P: FpParams<N>, const N: usize>(
    a: &Fp2<Fp<P, N>>,
    b: &Fp2<Fp<P, N>>,
) -> Fp2<Fp<P, N>> {
    let pb = to_big(&P::MODULUS);
    let (a0, a1, b0, b1) = (big(&a.c0), big(&a.c1), big(&b.c0), big(&b.c1));
    Fp2::new(
        elem(&(&a0 * &b0 + &pb * &pb - &a1 * &b1)),
        elem(&(&a0 * &b1 + &a1 * &b0)),
    )
}

fn check_fp2<P: FpParams<N>, const N: usize>(seed: u64) -> Result<(), String> {
    let pb = to_big(&P::MODULUS);
    let xs = elements::<P, N>(seed);
    let n = xs.len();
    let zs: Vec<Fp2<Fp<P, N>>> = (0..n)
        .map(|i| Fp2::new(xs[i], xs[(i + 2) % n]))
        .chain([Fp2::new(xs[3], xs[4]).square(), Fp2::new(xs[4], xs[3])])
        .collect();
    for (i, a) in zs.iter().enumerate() {
        let b = zs[(i + 1) % zs.len()];
        let want_mul = fp2_mul_oracle(a, &b);
        let want_sqr = fp2_mul_oracle(a, a);
        let norm = (big(&a.c0).pow(2) + big(&a.c1).pow(2)) % &pb;
        let (mut sa, mut sb) = (*a, b);
        secret(&mut sa);
        secret(&mut sb);
        let mut prod = [sa * sb, sa.square()];
        let mut inv = sa.invert();
        let mut root = sa.sqrt();
        declassify("Fp2 mul/square", &mut prod)?;
        declassify("Fp2 invert", &mut inv)?;
        declassify("Fp2 sqrt", &mut root)?;
        expect_eq("Fp2 mul/square", prod, [want_mul, want_sqr])?;
        match inv.into_option() {
            Some(v) => expect_eq(
                "Fp2 invert",
                fp2_mul_oracle(a, &v),
                Fp2::new(Fp::ONE, Fp::ZERO),
            )?,
            None => expect_eq("Fp2 invert of zero", norm.is_zero(), true)?,
        }
        // In Fp2, a is a square iff its norm is a square in Fp.
        let root = root.into_option();
        expect_eq("Fp2 sqrt is_some", root.is_some(), is_square(&norm, &pb))?;
        if let Some(r) = root {
            expect_eq("Fp2 sqrt squared", fp2_mul_oracle(&r, &r), *a)?;
        }
    }
    Ok(())
}

fn fp2() -> Result<(), String> {
    check_fp2::<bls12_381::FpConfig, 6>(141)?;
    check_fp2::<bn254::FpConfig, 4>(142)
}

fn select() -> Result<(), String> {
    let xs = elements::<bls12_381::FpConfig, 6>(151);
    let (a, b) = (xs[3], xs[4]);
    let (a2, b2) = (Fp2::new(a, b), Fp2::new(b, a));
    for bit in [false, true] {
        let (mut sa, mut sb, mut sa2, mut sb2) = (a, b, a2, b2);
        secret(&mut sa);
        secret(&mut sb);
        secret(&mut sa2);
        secret(&mut sb2);
        let mut c = ctt_field::Choice::from(bit);
        secret(&mut c);
        let mut sel = (
            Fp::conditional_select(&sa, &sb, c),
            Fp2::conditional_select(&sa2, &sb2, c),
            CtOption::new(sa, c).unwrap_or(sb),
        );
        declassify("select", &mut sel)?;
        let flags = [
            reveal("Fp ct_eq", sa.ct_eq(&sb))?,
            reveal("Fp2 ct_eq", sa2.ct_eq(&sb2))?,
            reveal("Fp is_zero", sa.is_zero())?,
            reveal("Fp2 is_zero", sa2.is_zero())?,
        ];
        let want = if bit { (b, b2, a) } else { (a, a2, b) };
        expect_eq("select", sel, want)?;
        expect_eq("comparisons", flags, [false, false, false, false])?;
    }
    Ok(())
}

/// Runs `f` with ctt-bigint's backend forced to `backend`, then restores the previous one.
fn with_backend(
    backend: ctt_bigint::backend::Backend,
    f: impl FnOnce() -> Result<(), String>,
) -> Result<(), String> {
    use ctt_bigint::backend as b;
    let previous = b::active();
    b::force(backend).map_err(|e| format!("{e:?}"))?;
    let result = f();
    b::force(previous).map_err(|e| format!("{e:?}"))?;
    result
}

fn full_width_portable() -> Result<(), String> {
    with_backend(ctt_bigint::backend::Backend::Portable, || {
        check_arith::<secp256k1::FpConfig, 4>(165)?;
        check_arith::<secp256k1::FrConfig, 4>(166)?;
        check_arith::<p256::FpConfig, 4>(167)?;
        check_arith::<p256::FrConfig, 4>(168)?;
        check_invert::<secp256k1::FpConfig, 4>(175)?;
        check_invert::<secp256k1::FrConfig, 4>(176)?;
        check_invert::<p256::FpConfig, 4>(177)?;
        check_invert::<p256::FrConfig, 4>(178)?;
        check_sqrt::<secp256k1::FpConfig, 4>(185)?;
        check_sqrt::<p256::FrConfig, 4>(188)
    })
}

/// Encodings of `x` (any integer below 2^(8L), L = the repr length): big- and little-endian.
fn encodings<P: FpParams<N>, const N: usize>(x: &BigUint) -> (P::Repr, P::Repr) {
    let mut be = P::REPR_ZERO;
    let mut le = P::REPR_ZERO;
    let bytes = x.to_bytes_le();
    let len = le.as_ref().len();
    le.as_mut()[..bytes.len()].copy_from_slice(&bytes);
    for (i, b) in bytes.iter().enumerate() {
        be.as_mut()[len - 1 - i] = *b;
    }
    (be, le)
}

fn check_bytes<P: FpParams<N>, const N: usize>(seed: u64) -> Result<(), String> {
    use ctt_field::PrimeField;
    let pb = to_big(&P::MODULUS);
    let top = (BigUint::one() << (64 * N)) - 1u8;
    // In range (0, 1, p − 1, random) and out of range (p, p + 1, 2^(64N) − 1).
    let mut values: Vec<BigUint> = elements::<P, N>(seed).iter().map(big).collect();
    values.extend([pb.clone(), &pb + 1u8, top]);
    for v in values {
        let in_range = v < pb;
        let (be, le) = encodings::<P, N>(&v);
        let (mut sbe, mut sle) = (be, le);
        let mut sint: ctt_bigint::BigInt<N> = from_big(&v);
        secret(&mut sbe);
        secret(&mut sle);
        secret(&mut sint);
        let mut got = [
            Fp::<P, N>::from_bytes_be(&sbe),
            Fp::<P, N>::from_bytes_le(&sle),
            Fp::<P, N>::from_bigint(&sint),
        ];
        declassify("decoded", &mut got)?;
        for (what, g) in ["from_bytes_be", "from_bytes_le", "from_bigint"]
            .iter()
            .zip(got)
        {
            let g = g.into_option();
            expect_eq(
                &format!("{} {what} is_some", P::NAME),
                g.is_some(),
                in_range,
            )?;
            if let Some(x) = g {
                expect_eq(&format!("{} {what}", P::NAME), big(&x), v.clone())?;
            }
        }
        if !in_range {
            continue;
        }
        // Encoding and the predicates on a secret element.
        let x: Fp<P, N> = elem(&v);
        let mut sx = x;
        secret(&mut sx);
        let mut enc = (sx.to_bytes_be(), sx.to_bytes_le());
        let mut preds = [sx.is_odd(), sx.sgn0(), sx.is_square()];
        let mut symbol = sx.legendre();
        declassify("encodings", &mut enc)?;
        declassify("predicates", &mut preds)?;
        declassify("legendre", &mut symbol)?;
        expect_eq("to_bytes_be", enc.0.as_ref(), be.as_ref())?;
        expect_eq("to_bytes_le", enc.1.as_ref(), le.as_ref())?;
        let square = is_square(&v, &pb);
        let preds = preds.map(bool::from);
        expect_eq(
            "is_odd, sgn0, is_square",
            preds,
            [v.bit(0), v.bit(0), square],
        )?;
        let want_symbol = if v.is_zero() {
            0
        } else if square {
            1
        } else {
            -1
        };
        expect_eq("legendre", symbol, want_symbol)?;
    }
    // OS2IP(bytes) mod p of 48- and 64-byte secret strings (KeyGen, hash_to_field).
    let mut rng = super::Rng::new(seed + 7);
    for len in [48usize, 64] {
        let bytes: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
        let want: Fp<P, N> = elem(&BigUint::from_bytes_be(&bytes));
        let mut sb = bytes.clone();
        secret(&mut sb[..]);
        let mut got = Fp::<P, N>::from_bytes_be_mod_order(&sb);
        declassify("from_bytes_be_mod_order", &mut got)?;
        expect_eq("from_bytes_be_mod_order", got, want)?;
    }
    Ok(())
}

fn bytes() -> Result<(), String> {
    check_bytes::<bls12_381::FrConfig, 4>(191)?;
    check_bytes::<bls12_381::FpConfig, 6>(192)?;
    check_bytes::<bn254::FrConfig, 4>(193)?;
    check_bytes::<secp256k1::FrConfig, 4>(194)
}

/// The `ff` impls: what `ff`-generic code (bellman- or halo2-style) calls on secret values.
/// `subtle`'s `CtOption` converts to `Option` with a branch, so results are declassified whole
/// first.
fn check_ff<P, const N: usize>(seed: u64) -> Result<(), String>
where
    P: ctt_field::ff_interop::FfParams<N>,
{
    use ff::{PrimeField as _, PrimeFieldBits as _};
    let pb = to_big(&P::MODULUS);
    let xs = elements::<P, N>(seed);
    let n = xs.len();
    for (i, a) in xs.iter().enumerate() {
        let b = xs[(i + 3) % n];
        let (ab, bb) = (big(a), big(&b));
        let e = [seed.wrapping_mul(0x9e37_79b9) | 1, seed];
        let eb = BigUint::from(e[0]) | (BigUint::from(e[1]) << 64u32);
        let (mut sa, mut sb, mut se) = (*a, b, e);
        secret(&mut sa);
        secret(&mut sb);
        secret(&mut se);
        let mut inv = ff::Field::invert(&sa);
        let mut root = ff::Field::sqrt(&sa);
        let mut ratio = ff::Field::sqrt_ratio(&sa, &sb);
        let mut pw = ff::Field::pow(&sa, se);
        let mut odd = ff::PrimeField::is_odd(&sa);
        let mut bits = sa.to_le_bits().into_inner();
        let mut repr = sa.to_repr();
        declassify("ff invert", &mut inv)?;
        declassify("ff sqrt", &mut root)?;
        declassify("ff sqrt_ratio", &mut ratio)?;
        declassify("ff pow", &mut pw)?;
        declassify("ff is_odd", &mut odd)?;
        declassify("ff to_le_bits", &mut bits)?;
        declassify("ff to_repr", &mut repr)?;
        let inv: Option<Fp<P, N>> = inv.into();
        let want_inv = (!ab.is_zero()).then(|| elem::<P, N>(&ab.modpow(&(&pb - 2u8), &pb)));
        expect_eq("ff invert", inv, want_inv)?;
        let root: Option<Fp<P, N>> = root.into();
        expect_eq("ff sqrt is_some", root.is_some(), is_square(&ab, &pb))?;
        if let Some(r) = root {
            expect_eq(
                "ff sqrt squared",
                big(&r).modpow(&2u8.into(), &pb),
                ab.clone(),
            )?;
        }
        // sqrt_ratio(a, b): (true, √(a/b)) when a/b is a square (b ≠ 0) or a = 0, else false
        // and √(ζ·a/b) for the root of unity ζ, a non-square.
        let (ok, r) = ratio;
        let ratio_sq = if bb.is_zero() {
            ab.is_zero()
        } else {
            is_square(&(&ab * bb.modpow(&(&pb - 2u8), &pb) % &pb), &pb)
        };
        expect_eq("ff sqrt_ratio flag", bool::from(ok), ratio_sq)?;
        if !bb.is_zero() {
            let zeta = if ratio_sq {
                BigUint::one()
            } else {
                big(&<Fp<P, N> as ff::PrimeField>::ROOT_OF_UNITY)
            };
            expect_eq(
                "ff sqrt_ratio root",
                big(&r).modpow(&2u8.into(), &pb) * &bb % &pb,
                zeta * &ab % &pb,
            )?;
        }
        expect_eq("ff pow", big(&pw), ab.modpow(&eb, &pb))?;
        expect_eq("ff is_odd", bool::from(odd), ab.bit(0))?;
        expect_eq("ff to_le_bits", bits, a.to_bigint().0)?;
        let (_, le) = encodings::<P, N>(&ab);
        expect_eq("ff to_repr", repr.as_ref(), le.as_ref())?;
    }
    // from_repr: in range and out of range (p, 2^(64N) − 1); the range check may not exit early.
    let top = (BigUint::one() << (64 * N)) - 1u8;
    for v in [big(&xs[3]), pb.clone() - 1u8, pb.clone(), top] {
        let mut repr = P::FfRepr::default();
        let (_, le) = encodings::<P, N>(&v);
        repr.as_mut().copy_from_slice(le.as_ref());
        secret(&mut repr);
        let mut got = <Fp<P, N> as ff::PrimeField>::from_repr(repr);
        declassify("ff from_repr", &mut got)?;
        let got: Option<Fp<P, N>> = got.into();
        expect_eq("ff from_repr", got.map(|x| big(&x)), (v < pb).then_some(v))?;
    }
    // try_random on an RNG whose bytes are secret (a key generator's): 16N of them, big-endian,
    // reduced modulo p (as its documentation says).
    let Ok(mut got) = <Fp<P, N> as ff::Field>::try_random(&mut SecretRng(super::Rng::new(seed)));
    let mut bytes = vec![0u8; 16 * N];
    let Ok(()) =
        rand_core::TryRng::try_fill_bytes(&mut SecretRng(super::Rng::new(seed)), &mut bytes);
    declassify("ff try_random", &mut got)?;
    valgrind::public(&mut bytes[..]);
    expect_eq(
        "ff try_random",
        big(&got),
        BigUint::from_bytes_be(&bytes) % &pb,
    )
}

/// An RNG that marks every byte it hands out secret (the seed's bytes, for the oracle to repeat).
struct SecretRng(super::Rng);

impl rand_core::TryRng for SecretRng {
    type Error = core::convert::Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        let mut w = self.0.next_u64() as u32;
        secret(&mut w);
        Ok(w)
    }

    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        let mut w = self.0.next_u64();
        secret(&mut w);
        Ok(w)
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        dst.iter_mut().for_each(|b| *b = self.0.next_u64() as u8);
        secret(dst);
        Ok(())
    }
}

fn ff_interop() -> Result<(), String> {
    check_ff::<bls12_381::FrConfig, 4>(201)?;
    check_ff::<bls12_381::FpConfig, 6>(202)?;
    check_ff::<bn254::FrConfig, 4>(203)
}
