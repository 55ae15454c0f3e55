//! Seeded differential test against revm-precompile (its built-in backends; the major the test crate names): for every
//! precompile on Osaka, and for the repriced ones on their earlier forks, 10^4 random and
//! mutated inputs (random bytes of random length; vector inputs with flipped bytes, cut or
//! extended, or with only their scalars / exponents changed) at assorted gas limits must give
//! the same success, output and gas in both.

use crate::adapter::revm::precompile::{
    PrecompileHalt, PrecompileSpecId, Precompiles, u64_to_address,
};
use ctt_precompiles::{Fork, PrecompileError, PrecompileId, run};

/// SplitMix64.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }
}

/// The vector inputs of the files for `address`.
fn seeds(address: u64) -> Vec<Vec<u8>> {
    crate::common::FILES
        .iter()
        .filter(|(_, a)| *a == address)
        .flat_map(|(f, _)| crate::common::inputs(f))
        .collect()
}

/// One input: random, or a mutation of a seed.
fn input(rng: &mut Rng, address: u64, seeds: &[Vec<u8>]) -> Vec<u8> {
    let typical = match address {
        0x06 => 128,
        0x07 => 96,
        0x08 => 192 * (1 + rng.below(2)),
        0x09 => 213,
        0x0a => 192,
        0x0b => 256,
        0x0c => 160 * (1 + rng.below(3)),
        0x0d => 512,
        0x0e => 288 * (1 + rng.below(2)),
        0x0f => 384 * (1 + rng.below(2)),
        0x10 => 64,
        0x11 => 128,
        0x100 => 160,
        _ => 1 + rng.below(200),
    };
    let kind = rng.below(10);
    if seeds.is_empty() || kind < 3 {
        let len = if rng.below(2) == 0 {
            typical
        } else {
            rng.below(2 * typical + 2)
        };
        return rng.bytes(len);
    }
    let mut v = seeds[rng.below(seeds.len())].clone();
    match kind {
        3..=6 if !v.is_empty() => {
            for _ in 0..1 + rng.below(3) {
                let i = rng.below(v.len());
                v[i] ^= 1 << rng.below(8);
            }
        }
        7 => {
            let cut = rng.below(v.len() + 1);
            v.truncate(cut);
        }
        8 => {
            let n = 1 + rng.below(64);
            let extra = rng.bytes(n);
            v.extend_from_slice(&extra);
        }
        _ => {
            // Change only a trailing 32-byte word (the scalar of MUL/MSM records, the modulus
            // or exponent tail of MODEXP, z/y-adjacent bytes elsewhere).
            if v.len() >= 32 {
                let start = v.len() - 32;
                let w = rng.bytes(32);
                v[start..].copy_from_slice(&w);
            }
        }
    }
    v
}

fn spec_of(fork: Fork) -> PrecompileSpecId {
    match fork {
        Fork::Homestead => PrecompileSpecId::HOMESTEAD,
        Fork::Byzantium => PrecompileSpecId::BYZANTIUM,
        Fork::Istanbul => PrecompileSpecId::ISTANBUL,
        Fork::Berlin => PrecompileSpecId::BERLIN,
        Fork::Cancun => PrecompileSpecId::CANCUN,
        Fork::Prague => PrecompileSpecId::PRAGUE,
        Fork::Osaka => PrecompileSpecId::OSAKA,
    }
}

fn compare(id: PrecompileId, fork: Fork, cases: usize, seed: u64) {
    let address = id.address();
    let theirs = Precompiles::new(spec_of(fork))
        .get(&u64_to_address(address))
        .unwrap_or_else(|| panic!("revm has {id} on {fork:?}"));
    let seeds = seeds(address);
    let mut rng = Rng(seed);
    let gas_limits = [0u64, 100, 3_000, 50_000, 200_000, 1_000_000, 30_000_000];
    for case in 0..cases {
        let input = input(&mut rng, address, &seeds);
        let gas = gas_limits[rng.below(gas_limits.len())];
        let ours = run(address, &input, gas, fork);
        let r = theirs.execute(&input, gas, 0).expect("no fatal error");
        let context = || {
            format!(
                "{id} on {fork:?}, case {case}, gas {gas}, input {}",
                hex::encode(&input)
            )
        };
        match ours {
            Ok(out) => {
                assert!(
                    r.is_success(),
                    "{}: ours succeeded, revm {:?}",
                    context(),
                    r.status
                );
                assert_eq!(out.bytes, r.bytes.to_vec(), "{}", context());
                assert_eq!(out.gas_used, r.gas_used, "{}", context());
            }
            Err(e) => {
                assert!(
                    r.is_halt(),
                    "{}: ours failed ({e:?}), revm {:?}",
                    context(),
                    r.status
                );
                let their_oog = matches!(r.halt_reason(), Some(PrecompileHalt::OutOfGas));
                assert_eq!(
                    e == PrecompileError::OutOfGas,
                    their_oog,
                    "{}: {e:?} vs {:?}",
                    context(),
                    r.status
                );
            }
        }
    }
}

const CASES: usize = 10_000;

macro_rules! differential {
    ($($name:ident: $id:ident on $($fork:ident),+;)*) => {$(
        #[test]
        fn $name() {
            $(compare(PrecompileId::$id, Fork::$fork, CASES, 0x5eed ^ PrecompileId::$id.address() ^ (Fork::$fork as u64) << 20);)+
        }
    )*};
}

differential! {
    ecrecover: EcRecover on Osaka;
    sha256: Sha256 on Osaka;
    ripemd160: Ripemd160 on Osaka;
    identity: Identity on Osaka;
    modexp: ModExp on Byzantium, Berlin, Osaka;
    bn254_add: Bn254Add on Byzantium, Osaka;
    bn254_mul: Bn254Mul on Byzantium, Osaka;
    bn254_pairing: Bn254Pairing on Byzantium, Osaka;
    blake2f: Blake2F on Osaka;
    point_evaluation: KzgPointEvaluation on Osaka;
    bls12_g1add: Bls12G1Add on Osaka;
    bls12_g1msm: Bls12G1Msm on Osaka;
    bls12_g2add: Bls12G2Add on Osaka;
    bls12_g2msm: Bls12G2Msm on Osaka;
    bls12_pairing_check: Bls12PairingCheck on Osaka;
    bls12_map_fp_to_g1: Bls12MapFpToG1 on Osaka;
    bls12_map_fp2_to_g2: Bls12MapFp2ToG2 on Osaka;
    p256verify: P256Verify on Osaka;
}
