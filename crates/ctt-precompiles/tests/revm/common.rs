//! Shared by the revm tests: the vectors' inputs per precompile address, and a revm EVM over
//! an in-memory database holding a proxy contract that STATICCALLs a precompile.

#![allow(dead_code)]

use crate::adapter::revm::bytecode::Bytecode;
use crate::adapter::revm::context::{Context, TxEnv};
use crate::adapter::revm::context_interface::result::{ExecutionResult, ResultAndState};
use crate::adapter::revm::database::{CacheDB, EmptyDB};
use crate::adapter::revm::handler::EthPrecompiles;
use crate::adapter::revm::precompile::u64_to_address;
use crate::adapter::revm::primitives::hardfork::SpecId;
use crate::adapter::revm::primitives::{Address, Bytes, TxKind, U256, address};
use crate::adapter::revm::state::AccountInfo;
use crate::adapter::revm::{ExecuteEvm, MainBuilder, MainContext};

/// The forks with a distinct precompile set.
pub const SPECS: [SpecId; 7] = [
    SpecId::HOMESTEAD,
    SpecId::BYZANTIUM,
    SpecId::ISTANBUL,
    SpecId::BERLIN,
    SpecId::CANCUN,
    SpecId::PRAGUE,
    SpecId::OSAKA,
];

/// Every vector file and the address it exercises.
pub const FILES: &[(&str, u64)] = &[
    ("geth-precompiles/ecRecover.json", 0x01),
    ("geth-precompiles/modexp.json", 0x05),
    ("geth-precompiles/modexp_eip2565.json", 0x05),
    ("geth-precompiles/modexp_eip7883.json", 0x05),
    ("geth-precompiles/bn256Add.json", 0x06),
    ("geth-precompiles/bn256ScalarMul.json", 0x07),
    ("geth-precompiles/bn256Pairing.json", 0x08),
    ("geth-precompiles/blake2F.json", 0x09),
    ("geth-precompiles/fail-blake2f.json", 0x09),
    ("geth-precompiles/pointEvaluation.json", 0x0a),
    ("geth-precompiles/blsG1Add.json", 0x0b),
    ("geth-precompiles/fail-blsG1Add.json", 0x0b),
    ("geth-precompiles/blsG1Mul.json", 0x0c),
    ("geth-precompiles/blsG1MultiExp.json", 0x0c),
    ("geth-precompiles/fail-blsG1MultiExp.json", 0x0c),
    ("geth-precompiles/blsG2Add.json", 0x0d),
    ("geth-precompiles/fail-blsG2Add.json", 0x0d),
    ("geth-precompiles/blsG2Mul.json", 0x0e),
    ("geth-precompiles/blsG2MultiExp.json", 0x0e),
    ("geth-precompiles/fail-blsG2MultiExp.json", 0x0e),
    ("geth-precompiles/blsPairing.json", 0x0f),
    ("geth-precompiles/fail-blsPairing.json", 0x0f),
    ("geth-precompiles/blsMapG1.json", 0x10),
    ("geth-precompiles/fail-blsMapG1.json", 0x10),
    ("geth-precompiles/blsMapG2.json", 0x11),
    ("geth-precompiles/fail-blsMapG2.json", 0x11),
    ("geth-precompiles/p256Verify.json", 0x100),
];

/// The inputs of a vector file.
pub fn inputs(file: &str) -> Vec<Vec<u8>> {
    let full = format!("{}/../../tests/vectors/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"));
    let cases: Vec<serde_json::Value> = serde_json::from_str(&text).expect("JSON array");
    cases
        .iter()
        .map(|c| hex::decode(c["Input"].as_str().expect("Input")).expect("hex"))
        .collect()
}

/// Inputs for the precompiles without vector files (SHA-256, RIPEMD-160, identity) and a few
/// edge inputs for every address (empty, short, one byte).
pub fn extra_inputs() -> Vec<(u64, Vec<u8>)> {
    let mut v = Vec::new();
    for address in [
        0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0f, 0x10, 0x100,
    ] {
        v.push((address, Vec::new()));
        v.push((address, vec![0x01]));
        v.push((address, vec![0xff; 100]));
    }
    for len in [1usize, 31, 32, 33, 64, 1000] {
        let data: Vec<u8> = (0..len).map(|i| (i * 7 + 3) as u8).collect();
        for address in [0x02, 0x03, 0x04] {
            v.push((address, data.clone()));
        }
    }
    v
}

/// The caller of every transaction, and the proxy contract's address.
pub const CALLER: Address = address!("0x1000000000000000000000000000000000000001");
pub const PROXY: Address = address!("0x2000000000000000000000000000000000000002");

/// Runtime code: STATICCALL the address in calldata[0..32] with calldata[32..] and all gas,
/// return `success (32 bytes) ‖ returndata`.
pub const PROXY_CODE: &[u8] = &[
    0x60, 0x20, 0x36, 0x03, // PUSH1 32 CALLDATASIZE SUB           [n]
    0x80, // DUP1                                                  [n n]
    0x60, 0x20, 0x60, 0x00, 0x37, // PUSH1 32 PUSH1 0 CALLDATACOPY  [n]  mem[0..n] = input
    0x60, 0x00, 0x60, 0x00, // retSize 0, retOffset 0               [n 0 0]
    0x82, // DUP3: argsSize = n                                    [n 0 0 n]
    0x60, 0x00, // argsOffset 0                                    [n 0 0 n 0]
    0x60, 0x00, 0x35, // PUSH1 0 CALLDATALOAD: address             [n 0 0 n 0 a]
    0x5a, // GAS
    0xfa, // STATICCALL                                            [n ok]
    0x60, 0x00, 0x52, // PUSH1 0 MSTORE: mem[0..32] = ok           [n]
    0x3d, 0x60, 0x00, 0x60, 0x20, 0x3e, // RETURNDATACOPY(32, 0, rds)
    0x3d, 0x60, 0x20, 0x01, 0x60, 0x00, 0xf3, // RETURN(0, rds + 32)
];

/// An in-memory database holding the proxy contract.
pub fn db_with_proxy() -> CacheDB<EmptyDB> {
    let mut db = CacheDB::<EmptyDB>::default();
    db.insert_account_info(
        PROXY,
        AccountInfo {
            balance: U256::ZERO,
            nonce: 1,
            ..Default::default()
        }
        .with_code(Bytecode::new_raw(Bytes::from_static(PROXY_CODE))),
    );
    db
}

/// A transaction from [`CALLER`] to `to` with `data`.
pub fn tx(to: TxKind, data: Bytes, gas_limit: u64) -> TxEnv {
    TxEnv::builder()
        .caller(CALLER)
        .kind(to)
        .data(data)
        .gas_limit(gas_limit)
        .build()
        .expect("a valid transaction")
}

/// What a transaction gave: [`summary`] of its execution, or the error that refused it before
/// execution (calldata priced above the gas limit), which two EVMs must give alike.
pub fn outcome<E: core::fmt::Debug>(r: Result<ResultAndState, E>) -> (String, Vec<u8>, String) {
    match r {
        Ok(r) => summary(&r.result),
        Err(e) => ("invalid transaction".into(), Vec::new(), format!("{e:?}")),
    }
}

/// A fresh EVM for `spec` (revm's own precompiles unless `precompiles` is given), with the
/// proxy deployed and nonce checks off (transactions are not committed).
pub fn evm(
    spec: SpecId,
    precompiles: Option<EthPrecompiles>,
) -> impl FnMut(TxKind, Bytes, u64) -> (String, Vec<u8>, String) {
    let ctx = Context::mainnet()
        .with_db(db_with_proxy())
        .modify_cfg_chained(|cfg| {
            cfg.set_spec_and_mainnet_gas_params(spec);
            cfg.disable_nonce_check = true;
        });
    let mut evm = ctx.build_mainnet();
    if let Some(p) = precompiles {
        evm.precompiles = p;
    }
    move |to, data, gas_limit| outcome(evm.transact(tx(to, data, gas_limit)))
}

/// What two runs must agree on: success, revert or halt (and out of gas or not), the
/// output, and the whole gas accounting.
pub fn summary(r: &ExecutionResult) -> (String, Vec<u8>, String) {
    match r {
        ExecutionResult::Success { output, gas, .. } => {
            ("success".into(), output.data().to_vec(), format!("{gas:?}"))
        }
        ExecutionResult::Revert { output, gas, .. } => {
            ("revert".into(), output.to_vec(), format!("{gas:?}"))
        }
        ExecutionResult::Halt { reason, gas, .. } => {
            let oog = format!("{reason:?}").starts_with("OutOfGas");
            let kind = if oog { "halt: out of gas" } else { "halt" };
            (kind.into(), Vec::new(), format!("{gas:?}"))
        }
    }
}

/// Transaction gas for calls: enough for any vector's precompile call, under Osaka's
/// per-transaction cap of 2^24 (the largest inputs' calldata alone costs more on old forks:
/// those transactions are refused alike by both EVMs).
pub const TX_GAS: u64 = 16_000_000;

/// `address` as a 32-byte word followed by `input`: the proxy's calldata.
pub fn proxy_calldata(address: u64, input: &[u8]) -> Bytes {
    let mut data = vec![0u8; 24];
    data.extend_from_slice(&address.to_be_bytes());
    data.extend_from_slice(input);
    Bytes::from(data)
}

pub fn precompile_address(address: u64) -> Address {
    u64_to_address(address)
}
