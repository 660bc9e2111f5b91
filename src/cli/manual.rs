//! `verdiff completions SHELL` and `verdiff man [--output DIR]`: the shell completion script
//! (clap_complete) and the manual pages (clap_mangen), both generated from the command line's
//! own definition, so they cannot drift from what verdiff accepts.

use std::path::{Path, PathBuf};

use clap_complete::Shell;

// The options of `verdiff completions`.
#[derive(clap::Args, Debug, Clone)]
#[command(
    about = "print a shell completion script (bash, zsh, fish, elvish, powershell)",
    override_usage = "verdiff completions SHELL",
    before_help = "Prints the completion script for SHELL on standard output. For bash: \
                   `verdiff completions bash > ~/.local/share/bash-completion/completions/verdiff`; \
                   for zsh, write `_verdiff` into a directory of $fpath; for fish: \
                   `verdiff completions fish > ~/.config/fish/completions/verdiff.fish`."
)]
pub struct CompletionsArgs {
    /// the shell
    #[arg(value_name = "SHELL", value_enum)]
    pub shell: Shell,
}

// The options of `verdiff man`.
#[derive(clap::Args, Debug, Clone)]
#[command(
    about = "print the manual page verdiff.1, or write one page per command into a directory",
    override_usage = "verdiff man [--output DIR]",
    before_help = "Prints verdiff.1 (roff) on standard output; with --output, writes verdiff.1 and a page per \
                   command (verdiff-check.1, verdiff-diff.1, …) into DIR and prints their paths. Read one \
                   with `man -l verdiff.1`, or install them into a man1 directory of $MANPATH."
)]
pub struct ManArgs {
    /// write the pages into this directory (created if missing) instead of printing verdiff.1
    #[arg(long, value_name = "DIR", value_hint = clap::ValueHint::DirPath)]
    pub output: Option<PathBuf>,
}

pub fn completions(a: &CompletionsArgs) -> i32 {
    let mut script = Vec::new();
    // (what is accepted only to be ignored is not offered)
    clap_complete::generate(a.shell, &mut super::args::documented(), "verdiff", &mut script);
    super::emit(&String::from_utf8_lossy(&script));
    0
}

pub fn man(a: &ManArgs) -> i32 {
    let pages = pages();
    let Some(dir) = &a.output else {
        let mut text = Vec::new();
        if let Some(top) = pages.first() {
            if let Err(e) = page_of(top).render(&mut text) {
                eprintln!("verdiff man: {e}");
                return 1;
            }
        }
        super::emit(&String::from_utf8_lossy(&text));
        return 0;
    };
    match write_pages(&pages, dir) {
        Ok(paths) => {
            for p in paths {
                outln!("{}", p.display());
            }
            0
        }
        Err(e) => {
            eprintln!("verdiff man: {e}");
            6
        }
    }
}

fn write_pages(pages: &[clap::Command], dir: &Path) -> Result<Vec<PathBuf>, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    pages
        .iter()
        .map(|page| {
            let man = page_of(page);
            let path = dir.join(man.get_filename());
            man.generate_to(dir).map_err(|e| format!("cannot write {}: {e}", path.display()))
        })
        .collect()
}

/// The page of `cmd`, its footer naming verdiff and its version.
fn page_of(cmd: &clap::Command) -> clap_mangen::Man {
    clap_mangen::Man::new(cmd.clone()).source(format!("verdiff {}", env!("CARGO_PKG_VERSION"))).manual("verdiff")
}

/// The commands a manual page is written for: verdiff itself first, then each command
/// (`verdiff-check`, …) but the hidden ones. A page's DESCRIPTION is the text the help shows
/// between usage and options.
pub fn pages() -> Vec<clap::Command> {
    fn described(cmd: clap::Command) -> clap::Command {
        let cmd = match cmd.get_before_help().cloned() {
            Some(text) => cmd.long_about(text),
            None => cmd,
        };
        cmd.version(env!("CARGO_PKG_VERSION")).mut_subcommands(described)
    }
    let mut top = described(super::args::command());
    top.build();
    let mut pages = vec![top.clone()];
    // (`verdiff help` shows what these pages say)
    pages.extend(top.get_subcommands().filter(|s| !s.is_hide_set() && s.get_name() != "help").cloned());
    pages
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_page_for_verdiff_and_each_visible_command() {
        let names: Vec<String> =
            super::pages().iter().map(|p| clap_mangen::Man::new(p.clone()).get_filename()).collect();
        for n in ["verdiff.1", "verdiff-check.1", "verdiff-diff.1", "verdiff-report.1", "verdiff-man.1"] {
            assert!(names.iter().any(|x| x == n), "{n} missing from {names:?}");
        }
        assert!(!names.iter().any(|x| x.contains("version") || x.contains("help")), "{names:?}");
    }
}
