//! What `verdiff check` prints for people: the results start with an honest summary, each
//! function's claims come once under its header, failures first.

use assert_cmd::cargo::cargo_bin_cmd;

fn check(src: &str, extra: &[&str]) -> (i32, String) {
    // (a directory of its own per call: the tests run in parallel)
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("p.c");
    std::fs::write(&file, src).expect("write");
    let out = cargo_bin_cmd!("verdiff").arg(&file).args(extra).output().expect("runs");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned())
}

/// `a[i]` with i = 4 overflows (line 6), and so does the division by `d` = 0 (line 7), while
/// `helper`'s assertion holds (line 2). Without --multi-property verdiff stops at the first
/// violation and says so; with it both failures are counted. In `main`'s block the FAILED
/// lines come before the others.
#[test]
fn the_results_start_with_an_honest_summary_and_list_failures_first() {
    let src = "#include <assert.h>\n\
               int helper(int x) { assert(x == x); return x; }\n\
               int main(void) {\n\
               \x20 int a[4] = {0};\n\
               \x20 int i = 4, d = 0;\n\
               \x20 a[i] = helper(1);\n\
               \x20 return 10 / d;\n\
               }\n";
    let (code, out) = check(src, &[]);
    assert_eq!(code, 10, "{out}");
    let summary = out.lines().find(|l| l.starts_with("** Results: ")).unwrap_or_else(|| panic!("{out}"));
    assert!(summary.starts_with("** Results: 1 failed, "), "{summary}");
    assert!(
        summary.ends_with("not checked (stopped at the first violation; --multi-property checks all)"),
        "{summary}"
    );
    // each function's header once, failures first within it
    assert_eq!(out.lines().filter(|l| l.ends_with(", function main")).count(), 1, "{out}");
    let block: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.ends_with(", function main"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .collect();
    let first_other = block.iter().position(|l| !l.trim_start().starts_with("FAILED")).unwrap_or(block.len());
    assert!(block[..first_other].iter().any(|l| l.contains("line 6")), "{block:?}");
    assert!(block[first_other..].iter().all(|l| !l.trim_start().starts_with("FAILED")), "{block:?}");

    let (code, out) = check(src, &["--multi-property"]);
    assert_eq!(code, 10, "{out}");
    let summary = out.lines().find(|l| l.starts_with("** Results: ")).unwrap_or_else(|| panic!("{out}"));
    assert!(summary.starts_with("** Results: 2 failed, "), "{summary}");
    assert!(!summary.contains("not checked"), "{summary}");
}

/// printf reads `buf` to its terminator, and `buf` has none: the violation is inside verdiff's
/// model of printf, and the results list it at the program's call (line 5 of `main`), naming
/// the model's line second; the models' claims that passed are counted, not listed.
#[test]
fn a_violation_inside_a_library_model_is_listed_at_the_programs_call() {
    let src = "#include <stdio.h>\n\
               int main(void) {\n\
               \x20 char buf[4] = {'a', 'b', 'c', 'd'};\n\
               \x20 int n = 0;\n\
               \x20 printf(\"%s\\n\", buf);\n\
               \x20 return n;\n\
               }\n";
    let (code, out) = check(src, &["--function", "main"]);
    assert_eq!(code, 10, "{out}");
    let results = out.split("** Results: ").nth(1).unwrap_or_else(|| panic!("{out}"));
    let failed: Vec<&str> = results.lines().filter(|l| l.trim_start().starts_with("FAILED")).collect();
    assert_eq!(failed.len(), 1, "{results}");
    assert!(failed[0].contains("line 5") && failed[0].contains("inside the call of `printf`"), "{}", failed[0]);
    let header = results.lines().take_while(|l| !l.contains("FAILED")).filter(|l| l.contains(", function ")).last();
    assert!(header.is_some_and(|h| h.ends_with(", function main")), "{results}");
    assert!(!results.lines().any(|l| l.starts_with("<verdiff-libc>") && l.contains(", function ")), "{results}");
    assert!(
        results.lines().any(|l| l.starts_with("verdiff's C library models: ") && l.contains(" passed")),
        "{results}"
    );
    // the trace leaves out the models' set-up before main (stdout's fields), and says so
    let trace = out.split("** Results: ").next().unwrap_or("");
    assert!(!trace.contains("function (static initialisation)"), "{trace}");
    assert!(trace.contains("steps that set up verdiff's C library models before main are not shown"), "{trace}");
    assert!(trace.contains(".c line 3 column"), "the program's own steps are shown: {trace}");
}

/// The value after `name = ` on the counterexample's input line for `name`.
fn input_line<'a>(out: &'a str, name: &str) -> Option<&'a str> {
    let block = out.split("Inputs (the nondeterministic choices the violation follows from):").nth(1)?;
    let block = block.split("\n\n").next()?;
    block.lines().find_map(|l| l.trim().strip_prefix(&format!("{name} = ")))
}

/// `a[i]` overflows only when `4 <= i < q->n` (the guard keeps `i` below `q->n`): the
/// counterexample must say both `i` and the field `q->n` the caller's struct holds, with
/// `q->n > i >= 4`. Verified with its precondition, `q` points to the caller's object.
#[test]
fn a_counterexample_starts_with_the_inputs_it_follows_from_including_the_callers_memory() {
    let src = "struct s { int n; int *p; };\n\
               int get(struct s *q, int i) {\n  int a[4] = {0};\n  if (q == 0) return 0;\n\
               if (q->n > 2 && i < q->n && i >= 0)\n    return a[i];\n  return 0;\n}\n";
    let (code, out) = check(src, &["--function", "get", "--infer-preconditions"]);
    assert_eq!(code, 10, "{out}");
    let i: i64 = input_line(&out, "i").and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("input i: {out}"));
    let n: i64 = input_line(&out, "q->n").and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("input q->n: {out}"));
    assert!(i >= 4 && n > i, "i = {i}, q->n = {n}: {out}");
    assert_eq!(input_line(&out, "q"), Some("&caller_object_1"), "{out}");
    // the harness's own steps are not repeated as states at line 0
    assert!(!out.contains("line 0 column 0"), "{out}");
}

/// `word` reads s[0..3]: the violation needs "hi!" and then s[3] outside a[2]'s indices. The
/// four characters read one after another are one input, as a C string.
#[test]
fn characters_the_run_read_are_shown_as_one_string() {
    let src = "int word(const char *s) {\n  int a[2] = {0};\n\
               if (s[0] == 'h' && s[1] == 'i' && s[2] == '!')\n    return a[s[3]];\n  return 0;\n}\n";
    let (code, out) = check(src, &["--function", "word", "--infer-preconditions"]);
    assert_eq!(code, 10, "{out}");
    let text = input_line(&out, "s[0] to s[3]").unwrap_or_else(|| panic!("the string input: {out}"));
    assert!(text.starts_with("\"hi!") && text.ends_with('"'), "{text}");
    // the fourth character is not 0 or 1 (those index a[2])
    assert!(!text.starts_with("\"hi!\\0\"") && !text.starts_with("\"hi!\\x01\""), "{text}");
}

/// In a program with `main`, `nondet_int()` results are the inputs; the ESBMC states keep
/// their layout (`x = 5 (00000000 …)`), so scripts that match them keep working.
#[test]
fn nondet_results_are_inputs_and_the_states_keep_esbmcs_layout() {
    let src = "int nondet_int(void);\nint main(void) {\n  int x = nondet_int();\n  int y = nondet_int();\n\
               if (x > 3 && y == x + 2) {\n    int a[4];\n    a[x] = 1;\n  }\n  return 0;\n}\n";
    let (code, out) = check(src, &[]);
    assert_eq!(code, 10, "{out}");
    let x: i64 = input_line(&out, "x").and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("input x: {out}"));
    let y: i64 = input_line(&out, "y").and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("input y: {out}"));
    assert!(x > 3 && y == x + 2, "x = {x}, y = {y}");
    assert!(out.contains(&format!("\n  x = {x} (")), "the state line in ESBMC's layout: {out}");
}
