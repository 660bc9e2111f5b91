//! `verdiff ltl` on the programs in tests/ltl (docs/ltl.md): each file's header says what to
//! expect, worked out by hand from the program and the four-valued bounded-trace semantics
//! (Morse et al., SoSyM 2013, Definition 2):
//!
//! ```text
//! // formula: F          (optional: else the file's own `//@ ltl invariant`)
//! // unwind: N           (optional: the bound, default 10)
//! // expect: GOOD | SUCCEEDING | FAILING | BAD
//! // why: ...
//! ```

use std::path::{Path, PathBuf};

use assert_cmd::cargo::cargo_bin_cmd;

fn directive(text: &str, key: &str) -> Option<String> {
    text.lines().find_map(|l| l.strip_prefix(&format!("// {key}:")).map(|v| v.trim().to_string()))
}

fn run(args: &[&str]) -> (i32, String) {
    let out = cargo_bin_cmd!("verdiff").args(args).output().expect("verdiff runs");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned())
}

fn programs() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ltl");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/ltl")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .collect();
    v.sort();
    v
}

/// The verdict word of the `LTL verdict:` line.
fn verdict(out: &str) -> Option<&str> {
    out.lines().find_map(|l| l.strip_prefix("LTL verdict: ")).map(str::trim)
}

#[test]
fn programs_get_the_verdicts_the_semantics_gives_them() {
    let mut failures = Vec::new();
    let all = programs();
    assert!(all.len() >= 12, "the programs of tests/ltl: {all:?}");
    for file in &all {
        let text = std::fs::read_to_string(file).expect("readable");
        let expect = directive(&text, "expect").expect("// expect:");
        let path = file.to_string_lossy().into_owned();
        let mut args = vec!["ltl".to_string(), path.clone()];
        if let Some(f) = directive(&text, "formula") {
            args.extend(["--formula".into(), f]);
        }
        if let Some(k) = directive(&text, "unwind") {
            args.extend(["--unwind".into(), k]);
        }
        let argv: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, out) = run(&argv);
        // exit status: BAD and FAILING fail, GOOD and SUCCEEDING pass (SUCCEEDING by default)
        let want_code = if matches!(expect.as_str(), "BAD" | "FAILING") { 10 } else { 0 };
        let want_line = if want_code == 0 { "VERIFICATION SUCCESSFUL" } else { "VERIFICATION FAILED" };
        let last = out.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("");
        if verdict(&out) != Some(expect.as_str()) || code != want_code || last != want_line {
            failures.push(format!("{path}: expected {expect} (exit {want_code}), got:\n{out}"));
        }
        // a violation comes with its trace, in the program's own terms
        if expect != "GOOD" && expect != "SUCCEEDING" {
            if !out.contains("Violated property:") || !out.contains("LTL: ") {
                failures.push(format!("{path}: no counterexample:\n{out}"));
            }
            if out.contains("__verdiff_ltl") {
                failures.push(format!("{path}: the monitor's internals show in the trace:\n{out}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

fn file(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ltl").join(name).to_string_lossy().into_owned()
}

/// A SUCCEEDING verdict passes with a warning by default and fails on request.
#[test]
fn succeeding_passes_with_a_warning_or_fails_when_asked() {
    let f = file("request_always_answered.c");
    let (code, out) = run(&["ltl", &f, "--formula", "G({s == 0} -> F {s == 1})", "--unwind", "4"]);
    assert_eq!((code, verdict(&out)), (0, Some("SUCCEEDING")), "{out}");
    assert!(out.contains("warning: SUCCEEDING"), "{out}");
    let (code, out) =
        run(&["ltl", &f, "--formula", "G({s == 0} -> F {s == 1})", "--unwind", "4", "--ltl-succeeding", "fail"]);
    assert_eq!((code, verdict(&out)), (10, Some("SUCCEEDING")), "{out}");
    assert!(out.trim_end().ends_with("VERIFICATION FAILED"), "{out}");
}

/// The formula's class and the verdicts it allows are printed with the bound (§5 of the
/// paper: G p is a safety property, it is never GOOD on a finite trace).
#[test]
fn the_class_the_possible_verdicts_and_the_bound_are_printed() {
    let (_, out) = run(&["ltl", &file("step_every_update.c"), "--formula", "G {x != 1}", "--unwind", "3"]);
    assert!(out.contains("class: safety; possible verdicts: BAD, SUCCEEDING"), "{out}");
    assert!(out.contains("bound: 3 iterations"), "{out}");
}

/// Bad input is a clear error with its place, exit 6: a formula that does not parse, a name
/// the program does not declare, a proposition with a side effect, no formula at all.
#[test]
fn bad_formulas_are_errors_with_their_column() {
    let q = file("q_prime.c");
    let (code, out) = run(&["ltl", &q, "--formula", "X({p == 1} U "]);
    assert_eq!(code, 6, "{out}");
    assert!(out.contains("the formula does not parse at column 14"), "{out}");
    let (code, out) = run(&["ltl", &q, "--formula", "X({p == 1} U {nosuch == 1})"]);
    assert_eq!(code, 6, "{out}");
    assert!(out.contains("at column 15") && out.contains("nosuch"), "{out}");
    let (code, out) = run(&["ltl", &q, "--formula", "G {p++ > 0}"]);
    assert_eq!(code, 6, "{out}");
    assert!(out.contains("side-effect free"), "{out}");
    let (code, out) = run(&["ltl", &q]);
    assert_eq!(code, 6, "{out}");
    assert!(out.contains("no formula"), "{out}");
}

/// The formula of an SV-COMP property file.
#[test]
fn a_prp_file_gives_the_formula() {
    let dir = tempfile::tempdir().expect("temp dir");
    let prp = dir.path().join("p.prp");
    std::fs::write(&prp, "CHECK( init(main()), LTL( G ! \"x == 1\" ) )\n").expect("write");
    let (code, out) = run(&["ltl", &file("step_every_update.c"), "--property", &prp.to_string_lossy()]);
    assert_eq!((code, verdict(&out)), (10, Some("BAD")), "{out}");
}
