"""Ethereum BLS signatures, a drop-in for py_ecc's ``G2ProofOfPossession``.

The ciphersuite ``BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_`` (public keys in G1, 48
bytes; signatures in G2, 96 bytes), with py_ecc's names and conventions: secret keys are
``int``\\ s, keys and signatures compressed ``bytes``. Use it as a module or as the class::

    from ctt.bls import G2ProofOfPossession as bls   # was: from py_ecc.bls import ...
    sig = bls.Sign(sk, msg); assert bls.Verify(bls.SkToPk(sk), msg, sig)

Errors, as py_ecc:

* The verification functions (``Verify``, ``AggregateVerify``, ``FastAggregateVerify``,
  ``PopVerify``, ``eth_fast_aggregate_verify``, ``batch_verify``) and ``KeyValidate`` answer
  ``False`` for any bad input (wrong type or length, a point that does not decode or is not in
  the subgroup, an identity public key, an empty list) and never raise.
* ``ValidationError`` -- a secret key that is not an ``int`` in ``1..r-1``, a message that is
  not ``bytes`` (``Sign``), an empty list (``Aggregate``, ``_AggregatePKs``,
  ``eth_aggregate_pubkeys``), a signature that is not 96 ``bytes`` (``Aggregate``), IKM or an
  EIP-2333 seed shorter than 32 bytes. It subclasses ``eth_utils.ValidationError`` when
  eth_utils is installed (py_ecc's exception), ``Exception`` otherwise.
* ``ValueError`` -- a signature or public key that does not decode (``Aggregate``,
  ``_AggregatePKs``).
* ``TypeError`` -- IKM, ``key_info`` or a seed that is not ``bytes``.

Differences from py_ecc, all on invalid input: ``KeyGen`` refuses IKM shorter than 32
bytes (the IETF draft requires 32; py_ecc accepts it); ``Aggregate`` and ``_AggregatePKs``
also refuse points outside the prime-order subgroup (py_ecc checks the curve only);
``KeyValidate`` answers ``False`` for a non-``bytes`` argument (py_ecc raises ``TypeError``).

Additions: ``derive_master_SK`` and ``derive_child_SK`` (EIP-2333), ``eth_aggregate_pubkeys``
and ``eth_fast_aggregate_verify`` (the consensus specs' altair extensions), ``batch_verify``
(random-linear-combination verification of many sets), ``hash_to_G2``.

Every call that computes (anything but argument checks) releases the GIL.
"""

from ._ctt import bls as _b

try:  # py_ecc raises eth_utils.ValidationError; so does ctt when eth_utils is there.
    from eth_utils import ValidationError as _Base
except ImportError:  # pragma: no cover - depends on the environment
    _Base = Exception


class ValidationError(_Base):
    """Invalid input to a BLS function that produces a value (py_ecc's ValidationError)."""


_b.set_validation_error(ValidationError)

DST = _b.DST
POP_TAG = _b.POP_TAG

KeyGen = _b.KeyGen
SkToPk = _b.SkToPk
KeyValidate = _b.KeyValidate
Sign = _b.Sign
Verify = _b.Verify
Aggregate = _b.Aggregate
AggregateVerify = _b.AggregateVerify
FastAggregateVerify = _b.FastAggregateVerify
PopProve = _b.PopProve
PopVerify = _b.PopVerify
_AggregatePKs = _b._AggregatePKs

derive_master_SK = _b.derive_master_SK
derive_child_SK = _b.derive_child_SK
eth_aggregate_pubkeys = _b.eth_aggregate_pubkeys
eth_fast_aggregate_verify = _b.eth_fast_aggregate_verify
batch_verify = _b.batch_verify
hash_to_G2 = _b.hash_to_G2


class G2ProofOfPossession:
    """py_ecc's ``G2ProofOfPossession``: the same static methods, backed by ctt."""

    DST = DST
    POP_TAG = POP_TAG
    KeyGen = staticmethod(KeyGen)
    SkToPk = staticmethod(SkToPk)
    KeyValidate = staticmethod(KeyValidate)
    Sign = staticmethod(Sign)
    Verify = staticmethod(Verify)
    Aggregate = staticmethod(Aggregate)
    AggregateVerify = staticmethod(AggregateVerify)
    FastAggregateVerify = staticmethod(FastAggregateVerify)
    PopProve = staticmethod(PopProve)
    PopVerify = staticmethod(PopVerify)
    _AggregatePKs = staticmethod(_AggregatePKs)


__all__ = [
    "ValidationError",
    "G2ProofOfPossession",
    "DST",
    "POP_TAG",
    "KeyGen",
    "SkToPk",
    "KeyValidate",
    "Sign",
    "Verify",
    "Aggregate",
    "AggregateVerify",
    "FastAggregateVerify",
    "PopProve",
    "PopVerify",
    "_AggregatePKs",
    "derive_master_SK",
    "derive_child_SK",
    "eth_aggregate_pubkeys",
    "eth_fast_aggregate_verify",
    "batch_verify",
    "hash_to_G2",
]
