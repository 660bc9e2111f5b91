//! The claim-by-claim loop: the phases (claims, loop bounds, what the function needs of its
//! caller), the disjunction of the remaining violations as one query, the time budgets, and
//! the bookkeeping of SAT, UNSAT and UNKNOWN answers. The strategies (`strategy.rs`) shape
//! the query and read its answers; the loop only files them.

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Instant;

use super::abstraction::{Candidates, Moderate};
use super::confirm::{confirm, Confirmation};
use super::probes::Probes;
use super::strategy::{dispatch, narrowing, Event, Next, Query, Strategy};
use super::{remaining_ms, Outcome, Pass};
use crate::engine::replay::Solving;
use crate::engine::result::{ClaimResult, RunStats, Status, Timings};
use crate::ir::ClaimKind;
use crate::smt::Answer;
use crate::term::T;

/// One phase of the loop: the claims it decides, and what it does with those it cannot.
struct Phase {
    /// Its number in debugging output.
    number: u8,
    /// Whether a claim of this kind is decided in this phase.
    decides: fn(ClaimKind) -> bool,
    /// What the function needs of its caller: every such claim is decided (none stops
    /// verification), under a share of the time, and one the solver cannot decide is left
    /// open (the verdict does not depend on it).
    needs: bool,
    /// Loop bounds: when the solver cannot decide them, the claims say which are undecided
    /// (the verdict is UNKNOWN through them; see `Report::loops_undecided`).
    loops: bool,
    /// Equivalence probes are tried first ([`Probes`]).
    probed: bool,
    /// A question that only sharpens a verdict found before it (a lasso, docs/ltl.md §5,
    /// which makes FAILING or SUCCEEDING BAD): asked only after a violation that
    /// [`sharpened`] allows, and when the solver does not decide it, its claims say so and the
    /// verdict found stands.
    optional: bool,
}

fn program_claim(k: ClaimKind) -> bool {
    !matches!(k, ClaimKind::Precondition | ClaimKind::Unwinding) && !k.is_ltl()
}
fn ltl_bad(k: ClaimKind) -> bool {
    k == ClaimKind::LtlBad
}
fn ltl_lasso(k: ClaimKind) -> bool {
    k == ClaimKind::LtlLasso
}
fn ltl_failing(k: ClaimKind) -> bool {
    k == ClaimKind::LtlFailing
}
fn ltl_succeeding(k: ClaimKind) -> bool {
    k == ClaimKind::LtlSucceeding
}
fn loop_bound(k: ClaimKind) -> bool {
    k == ClaimKind::Unwinding
}
fn caller_need(k: ClaimKind) -> bool {
    k == ClaimKind::Precondition
}

/// The program's claims, then an LTL monitor's end-of-trace questions worst verdict first
/// (docs/ltl.md §4: the first violated one is the verdict, the later ones are not asked; a
/// FAILING or SUCCEEDING verdict is then sharpened to BAD by a lasso, §5, when one is
/// found), then
/// the loop bounds, then what it needs of its caller. A loop the bound cuts makes the verdict
/// "needs more iterations" whatever the function needs, so the needs come last and are not
/// asked for then (a caller raising the bound wants that answer soon).
const PHASES: [Phase; 7] = [
    Phase { number: 0, decides: program_claim, needs: false, loops: false, probed: true, optional: false },
    Phase { number: 3, decides: ltl_bad, needs: false, loops: false, probed: false, optional: false },
    Phase { number: 4, decides: ltl_failing, needs: false, loops: false, probed: false, optional: false },
    Phase { number: 5, decides: ltl_succeeding, needs: false, loops: false, probed: false, optional: false },
    Phase { number: 6, decides: ltl_lasso, needs: false, loops: false, probed: false, optional: true },
    Phase { number: 2, decides: loop_bound, needs: false, loops: true, probed: false, optional: false },
    Phase { number: 1, decides: caller_need, needs: true, loops: false, probed: false, optional: false },
];

impl Phase {
    /// The phase's deadline. Under a time limit, what the function needs of its caller is
    /// asked with a share of the time left (at most `needs_budget`): the verdict does not
    /// depend on it (a need not decided in time is reported as one the function may have),
    /// but it does on the checks after (is unsupported code reachable, can any caller meet
    /// the needs), which must not find the time used up.
    fn deadline(&self, pass: &Pass, solving_since: Instant) -> Option<Instant> {
        if self.optional {
            // a verdict is known already. The question that may sharpen it gets as long as
            // finding the verdict took (at least OPTIONAL_MIN), and at most 3/4 of the time
            // left: the solver, which may overrun its limit, must not take the verdict with
            // it past the deadline
            let now = Instant::now();
            let mut budget = now.saturating_duration_since(solving_since).max(OPTIONAL_MIN);
            if let Some(d) = pass.deadline {
                budget = budget.min(d.saturating_duration_since(now) * 3 / 4);
            }
            return Some(now + budget);
        }
        match pass.deadline {
            Some(d) if self.needs => {
                let share = d.saturating_duration_since(Instant::now()) * 3 / 4;
                Some(Instant::now() + pass.o.needs_budget.map_or(share, |b| share.min(b)))
            }
            d => d,
        }
    }
}

/// Solves the claims that have a violation condition and are not decided yet, phase by phase
/// ([`PHASES`]); every counterexample is replayed before it counts.
pub(crate) fn solve(
    pass: &Pass,
    shared: &Rc<RefCell<Solving>>,
    claims: &mut [ClaimResult],
    stats: &mut RunStats,
    timings: &mut Timings,
) -> Outcome {
    let (viol, o) = (pass.viol, pass.o);
    if o.reachability_only && super::reach_zero::reached_by_zero_run(pass, claims, timings) {
        return Outcome::Stopped;
    }
    let mut moderate = Moderate::new(pass, shared);
    let mut candidates = Candidates::new(pass.approx);
    // a violation was found that a later optional phase may sharpen: only those are asked now
    let mut sharpening = false;
    let solving_since = Instant::now();
    'phases: for phase in &PHASES {
        if phase.optional != sharpening {
            continue;
        }
        let deadline = phase.deadline(pass, solving_since);
        let mut remaining: Vec<usize> = (0..claims.len())
            .filter(|&i| viol[i].is_some() && claims[i].status == Status::NotChecked && (phase.decides)(pass.kinds[i]))
            .collect();
        // in equivalence checking: inputs on which a concrete run already shows a difference,
        // tried one after the other, each on its own, before anything else
        let mut probes = Probes::new(pass, shared, phase.probed, &remaining);
        candidates.next_phase();
        while !remaining.is_empty() {
            match remaining_ms(deadline) {
                Some(1) if pass.abstracted => return Outcome::Open,
                Some(ms) => shared.borrow_mut().smt.set_timeout(ms),
                None => {}
            }
            let mut strategies: [&mut dyn Strategy; 3] = [&mut probes, &mut moderate, &mut candidates];
            // some remaining claim is violated
            let goal = {
                let vs: Vec<T> = remaining.iter().filter_map(|&i| viol[i]).collect();
                shared.borrow_mut().store.or_n(&vs)
            };
            let q = Query { pass, shared, goal, remaining: &remaining, deadline };
            if let Some((i, trace)) = strategies.iter_mut().find_map(|s| s.settle(&q)) {
                claims[i].status = Status::Violated;
                claims[i].trace = Some(trace);
                remaining.retain(|&k| claims[k].status == Status::NotChecked);
                if !o.multi_property {
                    if !sharpening && sharpened(claims[i].kind) {
                        sharpening = true;
                        continue 'phases;
                    }
                    return Outcome::Stopped;
                }
                continue;
            }
            let lits = narrowing(&strategies);
            let (answer, mut model_violates) = match strategies.iter_mut().find_map(|s| s.ground(&q, timings, stats)) {
                Some(asked) => (asked.answer, asked.violates),
                None => (ask(&q, &lits, phase.number, claims, timings, stats), None),
            };
            let event = match &answer {
                Answer::Unsat => Some(Event::Unsat),
                Answer::Unknown(_) => Some(Event::Unknown),
                Answer::Sat => None,
            };
            match event.and_then(|e| dispatch(&mut strategies, e, shared)) {
                Some(Next::Ask) => continue,
                Some(Next::Open) => return Outcome::Open,
                None => {}
            }
            match answer {
                Answer::Unsat => {
                    for &i in &remaining {
                        claims[i].status = Status::Holds;
                    }
                    remaining.clear();
                }
                Answer::Unknown(_) if pass.abstracted => return Outcome::Open,
                Answer::Unknown(reason) => {
                    let reason = if reason.contains("timeout") || reason.contains("canceled") {
                        "timeout in the SMT solver".to_string()
                    } else {
                        format!("the SMT solver answered unknown ({reason})")
                    };
                    for &i in &remaining {
                        claims[i].status = Status::Unknown(reason.clone());
                    }
                    if phase.loops {
                        break;
                    }
                    if phase.needs || phase.optional {
                        remaining.clear();
                        continue;
                    }
                    return Outcome::Unknown(reason);
                }
                Answer::Sat if o.reachability_only && !pass.abstracted => {
                    // the question is only whether some claim can fail: it can
                    for &i in &remaining {
                        claims[i].status = Status::Violated;
                    }
                    return Outcome::Stopped;
                }
                Answer::Sat => {
                    // which claims does this model violate?
                    let mut violated = match model_violates.take() {
                        Some(v) => v,
                        None => violated_by_model(shared, &remaining, viol),
                    };
                    if violated.is_empty() {
                        match dispatch(&mut strategies, Event::NoViolation, shared) {
                            Some(Next::Ask) => continue,
                            Some(Next::Open) => return Outcome::Open,
                            None => {}
                        }
                        // Z3's evaluation of the model disagrees with its answer (seen with
                        // array lambdas): ask for each claim's violation on its own and take
                        // the first model found — replay decides whether it is real
                        let holds = one_by_one(shared, &remaining, viol, &lits, deadline, stats, &mut violated);
                        for &i in &holds {
                            claims[i].status = Status::Holds;
                        }
                        remaining.retain(|i| !holds.contains(i));
                    }
                    if violated.is_empty() && remaining.is_empty() {
                        // every claim left was shown to hold on its own
                        continue;
                    }
                    if violated.is_empty() {
                        if pass.abstracted {
                            return Outcome::Open;
                        }
                        for &i in &remaining {
                            claims[i].status = Status::Unknown("the solver's model violates no claim".into());
                        }
                        return Outcome::Unknown("inconsistent solver model".into());
                    }
                    let todo: Vec<usize> = if o.multi_property || o.reachability_only || phase.needs {
                        violated.clone()
                    } else {
                        vec![violated[0]]
                    };
                    let mut spurious = false;
                    for &i in &todo {
                        match confirm(pass, shared, i, deadline, timings, stats) {
                            Confirmation::Violated(_) if o.reachability_only => {
                                claims[i].status = Status::Violated;
                                return Outcome::Stopped;
                            }
                            Confirmation::Violated(trace) => {
                                claims[i].status = Status::Violated;
                                claims[i].trace = trace;
                            }
                            Confirmation::Spurious => spurious = true,
                            Confirmation::Unknown(why) => claims[i].status = Status::Unknown(why),
                        }
                    }
                    if spurious && dispatch(&mut strategies, Event::Spurious, shared) == Some(Next::Open) {
                        return Outcome::Open;
                    }
                    remaining.retain(|&i| claims[i].status == Status::NotChecked);
                    if !o.multi_property && !phase.needs {
                        if let Some(&i) = todo.iter().find(|&&i| claims[i].status == Status::Violated) {
                            if !sharpening && sharpened(claims[i].kind) {
                                sharpening = true;
                                continue 'phases;
                            }
                            return Outcome::Stopped;
                        }
                    }
                }
            }
        }
    }
    if sharpening {
        return Outcome::Stopped;
    }
    Outcome::Finished
}

/// The least time an optional phase gets (see `Phase::deadline`).
const OPTIONAL_MIN: std::time::Duration = std::time::Duration::from_secs(5);

/// A violation a later optional phase may sharpen: FAILING or SUCCEEDING, which a lasso
/// makes BAD.
fn sharpened(k: ClaimKind) -> bool {
    matches!(k, ClaimKind::LtlFailing | ClaimKind::LtlSucceeding)
}

/// The loop's own query on the shared incremental solver: `q.goal` under a fresh activation
/// literal and the strategies' assumption literals `narrowed`.
fn ask(
    q: &Query,
    narrowed: &[T],
    phase: u8,
    claims: &[ClaimResult],
    timings: &mut Timings,
    stats: &mut RunStats,
) -> Answer {
    let mut sh = q.shared.borrow_mut();
    let sh = &mut *sh;
    let act = sh.store.fresh_symbol("round", crate::term::Sort::Bool);
    let imp = sh.store.implies(act, q.goal);
    let t_enc = Instant::now();
    sh.smt.assert(&sh.store, imp);
    timings.encode += t_enc.elapsed();
    let t_solve = Instant::now();
    let mut lits = vec![act];
    lits.extend_from_slice(narrowed);
    let a = sh.smt.check(&sh.store, &lits);
    timings.solve += t_solve.elapsed();
    if std::env::var_os("VERDIFF_DEBUG").is_some() {
        let how = if q.pass.abstracted { "abstract" } else { "exact" };
        let names: Vec<String> = q
            .remaining
            .iter()
            .take(3)
            .map(|&i| format!("{}:{} {}", claims[i].function, claims[i].line, claims[i].description))
            .collect();
        eprintln!(
            "{how} check, phase {phase}, {} claims ({}): {a:?} in {:?}",
            q.remaining.len(),
            names.join("; "),
            t_solve.elapsed()
        );
    }
    stats.solver_calls += 1;
    if a == Answer::Sat {
        sh.model = sh.smt.model();
    }
    a
}

/// Each remaining claim's violation asked on its own, under the assumption literals
/// `narrowed`, until one has a model (pushed to `violated`; the model is kept). Returns the
/// claims shown to hold — only when nothing narrowed the question.
fn one_by_one(
    shared: &Rc<RefCell<Solving>>,
    remaining: &[usize],
    viol: &[Option<T>],
    narrowed: &[T],
    deadline: Option<Instant>,
    stats: &mut RunStats,
    violated: &mut Vec<usize>,
) -> Vec<usize> {
    let mut sh = shared.borrow_mut();
    let sh = &mut *sh;
    let mut holds = Vec::new();
    for &i in remaining {
        let Some(v) = viol[i] else { continue };
        match remaining_ms(deadline) {
            Some(1) => break,
            Some(ms) => sh.smt.set_timeout(ms),
            None => {}
        }
        let act = sh.store.fresh_symbol("claim", crate::term::Sort::Bool);
        let imp = sh.store.implies(act, v);
        sh.smt.assert(&sh.store, imp);
        stats.solver_calls += 1;
        let mut lits = vec![act];
        lits.extend_from_slice(narrowed);
        match sh.smt.check(&sh.store, &lits) {
            Answer::Sat => {
                sh.model = sh.smt.model();
                violated.push(i);
                break;
            }
            Answer::Unsat if narrowed.is_empty() => holds.push(i),
            Answer::Unsat | Answer::Unknown(_) => {}
        }
    }
    holds
}

/// The claims among `remaining` whose violation the current model satisfies.
fn violated_by_model(shared: &Rc<RefCell<Solving>>, remaining: &[usize], viol: &[Option<T>]) -> Vec<usize> {
    let mut sh = shared.borrow_mut();
    let sh = &mut *sh;
    let model = sh.model.take();
    let r = remaining
        .iter()
        .copied()
        .filter(|&i| {
            let Some(v) = viol[i] else { return false };
            match &model {
                Some(m) => sh.smt.value(&mut sh.store, m, v).is_some_and(|b| !b.is_zero()),
                None => false,
            }
        })
        .collect();
    sh.model = model;
    r
}
