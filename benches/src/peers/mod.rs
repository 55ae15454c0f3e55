//! Safe wrappers around the peers' APIs where they need them (blst's raw C API, GMP's `mpz_powm`).
pub mod blst;
pub mod blst_curve;
pub mod gmp;
