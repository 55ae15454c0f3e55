"""Type stubs of ctt.kzg (a drop-in for ckzg; see kzg.py for the exceptions)."""

from typing import List, Tuple, final

@final
class KZGSettings:
    """A loaded trusted setup; immutable, shareable between threads."""

def load_trusted_setup(file: str, precompute: int, /) -> KZGSettings:
    """The setup in c-kzg's text format from the file at `file`; `precompute` 0-15 (0: no
    FK20 tables, 8 and above: ctt's fastest). RuntimeError if unreadable or invalid."""

def load_mainnet_trusted_setup(precompute: int = 8) -> KZGSettings:
    """The Ethereum mainnet setup embedded in the library (no file)."""

def blob_to_kzg_commitment(blob: bytes, s: KZGSettings, /) -> bytes: ...
def compute_kzg_proof(blob: bytes, z_bytes: bytes, s: KZGSettings, /) -> Tuple[bytes, bytes]:
    """(proof, y)."""

def compute_blob_kzg_proof(blob: bytes, commitment_bytes: bytes, s: KZGSettings, /) -> bytes: ...
def verify_kzg_proof(
    commitment_bytes: bytes, z_bytes: bytes, y_bytes: bytes, proof_bytes: bytes, s: KZGSettings, /
) -> bool: ...
def verify_blob_kzg_proof(blob: bytes, commitment_bytes: bytes, proof_bytes: bytes, s: KZGSettings, /) -> bool: ...
def verify_blob_kzg_proof_batch(blobs: bytes, commitments_bytes: bytes, proofs_bytes: bytes, s: KZGSettings, /) -> bool:
    """Each argument is the concatenation of the blobs (commitments, proofs), as in ckzg."""

def compute_cells(blob: bytes, s: KZGSettings, /) -> List[bytes]: ...
def compute_cells_and_kzg_proofs(blob: bytes, s: KZGSettings, /) -> Tuple[List[bytes], List[bytes]]: ...
def recover_cells_and_kzg_proofs(
    cell_indices: List[int], cells: List[bytes], s: KZGSettings, /
) -> Tuple[List[bytes], List[bytes]]: ...
def verify_cell_kzg_proof_batch(
    commitments_bytes: List[bytes], cell_indices: List[int], cells: List[bytes], proofs_bytes: List[bytes], s: KZGSettings, /
) -> bool: ...
def compute_challenge(blob: bytes, commitment: bytes) -> bytes: ...
def compute_verify_cell_kzg_proof_batch_challenge(
    commitments: List[bytes], commitment_indices: List[int], cell_indices: List[int], cells: List[bytes], proofs: List[bytes]
) -> bytes: ...

BYTES_PER_BLOB: int
BYTES_PER_CELL: int
BYTES_PER_COMMITMENT: int
BYTES_PER_FIELD_ELEMENT: int
BYTES_PER_PROOF: int
CELLS_PER_EXT_BLOB: int
FIELD_ELEMENTS_PER_BLOB: int
