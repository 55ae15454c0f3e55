"""BLS12-381 and BN254 points, enough for a research notebook to drop py_ecc's curves.

``ctt.curves.bls12_381`` and ``ctt.curves.bn254`` each have ``G1`` and ``G2`` (immutable
points of the prime-order subgroups) and ``pairing_check``::

    from ctt.curves import bls12_381 as b
    p = b.G1.hash_to_curve(b"msg", b"MY-DST")
    q = 5 * b.G2.generator()
    assert b.pairing_check([(p * 5, -b.G2.generator()), (p, q)])

Points: ``G.generator()``, ``G.identity()``, ``+``, ``-``, unary ``-``, ``k * P`` and ``P * k``
for any ``int`` ``k`` (reduced modulo the order ``ORDER``; constant time), ``==``, ``hash``,
``P.double()``, ``P.is_identity()``, ``G.msm(points, scalars)`` (variable time).
Encodings -- BLS12-381: ``to_compressed``/``from_compressed`` (ZCash, as Ethereum keys and
signatures), ``to_uncompressed``/``from_uncompressed``, ``to_eip2537``/``from_eip2537`` (the
precompiles'); ``bytes(P)`` is the compressed form. BN254: ``to_bytes``/``from_bytes`` (the
EVM's, EIP-196/197). Decoding checks everything (canonical coordinates, curve, subgroup) and
raises ``ValueError``. BLS12-381 also has RFC 9380 ``hash_to_curve(msg, dst)`` and
``encode_to_curve``. Scalar multiplication, MSM, pairings, decoding and hashing release the
GIL.
"""

from . import bls12_381, bn254

__all__ = ["bls12_381", "bn254"]
