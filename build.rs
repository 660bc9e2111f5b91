// The verdiff binary looks for shared libraries in ../lib beside its own directory first
// (RUNPATH $ORIGIN/../lib): the release archive ships the Z3 library there (dist/package.sh),
// so it runs on machines without libz3. Without such a directory, the system's Z3 is used.
fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-link-arg-bins=-Wl,-rpath,$ORIGIN/../lib");
    }
}
