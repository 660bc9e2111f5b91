//! Büchi automata with edges labelled by conjunctions of atom literals, and the queries on
//! them: successors, runs on finite words, and exact acceptance of lasso words.
//!
//! The automaton for a formula comes from [`super::tableau::translate`]; see there.

use super::formula::{Atom, Formula};
use super::graph;
use super::label::{Label, Letter};

/// One edge: the letters matching `label` lead to state `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Edge {
    /// The letters that may take the edge.
    pub label: Label,
    /// The target state.
    pub to: usize,
}

/// A (state-based) Büchi automaton over the letters of `atom_count` atoms, with one initial
/// state. A run starts in `initial` and takes one edge per letter, the first letter included;
/// it accepts when it visits an accepting state infinitely often.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Buchi {
    /// The number of atoms (bits of a letter) the labels may mention.
    pub atom_count: usize,
    /// The initial state.
    pub initial: usize,
    /// Per state: whether it is accepting.
    pub accepting: Vec<bool>,
    /// Per state: its outgoing edges.
    pub edges: Vec<Vec<Edge>>,
    /// Per state: a formula whose models are exactly the words accepted from that state (the
    /// tableau's obligations). [`super::tables`] decides universality with it.
    pub meanings: Vec<Formula>,
}

impl Buchi {
    /// The number of states.
    pub fn state_count(&self) -> usize {
        self.accepting.len()
    }

    /// The number of edges.
    pub fn edge_count(&self) -> usize {
        self.edges.iter().map(Vec::len).sum()
    }

    /// The states reachable from `q` by reading `letter`.
    pub fn successors(&self, q: usize, letter: Letter) -> impl Iterator<Item = usize> + '_ {
        self.edges[q].iter().filter(move |e| e.label.matches(letter)).map(|e| e.to)
    }

    /// The set of states reachable from some state of `from` by reading `letter`.
    pub fn post(&self, from: &[bool], letter: Letter) -> Vec<bool> {
        let mut out = vec![false; self.state_count()];
        for q in (0..self.state_count()).filter(|&q| from[q]) {
            for to in self.successors(q, letter) {
                out[to] = true;
            }
        }
        out
    }

    /// The set of states some run on `word` can be in after reading all of it, starting in
    /// `start`.
    pub fn run_from(&self, start: usize, word: &[Letter]) -> Vec<bool> {
        let mut set = vec![false; self.state_count()];
        set[start] = true;
        for &letter in word {
            set = self.post(&set, letter);
        }
        set
    }

    /// [`Buchi::run_from`] the initial state.
    pub fn run(&self, word: &[Letter]) -> Vec<bool> {
        self.run_from(self.initial, word)
    }

    /// Per state `q`: whether `cycle^ω` is accepted from `q` (all false for an empty cycle).
    ///
    /// Product of the cycle's positions with the states, then a search for a reachable cycle
    /// through an accepting state.
    pub fn cycle_acceptors(&self, cycle: &[Letter]) -> Vec<bool> {
        let n = self.state_count();
        if cycle.is_empty() {
            return vec![false; n];
        }
        let node = |pos: usize, q: usize| pos * n + q;
        let mut adj = vec![Vec::new(); cycle.len() * n];
        let mut marked = vec![false; cycle.len() * n];
        for (pos, &letter) in cycle.iter().enumerate() {
            let next = (pos + 1) % cycle.len();
            for q in 0..n {
                marked[node(pos, q)] = self.accepting[q];
                adj[node(pos, q)] = self.successors(q, letter).map(|to| node(next, to)).collect();
            }
        }
        let good = graph::reaches_marked_cycle(&adj, &marked);
        (0..n).map(|q| good[node(0, q)]).collect()
    }

    /// Whether `prefix·cycle^ω` is accepted from state `q` (false for an empty cycle).
    pub fn accepts_lasso_from(&self, q: usize, prefix: &[Letter], cycle: &[Letter]) -> bool {
        let after = self.run_from(q, prefix);
        let good = self.cycle_acceptors(cycle);
        after.iter().zip(&good).any(|(a, g)| *a && *g)
    }

    /// Whether the automaton accepts `prefix·cycle^ω` (false for an empty cycle). Exact: the
    /// states after the prefix are intersected with the states accepting `cycle^ω`.
    pub fn accepts_lasso(&self, prefix: &[Letter], cycle: &[Letter]) -> bool {
        self.accepts_lasso_from(self.initial, prefix, cycle)
    }

    /// The successor lists without labels.
    pub fn adjacency(&self) -> Vec<Vec<usize>> {
        self.edges.iter().map(|es| es.iter().map(|e| e.to).collect()).collect()
    }

    /// Per state: whether some accepting run starts there (its language is not empty). Every
    /// label is satisfiable, so every path is the run on some word.
    pub fn live_states(&self) -> Vec<bool> {
        graph::reaches_marked_cycle(&self.adjacency(), &self.accepting)
    }

    /// Whether the automaton accepts no word.
    pub fn is_empty(&self) -> bool {
        !self.live_states()[self.initial]
    }

    /// A listing of the states and edges with the atoms' texts, for messages and debugging.
    pub fn describe(&self, atoms: &[Atom]) -> String {
        let mut out = String::new();
        for q in 0..self.state_count() {
            let init = if q == self.initial { " initial" } else { "" };
            let acc = if self.accepting[q] { " accepting" } else { "" };
            out.push_str(&format!("state {q}{init}{acc}: {}\n", self.meanings[q].show(atoms)));
            for e in &self.edges[q] {
                out.push_str(&format!("  {} -> {}\n", e.label.show(atoms), e.to));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// init --true--> init, init --p∧¬q--> 1, 1 --¬q--> 1 (accepting): the never claim of
    /// G(p -> F q), as drawn in the paper's Fig. 3.
    fn fig3() -> Buchi {
        let p = Label::literal(0, true);
        let nq = Label::literal(1, false);
        let pnq = p.and(&nq).expect("sat");
        Buchi {
            atom_count: 2,
            initial: 0,
            accepting: vec![false, true],
            edges: vec![
                vec![Edge { label: Label::TRUE, to: 0 }, Edge { label: pnq, to: 1 }],
                vec![Edge { label: nq, to: 1 }],
            ],
            meanings: vec![Formula::True, Formula::True],
        }
    }

    #[test]
    fn lasso_acceptance_by_hand() {
        let a = fig3();
        let (p, q) = (1, 2);
        assert!(a.accepts_lasso(&[], &[p]));
        assert!(a.accepts_lasso(&[q, q], &[p, 0]));
        assert!(!a.accepts_lasso(&[p], &[q]));
        assert!(!a.accepts_lasso(&[p], &[p, q]));
        assert!(!a.accepts_lasso(&[], &[0]));
        assert!(!a.accepts_lasso(&[p], &[]));
        assert_eq!(a.cycle_acceptors(&[0]), vec![false, true]);
        assert_eq!(a.cycle_acceptors(&[p]), vec![true, true]);
        assert_eq!(a.cycle_acceptors(&[q | p]), vec![false, false]);
        assert_eq!(a.run(&[p]), vec![true, true]);
        assert_eq!(a.run(&[p, q]), vec![true, false]);
        assert!(a.live_states().iter().all(|&l| l));
    }
}
