"""Every BLS vector (ethereum/bls12-381-tests and cryptography-specs' altair functions) through
ctt.bls, called as the consensus specs call py_ecc: secret keys as ints, verification answers
False (never raises) for invalid input, producing functions raise for it."""

import pytest

import ctt.bls as bls
from ctt.bls import G2ProofOfPossession as G2Pop
from conftest import VECTORS, hexb, load_json

BT = VECTORS / "bls12-381-tests"
SPECS = VECTORS / "cryptography-specs" / "bls"


def cases(handler, minimum):
    files = sorted((BT / handler).glob("*.json"))
    assert len(files) >= minimum, handler
    return [(f.stem, load_json(f)) for f in files]


def spec_cases(handler, minimum):
    dirs = sorted(p for p in (SPECS / handler).iterdir() if p.is_dir())
    assert len(dirs) >= minimum, handler
    return [(d.name, load_json(d / "data.json")) for d in dirs]


def test_sign():
    for name, c in cases("sign", 6):
        sk = int.from_bytes(hexb(c["input"]["privkey"]), "big")
        msg = hexb(c["input"]["message"])
        if c["output"] is None:
            with pytest.raises(bls.ValidationError):
                G2Pop.Sign(sk, msg)
        else:
            sig = G2Pop.Sign(sk, msg)
            assert sig == hexb(c["output"]), name
            assert G2Pop.Verify(G2Pop.SkToPk(sk), msg, sig), name


def test_verify():
    for name, c in cases("verify", 15):
        i = c["input"]
        got = G2Pop.Verify(hexb(i["pubkey"]), hexb(i["message"]), hexb(i["signature"]))
        assert got is c["output"], name


def test_aggregate():
    for name, c in cases("aggregate", 3):
        sigs = [hexb(s) for s in c["input"]]
        if c["output"] is None:
            with pytest.raises((bls.ValidationError, ValueError)):
                G2Pop.Aggregate(sigs)
        else:
            assert G2Pop.Aggregate(sigs) == hexb(c["output"]), name


def test_fast_aggregate_verify():
    for name, c in cases("fast_aggregate_verify", 6):
        i = c["input"]
        got = G2Pop.FastAggregateVerify([hexb(p) for p in i["pubkeys"]], hexb(i["message"]), hexb(i["signature"]))
        assert got is c["output"], name


def test_aggregate_verify():
    for name, c in cases("aggregate_verify", 3):
        i = c["input"]
        got = G2Pop.AggregateVerify(
            [hexb(p) for p in i["pubkeys"]], [hexb(m) for m in i["messages"]], hexb(i["signature"])
        )
        assert got is c["output"], name


def test_batch_verify():
    for name, c in cases("batch_verify", 3):
        i = c["input"]
        args = ([hexb(p) for p in i["pubkeys"]], [hexb(m) for m in i["messages"]], [hexb(s) for s in i["signatures"]])
        assert bls.batch_verify(*args) is c["output"], name
        assert bls.batch_verify(*args, randomness=bytes(range(32))) is c["output"], name
        assert bls.batch_verify(*args, parallel=True) is c["output"], name


def test_hash_to_g2():
    from ctt.curves import bls12_381

    dst = b"QUUX-V01-CS02-with-BLS12381G2_XMD:SHA-256_SSWU_RO_"
    for name, c in cases("hash_to_G2", 3):
        msg = c["input"]["msg"].encode()
        want = b""
        for coord in ("x", "y"):
            c0, c1 = c["output"][coord].split(",")
            want += hexb(c1) + hexb(c0)
        p = bls12_381.G2.from_compressed(bls.hash_to_G2(msg, dst))
        assert p.to_uncompressed() == want, name
        assert bls12_381.G2.hash_to_curve(msg, dst) == p, name


def test_deserialization():
    """deserialization_G1/G2: true exactly when the encoding decodes to a point of the subgroup
    (the identity included; KeyValidate additionally refuses the identity)."""
    from ctt.curves import bls12_381

    for handler, group, key in (("deserialization_G1", bls12_381.G1, "pubkey"), ("deserialization_G2", bls12_381.G2, "signature")):
        for name, c in cases(handler, 10):
            data = hexb(c["input"][key])
            try:
                p = group.from_compressed(data)
                ok = True
            except ValueError:
                ok = False
            assert ok is c["output"], name
            if group is bls12_381.G1:
                assert bls.KeyValidate(data) is (ok and not p.is_identity()), name


def test_eth_aggregate_pubkeys():
    for name, c in spec_cases("eth_aggregate_pubkeys", 5):
        pks = [hexb(p) for p in c["input"]]
        if c["output"] is None:
            with pytest.raises(bls.ValidationError):
                bls.eth_aggregate_pubkeys(pks)
        else:
            assert bls.eth_aggregate_pubkeys(pks) == hexb(c["output"]), name
            assert G2Pop._AggregatePKs(pks) == hexb(c["output"]), name


def test_eth_fast_aggregate_verify():
    for name, c in spec_cases("eth_fast_aggregate_verify", 6):
        i = c["input"]
        got = bls.eth_fast_aggregate_verify([hexb(p) for p in i["pubkeys"]], hexb(i["message"]), hexb(i["signature"]))
        assert got is c["output"], name


def test_eip2333():
    """EIP-2333's published test cases (master and child keys)."""
    cases_ = [
        (
            "c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04",
            6083874454709270928345386274498605044986640685124978867557563392430687146096,
            0,
            20397789859736650942317412262472558107875392172444076792671091975210932703118,
        ),
        (
            "3141592653589793238462643383279502884197169399375105820974944592",
            29757020647961307431480504535336562678282505419141012933316116377660817309383,
            3141592653,
            25457201688850691947727629385191704516744796114925897962676248250929345014287,
        ),
    ]
    for seed, master, index, child in cases_:
        m = bls.derive_master_SK(bytes.fromhex(seed))
        assert m == master
        assert bls.derive_child_SK(m, index) == child


def test_keygen_pop_roundtrip():
    sk = bls.KeyGen(b"\x07" * 32)
    assert sk == bls.KeyGen(b"\x07" * 32, b"")
    pk = bls.SkToPk(sk)
    assert bls.KeyValidate(pk)
    proof = bls.PopProve(sk)
    assert bls.PopVerify(pk, proof)
    assert not bls.PopVerify(bls.SkToPk(sk + 1), proof)
