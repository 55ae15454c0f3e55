//! # ctt-benches
//!
//! Side-by-side speed comparison of ctt against its peers (blst, arkworks), as described in
//! `BENCH.md`: for every operation, our implementation and each peer's run on identical random
//! inputs from a seeded generator, alternating, each timed as the median of several batches.
//!
//! Layout:
//! - [`rng`]: a tiny seeded generator (SplitMix64), so that inputs are reproducible and need no
//!   `rand` crate.
//! - [`registry`]: [`registry::Op`] (a named operation at one size, built lazily) and
//!   [`registry::Bench`] (our routine and each peer's, ready to time).
//! - [`harness`]: calibration, warm-up and alternating median timing.
//! - [`report`]: plain aligned text and markdown tables.
//! - [`ops`]: one module per layer (field, tower; later curves, pairing, MSM, BLS, KZG), each
//!   registering its operations. An operation is one builder function: generate inputs with
//!   `Setup::rng`, make one [`registry::contender`] per library (inputs converted to its types,
//!   the call, and a canonical serialisation of the result), and return
//!   [`registry::Bench::checked`], which refuses to time contenders that disagree.
//! - [`peers`]: safe wrappers over peers' raw APIs (blst's C functions), and how blst is built.
//!
//! This package is not part of the workspace's `default-members`: `cargo test` and the default
//! build never compile blst or arkworks.
#![deny(unsafe_code)]

pub mod groth16_circuits;
pub mod harness;
pub mod ops;
pub mod peers;
pub mod registry;
pub mod report;
pub mod rng;
