//! Small MSMs (n ≤ 16; BN254 G1 n ≤ 32): interleaved wNAF (Straus' method with Möller's
//! sliding windows, *Handbook of Elliptic and Hyperelliptic Curve Cryptography* Alg. 9.23).
//!
//! Each point gets a table of odd multiples `P, 3P, …, (2^(w−1) − 1)P`, all tables made affine
//! with one shared inversion; one loop of `bits` doublings is shared by all points and each point
//! adds about `bits/(w + 1)` table entries (mixed additions into a Jacobian accumulator up to 8
//! columns, an XYZZ one beyond). Against Pippenger at small n
//! this saves the bucket reductions, which dominate there (2^(c−1) additions per window per
//! window whatever n is).

use crate::curves::Split;
use crate::digits::{Words, wnaf};
use crate::xyzz::Xyzz;
use alloc::vec;
use alloc::vec::Vec;
use ctt_curves::sw::vartime::JacobianVar;
use ctt_curves::sw::{Affine, Projective, SwCurveConfig};
use ctt_field::Field;

/// wNAF width: tables of 8 odd multiples.
const W: u32 = 5;
const TABLE: usize = 1 << (W - 2);

/// `Σ [k_i] P_i` by interleaved wNAF over `bits`-bit scalars. With an endomorphism split each
/// point contributes two columns, `P` with `k₀` and `map(P)` with `k₁`, and the second table is
/// the image of the first (`map(jP) = j·map(P)`: one field multiplication per entry).
pub fn straus<C: SwCurveConfig>(
    points: &[Affine<C>],
    scalars: &[Words],
    bits: u32,
    split: Option<Split<C>>,
) -> Xyzz<C> {
    let live: Vec<usize> = (0..points.len())
        .filter(|&i| !points[i].infinity.to_bool_vartime() && scalars[i] != [0; 4])
        .collect();
    if live.is_empty() {
        return Xyzz::IDENTITY;
    }
    // Odd multiples in XYZZ, then homogeneous, then affine with one inversion.
    let mut proj = Vec::with_capacity(live.len() * TABLE);
    for &i in &live {
        let p = Xyzz::from_affine(&points[i]);
        let p2 = p.double();
        let mut t = p;
        proj.push(t.to_projective());
        for _ in 1..TABLE {
            t.add(&p2);
            proj.push(t.to_projective());
        }
    }
    let mut table = normalize_vartime(&proj);
    // Columns: (scalar, table offset, negated); a split adds the mapped tables after the
    // originals, and a negative half of the split flips the signs of its column's digits.
    let mut columns: Vec<(Words, usize, bool)> = Vec::with_capacity(2 * live.len());
    let bits = match split {
        Some(s) => {
            let mapped: Vec<Affine<C>> = table.iter().map(s.map).collect();
            table.extend_from_slice(&mapped);
            let off = live.len() * TABLE;
            for (j, &i) in live.iter().enumerate() {
                let ([k0, k1], [neg0, neg1]) = (s.split)(&scalars[i]);
                columns.push((k0, j * TABLE, neg0));
                columns.push((k1, off + j * TABLE, neg1));
            }
            s.bits
        }
        None => {
            for (j, &i) in live.iter().enumerate() {
                columns.push((scalars[i], j * TABLE, false));
            }
            bits
        }
    };

    let len = bits as usize + 1;
    let mut naf = vec![0i8; columns.len() * len];
    let mut top = 0;
    for (j, (k, _, _)) in columns.iter().enumerate() {
        top = top.max(wnaf(k, bits, W, &mut naf[j * len..(j + 1) * len]));
    }
    // The shared doubling chain: Jacobian for few columns (a doubling costs 3M + 4S against
    // XYZZ's 6M + 3S), XYZZ for more (a mixed addition costs 8M + 2S against 8M + 3S, and there
    // are about columns/6 of them per doubling: the two balance near 16 columns).
    if columns.len() <= JACOBIAN_COLUMNS {
        let acc: Jacobian<C> = ladder(&columns, &naf, len, top, &table);
        Xyzz::from_jacobian(&acc.0.x, &acc.0.y, &acc.0.z)
    } else {
        ladder(&columns, &naf, len, top, &table)
    }
}

/// Up to this many columns the ladder accumulates in Jacobian coordinates.
const JACOBIAN_COLUMNS: usize = 8;

/// The doubling chain with one mixed addition per non-zero digit, over an accumulator type.
fn ladder<C: SwCurveConfig, A: Accumulator<C>>(
    columns: &[(Words, usize, bool)],
    naf: &[i8],
    len: usize,
    top: usize,
    table: &[Affine<C>],
) -> A {
    let mut acc = A::IDENTITY;
    for pos in (0..top).rev() {
        acc = acc.double();
        for (j, &(_, off, neg)) in columns.iter().enumerate() {
            let d = naf[j * len + pos];
            let d = if neg { -d } else { d };
            if d == 0 {
                continue;
            }
            let e = &table[off + (d.unsigned_abs() as usize >> 1)];
            if e.infinity.to_bool_vartime() {
                continue;
            }
            acc.add_affine(&e.x, &if d > 0 { e.y } else { -e.y });
        }
    }
    acc
}

/// What the ladder needs of its accumulator.
trait Accumulator<C: SwCurveConfig>: Copy {
    const IDENTITY: Self;
    fn double(&self) -> Self;
    /// `self += (x, y)` for a finite affine point.
    fn add_affine(&mut self, x: &C::Base, y: &C::Base);
}

impl<C: SwCurveConfig> Accumulator<C> for Xyzz<C> {
    const IDENTITY: Self = Xyzz::IDENTITY;
    fn double(&self) -> Self {
        Xyzz::double(self)
    }
    fn add_affine(&mut self, x: &C::Base, y: &C::Base) {
        self.add_affine_coords(x, y);
    }
}

/// ctt-curves' variable-time Jacobian point, as an accumulator.
#[derive(Clone, Copy)]
struct Jacobian<C: SwCurveConfig>(JacobianVar<C>);

impl<C: SwCurveConfig> Accumulator<C> for Jacobian<C> {
    const IDENTITY: Self = Jacobian(JacobianVar::IDENTITY);
    fn double(&self) -> Self {
        Jacobian(self.0.double())
    }
    fn add_affine(&mut self, x: &C::Base, y: &C::Base) {
        self.0 = self.0.add_affine(x, y);
    }
}

/// The affine forms of public points with one variable-time inversion (Montgomery's trick; the
/// identity stays the identity). `CurveGroup::batch_normalize` would do the same in constant time,
/// its inversion alone a tenth of a single-point multiplication.
fn normalize_vartime<C: SwCurveConfig>(proj: &[Projective<C>]) -> Vec<Affine<C>> {
    let mut zinv: Vec<C::Base> = proj.iter().map(|p| p.z).collect();
    let mut scratch = vec![C::Base::ZERO; proj.len()];
    C::Base::batch_invert_vartime_with_scratch(&mut zinv, &mut scratch);
    proj.iter()
        .zip(&zinv)
        .map(|(p, zi)| {
            if p.z.is_zero_vartime() {
                Affine::IDENTITY
            } else {
                Affine::new_unchecked(p.x * *zi, p.y * *zi)
            }
        })
        .collect()
}
