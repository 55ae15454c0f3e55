"""The EVM precompiles (0x01-0x11 and 0x100) and hashes.

:func:`run_precompile` runs a precompile as go-ethereum and revm do, with their gas prices
per fork and their failure rules: it returns ``(output, gas_used)`` or raises
:class:`PrecompileError` with the reason. Forks by name, case-insensitive: ``homestead``,
``byzantium``, ``istanbul``, ``berlin``, ``cancun``, ``prague``, ``osaka`` (the default), and
the forks between them (``london``, ``shanghai``, ...), which price precompiles as the last of
those before them. An unknown fork is a ``ValueError``; arguments of the wrong type are
``TypeError``, negative or too large integers ``OverflowError``.
"""

from ._ctt import evm as _e


class PrecompileError(Exception):
    """A precompile call failed.

    Attributes: ``reason`` (``"out of gas"``, ``"invalid input length"``, ...), ``kind`` (the
    failure's name: ``"OutOfGas"``, ``"NotActive"``, ``"InvalidInputLength"``,
    ``"InvalidPadding"``, ``"NonCanonicalFieldElement"``, ``"PointNotOnCurve"``,
    ``"PointNotInSubgroup"``, ``"InvalidFinalFlag"``, ``"ModexpInputTooLarge"``,
    ``"KzgVersionedHashMismatch"``, ``"KzgVerificationFailed"``) and ``gas_used`` (a failed
    call consumes all the gas it was given).
    """

    def __init__(self, reason: str, kind: str = "", gas_used: int = 0):
        super().__init__(reason)
        self.reason = reason
        self.kind = kind
        self.gas_used = gas_used


_e.set_precompile_error(PrecompileError)

run_precompile = _e.run_precompile
gas_cost = _e.gas_cost
ecrecover = _e.ecrecover
keccak256 = _e.keccak256
sha256 = _e.sha256
ripemd160 = _e.ripemd160


def precompiles(fork: str = "osaka") -> "dict[int, str]":
    """The precompiles active at ``fork``: address to EIP-7910 name."""
    return dict(_e.precompiles(fork))


__all__ = [
    "PrecompileError",
    "run_precompile",
    "gas_cost",
    "precompiles",
    "ecrecover",
    "keccak256",
    "sha256",
    "ripemd160",
]
