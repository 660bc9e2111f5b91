//! `verdiff run`: every function of the code base (or the configured entries) verified as an
//! entry point, in parallel, reusing cached results.
//!
//! Phase 1 (one thread): preprocess and lower each source file, compute each function's
//! cache keys from its verification text (`ir::fingerprint::verification_text_with`: its body,
//! its callees — those with a written contract by that contract and what inference reads
//! off them, not their bodies — the statics they use, struct layouts) and the options, and
//! look them up.
//! Phase 2 (`jobs` at a time): verify the misses, each in a child process that is ended at
//! its time limit or memory budget (`isolate.rs`; the command line asks for this), else on
//! worker threads that lower the files they need themselves (programs are not shared between
//! threads). The main thread stores results.
//!
//! Cache policy: a SUCCESSFUL verdict is a proof and does not point at lines, so it is stored
//! under the semantic key (moving code or editing comments keeps it). FAILED and UNKNOWN
//! results carry locations and may depend on the time limit, so they are stored under a key
//! that also covers source locations and the time limit.
//!
//! Depends on: frontend, ir, instrument, engine, record, cache, config. Not on cli or report.

pub mod callers;
#[cfg(unix)]
pub mod isolate;
pub mod link;
pub mod parallel;
pub mod safety;
pub mod shard;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::cache::{key::key, Cache};
use crate::config::Config;
use crate::frontend::{self, FrontendOptions, Source};
use crate::ir::fingerprint::verification_text_with;
use crate::ir::{FuncId, Program};
use crate::record::{FunctionResult, Safety};
use safety::SafetyOptions;

#[derive(Clone, Debug)]
pub struct RunOptions {
    pub frontend: FrontendOptions,
    pub safety: SafetyOptions,
    pub jobs: usize,
    /// Only the functions of this shard (`--shard I/N`).
    pub shard: Option<shard::Shard>,
    /// The whole run's time limit (`run_timeout`): functions not started by then are reported
    /// as not checked; the ones running get at most the time left.
    pub deadline: Option<Instant>,
    /// Harnesses from the unit tests: a function that has some is verified through them
    /// instead of with fully nondeterministic inputs.
    pub harnesses: Option<std::sync::Arc<dyn Harnesses>>,
    /// Verify each function in a child process that is ended at its time limit (plus a grace
    /// period) or when its resident memory passes the budget, instead of on a worker thread
    /// (run/isolate.rs). Only for a caller whose other threads are idle (the command line).
    pub isolation: Option<Isolation>,
}

/// Limits of the child processes of an isolated run.
#[derive(Clone, Copy, Debug)]
pub struct Isolation {
    /// Resident memory (MB) at which a function's process is ended.
    pub memory_mb: u64,
}

/// The unit-test harnesses of a code base as run and diff use them: implemented by
/// `harness::HarnessSet`, which builds them (run sits below harness and does not know how
/// tests are found, rewritten or linked).
pub trait Harnesses: Send + Sync + std::fmt::Debug {
    /// What keys a function's cached result when its harnesses check it (the tests and the
    /// code they call), None when it has no harness.
    fn harness_key(&self, function: &str) -> Option<&str>;
    /// The safety result of `function` (defined in `file`) through its harnesses, None when
    /// it has none there.
    fn check_through_tests(
        &self,
        function: &str,
        file: &str,
        frontend: &FrontendOptions,
        safety: &SafetyOptions,
        deadline: Option<Instant>,
    ) -> Option<crate::record::SafetyResult>;
}

/// The reason given for functions a run's time limit did not reach.
pub const RUN_TIME_UP: &str = "not checked: the run's time limit (run_timeout) was reached";

/// One function to verify.
#[derive(Clone, Debug)]
pub struct Task {
    pub file: usize,
    pub function: String,
    pub line: u32,
    /// Semantic key (SUCCESSFUL results) and located key (the others).
    pub key: String,
    pub located_key: String,
    pub unwind: u32,
    pub timeout: Duration,
}

/// A source file: repository-relative name and preprocessed text (or why it has none).
pub struct Unit {
    pub rel: String,
    pub text: Result<String, String>,
}

/// The C files of `root` that the configuration selects, repository-relative, sorted.
pub fn source_files(root: &Path, config: &Config) -> Vec<String> {
    let mut out = c_files(root);
    out.retain(|f| config.is_source(f));
    out
}

/// Every C file under `root` (hidden directories left out), repository-relative, sorted.
pub fn c_files(root: &Path) -> Vec<String> {
    files_with(root, &["c"])
}

/// Repository-relative paths of the files with one of these extensions (hidden ones left
/// out), sorted.
pub fn files_with(root: &Path, extensions: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    collect(root, root, extensions, &mut out);
    out.sort();
    out
}

fn collect(root: &Path, dir: &Path, extensions: &[&str], out: &mut Vec<String>) {
    let Ok(rd) = std::fs::read_dir(dir) else { return };
    for e in rd.flatten() {
        let p = e.path();
        if e.file_name().to_string_lossy().starts_with('.') {
            continue;
        }
        if p.is_dir() {
            collect(root, &p, extensions, out);
        } else if p.extension().is_some_and(|x| extensions.iter().any(|e| x == *e)) {
            if let Ok(rel) = p.strip_prefix(root) {
                out.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
}

/// Functions defined in the file itself (not in headers, not library models).
pub fn functions_in_file(p: &Program, rel: &str) -> Vec<(String, FuncId)> {
    let mut out = Vec::new();
    for (i, f) in p.funcs.iter().enumerate() {
        if f.body.is_none() || f.model || f.system {
            continue;
        }
        let file = p.file_name(f.loc);
        if file == rel || file.ends_with(&format!("/{rel}")) {
            out.push((f.name.clone(), FuncId(i as u32)));
        }
    }
    out.sort();
    out
}

/// Makes paths inside `root` repository-relative in any text.
pub fn relativise(root: &Path) -> impl Fn(&str) -> String {
    let prefix = format!("{}/", root.display().to_string().trim_end_matches('/'));
    move |s: &str| s.replace(&prefix, "")
}

/// Keys of one function of a lowered program.
pub fn keys(p: &Program, f: FuncId, o: &RunOptions, unwind: u32, timeout: Duration) -> (String, String) {
    keys_in(p, f, o, unwind, timeout, &std::cell::OnceCell::new())
}

/// [`keys`], with the program's inferred conventions computed at most once in `conventions`
/// for all the functions of `p` whose keys are made (inference walks the whole program, and
/// is needed only for functions that call through a written contract).
pub fn keys_in(
    p: &Program,
    f: FuncId,
    o: &RunOptions,
    unwind: u32,
    timeout: Duration,
    conventions: &std::cell::OnceCell<crate::contract::Conventions>,
) -> (String, String) {
    let so = SafetyOptions { unwind, ..o.safety.clone() };
    let threads = so.threads.for_entry(p, f).key_text();
    let opts = format!("{:?} {}{threads}", o.frontend.target, so.key_text());
    // through harnesses, the result also depends on the tests and the code they call
    let name = crate::ir::fingerprint::base_name(&p.func(f).name);
    let harness =
        o.harnesses.as_ref().and_then(|h| h.harness_key(name)).map(|t| format!("harness:{t}")).unwrap_or_default();
    // (handle parameters are made by the code base's constructor: its body counts too)
    let handles = crate::contract::handles::key_text(p, f);
    // callees with written contracts are used through them (run/safety.rs): their contracts
    // count, with what inference reads off them for f, not their bodies
    let through_contract = |g: FuncId| o.safety.preconditions && p.func(g).has_contract();
    let (mut text, mut located_text, ms) = (
        verification_text_with(p, f, false, &through_contract),
        verification_text_with(p, f, true, &through_contract),
        timeout.as_millis().to_string(),
    );
    let (funcs, _) = crate::ir::fingerprint::dependencies_with(p, f, &through_contract);
    let contracted: Vec<FuncId> = funcs.into_iter().filter(|&g| g != f && through_contract(g)).collect();
    if !contracted.is_empty() {
        let conventions = conventions.get_or_init(|| crate::contract::infer(p));
        for g in contracted {
            let seen = conventions.interface_text(g);
            text.push_str(&seen);
            located_text.push_str(&seen);
        }
    }
    let mut sem_parts = vec![text.as_str(), opts.as_str(), harness.as_str()];
    let mut located_parts = vec![located_text.as_str(), opts.as_str(), ms.as_str(), harness.as_str()];
    if !handles.is_empty() {
        sem_parts.push(&handles);
        located_parts.push(&handles);
    }
    let sem = key("safety", &sem_parts);
    let located = key("safety-located", &located_parts);
    (sem, located)
}

/// What `run` produced.
pub struct Outcome {
    /// (cache key, result) per function, in file and name order.
    pub results: Vec<(String, FunctionResult)>,
    pub reused: usize,
    pub verified: usize,
    /// Cache problems met on the way (a failed write); the results are still right.
    pub notes: Vec<String>,
}

/// Progress events for the command line.
pub enum Progress<'a> {
    Planned { total: usize, cached: usize },
    Done { done: usize, total: usize, result: &'a FunctionResult },
}

/// Puts the contract clauses of `.verdiff.yml` (`functions.<f>.requires` / `ensures`) into
/// the bodies of the functions the units define (frontend/clauses.rs); a unit whose text
/// then no longer lowers keeps the error (which names the configuration's line).
pub fn add_config_clauses(units: &mut [Unit], config: &Config, o: &RunOptions) {
    if config.clauses.is_empty() {
        return;
    }
    let clauses: Vec<frontend::clauses::TextClause> = config
        .clauses
        .iter()
        .map(|c| frontend::clauses::TextClause {
            function: c.function.clone(),
            ensures: c.ensures,
            expr: c.expr.clone(),
            line: c.line,
        })
        .collect();
    for u in units.iter_mut() {
        let Ok(text) = &u.text else { continue };
        let Ok(prog) = frontend::load_preprocessed(std::slice::from_ref(text), &o.frontend) else { continue };
        let defined = |name: &str| {
            let f = prog.func_named(name).filter(|&f| prog.func(f).body.is_some() && !prog.func(f).model)?;
            let loc = prog.func(f).loc;
            Some((prog.file_name(loc).to_string(), loc.line, loc.col))
        };
        let new = frontend::clauses::insert(text, &clauses, &defined, &config.file_name);
        if let Err(e) = frontend::load_preprocessed(std::slice::from_ref(&new), &o.frontend) {
            u.text = Err(format!("{} (a contract clause of {})", e, config.file_name));
            continue;
        }
        u.text = Ok(new);
    }
}

/// Preprocesses the selected files of `root`.
pub fn units(root: &Path, files: &[String], o: &RunOptions) -> Vec<Unit> {
    let rel = relativise(root);
    parallel::map(files, o.jobs, |f| {
        let src = Source { path: root.join(f), content: None };
        let text = frontend::preprocess_sources(&[src], &o.frontend)
            .map(|mut v| v.pop().unwrap_or_default())
            .map_err(|e| rel(&e.to_string()));
        Unit { rel: f.clone(), text }
    })
}

/// Verifies the functions of `units` that `select` accepts (by name), using and filling
/// `cache` when given.
pub fn run(
    root: &Path,
    units: &[Unit],
    config: &Config,
    o: &RunOptions,
    mut cache: Option<&mut Cache>,
    progress: &mut dyn FnMut(Progress<'_>),
) -> Outcome {
    let rel = relativise(root);
    let mut slots: Vec<Option<(String, FunctionResult)>> = Vec::new();
    let mut tasks: Vec<(usize, Task)> = Vec::new();
    // (slot, function, file, line, callers, the task on its own) of functions verified
    // through their callers
    let mut derived: Vec<(usize, String, String, u32, Vec<String>, Task)> = Vec::new();
    let mut reused = 0;
    // each unit alone, then the units that call into others again in their linked program
    let first = parallel::map(units, o.jobs, |u| plan_unit(u, &[], config, o, &rel));
    let interfaces: Vec<Option<link::Interface>> =
        first.iter().map(|r| r.as_ref().ok().map(|(_, i)| i.clone())).collect();
    let mut links = link::link_sets(&interfaces);
    let relink: Vec<usize> = (0..units.len()).filter(|&i| links[i].len() > 1).collect();
    let relinked = parallel::map(&relink, o.jobs, |&i| {
        let others: Vec<&Unit> = links[i][1..].iter().map(|&w| &units[w]).collect();
        plan_unit(&units[i], &others, config, o, &rel)
    });
    let mut planned: Vec<Result<Vec<Planned>, String>> = first.into_iter().map(|r| r.map(|(p, _)| p)).collect();
    for (&i, r) in relink.iter().zip(relinked) {
        match r {
            Ok((p, _)) => planned[i] = Ok(p),
            // the linked program does not lower: the unit alone, as before
            Err(_) => links[i].truncate(1),
        }
    }
    // where each function of the run is defined (for calls across files, see verify_task)
    let mut defined: HashMap<String, String> = HashMap::new();
    for (u, plan) in units.iter().zip(&planned) {
        for pl in plan.iter().flatten() {
            defined.entry(crate::ir::fingerprint::base_name(&pl.name).to_string()).or_insert_with(|| u.rel.clone());
        }
    }
    for (ui, (u, plan)) in units.iter().zip(planned).enumerate() {
        let fns = match plan {
            Ok(f) => f,
            Err(e) => {
                slots.push(Some((String::new(), unparsable(&u.rel, &e))));
                continue;
            }
        };
        for Planned { name, line, keys, unwind, timeout, callers } in fns {
            if let (Some(cs), Some((k, lk))) = (callers, &keys) {
                let task = Task {
                    file: ui,
                    function: name.clone(),
                    line,
                    key: k.clone(),
                    located_key: lk.clone(),
                    unwind,
                    timeout,
                };
                derived.push((slots.len(), name, u.rel.clone(), line, cs, task));
                slots.push(None);
                continue;
            }
            let Some((k, lk)) = keys else {
                slots.push(Some((
                    String::new(),
                    FunctionResult::unknown_row(name.clone(), u.rel.clone(), line, crate::config::SKIPPED),
                )));
                continue;
            };
            let hit = cache.as_deref().and_then(|c| {
                c.get(&k)
                    .filter(|e| e.result.safety == Some(Safety::Successful))
                    .map(|e| (k.clone(), e))
                    .or_else(|| c.get(&lk).map(|e| (lk.clone(), e)))
            });
            if let Some((key, e)) = hit {
                let mut r = e.result;
                // the name, file and line of today's code (the key does not cover them)
                r.function = name.clone();
                r.file = u.rel.clone();
                r.line = line;
                r.cached = true;
                reused += 1;
                slots.push(Some((key, r)));
                continue;
            }
            tasks
                .push((slots.len(), Task { file: ui, function: name, line, key: k, located_key: lk, unwind, timeout }));
            slots.push(None);
        }
    }
    let total = slots.len();
    progress(Progress::Planned { total, cached: reused });
    // (a function verified through its callers is done when its result is final)
    let mut done = total - tasks.len() - derived.len();
    let mut notes = Vec::new();
    let verified = tasks.len();

    let phase2 = Phase2 { root, units, links: &links, defined: &defined, o };
    phase2.verify(&tasks, &mut |slot, r| {
        done += 1;
        let Some(t) = tasks.iter().find(|(s, _)| *s == slot).map(|(_, t)| t) else { return };
        let key = if r.safety == Some(Safety::Successful) { t.key.clone() } else { t.located_key.clone() };
        if let (Some(c), true) = (cache.as_deref_mut(), worth_caching(&r, o.deadline)) {
            if let Err(e) = c.put(&key, "safety", &r) {
                notes.push(format!("result of {} not cached: {e}", r.function));
            }
        }
        progress(Progress::Done { done, total, result: &r });
        slots[slot] = Some((key, r));
    });
    // functions verified through their callers, callers first (a cycle stays unresolved)
    let mut known: HashMap<(String, String), FunctionResult> =
        slots.iter().flatten().map(|(_, r)| ((r.file.clone(), r.function.clone()), r.clone())).collect();
    let mut pending: Vec<_> =
        derived.iter().map(|(s, n, f, l, cs, _)| (*s, n.clone(), f.clone(), *l, cs.clone())).collect();
    let mut undecided: Vec<usize> = Vec::new();
    loop {
        let ready = |cs: &Vec<String>, file: &String, pending: &[(usize, String, String, u32, Vec<String>)]| {
            cs.iter().all(|c| !pending.iter().any(|(_, n, f, _, _)| n == c && f == file))
        };
        let (now, later): (Vec<_>, Vec<_>) =
            pending.iter().cloned().partition(|(_, _, file, _, cs)| ready(cs, file, &pending));
        let stuck = now.is_empty();
        let batch = if stuck { later.clone() } else { now };
        for (slot, name, file, line, cs) in batch {
            let mut r = callers::derive(&name, &file, line, &cs, &known);
            if stuck {
                r.detail = format!("verified only through its callers ({}), which call each other", cs.join(", "));
            }
            if r.safety == Some(Safety::Unknown) {
                undecided.push(slot);
            } else {
                done += 1;
                progress(Progress::Done { done, total, result: &r });
            }
            known.insert((file.clone(), name.clone()), r.clone());
            slots[slot] = Some((String::new(), r));
        }
        if stuck {
            break;
        }
        pending = later;
        if pending.is_empty() {
            break;
        }
    }
    // where the callers do not decide it: the function on its own, under its precondition
    // (a proof covers every caller; a violation may need an input no caller passes)
    // (its result on its own is cached like any other: a re-run does not verify it again)
    let mut fallback: Vec<(usize, Task)> = Vec::new();
    for (slot, task) in derived.into_iter().filter(|d| undecided.contains(&d.0)).map(|(s, _, _, _, _, t)| (s, t)) {
        let hit = cache.as_deref().and_then(|c| {
            c.get(&task.key)
                .filter(|e| e.result.safety == Some(Safety::Successful))
                .or_else(|| c.get(&task.located_key))
        });
        match (hit, slots[slot].take()) {
            (Some(e), Some((_, through))) => {
                let mut own = e.result;
                own.function = task.function.clone();
                own.line = task.line;
                let mut r = callers::on_its_own(through, own);
                r.cached = true;
                reused += 1;
                done += 1;
                progress(Progress::Done { done, total, result: &r });
                slots[slot] = Some((String::new(), r));
            }
            (_, through) => {
                slots[slot] = through;
                fallback.push((slot, task));
            }
        }
    }
    phase2.verify(&fallback, &mut |slot, own| {
        let Some((_, through)) = slots[slot].take() else { return };
        if let Some(t) = fallback.iter().find(|(s, _)| *s == slot).map(|(_, t)| t) {
            let key = if own.safety == Some(Safety::Successful) { &t.key } else { &t.located_key };
            if let (Some(c), true) = (cache.as_deref_mut(), worth_caching(&own, o.deadline)) {
                if let Err(e) = c.put(key, "safety", &own) {
                    notes.push(format!("result of {} not cached: {e}", own.function));
                }
            }
        }
        let r = callers::on_its_own(through, own);
        done += 1;
        progress(Progress::Done { done, total, result: &r });
        slots[slot] = Some((String::new(), r));
    });

    // a worker that died (it cannot, short of a bug) leaves its slots empty: say so
    let results = slots
        .into_iter()
        .enumerate()
        .map(|(i, s)| {
            s.unwrap_or_else(|| {
                let t = tasks.iter().find(|(slot, _)| *slot == i).map(|(_, t)| t);
                let (function, file, line) =
                    t.map(|t| (t.function.clone(), units[t.file].rel.clone(), t.line)).unwrap_or_default();
                (
                    String::new(),
                    FunctionResult::unknown_row(
                        function,
                        file,
                        line,
                        "internal error: the verification of this function did not finish",
                    ),
                )
            })
        })
        .collect();
    Outcome { results, reused, verified, notes }
}

/// A function of a unit as phase 1 plans it: its cache keys (None: skipped by the
/// configuration), bound and time limit.
struct Planned {
    name: String,
    line: u32,
    keys: Option<(String, String)>,
    unwind: u32,
    timeout: Duration,
    /// Verified through these callers instead (run/callers.rs).
    callers: Option<Vec<String>>,
}

/// Lowers one unit (linked with `others`) and computes the keys of its selected functions;
/// also, for the unit alone (no `others`), what it offers and needs (run/link.rs).
fn plan_unit(
    u: &Unit,
    others: &[&Unit],
    config: &Config,
    o: &RunOptions,
    rel: &dyn Fn(&str) -> String,
) -> Result<(Vec<Planned>, link::Interface), String> {
    let mut texts = vec![u.text.as_ref().map_err(Clone::clone)?.clone()];
    for w in others {
        texts.push(w.text.as_ref().map_err(Clone::clone)?.clone());
    }
    let prog = frontend::load_preprocessed(&texts, &o.frontend).map_err(|e| rel(&e.to_string()))?;
    // (what the unit offers and needs is read off the unit alone)
    let interface = if others.is_empty() { link::interface(&prog) } else { link::Interface::default() };
    let mut out = Vec::new();
    let selected = |name: &str| {
        (config.entries.is_empty() || config.entries.iter().any(|e| e == name))
            && shard::selected(o.shard, name)
            && !config.skipped(name)
    };
    let conventions = std::cell::OnceCell::new();
    for (name, f) in functions_in_file(&prog, &u.rel) {
        if !selected(&name) {
            continue;
        }
        let line = prog.func(f).loc.line;
        let unwind = config.unwind_for(&name);
        let timeout = Duration::from_secs(config.timeout_for(&name));
        let keys = (!config.skipped(&name)).then(|| keys_in(&prog, f, o, unwind, timeout, &conventions));
        // (only when this run verifies every caller)
        let callers =
            callers::callers_in_view(&prog, f).filter(|cs| o.safety.preconditions && cs.iter().all(|c| selected(c)));
        out.push(Planned { name, line, keys, unwind, timeout, callers });
    }
    Ok((out, interface))
}

/// Whether a safety result may be stored in the cache: not when a limit of this run shaped it
/// — the whole run's deadline (`run_timeout`, diff's `--budget`) passed before a verdict, or
/// the memory budget stopped it — since the next run, with other limits, could decide it.
pub fn worth_caching(r: &FunctionResult, deadline: Option<Instant>) -> bool {
    let cut = deadline.is_some_and(|d| Instant::now() >= d) && !r.safety.is_some_and(Safety::verified);
    let memory = r.safety == Some(Safety::Unknown) && (r.detail.contains(" terms") || r.detail.contains("memory"));
    // (a crash is not an answer the next run should be given)
    let crashed = r.safety == Some(Safety::Unknown) && r.detail.starts_with("internal error");
    !cut && !memory && !crashed
}

fn unparsable(rel: &str, e: &str) -> FunctionResult {
    FunctionResult::unknown_row("(whole file)", rel, 0, format!("the file could not be read: {e}"))
}

fn verify_task(
    prog: Option<&Program>,
    t: &Task,
    file: &str,
    defined: &HashMap<String, String>,
    o: &RunOptions,
    rel: &dyn Fn(&str) -> String,
) -> FunctionResult {
    let start = Instant::now();
    let mut r = FunctionResult::unknown_row(t.function.clone(), file, t.line, "");
    let Some(p) = prog else {
        r.detail = "the file could not be lowered again".into();
        return r;
    };
    let Some(f) = p.func_named(&t.function) else {
        r.detail = "the function disappeared between phases".into();
        return r;
    };
    if o.deadline.is_some_and(|d| Instant::now() >= d) {
        r.detail = RUN_TIME_UP.into();
        return r;
    }
    let so = SafetyOptions { unwind: t.unwind, ..o.safety.clone() };
    let own = start + t.timeout;
    let deadline = o.deadline.map_or(own, |d| d.min(own));
    // a panic in one function's verification must not take the others down
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let through = o.harnesses.as_ref().and_then(|h| {
            h.check_through_tests(&t.function, &rel(p.file_name(p.func(f).loc)), &o.frontend, &so, Some(deadline))
        });
        match through {
            Some(x) => x,
            None => match unlinked_callee(p, f, &|g| defined.get(g).filter(|d| d.as_str() != file).cloned()) {
                // one file is lowered at a time: a call into another file of the code base
                // would be an unknown function (any result, globals untouched) — neither a
                // proof nor a real counterexample
                Some((g, there)) => crate::record::SafetyResult::new(
                    Safety::Unknown,
                    format!(
                        "calls `{g}`, defined in {there}, and verdiff run verifies one file at a time (check them together: verdiff check {file} {there} --function {})",
                        t.function
                    ),
                ),
                None => safety::check(p, f, &so, Some(deadline), rel),
            },
        }
    }));
    let mut phases = None;
    match outcome {
        Ok(res) => {
            r.safety = Some(res.safety);
            r.detail = res.detail;
            r.claims = res.claims;
            r.assumes = res.assumes;
            phases = Some(res.phases);
        }
        Err(payload) => {
            r.detail = match crate::engine::limit_of_panic(payload.as_ref()) {
                Some(limit) => format!("{limit} (outside the solver's phases)"),
                None => "internal error while verifying this function (please report it)".into(),
            }
        }
    }
    r.seconds = start.elapsed().as_secs_f64();
    r.phases_ms = phases.map(|p| p.within(r.seconds));
    r
}

/// A function `f` reaches that has no body here, no library model and no system-header
/// declaration, for which `defined_in` names another file: (its name, that file).
pub fn unlinked_callee(
    p: &Program,
    f: FuncId,
    defined_in: &dyn Fn(&str) -> Option<String>,
) -> Option<(String, String)> {
    // (not through the library's models: what they call is the engine's to interpret — an
    // fprintf model's memcpy is no callee of the code base's)
    let library = |g: FuncId| p.func(g).model || p.func(g).system;
    let (funcs, _) = crate::ir::fingerprint::dependencies_with(p, f, &library);
    funcs.into_iter().find_map(|g| {
        let func = p.func(g);
        if func.body.is_some() || func.model || func.system {
            return None;
        }
        let name = crate::ir::fingerprint::base_name(&func.name);
        // verifier names (`__ESBMC_assume`, `__VERIFIER_nondet_int`, …, called by verdiff's
        // own library models too) are verdiff's to interpret: no file of the code base
        // defines them
        if is_verifier_name(name) {
            return None;
        }
        defined_in(name).map(|there| (name.to_string(), there))
    })
}

/// Whether `name` belongs to the verifier rather than to the code base: the verification API
/// (assume, assert, …), nondeterministic values, the reserved prefixes of ESBMC, CBMC,
/// SV-COMP and GCC builtins, and verdiff's own (its C library models call
/// `__verdiff_approx_double` and `__vd_` helpers).
pub fn is_verifier_name(name: &str) -> bool {
    crate::instrument::is_verification_api(name)
        || ["__ESBMC_", "__CPROVER_", "__VERIFIER_", "__builtin_", "nondet_", "__verdiff_", "__vd_"]
            .iter()
            .any(|p| name.starts_with(p))
}

/// Front-end options from the configuration: include dirs relative to `root`, then `root`.
pub fn frontend_options(root: &Path, config: &Config) -> FrontendOptions {
    use crate::ir::{DataModel, Target};
    let model = match config.data_model {
        crate::config::DataModelName::Lp64 => DataModel::Lp64,
        crate::config::DataModelName::Ilp32 => DataModel::Ilp32,
    };
    let mut fo =
        FrontendOptions { target: Target { model, char_signed: true, big_endian: false }, ..Default::default() };
    fo.pp.include_dirs = config.include_dirs.iter().map(|d| root.join(d)).collect::<Vec<PathBuf>>();
    fo.pp.include_dirs.push(root.to_path_buf());
    // (a revision written into a scratch directory keeps the work tree's `__FILE__`)
    fo.pp.file_root = Some(root.to_path_buf());
    fo.pp.defines = config.defines.clone();
    fo
}

/// Safety options from the configuration.
pub fn safety_options(config: &Config) -> SafetyOptions {
    let c = &config.checks;
    let checks = crate::instrument::CheckOptions {
        bounds: c.bounds,
        div_by_zero: c.div_by_zero,
        pointer: c.pointer,
        pointer_relation: c.pointer,
        alignment: c.pointer,
        overflow: c.overflow,
        unsigned_overflow: c.unsigned_overflow,
        conversion: c.overflow || c.unsigned_overflow,
        assertions: c.assertions,
        ..crate::instrument::CheckOptions::default()
    };
    // (the same bound for every function: it is part of no cache key, since a result it cuts
    // short is UNKNOWN, never a verdict)
    let (_, max_terms) = safety::memory_budget(config.memory);
    SafetyOptions {
        checks,
        unwind: config.unwind,
        memory_leak: c.memory_leak,
        max_terms,
        preconditions: config.preconditions,
        threads: safety::ThreadChecks { data_races: c.data_races, deadlock: c.deadlock },
        ..SafetyOptions::default()
    }
}

/// Time a function's process gets beyond its own deadline to notice it and answer: a
/// twentieth of the limit in whole seconds, 1–30 s, so that a function ended by it still ends
/// within a tenth of its limit (the verification stops itself within half a second of its
/// deadline, `term::limit` and the solver's watchdog; only a Z3 call that ignores its
/// interrupt waits for this).
pub fn kill_grace(limit: Duration) -> Duration {
    Duration::from_secs(limit.as_secs().div_ceil(20).clamp(1, 30))
}

/// What phase 2 verifies tasks with: the units, what each links (`links`: a unit with the
/// units that define what it calls), where each function is defined, and the options.
struct Phase2<'a> {
    root: &'a Path,
    units: &'a [Unit],
    links: &'a [Vec<usize>],
    defined: &'a HashMap<String, String>,
    o: &'a RunOptions,
}

impl Phase2<'_> {
    /// Verifies `tasks` in child processes when `o.isolation` says so, else on worker
    /// threads; `each` gets every (slot, result) on the calling thread as it arrives.
    fn verify(&self, tasks: &[(usize, Task)], each: &mut dyn FnMut(usize, FunctionResult)) {
        if tasks.is_empty() {
            return;
        }
        #[cfg(unix)]
        if let Some(iso) = self.o.isolation {
            return self.in_processes(tasks, iso, each);
        }
        self.on_threads(tasks, each)
    }

    /// The program a task is verified in: its unit lowered with the units it links (None
    /// when one of them has no text or the set does not lower).
    fn lower(&self, file: usize) -> Option<Program> {
        let alone = [file];
        let set = self.links.get(file).map_or(&alone[..], Vec::as_slice);
        let texts = set.iter().map(|&w| self.units[w].text.clone().ok()).collect::<Option<Vec<String>>>()?;
        frontend::load_preprocessed(&texts, &self.o.frontend).ok()
    }

    /// Phase 2 with one child process per function, `o.jobs` at a time, each ended at its
    /// deadline plus `kill_grace` or at the memory budget: the limits hold even when the
    /// solver ignores an interrupt. Programs are lowered here, once per file, and reach the
    /// children by the fork.
    #[cfg(unix)]
    fn in_processes(&self, tasks: &[(usize, Task)], iso: Isolation, each: &mut dyn FnMut(usize, FunctionResult)) {
        let Phase2 { root, units, defined, o, .. } = *self;
        let rel = relativise(root);
        let mut programs: HashMap<usize, Option<Program>> = HashMap::new();
        let mut pool: isolate::Pool<(usize, Instant, Duration)> = isolate::Pool::default();
        let jobs = o.jobs.max(1);
        let mut next = 0;
        loop {
            while pool.len() < jobs && next < tasks.len() {
                let (slot, t) = &tasks[next];
                next += 1;
                let file = units[t.file].rel.as_str();
                let prog = programs.entry(t.file).or_insert_with(|| self.lower(t.file)).as_ref();
                let start = Instant::now();
                if o.deadline.is_some_and(|d| start >= d) {
                    each(*slot, FunctionResult::unknown_row(t.function.clone(), file, t.line, RUN_TIME_UP));
                    continue;
                }
                let deadline = o.deadline.map_or(start + t.timeout, |d| d.min(start + t.timeout));
                let limits =
                    isolate::Limits { kill_at: deadline + kill_grace(t.timeout), memory_mb: Some(iso.memory_mb) };
                let work = || {
                    // (in the child, which exits with its answer: past the deadline, nothing
                    // large is freed — term::teardown)
                    crate::engine::leak_after(deadline);
                    serde_json::to_vec(&verify_task(prog, t, file, defined, o, &rel)).unwrap_or_default()
                };
                if let Err(e) = pool.start((*slot, start, t.timeout), limits, work) {
                    // no process to be had: verify it here, as the threads would (without the
                    // hard limit, which the warning says)
                    eprintln!("verdiff: {e}; {} is verified in the main process", t.function);
                    each(*slot, verify_task(prog, t, file, defined, o, &rel));
                }
            }
            if pool.is_empty() {
                break;
            }
            let ((slot, start, timeout), ended) = pool.wait_any();
            let Some(t) = tasks.iter().find(|(s, _)| *s == slot).map(|(_, t)| t) else { continue };
            let row = |why: String| {
                let mut r = FunctionResult::unknown_row(t.function.clone(), units[t.file].rel.clone(), t.line, why);
                r.seconds = start.elapsed().as_secs_f64();
                r
            };
            let r = match ended {
                isolate::Ended::Done(bytes) => serde_json::from_slice::<FunctionResult>(&bytes).unwrap_or_else(|e| {
                    row(format!("internal error: the verification's answer could not be read ({e})"))
                }),
                isolate::Ended::TimeLimit if o.deadline.is_some_and(|d| Instant::now() >= d && d < start + timeout) => {
                    row(format!("{RUN_TIME_UP} while this function was verified (its process was ended)"))
                }
                isolate::Ended::TimeLimit => row(format!(
                    "time limit of {}s reached (the verification did not stop within {}s more; its process was ended)",
                    timeout.as_secs(),
                    kill_grace(timeout).as_secs()
                )),
                isolate::Ended::MemoryLimit(mb) => {
                    row(format!("memory limit of {mb} MB reached (resident memory; its process was ended)"))
                }
                isolate::Ended::Crashed(why) => row(format!(
                    "internal error: the verification of this function ended abnormally ({why}); please report it"
                )),
            };
            each(slot, r);
        }
    }

    /// Phase 2 on worker threads (each lowers the programs it needs itself).
    fn on_threads(&self, tasks: &[(usize, Task)], each: &mut dyn FnMut(usize, FunctionResult)) {
        let Phase2 { root, units, defined, o, .. } = *self;
        let next = AtomicUsize::new(0);
        let (tx, rx) = mpsc::channel::<(usize, FunctionResult)>();
        let jobs = o.jobs.max(1).min(tasks.len().max(1));
        std::thread::scope(|sc| {
            for _ in 0..jobs {
                let tx = tx.clone();
                let next = &next;
                let _ = std::thread::Builder::new().stack_size(1 << 30).spawn_scoped(sc, move || {
                    let rel = relativise(root);
                    let mut programs: HashMap<usize, Option<Program>> = HashMap::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::SeqCst);
                        let Some((slot, t)) = tasks.get(i) else { break };
                        let prog = programs.entry(t.file).or_insert_with(|| self.lower(t.file));
                        let r = verify_task(prog.as_ref(), t, &units[t.file].rel, defined, o, &rel);
                        if tx.send((*slot, r)).is_err() {
                            break;
                        }
                    }
                });
            }
            drop(tx);
            for (slot, r) in rx {
                each(slot, r);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::kill_grace;
    use std::time::Duration;

    #[test]
    fn a_function_ended_by_the_kill_grace_still_ends_within_a_tenth_of_its_limit() {
        let secs = |s| kill_grace(Duration::from_secs(s)).as_secs();
        assert_eq!((secs(1), secs(20), secs(30), secs(60), secs(3600)), (1, 1, 2, 3, 30));
        for limit in 10..=600 {
            let l = Duration::from_secs(limit);
            assert!(l + kill_grace(l) <= l + l / 10, "limit {limit} s");
        }
    }
}
