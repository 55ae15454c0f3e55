//! `compare`: ctt against blst and arkworks, side by side (see `BENCH.md`).
//!
//! Usage:
//!
//! ```text
//! cargo run --release -p ctt-benches --bin compare -- [FILTER…] [--quick] [--markdown]
//!     [--threads N] [--backend portable|adx] [--seed S] [--list]
//! ```
//!
//! Every operation whose name contains one of the `FILTER` substrings (`=NAME`: exactly that name;
//! all when none is given)
//! is built from fresh seeded random inputs, checked for agreement between the contenders, and
//! timed: our implementation and each peer's alternate batch by batch after a warm-up, and the
//! median time per operation is reported with the ratio ours/peer (below 1: we are faster).
//! `--quick` takes fewer, shorter batches; `--markdown` prints a table for the README;
//! `--threads N` sets the rayon pool the measurement runs in (parallel operations use it, serial
//! ones ignore it); `--backend` forces ctt-bigint's Montgomery backend (default: run-time
//! detection, which is what users get); `--list` prints the operation names. Progress goes to
//! stderr, the table to stdout.

use ctt_benches::harness::{Clock, Settings, measure};
use ctt_benches::registry::Ctx;
use ctt_benches::report::{Row, markdown, text};
use ctt_benches::{ops, peers};
use ctt_bigint::backend::{self, Backend};
use std::process::exit;

/// Parsed command line.
struct Args {
    filters: Vec<String>,
    /// Only these sizes (`--size N`, repeatable); all when empty.
    sizes: Vec<usize>,
    quick: bool,
    markdown: bool,
    list: bool,
    threads: usize,
    seed: u64,
    backend: Option<Backend>,
}

fn usage() -> ! {
    eprintln!(
        "usage: compare [FILTER...] [--quick] [--markdown] [--threads N] \
         [--backend portable|adx] [--seed S] [--size N]... [--list]"
    );
    exit(2)
}

fn parse() -> Args {
    let mut a = Args {
        filters: Vec::new(),
        sizes: Vec::new(),
        quick: false,
        markdown: false,
        list: false,
        threads: 1,
        seed: 0x00c7_7be9_c4e5_0001,
        backend: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f.to_string(), Some(v.to_string())),
            _ => (arg.clone(), None),
        };
        let mut value = || {
            inline
                .clone()
                .or_else(|| it.next())
                .unwrap_or_else(|| usage())
        };
        match flag.as_str() {
            "--quick" => a.quick = true,
            "--markdown" => a.markdown = true,
            "--list" => a.list = true,
            "--threads" => {
                a.threads = value()
                    .parse()
                    .ok()
                    .filter(|&n| n > 0)
                    .unwrap_or_else(|| usage())
            }
            "--size" => a.sizes.push(value().parse().unwrap_or_else(|_| usage())),
            "--seed" => a.seed = value().parse().unwrap_or_else(|_| usage()),
            "--backend" => {
                a.backend = Some(match value().as_str() {
                    "portable" => Backend::Portable,
                    "adx" => Backend::X86_64Adx,
                    _ => usage(),
                })
            }
            "-h" | "--help" => usage(),
            f if f.starts_with('-') => usage(),
            _ => a.filters.push(arg),
        }
    }
    a
}

/// The CPU model, for the report header.
fn cpu() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .map(|l| l.to_string())
        })
        .and_then(|l| l.split_once(':').map(|(_, m)| m.trim().to_string()))
        .unwrap_or_else(|| "unknown CPU".into())
}

fn main() {
    let args = parse();
    let selected: Vec<_> = ops::all()
        .into_iter()
        .filter(|op| {
            args.filters.is_empty()
                || args.filters.iter().any(|f| match f.strip_prefix('=') {
                    Some(exact) => op.name == exact,
                    None => op.name.contains(f.as_str()),
                })
        })
        .filter(|op| args.sizes.is_empty() || op.size.is_some_and(|n| args.sizes.contains(&n)))
        .collect();
    if args.list {
        for op in &selected {
            println!(
                "{}{}",
                op.name,
                op.size.map_or(String::new(), |s| format!(" {s}"))
            );
        }
        return;
    }
    if selected.is_empty() {
        eprintln!("no operation matches {:?} (try --list)", args.filters);
        exit(1);
    }
    if let Some(b) = args.backend {
        backend::force(b).unwrap_or_else(|e| {
            eprintln!("{e}");
            exit(2)
        });
    }
    peers::blst::ensure_cpu();

    let ctx = Ctx {
        seed: args.seed,
        threads: args.threads,
        quick: args.quick,
    };
    let mut settings = if args.quick {
        Settings::QUICK
    } else {
        Settings::FULL
    };
    if args.threads > 1 {
        // Work spread over a pool shows in wall time, not in this thread's CPU time.
        settings.clock = Clock::Wall;
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads)
        .build()
        .expect("cannot build the rayon pool");
    let rows: Vec<Row> = pool.install(|| {
        selected
            .iter()
            .map(|op| {
                eprintln!(
                    "measuring {}{}",
                    op.name,
                    op.size.map_or(String::new(), |s| format!(" (n = {s})"))
                );
                let mut bench = op.bench(&ctx);
                Row {
                    name: op.name,
                    size: op.size,
                    timings: measure(&mut bench, &settings),
                }
            })
            .collect()
    });

    // arkworks' assembly multiplication (ark-ff feature `asm`) is compiled in only when the build
    // targets BMI2 and ADX (`RUSTFLAGS="-C target-feature=+bmi2,+adx"`); say which arkworks ran.
    let arkworks_asm = cfg!(all(target_feature = "bmi2", target_feature = "adx"));
    let header = format!(
        "{}; ctt backend {:?}; threads {}; {} batches of {:?} per contender ({:?} clock); \
         median time per operation; arkworks {}",
        cpu(),
        backend::active(),
        args.threads,
        settings.rounds,
        settings.batch,
        settings.clock,
        if arkworks_asm {
            "with its assembly (BMI2/ADX target features)"
        } else {
            "without its assembly (build with RUSTFLAGS=\"-C target-feature=+bmi2,+adx\" for it)"
        },
    );
    if args.markdown {
        println!("{header}\n\n{}", markdown(&rows));
    } else {
        println!("# {header}\n{}", text(&rows));
    }
}
