from . import bls12_381 as bls12_381, bn254 as bn254
