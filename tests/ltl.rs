//! `verdiff ltl` on the programs in tests/ltl (docs/ltl.md): each file's header says what to
//! expect, worked out by hand from the program and the four-valued bounded-trace semantics
//! (Morse et al., SoSyM 2013, Definition 2):
//!
//! ```text
//! // formula: F          (optional: else the file's own `//@ ltl invariant`)
//! // unwind: N           (optional: the bound, default 10)
//! // flags: ...          (optional: more flags, e.g. --no-lasso)
//! // expect: GOOD | SUCCEEDING | FAILING | BAD | BAD lasso  (BAD by a lasso, docs/ltl.md §5)
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

/// The verdict of the `LTL verdict:` line: its word, with " lasso" when a lasso shows it.
fn verdict(out: &str) -> Option<String> {
    let rest = out.lines().find_map(|l| l.strip_prefix("LTL verdict: "))?;
    let word = rest.split_whitespace().next()?;
    Some(if rest.contains("(lasso at ") { format!("{word} lasso") } else { word.to_string() })
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
        if let Some(flags) = directive(&text, "flags") {
            args.extend(flags.split_whitespace().map(String::from));
        }
        let argv: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, out) = run(&argv);
        // exit status: BAD and FAILING fail, GOOD and SUCCEEDING pass (SUCCEEDING by default)
        let want_code = if matches!(expect.as_str(), "BAD" | "BAD lasso" | "FAILING") { 10 } else { 0 };
        let want_line = if want_code == 0 { "VERIFICATION SUCCESSFUL" } else { "VERIFICATION FAILED" };
        let last = out.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("");
        if verdict(&out).as_deref() != Some(expect.as_str()) || code != want_code || last != want_line {
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
    assert_eq!((code, verdict(&out).as_deref()), (0, Some("SUCCEEDING")), "{out}");
    assert!(out.contains("warning: SUCCEEDING"), "{out}");
    let (code, out) =
        run(&["ltl", &f, "--formula", "G({s == 0} -> F {s == 1})", "--unwind", "4", "--ltl-succeeding", "fail"]);
    assert_eq!((code, verdict(&out).as_deref()), (10, Some("SUCCEEDING")), "{out}");
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
    assert_eq!((code, verdict(&out).as_deref()), (10, Some("BAD")), "{out}");
}

#[path = "common/schema.rs"]
mod schema;

/// The paper's oscillating request–response program: over a sweep of bounds the verdict
/// alternates with the parity of the bound (pending after an even number of toggles), and
/// the sweep's verdict is the worst, FAILING, shown by the first bound that gives it.
#[test]
fn a_sweep_prints_the_verdict_per_bound_and_the_worst_over_them() {
    let f = file("request_toggling_even_bound.c");
    let (code, out) = run(&["ltl", &f, "--formula", "G({s == 0} -> F {s == 1})", "--ltl-sweep", "1..5", "--no-lasso"]);
    for (k, v) in [(1, "SUCCEEDING"), (2, "FAILING"), (3, "SUCCEEDING"), (4, "FAILING"), (5, "SUCCEEDING")] {
        assert!(out.contains(&format!("  bound {k}: {v}\n")), "bound {k} should be {v}:\n{out}");
    }
    assert_eq!((code, verdict(&out).as_deref()), (10, Some("FAILING")), "{out}");
    let (code, _) = run(&["ltl", &f, "--ltl-sweep", "3..1"]);
    assert_eq!(code, 1, "an empty sweep is a usage error");
}

/// `--json` writes verdiff.ltl/1 (valid against its schema) with the verdict, the bound, the
/// possible verdicts, the lasso and the counterexample; `--json -` prints only the document.
#[test]
fn the_json_document_carries_the_verdict_the_bound_and_the_lasso() {
    let v = schema::validator("docs/schemas/ltl-v1.schema.json");
    let f = file("lasso_request_never_answered.c");
    let (code, out) = run(&["ltl", &f, "--formula", "G({s == 0} -> F {s == 1})", "--unwind", "4", "--json", "-"]);
    assert_eq!(code, 10, "{out}");
    let doc: serde_json::Value = serde_json::from_str(&out).expect("only the JSON document on standard output");
    let errs: Vec<String> = v.iter_errors(&doc).map(|e| e.to_string()).collect();
    assert!(errs.is_empty(), "{errs:?}\n{doc:#}");
    assert_eq!(doc["schema"], "verdiff.ltl/1.0");
    assert_eq!(doc["ltl"]["verdict"], "BAD");
    assert_eq!(doc["ltl"]["bound"], 4);
    assert_eq!(doc["ltl"]["possible"], serde_json::json!(["FAILING", "SUCCEEDING"]), "G(p -> F q) is true liveness");
    let lasso = &doc["ltl"]["lasso"];
    assert!(lasso["to_iteration"].as_u64() > lasso["from_iteration"].as_u64(), "{lasso}");
    assert_eq!(lasso["line"], 10, "the loop's line: {lasso}");
    assert_eq!(doc["ltl"]["counterexample"]["kind"], "ltl-lasso");
    assert_eq!((doc["verdict"].as_str(), doc["exit_code"].as_i64()), (Some("FAILED"), Some(10)));

    // GOOD: no counterexample, no lasso
    let g = file("q_prime.c");
    let (code, out) = run(&["ltl", &g, "--formula", "X({p == 1} U {q == 1})", "--json", "-"]);
    let doc: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert!(v.iter_errors(&doc).next().is_none(), "{doc:#}");
    assert_eq!((code, doc["ltl"]["verdict"].as_str()), (0, Some("GOOD")), "{doc:#}");
    assert!(doc["ltl"]["counterexample"].is_null() && doc["ltl"]["lasso"].is_null(), "{doc:#}");

    // bad input is UNKNOWN with the reason, still a valid document
    let (code, out) = run(&["ltl", &g, "--formula", "G {nosuch > 0}", "--json", "-"]);
    let doc: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert!(v.iter_errors(&doc).next().is_none(), "{doc:#}");
    assert_eq!((code, doc["ltl"]["verdict"].as_str()), (6, Some("UNKNOWN")));
    assert!(doc["ltl"]["reason"].as_str().is_some_and(|r| r.contains("nosuch")), "{doc:#}");
}

/// `verdiff check --ltl F` is `verdiff ltl --formula F` with check's --unwind as the bound.
#[test]
fn check_with_ltl_checks_the_formula() {
    let f = file("request_toggling_even_bound.c");
    let formula = "G({s == 0} -> F {s == 1})";
    let (code, out) = run(&["check", &f, "--ltl", formula, "--unwind", "4"]);
    assert_eq!((code, verdict(&out).as_deref()), (10, Some("FAILING")), "{out}");
    let (code, out) = run(&["check", &f, "--ltl", formula, "--unwind", "5"]);
    assert_eq!((code, verdict(&out).as_deref()), (0, Some("SUCCEEDING")), "{out}");
}
