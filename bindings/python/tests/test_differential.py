"""Differential tests against the libraries ctt replaces, on random inputs: ckzg (c-kzg-4844's
binding) for every KZG/PeerDAS function and py_ecc's G2ProofOfPossession for BLS -- identical
bytes and identical verdicts, including for corrupted inputs. Skipped when the peers are not
installed (pip install ckzg py_ecc)."""

import random

import pytest

import ctt.bls as bls
import ctt.kzg as ctt_kzg
from conftest import TRUSTED_SETUP_TXT

ckzg = pytest.importorskip("ckzg")
R = 0x73EDA753299D7D483339D80809A1D80553BDA402FFFE5BFEFFFFFFFF00000001
rng = random.Random(2024)


def rand_blob():
    return b"".join(rng.randrange(R).to_bytes(32, "big") for _ in range(4096))


def same(f, g, *args):
    """The same answer, or the same exception class, from both libraries."""
    try:
        a = ("ok", f(*args))
    except Exception as e:  # noqa: BLE001 - the class is what is compared
        a = ("raise", type(e))
    try:
        b = ("ok", g(*args))
    except Exception as e:  # noqa: BLE001
        b = ("raise", type(e))
    return a, b


@pytest.fixture(scope="module")
def setups():
    return ckzg.load_trusted_setup(str(TRUSTED_SETUP_TXT), 8), ctt_kzg.load_mainnet_trusted_setup(8)


def both(name, theirs_ts, ours_ts, *args):

    try:
        t = ("ok", getattr(ckzg, name)(*args, theirs_ts))
    except Exception as e:  # noqa: BLE001
        t = ("raise", type(e), str(e))
    try:
        o = ("ok", getattr(ctt_kzg, name)(*args, ours_ts))
    except Exception as e:  # noqa: BLE001
        o = ("raise", type(e), str(e))
    assert t == o, name
    return o[1] if o[0] == "ok" else None


def test_kzg_random(setups):
    ct, ot = setups
    for _ in range(3):
        blob = rand_blob()
        c = both("blob_to_kzg_commitment", ct, ot, blob)
        z = rng.randrange(R).to_bytes(32, "big")
        proof, y = both("compute_kzg_proof", ct, ot, blob, z)
        bp = both("compute_blob_kzg_proof", ct, ot, blob, c)
        assert both("verify_kzg_proof", ct, ot, c, z, y, proof) is True
        bad_y = ((int.from_bytes(y, "big") + 1) % R).to_bytes(32, "big")
        assert both("verify_kzg_proof", ct, ot, c, z, bad_y, proof) is False
        assert both("verify_blob_kzg_proof", ct, ot, blob, c, bp) is True
        assert both("verify_blob_kzg_proof", ct, ot, blob, c, proof) is False
        assert both("verify_blob_kzg_proof_batch", ct, ot, blob * 2, c * 2, bp * 2) is True
        assert both("verify_blob_kzg_proof_batch", ct, ot, blob * 2, c * 2, bp + proof) is False
        cells = both("compute_cells", ct, ot, blob)
        cells2, proofs = both("compute_cells_and_kzg_proofs", ct, ot, blob)
        assert cells == cells2
        idx = sorted(rng.sample(range(128), 64))
        both("recover_cells_and_kzg_proofs", ct, ot, idx, [cells[i] for i in idx])
        pick = sorted(rng.sample(range(128), 10))
        assert both("verify_cell_kzg_proof_batch", ct, ot, [c] * 10, pick, [cells[i] for i in pick], [proofs[i] for i in pick]) is True
        flipped = [proofs[i] for i in pick]
        flipped[3], flipped[4] = flipped[4], flipped[3]
        assert both("verify_cell_kzg_proof_batch", ct, ot, [c] * 10, pick, [cells[i] for i in pick], flipped) is False
    # Corrupted inputs: the same exception class and message.
    blob = rand_blob()
    bad_blob = blob[:32 * 7] + R.to_bytes(32, "big") + blob[32 * 8 :]
    for name, args in [
        ("blob_to_kzg_commitment", (bad_blob,)),
        ("blob_to_kzg_commitment", (blob[:-1],)),
        ("compute_kzg_proof", (blob, R.to_bytes(32, "big"))),
        ("compute_blob_kzg_proof", (blob, bytes(48))),
        ("verify_kzg_proof", (bytes(48), bytes(32), bytes(32), bytes(48))),
        ("verify_blob_kzg_proof_batch", (blob, bytes(47), bytes(48))),
        ("compute_cells", (bad_blob,)),
        ("recover_cells_and_kzg_proofs", (list(range(63)), [bytes(2048)] * 63)),
        ("recover_cells_and_kzg_proofs", ([-1], [bytes(2048)])),
        ("verify_cell_kzg_proof_batch", ([bytes(48)], [0], [bytes(2048)], [bytes(48)])),
        ("verify_cell_kzg_proof_batch", ([b"\xc0" + bytes(47)], [128], [bytes(2048)], [b"\xc0" + bytes(47)])),
    ]:
        both(name, ct, ot, *args)


py_ecc_bls = pytest.importorskip("py_ecc.bls")
P = py_ecc_bls.G2ProofOfPossession


def test_bls_random():
    for i in range(3):
        ikm = bytes(rng.getrandbits(8) for _ in range(32))
        sk = P.KeyGen(ikm)
        assert bls.KeyGen(ikm) == sk
        assert bls.SkToPk(sk) == P.SkToPk(sk)
        msg = bytes(rng.getrandbits(8) for _ in range(i * 20))
        sig = P.Sign(sk, msg)
        assert bls.Sign(sk, msg) == sig
        pk = P.SkToPk(sk)
        assert bls.Verify(pk, msg, sig) is P.Verify(pk, msg, sig) is True
        assert bls.Verify(pk, msg + b"x", sig) is P.Verify(pk, msg + b"x", sig) is False
        assert bls.PopProve(sk) == P.PopProve(sk)
        assert bls.PopVerify(pk, bls.PopProve(sk)) is P.PopVerify(pk, P.PopProve(sk)) is True
        assert bls.KeyValidate(pk) is P.KeyValidate(pk)
    sks = [rng.randrange(1, R) for _ in range(3)]
    pks = [P.SkToPk(k) for k in sks]
    msg = b"attestation"
    sigs = [P.Sign(k, msg) for k in sks]
    agg = P.Aggregate(sigs)
    assert bls.Aggregate(sigs) == agg
    assert bls._AggregatePKs(pks) == P._AggregatePKs(pks)
    assert bls.FastAggregateVerify(pks, msg, agg) is P.FastAggregateVerify(pks, msg, agg) is True
    assert bls.FastAggregateVerify(pks[:2], msg, agg) is P.FastAggregateVerify(pks[:2], msg, agg) is False
    msgs = [b"a", b"b", b"a"]
    agg2 = P.Aggregate([P.Sign(k, m) for k, m in zip(sks, msgs)])
    assert bls.Aggregate([bls.Sign(k, m) for k, m in zip(sks, msgs)]) == agg2
    assert bls.AggregateVerify(pks, msgs, agg2) is P.AggregateVerify(pks, msgs, agg2) is True
    assert bls.AggregateVerify(pks, msgs[::-1][:2] + [b"c"], agg2) is P.AggregateVerify(pks, msgs[::-1][:2] + [b"c"], agg2) is False
    # Bad inputs: verdicts agree, producers raise the same class.
    for junk in (bytes(48), bytes(96), b"\xc0" + bytes(47), b"\xc0" + bytes(95), b""):
        assert bls.Verify(junk, msg, sigs[0]) is P.Verify(junk, msg, sigs[0])
        assert bls.Verify(pks[0], msg, junk) is P.Verify(pks[0], msg, junk)
        assert bls.KeyValidate(junk) is P.KeyValidate(junk)
        assert bls.FastAggregateVerify([junk], msg, agg) is P.FastAggregateVerify([junk], msg, agg)
    from eth_utils import ValidationError

    for f, args in [(bls.SkToPk, (0,)), (bls.Sign, (R, b"m")), (bls.Sign, (1, "m")), (bls.Aggregate, ([],)), (bls._AggregatePKs, ([],))]:
        with pytest.raises(ValidationError):
            f(*args)
