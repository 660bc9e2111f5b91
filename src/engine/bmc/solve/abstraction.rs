//! The float abstraction's strategies: moderate float inputs first (extreme ones — NaN,
//! infinities, huge magnitudes — make spurious models of the abstraction cheap), and a
//! candidate that did not replay excluded so that the next lies elsewhere.

use std::cell::RefCell;
use std::collections::HashSet;
use std::rc::Rc;

use super::strategy::{Event, Next, Strategy};
use super::Pass;
use crate::engine::replay::Solving;
use crate::term::T;

/// Moderate float inputs first, in an abstract pass: an assumption literal keeping every
/// scalar float input at magnitude at most 10^4, dropped for the rest of the pass once the
/// solver finds no candidate under it.
pub(super) struct Moderate {
    lit: Option<T>,
}

impl Moderate {
    pub(super) fn new(pass: &Pass, shared: &Rc<RefCell<Solving>>) -> Moderate {
        Moderate { lit: if pass.abstracted { moderate_inputs(&mut shared.borrow_mut(), pass.approx) } else { None } }
    }
}

impl Strategy for Moderate {
    fn narrow(&self, lits: &mut Vec<T>) {
        lits.extend(self.lit);
    }

    fn heard(&mut self, e: Event, _shared: &Rc<RefCell<Solving>>) -> Option<Next> {
        match e {
            // no moderate candidate: look among all inputs
            Event::Unsat if self.lit.is_some() => {
                self.lit = None;
                Some(Next::Ask)
            }
            _ => None,
        }
    }
}

/// The abstraction's candidates that did not replay: each excluded (within a phase) so that
/// the next lies elsewhere in the input space, a few times per pass
/// ([`ABSTRACT_CANDIDATES`]); then the exact pass takes over.
pub(super) struct Candidates<'a> {
    approx: &'a HashSet<u32>,
    excluded: Vec<T>,
    tried: u32,
}

impl<'a> Candidates<'a> {
    pub(super) fn new(approx: &'a HashSet<u32>) -> Self {
        Candidates { approx, excluded: Vec::new(), tried: 0 }
    }

    /// A new phase asks about other claims: no input is excluded for them.
    pub(super) fn next_phase(&mut self) {
        self.excluded.clear();
    }
}

impl Strategy for Candidates<'_> {
    fn narrow(&self, lits: &mut Vec<T>) {
        lits.extend_from_slice(&self.excluded);
    }

    fn heard(&mut self, e: Event, shared: &Rc<RefCell<Solving>>) -> Option<Next> {
        match e {
            // with inputs excluded, UNSAT says nothing about those inputs
            Event::Unsat if !self.excluded.is_empty() => Some(Next::Open),
            Event::Spurious => {
                self.tried += 1;
                if self.tried >= ABSTRACT_CANDIDATES {
                    return Some(Next::Open);
                }
                match exclude_model_inputs(&mut shared.borrow_mut(), self.approx) {
                    Some(lit) => {
                        self.excluded.push(lit);
                        Some(Next::Ask)
                    }
                    None => Some(Next::Open),
                }
            }
            _ => None,
        }
    }
}

/// Candidate counterexamples of the float abstraction tried before the exact encoding takes over.
const ABSTRACT_CANDIDATES: u32 = 8;

/// The inputs that tell candidates apart, in name order: not approximated library results
/// (the same input with another `sin` value is the same candidate).
pub(super) fn candidate_inputs(sh: &Solving, approx: &std::collections::HashSet<u32>) -> Vec<T> {
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
