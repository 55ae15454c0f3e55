//! Planted leaks inside the library, next to its declassified bits: the test that a suppression
//! in `declassified.supp` covers one released bit and not the function around it.
//!
//! Built only with this crate's feature `planted`, which turns on ctt-bls's `ctgrind-planted`:
//! that plants a branch on a secret bit in `SecretKey::from_bytes` and one in KeyGen's loop
//! (`hkdf_mod_r`), each outside the function that releases the public bit. `run.sh` builds this
//! second binary and runs only these cases with it. The cases are the real cases
//! `bls-sk-from-bytes` and `bls-derive-master-sk`, unchanged: in the shipped build they are
//! clean, here valgrind must report the planted branch in the function it was planted in, while
//! still counting the same declassified bits (the released bit stays accepted, the planted
//! branch beside it does not).

use super::{Case, Kind, bls};

/// The cases of this module.
pub const CASES: &[Case] = &[
    Case {
        name: "planted-sk-from-bytes",
        kind: Kind::PlantedInLibrary {
            site: "SecretKey::from_bytes",
        },
        about: "bls-sk-from-bytes with a secret branch planted in SecretKey::from_bytes (must be \
                reported)",
        declassified: 6,
        run: bls::sk_from_bytes,
    },
    Case {
        name: "planted-key-gen",
        kind: Kind::PlantedInLibrary { site: "hkdf_mod_r" },
        about: "bls-derive-master-sk with a secret branch planted in KeyGen's loop (must be \
                reported)",
        declassified: 1,
        run: bls::derive_master,
    },
];
