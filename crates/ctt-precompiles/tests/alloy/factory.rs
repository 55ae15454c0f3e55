//! The real-EVM test through alloy-evm: every vector's input and the edge inputs, called directly
//! and through the proxy's STATICCALL, on every fork with its own precompile set, in an EVM made
//! by ctt's `CttEvmFactory` and in one made by alloy-evm's `EthEvmFactory` (revm's own
//! precompiles): success, output and gas accounting identical. Then the map's contents and
//! caching flags, and single precompiles swapped into alloy-evm's own map with `dyn_precompile`.

use crate::adapter::revm::database::{CacheDB, EmptyDB};
use crate::adapter::revm::inspector::NoOpInspector;
use crate::adapter::revm::precompile::{PrecompileId as RevmId, PrecompileSpecId, Precompiles};
use crate::adapter::revm::primitives::hardfork::SpecId;
use crate::adapter::revm::primitives::{Bytes, TxKind};
use crate::alloy_adapter::alloy_evm::precompiles::{Precompile, PrecompilesMap};
use crate::alloy_adapter::alloy_evm::{EthEvm, EthEvmFactory, Evm, EvmEnv, EvmFactory};
use crate::alloy_adapter::{CttEvmFactory, dyn_precompile, precompiles_map};
use crate::common::*;
use ctt_precompiles::PrecompileId;

type AlloyEvm = EthEvm<CacheDB<EmptyDB>, NoOpInspector, PrecompilesMap>;

/// The environment of the tests' transactions on `spec`.
fn env(spec: SpecId) -> EvmEnv {
    let mut env = EvmEnv::default();
    env.cfg_env.set_spec_and_mainnet_gas_params(spec);
    env.cfg_env.disable_nonce_check = true;
    env
}

fn call(evm: &mut AlloyEvm, to: TxKind, data: Bytes, gas: u64) -> (String, Vec<u8>, String) {
    outcome(evm.transact_raw(tx(to, data, gas)))
}

/// Every vector's input (and the edge inputs) with its address.
fn all_inputs() -> Vec<(u64, Vec<u8>)> {
    let mut inputs = extra_inputs();
    for (file, address) in FILES {
        inputs.extend(
            crate::common::inputs(file)
                .into_iter()
                .map(|i| (*address, i)),
        );
    }
    inputs
}

/// Runs `inputs` in both EVMs of `spec`, directly and (from Byzantium) through the proxy;
/// returns how many calls returned data and how many halted inside the precompile.
fn compare(
    spec: SpecId,
    ours: &mut AlloyEvm,
    theirs: &mut AlloyEvm,
    inputs: &[(u64, Vec<u8>)],
) -> (usize, usize) {
    let (mut succeeded, mut failed) = (0, 0);
    for (address, input) in inputs {
        let direct = TxKind::Call(precompile_address(*address));
        let data = Bytes::from(input.clone());
        let a = call(ours, direct, data.clone(), TX_GAS);
        let b = call(theirs, direct, data, TX_GAS);
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
        if spec >= SpecId::BYZANTIUM {
            let data = proxy_calldata(*address, input);
            let a = call(ours, TxKind::Call(PROXY), data.clone(), TX_GAS);
            let b = call(theirs, TxKind::Call(PROXY), data, TX_GAS);
            assert_eq!(
                a,
                b,
                "{spec:?} STATICCALL to {address:#x} with {}",
                hex::encode(input)
            );
        }
    }
    (succeeded, failed)
}

#[test]
fn ctt_evm_factory_matches_eth_evm_factory_in_real_transactions() {
    let inputs = all_inputs();
    let (mut succeeded, mut failed) = (0, 0);
    for spec in SPECS {
        let mut ours = CttEvmFactory.create_evm(db_with_proxy(), env(spec));
        let mut theirs = EthEvmFactory::default().create_evm(db_with_proxy(), env(spec));
        let (s, f) = compare(spec, &mut ours, &mut theirs, &inputs);
        succeeded += s;
        failed += f;
        // Out of gas inside the call: tight transaction gas limits.
        for (address, input) in inputs.iter().step_by(7) {
            let direct = TxKind::Call(precompile_address(*address));
            let data = Bytes::from(input.clone());
            for gas in [21_000 + 16 * input.len() as u64 + 100, 60_000] {
                let a = call(&mut ours, direct, data.clone(), gas);
                let b = call(&mut theirs, direct, data.clone(), gas);
                assert_eq!(a, b, "{spec:?} {address:#x} at gas {gas}");
            }
        }
    }
    // Not vacuous: thousands of calls returned data, hundreds failed inside the precompile.
    assert!(succeeded > 2000 && failed > 100, "{succeeded} {failed}");
}

#[test]
fn the_inspector_path_installs_ctt_precompiles_too() {
    let evm =
        CttEvmFactory.create_evm_with_inspector(db_with_proxy(), env(SpecId::OSAKA), NoOpInspector);
    let theirs = EthEvmFactory::default().create_evm(db_with_proxy(), env(SpecId::OSAKA));
    let ctt = precompiles_map(SpecId::OSAKA);
    for address in ctt.addresses() {
        let ours = evm.precompiles().get(address).expect("installed");
        // The same precompile as the map's (ctt's function), not revm's.
        let a = ours.precompile_id();
        assert_eq!(a, ctt.get(address).expect("in ctt's map").precompile_id());
        assert!(theirs.precompiles().get(address).is_some());
    }
}

#[test]
fn precompiles_map_has_each_forks_addresses_and_alloys_caching_rule() {
    for spec in SPECS {
        let ours = precompiles_map(spec);
        let revm_set = Precompiles::new(PrecompileSpecId::from_spec_id(spec));
        let mut a: Vec<_> = ours.addresses().copied().collect();
        let mut b: Vec<_> = revm_set.addresses().copied().collect();
        a.sort();
        b.sort();
        assert_eq!(a, b, "{spec:?}");
        for address in &a {
            let p = ours.get(address).expect("listed");
            let identity = *p.precompile_id() == RevmId::Identity;
            assert_eq!(p.supports_caching(), !identity, "{spec:?} {address}");
        }
    }
}

#[test]
fn dyn_precompiles_swapped_into_alloys_own_map_run_ctt() {
    assert!(
        dyn_precompile(PrecompileId::Bls12G1Add, SpecId::CANCUN).is_none(),
        "EIP-2537 is Prague's"
    );
    assert!(
        dyn_precompile(PrecompileId::P256Verify, SpecId::PRAGUE).is_none(),
        "P-256 is Osaka's"
    );
    let inputs = all_inputs();
    for spec in [SpecId::BYZANTIUM, SpecId::BERLIN, SpecId::OSAKA] {
        // alloy-evm's own EVM, each of its precompiles replaced by ctt's, one by one.
        let mut swapped = EthEvmFactory::default().create_evm(db_with_proxy(), env(spec));
        swapped
            .precompiles_mut()
            .map_precompiles(|address, original| {
                let id = PrecompileId::ALL
                    .into_iter()
                    .find(|id| precompile_address(id.address()) == *address)
                    .expect("a precompile ctt has");
                let ctt = dyn_precompile(id, spec).expect("on this fork");
                assert_eq!(ctt.precompile_id(), original.precompile_id());
                assert_eq!(ctt.supports_caching(), original.supports_caching());
                ctt
            });
        let mut theirs = EthEvmFactory::default().create_evm(db_with_proxy(), env(spec));
        let (succeeded, _) = compare(spec, &mut swapped, &mut theirs, &inputs);
        assert!(succeeded > 100, "{spec:?} {succeeded}");
    }
}
