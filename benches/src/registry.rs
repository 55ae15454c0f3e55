//! Operations and their contenders.
//!
//! A layer adds an operation by pushing an [`Op`] whose `build` function generates the inputs
//! (once, outside timing) and returns a [`Bench`]: our [`Routine`] and each peer's, all working
//! on the same values. Building is lazy so that operations removed by the name filter cost
//! nothing, not even input generation or setup.

use crate::rng::SplitMix64;
use std::hint::black_box;

/// Runs the operation `iters` times (cycling through pre-generated inputs). Taking the count
/// keeps the indirect call out of the timed loop.
pub type Routine = Box<dyn FnMut(u64)>;

/// Run-wide settings that an operation's builder may read.
#[derive(Clone, Debug)]
pub struct Ctx {
    /// Seed of every input generator.
    pub seed: u64,
    /// Rayon pool size (`--threads`); serial operations ignore it, parallel ones use it.
    pub threads: usize,
    /// `--quick`: builders may generate fewer inputs.
    pub quick: bool,
}

/// What an operation's builder gets: the run settings, its size and its own input generator.
pub struct Setup<'a> {
    /// The operation's name.
    pub name: &'static str,
    /// Run-wide settings.
    pub ctx: &'a Ctx,
    /// The size being built.
    pub size: Option<usize>,
    /// Seeded from the run seed, the operation's name and the size.
    pub rng: SplitMix64,
}

/// One contender's routine, with its result on the first input for the agreement check.
pub struct Contender {
    /// `"ours"`, `"blst"`, `"arkworks"`, …
    pub name: &'static str,
    /// The timed routine.
    pub routine: Routine,
    /// Its output on the first input, serialised canonically.
    pub check: Vec<u8>,
}

/// A contender that applies `op` to each of `inputs` in turn (see [`cycle`]); `out` serialises a
/// result canonically (e.g. big-endian bytes of the field element) for the agreement check.
pub fn contender<I: 'static, O>(
    name: &'static str,
    inputs: Vec<I>,
    op: impl Fn(&I) -> O + 'static,
    out: impl Fn(&O) -> Vec<u8>,
) -> Contender {
    let check = out(&op(&inputs[0]));
    Contender {
        name,
        routine: cycle(inputs, op),
        check,
    }
}

/// Our routine and the peers' for one operation at one size.
pub struct Bench {
    /// Our implementation.
    pub ours: Routine,
    /// `(peer name, routine)`, e.g. `("blst", ..)`, `("arkworks", ..)`.
    pub peers: Vec<(&'static str, Routine)>,
}

/// A registered operation at one size.
pub struct Op {
    /// Shared operation name (see `BENCH.md`), e.g. `bls12_381_fp_mul`.
    pub name: &'static str,
    /// Problem size (e.g. MSM length), `None` for single-element operations.
    pub size: Option<usize>,
    /// Generates inputs, checks that all contenders agree on them, and returns the routines.
    pub build: fn(&mut Setup) -> Bench,
}

impl Op {
    /// An operation without a size.
    pub fn single(name: &'static str, build: fn(&mut Setup) -> Bench) -> Self {
        Op {
            name,
            size: None,
            build,
        }
    }

    /// Generates the inputs and the routines (not timed).
    pub fn bench(&self, ctx: &Ctx) -> Bench {
        let rng = SplitMix64::for_op(ctx.seed, self.name, self.size);
        (self.build)(&mut Setup {
            name: self.name,
            ctx,
            size: self.size,
            rng,
        })
    }
}

impl Bench {
    /// Ours and the peers, after checking that every peer computed the same result as ours on
    /// the first input (panics otherwise: a benchmark of a wrong result is worthless).
    pub fn checked(s: &Setup, ours: Contender, peers: Vec<Contender>) -> Bench {
        for p in &peers {
            assert_eq!(
                p.check, ours.check,
                "{}: {} disagrees with ours on the first input",
                s.name, p.name
            );
        }
        Bench {
            ours: ours.routine,
            peers: peers.into_iter().map(|p| (p.name, p.routine)).collect(),
        }
    }
}

/// A routine that applies `f` to `inputs[0], inputs[1], …` (wrapping around), passing each
/// result through `black_box` so that no call is optimised away.
pub fn cycle<T: 'static, R>(inputs: Vec<T>, mut f: impl FnMut(&T) -> R + 'static) -> Routine {
    assert!(!inputs.is_empty(), "a routine needs at least one input");
    let mut i = 0;
    Box::new(move |iters| {
        for _ in 0..iters {
            black_box(f(black_box(&inputs[i])));
            i += 1;
            if i == inputs.len() {
                i = 0;
            }
        }
    })
}
