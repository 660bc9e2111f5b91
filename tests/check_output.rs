//! What `verdiff check` prints for people: the results start with an honest summary, each
//! function's claims come once under its header, failures first.

use std::process::Command;

fn check(src: &str, extra: &[&str]) -> (i32, String) {
    let dir = std::env::temp_dir().join(format!("verdiff-check-output-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join(format!("p{}.c", extra.len()));
    std::fs::write(&file, src).expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_verdiff")).arg(&file).args(extra).output().expect("runs");
    let _ = std::fs::remove_file(&file);
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
    assert!(trace.contains("p2.c line 3 "), "the program's own steps are shown: {trace}");
}
