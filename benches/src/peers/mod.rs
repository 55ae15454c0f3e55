//! Safe wrappers around the peers' APIs where they need them (blst's raw C API).
pub mod blst;
