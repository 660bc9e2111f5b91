//! Bounded model checking: symbolic execution, one verification condition per claim, solving
//! claim by claim (`solve/`), and replay of every counterexample before it is reported.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::time::Instant;

mod solve;

use super::replay::Solving;
use super::result::{ClaimResult, Report, RunStats, Status, Timings, Verdict};
use super::EngineOptions;
use crate::ir::{ClaimKind, FuncId, Program};
use crate::smt::{Answer, Smt};
use crate::symex::{Abort, Symex, SymexOptions};
use crate::term::T;
pub(crate) use solve::remaining_ms;
use solve::{solve, solver, Outcome, Pass};

/// One BMC run at the bounds in `so`.
pub fn bmc_once(p: &Program, entry: FuncId, so: &SymexOptions, o: &EngineOptions, timings: &mut Timings) -> Report {
    if o.random_runs && !o.reachability_only {
        let off_bits = p.target.pointer_width() - so.object_bits.clamp(4, p.target.pointer_width() - 8);
        if let Some(r) = super::random::random_difference(p, entry, so, o.deadline, o.random_time, off_bits, timings) {
            return r;
        }
    }
    let t_symex = Instant::now();
    let mut feas = Smt::new(Some(2_000));
    let deadline = so.deadline;
    let mut feasible = |s: &crate::term::TermStore, t: T| {
        let t0 = Instant::now();
        // past the deadline, no more pruning queries (symbolic execution stops at its next
        // look at the clock); before it, none that would run past it
        let left = deadline.map(|d| d.saturating_duration_since(t0).as_millis() as u64);
        if left == Some(0) {
            return None;
        }
        feas.set_timeout(left.map_or(2_000, |l| l.min(2_000)));
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
        interleavings: out.stats.interleavings,
    };
    let claim_keys: Vec<_> = out.claims.iter().map(|c| c.key).collect();
    let kinds: Vec<ClaimKind> = out.claims.iter().map(|c| c.kind).collect();
    let unsupported = out.unsupported.clone();
    let inputs = out.inputs.clone();
    let approx: std::collections::HashSet<u32> = out.approx_symbols.iter().copied().collect();
    let approx_funcs: Vec<String> = out.approx_funcs.iter().cloned().collect();
    let approx_facts = out.approx_facts.clone();
    let skipped = out.skipped.clone();
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
    // What the function needs of its caller (precondition claims) holds along the whole
    // execution of a legitimate caller's input, not only up to the violation: a violation
    // counts only on inputs that meet all of it (e.g. a header length that the later copy
    // shows to be within the caller's object)
    let needs: Vec<T> = out
        .instances
        .iter()
        .filter(|inst| kinds[inst.claim] == ClaimKind::Precondition)
        .map(|inst| store.implies(inst.guard, inst.cond))
        .collect();
    let caller_ok = store.and_n(&needs);
    let mut unsupported = unsupported;
    if !store.is_true(caller_ok) {
        for (i, v) in viol.iter_mut().enumerate() {
            if let (Some(t), false) = (*v, kinds[i] == ClaimKind::Precondition) {
                let c = store.and(t, caller_ok);
                *v = if store.is_false(c) { None } else { Some(c) };
            }
        }
        for r in unsupported.iter_mut() {
            r.guard = store.and(r.guard, caller_ok);
        }
    }
    // UW (`--schedule uw`): the preemptions a proof needs, widened from none
    let widening = if so.switch_literals {
        let ax = store.and_n(&out.axioms);
        super::schedule::uw::widen(&mut store, ax, &mut viol, &out.switch_literals, o.deadline)
    } else {
        None
    };
    let restricted: Vec<bool> = match &widening {
        Some(w) if matches!(w.outcome, super::schedule::uw::Outcome::Violation) => {
            viol.iter().map(|v| v.is_some()).collect()
        }
        _ => vec![false; viol.len()],
    };
    for (i, c) in claims.iter_mut().enumerate() {
        if viol[i].is_none() {
            c.status = Status::Holds;
        }
    }

    if std::env::var_os("VERDIFF_SHOW_CLAIMS").is_some() {
        for (i, v) in viol.iter().enumerate() {
            if let Some(v) = v {
                eprintln!("claim {}: {}", claims[i].description, crate::term::show(&store, *v, 400));
            }
        }
    }
    let axioms = store.and_n(&out.axioms);
    let abstract_first = o.float_abstraction && has_float_arithmetic(&store);
    let mut smt = solver(&store, axioms, remaining_ms(o.deadline), abstract_first);
    smt.set_deadline(o.deadline);
    let shared = Rc::new(RefCell::new(Solving { smt, store, inputs, model: None, axioms }));
    if std::env::var_os("VERDIFF_PROFILE_CLAIMS").is_some() {
        profile_claims(&shared, &viol, &claims);
    }
    let mut stats = stats;
    let ctx = Pass {
        p,
        entry,
        so,
        o,
        viol: &viol,
        kinds: &kinds,
        keys: &claim_keys,
        approx: &approx,
        approx_funcs: &approx_funcs,
        approx_facts: &approx_facts,
        skipped: &skipped,
        off_bits,
        deadline: o.deadline,
        abstracted: false,
    };
    let mut unknown = None;
    if abstract_first {
        // a share of the time for the abstraction; what it leaves open is solved exactly
        let share = match o.deadline {
            Some(d) => Instant::now() + d.saturating_duration_since(Instant::now()) / 2,
            None => Instant::now() + std::time::Duration::from_secs(ABSTRACT_SECONDS_UNLIMITED),
        };
        let pass = Pass { deadline: Some(share), abstracted: true, ..ctx };
        let outcome = solve(&pass, &shared, &mut claims, &mut stats, timings);
        let open = claims.iter().enumerate().any(|(i, c)| viol[i].is_some() && c.status == Status::NotChecked);
        let done = matches!(outcome, Outcome::Stopped) || !open;
        if done {
            unknown = match outcome {
                Outcome::Unknown(u) => Some(u),
                _ => None,
            };
        } else {
            let mut sh = shared.borrow_mut();
            let sh = &mut *sh;
            sh.smt = solver(&sh.store, axioms, remaining_ms(o.deadline), false);
            sh.smt.set_deadline(o.deadline);
            sh.model = None;
        }
        let loops_only =
            claims.iter().enumerate().all(|(i, c)| c.status != Status::NotChecked || kinds[i] == ClaimKind::Unwinding);
        if !done && loops_only {
            // Only loop bounds are left, every real claim decided. Exact float reasoning about
            // an input-dependent iteration count rarely finishes, and Z3 does not stop when
            // asked while it bit-blasts: the bounds stay undecided (a larger bound may settle
            // them, see equiv's deepening)
            for (i, c) in claims.iter_mut().enumerate() {
                if viol[i].is_some() && c.status == Status::NotChecked {
                    c.status = Status::Unknown(
                        "not decided with float arithmetic abstracted (a loop may run past the bound)".into(),
                    );
                }
            }
        } else if !done {
            if let Outcome::Unknown(u) = solve(&ctx, &shared, &mut claims, &mut stats, timings) {
                unknown = Some(u);
            }
        }
    } else if let Outcome::Unknown(u) = solve(&ctx, &shared, &mut claims, &mut stats, timings) {
        unknown = Some(u);
    }

    // (what held with only the preemptions UW allowed is not proven)
    for (i, c) in claims.iter_mut().enumerate() {
        if restricted[i] && c.status == Status::Holds {
            c.status = Status::Unknown("checked only with the preemptions UW allowed".into());
        }
    }
    // reachable unsupported constructs (only matter when nothing failed)
    let any_failed = claims.iter().any(|c| c.status == Status::Violated && c.kind != ClaimKind::Precondition);
    let mut unsupported_reached = Vec::new();
    if !any_failed && unknown.is_none() && !unsupported.is_empty() {
        let mut sh = shared.borrow_mut();
        let sh = &mut *sh;
        let gs: Vec<T> = unsupported.iter().map(|r| r.guard).collect();
        let any = sh.store.or_n(&gs);
        if !sh.store.is_false(any) {
            if let Some(ms) = remaining_ms(o.deadline) {
                sh.smt.set_timeout(ms);
            }
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
    // every claim held only on inputs that meet what the function needs of its caller: that
    // proves something only if some input meets it (else no caller can call it without a
    // violation, and "holds" would be vacuous)
    let any_failed = claims.iter().any(|c| c.status == Status::Violated && c.kind != ClaimKind::Precondition);
    if !any_failed && unknown.is_none() && !shared.borrow().store.is_true(caller_ok) {
        let mut sh = shared.borrow_mut();
        let sh = &mut *sh;
        if let Some(ms) = remaining_ms(o.deadline) {
            sh.smt.set_timeout(ms);
        }
        let act = sh.store.fresh_symbol("caller_ok", crate::term::Sort::Bool);
        let imp = sh.store.implies(act, caller_ok);
        sh.smt.assert(&sh.store, imp);
        let t_solve = Instant::now();
        if let Some(path) = std::env::var_os("VERDIFF_DUMP_CALLER_OK") {
            let _ = std::fs::write(path, sh.smt.to_smt2());
        }
        let a = sh.smt.check(&sh.store, &[act]);
        timings.solve += t_solve.elapsed();
        match a {
            Answer::Sat => {}
            Answer::Unsat => {
                unknown = Some(
                    "no input meets everything the function needs of its caller at once (what it needs contradicts itself): every call breaks one of its needs".into(),
                )
            }
            Answer::Unknown(why) => {
                let timeout = o.deadline.is_some_and(|d| Instant::now() >= d);
                unknown = Some(if timeout {
                    "timeout while deciding whether any caller can meet what the function needs".into()
                } else {
                    format!("cannot decide whether any caller can meet what the function needs ({why})")
                })
            }
        }
    }
    // (an undecided lasso question leaves the verdict to the others: docs/ltl.md §5)
    let counts = |c: &ClaimResult| c.kind != ClaimKind::Precondition && c.kind != ClaimKind::LtlLasso;
    let loops_undecided = unknown.is_none()
        && unsupported_reached.is_empty()
        && claims.iter().any(|c| matches!(c.status, Status::Unknown(_)) && counts(c))
        && claims.iter().all(|c| {
            c.status == Status::Holds
                || !counts(c) && c.status != Status::Violated
                || (c.kind == ClaimKind::Unwinding && c.status != Status::Violated)
        });
    let verdict = if claims.iter().any(|c| c.status == Status::Violated && c.kind != ClaimKind::Precondition) {
        Verdict::Failed
    } else if let Some(u) = unknown {
        Verdict::Unknown(u)
    } else if let Some((reason, file, line)) = unsupported_reached.first() {
        Verdict::Unknown(format!("{file}:{line}: {reason}"))
    } else if let Some(c) = claims.iter().find(|c| matches!(c.status, Status::Unknown(_)) && counts(c)) {
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
        notes: widening.iter().map(|w| w.note()).collect(),
        timings: timings.clone(),
        stats,
        bounded: !so.unwinding_assertions && (so.unwind.is_some() || !so.unwindset.is_empty()),
        loops_undecided,
        assumes: vec![],
    }
}

/// Time for the float abstraction's pass when the run has no time limit.
const ABSTRACT_SECONDS_UNLIMITED: u64 = 60;

/// Whether the program's terms contain float arithmetic the abstraction would replace.
fn has_float_arithmetic(s: &crate::term::TermStore) -> bool {
    use crate::term::Op;
    (0..s.len()).any(|i| {
        matches!(
            s.op(T(i as u32)),
            Op::FpAdd(_) | Op::FpSub(_) | Op::FpMul(_) | Op::FpDiv(_) | Op::FpSqrt(_) | Op::FpFma(_) | Op::FpRem
        )
    })
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
        loops_undecided: false,
        assumes: vec![],
    }
}
