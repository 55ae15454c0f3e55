//! The operations, one module per layer. Each module has a `register` function that appends its
//! [`Op`]s; [`all`] collects them in the order the report lists them.

use crate::registry::Op;

pub mod bls;
pub mod curve;
pub mod ecdsa;
pub mod ffi;
pub mod field;
pub mod groth16;
pub mod hash;
pub mod kzg;
pub mod modexp;
pub mod msm;
pub mod pairing;
pub mod peerdas;
pub mod precompile;
pub mod tower;

/// Every registered operation.
pub fn all() -> Vec<Op> {
    let mut ops = Vec::new();
    field::register(&mut ops);
    tower::register(&mut ops);
    curve::register(&mut ops);
    pairing::register(&mut ops);
    ecdsa::register(&mut ops);
    bls::register(&mut ops);
    msm::register(&mut ops);
    kzg::register(&mut ops);
    peerdas::register(&mut ops);
    ffi::register(&mut ops);
    hash::register(&mut ops);
    modexp::register(&mut ops);
    precompile::register(&mut ops);
    groth16::register(&mut ops);
    ops
}
