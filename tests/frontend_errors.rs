//! Malformed C gets a clear error naming the file and line, never a hang or a panic: inputs
//! found by fuzzing the front end (bench/fuzz.sh).

use std::path::Path;

use assert_cmd::cargo::cargo_bin_cmd;

fn check(file: &Path) -> (i32, String) {
    let out = cargo_bin_cmd!("verdiff").arg("check").arg(file).output().expect("verdiff runs");
    let text = String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code().unwrap_or(-1), text)
}

/// A run of `+` with no operand (fuzzing found 35 of them taking minutes: lang-c's parser
/// backtracks between `++` and `+ +`) is refused before parsing, at its line; the same run
/// inside a string literal is text and is accepted.
#[test]
fn a_long_run_of_signs_is_refused_at_its_line() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path();
    let bad = dir.join("signs.c");
    std::fs::write(&bad, format!("int f(void) {{\n  return {}\n}}\nint main(void) {{ return 0; }}\n", "+".repeat(36)))
        .expect("write");
    let (code, out) = check(&bad);
    assert_eq!(code, 6, "{out}");
    assert!(out.contains("signs.c:2:"), "the error names the file and line: {out}");
    assert!(out.contains("a run of 36 `+`/`-` characters"), "the error says what is refused: {out}");
    let good = dir.join("banner.c");
    std::fs::write(
        &good,
        format!("int puts(const char *s);\nint main(void) {{ puts(\"{}\"); return 0; }}\n", "-".repeat(60)),
    )
    .expect("write");
    let (code, out) = check(&good);
    assert_eq!((code, out.lines().last()), (0, Some("VERIFICATION SUCCESSFUL")), "{out}");
    // the same backtracking across lines and casts (fuzzing: 49 signs over three lines took
    // 30 s, seven levels of `+++++(void[` as long): one run, refused where it starts
    let split = dir.join("split.c");
    std::fs::write(
        &split,
        format!("int main(void) {{\n  2./{}\n{}\n{}\n", "+".repeat(11), "+".repeat(20), "+".repeat(18)),
    )
    .expect("write");
    let (code, out) = check(&split);
    assert_eq!(code, 6, "{out}");
    assert!(out.contains("split.c:2:") && out.contains("a run of 49 `+`/`-` characters"), "{out}");
    let casts = dir.join("casts.c");
    std::fs::write(&casts, format!("int x;\nint ai[{}\n", "+++++(void[  ".repeat(7))).expect("write");
    let (code, out) = check(&casts);
    assert_eq!(code, 6, "{out}");
    assert!(out.contains("casts.c:2:") && out.contains("a run of 35 `+`/`-` characters"), "{out}");
}

/// An array whose element type is an array of unknown length (`[*]` or `[]` outside a
/// prototype) is refused at its line; fuzzing found `int mm[*][*][0] = {{0}};` sending the
/// initialiser into an endless loop. The same declarators in a prototype are C and accepted.
#[test]
fn an_array_of_incomplete_arrays_is_refused_at_its_line() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path();
    let bad = dir.join("incomplete.c");
    std::fs::write(&bad, "int main(void) { return 0; }\nint mm[*][*][0] = {{0}};\n").expect("write");
    let (code, out) = check(&bad);
    assert_eq!(code, 6, "{out}");
    assert!(out.contains("incomplete.c:2:"), "the error names the file and line: {out}");
    assert!(out.contains("array of arrays of unknown length"), "{out}");
    let good = dir.join("prototype.c");
    std::fs::write(
        &good,
        "void f(int a[*][*]);\nint g(int n, int a[][n]) { return n; }\nint main(void) { return 0; }\n",
    )
    .expect("write");
    let (code, out) = check(&good);
    assert_eq!((code, out.lines().last()), (0, Some("VERIFICATION SUCCESSFUL")), "{out}");
}

/// Brace elision into elements that hold no scalars (GNU zero-length arrays): fuzzing found
/// `int W[4][3333*33334][0] = {10, 30, 740};` looping over the 111 million elements, none of
/// which took a value. GCC takes each value as an excess element of the next zero-length
/// array and drops it, so `{1, 2}` for `struct { int z[0]; int a; } s[2]` drops 1 into
/// `s[0].z` and puts 2 in `s[0].a` — gcc-compiled, this program prints "2 0".
#[test]
fn brace_elision_into_zero_length_arrays_ends_with_the_list() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path();
    let huge = dir.join("huge.c");
    std::fs::write(
        &huge,
        "#include <assert.h>\nint W[4][3333*33334][0] = {10, 30, 740};\n\
         int main(void) { assert(sizeof W == 0); return 0; }\n",
    )
    .expect("write");
    let (code, out) = check(&huge);
    assert_eq!((code, out.lines().last()), (0, Some("VERIFICATION SUCCESSFUL")), "{out}");
    let elided = dir.join("elided.c");
    std::fs::write(
        &elided,
        "#include <assert.h>\nstruct S { int z[0]; int a; };\nstruct S s[2] = {1, 2};\n\
         int main(void) { assert(s[0].a == 2); assert(s[1].a == 0); assert(s[0].a == 1); return 0; }\n",
    )
    .expect("write");
    let (code, out) = check(&elided);
    assert_eq!((code, out.lines().last()), (10, Some("VERIFICATION FAILED")), "{out}");
    assert!(out.contains("elided.c line 4"), "{out}");
    assert!(out.contains("s[0].a == 1"), "only the third assertion is violated: {out}");
}

/// A GNU range designator over millions of elements would become millions of assignments: it
/// is refused at its line.
#[test]
fn a_huge_range_designator_is_refused_at_its_line() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path();
    let bad = dir.join("range.c");
    std::fs::write(&bad, "int main(void) { return 0; }\nint a[3000000] = {[0 ... 2999999] = 1};\n").expect("write");
    let (code, out) = check(&bad);
    assert_eq!(code, 6, "{out}");
    assert!(out.contains("range.c:2:"), "the error names the file and line: {out}");
    assert!(out.contains("covers 3000000 elements"), "{out}");
}
