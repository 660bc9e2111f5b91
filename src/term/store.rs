//! The term arena: interning, accessors, symbols and uninterpreted functions.

use std::collections::HashMap;

use super::fasthash::FastMap;

use super::{Bits, Op, Sort, T};

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Node {
    pub op: Op,
    pub args: Box<[T]>,
    pub sort: Sort,
}

#[derive(Clone, Debug)]
pub struct Symbol {
    pub name: String,
    pub sort: Sort,
}

#[derive(Clone, Debug)]
pub struct Func {
    pub name: String,
    pub domain: Vec<Sort>,
    pub range: Sort,
}

/// Supplies concrete contents of array symbols during concrete replay: given the symbol and a
/// path of constant indices (outermost first), the element value bits, if known.
pub trait ArrayOracle {
    fn select(&mut self, sym: u32, indices: &[Bits]) -> Option<Bits>;
}

pub struct TermStore {
    nodes: Vec<Node>,
    index: FastMap<Node, T>,
    syms: Vec<Symbol>,
    funcs: Vec<Func>,
    oracle: Option<Box<dyn ArrayOracle>>,
    /// Upper bound on terms, to fail cleanly instead of exhausting memory.
    pub max_terms: usize,
    /// When term construction must stop (checked every [`super::limit::CLOCK_EVERY`] terms,
    /// and every [`super::limit::CLOCK_EVERY`] steps of work that makes none: see `tick`).
    pub deadline: Option<std::time::Instant>,
    /// Steps of term work so far (interning, reads walking store chains, comparisons), new
    /// terms or not: a read through a long chain of merged stores can take seconds and find
    /// every term it needs already made.
    ticks: usize,
    pub(super) range_memo: HashMap<T, bool>,
    /// select(array, index) results (reads walk store chains; the same read recurs often).
    pub(super) select_memo: FastMap<(T, T), T>,
    /// (array, object key) → the first update at or below the array that may touch that
    /// object: reads of one object skip the stores to others (see `TermStore::skip_to`).
    pub(super) skip_memo: FastMap<(T, u64), T>,
    /// How a memory address splits, (object bits, offset bits), when the store holds the
    /// memory of a symbolic execution: a constant address (a global's field, every address of
    /// a concrete run) names its object in its high bits, as `concat(object, offset)` does.
    pub address_split: Option<(u32, u32)>,
    /// `bv_same` answers by (a, b, depth left): the comparison case-splits choices (ite), and
    /// the same pair recurs throughout a term DAG of merged addresses.
    pub(super) same_memo: FastMap<(T, T, u32), super::build::Same>,
    /// Value sets of choices between constants (see `term::values`).
    pub(super) values_memo: FastMap<T, super::values::Values>,
    /// Terms rewritten as explicit choices between constants (see `term::values`).
    pub(super) choice_memo: FastMap<T, Option<T>>,
    /// Concatenations of two choices under one condition, lifted to one choice of words.
    pub(super) concat_memo: FastMap<(T, T), T>,
    /// An operation pushed into the branches of a choice: (operation term, subtree) → result.
    pub(super) map_memo: FastMap<(T, T), Option<T>>,
    /// Object-number terms read from the caller's memory as pointers: a caller's object or
    /// NULL (see [`TermStore::mark_input_object`]).
    pub(super) input_objects: std::collections::HashSet<T>,
    /// Facts that make those reads exact (see `TermStore::select_uncached`): for the verifier
    /// to assume with the formula.
    pub input_read_axioms: Vec<T>,
}

impl Drop for TermStore {
    /// Past the deadline of a process that exits after it, the large tables are left to the
    /// operating system (see `term::teardown`).
    fn drop(&mut self) {
        if super::teardown::abandoning() {
            super::teardown::abandon(&mut self.nodes);
            super::teardown::abandon(&mut self.index);
            super::teardown::abandon(&mut self.range_memo);
            super::teardown::abandon(&mut self.select_memo);
            super::teardown::abandon(&mut self.skip_memo);
            super::teardown::abandon(&mut self.same_memo);
            super::teardown::abandon(&mut self.values_memo);
            super::teardown::abandon(&mut self.choice_memo);
            super::teardown::abandon(&mut self.concat_memo);
            super::teardown::abandon(&mut self.map_memo);
        }
    }
}

impl Default for TermStore {
    fn default() -> Self {
        Self::new()
    }
}

impl TermStore {
    pub fn new() -> TermStore {
        TermStore {
            nodes: Vec::new(),
            index: FastMap::default(),
            syms: Vec::new(),
            funcs: Vec::new(),
            oracle: None,
            max_terms: usize::MAX,
            deadline: None,
            ticks: 0,
            range_memo: HashMap::new(),
            select_memo: FastMap::default(),
            skip_memo: FastMap::default(),
            address_split: None,
            same_memo: FastMap::default(),
            values_memo: FastMap::default(),
            choice_memo: FastMap::default(),
            concat_memo: FastMap::default(),
            map_memo: FastMap::default(),
            input_objects: Default::default(),
            input_read_axioms: Vec::new(),
        }
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    pub fn set_oracle(&mut self, oracle: Option<Box<dyn ArrayOracle>>) {
        self.oracle = oracle;
    }

    pub(super) fn oracle_select(&mut self, sym: u32, indices: &[Bits]) -> Option<Bits> {
        let mut o = self.oracle.take()?;
        let r = o.select(sym, indices);
        self.oracle = Some(o);
        r
    }

    /// Interns a node without simplification (constructors in `build` simplify first).
    /// One step of term work: past the deadline (looked at every
    /// [`super::limit::CLOCK_EVERY`] steps), unwinds as a time limit.
    pub(super) fn tick(&mut self) {
        self.ticks = self.ticks.wrapping_add(1);
        if self.ticks.is_multiple_of(super::limit::CLOCK_EVERY)
            && self.deadline.is_some_and(|d| std::time::Instant::now() >= d)
        {
            super::limit::hit(super::limit::Limit::Time);
        }
    }

    pub(super) fn intern(&mut self, op: Op, args: &[T], sort: Sort) -> T {
        self.tick();
        let node = Node { op, args: args.into(), sort };
        if let Some(&t) = self.index.get(&node) {
            return t;
        }
        let n = self.nodes.len();
        if n >= self.max_terms {
            super::limit::hit(super::limit::Limit::Terms(self.max_terms));
        }
        if n > 0
            && n.is_multiple_of(super::limit::CLOCK_EVERY)
            && self.deadline.is_some_and(|d| std::time::Instant::now() >= d)
        {
            super::limit::hit(super::limit::Limit::Time);
        }
        let t = T(n as u32);
        self.nodes.push(node.clone());
        self.index.insert(node, t);
        t
    }

    pub fn node(&self, t: T) -> &Node {
        &self.nodes[t.0 as usize]
    }
    pub fn op(&self, t: T) -> &Op {
        &self.nodes[t.0 as usize].op
    }
    pub fn args(&self, t: T) -> &[T] {
        &self.nodes[t.0 as usize].args
    }
    pub fn arg(&self, t: T, i: usize) -> T {
        self.nodes[t.0 as usize].args[i]
    }
    pub fn sort(&self, t: T) -> &Sort {
        &self.nodes[t.0 as usize].sort
    }
    pub fn width(&self, t: T) -> u32 {
        self.sort(t).bv_width()
    }

    pub fn as_bool(&self, t: T) -> Option<bool> {
        match self.op(t) {
            Op::BoolConst(b) => Some(*b),
            _ => None,
        }
    }
    pub fn as_bv(&self, t: T) -> Option<&Bits> {
        match self.op(t) {
            Op::BvConst(b) => Some(b),
            _ => None,
        }
    }
    pub fn as_fp(&self, t: T) -> Option<&Bits> {
        match self.op(t) {
            Op::FpConst(b) => Some(b),
            _ => None,
        }
    }
    pub fn is_const(&self, t: T) -> bool {
        matches!(self.op(t), Op::BoolConst(_) | Op::BvConst(_) | Op::FpConst(_))
    }
    pub fn is_true(&self, t: T) -> bool {
        self.as_bool(t) == Some(true)
    }
    pub fn is_false(&self, t: T) -> bool {
        self.as_bool(t) == Some(false)
    }

    /// A new symbol; the name is for display and need not be unique.
    pub fn fresh_symbol(&mut self, name: impl Into<String>, sort: Sort) -> T {
        let id = self.syms.len() as u32;
        self.syms.push(Symbol { name: name.into(), sort: sort.clone() });
        self.intern(Op::Sym(id), &[], sort)
    }

    pub fn symbol(&self, id: u32) -> &Symbol {
        &self.syms[id as usize]
    }
    pub fn symbols(&self) -> &[Symbol] {
        &self.syms
    }

    pub fn declare_fun(&mut self, name: impl Into<String>, domain: Vec<Sort>, range: Sort) -> u32 {
        self.funcs.push(Func { name: name.into(), domain, range });
        (self.funcs.len() - 1) as u32
    }
    pub fn func(&self, id: u32) -> &Func {
        &self.funcs[id as usize]
    }

    /// True when the term contains no symbol (and no uninterpreted application).
    pub fn is_ground(&self, t: T) -> bool {
        let mut stack = vec![t];
        let mut seen = std::collections::HashSet::new();
        while let Some(x) = stack.pop() {
            if !seen.insert(x) {
                continue;
            }
            match self.op(x) {
                Op::Sym(_) | Op::Apply(_) => return false,
                _ => stack.extend_from_slice(self.args(x)),
            }
        }
        true
    }

    /// Number of distinct nodes reachable from the roots.
    pub fn dag_size(&self, roots: &[T]) -> usize {
        let mut stack: Vec<T> = roots.to_vec();
        let mut seen = std::collections::HashSet::new();
        while let Some(x) = stack.pop() {
            if seen.insert(x) {
                stack.extend_from_slice(self.args(x));
            }
        }
        seen.len()
    }
}
