//! Safe wrappers around the peers' APIs where they need them (blst's raw C API).
pub mod blst;
pub mod blst_curve;
