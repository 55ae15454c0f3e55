//! The alloy-evm adapter, one source compiled once per supported alloy-evm line: `super::alloy_evm`
//! is that line's crate and `super::ctt_revm` ctt's adapter for the revm major it is built on
//! (see `alloy038.rs`, `alloy039.rs`).

use super::alloy_evm::eth::{EthEvmBuilder, EthEvmContext};
use super::alloy_evm::precompiles::{DynPrecompile, PrecompileInput, PrecompilesMap};
use super::alloy_evm::{Database, EthEvm, EvmEnv, EvmFactory};
use super::ctt_revm::precompiles;
use super::ctt_revm::revm::Inspector;
use super::ctt_revm::revm::context::{BlockEnv, DBErrorMarker, TxEnv};
use super::ctt_revm::revm::context_interface::result::{EVMError, HaltReason};
use super::ctt_revm::revm::inspector::NoOpInspector;
use super::ctt_revm::revm::precompile::{PrecompileSpecId, Precompiles, u64_to_address};
use super::ctt_revm::revm::primitives::hardfork::SpecId;
use crate::PrecompileId;

/// The precompiles of `spec` as alloy-evm's [`PrecompilesMap`], every one running on ctt: what
/// an [`EvmFactory`] of one's own installs (`EthEvmBuilder::precompiles`, or the `precompiles`
/// field of a revm EVM).
///
/// The map starts in alloy-evm's static form over a set built once per spec, so creating it
/// costs no allocation, and it reports caching as alloy-evm's own map does: every precompile is
/// cacheable (ctt's precompiles are pure functions of their input) except the identity, whose
/// copy is cheaper than hashing its input for a cache key.
pub fn precompiles_map(spec: SpecId) -> PrecompilesMap {
    PrecompilesMap::from_static(ctt_set(spec))
}

/// ctt's precompile set for `spec`.
fn ctt_set(spec: SpecId) -> &'static Precompiles {
    precompiles(PrecompileSpecId::from_spec_id(spec))
}

/// One of ctt's precompiles, priced as on `spec`, as an alloy-evm [`DynPrecompile`] (for a map
/// that keeps other precompiles, e.g. `PrecompilesMap::apply_precompile`); `None` if the
/// precompile does not exist yet on `spec`. Cacheable (a pure function) unless it is the identity.
pub fn dyn_precompile(id: PrecompileId, spec: SpecId) -> Option<DynPrecompile> {
    let precompile = ctt_set(spec).get(&u64_to_address(id.address()))?;
    let revm_id = precompile.id().clone();
    Some(DynPrecompile::from((
        revm_id,
        move |input: PrecompileInput<'_>| {
            precompile.execute(input.data, input.gas, input.reservoir)
        },
    )))
}

/// An [`EvmFactory`] for Ethereum mainnet whose EVMs run every precompile on ctt, priced and
/// validated as on the block's spec (every fork from Frontier to Osaka): alloy-evm's
/// `EthEvmFactory` with [`precompiles_map`] in place of revm's set. Everything else (the
/// interpreter, the types, inspectors) is alloy-evm's, so it replaces `EthEvmFactory` wherever
/// that is taken, e.g. reth's `EthEvmConfig::new_with_evm_factory(chain_spec, CttEvmFactory)`.
#[derive(Clone, Copy, Debug, Default)]
pub struct CttEvmFactory;

impl EvmFactory for CttEvmFactory {
    type Evm<DB: Database, I: Inspector<EthEvmContext<DB>>> = EthEvm<DB, I, PrecompilesMap>;
    type Context<DB: Database> = EthEvmContext<DB>;
    type Tx = TxEnv;
    type Error<DBError: DBErrorMarker> = EVMError<DBError>;
    type HaltReason = HaltReason;
    type Spec = SpecId;
    type BlockEnv = BlockEnv;
    type Precompiles = PrecompilesMap;

    fn create_evm<DB: Database>(&self, db: DB, input: EvmEnv) -> Self::Evm<DB, NoOpInspector> {
        let precompiles = precompiles_map(input.cfg_env.spec);
        EthEvmBuilder::new(db, input)
            .precompiles(precompiles)
            .build()
    }

    fn create_evm_with_inspector<DB: Database, I: Inspector<Self::Context<DB>>>(
        &self,
        db: DB,
        input: EvmEnv,
        inspector: I,
    ) -> Self::Evm<DB, I> {
        let precompiles = precompiles_map(input.cfg_env.spec);
        EthEvmBuilder::new(db, input)
            .activate_inspector(inspector)
            .precompiles(precompiles)
            .build()
    }
}
