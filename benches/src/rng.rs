//! A seeded, reproducible generator for benchmark inputs.
//!
//! SplitMix64 (Steele, Lea, Flood 2014): one add and a few xor-shift-multiplies per word, full
//! 2^64 period, good enough statistics for picking field elements. Not for secrets.

use ctt_bigint::BigInt;

/// SplitMix64 state.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    /// A generator for the inputs of operation `name` at `size`: every (name, size) gets its own
    /// stream, so adding an operation never changes another's inputs.
    pub fn for_op(seed: u64, name: &str, size: Option<usize>) -> Self {
        // FNV-1a over the name, then the size: a stable, dependency-free hash.
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in name.bytes() {
            h = (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3);
        }
        h = (h ^ size.map_or(u64::MAX, |s| s as u64)).wrapping_mul(0x0000_0100_0000_01b3);
        SplitMix64(seed ^ h)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A uniform integer in `[0, p)` by rejection sampling on `p`'s bit length (`p > 0`).
    pub fn below<const N: usize>(&mut self, p: &BigInt<N>) -> BigInt<N> {
        let bits = p.num_bits_vartime();
        loop {
            let mut l = [0u64; N];
            for (i, limb) in l.iter_mut().enumerate() {
                let lo = 64 * i as u32;
                *limb = match bits.saturating_sub(lo) {
                    0 => 0,
                    k if k >= 64 => self.next_u64(),
                    k => self.next_u64() >> (64 - k),
                };
            }
            let x = BigInt(l);
            if x.lt_vartime(p) {
                return x;
            }
        }
    }
}

/// So that ctt-field's `random` constructors draw from the seeded stream.
impl ctt_field::Rng for SplitMix64 {
    fn next_u64(&mut self) -> u64 {
        SplitMix64::next_u64(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_stays_below_and_is_reproducible() {
        let p = BigInt::<4>::from_hex(
            "30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47",
        );
        let mut a = SplitMix64::for_op(1, "x", Some(3));
        let mut b = SplitMix64::for_op(1, "x", Some(3));
        for _ in 0..1000 {
            let x = a.below(&p);
            assert!(x.lt_vartime(&p));
            assert!(x.eq_vartime(&b.below(&p)));
        }
        assert_ne!(
            SplitMix64::for_op(1, "x", Some(3)).next_u64(),
            SplitMix64::for_op(1, "x", Some(4)).next_u64()
        );
    }
}
