//! Whether a confirmed violation rests on values verdiff models only approximately (library
//! results, indeterminate values): robust for every value the models allow, or under the
//! library-accuracy assumption, or not shown.

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Instant;

use super::abstraction::candidate_inputs;
use super::{remaining_ms, solver, Pass};
use crate::engine::replay::{replay, LibraryResults, Replayed, Solving};
use crate::engine::result::Trace;
use crate::smt::Answer;
use crate::term::T;

/// Time for the exact robustness check of one candidate of the float abstraction.
const ROBUST_MS_ABSTRACT: u64 = 2_000;

/// Time for the robustness run of one probe ([`crate::engine::replay::probe_robust`]).
pub(super) const PROBE_ROBUST_MS: u64 = 2_000;

/// What a difference shown robust this way assumes (nothing, or the library's accuracy when
/// the options allow it); None when it is not shown.
pub(super) fn assumptions(
    pass: &Pass,
    robust: crate::engine::replay::Robust,
    funcs: &std::collections::BTreeSet<String>,
) -> Option<Vec<String>> {
    use crate::engine::replay::Robust;
    match robust {
        Robust::Yes => Some(vec![]),
        Robust::AssumingAccuracy if pass.o.library_accuracy => Some(vec![accuracy_assumption(funcs)]),
        _ => None,
    }
}

/// The input keys of the values verdiff leaves free in a robustness check (approximated
/// library results, indeterminate values).
pub(super) fn approx_keys(pass: &Pass, sh: &Solving) -> std::collections::HashSet<String> {
    sh.inputs
        .iter()
        .filter(|(_, &t)| matches!(sh.store.op(t), crate::term::Op::Sym(id) if pass.approx.contains(id)))
        .map(|(k, _)| k.clone())
        .collect()
}

/// A candidate whose difference is not shown for every library result the models allow:
/// whether it holds for results near the host's ([`crate::engine::replay::model_robust`]), with the
/// trace of its replay on the host's results (the one a real libm gives, not the model's
/// picks; `host_run` when the candidate was already replayed that way) and the assumption it
/// rests on.
pub(super) fn accurate_difference(
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
    let robust = crate::engine::replay::model_robust(pass.p, pass.entry, &so, shared.clone(), &approx_keys, key, ms);
    if std::env::var_os("VERDIFF_DEBUG").is_some() {
        eprintln!("candidate robust with free library results: {robust:?}");
    }
    let assumes = assumptions(pass, robust, &out.approx_funcs)?;
    let steps = crate::engine::format::trace(pass.p, out, pass.off_bits);
    Some(Trace { steps, replayed: true, assumes })
}

/// The assumption a difference shown with [`crate::engine::replay::Robust::AssumingAccuracy`] rests
/// on, for the user.
fn accuracy_assumption(funcs: &std::collections::BTreeSet<String>) -> String {
    // (the run's other approximated values, indeterminate ones, are not the library's)
    let names: Vec<&str> = funcs.iter().filter_map(|f| f.strip_prefix("results of ")).collect();
    format!(
        "the math library's results ({}) are within a relative 2^-40 of the host's (glibc and musl are within a few units in the last place); docs/equivalence.md, \"Library accuracy\"",
        names.join(", ")
    )
}

/// Whether `v` mentions one of the symbols `approx`.
pub(super) fn depends_on(s: &crate::term::TermStore, v: T, approx: &std::collections::HashSet<u32>) -> bool {
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

/// A violation found with approximated library results (e.g. `cos`) is a real counterexample
/// only if it happens whatever values those results have: with every other input fixed to the
/// counterexample's values, no choice of the approximated ones may avoid it.
pub(super) fn robust(
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
