//! The safety checks of `verdiff check` on one function as entry point (nondeterministic
//! parameters and the program's static initial state), as `verdiff run` and `verdiff diff`
//! use them.

use std::time::Instant;

use crate::engine::SymexOptions;
use crate::engine::{self, EngineOptions};
use crate::instrument::{self, CheckOptions};
use crate::ir::{FuncId, Program};
use crate::record::{self, SafetyResult};

#[derive(Clone, Debug)]
pub struct SafetyOptions {
    pub checks: CheckOptions,
    pub unwind: u32,
    pub memory_leak: bool,
    pub malloc_may_fail: bool,
    /// Most terms symbolic execution may build (a bound on memory; see `memory_budget`).
    pub max_terms: usize,
    /// Check every claim (all violations with their traces) instead of stopping at the first.
    pub multi_property: bool,
    /// See [`EngineOptions::library_accuracy`].
    pub library_accuracy: bool,
    /// Verify a function with parameters under its inferred precondition, as its callers use
    /// it (docs/contracts.md), instead of with fully free inputs.
    pub preconditions: bool,
    /// Unwind a loop the bound cut further while time remains ([`deepen`]); off where the
    /// caller raises the bound itself (a harness raises it for every loop).
    pub deepen: bool,
    /// A loop the bound still cuts is tried once more replaced by its havoc abstraction
    /// ([`abstract_cut_loops`]), which proves it for every number of iterations.
    pub abstract_loops: bool,
    /// Data races and deadlocks are checked in an entry whose code starts threads
    /// (docs/threads.md §9); elsewhere they cannot happen and cost nothing.
    pub threads: ThreadChecks,
}

/// The claims of multi-threaded code `run` and `diff` add where an entry starts threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThreadChecks {
    /// `--data-races-check`.
    pub data_races: bool,
    /// `--deadlock-check`.
    pub deadlock: bool,
}

impl ThreadChecks {
    /// The checks `f` of `p` gets: these when its code starts threads, or a constructor that
    /// builds one of its handle parameters does (a pool whose workers run beside it:
    /// contract/handles.rs), none otherwise.
    pub fn for_entry(self, p: &Program, f: FuncId) -> ThreadChecks {
        let starts = |g: FuncId| crate::ir::reach::starts_threads(p, g);
        let handles = || crate::contract::handles::handle_parameters(p, f).into_iter().any(|(_, _, g)| starts(g));
        if (self.data_races || self.deadlock) && (starts(f) || handles()) {
            self
        } else {
            ThreadChecks { data_races: false, deadlock: false }
        }
    }
    /// What goes into a cache key (empty when none are on, so that the keys of functions
    /// that start no thread do not change with the setting).
    pub fn key_text(self) -> String {
        match (self.data_races, self.deadlock) {
            (false, false) => String::new(),
            (r, d) => format!(" threads: races={r} deadlock={d}"),
        }
    }
}

/// The memory budget of a repository-level command in megabytes: `memory` of .verdiff.yml,
/// else 4096. Applied to Z3 (process-wide) and to the term count of symbolic execution, so
/// that one function cannot take the machine's memory (a harness did, 24 GB, before this).
pub fn memory_budget(configured_mb: u64) -> (u64, usize) {
    let mb = if configured_mb > 0 { configured_mb } else { 4096 };
    crate::engine::set_solver_memory_limit(mb);
    (mb, ((mb as usize) * 1024 * 1024 / 400).max(10_000))
}

impl Default for SafetyOptions {
    fn default() -> Self {
        SafetyOptions {
            checks: CheckOptions::default(),
            unwind: 10,
            memory_leak: false,
            malloc_may_fail: true,
            max_terms: SymexOptions::default().max_terms,
            multi_property: false,
            library_accuracy: true,
            preconditions: true,
            deepen: true,
            abstract_loops: true,
            threads: ThreadChecks { data_races: true, deadlock: true },
        }
    }
}

impl SafetyOptions {
    /// Everything here that changes a verdict or the claims reported, as text for cache keys.
    pub fn key_text(&self) -> String {
        let multi = if self.multi_property { " multi-property" } else { "" };
        let exact = if self.library_accuracy { "" } else { " no-library-accuracy" };
        let free = if self.preconditions { "" } else { " free-inputs" };
        let fixed = if self.deepen { "" } else { " fixed-bound" };
        let unwound = if self.abstract_loops { "" } else { " no-loop-abstraction" };
        format!(
            "checks={:?} unwind={} leak={} malloc_may_fail={}{multi}{exact}{free}{fixed}{unwound}",
            self.checks, self.unwind, self.memory_leak, self.malloc_may_fail
        )
    }
}

/// Verifies `f` of `p`. Unwinding assertions are on: a loop the bound cuts gives UNKNOWN,
/// never SUCCESSFUL. `rel` makes file names in the result repository-relative.
pub fn check(
    p: &Program,
    f: FuncId,
    o: &SafetyOptions,
    deadline: Option<Instant>,
    rel: &dyn Fn(&str) -> String,
) -> SafetyResult {
    let v = verify(p, f, o, deadline);
    let mut r = record::safety_of(&v.report, v.bound, &v.assumes, rel);
    r.phases = v.phases;
    r
}

/// What verifying one function gave.
pub struct Verification {
    /// The engine's report (every claim with its status).
    pub report: engine::Report,
    /// The precondition it was verified under (empty: free inputs).
    pub assumes: Vec<String>,
    /// The bound the report's loops were unwound to: [`SafetyOptions::unwind`], or more for a
    /// loop [`deepen`] unwound further.
    pub bound: u32,
    /// Where the time went: the preparation, and the engine's phases summed over every run
    /// it made (the reports a later run replaced included).
    pub phases: record::Phases,
}

/// Verifies `f` of `p`: with parameters and [`SafetyOptions::preconditions`], through an
/// entry harness that gives it the inputs its precondition allows; otherwise with free
/// parameters (and `main` with its command line).
pub fn verify(p: &Program, f: FuncId, o: &SafetyOptions, deadline: Option<Instant>) -> Verification {
    let preparing = Instant::now();
    let mut p = p.clone();
    let mut checks = o.checks.clone();
    let mut heap = None;
    let mut entry = f;
    let mut assumes = Vec::new();
    let mut constructors = Vec::new();
    let threads = o.threads.for_entry(&p, f);
    checks.data_races |= threads.data_races;
    let fun = p.func(f);
    if o.preconditions && !fun.params.is_empty() && fun.name != "main" {
        let conventions = crate::contract::infer(&p);
        let e = crate::contract::entry(&mut p, f, &conventions);
        entry = e.harness;
        assumes = e.assumptions;
        constructors = e.constructors;
        let mut h = conventions.heap(f);
        h.reads_checked = checks.pointer;
        heap = Some(std::sync::Arc::new(h));
        checks.caller_preconditions = true;
    }
    // loop invariants the code states replace unwinding of their loops
    if o.preconditions {
        crate::contract::loops::apply(&mut p);
    }
    // written contracts: f checked against its own, callees used through theirs (their
    // requires asserted at every call); each callee is verified against its contract when it
    // is the entry
    // (run::keys covers exactly these callees by their contracts, not their bodies)
    if o.preconditions {
        let with: Vec<FuncId> = (0..p.funcs.len() as u32).map(FuncId).filter(|&g| p.func(g).has_contract()).collect();
        let enforce: Vec<FuncId> = with.iter().copied().filter(|&g| g == f).collect();
        let replace: Vec<FuncId> = with.iter().copied().filter(|&g| g != f).collect();
        let applied = crate::contract::written::apply_to(&mut p, &enforce, &replace);
        if !applied.enforced.is_empty() {
            let c = p.func(f).contract.as_deref().cloned().unwrap_or_default();
            assumes.extend(c.requires.iter().map(|r| format!("{} (written)", r.text)));
        }
    }
    instrument::instrument(&mut p, &checks);
    crate::contract::handles::trust(&mut p, entry, &constructors);
    let so = SymexOptions {
        unwind: Some(o.unwind.max(1)),
        unwinding_assertions: true,
        memory_leak_check: o.memory_leak,
        malloc_may_fail: o.malloc_may_fail,
        max_terms: o.max_terms,
        input_heap: heap,
        deadlock_check: threads.deadlock,
        lock_checks: threads.deadlock,
        // (no context bound here: the reduction is sound, symex::por)
        por: true,
        ..SymexOptions::default()
    };
    let eo = EngineOptions {
        symex: so,
        deadline,
        multi_property: o.multi_property,
        library_accuracy: o.library_accuracy,
        needs_budget: Some(std::time::Duration::from_millis(NEEDS_MS)),
        ..EngineOptions::default()
    };
    let mut phases = record::Phases { prepare: preparing.elapsed().as_secs_f64() * 1000.0, ..Default::default() };
    let started = Instant::now();
    let mut report = engine::verify(&p, entry, &eo);
    phases.add(&record::Phases::of_engine(&report.timings));
    let first = started.elapsed();
    // a loop the bound cut: first its havoc abstraction (a proof for every number of
    // iterations, and cheap), then a deeper bound (which may use up the time left)
    if o.abstract_loops {
        abstract_cut_loops(&p, entry, &eo, &mut report, &mut phases);
    }
    let bound = if o.deepen { deepen(&p, entry, eo.clone(), first, &mut report, &mut phases) } else { o.unwind.max(1) };
    let reached = confirm_constructed(&p, entry, f, &constructors, &eo.symex, deadline, &mut report);
    phases.add(&record::Phases::of_engine(&reached));
    Verification { report, assumes, bound, phases }
}

/// The longest a function's needs of its caller are asked (`EngineOptions::needs_budget`): on
/// cJSON a needs check that did not finish took the whole 20 s limit of functions whose
/// verdict was decided in 1 s.
const NEEDS_MS: u64 = 4000;

/// How many times [`deepen`] doubles the bound of a cut loop.
const DEEPENINGS: u32 = 3;

/// When the only thing open in `report` is a loop the bound cut (no violation found within
/// it), the verification again with the loops not shown to end within the bound unwound twice
/// as far (the other loops keep theirs), up to [`DEEPENINGS`] times, while the time limit
/// leaves at least the time the last run took (a deeper run that does not finish costs
/// only time; with twice that time as the condition, whether sds's `sdsfromlonglong` got
/// its 20 digits depended on how loaded the machine was). A loop whose iterations the data bounds
/// (digits of a 64-bit number: 20) is then proved whole; a deeper run that ends UNKNOWN (out
/// of time or terms) leaves the earlier report, which says more. Returns the bound the
/// report's cut loops had.
fn deepen(
    p: &Program,
    entry: FuncId,
    mut eo: EngineOptions,
    first: std::time::Duration,
    report: &mut engine::Report,
    spent: &mut record::Phases,
) -> u32 {
    let base = eo.symex.unwind.unwrap_or(1);
    let bound_of = |eo: &EngineOptions, r: &engine::Report| {
        cut_loops(r).iter().filter_map(|l| eo.symex.unwindset.get(l).copied()).max().unwrap_or(base)
    };
    let mut last = first;
    for _ in 0..DEEPENINGS {
        let cut = cut_loops(report);
        if cut.is_empty() {
            break;
        }
        if let Some(d) = eo.deadline {
            if d.saturating_duration_since(Instant::now()) < last {
                break;
            }
        }
        let mut deeper = eo.clone();
        for l in cut {
            let b = eo.symex.unwindset.get(&l).copied().unwrap_or(base);
            deeper.symex.unwindset.insert(l, b.saturating_mul(2));
        }
        let t = Instant::now();
        let r = engine::verify(p, entry, &deeper);
        spent.add(&record::Phases::of_engine(&r.timings));
        last = t.elapsed();
        if matches!(r.verdict, engine::Verdict::Unknown(_)) {
            break;
        }
        *report = r;
        eo = deeper;
    }
    bound_of(&eo, report)
}

/// When the only thing open in `report` is a loop the bound cut, the verification again with
/// those loops replaced by their havoc abstraction (contract/loop_abstraction.rs), which
/// covers every number of iterations. Only a SUCCESSFUL replaces the report: a violation
/// there may exist only in the abstraction, which forgets what the loop keeps.
fn abstract_cut_loops(
    p: &Program,
    entry: FuncId,
    eo: &EngineOptions,
    report: &mut engine::Report,
    spent: &mut record::Phases,
) {
    let cut = cut_loops(report);
    if cut.is_empty() {
        return;
    }
    if eo.deadline.is_some_and(|d| d.saturating_duration_since(Instant::now()) < ABSTRACTION_MIN) {
        return;
    }
    let mut q = p.clone();
    match crate::contract::loop_abstraction::apply(&mut q, &cut) {
        Ok(_) => {}
        Err(why) => {
            if std::env::var_os("VERDIFF_DEBUG").is_some() {
                eprintln!("loop abstraction: {why}");
            }
            return;
        }
    }
    let r = engine::verify(&q, entry, eo);
    spent.add(&record::Phases::of_engine(&r.timings));
    if std::env::var_os("VERDIFF_DEBUG").is_some() {
        eprintln!("loop abstraction: {:?}", r.verdict);
    }
    if matches!(r.verdict, engine::Verdict::Successful) {
        *report = r;
    }
}

/// The least time left for which [`abstract_cut_loops`] is tried.
const ABSTRACTION_MIN: std::time::Duration = std::time::Duration::from_millis(500);

/// The loops whose unwinding assertion failed or was not decided, when no other claim failed
/// (a violation is the verdict whatever the loops do; a recursion's bound is not raised here).
fn cut_loops(r: &engine::Report) -> Vec<(FuncId, usize)> {
    use crate::ir::ClaimKind;
    if !matches!(r.verdict, engine::Verdict::Failed) || r.first_failure().is_none_or(|c| c.kind != ClaimKind::Unwinding)
    {
        return vec![];
    }
    let real = r.claims.iter().any(|c| {
        c.status == engine::Status::Violated && !matches!(c.kind, ClaimKind::Unwinding | ClaimKind::Precondition)
    });
    if real {
        return vec![];
    }
    // the run stops at the first cut loop it confirms: the others not shown to end within
    // the bound are raised with it
    r.claims.iter().filter(|c| c.status != engine::Status::Holds).filter_map(|c| c.loop_at).collect()
}

/// A SUCCESSFUL with handle parameters made by constructors (contract/handles.rs) stands only
/// when some execution gets through them to `f`: their claims are assumed there, and a
/// constructor that never makes a handle without undefined behaviour would leave every claim
/// of `f` unreached. Otherwise the verdict becomes UNKNOWN with the reason. Returns the
/// timings of the run that looked (none when none was needed).
pub fn confirm_constructed(
    p: &Program,
    entry: FuncId,
    f: FuncId,
    constructors: &[FuncId],
    so: &SymexOptions,
    deadline: Option<Instant>,
    report: &mut engine::Report,
) -> engine::Timings {
    if constructors.is_empty() || !matches!(report.verdict, engine::Verdict::Successful) {
        return engine::Timings::default();
    }
    let Some(q) = planted(p, f) else { return engine::Timings::default() };
    let so = SymexOptions { unwinding_assertions: false, ..so.clone() };
    let (reached, timings) = reaches_with(&q, entry, so, deadline);
    if reached != Some(true) {
        let names: Vec<&str> = constructors.iter().map(|&c| p.func(c).name.as_str()).collect();
        report.verdict = engine::Verdict::Unknown(format!(
            "no execution was found in which {} makes a handle without undefined behaviour, so the function's claims may be unreached",
            names.join(", ")
        ));
    }
    timings
}

/// The message of the claim [`reaches`] plants.
const REACHED: &str = "verdiff: the function under test is reached";

/// Whether some execution from `entry` calls `target` within the bound of `o` (None when
/// that is undecided). The program's own claims are left out; the assumptions stay. `p` is
/// the program as loaded: library calls are lowered and calls through function pointers
/// dispatched here, as for verification (cJSON's tests reach the function under test past
/// `hooks->allocate(…)`; undispatched, such a call ended the search as unsupported).
pub fn reaches(
    p: &Program,
    entry: FuncId,
    target: FuncId,
    o: &SafetyOptions,
    deadline: Option<Instant>,
) -> Option<bool> {
    let mut lowered = p.clone();
    instrument::instrument(&mut lowered, &CheckOptions::none());
    let q = planted(&lowered, target)?;
    let so = SymexOptions {
        unwind: Some(o.unwind.max(1)),
        malloc_may_fail: o.malloc_may_fail,
        max_terms: o.max_terms,
        ..SymexOptions::default()
    };
    reaches_with(&q, entry, so, deadline).0
}

/// `p` with its own claims left out (the assumptions stay) and the claim [`REACHED`] at the
/// start of `target` (None when it has no body).
fn planted(p: &Program, target: FuncId) -> Option<Program> {
    use crate::ir::{ClaimKind, Expr, Instr, InstrKind};
    let mut q = p.clone();
    for f in q.funcs.iter_mut() {
        for ins in f.body.iter_mut().flatten() {
            if matches!(ins.kind, InstrKind::Assert { .. }) {
                ins.kind = InstrKind::Skip;
            }
        }
    }
    let (loc, int) = (q.func(target).loc, q.target.int_t());
    let body = q.funcs[target.0 as usize].body.take()?;
    let mut first = true;
    q.funcs[target.0 as usize].body = Some(crate::ir::rewrite::rewrite(body, |_| {
        let plant = std::mem::take(&mut first);
        let claim =
            InstrKind::Assert { cond: Expr::int(0, int.clone()), kind: ClaimKind::Assertion, msg: REACHED.into() };
        (if plant { vec![Instr::new(claim, loc)] } else { vec![] }, None)
    }));
    Some(q)
}

/// [`reaches`] on a program whose claims are already left out (its planted claim aside), with
/// the timings of the run that looked.
fn reaches_with(
    q: &Program,
    entry: FuncId,
    so: SymexOptions,
    deadline: Option<Instant>,
) -> (Option<bool>, engine::Timings) {
    let eo = EngineOptions { symex: so, deadline, reachability_only: true, ..EngineOptions::default() };
    let r = engine::verify(q, entry, &eo);
    let reached = match r.claims.iter().find(|c| c.description == REACHED).map(|c| &c.status) {
        Some(engine::Status::Violated) => Some(true),
        _ if matches!(r.verdict, engine::Verdict::Unknown(_)) => None,
        // (a claim symbolic execution never reached is not in the report)
        Some(engine::Status::Holds) | None => Some(false),
        _ => None,
    };
    (reached, r.timings)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_loop_the_data_bounds_is_proved_once_unwound_further() {
        // a 64-bit number has at most 20 decimal digits: the loop runs 1..=20 times, so bound
        // 10 cuts it (v = 10^10 needs 11) and bound 20 (10 doubled once) ends it for every v
        let src = "int digits(unsigned long long v) {\n  int n = 0;\n  do {\n    n++;\n    v /= 10;\n  } while (v);\n  return n;\n}\n";
        let p = crate::frontend::load_preprocessed(&[src.to_string()], &crate::frontend::FrontendOptions::default())
            .expect("lowers");
        let f = p.func_named("digits").expect("digits");
        let fixed = SafetyOptions { unwind: 10, deepen: false, ..SafetyOptions::default() };
        let r = check(&p, f, &fixed, None, &|x: &str| x.to_string());
        assert_eq!(r.safety, record::Safety::Unknown, "{}", r.detail);
        assert!(r.detail.contains("within 10 iterations"), "{}", r.detail);
        let deeper = SafetyOptions { unwind: 10, ..SafetyOptions::default() };
        let r = check(&p, f, &deeper, None, &|x: &str| x.to_string());
        assert_eq!(r.safety, record::Safety::Successful, "{}", r.detail);
    }

    #[test]
    fn a_real_violation_beats_a_cut_loop_listed_before_it() {
        // n <= 3 leaves the loop within the bound and writes a[n] out of bounds for n = 2, 3;
        // n > 3 cuts the loop. With every claim decided, the cut loop's claim comes first in
        // program order, but the verdict is the violation, not "needs more iterations".
        let src =
            "int f(int n) {\n  int a[2];\n  for (int i = 0; i < n; i++) {}\n  if (n >= 0) a[n] = 0;\n  return 0;\n}\n";
        let p = crate::frontend::load_preprocessed(&[src.to_string()], &crate::frontend::FrontendOptions::default())
            .expect("lowers");
        let f = p.func_named("f").expect("f");
        for multi_property in [false, true] {
            let o = SafetyOptions { unwind: 3, multi_property, ..SafetyOptions::default() };
            let r = check(&p, f, &o, None, &|x: &str| x.to_string());
            assert_eq!(r.safety, record::Safety::Failed, "multi-property {multi_property}: {}", r.detail);
            assert!(r.detail.contains("array-bounds") || r.detail.contains("bounds"), "{}", r.detail);
        }
    }
}
