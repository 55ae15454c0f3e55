//! The trusted setup: parsing and validating it, the embedded mainnet setup, and the settings
//! every KZG function runs on.
//!
//! Three ways in, all fully validated (point counts, canonical coordinates, on the curve, in the
//! prime-order subgroup), with typed errors and no panic:
//! [`KzgSettings::from_trusted_setup_text`] (c-kzg-4844's `trusted_setup.txt` format),
//! [`KzgSettings::from_trusted_setup_bytes`] (concatenated compressed points, as c-kzg's
//! `load_trusted_setup`) and `KzgSettings::load_trusted_setup_file` (feature `std`).
//!
//! [`KzgSettings::mainnet`] needs none of that work: the crate embeds the Ethereum mainnet setup
//! (`data/trusted_setup.txt`, sha256 `d39b9f2d…0f26b7`) in an already-validated binary form,
//! `data/trusted_setup.bin`, produced from the text by `examples/gen_mainnet_setup.rs`
//! ([`trusted_setup_binary_from_text`]) and checked byte for byte by a test. Its points are stored
//! uncompressed, so loading costs a canonicity and curve-equation check per point (no square
//! root, no subgroup check: the generator did those), a few milliseconds.

use crate::domain::{bit_reversal_permutation, roots_of_unity_brp};
use crate::once::OnceBox;
use crate::{
    BYTES_PER_G1_POINT, BYTES_PER_G2_POINT, FIELD_ELEMENTS_PER_BLOB, KzgError, NUM_G2_POINTS,
};
use alloc::vec::Vec;
use ctt_curves::bls12_381::{G1Affine, G1Projective, G2Affine};
use ctt_curves::{AffineRepr, CurveGroup};
use ctt_field::bls12_381::Fr;
use ctt_msm::PrecomputedMsm;
use ctt_pairing::bls12_381::G2Prepared;

/// Fixed-base tables for the MSM of commitments and proofs over the 4096 Lagrange points
/// (ctt-msm's [`PrecomputedMsm`], Herold's method).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Precompute {
    /// No tables: commitments and proofs run the general MSM (Pippenger) over the setup points.
    None,
    /// Tables with stride `t` and window `b` (`2 ≤ b ≤ 20`, `t` a multiple of `b`, `t ≤ 512`):
    /// `4096·⌈⌈256/b⌉·b/t⌉` affine points. Smaller `t` is faster and larger.
    Tables {
        /// The precomputation stride, a multiple of `b`.
        t: u32,
        /// The window (bucket) width.
        b: u32,
    },
}

impl Precompute {
    /// The default, chosen by measurement on the commitment MSM (see the crate README):
    /// `t = b = 12`, about 9 MiB of tables.
    pub const DEFAULT: Precompute = Precompute::Tables { t: 12, b: 12 };

    /// Checks the parameters without building anything.
    fn validate(self) -> Result<(), KzgError> {
        match self {
            Precompute::None => Ok(()),
            Precompute::Tables { t, b } => PrecomputedMsm::<G1Projective>::new(&[], t, b)
                .map(|_| ())
                .map_err(|_| KzgError::InvalidPrecompute),
        }
    }
}

impl Default for Precompute {
    fn default() -> Self {
        Precompute::DEFAULT
    }
}

/// The setup's points as the text file lists them (Lagrange points in natural order).
pub(crate) struct SetupPoints {
    pub(crate) g1_lagrange: Vec<G1Affine>,
    pub(crate) g2_monomial: Vec<G2Affine>,
    pub(crate) g1_monomial: Vec<G1Affine>,
}

/// A loaded trusted setup with everything derived from it: the Lagrange points in bit-reversal
/// order, the evaluation domain, the fixed G2 points of the verification equations and,
/// built on first use, the fixed-base tables.
pub struct KzgSettings {
    g1_monomial: Vec<G1Affine>,
    g1_lagrange_brp: Vec<G1Affine>,
    g2_monomial: Vec<G2Affine>,
    roots_brp: Vec<Fr>,
    /// `[1]₂` and `[τ]₂` with their Miller-loop lines: the only G2 points verification pairs.
    pub(crate) g2: G2Prepared,
    pub(crate) s_g2: G2Prepared,
    precompute: Precompute,
    /// `None` inside when `precompute` is [`Precompute::None`].
    tables: OnceBox<Option<PrecomputedMsm<G1Projective>>>,
}

impl core::fmt::Debug for KzgSettings {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("KzgSettings")
            .field("g1_points", &self.g1_lagrange_brp.len())
            .field("g2_points", &self.g2_monomial.len())
            .field("precompute", &self.precompute)
            .field("tables_built", &self.tables.get().is_some())
            .finish()
    }
}

/// The embedded Ethereum mainnet setup (see the module documentation).
const MAINNET_BINARY: &[u8] = include_bytes!("../data/trusted_setup.bin");
static MAINNET: OnceBox<KzgSettings> = OnceBox::new();

impl KzgSettings {
    /// The Ethereum mainnet trusted setup, embedded in the crate, decoded on the first call
    /// (a few milliseconds; thread-safe, no `std` needed) and shared afterwards. Its fixed-base
    /// tables ([`Precompute::DEFAULT`]) are built on the first commitment or proof, or by
    /// [`KzgSettings::build_tables`].
    pub fn mainnet() -> &'static KzgSettings {
        MAINNET.get_or_init(|| {
            let points = decode_binary(MAINNET_BINARY)
                .expect("the embedded setup is generated from the validated mainnet text");
            Self::from_points(points, Precompute::DEFAULT)
        })
    }

    /// An owned copy of the mainnet setup with other fixed-base tables (built here).
    pub fn mainnet_with_precompute(precompute: Precompute) -> Result<KzgSettings, KzgError> {
        let points = decode_binary(MAINNET_BINARY)?;
        precompute.validate()?;
        let s = Self::from_points(points, precompute);
        s.build_tables();
        Ok(s)
    }

    /// Parses and validates a setup in c-kzg-4844's text format: the counts `4096` and `65`,
    /// then 4096 compressed G1 Lagrange points, 65 compressed G2 monomial points and 4096
    /// compressed G1 monomial points, in hex, separated by white space. Builds the default
    /// tables.
    pub fn from_trusted_setup_text(text: &str) -> Result<KzgSettings, KzgError> {
        let points = parse_text(text)?;
        check_lagrange_form(&points)?;
        let s = Self::from_points(points, Precompute::DEFAULT);
        s.build_tables();
        Ok(s)
    }

    /// Validates a setup given as concatenated compressed points, in c-kzg-4844's
    /// `load_trusted_setup` order: G1 monomial (4096 × 48 bytes), G1 Lagrange (4096 × 48 bytes)
    /// and G2 monomial (65 × 96 bytes). Builds the default tables.
    pub fn from_trusted_setup_bytes(
        g1_monomial: &[u8],
        g1_lagrange: &[u8],
        g2_monomial: &[u8],
    ) -> Result<KzgSettings, KzgError> {
        let n = FIELD_ELEMENTS_PER_BLOB;
        if g1_monomial.len() != n * BYTES_PER_G1_POINT
            || g1_lagrange.len() != n * BYTES_PER_G1_POINT
            || g2_monomial.len() != NUM_G2_POINTS * BYTES_PER_G2_POINT
        {
            return Err(KzgError::TrustedSetupPointCount);
        }
        let points = SetupPoints {
            g1_lagrange: decode_points(g1_lagrange, n, decode_g1)?,
            g2_monomial: decode_points(g2_monomial, NUM_G2_POINTS, decode_g2)?,
            g1_monomial: decode_points(g1_monomial, n, decode_g1)?,
        };
        check_lagrange_form(&points)?;
        let s = Self::from_points(points, Precompute::DEFAULT);
        s.build_tables();
        Ok(s)
    }

    /// Reads and validates a setup file in c-kzg-4844's text format.
    #[cfg(feature = "std")]
    pub fn load_trusted_setup_file(
        path: impl AsRef<std::path::Path>,
    ) -> Result<KzgSettings, KzgError> {
        let text = std::fs::read_to_string(path).map_err(|_| KzgError::Io)?;
        Self::from_trusted_setup_text(&text)
    }

    /// The same setup with other fixed-base tables (built here; the old ones are dropped).
    pub fn with_precompute(self, precompute: Precompute) -> Result<KzgSettings, KzgError> {
        precompute.validate()?;
        let s = KzgSettings {
            precompute,
            tables: OnceBox::new(),
            ..self
        };
        s.build_tables();
        Ok(s)
    }

    /// Derives everything from validated points.
    fn from_points(points: SetupPoints, precompute: Precompute) -> KzgSettings {
        let mut g1_lagrange_brp = points.g1_lagrange;
        bit_reversal_permutation(&mut g1_lagrange_brp);
        let s_g2 = G2Prepared::new(&points.g2_monomial[1]);
        let g2 = G2Prepared::new(&G2Affine::generator());
        KzgSettings {
            g1_monomial: points.g1_monomial,
            g1_lagrange_brp,
            g2_monomial: points.g2_monomial,
            roots_brp: roots_of_unity_brp(FIELD_ELEMENTS_PER_BLOB),
            g2,
            s_g2,
            precompute,
            tables: OnceBox::new(),
        }
    }

    /// Builds the fixed-base tables now if they are not built yet (otherwise the first
    /// commitment or proof builds them).
    pub fn build_tables(&self) {
        self.tables();
    }

    /// The fixed-base tables, built on first use.
    pub(crate) fn tables(&self) -> Option<&PrecomputedMsm<G1Projective>> {
        self.tables
            .get_or_init(|| match self.precompute {
                Precompute::None => None,
                // Parameters were validated when the settings were made.
                Precompute::Tables { t, b } => {
                    PrecomputedMsm::new(&self.g1_lagrange_brp, t, b).ok()
                }
            })
            .as_ref()
    }

    /// The fixed-base table parameters.
    pub fn precompute(&self) -> Precompute {
        self.precompute
    }

    /// Bytes held: the setup points, the domain and the fixed-base tables (built here if they
    /// were not yet).
    pub fn memory_bytes(&self) -> usize {
        let points = (self.g1_monomial.len() + self.g1_lagrange_brp.len()) * size_of::<G1Affine>()
            + self.g2_monomial.len() * size_of::<G2Affine>()
            + self.roots_brp.len() * size_of::<Fr>()
            + size_of::<Self>();
        points + self.tables().map_or(0, PrecomputedMsm::memory_bytes)
    }

    /// The 4096 G1 monomial points `[τ^i]₁`.
    pub fn g1_monomial(&self) -> &[G1Affine] {
        &self.g1_monomial
    }

    /// The 4096 G1 Lagrange points in bit-reversal order (the basis blobs are committed in).
    pub fn g1_lagrange_brp(&self) -> &[G1Affine] {
        &self.g1_lagrange_brp
    }

    /// The 65 G2 monomial points `[τ^i]₂`.
    pub fn g2_monomial(&self) -> &[G2Affine] {
        &self.g2_monomial
    }

    /// The 4096th roots of unity in bit-reversal order (the blob's evaluation points).
    pub fn roots_of_unity_brp(&self) -> &[Fr] {
        &self.roots_brp
    }

    /// `Σ scalars_i · L_i` over the bit-reversed Lagrange points (a commitment to the polynomial
    /// with these evaluations), through the tables when there are.
    pub(crate) fn commit_lagrange(&self, scalars: &[Fr]) -> G1Projective {
        let r = match self.tables() {
            Some(t) => t.msm_vartime(scalars),
            None => ctt_msm::msm_vartime::<G1Projective>(&self.g1_lagrange_brp, scalars),
        };
        // Both callers pass exactly FIELD_ELEMENTS_PER_BLOB scalars.
        r.unwrap_or_else(|_| G1Projective::identity())
    }
}

/// Converts a setup in c-kzg-4844's text format to the embedded binary form that
/// `data/trusted_setup.bin` holds, validating it fully on the way (the generator
/// `examples/gen_mainnet_setup.rs` and the test that rebuilds the file call this).
///
/// Layout: the magic `ctt-kzg1`, the G1 and G2 point counts as little-endian `u32`, then the
/// points in the text file's order (G1 Lagrange in natural order, G2 monomial, G1 monomial),
/// each in the uncompressed ZCash encoding (96 and 192 bytes).
pub fn trusted_setup_binary_from_text(text: &str) -> Result<Vec<u8>, KzgError> {
    let p = parse_text(text)?;
    let mut out = Vec::with_capacity(
        16 + 2 * FIELD_ELEMENTS_PER_BLOB * 2 * BYTES_PER_G1_POINT
            + NUM_G2_POINTS * 2 * BYTES_PER_G2_POINT,
    );
    out.extend_from_slice(BINARY_MAGIC);
    out.extend_from_slice(&(FIELD_ELEMENTS_PER_BLOB as u32).to_le_bytes());
    out.extend_from_slice(&(NUM_G2_POINTS as u32).to_le_bytes());
    for q in &p.g1_lagrange {
        out.extend_from_slice(&q.to_uncompressed());
    }
    for q in &p.g2_monomial {
        out.extend_from_slice(&q.to_uncompressed());
    }
    for q in &p.g1_monomial {
        out.extend_from_slice(&q.to_uncompressed());
    }
    Ok(out)
}

const BINARY_MAGIC: &[u8; 8] = b"ctt-kzg1";

/// Reads the embedded binary form (canonicity and curve equation checked; the subgroup was
/// checked when the file was generated).
fn decode_binary(bytes: &[u8]) -> Result<SetupPoints, KzgError> {
    let (magic, rest) = bytes
        .split_at_checked(8)
        .ok_or(KzgError::TrustedSetupFormat)?;
    if magic != BINARY_MAGIC {
        return Err(KzgError::TrustedSetupFormat);
    }
    let (counts, rest) = rest
        .split_at_checked(8)
        .ok_or(KzgError::TrustedSetupFormat)?;
    let n_g1 = u32::from_le_bytes([counts[0], counts[1], counts[2], counts[3]]) as usize;
    let n_g2 = u32::from_le_bytes([counts[4], counts[5], counts[6], counts[7]]) as usize;
    if n_g1 != FIELD_ELEMENTS_PER_BLOB || n_g2 != NUM_G2_POINTS {
        return Err(KzgError::TrustedSetupPointCount);
    }
    let g1_len = n_g1 * 2 * BYTES_PER_G1_POINT;
    let g2_len = n_g2 * 2 * BYTES_PER_G2_POINT;
    if rest.len() != 2 * g1_len + g2_len {
        return Err(KzgError::TrustedSetupFormat);
    }
    let (lagrange, rest) = rest.split_at(g1_len);
    let (g2, monomial) = rest.split_at(g2_len);
    let g1 = |b: &[u8]| {
        G1Affine::from_uncompressed_unchecked(b).map_err(|_| KzgError::TrustedSetupInvalidPoint)
    };
    let g2p = |b: &[u8]| {
        G2Affine::from_uncompressed_unchecked(b).map_err(|_| KzgError::TrustedSetupInvalidPoint)
    };
    Ok(SetupPoints {
        g1_lagrange: decode_points(lagrange, n_g1, g1)?,
        g2_monomial: decode_points(g2, n_g2, g2p)?,
        g1_monomial: decode_points(monomial, n_g1, g1)?,
    })
}

/// c-kzg-4844's `is_trusted_setup_in_lagrange_form`: a setup whose Lagrange section is really
/// `[τ^i]₁` satisfies `e(L₁, [1]₂) = e(L₀, [τ]₂)` (natural order); a Lagrange basis does not.
fn check_lagrange_form(p: &SetupPoints) -> Result<(), KzgError> {
    let monomial = ctt_pairing::bls12_381::pairing_check(&[
        (p.g1_lagrange[1], p.g2_monomial[0]),
        (-p.g1_lagrange[0], p.g2_monomial[1]),
    ]);
    if monomial {
        Err(KzgError::TrustedSetupNotLagrange)
    } else {
        Ok(())
    }
}

fn decode_g1(b: &[u8]) -> Result<G1Affine, KzgError> {
    G1Affine::from_compressed(b).map_err(|_| KzgError::TrustedSetupInvalidPoint)
}

fn decode_g2(b: &[u8]) -> Result<G2Affine, KzgError> {
    G2Affine::from_compressed(b).map_err(|_| KzgError::TrustedSetupInvalidPoint)
}

/// `count` points of equal size from `bytes`, whose length must be a whole multiple.
fn decode_points<P>(
    bytes: &[u8],
    count: usize,
    decode: impl Fn(&[u8]) -> Result<P, KzgError>,
) -> Result<Vec<P>, KzgError> {
    if bytes.is_empty() || !bytes.len().is_multiple_of(count) {
        return Err(KzgError::TrustedSetupPointCount);
    }
    bytes
        .chunks_exact(bytes.len() / count)
        .map(decode)
        .collect()
}

/// Parses c-kzg-4844's text format (see [`KzgSettings::from_trusted_setup_text`]).
fn parse_text(text: &str) -> Result<SetupPoints, KzgError> {
    let mut tokens = text.split_ascii_whitespace();
    let mut count = || -> Result<usize, KzgError> {
        tokens
            .next()
            .and_then(|t| t.parse().ok())
            .ok_or(KzgError::TrustedSetupFormat)
    };
    let (n_g1, n_g2) = (count()?, count()?);
    if n_g1 != FIELD_ELEMENTS_PER_BLOB || n_g2 != NUM_G2_POINTS {
        return Err(KzgError::TrustedSetupPointCount);
    }
    let mut points = |n: usize, len: usize| -> Result<Vec<u8>, KzgError> {
        let mut out = Vec::with_capacity(n * len);
        for _ in 0..n {
            let t = tokens.next().ok_or(KzgError::TrustedSetupPointCount)?;
            decode_hex_into(t, len, &mut out)?;
        }
        Ok(out)
    };
    let lagrange = points(n_g1, BYTES_PER_G1_POINT)?;
    let g2 = points(n_g2, BYTES_PER_G2_POINT)?;
    let monomial = points(n_g1, BYTES_PER_G1_POINT)?;
    if tokens.next().is_some() {
        return Err(KzgError::TrustedSetupFormat);
    }
    Ok(SetupPoints {
        g1_lagrange: decode_points(&lagrange, n_g1, decode_g1)?,
        g2_monomial: decode_points(&g2, n_g2, decode_g2)?,
        g1_monomial: decode_points(&monomial, n_g1, decode_g1)?,
    })
}

/// Appends the `len` bytes a hex token (with or without `0x`) encodes.
fn decode_hex_into(token: &str, len: usize, out: &mut Vec<u8>) -> Result<(), KzgError> {
    let t = token.strip_prefix("0x").unwrap_or(token).as_bytes();
    if t.len() != 2 * len {
        return Err(KzgError::TrustedSetupFormat);
    }
    let nibble = |c: u8| match c {
        b'0'..=b'9' => Ok(c - b'0'),
        b'a'..=b'f' => Ok(c - b'a' + 10),
        b'A'..=b'F' => Ok(c - b'A' + 10),
        _ => Err(KzgError::TrustedSetupFormat),
    };
    for pair in t.chunks_exact(2) {
        out.push((nibble(pair[0])? << 4) | nibble(pair[1])?);
    }
    Ok(())
}
