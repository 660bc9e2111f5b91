//! `verdiff run` on repositories whose functions take pointers (docs/contracts.md): a
//! function is verified under the precondition a C caller meets by convention, FAILED means a
//! bug of the function or of a caller that breaks a callee's precondition, and the
//! precondition is part of every report. Expected verdicts come from reading the C code.

use std::collections::BTreeMap;

#[path = "common/repo.rs"]
mod repo;
use repo::Repo;

#[path = "common/schema.rs"]
mod schema;

/// `n` functions `f<i>(a, n)` that clamp `n` to 24 and read `a[0..n)` (safe when `a` points
/// to `n` elements), and `bad`, which reads `a[n]` (one past them: a bug of `bad`).
fn library(n: usize) -> String {
    let mut s = String::new();
    for i in 0..n {
        s.push_str(&format!(
            "unsigned f{i}(const unsigned *a, unsigned n) {{\n  unsigned s = {i};\n  if (n > 24) n = 24;\n  for (unsigned i = 0; i < n; i++) s += a[i];\n  return s;\n}}\n"
        ));
    }
    s.push_str(
        "unsigned bad(const unsigned *a, unsigned n) {\n  unsigned s = 0;\n  if (n > 24) n = 24;\n  for (unsigned i = 0; i <= n; i++) s += a[i];\n  return s;\n}\n",
    );
    s
}

const CONFIG: &str = "version: 1\nunwind: 26\ntimeout: 60\n";

/// function → (safety, detail, assumes) of `verdiff run --format json`.
type Rows = BTreeMap<String, (String, String, Vec<String>)>;

fn run(r: &Repo, extra: &[&str]) -> (i32, Rows, serde_json::Value) {
    let mut args = vec!["run", "--quiet", "--no-cache", "--format", "json"];
    args.extend_from_slice(extra);
    let (code, out, err) = r.verdiff(&args);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("JSON ({e}): {out}\n{err}"));
    let mut m = Rows::new();
    for f in v["functions"].as_array().cloned().unwrap_or_default() {
        let assumes = f["assumes"]
            .as_array()
            .map(|a| a.iter().filter_map(|x| x.as_str().map(String::from)).collect())
            .unwrap_or_default();
        m.insert(
            f["function"].as_str().unwrap_or("").to_string(),
            (f["safety"].as_str().unwrap_or("-").to_string(), f["detail"].as_str().unwrap_or("").to_string(), assumes),
        );
    }
    (code, m, v)
}

/// The claims of function `name` in a `--format json` report.
fn claims_of(v: &serde_json::Value, name: &str) -> Vec<serde_json::Value> {
    v["functions"]
        .as_array()
        .and_then(|a| a.iter().find(|f| f["function"] == name))
        .and_then(|f| f["claims"].as_array().cloned())
        .unwrap_or_default()
}

#[test]
fn sixty_functions_that_read_their_length_are_verified_under_their_precondition_and_the_bug_fails() {
    let r = Repo::new("pre-sixty");
    r.write(".verdiff.yml", CONFIG);
    r.write("lib.c", &library(60));
    r.commit("library");
    let (code, m, v) = run(&r, &[]);
    schema::assert_conforms("docs/schemas/run-v1.schema.json", &v, "verdiff run --format json");
    assert_eq!(m.len(), 61, "{m:?}");
    for i in 0..60 {
        let (s, detail, assumes) = &m[&format!("f{i}")];
        assert_eq!(s, "PRECONDITION", "f{i}: {detail}");
        assert!(assumes.contains(&"`a` != NULL".to_string()), "f{i}: {assumes:?}");
        assert!(assumes.contains(&"`a` points to `n` elements".to_string()), "f{i}: {assumes:?}");
        assert!(detail.contains("`a` points to `n` elements"), "the precondition is printed: {detail}");
    }
    let (s, detail, _) = &m["bad"];
    assert_eq!(s, "FAILED", "{detail}");
    assert!(detail.contains("pointer-bounds"), "{detail}");
    assert_eq!(code, 10, "a FAILED function fails the run");
    assert_eq!(v["counts"]["precondition"], 60);
    assert_eq!(v["counts"]["failed"], 1);

    // without inference, today's behaviour: a pointer parameter may be anything, so every
    // function "fails" on the dereference of its first element
    let (_, free, _) = run(&r, &["--no-infer-preconditions"]);
    assert_eq!(free["f0"].0, "FAILED", "{:?}", free["f0"]);
}

#[test]
fn a_caller_that_breaks_a_callees_precondition_fails_at_the_call() {
    let r = Repo::new("pre-callers");
    r.write(".verdiff.yml", CONFIG);
    let mut src = library(2);
    // null_caller passes NULL to f0, which never tests it; short_caller passes 4 elements
    // with n = 6; good_caller passes 4 elements with n = 4
    src.push_str("unsigned null_caller(void) { return f0(0, 3); }\n");
    src.push_str("unsigned short_caller(void) { unsigned b[4] = {1, 2, 3, 4}; return f1(b, 6); }\n");
    src.push_str("unsigned good_caller(void) { unsigned b[4] = {1, 2, 3, 4}; return f1(b, 4); }\n");
    r.write("lib.c", &src);
    r.commit("callers");
    let (_, m, _) = run(&r, &[]);
    let (s, detail, _) = &m["null_caller"];
    assert_eq!(s, "FAILED", "{detail}");
    assert!(detail.contains("NULL pointer"), "{detail}");
    let (s, detail, _) = &m["short_caller"];
    assert_eq!(s, "FAILED", "{detail}");
    assert!(detail.contains("pointer-bounds"), "{detail}");
    assert_eq!(m["good_caller"].0, "SUCCESSFUL", "{:?}", m["good_caller"]);
    // the callees stay verified under their precondition: the bug is at the callers
    assert_eq!(m["f0"].0, "PRECONDITION");
    assert_eq!(m["f1"].0, "PRECONDITION");
}

#[test]
fn reports_carry_the_precondition() {
    let r = Repo::new("pre-reports");
    r.write(".verdiff.yml", CONFIG);
    r.write("lib.c", &library(1));
    r.commit("one");
    let sarif = r.path("r.sarif");
    let md = r.path("r.md");
    let (_, _, err) = r.verdiff(&[
        "run",
        "--quiet",
        "--no-cache",
        "--format",
        "sarif",
        "--output",
        sarif.to_str().expect("utf-8"),
        "--format",
        "markdown",
        "--output",
        md.to_str().expect("utf-8"),
    ]);
    let s: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&sarif).expect("sarif")).unwrap_or_else(|e| panic!("{e}: {err}"));
    let results = s["runs"][0]["results"].as_array().cloned().unwrap_or_default();
    let note = results.iter().find(|x| x["ruleId"] == "verdiff.precondition").expect("a precondition note");
    assert_eq!(note["level"], "note");
    assert!(note["message"]["text"].as_str().unwrap_or("").contains("`a` != NULL"), "{note}");
    assert!(note["properties"]["assumes"].as_array().is_some_and(|a| a.len() >= 2), "{note}");
    // the needed claims are not reported as errors: only bad's violation is
    let errors: Vec<_> = results.iter().filter(|x| x["level"] == "error").collect();
    assert_eq!(errors.len(), 1, "{errors:?}");
    let md = std::fs::read_to_string(&md).expect("markdown");
    assert!(md.contains("1 under their precondition"), "{md}");
    assert!(md.contains("PRECONDITION: safe assuming"), "{md}");
}

#[test]
fn a_static_function_is_verified_through_its_callers() {
    let r = Repo::new("pre-static");
    r.write(".verdiff.yml", CONFIG);
    // `quot` alone divides by any b (FAILED as an entry with free inputs); its only callers
    // pass 2 and 4. `rem` is called with 0 by `broken`: it fails inside `rem`. `table` takes
    // the address of `pick`, so `pick` is verified on its own (any i is a precondition of
    // its caller's object; NULL is excluded by convention).
    r.write(
        "lib.c",
        "static int quot(int a, int b) { return a / b; }\n\
         int halve(int x) { return quot(x, 2); }\n\
         int quarter(int x) { return quot(x, 4); }\n\
         static int rem(int a, int b) { return a % b; }\n\
         int broken(int x) { return rem(x, 0); }\n\
         static int pick(const int *a) { return a[0]; }\n\
         int (*table)(const int *) = pick;\n",
    );
    r.commit("static");
    let (_, m, _) = run(&r, &[]);
    let (s, detail, _) = &m["quot"];
    assert_eq!(s, "SUCCESSFUL", "{detail}");
    assert!(detail.contains("through its callers") && detail.contains("`halve`"), "{detail}");
    let (s, detail, _) = &m["rem"];
    assert_eq!(s, "FAILED", "{detail}");
    assert!(detail.contains("`broken`") && detail.contains("division"), "{detail}");
    assert_eq!(m["broken"].0, "FAILED");
    let (s, detail, _) = &m["pick"];
    assert_eq!(s, "PRECONDITION", "its address is taken: verified on its own: {detail}");
    // with free inputs there is no caller context either: quot is verified on its own
    let (_, free, _) = run(&r, &["--no-infer-preconditions"]);
    assert_eq!(free["quot"].0, "FAILED", "{:?}", free["quot"]);
}

#[test]
fn contracts_from_the_configuration_are_assumed_in_the_function_and_asserted_at_its_calls() {
    let r = Repo::new("pre-config-contract");
    // ratio divides by d: a bug for d == 0 unless a contract excludes it; .verdiff.yml writes
    // that contract (the code has no annotations). good_user passes 4, bad_user passes 0.
    // mystery's clause names a variable that does not exist.
    r.write(
        ".verdiff.yml",
        "version: 1\nfunctions:\n  ratio:\n    requires:\n      - \"d != 0\"\n    ensures:\n      - \"__ESBMC_return_value == t / d\"\n  mystery:\n    requires:\n      - \"nosuch > 0\"\n",
    );
    r.write(
        "lib.c",
        "int ratio(int t, int d) { if (t == -2147483647 - 1) return 0; return t / d; }\n\
         int good_user(int t) { return ratio(t, 4); }\n\
         int bad_user(int t) { return ratio(t, 0); }\n\
         int mystery(int x) { return x; }\n",
    );
    r.commit("config contract");
    let (_, m, _) = run(&r, &[]);
    let (s, detail, assumes) = &m["ratio"];
    assert_eq!(s, "FAILED", "the ensures does not hold for t == INT_MIN (the body returns 0): {detail}");
    assert!(detail.contains("contract ensures"), "{detail}");
    assert!(assumes.iter().any(|a| a.contains("d != 0")), "{assumes:?}");
    assert_eq!(m["good_user"].0, "SUCCESSFUL", "{:?}", m["good_user"]);
    let (s, detail, _) = &m["bad_user"];
    assert_eq!(s, "FAILED", "{detail}");
    assert!(detail.contains("contract requires"), "the requires is asserted at the call: {detail}");
    let (s, detail, _) = &m["mystery"];
    assert_eq!(s, "UNKNOWN", "{detail}");
    assert!(detail.contains(".verdiff.yml:10"), "the clause's line is named: {detail}");
}

#[test]
fn a_static_function_its_callers_do_not_decide_is_verified_on_its_own() {
    let r = Repo::new("pre-static-own");
    r.write(".verdiff.yml", CONFIG);
    // spin and spin2 loop up to n times (any int): cut by the bound, and the loops' havoc
    // abstraction forgets that x and s stay even (so x - 1 and s - 1 are never 0): UNKNOWN.
    // Their static callees are then verified on their own: inc is safe under its
    // precondition (p != NULL), halfer divides by any b on its own — that needs b == 0,
    // which spin2 never passes (i + 1 >= 1): not a verdict either way.
    r.write(
        "lib.c",
        "static int inc(const int *p) { return *p + 1; }\n\
         int spin(int n) { int x = 0; while (n-- > 0) x = inc(&x) + 1; return 10 / (x - 1); }\n\
         static int halfer(int b) { return 10 / b; }\n\
         int spin2(int n) { int s = 0; for (int i = 0; i < n && i < 1000; i++) s += 2 * halfer(i + 1); return 10 / (s - 1); }\n",
    );
    r.commit("static own");
    let (_, m, _) = run(&r, &[]);
    assert_eq!(m["spin"].0, "UNKNOWN", "{:?}", m["spin"]);
    let (s, detail, _) = &m["inc"];
    assert_eq!(s, "PRECONDITION", "{detail}");
    assert!(detail.contains("verified on its own"), "{detail}");
    let (s, detail, _) = &m["halfer"];
    assert_eq!(s, "UNKNOWN", "{detail}");
    assert!(detail.contains("on its own it fails"), "{detail}");
}

/// A header before the pointer (as sds keeps one) and a pointer handed to memcpy with a
/// length: the copy needs at least `len` bytes of `s`; the terminator written at s[len]
/// is room the caller must give (a precondition), not the function's bug; a loop bounded by
/// the length that writes one past it is the function's bug whatever lies before `s`.
#[test]
fn a_header_before_the_pointer_and_a_terminator_after_the_copy_are_the_callers() {
    let r = Repo::new("pre-header");
    r.write(".verdiff.yml", CONFIG);
    r.write(
        "lib.c",
        "#include <string.h>\n\
         void setcopy(char *s, const char *t, size_t len) {\n\
           unsigned char room = (unsigned char)s[-1];\n\
           if (room < len) return;\n\
           memcpy(s, t, len);\n\
           s[len] = 0;\n\
         }\n\
         unsigned char clear(char *s, unsigned n) {\n\
           unsigned char kind = (unsigned char)s[-1];\n\
           if (n > 8) n = 8;\n\
           for (unsigned i = 0; i <= n; i++) s[i] = 0;\n\
           return kind;\n\
         }\n",
    );
    r.commit("header");
    let (_, m, v) = run(&r, &[]);
    let (s, detail, assumes) = &m["setcopy"];
    assert_eq!(s, "PRECONDITION", "{detail}");
    assert!(assumes.iter().any(|a| a.contains("`s` points to at least `len` bytes")), "{assumes:?}");
    // the needed claims name the header read (line 3) and the terminator (line 6)
    let needed: Vec<u64> = claims_of(&v, "setcopy")
        .iter()
        .filter(|c| c["kind"] == "precondition")
        .filter_map(|c| c["line"].as_u64())
        .collect();
    assert!(needed.contains(&3) && needed.contains(&6), "needed claims at lines {needed:?}");
    let (s, detail, _) = &m["clear"];
    assert_eq!(s, "FAILED", "{detail}");
    assert!(detail.contains("lib.c:11"), "{detail}");
}

#[test]
fn freeing_a_parameter_needs_the_start_of_an_allocation() {
    // `release` frees its parameter: a caller passing `buf + 1` breaks free's contract, so
    // "zero offset" is a need of the caller's (a parameter otherwise starts its object,
    // which would make that need hold unseen)
    let r = Repo::new("pre-free");
    r.write(".verdiff.yml", CONFIG);
    r.write(
        "lib.c",
        "#include <stdlib.h>\n\
         void release(char *p) {\n\
           p[0] = 0;\n\
           free(p);\n\
         }\n",
    );
    r.commit("free");
    let (_, m, v) = run(&r, &[]);
    let (s, detail, _) = &m["release"];
    assert_eq!(s, "PRECONDITION", "{detail}");
    let free_need = claims_of(&v, "release").into_iter().any(|c| {
        c["kind"] == "precondition"
            && c["status"] == "needed"
            && c["line"] == 4
            && c["description"].as_str().is_some_and(|d| d.contains("zero pointer offset"))
    });
    assert!(free_need, "free's zero offset is a need at line 4: {detail}");
}

/// Strings of any length, with the default bound of 10: strlen and strcmp walk a caller's
/// string byte by byte for 8 bytes and summarise the rest (docs/contracts.md §1), so no length
/// needs more iterations. `copy` duplicates its string (strlen, then n + 1 bytes into n + 1):
/// safe when the caller passes a terminated string. `copy_short` copies the n + 1 bytes into n:
/// one byte past its allocation for every string, a bug of its own. `same_key` compares with a
/// 22-character key: safe for a terminated string. `bad_caller` hands `copy` four bytes with no
/// terminator: strlen reads past them, a bug at the caller.
#[test]
fn string_functions_are_verified_for_strings_of_any_length() {
    let r = Repo::new("pre-strings");
    r.write(".verdiff.yml", "version: 1\ntimeout: 60\n");
    r.write(
        "str.c",
        "#include <stdlib.h>\n#include <string.h>\n\
         char *copy(const char *s) {\n  size_t n = strlen(s);\n  char *d = malloc(n + 1);\n  if (!d)\n    return 0;\n  memcpy(d, s, n + 1);\n  return d;\n}\n\
         char *copy_short(const char *s) {\n  size_t n = strlen(s);\n  char *d = malloc(n);\n  if (!d)\n    return 0;\n  memcpy(d, s, n + 1);\n  return d;\n}\n\
         int same_key(const char *s) { return strcmp(s, \"a-rather-long-key-name\") == 0; }\n\
         char *bad_caller(void) {\n  char b[4] = {'a', 'b', 'c', 'd'};\n  return copy(b);\n}\n",
    );
    r.commit("strings");
    let (code, m, _) = run(&r, &[]);
    let (s, detail, assumes) = &m["copy"];
    assert_eq!(s, "PRECONDITION", "{detail}");
    assert!(assumes.contains(&"`s` != NULL".to_string()), "{assumes:?}");
    let (s, detail, _) = &m["same_key"];
    assert_eq!(s, "PRECONDITION", "{detail}");
    let (s, detail, _) = &m["copy_short"];
    assert_eq!(s, "FAILED", "{detail}");
    assert!(detail.contains("memcpy destination") && detail.contains("str.c:16"), "{detail}");
    let (s, detail, _) = &m["bad_caller"];
    assert_eq!(s, "FAILED", "{detail}");
    assert!(detail.contains("pointer-bounds"), "{detail}");
    assert_eq!(code, 10);
}

/// Loops whose iteration count is an input (a caller's length) are cut by any bound; a loop
/// the bound cuts is tried once more replaced by its havoc abstraction (docs/contracts.md,
/// "Loops without an invariant"), which proves it for every count. Only a proof counts: a
/// violation that exists only in the abstraction leaves the function UNKNOWN, never FAILED.
#[test]
fn loops_over_a_callers_length_are_proved_for_every_count() {
    let r = Repo::new("pre-loop-abstraction");
    r.write(".verdiff.yml", "version: 1\nunwind: 4\ntimeout: 60\n");
    r.write(
        "loops.c",
        "#include <assert.h>\n#include <ctype.h>\n#include <errno.h>\n#include <stddef.h>\n\
         void lower(char *s, size_t len) {\n  for (size_t j = 0; j < len; j++)\n    s[j] = (char)tolower((unsigned char)s[j]);\n}\n\
         size_t count_x(const char *s, size_t len) {\n  const char *p = s, *e = s + len;\n  size_t n = 0;\n  while (p < e) {\n    if (*p == 'x')\n      n++;\n    p++;\n  }\n  return n;\n}\n\
         static int calls;\n\
         static void bump(void) { calls++; }\n\
         int by_calls(unsigned n) {\n  calls = 0;\n  for (unsigned i = 0; i < n; i++)\n    bump();\n  return 100 / (calls - 5000);\n}\n\
         unsigned late(unsigned n) {\n  unsigned s = 1;\n  for (unsigned i = 0; i < n; i++)\n    if (i == 100000)\n      s = s / (s - s);\n  return s;\n}\n\
         int even(unsigned n) {\n  int k = 0;\n  for (unsigned i = 0; i < n; i++)\n    k = (k + 2) % 1000;\n  return 10 / (k - 1);\n}\n\
         struct buf { const char *content; size_t length; size_t offset; };\n\
         size_t skip_spaces(struct buf *b) {\n  while (b->offset < b->length && b->content[b->offset] == ' ')\n    b->offset++;\n  return b->offset;\n}\n\
         int repointed(unsigned n) {\n  int x = 0, y = 0, *q = &x, **pp = &q;\n  for (unsigned i = 0; i < n; i++) {\n    if (q == &x || q == &y)\n      *q = 1;\n    if (i == 100000)\n      *pp = &y;\n  }\n  assert(y == 0);\n  return x;\n}\n\
         int errno_kept(unsigned n) {\n  errno = 0;\n  for (unsigned i = 0; i < n; i++)\n    if (i == 1000)\n      (void)tolower('A');\n  assert(errno == 0);\n  return 0;\n}\n",
    );
    r.commit("loops");
    let (_, m, _) = run(&r, &[]);
    // j < len and s points to len bytes: every s[j] is inside, whatever len is
    let (s, detail, assumes) = &m["lower"];
    assert_eq!(s, "PRECONDITION", "{detail}");
    assert!(assumes.contains(&"`s` points to `len` bytes".to_string()), "{assumes:?}");
    // p only moves forward from s and stays below s + len
    let (s, detail, _) = &m["count_x"];
    assert_eq!(s, "PRECONDITION", "{detail}");
    // calls == n after the loop: n = 5000 divides by zero. The bound cannot reach it, and the
    // abstraction (which havocs `calls`, written by the callee) finds it only there: UNKNOWN.
    // Were the callee's write not havocked, calls would stay 0 and the verdict SUCCESSFUL.
    let (s, detail, _) = &m["by_calls"];
    assert_eq!(s, "UNKNOWN", "{detail}");
    assert!(detail.contains("needs more"), "{detail}");
    // the division by zero at iteration 100000 is beyond every bound: not SUCCESSFUL
    let (s, detail, _) = &m["late"];
    assert_eq!(s, "UNKNOWN", "{detail}");
    // k is even, so k - 1 is never 0; the abstraction forgets that (k havocked): its
    // violation is not reported, the function stays UNKNOWN
    let (s, detail, _) = &m["even"];
    assert_eq!(s, "UNKNOWN", "{detail}");
    assert!(detail.contains("needs more"), "{detail}");
    // only the field b->offset changes (upwards), not the rest of *b: the content pointer
    // stays the caller's, and every read is below b->length
    let (s, detail, _) = &m["skip_spaces"];
    assert_eq!(s, "PRECONDITION", "{detail}");
    // q is repointed to y through pp at iteration 100000, so y == 0 fails for n > 100001:
    // a write through a pointer may change q, whose address is taken, so the loop's writes
    // through q are not abstracted as writes into x's object (that proved y == 0)
    let (s, detail, _) = &m["repointed"];
    assert_eq!(s, "UNKNOWN", "{detail}");
    // tolower may leave errno changed (verdiff's library model of errno): errno is havocked
    // with what the loop writes, and the assertion past iteration 1000 is not proved
    let (s, detail, _) = &m["errno_kept"];
    assert_eq!(s, "UNKNOWN", "{detail}");
}

/// A public function hands a list to a static helper that walks `c = c->next` while
/// `c != NULL`: the list's `next` may be NULL because the helper tests it, so the caller's
/// list ends (3 links from the parameter) and the walk is verified instead of running to
/// every bound. `value_at` reads `list->child` from the caller's object: PRECONDITION.
#[test]
fn a_list_walked_by_a_helper_ends_where_the_helper_tests_for_null() {
    let r = Repo::new("pre-list-helper");
    r.write(".verdiff.yml", CONFIG);
    r.write(
        "lib.c",
        "#include <stddef.h>\n\
         struct node { struct node *next; struct node *child; int v; };\n\
         static struct node *nth(const struct node *list, size_t i) {\n\
           struct node *c = list->child;\n\
           while (c != NULL && i > 0) { i--; c = c->next; }\n\
           return c;\n\
         }\n\
         int value_at(const struct node *list, int i) {\n\
           if (list == NULL || i < 0) return -1;\n\
           struct node *c = nth(list, (size_t)i);\n\
           return c ? c->v : -1;\n\
         }\n",
    );
    r.commit("list");
    let (_, m, _) = run(&r, &[]);
    let (s, detail, assumes) = &m["value_at"];
    assert_eq!(s, "PRECONDITION", "{detail}");
    assert!(assumes.iter().any(|a| a.contains("NULL 3 links from a parameter")), "{assumes:?}");
}

/// A pointer stored in the caller's memory starts its object, unless the code reaches
/// below such a pointer. `direct` and `through_helper` read a header byte before a stored
/// string (as sds does) and index a 4-element table with it: a header byte of 4 or more
/// overflows the table, a bug of theirs (were the stored pointer at its object's start, the
/// header read would be the caller's need and the overflow never reached). `drop` frees a
/// stored pointer: legal for a pointer at the start of a block, so no "zero offset" need at
/// the free (reading `x->buf` still needs `x`'s object to hold it).
#[test]
fn stored_pointers_start_their_objects_unless_the_code_reaches_below_them() {
    let r = Repo::new("pre-stored-start");
    r.write(".verdiff.yml", CONFIG);
    r.write(
        "lib.c",
        "#include <stdlib.h>\n\
         struct str { char *buf; };\n\
         static unsigned char kind(const char *s) { return (unsigned char)s[-1]; }\n\
         int through_helper(const struct str *x) {\n\
           int table[4] = {0, 1, 2, 3};\n\
           unsigned char k = kind(x->buf);\n\
           return table[k];\n\
         }\n\
         int direct(const struct str *x) {\n\
           int table[4] = {0, 1, 2, 3};\n\
           return table[(unsigned char)x->buf[-1]];\n\
         }\n\
         void drop(struct str *x) {\n\
           free(x->buf);\n\
           x->buf = NULL;\n\
         }\n",
    );
    r.commit("stored");
    let (_, m, v) = run(&r, &[]);
    let (s, detail, _) = &m["through_helper"];
    assert_eq!(s, "FAILED", "{detail}");
    assert!(detail.contains("lib.c:7"), "{detail}");
    let (s, detail, _) = &m["direct"];
    assert_eq!(s, "FAILED", "{detail}");
    assert!(detail.contains("lib.c:11"), "{detail}");
    let (s, detail, assumes) = &m["drop"];
    assert!(s == "PRECONDITION" || s == "SUCCESSFUL", "{s}: {detail}");
    assert!(assumes.iter().any(|a| a.contains("point to the start of their objects")), "{assumes:?}");
    let needs_at_free = claims_of(&v, "drop")
        .into_iter()
        .filter(|c| c["status"] == "needed" && c["line"] == 14)
        .filter(|c| c["description"].as_str().is_some_and(|d| d.contains("zero pointer offset")))
        .count();
    assert_eq!(needs_at_free, 0, "{detail}");
}

/// A function that subtracts or compares two pointer parameters gets them in one object, as
/// C requires of its caller (`scan(buf, buf + len)`), not in two objects: comparing
/// pointers to different objects is undefined, and a FAILED for it is a false alarm.
/// `span` is then safe for every range; `first_two` reads two bytes after checking there
/// are two; `third` reads `in[2]` after checking only two: safe when the caller's object
/// goes on after `end`, so it is what `third` needs of its caller, not a failure. `same`
/// only tests `a == b`, which C defines for pointers to different objects.
#[test]
fn a_range_end_pointer_points_into_the_object_of_the_start() {
    let r = Repo::new("pre-range-end");
    r.write(".verdiff.yml", "version: 1\nunwind: 10\ntimeout: 60\n");
    r.write(
        "lib.c",
        "int span(const char *in, const char *end) {\n  if (in >= end) return 0;\n  return (int)(end - in);\n}\n\
         int first_two(const char *in, const char *end) {\n  if (end - in < 2) return -1;\n  return in[0] + in[1];\n}\n\
         int third(const char *in, const char *end) {\n  if (end - in < 2) return -1;\n  return in[2];\n}\n\
         int same(const char *a, const char *b) {\n  return a == b ? 0 : a[0];\n}\n",
    );
    r.commit("ranges");
    let (code, m, v) = run(&r, &[]);
    assert_eq!(code, 0, "{m:?}");
    for f in ["span", "first_two", "third"] {
        let (s, detail, assumes) = &m[f];
        assert_eq!(s, "PRECONDITION", "{f}: {detail}");
        assert!(assumes.iter().any(|a| a.contains("`end` points into the object of `in`")), "{f}: {assumes:?}");
    }
    // `==` is defined between any two pointers: asking whether they alias says nothing of
    // one object
    let (_, detail, assumes) = &m["same"];
    assert!(!assumes.iter().any(|a| a.contains("points into the object")), "same: {assumes:?} {detail}");
    let needs = |f: &str| claims_of(&v, f).into_iter().filter(|c| c["status"] == "needed").count();
    assert_eq!(needs("first_two"), 0, "{v}");
    assert_eq!(needs("span"), 0, "{v}");
    assert!(needs("third") >= 1, "third reads past what it checked: {v}");
}

/// A function-pointer parameter holds what a caller passes: a function the code names or one
/// of the caller's own (an unknown function: any result), and NULL only where the code tests
/// for it. `apply` tests `f` and calls it: a caller's function is valid, so no
/// `function-pointer` violation (before, the free pointer value was an invalid function and
/// `apply` FAILED; overflow is not checked by default, so the sum of two results is safe). `pick` indexes a 4-element table with what the caller's `key` returns,
/// which may be any int: a bug of `pick` a caller's function hits. `call_unchecked` calls `g`
/// without a test: NULL is not among its inputs, so it is verified. `first` reads through the
/// pointer `get` returns, after a NULL test: it fails only if a caller's function returns an
/// invalid pointer, which is no bug of `first`'s.
#[test]
fn a_function_pointer_parameter_is_a_callers_function() {
    let r = Repo::new("pre-fnptr-param");
    r.write(".verdiff.yml", CONFIG);
    r.write(
        "lib.c",
        "static int table[4];\n\
         int twice(int x) { return 2 * x; }\n\
         int apply(int (*f)(int), int x) {\n\
           if (f == 0) return -1;\n\
           return f(x) + f(x + 1);\n\
         }\n\
         int pick(int (*key)(const char *), const char *s) {\n\
           int k = key(s);\n\
           if (k < 0) return -1;\n\
           return table[k];\n\
         }\n\
         int call_unchecked(int (*g)(int)) { return g(3); }\n\
         char first(const char *(*get)(void)) { const char *s = get(); return s ? s[0] : 0; }\n\
         int use(void) { return apply(twice, 3); }\n",
    );
    r.commit("callbacks");
    let (_, m, v) = run(&r, &[]);
    let (s, detail, assumes) = &m["apply"];
    // (a precondition no caller can break but by passing no function: not reported, as the
    // validity of stored pointers is not)
    assert_eq!(s, "SUCCESSFUL", "apply: {detail} {assumes:?}");
    let (s, detail, _) = &m["pick"];
    assert_eq!(s, "FAILED", "pick: {detail}");
    let failed: Vec<_> = claims_of(&v, "pick").into_iter().filter(|c| c["status"] == "violated").collect();
    assert!(failed.iter().all(|c| c["kind"] == "array-bounds"), "{failed:?}");
    let (s, detail, assumes) = &m["call_unchecked"];
    assert_eq!(s, "PRECONDITION", "call_unchecked: {detail}");
    assert!(
        assumes.iter().any(|a| a.starts_with("`g` is `twice`, or a function of the caller's") && !a.contains("NULL")),
        "{assumes:?}"
    );
    assert!(assumes.iter().any(|a| a == "`g` != NULL"), "{assumes:?}");
    // `first` reads through the pointer the caller's `get` returns: only an invalid one (no
    // real caller's function returns it) makes that read fail, so not FAILED but UNKNOWN,
    // naming the result it would rest on
    let (s, detail, _) = &m["first"];
    assert_eq!(s, "UNKNOWN", "first: {detail}");
    assert!(detail.contains("the pointer the caller's function (*get) returns"), "{detail}");
}

/// A pointer parameter the function never reads (the `void *arg` of a thread entry that
/// ignores it) needs nothing of its caller: `ignore` is SUCCESSFUL with no assumption, while
/// `first`, which dereferences its pointer, is verified assuming it is not NULL — and
/// `half_ignored` assumes that of `p`, which it reads, and nothing of `ctx`.
#[test]
fn a_pointer_parameter_that_is_never_read_is_assumed_nothing_of() {
    let r = Repo::new("unread-param");
    r.write(
        "src/a.c",
        "void *ignore(void *arg) { (void)arg; return 0; }\n\
         int first(const int *p) { return *p & 1; }\n\
         int half_ignored(void *ctx, const int *p) { (void)ctx; return *p & 3; }\n",
    );
    r.commit("base");
    let (_, rows, _) = run(&r, &[]);
    let (safety, _, assumes) = &rows["ignore"];
    assert_eq!((safety.as_str(), assumes.len()), ("SUCCESSFUL", 0), "{rows:?}");
    let (safety, _, assumes) = &rows["first"];
    assert_eq!(safety, "PRECONDITION", "{rows:?}");
    assert!(assumes.iter().any(|a| a == "`p` != NULL"), "{assumes:?}");
    let (_, _, assumes) = &rows["half_ignored"];
    assert!(assumes.iter().any(|a| a == "`p` != NULL"), "{assumes:?}");
    assert!(!assumes.iter().any(|a| a.contains("`ctx`")), "{assumes:?}");
}
