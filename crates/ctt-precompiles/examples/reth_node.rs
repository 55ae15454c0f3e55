//! ctt's precompiles in a reth node, through alloy-evm's `EvmFactory` (feature `alloy-evm`).
//!
//! reth (too large to build here) takes its EVM from an `alloy_evm::EvmFactory`; ctt's is
//! [`CttEvmFactory`]. In reth's `examples/custom-evm`, the executor builder becomes:
//!
//! ```ignore
//! use ctt_precompiles::alloy::CttEvmFactory; // alloy038 for reth 2.5 (revm 42, alloy-evm 0.38)
//!
//! #[derive(Debug, Default, Clone, Copy)]
//! pub struct CttExecutorBuilder;
//!
//! impl<Node> ExecutorBuilder<Node> for CttExecutorBuilder
//! where
//!     Node: FullNodeTypes<Types: NodeTypes<ChainSpec = ChainSpec, Primitives = EthPrimitives>>,
//! {
//!     type EVM = EthEvmConfig<ChainSpec, CttEvmFactory>;
//!
//!     async fn build_evm(self, ctx: &BuilderContext<Node>) -> eyre::Result<Self::EVM> {
//!         Ok(EthEvmConfig::new_with_evm_factory(ctx.chain_spec(), CttEvmFactory)) // the one line
//!     }
//! }
//!
//! // and the node: EthereumNode::components().executor(CttExecutorBuilder)
//! ```
//!
//! A node keeping a factory of its own installs the map instead, in its `create_evm`:
//! `EthEvmBuilder::new(db, env).precompiles(ctt_precompiles::alloy::precompiles_map(spec))`.
//!
//! This example does what reth's executor then does with the factory: an EVM per block
//! environment, and transactions calling precompiles, here a BLS12-381 G1 addition and a
//! SHA-256, next to the same calls in alloy-evm's own `EthEvmFactory`.
//!
//! Run: `cargo run -p ctt-precompiles --example reth_node --features alloy-evm`

use ctt_precompiles::alloy::alloy_evm::revm::context::{BlockEnv, TxEnv};
use ctt_precompiles::alloy::alloy_evm::revm::context_interface::result::ExecutionResult;
use ctt_precompiles::alloy::alloy_evm::revm::database::{CacheDB, EmptyDB};
use ctt_precompiles::alloy::alloy_evm::revm::primitives::hardfork::SpecId;
use ctt_precompiles::alloy::alloy_evm::revm::primitives::{Address, Bytes, TxKind};
use ctt_precompiles::alloy::alloy_evm::{EthEvmFactory, Evm, EvmEnv, EvmFactory};
use ctt_precompiles::alloy::{CttEvmFactory, precompiles_map};

/// The EIP-2537 encoding of the BLS12-381 G1 generator (two 64-byte padded coordinates).
fn g1_generator() -> Vec<u8> {
    let x = "17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb";
    let y = "08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1";
    let mut out = Vec::new();
    for c in [x, y] {
        out.extend_from_slice(&[0u8; 16]);
        out.extend_from_slice(&hex::decode(c).expect("hex"));
    }
    out
}

/// Runs a call to precompile `address` with `input` in an EVM from `factory`, on Osaka.
fn call<F>(factory: &F, address: u64, input: &[u8]) -> (Vec<u8>, u64)
where
    F: EvmFactory<Spec = SpecId, Tx = TxEnv, BlockEnv = BlockEnv>,
    F::HaltReason: core::fmt::Debug,
{
    let mut env = EvmEnv::default();
    env.cfg_env.set_spec_and_mainnet_gas_params(SpecId::OSAKA);
    let mut evm = factory.create_evm(CacheDB::<EmptyDB>::default(), env);
    let tx = TxEnv::builder()
        .caller(Address::with_last_byte(0x11))
        .kind(TxKind::Call(Address::left_padding_from(
            &address.to_be_bytes(),
        )))
        .data(Bytes::copy_from_slice(input))
        .gas_limit(1_000_000)
        .build()
        .expect("a valid transaction");
    match evm.transact(tx).expect("executes").result {
        ExecutionResult::Success { output, gas, .. } => {
            (output.data().to_vec(), gas.total_gas_spent())
        }
        other => panic!("the call failed: {other:?}"),
    }
}

fn main() {
    let osaka = precompiles_map(SpecId::OSAKA);
    println!(
        "Osaka's precompiles on ctt: {} addresses",
        osaka.addresses().count()
    );

    let sum_input = [g1_generator(), g1_generator()].concat();
    for (name, address, input) in [
        ("BLS12_G1ADD(G, G)", 0x0b, sum_input.as_slice()),
        ("SHA256(\"abc\")", 0x02, b"abc".as_slice()),
    ] {
        let (ours, ours_gas) = call(&CttEvmFactory, address, input);
        let (theirs, theirs_gas) = call(&EthEvmFactory::default(), address, input);
        assert_eq!((&ours, ours_gas), (&theirs, theirs_gas), "{name}");
        println!(
            "{name}: {}… ({} bytes), transaction gas {ours_gas}, identical in EthEvmFactory",
            hex::encode(&ours[..16.min(ours.len())]),
            ours.len()
        );
    }
}
