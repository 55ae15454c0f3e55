//! Canonical unsigned decimal strings (snarkjs' JSON numbers, what JavaScript's `BigInt`
//! prints): digits only, no sign, no leading zero unless the number is 0, at most 120 digits.

use crate::error::Groth16Error;
use ctt_field::PrimeField;

/// Longest decimal string accepted: a 384-bit value has 116 digits.
const MAX_DECIMAL_DIGITS: usize = 120;

/// Why a decimal string was refused.
enum Decimal {
    /// Not a canonical unsigned decimal string.
    Malformed,
    /// Does not fit the output.
    Overflow,
}

/// A canonical unsigned decimal string (digits only, no sign, no leading zero unless it is
/// "0") as big-endian bytes of `out.len()`.
fn decimal_to_be(s: &str, out: &mut [u8]) -> Result<(), Decimal> {
    let d = s.as_bytes();
    if d.is_empty()
        || d.len() > MAX_DECIMAL_DIGITS
        || (d.len() > 1 && d[0] == b'0')
        || !d.iter().all(u8::is_ascii_digit)
    {
        return Err(Decimal::Malformed);
    }
    out.fill(0);
    for c in d {
        let mut carry = u32::from(c - b'0');
        for byte in out.iter_mut().rev() {
            let v = u32::from(*byte) * 10 + carry;
            *byte = v as u8;
            carry = v >> 8;
        }
        if carry != 0 {
            return Err(Decimal::Overflow);
        }
    }
    Ok(())
}

/// A field element from its canonical decimal string (`< p`).
///
/// # Errors
///
/// [`Groth16Error::NonCanonical`].
pub fn fe_from_decimal<F: PrimeField>(s: &str) -> Result<F, Groth16Error> {
    let mut repr = F::ZERO.to_bytes_be();
    decimal_to_be(s, repr.as_mut()).map_err(|_| Groth16Error::NonCanonical)?;
    F::from_bytes_be(&repr)
        .into_option()
        .ok_or(Groth16Error::NonCanonical)
}

/// A scalar (public input) from its canonical decimal string.
///
/// # Errors
///
/// [`Groth16Error::ScalarOutOfRange`] for a value `≥ r`, [`Groth16Error::NonCanonical`] for a
/// malformed string.
pub fn scalar_from_decimal<F: PrimeField>(s: &str) -> Result<F, Groth16Error> {
    let mut repr = F::ZERO.to_bytes_be();
    decimal_to_be(s, repr.as_mut()).map_err(|e| match e {
        Decimal::Malformed => Groth16Error::NonCanonical,
        Decimal::Overflow => Groth16Error::ScalarOutOfRange,
    })?;
    F::from_bytes_be(&repr)
        .into_option()
        .ok_or(Groth16Error::ScalarOutOfRange)
}

/// The canonical decimal string of a field element.
pub fn fe_to_decimal<F: PrimeField>(x: &F) -> alloc::string::String {
    let mut bytes = alloc::vec::Vec::from(x.to_bytes_be().as_ref());
    let mut digits = alloc::vec::Vec::new();
    while bytes.iter().any(|b| *b != 0) {
        let mut rem = 0u32;
        for b in bytes.iter_mut() {
            let v = (rem << 8) | u32::from(*b);
            *b = (v / 10) as u8;
            rem = v % 10;
        }
        digits.push(b'0' + rem as u8);
    }
    if digits.is_empty() {
        digits.push(b'0');
    }
    digits.reverse();
    alloc::string::String::from_utf8(digits).unwrap_or_default()
}
