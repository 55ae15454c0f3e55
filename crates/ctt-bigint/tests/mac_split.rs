//! `mac_split` (the multiply-accumulate of WebAssembly builds, without `u128`) against the
//! `u128` formula on edge and random operands. On wasm targets `mac` is `mac_split`, so the
//! kernels' own tests (run under tools/wasm-build) cover it there too.

use ctt_bigint::mac_split;

fn reference(acc: u64, a: u64, b: u64, carry: u64) -> (u64, u64) {
    let t = acc as u128 + (a as u128) * (b as u128) + carry as u128;
    (t as u64, (t >> 64) as u64)
}

#[test]
fn edges() {
    let edges = [
        0,
        1,
        2,
        0xffff_ffff,
        0x1_0000_0000,
        0x1_0000_0001,
        0x8000_0000_0000_0000,
        0xffff_ffff_0000_0000,
        0x0000_0000_ffff_ffff,
        u64::MAX - 1,
        u64::MAX,
    ];
    for &acc in &edges {
        for &a in &edges {
            for &b in &edges {
                for &carry in &edges {
                    assert_eq!(
                        mac_split(acc, a, b, carry),
                        reference(acc, a, b, carry),
                        "{acc:x} {a:x} {b:x} {carry:x}"
                    );
                }
            }
        }
    }
}

#[test]
fn random() {
    // xorshift64*: reproducible operands, with halves forced to 0 or all ones now and then
    let mut s = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        s ^= s >> 12;
        s ^= s << 25;
        s ^= s >> 27;
        let x = s.wrapping_mul(0x2545_f491_4f6c_dd1d);
        match x % 7 {
            0 => x | 0xffff_ffff,
            1 => x & 0xffff_ffff_0000_0000,
            2 => x | 0xffff_ffff_0000_0000,
            _ => x,
        }
    };
    for _ in 0..1_000_000 {
        let (acc, a, b, carry) = (next(), next(), next(), next());
        assert_eq!(mac_split(acc, a, b, carry), reference(acc, a, b, carry));
    }
}
