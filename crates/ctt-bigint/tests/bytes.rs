//! Byte conversions of `BigInt` against num-bigint, for every input length from 0 to the
//! type's size (shorter inputs are zero-padded on the significant side) and one byte too many.

use ctt_bigint::BigInt;
use num_bigint::BigUint;
use proptest::prelude::*;

fn limbs_le_bytes<const N: usize>(x: &BigInt<N>) -> Vec<u8> {
    let mut out = vec![0u8; 8 * N];
    x.to_bytes_le(&mut out);
    out
}

fn check<const N: usize>(bytes: &[u8]) {
    let len = bytes.len();
    if len > 8 * N {
        assert!(BigInt::<N>::from_bytes_be(bytes).is_none());
        assert!(BigInt::<N>::from_bytes_le(bytes).is_none());
        return;
    }
    let be = BigInt::<N>::from_bytes_be(bytes).unwrap();
    let le = BigInt::<N>::from_bytes_le(bytes).unwrap();
    let want_be = BigUint::from_bytes_be(bytes);
    let want_le = BigUint::from_bytes_le(bytes);
    assert_eq!(
        BigUint::from_bytes_le(&limbs_le_bytes(&be)),
        want_be,
        "be, {len} bytes"
    );
    assert_eq!(
        BigUint::from_bytes_le(&limbs_le_bytes(&le)),
        want_le,
        "le, {len} bytes"
    );
    if len == 8 * N {
        let mut round = vec![0u8; len];
        be.to_bytes_be(&mut round);
        assert_eq!(round, bytes);
        le.to_bytes_le(&mut round);
        assert_eq!(round, bytes);
    }
}

proptest! {
    #[test]
    fn from_bytes_matches_num_bigint(bytes in proptest::collection::vec(any::<u8>(), 0..=49)) {
        check::<4>(&bytes);
        check::<6>(&bytes);
    }
}

#[test]
fn every_length_with_distinct_bytes() {
    let bytes: Vec<u8> = (1..=49).collect();
    for len in 0..=49 {
        check::<4>(&bytes[..len]);
        check::<6>(&bytes[..len]);
    }
}
