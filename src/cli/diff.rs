//! `verdiff diff [--repo DIR] [--base REV] [--head REV | --worktree | --staged]`.

use std::path::PathBuf;

use super::args::{parse, Arity, Spec};
use crate::diff::{self, DiffOptions, Side, Status};
use crate::report;
use crate::vcs::{Head, Repo};

pub const SPECS: &[Spec] = &[
    Spec { name: "repo", arity: Arity::Value, help: "the repository (default: the current directory)" },
    Spec {
        name: "base",
        arity: Arity::Value,
        help: "base revision (default: merge-base with $GITHUB_BASE_REF or origin/HEAD, else HEAD~1)",
    },
    Spec { name: "head", arity: Arity::Value, help: "head revision (default HEAD)" },
    Spec { name: "worktree", arity: Arity::Flag, help: "compare the uncommitted files on disk with the base" },
    Spec { name: "staged", arity: Arity::Flag, help: "compare the staged files with the base (pre-commit)" },
    Spec { name: "format", arity: Arity::Value, help: "text (default), json (schema verdiff.diff/1) or markdown" },
    Spec {
        name: "fail-on",
        arity: Arity::Value,
        help: "exit 10 on: violation (default), behaviour-change (also), unknown (also)",
    },
    Spec { name: "unwind", arity: Arity::Value, help: "bound for loops and recursion (default 10)" },
    Spec { name: "object-size", arity: Arity::Value, help: "elements behind each pointer parameter (default 8)" },
    Spec { name: "call-limit", arity: Arity::Value, help: "most external calls per version (default 16)" },
    Spec { name: "no-abstraction", arity: Arity::Flag, help: "inline shared callees" },
    Spec { name: "fwrapv", arity: Arity::Flag, help: "signed overflow wraps around (gcc -fwrapv)" },
    Spec { name: "timeout", arity: Arity::Value, help: "time limit per function check (default 60s)" },
    Spec { name: "32", arity: Arity::Flag, help: "ILP32 data model" },
    Spec { name: "64", arity: Arity::Flag, help: "LP64 data model (default)" },
    Spec { name: "help", arity: Arity::Flag, help: "this help" },
];

pub fn help() -> String {
    let mut s = String::from(
        "usage: verdiff diff [--repo DIR] [--base REV] [--head REV | --worktree | --staged] [options]\n\nLists the C functions that changed between two revisions and proves whether their behaviour\nchanged; changed functions that are not proven equivalent, and new ones, get the safety checks.\nExit status: 0 fine, 10 when --fail-on triggers, 6 when the repository cannot be read, 1 usage error.\n\noptions:\n  -I DIR, -D NAME[=VALUE]   preprocessor options (-I relative to the repository root)\n",
    );
    s.push_str(&super::args::options_help(SPECS));
    s
}

pub fn run(args: &[String]) -> i32 {
    let p = match parse(args, SPECS, &[]) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("verdiff diff: {e}");
            return 1;
        }
    };
    if p.has("help") {
        out!("{}", help());
        return 0;
    }
    let fail_on = p.value("fail-on").unwrap_or("violation").to_string();
    if !["violation", "behaviour-change", "behavior-change", "unknown"].contains(&fail_on.as_str()) {
        eprintln!("verdiff diff: --fail-on takes violation, behaviour-change or unknown, not `{fail_on}`");
        return 1;
    }
    let format = p.value("format").unwrap_or("text").to_string();
    if !["text", "json", "markdown"].contains(&format.as_str()) {
        eprintln!("verdiff diff: --format takes text, json or markdown, not `{format}`");
        return 1;
    }
    if p.has("worktree") as u8 + p.has("staged") as u8 + p.has("head") as u8 > 1 {
        eprintln!("verdiff diff: give at most one of --head, --worktree, --staged");
        return 1;
    }
    let mut eo = match super::equiv::options(&p) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("verdiff diff: {e}");
            return 1;
        }
    };
    if eo.timeout.is_none() {
        eo.timeout = Some(std::time::Duration::from_secs(60));
    }
    let include_dirs: Vec<PathBuf> = p.include_dirs.iter().map(PathBuf::from).collect();
    eo.frontend.pp.include_dirs.clear();
    let o = DiffOptions { equiv: eo, include_dirs };

    let fail = |msg: String| {
        eprintln!("verdiff diff: {msg}");
        6
    };
    let dir = PathBuf::from(p.value("repo").unwrap_or("."));
    let repo = match Repo::open(&dir) {
        Ok(r) => r,
        Err(e) => return fail(e.to_string()),
    };
    let (base, base_how) = match p.value("base") {
        Some(b) => match repo.resolve(b) {
            Ok(id) => (id, b.to_string()),
            Err(e) => return fail(e.to_string()),
        },
        None => match repo.default_base() {
            Ok(x) => x,
            Err(e) => return fail(e.to_string()),
        },
    };
    let (head, head_how) = if p.has("worktree") {
        (Head::Worktree, "work tree".to_string())
    } else if p.has("staged") {
        (Head::Staged, "staged changes".to_string())
    } else {
        let h = p.value("head").unwrap_or("HEAD");
        match repo.resolve(h) {
            Ok(id) => (Head::Commit(id), h.to_string()),
            Err(e) => return fail(e.to_string()),
        }
    };
    let changes = match repo.changes(base, &head) {
        Ok(c) => c,
        Err(e) => return fail(e.to_string()),
    };
    // both sides as directories of C files (git objects written out; the work tree in place)
    let tmp = std::env::temp_dir().join(format!("verdiff-diff-{}-{}", std::process::id(), base));
    let old_root = tmp.join("base");
    let new_root_tmp = tmp.join("head");
    let cleanup = || {
        let _ = std::fs::remove_dir_all(&tmp);
    };
    if let Err(e) = repo.write_c_files(&Head::Commit(base), &old_root) {
        cleanup();
        return fail(e.to_string());
    }
    let new_root = match &head {
        Head::Worktree => match repo.root() {
            Ok(r) => r,
            Err(e) => {
                cleanup();
                return fail(e.to_string());
            }
        },
        h => {
            if let Err(e) = repo.write_c_files(h, &new_root_tmp) {
                cleanup();
                return fail(e.to_string());
            }
            new_root_tmp.clone()
        }
    };
    let rows = diff::compare(Side { root: &old_root }, Side { root: &new_root }, &changes, &o);
    cleanup();
    let info = report::diff::Info { base: format!("{base} ({base_how})"), head: head_how };
    match format.as_str() {
        "json" => {
            let v = report::diff::json(&rows, &info);
            outln!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
        }
        "markdown" => out!("{}", report::diff::markdown(&rows, &info)),
        _ => out!("{}", report::diff::text(&rows, &info)),
    }
    let violation = rows.iter().any(|r| r.safety_failed());
    let changed = rows.iter().any(|r| matches!(r.status, Status::BehaviourChanged(_)));
    let unknown = rows.iter().any(|r| matches!(r.status, Status::Unknown(_)) || r.safety_unknown());
    let trip = match fail_on.as_str() {
        "violation" => violation,
        "unknown" => violation || changed || unknown,
        _ => violation || changed,
    };
    if trip {
        10
    } else {
        0
    }
}
