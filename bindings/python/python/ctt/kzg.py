"""EIP-4844 and EIP-7594 KZG, a drop-in for ``ckzg`` (c-kzg-4844's Python binding, 2.1).

Replace ``import ckzg`` with ``import ctt.kzg as ckzg``: the same functions, positional
arguments in the same order, ``bytes`` in and out, and the same exceptions with the same
messages:

* ``ValueError`` -- a wrong number of arguments, an argument of the wrong type (``bytes``
  required, a subclass is fine, ``bytearray`` is not; lists where ckzg takes lists; settings
  from this module), a wrong length, lists of different lengths, a cell index that is not an
  ``int`` or does not fit in 64 bits, a ``precompute`` that is not an integer.
* ``RuntimeError`` -- the input is invalid (a field element not below the BLS modulus, a
  commitment or proof that is not a compressed G1 point of the subgroup, bad, repeated or
  unordered cell indices, too few or too many cells), or a setup file that cannot be read or
  is not a valid setup, or a ``precompute`` outside 0..15: ``"<function> failed"``,
  ``"error reading trusted setup"``, ``"error loading trusted setup"``.
* ``TypeError`` -- keyword arguments (ckzg's functions take none).

Additions: :func:`load_mainnet_trusted_setup` (the mainnet setup embedded in the library: no
file, no parsing), the spec's two Fiat-Shamir helpers :func:`compute_challenge` and
:func:`compute_verify_cell_kzg_proof_batch_challenge` (ordinary Python arguments; ``ValueError``
for wrong lengths) and the size constants. Every computation releases the GIL, so a thread
pool runs calls in parallel.
"""

from ._ctt import kzg as _k

KZGSettings = _k.KZGSettings
load_trusted_setup = _k.load_trusted_setup
load_mainnet_trusted_setup = _k.load_mainnet_trusted_setup
blob_to_kzg_commitment = _k.blob_to_kzg_commitment
compute_kzg_proof = _k.compute_kzg_proof
compute_blob_kzg_proof = _k.compute_blob_kzg_proof
verify_kzg_proof = _k.verify_kzg_proof
verify_blob_kzg_proof = _k.verify_blob_kzg_proof
verify_blob_kzg_proof_batch = _k.verify_blob_kzg_proof_batch
compute_cells = _k.compute_cells
compute_cells_and_kzg_proofs = _k.compute_cells_and_kzg_proofs
recover_cells_and_kzg_proofs = _k.recover_cells_and_kzg_proofs
verify_cell_kzg_proof_batch = _k.verify_cell_kzg_proof_batch
compute_challenge = _k.compute_challenge
compute_verify_cell_kzg_proof_batch_challenge = _k.compute_verify_cell_kzg_proof_batch_challenge

BYTES_PER_BLOB = _k.BYTES_PER_BLOB
BYTES_PER_CELL = _k.BYTES_PER_CELL
BYTES_PER_COMMITMENT = _k.BYTES_PER_COMMITMENT
BYTES_PER_FIELD_ELEMENT = _k.BYTES_PER_FIELD_ELEMENT
BYTES_PER_PROOF = _k.BYTES_PER_PROOF
CELLS_PER_EXT_BLOB = _k.CELLS_PER_EXT_BLOB
FIELD_ELEMENTS_PER_BLOB = _k.FIELD_ELEMENTS_PER_BLOB

__all__ = [
    "KZGSettings",
    "load_trusted_setup",
    "load_mainnet_trusted_setup",
    "blob_to_kzg_commitment",
    "compute_kzg_proof",
    "compute_blob_kzg_proof",
    "verify_kzg_proof",
    "verify_blob_kzg_proof",
    "verify_blob_kzg_proof_batch",
    "compute_cells",
    "compute_cells_and_kzg_proofs",
    "recover_cells_and_kzg_proofs",
    "verify_cell_kzg_proof_batch",
    "compute_challenge",
    "compute_verify_cell_kzg_proof_batch_challenge",
    "BYTES_PER_BLOB",
    "BYTES_PER_CELL",
    "BYTES_PER_COMMITMENT",
    "BYTES_PER_FIELD_ELEMENT",
    "BYTES_PER_PROOF",
    "CELLS_PER_EXT_BLOB",
    "FIELD_ELEMENTS_PER_BLOB",
]
