//! Equivalence probes: concrete runs of the product on patterned inputs; a run that shows a
//! difference is tried first, with its values substituted into a solver of its own.

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Instant;

use super::robust::{approx_keys, assumptions, PROBE_ROBUST_MS};
use super::strategy::{Asked, Event, Next, Query, Strategy};
use super::{remaining_ms, solver, Pass};
use crate::engine::replay::Solving;
use crate::engine::result::{RunStats, Timings, Trace};
use crate::smt::Answer;
use crate::term::T;

/// The probes of one phase (only the program's claims of an abstract pass over an
/// equivalence product have any): the hits in pattern order, each tried until the loop hears
/// of its query, for [`PROBES_SOLVING_MS`] together.
pub(super) struct Probes {
    /// The hits still to try, the next last.
    queue: Vec<ProbeHit>,
    current: Option<ProbeHit>,
    until: Instant,
}

impl Probes {
    /// The probes for `remaining` (none when `probed` is false or nothing remains).
    pub(super) fn new(pass: &Pass, shared: &Rc<RefCell<Solving>>, probed: bool, remaining: &[usize]) -> Probes {
        let mut queue = if probed && pass.abstracted && pass.so.product.is_some() && !remaining.is_empty() {
            let keys: Vec<_> = remaining.iter().map(|&i| pass.keys[i]).collect();
            probe_inputs(pass, &mut shared.borrow_mut(), &keys)
        } else {
            Vec::new()
        };
        queue.reverse();
        let current = queue.pop();
        Probes { queue, current, until: Instant::now() + std::time::Duration::from_millis(PROBES_SOLVING_MS) }
    }

    fn advance(&mut self) {
        self.current = self.queue.pop();
    }

    /// The current hit, while the probes' time lasts.
    fn hit(&mut self) -> Option<&ProbeHit> {
        if self.current.is_some() && Instant::now() >= self.until {
            self.queue.clear();
            self.current = None;
        }
        self.current.as_ref()
    }
}

impl Strategy for Probes {
    /// The probe's run is a replay of its own: when its difference holds for every library
    /// result the models allow, it is the counterexample, without a solver.
    fn settle(&mut self, q: &Query) -> Option<(usize, Trace)> {
        let hit = self.hit()?;
        let (i, assumes) = confirmed_probe(q.pass, q.shared, hit, q.remaining)?;
        let steps = crate::engine::format::trace(q.pass.p, &hit.found.run, q.pass.off_bits);
        self.advance();
        Some((i, Trace { steps, replayed: true, assumes }))
    }

    /// A solver of its own, exact, with every value the probe run took substituted: the
    /// formula folds to (nearly) constants.
    fn ground(&mut self, q: &Query, timings: &mut Timings, stats: &mut RunStats) -> Option<Asked> {
        let pairs = &self.hit()?.fixed;
        let viol = q.pass.viol;
        let mut sh = q.shared.borrow_mut();
        let sh = &mut *sh;
        let t_solve = Instant::now();
        let ms = remaining_ms(q.deadline).map(|ms| ms.min(PROBE_MS));
        let mut smt = solver(&sh.store, sh.axioms, ms, false);
        let ground = smt.assert_with_values(&sh.store, q.goal, pairs);
        // float arithmetic on values no probe fixes (results of shared callees) is not even
        // tried exactly: Z3 does not stop at its time limit while bit-blasting it
        let mut a = match ground {
            true => smt.check(&sh.store, &[]),
            false => Answer::Unknown("float arithmetic on values the probe does not fix".into()),
        };
        if matches!(a, Answer::Unknown(_)) {
            // the abstraction instead, whose model the replay decides
            smt = solver(&sh.store, sh.axioms, ms, true);
            smt.assert_with_values(&sh.store, q.goal, pairs);
            a = smt.check(&sh.store, &[]);
        }
        timings.solve += t_solve.elapsed();
        stats.solver_calls += 1;
        if std::env::var_os("VERDIFF_DEBUG").is_some() {
            eprintln!("probe check: {a:?} in {:?}", t_solve.elapsed());
        }
        let mut violates = None;
        if a == Answer::Sat {
            sh.model = smt.model();
            let model = sh.model.take();
            violates = Some(
                q.remaining
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
        Some(Asked { answer: a, violates })
    }

    /// Whatever came of a probe's query (its difference is not one the formula has, e.g.
    /// another claim was violated first; too hard to model; a model that violates nothing or
    /// does not replay), the next probe; a probe is not one of the abstraction's candidates.
    fn heard(&mut self, _e: Event, _shared: &Rc<RefCell<Solving>>) -> Option<Next> {
        self.current.as_ref()?;
        self.advance();
        Some(Next::Ask)
    }
}

/// Solver time for the model of one probe ([`probe_inputs`]), whose inputs are all fixed.
const PROBE_MS: u64 = 1_000;
/// Time for the concrete runs of all probes together.
const PROBE_RUNS_MS: u64 = 3_000;
/// Time for the solver's models of all probes together.
const PROBES_SOLVING_MS: u64 = 4_000;

/// A probe run that violates a claim: the scalar inputs' symbols paired with the constants
/// the run took, and the run.
struct ProbeHit {
    fixed: Vec<(T, T)>,
    found: crate::engine::replay::Probed,
}

/// The claim (among `remaining`) a probe's run violates, when that violation holds whatever
/// the approximated values are (library results, the new version's uninitialised values,
/// unspecified conversions): trivially when the run used none, otherwise by a run with them
/// free ([`crate::engine::replay::probe_robust`]). The probe picked a value for each of them (the
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
    let robust = crate::engine::replay::probe_robust(pass.p, pass.entry, &so, &hit.found, &approx_keys, ms);
    if std::env::var_os("VERDIFF_DEBUG").is_some() {
        eprintln!("probe robust with free library results: {robust:?} in {:?}", t0.elapsed());
    }
    Some((i, assumptions(pass, robust, &hit.found.run.approx_funcs)?))
}

/// The probe patterns ([`crate::engine::replay::probe`]) whose concrete run, with the host's library
/// results, violates one of the claims `keys`, in pattern order.
fn probe_inputs(pass: &Pass, sh: &mut Solving, keys: &[crate::symex::ClaimKey]) -> Vec<ProbeHit> {
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
