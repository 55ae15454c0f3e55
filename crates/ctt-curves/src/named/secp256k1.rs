//! secp256k1 (SEC 2 v2 §2.4.1): `y² = x³ + 7` over the 256-bit prime field, prime order n
//! (cofactor 1: every point of the curve is in the group, so the subgroup check is trivially true
//! and cofactor clearing is the identity map).
//!
//! The GLV endomorphism `φ(x, y) = (βx, y)` (β a cube root of unity in Fp) acts as the scalar
//! `λ` (a cube root of unity mod n); scalars split as `k = k1 + k2·λ` with the lattice basis of
//! Gallant–Lambert–Vanstone's paper (§4, the secp256k1 example; the same basis libsecp256k1 uses):
//! `v1 = (a1, b1)`, `v2 = (a2, b2)` below, `|k1|, |k2| < 2^129`. Constant-time scalar
//! multiplication runs the co-Z endomorphism ladder on the two halves; verification-style
//! double-scalar products ([`double_mul_vartime`]) split both scalars and run one Straus ladder
//! on four half-length wNAF expansions, the generator's two tables computed at compile time.

use crate::sw::glv::GlvBasis;
use crate::sw::scalar_mul::{mul_ct_split, mul_glv_vartime, scalar_to_words};
use crate::sw::vartime::{
    JacobianVar, StrausTerm, odd_multiples_common_z_vartime, odd_multiples_const, straus_vartime,
    wnaf_vartime,
};
use crate::sw::{self, SwCurveConfig};
use ctt_bigint::{BigInt, Choice, ConditionallyNegatable, ConditionallySelectable};
use ctt_field::Field;
use ctt_field::secp256k1::{Fp, FpConfig, Fr};

/// The group's parameters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Config;

/// The standard generator's x.
const GX: Fp =
    Fp::from_hex_const("79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798");
/// The standard generator's y.
const GY: Fp =
    Fp::from_hex_const("483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8");

impl SwCurveConfig for Config {
    type Base = Fp;
    type Scalar = Fr;
    const NAME: &'static str = "secp256k1";
    const COEFF_B: Fp = Fp::from_hex_const("7");
    const COEFF_B3: Fp = Fp::from_hex_const("15");
    const GENERATOR_X: Fp = GX;
    const GENERATOR_Y: Fp = GY;

    /// Prime order: every curve point is in the group.
    fn is_in_subgroup(_p: &Projective) -> Choice {
        Choice::TRUE
    }

    /// Cofactor 1.
    fn clear_cofactor(p: &Projective) -> Projective {
        *p
    }

    /// GLV in variable time: `[k]P = [k1]P + [k2]φ(P)` with 128-bit halves, one Straus ladder on
    /// Jacobian coordinates ([`mul_glv_vartime`]); valid for every point (prime order).
    fn mul_vartime(p: &Projective, k: &Fr) -> Projective {
        let (halves, signs) = GLV.split(&scalar_to_words(k));
        mul_glv_vartime(p, k, &halves, signs, &BETA)
    }

    /// GLV: `[k]P = [k1]P + [k2]φ(P)`, the signs applied to the tables by masked negations.
    fn mul_ct(p: &Projective, k: &Fr) -> Projective {
        let ([k1, k2], [neg1, neg2]) = GLV.split(&scalar_to_words(k));
        let mut p1 = *p;
        p1.conditional_negate(neg1);
        mul_ct_split(&p1, &[k1, k2], GLV_BITS, |t| {
            let flip = neg1 ^ neg2;
            let t2 = t.map(|[x, y]| [*x * BETA, Fp::conditional_select(y, &-*y, flip)]);
            [t, t2]
        })
    }
}

/// The group in homogeneous projective coordinates (the role `G1Projective` plays for the
/// pairing curves; these curves have one group).
pub type Projective = sw::Projective<Config>;
/// Affine points (storage and SEC1 encodings).
pub type Affine = sw::Affine<Config>;

/// β, a primitive cube root of unity in Fp: `φ(x, y) = (βx, y)` equals `[λ]` on the group.
pub const BETA: Fp =
    Fp::from_hex_const("7ae96a2b657c07106e64479eac3434e99cf0497512f58995c1396c28719501ee");

/// λ, the eigenvalue of φ (`λ³ ≡ 1 mod n`), little-endian words.
pub const LAMBDA: [u64; 4] = [
    0xdf02967c1b23bd72,
    0x122e22ea20816678,
    0xa5261c028812645a,
    0x5363ad4cc05c30e0,
];

/// Bound on the GLV halves: `|k1|, |k2| < 2^GLV_BITS`.
pub const GLV_BITS: u32 = 129;

/// The lattice basis `a1 = 0x3086d221a7d46bcde86c90e49284eb15`,
/// `b1 = −0xe4437ed6010e88286f547fa90abfe4c3`, `a2 = 0x114ca50f7a8e2f3f657c1108d9d44cfd8`,
/// `b2 = a1`, with `g1 = round(2^384·b2/n)` and `g2 = round(2^384·(−b1)/n)` (the tests re-derive
/// all of them).
pub const GLV: GlvBasis = GlvBasis {
    a1: BigInt([0xe86c90e49284eb15, 0x3086d221a7d46bcd, 0, 0, 0]),
    b1: BigInt([
        0x90ab8056f5401b3d,
        0x1bbc8129fef177d7,
        u64::MAX,
        u64::MAX,
        u64::MAX,
    ]),
    a2: BigInt([0x57c1108d9d44cfd8, 0x14ca50f7a8e2f3f6, 1, 0, 0]),
    b2: BigInt([0xe86c90e49284eb15, 0x3086d221a7d46bcd, 0, 0, 0]),
    g1: BigInt([
        0xe893209a45dbb031,
        0x3daa8a1471e8ca7f,
        0xe86c90e49284eb15,
        0x3086d221a7d46bcd,
    ]),
    g2: BigInt([
        0x1571b4ae8ac47f71,
        0x221208ac9df506c6,
        0x6f547fa90abfe4c4,
        0xe4437ed6010e8828,
    ]),
    shift: 384,
};

/// wNAF width for the generator's tables.
const G_WINDOW: u32 = 11;
/// Entries of the generator's tables: the odd multiples up to `2^(G_WINDOW−1) − 1`.
const G_ENTRIES: usize = 1 << (G_WINDOW - 2);
/// wNAF width for a variable point.
const P_WINDOW: u32 = 5;
const P_ENTRIES: usize = 1 << (P_WINDOW - 2);

/// `[1]G, [3]G, …, [1023]G` (512 entries, 32 KiB), affine, computed at compile time.
static G_TABLE: [[Fp; 2]; G_ENTRIES] = odd_multiples_const::<FpConfig, G_ENTRIES>(GX, GY, false);
/// The same multiples of `φ(G) = [λ]G`: `(βx, y)`.
static G_LAMBDA_TABLE: [[Fp; 2]; G_ENTRIES] = {
    let mut t = odd_multiples_const::<FpConfig, G_ENTRIES>(GX, GY, false);
    let mut i = 0;
    while i < G_ENTRIES {
        t[i][0] = t[i][0].mul_const(&BETA);
        i += 1;
    }
    t
};

/// wNAF digits of a GLV half, with its sign folded into the digits.
fn half_wnaf(mag: &[u64; 5], neg: Choice, w: u32, out: &mut [i16; 140]) -> usize {
    let len = wnaf_vartime(&BigInt(*mag), w, out);
    if neg.to_bool_vartime() {
        for d in out[..len].iter_mut() {
            *d = -*d;
        }
    }
    len
}

/// `[u1]G + [u2]Q` for public scalars and a public point (variable time): both scalars split by
/// GLV, one Straus ladder over the four halves (width-11 wNAF on the generator's compile-time
/// tables, width-5 on `Q`'s odd multiples). About 130 doublings. `Q`'s table is left on its
/// common co-Z `Z` (effective affine, no inversion): the ladder runs on the isomorphic curve,
/// reading the generator's entries scaled by `(Z², Z³)`, and the result's `Z` is multiplied by
/// `Z` at the end.
pub fn double_mul_vartime(u1: &Fr, u2: &Fr, q: &JacobianVar<Config>) -> JacobianVar<Config> {
    let (g_halves, g_signs) = GLV.split(&scalar_to_words(u1));
    let (q_halves, q_signs) = GLV.split(&scalar_to_words(u2));
    let mut d = [[0i16; 140]; 4];
    let l0 = half_wnaf(&g_halves[0], g_signs[0], G_WINDOW, &mut d[0]);
    let l1 = half_wnaf(&g_halves[1], g_signs[1], G_WINDOW, &mut d[1]);
    let l2 = half_wnaf(&q_halves[0], q_signs[0], P_WINDOW, &mut d[2]);
    let l3 = half_wnaf(&q_halves[1], q_signs[1], P_WINDOW, &mut d[3]);
    let Some((q_table, z)) = odd_multiples_common_z_vartime::<Config, P_ENTRIES>(q) else {
        // Q is the identity (or of tiny order, impossible here): only the generator part.
        return straus_vartime(&[
            StrausTerm {
                digits: &d[0][..l0],
                table: &G_TABLE,
                scale: None,
            },
            StrausTerm {
                digits: &d[1][..l1],
                table: &G_LAMBDA_TABLE,
                scale: None,
            },
        ]);
    };
    // φ commutes with the isomorphism: (β·x·Z², y·Z³).
    let q_lambda = q_table.map(|[x, y]| [x * BETA, y]);
    let z2 = z.square();
    let scale = Some([z2, z2 * z]);
    let acc = straus_vartime::<Config>(&[
        StrausTerm {
            digits: &d[0][..l0],
            table: &G_TABLE,
            scale,
        },
        StrausTerm {
            digits: &d[1][..l1],
            table: &G_LAMBDA_TABLE,
            scale,
        },
        StrausTerm {
            digits: &d[2][..l2],
            table: &q_table,
            scale: None,
        },
        StrausTerm {
            digits: &d[3][..l3],
            table: &q_lambda,
            scale: None,
        },
    ]);
    JacobianVar {
        x: acc.x,
        y: acc.y,
        z: acc.z * z,
    }
}
