//! Bounded model checking: symbolic execution, one verification condition per claim, solving
//! claim by claim, and replay of every counterexample before it is reported.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::time::Instant;

use super::replay::{replay, Replayed, Solving};
use super::result::{ClaimResult, Report, RunStats, Status, Timings, Trace, Verdict};
use super::EngineOptions;
use crate::ir::{ClaimKind, FuncId, Program};
use crate::smt::{Answer, Smt};
use crate::symex::{Abort, Symex, SymexOptions};
use crate::term::T;

fn remaining_ms(deadline: Option<Instant>) -> Option<u64> {
    deadline.map(|d| d.saturating_duration_since(Instant::now()).as_millis().max(1) as u64)
}

/// One BMC run at the bounds in `so`.
pub fn bmc_once(p: &Program, entry: FuncId, so: &SymexOptions, o: &EngineOptions, timings: &mut Timings) -> Report {
    let t_symex = Instant::now();
    let mut feas = Smt::new(Some(2_000));
    let mut feasible = |s: &crate::term::TermStore, t: T| {
        let t0 = Instant::now();
        feas.push();
        feas.assert(s, t);
        let r = feas.check(s, &[]);
        feas.pop();
        if std::env::var_os("VERDIFF_DEBUG").is_some() {
            eprintln!("feasibility check: {:?} in {:?} ({} terms)", r, t0.elapsed(), s.dag_size(&[t]));
            if let Some(path) = std::env::var_os("VERDIFF_DUMP") {
                let mut dump = Smt::new(None);
                dump.assert(s, t);
                let _ = std::fs::write(path, dump.to_smt2());
            }
        }
        match r {
            Answer::Sat => Some(true),
            Answer::Unsat => Some(false),
            Answer::Unknown(_) => None,
        }
    };
    let run = Symex::new(p, so.clone()).run(entry, &mut feasible);
    timings.symex += t_symex.elapsed();
    let out = match run {
        Ok(out) => out,
        Err((abort, out)) => {
            let reason = match abort {
                Abort::Timeout => "timeout during symbolic execution".to_string(),
                Abort::TooBig(why) => format!("formula too large ({why})"),
            };
            return unknown_report(p, &out, reason, timings);
        }
    };
    let mut claims: Vec<ClaimResult> = out.claims.iter().map(|c| super::claim_result(p, c)).collect();
    let externals: Vec<String> = out.externals.iter().cloned().collect();
    let stats = RunStats {
        instructions: out.stats.instructions,
        assignments: out.stats.assignments,
        claims: out.claims.len(),
        instances: out.instances.len(),
        terms: out.store.len(),
        solver_calls: 0,
        unwind_reached: out.stats.max_loop,
        bound: so.unwind,
    };
    let claim_keys: Vec<_> = out.claims.iter().map(|c| c.key).collect();
    let kinds: Vec<ClaimKind> = out.claims.iter().map(|c| c.kind).collect();
    let unsupported = out.unsupported.clone();
    let inputs = out.inputs.clone();
    let approx: std::collections::HashSet<u32> = out.approx_symbols.iter().copied().collect();
    let approx_funcs: Vec<String> = out.approx_funcs.iter().cloned().collect();
    let off_bits = p.target.pointer_width() - so.object_bits.clamp(4, p.target.pointer_width() - 8);
    let mut store = out.store;

    // violation condition per claim
    let mut parts: HashMap<usize, Vec<T>> = HashMap::new();
    for inst in &out.instances {
        let nc = store.not(inst.cond);
        let v = store.and(inst.guard, nc);
        if !store.is_false(v) {
            parts.entry(inst.claim).or_default().push(v);
        }
    }
    let mut viol: Vec<Option<T>> = vec![None; claims.len()];
    for (c, vs) in parts {
        let v = store.or_n(&vs);
        if !store.is_false(v) {
            viol[c] = Some(v);
        }
    }
    for (i, c) in claims.iter_mut().enumerate() {
        if viol[i].is_none() {
            c.status = Status::Holds;
        }
    }

    let axioms = store.and_n(&out.axioms);
    let mut smt = Smt::new(remaining_ms(o.deadline));
    if !store.is_true(axioms) {
        smt.assert(&store, axioms);
    }
    let shared = Rc::new(RefCell::new(Solving { smt, store, inputs, model: None }));
    if std::env::var_os("VERDIFF_PROFILE_CLAIMS").is_some() {
        profile_claims(&shared, &viol, &claims);
    }
    let mut stats = stats;
    let mut stopped = false;
    let mut unknown: Option<String> = None;
    // real claims first, then unwinding assertions
    for phase in 0..2 {
        let mut remaining: Vec<usize> = (0..claims.len())
            .filter(|&i| viol[i].is_some() && ((kinds[i] == ClaimKind::Unwinding) == (phase == 1)))
            .collect();
        while !remaining.is_empty() && !stopped {
            if let Some(ms) = remaining_ms(o.deadline) {
                shared.borrow_mut().smt.set_timeout(ms);
            }
            let answer = {
                let mut sh = shared.borrow_mut();
                let sh = &mut *sh;
                let vs: Vec<T> = remaining.iter().filter_map(|&i| viol[i]).collect();
                let goal = sh.store.or_n(&vs);
                let act = sh.store.fresh_symbol("round", crate::term::Sort::Bool);
                let imp = sh.store.implies(act, goal);
                let t_enc = Instant::now();
                sh.smt.assert(&sh.store, imp);
                timings.encode += t_enc.elapsed();
                let t_solve = Instant::now();
                let a = sh.smt.check(&sh.store, &[act]);
                timings.solve += t_solve.elapsed();
                stats.solver_calls += 1;
                if a == Answer::Sat {
                    sh.model = sh.smt.model();
                }
                a
            };
            match answer {
                Answer::Unsat => {
                    for &i in &remaining {
                        claims[i].status = Status::Holds;
                    }
                    remaining.clear();
                }
                Answer::Unknown(reason) => {
                    let reason = if reason.contains("timeout") || reason.contains("canceled") {
                        "timeout in the SMT solver".to_string()
                    } else {
                        format!("the SMT solver answered unknown ({reason})")
                    };
                    for &i in &remaining {
                        claims[i].status = Status::Unknown(reason.clone());
                    }
                    unknown = Some(reason);
                    stopped = true;
                }
                Answer::Sat if o.reachability_only => {
                    // the question is only whether some claim can fail: it can
                    for &i in &remaining {
                        claims[i].status = Status::Violated;
                    }
                    stopped = true;
                }
                Answer::Sat => {
                    // which claims does this model violate?
                    let mut violated: Vec<usize> = {
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
                    };
                    if violated.is_empty() {
                        // Z3's evaluation of the model disagrees with its answer (seen with
                        // array lambdas): ask for each claim's violation on its own and take
                        // the first model found — replay decides whether it is real
                        let mut sh = shared.borrow_mut();
                        let sh = &mut *sh;
                        let mut holds = Vec::new();
                        for &i in &remaining {
                            let Some(v) = viol[i] else { continue };
                            match remaining_ms(o.deadline) {
                                Some(1) => break,
                                Some(ms) => sh.smt.set_timeout(ms),
                                None => {}
                            }
                            let act = sh.store.fresh_symbol("claim", crate::term::Sort::Bool);
                            let imp = sh.store.implies(act, v);
                            sh.smt.assert(&sh.store, imp);
                            stats.solver_calls += 1;
                            match sh.smt.check(&sh.store, &[act]) {
                                Answer::Sat => {
                                    sh.model = sh.smt.model();
                                    violated.push(i);
                                    break;
                                }
                                Answer::Unsat => holds.push(i),
                                Answer::Unknown(_) => {}
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
                        for &i in &remaining {
                            claims[i].status = Status::Unknown("the solver's model violates no claim".into());
                        }
                        unknown = Some("inconsistent solver model".into());
                        stopped = true;
                        continue;
                    }
                    let todo: Vec<usize> = if o.multi_property { violated.clone() } else { vec![violated[0]] };
                    for &i in &todo {
                        let t_rep = Instant::now();
                        let r = replay(p, entry, so, shared.clone(), claim_keys[i]);
                        timings.replay += t_rep.elapsed();
                        match r {
                            Replayed::Confirmed(rout) => {
                                let steps = super::format::trace(p, &rout, off_bits);
                                match robust(&shared, viol[i], &approx, &approx_funcs) {
                                    Ok(()) => {
                                        claims[i].status = Status::Violated;
                                        claims[i].trace = Some(Trace { steps, replayed: true });
                                    }
                                    Err(why) => claims[i].status = Status::Unknown(why),
                                }
                            }
                            Replayed::NotConfirmed(why) => {
                                claims[i].status = Status::Unknown(format!("counterexample not confirmed: {why}"));
                            }
                        }
                    }
                    remaining.retain(|i| !todo.contains(i));
                    if !o.multi_property && todo.iter().any(|&i| claims[i].status == Status::Violated) {
                        stopped = true;
                    }
                }
            }
        }
        if stopped {
            break;
        }
    }
    for c in claims.iter_mut() {
        if matches!(c.status, Status::NotChecked) && stopped {
            c.status = Status::NotChecked;
        }
    }

    // reachable unsupported constructs (only matter when nothing failed)
    let any_failed = claims.iter().any(|c| c.status == Status::Violated);
    let mut unsupported_reached = Vec::new();
    if !any_failed && unknown.is_none() && !unsupported.is_empty() {
        let mut sh = shared.borrow_mut();
        let sh = &mut *sh;
        let gs: Vec<T> = unsupported.iter().map(|r| r.guard).collect();
        let any = sh.store.or_n(&gs);
        if !sh.store.is_false(any) {
            let act = sh.store.fresh_symbol("unsupported", crate::term::Sort::Bool);
            let imp = sh.store.implies(act, any);
            sh.smt.assert(&sh.store, imp);
            let t_solve = Instant::now();
            let a = sh.smt.check(&sh.store, &[act]);
            timings.solve += t_solve.elapsed();
            match a {
                Answer::Sat => {
                    let model = sh.smt.model();
                    for r in &unsupported {
                        let reached = match &model {
                            Some(m) => sh.smt.value(&mut sh.store, m, r.guard).is_some_and(|b| !b.is_zero()),
                            None => true,
                        };
                        if reached {
                            unsupported_reached.push((r.reason.clone(), p.file_name(r.loc).to_string(), r.loc.line));
                        }
                    }
                    if unsupported_reached.is_empty() {
                        let r = &unsupported[0];
                        unsupported_reached.push((r.reason.clone(), p.file_name(r.loc).to_string(), r.loc.line));
                    }
                }
                Answer::Unsat => {}
                Answer::Unknown(why) => {
                    unknown = Some(format!("cannot decide whether unsupported code is reachable ({why})"))
                }
            }
        }
    }
    let verdict = if claims.iter().any(|c| c.status == Status::Violated) {
        Verdict::Failed
    } else if let Some(u) = unknown {
        Verdict::Unknown(u)
    } else if let Some((reason, file, line)) = unsupported_reached.first() {
        Verdict::Unknown(format!("{file}:{line}: {reason}"))
    } else if let Some(c) = claims.iter().find(|c| matches!(c.status, Status::Unknown(_))) {
        let Status::Unknown(r) = &c.status else { unreachable!() };
        Verdict::Unknown(r.clone())
    } else {
        Verdict::Successful
    };
    stats.terms = shared.borrow().store.len();
    Report {
        verdict,
        claims,
        unsupported: unsupported_reached,
        externals,
        notes: vec![],
        timings: timings.clone(),
        stats,
        bounded: !so.unwinding_assertions && (so.unwind.is_some() || !so.unwindset.is_empty()),
    }
}

/// Debugging aid (VERDIFF_PROFILE_CLAIMS): solves every claim on its own and prints the time.
fn profile_claims(shared: &Rc<RefCell<Solving>>, viol: &[Option<T>], claims: &[ClaimResult]) {
    let mut sh = shared.borrow_mut();
    let sh = &mut *sh;
    for (i, v) in viol.iter().enumerate() {
        let Some(v) = *v else { continue };
        let t0 = Instant::now();
        sh.smt.push();
        sh.smt.assert(&sh.store, v);
        let a = sh.smt.check(&sh.store, &[]);
        sh.smt.pop();
        let c = &claims[i];
        eprintln!("claim {}:{} {} ({}): {:?} in {:?}", c.file, c.line, c.expression, c.description, a, t0.elapsed());
    }
}

/// A violation found with approximated library results (e.g. `cos`) is a real counterexample
/// only if it happens whatever values those results have: with every other input fixed to the
/// counterexample's values, no choice of the approximated ones may avoid it.
fn robust(
    shared: &Rc<RefCell<Solving>>,
    viol: Option<T>,
    approx: &std::collections::HashSet<u32>,
    funcs: &[String],
) -> Result<(), String> {
    let Some(v) = viol else { return Ok(()) };
    if approx.is_empty() {
        return Ok(());
    }
    let mut sh = shared.borrow_mut();
    let sh = &mut *sh;
    let depends = {
        let mut stack = vec![v];
        let mut seen = std::collections::HashSet::new();
        let mut found = false;
        while let Some(x) = stack.pop() {
            if !seen.insert(x) {
                continue;
            }
            if let crate::term::Op::Sym(id) = sh.store.op(x) {
                found |= approx.contains(id);
            }
            stack.extend_from_slice(sh.store.args(x));
        }
        found
    };
    if !depends {
        return Ok(());
    }
    let Some(model) = sh.model.take() else { return Err("no model".into()) };
    sh.smt.push();
    let inputs: Vec<T> = sh.inputs.values().copied().collect();
    for t in inputs {
        let is_approx = matches!(sh.store.op(t), crate::term::Op::Sym(id) if approx.contains(id));
        if !is_approx {
            sh.smt.fix_to_model(&sh.store, t, &model);
        }
    }
    let nv = sh.store.not(v);
    sh.smt.assert(&sh.store, nv);
    let r = sh.smt.check(&sh.store, &[]);
    sh.smt.pop();
    sh.model = Some(model);
    match r {
        Answer::Unsat => Ok(()),
        Answer::Sat => Err(format!(
            "the violation depends on {} (values verdiff models only approximately or that are indeterminate)",
            funcs.join(", ")
        )),
        Answer::Unknown(w) => {
            Err(format!("cannot tell whether the violation depends on approximated library results ({w})"))
        }
    }
}

fn unknown_report(p: &Program, out: &crate::symex::Output, reason: String, timings: &Timings) -> Report {
    Report {
        verdict: Verdict::Unknown(reason),
        claims: out.claims.iter().map(|c| super::claim_result(p, c)).collect(),
        unsupported: vec![],
        externals: out.externals.iter().cloned().collect(),
        notes: vec![],
        timings: timings.clone(),
        stats: RunStats::default(),
        bounded: false,
    }
}
