//! Concrete replay of a counterexample: symbolic execution again, with every input fixed to
//! its value in the solver's model. Every term then folds to a constant, the run follows the
//! counterexample's path, and the claim must come out violated — otherwise the counterexample
//! is not reported.

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Instant;

use crate::ir::{FuncId, Program};
use crate::smt::libm::{accuracy_bounds, host as host_library};
use crate::smt::{Answer, Smt};
use crate::symex::{ClaimKey, InputOracle, Output, Symex, SymexOptions};
use crate::term::{Bits, Sort, TermStore, T};

/// The solver state a replay reads inputs from.
pub struct Solving {
    pub smt: Smt,
    pub store: TermStore,
    pub inputs: std::collections::HashMap<String, T>,
    pub model: Option<crate::smt::Model>,
    /// The facts every path satisfies (layout axioms), for a second solver on the same terms.
    pub axioms: T,
}

struct ModelOracle {
    shared: Rc<RefCell<Solving>>,
    /// Approximated library results from the host's libm instead of the model.
    host_library: bool,
}

/// `VERDIFF_DEBUG_ORACLE`: every value a replay takes from the model, on stderr.
fn debug_oracle() -> bool {
    static DEBUG: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *DEBUG.get_or_init(|| std::env::var_os("VERDIFF_DEBUG_ORACLE").is_some())
}

impl InputOracle for ModelOracle {
    fn scalar(&mut self, key: &str, _sort: &Sort) -> Option<Bits> {
        let mut sh = self.shared.borrow_mut();
        let sh = &mut *sh;
        let sym = *sh.inputs.get(key)?;
        let model = sh.model.as_ref()?;
        let v = sh.smt.value(&mut sh.store, model, sym);
        if debug_oracle() {
            eprintln!("oracle {key} = {v:?}");
        }
        v
    }

    fn element(&mut self, key: &str, indices: &[Bits], _elem: &Sort) -> Option<Bits> {
        let mut sh = self.shared.borrow_mut();
        let sh = &mut *sh;
        let mut t = *sh.inputs.get(key)?;
        for i in indices {
            let it = sh.store.bv(i.clone());
            if !sh.store.sort(t).is_array() {
                return None;
            }
            if sh.store.sort(t).array_parts().0 != sh.store.sort(it) {
                return None;
            }
            t = sh.store.select(t, it);
        }
        let model = sh.model.as_ref()?;
        let v = sh.smt.value(&mut sh.store, model, t);
        if debug_oracle() {
            eprintln!("oracle {key}{indices:?} = {v:?}");
        }
        v
    }

    fn library_result(&mut self, lib: &str, args: &[f64]) -> Option<f64> {
        if !self.host_library {
            return None;
        }
        host_library(lib, args)
    }
}

pub enum Replayed {
    /// The claim is violated on the replayed path.
    Confirmed(Box<Output>),
    /// The replay did not reach a violation: the counterexample is not trusted.
    NotConfirmed(String),
}

/// Every input zero (all bits): a cheap first candidate for reachability questions.
struct ZeroOracle;

impl InputOracle for ZeroOracle {
    fn scalar(&mut self, _key: &str, sort: &Sort) -> Option<Bits> {
        sort.scalar_width().map(Bits::zero)
    }

    fn element(&mut self, _key: &str, _indices: &[Bits], elem: &Sort) -> Option<Bits> {
        elem.scalar_width().map(Bits::zero)
    }
}

/// The input patterns [`probe`] tries: every input the same small value, then inputs told apart.
pub const PROBES: usize = 8;

/// The value of input number `index` (in name order) of sort `sort` in probe `pattern`:
/// 0, 1, -1, 2, 10 and -7 for every input, then 1, 2, 3, ... and the same downwards (inputs
/// that differ). None for sorts a probe leaves alone (x87 extended, arrays: zero elements).
fn probe_value(pattern: usize, index: usize, sort: &Sort) -> Option<Bits> {
    let n = index as i64;
    let v: i64 = match pattern {
        0 => 0,
        1 => 1,
        2 => -1,
        3 => 2,
        4 => 10,
        5 => -7,
        6 => n + 1,
        _ => 3 - n,
    };
    match sort {
        Sort::Bool => Some(Bits::from_u128(1, (v & 1) as u128)),
        Sort::Bv(w) => Some(Bits::from_i128(*w, v as i128)),
        Sort::Fp(11, 53) => Some(Bits::from_u128(64, (v as f64).to_bits() as u128)),
        Sort::Fp(8, 24) => Some(Bits::from_u128(32, (v as f32).to_bits() as u128)),
        _ => None,
    }
}

/// Inputs from a probe pattern ([`probe_value`]), library results from the host's libm.
struct ProbeOracle {
    pattern: usize,
    /// Each input's position in name order.
    index: std::collections::HashMap<String, usize>,
    /// Every scalar value the run took, by input key, in order (an approximated library
    /// result is asked for just before the host's value replaces it).
    values: Vec<(String, Bits)>,
}

impl InputOracle for ProbeOracle {
    fn scalar(&mut self, key: &str, sort: &Sort) -> Option<Bits> {
        let i = self.index.get(key).copied().unwrap_or(0);
        let v = probe_value(self.pattern, i, sort).or_else(|| sort.scalar_width().map(Bits::zero))?;
        self.values.push((key.to_string(), v.clone()));
        Some(v)
    }

    fn element(&mut self, _key: &str, _indices: &[Bits], elem: &Sort) -> Option<Bits> {
        elem.scalar_width().map(Bits::zero)
    }

    fn library_result(&mut self, lib: &str, args: &[f64]) -> Option<f64> {
        let r = host_library(lib, args)?;
        if let Some(last) = self.values.last_mut() {
            last.1 = Bits::from_u128(64, r.to_bits() as u128);
        }
        Some(r)
    }
}

/// What a probe run found: the claim it violated first, and every scalar value it took by
/// input key (inputs, the host's library results, results of shared callees and externals).
pub struct Probed {
    pub claim: ClaimKey,
    pub values: Vec<(String, Bits)>,
    /// The run itself (a replay: real callees, the host's library results).
    pub run: Box<Output>,
}

/// Runs the program concretely on probe `pattern` over the inputs `names` (in name order),
/// with the host's library results. A cheap way to find a candidate before asking the
/// solver: the caller still has the solver produce a model with these inputs, replays it and
/// checks it robust, as for any other candidate.
pub fn probe(p: &Program, entry: FuncId, opts: &SymexOptions, pattern: usize, names: &[String]) -> Option<Probed> {
    let index = names.iter().enumerate().map(|(i, n)| (n.clone(), i)).collect();
    let oracle = Rc::new(RefCell::new(ProbeOracle { pattern, index, values: Vec::new() }));
    let sx = Symex::new(p, opts.clone()).concrete(oracle.clone(), None);
    let out = sx.run(entry, &mut |_, _| None).ok()?;
    let claim = out.claims.get(out.violated?)?.key;
    let values = std::mem::take(&mut oracle.borrow_mut().values);
    Some(Probed { claim, values, run: Box::new(out) })
}

/// More terms than this in a probe's run with free library results: not checked.
const MAX_ROBUST_TERMS: usize = 20_000;

/// The values a probe took (array elements zero, as in the probe).
struct ProbeValues {
    values: std::collections::HashMap<String, Bits>,
}

impl InputOracle for ProbeValues {
    fn scalar(&mut self, key: &str, _sort: &Sort) -> Option<Bits> {
        self.values.get(key).cloned()
    }

    fn element(&mut self, _key: &str, _indices: &[Bits], elem: &Sort) -> Option<Bits> {
        elem.scalar_width().map(Bits::zero)
    }
}

/// The inputs of `inner` (a probe's, a solver model's), with the values in `approx` left free
/// (results of approximated library functions, indeterminate values): each is a symbol of its
/// own (equal library calls share one), with what the library models assume of it as facts,
/// and the bounds [`accuracy_bounds`] of the host's result kept apart.
struct FreeApprox {
    inner: Rc<RefCell<dyn InputOracle>>,
    approx: std::collections::HashSet<String>,
}

impl InputOracle for FreeApprox {
    fn scalar(&mut self, key: &str, sort: &Sort) -> Option<Bits> {
        if self.approx.contains(key) {
            return None;
        }
        self.inner.borrow_mut().scalar(key, sort)
    }

    fn element(&mut self, key: &str, indices: &[Bits], elem: &Sort) -> Option<Bits> {
        // (an uninitialised array of the new version is free element by element too)
        if self.approx.contains(key) {
            return None;
        }
        self.inner.borrow_mut().element(key, indices, elem)
    }

    fn library_bounds(&mut self, lib: &str, args: &[f64]) -> Option<(f64, f64)> {
        accuracy_bounds(host_library(lib, args)?)
    }
}

/// Whether a difference holds whatever the values verdiff leaves free are.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Robust {
    /// For every value the models allow.
    Yes,
    /// For every value the models allow with library results near the host's (within
    /// [`accuracy_bounds`] on constant arguments, within `smt::libm::range_over` on arguments
    /// known to lie in an interval), not for all of them, or not shown.
    AssumingAccuracy,
    /// Not shown.
    No,
}

/// Whether the probe's difference holds for every result of the approximated library
/// functions that the models allow (the host's libm is one libm; the user's may round
/// differently) and every indeterminate value (see [`robust_on`]).
pub fn probe_robust(
    p: &Program,
    entry: FuncId,
    opts: &SymexOptions,
    found: &Probed,
    approx_keys: &std::collections::HashSet<String>,
    timeout_ms: u64,
) -> Robust {
    let values = found.values.iter().cloned().collect();
    let inner: Rc<RefCell<dyn InputOracle>> = Rc::new(RefCell::new(ProbeValues { values }));
    robust_on(p, entry, opts, inner, approx_keys, found.claim, timeout_ms)
}

/// The same for the solver's current model: its inputs, the values in `approx_keys` free.
pub fn model_robust(
    p: &Program,
    entry: FuncId,
    opts: &SymexOptions,
    shared: Rc<RefCell<Solving>>,
    approx_keys: &std::collections::HashSet<String>,
    claim: ClaimKey,
    timeout_ms: u64,
) -> Robust {
    let inner: Rc<RefCell<dyn InputOracle>> = Rc::new(RefCell::new(ModelOracle { shared, host_library: false }));
    robust_on(p, entry, opts, inner, approx_keys, claim, timeout_ms)
}

/// Whether `claim` is violated on the inputs of `inner` for every value of the keys `approx`:
/// the program runs again on those inputs with the approximated values free, and interval
/// arithmetic must show the claim violated for all of them, on supported code only. When it
/// cannot, the same under the library-accuracy assumption (each library result on constant
/// arguments also within [`accuracy_bounds`] of the host's, and on other arguments within the
/// function's range over their intervals). `No` when neither is shown.
fn robust_on(
    p: &Program,
    entry: FuncId,
    opts: &SymexOptions,
    inner: Rc<RefCell<dyn InputOracle>>,
    approx: &std::collections::HashSet<String>,
    claim: ClaimKey,
    timeout_ms: u64,
) -> Robust {
    let t0 = Instant::now();
    let oracle = Rc::new(RefCell::new(FreeApprox { inner, approx: approx.clone() }));
    let sx = Symex::new(p, opts.clone()).concrete(oracle, Some(claim));
    let debug = std::env::var_os("VERDIFF_DEBUG").is_some();
    let mut out = match sx.run(entry, &mut |_, _| None) {
        Ok(out) => out,
        Err((why, _)) => {
            if debug {
                eprintln!("probe with free library results stopped: {why:?}");
            }
            return Robust::No;
        }
    };
    let mut viol = Vec::new();
    for inst in &out.instances {
        if out.claims[inst.claim].key == claim {
            let nc = out.store.not(inst.cond);
            viol.push(out.store.and(inst.guard, nc));
        }
    }
    let any = out.store.or_n(&viol);
    // for every library result the run must reach the violation on supported code only
    let unsupported: Vec<T> = out.unsupported.iter().map(|u| u.guard).collect();
    let somewhere = out.store.or_n(&unsupported);
    let nowhere = out.store.not(somewhere);
    let any = out.store.and(any, nowhere);
    let facts = out.store.and_n(&out.approx_facts);
    if debug {
        eprintln!("probe with free library results: {} terms, {} facts", out.store.len(), out.approx_facts.len());
    }
    if out.store.len() > MAX_ROBUST_TERMS {
        // (branches on the free results unrolled loops to the bound: too large for Z3's
        // simplifier, which does not stop at its time limit)
        return Robust::No;
    }
    if out.store.is_false(any) {
        if debug {
            eprintln!("probe with free library results: no violation");
        }
        return Robust::No;
    }
    let left = |t0: Instant| timeout_ms.saturating_sub(t0.elapsed().as_millis() as u64).max(1);
    if Smt::new(Some(left(t0) / 2)).holds_for_every_value_of(&out.store, any, facts, false) {
        return Robust::Yes;
    }
    if out.approx_facts.is_empty() && out.accuracy_facts.is_empty() {
        return Robust::No;
    }
    let accurate = out.store.and_n(&out.accuracy_facts);
    let facts = out.store.and(facts, accurate);
    if Smt::new(Some(left(t0))).holds_for_every_value_of(&out.store, any, facts, true) {
        return Robust::AssumingAccuracy;
    }
    Robust::No
}

/// Where a replay takes the results of approximated library functions from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LibraryResults {
    /// The solver's model, like every other input.
    Model,
    /// The host's libm: in an abstract model `x2 / x1` may be positive where the real quotient
    /// is negative, and the `atan` result the model picked then has the wrong sign, so the
    /// `atan` model discards the replayed path although the candidate's inputs are right.
    Host,
}

/// Replays the counterexample of the solver's current model.
pub fn replay(
    p: &Program,
    entry: FuncId,
    opts: &SymexOptions,
    shared: Rc<RefCell<Solving>>,
    target: ClaimKey,
    library: LibraryResults,
) -> Replayed {
    let host_library = library == LibraryResults::Host;
    replay_with(p, entry, opts, Rc::new(RefCell::new(ModelOracle { shared, host_library })), target)
}

/// Runs the program concretely with every input zero: whether that violates `target`.
pub fn replay_zero(p: &Program, entry: FuncId, opts: &SymexOptions, target: ClaimKey) -> Replayed {
    replay_with(p, entry, opts, Rc::new(RefCell::new(ZeroOracle)), target)
}

fn replay_with(
    p: &Program,
    entry: FuncId,
    opts: &SymexOptions,
    oracle: Rc<RefCell<dyn InputOracle>>,
    target: ClaimKey,
) -> Replayed {
    let sx = Symex::new(p, opts.clone()).concrete(oracle, Some(target));
    let out = match sx.run(entry, &mut |_, _| None) {
        Ok(o) => o,
        Err((a, _)) => return Replayed::NotConfirmed(format!("replay stopped: {a:?}")),
    };
    if let Some(v) = out.violated {
        if out.claims.get(v).is_some_and(|c| c.key == target) {
            return Replayed::Confirmed(Box::new(out));
        }
    }
    // Terms the simplifier cannot fold (e.g. x87 arithmetic) are ground: let Z3 evaluate them.
    let mut out = out;
    let mut viol = Vec::new();
    for inst in &out.instances {
        if out.claims[inst.claim].key == target {
            let nc = out.store.not(inst.cond);
            let v = out.store.and(inst.guard, nc);
            viol.push(v);
        }
    }
    let any = out.store.or_n(&viol);
    if std::env::var_os("VERDIFF_DEBUG").is_some() {
        eprintln!("replay of {target:?} not confirmed; violation term: {}", crate::term::show(&out.store, any, 200));
        for st in &out.trace {
            eprintln!("  {:?}", st.step);
        }
        for (i, u) in out.unsupported.iter().enumerate() {
            eprintln!("  unsupported {i}: {}", u.reason);
        }
    }
    if out.store.is_false(any) || !out.store.is_ground(any) {
        return Replayed::NotConfirmed("the counterexample does not violate the claim when replayed".into());
    }
    let mut smt = Smt::new(Some(30_000));
    smt.assert(&out.store, any);
    match smt.check(&out.store, &[]) {
        Answer::Sat => {
            if let Some(idx) = out.claims.iter().position(|c| c.key == target) {
                out.violated = Some(idx);
            }
            Replayed::Confirmed(Box::new(out))
        }
        _ => Replayed::NotConfirmed("the counterexample does not violate the claim when replayed".into()),
    }
}
