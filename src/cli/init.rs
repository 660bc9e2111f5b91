//! `verdiff init`: writes a commented starter `.verdiff.yml` for the repository.

use super::args::{parse, Arity, Spec};
use super::common;
use crate::config::{self, init};

pub const SPECS: &[Spec] = &[
    Spec {
        name: "repo",
        arity: Arity::Value,
        help: "the repository (default: the one containing the current directory)",
    },
    Spec { name: "force", arity: Arity::Flag, help: "overwrite an existing .verdiff.yml" },
    Spec { name: "stdout", arity: Arity::Flag, help: "print the file instead of writing it" },
    Spec { name: "help", arity: Arity::Flag, help: "this help" },
];

pub fn run(args: &[String]) -> i32 {
    let p = match parse(args, SPECS, &[]) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("verdiff init: {e}");
            return 1;
        }
    };
    if p.has("help") {
        out!("usage: verdiff init [--repo DIR] [--force] [--stdout]\n\nWrites .verdiff.yml with the include and test directories found in the repository.\n\n{}", super::args::options_help(SPECS));
        return 0;
    }
    let root = match common::repo_root(&p) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("verdiff init: {e}");
            return 6;
        }
    };
    let text = init::starter(&init::scan(&root));
    if p.has("stdout") {
        out!("{text}");
        return 0;
    }
    let path = root.join(config::FILE_NAME);
    if path.exists() && !p.has("force") {
        eprintln!("verdiff init: {} exists (use --force to overwrite)", path.display());
        return 1;
    }
    if let Err(e) = std::fs::write(&path, text) {
        eprintln!("verdiff init: cannot write {}: {e}", path.display());
        return 6;
    }
    outln!("wrote {}", path.display());
    0
}
