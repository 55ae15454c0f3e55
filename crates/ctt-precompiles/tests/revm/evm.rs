//! Real EVM transactions (on the revm major the test crate names): every precompile address
//! called directly and through a deployed contract's STATICCALL, with every vector's input
//! (success and failure cases) and edge inputs, on every fork — on an EVM whose precompiles are ctt's
//! ([`crate::adapter::eth_precompiles`]) and on the same EVM with revm's built-in set:
//! success, output and gas accounting must be identical.

use crate::adapter::eth_precompiles;
use crate::adapter::revm::primitives::hardfork::SpecId;
use crate::adapter::revm::primitives::{Bytes, TxKind};
use crate::common::*;

#[test]
fn ctt_precompiles_match_revm_in_real_transactions() {
    let mut inputs: Vec<(u64, Vec<u8>)> = extra_inputs();
    for (file, address) in FILES {
        inputs.extend(
            crate::common::inputs(file)
                .into_iter()
                .map(|i| (*address, i)),
        );
    }
    let (mut compared, mut succeeded, mut failed) = (0usize, 0usize, 0usize);
    for spec in SPECS {
        let mut ours = evm(spec, Some(eth_precompiles(spec)));
        let mut theirs = evm(spec, None);
        // STATICCALL and RETURNDATA exist from Byzantium on.
        let proxy = spec >= SpecId::BYZANTIUM;
        for (address, input) in &inputs {
            let direct = TxKind::Call(precompile_address(*address));
            let data = Bytes::from(input.clone());
            let a = ours(direct, data.clone(), TX_GAS);
            let b = theirs(direct, data, TX_GAS);
            assert_eq!(
                a,
                b,
                "{spec:?} direct call to {address:#x} with {}",
                hex::encode(input)
            );
            match a.0.as_str() {
                "success" if !a.1.is_empty() => succeeded += 1,
                "halt" => failed += 1,
                _ => {}
            }
            if proxy {
                let data = proxy_calldata(*address, input);
                let a = ours(TxKind::Call(PROXY), data.clone(), TX_GAS);
                let b = theirs(TxKind::Call(PROXY), data, TX_GAS);
                assert_eq!(
                    a,
                    b,
                    "{spec:?} STATICCALL to {address:#x} with {}",
                    hex::encode(input)
                );
            }
            compared += 1;
        }
        // Out of gas inside the call: a tight transaction gas limit.
        for (address, input) in inputs.iter().step_by(7) {
            let direct = TxKind::Call(precompile_address(*address));
            let data = Bytes::from(input.clone());
            for gas in [21_000 + 16 * input.len() as u64 + 100, 60_000] {
                let a = ours(direct, data.clone(), gas);
                let b = theirs(direct, data.clone(), gas);
                assert_eq!(a, b, "{spec:?} {address:#x} at gas {gas}");
            }
        }
    }
    // Not vacuous: thousands of calls returned data, hundreds failed inside the precompile.
    assert!(
        compared > 5000 && succeeded > 2000 && failed > 100,
        "{compared} {succeeded} {failed}"
    );
}
