"""ctt.curves: the scalar-multiplication vectors of tests/vectors/constantine on all four
groups, RFC 9380's hash-to-curve suites, the zkcrypto encoding vectors, group laws, MSM against
the sum of products, and pairing bilinearity."""

import random

import pytest

from ctt.curves import bls12_381 as B, bn254 as N
from conftest import VECTORS, hexb, load_json


def coord(v, size):
    """A coordinate as big-endian bytes; Fp2 values (dicts or "c0,c1") as c1 || c0."""
    if isinstance(v, dict):
        return int(v["c1"], 16).to_bytes(size, "big") + int(v["c0"], 16).to_bytes(size, "big")
    if "," in v:
        c0, c1 = v.split(",")
        return int(c1, 16).to_bytes(size, "big") + int(c0, 16).to_bytes(size, "big")
    return int(v, 16).to_bytes(size, "big")


def point(group, p):
    if group in (B.G1, B.G2):
        return group.from_uncompressed(coord(p["x"], 48) + coord(p["y"], 48))
    return group.from_bytes(coord(p["x"], 32) + coord(p["y"], 32))


@pytest.mark.parametrize(
    "curve,group,name",
    [("BLS12_381", B.G1, "G1"), ("BLS12_381", B.G2, "G2"), ("BN254_Snarks", N.G1, "G1"), ("BN254_Snarks", N.G2, "G2")],
)
def test_constantine_scalar_mul(curve, group, name):
    files = sorted((VECTORS / "constantine").glob(f"tv_{curve}_scalar_mul_{name}_*.json"))
    assert len(files) == 4
    n = 0
    for f in files:
        for v in load_json(f)["vectors"]:
            p, q, k = point(group, v["P"]), point(group, v["Q"]), int(v["scalar"], 16)
            assert p * k == q and k * p == q, (f.name, v["id"])
            n += 1
    assert n >= 20


@pytest.mark.parametrize("group,suite", [(B.G1, "G1"), (B.G2, "G2")])
def test_hash_to_curve_suites(group, suite):
    for kind, f in (("RO", group.hash_to_curve), ("NU", group.encode_to_curve)):
        d = load_json(VECTORS / "hash-to-curve" / f"BLS12381{suite}_XMD:SHA-256_SSWU_{kind}_.json")
        for v in d["vectors"]:
            want = point(group, v["P"])
            assert f(v["msg"].encode(), d["dst"].encode()) == want, (suite, kind, v["msg"])


@pytest.mark.parametrize(
    "group,file,size,decode",
    [
        (B.G1, "g1_compressed_valid_test_vectors.dat", 48, "from_compressed"),
        (B.G1, "g1_uncompressed_valid_test_vectors.dat", 96, "from_uncompressed"),
        (B.G2, "g2_compressed_valid_test_vectors.dat", 96, "from_compressed"),
        (B.G2, "g2_uncompressed_valid_test_vectors.dat", 192, "from_uncompressed"),
    ],
)
def test_zkcrypto_encodings(group, file, size, decode):
    """zkcrypto's files: the encodings of 0·G, 1·G, 2·G, … in order."""
    data = (VECTORS / "zkcrypto-bls12_381" / file).read_bytes()
    assert len(data) % size == 0
    p, g = group.identity(), group.generator()
    enc = "to_compressed" if decode == "from_compressed" else "to_uncompressed"
    for i in range(len(data) // size):
        chunk = data[i * size : (i + 1) * size]
        assert getattr(group, decode)(chunk) == p, i
        assert getattr(p, enc)() == chunk, i
        p = p + g


@pytest.mark.parametrize("group", [B.G1, B.G2, N.G1, N.G2])
def test_group_laws_and_msm(group):
    rng = random.Random(7)
    order = B.ORDER if group in (B.G1, B.G2) else N.ORDER
    g = group.generator()
    assert (g * order).is_identity() and group.identity().is_identity()
    a, b = rng.randrange(order), rng.randrange(order)
    assert g * a + g * b == g * (a + b)
    assert g * a - g * b == g * (a - b)
    assert -(g * a) == g * (-a) == g * (order - a)
    assert (g * a).double() == g * (2 * a)
    assert g * (a + 5 * order) == g * a
    assert hash(g * a) == hash(g * (a + order))
    points = [g * rng.randrange(order) for _ in range(20)]
    scalars = [rng.randrange(order) for _ in range(20)]
    want = group.identity()
    for p, s in zip(points, scalars):
        want = want + p * s
    assert group.msm(points, scalars) == want
    assert group.msm([], []).is_identity()
    with pytest.raises(ValueError):
        group.msm(points, scalars[:-1])
    # encodings round-trip
    p = points[0]
    if group in (B.G1, B.G2):
        assert group.from_compressed(p.to_compressed()) == p
        assert group.from_uncompressed(p.to_uncompressed()) == p
        assert group.from_eip2537(p.to_eip2537()) == p
        assert bytes(p) == p.to_compressed()
    else:
        assert group.from_bytes(p.to_bytes()) == p
        assert bytes(p) == p.to_bytes()
    assert repr(p).startswith(("G1(", "G2("))


@pytest.mark.parametrize("mod", [B, N])
def test_pairing_bilinear(mod):
    rng = random.Random(11)
    a, b = rng.randrange(mod.ORDER), rng.randrange(mod.ORDER)
    g1, g2 = mod.G1.generator(), mod.G2.generator()
    assert mod.pairing_check([(g1 * a, g2 * b), (-(g1 * (a * b)), g2)])
    assert not mod.pairing_check([(g1 * a, g2 * b), (g1 * (a * b), g2)])
    assert mod.pairing_check([])
    with pytest.raises(TypeError):
        mod.pairing_check([(g2, g1)])


def test_bad_points_and_types():
    with pytest.raises(ValueError):
        B.G1.from_compressed(bytes(48))  # no compression flag
    with pytest.raises(ValueError):
        B.G1.from_compressed(b"\xc0" + bytes(46))  # wrong length
    with pytest.raises(ValueError):
        B.G2.from_eip2537(b"\x01" * 256)  # padding not zero
    with pytest.raises(ValueError):
        N.G1.from_bytes((1).to_bytes(32, "big") + (3).to_bytes(32, "big"))  # off the curve
    with pytest.raises(ValueError):
        N.G1.from_bytes(b"\xff" * 64)  # not canonical
    with pytest.raises(TypeError):
        B.G1.generator() * 1.5
    with pytest.raises(TypeError):
        B.G1.generator() + B.G2.generator()
    with pytest.raises(TypeError):
        B.G1.msm([N.G1.generator()], [1])
    assert B.G1.generator() != N.G1.generator()
    with pytest.raises(ValueError):
        B.G1.hash_to_curve(b"m", b"")  # empty DST
