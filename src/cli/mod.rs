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
    crate::run::isolate::remove_scratch_of(std::process::id());
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
mod ltl;
mod manual;
mod merge;
mod report;
mod run;
mod watchdog;

use args::Command;

/// Runs the command line; returns the exit status.
pub fn main(args: Vec<String>) -> i32 {
    let Some(first) = args.first() else {
        // (no argument: the overview, as `verdiff --help`)
        out!("{}", args::command().render_help());
        return 0;
    };
    // (`verdiff dif` is a typo, not a file to check: ESBMC's `verdiff FILE.c` stays)
    if !is_command(first) {
        if let Some(cmd) = misspelt_command(first) {
            eprintln!("verdiff: `{first}` is no command; did you mean `{cmd}`? (verdiff --help lists them)");
            return 1;
        }
    }
    let cli = match args::parse(&args) {
        Ok(cli) => cli,
        Err(e) => return clap_error(&args, &e),
    };
    match cli.command {
        None => check::run(&cli.check),
        Some(Command::Check(a)) => check::run(&a),
        Some(Command::Equiv(a)) => equiv::run(&a),
        Some(Command::Diff(a)) => diff::run(&a),
        Some(Command::Run(a)) => run::run(&a),
        Some(Command::Cache(a)) => cache::run(&a),
        Some(Command::Init(a)) => init::run(&a),
        Some(Command::Hook(a)) => hook::run(&a),
        Some(Command::Merge(a)) => merge::run(&a),
        Some(Command::Harness(a)) => harness::run(&a),
        Some(Command::Ltl(a)) => ltl::run(&a),
        Some(Command::Report(a)) => report::run(&a),
        Some(Command::Completions(a)) => manual::completions(&a),
        Some(Command::Man(a)) => manual::man(&a),
        Some(Command::Help(a)) => help(a.command.as_deref()),
        Some(Command::Version) => {
            outln!("{}", version());
            0
        }
    }
}

/// `verdiff help [COMMAND]`: the overview, or a command's help.
fn help(name: Option<&str>) -> i32 {
    let mut cmd = args::command();
    cmd.build();
    let text = match name {
        None => cmd.render_help(),
        Some(n) => match cmd.find_subcommand_mut(n).filter(|c| !c.is_hide_set()) {
            Some(sub) => sub.render_help(),
            None => {
                eprintln!("verdiff help: no command `{n}` (verdiff --help lists them)");
                return 1;
            }
        },
    };
    out!("{text}");
    0
}

/// `verdiff --version`: verdiff's version and the solver's.
fn version() -> String {
    format!("verdiff {} (Z3 {})", env!("CARGO_PKG_VERSION"), crate::smt::z3_version())
}

/// What a clap error ends with: help and version on standard output (exit 0); otherwise a
/// usage error, one line on standard error as `verdiff [COMMAND]: message` (exit 1) — or the
/// help, when a command got no argument at all.
fn clap_error(args: &[String], e: &clap::Error) -> i32 {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp => {
            out!("{}", e.render());
            0
        }
        ErrorKind::DisplayVersion => {
            outln!("{}", version());
            0
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            eprint!("{}", e.render());
            1
        }
        _ => {
            // (check's errors were always `verdiff: …`, as ESBMC's; the others name the command)
            let prefix = match args.first().map(String::as_str) {
                Some(c) if c != "check" && is_command(c) => format!("verdiff {c}"),
                _ => "verdiff".to_string(),
            };
            eprintln!("{prefix}: {}", args::error_message(e));
            1
        }
    }
}

/// The commands, for [`misspelt_command`].
fn commands() -> Vec<String> {
    args::command().get_subcommands().map(|c| c.get_name().to_string()).collect()
}

fn is_command(word: &str) -> bool {
    commands().iter().any(|c| c == word)
}

/// The command `word` is a near miss of (one or two letters off), when `word` is no option,
/// names no existing file and has no extension — otherwise it is a file to check.
fn misspelt_command(word: &str) -> Option<String> {
    if word.starts_with('-') || word.contains('.') || word.contains('/') || std::path::Path::new(word).exists() {
        return None;
    }
    commands()
        .into_iter()
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
        assert_eq!(misspelt_command("dif").as_deref(), Some("diff"));
        assert_eq!(misspelt_command("chekc").as_deref(), Some("check"));
        assert_eq!(misspelt_command("hoook").as_deref(), Some("hook"));
        assert_eq!(misspelt_command("completion").as_deref(), Some("completions"));
        // files and words far from every command are checked as files, as ESBMC does
        assert_eq!(misspelt_command("dif.c"), None);
        assert_eq!(misspelt_command("src/diff"), None);
        assert_eq!(misspelt_command("--dif"), None);
        assert_eq!(misspelt_command("program"), None);
    }
}
