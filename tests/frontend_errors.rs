//! Malformed C gets a clear error naming the file and line, never a hang or a panic: inputs
//! found by fuzzing the front end (bench/fuzz.sh).

use std::path::Path;
use std::process::Command;

fn check(file: &Path) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_verdiff")).arg("check").arg(file).output().expect("verdiff runs");
    let text = String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code().unwrap_or(-1), text)
}

/// A run of `+` with no operand (fuzzing found 35 of them taking minutes: lang-c's parser
/// backtracks between `++` and `+ +`) is refused before parsing, at its line; the same run
/// inside a string literal is text and is accepted.
#[test]
fn a_long_run_of_signs_is_refused_at_its_line() {
    let dir = std::env::temp_dir().join(format!("verdiff-signs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
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
    let _ = std::fs::remove_dir_all(&dir);
}

/// An array whose element type is an array of unknown length (`[*]` or `[]` outside a
/// prototype) is refused at its line; fuzzing found `int mm[*][*][0] = {{0}};` sending the
/// initialiser into an endless loop. The same declarators in a prototype are C and accepted.
#[test]
fn an_array_of_incomplete_arrays_is_refused_at_its_line() {
    let dir = std::env::temp_dir().join(format!("verdiff-incomplete-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
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
    let _ = std::fs::remove_dir_all(&dir);
}
