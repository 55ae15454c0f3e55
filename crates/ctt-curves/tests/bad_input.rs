//! Bad-input matrix for every decoder of external points and for ECDSA: each malformed input is
//! the documented typed error, never a panic and never an accepted point.
//!
//! - ZCash/Ethereum encodings of BLS12-381 G1 and G2, compressed and uncompressed, checked and
//!   `_unchecked`: every length from 0 to twice the encoding's, all 8 combinations of the flag
//!   bits (C, I, S) on finite points and on the identity, the identity with each single other
//!   bit set (under every flag combination with I set), coordinates ≥ p in each coordinate slot
//!   (p, p + 1, p + 2^64, p + 2^128, 2^381 − 2^200, 2^381 − 1; p − 1 is canonical), x with no
//!   y, off-curve (x, y) pairs, points on the curve outside the subgroup (random ones and the
//!   3-torsion points with x = 0).
//! - EVM encodings: BN254 G1 and G2 (EIP-196/197) and BLS12-381 G1 and G2 (EIP-2537), both
//!   strengths of each: every length to twice the encoding's, every padding byte position
//!   (EIP-2537), coordinates ≥ p in each slot, off-curve points, points outside the subgroup,
//!   the all-zero identity with each single bit set.
//! - Points of every small prime order dividing the cofactors (BLS12-381 G1: 3, 11, 10177,
//!   859267, 52437899; G2: 13, 23, 2713, 11953, 262069; BN254 G2: 10069, 5864401), alone and
//!   plus the generator, through every subgroup-checking decoder.
//! - SEC1 (secp256k1, P-256): every length to 130, every prefix byte at lengths 33 and 65,
//!   coordinates ≥ p, x with no y, off-curve points, the identity's zero encodings.
//! - ECDSA: r, s ∈ {0, n, n + 1, p, 2^256 − 1} (with 1 and n − 1 in range), every recovery id
//!   outside {0, 1}, every public-key length, prefix and coordinate class.
//!
//! Fixed seeds throughout; each test counts its cases and checks the count, so no loop can
//! silently run empty.

use core::fmt::Debug;
use core::ops::Range;
use ctt_curves::bls12_381::{G1Affine, G1Config, G2Affine, G2Config};
use ctt_curves::ecdsa::{
    EcdsaError, p256_verify, secp256k1_recover, secp256k1_recover_address, secp256k1_verify,
    secp256k1_verify_affine,
};
use ctt_curves::sw::{Affine, SwCurveConfig};
use ctt_curves::{AffineRepr, CurveError, CurveGroup, bn254, p256, secp256k1};
use ctt_field::{Field, PrimeField, Rng, SqrtField};
use num_bigint::BigUint;

struct SplitMix(u64);
impl Rng for SplitMix {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// The modulus of a prime field.
fn modulus<F: PrimeField>() -> BigUint {
    let bytes: Vec<u8> = F::MODULUS_LIMBS
        .iter()
        .flat_map(|l| l.to_le_bytes())
        .collect();
    BigUint::from_bytes_le(&bytes)
}

/// `x` as `len` big-endian bytes (`x` must fit).
fn be(x: &BigUint, len: usize) -> Vec<u8> {
    let b = x.to_bytes_be();
    assert!(b.len() <= len, "{x:x} does not fit {len} bytes");
    let mut out = vec![0u8; len];
    out[len - b.len()..].copy_from_slice(&b);
    out
}

fn pow2(k: u32) -> BigUint {
    BigUint::from(1u8) << k
}

/// Values ≥ p that still fit under the three ZCash flag bits (below 2^381).
fn bls_non_canonical() -> Vec<BigUint> {
    let p = modulus::<ctt_field::bls12_381::Fp>();
    let v = vec![
        p.clone(),
        &p + 1u8,
        &p + pow2(64),
        &p + pow2(128),
        pow2(381) - pow2(200),
        pow2(381) - 1u8,
    ];
    assert!(v.iter().all(|x| *x >= p && *x < pow2(381)));
    v
}

/// `[r]P ≠ O`: P is outside the prime-order subgroup (checked without the decoders' test).
fn outside_subgroup<C: SwCurveConfig>(p: &Affine<C>) -> bool {
    !bool::from(
        p.to_group()
            .mul_bigint_vartime(C::Scalar::MODULUS_LIMBS)
            .is_identity(),
    )
}

/// Points on the curve outside the subgroup, from random x.
fn random_outside<C: SwCurveConfig>(seed: u64, count: usize) -> Vec<Affine<C>> {
    let mut rng = SplitMix(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let x = C::Base::random(&mut rng);
        if let Some(y) = (x.square() * x + C::COEFF_B).sqrt().into_option() {
            let p = Affine::<C>::new_unchecked(x, y);
            assert!(outside_subgroup(&p));
            out.push(p);
        }
    }
    out
}

/// Points of the prime-order subgroup: the generator and random multiples.
fn subgroup_samples<C: SwCurveConfig>(seed: u64, count: usize) -> Vec<Affine<C>> {
    let mut rng = SplitMix(seed);
    let g = Affine::<C>::generator().to_group();
    let mut out = vec![Affine::<C>::generator()];
    while out.len() < count {
        out.push(g.mul(&C::Scalar::random(&mut rng)).to_affine());
    }
    out
}

// ---------------------------------------------------------------------------------------------
// ZCash encodings of BLS12-381.

/// One ZCash decoder.
struct Dec<C: SwCurveConfig> {
    name: &'static str,
    len: usize,
    compressed: bool,
    checked: bool,
    f: fn(&[u8]) -> Result<Affine<C>, CurveError>,
}

/// The ZCash encodings of one group.
trait Zcash: SwCurveConfig {
    /// Bytes of the compressed encoding.
    const N: usize;
    fn decoders() -> [Dec<Self>; 4];
    fn compressed(p: &Affine<Self>) -> Vec<u8>;
    fn uncompressed(p: &Affine<Self>) -> Vec<u8>;
    /// An x coordinate from `N` bytes (flags clear) and back.
    fn x_bytes(x: &Self::Base) -> Vec<u8>;
    /// Base-field elements with small coordinates, for x searches.
    fn small(k: u64) -> Self::Base;
}

impl Zcash for G1Config {
    const N: usize = 48;
    fn decoders() -> [Dec<Self>; 4] {
        [
            Dec {
                name: "G1 from_compressed",
                len: 48,
                compressed: true,
                checked: true,
                f: G1Affine::from_compressed,
            },
            Dec {
                name: "G1 from_compressed_unchecked",
                len: 48,
                compressed: true,
                checked: false,
                f: G1Affine::from_compressed_unchecked,
            },
            Dec {
                name: "G1 from_uncompressed",
                len: 96,
                compressed: false,
                checked: true,
                f: G1Affine::from_uncompressed,
            },
            Dec {
                name: "G1 from_uncompressed_unchecked",
                len: 96,
                compressed: false,
                checked: false,
                f: G1Affine::from_uncompressed_unchecked,
            },
        ]
    }
    fn compressed(p: &G1Affine) -> Vec<u8> {
        p.to_compressed().to_vec()
    }
    fn uncompressed(p: &G1Affine) -> Vec<u8> {
        p.to_uncompressed().to_vec()
    }
    fn x_bytes(x: &ctt_field::bls12_381::Fp) -> Vec<u8> {
        x.to_bytes_be().to_vec()
    }
    fn small(k: u64) -> ctt_field::bls12_381::Fp {
        ctt_field::bls12_381::Fp::from_u64(k)
    }
}

impl Zcash for G2Config {
    const N: usize = 96;
    fn decoders() -> [Dec<Self>; 4] {
        [
            Dec {
                name: "G2 from_compressed",
                len: 96,
                compressed: true,
                checked: true,
                f: G2Affine::from_compressed,
            },
            Dec {
                name: "G2 from_compressed_unchecked",
                len: 96,
                compressed: true,
                checked: false,
                f: G2Affine::from_compressed_unchecked,
            },
            Dec {
                name: "G2 from_uncompressed",
                len: 192,
                compressed: false,
                checked: true,
                f: G2Affine::from_uncompressed,
            },
            Dec {
                name: "G2 from_uncompressed_unchecked",
                len: 192,
                compressed: false,
                checked: false,
                f: G2Affine::from_uncompressed_unchecked,
            },
        ]
    }
    fn compressed(p: &G2Affine) -> Vec<u8> {
        p.to_compressed().to_vec()
    }
    fn uncompressed(p: &G2Affine) -> Vec<u8> {
        p.to_uncompressed().to_vec()
    }
    fn x_bytes(x: &ctt_field::bls12_381::Fp2) -> Vec<u8> {
        // Imaginary part first.
        let mut v = x.c1.to_bytes_be().to_vec();
        v.extend_from_slice(&x.c0.to_bytes_be());
        v
    }
    fn small(k: u64) -> ctt_field::bls12_381::Fp2 {
        // k·(1 + u) for odd k, k for even k: both coordinates get exercised.
        let f = ctt_field::bls12_381::Fp::from_u64(k);
        let im = if k % 2 == 1 {
            f
        } else {
            ctt_field::bls12_381::Fp::ZERO
        };
        ctt_field::bls12_381::Fp2::new(f, im)
    }
}

const FLAG_C: u8 = 0x80;
const FLAG_I: u8 = 0x40;
const FLAG_S: u8 = 0x20;

/// The encoding a decoder reads, of `p`.
fn encode<C: Zcash>(d: &Dec<C>, p: &Affine<C>) -> Vec<u8> {
    if d.compressed {
        C::compressed(p)
    } else {
        C::uncompressed(p)
    }
}

/// `bytes` with the top three bits replaced by `flags` (0…7 = C I S).
fn with_flags(bytes: &[u8], flags: u8) -> Vec<u8> {
    let mut b = bytes.to_vec();
    b[0] = (b[0] & 0x1f) | (flags << 5);
    b
}

/// The identity's encoding for a decoder: C (compressed) and I set, every other bit zero.
fn identity_encoding<C: Zcash>(d: &Dec<C>) -> Vec<u8> {
    let mut b = vec![0u8; d.len];
    b[0] = FLAG_I | if d.compressed { FLAG_C } else { 0 };
    b
}

fn check<P: PartialEq + Debug>(
    got: Result<P, CurveError>,
    want: Result<P, CurveError>,
    what: &str,
) {
    assert_eq!(got, want, "{what}");
}

fn zcash_lengths<C: Zcash>() -> usize {
    let mut n = 0;
    for d in C::decoders() {
        let p = subgroup_samples::<C>(11, 2)[1];
        let valid = encode(&d, &p);
        let twice = [valid.clone(), valid.clone()].concat();
        let mut id = identity_encoding(&d);
        id.resize(2 * d.len, 0);
        for len in 0..=2 * d.len {
            let ones = vec![0xffu8; len];
            for (content, class) in [
                (&twice[..len], "valid"),
                (&id[..len], "identity"),
                (&ones[..], "0xff"),
            ] {
                let got = (d.f)(content);
                let what = format!("{} length {len} ({class})", d.name);
                if len != d.len {
                    check(got, Err(CurveError::InvalidLength), &what);
                } else {
                    let want = match class {
                        "valid" => Ok(p),
                        "identity" => Ok(Affine::<C>::identity()),
                        // C, I and S all set: the sign bit on an identity (compressed), or the
                        // compression bit (uncompressed).
                        _ => Err(CurveError::InvalidFlags),
                    };
                    check(got, want, &what);
                }
                n += 1;
            }
        }
    }
    n
}

#[test]
fn zcash_every_length() {
    let n1 = zcash_lengths::<G1Config>();
    let n2 = zcash_lengths::<G2Config>();
    // 3 contents per length, lengths 0..=2N for each decoder.
    assert_eq!(n1, 3 * 2 * ((2 * 48 + 1) + (2 * 96 + 1)));
    assert_eq!(n2, 3 * 2 * ((2 * 96 + 1) + (2 * 192 + 1)));
}

/// Expected result of a decoder on a finite point's encoding with its flags replaced.
fn expect_finite<C: Zcash>(
    d: &Dec<C>,
    p: &Affine<C>,
    original_sign: bool,
    flags: u8,
) -> Result<Affine<C>, CurveError> {
    let (c, i, s) = (flags & 4 != 0, flags & 2 != 0, flags & 1 != 0);
    if c != d.compressed {
        return Err(CurveError::InvalidFlags);
    }
    if i {
        // The infinity flag with the point's x bits: a sign bit is a flag error, else junk.
        return Err(if s {
            CurveError::InvalidFlags
        } else {
            CurveError::InvalidIdentity
        });
    }
    if d.compressed {
        Ok(if s == original_sign { *p } else { -*p })
    } else if s {
        Err(CurveError::InvalidFlags)
    } else {
        Ok(*p)
    }
}

fn zcash_flags<C: Zcash>() -> usize {
    let mut n = 0;
    let samples = subgroup_samples::<C>(21, 4);
    // The points with x = 0 (3-torsion when they exist: y² = b), which the compressed decoders
    // reach from the identity's zero bytes with I clear.
    let x0 = C::COEFF_B.sqrt().into_option().map(|y| {
        let q = Affine::<C>::new_unchecked(C::Base::ZERO, y);
        assert!(bool::from(
            q.to_group().mul_bigint_vartime(&[3]).is_identity()
        ));
        assert!(outside_subgroup(&q));
        q
    });
    for d in C::decoders() {
        for p in &samples {
            let enc = encode(&d, p);
            assert!(enc[1..C::N].iter().any(|b| *b != 0), "x is not zero");
            let original_sign = enc[0] & FLAG_S != 0;
            for flags in 0u8..8 {
                let got = (d.f)(&with_flags(&enc, flags));
                let want = expect_finite(&d, p, original_sign, flags);
                check(got, want, &format!("{} finite, flags {flags:03b}", d.name));
                n += 1;
            }
        }
        // The identity's zero bytes under every flag combination.
        let zeros = vec![0u8; d.len];
        let mut x0_results = Vec::new();
        for flags in 0u8..8 {
            let (c, i, s) = (flags & 4 != 0, flags & 2 != 0, flags & 1 != 0);
            let got = (d.f)(&with_flags(&zeros, flags));
            let what = format!("{} zero bytes, flags {flags:03b}", d.name);
            if c != d.compressed || (i && s) {
                check(got, Err(CurveError::InvalidFlags), &what);
            } else if i {
                check(got, Ok(Affine::<C>::identity()), &what);
            } else if !d.compressed {
                // (0, 0) with I clear is a finite point off the curve (or a sign bit on it).
                let want = if s {
                    CurveError::InvalidFlags
                } else {
                    CurveError::NotOnCurve
                };
                check(got, Err(want), &what);
            } else {
                // Compressed x = 0: the 3-torsion points, never in the subgroup.
                match x0 {
                    None => check(got, Err(CurveError::NotOnCurve), &what),
                    Some(_) if d.checked => check(got, Err(CurveError::NotInSubgroup), &what),
                    Some(q) => {
                        let r = got.unwrap_or_else(|e| panic!("{what}: {e:?}"));
                        assert!(r == q || r == -q, "{what}");
                        x0_results.push(r);
                    }
                }
            }
            n += 1;
        }
        // The sign bit picks the two roots.
        if let [a, b] = x0_results[..] {
            assert_eq!(a, -b, "{}: S selects the other root", d.name);
            assert_ne!(a, b);
        }
    }
    n
}

#[test]
fn zcash_flag_combinations() {
    let n = zcash_flags::<G1Config>() + zcash_flags::<G2Config>();
    // Per decoder: 4 finite points and the zero bytes, 8 flag combinations each.
    assert_eq!(n, 2 * 4 * 5 * 8);
}

fn zcash_junk_identity<C: Zcash>() -> usize {
    let mut n = 0;
    for d in C::decoders() {
        let id = identity_encoding(&d);
        // Every bit but the three flag bits.
        for bit in 3..8 * d.len {
            let mut b = id.clone();
            b[bit / 8] |= 0x80 >> (bit % 8);
            // Every flag combination with I set.
            for flags in [0b010u8, 0b011, 0b110, 0b111] {
                let c = flags & 4 != 0;
                let s = flags & 1 != 0;
                let want = if c != d.compressed || s {
                    CurveError::InvalidFlags
                } else {
                    CurveError::InvalidIdentity
                };
                let got = (d.f)(&with_flags(&b, flags));
                check(
                    got,
                    Err(want),
                    &format!("{} identity, bit {bit}, flags {flags:03b}", d.name),
                );
                n += 1;
            }
        }
    }
    n
}

#[test]
fn zcash_identity_with_any_junk_bit() {
    let n1 = zcash_junk_identity::<G1Config>();
    let n2 = zcash_junk_identity::<G2Config>();
    assert_eq!(n1, 4 * 2 * ((48 * 8 - 3) + (96 * 8 - 3)));
    assert_eq!(n2, 4 * 2 * ((96 * 8 - 3) + (192 * 8 - 3)));
}

fn zcash_non_canonical<C: Zcash>() -> usize {
    let mut n = 0;
    let p_minus_1 = modulus::<ctt_field::bls12_381::Fp>() - 1u8;
    let p = subgroup_samples::<C>(31, 2)[1];
    for d in C::decoders() {
        let enc = encode(&d, &p);
        let slots: Vec<Range<usize>> = (0..d.len / 48).map(|i| 48 * i..48 * (i + 1)).collect();
        for slot in &slots {
            for v in bls_non_canonical() {
                let mut b = enc.clone();
                b[slot.clone()].copy_from_slice(&be(&v, 48));
                // Both values of the sign bit where it is allowed.
                let signs: &[u8] = if d.compressed {
                    &[0b100, 0b101]
                } else {
                    &[0b000]
                };
                for &flags in signs {
                    let got = (d.f)(&with_flags(&b, flags));
                    let what = format!("{} slot {slot:?} = {v:x}, flags {flags:03b}", d.name);
                    check(got, Err(CurveError::NonCanonical), &what);
                    n += 1;
                }
            }
            // p − 1 is canonical: whatever happens next, it is not a canonicity error.
            let mut b = enc.clone();
            b[slot.clone()].copy_from_slice(&be(&p_minus_1, 48));
            let flags = if d.compressed { 0b100 } else { 0b000 };
            let got = (d.f)(&with_flags(&b, flags));
            assert_ne!(got, Err(CurveError::NonCanonical), "{} p − 1", d.name);
            assert!(got.is_err() || d.compressed, "{} p − 1 decoded", d.name);
            n += 1;
        }
    }
    n
}

#[test]
fn zcash_coordinates_not_below_p() {
    let n1 = zcash_non_canonical::<G1Config>();
    let n2 = zcash_non_canonical::<G2Config>();
    // Slots: G1 1 + 1 + 2 + 2; 6 values, 2 signs when compressed, plus p − 1 once per slot.
    assert_eq!(n1, (12 + 1) * 2 + (6 + 1) * 4);
    assert_eq!(n2, (12 + 1) * 4 + (6 + 1) * 8);
}

fn zcash_off_curve<C: Zcash>() -> usize {
    let mut n = 0;
    // Compressed: the first x values with no y (x³ + b not a square).
    let no_y: Vec<C::Base> = (0u64..)
        .map(C::small)
        .filter(|x| !bool::from((x.square() * *x + C::COEFF_B).is_square()))
        .take(6)
        .collect();
    // Uncompressed: valid points with one coordinate nudged, and (x, 0), (0, y).
    let mut off = Vec::new();
    for p in subgroup_samples::<C>(41, 3) {
        for (x, y) in [
            (p.x, p.y + C::Base::ONE),
            (p.x + C::Base::ONE, p.y),
            (p.x, p.y.double()),
            (p.x, C::Base::ZERO),
            (C::Base::ZERO, p.y),
        ] {
            let q = Affine::<C>::new_unchecked(x, y);
            assert!(!bool::from(q.is_on_curve()));
            off.push(q);
        }
    }
    for d in C::decoders() {
        if d.compressed {
            for x in &no_y {
                for flags in [0b100u8, 0b101] {
                    let got = (d.f)(&with_flags(&C::x_bytes(x), flags));
                    check(
                        got,
                        Err(CurveError::NotOnCurve),
                        &format!("{} x with no y", d.name),
                    );
                    n += 1;
                }
            }
        } else {
            for q in &off {
                let mut b = C::x_bytes(&q.x);
                b.extend_from_slice(&C::x_bytes(&q.y));
                let got = (d.f)(&b);
                check(
                    got,
                    Err(CurveError::NotOnCurve),
                    &format!("{} off-curve (x, y)", d.name),
                );
                n += 1;
            }
        }
    }
    n
}

#[test]
fn zcash_points_off_the_curve() {
    let n = zcash_off_curve::<G1Config>() + zcash_off_curve::<G2Config>();
    assert_eq!(n, 2 * (2 * 6 * 2 + 2 * 15));
}

fn zcash_outside<C: Zcash>(seed: u64) -> usize {
    let mut n = 0;
    let mut points = random_outside::<C>(seed, 4);
    // The 3-torsion points (0, ±√b) where they exist.
    if let Some(y) = C::COEFF_B.sqrt().into_option() {
        points.push(Affine::<C>::new_unchecked(C::Base::ZERO, y));
    }
    for d in C::decoders() {
        for q in &points {
            for q in [*q, -*q] {
                let got = (d.f)(&encode(&d, &q));
                let want = if d.checked {
                    Err(CurveError::NotInSubgroup)
                } else {
                    Ok(q)
                };
                check(got, want, &format!("{} outside the subgroup", d.name));
                n += 1;
            }
        }
    }
    n
}

#[test]
fn zcash_points_outside_the_subgroup() {
    let n1 = zcash_outside::<G1Config>(51);
    let n2 = zcash_outside::<G2Config>(52);
    // G1 has the 3-torsion points (y² = 4); G2 has them only if 4(1 + u) is a square.
    assert_eq!(n1, 4 * 2 * 5);
    let g2_x0 = bool::from(G2Config::COEFF_B.is_square()) as usize;
    assert_eq!(n2, 4 * 2 * (4 + g2_x0));
}

// ---------------------------------------------------------------------------------------------
// EVM encodings: BN254 (EIP-196/197) and BLS12-381 (EIP-2537).

/// A point decoder.
type Decoder<C> = fn(&[u8]) -> Result<Affine<C>, CurveError>;

/// One EVM point codec with its decoders.
struct Evm<C: SwCurveConfig> {
    name: &'static str,
    /// Bytes of a point.
    len: usize,
    /// Bytes per field element, of which `pad` leading zero bytes.
    fp_len: usize,
    pad: usize,
    modulus: BigUint,
    /// (name, decoder, with the subgroup check).
    decoders: Vec<(&'static str, Decoder<C>, bool)>,
    encode: fn(&Affine<C>) -> Vec<u8>,
    /// Whether the curve has points outside the prime-order subgroup.
    cofactor: bool,
    /// The point (unchecked) whose element `slot` is `2^k` and every other element zero.
    single: fn(usize, u32) -> Affine<C>,
}

fn two_pow<F: PrimeField>(k: u32) -> F {
    F::from_u64(2).pow_vartime(&[k as u64])
}

/// An Fp2 element from (c0, c1).
fn fp2<F: PrimeField>(c0: F, c1: F) -> ctt_field::tower::Fp2<F> {
    ctt_field::tower::Fp2::new(c0, c1)
}

fn bn254_g1() -> Evm<bn254::G1Config> {
    Evm {
        name: "BN254 G1",
        len: 64,
        fp_len: 32,
        pad: 0,
        modulus: modulus::<ctt_field::bn254::Fp>(),
        decoders: vec![("from_evm_bytes", bn254::G1Affine::from_evm_bytes, true)],
        encode: |p| p.to_evm_bytes().to_vec(),
        cofactor: false,
        single: |slot, k| {
            let (v, z) = (two_pow(k), ctt_field::bn254::Fp::ZERO);
            let (x, y) = if slot == 0 { (v, z) } else { (z, v) };
            Affine::new_unchecked(x, y)
        },
    }
}

fn bn254_g2() -> Evm<bn254::G2Config> {
    Evm {
        name: "BN254 G2",
        len: 128,
        fp_len: 32,
        pad: 0,
        modulus: modulus::<ctt_field::bn254::Fp>(),
        decoders: vec![
            ("from_evm_bytes", bn254::G2Affine::from_evm_bytes, true),
            (
                "from_evm_bytes_on_curve",
                bn254::G2Affine::from_evm_bytes_on_curve,
                false,
            ),
        ],
        encode: |p| p.to_evm_bytes().to_vec(),
        cofactor: true,
        // x.c1 ‖ x.c0 ‖ y.c1 ‖ y.c0.
        single: |slot, k| {
            let mut e = [ctt_field::bn254::Fp::ZERO; 4];
            e[slot] = two_pow(k);
            Affine::new_unchecked(fp2(e[1], e[0]), fp2(e[3], e[2]))
        },
    }
}

fn eip2537_g1() -> Evm<G1Config> {
    Evm {
        name: "EIP-2537 G1",
        len: 128,
        fp_len: 64,
        pad: 16,
        modulus: modulus::<ctt_field::bls12_381::Fp>(),
        decoders: vec![
            ("from_eip2537_bytes", G1Affine::from_eip2537_bytes, true),
            (
                "from_eip2537_bytes_on_curve",
                G1Affine::from_eip2537_bytes_on_curve,
                false,
            ),
        ],
        encode: |p| p.to_eip2537_bytes().to_vec(),
        cofactor: true,
        single: |slot, k| {
            let (v, z) = (two_pow(k), ctt_field::bls12_381::Fp::ZERO);
            let (x, y) = if slot == 0 { (v, z) } else { (z, v) };
            Affine::new_unchecked(x, y)
        },
    }
}

fn eip2537_g2() -> Evm<G2Config> {
    Evm {
        name: "EIP-2537 G2",
        len: 256,
        fp_len: 64,
        pad: 16,
        modulus: modulus::<ctt_field::bls12_381::Fp>(),
        decoders: vec![
            ("from_eip2537_bytes", G2Affine::from_eip2537_bytes, true),
            (
                "from_eip2537_bytes_on_curve",
                G2Affine::from_eip2537_bytes_on_curve,
                false,
            ),
        ],
        encode: |p| p.to_eip2537_bytes().to_vec(),
        cofactor: true,
        // x.c0 ‖ x.c1 ‖ y.c0 ‖ y.c1.
        single: |slot, k| {
            let mut e = [ctt_field::bls12_381::Fp::ZERO; 4];
            e[slot] = two_pow(k);
            Affine::new_unchecked(fp2(e[0], e[1]), fp2(e[2], e[3]))
        },
    }
}

fn evm_matrix<C: SwCurveConfig>(e: &Evm<C>, seed: u64) -> (usize, usize) {
    let mut n = 0;
    let mut on_curve_singles = 0;
    let value_len = e.fp_len - e.pad;
    let n_fp = e.len / e.fp_len;
    let samples = subgroup_samples::<C>(seed, 3);
    let p = samples[1];
    let valid = (e.encode)(&p);
    let twice = [valid.clone(), valid.clone()].concat();
    let outside = if e.cofactor {
        random_outside::<C>(seed + 1, 3)
    } else {
        Vec::new()
    };
    let value_slots: Vec<Range<usize>> = (0..n_fp)
        .map(|i| i * e.fp_len + e.pad..(i + 1) * e.fp_len)
        .collect();
    for &(dname, dec, checked) in &e.decoders {
        let what = |s: &str| format!("{} {dname}: {s}", e.name);
        // Round trips, and the identity.
        for q in &samples {
            check(dec(&(e.encode)(q)), Ok(*q), &what("valid"));
        }
        check(
            dec(&vec![0u8; e.len]),
            Ok(Affine::<C>::identity()),
            &what("zeros"),
        );
        // Every length to twice the encoding's.
        for len in 0..=2 * e.len {
            let exact = [
                // The encoding, the identity, and all ones (coordinates ≥ p; non-zero padding).
                Ok(p),
                Ok(Affine::<C>::identity()),
                Err(CurveError::NonCanonical),
            ];
            for (content, want) in [&twice[..len], &vec![0u8; len][..], &vec![0xffu8; len][..]]
                .into_iter()
                .zip(exact)
            {
                let want = if len == e.len {
                    want
                } else {
                    Err(CurveError::InvalidLength)
                };
                check(dec(content), want, &what(&format!("length {len}")));
                n += 1;
            }
        }
        // Every padding byte (EIP-2537), on a valid point and on the identity's zeros.
        for fp in 0..n_fp {
            for pos in 0..e.pad {
                for value in [0x01u8, 0x80, 0xff] {
                    for base in [&valid, &vec![0u8; e.len]] {
                        let mut b = base.clone();
                        b[fp * e.fp_len + pos] = value;
                        check(
                            dec(&b),
                            Err(CurveError::NonCanonical),
                            &what(&format!("padding byte {pos} of element {fp} = {value:#x}")),
                        );
                        n += 1;
                    }
                }
            }
        }
        // Coordinates ≥ p in each element slot (p − 1 is canonical).
        let mut bad = vec![
            e.modulus.clone(),
            &e.modulus + 1u8,
            &e.modulus + pow2(64),
            pow2(8 * value_len as u32) - 1u8,
        ];
        if value_len == 48 {
            bad.push(pow2(381) - 1u8);
        }
        for slot in &value_slots {
            for v in &bad {
                let mut b = valid.clone();
                b[slot.clone()].copy_from_slice(&be(v, value_len));
                check(
                    dec(&b),
                    Err(CurveError::NonCanonical),
                    &what(&format!("slot {slot:?} = {v:x}")),
                );
                n += 1;
            }
            let mut b = valid.clone();
            b[slot.clone()].copy_from_slice(&be(&(&e.modulus - 1u8), value_len));
            check(dec(&b), Err(CurveError::NotOnCurve), &what("slot = p − 1"));
            n += 1;
        }
        // Off the curve: each valid point with the last byte of each element flipped.
        for q in &samples {
            let enc = (e.encode)(q);
            for slot in &value_slots {
                let mut b = enc.clone();
                b[slot.end - 1] ^= 1;
                check(
                    dec(&b),
                    Err(CurveError::NotOnCurve),
                    &what("nudged coordinate"),
                );
                n += 1;
            }
        }
        // The identity (all zeros) with any single bit of a value set: non-canonical, off the
        // curve, or (y = 2 on BLS12-381 G1: y² = 4 = b) a 3-torsion point outside the subgroup.
        for (i, slot) in value_slots.iter().enumerate() {
            for bit in 0..8 * value_len {
                let mut b = vec![0u8; e.len];
                b[slot.start + bit / 8] = 0x80 >> (bit % 8);
                let v = BigUint::from_bytes_be(&b[slot.clone()]);
                let q = (e.single)(i, (8 * value_len - 1 - bit) as u32);
                let want = if v >= e.modulus {
                    Err(CurveError::NonCanonical)
                } else if !bool::from(q.is_on_curve()) {
                    Err(CurveError::NotOnCurve)
                } else if checked && outside_subgroup(&q) {
                    on_curve_singles += 1;
                    Err(CurveError::NotInSubgroup)
                } else {
                    on_curve_singles += 1;
                    Ok(q)
                };
                check(
                    dec(&b),
                    want,
                    &what(&format!("zeros with bit {bit} of {slot:?}")),
                );
                n += 1;
            }
        }
        // On the curve, outside the subgroup.
        for q in &outside {
            let want = if checked {
                Err(CurveError::NotInSubgroup)
            } else {
                Ok(*q)
            };
            check(dec(&(e.encode)(q)), want, &what("outside the subgroup"));
            n += 1;
        }
    }
    (n, on_curve_singles)
}

#[test]
fn evm_encodings_matrix() {
    let counts = [
        evm_matrix(&bn254_g1(), 61),
        evm_matrix(&bn254_g2(), 62),
        evm_matrix(&eip2537_g1(), 63),
        evm_matrix(&eip2537_g2(), 64),
    ];
    // Per decoder: 3·(2·len + 1) lengths, 3·2 per padding byte, 5 (6) per slot for the
    // non-canonical values and p − 1, 3 nudges per slot, one per value bit, 3 outside.
    let per = |len: usize, slots: usize, pad: usize, value_bits: usize, bad: usize, out: usize| {
        3 * (2 * len + 1)
            + 6 * pad * slots
            + (bad + 1) * slots
            + 3 * slots
            + value_bits * slots
            + out
    };
    assert_eq!(counts[0].0, per(64, 2, 0, 256, 4, 0));
    assert_eq!(counts[1].0, 2 * per(128, 4, 0, 256, 4, 3));
    assert_eq!(counts[2].0, 2 * per(128, 2, 16, 384, 5, 3));
    assert_eq!(counts[3].0, 2 * per(256, 4, 16, 384, 5, 3));
    // Single bits on the curve: (0, 2) on BLS12-381 G1, for both decoders; none elsewhere.
    assert_eq!(
        [counts[0].1, counts[1].1, counts[2].1, counts[3].1],
        [0, 0, 2, 0]
    );
}

// ---------------------------------------------------------------------------------------------
// SEC1 and ECDSA (secp256k1, P-256).

fn sec1_matrix<C: SwCurveConfig>(seed: u64) -> usize
where
    C::Base: PrimeField<Repr = [u8; 32]>,
{
    let mut n = 0;
    let p_mod = modulus::<C::Base>();
    let samples = subgroup_samples::<C>(seed, 3);
    let q = samples[1];
    let (c, u) = (q.to_sec1_compressed(), q.to_sec1_uncompressed());
    let dec = Affine::<C>::from_sec1_bytes;
    for s in &samples {
        assert_eq!(dec(&s.to_sec1_compressed()), Ok(*s));
        assert_eq!(dec(&s.to_sec1_uncompressed()), Ok(*s));
    }
    // Every length to 130 with several contents.
    let cc = [c.to_vec(), c.to_vec(), c.to_vec(), c.to_vec()].concat();
    let uu = [u.to_vec(), u.to_vec()].concat();
    for len in 0..=130usize {
        for content in [
            &cc[..len],
            &uu[..len],
            &vec![0u8; len][..],
            &vec![2u8; len][..],
        ] {
            let got = dec(content);
            match len {
                33 | 65 => assert_ne!(got, Err(CurveError::InvalidLength)),
                _ => check(
                    got,
                    Err(CurveError::InvalidLength),
                    &format!("SEC1 length {len}"),
                ),
            }
            n += 1;
        }
    }
    // Every prefix byte.
    for prefix in 0..=255u8 {
        let mut b = c;
        b[0] = prefix;
        let want = match prefix {
            2 | 3 if (prefix == c[0]) => Ok(q),
            2 | 3 => Ok(-q),
            _ => Err(CurveError::InvalidFlags),
        };
        check(
            dec(&b),
            want,
            &format!("SEC1 compressed prefix {prefix:#x}"),
        );
        let mut b = u;
        b[0] = prefix;
        let want = if prefix == 4 {
            Ok(q)
        } else {
            Err(CurveError::InvalidFlags)
        };
        check(
            dec(&b),
            want,
            &format!("SEC1 uncompressed prefix {prefix:#x}"),
        );
        n += 2;
    }
    // The identity's zero encodings.
    check(
        dec(&[0u8; 33]),
        Err(CurveError::InvalidFlags),
        "SEC1 zeros 33",
    );
    check(
        dec(&[0u8; 65]),
        Err(CurveError::InvalidFlags),
        "SEC1 zeros 65",
    );
    n += 2;
    // Coordinates ≥ p (and p − 1, canonical).
    let bad = [p_mod.clone(), &p_mod + 1u8, &p_mod + 2u8, pow2(256) - 1u8];
    for v in &bad {
        let vb = be(v, 32);
        for prefix in [2u8, 3] {
            let mut b = [0u8; 33];
            b[0] = prefix;
            b[1..].copy_from_slice(&vb);
            check(
                dec(&b),
                Err(CurveError::NonCanonical),
                "SEC1 compressed x ≥ p",
            );
            n += 1;
        }
        for range in [1..33, 33..65] {
            let mut b = u;
            b[range].copy_from_slice(&vb);
            check(
                dec(&b),
                Err(CurveError::NonCanonical),
                "SEC1 uncompressed coordinate ≥ p",
            );
            n += 1;
        }
        let (x, y): ([u8; 32], [u8; 32]) =
            (u[1..33].try_into().unwrap(), u[33..].try_into().unwrap());
        let vb: [u8; 32] = vb.try_into().unwrap();
        check(
            Affine::<C>::from_xy_bytes(&vb, &y),
            Err(CurveError::NonCanonical),
            "xy x ≥ p",
        );
        check(
            Affine::<C>::from_xy_bytes(&x, &vb),
            Err(CurveError::NonCanonical),
            "xy y ≥ p",
        );
        n += 2;
    }
    // x with no y (compressed), off-curve pairs (uncompressed and raw), (0, 0).
    let no_y: Vec<u64> = (0u64..)
        .filter(|k| {
            let x = C::Base::from_u64(*k);
            !bool::from((x.square() * x + C::mul_by_a(&x) + C::COEFF_B).is_square())
        })
        .take(5)
        .collect();
    for k in no_y {
        for prefix in [2u8, 3] {
            let mut b = [0u8; 33];
            b[0] = prefix;
            b[1..].copy_from_slice(&C::Base::from_u64(k).to_bytes_be());
            check(dec(&b), Err(CurveError::NotOnCurve), "SEC1 x with no y");
            n += 1;
        }
    }
    for s in &samples {
        for (x, y) in [
            (s.x, s.y + C::Base::ONE),
            (s.x + C::Base::ONE, s.y),
            (s.x, C::Base::ZERO),
            (C::Base::ZERO, C::Base::ZERO),
        ] {
            let mut b = [0u8; 65];
            b[0] = 4;
            b[1..33].copy_from_slice(&x.to_bytes_be());
            b[33..].copy_from_slice(&y.to_bytes_be());
            check(dec(&b), Err(CurveError::NotOnCurve), "SEC1 off-curve");
            check(
                Affine::<C>::from_xy_bytes(&x.to_bytes_be(), &y.to_bytes_be()),
                Err(CurveError::NotOnCurve),
                "xy off-curve",
            );
            n += 2;
        }
    }
    n
}

#[test]
fn sec1_matrix_secp256k1_and_p256() {
    let n1 = sec1_matrix::<secp256k1::Config>(71);
    let n2 = sec1_matrix::<p256::Config>(72);
    let want = 4 * 131 + 2 * 256 + 2 + 4 * 6 + 5 * 2 + 3 * 4 * 2;
    assert_eq!((n1, n2), (want, want));
}

/// A secp256k1 or P-256 signature by `d` with nonce `k` (s not normalised): (r, s, recovery id).
fn sign<C: SwCurveConfig>(hash: &[u8; 32], d: u64, k: u64) -> ([u8; 32], [u8; 32], u8)
where
    C::Base: PrimeField<Repr = [u8; 32]>,
    C::Scalar: PrimeField<Repr = [u8; 32]>,
{
    let k = C::Scalar::from_u64(k);
    let big_r = Affine::<C>::generator().to_group().mul(&k).to_affine();
    let r = C::Scalar::from_bytes_be_mod_order(&big_r.x.to_bytes_be());
    // The tests' nonces give x(R) < n, so the recovery id is y's parity.
    assert_eq!(r.to_bytes_be(), big_r.x.to_bytes_be());
    let e = C::Scalar::from_bytes_be_mod_order(hash);
    let s = k.invert().into_option().unwrap() * (e + r * C::Scalar::from_u64(d));
    (
        r.to_bytes_be(),
        s.to_bytes_be(),
        u8::from(bool::from(big_r.y.is_odd())),
    )
}

#[test]
fn ecdsa_matrix() {
    let mut n = 0;
    let hash = [0x5au8; 32];
    let d = 0x1234_5678_9abc_def0;
    // secp256k1.
    let (r, s, id) = sign::<secp256k1::Config>(&hash, d, 0x0fed_cba9_8765_4321);
    let key = secp256k1::Affine::generator()
        .to_group()
        .mul(&ctt_field::secp256k1::Fr::from_u64(d))
        .to_affine();
    let (kc, ku) = (key.to_sec1_compressed(), key.to_sec1_uncompressed());
    assert_eq!(secp256k1_verify(&hash, &r, &s, &kc), Ok(true));
    assert_eq!(secp256k1_verify(&hash, &r, &s, &ku), Ok(true));
    assert_eq!(
        secp256k1_recover(&hash, &r, &s, id).map(|k| k.to_vec()),
        Ok(ku[1..].to_vec())
    );
    let n_k = modulus::<ctt_field::secp256k1::Fr>();
    let p_k = modulus::<ctt_field::secp256k1::Fp>();
    let out_of_range = |n: &BigUint, p: &BigUint| -> Vec<[u8; 32]> {
        [
            BigUint::from(0u8),
            n.clone(),
            n + 1u8,
            p.clone(),
            pow2(256) - 1u8,
        ]
        .iter()
        .map(|v| be(v, 32).try_into().unwrap())
        .collect()
    };
    for bad in out_of_range(&n_k, &p_k) {
        for k in [&kc[..], &ku[..]] {
            assert_eq!(
                secp256k1_verify(&hash, &bad, &s, k),
                Err(EcdsaError::InvalidR)
            );
            assert_eq!(
                secp256k1_verify(&hash, &r, &bad, k),
                Err(EcdsaError::InvalidS)
            );
            n += 2;
        }
        assert_eq!(
            secp256k1_verify_affine(&hash, &bad, &s, &key),
            Err(EcdsaError::InvalidR)
        );
        assert_eq!(
            secp256k1_verify_affine(&hash, &r, &bad, &key),
            Err(EcdsaError::InvalidS)
        );
        for rid in [0u8, 1] {
            assert_eq!(
                secp256k1_recover(&hash, &bad, &s, rid),
                Err(EcdsaError::InvalidR)
            );
            assert_eq!(
                secp256k1_recover(&hash, &r, &bad, rid),
                Err(EcdsaError::InvalidS)
            );
            assert_eq!(
                secp256k1_recover_address(&hash, &bad, &s, rid),
                Err(EcdsaError::InvalidR)
            );
            assert_eq!(
                secp256k1_recover_address(&hash, &r, &bad, rid),
                Err(EcdsaError::InvalidS)
            );
            n += 4;
        }
        n += 2;
    }
    // The range's ends are in range: a well-formed answer, never a range error.
    for edge in [BigUint::from(1u8), &n_k - 1u8] {
        let e: [u8; 32] = be(&edge, 32).try_into().unwrap();
        assert_eq!(secp256k1_verify(&hash, &e, &s, &kc), Ok(false));
        assert_eq!(secp256k1_verify(&hash, &r, &e, &kc), Ok(false));
        assert!(!matches!(
            secp256k1_recover(&hash, &e, &s, 0),
            Err(EcdsaError::InvalidR | EcdsaError::InvalidS)
        ));
        n += 3;
    }
    for rid in 2..=255u8 {
        assert_eq!(
            secp256k1_recover(&hash, &r, &s, rid),
            Err(EcdsaError::InvalidRecoveryId)
        );
        assert_eq!(
            secp256k1_recover_address(&hash, &r, &s, rid),
            Err(EcdsaError::InvalidRecoveryId)
        );
        n += 2;
    }
    // Public keys: lengths, prefixes, coordinates, off-curve.
    for len in (0..=130usize).filter(|l| *l != 33 && *l != 65) {
        let k = [ku.to_vec(), ku.to_vec()].concat();
        assert_eq!(
            secp256k1_verify(&hash, &r, &s, &k[..len]),
            Err(EcdsaError::InvalidPublicKey(CurveError::InvalidLength))
        );
        n += 1;
    }
    for prefix in (0..=255u8).filter(|p| !matches!(p, 2..=4)) {
        let mut b = kc;
        b[0] = prefix;
        let mut c = ku;
        c[0] = prefix;
        for k in [&b[..], &c[..]] {
            assert_eq!(
                secp256k1_verify(&hash, &r, &s, k),
                Err(EcdsaError::InvalidPublicKey(CurveError::InvalidFlags))
            );
            n += 1;
        }
    }
    let mut big_x = ku;
    big_x[1..33].copy_from_slice(&be(&p_k, 32));
    let mut off = ku;
    off[64] ^= 1;
    for (k, e) in [
        (big_x, CurveError::NonCanonical),
        (off, CurveError::NotOnCurve),
        ([0u8; 65], CurveError::InvalidFlags),
    ] {
        assert_eq!(
            secp256k1_verify(&hash, &r, &s, &k),
            Err(EcdsaError::InvalidPublicKey(e))
        );
        n += 1;
    }
    for k in [
        secp256k1::Affine::identity(),
        secp256k1::Affine::new_unchecked(key.x, key.y + ctt_field::secp256k1::Fp::ONE),
    ] {
        assert_eq!(
            secp256k1_verify_affine(&hash, &r, &s, &k),
            Err(EcdsaError::InvalidPublicKey(CurveError::NotOnCurve))
        );
        n += 1;
    }

    // P-256.
    let (r, s, _) = sign::<p256::Config>(&hash, d, 0x0fed_cba9_8765_4323);
    let key = p256::Affine::generator()
        .to_group()
        .mul(&ctt_field::p256::Fr::from_u64(d))
        .to_affine();
    let (qx, qy) = (key.x.to_bytes_be(), key.y.to_bytes_be());
    assert_eq!(p256_verify(&hash, &r, &s, &qx, &qy), Ok(true));
    let n_p = modulus::<ctt_field::p256::Fr>();
    let p_p = modulus::<ctt_field::p256::Fp>();
    for bad in out_of_range(&n_p, &p_p) {
        assert_eq!(
            p256_verify(&hash, &bad, &s, &qx, &qy),
            Err(EcdsaError::InvalidR)
        );
        assert_eq!(
            p256_verify(&hash, &r, &bad, &qx, &qy),
            Err(EcdsaError::InvalidS)
        );
        n += 2;
    }
    for edge in [BigUint::from(1u8), &n_p - 1u8] {
        let e: [u8; 32] = be(&edge, 32).try_into().unwrap();
        assert_eq!(p256_verify(&hash, &e, &s, &qx, &qy), Ok(false));
        assert_eq!(p256_verify(&hash, &r, &e, &qx, &qy), Ok(false));
        n += 2;
    }
    for v in [p_p.clone(), &p_p + 1u8, pow2(256) - 1u8] {
        let vb: [u8; 32] = be(&v, 32).try_into().unwrap();
        assert_eq!(
            p256_verify(&hash, &r, &s, &vb, &qy),
            Err(EcdsaError::InvalidPublicKey(CurveError::NonCanonical))
        );
        assert_eq!(
            p256_verify(&hash, &r, &s, &qx, &vb),
            Err(EcdsaError::InvalidPublicKey(CurveError::NonCanonical))
        );
        n += 2;
    }
    let one = ctt_field::p256::Fp::ONE;
    for (x, y) in [
        ([0u8; 32], [0u8; 32]),
        (qx, (key.y + one).to_bytes_be()),
        ((key.x + one).to_bytes_be(), qy),
    ] {
        assert_eq!(
            p256_verify(&hash, &r, &s, &x, &y),
            Err(EcdsaError::InvalidPublicKey(CurveError::NotOnCurve))
        );
        n += 1;
    }
    assert_eq!(
        n,
        5 * 14 + 2 * 3 + 254 * 2 + 129 + 253 * 2 + 3 + 2 + 5 * 2 + 2 * 2 + 3 * 2 + 3
    );
}

// ---------------------------------------------------------------------------------------------
// Points of small order: every small prime dividing the cofactors.

/// A point of prime order `q` (`P ≠ O`, `[q]P = O`) from the first random curve point R with a
/// non-trivial q-part: `[h·r/q^v]R` (q^v the largest power of q dividing h), then
/// multiplied by q while that is not the identity (the q-part need not be cyclic).
fn torsion_point<C: SwCurveConfig>(h: &BigUint, q: u64, seed: u64) -> Affine<C> {
    assert_eq!(h % q, BigUint::from(0u8), "{q} divides the cofactor");
    let mut m = h * modulus::<C::Scalar>();
    while &m % q == BigUint::from(0u8) {
        m /= q;
    }
    let m = m.to_u64_digits();
    let mut rng = SplitMix(seed);
    loop {
        let x = C::Base::random(&mut rng);
        let Some(y) = (x.square() * x + C::COEFF_B).sqrt().into_option() else {
            continue;
        };
        let mut p = Affine::<C>::new_unchecked(x, y)
            .to_group()
            .mul_bigint_vartime(&m);
        if bool::from(p.is_identity()) {
            continue;
        }
        loop {
            let next = p.mul_bigint_vartime(&[q]);
            if bool::from(next.is_identity()) {
                return p.to_affine();
            }
            p = next;
        }
    }
}

#[test]
fn small_order_points_are_outside_the_subgroup() {
    let mut n = 0;
    let z = BigUint::from(0xd201_0000_0001_0000u64); // |z|, z < 0
    let p = modulus::<ctt_field::bls12_381::Fp>();
    let r = modulus::<ctt_field::bls12_381::Fr>();
    // G1: #E = p + 1 − t with t = z + 1 = 1 − |z|, so #E = p + |z|.
    let n1 = &p + &z;
    assert_eq!(&n1 % &r, BigUint::from(0u8));
    let h1 = &n1 / &r;
    // G2: h2 = (z⁸ − 4z⁷ + 5z⁶ − 4z⁴ + 6z³ − 4z² − 4z + 13)/9, with z = −|z|.
    let zp = |k: u32| z.pow(k);
    let h2 = (zp(8) + 4u8 * zp(7) + 5u8 * zp(6) - 4u8 * zp(4) - 6u8 * zp(3) - 4u8 * zp(2)
        + 4u8 * &z
        + 13u8)
        / 9u8;
    // BN254 G2: h = 2p − n.
    let bn_h2 = 2u8 * modulus::<ctt_field::bn254::Fp>() - modulus::<ctt_field::bn254::Fr>();
    let g1_orders = [3u64, 11, 10177, 859267, 52437899];
    for (i, q) in g1_orders.into_iter().enumerate() {
        let t = torsion_point::<G1Config>(&h1, q, 100 + i as u64);
        let mixed = (t.to_group() + G1Affine::generator().to_group()).to_affine();
        for pt in [t, mixed] {
            for d in G1Config::decoders() {
                let want = if d.checked {
                    Err(CurveError::NotInSubgroup)
                } else {
                    Ok(pt)
                };
                check(
                    (d.f)(&encode(&d, &pt)),
                    want,
                    &format!("{} order {q}", d.name),
                );
                n += 1;
            }
            check(
                G1Affine::from_eip2537_bytes(&pt.to_eip2537_bytes()),
                Err(CurveError::NotInSubgroup),
                "EIP-2537 G1",
            );
            check(
                G1Affine::from_eip2537_bytes_on_curve(&pt.to_eip2537_bytes()),
                Ok(pt),
                "EIP-2537 G1 on curve",
            );
            n += 2;
        }
    }
    let g2_orders = [13u64, 23, 2713, 11953, 262069];
    for (i, q) in g2_orders.into_iter().enumerate() {
        let t = torsion_point::<G2Config>(&h2, q, 200 + i as u64);
        let mixed = (t.to_group() + G2Affine::generator().to_group()).to_affine();
        for pt in [t, mixed] {
            for d in G2Config::decoders() {
                let want = if d.checked {
                    Err(CurveError::NotInSubgroup)
                } else {
                    Ok(pt)
                };
                check(
                    (d.f)(&encode(&d, &pt)),
                    want,
                    &format!("{} order {q}", d.name),
                );
                n += 1;
            }
            check(
                G2Affine::from_eip2537_bytes(&pt.to_eip2537_bytes()),
                Err(CurveError::NotInSubgroup),
                "EIP-2537 G2",
            );
            check(
                G2Affine::from_eip2537_bytes_on_curve(&pt.to_eip2537_bytes()),
                Ok(pt),
                "EIP-2537 G2 on curve",
            );
            n += 2;
        }
    }
    // BN254 G2: the small primes of 2p − n.
    let bn_orders: Vec<u64> = [10069u64, 5864401]
        .into_iter()
        .filter(|q| &bn_h2 % *q == BigUint::from(0u8))
        .collect();
    assert_eq!(bn_orders.len(), 2, "small factors of BN254's G2 cofactor");
    for (i, q) in bn_orders.into_iter().enumerate() {
        let t = torsion_point::<bn254::G2Config>(&bn_h2, q, 300 + i as u64);
        let mixed = (t.to_group() + bn254::G2Affine::generator().to_group()).to_affine();
        for pt in [t, mixed] {
            check(
                bn254::G2Affine::from_evm_bytes(&pt.to_evm_bytes()),
                Err(CurveError::NotInSubgroup),
                "BN254 G2",
            );
            check(
                bn254::G2Affine::from_evm_bytes_on_curve(&pt.to_evm_bytes()),
                Ok(pt),
                "BN254 G2 on curve",
            );
            n += 2;
        }
    }
    assert_eq!(n, 5 * 2 * 6 + 5 * 2 * 6 + 2 * 2 * 2);
}
