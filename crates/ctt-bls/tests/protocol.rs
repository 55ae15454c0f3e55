//! Protocol properties beyond the vectors: sign/verify round trips, proofs of possession and
//! their domain separation, aggregation corner cases (repeated messages, cancelling keys),
//! batch verification against individual verification (including the multi-block and
//! multi-thread splits), serial = parallel, typed errors, and no panic on arbitrary bytes.

mod support;
use support::TestPool;

use ctt_bls::*;
use ctt_curves::CurveError;
use ctt_curves::bls12_381::G1Affine;
use proptest::prelude::*;

fn key(i: u8) -> SecretKey {
    SecretKey::key_gen(&[i.wrapping_add(1); 32], b"ctt-bls tests").unwrap()
}

fn pool() -> TestPool {
    TestPool::new(2)
}

/// The negation of a key, through its encoding (a valid key: −PK is in G1 and not the identity).
fn negated(pk: &PublicKey) -> PublicKey {
    PublicKey::from_bytes(&(-*pk.as_affine()).to_compressed()).unwrap()
}

#[test]
fn sign_verify_round_trip_and_encodings() {
    for i in 0..3 {
        let sk = key(i);
        let pk = sk_to_pk(&sk);
        let msg = [i; 40];
        let sig = sign(&sk, &msg);
        assert_eq!(verify(&pk, &msg, &sig), Ok(true));
        assert_eq!(verify(&pk, &msg[1..], &sig), Ok(false));
        assert_eq!(verify(&sk_to_pk(&key(i + 1)), &msg, &sig), Ok(false));
        // Encodings round trip.
        assert_eq!(PublicKey::from_bytes(&pk.to_bytes()), Ok(pk));
        assert_eq!(Signature::from_bytes(&sig.to_bytes()), Ok(sig));
        assert_eq!(
            SecretKey::from_bytes(&sk.to_bytes()).unwrap().to_bytes(),
            sk.to_bytes()
        );
    }
}

#[test]
fn proof_of_possession() {
    let (sk, other) = (key(10), key(11));
    let pk = sk.sk_to_pk();
    let proof = pop_prove(&sk);
    assert_eq!(pop_verify(&pk, &proof), Ok(true));
    assert_eq!(pop_verify(&other.sk_to_pk(), &proof), Ok(false));
    // Domain separation: a signature on the key's bytes is not a proof, and vice versa.
    let sig_on_pk = sk.sign(&pk.to_bytes());
    assert_eq!(pop_verify(&pk, &sig_on_pk), Ok(false));
    assert_eq!(verify(&pk, &pk.to_bytes(), &proof), Ok(false));
}

#[test]
fn aggregation_corner_cases() {
    let sks: Vec<SecretKey> = (20..25).map(key).collect();
    let pks: Vec<PublicKey> = sks.iter().map(|s| s.sk_to_pk()).collect();
    let msg = b"same message";
    let sigs: Vec<Signature> = sks.iter().map(|s| s.sign(msg)).collect();
    let agg = aggregate(&sigs).unwrap();
    let pool = pool();
    for n in 1..=pks.len() {
        let a = aggregate(&sigs[..n]).unwrap();
        assert_eq!(fast_aggregate_verify(&pks[..n], msg, &a), Ok(true));
        assert_eq!(
            pool.install(|| fast_aggregate_verify_parallel(&pks[..n], msg, &a)),
            Ok(true)
        );
        // The aggregate key verifies the aggregate signature as a plain key.
        let apk = aggregate_public_keys(&pks[..n]).unwrap();
        assert_eq!(verify(&apk, msg, &a), Ok(true));
        assert_eq!(eth_aggregate_pubkeys(&pks[..n]), Ok(apk));
    }
    assert_eq!(fast_aggregate_verify(&pks[..4], msg, &agg), Ok(false));

    // Keys that cancel: the aggregate is the identity, which verifies nothing.
    let cancel = [pks[0], negated(&pks[0])];
    let identity_sig = aggregate(&[
        sigs[0],
        Signature::from_bytes(&(-*sigs[0].as_affine()).to_compressed()).unwrap(),
    ])
    .unwrap();
    assert!(identity_sig.is_identity());
    assert_eq!(
        fast_aggregate_verify(&cancel, msg, &identity_sig),
        Ok(false)
    );
    assert_eq!(
        pool.install(|| fast_aggregate_verify_parallel(&cancel, msg, &identity_sig)),
        Ok(false)
    );
    let apk = aggregate_public_keys(&cancel).unwrap();
    assert!(apk.is_identity());
    assert_eq!(
        verify(&apk, msg, &identity_sig),
        Err(BlsError::IdentityPublicKey)
    );
    assert_eq!(
        aggregate_public_keys(&[apk]),
        Err(BlsError::IdentityPublicKey)
    );

    // eth_fast_aggregate_verify: only the empty list with the identity signature is special.
    assert_eq!(eth_fast_aggregate_verify(&[], msg, &identity_sig), Ok(true));
    assert_eq!(
        eth_fast_aggregate_verify(&[], msg, &agg),
        Err(BlsError::EmptyInput)
    );
    assert_eq!(
        fast_aggregate_verify(&[], msg, &identity_sig),
        Err(BlsError::EmptyInput)
    );

    // AggregateVerify, with a repeated message (allowed by the proof-of-possession scheme).
    let msgs: [&[u8]; 5] = [b"a", b"b", b"a", b"c", b"d"];
    let sigs: Vec<Signature> = sks.iter().zip(msgs).map(|(s, m)| s.sign(m)).collect();
    let agg = aggregate(&sigs).unwrap();
    assert_eq!(aggregate_verify(&pks, &msgs, &agg), Ok(true));
    assert_eq!(
        pool.install(|| aggregate_verify_parallel(&pks, &msgs, &agg)),
        Ok(true)
    );
    let swapped: [&[u8]; 5] = [b"b", b"a", b"a", b"c", b"d"];
    assert_eq!(aggregate_verify(&pks, &swapped, &agg), Ok(false));
    assert_eq!(
        pool.install(|| aggregate_verify_parallel(&pks, &swapped, &agg)),
        Ok(false)
    );
    assert_eq!(
        aggregate_verify(&pks, &msgs[..4], &agg),
        Err(BlsError::LengthMismatch)
    );
    assert_eq!(aggregate_verify(&[], &[], &agg), Err(BlsError::EmptyInput));
    assert_eq!(aggregate(&[]), Err(BlsError::EmptyInput));
    assert_eq!(eth_aggregate_pubkeys(&[]), Err(BlsError::EmptyInput));
}

/// More sets than one block of 16 and than one run per thread; messages of varied lengths.
#[test]
fn batch_verify_against_individual_verification() {
    let n = 37;
    let sks: Vec<SecretKey> = (0..n).map(|i| key(100 + i as u8)).collect();
    let msgs: Vec<Vec<u8>> = (0..n).map(|i| vec![i as u8; i % 7 + 1]).collect();
    let pks: Vec<PublicKey> = sks.iter().map(|s| s.sk_to_pk()).collect();
    let mut sigs: Vec<Signature> = sks.iter().zip(&msgs).map(|(s, m)| s.sign(m)).collect();
    let pool = pool();
    let sets = |sigs: &[Signature]| -> Vec<SignatureSet<'_>> {
        (0..n)
            .map(|i| SignatureSet::new(pks[i], &msgs[i], sigs[i]))
            .collect()
    };
    let randomness = [42u8; 32];
    assert_eq!(batch_verify(&sets(&sigs), &randomness), Ok(true));
    assert_eq!(
        pool.install(|| batch_verify_parallel(&sets(&sigs), &randomness)),
        Ok(true)
    );
    for k in 1..n {
        let s = &sets(&sigs)[..k];
        assert_eq!(batch_verify(s, &[k as u8; 32]), Ok(true), "first {k} sets");
    }
    // One bad signature anywhere (here: in the last block, then the first) fails the batch.
    for bad in [n - 1, 0, 17] {
        let good = sigs[bad];
        sigs[bad] = sks[bad].sign(b"another message");
        assert_eq!(verify(&pks[bad], &msgs[bad], &sigs[bad]), Ok(false));
        assert_eq!(
            batch_verify(&sets(&sigs), &randomness),
            Ok(false),
            "bad {bad}"
        );
        assert_eq!(
            pool.install(|| batch_verify_parallel(&sets(&sigs), &randomness)),
            Ok(false)
        );
        sigs[bad] = good;
    }
    // Two signatures swapped between sets: each set is wrong, the sum of signatures is not.
    sigs.swap(3, 4);
    assert_eq!(batch_verify(&sets(&sigs), &randomness), Ok(false));
    sigs.swap(3, 4);
    assert_eq!(batch_verify(&[], &randomness), Err(BlsError::EmptyInput));
    assert_eq!(
        pool.install(|| batch_verify_parallel(&[], &randomness)),
        Err(BlsError::EmptyInput)
    );
}

#[test]
fn typed_errors_on_bad_lengths() {
    assert_eq!(
        PublicKey::from_bytes(&[0u8; 47]),
        Err(BlsError::InvalidLength)
    );
    assert_eq!(
        PublicKey::from_bytes(&[0u8; 96]),
        Err(BlsError::InvalidLength)
    );
    assert_eq!(
        Signature::from_bytes(&[0u8; 48]),
        Err(BlsError::InvalidLength)
    );
    assert_eq!(Signature::from_bytes(&[]), Err(BlsError::InvalidLength));
    // Points on the curve but outside the subgroup: small x with the compression flag (most x
    // with a square x³ + 4 give such points, as the cofactor is large).
    let mut off_subgroup = 0;
    for x in 1u8..40 {
        let mut b = [0u8; 48];
        b[0] = 0x80;
        b[47] = x;
        if G1Affine::from_compressed_unchecked(&b).is_ok() {
            assert_eq!(
                PublicKey::from_bytes(&b),
                Err(BlsError::Curve(CurveError::NotInSubgroup))
            );
            off_subgroup += 1;
        }
    }
    assert!(off_subgroup > 0);
    let mut identity = [0u8; 48];
    identity[0] = 0xc0;
    assert_eq!(
        PublicKey::from_bytes(&identity),
        Err(BlsError::IdentityPublicKey)
    );
    assert!(BlsError::IdentityPublicKey.to_string().contains("identity"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Arbitrary bytes never panic the decoders; what decodes re-encodes to the same bytes.
    #[test]
    fn decoders_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..100), flags in 0u8..8) {
        let mut b = bytes;
        if let Some(first) = b.first_mut() {
            *first = (*first & 0x1f) | (flags << 5);
        }
        if let Ok(pk) = PublicKey::from_bytes(&b) {
            prop_assert_eq!(pk.to_bytes().to_vec(), b.clone());
        }
        if let Ok(sig) = Signature::from_bytes(&b) {
            prop_assert_eq!(sig.to_bytes().to_vec(), b.clone());
        }
        if let Ok(sk) = SecretKey::from_bytes(&b) {
            prop_assert_eq!(sk.to_bytes().to_vec(), b);
        }
    }
}
