//! `verdiff cache stats|verify|prune|clear`.

use std::collections::HashMap;

use super::common::{self, RepoArgs};
use crate::frontend;
use crate::harness;
use crate::record::Safety;
use crate::run::{self, RunOptions};

/// What `verdiff cache` does.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Stats,
    Verify,
    Prune,
    Clear,
}

// The options of `verdiff cache`.
#[derive(clap::Args, Debug, Clone)]
#[command(
    about = "the result cache: stats, verify, prune, clear",
    override_usage = "verdiff cache stats|verify|prune|clear [--repo DIR] [--cache FILE]",
    before_help = "  stats    entries, runs, size, verdicts\n  \
                   verify   re-solve a sample (--sample N) or all (--all) cached safety results of functions \
                   in\n           the current sources and report every disagreement (disagreeing entries are \
                   removed);\n           exit 10 when one disagrees\n  \
                   prune    drop entries unused for --days and history beyond --keep-runs\n  \
                   clear    drop everything"
)]
pub struct CacheArgs {
    /// stats, verify, prune or clear (see above)
    #[arg(value_name = "COMMAND", value_enum, hide_possible_values = true)]
    pub action: Action,
    #[command(flatten)]
    pub repo: RepoArgs,
    /// verify: re-solve this many entries (default 20)
    #[arg(long, value_name = "N")]
    pub sample: Option<usize>,
    /// verify: re-solve every entry that matches the current sources
    #[arg(long)]
    pub all: bool,
    /// prune: drop entries unused for this many days (default 30)
    #[arg(long, value_name = "DAYS")]
    pub days: Option<u64>,
    /// prune: history runs to keep (default 365)
    #[arg(long, value_name = "N")]
    pub keep_runs: Option<u64>,
    /// verify: parallel jobs (default: cores)
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
}

pub fn run(p: &CacheArgs) -> i32 {
    common::finish("cache", command(p))
}

fn command(p: &CacheArgs) -> Result<i32, (i32, String)> {
    let input = |m: String| (6, m);
    let root = common::repo_root(p.repo.paths.repo.as_deref()).map_err(input)?;
    let cfg = common::load_config(&root, &p.repo.paths).map_err(input)?;
    if p.repo.no_cache {
        return Err((1, "--no-cache makes no sense here".into()));
    }
    let mut cache = match common::open_cache(&root, &cfg, &p.repo).map_err(input)? {
        Some(c) => c,
        None => return Err((1, "the cache is disabled in .verdiff.yml (cache.enabled: false)".into())),
    };
    match p.action {
        Action::Stats => {
            let s = cache.stats().map_err(|e| input(e.to_string()))?;
            outln!("cache {}", cache.path().display());
            outln!("  entries: {}", s.entries);
            for (k, n) in &s.by_kind {
                outln!("    {k}: {n}");
            }
            for (v, n) in &s.by_verdict {
                outln!("    verdict {v}: {n}");
            }
            outln!("  runs recorded: {}", s.runs);
            outln!("  size: {} bytes", s.bytes);
            Ok(0)
        }
        Action::Clear => {
            cache.clear().map_err(|e| input(e.to_string()))?;
            outln!("cache {} cleared", cache.path().display());
            Ok(0)
        }
        Action::Prune => {
            let (e, r) =
                cache.prune(p.days.unwrap_or(30), p.keep_runs.unwrap_or(365)).map_err(|e| input(e.to_string()))?;
            outln!("removed {e} entries and {r} runs");
            Ok(0)
        }
        Action::Verify => verify(p, &root, &cfg, &mut cache),
    }
}

/// Re-solves cached safety results of functions in the current sources and compares.
fn verify(
    p: &CacheArgs,
    root: &std::path::Path,
    cfg: &crate::config::Config,
    cache: &mut crate::cache::Cache,
) -> Result<i32, (i32, String)> {
    let jobs = common::jobs(p.jobs, 0);
    let o = RunOptions {
        frontend: run::frontend_options(root, cfg),
        safety: run::safety_options(cfg),
        jobs,
        shard: None,
        deadline: None,
        harnesses: harness::HarnessSet::build(root, cfg, &run::frontend_options(root, cfg))
            .map(|h| std::sync::Arc::new(h) as std::sync::Arc<dyn run::Harnesses>),
        isolation: Some(run::Isolation { memory_mb: run::safety::memory_budget(cfg.memory).0 }),
    };
    let files = run::source_files(root, cfg);
    let units = run::units(root, &files, &o);
    // (file, function) → (key, cached result) for entries that match today's code
    let mut found: Vec<((String, String), String, crate::record::FunctionResult)> = Vec::new();
    for u in &units {
        let Ok(text) = &u.text else { continue };
        let Ok(prog) = frontend::load_preprocessed(std::slice::from_ref(text), &o.frontend) else { continue };
        let conventions = std::cell::OnceCell::new();
        for (name, f) in run::functions_in_file(&prog, &u.rel) {
            let unwind = cfg.unwind_for(&name);
            let timeout = std::time::Duration::from_secs(cfg.timeout_for(&name));
            let (k, lk) = run::keys_in(&prog, f, &o, unwind, timeout, &conventions);
            let hit = cache.get(&k).map(|e| (k.clone(), e)).or_else(|| cache.get(&lk).map(|e| (lk.clone(), e)));
            if let Some((key, e)) = hit {
                found.push(((u.rel.clone(), name), key, e.result));
            }
        }
    }
    let total = cache.stats().map(|s| s.entries).unwrap_or(0);
    // a deterministic sample spread over the key space (keys are SHA-256)
    found.sort_by(|a, b| a.1.cmp(&b.1));
    let n = if p.all { found.len() } else { p.sample.unwrap_or(20).min(found.len()) };
    let step = if n == 0 { 1 } else { found.len() / n.max(1) };
    let sample: Vec<_> = found.iter().step_by(step.max(1)).take(n).cloned().collect();
    let mut sub = cfg.clone();
    sub.entries = sample.iter().map(|((_, f), _, _)| f.clone()).collect();
    let mut quiet = |_: run::Progress<'_>| {};
    let fresh = run::run(root, &units, &sub, &o, None, &mut quiet);
    let by_fn: HashMap<(String, String), &crate::record::FunctionResult> =
        fresh.results.iter().map(|(_, r)| ((r.file.clone(), r.function.clone()), r)).collect();
    let mut disagree = 0;
    for ((file, function), key, cached) in &sample {
        let Some(now) = by_fn.get(&(file.clone(), function.clone())) else { continue };
        // an undecided answer on either side is not a contradiction (time limits vary)
        let decided = |s: Option<Safety>| matches!(s, Some(Safety::Successful | Safety::Failed | Safety::Precondition));
        if decided(cached.safety) && decided(now.safety) && cached.safety != now.safety {
            disagree += 1;
            outln!(
                "DISAGREEMENT {file}:{function}: cached {} but re-solved {} ({}); entry removed",
                cached.safety.map(Safety::name).unwrap_or("-"),
                now.safety.map(Safety::name).unwrap_or("-"),
                now.detail
            );
            cache.remove(key).map_err(|e| (6, e.to_string()))?;
        }
    }
    outln!(
        "re-solved {} of {} entries that match the current sources ({} entries in all): {disagree} disagreement(s)",
        sample.len(),
        found.len(),
        total
    );
    Ok(if disagree > 0 { 10 } else { 0 })
}
