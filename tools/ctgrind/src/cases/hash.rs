//! ctt-hash: SHA-256 (portable rounds), HMAC-SHA-256 and HKDF, `expand_message_xmd`, and the
//! hashes of the EVM precompiles (Keccak-256, RIPEMD-160, the BLAKE2b F function).
//!
//! Secret inputs: message bytes and keys (BLS key generation feeds secret key material through
//! HMAC/HKDF and SHA-256; `expand_message_xmd` is constant time in the message as documented).
//! Lengths, the DST, BLAKE2b's round count and final flag are public. Oracles: published
//! known-answer vectors (FIPS 180-2 examples, RFC 4231, RFC 5869, RFC 9380 K.1, Keccak team /
//! RIPEMD-160 authors' examples, EIP-152 vector 5), plus the streaming and one-shot forms agreeing.
//!
//! SHA-256 backends: valgrind 3.19 cannot execute SHA-NI (`sha256rnds2` raises SIGILL under it)
//! and its emulated CPUID hides the SHA bit, so under valgrind the dispatcher runs the portable
//! rounds, and this case checks that it does (a harness silently running nothing would be worse).
//! The SHA-NI and ARMv8 SHA-2 kernels are straight-line code over vector registers with no
//! data-dependent branch or address by construction; they are compared with the portable rounds
//! natively (`cargo test -p ctt-ctgrind` runs this case on the host's backend as well, and
//! ctt-hash's `sha256_backends` tests). BLAKE2b's AVX2 kernel is checked under valgrind when its
//! CPUID reports AVX2 (valgrind executes AVX2).

use super::{Case, Kind, declassify, expect_eq, hex};
use crate::valgrind::secret;
use ctt_hash::sha256::backend as sha_backend;
use ctt_hash::{
    HmacSha256, Keccak256, Ripemd160, Sha256, expand_message_xmd, expand_message_xmd_parts,
    hkdf_expand, hkdf_extract, hmac_sha256, keccak256, ripemd160, sha256,
};

/// The cases of this module.
pub const CASES: &[Case] = &[
    Case {
        name: "hash-sha256",
        kind: Kind::Real,
        about: "SHA-256 one-shot, streaming and sha256_on(Portable) on secret messages of 0-112 bytes \
                (portable rounds: valgrind cannot run SHA-NI)",
        declassified: 0,
        run: sha256_case,
    },
    Case {
        name: "hash-hmac-hkdf",
        kind: Kind::Real,
        about: "HMAC-SHA-256 (short and hashed long key), HKDF-Extract/Expand on secret keys and IKM",
        declassified: 0,
        run: hmac_hkdf,
    },
    Case {
        name: "hash-xmd",
        kind: Kind::Real,
        about: "expand_message_xmd and expand_message_xmd_parts (SHA-256) on secret messages, 32- \
                and 128-byte outputs",
        declassified: 0,
        run: xmd,
    },
    Case {
        name: "hash-evm",
        kind: Kind::Real,
        about: "Keccak-256, keccak_f1600, RIPEMD-160, BLAKE2b F (portable, AVX2 and the \
                blake2b_f dispatcher) on secret inputs",
        declassified: 0,
        run: evm_hashes,
    },
];

/// FIPS 180-2 Appendix B examples and the empty string: 0, 3, 56 (padding spills into a second
/// block) and 112 bytes.
const SHA256_KAT: [(&str, &str); 4] = [
    (
        "",
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    ),
    (
        "abc",
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    ),
    (
        "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
    ),
    (
        "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
        "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1",
    ),
];

fn sha256_case() -> Result<(), String> {
    if crate::valgrind::running_on_valgrind() != 0 {
        expect_eq(
            "SHA-256 backend under valgrind",
            sha_backend::active(),
            sha_backend::Backend::Portable,
        )?;
    }
    for (msg, digest) in SHA256_KAT {
        let want: [u8; 32] = hex(digest).try_into().unwrap();
        let mut m = msg.as_bytes().to_vec();
        secret(&mut m[..]);
        let mut streamed = Sha256::new();
        let (a, b) = m.split_at(m.len() / 3);
        streamed.update(a);
        streamed.update(b);
        let mut got = [
            sha256(&m),
            streamed.finalize(),
            sha_backend::sha256_on(sha_backend::Backend::Portable, &m)
                .map_err(|e| e.to_string())?,
        ];
        // An empty message has nothing secret to carry.
        if !m.is_empty() {
            declassify("SHA-256", &mut got)?;
        }
        expect_eq(msg, got, [want; 3])?;
        // Natively, the hardware backends must agree too (under valgrind they are unavailable).
        for backend in sha_backend::ALL {
            if let Ok(mut d) = sha_backend::sha256_on(backend, &m) {
                crate::valgrind::public(&mut d);
                expect_eq(&format!("{backend:?} {msg}"), d, want)?;
            }
        }
    }
    Ok(())
}

fn hmac_hkdf() -> Result<(), String> {
    // RFC 4231 test case 2 (4-byte key) and 6 (131-byte key, hashed first); key and data secret.
    let cases = [
        (
            b"Jefe".to_vec(),
            b"what do ya want for nothing?".to_vec(),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
        ),
        (
            vec![0xaa; 131],
            b"Test Using Larger Than Block-Size Key - Hash Key First".to_vec(),
            "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54",
        ),
    ];
    for (mut key, mut data, tag) in cases {
        secret(&mut key[..]);
        secret(&mut data[..]);
        let mut mac = HmacSha256::new(&key);
        mac.update(&data[..5]);
        mac.update(&data[5..]);
        let mut got = [hmac_sha256(&key, &data), mac.finalize()];
        declassify("HMAC", &mut got)?;
        expect_eq(
            "HMAC-SHA-256",
            got.map(|d| d.to_vec()).to_vec(),
            vec![hex(tag); 2],
        )?;
    }
    // RFC 5869 test case 1: secret IKM for Extract, secret PRK for Expand (salt and info public).
    let salt = hex("000102030405060708090a0b0c");
    let info = hex("f0f1f2f3f4f5f6f7f8f9");
    let want_prk = hex("077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5");
    let want_okm =
        hex("3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865");
    let mut ikm = [0x0bu8; 22];
    secret(&mut ikm);
    let mut prk = hkdf_extract(&salt, &[&ikm[..10], &ikm[10..]]);
    let mut okm = [0u8; 42];
    hkdf_expand(&prk, &[&info[..4], &info[4..]], &mut okm).map_err(|e| e.to_string())?;
    declassify("OKM", &mut okm)?;
    declassify("PRK", &mut prk)?;
    expect_eq("HKDF-Extract", prk.to_vec(), want_prk)?;
    expect_eq("HKDF-Expand", okm.to_vec(), want_okm)
}

fn xmd() -> Result<(), String> {
    // RFC 9380 Appendix K.1 (expand_message_xmd, SHA-256, DST of 38 bytes).
    const DST: &[u8] = b"QUUX-V01-CS02-with-expander-SHA256-128";
    let vectors = [
        (
            "abc",
            "d8ccab23b5985ccea865c6c97b6e5b8350e794e603b4b97902f53a8a0d605615",
        ),
        (
            "abcdef0123456789",
            "ef904a29bffc4cf9ee82832451c946ac3c8f8058ae97d8d629831a74c6572bd9ebd0df635cd1f208e2038e760c4994984ce73f0d55ea9f22af83ba4734569d4bc95e18350f740c07eef653cbb9f87910d833751825f0ebefa1abe5420bb52be14cf489b37fe1a72f7de2d10be453b2c9d9eb20c7e3f6edc5a60629178d9478df",
        ),
    ];
    for (msg, uniform) in vectors {
        let want = hex(uniform);
        let mut m = msg.as_bytes().to_vec();
        secret(&mut m[..]);
        let mut out = vec![0u8; want.len()];
        expand_message_xmd(&m, DST, &mut out).map_err(|e| e.to_string())?;
        // The same message in two pieces (as BLS signing passes a prefix and the message).
        let mut parts = vec![0u8; want.len()];
        let (head, tail) = m.split_at(1);
        expand_message_xmd_parts(&[head, tail], DST, &mut parts).map_err(|e| e.to_string())?;
        declassify("uniform bytes", &mut out[..])?;
        declassify("uniform bytes (parts)", &mut parts[..])?;
        expect_eq(msg, out, want.clone())?;
        expect_eq(msg, parts, want)?;
    }
    Ok(())
}

fn evm_hashes() -> Result<(), String> {
    // Keccak-256 (original padding): "abc", and the 136-byte message of the Keccak team's
    // ShortMsgKAT_256 (exactly one rate block, so the padding fills a block of its own).
    let keccak = [
        (
            b"abc".to_vec(),
            "4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45",
        ),
        (
            hex(
                "b32d95b0b9aad2a8816de6d06d1f86008505bd8c14124f6e9a163b5a2ade55f835d0ec3880ef50700d3b25e42cc0af050ccd1be5e555b23087e04d7bf9813622780c7313a1954f8740b6ee2d3f71f768dd417f520482bd3a08d4f222b4ee9dbd015447b33507dd50f3ab4247c5de9a8abd62a8decea01e3b87c8b927f5b08beb37674c6f8e380c04",
            ),
            "e717a7769448abbe5fef8187954a88ac56ded1d22e63940ab80d029585a21921",
        ),
    ];
    for (mut m, digest) in keccak {
        secret(&mut m[..]);
        let mut h = Keccak256::new();
        let (a, b) = m.split_at(m.len() / 2);
        h.update(a);
        h.update(b);
        let mut got = [keccak256(&m), h.finalize()];
        declassify("Keccak-256", &mut got)?;
        expect_eq(
            "Keccak-256",
            got.map(|d| d.to_vec()).to_vec(),
            vec![hex(digest); 2],
        )?;
    }
    // RIPEMD-160: the examples of its authors' page.
    for (msg, digest) in [
        ("abc", "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc"),
        (
            "abcdefghijklmnopqrstuvwxyz",
            "f71c27109c692c1b56bbdceb5b9d2865b3708dbc",
        ),
    ] {
        let mut m = msg.as_bytes().to_vec();
        secret(&mut m[..]);
        let mut h = Ripemd160::new();
        h.update(&m[..2]);
        h.update(&m[2..]);
        let mut got = [ripemd160(&m), h.finalize()];
        declassify("RIPEMD-160", &mut got)?;
        expect_eq(
            "RIPEMD-160",
            got.map(|d| d.to_vec()).to_vec(),
            vec![hex(digest); 2],
        )?;
    }
    keccak_f_case()?;
    blake2f_case()
}

/// EIP-152 test vector 5 (12 rounds, final block): h, m and t secret; the round count and the
/// final flag stay public (they are the precompile's control inputs). Every backend by name, and
/// the dispatcher `blake2b_f` (whichever backend it selected under valgrind).
fn blake2f_case() -> Result<(), String> {
    use ctt_hash::blake2::backend::{ALL, blake2b_f_on, is_supported};
    let input = hex(
        "0000000c48c9bdf267e6096a3ba7ca8485ae67bb2bf894fe72f36e3cf1361d5f3af54fa5d182e6ad7f520e511f6c3e2b8c68059b6bbd41fbabd9831f79217e1319cde05b61626300000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000300000000000000000000000000000001",
    );
    let want = hex(
        "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923",
    );
    let words = |b: &[u8]| -> Vec<u64> {
        b.chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
            .collect()
    };
    let rounds = u32::from_be_bytes(input[..4].try_into().unwrap());
    let h0: [u64; 8] = words(&input[4..68]).try_into().unwrap();
    let m0: [u64; 16] = words(&input[68..196]).try_into().unwrap();
    let t0: [u64; 2] = words(&input[196..212]).try_into().unwrap();
    let f = input[212] == 1;
    let backends: Vec<_> = ALL.into_iter().filter(|b| is_supported(*b)).collect();
    // Which kernels ran (valgrind's CPUID decides whether AVX2 is seen), for the log.
    println!("hash-evm: BLAKE2b F checked on {backends:?}");
    for backend in backends.into_iter().map(Some).chain([None]) {
        let (mut h, mut m, mut t) = (h0, m0, t0);
        secret(&mut h);
        secret(&mut m);
        secret(&mut t);
        match backend {
            Some(b) => blake2b_f_on(b, rounds, &mut h, &m, t, f).map_err(|e| e.to_string())?,
            None => ctt_hash::blake2b_f(rounds, &mut h, &m, t, f),
        }
        declassify("BLAKE2b F", &mut h)?;
        let got: Vec<u8> = h.iter().flat_map(|w| w.to_le_bytes()).collect();
        let name = backend.map_or("dispatched".into(), |b| format!("{b:?}"));
        expect_eq(&format!("BLAKE2b F ({name})"), got, want.clone())?;
    }
    Ok(())
}

/// The Keccak-f permutation (`keccak_f1600`) on a secret state: the zero state (its first lane
/// is the Keccak team's published value) and a state from the seed, against the permutation of
/// a public copy.
fn keccak_f_case() -> Result<(), String> {
    use ctt_hash::keccak::keccak_f1600;
    let mut rng = super::Rng::new(171);
    let mut random = [0u64; 25];
    random.iter_mut().for_each(|w| *w = rng.next_u64());
    for state in [[0u64; 25], random] {
        let mut want = state;
        keccak_f1600(&mut want);
        let mut got = state;
        secret(&mut got);
        keccak_f1600(&mut got);
        declassify("Keccak-f[1600]", &mut got)?;
        expect_eq("Keccak-f[1600]", got, want)?;
    }
    let mut zero = [0u64; 25];
    keccak_f1600(&mut zero);
    expect_eq("Keccak-f[1600](0)[0]", zero[0], 0xf125_8f79_40e1_dde7)
}
