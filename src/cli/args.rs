//! The command line, parsed by clap (derive): the top level (`verdiff FILE.c` is `verdiff check
//! FILE.c`, as ESBMC reads it), the options several commands share, the value parsers
//! (`parse_duration`, `parse_memory`, …), the layout every help follows (`usage:` first, 100
//! columns) and how clap's errors become verdiff's usage errors (exit status 1).
//!
//! ESBMC's spellings are clap's own: `-I dir` and `-Idir`, `-DX`, `-DX=1` and `-D X`, `-UX`,
//! `--flag value` and `--flag=value`; an option given twice keeps its last value
//! (`args_override_self`). What ESBMC and gcc users pass and verdiff has no use for — `-W…`,
//! `-f…` and the solver choices (`--z3`, `--bv`, …, [`IGNORED`]) — are hidden options that
//! are accepted and have no effect.

use std::path::PathBuf;
use std::time::Duration;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Arg, ArgAction, Args, CommandFactory, FromArgMatches, Parser, Subcommand};

use super::{cache, check, diff, equiv, harness, hook, init, ltl, manual, merge, report, run};

/// The width every help fits (fewer columns on a narrower terminal).
pub const HELP_WIDTH: usize = 100;

/// ESBMC flags accepted and ignored by `check` (solver and encoding choices verdiff makes
/// itself).
pub const IGNORED: &[&str] =
    &["z3", "bv", "floatbv", "boolector", "no-slice", "smt", "ir-ieee", "compact-trace", "no-library"];

#[derive(Parser, Debug)]
#[command(
    name = "verdiff",
    version,
    about = "continuous verification for C",
    override_usage = "verdiff [check] FILE.c... [options]\n       verdiff COMMAND [options]",
    before_help = "Without a command, the arguments are those of `verdiff check` (the options below). \
                   `verdiff COMMAND -h` shows a command's options.",
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true,
    disable_version_flag = true,
    disable_help_subcommand = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    // `verdiff FILE.c [options]`: the check command without its name
    #[command(flatten)]
    pub check: check::CheckArgs,
}

/// The commands; each one's options are its own struct, in its own file.
#[derive(Subcommand, Debug)]
pub enum Command {
    Check(check::CheckArgs),
    Equiv(equiv::EquivArgs),
    Diff(diff::DiffArgs),
    Run(run::RunArgs),
    Cache(cache::CacheArgs),
    Init(init::InitArgs),
    Hook(hook::HookArgs),
    Merge(merge::MergeArgs),
    Harness(harness::HarnessArgs),
    Ltl(ltl::LtlArgs),
    Report(report::ReportArgs),
    Completions(manual::CompletionsArgs),
    Man(manual::ManArgs),
    Help(HelpArgs),
    /// `verdiff version`, as `--version`.
    #[command(hide = true)]
    Version,
}

// The options of `verdiff help` (clap's own help command takes no -h).
#[derive(Args, Debug, Clone)]
#[command(about = "this overview, or the help of a command", override_usage = "verdiff help [COMMAND]")]
pub struct HelpArgs {
    /// the command whose help to show (as `verdiff COMMAND --help`)
    #[arg(value_name = "COMMAND")]
    pub command: Option<String>,
}

/// The preprocessor options of the commands that read C files (`check`, `equiv`, `diff`).
#[derive(Args, Debug, Clone, Default, PartialEq)]
pub struct Preprocessor {
    /// look for included files in DIR too
    #[arg(short = 'I', value_name = "DIR", value_hint = clap::ValueHint::DirPath, help_heading = "Preprocessor")]
    pub include_dirs: Vec<PathBuf>,
    /// define macro NAME (as VALUE, else as 1)
    #[arg(short = 'D', value_name = "NAME[=VALUE]", help_heading = "Preprocessor")]
    pub defines: Vec<String>,
    /// undefine macro NAME
    #[arg(short = 'U', value_name = "NAME", help_heading = "Preprocessor")]
    pub undefines: Vec<String>,
}

/// The whole command line as clap parses it: [`documented`] and the hidden options accepted
/// with no effect.
pub fn command() -> clap::Command {
    // `verdiff FILE.c` is `verdiff check FILE.c`: both accept what check ignores
    ignored(documented(), true).mut_subcommands(|c| match c.get_name() {
        "check" => ignored(c, true),
        "equiv" | "diff" => ignored(c, false),
        _ => c,
    })
}

/// The command line as help, completion and manual pages show it: the derived definitions
/// with verdiff's help layout on every command, and `--version`.
pub fn documented() -> clap::Command {
    let cmd = Cli::command()
        .arg(Arg::new("version").short('V').long("version").action(ArgAction::Version).help("print the version"));
    layout(cmd).after_help(ignored_note()).mut_subcommands(|c| match c.get_name() {
        "check" => c.after_help(ignored_note()),
        "diff" => diff::adjust_help(c),
        _ => c,
    })
}

/// `usage:` first, then the description and the options, in at most [`HELP_WIDTH`] columns;
/// `-h` is `--help` ("this help"); an option given twice keeps its last value. For the
/// command and every subcommand.
fn layout(cmd: clap::Command) -> clap::Command {
    let top = cmd.get_name() == "verdiff";
    let template = if top {
        "verdiff {version} — {about}\n\nusage: {usage}\n\n{before-help}{all-args}{after-help}"
    } else {
        "usage: {usage}\n\n{before-help}{all-args}{after-help}"
    };
    cmd.help_template(template)
        .max_term_width(HELP_WIDTH)
        .args_override_self(true)
        .disable_help_flag(true)
        .arg(Arg::new("help").short('h').long("help").action(ArgAction::Help).help("this help"))
        .mut_subcommands(layout)
}

/// Hidden options accepted with no effect: gcc's `-W…` and `-f…`, and with `solver` ESBMC's
/// solver and encoding choices ([`IGNORED`]).
fn ignored(cmd: clap::Command, solver: bool) -> clap::Command {
    let mut cmd = cmd
        .arg(Arg::new("ignored-W").short('W').value_name("WARNING").action(ArgAction::Append).hide(true))
        .arg(Arg::new("ignored-f").short('f').value_name("FEATURE").action(ArgAction::Append).hide(true));
    if solver {
        for name in IGNORED {
            cmd = cmd.arg(Arg::new(*name).long(*name).action(ArgAction::SetTrue).hide(true));
        }
    }
    cmd
}

/// The line under check's options naming what is accepted and ignored.
fn ignored_note() -> String {
    let flags: Vec<String> = IGNORED.iter().map(|f| format!("--{f}")).collect();
    format!("Accepted and ignored: -W…, -f…, {}.", flags.join(", "))
}

/// Parses `args` (without the program name).
pub fn parse(args: &[String]) -> Result<Cli, clap::Error> {
    let matches = command().try_get_matches_from(std::iter::once("verdiff").chain(args.iter().map(String::as_str)))?;
    Cli::from_arg_matches(&matches)
}

/// A clap error as verdiff's usage error: one line (`unknown option `--x` (see --help)`, the
/// wording verdiff always had; clap's own sentence for the rest) for standard error.
pub fn error_message(e: &clap::Error) -> String {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let context = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => Some(s.clone()),
        Some(ContextValue::Strings(v)) => v.first().cloned(),
        _ => None,
    };
    if e.kind() == ErrorKind::UnknownArgument {
        if let Some(arg) = context(ContextKind::InvalidArg) {
            if arg.starts_with('-') && arg.len() > 1 {
                let name = if arg.starts_with("--") { arg.split('=').next().unwrap_or(&arg) } else { &arg };
                let hint =
                    context(ContextKind::SuggestedArg).map(|s| format!("; did you mean `{s}`?")).unwrap_or_default();
                return format!("unknown option `{name}`{hint} (see --help)");
            }
            return format!("unexpected argument `{arg}` (see --help)");
        }
    }
    // clap's paragraphs before the usage, on one line
    let text = e.render().to_string();
    let mut parts = Vec::new();
    for para in text.split("\n\n") {
        let para = para.trim();
        if para.starts_with("Usage:") || para.starts_with("usage:") || para.starts_with("For more information") {
            break;
        }
        let para = para.strip_prefix("error:").unwrap_or(para);
        let words: Vec<&str> = para.split_whitespace().collect();
        if !words.is_empty() {
            parts.push(words.join(" "));
        }
    }
    format!("{} (see --help)", parts.join("; "))
}

/// Seconds from `10`, `10s`, `5m`, `1h` (at most a year, [`MAX_SECONDS`]).
///
/// [`MAX_SECONDS`]: crate::config::MAX_SECONDS
pub fn parse_duration(s: &str) -> Result<Duration, String> {
    use crate::config::MAX_SECONDS;
    let s = s.trim();
    let (num, mult) = match s.chars().last() {
        Some('s') => (&s[..s.len() - 1], 1.0),
        Some('m') => (&s[..s.len() - 1], 60.0),
        Some('h') => (&s[..s.len() - 1], 3600.0),
        _ => (s, 1.0),
    };
    let v: f64 = num.parse().map_err(|_| format!("bad time `{s}` (use e.g. 30, 30s, 5m, 1h)"))?;
    if v.is_nan() || v <= 0.0 {
        return Err(format!("bad time `{s}`"));
    }
    if v * mult > MAX_SECONDS as f64 {
        return Err(format!("time `{s}` is longer than a year"));
    }
    Ok(Duration::from_secs_f64(v * mult))
}

/// A time budget: a [`parse_duration`] time, or `0` (`0s`), which lists the work without
/// doing any.
pub fn parse_budget(s: &str) -> Result<Duration, String> {
    if s.trim().trim_end_matches('s') == "0" {
        return Ok(Duration::ZERO);
    }
    parse_duration(s)
}

/// A [`parse_duration`] time kept as written (the hook writes it into its script).
pub fn duration_text(s: &str) -> Result<String, String> {
    parse_duration(s).map(|_| s.to_string())
}

/// Megabytes from `512`, `512m`, `2g`, `100000k`.
pub fn parse_memory(s: &str) -> Result<u64, String> {
    let s = s.trim().to_ascii_lowercase();
    let (num, mult) = match s.chars().last() {
        Some('k') => (&s[..s.len() - 1], 1.0 / 1024.0),
        Some('m') => (&s[..s.len() - 1], 1.0),
        Some('g') => (&s[..s.len() - 1], 1024.0),
        _ => (s.as_str(), 1.0),
    };
    let v: f64 = num.parse().map_err(|_| format!("bad memory size `{s}` (use e.g. 512m, 2g)"))?;
    if v.is_nan() || v <= 0.0 || !(v * mult).is_finite() || v * mult > u64::MAX as f64 / 2.0 {
        return Err(format!("bad memory size `{s}`"));
    }
    Ok(((v * mult).ceil() as u64).max(1))
}

/// `--fail-on WHEN`: violation, precondition, behaviour-change (or behavior-change), unknown.
pub fn fail_on() -> impl TypedValueParser<Value = crate::config::FailOn> {
    use clap::builder::PossibleValue;
    PossibleValuesParser::new([
        PossibleValue::new("violation"),
        PossibleValue::new("precondition"),
        PossibleValue::new("behaviour-change").alias("behavior-change"),
        PossibleValue::new("unknown"),
    ])
    .try_map(|s| crate::config::FailOn::parse(&s).ok_or(format!("no --fail-on `{s}`")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn args(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    fn check(v: &[&str]) -> check::CheckArgs {
        match parse(&args(v)) {
            Ok(Cli { command: Some(Command::Check(a)), .. }) => a,
            Ok(Cli { command: None, check }) => check,
            other => panic!("{v:?} is no check: {other:?}"),
        }
    }

    #[test]
    fn the_command_line_is_consistent() {
        // clap's own checks: ids, shorts, longs, value names, groups, defaults
        command().debug_assert();
    }

    #[test]
    fn esbmc_spellings_parse_to_typed_values() {
        let a = check(&[
            "a.c",
            "--unwind",
            "5",
            "--overflow-check",
            "-Iinc",
            "-I",
            "x",
            "-DN=3",
            "-DDEBUG",
            "-D",
            "M=2",
            "-UNDEBUG",
            "-Wall",
            "-Wno-unused",
            "-fwrapv",
            "--z3",
            "--no-slice",
            "--unwind=7",
            "--timeout=2m",
            "--memlimit",
            "2g",
            "b.c",
        ]);
        assert_eq!(a.files, vec![PathBuf::from("a.c"), PathBuf::from("b.c")]);
        assert_eq!(a.unwind, Some(7), "the last --unwind wins");
        assert!(a.overflow_check);
        assert!(!a.unsigned_overflow_check);
        assert_eq!(a.pp.include_dirs, vec![PathBuf::from("inc"), PathBuf::from("x")]);
        assert_eq!(a.pp.defines, vec!["N=3", "DEBUG", "M=2"]);
        assert_eq!(a.pp.undefines, vec!["NDEBUG"]);
        assert_eq!(a.timeout, Some(Duration::from_secs(120)));
        assert_eq!(a.memlimit, Some(2048));
    }

    #[test]
    fn the_check_command_may_be_named_or_left_out() {
        let named = check(&["check", "a.c", "--function", "f", "--32"]);
        let bare = check(&["a.c", "--function", "f", "--32"]);
        assert_eq!(named.files, bare.files);
        assert_eq!(named.function.as_deref(), Some("f"));
        assert_eq!(bare.function.as_deref(), Some("f"));
        assert!(named.ilp32 && bare.ilp32);
        // options before the file, and every solver flag ESBMC users pass
        let mut v = vec!["--quiet"];
        let flags: Vec<String> = IGNORED.iter().map(|f| format!("--{f}")).collect();
        v.extend(flags.iter().map(String::as_str));
        v.push("a.c");
        let a = check(&v);
        assert!(a.quiet);
        assert_eq!(a.files, vec![PathBuf::from("a.c")]);
    }

    #[test]
    fn repeatable_options_collect_every_value() {
        let a = check(&[
            "a.c",
            "--enforce-contract",
            "f",
            "--enforce-contract=g",
            "--unwindset",
            "main.0:3",
            "--unwindset",
            "1:4",
            "--quiet",
            "--quiet",
        ]);
        assert_eq!(a.enforce_contract, vec!["f", "g"]);
        assert_eq!(a.unwindset, vec!["main.0:3", "1:4"]);
        assert!(a.quiet, "a flag given twice is no error");
    }

    #[test]
    fn values_are_checked_while_parsing() {
        for bad in [
            &["a.c", "--timeout", "soon"][..],
            &["a.c", "--memlimit", "lots"],
            &["a.c", "--unwind", "-3"],
            &["a.c", "--unwind"],
            &["a.c", "--quiet=1"],
        ] {
            assert!(parse(&args(bad)).is_err(), "{bad:?}");
        }
        let diff = |v: &[&str]| match parse(&args(v)) {
            Ok(Cli { command: Some(Command::Diff(d)), .. }) => Ok(d),
            Ok(other) => panic!("{other:?}"),
            Err(e) => Err(e),
        };
        let d = diff(&["diff", "--budget", "0", "--fail-on", "behavior-change", "--shard", "2/4"]).expect("parses");
        assert_eq!(d.budget, Some(Duration::ZERO));
        assert_eq!(d.fail_on, Some(crate::config::FailOn::BehaviourChange));
        assert_eq!(d.shard, Some(crate::run::shard::Shard::parse("2/4").expect("shard")));
        assert!(diff(&["diff", "--shard", "5/4"]).is_err());
        assert!(diff(&["diff", "--fail-on", "sometimes"]).is_err());
        assert!(diff(&["diff", "--worktree", "--staged"]).is_err());
    }

    #[test]
    fn unknown_options_are_errors_named_as_before() {
        let e = parse(&args(&["a.c", "--xyzzy"])).expect_err("unknown");
        assert_eq!(e.kind(), clap::error::ErrorKind::UnknownArgument);
        assert_eq!(error_message(&e), "unknown option `--xyzzy` (see --help)");
        let e = parse(&args(&["a.c", "--unwnd=3"])).expect_err("unknown");
        assert_eq!(error_message(&e), "unknown option `--unwnd`; did you mean `--unwind`? (see --help)");
        let e = parse(&args(&["report", "--html", "x", "extra"])).expect_err("extra");
        assert_eq!(error_message(&e), "unexpected argument `extra` (see --help)");
        // the solver flags are check's, and -I is no option of run
        assert!(parse(&args(&["diff", "--z3"])).is_err());
        assert!(parse(&args(&["run", "-Iinc"])).is_err());
        // other errors keep clap's sentence, on one line
        let e = parse(&args(&["a.c", "--timeout", "soon"])).expect_err("bad time");
        let m = error_message(&e);
        assert!(m.contains("--timeout") && m.contains("bad time `soon`") && !m.contains('\n'), "{m}");
    }

    #[test]
    fn help_and_version_are_not_errors_of_the_user() {
        for v in [&["-h"][..], &["--help"], &["diff", "-h"], &["check", "--help"], &["help", "-h"]] {
            let e = parse(&args(v)).expect_err("help");
            assert_eq!(e.kind(), clap::error::ErrorKind::DisplayHelp, "{v:?}");
        }
        assert_eq!(parse(&args(&["--version"])).expect_err("v").kind(), clap::error::ErrorKind::DisplayVersion);
    }

    #[test]
    fn durations_and_sizes() {
        assert_eq!(parse_duration("90").unwrap().as_secs(), 90);
        assert_eq!(parse_duration("2m").unwrap().as_secs(), 120);
        assert!(parse_duration("x").is_err());
        assert!(parse_duration("0").is_err());
        assert_eq!(parse_budget("0s").unwrap(), Duration::ZERO);
        assert_eq!(parse_budget("1m").unwrap().as_secs(), 60);
        assert_eq!(duration_text("30s").unwrap(), "30s");
        assert!(duration_text("never").is_err());
        assert_eq!(parse_memory("2g").unwrap(), 2048);
        assert_eq!(parse_memory("512").unwrap(), 512);
    }
}
