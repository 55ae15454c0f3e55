"""ctt: constant-time Ethereum cryptography in Rust, for Python.

Modules:

* :mod:`ctt.kzg` -- EIP-4844 blobs and EIP-7594 (PeerDAS) cells, a drop-in for ``ckzg``
  (c-kzg-4844's binding), plus :func:`ctt.kzg.load_mainnet_trusted_setup`.
* :mod:`ctt.bls` -- Ethereum BLS signatures, a drop-in for py_ecc's ``G2ProofOfPossession``,
  plus EIP-2333 and batch verification.
* :mod:`ctt.evm` -- the EVM precompiles and hashes.
* :mod:`ctt.curves` -- BLS12-381 and BN254 points: arithmetic, MSM, pairing checks,
  encodings and hash-to-curve.
* :mod:`ctt.groth16` -- Groth16 verification (snarkjs' JSON objects, arkworks' bytes) and
  circomlib's MiMC hashes.

Every call that takes more than a few microseconds releases the GIL.
"""

from ._ctt import __version__

__all__ = ["__version__", "kzg", "bls", "evm", "curves", "groth16"]


def __getattr__(name):
    # Submodules on first use: ``import ctt; ctt.bls.Sign(...)`` works.
    if name in ("kzg", "bls", "evm", "curves", "groth16"):
        import importlib

        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
