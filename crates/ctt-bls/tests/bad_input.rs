//! Bad-input matrix for ctt-bls: every decoder and verification function on systematically
//! malformed input answers the documented `BlsError` (or `Ok(false)` for well-formed input
//! that does not verify), never a panic and never an acceptance.
//!
//! - `PublicKey::from_bytes` / `Signature::from_bytes`: every length from 0 to twice the
//!   encoding's, all 8 flag combinations, the identity (a key error, a valid signature) and the
//!   identity with each single other bit set, coordinates ≥ p in each slot, x with no y, points
//!   outside the subgroup.
//! - `SecretKey::from_bytes`: every length to 64, 0, r, r + 1, r + 2^64, 2^255, 2^256 − 1, and
//!   the top byte swept over all 256 values with the rest all ones and all zeros; KeyGen and
//!   EIP-2333 master derivation with every key-material length to 64.
//! - verify, pop_verify, fast_aggregate_verify, eth_fast_aggregate_verify, aggregate_verify,
//!   batch_verify and the parallel twins: empty inputs, every mismatched length up to 4, an
//!   identity key in every position, the identity signature.

mod support;
use support::TestPool;

use ctt_bls::*;
use ctt_curves::bls12_381::{G1Affine, G1Config, G2Affine, G2Config};
use ctt_curves::sw::{Affine, SwCurveConfig};
use ctt_curves::{AffineRepr, CurveError, CurveGroup};
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

fn modulus<F: PrimeField>() -> BigUint {
    let bytes: Vec<u8> = F::MODULUS_LIMBS
        .iter()
        .flat_map(|l| l.to_le_bytes())
        .collect();
    BigUint::from_bytes_le(&bytes)
}

fn be(x: &BigUint, len: usize) -> Vec<u8> {
    let b = x.to_bytes_be();
    assert!(b.len() <= len);
    let mut out = vec![0u8; len];
    out[len - b.len()..].copy_from_slice(&b);
    out
}

fn pow2(k: u32) -> BigUint {
    BigUint::from(1u8) << k
}

fn key(i: u8) -> SecretKey {
    SecretKey::key_gen(&[i.wrapping_add(100); 32], b"bad-input").unwrap()
}

fn curve(e: CurveError) -> BlsError {
    BlsError::Curve(e)
}

fn with_flags(bytes: &[u8], flags: u8) -> Vec<u8> {
    let mut b = bytes.to_vec();
    b[0] = (b[0] & 0x1f) | (flags << 5);
    b
}

/// On the curve, outside the subgroup (checked by `[r]Q ≠ O`), from random x; then the
/// 3-torsion points with x = 0 when they exist.
fn outside<C: SwCurveConfig>(seed: u64) -> Vec<Affine<C>> {
    let mut rng = SplitMix(seed);
    let mut out = Vec::new();
    while out.len() < 3 {
        let x = C::Base::random(&mut rng);
        if let Some(y) = (x.square() * x + C::COEFF_B).sqrt().into_option() {
            out.push(Affine::<C>::new_unchecked(x, y));
        }
    }
    if let Some(y) = C::COEFF_B.sqrt().into_option() {
        out.push(Affine::<C>::new_unchecked(C::Base::ZERO, y));
    }
    for q in &out {
        let rq = q
            .to_group()
            .mul_bigint_vartime(<C::Scalar as PrimeField>::MODULUS_LIMBS);
        assert!(!bool::from(rq.is_identity()));
    }
    out
}

/// Values ≥ p below 2^381.
fn non_canonical() -> Vec<Vec<u8>> {
    let p = modulus::<ctt_field::bls12_381::Fp>();
    [
        p.clone(),
        &p + 1u8,
        &p + pow2(64),
        pow2(381) - pow2(200),
        pow2(381) - 1u8,
    ]
    .iter()
    .map(|v| be(v, 48))
    .collect()
}

/// A decoder returning the re-encoded point.
type Decode = dyn Fn(&[u8]) -> Result<Vec<u8>, BlsError>;

/// The malformed-encoding matrix shared by public keys and signatures: `decode` maps bytes to
/// `Ok(encoding)` or the error; `valid` is a valid finite point's encoding, `negated` its
/// negation's, `identity` the expected result on `0xc0 ‖ 0…`.
fn point_matrix(
    len: usize,
    decode: &Decode,
    valid: &[u8],
    negated: &[u8],
    identity: Result<Vec<u8>, BlsError>,
    no_y: &[Vec<u8>],
    outside: &[Vec<u8>],
) -> usize {
    let mut n = 0;
    let mut id = vec![0u8; len];
    id[0] = 0xc0;
    // Lengths.
    let twice = [valid, valid].concat();
    let mut id_long = id.clone();
    id_long.resize(2 * len, 0);
    for l in 0..=2 * len {
        let ones = vec![0xffu8; l];
        let cases = [
            (&twice[..l], Ok(valid.to_vec())),
            (&id_long[..l], identity.clone()),
            (&ones[..], Err(curve(CurveError::InvalidFlags))),
        ];
        for (bytes, want) in cases {
            let want = if l == len {
                want
            } else {
                Err(BlsError::InvalidLength)
            };
            assert_eq!(decode(bytes), want, "length {l}");
            n += 1;
        }
    }
    // All flag combinations on a valid point (S flipped: the negation, also valid).
    let sign = valid[0] & 0x20 != 0;
    for flags in 0u8..8 {
        let want = match flags {
            0b100 | 0b101 if (flags & 1 != 0) == sign => Ok(valid.to_vec()),
            0b100 | 0b101 => Ok(negated.to_vec()),
            0b110 => Err(curve(CurveError::InvalidIdentity)),
            _ => Err(curve(CurveError::InvalidFlags)),
        };
        assert_eq!(decode(&with_flags(valid, flags)), want, "flags {flags:03b}");
        n += 1;
    }
    // The identity's zero bytes under the flag combinations with I set.
    for (flags, want) in [
        (0b110u8, identity.clone()),
        (0b111, Err(curve(CurveError::InvalidFlags))),
        (0b010, Err(curve(CurveError::InvalidFlags))),
        (0b011, Err(curve(CurveError::InvalidFlags))),
    ] {
        assert_eq!(
            decode(&with_flags(&id, flags)),
            want,
            "identity flags {flags:03b}"
        );
        n += 1;
    }
    // The identity with any other bit set.
    for bit in 3..8 * len {
        let mut b = id.clone();
        b[bit / 8] |= 0x80 >> (bit % 8);
        assert_eq!(
            decode(&b),
            Err(curve(CurveError::InvalidIdentity)),
            "identity with bit {bit}"
        );
        n += 1;
    }
    // Coordinates ≥ p, in each 48-byte slot, with either sign.
    for slot in 0..len / 48 {
        for v in non_canonical() {
            for flags in [0b100u8, 0b101] {
                let mut b = valid.to_vec();
                b[48 * slot..48 * (slot + 1)].copy_from_slice(&v);
                assert_eq!(
                    decode(&with_flags(&b, flags)),
                    Err(curve(CurveError::NonCanonical)),
                    "slot {slot}"
                );
                n += 1;
            }
        }
    }
    for x in no_y {
        for flags in [0b100u8, 0b101] {
            assert_eq!(
                decode(&with_flags(x, flags)),
                Err(curve(CurveError::NotOnCurve))
            );
            n += 1;
        }
    }
    for q in outside {
        assert_eq!(decode(q), Err(curve(CurveError::NotInSubgroup)));
        n += 1;
    }
    n
}

/// The first x values (c0 = k, and c1 = k too when `fp2`) with no y on the curve.
fn no_y<C: SwCurveConfig>(
    make: impl Fn(u64) -> C::Base,
    encode: impl Fn(&C::Base) -> Vec<u8>,
) -> Vec<Vec<u8>> {
    (0u64..)
        .map(make)
        .filter(|x| !bool::from((x.square() * *x + C::COEFF_B).is_square()))
        .take(4)
        .map(|x| encode(&x))
        .collect()
}

#[test]
fn public_key_from_bytes_matrix() {
    let pk = key(0).sk_to_pk();
    let neg = (-*pk.as_affine()).to_compressed();
    let decode = |b: &[u8]| PublicKey::from_bytes(b).map(|k| k.to_bytes().to_vec());
    let no_y = no_y::<G1Config>(ctt_field::bls12_381::Fp::from_u64, |x| {
        x.to_bytes_be().to_vec()
    });
    let mut outside_enc = Vec::new();
    for q in outside::<G1Config>(1) {
        outside_enc.push(q.to_compressed().to_vec());
        outside_enc.push((-q).to_compressed().to_vec());
    }
    let n = point_matrix(
        48,
        &decode,
        &pk.to_bytes(),
        &neg,
        Err(BlsError::IdentityPublicKey),
        &no_y,
        &outside_enc,
    );
    // 3 per length, 8 flags, 4 identity flags, 381 junk bits, 5·2 non-canonical, 4·2 no-y, 8.
    assert_eq!(n, 3 * 97 + 8 + 4 + 381 + 10 + 8 + 8);
    // The decoder is G1's checked compressed one, plus the identity check.
    assert_eq!(
        G1Affine::from_compressed(&pk.to_bytes()),
        Ok(*pk.as_affine())
    );
}

#[test]
fn signature_from_bytes_matrix() {
    let sig = key(1).sign(b"message");
    let neg = (-*sig.as_affine()).to_compressed();
    let decode = |b: &[u8]| Signature::from_bytes(b).map(|s| s.to_bytes().to_vec());
    let mut identity = vec![0u8; 96];
    identity[0] = 0xc0;
    let no_y = no_y::<G2Config>(
        |k| {
            let f = ctt_field::bls12_381::Fp::from_u64(k);
            ctt_field::bls12_381::Fp2::new(f, if k % 2 == 1 { f } else { Field::ZERO })
        },
        |x| [x.c1.to_bytes_be(), x.c0.to_bytes_be()].concat(),
    );
    let mut outside_enc = Vec::new();
    let out = outside::<G2Config>(2);
    for q in &out {
        outside_enc.push(q.to_compressed().to_vec());
        outside_enc.push((-*q).to_compressed().to_vec());
    }
    let n = point_matrix(
        96,
        &decode,
        &sig.to_bytes(),
        &neg,
        Ok(identity.clone()),
        &no_y,
        &outside_enc,
    );
    assert_eq!(n, 3 * 193 + 8 + 4 + 765 + 2 * 10 + 8 + 2 * out.len());
    assert!(Signature::from_bytes(&identity).unwrap().is_identity());
    assert_eq!(
        G2Affine::from_compressed(&sig.to_bytes()),
        Ok(*sig.as_affine())
    );
}

#[test]
fn secret_key_from_bytes_matrix() {
    let mut n = 0;
    let sk = key(2).to_bytes();
    let r = modulus::<ctt_field::bls12_381::Fr>();
    let twice = [sk, sk].concat();
    for len in 0..=64usize {
        for bytes in [&twice[..len], &vec![0u8; len][..], &vec![1u8; len][..]] {
            let got = SecretKey::from_bytes(bytes).map(|k| k.to_bytes());
            match len {
                32 if bytes.iter().all(|b| *b == 0) => {
                    assert_eq!(got.err(), Some(BlsError::InvalidSecretKey))
                }
                32 => assert_eq!(got.ok().map(|k| k.to_vec()), Some(bytes.to_vec())),
                _ => assert_eq!(got.err(), Some(BlsError::InvalidLength), "length {len}"),
            }
            n += 1;
        }
    }
    for v in [
        BigUint::from(0u8),
        r.clone(),
        &r + 1u8,
        &r + pow2(64),
        pow2(255),
        pow2(256) - 1u8,
    ] {
        assert_eq!(
            SecretKey::from_bytes(&be(&v, 32)).err(),
            Some(BlsError::InvalidSecretKey),
            "{v:x}"
        );
        n += 1;
    }
    for v in [BigUint::from(1u8), &r - 1u8] {
        let b = be(&v, 32);
        assert_eq!(SecretKey::from_bytes(&b).unwrap().to_bytes().to_vec(), b);
        n += 1;
    }
    // r = 0x73ed…: the top byte decides for the rest all ones (b < 0x73) or all zeros
    // (0 < b ≤ 0x73).
    for top in 0..=255u8 {
        let mut ones = [0xffu8; 32];
        ones[0] = top;
        assert_eq!(
            SecretKey::from_bytes(&ones).is_ok(),
            top < 0x73,
            "{top:#x} ff…"
        );
        let mut zeros = [0u8; 32];
        zeros[0] = top;
        assert_eq!(
            SecretKey::from_bytes(&zeros).is_ok(),
            top != 0 && top <= 0x73,
            "{top:#x} 00…"
        );
        n += 2;
    }
    // Key material: KeyGen and EIP-2333 need at least 32 bytes.
    let ikm = [0x5au8; 64];
    for len in 0..=64 {
        let (a, b) = (
            SecretKey::key_gen(&ikm[..len], b"").err(),
            SecretKey::derive_master_sk(&ikm[..len]).err(),
        );
        let want = (len < 32).then_some(BlsError::IkmTooShort);
        assert_eq!((a, b), (want, want), "ikm length {len}");
        n += 2;
    }
    assert_eq!(n, 3 * 65 + 6 + 2 + 512 + 2 * 65);
}

fn negated(pk: &PublicKey) -> PublicKey {
    PublicKey::from_bytes(&(-*pk.as_affine()).to_compressed()).unwrap()
}

#[test]
fn verification_matrix() {
    let pool = TestPool::new(2);
    let mut n = 0;
    let sks: Vec<SecretKey> = (10..14).map(key).collect();
    let pks: Vec<PublicKey> = sks.iter().map(|s| s.sk_to_pk()).collect();
    let msg: &[u8] = b"bad input";
    let sigs: Vec<Signature> = sks.iter().map(|s| s.sign(msg)).collect();
    let id_pk = aggregate_public_keys(&[pks[0], negated(&pks[0])]).unwrap();
    assert!(id_pk.is_identity());
    let mut id_bytes = [0u8; 96];
    id_bytes[0] = 0xc0;
    let id_sig = Signature::from_bytes(&id_bytes).unwrap();

    // Single verification and proofs of possession.
    assert_eq!(verify(&pks[0], msg, &sigs[0]), Ok(true));
    assert_eq!(
        verify(&id_pk, msg, &sigs[0]),
        Err(BlsError::IdentityPublicKey)
    );
    assert_eq!(
        verify(&id_pk, msg, &id_sig),
        Err(BlsError::IdentityPublicKey)
    );
    assert_eq!(verify(&pks[0], msg, &id_sig), Ok(false));
    assert_eq!(verify(&pks[0], b"", &id_sig), Ok(false));
    assert_eq!(
        pop_verify(&id_pk, &id_sig),
        Err(BlsError::IdentityPublicKey)
    );
    assert_eq!(pop_verify(&pks[0], &id_sig), Ok(false));
    n += 7;

    // Aggregation.
    assert_eq!(aggregate(&[]), Err(BlsError::EmptyInput));
    assert_eq!(aggregate_public_keys(&[]), Err(BlsError::EmptyInput));
    assert_eq!(eth_aggregate_pubkeys(&[]), Err(BlsError::EmptyInput));
    n += 3;
    for pos in 0..3 {
        let mut keys = pks[..3].to_vec();
        keys[pos] = id_pk;
        assert_eq!(
            aggregate_public_keys(&keys),
            Err(BlsError::IdentityPublicKey)
        );
        assert_eq!(
            eth_aggregate_pubkeys(&keys),
            Err(BlsError::IdentityPublicKey)
        );
        n += 2;
    }

    // FastAggregateVerify (and Ethereum's variant, and the parallel twin).
    let fav = |keys: &[PublicKey], sig: &Signature| {
        let serial = fast_aggregate_verify(keys, msg, sig);
        let parallel = pool.install(|| fast_aggregate_verify_parallel(keys, msg, sig));
        assert_eq!(serial, parallel);
        serial
    };
    let agg3 = aggregate(&sigs[..3]).unwrap();
    assert_eq!(fav(&pks[..3], &agg3), Ok(true));
    for sig in [&agg3, &id_sig] {
        assert_eq!(fav(&[], sig), Err(BlsError::EmptyInput));
        n += 1;
    }
    assert_eq!(eth_fast_aggregate_verify(&[], msg, &id_sig), Ok(true));
    assert_eq!(
        eth_fast_aggregate_verify(&[], msg, &agg3),
        Err(BlsError::EmptyInput)
    );
    assert_eq!(
        eth_fast_aggregate_verify(&pks[..3], msg, &id_sig),
        Ok(false)
    );
    assert_eq!(
        eth_fast_aggregate_verify(&[id_pk], msg, &id_sig),
        Err(BlsError::IdentityPublicKey)
    );
    n += 4;
    for pos in 0..3 {
        let mut keys = pks[..3].to_vec();
        keys[pos] = id_pk;
        assert_eq!(
            fav(&keys, &agg3),
            Err(BlsError::IdentityPublicKey),
            "pos {pos}"
        );
        n += 1;
    }
    // Keys that cancel, and the identity signature: well formed, not valid.
    let cancel = [pks[0], negated(&pks[0])];
    assert_eq!(fav(&cancel, &id_sig), Ok(false));
    assert_eq!(fav(&cancel, &agg3), Ok(false));
    assert_eq!(fav(&pks[..3], &id_sig), Ok(false));
    n += 3;

    // AggregateVerify: every pair of lengths up to 3 keys and 4 messages.
    let msgs: [&[u8]; 4] = [b"m0", b"m1", b"m2", b"m3"];
    let av = |keys: &[PublicKey], m: &[&[u8]], sig: &Signature| {
        let serial = aggregate_verify(keys, m, sig);
        let parallel = pool.install(|| aggregate_verify_parallel(keys, m, sig));
        assert_eq!(serial, parallel);
        serial
    };
    for k in 0..=3 {
        let sig = if k == 0 {
            id_sig
        } else {
            let s: Vec<Signature> = (0..k).map(|i| sks[i].sign(msgs[i])).collect();
            aggregate(&s).unwrap()
        };
        for m in 0..=4 {
            let want = if k == 0 {
                Err(BlsError::EmptyInput)
            } else if m != k {
                Err(BlsError::LengthMismatch)
            } else {
                Ok(true)
            };
            assert_eq!(
                av(&pks[..k], &msgs[..m], &sig),
                want,
                "{k} keys, {m} messages"
            );
            n += 1;
        }
        if k > 0 {
            assert_eq!(av(&pks[..k], &msgs[..k], &id_sig), Ok(false));
            for pos in 0..k {
                let mut keys = pks[..k].to_vec();
                keys[pos] = id_pk;
                assert_eq!(
                    av(&keys, &msgs[..k], &sig),
                    Err(BlsError::IdentityPublicKey)
                );
                n += 1;
            }
            n += 1;
        }
    }

    // Batch verification.
    let randomness = [7u8; 32];
    let bv = |sets: &[SignatureSet<'_>]| {
        let serial = batch_verify(sets, &randomness);
        let parallel = pool.install(|| batch_verify_parallel(sets, &randomness));
        assert_eq!(serial, parallel);
        serial
    };
    assert_eq!(bv(&[]), Err(BlsError::EmptyInput));
    n += 1;
    let good: Vec<SignatureSet<'_>> = (0..3)
        .map(|i| SignatureSet::new(pks[i], msg, sigs[i]))
        .collect();
    assert_eq!(bv(&good), Ok(true));
    for pos in 0..3 {
        let mut sets = good.clone();
        sets[pos].public_key = id_pk;
        assert_eq!(bv(&sets), Err(BlsError::IdentityPublicKey), "pos {pos}");
        sets[pos].signature = id_sig;
        assert_eq!(bv(&sets), Err(BlsError::IdentityPublicKey), "pos {pos}");
        let mut sets = good.clone();
        sets[pos].signature = id_sig;
        assert_eq!(bv(&sets), Ok(false), "pos {pos}");
        sets[pos].message = b"";
        assert_eq!(bv(&sets), Ok(false), "pos {pos}");
        n += 4;
    }
    assert_eq!(
        n,
        7 + 3 + 6 + 2 + 4 + 3 + 3 + 5 * 4 + (1 + 1) + (2 + 1) + (3 + 1) + 1 + 12
    );
}
