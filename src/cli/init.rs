//! `verdiff init`: writes a commented starter `.verdiff.yml` for the repository.

use std::path::PathBuf;

use super::common;
use crate::config::{self, init};

// The options of `verdiff init`.
#[derive(clap::Args, Debug, Clone)]
#[command(
    about = "write a starter .verdiff.yml",
    override_usage = "verdiff init [--repo DIR] [--force] [--stdout]",
    before_help = "Writes .verdiff.yml with the include and test directories found in the repository."
)]
pub struct InitArgs {
    /// the repository (default: the one containing the current directory)
    #[arg(long, value_name = "DIR", value_hint = clap::ValueHint::DirPath)]
    pub repo: Option<PathBuf>,
    /// overwrite an existing .verdiff.yml
    #[arg(long)]
    pub force: bool,
    /// print the file instead of writing it
    #[arg(long)]
    pub stdout: bool,
}

pub fn run(p: &InitArgs) -> i32 {
    let root = match common::repo_root(p.repo.as_deref()) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("verdiff init: {e}");
            return 6;
        }
    };
    let text = init::starter(&init::scan(&root));
    if p.stdout {
        out!("{text}");
        return 0;
    }
    let path = root.join(config::FILE_NAME);
    if path.exists() && !p.force {
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
