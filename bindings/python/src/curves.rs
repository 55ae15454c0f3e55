//! `ctt.curves`: BLS12-381 and BN254 G1/G2 points for notebooks and tooling — addition,
//! scalar multiplication (constant time), MSM (variable time), pairing checks, encodings and
//! (BLS12-381) RFC 9380 hash-to-curve.
//!
//! Points are immutable Python objects (`ctt.curves.bls12_381.G1`, …) holding a projective
//! point of the prime-order subgroup: every constructor (generator, identity, decoding with
//! every check, hashing) gives one and the group operations keep it there. Scalars are Python
//! `int`s of any size and sign, reduced modulo the group order. Decoding failures are
//! `ValueError`s, arguments of the wrong type `TypeError`s.

use ctt_curves::{AffineRepr, CurveError, CurveGroup, bls12_381, bn254};
use ctt_field::PrimeField;
use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyInt};

fn curve_err(e: CurveError) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// A Python `int` reduced modulo the order of `F`.
fn scalar<F: PrimeField>(k: &Bound<'_, PyAny>) -> PyResult<F> {
    if !k.is_instance_of::<PyInt>() {
        return Err(PyTypeError::new_err("a scalar must be an int"));
    }
    let negative = k.lt(0)?;
    let magnitude = if negative { k.neg()? } else { k.clone() };
    let bits: usize = magnitude.call_method0("bit_length")?.extract()?;
    let bytes = magnitude.call_method1("to_bytes", (bits.div_ceil(8), "big"))?;
    let v = F::from_bytes_be_mod_order(bytes.cast::<PyBytes>()?.as_bytes());
    Ok(if negative { -v } else { v })
}

/// Scalars of a sequence of `int`s.
fn scalars<F: PrimeField>(ks: &Bound<'_, PyAny>) -> PyResult<Vec<F>> {
    ks.try_iter()?.map(|k| scalar::<F>(&k?)).collect()
}

macro_rules! point_class {
    (
        $ty:ident, $name:literal, $module:literal, $proj:ty, $affine:ty, $fr:ty,
        $(#[$doc:meta])*
        { $($extra:tt)* }
    ) => {
        $(#[$doc])*
        #[pyclass(frozen, name = $name, module = $module)]
        #[derive(Clone, Copy)]
        pub struct $ty(pub(crate) $proj);

        impl $ty {
            /// The points of a sequence of this class (projective; the caller normalises them
            /// with the GIL released).
            fn projective_points(points: &Bound<'_, PyAny>) -> PyResult<Vec<$proj>> {
                let mut v = Vec::new();
                for p in points.try_iter()? {
                    let p = p?;
                    let p = p.cast::<$ty>().map_err(|_| {
                        PyTypeError::new_err(concat!("expected ", $module, ".", $name, " points"))
                    })?;
                    v.push(p.get().0);
                }
                Ok(v)
            }

            /// Affine forms of projective points (one batched inversion).
            fn normalize(v: &[$proj]) -> Vec<$affine> {
                let mut out = vec![<$affine>::default(); v.len()];
                <$proj>::batch_normalize(v, &mut out);
                out
            }
        }

        // Python methods take `&self` (a frozen class), whatever clippy's naming rule says.
        #[allow(clippy::wrong_self_convention)]
        #[pymethods]
        impl $ty {
            /// The group's fixed generator.
            #[staticmethod]
            fn generator() -> Self {
                $ty(<$proj>::generator())
            }

            /// The identity (the point at infinity).
            #[staticmethod]
            fn identity() -> Self {
                $ty(<$proj>::identity())
            }

            /// `Σ scalars[i]·points[i]` (variable time: public inputs only), with the GIL
            /// released.
            #[staticmethod]
            fn msm(py: Python<'_>, points: &Bound<'_, PyAny>, scalars: &Bound<'_, PyAny>) -> PyResult<Self> {
                let p = Self::projective_points(points)?;
                let s = self::scalars::<$fr>(scalars)?;
                if p.len() != s.len() {
                    return Err(PyValueError::new_err("points and scalars differ in length"));
                }
                py.detach(|| ctt_msm::msm_vartime::<$proj>(&Self::normalize(&p), &s))
                    .map($ty)
                    .map_err(|e| PyValueError::new_err(e.to_string()))
            }

            /// Whether this is the identity.
            fn is_identity(&self) -> bool {
                self.0.is_identity().to_bool_vartime()
            }

            /// `2·self`.
            fn double(&self) -> Self {
                $ty(self.0.double())
            }

            fn __add__(&self, other: &Bound<'_, PyAny>) -> PyResult<Self> {
                let o = other.cast::<$ty>().map_err(|_| PyTypeError::new_err("can only add points of the same group"))?;
                Ok($ty(self.0 + o.get().0))
            }

            fn __sub__(&self, other: &Bound<'_, PyAny>) -> PyResult<Self> {
                let o = other.cast::<$ty>().map_err(|_| PyTypeError::new_err("can only subtract points of the same group"))?;
                Ok($ty(self.0 - o.get().0))
            }

            fn __neg__(&self) -> Self {
                $ty(-self.0)
            }

            /// `k·self` for an `int` `k` (constant time in `k`), with the GIL released.
            fn __mul__(&self, py: Python<'_>, k: &Bound<'_, PyAny>) -> PyResult<Self> {
                let k = scalar::<$fr>(k)?;
                let p = self.0;
                Ok($ty(py.detach(|| p.mul(&k))))
            }

            fn __rmul__(&self, py: Python<'_>, k: &Bound<'_, PyAny>) -> PyResult<Self> {
                self.__mul__(py, k)
            }

            fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
                let py = other.py();
                let Ok(o) = other.cast::<$ty>() else {
                    return Ok(py.NotImplemented());
                };
                let eq = self.0 == o.get().0;
                Ok(match op {
                    CompareOp::Eq => eq.into_pyobject(py)?.to_owned().into_any().unbind(),
                    CompareOp::Ne => (!eq).into_pyobject(py)?.to_owned().into_any().unbind(),
                    _ => py.NotImplemented(),
                })
            }

            fn __hash__(&self) -> u64 {
                let b = self.__bytes__();
                let mut h = [0u8; 8];
                h.copy_from_slice(&ctt_hash::sha256(&b)[..8]);
                u64::from_le_bytes(h)
            }

            fn __repr__(&self) -> String {
                let b = self.__bytes__();
                let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
                format!(concat!($name, "({})"), hex)
            }

            $($extra)*
        }
    };
}

macro_rules! bls12_class {
    (
        $ty:ident, $name:literal, $proj:ty, $affine:ty, $c:literal, $u:literal, $e:literal,
        $(#[$doc:meta])*
    ) => {
        point_class!(
            $ty, $name, "ctt.curves.bls12_381", $proj, $affine, ctt_field::bls12_381::Fr,
            $(#[$doc])*
            {
            /// The ZCash compressed encoding (as Ethereum's keys and signatures).
            fn to_compressed<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
                let p = self.0;
                PyBytes::new(py, &py.detach(|| p.to_affine().to_compressed()))
            }

            /// The ZCash uncompressed encoding.
            fn to_uncompressed<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
                let p = self.0;
                PyBytes::new(py, &py.detach(|| p.to_affine().to_uncompressed()))
            }

            /// The EIP-2537 (precompile) encoding: coordinates in 64-byte big-endian words.
            fn to_eip2537<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
                let p = self.0;
                PyBytes::new(py, &py.detach(|| p.to_affine().to_eip2537_bytes()))
            }

            /// The compressed encoding.
            fn __bytes__(&self) -> Vec<u8> {
                self.0.to_affine().to_compressed().to_vec()
            }

            /// Decodes the compressed encoding with every check (flags, canonical coordinate,
            /// curve, subgroup); `ValueError` otherwise.
            #[staticmethod]
            fn from_compressed(py: Python<'_>, data: &[u8]) -> PyResult<Self> {
                py.detach(|| <$affine>::from_compressed(data))
                    .map(|a| $ty(a.to_group()))
                    .map_err(curve_err)
            }

            /// Decodes the uncompressed encoding with every check.
            #[staticmethod]
            fn from_uncompressed(py: Python<'_>, data: &[u8]) -> PyResult<Self> {
                py.detach(|| <$affine>::from_uncompressed(data))
                    .map(|a| $ty(a.to_group()))
                    .map_err(curve_err)
            }

            /// Decodes the EIP-2537 encoding with every check (padding, canonical, curve,
            /// subgroup).
            #[staticmethod]
            fn from_eip2537(py: Python<'_>, data: &[u8]) -> PyResult<Self> {
                py.detach(|| <$affine>::from_eip2537_bytes(data))
                    .map(|a| $ty(a.to_group()))
                    .map_err(curve_err)
            }

            /// RFC 9380 `hash_to_curve` (suite `BLS12381G1_XMD:SHA-256_SSWU_RO_` or its G2
            /// twin) with the domain separation tag `dst` (not empty, at most 255 bytes or
            /// hashed as RFC 9380 §5.3.3 says).
            #[staticmethod]
            fn hash_to_curve(py: Python<'_>, msg: &[u8], dst: &[u8]) -> PyResult<Self> {
                py.detach(|| <$proj>::hash_to_curve(msg, dst))
                    .map($ty)
                    .map_err(curve_err)
            }

            /// RFC 9380 `encode_to_curve` (the `_NU_` suite: not uniform, one map).
            #[staticmethod]
            fn encode_to_curve(py: Python<'_>, msg: &[u8], dst: &[u8]) -> PyResult<Self> {
                py.detach(|| <$proj>::encode_to_curve(msg, dst))
                    .map($ty)
                    .map_err(curve_err)
            }

            #[classattr]
            const COMPRESSED_SIZE: usize = $c;
            #[classattr]
            const UNCOMPRESSED_SIZE: usize = $u;
            #[classattr]
            const EIP2537_SIZE: usize = $e;
            }
        );
    };
}

macro_rules! bn254_class {
    (
        $ty:ident, $name:literal, $proj:ty, $affine:ty, $n:literal,
        $(#[$doc:meta])*
    ) => {
        point_class!(
            $ty, $name, "ctt.curves.bn254", $proj, $affine, ctt_field::bn254::Fr,
            $(#[$doc])*
            {
            /// The EVM encoding (EIP-196/197): big-endian coordinates, the identity all zero; G2
            /// coordinates as `(x.c1, x.c0, y.c1, y.c0)`.
            fn to_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
                let p = self.0;
                PyBytes::new(py, &py.detach(|| p.to_affine().to_evm_bytes()))
            }

            /// The EVM encoding.
            fn __bytes__(&self) -> Vec<u8> {
                self.0.to_affine().to_evm_bytes().to_vec()
            }

            /// Decodes the EVM encoding with every check (canonical, curve, subgroup for G2).
            #[staticmethod]
            fn from_bytes(py: Python<'_>, data: &[u8]) -> PyResult<Self> {
                py.detach(|| <$affine>::from_evm_bytes(data))
                    .map(|a| $ty(a.to_group()))
                    .map_err(curve_err)
            }

            #[classattr]
            const SIZE: usize = $n;
            }
        );
    };
}

bls12_class!(
    Bls12G1, "G1", bls12_381::G1Projective, bls12_381::G1Affine, 48, 96, 128,
    /// A point of BLS12-381's G1 (the subgroup of order r of E(Fp)).
);
bls12_class!(
    Bls12G2, "G2", bls12_381::G2Projective, bls12_381::G2Affine, 96, 192, 256,
    /// A point of BLS12-381's G2 (the subgroup of order r of the twist E'(Fp2)).
);
bn254_class!(
    Bn254G1, "G1", bn254::G1Projective, bn254::G1Affine, 64,
    /// A point of BN254's G1 (alt_bn128, E(Fp), prime order).
);
bn254_class!(
    Bn254G2, "G2", bn254::G2Projective, bn254::G2Affine, 128,
    /// A point of BN254's G2 (the subgroup of order r of the twist E'(Fp2)).
);

/// `bls12_381.pairing_check(pairs) -> bool`: whether `∏ e(Pᵢ, Qᵢ) = 1` for a sequence of
/// `(G1, G2)` pairs (the empty product is 1), with the GIL released.
#[pyfunction]
fn bls12_381_pairing_check(py: Python<'_>, pairs: &Bound<'_, PyAny>) -> PyResult<bool> {
    let mut v = Vec::new();
    for pair in pairs.try_iter()? {
        let (p, q): (Bound<'_, Bls12G1>, Bound<'_, Bls12G2>) = pair?
            .extract()
            .map_err(|_| PyTypeError::new_err("expected (bls12_381.G1, bls12_381.G2) pairs"))?;
        v.push((p.get().0, q.get().0));
    }
    Ok(py.detach(|| {
        let (p, q): (Vec<_>, Vec<_>) = v.into_iter().unzip();
        let pairs: Vec<_> = Bls12G1::normalize(&p)
            .into_iter()
            .zip(Bls12G2::normalize(&q))
            .collect();
        ctt_pairing::bls12_381::pairing_check(&pairs)
    }))
}

/// `bn254.pairing_check(pairs) -> bool`: whether `∏ e(Pᵢ, Qᵢ) = 1` (the EIP-197 check).
#[pyfunction]
fn bn254_pairing_check(py: Python<'_>, pairs: &Bound<'_, PyAny>) -> PyResult<bool> {
    let mut v = Vec::new();
    for pair in pairs.try_iter()? {
        let (p, q): (Bound<'_, Bn254G1>, Bound<'_, Bn254G2>) = pair?
            .extract()
            .map_err(|_| PyTypeError::new_err("expected (bn254.G1, bn254.G2) pairs"))?;
        v.push((p.get().0, q.get().0));
    }
    Ok(py.detach(|| {
        let (p, q): (Vec<_>, Vec<_>) = v.into_iter().unzip();
        let pairs: Vec<_> = Bn254G1::normalize(&p)
            .into_iter()
            .zip(Bn254G2::normalize(&q))
            .collect();
        ctt_pairing::bn254::pairing_check(&pairs)
    }))
}

/// Registers the classes (as `bls12_381_G1`, …; `ctt/curves` re-exports them per curve) and
/// the pairing checks.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("bls12_381_G1", py.get_type::<Bls12G1>())?;
    m.add("bls12_381_G2", py.get_type::<Bls12G2>())?;
    m.add("bn254_G1", py.get_type::<Bn254G1>())?;
    m.add("bn254_G2", py.get_type::<Bn254G2>())?;
    m.add_function(wrap_pyfunction!(bls12_381_pairing_check, m)?)?;
    m.add_function(wrap_pyfunction!(bn254_pairing_check, m)?)?;
    m.add(
        "bls12_381_ORDER_HEX",
        "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001",
    )?;
    m.add(
        "bn254_ORDER_HEX",
        "30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001",
    )?;
    Ok(())
}
