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
        Some(word) => match misspelt_command(word) {
            // (`verdiff dif` is a typo, not a file to check: ESBMC's `verdiff FILE.c` stays)
            Some(cmd) => {
                eprintln!("verdiff: `{word}` is no command; did you mean `{cmd}`? (verdiff --help lists them)");
                1
            }
            None => check::run(&args),
        },
    }
}

/// The commands, for [`misspelt_command`].
const COMMANDS: &[&str] = &["check", "equiv", "diff", "run", "cache", "init", "hook", "merge", "harness", "report"];

/// The command `word` is a near miss of (one or two letters off), when `word` is no option,
/// names no existing file and has no extension — otherwise it is a file to check.
fn misspelt_command(word: &str) -> Option<&'static str> {
    if word.starts_with('-') || word.contains('.') || word.contains('/') || std::path::Path::new(word).exists() {
        return None;
    }
    COMMANDS
        .iter()
        .copied()
        .filter(|c| edit_distance(word, c) <= 2.min(c.len() - 1))
        .min_by_key(|c| edit_distance(word, c))
}

/// Levenshtein distance of two short words.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = if ca == cb { prev } else { 1 + prev.min(cur).min(row[j]) };
            prev = cur;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::{edit_distance, misspelt_command};

    #[test]
    fn near_misses_of_commands_are_named() {
        assert_eq!(edit_distance("dif", "diff"), 1);
        assert_eq!(edit_distance("rnu", "run"), 2);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(misspelt_command("dif"), Some("diff"));
        assert_eq!(misspelt_command("chekc"), Some("check"));
        assert_eq!(misspelt_command("hoook"), Some("hook"));
        // files and words far from every command are checked as files, as ESBMC does
        assert_eq!(misspelt_command("dif.c"), None);
        assert_eq!(misspelt_command("src/diff"), None);
        assert_eq!(misspelt_command("--dif"), None);
        assert_eq!(misspelt_command("program"), None);
    }
}
