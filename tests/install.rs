//! The install path of CI without compiling (docs/ci.md, "Installing"): the release archive
//! that dist/package.sh makes of this build's binary, served from disk, installed by
//! dist/install.sh as the GitHub Action installs it — checked against a pinned checksum,
//! refused when it does not match, and left to a build from source when none is pinned.

use std::path::{Path, PathBuf};
use std::process::Command;

use assert_cmd::cargo::cargo_bin;

fn run(cmd: &mut Command) -> (i32, String) {
    let o = cmd.output().expect("runs");
    let text = format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr));
    (o.status.code().unwrap_or(-1), text)
}

fn script(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("dist").join(name)
}

fn version() -> String {
    let (_, out) = run(Command::new(cargo_bin!("verdiff")).arg("--version"));
    out.split_whitespace().nth(1).expect("a version").to_string()
}

fn canonical(p: &Path) -> PathBuf {
    std::fs::canonicalize(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// The Z3 library the dynamic loader gives `bin` (from `ldd`).
fn z3_of(bin: &Path) -> PathBuf {
    let (code, ldd) = run(Command::new("ldd").arg(bin));
    assert_eq!(code, 0, "{ldd}");
    let line = ldd.lines().find(|l| l.contains("libz3")).unwrap_or_else(|| panic!("no libz3: {ldd}"));
    let path = line.split("=>").nth(1).and_then(|r| r.split(" (").next()).unwrap_or_default().trim();
    canonical(Path::new(path))
}

fn install(from: &Path, sums: &Path, prefix: &Path) -> (i32, String) {
    run(Command::new("bash")
        .arg(script("install.sh"))
        .args(["--version", &version(), "--from"])
        .arg(format!("file://{}", from.display()))
        .arg("--checksums")
        .arg(sums)
        .arg("--prefix")
        .arg(prefix))
}

/// The archive holds the binary and its Z3; installed with the checksum pinned, it runs with
/// the Z3 beside it (found through its RUNPATH, not the system's) and verifies a program with
/// a bug as FAILED. A different archive under the same name is refused and installs nothing;
/// with no checksum pinned the installer asks for a build from source (exit 3).
#[test]
fn the_release_archive_installs_only_with_its_pinned_checksum() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let d = tmp.path();
    let (out, prefix) = (d.join("out"), d.join("prefix"));
    let (code, text) = run(Command::new("bash").arg(script("package.sh")).arg(cargo_bin!("verdiff")).arg(&out));
    assert_eq!(code, 0, "{text}");
    let name = format!("verdiff-{}-{}-linux.tar.gz", version(), std::env::consts::ARCH);
    let line = std::fs::read_to_string(out.join(format!("{name}.sha256"))).expect("checksum file");
    assert!(line.trim_end().ends_with(&name), "{line}");

    // nothing pinned: build from source
    let none = d.join("none.txt");
    std::fs::write(&none, "# no releases yet\n").expect("write");
    let (code, text) = install(&out, &none, &prefix);
    assert_eq!(code, 3, "{text}");
    assert!(!prefix.join("bin/verdiff").exists());

    // pinned: installed, and it runs on the Z3 it brought
    let sums = d.join("checksums.txt");
    std::fs::write(&sums, &line).expect("write");
    let (code, text) = install(&out, &sums, &prefix);
    assert_eq!(code, 0, "{text}");
    let installed = prefix.join("bin/verdiff");
    assert_eq!(z3_of(&installed), canonical(&prefix.join("lib/libz3.so.4")), "the archive's Z3 is used");
    let c = d.join("bug.c");
    std::fs::write(&c, "int main(void) { int a[2]; int i = 2; a[i] = 1; return 0; }\n").expect("write");
    let (code, text) = run(Command::new(&installed).arg(&c));
    assert_eq!(code, 10, "{text}");
    assert!(text.trim_end().ends_with("VERIFICATION FAILED"), "{text}");

    // the same archive as a Python wheel (for pre-commit's `language: python`): pip puts
    // the binary in the environment's bin/ and Z3 in its lib/, where the binary finds it
    let (code, text) = run(Command::new("python3").arg(script("wheel.py")).arg(out.join(&name)).arg(d.join("wheels")));
    assert_eq!(code, 0, "{text}");
    let whl = PathBuf::from(text.trim());
    let venv = d.join("venv");
    let (code, text) = run(Command::new("python3").args(["-m", "venv"]).arg(&venv));
    assert_eq!(code, 0, "{text}");
    let (code, text) = run(Command::new(venv.join("bin/python"))
        .args(["-m", "pip", "install", "--quiet", "--no-index", "--disable-pip-version-check"])
        .arg(&whl));
    assert_eq!(code, 0, "{text}");
    let from_wheel = venv.join("bin/verdiff");
    assert_eq!(z3_of(&from_wheel), canonical(&venv.join("lib/libz3.so.4")), "the wheel's Z3 is used");
    let (code, text) = run(Command::new(&from_wheel).arg(&c));
    assert_eq!(code, 10, "{text}");

    // another file under the pinned name: refused, the installed binary untouched
    let prefix2 = d.join("prefix2");
    std::fs::write(out.join(&name), b"not the archive").expect("write");
    let (code, text) = install(&out, &sums, &prefix2);
    assert_eq!(code, 4, "{text}");
    assert!(text.contains("checksum"), "{text}");
    assert!(!prefix2.join("bin/verdiff").exists());

    // no archive where the action looks: build from source
    let (code, text) = install(&d.join("missing"), &sums, &prefix2);
    assert_eq!(code, 3, "{text}");
}
