//! Command line: `verdiff [check] FILE...` with ESBMC-compatible flags, and the product
//! commands added by later stages.
//!
//! Depends on every stage; nothing depends on it.

pub mod args;
mod check;

/// Runs the command line; returns the exit status.
pub fn main(args: Vec<String>) -> i32 {
    match args.first().map(|s| s.as_str()) {
        Some("check") => check::run(&args[1..]),
        Some("--version") | Some("version") => {
            println!("verdiff {} (Z3 {})", env!("CARGO_PKG_VERSION"), crate::smt::z3_version());
            0
        }
        Some("--help") | Some("-h") | Some("help") | None => {
            println!("verdiff {} — continuous verification for C\n", env!("CARGO_PKG_VERSION"));
            println!("commands:\n  check FILE.c...   bounded model checking (the default when the first argument is a file)\n");
            print!("{}", check::help());
            0
        }
        Some(_) => check::run(&args),
    }
}
