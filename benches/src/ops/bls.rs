//! BLS signatures (ciphersuite `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_`, keys in G1):
//! `sign`, `verify`, `fast_aggregate_verify` (n = 128), `aggregate_verify` and
//! `batch_verify_with_blinding` (n = 6, 60, 180), against blst's Rust API (`blst::min_pk`).
//!
//! blst's Rust binding runs its verification calls (`Signature::verify`, `aggregate_verify`,
//! `verify_multiple_aggregate_signatures`, …) on its own global thread pool, sized to the
//! machine's cores whatever `--threads` says, and the serial runs time this thread's CPU only.
//! So the contenders are:
//! * serial runs (`--threads 1`): `blst` = the same C routines driven on the calling thread
//!   through blst's `Pairing` API, exactly as each pool worker does
//!   (`blst_pairing_chk_n_aggr_pk_in_g1` / `…_mul_n_aggr…`, `commit`, `finalverify`);
//! * parallel runs (wall clock): `blst` = the Rust API call a user makes, on blst's pool, and
//!   `blst-serial` = the serial drive above.
//!
//! `sign` is serial in blst, and is its Rust API in both.
//!
//! With `--threads N > 1` our contender is the `*_parallel` twin on the runner's pool of N.
//! Inputs are already decoded on every side (keys KeyValidate'd, signatures subgroup-checked
//! at decoding), so the timed calls skip validation alike (`pk_validate = sig_groupcheck =
//! false` for blst). Agreement check: every contender's boolean on the first input, which is a
//! valid instance (the suites' invalid cases are covered by ctt-bls's tests).

use crate::registry::{Bench, Contender, Op, Setup, contender};
use blst::BLST_ERROR;
use blst::min_pk as bm;
use ctt_bls as ours;

/// The ciphersuite DST (blst takes it per call).
const DST: &[u8] = ours::DST;
/// Instances per (operation, size): the routine cycles through them.
const INPUTS: usize = 4;

/// Registers the BLS operations.
pub fn register(ops: &mut Vec<Op>) {
    ops.push(Op::single("sign", sign));
    ops.push(Op::single("verify", verify));
    ops.push(Op {
        name: "fast_aggregate_verify",
        size: Some(128),
        build: fast_aggregate_verify,
    });
    for n in [6, 60, 180] {
        ops.push(Op {
            name: "aggregate_verify",
            size: Some(n),
            build: aggregate_verify,
        });
    }
    for n in [6, 60, 180] {
        ops.push(Op {
            name: "batch_verify_with_blinding",
            size: Some(n),
            build: batch_verify,
        });
    }
}

/// 32 random bytes.
fn bytes32(s: &mut Setup) -> [u8; 32] {
    let mut out = [0u8; 32];
    for c in out.chunks_mut(8) {
        c.copy_from_slice(&s.rng.next_u64().to_le_bytes());
    }
    out
}

/// A key pair on both sides.
struct Signer {
    sk: ours::SecretKey,
    pk: ours::PublicKey,
    bsk: bm::SecretKey,
    bpk: bm::PublicKey,
}

fn signer(s: &mut Setup) -> Signer {
    let ikm = bytes32(s);
    let sk = ours::SecretKey::key_gen(&ikm, b"").expect("32-byte ikm");
    let bsk = bm::SecretKey::key_gen(&ikm, b"").expect("32-byte ikm");
    assert_eq!(sk.to_bytes(), bsk.to_bytes(), "KeyGen disagrees with blst");
    let pk = sk.sk_to_pk();
    let bpk = bm::PublicKey::from_bytes(&pk.to_bytes()).expect("valid key");
    Signer { sk, pk, bsk, bpk }
}

fn bsig(sig: &ours::Signature) -> bm::Signature {
    bm::Signature::from_bytes(&sig.to_bytes()).expect("valid signature")
}

fn ok(b: &bool) -> Vec<u8> {
    vec![*b as u8]
}

fn blst_ok(e: &BLST_ERROR) -> Vec<u8> {
    vec![(*e == BLST_ERROR::BLST_SUCCESS) as u8]
}

/// One term of blst's pairing accumulator: key, signature (on one term), message, blinding.
type BlstItem<'a> = (
    bm::PublicKey,
    Option<bm::Signature>,
    &'a [u8],
    Option<[u8; 8]>,
);

/// blst's pairing accumulator run on this thread: `(pk, sig, msg, optional 64-bit scalar)`.
fn blst_serial(items: &[BlstItem<'_>]) -> bool {
    let mut ctx = blst::Pairing::new(true, DST);
    for (pk, sig, msg, r) in items {
        let pk: &blst::blst_p1_affine = pk.into();
        let sig: &dyn std::any::Any = match sig {
            Some(s) => <&blst::blst_p2_affine>::from(s),
            None => &(),
        };
        let e = match r {
            None => ctx.aggregate(pk, false, sig, false, msg, &[]),
            Some(r) => ctx.mul_n_aggregate(pk, false, sig, false, r, 64, msg, &[]),
        };
        if e != BLST_ERROR::BLST_SUCCESS {
            return false;
        }
    }
    ctx.commit();
    ctx.finalverify(None)
}

/// The blst contenders for a run (see the module documentation).
fn blst_pair(s: &Setup, pool_api: Contender, serial: Contender) -> Vec<Contender> {
    if s.ctx.threads > 1 {
        vec![pool_api, serial]
    } else {
        vec![Contender {
            name: "blst",
            ..serial
        }]
    }
}

fn sign(s: &mut Setup) -> Bench {
    let signers: Vec<Signer> = (0..INPUTS).map(|_| signer(s)).collect();
    let msgs: Vec<[u8; 32]> = (0..INPUTS).map(|_| bytes32(s)).collect();
    let ours_in: Vec<_> = (0..INPUTS)
        .map(|i| {
            (
                ours::SecretKey::from_bytes(&signers[i].sk.to_bytes()).unwrap(),
                msgs[i],
            )
        })
        .collect();
    let blst_in: Vec<_> = (0..INPUTS)
        .map(|i| (signers[i].bsk.clone(), msgs[i]))
        .collect();
    let o = contender(
        "ours",
        ours_in,
        |(sk, m)| sk.sign(m),
        |sig| sig.to_bytes().to_vec(),
    );
    let b = contender(
        "blst",
        blst_in,
        |(sk, m)| sk.sign(m, DST, &[]),
        |sig| sig.to_bytes().to_vec(),
    );
    Bench::checked(s, o, vec![b])
}

/// `(signer, message, signature)` instances.
fn signed(s: &mut Setup) -> Vec<(ours::PublicKey, bm::PublicKey, [u8; 32], ours::Signature)> {
    (0..INPUTS)
        .map(|_| {
            let k = signer(s);
            let m = bytes32(s);
            let sig = k.sk.sign(&m);
            (k.pk, k.bpk, m, sig)
        })
        .collect()
}

fn verify(s: &mut Setup) -> Bench {
    let v = signed(s);
    let ours_in: Vec<_> = v.iter().map(|(pk, _, m, sig)| (*pk, *m, *sig)).collect();
    let blst_in: Vec<_> = v
        .iter()
        .map(|(_, bpk, m, sig)| (*bpk, *m, bsig(sig)))
        .collect();
    let o = contender(
        "ours",
        ours_in,
        |(pk, m, sig)| ours::verify(pk, m, sig).unwrap(),
        ok,
    );
    let b = contender(
        "blst",
        blst_in.clone(),
        |(pk, m, sig)| sig.verify(false, m, DST, &[], pk, false),
        blst_ok,
    );
    let bs = contender(
        "blst-serial",
        blst_in,
        |(pk, m, sig)| blst_serial(&[(*pk, Some(*sig), m, None)]),
        ok,
    );
    Bench::checked(s, o, blst_pair(s, b, bs))
}

fn fast_aggregate_verify(s: &mut Setup) -> Bench {
    let n = s.size.expect("sized");
    let parallel = s.ctx.threads > 1;
    let mut ours_in = Vec::new();
    let mut blst_in = Vec::new();
    for _ in 0..INPUTS {
        let signers: Vec<Signer> = (0..n).map(|_| signer(s)).collect();
        let m = bytes32(s);
        let sigs: Vec<_> = signers.iter().map(|k| k.sk.sign(&m)).collect();
        let agg = ours::aggregate(&sigs).unwrap();
        ours_in.push((signers.iter().map(|k| k.pk).collect::<Vec<_>>(), m, agg));
        blst_in.push((
            signers.iter().map(|k| k.bpk).collect::<Vec<_>>(),
            m,
            bsig(&agg),
        ));
    }
    let o = contender(
        "ours",
        ours_in,
        move |(pks, m, sig)| {
            if parallel {
                ours::fast_aggregate_verify_parallel(pks, m, sig).unwrap()
            } else {
                ours::fast_aggregate_verify(pks, m, sig).unwrap()
            }
        },
        ok,
    );
    let b = contender(
        "blst",
        blst_in.clone(),
        |(pks, m, sig)| {
            let refs: Vec<&bm::PublicKey> = pks.iter().collect();
            sig.fast_aggregate_verify(false, m, DST, &refs)
        },
        blst_ok,
    );
    let bs = contender(
        "blst-serial",
        blst_in,
        |(pks, m, sig)| {
            let refs: Vec<&bm::PublicKey> = pks.iter().collect();
            let apk = bm::AggregatePublicKey::aggregate(&refs, false).expect("non-empty");
            blst_serial(&[(apk.to_public_key(), Some(*sig), m, None)])
        },
        ok,
    );
    Bench::checked(s, o, blst_pair(s, b, bs))
}

/// `n` signers, each with their own message.
struct Batch {
    pks: Vec<ours::PublicKey>,
    bpks: Vec<bm::PublicKey>,
    msgs: Vec<[u8; 32]>,
    sigs: Vec<ours::Signature>,
}

fn batch(s: &mut Setup, n: usize) -> Batch {
    let signers: Vec<Signer> = (0..n).map(|_| signer(s)).collect();
    let msgs: Vec<[u8; 32]> = (0..n).map(|_| bytes32(s)).collect();
    let sigs = signers
        .iter()
        .zip(&msgs)
        .map(|(k, m)| k.sk.sign(m))
        .collect();
    Batch {
        pks: signers.iter().map(|k| k.pk).collect(),
        bpks: signers.iter().map(|k| k.bpk).collect(),
        msgs,
        sigs,
    }
}

fn aggregate_verify(s: &mut Setup) -> Bench {
    let n = s.size.expect("sized");
    let parallel = s.ctx.threads > 1;
    let v: Vec<Batch> = (0..INPUTS).map(|_| batch(s, n)).collect();
    let ours_in: Vec<_> = v
        .iter()
        .map(|b| {
            (
                b.pks.clone(),
                b.msgs.clone(),
                ours::aggregate(&b.sigs).unwrap(),
            )
        })
        .collect();
    let blst_in: Vec<_> = v
        .iter()
        .map(|b| {
            (
                b.bpks.clone(),
                b.msgs.clone(),
                bsig(&ours::aggregate(&b.sigs).unwrap()),
            )
        })
        .collect();
    let o = contender(
        "ours",
        ours_in,
        move |(pks, msgs, sig)| {
            let m: Vec<&[u8]> = msgs.iter().map(|m| m.as_slice()).collect();
            if parallel {
                ours::aggregate_verify_parallel(pks, &m, sig).unwrap()
            } else {
                ours::aggregate_verify(pks, &m, sig).unwrap()
            }
        },
        ok,
    );
    let b = contender(
        "blst",
        blst_in.clone(),
        |(pks, msgs, sig)| {
            let m: Vec<&[u8]> = msgs.iter().map(|m| m.as_slice()).collect();
            let refs: Vec<&bm::PublicKey> = pks.iter().collect();
            sig.aggregate_verify(false, &m, DST, &refs, false)
        },
        blst_ok,
    );
    let bs = contender(
        "blst-serial",
        blst_in,
        |(pks, msgs, sig)| {
            let items: Vec<_> = pks
                .iter()
                .zip(msgs)
                .enumerate()
                .map(|(i, (pk, m))| (*pk, (i == 0).then_some(*sig), m.as_slice(), None))
                .collect();
            blst_serial(&items)
        },
        ok,
    );
    Bench::checked(s, o, blst_pair(s, b, bs))
}

fn batch_verify(s: &mut Setup) -> Bench {
    let n = s.size.expect("sized");
    let parallel = s.ctx.threads > 1;
    let v: Vec<(Batch, [u8; 32])> = (0..INPUTS).map(|_| (batch(s, n), bytes32(s))).collect();
    // blst takes the blinding scalars from the caller; derive them from the same randomness
    // (64 bits each, as ours: the cost is what is compared, not the derivation).
    let blst_in: Vec<_> = v
        .iter()
        .map(|(b, r)| {
            let rands: Vec<[u8; 8]> = (0..n)
                .map(|i| {
                    let mut x = *r;
                    x[0] ^= i as u8;
                    x[1] ^= (i >> 8) as u8;
                    ctt_hash::sha256(&x)[..8].try_into().unwrap()
                })
                .collect();
            let sigs: Vec<bm::Signature> = b.sigs.iter().map(bsig).collect();
            (b.bpks.clone(), b.msgs.clone(), sigs, rands)
        })
        .collect();
    let ours_in: Vec<_> = v
        .into_iter()
        .map(|(b, r)| (b.pks, b.msgs, b.sigs, r))
        .collect();
    let o = contender(
        "ours",
        ours_in,
        move |(pks, msgs, sigs, r)| {
            let sets: Vec<_> = (0..pks.len())
                .map(|i| ours::SignatureSet::new(pks[i], &msgs[i], sigs[i]))
                .collect();
            if parallel {
                ours::batch_verify_parallel(&sets, r).unwrap()
            } else {
                ours::batch_verify(&sets, r).unwrap()
            }
        },
        ok,
    );
    let b = contender(
        "blst",
        blst_in.clone(),
        |(pks, msgs, sigs, rands)| {
            let m: Vec<&[u8]> = msgs.iter().map(|m| m.as_slice()).collect();
            let p: Vec<&bm::PublicKey> = pks.iter().collect();
            let s: Vec<&bm::Signature> = sigs.iter().collect();
            let r: Vec<blst::blst_scalar> = rands
                .iter()
                .map(|x| {
                    let mut sc = blst::blst_scalar::default();
                    sc.b[..8].copy_from_slice(x);
                    sc
                })
                .collect();
            bm::Signature::verify_multiple_aggregate_signatures(
                &m, DST, &p, false, &s, false, &r, 64,
            )
        },
        blst_ok,
    );
    let bs = contender(
        "blst-serial",
        blst_in,
        |(pks, msgs, sigs, rands)| {
            let items: Vec<_> = (0..pks.len())
                .map(|i| (pks[i], Some(sigs[i]), msgs[i].as_slice(), Some(rands[i])))
                .collect();
            blst_serial(&items)
        },
        ok,
    );
    Bench::checked(s, o, blst_pair(s, b, bs))
}
