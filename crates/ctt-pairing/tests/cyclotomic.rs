//! Karabina's compressed cyclotomic squarings and the compressed exponentiation against the
//! Granger–Scott path (itself tested against the generic Fp12 squaring), on both towers.

use ctt_field::tower::{Fp12, TowerConfig};
use ctt_field::{ExtensionField, Field, Rng};
use ctt_pairing::LoopParam;
use ctt_pairing::cyclotomic::{
    Compressed, cyclotomic_exp, cyclotomic_exp_compressed, cyclotomic_square, decompress_batch,
};
use ctt_pairing::final_exp::easy_part;

struct XorShift(u64);
impl Rng for XorShift {
    fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// A random element of the cyclotomic subgroup (the easy part of the final exponentiation).
fn unitary<T: TowerConfig>(rng: &mut XorShift) -> Fp12<T> {
    easy_part(&Fp12::<T>::random(rng))
}

fn exponents() -> [LoopParam; 7] {
    [
        LoopParam::binary(0xd201_0000_0001_0000), // BLS12-381 |z|
        LoopParam::binary(0xd201_0000_0001_0000 >> 1),
        LoopParam::naf(4_965_661_367_192_848_881), // BN254 x0
        LoopParam::naf(0x8000_0000_0000_0001),     // one 63-long run, digits at 0 and 63
        LoopParam::binary(0x1_0000_0000_0000_0100), // first digit at 8 (the threshold)
        LoopParam::naf(0x7f00_0000_0000_0000),     // negative digit after a long run
        LoopParam::binary(0xffff),                 // no long run: the fallback
    ]
}

fn check<T: TowerConfig>(seed: u64) {
    let mut rng = XorShift(seed);
    for _ in 0..3 {
        let f = unitary::<T>(&mut rng);
        // Compression round trip, and compressed squares decompress to Granger–Scott squares.
        let mut out = [Fp12::<T>::ZERO; 1];
        decompress_batch(&[Compressed::compress(&f)], &mut out);
        assert_eq!(out[0], f);
        let mut c = Compressed::compress(&f);
        let mut g = f;
        let mut cs = [Compressed::<T>::default(); 4];
        let mut gs = [Fp12::<T>::ZERO; 4];
        for k in 0..4 {
            for _ in 0..(k + 1) {
                c = c.square();
                g = cyclotomic_square(&g);
            }
            cs[k] = c;
            gs[k] = g;
        }
        let mut out = [Fp12::<T>::ZERO; 4];
        decompress_batch(&cs, &mut out);
        assert_eq!(out, gs);
        assert_eq!(gs[0], f.square());
        assert_eq!(gs[1], f.square().square().square());
        for e in exponents() {
            assert_eq!(cyclotomic_exp_compressed(&f, &e), cyclotomic_exp(&f, &e));
        }
    }
    // One, the element whose g2 = g3 = 0 (the zero-denominator case), in a batch with others.
    let f = unitary::<T>(&mut rng);
    let mut out = [Fp12::<T>::ZERO; 3];
    let cs = [
        Compressed::compress(&f),
        Compressed::compress(&Fp12::ONE),
        Compressed::compress(&f.conjugate()),
    ];
    decompress_batch(&cs, &mut out);
    assert_eq!(out, [f, Fp12::ONE, f.conjugate()]);
    for e in exponents() {
        assert_eq!(cyclotomic_exp_compressed(&Fp12::<T>::ONE, &e), Fp12::ONE);
    }
}

/// The value of a signed-digit parameter (checks the recodings themselves).
fn value(e: &LoopParam) -> i128 {
    e.digits[..e.len]
        .iter()
        .rev()
        .fold(0i128, |acc, &d| 2 * acc + d as i128)
}

#[test]
fn wnaf_recodings() {
    for v in [
        1u128,
        2,
        3,
        7,
        0xd201_0000_0001_0000,
        4_965_661_367_192_848_881,
        (1 << 119) - 1,
    ] {
        for w in 2..=5 {
            let e = LoopParam::wnaf(v, w);
            assert_eq!(value(&e), v as i128, "v = {v:#x}, w = {w}");
            assert!(e.digits[e.len - 1] > 0);
            assert!((e.max_digit() as u32) < 1 << (w - 1));
            // Non-adjacency: at most one non-zero digit in any w consecutive.
            for i in 0..e.len {
                let nz = (i..(i + w as usize).min(e.len)).filter(|&j| e.digits[j] != 0);
                assert!(nz.count() <= 1);
                assert!(e.digits[i] == 0 || e.digits[i] % 2 != 0);
            }
        }
        assert_eq!(LoopParam::wnaf(v, 2).digits, LoopParam::naf(v).digits);
    }
}

/// Width-w NAF exponents (odd-power tables) against the binary ones.
fn check_wnaf<T: TowerConfig>(seed: u64) {
    let mut rng = XorShift(seed);
    let f = unitary::<T>(&mut rng);
    for v in [
        4_965_661_367_192_848_881u128,
        0xd201_0000_0001_0000,
        0x1234_5678_9abc,
        5,
    ] {
        let expected = cyclotomic_exp(&f, &LoopParam::binary(v));
        for w in 2..=5 {
            let e = LoopParam::wnaf(v, w);
            assert_eq!(cyclotomic_exp(&f, &e), expected, "v = {v:#x}, w = {w}");
            assert_eq!(cyclotomic_exp_compressed(&f, &e), expected);
        }
    }
}

#[test]
fn wnaf_exp_both_towers() {
    check_wnaf::<ctt_field::bls12_381::Tower>(0x5555_0000_1234_0001);
    check_wnaf::<ctt_field::bn254::Tower>(0x7777_0000_4321_0001);
}

#[test]
fn compressed_bls12_381() {
    check::<ctt_field::bls12_381::Tower>(0x1234_5678_9abc_def1);
}

#[test]
fn compressed_bn254() {
    check::<ctt_field::bn254::Tower>(0x0fed_cba9_8765_4321);
}
