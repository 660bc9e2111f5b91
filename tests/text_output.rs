//! Snapshots (insta) of what verdiff prints for people, where the exact layout matters: a
//! counterexample with its `** Results:` summary, a successful check, one command's help and
//! the text table of `verdiff diff`. Each snapshot was read line by line against the program
//! it describes; the comment above each test says what was checked and why it is right.
//!
//! A deliberate change of the output is a change of tests/snapshots/*.snap: run
//! `cargo insta test --review` (cargo-insta), or `cargo test --release --test text_output` and
//! then `cargo insta review`, and read the diff before accepting it. A mismatch always fails:
//! plain `cargo test` also writes a `.snap.new` beside the snapshot for review; with CI=true,
//! and in tests/run.sh (INSTA_UPDATE=no), nothing is written.

use std::path::Path;

use assert_cmd::cargo::cargo_bin_cmd;

#[path = "common/repo.rs"]
mod repo;
use repo::Repo;

/// Standard output of `cmd`, which must exit with `code` and write nothing on standard error.
fn stdout_of(cmd: &mut assert_cmd::Command, code: i32) -> String {
    let assert = cmd.assert().code(code).stderr("");
    String::from_utf8(assert.get_output().stdout.clone()).expect("UTF-8 output")
}

/// `verdiff ARGS` in the crate root (so that the programs' paths print as given, relative).
fn verdiff(args: &[&str]) -> assert_cmd::Command {
    let mut cmd = cargo_bin_cmd!("verdiff");
    cmd.current_dir(Path::new(env!("CARGO_MANIFEST_DIR"))).args(args);
    cmd
}

/// What changes from run to run and machine to machine: temporary directories, commit ids,
/// timings, version numbers.
macro_rules! assert_text_snapshot {
    ($text:expr) => {
        insta::with_settings!({
            filters => vec![
                (r"/[^\s:]*/verdiff-test-[^\s/:]*", "[REPO]"),
                (r"\b[0-9a-f]{40}\b", "[COMMIT]"),
                (r"\(\d+\.\d+s\)", "([TIME])"),
                (r"\bverdiff \d+\.\d+\.\d+\S*", "verdiff [VERSION]"),
            ],
        }, {
            insta::assert_snapshot!($text);
        })
    };
}

/// tests/programs/basics/rem_by_zero_fail.c: `d = nondet_int()` (line 7), then `r = 10 % d`
/// (line 9). The only input that breaks anything is d == 0, so the counterexample is unique
/// and the snapshot cannot depend on the solver's choice. Checked in the snapshot:
/// - the Inputs block lists the one nondeterministic choice, `d = 0` (nondet_int() on line 7;
///   main has no parameters);
/// - State 1 is that input on line 7, `d = 0`, and its 32 bits are all zero;
/// - State 2 is line 9, column 3 (where `r = 10 % d;` starts), the violated property is the
///   division-by-zero check of the remainder, `d != 0`, in `main`;
/// - `** Results: 1 failed, 0 passed`: the program has one claim (no array, pointer or
///   assertion; overflow is not checked without --overflow-check, and 10 % d cannot overflow
///   anyway), and it is listed under `main` as FAILED at line 9, kind division-by-zero;
/// - the last line is VERIFICATION FAILED and the exit status 10.
///
/// (State 1's column 9 is where the initialiser starts, at its `=`: verdiff places the steps
/// of an initialisation there.)
#[test]
fn check_prints_the_counterexample_and_the_results_of_a_failed_program() {
    let out = stdout_of(&mut verdiff(&["tests/programs/basics/rem_by_zero_fail.c"]), 10);
    assert_text_snapshot!(out);
}

/// tests/programs/basics/div_by_zero_assume_ok.c: d is any int but 0 (the assume on line 11).
/// Checked in the snapshot: four claims, in source order, all PASSED:
/// - line 12 `10 / d` and line 13 `10 % d`: division by zero, excluded by the assume;
/// - line 14 `q * d + r == 10`: C defines / and % so that (a / b) * b + a % b == a whenever
///   a / b is representable, as 10 / d always is for d != 0 (and |q * d| <= 10: no overflow);
/// - line 15 `q >= -10 && q <= 10`: |10 / d| <= 10 for |d| >= 1.
///
/// No counterexample is printed, `** Results: 0 failed, 4 passed`, VERIFICATION SUCCESSFUL,
/// exit status 0. (No overflow claims: --overflow-check is not given.)
#[test]
fn check_lists_every_claim_of_a_successful_program() {
    let out = stdout_of(&mut verdiff(&["tests/programs/basics/div_by_zero_assume_ok.c"]), 0);
    assert_text_snapshot!(out);
}

/// `verdiff equiv --help` (clap's layout). Checked against src/cli/equiv.rs: the two files
/// are the arguments; every option of EquivArgs appears once with its value's name, in the
/// definition's order (the flattened Knobs, --unwind to --64, between --new-function and
/// --json), and -I, -D, -U of the shared Preprocessor options under their own heading; the
/// defaults are those `options` uses (unwind 10, deepened up to 640 when --unwind is not
/// given; object-size 8; call-limit 16); the exit statuses are those `verdiff equiv` returns
/// (0 equivalent, 10 not, 6 unknown and bad input, 1 usage error: tests/equiv.rs checks
/// each); no line is over 100 columns. (The help does not say that "equivalent on every input
/// on which both terminate" exits 0 too, as EquivVerdict::exit_code does: a gap of the help
/// text, recorded here as it is.)
#[test]
fn equiv_help() {
    let out = stdout_of(&mut verdiff(&["equiv", "--help"]), 0);
    assert!(out.lines().all(|l| l.chars().count() <= 100), "{out}");
    assert_text_snapshot!(out);
}

/// `verdiff diff` between two commits of one file, each function a kind of change:
/// - `at_limit`: `level >= 100` became `level > 100`; the two differ on level == 100 alone
///   (old 1, new 0), so that is the input shown, whatever the solver; its new body cannot
///   fail (a comparison), so its safety is SUCCESSFUL;
/// - `twice`: `2 * x` became `x + x`, the same value for every x (and both overflow on the
///   same x): equivalent, so not checked for safety ("-");
/// - `same`: not changed at all: unchanged, "-";
/// - `per_cent`: new, `100 / n` divides by zero for n == 0 (100 / -1 does not overflow):
///   FAILED, division by zero at its line, 4;
/// - `old_only`: removed, at its line in the base version, 3.
///
/// Checked in the snapshot: the rows come as src/diff/mod.rs makes them (functions in both
/// versions by name, then the new ones, then the removed ones), each with the file and line
/// of the head version (the base version for a removed one); the summary counts the 5 rows
/// by status and one safety violation; the exit status is 10 (a violation fails the diff by
/// default). The base commit's id and the timings are filtered out.
#[test]
fn diff_text_table() {
    let r = Repo::new("snapshot-diff");
    r.write(
        "src/m.c",
        "int at_limit(int level) { return level >= 100; }\n\
         int twice(int x) { return 2 * x; }\n\
         int old_only(int x) { return x - 1; }\n\
         int same(int x) { return x; }\n",
    );
    r.commit("base");
    r.write(
        "src/m.c",
        "int at_limit(int level) { return level > 100; }\n\
         int twice(int x) { return x + x; }\n\
         int same(int x) { return x; }\n\
         int per_cent(int n) { return 100 / n; }\n",
    );
    r.commit("change");
    let mut cmd = r.command(&["diff", "--base", "HEAD~1", "--no-cache", "--quiet"]);
    cmd.env_remove("GITHUB_BASE_REF");
    let out = stdout_of(&mut cmd, 10);
    assert_text_snapshot!(out);
}
