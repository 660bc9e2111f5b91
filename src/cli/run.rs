//! `verdiff run`: the whole code base, every function (or the configured entries) as an
//! entry point, in parallel, reusing cached results. What the nightly job runs.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Instant;

use super::args::{Arity, Parsed, Spec};
use super::common;
use crate::record::Safety;
use crate::report::RunMeta;
use crate::run::{self, Progress, RunOptions};
use crate::vcs::{Head, Repo};

pub const SPECS: &[Spec] = &[
    Spec {
        name: "rev",
        arity: Arity::Value,
        help: "verify this revision (read from git objects) instead of the work tree",
    },
    Spec {
        name: "jobs",
        arity: Arity::Value,
        help: "parallel verifications (default: jobs of .verdiff.yml, else the number of cores)",
    },
    Spec {
        name: "shard",
        arity: Arity::Value,
        help: "only the functions of shard I of N (I/N, for matrix jobs; see verdiff merge)",
    },
    Spec {
        name: "no-infer-preconditions",
        arity: Arity::Flag,
        help:
            "verify functions with fully free inputs instead of under their inferred precondition (docs/contracts.md)",
    },
    Spec { name: "function", arity: Arity::Value, help: "only this function (repeatable)" },
    Spec { name: "quiet", arity: Arity::Flag, help: "no progress output" },
    Spec { name: "help", arity: Arity::Flag, help: "this help" },
];

const FORMATS: &[&str] = &["text", "json", "markdown", "sarif", "junit"];

fn specs() -> Vec<Spec> {
    [common::REPO_SPECS, common::OUTPUT_SPECS, SPECS].concat()
}

pub fn help() -> String {
    let mut s = String::from(
        "usage: verdiff run [--repo DIR] [--rev REV] [--jobs N] [--format F [--output FILE]]...\n\nVerifies every function of the configured sources (.verdiff.yml) as an entry point with\nnondeterministic inputs, in parallel; results already in the cache are reused. Each run is\nrecorded in the cache's history (for `verdiff report`).\nExit status: 0 all verified, 10 a violation, 6 something undecided (or an input error).\n\noptions:\n",
    );
    s.push_str(&super::args::options_help(&specs()));
    s
}

pub fn run(args: &[String]) -> i32 {
    common::entry("run", args, &specs(), help, false, run_command)
}

fn run_command(p: &Parsed) -> Result<i32, (i32, String)> {
    let input = |m: String| (6, m);
    let usage = |m: String| (1, m);
    let started = common::now_secs();
    let start = Instant::now();
    let outputs = common::outputs(p, FORMATS).map_err(usage)?;
    let repo = Repo::open(&PathBuf::from(p.value("repo").unwrap_or("."))).map_err(|e| input(e.to_string()))?;
    let root = repo.root().map_err(|e| input(e.to_string()))?;
    let mut cfg = common::load_config(&root, p).map_err(input)?;
    let fns = p.values("function");
    if !fns.is_empty() {
        cfg.entries = fns;
    }
    let jobs = common::jobs(p, cfg.jobs).map_err(usage)?;
    // the revision's files from git objects, or the work tree
    let tmp = std::env::temp_dir().join(format!("verdiff-run-{}", std::process::id()));
    let (src_root, commit) = match p.value("rev") {
        Some(rev) => {
            let id = repo.resolve(rev).map_err(|e| input(e.to_string()))?;
            repo.write_files(&Head::Commit(id), &tmp).map_err(|e| input(e.to_string()))?;
            (tmp.clone(), id.to_string())
        }
        None => {
            let head = repo.resolve("HEAD").map(|i| i.to_string()).unwrap_or_default();
            (root.clone(), format!("{head}+worktree"))
        }
    };
    let mut cache = common::open_cache(&root, &cfg, p).map_err(input)?;
    let o = RunOptions {
        frontend: run::frontend_options(&src_root, &cfg),
        safety: run::safety::SafetyOptions {
            preconditions: cfg.preconditions && !p.has("no-infer-preconditions"),
            ..run::safety_options(&cfg)
        },
        jobs,
        shard: p.value("shard").map(run::shard::Shard::parse).transpose().map_err(usage)?,
        deadline: (cfg.run_timeout > 0).then(|| start + std::time::Duration::from_secs(cfg.run_timeout)),
        harnesses: crate::harness::HarnessSet::build(&src_root, &cfg, &run::frontend_options(&src_root, &cfg))
            .map(|h| std::sync::Arc::new(h) as std::sync::Arc<dyn run::Harnesses>),
        isolation: Some(run::Isolation { memory_mb: run::safety::memory_budget(cfg.memory).0 }),
    };

    let files = run::source_files(&src_root, &cfg);
    if files.is_empty() {
        let _ = std::fs::remove_dir_all(&tmp);
        return Err(input("no C source file matches `sources` of the configuration: nothing to verify".into()));
    }
    let mut units = run::units(&src_root, &files, &o);
    run::add_config_clauses(&mut units, &cfg, &o);
    let tty = std::io::stderr().is_terminal() && !p.has("quiet");
    let quiet = p.has("quiet");
    let mut progress = |ev: Progress<'_>| match ev {
        Progress::Planned { total, cached } if !quiet => {
            eprintln!("verdiff: {total} functions in {} files, {cached} from the cache, {jobs} jobs", files.len())
        }
        Progress::Done { done, total, result } if tty => {
            common::progress_bar(done, total, &format!("{}:{}", result.file, result.function))
        }
        Progress::Done { done, total, result } if !quiet => eprintln!(
            "verdiff: [{done}/{total}] {}:{} {} ({:.1}s)",
            result.file,
            result.function,
            result.safety.map(Safety::name).unwrap_or("-"),
            result.seconds
        ),
        _ => {}
    };
    let mut outcome = run::run(&src_root, &units, &cfg, &o, cache.as_mut(), &mut progress);
    let _ = std::fs::remove_dir_all(&tmp);
    // an entry (or --function) that names no function was not verified: never SUCCESSFUL
    if o.shard.is_none() {
        for e in &cfg.entries {
            if !outcome.results.iter().any(|(_, r)| crate::ir::fingerprint::base_name(&r.function) == e) {
                let missing = crate::record::FunctionResult::unknown_row(
                    e.clone(),
                    "",
                    0,
                    format!("no function `{e}` is defined in the sources verdiff could read"),
                );
                outcome.results.push((String::new(), missing));
            }
        }
    }
    for n in &outcome.notes {
        eprintln!("verdiff: {n}");
    }
    let seconds = start.elapsed().as_secs_f64();
    if let Some(c) = cache.as_mut() {
        let opts = std::env::args().skip(1).collect::<Vec<_>>().join(" ");
        if let Err(e) = c.record_run("run", &commit, &opts, &outcome.results, seconds) {
            eprintln!("verdiff: the run was not recorded in the history: {e}");
        }
    }
    let results: Vec<_> = outcome.results.iter().map(|(_, r)| r.clone()).collect();
    let meta = RunMeta {
        command: "run".into(),
        tool_version: env!("CARGO_PKG_VERSION").into(),
        base: None,
        head: None,
        commit: Some(commit.clone()),
        started: common::rfc3339(started),
        notes: outcome.notes.clone(),
    };
    for (format, path) in &outputs {
        let text = match format.as_str() {
            "json" => {
                let v = crate::report::run::json(&results, &meta, seconds);
                serde_json::to_string_pretty(&v).unwrap_or_default() + "\n"
            }
            "text" => crate::report::run::text(&results, outcome.reused, seconds, Some(&reproduce_command(p))),
            f => common::render_records(f, &results, &meta).unwrap_or_default(),
        };
        common::write_output(path.as_deref(), &text).map_err(input)?;
    }
    Ok(common::run_status(&results))
}

/// `verdiff run` with what decides a function's verification in this run (repository,
/// revision, preconditions) and no cache, so that it verifies again rather than reading the
/// stored result; the function's name is appended by the report.
fn reproduce_command(p: &Parsed) -> String {
    let mut cmd = vec!["verdiff".to_string(), "run".into()];
    for key in ["repo", "rev", "config"] {
        if let Some(v) = p.value(key) {
            cmd.push(format!("--{key}"));
            cmd.push(common::shell_word(v));
        }
    }
    if p.has("no-infer-preconditions") {
        cmd.push("--no-infer-preconditions".into());
    }
    cmd.extend(["--no-cache".into(), "--format".into(), "json".into()]);
    cmd.join(" ")
}
