//! Batch-affine bucket accumulation (Montgomery's trick over many independent additions).
//!
//! Affine addition `λ = (y₂ − y₁)/(x₂ − x₁)`, `x₃ = λ² − x₁ − x₂`, `y₃ = λ(x₁ − x₃) − y₁` costs
//! 2M + 1S + 1I; with one inversion shared by a batch of k additions (3(k − 1)M + 1I) that is
//! ≈ 5M + 1S per addition against 8M + 2S for a mixed XYZZ addition. Additions in one batch must
//! be independent, so each bucket may appear at most once per batch: a bitmap marks the buckets
//! in the batch, and a point whose bucket is already there waits in a queue that is retried after
//! the batch is flushed (the scheduler of gnark-crypto's `multiexp_affine.go` and Constantine's
//! `ec_multi_scalar_mul_scheduler.nim`, after CycloneMSM, eprint 2022/1396 §5.3). When the queue
//! overflows — non-random inputs such as many equal points with equal digits — the surplus goes
//! to a second set of XYZZ buckets, so such inputs degrade gracefully instead of flushing tiny
//! batches. Exceptional additions are exact: an empty bucket takes the point as is, `P + P` uses
//! the tangent slope `3x²/2y`, `P + (−P)` empties the bucket.
//!
//! Batch size by number of buckets: gnark's 80…640 for c = 10…16 (≈ buckets/7, clamped); ours
//! buckets/4 per window (measured, see `BatchAffine::new`), clamped to 16…640.

use crate::xyzz::Xyzz;
use alloc::vec;
use alloc::vec::Vec;
use ctt_curves::CurveGroup;
use ctt_curves::sw::{Affine, Projective, SwCurveConfig};
use ctt_field::Field;

/// One pending addition: bucket, point index, whether the point is negated.
#[derive(Clone, Copy)]
struct Entry {
    bucket: u32,
    point: u32,
    neg: bool,
}

/// What a batched addition turned out to be.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Add,
    Double,
    Cancel,
}

/// Affine buckets plus the scheduler's state.
pub struct BatchAffine<C: SwCurveConfig> {
    buckets: Vec<Affine<C>>,
    busy: Vec<bool>,
    batch: Vec<Entry>,
    kinds: Vec<Kind>,
    denoms: Vec<C::Base>,
    scratch: Vec<C::Base>,
    queue: Vec<Entry>,
    overflow: Vec<Xyzz<C>>,
    batch_size: usize,
    queue_cap: usize,
}

impl<C: SwCurveConfig> BatchAffine<C> {
    /// Empty buckets, `count` of them (one window, or a range of one). Batch of `count/4`:
    /// measured 2–4 % faster than `count/7` at n = 2^9…2^12 on BLS12-381 G1 and G2 (fewer
    /// inversions outweigh the extra conflicts), equal to `count/2`.
    pub fn new(count: usize) -> Self {
        Self::with_batch_size(count, (count / 4).clamp(16, 640))
    }

    /// Empty buckets for [`Self::accumulate_windows`], `count` of them over all windows. Batch
    /// of `count/7`: here measured 2–4 % faster than `count/4` (n = 64…256, BLS12-381 G1).
    pub fn new_shared(count: usize) -> Self {
        Self::with_batch_size(count, (count / 7).clamp(16, 640))
    }

    /// Empty buckets with a given batch size.
    fn with_batch_size(count: usize, batch_size: usize) -> Self {
        BatchAffine {
            buckets: vec![Affine::IDENTITY; count],
            busy: vec![false; count],
            batch: Vec::with_capacity(batch_size),
            kinds: vec![Kind::Add; batch_size],
            denoms: vec![C::Base::ZERO; batch_size],
            scratch: vec![C::Base::ZERO; batch_size],
            queue: Vec::with_capacity(batch_size),
            overflow: Vec::new(),
            batch_size,
            queue_cap: batch_size,
        }
    }

    /// Adds every point whose digit's bucket lies in `[lo, hi)`. The points must be finite
    /// (the callers drop identity points, or zero their digits, beforehand): the loop does not
    /// read the points, only the digits, so that the point data is touched once, in the batch.
    pub fn accumulate(&mut self, points: &[Affine<C>], digits: &[i32], lo: usize, hi: usize) {
        for (i, &d) in digits.iter().enumerate() {
            if d == 0 {
                continue;
            }
            let b = d.unsigned_abs() as usize - 1;
            if b < lo || b >= hi {
                continue;
            }
            self.push(
                Entry {
                    bucket: (b - lo) as u32,
                    point: i as u32,
                    neg: d < 0,
                },
                points,
            );
        }
        self.drain(points);
    }

    /// Adds the points of every window into one set of buckets, window `w`'s bucket `b` at
    /// index `w·per + b` (`digits` window-major, `n` per window). Small windows have few
    /// buckets, so one window alone keeps hitting buckets already in the batch; all windows
    /// together give the scheduler `windows·per` buckets to spread a batch over.
    pub fn accumulate_windows(&mut self, points: &[Affine<C>], digits: &[i32], per: usize) {
        let n = points.len();
        for (w, ds) in digits.chunks(n.max(1)).enumerate() {
            for (i, &d) in ds.iter().enumerate() {
                if d == 0 {
                    continue;
                }
                self.push(
                    Entry {
                        bucket: (w * per + d.unsigned_abs() as usize - 1) as u32,
                        point: i as u32,
                        neg: d < 0,
                    },
                    points,
                );
            }
        }
        self.drain(points);
    }

    /// `Σ_b (b + 1)·B_{start + b}` for every window `(start, len)` of
    /// [`Self::accumulate_windows`], by running sums kept affine and batched across the windows:
    /// step t adds bucket `len − 1 − t` to each window's running sum `S` and the previous `S` to
    /// its total `T`, all independent, so 2·windows additions share one inversion (≈ 5M + 1S
    /// each plus the inversion's share, against 8M + 2S and 12M + 2S for the two XYZZ additions
    /// per bucket of a running sum in XYZZ coordinates: measured 16 % faster for the whole MSM
    /// at n = 128 on BLS12-381 G1, 1.60 against 1.90 ms).
    pub fn reduce_windows(&mut self, windows: &[(usize, usize)]) -> Vec<Xyzz<C>> {
        self.merge_overflow();
        let nw = windows.len();
        let steps = windows.iter().map(|w| w.1).max().unwrap_or(0);
        let mut running = vec![Affine::<C>::IDENTITY; nw];
        let mut total = vec![Affine::<C>::IDENTITY; nw];
        let mut sums = Vec::with_capacity(2 * nw);
        let mut terms = Vec::with_capacity(2 * nw);
        for t in 0..=steps {
            sums.clear();
            terms.clear();
            for (w, &(start, len)) in windows.iter().enumerate() {
                if t < len {
                    sums.push(running[w]);
                    terms.push(self.buckets[start + len - 1 - t]);
                }
                if t >= 1 && t <= len {
                    sums.push(total[w]);
                    terms.push(running[w]);
                }
            }
            add_vectors_vartime(&mut sums, &terms);
            let mut it = sums.iter();
            for (w, &(_, len)) in windows.iter().enumerate() {
                if t < len {
                    running[w] = *it.next().expect("one sum per running sum");
                }
                if t >= 1 && t <= len {
                    total[w] = *it.next().expect("one sum per total");
                }
            }
        }
        total.iter().map(Xyzz::from_affine).collect()
    }

    /// Adds the XYZZ overflow buckets into the affine ones (one normalisation, one batch of
    /// additions), so that the reductions see affine buckets only.
    fn merge_overflow(&mut self) {
        if self.overflow.is_empty() {
            return;
        }
        let used: Vec<usize> = (0..self.overflow.len())
            .filter(|&b| !self.overflow[b].is_identity())
            .collect();
        let proj: Vec<Projective<C>> = used
            .iter()
            .map(|&b| self.overflow[b].to_projective())
            .collect();
        let mut terms = vec![Affine::<C>::IDENTITY; used.len()];
        Projective::batch_normalize(&proj, &mut terms);
        let mut sums: Vec<Affine<C>> = used.iter().map(|&b| self.buckets[b]).collect();
        add_vectors_vartime(&mut sums, &terms);
        for (&b, s) in used.iter().zip(&sums) {
            self.buckets[b] = *s;
        }
        self.overflow = Vec::new();
    }

    /// Schedules one addition, flushing when the batch is full.
    #[inline]
    fn push(&mut self, e: Entry, points: &[Affine<C>]) {
        if !self.place(e, points) {
            self.enqueue(e, points);
        }
        if self.batch.len() == self.batch_size {
            self.flush(points);
            self.retry_queue(points);
        }
    }

    /// Completes every pending addition.
    fn drain(&mut self, points: &[Affine<C>]) {
        // Drain: flush what is pending and retry the queue until it is empty. Random digits
        // need one or two rounds; inputs that keep hitting the same buckets would need one
        // inversion per round, so after a few rounds the rest goes to the XYZZ buckets.
        let mut rounds = 0;
        while !self.batch.is_empty() || !self.queue.is_empty() {
            self.flush(points);
            rounds += 1;
            if rounds > 8 {
                for e in core::mem::take(&mut self.queue) {
                    self.add_overflow(e, points);
                }
            } else {
                self.retry_queue(points);
            }
        }
    }

    /// `Σ_b (b + lo + 1)·B_b`.
    ///
    /// The running sum costs two XYZZ additions per bucket (a mixed one, 8M + 2S, and a full one,
    /// 12M + 2S) — a third of the whole MSM at n = 2^12. With many buckets we instead split each
    /// digit `d = b + 1` as `h·K + l` (`K ≈ √buckets`, a power of two) and use
    /// `Σ d·B_d = K·Σ_h h·R_h + Σ_l l·C_l` with row sums `R_h = Σ_l B_{hK+l}` and column sums
    /// `C_l = Σ_h B_{hK+l}`: every bucket is added twice, but those additions are independent,
    /// so they run batch-affine too (≈ 5M + 1S each), and the two small weighted sums of `≈ √buckets`
    /// terms recurse into this function.
    pub fn reduce(&self, lo: usize) -> Xyzz<C> {
        let count = self.buckets.len();
        if count < 64 || !self.overflow.is_empty() {
            return self.reduce_running(lo);
        }
        let k_bits = (usize::BITS - 1 - count.leading_zeros()) / 2;
        let k = 1usize << k_bits;
        let rows_n = count / k; // d = h·k + l ≤ count: h ∈ [0, rows_n], l ∈ [0, k)
        let bucket = |d: usize| {
            if d >= 1 && d <= count {
                self.buckets[d - 1]
            } else {
                Affine::IDENTITY
            }
        };
        // rows[h] = R_h (h = 1…rows_n; h = 0 has weight 0), cols[l] = C_l (l = 1…k−1). Round r
        // adds B_{hk+r} to every row and B_{rk+l} to every column: all independent, one
        // inversion per round.
        let mut rows = vec![Affine::<C>::IDENTITY; rows_n + 1];
        let mut cols = vec![Affine::<C>::IDENTITY; k];
        let mut sums = Vec::with_capacity(rows_n + k);
        let mut terms = Vec::with_capacity(rows_n + k);
        for r in 0..=rows_n.max(k) {
            sums.clear();
            terms.clear();
            if r < k {
                for h in 1..=rows_n {
                    sums.push(rows[h]);
                    terms.push(bucket(h * k + r));
                }
            }
            if r <= rows_n {
                for l in 1..k {
                    sums.push(cols[l]);
                    terms.push(bucket(r * k + l));
                }
            }
            add_vectors_vartime(&mut sums, &terms);
            let mut it = sums.iter();
            if r < k {
                for h in 1..=rows_n {
                    rows[h] = *it.next().expect("one sum per row");
                }
            }
            if r <= rows_n {
                for l in 1..k {
                    cols[l] = *it.next().expect("one sum per column");
                }
            }
        }
        let weighted = |v: &[Affine<C>]| {
            let mut running = Xyzz::IDENTITY;
            let mut total = Xyzz::IDENTITY;
            for p in v[1..].iter().rev() {
                running.add_affine(p);
                total.add(&running);
            }
            total
        };
        let mut total = weighted(&rows);
        for _ in 0..k_bits {
            total = total.double();
        }
        total.add(&weighted(&cols));
        if lo > 0 {
            // The weights above are b + 1; add lo·Σ B_b.
            let mut sum = Xyzz::IDENTITY;
            for b in &self.buckets {
                sum.add_affine(b);
            }
            total = crate::buckets::weight_offset(total, &sum, lo);
        }
        total
    }

    /// `Σ_b (b + lo + 1)·B_b` by the running sum.
    fn reduce_running(&self, lo: usize) -> Xyzz<C> {
        let mut running = Xyzz::IDENTITY;
        let mut total = Xyzz::IDENTITY;
        for b in (0..self.buckets.len()).rev() {
            running.add_affine(&self.buckets[b]);
            if let Some(o) = self.overflow.get(b) {
                running.add(o);
            }
            total.add(&running);
        }
        crate::buckets::weight_offset(total, &running, lo)
    }

    /// Puts the entry in its bucket (if empty) or in the batch (if the bucket is free); false
    /// when the bucket is already in the batch.
    #[inline]
    fn place(&mut self, e: Entry, points: &[Affine<C>]) -> bool {
        let b = e.bucket as usize;
        if self.busy[b] {
            return false;
        }
        if self.buckets[b].infinity.to_bool_vartime() {
            self.buckets[b] = point(points, e);
        } else {
            self.busy[b] = true;
            self.batch.push(e);
        }
        true
    }

    fn enqueue(&mut self, e: Entry, points: &[Affine<C>]) {
        if self.queue.len() < self.queue_cap {
            self.queue.push(e);
        } else {
            self.add_overflow(e, points);
        }
    }

    fn add_overflow(&mut self, e: Entry, points: &[Affine<C>]) {
        if self.overflow.is_empty() {
            self.overflow = vec![Xyzz::IDENTITY; self.buckets.len()];
        }
        self.overflow[e.bucket as usize].add_affine(&point(points, e));
    }

    /// Retries the queued entries after a flush (nothing is busy then).
    fn retry_queue(&mut self, points: &[Affine<C>]) {
        let pending = core::mem::take(&mut self.queue);
        for e in pending {
            if !self.place(e, points) {
                self.queue.push(e);
            }
            if self.batch.len() == self.batch_size {
                self.flush(points);
            }
        }
    }

    /// Performs the batched additions with one inversion.
    fn flush(&mut self, points: &[Affine<C>]) {
        let k = self.batch.len();
        if k == 0 {
            return;
        }
        // Denominators (x₂ − x₁, or 2y for a doubling, 1 for a cancellation), fused with the
        // prefix products of Montgomery's trick: scratch[j] = Π_{i<j} denoms[i].
        let mut acc = C::Base::ONE;
        for j in 0..k {
            let e = self.batch[j];
            let b = &self.buckets[e.bucket as usize];
            let p = &points[e.point as usize];
            let dx = p.x - b.x;
            let (kind, d) = if !dx.is_zero_vartime() {
                (Kind::Add, dx)
            } else {
                let py = if e.neg { -p.y } else { p.y };
                if py == b.y && !py.is_zero_vartime() {
                    (Kind::Double, py.double())
                } else {
                    (Kind::Cancel, C::Base::ONE)
                }
            };
            self.kinds[j] = kind;
            self.denoms[j] = d;
            self.scratch[j] = acc;
            acc *= d;
        }
        let mut inv = acc.invert_vartime().expect("non-zero denominators");
        // Back-substitution fused with the additions: 1/denoms[j] = inv·scratch[j].
        for j in (0..k).rev() {
            let dinv = inv * self.scratch[j];
            inv *= self.denoms[j];
            let e = self.batch[j];
            let bi = e.bucket as usize;
            self.busy[bi] = false;
            let p = &points[e.point as usize];
            let b = &mut self.buckets[bi];
            // With `neg` the point is (x, −y): `λ = (−y − y_b)/dx`. Computing `λ' = −λ =
            // (y + y_b)/dx` instead (same x₃, and `y₃ = λ'·(x₃ − x_b) − y_b`) trades the
            // negation for a swapped subtraction.
            let (lambda, flip) = match self.kinds[j] {
                Kind::Add if e.neg => ((p.y + b.y) * dinv, true),
                Kind::Add => ((p.y - b.y) * dinv, false),
                Kind::Double => {
                    let xx = p.x.square();
                    ((xx.double() + xx) * dinv, false)
                }
                Kind::Cancel => {
                    *b = Affine::IDENTITY;
                    continue;
                }
            };
            let x3 = lambda.square() - b.x - p.x;
            let run = if flip { x3 - b.x } else { b.x - x3 };
            b.y = lambda * run - b.y;
            b.x = x3;
        }
        self.batch.clear();
    }
}

/// The entry's point, negated if its digit is negative.
#[inline(always)]
fn point<C: SwCurveConfig>(points: &[Affine<C>], e: Entry) -> Affine<C> {
    let p = points[e.point as usize];
    if e.neg {
        Affine::new_unchecked(p.x, -p.y)
    } else {
        p
    }
}

/// `sums[j] += terms[j]` for every j, with one shared inversion (exact for identities, equal
/// and opposite points).
pub fn add_vectors_vartime<C: SwCurveConfig>(sums: &mut [Affine<C>], terms: &[Affine<C>]) {
    #[derive(Clone, Copy)]
    enum Step {
        Skip,
        Copy,
        Add,
        Tangent,
        Cancel,
    }
    let k = sums.len();
    let mut denoms = vec![C::Base::ONE; k];
    let mut steps = vec![Step::Skip; k];
    for j in 0..k {
        let (s, t) = (&sums[j], &terms[j]);
        steps[j] = if t.infinity.to_bool_vartime() {
            Step::Skip
        } else if s.infinity.to_bool_vartime() {
            Step::Copy
        } else {
            let dx = t.x - s.x;
            if !dx.is_zero_vartime() {
                denoms[j] = dx;
                Step::Add
            } else if t.y == s.y && !t.y.is_zero_vartime() {
                denoms[j] = t.y.double();
                Step::Tangent
            } else {
                Step::Cancel
            }
        };
    }
    let mut scratch = vec![C::Base::ZERO; k];
    batch_invert_vartime(&mut denoms, &mut scratch);
    for j in 0..k {
        let t = terms[j];
        let s = &mut sums[j];
        let lambda = match steps[j] {
            Step::Skip => continue,
            Step::Copy => {
                *s = t;
                continue;
            }
            Step::Cancel => {
                *s = Affine::IDENTITY;
                continue;
            }
            Step::Add => (t.y - s.y) * denoms[j],
            Step::Tangent => {
                let xx = t.x.square();
                (xx.double() + xx) * denoms[j]
            }
        };
        let x3 = lambda.square() - s.x - t.x;
        s.y = lambda * (s.x - x3) - s.y;
        s.x = x3;
    }
}

/// Inverts every (non-zero) element with one inversion: prefix products, one vartime
/// inversion, back-substitution (3(k − 1)M + 1I). The MSM's hot loop: unlike
/// `Field::batch_invert_vartime_with_scratch` it spends no zero test per element.
pub fn batch_invert_vartime<F: Field>(values: &mut [F], scratch: &mut [F]) {
    let mut acc = F::ONE;
    for (v, s) in values.iter().zip(scratch.iter_mut()) {
        *s = acc;
        acc *= *v;
    }
    let mut inv = acc.invert_vartime().expect("non-zero denominators");
    for (v, s) in values.iter_mut().zip(scratch.iter()).rev() {
        let vi = inv * s;
        inv *= *v;
        *v = vi;
    }
}
