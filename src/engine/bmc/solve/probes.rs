//! Equivalence probes: concrete runs of the product on patterned inputs; a run that shows a
//! difference is tried first, with its values substituted into a solver of its own.

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Instant;

use super::robust::{approx_keys, assumptions, PROBE_ROBUST_MS};
use super::{remaining_ms, Pass};
use crate::engine::replay::Solving;
use crate::term::T;

/// Solver time for the model of one probe ([`probe_inputs`]), whose inputs are all fixed.
pub(super) const PROBE_MS: u64 = 1_000;
/// Time for the concrete runs of all probes together.
pub(super) const PROBE_RUNS_MS: u64 = 3_000;
/// Time for the solver's models of all probes together.
pub(super) const PROBES_SOLVING_MS: u64 = 4_000;

/// A probe run that violates a claim: the scalar inputs' symbols paired with the constants
/// the run took, and the run.
pub(super) struct ProbeHit {
    pub(super) fixed: Vec<(T, T)>,
    pub(super) found: crate::engine::replay::Probed,
}

/// The claim (among `remaining`) a probe's run violates, when that violation holds whatever
/// the approximated values are (library results, the new version's uninitialised values,
/// unspecified conversions): trivially when the run used none, otherwise by a run with them
/// free ([`crate::engine::replay::probe_robust`]). The probe picked a value for each of them (the
/// host's libm result, its pattern's number): one choice, not a proof. With the claim, what
/// the violation assumes (the library's accuracy, when only that decides it).
pub(super) fn confirmed_probe(
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
    let robust = crate::engine::replay::probe_robust(pass.p, pass.entry, &so, &hit.found, &approx_keys, ms);
    if std::env::var_os("VERDIFF_DEBUG").is_some() {
        eprintln!("probe robust with free library results: {robust:?} in {:?}", t0.elapsed());
    }
    Some((i, assumptions(pass, robust, &hit.found.run.approx_funcs)?))
}

/// The probe patterns ([`crate::engine::replay::probe`]) whose concrete run, with the host's library
/// results, violates one of the claims `keys`, in pattern order.
pub(super) fn probe_inputs(pass: &Pass, sh: &mut Solving, keys: &[crate::symex::ClaimKey]) -> Vec<ProbeHit> {
    use crate::engine::replay::{probe, PROBES};
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
