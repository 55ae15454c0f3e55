"""BLS12-381: ``G1``, ``G2``, ``pairing_check`` and the group order ``ORDER``."""

from .._ctt import curves as _c

G1 = _c.bls12_381_G1
G2 = _c.bls12_381_G2
pairing_check = _c.bls12_381_pairing_check
ORDER = int(_c.bls12_381_ORDER_HEX, 16)

__all__ = ["G1", "G2", "pairing_check", "ORDER"]
