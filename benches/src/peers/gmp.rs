//! GMP's `mpz_powm` through a minimal binding to the system library (`libgmp`, linked with
//! `-lgmp`), the reference peer for MODEXP. Each call imports the big-endian bytes, exponentiates
//! and exports the result left-padded to the modulus length, as our `modexp` does.
#![allow(unsafe_code)]

use std::ffi::{c_int, c_void};

/// GMP's `__mpz_struct`.
#[repr(C)]
struct Mpz {
    alloc: c_int,
    size: c_int,
    d: *mut u64,
}

#[link(name = "gmp")]
unsafe extern "C" {
    fn __gmpz_init(x: *mut Mpz);
    fn __gmpz_clear(x: *mut Mpz);
    fn __gmpz_import(
        rop: *mut Mpz,
        count: usize,
        order: c_int,
        size: usize,
        endian: c_int,
        nails: usize,
        op: *const c_void,
    );
    fn __gmpz_export(
        rop: *mut c_void,
        countp: *mut usize,
        order: c_int,
        size: usize,
        endian: c_int,
        nails: usize,
        op: *const Mpz,
    ) -> *mut c_void;
    fn __gmpz_sizeinbase(op: *const Mpz, base: c_int) -> usize;
    fn __gmpz_powm(rop: *mut Mpz, base: *const Mpz, exp: *const Mpz, modulus: *const Mpz);
}

/// An initialised `mpz_t`, cleared on drop.
struct Z(Mpz);

impl Z {
    fn from_be(bytes: &[u8]) -> Z {
        let mut z = Z(Mpz {
            alloc: 0,
            size: 0,
            d: std::ptr::null_mut(),
        });
        // SAFETY: `z.0` is a valid `__mpz_struct` to initialise; `bytes` is readable for its
        // length, imported as `len` words of 1 byte, most significant first.
        unsafe {
            __gmpz_init(&mut z.0);
            __gmpz_import(&mut z.0, bytes.len(), 1, 1, 1, 0, bytes.as_ptr().cast());
        }
        z
    }
}

impl Drop for Z {
    fn drop(&mut self) {
        // SAFETY: initialised in `from_be` and cleared once.
        unsafe { __gmpz_clear(&mut self.0) }
    }
}

/// `base^exp mod modulus` with the EIP-198 conventions (zero modulus → zeros), `modulus.len()`
/// big-endian bytes.
pub fn modexp(base: &[u8], exp: &[u8], modulus: &[u8]) -> Vec<u8> {
    let mut out = vec![0u8; modulus.len()];
    let m = Z::from_be(modulus);
    if m.0.size == 0 {
        return out;
    }
    let b = Z::from_be(base);
    let e = Z::from_be(exp);
    let mut r = Z::from_be(&[]);
    // SAFETY: all four are initialised mpz values; the modulus is nonzero.
    unsafe { __gmpz_powm(&mut r.0, &b.0, &e.0, &m.0) };
    if r.0.size != 0 {
        // SAFETY: `r` is initialised; r < m, so its byte length fits in `out`, and export writes
        // exactly `count` bytes at the pointer given.
        unsafe {
            let count = __gmpz_sizeinbase(&r.0, 256);
            let start = out.len() - count;
            let mut written = 0usize;
            __gmpz_export(
                out[start..].as_mut_ptr().cast(),
                &mut written,
                1,
                1,
                1,
                0,
                &r.0,
            );
            debug_assert_eq!(written, count);
        }
    }
    out
}
