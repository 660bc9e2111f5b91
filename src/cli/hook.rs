//! `verdiff hook install`: a plain git pre-commit hook running `verdiff diff --staged`
//! within a time budget. Violations block the commit; functions the budget does not reach
//! are reported and do not block; `git commit --no-verify` skips the hook.

use std::path::PathBuf;

use super::args::duration_text;

/// What `verdiff hook` does.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Install,
}

// The options of `verdiff hook`.
#[derive(clap::Args, Debug, Clone)]
#[command(
    about = "install the git pre-commit hook",
    override_usage = "verdiff hook install [--repo DIR] [--budget 60s] [--force]",
    before_help = "Writes .git/hooks/pre-commit, which runs `verdiff diff --staged` within the time budget: \
                   violations block the commit, functions the budget does not reach do not; \
                   `git commit --no-verify` skips it."
)]
pub struct HookArgs {
    /// install (the only action)
    #[arg(value_name = "ACTION", value_enum, hide_possible_values = true)]
    pub action: Action,
    /// the repository (default: the one containing the current directory)
    #[arg(long, value_name = "DIR", value_hint = clap::ValueHint::DirPath)]
    pub repo: Option<PathBuf>,
    /// time budget of the hook (default 60s)
    #[arg(long, value_name = "TIME", value_parser = duration_text, default_value = "60s", hide_default_value = true)]
    pub budget: String,
    /// replace an existing pre-commit hook
    #[arg(long)]
    pub force: bool,
}

/// The hook script. `verdiff` is looked up on PATH when the hook runs.
pub fn script(budget: &str) -> String {
    format!(
        "#!/bin/sh\n\
         # installed by `verdiff hook install`: checks the staged C changes before each commit.\n\
         # Safety violations block the commit; functions the {budget} budget does not reach are\n\
         # reported and do not block. Skip once with: git commit --no-verify\n\
         if ! command -v verdiff >/dev/null 2>&1; then\n\
         \x20   echo 'verdiff pre-commit hook: verdiff is not on PATH; skipping (install it or remove .git/hooks/pre-commit)' >&2\n\
         \x20   exit 0\n\
         fi\n\
         exec verdiff diff --staged --budget '{budget}' --fail-on violation\n"
    )
}

pub fn run(p: &HookArgs) -> i32 {
    let Action::Install = p.action;
    let budget = &p.budget;
    let dir = p.repo.clone().unwrap_or_else(|| PathBuf::from("."));
    let hooks = match git2::Repository::discover(&dir) {
        Ok(r) => r.path().join("hooks"),
        Err(e) => {
            eprintln!("verdiff hook: {}: not a git repository ({})", dir.display(), e.message());
            return 6;
        }
    };

    let path = hooks.join("pre-commit");
    if path.exists() && !p.force {
        eprintln!("verdiff hook: {} exists (use --force to replace it)", path.display());
        return 1;
    }
    let write = std::fs::create_dir_all(&hooks).and_then(|_| std::fs::write(&path, script(budget)));
    if let Err(e) = write {
        eprintln!("verdiff hook: cannot write {}: {e}", path.display());
        return 6;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        if let Err(e) = std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)) {
            eprintln!("verdiff hook: cannot make {} executable: {e}", path.display());
            return 6;
        }
    }
    outln!("installed {} (budget {budget}; skip once with git commit --no-verify)", path.display());
    0
}
