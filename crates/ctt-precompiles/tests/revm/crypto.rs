//! revm's own precompiles with ctt installed as their cryptography
//! ([`crate::adapter::install_crypto`]): in real transactions, with every vector's input
//! and edge inputs on every fork, revm's wrappers over [`crate::adapter::CttCrypto`] give
//! exactly what ctt's own precompile set gives (which `revm_evm.rs` checks against revm's
//! built-in backends). Its own test binary: the installation is process-wide.

use crate::adapter::revm::primitives::{Bytes, TxKind};
use crate::adapter::{eth_precompiles, install_crypto};
use crate::common::*;

#[test]
fn revm_precompiles_on_ctt_crypto_match_ctt_precompiles() {
    assert!(install_crypto(), "first installation");
    assert!(!install_crypto(), "revm keeps the first provider");
    let mut inputs: Vec<(u64, Vec<u8>)> = extra_inputs();
    for (file, address) in FILES {
        inputs.extend(
            crate::common::inputs(file)
                .into_iter()
                .map(|i| (*address, i)),
        );
    }
    let mut succeeded = 0usize;
    for spec in SPECS {
        let mut ctt_set = evm(spec, Some(eth_precompiles(spec)));
        let mut revm_on_ctt = evm(spec, None);
        for (address, input) in &inputs {
            let to = TxKind::Call(precompile_address(*address));
            let data = Bytes::from(input.clone());
            let a = ctt_set(to, data.clone(), TX_GAS);
            let b = revm_on_ctt(to, data, TX_GAS);
            assert_eq!(
                a,
                b,
                "{spec:?} call to {address:#x} with {}",
                hex::encode(input)
            );
            succeeded += usize::from(a.0 == "success" && !a.1.is_empty());
        }
    }
    assert!(succeeded > 2000, "{succeeded}");
}
