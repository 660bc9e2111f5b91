//! The command line as a user meets it, through the built binary: `-h` is `--help` for every
//! command (exit status 0, the command's usage first, lines within 100 columns, option values
//! named: `--timeout <TIME>`, not X); usage errors — an unknown option, a bad value, a
//! misspelt command — exit 1 with one line naming the culprit; ESBMC's spellings reach the
//! verification; `verdiff completions SHELL` and `verdiff man` generate from the same
//! definition.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn verdiff(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_verdiff")).args(args).output().expect("runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("verdiff-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// The commands `verdiff --help` lists.
fn listed_commands() -> Vec<String> {
    let out = verdiff(&["--help"]);
    let help = text(&out.stdout);
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next().map(String::from))
        .collect()
}

#[test]
fn dash_h_prints_each_commands_help() {
    let out = verdiff(&["-h"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).lines().all(|l| l.chars().count() <= 100));
    let commands = listed_commands();
    for cmd in [
        "check",
        "equiv",
        "diff",
        "run",
        "harness",
        "hook",
        "init",
        "report",
        "merge",
        "cache",
        "completions",
        "man",
        "help",
    ] {
        assert!(commands.iter().any(|c| c == cmd), "verdiff --help does not list {cmd}: {commands:?}");
    }
    for cmd in &commands {
        for flag in ["-h", "--help"] {
            let out = verdiff(&[cmd, flag]);
            let help = text(&out.stdout);
            assert_eq!(out.status.code(), Some(0), "verdiff {cmd} {flag}: {help}{}", text(&out.stderr));
            let usage =
                if cmd == "check" { "usage: verdiff [check]".to_string() } else { format!("usage: verdiff {cmd}") };
            assert!(help.starts_with(&usage), "verdiff {cmd} {flag}: {help}");
            for line in help.lines() {
                assert!(line.chars().count() <= 100, "verdiff {cmd} --help, over 100 columns: {line}");
                assert!(!(line.trim_start().starts_with("--") && line.contains(" X ")), "{line}");
            }
        }
    }
    // value names say what a value is
    let help = text(&verdiff(&["diff", "--help"]).stdout);
    for named in ["--timeout <TIME>", "--base <REV>", "--repo <DIR>", "--output <FILE>", "--shard <I/N>"] {
        assert!(help.contains(named), "{named} missing from verdiff diff --help:\n{help}");
    }
    // `verdiff help COMMAND` is `verdiff COMMAND --help`
    assert_eq!(verdiff(&["help", "diff"]).stdout, verdiff(&["diff", "--help"]).stdout);
}

#[test]
fn usage_errors_exit_1_naming_the_culprit() {
    // an unknown option, for check (with and without its name) and for another command
    for (args, prefix) in [
        (&["a.c", "--xyzzy"][..], "verdiff: "),
        (&["check", "a.c", "--xyzzy"], "verdiff: "),
        (&["diff", "--xyzzy"], "verdiff diff: "),
    ] {
        let out = verdiff(args);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.starts_with(&format!("{prefix}unknown option `--xyzzy`")), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(out.stdout.is_empty(), "{args:?}: no verdict for a usage error");
    }
    // a near miss is named
    let err = text(&verdiff(&["a.c", "--unwnd", "3"]).stderr);
    assert!(err.contains("unknown option `--unwnd`; did you mean `--unwind`?"), "{err}");
    // a misspelt command is a usage error, not a file that does not exist (exit 6)
    let out = verdiff(&["dif"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("did you mean `diff`"), "{}", text(&out.stderr));
    // clap's other errors exit 1 too (clap's own status would be 2)
    for args in [
        &["a.c", "--unwind"][..],
        &["a.c", "--unwind", "many"],
        &["a.c", "--timeout", "soon"],
        &["a.c", "--quiet=yes"],
        &["check"],
        &["equiv", "old.c"],
        &["diff", "--worktree", "--staged"],
        &["diff", "--fail-on", "sometimes"],
        &["run", "--shard", "5/4"],
        &["run", "-Iinc"],
        &["cache", "shrink"],
        &["hook", "uninstall"],
        &["harness", "--json", "h.json"],
        &["completions", "tcsh"],
        &["help", "dif"],
    ] {
        let out = verdiff(args);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", text(&out.stderr));
        assert!(text(&out.stderr).starts_with("verdiff"), "{args:?}: {}", text(&out.stderr));
    }
    let out = verdiff(&["--version"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).starts_with(&format!("verdiff {}", env!("CARGO_PKG_VERSION"))));
}

/// `-I dir`, `-Idir`, `-DX=1`, `-D X`, `-UX`, `-Wall`, `-f…`, the solver flags and a repeated
/// option, end to end: the macros and include directories reach the preprocessor.
#[test]
fn esbmc_spellings_reach_the_verification() {
    let dir = scratch("spellings");
    for (sub, header) in [("inc", "h.h"), ("inc2", "g.h")] {
        std::fs::create_dir_all(dir.join(sub)).expect("dir");
        let name = header.trim_end_matches(".h").to_uppercase();
        std::fs::write(dir.join(sub).join(header), format!("#define {name} 7\n")).expect("header");
    }
    let prog = dir.join("p.c");
    std::fs::write(
        &prog,
        "#include <assert.h>\n#include \"h.h\"\n#include \"g.h\"\n\
         int main(void) {\n#ifdef GONE\n  assert(0);\n#endif\n  assert(N == 3 && M == 1 && H + G == 14);\n  return 0;\n}\n",
    )
    .expect("program");
    let (p, inc, inc2) = (prog.display().to_string(), dir.join("inc"), format!("-I{}", dir.join("inc2").display()));
    let base: Vec<&str> = vec![
        &p,
        "-I",
        inc.to_str().unwrap_or(""),
        &inc2,
        "-DN=3",
        "-D",
        "M",
        "-DGONE",
        "-UGONE",
        "-Wall",
        "-Wno-unused",
        "-fno-builtin",
        "--z3",
        "--floatbv",
        "--no-slice",
        "--unwind=2",
        "--unwind",
        "3",
    ];
    let out = verdiff(&base);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(stdout.trim_end().ends_with("VERIFICATION SUCCESSFUL"), "{stdout}");
    // each macro matters: without -UGONE the program fails, with -DN=4 too
    let without_undef: Vec<&str> = base.iter().copied().filter(|a| *a != "-UGONE").collect();
    assert_eq!(verdiff(&without_undef).status.code(), Some(10));
    let other_n: Vec<&str> = base.iter().map(|a| if *a == "-DN=3" { "-DN=4" } else { a }).collect();
    assert_eq!(verdiff(&other_n).status.code(), Some(10));
    // and the same as `verdiff check`
    let mut named = vec!["check"];
    named.extend(&base);
    assert_eq!(verdiff(&named).status.code(), Some(0));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn completions_for_every_shell() {
    let out = verdiff(&["completions", "bash"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let script = text(&out.stdout);
    assert!(script.contains("complete -F"), "{script}");
    for cmd in listed_commands() {
        assert!(script.contains(&cmd), "no {cmd} in the bash completion");
    }
    for option in ["--unwind", "--fail-on", "--shard", "--html"] {
        assert!(script.contains(option), "no {option} in the bash completion");
    }
    assert!(!script.contains("--z3"), "the ignored solver flags are not offered");
    for shell in ["zsh", "fish", "elvish", "powershell"] {
        let out = verdiff(&["completions", shell]);
        assert_eq!(out.status.code(), Some(0), "{shell}: {}", text(&out.stderr));
        assert!(text(&out.stdout).contains("verdiff"), "{shell}");
    }
}

fn roff_page(path: &Path) -> String {
    let page = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert!(page.lines().any(|l| l.starts_with(".TH ")), "{} is no man page:\n{page}", path.display());
    page
}

#[test]
fn man_pages() {
    let out = verdiff(&["man"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let page = text(&out.stdout);
    assert!(page.lines().any(|l| l.starts_with(".TH verdiff 1")), "{page}");
    assert!(page.contains(".SH SYNOPSIS") && page.contains(".SH OPTIONS"), "{page}");

    let dir = scratch("man");
    let pages = dir.join("man1");
    let out = verdiff(&["man", "--output", pages.to_str().unwrap_or("")]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let listed = text(&out.stdout);
    roff_page(&pages.join("verdiff.1"));
    for cmd in listed_commands().iter().filter(|c| *c != "help") {
        let path = pages.join(format!("verdiff-{cmd}.1"));
        assert!(listed.contains(&path.display().to_string()), "{} not listed:\n{listed}", path.display());
        let page = roff_page(&path);
        assert!(page.contains(&format!("verdiff\\-{cmd}")), "{}:\n{page}", path.display());
    }
    // each command's options are on its page
    assert!(roff_page(&pages.join("verdiff-diff.1")).contains("fail\\-on"));
    // an unwritable directory is an error, not a usage error
    let file = dir.join("a-file");
    std::fs::write(&file, "").expect("file");
    assert_eq!(verdiff(&["man", "--output", file.to_str().unwrap_or("")]).status.code(), Some(6));
    let _ = std::fs::remove_dir_all(&dir);
}
