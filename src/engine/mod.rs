//! Verification engines over instrumented goto programs: bounded model checking (single- and
//! multi-property) and incremental BMC.
//!
//! Depends on: ir, term, symex, smt. Must not depend on the front end, report or cli.

mod bmc;
pub mod format;
mod inputs;
mod random;
pub use random::RANDOM_DIFFERENCE;
pub mod relational;
mod replay;
pub mod result;
pub mod schedule;
pub use schedule::ScheduleMode;

use std::time::Instant;

/// Symbolic execution's options are part of the engine's ([`EngineOptions::symex`]).
pub use crate::symex::SymexOptions;
/// The limit (term bound or deadline) that unwound a verification, from its panic payload.
pub use crate::term::limit::of_panic as limit_of_panic;
/// A process that exits after its verification says so (see `term::teardown`).
pub use crate::term::teardown::leak_after;
pub use result::{ClaimResult, Report, Status, Timings, Trace, TraceEvent, TraceStep, TraceValue, Verdict};

/// Limits the solver's memory (megabytes) for this process.
pub fn set_solver_memory_limit(mb: u64) {
    crate::smt::Smt::set_memory_limit(mb);
}

/// The solver's name and version, as reports name it.
pub fn solver_version() -> String {
    format!("Z3 {}", crate::smt::z3_version())
}

use crate::ir::{FuncId, Program};
use crate::symex::Claim;

#[derive(Clone, Debug)]
pub struct EngineOptions {
    pub symex: SymexOptions,
    pub multi_property: bool,
    /// Raise the bound from 1 until a violation is found or the bound is sufficient.
    pub incremental: bool,
    pub max_k: u32,
    pub deadline: Option<Instant>,
    /// Internal reachability questions (is this point reachable at all?): a claim the solver
    /// can violate is marked violated without a replayed trace. Never for reported verdicts.
    pub reachability_only: bool,
    /// Solve first with float arithmetic abstracted as uninterpreted functions (proofs are
    /// sound, counterexamples must replay), then exactly for what that leaves open.
    pub float_abstraction: bool,
    /// A difference that depends on approximated math library results may be shown for
    /// results within [`crate::smt::libm::accuracy_bounds`] of the host's (stated with the trace,
    /// docs/equivalence.md "Library accuracy"); false: only for every result the models allow.
    pub library_accuracy: bool,
    /// Before symbolic execution, run the program concretely on random inputs for a share of
    /// the time (random.rs): a run that violates a claim is the counterexample. For
    /// equivalence products, whose claims compare the two versions.
    pub random_runs: bool,
    /// How long the random runs may take together (at most [`random::RUNS_MS`], and never
    /// past the deadline); None: a fifth of the time to the deadline. A check that splits its
    /// time among several attempts gives the runs a share of the whole, not of the first
    /// attempt's part.
    pub random_time: Option<std::time::Duration>,
    /// The longest the needs phase (what a function needs of its caller) may take under a
    /// deadline: those checks decide what a result states, not its verdict (a need not decided
    /// in time is reported as one the function may have). None: as long as the deadline
    /// allows. `run` and `diff` cap it for throughput; `check` decides every need.
    pub needs_budget: Option<std::time::Duration>,
    /// How a multi-threaded program's interleavings reach the solver (`--schedule`).
    pub schedule: ScheduleMode,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            symex: SymexOptions::default(),
            multi_property: false,
            incremental: false,
            max_k: 50,
            deadline: None,
            reachability_only: false,
            float_abstraction: false,
            library_accuracy: true,
            random_runs: false,
            random_time: None,
            needs_budget: None,
            schedule: ScheduleMode::default(),
        }
    }
}

pub(crate) fn claim_result(p: &Program, c: &Claim) -> ClaimResult {
    let function = c.func.map(|f| p.func(f).name.clone()).unwrap_or_else(|| "(static initialisation)".into());
    ClaimResult {
        id: String::new(),
        kind: c.kind,
        description: c.msg.clone(),
        expression: c.expr.clone(),
        file: p.file_name(c.loc).to_string(),
        line: c.loc.line,
        col: c.loc.col,
        function,
        status: Status::NotChecked,
        trace: None,
        // (a recursion's unwinding claim has no back edge: its bound is the global one)
        loop_at: c.func.filter(|_| c.kind == crate::ir::ClaimKind::Unwinding && c.key.2 == 1).map(|f| (f, c.key.1)),
        loc: c.loc,
    }
}

/// Gives claims stable ids `function.kind.N` (N counts per function and kind, in source order).
fn number_claims(r: &mut Report) {
    let mut order: Vec<usize> = (0..r.claims.len()).collect();
    order.sort_by(|&a, &b| {
        let (x, y) = (&r.claims[a], &r.claims[b]);
        (&x.function, x.line, x.col, a).cmp(&(&y.function, y.line, y.col, b))
    });
    let mut counts: std::collections::HashMap<(String, &'static str), u32> = Default::default();
    for i in order {
        let c = &r.claims[i];
        let k = (c.function.clone(), c.kind.name());
        let n = counts.entry(k).or_insert(0);
        *n += 1;
        let id = format!("{}.{}.{}", c.function, c.kind.name(), n);
        r.claims[i].id = id;
    }
}

/// Verifies `entry` of an instrumented program.
pub fn verify(p: &Program, entry: FuncId, o: &EngineOptions) -> Report {
    let start = Instant::now();
    let mut timings = Timings::default();
    let mut so = o.symex.clone();
    so.deadline = o.deadline;
    // a budget spent inside one term construction unwinds to here (term::limit)
    let run = crate::term::limit::guard(|| {
        if o.incremental {
            incremental(p, entry, &so, o, &mut timings)
        } else {
            schedule::bmc(p, entry, &so, o, &mut timings)
        }
    });
    let mut report = match run {
        Ok(r) => r,
        Err(limit) => limit_report(&limit, &timings),
    };
    report.timings.total = start.elapsed();
    number_claims(&mut report);
    report
}

/// The report of a run that spent its time or term budget while building a formula.
fn limit_report(limit: &crate::term::limit::Limit, timings: &Timings) -> Report {
    use crate::term::limit::Limit;
    let reason = match limit {
        Limit::Time => "timeout while building the formula (time limit reached)".to_string(),
        Limit::Terms(_) => format!("formula too large ({limit})"),
    };
    Report {
        verdict: Verdict::Unknown(reason),
        claims: vec![],
        unsupported: vec![],
        externals: vec![],
        notes: vec![],
        timings: timings.clone(),
        stats: Default::default(),
        bounded: false,
        loops_undecided: false,
        assumes: vec![],
    }
}

/// k = 1, 2, …: a violation within k iterations is a real failure; when no unwinding assertion
/// can fail at k, the loops are fully explored and the program is verified.
fn incremental(p: &Program, entry: FuncId, so: &SymexOptions, o: &EngineOptions, timings: &mut Timings) -> Report {
    let mut last = None;
    let max = o.max_k.max(1);
    for k in 1..=max {
        let mut sk = so.clone();
        sk.unwind = Some(k);
        sk.unwinding_assertions = true;
        let mut r = schedule::bmc(p, entry, &sk, o, timings);
        let real_failure =
            r.claims.iter().any(|c| c.status == Status::Violated && c.kind != crate::ir::ClaimKind::Unwinding);
        let unwinding_failure =
            r.claims.iter().any(|c| c.status == Status::Violated && c.kind == crate::ir::ClaimKind::Unwinding);
        if real_failure {
            // the unwinding claims are not violations of the program
            for c in r.claims.iter_mut() {
                if c.kind == crate::ir::ClaimKind::Unwinding {
                    c.status = Status::NotChecked;
                    c.trace = None;
                }
            }
            r.notes.push(format!("violation found with the bound raised to k = {k}"));
            return r;
        }
        match &r.verdict {
            Verdict::Unknown(_) if !unwinding_failure => return r,
            _ => {}
        }
        if !unwinding_failure {
            r.notes.push(format!("all loops fully explored at k = {k}"));
            return r;
        }
        if let Some(d) = o.deadline {
            if Instant::now() >= d {
                r.verdict = Verdict::Unknown("timeout during incremental BMC".into());
                return r;
            }
        }
        last = Some(r);
    }
    let mut r = last.unwrap_or_else(|| schedule::bmc(p, entry, so, o, timings));
    for c in r.claims.iter_mut() {
        if c.kind == crate::ir::ClaimKind::Unwinding && c.status == Status::Violated {
            c.status = Status::Unknown(format!("loops not fully explored at k = {max}"));
            c.trace = None;
        }
    }
    r.verdict =
        Verdict::Unknown(format!("no violation up to k = {max}, and k = {max} does not unwind every loop completely"));
    r
}
