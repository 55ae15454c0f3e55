//! Helpers shared by the targets (`#[path]`-included, not a target itself): a deterministic
//! generator and a reader that hands out input bytes (zeros once the input runs out).
#![allow(dead_code)]

/// SplitMix64.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    pub fn fill(&mut self, out: &mut [u8]) {
        for c in out.chunks_mut(8) {
            let w = self.next().to_le_bytes();
            c.copy_from_slice(&w[..c.len()]);
        }
    }
}

/// Reads the fuzzer's input front to back; past its end every read gives zeros.
pub struct Reader<'a>(pub &'a [u8]);

impl<'a> Reader<'a> {
    pub fn u8(&mut self) -> u8 {
        match self.0.split_first() {
            Some((b, rest)) => {
                self.0 = rest;
                *b
            }
            None => 0,
        }
    }
    pub fn u16(&mut self) -> u16 {
        u16::from_le_bytes(self.array())
    }
    pub fn u64(&mut self) -> u64 {
        u64::from_le_bytes(self.array())
    }
    pub fn array<const N: usize>(&mut self) -> [u8; N] {
        let mut out = [0u8; N];
        let n = N.min(self.0.len());
        out[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        out
    }
    pub fn bytes(&mut self, n: usize) -> &'a [u8] {
        let n = n.min(self.0.len());
        let (a, b) = self.0.split_at(n);
        self.0 = b;
        a
    }
    pub fn rest(&mut self) -> &'a [u8] {
        core::mem::take(&mut self.0)
    }
}

/// A mutation of an encoding chosen by one byte: none (most values), one flipped bit at a
/// position from the next byte, the encoding replaced by input bytes, or the first byte's flag
/// bits rewritten.
pub fn mutate(mode: u8, r: &mut Reader, bytes: &mut [u8]) {
    match mode % 8 {
        1 => {
            let pos = r.u16() as usize % (bytes.len() * 8);
            bytes[pos / 8] ^= 1 << (pos % 8);
        }
        2 => {
            let raw = r.bytes(bytes.len());
            bytes[..raw.len()].copy_from_slice(raw);
        }
        3 => {
            let flags = r.u8() & 0xe0;
            bytes[0] = (bytes[0] & 0x1f) | flags;
        }
        _ => {}
    }
}

/// rust_eth_kzg 0.10 on its embedded mainnet setup, no precomputation (the second KZG/PeerDAS
/// oracle), built once per process.
pub fn eth() -> &'static rust_eth_kzg::DASContext {
    static CTX: std::sync::OnceLock<rust_eth_kzg::DASContext> = std::sync::OnceLock::new();
    CTX.get_or_init(|| {
        rust_eth_kzg::DASContext::new(
            &rust_eth_kzg::TrustedSetup::default(),
            rust_eth_kzg::UsePrecomp::No,
        )
    })
}

/// rust_eth_kzg's verifiers return `Ok(())`, an invalid-proof error or another error: as
/// `Result<bool, _>`.
pub fn eth_verdict(r: Result<(), rust_eth_kzg::Error>) -> Result<bool, rust_eth_kzg::Error> {
    match r {
        Ok(()) => Ok(true),
        Err(e) if e.is_proof_invalid() => Ok(false),
        Err(e) => Err(e),
    }
}
