"""Groth16 verification and circomlib's MiMC hashes (BN254 and BLS12-381).

:func:`verify` takes snarkjs' objects, as ``snarkjs.groth16.verify(vk, publicSignals, proof)``
does (arguments in the order key, proof, inputs, as ctt's JavaScript ``groth16Verify``): the
parsed ``verification_key.json`` (a dict, or its JSON text), ``proof.json`` and ``public.json``
(a list of decimal strings). The curve comes from the
key's ``curve`` field (``bn128`` or ``bls12381``). :func:`verify_arkworks` takes arkworks'
canonical serialisation (``CanonicalSerialize``) of the key, the proof and the inputs.

Both return ``True`` or ``False`` for a well-formed proof, and raise ``ValueError`` with the
reason when the key, the proof or the inputs do not decode (non-canonical or malformed values,
points off the curve or outside the subgroup, inputs not below r) or when the number of inputs
differs from the key's. Verification releases the GIL.

MiMC: circomlib's MiMCSponge (220-round Feistel, as Tornado Cash's Merkle tree hashes) and
MiMC7 over BN254's scalar field, on Python ints below r (``ValueError`` otherwise), equal to
circomlibjs' ``mimcsponge.multiHash`` and ``mimc7.hash`` / ``mimc7.multiHash``.
"""

import json

from ._ctt import groth16 as _g

#: BN254's scalar field modulus r: MiMC's field.
R = 21888242871839275222246405745257275088548364400416034343698204186575808495617


def _text(x):
    return x if isinstance(x, str) else json.dumps(x)


def verify(vk, proof, public_signals) -> bool:
    """Verifies a snarkjs Groth16 proof (objects as parsed from snarkjs' JSON files, or the
    JSON texts)."""
    key = json.loads(vk) if isinstance(vk, str) else vk
    if not isinstance(key, dict) or not isinstance(key.get("curve"), str):
        raise ValueError("verifying key: not a snarkjs verification key (no curve)")
    return _g.verify_snarkjs_json(key["curve"], _text(key), _text(proof), _text(public_signals))


def verify_arkworks(curve: str, vk: bytes, proof: bytes, public_inputs: bytes, compressed: bool = True) -> bool:
    """Verifies an ark-groth16 proof from arkworks' serialisation; ``curve`` is ``"bn254"``
    or ``"bls12_381"``; ``public_inputs`` is a serialised ``Vec<Fr>``."""
    return _g.verify_arkworks(curve, bytes(vk), bytes(proof), bytes(public_inputs), compressed)


def _fe(x: int) -> bytes:
    if not isinstance(x, int) or isinstance(x, bool):
        raise TypeError("a field element is an int")
    if not 0 <= x < R:
        raise ValueError("a field element must be in [0, r)")
    return x.to_bytes(32, "big")


def mimc_sponge(inputs, key: int = 0, n_outputs: int = 1) -> list:
    """circomlib's MiMCSponge of ``inputs`` with ``key``: ``n_outputs`` ints."""
    if not isinstance(n_outputs, int) or n_outputs < 0:
        raise ValueError("n_outputs must be a non-negative int")
    out = _g.mimc_sponge([_fe(x) for x in inputs], _fe(key), n_outputs)
    return [int.from_bytes(o, "big") for o in out]


def mimc7(x: int, k: int = 0) -> int:
    """circomlib's MiMC7 of ``x`` with key ``k``."""
    return int.from_bytes(_g.mimc7(_fe(x), _fe(k)), "big")


def mimc7_multi(inputs, key: int = 0) -> int:
    """circomlib's MultiMiMC7 of ``inputs`` with ``key``."""
    return int.from_bytes(_g.mimc7_multi([_fe(x) for x in inputs], _fe(key)), "big")
