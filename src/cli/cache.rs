//! `verdiff cache stats|verify|prune|clear`.

use std::collections::HashMap;

use super::args::{Arity, Parsed, Spec};
use super::common;
use crate::frontend;
use crate::harness;
use crate::record::Safety;
use crate::run::{self, RunOptions};

pub const SPECS: &[Spec] = &[
    Spec { name: "sample", arity: Arity::Value, help: "verify: re-solve this many entries (default 20)" },
    Spec { name: "all", arity: Arity::Flag, help: "verify: re-solve every entry that matches the current sources" },
    Spec { name: "days", arity: Arity::Value, help: "prune: drop entries unused for this many days (default 30)" },
    Spec { name: "keep-runs", arity: Arity::Value, help: "prune: history runs to keep (default 365)" },
    Spec { name: "jobs", arity: Arity::Value, help: "verify: parallel jobs (default: cores)" },
    Spec { name: "help", arity: Arity::Flag, help: "this help" },
];

fn specs() -> Vec<Spec> {
    [common::REPO_SPECS, SPECS].concat()
}

pub fn help() -> String {
    let mut s = String::from(
        "usage: verdiff cache stats|verify|prune|clear [--repo DIR] [--cache FILE]\n\n  stats    entries, runs, size, verdicts\n  verify   re-solve a sample (--sample N) or all (--all) cached safety results of functions in\n           the current sources and report every disagreement (disagreeing entries are removed);\n           exit 10 when one disagrees\n  prune    drop entries unused for --days and history beyond --keep-runs\n  clear    drop everything\n\noptions:\n",
    );
    s.push_str(&super::args::options_help(&specs()));
    s
}

pub fn run(args: &[String]) -> i32 {
    common::entry("cache", args, &specs(), help, true, command)
}

fn number(p: &Parsed, name: &str, default: u64) -> Result<u64, (i32, String)> {
    match p.value(name) {
        None => Ok(default),
        Some(v) => v.parse().map_err(|_| (1, format!("--{name} needs a number, got `{v}`"))),
    }
}

fn command(p: &Parsed) -> Result<i32, (i32, String)> {
    let input = |m: String| (6, m);
    let root = common::repo_root(p).map_err(input)?;
    let cfg = common::load_config(&root, p).map_err(input)?;
    if p.has("no-cache") {
        return Err((1, "--no-cache makes no sense here".into()));
    }
    let mut cache = match common::open_cache(&root, &cfg, p).map_err(input)? {
        Some(c) => c,
        None => return Err((1, "the cache is disabled in .verdiff.yml (cache.enabled: false)".into())),
    };
    match p.positional[0].as_str() {
        "stats" => {
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
        "clear" => {
            cache.clear().map_err(|e| input(e.to_string()))?;
            outln!("cache {} cleared", cache.path().display());
            Ok(0)
        }
        "prune" => {
            let (e, r) =
                cache.prune(number(p, "days", 30)?, number(p, "keep-runs", 365)?).map_err(|e| input(e.to_string()))?;
            outln!("removed {e} entries and {r} runs");
            Ok(0)
        }
        "verify" => verify(p, &root, &cfg, &mut cache),
        other => Err((1, format!("unknown cache command `{other}` (stats, verify, prune, clear)"))),
    }
}

/// Re-solves cached safety results of functions in the current sources and compares.
fn verify(
    p: &Parsed,
    root: &std::path::Path,
    cfg: &crate::config::Config,
    cache: &mut crate::cache::Cache,
) -> Result<i32, (i32, String)> {
    let jobs = number(p, "jobs", 0)? as usize;
    let jobs = if jobs == 0 { std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1) } else { jobs };
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
    let n = if p.has("all") { found.len() } else { (number(p, "sample", 20)? as usize).min(found.len()) };
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
