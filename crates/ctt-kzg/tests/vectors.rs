//! The official EIP-4844 vectors of ethereum/cryptography-specs (`tests/kzg/`, stored under
//! `tests/vectors/cryptography-specs/kzg/`), one runner per function.
//!
//! Inputs are hex strings of any length; one that does not fit its fixed-size type (`Blob`,
//! `Bytes32`, `Bytes48`) counts as rejected, as it would be by the caller's conversion. Expected
//! outputs: bytes must match exactly; `true`/`false` must be `Ok(true)`/`Ok(false)` exactly
//! (so a runner cannot pass by rejecting everything); `null` must be an error. The parallel twins
//! run on a 2-thread pool and must answer the same, and commitments and proofs are also computed
//! without fixed-base tables.

mod support;
use support::TestPool;

use ctt_kzg::*;
use serde_json::Value;
use std::path::PathBuf;
use std::sync::OnceLock;

fn cases(function: &str) -> Vec<(String, Value)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/vectors/cryptography-specs/kzg")
        .join(function);
    let mut v: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| {
            let p = e.unwrap().path();
            p.is_dir().then(|| {
                let name = p.file_name().unwrap().to_string_lossy().into_owned();
                let data = std::fs::read(p.join("data.json")).unwrap();
                (name, serde_json::from_slice(&data).unwrap())
            })
        })
        .collect();
    v.sort_by(|a, b| a.0.cmp(&b.0));
    v
}

/// Runs `f` on every case, checking that there are at least `min` of them.
fn each(function: &str, min: usize, mut f: impl FnMut(&str, &Value, &Value)) {
    let cases = cases(function);
    assert!(
        cases.len() >= min,
        "{function}: {} cases, expected at least {min}",
        cases.len()
    );
    for (name, data) in &cases {
        f(name, &data["input"], &data["output"]);
    }
}

fn bytes(v: &Value) -> Vec<u8> {
    let s = v.as_str().expect("hex string");
    hex::decode(s.strip_prefix("0x").unwrap_or(s)).expect("valid hex")
}

/// The input as a fixed-size array, or `None` when its length is wrong.
fn fixed<const N: usize>(v: &Value) -> Option<Box<[u8; N]>> {
    bytes(v).into_boxed_slice().try_into().ok()
}

fn no_tables() -> &'static KzgSettings {
    static S: OnceLock<KzgSettings> = OnceLock::new();
    S.get_or_init(|| KzgSettings::mainnet_with_precompute(Precompute::None).unwrap())
}

fn pool() -> TestPool {
    TestPool::new(2)
}

/// Checks a byte-valued result against the expected output (`null`: an error).
fn expect_bytes(name: &str, got: Option<Vec<u8>>, want: &Value) {
    match (got, want.is_null()) {
        (None, true) => {}
        (Some(g), false) => assert_eq!(g, bytes(want), "{name}"),
        (g, _) => panic!("{name}: got {g:?}, expected {want}"),
    }
}

/// Checks a boolean result against the expected output (`null`: an error).
fn expect_bool(name: &str, got: Option<Result<bool, KzgError>>, want: &Value) {
    match (got, want) {
        (Some(Ok(g)), Value::Bool(w)) => assert_eq!(g, *w, "{name}"),
        (None | Some(Err(_)), Value::Null) => {}
        (g, w) => panic!("{name}: got {g:?}, expected {w}"),
    }
}

#[test]
fn blob_to_kzg_commitment() {
    each("blob_to_kzg_commitment", 8, |name, input, output| {
        for s in [KzgSettings::mainnet(), no_tables()] {
            let got = fixed::<BYTES_PER_BLOB>(&input["blob"])
                .and_then(|b| s.blob_to_kzg_commitment(&b).ok())
                .map(|c| c.to_vec());
            expect_bytes(name, got, output);
        }
    });
}

#[test]
fn compute_kzg_proof() {
    each("compute_kzg_proof", 27, |name, input, output| {
        for s in [KzgSettings::mainnet(), no_tables()] {
            let got = (|| {
                let blob = fixed::<BYTES_PER_BLOB>(&input["blob"])?;
                let z = fixed::<32>(&input["z"])?;
                s.compute_kzg_proof(&blob, &z).ok()
            })();
            match (got, output) {
                (None, Value::Null) => {}
                (Some((proof, y)), Value::Array(want)) => {
                    assert_eq!(proof.to_vec(), bytes(&want[0]), "{name}: proof");
                    assert_eq!(y.to_vec(), bytes(&want[1]), "{name}: y");
                }
                (g, w) => panic!("{name}: got {g:?}, expected {w}"),
            }
        }
    });
}

#[test]
fn compute_blob_kzg_proof() {
    each("compute_blob_kzg_proof", 10, |name, input, output| {
        let got = (|| {
            let blob = fixed::<BYTES_PER_BLOB>(&input["blob"])?;
            let c = fixed::<48>(&input["commitment"])?;
            KzgSettings::mainnet()
                .compute_blob_kzg_proof(&blob, &c)
                .ok()
                .map(|p| p.to_vec())
        })();
        expect_bytes(name, got, output);
    });
}

#[test]
fn compute_challenge() {
    each("compute_challenge", 6, |name, input, output| {
        let blob = fixed::<BYTES_PER_BLOB>(&input["blob"]).expect("valid blob length");
        let c = fixed::<48>(&input["commitment"]).expect("valid commitment length");
        let got = ctt_kzg::compute_challenge(&blob, &c);
        expect_bytes(name, Some(got.to_vec()), output);
    });
}

#[test]
fn verify_kzg_proof() {
    let mut decided = 0;
    each("verify_kzg_proof", 82, |name, input, output| {
        let got = (|| {
            let c = fixed::<48>(&input["commitment"])?;
            let z = fixed::<32>(&input["z"])?;
            let y = fixed::<32>(&input["y"])?;
            let p = fixed::<48>(&input["proof"])?;
            Some(KzgSettings::mainnet().verify_kzg_proof(&c, &z, &y, &p))
        })();
        decided += matches!(got, Some(Ok(_))) as usize;
        expect_bool(name, got, output);
    });
    assert!(decided >= 40, "most cases are well formed: {decided}");
}

#[test]
fn verify_blob_kzg_proof() {
    each("verify_blob_kzg_proof", 20, |name, input, output| {
        let got = (|| {
            let blob = fixed::<BYTES_PER_BLOB>(&input["blob"])?;
            let c = fixed::<48>(&input["commitment"])?;
            let p = fixed::<48>(&input["proof"])?;
            Some(KzgSettings::mainnet().verify_blob_kzg_proof(&blob, &c, &p))
        })();
        expect_bool(name, got, output);
    });
}

#[test]
fn verify_blob_kzg_proof_batch() {
    let pool = pool();
    each("verify_blob_kzg_proof_batch", 11, |name, input, output| {
        let list = |key: &str| input[key].as_array().expect("a list").clone();
        let parsed = (|| {
            let blobs = list("blobs")
                .iter()
                .map(|b| fixed::<BYTES_PER_BLOB>(b).map(|b| *b))
                .collect::<Option<Vec<_>>>()?;
            let cs = list("commitments")
                .iter()
                .map(|c| fixed::<48>(c).map(|c| *c))
                .collect::<Option<Vec<_>>>()?;
            let ps = list("proofs")
                .iter()
                .map(|p| fixed::<48>(p).map(|p| *p))
                .collect::<Option<Vec<_>>>()?;
            Some((blobs, cs, ps))
        })();
        let s = KzgSettings::mainnet();
        let serial = parsed
            .as_ref()
            .map(|(b, c, p)| s.verify_blob_kzg_proof_batch(b, c, p));
        let parallel = parsed
            .as_ref()
            .map(|(b, c, p)| pool.install(|| s.verify_blob_kzg_proof_batch_parallel(b, c, p)));
        assert_eq!(serial, parallel, "{name}: serial and parallel differ");
        expect_bool(name, serial, output);
    });
}
