//! 0x05 MODEXP: `base^exp mod modulus` on big-endian integers of any length (EIP-198,
//! Byzantium), repriced by EIP-2565 (Berlin) and EIP-7883 (Osaka), bounded by EIP-7823 (Osaka).
//!
//! Input: three 32-byte big-endian lengths `Bl, El, Ml`, then `base` (Bl bytes), `exp` (El) and
//! `modulus` (Ml); input shorter than that reads as zero-extended, longer is ignored. Output:
//! exactly Ml bytes (the result left-padded; zero when the modulus is zero). From Osaka each
//! length must be at most 1024 bytes, and the call fails before it is priced otherwise. On every
//! fork and target, an operand of 2^28 bytes or more fails after pricing unless the modulus is
//! empty (such a call costs over 10^8 gas).
//!
//! Price: `complexity(max(Bl, Ml)) · iterations(El, head of exp)` divided by 20 / 3 / 1 with a
//! floor of 0 / 200 / 500 gas (Byzantium / Berlin / Osaka), where the iteration count is
//! the bit length of the exponent minus one, with 8 (Osaka: 16) per exponent byte beyond the
//! first 32, and at least 1. The arithmetic is [`ctt_bigint::modexp`].

use crate::{Fork, PrecompileError};
use alloc::vec::Vec;

const HEADER: usize = 96;

/// EIP-7823: the largest length of each operand, from Osaka.
pub const MAX_INPUT_LEN: u64 = 1024;

/// The least a call costs on `fork`: 0, 200 from Berlin, 500 from Osaka.
pub(crate) fn floor_gas(fork: Fork) -> u64 {
    if fork >= Fork::Osaka {
        500
    } else if fork >= Fork::Berlin {
        200
    } else {
        0
    }
}

/// The three lengths of the header, `None` for a length that does not fit 64 bits.
struct Header {
    base_len: Option<u64>,
    exp_len: Option<u64>,
    mod_len: Option<u64>,
}

/// A 32-byte big-endian length at `offset` of the zero-extended input.
fn length(input: &[u8], offset: usize) -> Option<u64> {
    let word = read_padded::<32>(input, offset);
    if word[..24].iter().any(|b| *b != 0) {
        return None;
    }
    Some(u64::from_be_bytes(word[24..].try_into().expect("8 bytes")))
}

/// `N` bytes of the zero-extended `input` from `offset`.
fn read_padded<const N: usize>(input: &[u8], offset: usize) -> [u8; N] {
    let mut out = [0u8; N];
    if offset < input.len() {
        let n = (input.len() - offset).min(N);
        out[..n].copy_from_slice(&input[offset..offset + n]);
    }
    out
}

fn header(input: &[u8]) -> Header {
    Header {
        base_len: length(input, 0),
        exp_len: length(input, 32),
        mod_len: length(input, 64),
    }
}

/// The gas of a MODEXP call on `fork`, or the failure that comes before pricing: a base or
/// modulus length beyond 64 bits (the gas would be infinite), or, from Osaka, any length above
/// 1024 bytes.
pub fn modexp_gas(input: &[u8], fork: Fork) -> Result<u64, PrecompileError> {
    let h = header(input);
    let (Some(base_len), Some(mod_len)) = (h.base_len, h.mod_len) else {
        return Err(PrecompileError::ModexpInputTooLarge);
    };
    // An exponent length beyond 64 bits saturates: its price is beyond any gas limit.
    let exp_len = h.exp_len.unwrap_or(u64::MAX);
    if fork >= Fork::Osaka
        && (base_len > MAX_INPUT_LEN || exp_len > MAX_INPUT_LEN || mod_len > MAX_INPUT_LEN)
    {
        return Err(PrecompileError::ModexpInputTooLarge);
    }
    // The exponent's first min(El, 32) bytes, as an integer.
    let head_len = exp_len.min(32) as usize;
    let exp_offset = HEADER.saturating_add(usize::try_from(base_len).unwrap_or(usize::MAX));
    let head_bytes = read_padded::<32>(input, exp_offset);
    let head_bits = bit_length(&head_bytes[..head_len]);
    let max_len = base_len.max(mod_len);
    let gas = if fork >= Fork::Osaka {
        let complexity = if max_len <= 32 {
            16
        } else {
            2 * words_squared(max_len)
        };
        complexity
            .saturating_mul(iterations(exp_len, head_bits, 16))
            .max(500)
    } else if fork >= Fork::Berlin {
        (words_squared(max_len).saturating_mul(iterations(exp_len, head_bits, 8)) / 3).max(200)
    } else {
        byzantium_complexity(max_len).saturating_mul(iterations(exp_len, head_bits, 8)) / 20
    };
    Ok(u64::try_from(gas).unwrap_or(u64::MAX))
}

/// `⌈len/8⌉²`.
fn words_squared(len: u64) -> u128 {
    let w = len.div_ceil(8) as u128;
    w * w
}

/// EIP-198's `mult_complexity(x)`: x² up to 64, x²/4 + 96x − 3072 up to 1024, x²/16 + 480x −
/// 199680 beyond (x < 2^64, so every term fits 128 bits).
fn byzantium_complexity(x: u64) -> u128 {
    let x = x as u128;
    if x <= 64 {
        x * x
    } else if x <= 1024 {
        x * x / 4 + 96 * x - 3072
    } else {
        x * x / 16 + 480 * x - 199_680
    }
}

/// The adjusted exponent length: `bits(head) − 1` for exponents of at most 32 bytes, plus
/// `multiplier` per further byte, and at least 1.
fn iterations(exp_len: u64, head_bits: u32, multiplier: u64) -> u128 {
    let count = if exp_len <= 32 {
        head_bits.saturating_sub(1) as u128
    } else {
        (multiplier as u128) * ((exp_len - 32) as u128) + (head_bits.max(1) - 1) as u128
    };
    count.max(1)
}

/// The bit length of a big-endian integer.
fn bit_length(bytes: &[u8]) -> u32 {
    match bytes.iter().position(|b| *b != 0) {
        None => 0,
        Some(i) => (bytes.len() - i) as u32 * 8 - bytes[i].leading_zeros(),
    }
}

/// The bound on each operand's length, in bytes (2^28, 256 MiB): a call whose base, exponent or
/// modulus is this long or longer fails (`ModexpInputTooLarge`) on every target alike. It keeps
/// the buffer of the three operands (under 768 MiB) allocatable and every bit count of
/// [`ctt_bigint::modexp`] within a 32-bit `usize`, so a 32-bit build answers exactly as a 64-bit
/// one. Any call that reaches it is priced far beyond a block: at least 10^8 gas on Byzantium
/// pricing (a one-byte modulus with a 2^28-byte exponent), 7·10^8 from Berlin, and from Osaka
/// EIP-7823 refuses every length above 1024 bytes before pricing.
pub(crate) const MAX_OPERAND_LEN: u64 = 1 << 28;

/// The output of a priced call.
pub(crate) fn output(input: &[u8]) -> Result<Vec<u8>, PrecompileError> {
    let h = header(input);
    // Pricing already refused lengths beyond 64 bits for base and modulus; an exponent that
    // long could not have been paid for.
    let too_large = PrecompileError::ModexpInputTooLarge;
    let (Some(base_len), Some(mod_len)) = (h.base_len, h.mod_len) else {
        return Err(too_large);
    };
    // A zero-length modulus gives an empty result whatever the other operands (go-ethereum
    // pads the result to `Ml = 0` bytes), so the exponent's length is not read and nothing is
    // allocated: with `Bl = 0` a length beyond 64 bits is priced like any other, and with gas
    // enough to pay for a huge one (the price saturates at u64::MAX) this is still an answer.
    // The lengths stay u64 up to here, so this holds for a base longer than a 32-bit `usize`.
    if mod_len == 0 {
        return Ok(Vec::new());
    }
    let exp_len = h.exp_len.ok_or(too_large)?;
    // Operands of MAX_OPERAND_LEN bytes or more are priced beyond any block; refusing them keeps
    // an absurd gas limit from turning into an absurd allocation, the same on every target.
    if base_len.max(exp_len).max(mod_len) >= MAX_OPERAND_LEN {
        return Err(too_large);
    }
    // Below 2^28 each, so the lengths and their sum fit a 32-bit `usize`.
    let to_usize = |v: u64| usize::try_from(v).map_err(|_| too_large);
    let (base_len, exp_len, mod_len) =
        (to_usize(base_len)?, to_usize(exp_len)?, to_usize(mod_len)?);
    let body = input.get(HEADER..).unwrap_or(&[]);
    let total = base_len + exp_len + mod_len;
    let mut data = alloc::vec![0u8; total];
    let n = body.len().min(total);
    data[..n].copy_from_slice(&body[..n]);
    let (base, rest) = data.split_at(base_len);
    let (exp, modulus) = rest.split_at(exp_len);
    Ok(ctt_bigint::modexp(base, exp, modulus))
}
