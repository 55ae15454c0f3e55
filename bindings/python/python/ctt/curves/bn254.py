"""BN254 (alt_bn128): ``G1``, ``G2``, ``pairing_check`` and the group order ``ORDER``."""

from .._ctt import curves as _c

G1 = _c.bn254_G1
G2 = _c.bn254_G2
pairing_check = _c.bn254_pairing_check
ORDER = int(_c.bn254_ORDER_HEX, 16)

__all__ = ["G1", "G2", "pairing_check", "ORDER"]
