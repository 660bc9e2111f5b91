//! `-h` is `--help` for every command: exit status 0 and the command's usage on standard
//! output (before, every command but the top level answered "unknown option `-h`", exit 1).
//! Help lines fit 100 columns and name what an option's value is (`--timeout TIME`).

use std::process::Command;

#[test]
fn dash_h_prints_each_commands_help() {
    let out = Command::new(env!("CARGO_BIN_EXE_verdiff")).arg("-h").output().expect("runs");
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).lines().all(|l| l.chars().count() <= 100));
    for cmd in ["check", "equiv", "diff", "run", "harness", "hook", "init", "report", "merge", "cache"] {
        for flag in ["-h", "--help"] {
            let out = Command::new(env!("CARGO_BIN_EXE_verdiff")).args([cmd, flag]).output().expect("runs");
            let text = String::from_utf8_lossy(&out.stdout);
            assert_eq!(
                out.status.code(),
                Some(0),
                "verdiff {cmd} {flag}: {text}{}",
                String::from_utf8_lossy(&out.stderr)
            );
            let usage =
                if cmd == "check" { "usage: verdiff [check]".to_string() } else { format!("usage: verdiff {cmd}") };
            assert!(text.starts_with(&usage), "verdiff {cmd} {flag}: {text}");
            for line in text.lines() {
                assert!(line.chars().count() <= 100, "verdiff {cmd} --help, over 100 columns: {line}");
                assert!(!(line.trim_start().starts_with("--") && line.contains(" X ")), "{line}");
            }
        }
    }
}
