//! `verdiff harness` on repositories the tests build: the thesis's circular buffer (Fig. 6.3,
//! the test of Fig. 6.4 with the values of Table 6.1) and one small library per supported
//! framework. Expected verdicts are worked out from the C code in the comments.

#[path = "common/repo.rs"]
mod repo;
#[path = "common/schema.rs"]
mod schema;
use repo::Repo;

/// `verdiff harness --check` per harness: (file name, verdict).
fn checked(out: &str) -> Vec<(String, String)> {
    out.lines()
        .filter(|l| l.ends_with("s)") && l.contains(".c (") && l.contains("): "))
        .filter_map(|l| {
            let name = l.split_whitespace().next()?.to_string();
            let verdict = l.rsplit_once("): ")?.1.split_whitespace().next()?.to_string();
            Some((name, verdict))
        })
        .collect()
}

fn verdict_of<'a>(v: &'a [(String, String)], needle: &str) -> &'a str {
    v.iter()
        .find(|(n, _)| n.contains(needle))
        .map(|(_, s)| s.as_str())
        .unwrap_or_else(|| panic!("no harness {needle} in {v:?}"))
}

const LOG_C: &str = r#"/* The circular buffer of the pulse oximeter (thesis Fig. 6.3). */
#include <assert.h>
#include "log.h"
static char buffer[BUFFER_MAX];
static int buffer_size, first, next;

void initLog(int max) {
    buffer_size = max;
    first = next = 0;
}

int removeLogElem(void) {
    first++;
    return buffer[first - 1];
}

void insertLogElem(int b) {
    if (next < buffer_size) {
        buffer[next] = b;
        next = (next + 1) % buffer_size;
        assert(next < buffer_size);
    }
}
"#;

const TABLE_6_1: [[i32; 10]; 5] = [
    [1, -128, 98, 88, 59, 1, -128, 90, 0, -37],
    [43, -28, -98, 18, -90, 0, -1, 1, 0, -37],
    [43, -28, -98, 18, -90, 0, -1, 1, 0, -37],
    [1, -5, 50, 40, -20, 1, -50, 20, 0, -37],
    [1, 10, -60, 60, 30, 1, -10, 40, 0, -37],
];

fn circular_buffer() -> Repo {
    let r = Repo::new("harness-cbuf");
    r.write("src/log.c", LOG_C);
    r.write(
        "src/log.h",
        "#define BUFFER_MAX 10\nvoid initLog(int max);\nint removeLogElem(void);\nvoid insertLogElem(int b);\n",
    );
    let mut t = String::from(
        "#include \"unity.h\"\n#include \"../src/log.h\"\n\nvoid setUp(void) {}\nvoid tearDown(void) {}\n\n",
    );
    for (k, row) in TABLE_6_1.iter().enumerate() {
        let vals: Vec<String> = row.iter().map(|v| v.to_string()).collect();
        t.push_str(&format!(
            "static void testCircularBuffer{}(void) {{\n    int ssr[] = {{{}}};\n    int i;\n    initLog(5);\n    for (i = 0; i < 10; i++)\n        insertLogElem(ssr[i]);\n    for (i = 5; i < 10; i++)\n        TEST_ASSERT_EQUAL_INT(ssr[i], removeLogElem());\n}}\n\n",
            k + 1,
            vals.join(", ")
        ));
    }
    t.push_str("int main(void) {\n    UNITY_BEGIN();\n");
    for k in 1..=5 {
        t.push_str(&format!("    RUN_TEST(testCircularBuffer{k});\n"));
    }
    t.push_str("    return UNITY_END();\n}\n");
    r.write("test/test_log.c", &t);
    r.commit("circular buffer with its unit tests");
    r
}

#[test]
fn thesis_circular_buffer() {
    let r = circular_buffer();
    // hull: every ssr element ranges over [-128, 98] (all values insertLogElem received in
    // Table 6.1's five tests); all fit in a char, so storing them loses nothing and the test's
    // oracle (ssr[i] == removeLogElem()) holds: the harnesses verify, like the tests pass
    let (code, out, err) = r.verdiff(&["harness", "--check", "--function", "insertLogElem"]);
    assert_eq!(code, 0, "{out}\n{err}");
    let v = checked(&out);
    assert_eq!(v.len(), 5, "one harness per test: {out}");
    assert!(v.iter().all(|(_, s)| s == "SUCCESSFUL"), "{out}");
    assert!(out.contains("ssr[0..9] (line 8): in [-128, 98]"), "{out}");

    // beyond: values outside [-128, 98] — among them ones a char cannot hold: the int stored
    // into `char buffer[]` comes back truncated and the test's own assertion fails
    let dir = r.path("harnesses");
    let (code, out, _) = r.verdiff(&[
        "harness",
        "--check",
        "--generalise",
        "beyond",
        "--function",
        "insertLogElem",
        "--test",
        "testCircularBuffer1",
        "--emit",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 10, "{out}");
    assert_eq!(verdict_of(&checked(&out), "testCircularBuffer1__insertLogElem"), "FAILED");
    assert!(out.contains("TEST_ASSERT_EQUAL_INT") && out.contains("test/test_log.c:14"), "{out}");
    // the failing input as a unit test of the project's own style
    let unit = out.split("As a unit test").nth(1).expect("a unit test is printed");
    assert!(unit.contains("static void testCircularBuffer1_verdiff_insertLogElem(void)"), "{unit}");
    let values: Vec<i64> = unit
        .split("int ssr[] = {")
        .nth(1)
        .and_then(|s| s.split('}').next())
        .expect("the array")
        .split(',')
        .map(|x| x.trim().parse().expect("a number"))
        .collect();
    assert_eq!(values.len(), 10);
    assert!(values.iter().all(|v| *v < -128 || *v > 98), "beyond the hull: {values:?}");
    assert!(values[5..].iter().any(|v| *v < -128 || *v > 127), "some removed value does not fit a char: {values:?}");
    // the emitted harness is readable C naming its test and ranges
    let text = std::fs::read_to_string(dir.join("test_log__testCircularBuffer1__insertLogElem.c")).expect("emitted");
    assert!(text.contains(
        "verdiff-harness: test-file=test/test_log.c test=testCircularBuffer1 function=insertLogElem mode=beyond"
    ));
    assert!(text.contains("int ssr[] = {__vd_outside_int(-128, 98),"), "{text}");
}

/// A small library: `level_name` forgot level 3 (a bug the tests, which use 1, 2 and 4, do not
/// reach but which lies inside the range they span); `average` divides by `n`, which callers
/// never pass as 0 (the tests use 4 and 2).
const LIB_C: &str = r#"#include <stddef.h>
#include "lib.h"
const char *level_name(int level) {
    switch (level) {
    case 1: return "debug";
    case 2: return "info";
    case 4: return "error";
    default: return NULL;
    }
}
int average(const int *v, int n) {
    int s = 0;
    for (int i = 0; i < n; i++) s += v[i];
    return s / n;
}
"#;

const LIB_H: &str = "const char *level_name(int level);\nint average(const int *v, int n);\n";

/// (framework, test file text) — each calls level_name(1), (2), (4) and checks the result is
/// not NULL, and averages {2, 4, 6, 8} over 4 and over 2 elements.
fn framework_tests() -> Vec<(&'static str, String)> {
    vec![
        (
            "unity",
            r#"#include "unity.h"
#include "lib.h"
void setUp(void) {}
void tearDown(void) {}
void test_level_names(void) {
    TEST_ASSERT_NOT_NULL(level_name(1));
    TEST_ASSERT_NOT_NULL(level_name(2));
    TEST_ASSERT_NOT_NULL(level_name(4));
}
void test_average(void) {
    int v[] = {2, 4, 6, 8};
    TEST_ASSERT_EQUAL_INT(5, average(v, 4));
    TEST_ASSERT_EQUAL_INT(3, average(v, 2));
}
int main(void) { UNITY_BEGIN(); RUN_TEST(test_level_names); RUN_TEST(test_average); return UNITY_END(); }
"#
            .to_string(),
        ),
        (
            "unity-fixture",
            r#"#include "unity_fixture.h"
#include "lib.h"
static int calls;
TEST_GROUP(lib_api);
TEST_SETUP(lib_api) { calls = 0; }
TEST_TEAR_DOWN(lib_api) {}
TEST(lib_api, level_names) {
    TEST_ASSERT_NOT_NULL(level_name(1));
    TEST_ASSERT_NOT_NULL(level_name(2));
    TEST_ASSERT_NOT_NULL(level_name(4));
}
TEST(lib_api, averages) {
    int v[] = {2, 4, 6, 8};
    TEST_ASSERT_EQUAL_INT(5, average(v, 4));
    TEST_ASSERT_EQUAL_INT(3, average(v, 2));
}
TEST_GROUP_RUNNER(lib_api) {
    RUN_TEST_CASE(lib_api, level_names);
    RUN_TEST_CASE(lib_api, averages);
}
static void run_all(void) { RUN_TEST_GROUP(lib_api); }
int main(int argc, const char **argv) { return UnityMain(argc, argv, run_all); }
"#
            .to_string(),
        ),
        (
            "cmocka",
            r#"#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "lib.h"
static void level_names(void **state) {
    (void)state;
    assert_non_null(level_name(1));
    assert_non_null(level_name(2));
    assert_non_null(level_name(4));
}
static void averages(void **state) {
    (void)state;
    int v[] = {2, 4, 6, 8};
    assert_int_equal(average(v, 4), 5);
    assert_int_equal(average(v, 2), 3);
}
int main(void) {
    const struct CMUnitTest tests[] = { cmocka_unit_test(level_names), cmocka_unit_test(averages) };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
"#
            .to_string(),
        ),
        (
            "check",
            r#"#include <check.h>
#include <stdlib.h>
#include "lib.h"
START_TEST(level_names) {
    ck_assert_ptr_nonnull(level_name(1));
    ck_assert_ptr_nonnull(level_name(2));
    ck_assert_ptr_nonnull(level_name(4));
}
END_TEST
START_TEST(averages) {
    int v[] = {2, 4, 6, 8};
    ck_assert_int_eq(average(v, 4), 5);
    ck_assert_int_eq(average(v, 2), 3);
}
END_TEST
int main(void) {
    Suite *s = suite_create("lib");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, level_names);
    tcase_add_test(tc, averages);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
"#
            .to_string(),
        ),
        (
            "cunit",
            r#"#include <CUnit/Basic.h>
#include "lib.h"
static void level_names(void) {
    CU_ASSERT_PTR_NOT_NULL(level_name(1));
    CU_ASSERT_PTR_NOT_NULL(level_name(2));
    CU_ASSERT_PTR_NOT_NULL(level_name(4));
}
static void averages(void) {
    int v[] = {2, 4, 6, 8};
    CU_ASSERT_EQUAL(average(v, 4), 5);
    CU_ASSERT_EQUAL(average(v, 2), 3);
}
int main(void) {
    CU_initialize_registry();
    CU_pSuite s = CU_add_suite("lib", 0, 0);
    CU_add_test(s, "level names", level_names);
    CU_add_test(s, "averages", averages);
    CU_basic_run_tests();
    CU_cleanup_registry();
    return CU_get_error();
}
"#
            .to_string(),
        ),
        (
            "plain",
            r#"#include <assert.h>
#include <stddef.h>
#include "lib.h"
static void test_level_names(void) {
    assert(level_name(1) != NULL);
    assert(level_name(2) != NULL);
    assert(level_name(4) != NULL);
}
static void test_average(void) {
    int v[] = {2, 4, 6, 8};
    assert(average(v, 4) == 5);
    assert(average(v, 2) == 3);
}
int main(void) { test_level_names(); test_average(); return 0; }
"#
            .to_string(),
        ),
    ]
}

#[test]
fn every_framework_hull_finds_the_bug_and_avoids_the_false_alarm() {
    for (fw, test) in framework_tests() {
        let r = Repo::new(&format!("harness-{fw}"));
        r.write("src/lib.c", LIB_C);
        r.write("include/lib.h", LIB_H);
        r.write("tests/test_lib.c", &test);
        r.write(".verdiff.yml", "include_dirs: [include]\n");
        r.commit("library with tests");

        let (code, out, err) = r.verdiff(&["harness"]);
        assert_eq!(code, 0, "{fw}: {out}\n{err}");
        assert!(
            out.starts_with("2 test(s) in 1 file(s); 2 harness(es) in hull mode; 2 of 2 test(s) generalised"),
            "{fw}: {out}\n{err}"
        );
        // level_name's argument spans [1, 4]; average's count spans [2, 4]
        assert!(out.contains("in [1, 4]") && out.contains("in [2, 4]"), "{fw}: {out}");

        // hull: level 3 lies inside what the tests span and returns NULL, which the test's
        // not-NULL assertion rejects (a real bug); average is called with 2..4 elements of a
        // 4-element array and never divides by zero (no alarm)
        let (code, out, err) = r.verdiff(&["harness", "--check"]);
        assert_eq!(code, 10, "{fw}: {out}\n{err}");
        let v = checked(&out);
        assert_eq!(verdict_of(&v, "__level_name"), "FAILED", "{fw}: {out}");
        assert_eq!(verdict_of(&v, "__average"), "SUCCESSFUL", "{fw}: {out}");
        let unit = out.split("As a unit test").nth(1).unwrap_or_else(|| panic!("{fw}: no unit test: {out}"));
        assert!(unit.contains("level_name(3)"), "{fw}: the unit test passes 3: {unit}");

        // free: average's count may be 0 (division by zero) or 5 and more (reads past the
        // array) — alarms no caller can trigger, which hull avoided
        let (code, out, _) = r.verdiff(&["harness", "--check", "--generalise", "free", "--function", "average"]);
        assert_eq!(code, 10, "{fw}: {out}");
        assert_eq!(verdict_of(&checked(&out), "__average"), "FAILED", "{fw}: {out}");
    }
}

#[test]
fn tests_that_cannot_be_generalised_are_reported() {
    let r = Repo::new("harness-none");
    r.write("src/lib.c", LIB_C);
    r.write("include/lib.h", LIB_H);
    // one value per argument: hull has nothing to widen; a broken test file is named
    r.write(
        "tests/test_one.c",
        "#include <assert.h>\n#include \"lib.h\"\nvoid test_one(void) { assert(level_name(2) != 0); }\n",
    );
    r.write("tests/test_broken.c", "void test_x(void) { this is not C }\n");
    r.write(".verdiff.yml", "include_dirs: [include]\n");
    r.commit("tests");
    let (code, out, err) = r.verdiff(&["harness"]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("test_one: no harness (nothing to generalise"), "{out}");
    assert!(err.contains("tests/test_broken.c: not used:"), "{err}");
    // beyond widens even a single value
    let (_, out, _) = r.verdiff(&["harness", "--generalise", "beyond"]);
    assert!(out.contains("outside [2, 2]"), "{out}");
}

#[test]
fn run_and_diff_verify_functions_through_their_harnesses() {
    let r = Repo::new("harness-run");
    r.write("src/lib.c", LIB_C);
    r.write("include/lib.h", LIB_H);
    let unity = framework_tests().into_iter().find(|(fw, _)| *fw == "unity").map(|(_, t)| t).unwrap();
    r.write("tests/test_lib.c", &unity);
    r.write(".verdiff.yml", "include_dirs: [include]\n");
    r.commit("library with tests");
    let run = |r: &Repo| {
        let (code, out, err) = r.verdiff(&["run", "--quiet", "--no-cache", "--format", "json"]);
        let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}\n{err}"));
        let fns: Vec<(String, String, String)> = v["functions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| {
                (
                    f["function"].as_str().unwrap().to_string(),
                    f["safety"].as_str().unwrap_or("-").to_string(),
                    f["detail"].as_str().unwrap_or("").to_string(),
                )
            })
            .collect();
        (code, fns)
    };
    // through the harnesses (the test file itself is not a source): level_name fails for
    // level 3, named by the harness that found it; average is verified for the calls the
    // tests describe
    let (code, fns) = run(&r);
    assert_eq!(code, 10);
    assert_eq!(fns.len(), 2, "{fns:?}");
    let level = fns.iter().find(|f| f.0 == "level_name").unwrap();
    assert_eq!(level.1, "FAILED");
    assert!(level.2.contains("harness test_lib__test_level_names__level_name.c"), "{level:?}");
    let avg = fns.iter().find(|f| f.0 == "average").unwrap();
    assert_eq!(avg.1, "SUCCESSFUL", "{avg:?}");
    assert!(avg.2.contains("harness"), "{avg:?}");

    // without harnesses: average with any pointer and count fails (n = 0, or an invalid
    // pointer), and level_name has nothing to violate (returning NULL is not an error)
    r.write(".verdiff.yml", "include_dirs: [include]\ntests:\n  harnesses: false\n");
    let (_, fns) = run(&r);
    assert_eq!(fns.iter().find(|f| f.0 == "average").unwrap().1, "FAILED", "{fns:?}");
    assert_eq!(fns.iter().find(|f| f.0 == "level_name").unwrap().1, "SUCCESSFUL", "{fns:?}");

    // diff: the missing case added — a behaviour change whose safety check runs through the
    // harnesses of the new version, which now pass
    r.write(".verdiff.yml", "include_dirs: [include]\n");
    r.write(
        "src/lib.c",
        &LIB_C
            .replace("    case 4: return \"error\";", "    case 3: return \"warning\";\n    case 4: return \"error\";"),
    );
    r.commit("level 3");
    let (code, out, err) = r.verdiff(&["diff", "--base", "HEAD~1", "--no-cache"]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("level_name: behaviour changed"), "{out}");
    assert!(out.contains("SUCCESSFUL: verified through 1 harness(es) from the unit tests"), "{out}");
}

#[test]
fn configured_ranges_replace_the_hull() {
    let r = Repo::new("harness-override");
    r.write("src/lib.c", LIB_C);
    r.write("include/lib.h", LIB_H);
    let unity = framework_tests().into_iter().find(|(fw, _)| *fw == "unity").map(|(_, t)| t).unwrap();
    r.write("tests/test_lib.c", &unity);
    // the team knows levels are 1, 2 and 4 only... and says so; average's count may be 1..4
    r.write(
        ".verdiff.yml",
        "include_dirs: [include]\nfunctions:\n  level_name:\n    inputs: { level: [4, 4] }\n  average:\n    inputs: { arg2: [1, 4] }\n",
    );
    r.commit("configured ranges");
    let (code, out, err) = r.verdiff(&["harness", "--check"]);
    // level_name: a single value now, nothing to generalise — no harness; average: n in
    // [1, 4] over a 4-element array never divides by zero nor reads past the end
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("test_level_names: no harness"), "{out}");
    assert!(out.contains("in [1, 4] — the range .verdiff.yml gives average argument 2"), "{out}");
    // a parameter that does not exist is reported
    r.write(".verdiff.yml", "include_dirs: [include]\nfunctions:\n  average:\n    inputs: { count: [1, 4] }\n");
    let (_, _, err) = r.verdiff(&["harness"]);
    assert!(err.contains("functions.average.inputs: `average` has no parameter `count`"), "{err}");
}

/// `--json`: the verdiff.harness/1 document agrees with its schema and with the text, and lists
/// every claim with its status. Five harnesses of the circular buffer in beyond mode, checked
/// two at a time: test 1's removed values can be any int outside [-128, 98], some of which a
/// char cannot hold, so its assertion `ssr[i] == removeLogElem()` is violated; the bounds of
/// `buffer[next]` hold whatever the values are.
#[test]
fn json_lists_every_claim_of_every_harness() {
    let r = circular_buffer();
    let path = r.path("harness.json");
    let (code, out, err) = r.verdiff(&[
        "harness",
        "--check",
        "--generalise",
        "beyond",
        "--function",
        "insertLogElem",
        "--jobs",
        "2",
        "--json",
        path.to_str().unwrap(),
    ]);
    assert_eq!(code, 10, "{out}\n{err}");
    assert_eq!(out.trim_end().lines().last(), Some("VERIFICATION FAILED"), "{out}");
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).expect("the JSON file")).expect("JSON");
    schema::assert_conforms("docs/schemas/harness-v1.schema.json", &doc, "verdiff harness --json");
    assert_eq!(doc["schema"], "verdiff.harness/1.1");
    assert_eq!(doc["tests"], 5);
    let hs = doc["harnesses"].as_array().expect("harnesses");
    assert_eq!(hs.len(), 5);
    // the parallel check reports in the harnesses' order, as the text does
    let text_order: Vec<String> = checked(&out).into_iter().map(|(n, _)| n).collect();
    let json_order: Vec<String> = hs.iter().map(|h| h["name"].as_str().unwrap_or("").to_string()).collect();
    assert_eq!(text_order, json_order);
    let h1 = hs.iter().find(|h| h["test"] == "testCircularBuffer1").expect("test 1's harness");
    assert_eq!(h1["verdict"], "FAILED");
    let claims = h1["claims"].as_array().expect("claims");
    let oracle = claims
        .iter()
        .find(|c| c["kind"] == "assertion" && c["file"] == "test/test_log.c" && c["line"] == 14)
        .expect("the test's assertion is a claim");
    assert_eq!(oracle["status"], "violated");
    assert!(!oracle["trace"].as_array().expect("trace").is_empty());
    // buffer[next] = b (log.c:19) with next < buffer_size = 5 (initLog's argument is not an
    // input of insertLogElem, so it stays 5): both bounds of the char buffer[10] hold
    let bounds: Vec<_> =
        claims.iter().filter(|c| c["kind"] == "array-bounds" && c["file"] == "src/log.c" && c["line"] == 19).collect();
    assert_eq!(bounds.len(), 2, "{claims:#?}");
    assert!(bounds.iter().all(|c| c["status"] == "holds"), "{bounds:#?}");
    // trace steps name files relative to the repository (the harness by its name)
    let steps = oracle["trace"].as_array().expect("trace");
    assert!(steps.iter().all(|s| !s["file"].as_str().unwrap_or("/").starts_with('/')), "{steps:#?}");
    assert!(h1["unit_test"].as_str().is_some_and(|t| t.contains("testCircularBuffer1_verdiff_insertLogElem")));
    assert_eq!(doc["counts"]["failed"].as_u64(), Some(hs.iter().filter(|h| h["verdict"] == "FAILED").count() as u64));
}

/// Pointer arguments. `sum` checks for NULL and a test passes NULL to it; `head` has no
/// check and no test passes NULL to it.
/// - hull: test_sum's array may also be NULL there (some test passes NULL to sum's first
///   argument); sum returns 0 for NULL, so the harness verifies — and its NULL-pointer claims
///   on `v[i]` hold. head's pointer stays the test's array (no test passes NULL to it).
/// - after a commit that drops sum's NULL check, the same hull harness of test_sum fails on
///   the NULL dereference (the tests of test_sum alone, with their array, would still pass).
/// - beyond: head gets NULL (no test passes NULL there) with n outside [0, 3], so n > 3
///   reaches `v[0]` through NULL: a pointer-null violation.
#[test]
fn pointer_arguments_may_be_null_where_the_tests_pass_null() {
    let r = Repo::new("harness-pointers");
    let lib = |check: &str| {
        format!(
            "#include <stddef.h>\n#include \"lib.h\"\nint sum(const int *v, int n) {{\n    int s = 0;\n{check}    for (int i = 0; i < n; i++) s += v[i];\n    return s;\n}}\nint head(const int *v, int n) {{\n    if (n <= 0) return -1;\n    return v[0];\n}}\n"
        )
    };
    r.write("src/lib.c", &lib("    if (v == NULL) return 0;\n"));
    r.write("include/lib.h", "int sum(const int *v, int n);\nint head(const int *v, int n);\n");
    r.write(
        "tests/test_lib.c",
        "#include \"unity.h\"\n#include \"lib.h\"\nvoid setUp(void) {}\nvoid tearDown(void) {}\n\
         void test_sum(void) {\n    int v[3] = {1, 2, 3};\n    TEST_ASSERT_EQUAL_INT(6, sum(v, 3));\n}\n\
         void test_sum_null(void) {\n    TEST_ASSERT_EQUAL_INT(0, sum(NULL, 2));\n}\n\
         void test_head(void) {\n    int v[3] = {4, 5, 6};\n    TEST_ASSERT_EQUAL_INT(4, head(v, 3));\n}\n\
         void test_head_empty(void) {\n    int v[1] = {0};\n    TEST_ASSERT_EQUAL_INT(-1, head(v, 0));\n}\n",
    );
    r.write(".verdiff.yml", "include_dirs: [include]\n");
    r.commit("sum and head with tests");

    let (code, out, err) = r.verdiff(&["harness"]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(
        out.contains(
            "pointer argument 1 of sum (line 7): the address the test passes, or NULL — some test passes NULL there"
        ),
        "{out}"
    );
    assert!(!out.contains("pointer argument 1 of head"), "no test passes NULL to head: {out}");

    let json = r.path("h.json");
    let (code, out, err) = r.verdiff(&["harness", "--check", "--test", "test_sum", "--json", json.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}\n{err}");
    let doc: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).expect("json")).expect("JSON");
    let claims = doc["harnesses"][0]["claims"].as_array().cloned().unwrap_or_default();
    let null_claims: Vec<_> =
        claims.iter().filter(|c| c["kind"] == "pointer-null" && c["file"] == "src/lib.c" && c["line"] == 6).collect();
    assert!(!null_claims.is_empty(), "v[i] is checked for NULL: {claims:#?}");
    assert!(null_claims.iter().all(|c| c["status"] == "holds"), "{null_claims:#?}");

    // the NULL check goes: the harness of test_sum (which passes an array) finds it
    r.write("src/lib.c", &lib(""));
    r.commit("sum without its NULL check");
    let (code, out, _) = r.verdiff(&["harness", "--check", "--test", "test_sum"]);
    assert_eq!(code, 10, "{out}");
    assert!(out.contains("dereference failure: NULL pointer"), "{out}");

    // beyond: head's array becomes NULL, n lies outside [0, 3]
    let (code, out, _) = r.verdiff(&["harness", "--check", "--generalise", "beyond", "--test", "test_head"]);
    assert_eq!(code, 10, "{out}");
    assert!(out.contains("pointer argument 1 of head (line 14): NULL — no test passes NULL there"), "{out}");
    assert!(out.contains("dereference failure: NULL pointer"), "{out}");
}

/// Inputs computed from constants: a macro's arithmetic (`LEVEL_BASE * 4`) and a local
/// computed from another local (`info = debug + 1`) are folded to their values (4, 1, 2) by
/// the front end's constant folding; the hull of level_name's argument is [1, 4], inside
/// which level 3 has no name: the hull harness of the test finds it, and the listing names
/// each computed input with its range.
#[test]
fn inputs_computed_from_constants_are_generalised() {
    let r = Repo::new("harness-computed");
    r.write("src/lib.c", LIB_C);
    r.write("include/lib.h", LIB_H);
    r.write(
        "tests/test_levels.c",
        "#include <assert.h>\n#include \"lib.h\"\n#define LEVEL_BASE 1\n\
         void test_levels(void) {\n    int debug = LEVEL_BASE;\n    int info = debug + 1;\n    int error = LEVEL_BASE * 4;\n\
         \x20   assert(level_name(debug) != 0);\n    assert(level_name(info) != 0);\n    assert(level_name(error) != 0);\n}\n",
    );
    r.write(".verdiff.yml", "include_dirs: [include]\n");
    r.commit("levels");
    let (code, out, err) = r.verdiff(&["harness"]);
    assert_eq!(code, 0, "{out}\n{err}");
    for (var, line) in [("debug", 5), ("info", 6), ("error", 7)] {
        assert!(out.contains(&format!("{var} (line {line}): in [1, 4]")), "{var}: {out}");
    }
    let (code, out, _) = r.verdiff(&["harness", "--check", "--function", "level_name"]);
    assert_eq!(code, 10, "{out}");
    // the printed unit test passes 3 to level_name in a violated assertion
    let unit = out.split("As a unit test").nth(1).expect("a unit test is printed");
    let value = |var: &str| -> i64 {
        unit.split(&format!("int {var} = "))
            .nth(1)
            .and_then(|s| s.split(';').next())
            .and_then(|v| v.trim().parse().ok())
            .expect("a value")
    };
    let first = unit.lines().nth(1).unwrap_or("");
    let failing = ["debug", "info", "error"].into_iter().find(|v| first.contains(&format!("level_name({v}) != 0")));
    assert_eq!(failing.map(value), Some(3), "{unit}");
}

/// Globals set up by the test (`tests.globals: true`). `scaled` reads g_mode; mode 3 indexes
/// past `scale[6]` (3 + 3). The tests set modes 1 and 4 (both in bounds) and pass. Without
/// the key only x (5 and 7) is generalised and the harnesses verify; with it, g_mode ranges
/// over [1, 4], which holds 3: the hull harness finds the out-of-bounds read.
#[test]
fn globals_set_by_tests_are_generalised_when_configured() {
    let r = Repo::new("harness-globals");
    r.write(
        "src/lib.c",
        "#include \"lib.h\"\nint g_mode;\nstatic const int scale[6] = {1, 2, 4, 8, 16, 32};\n\
         int scaled(int x) {\n    if (g_mode == 3) return x * scale[g_mode + 3];\n    return x * scale[g_mode];\n}\n",
    );
    r.write("include/lib.h", "extern int g_mode;\nint scaled(int x);\n");
    r.write(
        "tests/test_scaled.c",
        "#include <assert.h>\n#include \"lib.h\"\n\
         void test_mode1(void) {\n    g_mode = 1;\n    assert(scaled(5) == 10);\n}\n\
         void test_mode4(void) {\n    g_mode = 4;\n    assert(scaled(7) == 112);\n}\n",
    );
    r.write(".verdiff.yml", "include_dirs: [include]\n");
    r.commit("scaled");
    let (code, out, err) = r.verdiff(&["harness", "--check"]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(!out.contains("g_mode (line"), "{out}");

    r.write(".verdiff.yml", "include_dirs: [include]\ntests:\n  globals: true\n");
    let (code, out, err) = r.verdiff(&["harness", "--check"]);
    assert_eq!(code, 10, "{out}\n{err}");
    assert!(out.contains("g_mode (line 4): in [1, 4] — the values global g_mode took in 2 test input(s)"), "{out}");
    assert!(out.contains("array bounds violated") && out.contains("src/lib.c:5"), "{out}");
}

/// Struct initialisers: each member is an input of its own, ranging over the values the tests
/// gave that member. `span` reads weights[hi - lo] of a 6-element table; the tests use
/// {0, 3} and {2, 7} (differences 3 and 5, in bounds) and pass. The hull lets lo range over
/// [0, 2] and hi over [3, 7]: lo = 0 with hi = 7 (or 6) reads past the table.
#[test]
fn struct_members_are_generalised_one_by_one() {
    let r = Repo::new("harness-structs");
    r.write(
        "src/lib.c",
        "#include \"lib.h\"\nstatic const int weights[6] = {1, 2, 3, 4, 5, 6};\n\
         int span(const struct range *r) {\n    return weights[r->hi - r->lo];\n}\n",
    );
    r.write("include/lib.h", "struct range { int lo; int hi; };\nint span(const struct range *r);\n");
    r.write(
        "tests/test_span.c",
        "#include <assert.h>\n#include \"lib.h\"\n\
         void test_small(void) {\n    struct range r = {0, 3};\n    assert(span(&r) == 4);\n}\n\
         void test_wide(void) {\n    struct range r = {2, 7};\n    assert(span(&r) == 6);\n}\n",
    );
    r.write(".verdiff.yml", "include_dirs: [include]\n");
    r.commit("span");
    let (code, out, err) = r.verdiff(&["harness"]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(
        out.contains("r.lo (line 4): in [0, 2] — the values span argument 1 (.lo) took in 2 test input(s)"),
        "{out}"
    );
    assert!(out.contains("r.hi (line 4): in [3, 7]"), "{out}");
    let dir = r.path("emitted");
    let (code, out, _) = r.verdiff(&["harness", "--check", "--test", "test_small", "--emit", dir.to_str().unwrap()]);
    assert_eq!(code, 10, "{out}");
    assert!(out.contains("array bounds violated") && out.contains("src/lib.c:4"), "{out}");
    let text = std::fs::read_to_string(dir.join("test_span__test_small__span.c")).expect("emitted");
    assert!(text.contains("struct range r = {__vd_range_int(0, 2), __vd_range_int(3, 7)};"), "{text}");
}

/// A harness verifies the function its test calls, not a namesake: `f` of a.c reads a[x]
/// (a[16]; the test uses 2 and 9, hull [2, 9]: in bounds), while b.c has its own
/// `static int f(int x) { return 100 / x; }`, which no test calls. run must verify b.c's f
/// with nondeterministic input (x = 0 divides by zero: FAILED), not through a.c's harness.
#[test]
fn a_static_namesake_is_not_verified_through_another_files_harness() {
    let r = Repo::new("harness-namesake");
    r.write("src/a.c", "int f(int x) { int a[16] = {0}; return a[x]; }\n");
    r.write("src/b.c", "static int f(int x) { return 100 / x; }\nint g(void) { return 1; }\n");
    r.write(
        "tests/test_a.c",
        "#include <assert.h>\nint f(int x);\nvoid test_f(void) {\n    assert(f(2) == 0);\n    assert(f(9) == 0);\n}\n",
    );
    r.commit("two f");
    let (_, out, err) = r.verdiff(&["run", "--quiet", "--no-cache", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}\n{err}"));
    let fns = v["functions"].as_array().cloned().unwrap_or_default();
    let of = |file: &str| {
        fns.iter()
            .find(|x| x["function"] == "f" && x["file"] == file)
            .unwrap_or_else(|| panic!("f of {file} in {fns:?}"))
            .clone()
    };
    assert_eq!(of("src/a.c")["safety"], "SUCCESSFUL", "{fns:?}");
    assert!(of("src/a.c")["detail"].as_str().unwrap_or("").contains("harness"), "{fns:?}");
    assert_eq!(of("src/b.c")["safety"], "FAILED", "{fns:?}");
}

/// A harness whose test never calls the function under test proves nothing about it: the
/// test is ignored (TEST_IGNORE returns at once), so its calls f(2) and f(9) — which over the
/// hull [2, 9] would read past a[4] — are never made. Its claims hold vacuously; the verdict
/// is UNKNOWN with the reason, and run does not count f as verified.
#[test]
fn a_harness_that_never_calls_its_function_is_unknown() {
    let r = Repo::new("harness-ignored");
    r.write("src/lib.c", "int f(int x) { int a[4] = {0}; return a[x]; }\n");
    r.write(
        "tests/test_lib.c",
        "#include \"unity.h\"\nint f(int x);\nvoid setUp(void) {}\nvoid tearDown(void) {}\n\
         void test_f(void) {\n    TEST_IGNORE();\n    TEST_ASSERT_EQUAL_INT(0, f(2));\n    TEST_ASSERT_EQUAL_INT(0, f(9));\n}\n",
    );
    r.commit("an ignored test");
    let (code, out, _) = r.verdiff(&["harness", "--check"]);
    assert_eq!(code, 6, "{out}");
    assert!(out.contains("the test never calls `f`"), "{out}");
    let (_, out, err) = r.verdiff(&["run", "--quiet", "--no-cache", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}\n{err}"));
    let f = v["functions"].as_array().and_then(|a| a.iter().find(|x| x["function"] == "f").cloned());
    assert_eq!(f.as_ref().map(|f| f["safety"].clone()), Some(serde_json::json!("UNKNOWN")), "{out}");
}

/// A store whose constructor allocates through a hook (a function pointer, as cJSON's
/// `global_hooks.allocate`), and a test that checks what it finds before reading it:
/// `TEST_ASSERT_NOT_NULL(found = box_find(b)); … found->value`. Another test passes NULL to
/// `box_put`, so in the hull harness `b` may be NULL — and it is NULL anyway when the hook's
/// malloc fails. Then `box_put` returns 0, `box_find` returns NULL, and Unity ends the test
/// at the failed TEST_ASSERT_NOT_NULL: `found->value` is never read. So the harness of
/// test_put holds on every path that gets past the assertion, and it calls `box_put` (through
/// the hook's allocation). Expected: SUCCESSFUL. (Before: the dropped NULL expectation let the
/// path go on to read `found->value` through NULL — a false FAILED in the test's own code —
/// and the question whether the test calls `box_put` stopped at the undispatched hook call.)
#[test]
fn a_null_expectation_ends_the_test_where_it_fails() {
    let r = Repo::new("harness-null-expectation");
    r.write(
        "include/box.h",
        "typedef struct box { int value; int has; } box;\nbox *box_new(void);\nint box_put(box *b, int v);\nbox *box_find(box *b);\n",
    );
    r.write(
        "src/box.c",
        "#include <stdlib.h>\n#include \"box.h\"\n\
         typedef struct hooks { void *(*allocate)(size_t); } hooks;\n\
         static hooks global_hooks = { malloc };\n\
         box *box_new(void) {\n    box *b = global_hooks.allocate(sizeof(box));\n    if (b) { b->value = 0; b->has = 0; }\n    return b;\n}\n\
         int box_put(box *b, int v) {\n    if (b == NULL) return 0;\n    b->value = v;\n    b->has = 1;\n    return 1;\n}\n\
         box *box_find(box *b) {\n    return (b != NULL && b->has) ? b : NULL;\n}\n",
    );
    r.write(
        "tests/test_box.c",
        "#include \"unity.h\"\n#include <stdlib.h>\n#include \"box.h\"\nvoid setUp(void) {}\nvoid tearDown(void) {}\n\
         void test_put(void) {\n    box *b = box_new();\n    box *found = NULL;\n    box_put(b, 5);\n\
         \x20   TEST_ASSERT_NOT_NULL(found = box_find(b));\n    TEST_ASSERT_EQUAL_INT(5, found->value);\n    free(b);\n}\n\
         void test_put_null(void) {\n    TEST_ASSERT_EQUAL_INT(0, box_put(NULL, 5));\n}\n",
    );
    r.write(".verdiff.yml", "include_dirs: [include]\n");
    r.commit("a box with tests");
    let (code, out, err) =
        r.verdiff(&["harness", "--check", "--no-cache", "--test", "test_put", "--function", "box_put"]);
    assert!(
        out.contains("pointer argument 1 of box_put (line 9): the address the test passes, or NULL"),
        "{out}\n{err}"
    );
    let v = checked(&out);
    assert_eq!(verdict_of(&v, "test_put__box_put"), "SUCCESSFUL", "{out}\n{err}");
    assert_eq!(code, 0, "{out}\n{err}");
}

/// A plain test whose `main` reads its command line (thpool's tests/src/wait.c: the shell
/// script that runs it passes the numbers) has no inputs in its code. The harness would call
/// it with no arguments, which does not compile ("too few arguments", an UNKNOWN for every
/// function it calls); instead no harness is made, the file is named with the reason, and
/// `run` verifies `twice` on its own (SUCCESSFUL: `(x & 255) * 2` cannot overflow).
#[test]
fn a_test_main_that_reads_its_command_line_makes_no_harness() {
    let r = Repo::new("harness-argv");
    r.write("src/lib.c", "int twice(int x) { return (x & 255) * 2; }\n");
    r.write(
        "tests/src/wait.c",
        "#include <stdlib.h>\nint twice(int x);\n\
         int main(int argc, char *argv[]) {\n    if (argc < 2) return 1;\n    return twice(atoi(argv[1])) == 4 ? 0 : 1;\n}\n",
    );
    r.write(".verdiff.yml", "tests:\n  patterns: [\"tests/**/*.c\"]\n");
    r.commit("an argv test");
    let (_, out, err) = r.verdiff(&["harness"]);
    assert!(err.contains("tests/src/wait.c") && err.contains("takes its command line"), "{out}\n{err}");
    let (_, out, err) = r.verdiff(&["run", "--quiet", "--no-cache", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}\n{err}"));
    let f = v["functions"].as_array().and_then(|a| a.iter().find(|x| x["function"] == "twice").cloned());
    assert_eq!(f.as_ref().map(|f| f["safety"].clone()), Some(serde_json::json!("SUCCESSFUL")), "{out}");
}
