//! Command line: `verdiff [check] FILE...` with ESBMC-compatible flags, and the product
//! commands added by later stages.
//!
//! Depends on every stage; nothing depends on it.

/// Writes to standard output; a closed pipe (`verdiff … | head`) ends the process quietly
/// instead of panicking.
pub fn emit(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            exit(141);
        }
        eprintln!("verdiff: cannot write to standard output: {e}");
        exit(1);
    }
}

macro_rules! outln {
    ($($t:tt)*) => { $crate::cli::emit(&format!("{}\n", format_args!($($t)*))) };
}
macro_rules! out {
    ($($t:tt)*) => { $crate::cli::emit(&format!($($t)*)) };
}

/// Ends the process with `code` after removing the scratch directories this process made
/// in the temporary directory (the preprocessor's header, the framework models, harnesses):
/// a CI machine running verdiff on every commit must not fill its /tmp.
pub fn exit(code: i32) -> ! {
    remove_scratch();
    std::process::exit(code)
}

fn remove_scratch() {
    let pid = std::process::id();
    let v = env!("CARGO_PKG_VERSION");
    for name in [format!("verdiff-{v}-{pid}"), format!("verdiff-tests-{v}-{pid}"), format!("verdiff-harness-{pid}")] {
        let _ = std::fs::remove_dir_all(std::env::temp_dir().join(name));
    }
}

/// Ends the process at once while another thread may still be inside Z3 (the watchdog):
/// `exit` would run Z3's static destructors under that thread, which then fails an internal
/// assertion and ends the process with Z3's status (114) and message instead of ours.
/// The report is written and flushed before this is called.
pub fn exit_now(code: i32) -> ! {
    use std::io::Write;
    remove_scratch();
    let _ = std::io::stdout().flush();
    let _ = std::io::stderr().flush();
    extern "C" {
        fn _exit(status: i32) -> !;
    }
    // SAFETY: `_exit` (POSIX) ends the process without running atexit handlers; nothing
    // of ours needs them (files are closed, output flushed)
    unsafe { _exit(code) }
}

pub mod args;
mod cache;
mod check;
mod common;
mod diff;
mod equiv;
mod harness;
mod hook;
mod init;
mod merge;
mod report;
mod run;
mod watchdog;

/// Runs the command line; returns the exit status.
pub fn main(args: Vec<String>) -> i32 {
    match args.first().map(|s| s.as_str()) {
        Some("check") => check::run(&args[1..]),
        Some("equiv") => equiv::run(&args[1..]),
        Some("diff") => diff::run(&args[1..]),
        Some("run") => run::run(&args[1..]),
        Some("cache") => cache::run(&args[1..]),
        Some("init") => init::run(&args[1..]),
        Some("hook") => hook::run(&args[1..]),
        Some("merge") => merge::run(&args[1..]),
        Some("harness") => harness::run(&args[1..]),
        Some("report") => report::run(&args[1..]),
        Some("--version") | Some("version") => {
            outln!("verdiff {} (Z3 {})", env!("CARGO_PKG_VERSION"), crate::smt::z3_version());
            0
        }
        Some("--help") | Some("-h") | Some("help") | None => {
            outln!("verdiff {} — continuous verification for C\n", env!("CARGO_PKG_VERSION"));
            outln!("commands:\n  check FILE.c...        bounded model checking (the default when the first argument is a file)\n  equiv OLD.c NEW.c      equivalence of two versions of a function (verdiff equiv --help)\n  diff [--base REV]      changed functions between git revisions (verdiff diff --help)\n  run                    every function of the code base, cached (verdiff run --help)\n  cache stats|verify|prune|clear   the result cache (verdiff cache --help)\n  init                   write a starter .verdiff.yml\n  hook install           install the git pre-commit hook\n  merge PART.json...     combine the reports (and caches) of --shard jobs\n  harness [--check]      unit tests generalised into verification harnesses\n  report --html DIR      the run history as a static HTML page (verdiff report --help)\n");
            out!("{}", check::help());
            0
        }
        Some(_) => check::run(&args),
    }
}
