"""Type stubs of ctt.evm."""

from typing import Dict, Optional, Tuple

class PrecompileError(Exception):
    reason: str
    kind: str
    gas_used: int
    def __init__(self, reason: str, kind: str = "", gas_used: int = 0) -> None: ...

def run_precompile(address: int, data: bytes, gas_limit: int, fork: str = "osaka") -> Tuple[bytes, int]:
    """(output, gas_used); PrecompileError on failure."""

def gas_cost(address: int, data: bytes, fork: str = "osaka") -> int: ...
def precompiles(fork: str = "osaka") -> Dict[int, str]: ...
def ecrecover(msg_hash: bytes, v: int, r: bytes, s: bytes) -> Optional[bytes]:
    """The 20-byte signer address, or None."""

def keccak256(data: bytes) -> bytes: ...
def sha256(data: bytes) -> bytes: ...
def ripemd160(data: bytes) -> bytes: ...
