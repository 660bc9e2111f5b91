//! Lazy exploration (`--schedule lazy`, the thesis's §4.3): the interleavings of a
//! multi-threaded program one by one, depth first, each in a formula of its own, solved before
//! the next is built. The first violation ends the search (unless every property is wanted);
//! a proof needs every interleaving.
//!
//! Each interleaving is a symbolic execution that follows a [`Script`] — the option taken at
//! each scheduling choice among several threads — and records how many options each choice
//! offered; the next script is the depth-first successor. A data branch inside one
//! interleaving stays in its formula (paths of one interleaving still merge).

use std::sync::Arc;
use std::time::Instant;

use super::super::bmc::bmc_once;
use super::super::result::{ClaimResult, Report, Status, Timings, Verdict};
use super::super::EngineOptions;
use crate::ir::{FuncId, Program};
use crate::symex::schedule::Script;
use crate::symex::SymexOptions;

/// `max`: stop (UNKNOWN) after this many interleavings.
pub(crate) fn bmc_lazy(
    p: &Program,
    entry: FuncId,
    so: &SymexOptions,
    o: &EngineOptions,
    timings: &mut Timings,
    max: Option<u64>,
) -> Report {
    let mut picks: Vec<u32> = Vec::new();
    let mut known: Vec<u32> = Vec::new();
    let mut acc: Option<Report> = None;
    let mut unknown: Option<String> = None;
    let mut runs: u64 = 0;
    loop {
        if o.deadline.is_some_and(|d| Instant::now() >= d) {
            unknown = Some(format!("timeout during lazy exploration, after {runs} interleavings"));
            break;
        }
        if max.is_some_and(|m| runs >= m) {
            unknown = Some(format!("lazy exploration stopped after {runs} interleavings"));
            break;
        }
        let script = Arc::new(Script::new(picks.clone()));
        let sk = SymexOptions { schedule: Some(script.clone()), ..so.clone() };
        // (random runs try interleavings of their own: once is enough)
        let ok = EngineOptions { random_runs: o.random_runs && runs == 0, ..o.clone() };
        let r = bmc_once(p, entry, &sk, &ok, timings);
        runs += 1;
        let failed = r.verdict == Verdict::Failed;
        if let Verdict::Unknown(why) = &r.verdict {
            if unknown.is_none() {
                unknown = Some(why.clone());
            }
        }
        let threaded = !script.widths().is_empty() || !picks.is_empty();
        if !threaded && acc.is_none() {
            // one thread, or threads with nothing to choose: one formula is every execution
            return r;
        }
        acc = Some(match acc {
            None => r,
            Some(a) => combine(a, r),
        });
        if failed && !o.multi_property {
            break;
        }
        if !threaded {
            break;
        }
        match script.next(&known) {
            Some((next, widths)) => {
                picks = next;
                known = widths;
            }
            None => break,
        }
    }
    let mut r = acc.unwrap_or_else(|| bmc_once(p, entry, so, o, timings));
    r.stats.interleavings = runs;
    if r.verdict != Verdict::Failed {
        if r.claims.iter().any(|c| c.status == Status::Violated && c.kind != crate::ir::ClaimKind::Precondition) {
            r.verdict = Verdict::Failed;
        } else if let Some(u) = unknown {
            r.verdict = Verdict::Unknown(u);
        } else {
            r.verdict = Verdict::Successful;
        }
    }
    r.notes.push(format!("lazy exploration: {runs} interleaving{} explored", if runs == 1 { "" } else { "s" }));
    r
}

/// The report of two interleavings: a claim's status is the worst of the two (violated, then
/// undecided), with the trace of the first violation.
fn combine(mut a: Report, b: Report) -> Report {
    for c in b.claims {
        match a.claims.iter_mut().find(|x| same_claim(x, &c)) {
            Some(x) => {
                if rank(&c.status) > rank(&x.status) {
                    x.status = c.status;
                    x.trace = c.trace;
                }
            }
            None => a.claims.push(c),
        }
    }
    if b.verdict == Verdict::Failed {
        a.verdict = Verdict::Failed;
    }
    for u in b.unsupported {
        if !a.unsupported.contains(&u) {
            a.unsupported.push(u);
        }
    }
    for e in b.externals {
        if !a.externals.contains(&e) {
            a.externals.push(e);
        }
    }
    for n in b.notes {
        if !a.notes.contains(&n) {
            a.notes.push(n);
        }
    }
    a.bounded |= b.bounded;
    a.loops_undecided |= b.loops_undecided;
    let (s, t) = (&mut a.stats, &b.stats);
    s.instructions += t.instructions;
    s.assignments += t.assignments;
    s.instances += t.instances;
    s.solver_calls += t.solver_calls;
    s.claims = s.claims.max(t.claims);
    s.terms = s.terms.max(t.terms);
    s.unwind_reached = s.unwind_reached.max(t.unwind_reached);
    a
}

fn same_claim(a: &ClaimResult, b: &ClaimResult) -> bool {
    a.kind == b.kind && a.function == b.function && a.loc == b.loc && a.description == b.description
}

fn rank(s: &Status) -> u8 {
    match s {
        Status::Holds => 0,
        Status::NotChecked => 1,
        Status::Unknown(_) => 2,
        Status::Violated => 3,
    }
}
