//! The indeterminates of a symbolic execution — inputs by key, uninterpreted functions — and
//! what library models and approximations add to the formula beside the path conditions
//! (facts, axioms, the symbols a verdict must not trust). refine.rs and the engine read them.

use std::collections::{BTreeSet, HashMap, HashSet};

use crate::term::T;

#[derive(Default)]
pub(super) struct Approximations {
    /// Nondeterministic values by input key.
    pub(super) inputs: HashMap<String, T>,
    /// Nondet values created by the current instruction (distinguishes their keys).
    pub(super) input_seq: u32,
    /// Uninterpreted functions by name.
    pub(super) ufs: HashMap<String, u32>,
    /// Symbols standing for values library models only approximate.
    pub(super) symbols: Vec<u32>,
    pub(super) funcs: BTreeSet<String>,
    /// malloc's success symbols: the choices a branch settles (refine.rs).
    pub(super) alloc_outcomes: HashSet<T>,
    pub(super) facts: Vec<T>,
    pub(super) accuracy_facts: Vec<T>,
    /// Conjuncts of path conditions that came from assumptions or from inside library models
    /// (not from branches of the program): an iteration that adds only these still has
    /// concrete control (a call of `exp` inside a loop of a fixed number of iterations: the
    /// model branches on a symbolic argument and assumes things about its result, but no path
    /// leaves the loop there).
    pub(super) assumed: HashSet<T>,
    /// Applications of uninterpreted functions → the symbol that stands for them (see
    /// `shared_result`).
    pub(super) shared: HashMap<T, T>,
    pub(super) axioms: Vec<T>,
    /// The input being made stays a free symbol (memory.rs, `keeps_indeterminate_free`).
    pub(super) free_input: bool,
    /// The byte ranges library models' walks skipped (walks.rs).
    pub(super) skipped: Vec<super::walks::SkippedRange>,
}
