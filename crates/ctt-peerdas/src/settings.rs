//! The settings of the cell functions, derived from a KZG trusted setup.

use crate::PeerDasError;
use crate::fk20::Fk20;
use crate::{CELLS_PER_EXT_BLOB, FIELD_ELEMENTS_PER_CELL, FIELD_ELEMENTS_PER_EXT_BLOB};
use alloc::vec::Vec;
use ctt_curves::AffineRepr;
use ctt_curves::bls12_381::G1Projective;
use ctt_curves::bls12_381::{G1Affine, G2Affine};
use ctt_field::Field;
use ctt_field::bls12_381::Fr;
use ctt_kzg::domain::{primitive_root_of_unity, roots_of_unity_brp};
use ctt_kzg::fft::Domain;
use ctt_kzg::once::OnceBox;
use ctt_kzg::{FIELD_ELEMENTS_PER_BLOB, KzgError, KzgSettings, Precompute};
use ctt_msm::PrecomputedMsm;
use ctt_pairing::bls12_381::G2Prepared;

/// Stride and window `(t, b)` of the tables of `[τ^i]₁`, `i < 64` (169 KiB): one MSM over them
/// per `verify_cell_kzg_proof_batch`. Measured on x86-64 ADX (64 full-width scalars): 485 µs
/// against 884 µs without tables; `t = b = 8`: 634 µs, `t = 16, b = 8`: 685 µs.
pub(crate) const CELL_BASIS_TABLES: (u32, u32) = (10, 10);

/// Domains, coset shifts and fixed points of the cell functions.
pub struct PeerDasSettings {
    /// The 4096-element domain of the blob (its IFFT gives the coefficients).
    pub(crate) blob_domain: Domain,
    /// The 64-element domain of a cell.
    pub(crate) cell_domain: Domain,
    /// The 8192-element domain of the extended blob (recovery).
    pub(crate) ext_domain: Domain,
    /// `ω₈₁₉₂^k / 4096`, `k < 4096`: the odd half of the extended domain is `ω₈₁₉₂·⟨ω₄₀₉₆⟩`,
    /// and the blob's unscaled inverse transform leaves a factor 4096 to remove.
    pub(crate) ext_twist: Vec<Fr>,
    /// The coset shift `h_c` of every cell (`c < 128`): cell `c` holds the evaluations at
    /// `h_c·ω₆₄^j` in bit-reversed `j` order, `h_c` the entry `64c` of the bit-reversed domain.
    pub(crate) coset_shifts: Vec<Fr>,
    /// `h_c^64`.
    pub(crate) coset_shifts_pow: Vec<Fr>,
    /// `[τ^i]₁`, `i < 64`, the basis the interpolation polynomials are committed in, with
    /// fixed-base tables ([`CELL_BASIS_TABLES`]).
    pub(crate) g1_monomial_cell: PrecomputedMsm<G1Projective>,
    /// `[1]₂` and `[τ^64]₂`, with their Miller-loop lines.
    pub(crate) g2: G2Prepared,
    pub(crate) s_cell_g2: G2Prepared,
    /// `[τ^k]₁`, `k < 4096`, for building the FK20 data on first use.
    g1_monomial: Vec<G1Affine>,
    precompute: Precompute,
    fk20: OnceBox<Fk20>,
}

impl core::fmt::Debug for PeerDasSettings {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("PeerDasSettings").finish_non_exhaustive()
    }
}

static MAINNET: OnceBox<PeerDasSettings> = OnceBox::new();

impl PeerDasSettings {
    /// The settings of the Ethereum mainnet setup ([`KzgSettings::mainnet`]) with
    /// [`PeerDasSettings::DEFAULT_PRECOMPUTE`], made on the first call and shared afterwards
    /// (thread-safe, no `std` needed). The FK20 data and its tables are built on the first
    /// proof computation (or by [`PeerDasSettings::build_tables`]).
    pub fn mainnet() -> &'static PeerDasSettings {
        MAINNET.get_or_init(|| {
            Self::with_validated_precompute(KzgSettings::mainnet(), Self::DEFAULT_PRECOMPUTE)
        })
    }

    /// The fixed-base tables of the FK20 row MSMs that [`PeerDasSettings::mainnet`] uses, chosen
    /// by measurement (see the crate README).
    pub const DEFAULT_PRECOMPUTE: Precompute = Precompute::Tables { t: 10, b: 10 };

    /// c-kzg-4844's `precompute` argument (0–15, the window of its FK20 fixed-base tables:
    /// larger is faster and exponentially larger) as this crate's table knob for the same
    /// tables, for the bindings that take c-kzg's interface: 0 none, 8 and above
    /// [`PeerDasSettings::DEFAULT_PRECOMPUTE`], 1–7 smaller tables (the stride doubles per step
    /// down: fewer table points, more doublings). `None` above 15, where c-kzg refuses too.
    pub fn precompute_from_ckzg(precompute: u64) -> Option<Precompute> {
        match precompute {
            0 => Some(Precompute::None),
            1..=7 => Some(Precompute::Tables {
                t: 10 << (8 - precompute as u32).min(5),
                b: 10,
            }),
            8..=15 => Some(Self::DEFAULT_PRECOMPUTE),
            _ => None,
        }
    }

    /// The settings of any validated KZG setup, with FK20 row tables of the given size (128 MSMs
    /// of 64 points each; [`Precompute::None`] keeps no tables). The tables are built on the
    /// first proof computation or by [`PeerDasSettings::build_tables`].
    pub fn new(kzg: &KzgSettings, precompute: Precompute) -> Result<PeerDasSettings, PeerDasError> {
        if let Precompute::Tables { t, b } = precompute {
            PrecomputedMsm::<G1Projective>::new(&[], t, b)
                .map_err(|_| PeerDasError::Kzg(KzgError::InvalidPrecompute))?;
        }
        Ok(Self::with_validated_precompute(kzg, precompute))
    }

    /// Builds the FK20 data and its tables now if they are not built yet.
    pub fn build_tables(&self) {
        self.fk20();
    }

    /// The FK20 data, built on first use.
    pub(crate) fn fk20(&self) -> &Fk20 {
        self.fk20
            .get_or_init(|| Fk20::new(&self.g1_monomial, self.precompute))
    }

    /// The table parameters of the FK20 row MSMs.
    pub fn precompute(&self) -> Precompute {
        self.precompute
    }

    /// Bytes held: the setup points and domains, the FK20 rows and their tables (built here if
    /// they were not yet).
    pub fn memory_bytes(&self) -> usize {
        let fr = size_of::<Fr>();
        let domains = 2
            * (FIELD_ELEMENTS_PER_BLOB + FIELD_ELEMENTS_PER_CELL + FIELD_ELEMENTS_PER_EXT_BLOB)
            * fr
            + self.ext_twist.len() * fr
            + (self.coset_shifts.len() + self.coset_shifts_pow.len()) * fr;
        let points = self.g1_monomial.len() * size_of::<G1Affine>();
        domains
            + points
            + self.g1_monomial_cell.memory_bytes()
            + self.fk20().memory_bytes()
            + size_of::<Self>()
    }

    fn with_validated_precompute(kzg: &KzgSettings, precompute: Precompute) -> PeerDasSettings {
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
            ext_domain: Domain::new(FIELD_ELEMENTS_PER_EXT_BLOB),
            ext_twist,
            coset_shifts,
            coset_shifts_pow,
            g1_monomial_cell: PrecomputedMsm::new(
                &kzg.g1_monomial()[..FIELD_ELEMENTS_PER_CELL],
                CELL_BASIS_TABLES.0,
                CELL_BASIS_TABLES.1,
            )
            .expect("valid table parameters"),
            g2: G2Prepared::new(&G2Affine::generator()),
            s_cell_g2: G2Prepared::new(&kzg.g2_monomial()[FIELD_ELEMENTS_PER_CELL]),
            g1_monomial: kzg.g1_monomial().to_vec(),
            precompute,
            fk20: OnceBox::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// c-kzg's 0–15: none, the stride doubling per step down from 8 (capped at 320), the default
    /// from 8 on; nothing above 15.
    #[test]
    fn ckzg_precompute_mapping() {
        let t = |p| match PeerDasSettings::precompute_from_ckzg(p) {
            Some(Precompute::Tables { t, b: 10 }) => t,
            other => panic!("{p}: {other:?}"),
        };
        assert_eq!(
            PeerDasSettings::precompute_from_ckzg(0),
            Some(Precompute::None)
        );
        assert_eq!([1, 3, 4, 5, 6, 7].map(t), [320, 320, 160, 80, 40, 20]);
        for p in 8..=15 {
            assert_eq!(
                PeerDasSettings::precompute_from_ckzg(p),
                Some(PeerDasSettings::DEFAULT_PRECOMPUTE)
            );
        }
        assert_eq!(PeerDasSettings::precompute_from_ckzg(16), None);
        assert_eq!(PeerDasSettings::precompute_from_ckzg(u64::MAX), None);
    }
}
