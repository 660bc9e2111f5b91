//! `verdiff hook install`: a plain git pre-commit hook running `verdiff diff --staged`
//! within a time budget. Violations block the commit; functions the budget does not reach
//! are reported and do not block; `git commit --no-verify` skips the hook.

use super::args::{parse, Arity, Spec};

pub const SPECS: &[Spec] = &[
    Spec {
        name: "repo",
        arity: Arity::Value,
        help: "the repository (default: the one containing the current directory)",
    },
    Spec { name: "budget", arity: Arity::Value, help: "time budget of the hook (default 60s)" },
    Spec { name: "force", arity: Arity::Flag, help: "replace an existing pre-commit hook" },
    Spec { name: "help", arity: Arity::Flag, help: "this help" },
];

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

pub fn run(args: &[String]) -> i32 {
    let p = match parse(args, SPECS, &[]) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("verdiff hook: {e}");
            return 1;
        }
    };
    if p.has("help") || p.positional.first().map(String::as_str) != Some("install") {
        out!(
            "usage: verdiff hook install [--repo DIR] [--budget 60s] [--force]\n\n{}",
            super::args::options_help(SPECS)
        );
        return if p.has("help") { 0 } else { 1 };
    }
    let budget = p.value("budget").unwrap_or("60s").to_string();
    if let Err(e) = super::args::parse_duration(&budget) {
        eprintln!("verdiff hook: --budget: {e}");
        return 1;
    }
    let dir = std::path::PathBuf::from(p.value("repo").unwrap_or("."));
    let hooks = match git2::Repository::discover(&dir) {
        Ok(r) => r.path().join("hooks"),
        Err(e) => {
            eprintln!("verdiff hook: {}: not a git repository ({})", dir.display(), e.message());
            return 6;
        }
    };

    let path = hooks.join("pre-commit");
    if path.exists() && !p.has("force") {
        eprintln!("verdiff hook: {} exists (use --force to replace it)", path.display());
        return 1;
    }
    let write = std::fs::create_dir_all(&hooks).and_then(|_| std::fs::write(&path, script(&budget)));
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
