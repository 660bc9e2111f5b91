//! The claim-by-claim loop: the phases (claims, loop bounds, what the function needs of its
//! caller), the disjunction of the remaining violations as one query, the time budgets, and
//! the bookkeeping of SAT, UNSAT and UNKNOWN answers.

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Instant;

use super::abstraction::{exclude_model_inputs, moderate_inputs, ABSTRACT_CANDIDATES};
use super::confirm::{confirm, Confirmation};
use super::probes::{confirmed_probe, probe_inputs, ProbeHit, PROBES_SOLVING_MS, PROBE_MS};
use super::{remaining_ms, solver, Outcome, Pass};
use crate::engine::replay::Solving;
use crate::engine::result::{ClaimResult, RunStats, Status, Timings, Trace};
use crate::ir::ClaimKind;
use crate::smt::Answer;
use crate::term::T;

/// Solves the claims that have a violation condition and are not decided yet: real claims
/// first, then unwinding assertions; every counterexample is replayed before it counts.
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
    let mut candidates = 0u32;
    // an abstract pass looks for candidates among moderate float inputs first: extreme ones
    // (NaN, infinities, huge magnitudes) make spurious models of the abstraction cheap
    let mut prefer: Option<T> =
        if pass.abstracted { moderate_inputs(&mut shared.borrow_mut(), pass.approx) } else { None };
    // before those, in equivalence checking: inputs on which a concrete run already shows a
    // difference (a probe), tried one after the other, each on its own
    // Phases: the program's claims, then the loop bounds, then what it needs of its caller
    // (every such claim is decided: none stops verification). A loop the bound cuts makes the
    // verdict "needs more iterations" whatever the function needs, so the needs come last and
    // are not asked for then (a caller raising the bound wants that answer soon).
    for phase in [0, 2, 1] {
        let phase_of = |k: ClaimKind| match k {
            ClaimKind::Precondition => 1,
            ClaimKind::Unwinding => 2,
            _ => 0,
        };
        let needs = phase == 1;
        // under a time limit, what the function needs of its caller is asked with a share of
        // the time left (at most `needs_budget`): the verdict does not depend on it (a need not
        // decided in time is reported as one the function may have), but it does on the
        // checks after (is unsupported code reachable, can any caller meet the needs), which
        // must not find the time used up
        let deadline = match pass.deadline {
            Some(d) if needs => {
                let share = d.saturating_duration_since(Instant::now()) * 3 / 4;
                Some(Instant::now() + o.needs_budget.map_or(share, |b| share.min(b)))
            }
            d => d,
        };
        let mut remaining: Vec<usize> = (0..claims.len())
            .filter(|&i| {
                viol[i].is_some() && claims[i].status == Status::NotChecked && phase_of(pass.kinds[i]) == phase
            })
            .collect();
        let mut probes = if phase == 0 && pass.abstracted && pass.so.product.is_some() && !remaining.is_empty() {
            let keys: Vec<_> = remaining.iter().map(|&i| pass.keys[i]).collect();
            probe_inputs(pass, &mut shared.borrow_mut(), &keys)
        } else {
            Vec::new()
        };
        probes.reverse();
        let mut probe = probes.pop();
        let probes_until = Instant::now() + std::time::Duration::from_millis(PROBES_SOLVING_MS);
        // inputs excluded in this pass after their candidate did not replay (abstract pass)
        let mut excluded: Vec<T> = Vec::new();
        while !remaining.is_empty() {
            match remaining_ms(deadline) {
                Some(1) if pass.abstracted => return Outcome::Open,

                Some(ms) => shared.borrow_mut().smt.set_timeout(ms),
                None => {}
            }
            if probe.is_some() && Instant::now() >= probes_until {
                probes.clear();
                probe = None;
            }
            let chosen = if probe.is_some() { None } else { prefer };
            let mut probe_violates: Option<Vec<usize>> = None;
            // some remaining claim is violated
            let goal = {
                let vs: Vec<T> = remaining.iter().filter_map(|&i| viol[i]).collect();
                shared.borrow_mut().store.or_n(&vs)
            };
            if let Some(hit) = &probe {
                // the probe's run is a replay of its own: when its difference holds for every
                // library result the models allow, it is the counterexample, without a solver
                if let Some((i, assumes)) = confirmed_probe(pass, shared, hit, &remaining) {
                    claims[i].status = Status::Violated;
                    let steps = crate::engine::format::trace(pass.p, &hit.found.run, pass.off_bits);
                    claims[i].trace = Some(Trace { steps, replayed: true, assumes });
                    remaining.retain(|&k| claims[k].status == Status::NotChecked);
                    if !o.multi_property {
                        return Outcome::Stopped;
                    }
                    probe = probes.pop();
                    continue;
                }
            }
            let answer = if let Some(ProbeHit { fixed: pairs, .. }) = &probe {
                // a solver of its own, exact, with every value the probe run took substituted:
                // the formula folds to (nearly) constants
                let mut sh = shared.borrow_mut();
                let sh = &mut *sh;
                let t_solve = Instant::now();
                let ms = remaining_ms(deadline).map(|ms| ms.min(PROBE_MS));
                let mut smt = solver(&sh.store, sh.axioms, ms, false);
                let ground = smt.assert_with_values(&sh.store, goal, pairs);
                // float arithmetic on values no probe fixes (results of shared callees) is not
                // even tried exactly: Z3 does not stop at its time limit while bit-blasting it
                let mut a = match ground {
                    true => smt.check(&sh.store, &[]),
                    false => Answer::Unknown("float arithmetic on values the probe does not fix".into()),
                };
                if matches!(a, Answer::Unknown(_)) {
                    // the abstraction instead, whose model the replay decides
                    smt = solver(&sh.store, sh.axioms, ms, true);
                    smt.assert_with_values(&sh.store, goal, pairs);
                    a = smt.check(&sh.store, &[]);
                }
                timings.solve += t_solve.elapsed();
                stats.solver_calls += 1;
                if std::env::var_os("VERDIFF_DEBUG").is_some() {
                    eprintln!("probe check: {a:?} in {:?}", t_solve.elapsed());
                }
                if a == Answer::Sat {
                    sh.model = smt.model();
                    let model = sh.model.take();
                    probe_violates = Some(
                        remaining
                            .iter()
                            .copied()
                            .filter(|&i| {
                                let (Some(v), Some(m)) = (viol[i], &model) else { return false };
                                smt.value(&mut sh.store, m, v).is_some_and(|b| !b.is_zero())
                            })
                            .collect(),
                    );
                    sh.model = model;
                }
                a
            } else {
                let mut sh = shared.borrow_mut();
                let sh = &mut *sh;
                let act = sh.store.fresh_symbol("round", crate::term::Sort::Bool);
                let imp = sh.store.implies(act, goal);
                let t_enc = Instant::now();
                sh.smt.assert(&sh.store, imp);
                timings.encode += t_enc.elapsed();
                let t_solve = Instant::now();
                let mut lits = vec![act];
                lits.extend_from_slice(&excluded);
                lits.extend(chosen);
                let a = sh.smt.check(&sh.store, &lits);
                timings.solve += t_solve.elapsed();
                if std::env::var_os("VERDIFF_DEBUG").is_some() {
                    let how = if pass.abstracted { "abstract" } else { "exact" };
                    let names: Vec<String> = remaining
                        .iter()
                        .take(3)
                        .map(|&i| format!("{}:{} {}", claims[i].function, claims[i].line, claims[i].description))
                        .collect();
                    eprintln!(
                        "{how} check, phase {phase}, {} claims ({}): {a:?} in {:?}",
                        remaining.len(),
                        names.join("; "),
                        t_solve.elapsed()
                    );
                }
                stats.solver_calls += 1;
                if a == Answer::Sat {
                    sh.model = sh.smt.model();
                }
                a
            };
            match answer {
                // the probe's difference is not one the formula has (e.g. another claim was
                // violated first), or too hard to model: the next probe
                Answer::Unsat | Answer::Unknown(_) if probe.is_some() => probe = probes.pop(),
                // no moderate candidate: look among all inputs
                Answer::Unsat if prefer.is_some() => prefer = None,
                // with inputs excluded, UNSAT says nothing about those inputs
                Answer::Unsat if !excluded.is_empty() => return Outcome::Open,
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
                    if phase == 2 {
                        // only loop bounds were open: the claims say which are undecided
                        // (the verdict is UNKNOWN through them; see Report::loops_undecided)
                        break;
                    }
                    if needs {
                        // which of the caller's obligations the function needs stays open;
                        // the verdict does not depend on it
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
                    let mut violated = match probe_violates.take() {
                        Some(v) => v,
                        None => violated_by_model(shared, &remaining, viol),
                    };
                    if violated.is_empty() && probe.is_some() {
                        probe = probes.pop();
                        continue;
                    }
                    if violated.is_empty() {
                        // Z3's evaluation of the model disagrees with its answer (seen with
                        // array lambdas): ask for each claim's violation on its own and take
                        // the first model found — replay decides whether it is real
                        let mut sh = shared.borrow_mut();
                        let sh = &mut *sh;
                        let mut holds = Vec::new();
                        for &i in &remaining {
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
                            lits.extend_from_slice(&excluded);
                            lits.extend(chosen);
                            match sh.smt.check(&sh.store, &lits) {
                                Answer::Sat => {
                                    sh.model = sh.smt.model();
                                    violated.push(i);
                                    break;
                                }
                                Answer::Unsat if excluded.is_empty() && chosen.is_none() => holds.push(i),
                                Answer::Unsat | Answer::Unknown(_) => {}
                            }
                        }
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
                    let todo: Vec<usize> = if o.multi_property || o.reachability_only || needs {
                        violated.clone()
                    } else {
                        vec![violated[0]]
                    };
                    let mut spurious = false;
                    for &i in &todo {
                        match confirm(pass, shared, i, timings) {
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
                    if spurious && probe.is_some() {
                        // (a probe is not one of the candidates counted below)
                        probe = probes.pop();
                    } else if spurious {
                        // another candidate elsewhere in the input space, a few times
                        candidates += 1;
                        if candidates >= ABSTRACT_CANDIDATES {
                            return Outcome::Open;
                        }
                        let mut sh = shared.borrow_mut();
                        match exclude_model_inputs(&mut sh, pass.approx) {
                            Some(lit) => excluded.push(lit),
                            None => return Outcome::Open,
                        }
                    }
                    remaining.retain(|&i| claims[i].status == Status::NotChecked);
                    if !o.multi_property && !needs && todo.iter().any(|&i| claims[i].status == Status::Violated) {
                        return Outcome::Stopped;
                    }
                }
            }
        }
    }
    Outcome::Finished
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
