//! Bounded model checking: symbolic execution, one verification condition per claim, solving
//! claim by claim, and replay of every counterexample before it is reported.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::time::Instant;

mod confirm;

use super::replay::{replay, LibraryResults, Replayed, Solving};
use super::result::{ClaimResult, Report, RunStats, Status, Timings, Trace, Verdict};
use super::EngineOptions;
use crate::ir::{ClaimKind, FuncId, Program};
use crate::smt::{Answer, Smt};
use crate::symex::{Abort, Symex, SymexOptions};
use crate::term::T;
use confirm::{confirm, Confirmation};

fn remaining_ms(deadline: Option<Instant>) -> Option<u64> {
    deadline.map(|d| d.saturating_duration_since(Instant::now()).as_millis().max(1) as u64)
}

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
    };
    let claim_keys: Vec<_> = out.claims.iter().map(|c| c.key).collect();
    let kinds: Vec<ClaimKind> = out.claims.iter().map(|c| c.kind).collect();
    let unsupported = out.unsupported.clone();
    let inputs = out.inputs.clone();
    let approx: std::collections::HashSet<u32> = out.approx_symbols.iter().copied().collect();
    let approx_funcs: Vec<String> = out.approx_funcs.iter().cloned().collect();
    let approx_facts = out.approx_facts.clone();
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
    let loops_undecided = unknown.is_none()
        && unsupported_reached.is_empty()
        && claims.iter().any(|c| matches!(c.status, Status::Unknown(_)) && c.kind != ClaimKind::Precondition)
        && claims.iter().all(|c| {
            c.status == Status::Holds
                || c.kind == ClaimKind::Precondition
                || (c.kind == ClaimKind::Unwinding && c.status != Status::Violated)
        });
    let verdict = if claims.iter().any(|c| c.status == Status::Violated && c.kind != ClaimKind::Precondition) {
        Verdict::Failed
    } else if let Some(u) = unknown {
        Verdict::Unknown(u)
    } else if let Some((reason, file, line)) = unsupported_reached.first() {
        Verdict::Unknown(format!("{file}:{line}: {reason}"))
    } else if let Some(c) =
        claims.iter().find(|c| matches!(c.status, Status::Unknown(_)) && c.kind != ClaimKind::Precondition)
    {
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
        loops_undecided,
        assumes: vec![],
    }
}

/// Time for the float abstraction's pass when the run has no time limit.
const ABSTRACT_SECONDS_UNLIMITED: u64 = 60;
/// Time for the exact robustness check of one candidate of the float abstraction.
const ROBUST_MS_ABSTRACT: u64 = 2_000;
/// Candidate counterexamples of the float abstraction tried before the exact encoding takes over.
const ABSTRACT_CANDIDATES: u32 = 8;
/// Solver time for the model of one probe ([`probe_inputs`]), whose inputs are all fixed.
const PROBE_MS: u64 = 1_000;
/// Time for the concrete runs of all probes together.
const PROBE_RUNS_MS: u64 = 3_000;
/// Time for the solver's models of all probes together.
const PROBES_SOLVING_MS: u64 = 4_000;

/// A solver holding the axioms every path satisfies; `abstract_floats`: see
/// [`Smt::abstract_float_arithmetic`].
fn solver(store: &crate::term::TermStore, axioms: T, ms: Option<u64>, abstract_floats: bool) -> Smt {
    let mut smt = Smt::new(ms);
    if abstract_floats {
        smt = smt.abstract_float_arithmetic();
    }
    if !store.is_true(axioms) {
        smt.assert(store, axioms);
    }
    smt
}

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

/// What one solving pass works on.
#[derive(Clone, Copy)]
struct Pass<'a> {
    p: &'a Program,
    entry: FuncId,
    so: &'a SymexOptions,
    o: &'a EngineOptions,
    viol: &'a [Option<T>],
    kinds: &'a [ClaimKind],
    keys: &'a [crate::symex::ClaimKey],
    approx: &'a std::collections::HashSet<u32>,
    approx_funcs: &'a [String],
    /// What the library models assume of the approximated results.
    approx_facts: &'a [T],
    off_bits: u32,
    deadline: Option<Instant>,
    /// The solver abstracts float arithmetic ([`Smt::abstract_float_arithmetic`]): UNSAT
    /// proves, SAT is a candidate only replay can confirm, and whatever the pass cannot
    /// decide is left unchecked for an exact pass.
    abstracted: bool,
}

enum Outcome {
    /// Every claim the pass was given is decided.
    Finished,
    /// Verification stops here (a violation in single-property mode, or reachability shown).
    Stopped,
    /// The solver could not decide; the reason.
    Unknown(String),
    /// An abstract pass leaves the claims still unchecked to the exact pass.
    Open,
}

/// Solves the claims that have a violation condition and are not decided yet: real claims
/// first, then unwinding assertions; every counterexample is replayed before it counts.
fn solve(
    pass: &Pass,
    shared: &Rc<RefCell<Solving>>,
    claims: &mut [ClaimResult],
    stats: &mut RunStats,
    timings: &mut Timings,
) -> Outcome {
    let (viol, o) = (pass.viol, pass.o);
    if o.reachability_only {
        // a concrete run with every input zero often answers a reachability question at once
        for i in 0..claims.len() {
            if viol[i].is_some() && claims[i].status == Status::NotChecked {
                let t_rep = Instant::now();
                let r = super::replay::replay_zero(pass.p, pass.entry, pass.so, pass.keys[i]);
                timings.replay += t_rep.elapsed();
                if let Replayed::Confirmed(_) = r {
                    claims[i].status = Status::Violated;
                    return Outcome::Stopped;
                }
            }
        }
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
                    let steps = super::format::trace(pass.p, &hit.found.run, pass.off_bits);
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

/// The inputs that tell candidates apart, in name order: not approximated library results
/// (the same input with another `sin` value is the same candidate).
fn candidate_inputs(sh: &Solving, approx: &std::collections::HashSet<u32>) -> Vec<T> {
    let mut names: Vec<&String> = sh.inputs.keys().collect();
    names.sort();
    names
        .iter()
        .map(|n| sh.inputs[*n])
        .filter(|t| !matches!(sh.store.op(*t), crate::term::Op::Sym(id) if approx.contains(id)))
        .collect()
}

/// An assumption literal that keeps every scalar float input a number of magnitude at most
/// 10^4; None without float inputs.
fn moderate_inputs(sh: &mut Solving, approx: &std::collections::HashSet<u32>) -> Option<T> {
    use crate::term::{Op, Sort};
    let syms = candidate_inputs(sh, approx);
    let mut conds = Vec::new();
    for t in syms {
        let bound = match sh.store.sort(t) {
            Sort::Fp(11, 53) => sh.store.fp_f64(1e4),
            Sort::Fp(8, 24) => sh.store.fp_f32(1e4),
            _ => continue,
        };
        let abs = sh.store.fp_abs(t);
        // (NaN compares false)
        conds.push(sh.store.fp_cmp(Op::FpLe, abs, bound));
    }
    if conds.is_empty() {
        return None;
    }
    let all = sh.store.and_n(&conds);
    let lit = sh.store.fresh_symbol("moderate", Sort::Bool);
    let imp = sh.store.implies(lit, all);
    sh.smt.assert(&sh.store, imp);
    Some(lit)
}

/// A probe run that violates a claim: the scalar inputs' symbols paired with the constants
/// the run took, and the run.
struct ProbeHit {
    fixed: Vec<(T, T)>,
    found: super::replay::Probed,
}

/// Time for the robustness run of one probe ([`super::replay::probe_robust`]).
const PROBE_ROBUST_MS: u64 = 2_000;

/// The claim (among `remaining`) a probe's run violates, when that violation holds whatever
/// the approximated values are (library results, the new version's uninitialised values,
/// unspecified conversions): trivially when the run used none, otherwise by a run with them
/// free ([`super::replay::probe_robust`]). The probe picked a value for each of them (the
/// host's libm result, its pattern's number): one choice, not a proof. With the claim, what
/// the violation assumes (the library's accuracy, when only that decides it).
fn confirmed_probe(
    pass: &Pass,
    shared: &Rc<RefCell<Solving>>,
    hit: &ProbeHit,
    remaining: &[usize],
) -> Option<(usize, Vec<String>)> {
    let i = remaining.iter().copied().find(|&i| pass.keys[i] == hit.found.claim)?;
    let approx_keys = approx_keys(pass, &shared.borrow());
    let chosen = hit.found.values.iter().any(|(k, _)| approx_keys.contains(k));
    if hit.found.run.approx_funcs.is_empty() && !chosen {
        return Some((i, vec![]));
    }
    let ms = remaining_ms(pass.deadline).map_or(PROBE_ROBUST_MS, |ms| ms.min(PROBE_ROBUST_MS));
    let mut so = pass.so.clone();
    so.deadline = Some(Instant::now() + std::time::Duration::from_millis(ms));
    let t0 = Instant::now();
    let robust = super::replay::probe_robust(pass.p, pass.entry, &so, &hit.found, &approx_keys, ms);
    if std::env::var_os("VERDIFF_DEBUG").is_some() {
        eprintln!("probe robust with free library results: {robust:?} in {:?}", t0.elapsed());
    }
    Some((i, assumptions(pass, robust, &hit.found.run.approx_funcs)?))
}

/// What a difference shown robust this way assumes (nothing, or the library's accuracy when
/// the options allow it); None when it is not shown.
fn assumptions(
    pass: &Pass,
    robust: super::replay::Robust,
    funcs: &std::collections::BTreeSet<String>,
) -> Option<Vec<String>> {
    use super::replay::Robust;
    match robust {
        Robust::Yes => Some(vec![]),
        Robust::AssumingAccuracy if pass.o.library_accuracy => Some(vec![accuracy_assumption(funcs)]),
        _ => None,
    }
}

/// The input keys of the values verdiff leaves free in a robustness check (approximated
/// library results, indeterminate values).
fn approx_keys(pass: &Pass, sh: &Solving) -> std::collections::HashSet<String> {
    sh.inputs
        .iter()
        .filter(|(_, &t)| matches!(sh.store.op(t), crate::term::Op::Sym(id) if pass.approx.contains(id)))
        .map(|(k, _)| k.clone())
        .collect()
}

/// A candidate whose difference is not shown for every library result the models allow:
/// whether it holds for results near the host's ([`super::replay::model_robust`]), with the
/// trace of its replay on the host's results (the one a real libm gives, not the model's
/// picks; `host_run` when the candidate was already replayed that way) and the assumption it
/// rests on.
fn accurate_difference(
    pass: &Pass,
    shared: &Rc<RefCell<Solving>>,
    key: crate::symex::ClaimKey,
    host_run: Option<&crate::symex::Output>,
) -> Option<Trace> {
    let replayed;
    let out = match host_run {
        Some(out) => out,
        None => match replay(pass.p, pass.entry, pass.so, shared.clone(), key, LibraryResults::Host) {
            Replayed::Confirmed(out) => {
                replayed = out;
                &*replayed
            }
            Replayed::NotConfirmed(_) => return None,
        },
    };
    let approx_keys = approx_keys(pass, &shared.borrow());
    let ms = remaining_ms(pass.deadline).map_or(PROBE_ROBUST_MS, |ms| ms.min(PROBE_ROBUST_MS));
    let mut so = pass.so.clone();
    so.deadline = Some(Instant::now() + std::time::Duration::from_millis(ms));
    let robust = super::replay::model_robust(pass.p, pass.entry, &so, shared.clone(), &approx_keys, key, ms);
    if std::env::var_os("VERDIFF_DEBUG").is_some() {
        eprintln!("candidate robust with free library results: {robust:?}");
    }
    let assumes = assumptions(pass, robust, &out.approx_funcs)?;
    let steps = super::format::trace(pass.p, out, pass.off_bits);
    Some(Trace { steps, replayed: true, assumes })
}

/// The assumption a difference shown with [`super::replay::Robust::AssumingAccuracy`] rests
/// on, for the user.
fn accuracy_assumption(funcs: &std::collections::BTreeSet<String>) -> String {
    // (the run's other approximated values, indeterminate ones, are not the library's)
    let names: Vec<&str> = funcs.iter().filter_map(|f| f.strip_prefix("results of ")).collect();
    format!(
        "the math library's results ({}) are within a relative 2^-40 of the host's (glibc and musl are within a few units in the last place); docs/equivalence.md, \"Library accuracy\"",
        names.join(", ")
    )
}

/// The probe patterns ([`super::replay::probe`]) whose concrete run, with the host's library
/// results, violates one of the claims `keys`, in pattern order.
fn probe_inputs(pass: &Pass, sh: &mut Solving, keys: &[crate::symex::ClaimKey]) -> Vec<ProbeHit> {
    use super::replay::{probe, PROBES};
    let mut names: Vec<String> = sh.inputs.keys().cloned().collect();
    names.sort();
    names.retain(|n| {
        let t = sh.inputs[n];
        let approx = matches!(sh.store.op(t), crate::term::Op::Sym(id) if pass.approx.contains(id));
        !approx && !sh.store.sort(t).is_array()
    });
    let budget = Instant::now() + std::time::Duration::from_millis(PROBE_RUNS_MS);
    let mut so = pass.so.clone();
    so.deadline = Some(pass.deadline.map_or(budget, |d| d.min(budget)));
    let mut lits = Vec::new();
    for pattern in 0..PROBES {
        if Instant::now() >= budget {
            break;
        }
        let Some(found) = probe(pass.p, pass.entry, &so, pattern, &names) else { continue };
        if !keys.contains(&found.claim) {
            continue;
        }
        // every value the run took, library results at the host's values included: with every
        // operand fixed the formula folds to constants (the robustness check frees the
        // library results again)
        let mut at: std::collections::BTreeMap<&str, T> = std::collections::BTreeMap::new();
        for (key, bits) in &found.values {
            let Some(&t) = sh.inputs.get(key) else { continue };
            let sort = sh.store.sort(t).clone();
            let Some(c) = sh.store.constant(&sort, bits.clone()) else { continue };
            at.insert(key, c);
        }
        let fixed: Vec<(T, T)> = at.into_iter().map(|(k, c)| (sh.inputs[k], c)).collect();
        lits.push(ProbeHit { fixed, found });
    }
    if std::env::var_os("VERDIFF_DEBUG").is_some() {
        eprintln!("probes with a difference: {} of {PROBES}", lits.len());
    }
    lits
}

/// An assumption literal that excludes the current model's values of the scalar inputs
/// (the next candidate lies elsewhere); None when there is no scalar input to vary.
fn exclude_model_inputs(sh: &mut Solving, approx: &std::collections::HashSet<u32>) -> Option<T> {
    let model = sh.model.take()?;
    let syms = candidate_inputs(sh, approx);
    let mut differs = Vec::new();
    for t in syms {
        let sort = sh.store.sort(t).clone();
        if sort.is_array() {
            continue;
        }
        let Some(bits) = sh.smt.value(&mut sh.store, &model, t) else { continue };
        let Some(c) = sh.store.constant(&sort, bits) else { continue };
        let same = sh.store.eq(t, c);
        differs.push(sh.store.not(same));
    }
    sh.model = Some(model);
    if differs.is_empty() {
        return None;
    }
    let any = sh.store.or_n(&differs);
    let lit = sh.store.fresh_symbol("exclude", crate::term::Sort::Bool);
    let imp = sh.store.implies(lit, any);
    sh.smt.assert(&sh.store, imp);
    Some(lit)
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
/// Whether `v` mentions one of the symbols `approx`.
fn depends_on(s: &crate::term::TermStore, v: T, approx: &std::collections::HashSet<u32>) -> bool {
    let mut stack = vec![v];
    let mut seen = std::collections::HashSet::new();
    while let Some(x) = stack.pop() {
        if !seen.insert(x) {
            continue;
        }
        if let crate::term::Op::Sym(id) = s.op(x) {
            if approx.contains(id) {
                return true;
            }
        }
        stack.extend_from_slice(s.args(x));
    }
    false
}

fn robust(
    shared: &Rc<RefCell<Solving>>,
    viol: Option<T>,
    approx: &std::collections::HashSet<u32>,
    funcs: &[String],
    pass: &Pass,
) -> Result<(), String> {
    let Some(v) = viol else { return Ok(()) };
    if approx.is_empty() {
        return Ok(());
    }
    let mut sh = shared.borrow_mut();
    let sh = &mut *sh;
    if !depends_on(&sh.store, v, approx) {
        return Ok(());
    }
    let Some(model) = sh.model.take() else { return Err("no model".into()) };
    // with every other input fixed, the question is small: an abstract pass asks it exactly
    // (the abstraction would let the approximated values' arithmetic take any value)
    // (briefly: the pass has other candidates to try)
    let mut exact = pass
        .abstracted
        .then(|| solver(&sh.store, sh.axioms, remaining_ms(pass.deadline).map(|ms| ms.min(ROBUST_MS_ABSTRACT)), false));
    let fixed = candidate_inputs(sh, approx);
    let smt = exact.as_mut().unwrap_or(&mut sh.smt);
    // what the library models assume of their results holds of every real result
    let allowed = sh.store.and_n(pass.approx_facts);
    // interval arithmetic first: the usual question (is `c - k * sin(x) != y` for every sine in
    // [-1, 1]?) takes it no time and a bit-blasting solver seconds or more
    let t0 = Instant::now();
    let by_intervals = smt.holds_for_every_value(&sh.store, v, allowed, &fixed, &model);
    if std::env::var_os("VERDIFF_DEBUG").is_some() {
        eprintln!("robustness by intervals: {by_intervals} in {:?}", t0.elapsed());
    }
    if by_intervals {
        sh.model = Some(model);
        return Ok(());
    }
    smt.push();
    // some values the library models allow that avoid the violation?
    let nv = sh.store.not(v);
    let avoided = sh.store.and(nv, allowed);
    smt.assert_fixed(&sh.store, avoided, &fixed, &model);
    let t0 = Instant::now();

    let r = smt.check(&sh.store, &[]);
    if std::env::var_os("VERDIFF_DEBUG").is_some() {
        eprintln!(
            "robustness check ({}): {r:?} in {:?}",
            if pass.abstracted { "exact" } else { "same solver" },
            t0.elapsed()
        );
        if let (Some(path), Some(m)) = (std::env::var_os("VERDIFF_DEBUG_MODEL"), smt.model()) {
            let _ = std::fs::write(path, format!("{m}\n{}", smt.to_smt2()));
        }
    }
    smt.pop();
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
        loops_undecided: false,
        assumes: vec![],
    }
}
