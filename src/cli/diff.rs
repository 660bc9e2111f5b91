//! `verdiff diff [--repo DIR] [--base REV] [--head REV | --worktree | --staged]`.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::args::{parse, parse_duration, Arity, Parsed, Spec};
use super::common;
use crate::config::FailOn;
use crate::diff::{self, DiffOptions, Side};
use crate::report::{self, RunMeta};
use crate::vcs::{Base, Head, Repo};

pub const SPECS: &[Spec] = &[
    Spec {
        name: "base",
        arity: Arity::Value,
        help: "base revision (default: HEAD with --staged or --worktree; otherwise the merge-base with $GITHUB_BASE_REF or origin/HEAD, else HEAD~1; the empty tree before the first commit)",
    },
    Spec { name: "head", arity: Arity::Value, help: "head revision (default HEAD)" },
    Spec { name: "worktree", arity: Arity::Flag, help: "compare the uncommitted files on disk with the base" },
    Spec { name: "staged", arity: Arity::Flag, help: "compare the staged files with the base (pre-commit)" },
    Spec {
        name: "fail-on",
        arity: Arity::Value,
        help: "exit 10 on: violation (default, or fail_on of .verdiff.yml), precondition (also functions safe only under their precondition), behaviour-change (also), unknown (all of these)",
    },
    Spec {
        name: "no-infer-preconditions",
        arity: Arity::Flag,
        help: "verify functions with fully free inputs instead of under their inferred precondition (docs/contracts.md)",
    },
    Spec {
        name: "budget",
        arity: Arity::Value,
        help: "time for the whole comparison (60, 60s, 5m); functions it does not reach are reported as not checked and do not fail the run",
    },
    Spec { name: "shard", arity: Arity::Value, help: "only the functions of shard I of N (I/N, for matrix jobs; see verdiff merge)" },
    Spec { name: "jobs", arity: Arity::Value, help: "functions checked at once, each in its own process (default: jobs of .verdiff.yml, or the cores)" },
    Spec { name: "quiet", arity: Arity::Flag, help: "no progress lines on standard error" },
    Spec { name: "unwind", arity: Arity::Value, help: "bound for loops and recursion (default 10, or unwind of .verdiff.yml)" },
    Spec { name: "object-size", arity: Arity::Value, help: "elements behind each pointer parameter (default 8)" },
    Spec { name: "call-limit", arity: Arity::Value, help: "most external calls per version (default 16)" },
    Spec { name: "no-abstraction", arity: Arity::Flag, help: "inline shared callees" },
    Spec { name: "fwrapv", arity: Arity::Flag, help: "signed overflow wraps around (gcc -fwrapv)" },
    Spec {
        name: "no-library-accuracy",
        arity: Arity::Flag,
        help: "show no difference that needs math library results near the host's",
    },
    Spec { name: "timeout", arity: Arity::Value, help: "time limit per function check (default 60s, or timeout of .verdiff.yml)" },
    Spec { name: "32", arity: Arity::Flag, help: "ILP32 data model" },
    Spec { name: "64", arity: Arity::Flag, help: "LP64 data model (default)" },
    Spec { name: "help", arity: Arity::Flag, help: "this help" },
];

/// One line on standard error per checked function (CI logs show where the time goes).
fn progress_line(r: &diff::Row, done: usize, total: usize) {
    let safety = r.safety.as_ref().map(|s| format!(", safety {}", s.verdict)).unwrap_or_default();
    let text = r.status.text();
    let text: String = text.chars().take(100).collect();
    eprintln!("verdiff: [{done}/{total}] {}:{} {text}{safety} ({:.1}s)", r.file, r.function, r.time.as_secs_f64());
}

/// On a terminal: one bar, redrawn as checks finish, the line ended when a batch is done.
fn progress_bar(r: &diff::Row, done: usize, total: usize) {
    common::progress_bar(done, total, &format!("{}:{}", r.file, r.function));
}

const FORMATS: &[&str] = &["text", "json", "markdown", "sarif", "junit"];

fn specs() -> Vec<Spec> {
    [common::REPO_SPECS, common::OUTPUT_SPECS, SPECS].concat()
}

pub fn help() -> String {
    let mut s = String::from(
        "usage: verdiff diff [--repo DIR] [--base REV] [--head REV | --worktree | --staged] [options]\n\nLists the C functions that changed between two revisions and proves whether their behaviour\nchanged; changed functions that are not proven equivalent, and new ones, get the safety checks.\nResults are cached in .verdiff/cache.db; settings come from .verdiff.yml (flags override it).\nExit status: 0 fine, 10 when --fail-on triggers, 6 when the repository, the configuration or\nthe cache cannot be read, 1 usage error.\n\noptions:\n  -I DIR, -D NAME[=VALUE]   preprocessor options (-I relative to the repository root)\n",
    );
    s.push_str(&super::args::options_help(&specs()));
    s
}

pub fn run(args: &[String]) -> i32 {
    let p = match parse(args, &specs(), &[]) {
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
    match diff_command(&p) {
        Ok(code) => code,
        Err(Failure::Usage(m)) => {
            eprintln!("verdiff diff: {m}");
            1
        }
        Err(Failure::Input(m)) => {
            eprintln!("verdiff diff: {m}");
            6
        }
    }
}

enum Failure {
    Usage(String),
    Input(String),
}

fn diff_command(p: &Parsed) -> Result<i32, Failure> {
    use Failure::{Input, Usage};
    let started = common::now_secs();
    let start = Instant::now();
    let outputs = common::outputs(p, FORMATS).map_err(Usage)?;
    if p.has("worktree") as u8 + p.has("staged") as u8 + p.has("head") as u8 > 1 {
        return Err(Usage("give at most one of --head, --worktree, --staged".into()));
    }
    let dir = PathBuf::from(p.value("repo").unwrap_or("."));
    let repo = Repo::open(&dir).map_err(|e| Input(e.to_string()))?;
    let root = repo.root().map_err(|e| Input(e.to_string()))?;
    let cfg = common::load_config(&root, p).map_err(Input)?;
    let fail_on = match p.value("fail-on") {
        Some(f) => FailOn::parse(f).ok_or_else(|| {
            Usage(format!("--fail-on takes violation, precondition, behaviour-change or unknown, not `{f}`"))
        })?,
        None => cfg.fail_on,
    };
    let budget = match p.value("budget") {
        // (a zero budget is allowed: it lists the changes without checking any)
        Some(b) if b.trim().trim_end_matches('s') == "0" => Some(start),
        Some(b) => Some(start + parse_duration(b).map_err(Usage)?),
        None => None,
    };
    let mut eo = super::equiv::options(p).map_err(Usage)?;
    if !p.has("unwind") {
        eo.unwind = cfg.unwind;
    }
    if eo.timeout.is_none() {
        eo.timeout = Some(Duration::from_secs(cfg.timeout));
    }
    if !p.has("32") && !p.has("64") && cfg.data_model == crate::config::DataModelName::Ilp32 {
        eo.frontend.target.model = crate::ir::DataModel::Ilp32;
        eo.object_bits = 8;
    }
    eo.frontend.pp.include_dirs.clear();
    eo.frontend.pp.defines.extend(cfg.defines.iter().cloned());
    let mut include_dirs: Vec<PathBuf> = cfg.include_dirs.iter().map(PathBuf::from).collect();
    include_dirs.extend(p.include_dirs.iter().map(PathBuf::from));
    let mut safety = crate::run::safety_options(&cfg);
    safety.unwind = eo.unwind;
    safety.library_accuracy = eo.library_accuracy;
    safety.preconditions = cfg.preconditions && !p.has("no-infer-preconditions");

    let cache = common::open_cache(&root, &cfg, p).map_err(Input)?;
    let shard = p.value("shard").map(crate::run::shard::Shard::parse).transpose().map_err(Usage)?;
    let mut o = DiffOptions {
        equiv: eo,
        include_dirs,
        safety,
        budget,
        cache: cache.map(std::cell::RefCell::new),
        shard,
        harnesses: None,
        // (flags override the configuration, per function too)
        functions: cfg
            .functions
            .iter()
            .map(|(name, f)| {
                let mut f = f.clone();
                f.unwind = f.unwind.filter(|_| !p.has("unwind"));
                f.timeout = f.timeout.filter(|_| !p.has("timeout"));
                (name.clone(), f)
            })
            .collect(),
        clauses: cfg
            .clauses
            .iter()
            .map(|c| crate::frontend::clauses::TextClause {
                function: c.function.clone(),
                ensures: c.ensures,
                expr: c.expr.clone(),
                line: c.line,
            })
            .collect(),
        config_name: cfg.file_name.clone(),
        is_source: Some({
            let c = cfg.clone();
            std::sync::Arc::new(move |rel: &str| c.is_source(rel))
        }),
        jobs: common::jobs(p, cfg.jobs).map_err(Usage)?,
        isolation: Some(crate::run::Isolation { memory_mb: crate::run::safety::memory_budget(cfg.memory).0 }),
        progress: (!p.has("quiet")).then(|| {
            if std::io::stderr().is_terminal() {
                Box::new(progress_bar) as diff::Progress
            } else {
                Box::new(progress_line) as diff::Progress
            }
        }),
    };

    // (uncommitted changes are compared with HEAD: a pre-commit hook checks what the commit
    // adds; before the first commit, with the empty tree)
    let uncommitted = p.has("worktree") || p.has("staged");
    let (base, base_how) = match p.value("base") {
        Some(b) => (Base::Commit(repo.resolve(b).map_err(|e| Input(e.to_string()))?), b.to_string()),
        None if uncommitted => repo.head_base().map_err(|e| Input(e.to_string()))?,
        None => repo.default_base().map_err(|e| Input(e.to_string()))?,
    };
    let (head, head_how) = if p.has("worktree") {
        (Head::Worktree, "work tree".to_string())
    } else if p.has("staged") {
        (Head::Staged, "staged changes".to_string())
    } else {
        let h = p.value("head").unwrap_or("HEAD");
        (Head::Commit(repo.resolve(h).map_err(|e| Input(e.to_string()))?), h.to_string())
    };
    let changes = repo.changes(base, &head).map_err(|e| Input(e.to_string()))?;
    // only the configured sources (other files, headers first, unless excluded: they may
    // change any source that includes them; diff::compare reads which are included)
    let changes: Vec<_> = changes
        .into_iter()
        .filter(|c| {
            let keep = |f: &Option<String>| {
                f.as_deref().is_some_and(|f| (!f.ends_with(".c") && !cfg.is_excluded(f)) || cfg.is_source(f))
            };
            keep(&c.old) || keep(&c.new)
        })
        .collect();
    // both sides as directories of C files (git objects written out; the work tree in place)
    let tag = match base {
        Base::Commit(id) => id.to_string(),
        Base::Empty => "empty".to_string(),
    };
    let tmp = std::env::temp_dir().join(format!("verdiff-diff-{}-{tag}", std::process::id()));
    let old_root = tmp.join("base");
    let new_root_tmp = tmp.join("head");
    let result = (|| -> Result<Vec<diff::Row>, Failure> {
        match base {
            Base::Commit(id) => repo.write_files(&Head::Commit(id), &old_root).map_err(|e| Input(e.to_string()))?,
            Base::Empty => {
                std::fs::create_dir_all(&old_root).map_err(|e| Input(format!("{}: {e}", old_root.display())))?
            }
        }
        let new_root = match &head {
            Head::Worktree => root.clone(),
            h => {
                repo.write_files(h, &new_root_tmp).map_err(|e| Input(e.to_string()))?;
                new_root_tmp.clone()
            }
        };
        // functions with unit tests are checked through the head's harnesses
        let mut hfo = crate::run::frontend_options(&new_root, &cfg);
        hfo.target = o.equiv.frontend.target;
        o.harnesses = crate::harness::HarnessSet::build(&new_root, &cfg, &hfo)
            .map(|h| std::sync::Arc::new(h) as std::sync::Arc<dyn crate::run::Harnesses>);
        Ok(diff::compare(Side { root: &old_root }, Side { root: &new_root }, &changes, &o))
    })();
    let _ = std::fs::remove_dir_all(&tmp);
    let rows = result?;

    let records: Vec<_> = rows.iter().map(diff::to_record).collect();
    let commit = match &head {
        Head::Commit(id) => id.to_string(),
        Head::Worktree => format!("{}+worktree", repo.resolve("HEAD").map(|i| i.to_string()).unwrap_or_default()),
        Head::Staged => format!("{}+staged", repo.resolve("HEAD").map(|i| i.to_string()).unwrap_or_default()),
    };
    if let Some(c) = &o.cache {
        let keyed: Vec<(String, _)> = records.iter().map(|r| (String::new(), r.clone())).collect();
        let opts = std::env::args().skip(1).collect::<Vec<_>>().join(" ");
        if let Err(e) = c.borrow_mut().record_run("diff", &commit, &opts, &keyed, start.elapsed().as_secs_f64()) {
            eprintln!("verdiff: the run was not recorded in the history: {e}");
        }
    }
    let info = report::diff::Info {
        base: format!("{base} ({base_how})"),
        head: head_how.clone(),
        seconds: start.elapsed().as_secs_f64(),
    };
    let meta = RunMeta {
        command: "diff".into(),
        tool_version: env!("CARGO_PKG_VERSION").into(),
        base: Some(info.base.clone()),
        head: Some(head_how),
        commit: Some(commit),
        started: common::rfc3339(started),
        notes: vec![],
    };
    for (format, path) in &outputs {
        let text = match format.as_str() {
            "json" => serde_json::to_string_pretty(&report::diff::json(&rows, &info)).unwrap_or_default() + "\n",
            "text" => report::diff::text(&rows, &info),
            f => common::render_records(f, &records, &meta).unwrap_or_default(),
        };
        common::write_output(path.as_deref(), &text).map_err(Input)?;
    }
    // (an unchanged function's known violation, shown from the cache, is not this change's)
    Ok(common::diff_status(&records, fail_on))
}
