//! HMAC-SHA-256 against RFC 4231 §4 and HKDF-SHA-256 against RFC 5869 Appendix A (test cases
//! 1–3, the SHA-256 ones), plus the streaming/one-shot agreement and the Expand length limits.

use ctt_hash::HashError;
use ctt_hash::hmac::{HKDF_MAX_OUTPUT, HmacSha256, hkdf_expand, hkdf_extract, hmac_sha256};

fn h(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

#[test]
fn rfc4231_hmac_sha256() {
    let cases: [(Vec<u8>, Vec<u8>, &str); 5] = [
        // Test Case 1
        (
            vec![0x0b; 20],
            b"Hi There".to_vec(),
            "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7",
        ),
        // Test Case 2 (key shorter than the digest)
        (
            b"Jefe".to_vec(),
            b"what do ya want for nothing?".to_vec(),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
        ),
        // Test Case 3 (50 bytes of 0xdd)
        (
            vec![0xaa; 20],
            vec![0xdd; 50],
            "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe",
        ),
        // Test Case 6 (key longer than the block: hashed first)
        (
            vec![0xaa; 131],
            b"Test Using Larger Than Block-Size Key - Hash Key First".to_vec(),
            "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54",
        ),
        // Test Case 7
        (
            vec![0xaa; 131],
            b"This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.".to_vec(),
            "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2",
        ),
    ];
    for (key, data, want) in cases {
        assert_eq!(hmac_sha256(&key, &data).to_vec(), h(want));
        // Streaming in two pieces gives the same tag.
        let mut m = HmacSha256::new(&key);
        let (a, b) = data.split_at(data.len() / 3);
        m.update(a);
        m.update(b);
        assert_eq!(m.finalize().to_vec(), h(want));
    }
}

#[test]
fn rfc5869_hkdf_sha256() {
    struct Case {
        ikm: Vec<u8>,
        salt: Vec<u8>,
        info: Vec<u8>,
        prk: &'static str,
        okm: &'static str,
    }
    let cases = [
        // A.1 basic
        Case {
            ikm: vec![0x0b; 22],
            salt: h("000102030405060708090a0b0c"),
            info: h("f0f1f2f3f4f5f6f7f8f9"),
            prk: "077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5",
            okm: "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865",
        },
        // A.2 longer inputs and outputs
        Case {
            ikm: (0x00..0x50).collect(),
            salt: (0x60..0xb0).collect(),
            info: (0xb0..=0xff).collect(),
            prk: "06a6b88c5853361a06104c9ceb35b45cef760014904671014a193f40c15fc244",
            okm: "b11e398dc80327a1c8e7f78c596a49344f012eda2d4efad8a050cc4c19afa97c59045a99cac7827271cb41c65e590e09da3275600c2f09b8367793a9aca3db71cc30c58179ec3e87c14c01d5c1f3434f1d87",
        },
        // A.3 zero-length salt and info
        Case {
            ikm: vec![0x0b; 22],
            salt: vec![],
            info: vec![],
            prk: "19ef24a32c717b167f33a91d6f648bdf96596776afdb6377ac434c1c293ccb04",
            okm: "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8",
        },
    ];
    for c in cases {
        let prk = hkdf_extract(&c.salt, &[&c.ikm]);
        assert_eq!(prk.to_vec(), h(c.prk));
        // The IKM split into parts is the same IKM.
        let (a, b) = c.ikm.split_at(5);
        assert_eq!(hkdf_extract(&c.salt, &[a, b]), prk);
        let want = h(c.okm);
        let mut okm = vec![0u8; want.len()];
        hkdf_expand(&prk, &[&c.info], &mut okm).unwrap();
        assert_eq!(okm, want);
        // A shorter output is a prefix.
        let mut short = vec![0u8; 17];
        let (i1, i2) = c.info.split_at(c.info.len() / 2);
        hkdf_expand(&prk, &[i1, i2], &mut short).unwrap();
        assert_eq!(short[..], want[..17]);
    }
}

#[test]
fn hkdf_expand_length_limits() {
    let prk = [7u8; 32];
    let mut max = vec![0u8; HKDF_MAX_OUTPUT];
    assert_eq!(hkdf_expand(&prk, &[], &mut max), Ok(()));
    let mut over = vec![0u8; HKDF_MAX_OUTPUT + 1];
    assert_eq!(
        hkdf_expand(&prk, &[], &mut over),
        Err(HashError::TooManyBlocks)
    );
    assert_eq!(hkdf_expand(&prk, &[], &mut []), Err(HashError::EmptyOutput));
}
