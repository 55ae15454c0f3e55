//! # ctt-ctgrind: constant-time checking under valgrind memcheck
//!
//! The ctgrind technique (Adam Langley, "Checking that functions are constant time with
//! Valgrind", 2010): memcheck tracks, for every bit of memory and registers, whether it is
//! *defined*, and reports a conditional branch, a memory address or a system-call argument that
//! depends on an undefined bit. Mark a secret's bytes undefined with a client request and run the
//! code: every place where control flow or a memory index depends on the secret is reported, with
//! a stack trace. Undefinedness propagates through arithmetic, so the check follows the secret
//! through every intermediate value; marking the output defined afterwards (declassification)
//! lets the harness compare it with an oracle without reporting that comparison.
//!
//! What it sees: branches (`jcc`), addresses of loads and stores (table lookups), and values passed
//! to the kernel — in the machine code actually compiled (the `ctgrind` profile is the release
//! profile plus line tables), assembly included. What it does not see:
//!
//! - variable-latency instructions: `div`/`idiv`, and on some CPUs multiplication or shifts of
//!   some operands, take data-dependent time without a branch; memcheck happily computes them on
//!   undefined data. Review for these by other means (the library does not divide secrets).
//! - conditional moves: memcheck propagates undefinedness through `cmov` (the result becomes
//!   undefined) instead of reporting it, which is the right call for constant time: `cmov` is
//!   data-independent on x86 cores in practice.
//! - code not executed: only paths the inputs reach are checked, so cases use edge values too.
//! - micro-architectural leaks below the ISA (e.g. operand-dependent power, or a future CPU
//!   that makes `cmov` or `mulx` variable-time).
//!
//! Usage: `ctt-ctgrind list` (one case a line: name, kind, expected declassified count, planted
//! leak's site or `-`, description), `ctt-ctgrind all` (every real case),
//! `ctt-ctgrind <case>...`. Outside valgrind it refuses to run unless `--native` is given (then it
//! only checks results, which is what `cargo test` does). `tools/ctgrind/run.sh` is the driver.
#![deny(unsafe_code)]

mod cases;
mod valgrind;

use cases::{Case, Kind};
use std::process::ExitCode;

fn usage() -> ExitCode {
    eprintln!(
        "usage: ctt-ctgrind [--native] (list | all | <case>...)\n\
         run under: valgrind --tool=memcheck --error-exitcode=42 --track-origins=yes"
    );
    ExitCode::from(2)
}

/// Runs one case and reports it on stdout; `false` when its result is wrong.
fn run_case(case: &Case) -> bool {
    let before = valgrind::count_errors();
    let result = (case.run)();
    let errors = valgrind::count_errors() - before;
    match result {
        Ok(()) => {
            println!(
                "{}: result ok, valgrind errors during case: {errors}",
                case.name
            );
            true
        }
        Err(why) => {
            println!("{}: WRONG RESULT: {why}", case.name);
            false
        }
    }
}

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let native = args.iter().any(|a| a == "--native");
    args.retain(|a| a != "--native");
    if args.is_empty() {
        return usage();
    }
    if args == ["list"] {
        for c in cases::all() {
            println!(
                "{} {} {} {} {}",
                c.name,
                c.kind.word(),
                c.declassified,
                c.kind.site(),
                c.about
            );
        }
        return ExitCode::SUCCESS;
    }
    if !valgrind::SUPPORTED {
        eprintln!("ctt-ctgrind: no valgrind client requests for this architecture");
        return ExitCode::from(3);
    }
    if valgrind::running_on_valgrind() == 0 && !native {
        eprintln!(
            "ctt-ctgrind: not running under valgrind, so nothing would be checked \
             (use tools/ctgrind/run.sh, or --native to check results only)"
        );
        return ExitCode::from(3);
    }
    let selected: Vec<&Case> = if args == ["all"] {
        cases::all().filter(|c| c.kind == Kind::Real).collect()
    } else {
        let mut v = Vec::new();
        for name in &args {
            match cases::find(name) {
                Some(c) => v.push(c),
                None => {
                    eprintln!("ctt-ctgrind: unknown case {name:?} (see `ctt-ctgrind list`)");
                    return ExitCode::from(2);
                }
            }
        }
        v
    };
    let mut ok = true;
    for case in selected {
        ok &= run_case(case);
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

#[cfg(test)]
mod tests {
    use super::cases;

    /// Every case, planted ones included, computes the right result natively (client requests
    /// are no-ops outside valgrind): a case cannot pass under valgrind by doing nothing.
    #[test]
    fn every_case_is_correct_natively() {
        for c in cases::all() {
            if let Err(why) = (c.run)() {
                panic!("{}: {why}", c.name);
            }
        }
    }

    #[test]
    fn names_are_unique() {
        let names: Vec<_> = cases::all().map(|c| c.name).collect();
        let mut sorted = names.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(names.len(), sorted.len());
    }

    #[test]
    fn requests_are_no_ops_natively() {
        assert_eq!(super::valgrind::running_on_valgrind(), 0);
        let mut x = [1u64, 2, 3];
        super::valgrind::secret(&mut x);
        super::valgrind::public(&mut x);
        assert_eq!(x, [1, 2, 3]);
    }
}
