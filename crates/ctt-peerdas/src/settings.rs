//! The settings of the cell functions, derived from a KZG trusted setup.

use crate::{CELLS_PER_EXT_BLOB, FIELD_ELEMENTS_PER_CELL, FIELD_ELEMENTS_PER_EXT_BLOB};
use alloc::vec::Vec;
use ctt_curves::AffineRepr;
use ctt_curves::bls12_381::{G1Affine, G2Affine};
use ctt_field::Field;
use ctt_field::bls12_381::Fr;
use ctt_kzg::domain::{primitive_root_of_unity, roots_of_unity_brp};
use ctt_kzg::fft::Domain;
use ctt_kzg::once::OnceBox;
use ctt_kzg::{FIELD_ELEMENTS_PER_BLOB, KzgSettings};
use ctt_pairing::bls12_381::G2Prepared;

/// Domains, coset shifts and fixed points of the cell functions.
pub struct PeerDasSettings {
    /// The 4096-element domain of the blob (its IFFT gives the coefficients).
    pub(crate) blob_domain: Domain,
    /// The 64-element domain of a cell.
    pub(crate) cell_domain: Domain,
    /// `ω₈₁₉₂^k / 4096`, `k < 4096`: the odd half of the extended domain is `ω₈₁₉₂·⟨ω₄₀₉₆⟩`,
    /// and the blob's unscaled inverse transform leaves a factor 4096 to remove.
    pub(crate) ext_twist: Vec<Fr>,
    /// The coset shift `h_c` of every cell (`c < 128`): cell `c` holds the evaluations at
    /// `h_c·ω₆₄^j` in bit-reversed `j` order, `h_c` the entry `64c` of the bit-reversed domain.
    pub(crate) coset_shifts: Vec<Fr>,
    /// `h_c^64`.
    pub(crate) coset_shifts_pow: Vec<Fr>,
    /// `[τ^i]₁`, `i < 64`: the basis the interpolation polynomials are committed in.
    pub(crate) g1_monomial_cell: Vec<G1Affine>,
    /// `[1]₂` and `[τ^64]₂`, with their Miller-loop lines.
    pub(crate) g2: G2Prepared,
    pub(crate) s_cell_g2: G2Prepared,
}

impl core::fmt::Debug for PeerDasSettings {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("PeerDasSettings").finish_non_exhaustive()
    }
}

static MAINNET: OnceBox<PeerDasSettings> = OnceBox::new();

impl PeerDasSettings {
    /// The settings of the Ethereum mainnet setup ([`KzgSettings::mainnet`]), built on the
    /// first call and shared afterwards (thread-safe, no `std` needed).
    pub fn mainnet() -> &'static PeerDasSettings {
        MAINNET.get_or_init(|| PeerDasSettings::new(KzgSettings::mainnet()))
    }

    /// The settings of any validated KZG setup.
    pub fn new(kzg: &KzgSettings) -> PeerDasSettings {
        let ext_roots_brp = roots_of_unity_brp(FIELD_ELEMENTS_PER_EXT_BLOB);
        let coset_shifts: Vec<Fr> = (0..CELLS_PER_EXT_BLOB)
            .map(|c| ext_roots_brp[FIELD_ELEMENTS_PER_CELL * c])
            .collect();
        let coset_shifts_pow = coset_shifts
            .iter()
            .map(|h| h.pow_vartime(&[FIELD_ELEMENTS_PER_CELL as u64]))
            .collect();
        let blob_domain = Domain::new(FIELD_ELEMENTS_PER_BLOB);
        let shift = primitive_root_of_unity(FIELD_ELEMENTS_PER_EXT_BLOB);
        let mut ext_twist = Vec::with_capacity(FIELD_ELEMENTS_PER_BLOB);
        let mut t = blob_domain.size_inv();
        for _ in 0..FIELD_ELEMENTS_PER_BLOB {
            ext_twist.push(t);
            t *= shift;
        }
        PeerDasSettings {
            blob_domain,
            cell_domain: Domain::new(FIELD_ELEMENTS_PER_CELL),
            ext_twist,
            coset_shifts,
            coset_shifts_pow,
            g1_monomial_cell: kzg.g1_monomial()[..FIELD_ELEMENTS_PER_CELL].to_vec(),
            g2: G2Prepared::new(&G2Affine::generator()),
            s_cell_g2: G2Prepared::new(&kzg.g2_monomial()[FIELD_ELEMENTS_PER_CELL]),
        }
    }
}
