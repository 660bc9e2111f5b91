//! `verdiff run`: the whole code base, every function (or the configured entries) as an
//! entry point, in parallel, reusing cached results. What the nightly job runs.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::Instant;

use super::common::{self, Format, OutputArgs, RepoArgs};
use crate::record::Safety;
use crate::report::RunMeta;
use crate::run::shard::Shard;
use crate::run::{self, Progress, RunOptions};
use crate::vcs::{Head, Repo};

// The options of `verdiff run`.
#[derive(clap::Args, Debug, Clone)]
#[command(
    about = "every function of the code base, cached",
    override_usage = "verdiff run [--repo DIR] [--rev REV] [--jobs N] [--format F [--output FILE]]...",
    before_help = "Verifies every function of the configured sources (.verdiff.yml) as an entry point with \
                   nondeterministic inputs, in parallel; results already in the cache are reused. Each run is \
                   recorded in the cache's history (for `verdiff report`).\n\
                   Exit status: 0 all verified, 10 a violation, 6 something undecided (or an input error)."
)]
pub struct RunArgs {
    #[command(flatten)]
    pub repo: RepoArgs,
    #[command(flatten)]
    pub output: OutputArgs,
    /// verify this revision (read from git objects) instead of the work tree
    #[arg(long, value_name = "REV")]
    pub rev: Option<String>,
    /// parallel verifications (default: jobs of .verdiff.yml, else the number of cores)
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// only the functions of shard I of N (I/N, for matrix jobs; see verdiff merge)
    #[arg(long, value_name = "I/N", value_parser = Shard::parse)]
    pub shard: Option<Shard>,
    /// verify functions with fully free inputs instead of under their inferred precondition
    /// (docs/contracts.md)
    #[arg(long)]
    pub no_infer_preconditions: bool,
    /// only this function (repeatable)
    #[arg(long, value_name = "NAME")]
    pub function: Vec<String>,
    /// no progress output
    #[arg(long)]
    pub quiet: bool,
}

pub fn run(p: &RunArgs) -> i32 {
    common::finish("run", run_command(p))
}

fn run_command(p: &RunArgs) -> Result<i32, (i32, String)> {
    let input = |m: String| (6, m);
    let usage = |m: String| (1, m);
    let started = common::now_secs();
    let start = Instant::now();
    let outputs = common::outputs(&p.output).map_err(usage)?;
    let repo = Repo::open(p.repo.paths.repo.as_deref().unwrap_or(Path::new("."))).map_err(|e| input(e.to_string()))?;
    let root = repo.root().map_err(|e| input(e.to_string()))?;
    let mut cfg = common::load_config(&root, &p.repo.paths).map_err(input)?;
    if !p.function.is_empty() {
        cfg.entries = p.function.clone();
    }
    let jobs = common::jobs(p.jobs, cfg.jobs);
    // the revision's files from git objects, or the work tree
    let tmp = std::env::temp_dir().join(format!("verdiff-run-{}", std::process::id()));
    let (src_root, commit) = match &p.rev {
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
    let mut cache = common::open_cache(&root, &cfg, &p.repo).map_err(input)?;
    let o = RunOptions {
        frontend: run::frontend_options(&src_root, &cfg),
        safety: run::safety::SafetyOptions {
            preconditions: cfg.preconditions && !p.no_infer_preconditions,
            ..run::safety_options(&cfg)
        },
        jobs,
        shard: p.shard,
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
    let tty = std::io::stderr().is_terminal() && !p.quiet;
    let quiet = p.quiet;
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
    // the temporal requirements (`ltl:`), one row each; not when the run is restricted to
    // some functions or is one shard of several (the first shard checks them)
    if !cfg.ltl.is_empty() && p.function.is_empty() && o.shard.is_none_or(|s| s.index == 1) {
        if !quiet {
            eprintln!("verdiff: {} temporal requirements (ltl:)", cfg.ltl.len());
        }
        let memory = Some(run::safety::memory_budget(cfg.memory).0);
        for row in crate::temporal::requirements::check_all(&src_root, &cfg, &files, &o.frontend, jobs, memory) {
            if !quiet {
                eprintln!("verdiff: {} {} ({:.1}s)", row.function, row.detail, row.seconds);
            }
            outcome.results.push((String::new(), row));
        }
    }
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
        let text = match format {
            Format::Json => {
                let v = crate::report::run::json(&results, &meta, seconds);
                serde_json::to_string_pretty(&v).unwrap_or_default() + "\n"
            }
            Format::Text => crate::report::run::text(&results, outcome.reused, seconds, Some(&reproduce_command(p))),
            f => common::render_records(*f, &results, &meta).unwrap_or_default(),
        };
        common::write_output(path.as_deref(), &text).map_err(input)?;
    }
    Ok(common::run_status(&results))
}

/// `verdiff run` with what decides a function's verification in this run (repository,
/// revision, preconditions) and no cache, so that it verifies again rather than reading the
/// stored result; the function's name is appended by the report.
fn reproduce_command(p: &RunArgs) -> String {
    let mut cmd = vec!["verdiff".to_string(), "run".into()];
    let path = |v: &Option<PathBuf>| v.as_ref().map(|p| p.display().to_string());
    for (key, value) in
        [("repo", path(&p.repo.paths.repo)), ("rev", p.rev.clone()), ("config", path(&p.repo.paths.config))]
    {
        if let Some(v) = value {
            cmd.push(format!("--{key}"));
            cmd.push(common::shell_word(&v));
        }
    }
    if p.no_infer_preconditions {
        cmd.push("--no-infer-preconditions".into());
    }
    cmd.extend(["--no-cache".into(), "--format".into(), "json".into()]);
    cmd.join(" ")
}
