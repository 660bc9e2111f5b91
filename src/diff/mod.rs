//! `verdiff diff`: which C functions changed between two revisions, and whether their
//! behaviour did.
//!
//! For each changed C file (and, when a header changed, every C file), both versions are
//! lowered with the headers of their own revision; functions are mapped by name (renamed
//! functions by the similarity of their normalised IR) and compared by semantic fingerprint
//! (`ir::fingerprint`). A function whose fingerprint changed — or that calls a function whose
//! fingerprint changed — gets an equivalence check against its base version; when that does
//! not prove equivalence, and for new functions, the safety checks of `verdiff check` run on
//! the new version with the function as entry point.
//!
//! Depends on: frontend, ir, instrument, engine, equiv. Must not depend on cli or report.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::cache::{key::key, Cache};
use crate::config::{FunctionConfig, SKIPPED};
use crate::equiv::{self, EquivOptions, EquivVerdict};
use crate::frontend::{self, Source};
use crate::ir::fingerprint::{deep_fingerprint, fingerprint, normal_form, verification_text};
use crate::ir::{FuncId, Program};
use crate::record::{self, Claim, FunctionResult};
use crate::run::safety::{self as run_safety, SafetyOptions};
use crate::vcs::Change;

mod link;
mod threads;

/// What happened to a function.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub enum Status {
    Unchanged,
    Equivalent,
    /// Equivalent on every input on which both versions terminate (relational invariants).
    EquivalentIfTerminating,
    EquivalentUpTo(u32),
    /// The behaviour changed: a description of the distinguishing input and outputs.
    BehaviourChanged(String),
    New,
    Removed,
    Unknown(String),
}

impl Status {
    pub fn kind(&self) -> &'static str {
        match self {
            Status::Unchanged => "unchanged",
            Status::Equivalent => "equivalent",
            Status::EquivalentIfTerminating => "equivalent-if-terminating",
            Status::EquivalentUpTo(_) => "equivalent-up-to-bound",
            Status::BehaviourChanged(_) => "behaviour-changed",
            Status::New => "new",
            Status::Removed => "removed",
            Status::Unknown(_) => "unknown",
        }
    }
    pub fn text(&self) -> String {
        match self {
            Status::EquivalentUpTo(k) => format!("equivalent up to bound {k}"),
            Status::BehaviourChanged(d) => format!("behaviour changed: {d}"),
            Status::Unknown(r) => format!("unknown: {r}"),
            other => other.kind().replace('-', " "),
        }
    }
}

/// The safety verdict of a changed or new function (run from it as entry point).
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct Safety {
    pub verdict: String,
    pub detail: String,
    /// Violated and undecided claims, with counterexamples.
    pub claims: Vec<Claim>,
    /// Served from the cache.
    pub cached: bool,
    /// The precondition the verdict assumes (docs/contracts.md).
    pub assumes: Vec<String>,
}

#[derive(Clone, Debug)]
pub struct Row {
    pub function: String,
    /// The name in the base revision when it was renamed.
    pub old_name: Option<String>,
    pub file: String,
    pub old_file: Option<String>,
    pub line: u32,
    pub status: Status,
    pub safety: Option<Safety>,
    pub time: Duration,
    /// Normalised IR (for matching functions renamed across files).
    pub norm: String,
    /// For a function that starts threads: the changed functions it or its threads run (it
    /// was checked again under interleavings, for data races and deadlocks, because of them;
    /// docs/threads.md §9).
    pub threads: Vec<String>,
    /// For a changed function: the rows' functions whose threads run it (their check under
    /// interleavings covers it).
    pub in_threads_of: Vec<String>,
}

impl Row {
    pub fn safety_failed(&self) -> bool {
        self.safety.as_ref().is_some_and(|s| s.verdict == "FAILED")
    }
    pub fn safety_unknown(&self) -> bool {
        self.safety.as_ref().is_some_and(|s| s.verdict == "UNKNOWN")
    }
}

pub struct DiffOptions {
    pub equiv: EquivOptions,
    /// Include directories relative to the repository root.
    pub include_dirs: Vec<PathBuf>,
    /// The safety checks run on changed-not-proven and new functions.
    pub safety: SafetyOptions,
    /// Time for the whole comparison (pre-commit); functions reached after it are reported
    /// as not checked, not verified.
    pub budget: Option<Instant>,
    pub cache: Option<std::cell::RefCell<Cache>>,
    /// Only the functions of this shard (`--shard I/N`).
    pub shard: Option<crate::run::shard::Shard>,
    /// Harnesses from the head's unit tests (functions with tests are checked through them).
    pub harnesses: Option<std::sync::Arc<dyn crate::run::Harnesses>>,
    /// Settings of single functions (`.verdiff.yml` `functions.<name>`: own bound and time
    /// limit, or not verified), by name; a flag given on the command line has cleared the
    /// setting it overrides.
    pub functions: BTreeMap<String, FunctionConfig>,
    /// Contract clauses of `.verdiff.yml`, put into the bodies of both sides.
    pub clauses: Vec<frontend::clauses::TextClause>,
    /// The configuration file's name, as clause errors name it.
    pub config_name: String,
    /// Which repository-relative .c files are sources (`.verdiff.yml` `sources` less `exclude`
    /// and the unit tests); None: every file. A changed header re-compares the sources only.
    pub is_source: Option<SourceFilter>,
    /// Functions checked at once (the checks of a batch of files are spread over them).
    pub jobs: usize,
    /// Check each function in a child process that is ended at its time limit (twice the
    /// limit when a safety check follows the equivalence check, plus a grace period) or its
    /// memory budget, instead of in this process, one at a time (run/isolate.rs). Only for
    /// a caller whose other threads are idle (the command line).
    pub isolation: Option<crate::run::Isolation>,
    /// Told of every row whose check finished, with the number of checks done and planned
    /// (for progress output).
    pub progress: Option<Progress>,
}

/// Told of every row whose check finished: the row, the checks done, the checks planned (of
/// the batch of files being checked; see `compare`).
pub type Progress = Box<dyn Fn(&Row, usize, usize)>;

/// Which repository-relative paths are sources.
pub type SourceFilter = std::sync::Arc<dyn Fn(&str) -> bool + Send + Sync>;

/// The reason given for functions the time budget did not reach.
pub const OVER_BUDGET: &str = "not checked: the time budget was used up";

impl DiffOptions {
    fn over_budget(&self) -> bool {
        self.budget.is_some_and(|b| Instant::now() >= b)
    }
    /// The deadline of one check of `function`: its time limit, cut by the budget.
    fn deadline(&self, function: &str) -> Option<Instant> {
        let own = self.timeout_of(function).map(|t| Instant::now() + t);
        match (own, self.budget) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }
    fn skipped(&self, function: &str) -> bool {
        self.functions.get(function).is_some_and(|f| f.skip)
    }
    fn unwind_of(&self, function: &str) -> Option<u32> {
        self.functions.get(function).and_then(|f| f.unwind)
    }
    fn timeout_of(&self, function: &str) -> Option<Duration> {
        self.functions.get(function).and_then(|f| f.timeout).map(Duration::from_secs).or(self.equiv.timeout)
    }
    /// The equivalence options for `function` (its own bound and time limit).
    fn equiv_of(&self, function: &str) -> EquivOptions {
        EquivOptions {
            unwind: self.unwind_of(function).unwrap_or(self.equiv.unwind),
            timeout: self.timeout_of(function),
            ..self.equiv.clone()
        }
    }
    /// The safety options for `function` (its own bound).
    fn safety_of(&self, function: &str) -> SafetyOptions {
        SafetyOptions { unwind: self.unwind_of(function).unwrap_or(self.safety.unwind), ..self.safety.clone() }
    }

    fn cached(&self, key: &str) -> Option<FunctionResult> {
        self.cache.as_ref()?.borrow().get(key).map(|e| e.result)
    }
    fn store(&self, key: &str, kind: &str, r: &FunctionResult) {
        if let Some(c) = &self.cache {
            // a cache that cannot be written only costs time next run
            let _ = c.borrow_mut().put(key, kind, r);
        }
    }
}

/// One side of the comparison: where its files are.
pub struct Side<'a> {
    pub root: &'a Path,
}

/// Front-end options for one side: `-I` directories relative to its root, then the root.
fn side_options(root: &Path, o: &DiffOptions) -> crate::frontend::FrontendOptions {
    let mut fo = o.equiv.frontend.clone();
    fo.pp.include_dirs =
        o.include_dirs.iter().map(|d| if d.is_absolute() { d.clone() } else { root.join(d) }).collect();
    fo.pp.include_dirs.push(root.to_path_buf());
    fo.pp.file_root = Some(root.to_path_buf());
    fo
}

/// A file of one side: its preprocessed text (reused by every equivalence check of its
/// functions) and the program lowered from it.
/// The preprocessed texts of `rel` in `root` (its own first, then the files of the revision
/// that define what it calls: `link.rs`) and their program.
fn load(root: &Path, rel: &str, o: &DiffOptions) -> Result<(Vec<String>, Program), String> {
    let src = Source { path: root.join(rel), content: None };
    let prefix = format!("{}/", root.display());
    let err = |e: frontend::FrontendError| e.to_string().replace(&prefix, "");
    let fo = side_options(root, o);
    let text = frontend::preprocess_sources(&[src], &fo).map_err(err)?.pop().unwrap_or_default();
    let prog = frontend::load_preprocessed(std::slice::from_ref(&text), &fo).map_err(err)?;
    let (text, prog) = if o.clauses.is_empty() {
        (text, prog)
    } else {
        // the configuration's contract clauses, in the bodies of the functions this file defines
        let defined = |name: &str| {
            let f = prog.func_named(name).filter(|&f| prog.func(f).body.is_some() && !prog.func(f).model)?;
            let loc = prog.func(f).loc;
            Some((prog.file_name(loc).to_string(), loc.line, loc.col))
        };
        let text = frontend::clauses::insert(&text, &o.clauses, &defined, &o.config_name);
        let prog = frontend::load_preprocessed(std::slice::from_ref(&text), &fo).map_err(err)?;
        (text, prog)
    };
    let is_source = |r: &str| o.is_source.as_ref().is_none_or(|f| f(r));
    match link::with_callees(root, rel, text, &prog, &is_source, &fo) {
        (texts, Some(linked)) => Ok((texts, linked)),
        (texts, None) => Ok((texts, prog)),
    }
}

/// Equivalence of `a` (old file `op`) and `b` (new file `np`), and the safety checks of the
/// new version when equivalence is not proven.
#[allow(clippy::too_many_arguments)]
fn equivalence(
    old: &Side<'_>,
    op: &str,
    a: &str,
    new: &Side<'_>,
    np: &str,
    b: &str,
    texts: (&[String], &[String]),
    (po, fa): (&Program, FuncId),
    (pn, fb): (&Program, FuncId),
    threads: bool,
    o: &DiffOptions,
) -> (Status, Option<Safety>) {
    if o.over_budget() {
        return (Status::Unknown(OVER_BUDGET.into()), None);
    }
    // (the function's own bound and time limit; the key covers them)
    let own = o.equiv_of(b);
    let mut eo = own.clone();
    if let Some(d) = o.deadline(b) {
        eo.timeout = Some(d.saturating_duration_since(Instant::now()).max(std::time::Duration::from_millis(1)));
    }
    eo.files = (op.to_string(), np.to_string());
    eo.frontend = side_options(old.root, o);
    eo.new_frontend = Some(side_options(new.root, o));
    let strip =
        |s: String| s.replace(&format!("{}/", old.root.display()), "").replace(&format!("{}/", new.root.display()), "");
    // the verdict depends on both call trees and the options (time included: deepening and
    // EQUIVALENT UP TO BOUND depend on it); undecided results are not kept
    let equiv_key = o.cache.as_ref().map(|_| {
        key(
            "equiv",
            &[
                &verification_text(po, fa, false),
                &verification_text(pn, fb, false),
                &format!("{a}/{b} {}", own.key_text()),
            ],
        )
    });
    let cached = equiv_key.as_deref().and_then(|k| o.cached(k)).and_then(|r| status_of(&r));
    let status = match cached {
        Some(s) => s,
        None => {
            let s = match equiv::check_preprocessed(texts.0, texts.1, a, b, &eo) {
                Err(e) => Status::Unknown(strip(e.to_string())),
                Ok(res) => match res.verdict {
                    EquivVerdict::Equivalent => Status::Equivalent,
                    EquivVerdict::EquivalentIfTerminating => Status::EquivalentIfTerminating,
                    EquivVerdict::EquivalentUpTo(k) => Status::EquivalentUpTo(k),
                    EquivVerdict::NotEquivalent(d) => Status::BehaviourChanged(strip(describe(&d))),
                    EquivVerdict::Unknown(w) => Status::Unknown(strip(w)),
                },
            };
            // (a bound reached while the budget ran out depends on the budget, not on the key)
            let cut_short = matches!(s, Status::EquivalentUpTo(_)) && o.over_budget();
            if let (Some(k), false) = (&equiv_key, matches!(s, Status::Unknown(_)) || cut_short) {
                let r = FunctionResult {
                    function: b.to_string(),
                    file: np.to_string(),
                    line: 0,
                    change: s.kind().into(),
                    change_detail: status_detail(&s),
                    safety: None,
                    detail: String::new(),
                    claims: vec![],
                    seconds: 0.0,
                    cached: false,
                    assumes: vec![],
                    phases_ms: None,
                };
                o.store(k, "equiv", &r);
            }
            s
        }
    };
    // (a function that starts threads whose code changed is checked under interleavings
    // even when equivalent: equivalence of its results says nothing of races and deadlocks)
    let safety = if threads || matches!(status, Status::BehaviourChanged(_) | Status::Unknown(_)) {
        let mut s = safety(pn, fb, o, new.root);
        if threads && threads::violates_thread_claims(&s) && !o.over_budget() {
            // (the base version without the head's unit tests: they belong to the head)
            let base = safety_with(po, fa, o, old.root, None);
            if base.verdict != "UNKNOWN" || threads::violates_thread_claims(&base) {
                threads::mark_against_base(&mut s, &base);
            }
        }
        Some(s)
    } else {
        None
    };
    (status, safety)
}

fn status_detail(s: &Status) -> String {
    match s {
        Status::BehaviourChanged(d) | Status::Unknown(d) => d.clone(),
        Status::EquivalentUpTo(k) => k.to_string(),
        _ => String::new(),
    }
}

/// The status a cached equivalence result stands for.
fn status_of(r: &FunctionResult) -> Option<Status> {
    Some(match r.change.as_str() {
        "equivalent" => Status::Equivalent,
        "equivalent-if-terminating" => Status::EquivalentIfTerminating,
        "equivalent-up-to-bound" => Status::EquivalentUpTo(r.change_detail.parse().ok()?),
        "behaviour-changed" => Status::BehaviourChanged(r.change_detail.clone()),
        _ => return None,
    })
}

/// Functions defined in file `rel` of a program (not in headers, not library models).
fn functions_of(p: &Program, rel: &str) -> BTreeMap<String, FuncId> {
    let mut out = BTreeMap::new();
    for (i, f) in p.funcs.iter().enumerate() {
        if f.body.is_none() || f.model || f.system {
            continue;
        }
        let file = p.file_name(f.loc);
        if file == rel || file.ends_with(&format!("/{rel}")) {
            out.insert(f.name.clone(), FuncId(i as u32));
        }
    }
    out
}

fn tokens(s: &str) -> BTreeSet<String> {
    s.split(|c: char| !(c.is_alphanumeric() || c == '_')).filter(|t| !t.is_empty()).map(String::from).collect()
}

fn similarity(a: &str, b: &str) -> f64 {
    let (x, y) = (tokens(a), tokens(b));
    let inter = x.intersection(&y).count() as f64;
    let union = x.union(&y).count() as f64;
    if union == 0.0 {
        1.0
    } else {
        inter / union
    }
}

/// The cache keys of `f`'s safety result (see `run`: proofs under the semantic key, the
/// others under a key that covers locations and the time limit).
fn safety_keys(p: &Program, f: FuncId, o: &DiffOptions, harnesses: Option<&HarnessSet>) -> (String, String) {
    let name = crate::ir::fingerprint::base_name(&p.func(f).name);
    let so = o.safety_of(name);
    let ro = crate::run::RunOptions {
        frontend: o.equiv.frontend.clone(),
        safety: so.clone(),
        jobs: 1,
        shard: None,
        deadline: None,
        harnesses: harnesses.cloned(),
        isolation: None,
    };
    let timeout = o.timeout_of(name).unwrap_or(std::time::Duration::from_secs(60));
    crate::run::keys(p, f, &ro, so.unwind, timeout)
}

/// A cached safety result of `f`, if any (never verifies).
fn cached_safety(p: &Program, f: FuncId, o: &DiffOptions, harnesses: Option<&HarnessSet>) -> Option<Safety> {
    o.cache.as_ref()?;
    let (sem, located) = safety_keys(p, f, o, harnesses);
    let keep = |s: record::Safety| s.verified();
    let r = o.cached(&sem).filter(|r| r.safety.is_some_and(keep)).or_else(|| o.cached(&located))?;
    Some(Safety {
        verdict: r.safety?.name().into(),
        detail: r.detail,
        claims: r.claims,
        cached: true,
        assumes: r.assumes,
    })
}

/// Runs the safety checks of `verdiff check` on `f` of program `p` (bounded by the unwind),
/// or takes them from the cache.
pub fn safety(p: &Program, f: FuncId, o: &DiffOptions, root: &Path) -> Safety {
    safety_with(p, f, o, root, o.harnesses.as_ref())
}

/// The unit-test harnesses of a code base, as `DiffOptions` holds them.
type HarnessSet = std::sync::Arc<dyn crate::run::Harnesses>;

/// [`safety`], through these harnesses (None: with the entry's inputs only).
fn safety_with(p: &Program, f: FuncId, o: &DiffOptions, root: &Path, harnesses: Option<&HarnessSet>) -> Safety {
    if let Some(s) = cached_safety(p, f, o, harnesses) {
        return s;
    }
    if o.over_budget() {
        return Safety {
            verdict: "UNKNOWN".into(),
            detail: OVER_BUDGET.into(),
            claims: vec![],
            cached: false,
            assumes: vec![],
        };
    }
    let start = Instant::now();
    let rel = crate::run::relativise(root);
    let name = crate::ir::fingerprint::base_name(&p.func(f).name).to_string();
    let so = o.safety_of(&name);
    let through = harnesses.and_then(|h| {
        h.check_through_tests(&name, &rel(p.file_name(p.func(f).loc)), &side_options(root, o), &so, o.deadline(&name))
    });
    // (diff lowers the changed file alone: a callee without a body that is not a library
    // function may live in another file, and assuming it away could hide what it does)
    let unlinked = || crate::run::unlinked_callee(p, f, &|_| Some("another file or no file".into()));
    let res = through.unwrap_or_else(|| match unlinked() {
        Some((g, _)) => record::SafetyResult::new(
            record::Safety::Unknown,
            format!("calls `{g}`, which has no body in this file or in the source files that define what it calls"),
        ),
        None => run_safety::check(p, f, &so, o.deadline(&name), &rel),
    });
    let verdict = res.safety;
    let phases = res.phases;
    let s = Safety {
        verdict: verdict.name().into(),
        detail: res.detail,
        claims: res.claims,
        cached: false,
        assumes: res.assumes,
    };
    if o.cache.is_some() && !s.detail.starts_with(OVER_BUDGET) {
        let (sem, located) = safety_keys(p, f, o, harnesses);
        let r = FunctionResult {
            function: p.func(f).name.clone(),
            file: String::new(),
            line: 0,
            change: String::new(),
            change_detail: String::new(),
            safety: Some(verdict),
            detail: s.detail.clone(),
            claims: s.claims.clone(),
            seconds: start.elapsed().as_secs_f64(),
            cached: false,
            assumes: s.assumes.clone(),
            phases_ms: Some(phases.within(start.elapsed().as_secs_f64())),
        };
        // (run's rule: not what the budget or the memory limit cut short)
        if crate::run::worth_caching(&r, o.budget) {
            o.store(if verdict.verified() { &sem } else { &located }, "safety", &r);
        }
    }
    s
}

/// The per-function record of a row (for the report formats and the history).
pub fn to_record(r: &Row) -> FunctionResult {
    let safety = r.safety.as_ref().and_then(|s| match s.verdict.as_str() {
        "SUCCESSFUL" => Some(record::Safety::Successful),
        "FAILED" => Some(record::Safety::Failed),
        "UNKNOWN" => Some(record::Safety::Unknown),
        "PRECONDITION" => Some(record::Safety::Precondition),
        _ => None,
    });
    FunctionResult {
        function: r.function.clone(),
        file: r.file.clone(),
        line: r.line,
        change: r.status.kind().into(),
        change_detail: status_detail(&r.status),
        safety,
        detail: r.safety.as_ref().map(|s| s.detail.clone()).unwrap_or_default(),
        claims: r.safety.as_ref().map(|s| s.claims.clone()).unwrap_or_default(),
        seconds: r.time.as_secs_f64(),
        cached: r.safety.as_ref().is_some_and(|s| s.cached),
        assumes: r.safety.as_ref().map(|s| s.assumes.clone()).unwrap_or_default(),
        phases_ms: None,
    }
}

fn describe(d: &equiv::Difference) -> String {
    // scalar parameters first, then the elements of pointed-to objects that are not 0 (the
    // rest said in one word: a row shows what matters, the JSON of `verdiff equiv` has all)
    let mut ins: Vec<&(String, String)> = d.inputs.iter().filter(|(k, _)| !k.contains('[')).collect();
    let elems: Vec<&(String, String)> = d.inputs.iter().filter(|(k, _)| k.contains('[')).collect();
    let zeros = elems.iter().filter(|(_, v)| v == "0").count();
    ins.extend(elems.iter().filter(|(_, v)| v != "0"));
    let mut inputs: Vec<String> = ins.iter().take(6).map(|(k, v)| format!("{k} = {v}")).collect();
    if ins.len() > 6 {
        inputs.push("…".into());
    }
    if zeros > 0 {
        inputs.push(if zeros == elems.len() { "all object elements 0" } else { "other object elements 0" }.into());
    }
    let outs: Vec<String> = d
        .outputs
        .iter()
        .take(3)
        .map(|o| format!("{} old {} new {}", if o.path.is_empty() { &o.output } else { &o.path }, o.old, o.new))
        .collect();
    let assuming = if d.assumes.is_empty() { "" } else { " (assuming the math library's accuracy)" };
    format!("{} → {}{assuming}", inputs.join(", "), outs.join("; "))
}

/// Compares the C files of two sides. `changes` lists the changed C files; when a header
/// changed every C file present on both sides is compared.
pub fn compare(old: Side<'_>, new: Side<'_>, changes: &[Change], o: &DiffOptions) -> Vec<Row> {
    let mut pairs: Vec<(Option<String>, Option<String>)> = Vec::new();
    // a changed header, or any other changed file a source or header includes by name
    // (`#include "table.def"`), may change any function: every source is compared
    // (the files are read only when some other file than a .c or .h changed)
    let other_changed = changes.iter().flat_map(|c| [&c.old, &c.new]).flatten().any(|p| !is_c_or_h(p));
    let included = if other_changed { included_names(&old, &new) } else { Included::default() };
    let is_header = |p: &str| {
        p.ends_with(".h")
            || (!p.ends_with(".c")
                && (included.computed
                    || Path::new(p).file_name().is_some_and(|n| included.names.contains(n.to_string_lossy().as_ref()))))
    };
    let header_changed =
        changes.iter().any(|c| c.old.as_deref().is_some_and(is_header) || c.new.as_deref().is_some_and(is_header));
    for c in changes {
        let is_c = |p: &Option<String>| p.as_deref().is_some_and(|p| p.ends_with(".c"));
        if is_c(&c.old) || is_c(&c.new) {
            pairs.push((c.old.clone().filter(|p| p.ends_with(".c")), c.new.clone().filter(|p| p.ends_with(".c"))));
        }
    }
    if header_changed {
        let mut all = Vec::new();
        collect_c_files(new.root, new.root, &mut all);
        for rel in all {
            if o.is_source.as_ref().is_some_and(|f| !f(&rel)) {
                continue;
            }
            let done = pairs.iter().any(|(a, b)| a.as_deref() == Some(&rel) || b.as_deref() == Some(&rel));
            if !done && old.root.join(&rel).exists() {
                pairs.push((Some(rel.clone()), Some(rel)));
            }
        }
    }
    // the files that start threads, when C code changed: a function of theirs whose threads
    // reach the change is checked again under interleavings (threads.rs)
    let mut thread_files = BTreeSet::new();
    let thread_checks = o.safety.threads.data_races || o.safety.threads.deadlock;
    if thread_checks && changes.iter().flat_map(|c| [&c.old, &c.new]).flatten().any(|p| is_c_or_h(p)) {
        let mut all = Vec::new();
        collect_c_files(new.root, new.root, &mut all);
        all.retain(|rel| {
            o.is_source.as_ref().is_none_or(|f| f(rel))
                && old.root.join(rel).exists()
                && !pairs.iter().any(|(a, b)| a.as_deref() == Some(rel.as_str()) || b.as_deref() == Some(rel.as_str()))
        });
        for rel in threads::files_starting_threads(new.root, &all) {
            pairs.push((Some(rel.clone()), Some(rel.clone())));
            thread_files.insert(rel);
        }
    }
    let mut rows = Vec::new();
    // files are planned (lowered, rows made) a batch at a time and the batch's checks share
    // one pool of processes: the jobs keep every core busy across files, while the programs
    // held at once stay bounded
    let mut pairs = pairs.into_iter().peekable();
    while pairs.peek().is_some() {
        let mut plans: Vec<FilePlan> = Vec::new();
        let mut planned_jobs = 0;
        while planned_jobs < BATCH_JOBS_PER_WORKER * o.jobs.max(1) && plans.len() < BATCH_FILES {
            let Some((op, np)) = pairs.next() else { break };
            let only_threads = np.as_ref().is_some_and(|p| thread_files.contains(p));
            if let Some(plan) = plan_file(&old, &new, op.as_deref(), np.as_deref(), only_threads, o, &mut rows) {
                planned_jobs += plan.jobs.len() + plan.later.len();
                plans.push(plan);
            }
        }
        let cxs: Vec<FileContext<'_, '_>> = plans.iter().map(|f| f.context(&old, &new)).collect();
        // (the functions the commit edited are checked first, in every file: a budget that
        // runs out leaves their callers unchecked, not them)
        let edited = plans.iter().enumerate().flat_map(|(i, f)| f.jobs.iter().map(move |j| (i, j)));
        let through = plans.iter().enumerate().flat_map(|(i, f)| f.later.iter().map(move |j| (i, j)));
        let tasks: Vec<(usize, &Job)> = edited.chain(through).collect();
        run_jobs(&tasks, &cxs, o, &mut rows);
    }
    match_moved_functions(&old, &new, &mut rows, o);
    threads::link_rows(&mut rows);
    rows
}

/// How many checks per worker a batch of files plans before they run, and how many files a
/// batch holds at most (their programs stay in memory until the batch's checks are done).
const BATCH_JOBS_PER_WORKER: usize = 8;
const BATCH_FILES: usize = 32;

/// One compared file, planned: its texts and programs, and the checks its rows need.
struct FilePlan {
    op: String,
    np: String,
    texts: (Vec<String>, Vec<String>),
    po: Option<Program>,
    pn: Option<Program>,
    /// Checks of the functions the commit edited (and of new functions).
    jobs: Vec<Job>,
    /// Checks of functions changed only through a callee.
    later: Vec<Job>,
}

impl FilePlan {
    fn context<'a, 'b>(&'a self, old: &'a Side<'b>, new: &'a Side<'b>) -> FileContext<'a, 'b> {
        FileContext {
            old,
            new,
            op: &self.op,
            np: &self.np,
            texts: (&self.texts.0, &self.texts.1),
            po: self.po.as_ref(),
            pn: self.pn.as_ref(),
        }
    }
}

/// A check a row needs.
enum Job {
    /// Equivalence of `a` (old) and `b` (new), with a safety check of `b` when they differ or
    /// when `threads` (`b` starts threads whose code changed: threads.rs).
    Equivalence { row: usize, a: String, b: String, fa: FuncId, fb: FuncId, threads: bool },
    /// Safety of the new function `b`.
    Safety { row: usize, b: String, fb: FuncId },
}

impl Job {
    fn row(&self) -> usize {
        match self {
            Job::Equivalence { row, .. } | Job::Safety { row, .. } => *row,
        }
    }
    fn function(&self) -> &str {
        match self {
            Job::Equivalence { b, .. } | Job::Safety { b, .. } => b,
        }
    }
    /// The outcome when the job could not give its own (its process was ended).
    fn unknown(&self, why: String) -> JobResult {
        match self {
            Job::Equivalence { .. } => JobResult { status: Some(Status::Unknown(why)), safety: None, seconds: 0.0 },
            Job::Safety { .. } => JobResult {
                status: None,
                safety: Some(Safety {
                    verdict: "UNKNOWN".into(),
                    detail: why,
                    claims: vec![],
                    cached: false,
                    assumes: vec![],
                }),
                seconds: 0.0,
            },
        }
    }
}

/// What a job found (sent back from its process as JSON).
#[derive(serde::Serialize, serde::Deserialize)]
struct JobResult {
    /// The row's new status (equivalence jobs).
    status: Option<Status>,
    safety: Option<Safety>,
    seconds: f64,
}

/// One compared file, as the jobs of its rows need it.
struct FileContext<'a, 'b> {
    old: &'a Side<'b>,
    new: &'a Side<'b>,
    op: &'a str,
    np: &'a str,
    texts: (&'a [String], &'a [String]),
    po: Option<&'a Program>,
    pn: Option<&'a Program>,
}

fn do_job(job: &Job, cx: &FileContext<'_, '_>, o: &DiffOptions) -> JobResult {
    let start = Instant::now();
    let (status, safety) = match (job, cx.po, cx.pn) {
        (Job::Equivalence { a, b, fa, fb, threads, .. }, Some(po), Some(pn)) => {
            let (s, safety) =
                equivalence(cx.old, cx.op, a, cx.new, cx.np, b, cx.texts, (po, *fa), (pn, *fb), *threads, o);
            (Some(s), safety)
        }
        (Job::Safety { fb, .. }, _, Some(pn)) => (None, Some(safety(pn, *fb, o, cx.new.root))),
        _ => return job.unknown("internal error: the program of this function is missing".into()),
    };
    JobResult { status, safety, seconds: start.elapsed().as_secs_f64() }
}

fn apply(rows: &mut [Row], job: &Job, res: JobResult, o: &DiffOptions, count: &mut Count) {
    let Some(r) = rows.get_mut(job.row()) else { return };
    if let Some(s) = res.status {
        r.status = s;
    }
    r.safety = res.safety;
    r.time = Duration::from_secs_f64(res.seconds.max(0.0));
    count.done += 1;
    if let Some(p) = &o.progress {
        p(r, count.done, count.total);
    }
}

/// Checks done of a pool's total (progress output).
struct Count {
    done: usize,
    total: usize,
}

/// Runs jobs, each of the file whose context `cxs` holds at the job's index: in child
/// processes, `o.jobs` at a time, when `o.isolation` says so; else here, one after the other.
fn run_jobs(jobs: &[(usize, &Job)], cxs: &[FileContext<'_, '_>], o: &DiffOptions, rows: &mut [Row]) {
    let mut count = Count { done: 0, total: jobs.len() };
    #[cfg(unix)]
    if let Some(iso) = o.isolation {
        return run_jobs_in_processes(jobs, cxs, o, iso, rows, &mut count);
    }
    for &(f, j) in jobs {
        let res = do_job(j, &cxs[f], o);
        apply(rows, j, res, o, &mut count);
    }
}

#[cfg(unix)]
fn run_jobs_in_processes(
    jobs: &[(usize, &Job)],
    cxs: &[FileContext<'_, '_>],
    o: &DiffOptions,
    iso: crate::run::Isolation,
    rows: &mut [Row],
    count: &mut Count,
) {
    use crate::run::isolate::{Ended, Limits, Pool};
    let mut pool: Pool<(usize, Instant, Duration)> = Pool::default();
    let mut next = 0;
    loop {
        while pool.len() < o.jobs.max(1) && next < jobs.len() {
            let k = next;
            next += 1;
            let (f, j) = jobs[k];
            let cx = &cxs[f];
            if o.over_budget() {
                apply(rows, j, j.unknown(OVER_BUDGET.into()), o, count);
                continue;
            }
            let limit = o.timeout_of(j.function()).unwrap_or(Duration::from_secs(60));
            // an equivalence check may be followed by a safety check, each with the limit
            // (equivalence, then the head's safety, then the base's when threads changed)
            let checks = match j {
                Job::Equivalence { threads: true, .. } => 3,
                Job::Equivalence { .. } => 2,
                Job::Safety { .. } => 1,
            };
            let start = Instant::now();
            let grace = crate::run::kill_grace(limit);
            let mut kill_at = start + (limit + grace) * checks;
            if let Some(b) = o.budget {
                kill_at = kill_at.min(b.max(start) + grace);
            }
            let limits = Limits { kill_at, memory_mb: Some(iso.memory_mb) };
            let work = || {
                // (in the child, which exits with its answer — term::teardown)
                crate::engine::leak_after(start + limit * checks);
                serde_json::to_vec(&do_job(j, cx, o)).unwrap_or_default()
            };
            if let Err(e) = pool.start((k, start, limit), limits, work) {
                // no process to be had: the check runs here (without the hard limit)
                eprintln!("verdiff: {e}; {} is checked in the main process", j.function());
                let res = do_job(j, cx, o);
                apply(rows, j, res, o, count);
            }
        }
        if pool.is_empty() {
            break;
        }
        let ((k, start, limit), ended) = pool.wait_any();
        let j = jobs[k].1;
        let allowed = start.elapsed().as_secs();
        let mut res = match ended {
            Ended::Done(bytes) => serde_json::from_slice::<JobResult>(&bytes)
                .unwrap_or_else(|e| j.unknown(format!("internal error: the check's answer could not be read ({e})"))),
            Ended::TimeLimit if o.over_budget() => j.unknown(format!("{OVER_BUDGET} while this function was checked")),
            Ended::TimeLimit => j.unknown(match j {
                Job::Equivalence { .. } => format!(
                    "time limit of {}s per check reached (the equivalence check and the safety check after it had not ended after {allowed}s; their process was ended)",
                    limit.as_secs()
                ),
                Job::Safety { .. } => format!(
                    "time limit of {}s reached (the check had not ended after {allowed}s; its process was ended)",
                    limit.as_secs()
                ),
            }),
            Ended::MemoryLimit(mb) => {
                j.unknown(format!("memory limit of {mb} MB reached (resident memory; its process was ended)"))
            }
            Ended::Crashed(why) => j.unknown(format!(
                "internal error: the check of this function ended abnormally ({why}); please report it"
            )),
        };
        if res.seconds == 0.0 {
            res.seconds = start.elapsed().as_secs_f64();
        }
        apply(rows, j, res, o, count);
    }
}

/// A function removed from one file and a similar one added to another (a moved, maybe
/// renamed, function) are compared with each other.
fn match_moved_functions(old: &Side<'_>, new: &Side<'_>, rows: &mut Vec<Row>, o: &DiffOptions) {
    let removed: Vec<usize> = (0..rows.len()).filter(|&i| matches!(rows[i].status, Status::Removed)).collect();
    let mut taken = BTreeSet::new();
    let mut drop = BTreeSet::new();
    for i in removed {
        let best = (0..rows.len())
            .filter(|&j| matches!(rows[j].status, Status::New) && !taken.contains(&j) && rows[j].file != rows[i].file)
            .map(|j| (similarity(&rows[i].norm, &rows[j].norm), j))
            .max_by(|x, y| x.0.total_cmp(&y.0));
        let Some((s, j)) = best else { continue };
        if s < 0.8 {
            continue;
        }
        let (a, op) = (rows[i].function.clone(), rows[i].old_file.clone().unwrap_or_default());
        let (b, np) = (rows[j].function.clone(), rows[j].file.clone());
        let (Ok((to, po)), Ok((tn, pn))) = (load(old.root, &op, o), load(new.root, &np, o)) else { continue };
        let (Some(fa), Some(fb)) = (po.func_named(&a), pn.func_named(&b)) else { continue };
        // (a job like every other check: in its own process, under the same limits)
        let cx = FileContext { old, new, op: &op, np: &np, texts: (&to, &tn), po: Some(&po), pn: Some(&pn) };
        let job = Job::Equivalence { row: j, a: a.clone(), b, fa, fb, threads: false };
        run_jobs(&[(0, &job)], &[cx], o, rows);
        let r = &mut rows[j];
        r.old_file = Some(op);
        if a != r.function {
            r.old_name = Some(a);
        }
        taken.insert(j);
        drop.insert(i);
    }
    let mut k = 0;
    rows.retain(|_| {
        k += 1;
        !drop.contains(&(k - 1))
    });
}

fn is_c_or_h(p: &str) -> bool {
    p.ends_with(".c") || p.ends_with(".h")
}

/// What the `#include` lines of a revision name.
#[derive(Default)]
struct Included {
    /// File names (last path component).
    names: BTreeSet<String>,
    /// Some `#include` names its file through a macro: any file may be included.
    computed: bool,
}

/// What the `#include` lines of either revision name: those of its .c and .h files, and of
/// the other files they include (a `table.def` that includes `rows.inc`), to a fixed point.
fn included_names(old: &Side<'_>, new: &Side<'_>) -> Included {
    let mut inc = Included::default();
    for root in [old.root, new.root] {
        let mut all = Vec::new();
        collect_files(root, root, &[], &mut all);
        let mut scanned: BTreeSet<&str> = BTreeSet::new();
        loop {
            let next: Vec<&String> = all
                .iter()
                .filter(|rel| !scanned.contains(rel.as_str()))
                .filter(|rel| {
                    is_c_or_h(rel)
                        || Path::new(rel.as_str())
                            .file_name()
                            .is_some_and(|n| inc.names.contains(n.to_string_lossy().as_ref()))
                })
                .collect();
            if next.is_empty() {
                break;
            }
            for rel in next {
                scanned.insert(rel);
                let Ok(text) = std::fs::read(root.join(rel)) else { continue };
                for line in String::from_utf8_lossy(&text).lines() {
                    let Some(rest) = line.trim_start().strip_prefix('#') else { continue };
                    let Some(rest) = rest.trim_start().strip_prefix("include") else { continue };
                    let rest = rest.strip_prefix("_next").unwrap_or(rest);
                    if !rest.starts_with([' ', '\t', '"', '<']) {
                        continue; // (`#includes`: no directive)
                    }
                    let target = rest.trim();
                    let Some(body) = target.strip_prefix(['"', '<']) else {
                        inc.computed = true;
                        continue;
                    };
                    let Some(end) = body.find(['"', '>']) else { continue };
                    if let Some(name) = Path::new(&body[..end]).file_name() {
                        inc.names.insert(name.to_string_lossy().into_owned());
                    }
                }
            }
        }
    }
    inc
}

fn collect_c_files(root: &Path, dir: &Path, out: &mut Vec<String>) {
    collect_files(root, dir, &["c"], out)
}

/// The repository-relative paths of the files under `dir` with one of `extensions` (every
/// file when none is given), sorted, hidden directories left out.
fn collect_files(root: &Path, dir: &Path, extensions: &[&str], out: &mut Vec<String>) {
    let Ok(rd) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<_> = rd.flatten().collect();
    entries.sort_by_key(|e| e.path());
    for e in entries {
        let p = e.path();
        if p.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.')) {
            continue;
        }
        if p.is_dir() {
            collect_files(root, &p, extensions, out);
        } else if extensions.is_empty() || p.extension().is_some_and(|x| extensions.iter().any(|e| x == *e)) {
            if let Ok(rel) = p.strip_prefix(root) {
                out.push(rel.to_string_lossy().into_owned());
            }
        }
    }
}

/// The rows of one compared file (pushed to `rows`) and the checks they need (None when a
/// side does not parse: one row says so).
fn plan_file(
    old: &Side<'_>,
    new: &Side<'_>,
    op: Option<&str>,
    np: Option<&str>,
    only_threads: bool,
    o: &DiffOptions,
    rows: &mut Vec<Row>,
) -> Option<FilePlan> {
    let po = op.map(|p| load(old.root, p, o));
    let pn = np.map(|p| load(new.root, p, o));
    let file = np.or(op).unwrap_or("?").to_string();
    let row = |function: String, status: Status, line: u32| Row {
        function,
        old_name: None,
        file: file.clone(),
        old_file: op.filter(|p| Some(*p) != np).map(String::from),
        line,
        status,
        safety: None,
        time: Duration::ZERO,
        norm: String::new(),
        threads: vec![],
        in_threads_of: vec![],
    };
    // a side that does not parse: one row for the file, naming the error and what it holds;
    // the other files go on
    match (&po, &pn) {
        // (a file compared only for its threads that does not parse was not touched: `run`
        // reports it, and a row on every diff would be noise)
        (Some(Err(_)), _) | (_, Some(Err(_))) if only_threads => return None,
        (Some(Err(e)), other) | (other, Some(Err(e))) => {
            let side = if matches!(po, Some(Err(_))) { "base" } else { "head" };
            let n = match other {
                Some(Ok((_, p))) => functions_of(p, np.or(op).unwrap_or("")).len(),
                _ => 0,
            };
            let held = match n {
                0 => String::new(),
                1 => " (its 1 function is not compared)".to_string(),
                n => format!(" (its {n} functions are not compared)"),
            };
            rows.push(row(
                "(whole file)".into(),
                Status::Unknown(format!("the {side} version does not parse: {e}{held}")),
                0,
            ));
            return None;
        }
        _ => {}
    }
    let (to, po) = po.and_then(|r| r.ok()).unzip();
    let (tn, pn) = pn.and_then(|r| r.ok()).unzip();
    let fo = po.as_ref().map(|p| functions_of(p, op.unwrap_or(""))).unwrap_or_default();
    let fnw = pn.as_ref().map(|p| functions_of(p, np.unwrap_or(""))).unwrap_or_default();
    // map by name, then renamed functions by similarity
    let mut matched: Vec<(String, String)> =
        fo.keys().filter(|n| fnw.contains_key(*n)).map(|n| (n.clone(), n.clone())).collect();
    let mut old_only: Vec<String> = fo.keys().filter(|n| !fnw.contains_key(*n)).cloned().collect();
    let mut new_only: Vec<String> = fnw.keys().filter(|n| !fo.contains_key(*n)).cloned().collect();
    if let (Some(po), Some(pn)) = (&po, &pn) {
        let mut renamed = Vec::new();
        for a in &old_only {
            let na = normal_form(po, fo[a]).unwrap_or_default();
            let best = new_only
                .iter()
                .filter(|b| !renamed.iter().any(|(_, x): &(String, String)| x == *b))
                .map(|b| (similarity(&na, &normal_form(pn, fnw[b]).unwrap_or_default()), b))
                .max_by(|x, y| x.0.total_cmp(&y.0));
            if let Some((s, b)) = best {
                if s >= 0.8 {
                    renamed.push((a.clone(), b.clone()));
                }
            }
        }
        old_only.retain(|a| !renamed.iter().any(|(x, _)| x == a));
        new_only.retain(|b| !renamed.iter().any(|(_, y)| y == b));
        matched.extend(renamed);
    }

    let mine = |name: &str| crate::run::shard::selected(o.shard, name);
    matched.retain(|(_, b)| mine(b));
    new_only.retain(|b| mine(b));
    old_only.retain(|a| mine(a));
    // rows first; the checks they need are jobs, spread over processes below
    let mut jobs: Vec<Job> = Vec::new();
    let mut through_callees: Vec<Job> = Vec::new();
    for (a, b) in matched {
        let (Some(po), Some(pn)) = (&po, &pn) else { continue };
        let (fa, fb) = (fo[&a], fnw[&b]);
        let line = pn.func(fb).loc.line;
        let own_same = fingerprint(po, fa) == fingerprint(pn, fb);
        let deep_same = deep_fingerprint(po, fa) == deep_fingerprint(pn, fb);
        let mut r = row(b.clone(), Status::Unchanged, line);
        if a != b {
            r.old_name = Some(a.clone());
        }
        // (in a file compared only for its threads, only the functions whose threads reach
        // a change have a row)
        let threads = threads::changed_in_threads(po, pn, fb);
        if only_threads && threads.is_empty() {
            continue;
        }
        r.threads = threads.clone();
        if own_same && deep_same && a == b {
            // nothing to verify; show the safety verdict when an earlier run cached it
            r.safety = cached_safety(pn, fb, o, o.harnesses.as_ref());
        } else if o.skipped(&b) {
            r.status = Status::Unknown(SKIPPED.into());
        } else {
            let job = Job::Equivalence { row: rows.len(), a, b, fa, fb, threads: !threads.is_empty() };
            if own_same {
                // changed only through a callee: after what the commit itself touched
                through_callees.push(job);
            } else {
                jobs.push(job);
            }
        }
        rows.push(r);
    }
    for b in new_only {
        let Some(pn) = &pn else { continue };
        let fb = fnw[&b];
        let mut r = row(b.clone(), Status::New, pn.func(fb).loc.line);
        r.norm = normal_form(pn, fb).unwrap_or_default();
        if o.skipped(&b) {
            r.safety = Some(Safety {
                verdict: "UNKNOWN".into(),
                detail: SKIPPED.into(),
                claims: vec![],
                cached: false,
                assumes: vec![],
            });
        } else {
            jobs.push(Job::Safety { row: rows.len(), b, fb });
        }
        rows.push(r);
    }
    for a in old_only {
        let line = po.as_ref().map(|p| p.func(fo[&a]).loc.line).unwrap_or(0);
        let mut r = row(a.clone(), Status::Removed, line);
        r.file = op.unwrap_or(&file).to_string();
        r.old_file = op.map(String::from);
        r.norm = po.as_ref().and_then(|p| normal_form(p, fo[&a])).unwrap_or_default();
        rows.push(r);
    }
    Some(FilePlan {
        op: op.unwrap_or("").to_string(),
        np: np.unwrap_or("").to_string(),
        texts: (to.unwrap_or_default(), tn.unwrap_or_default()),
        po,
        pn,
        jobs,
        later: through_callees,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_difference_names_scalar_inputs_and_the_object_elements_that_are_not_zero() {
        let input = |k: &str, v: &str| (k.to_string(), v.to_string());
        let d = equiv::Difference {
            inputs: vec![
                input("s_object[0]", "0"),
                input("s_object[1]", "0"),
                input("s_object[31]", "3"),
                input("n", "7"),
                input("s_object[32]", "32"),
            ],
            outputs: vec![equiv::OutputDiff {
                output: "*s".into(),
                path: "s[0]".into(),
                old: "32".into(),
                new: "0".into(),
            }],
            unit_test: String::new(),
            assumes: vec![],
        };
        assert_eq!(
            describe(&d),
            "n = 7, s_object[31] = 3, s_object[32] = 32, other object elements 0 → s[0] old 32 new 0"
        );
    }
}
