"""ctt.groth16 on every vector of tests/vectors/groth16 (ark-groth16 and snarkjs proofs on BN254
and BLS12-381, circomlibjs' MiMC outputs): valid proofs verify, changed inputs and proofs do not,
malformed ones raise ValueError."""

import copy
import json

import pytest

import ctt.groth16 as g
from conftest import VECTORS, load_json

G16 = VECTORS / "groth16"


def snarkjs_cases():
    for curve_dir in sorted((G16 / "snarkjs").iterdir()):
        for circuit in sorted(curve_dir.iterdir()):
            vk = load_json(circuit / "verification_key.json")
            for proof_file in sorted(circuit.glob("proof_*.json")):
                i = proof_file.stem.split("_")[1]
                yield f"{curve_dir.name}/{circuit.name}/{i}", vk, load_json(proof_file), load_json(circuit / f"public_{i}.json")


SNARKJS = list(snarkjs_cases())


def test_there_are_vectors():
    assert len(SNARKJS) >= 12


@pytest.mark.parametrize("name,vk,proof,public", SNARKJS, ids=[c[0] for c in SNARKJS])
def test_snarkjs_proofs(name, vk, proof, public):
    assert g.verify(vk, proof, public) is True
    # The JSON texts work too.
    assert g.verify(json.dumps(vk), json.dumps(proof), json.dumps(public)) is True
    # Another input: well-formed, does not verify.
    other = list(public)
    other[0] = str((int(other[0]) + 1) % int(g.R if vk["curve"] == "bn128" else "52435875175126190479447740508185965837690552500527637822603658699938581184513"))
    assert g.verify(vk, proof, other) is False
    # A proof from the other proof of the same circuit with its A swapped: does not verify.
    changed = copy.deepcopy(proof)
    changed["pi_a"], changed["pi_c"] = proof["pi_c"], proof["pi_a"]
    assert g.verify(vk, changed, public) is False
    # Malformed: wrong count, non-canonical input, a point off the curve, no curve.
    with pytest.raises(ValueError):
        g.verify(vk, proof, public + ["1"])
    with pytest.raises(ValueError):
        g.verify(vk, proof, ["-1"] + public[1:])
    bad = copy.deepcopy(proof)
    bad["pi_a"][0] = str(int(bad["pi_a"][0]) + 1)
    try:
        assert g.verify(vk, bad, public) is False
    except ValueError:
        pass  # off the curve: refused
    with pytest.raises(ValueError):
        g.verify({k: v for k, v in vk.items() if k != "curve"}, proof, public)


def arkworks_cases():
    for curve_dir in sorted((G16 / "arkworks").iterdir()):
        for f in sorted(curve_dir.glob("*.json")):
            d = load_json(f)
            for i, p in enumerate(d["proofs"]):
                yield f"{curve_dir.name}/{f.stem}/{i}", curve_dir.name, d, p


ARKWORKS = list(arkworks_cases())


@pytest.mark.parametrize("name,curve,d,p", ARKWORKS, ids=[c[0] for c in ARKWORKS])
def test_arkworks_proofs(name, curve, d, p):
    inputs = bytes.fromhex(p["public_inputs"])
    for compressed, vk, proof in [(True, d["vk_compressed"], p["compressed"]), (False, d["vk_uncompressed"], p["uncompressed"])]:
        vk, proof = bytes.fromhex(vk), bytes.fromhex(proof)
        assert g.verify_arkworks(curve, vk, proof, inputs, compressed) is True
        with pytest.raises(ValueError):
            g.verify_arkworks(curve, vk, proof[:-1], inputs, compressed)
        with pytest.raises(ValueError):
            g.verify_arkworks(curve, vk, proof, inputs + b"\x00", compressed)
    with pytest.raises(ValueError):
        g.verify_arkworks("secp256k1", b"", b"", b"")


def test_mimc_against_circomlibjs():
    v = load_json(G16 / "mimc" / "circomlibjs.json")
    assert int(v["r"]) == g.R
    for c in v["sponge"]:
        got = g.mimc_sponge([int(x) for x in c["inputs"]], int(c["k"]), len(c["outputs"]))
        assert got == [int(x) for x in c["outputs"]]
    for c in v["mimc7"]:
        assert g.mimc7(int(c["x"]), int(c["k"])) == int(c["out"])
    for c in v["mimc7_multi"]:
        assert g.mimc7_multi([int(x) for x in c["inputs"]], int(c["k"])) == int(c["out"])


def test_mimc_bad_input():
    with pytest.raises(ValueError):
        g.mimc7(g.R, 0)
    with pytest.raises(ValueError):
        g.mimc_sponge([-1], 0, 1)
    with pytest.raises(TypeError):
        g.mimc7_multi(["1"], 0)
    with pytest.raises(ValueError):
        g.mimc_sponge([1], 0, -1)
