//! Stutter acceptance as a formula over the atoms: for each state `q`, the letters `a` with
//! `a^ω` accepted from `q`, as a DNF of cubes, computed without enumerating letters.
//!
//! The search runs on pairs `(state, cube)`: from `(q, true)`, an edge with label `L` leads from
//! `(s, c)` to `(t, c ∧ L)` when that is satisfiable. A pair `(s, c)` with `s` accepting that
//! lies on a cycle of this pair graph gives the cube `c`:
//! - every letter of `c` satisfies all labels on the path to `s` and around the cycle, so it
//!   stutter-accepts;
//! - conversely, if `a^ω` is accepted, take the lasso `q →* s →+ s` its run follows; going
//!   around the loop twice, the cube stops changing after the first round, so the pair reached
//!   lies on a pair-graph cycle, and `a` satisfies its cube.
//!
//! The pairs are bounded by the automaton's paths, not by the atoms: 20 atoms cost nothing.

use std::collections::HashMap;

use super::automaton::Buchi;
use super::graph;
use super::label::{simplify_dnf, Label};
use super::TooLarge;

/// The most (state, cube) pairs the search may visit.
pub const MAX_PAIRS: usize = 200_000;

/// Per state: the DNF of the letters that stutter-accept from it.
pub fn stutter_dnfs(aut: &Buchi) -> Result<Vec<Vec<Label>>, TooLarge> {
    let pairs = PairGraph::build(aut)?;
    let comp = graph::components(&pairs.adj);
    let on_cycle = cyclic_components(&pairs.adj, &comp);
    let good: Vec<bool> =
        pairs.nodes.iter().enumerate().map(|(i, &(s, _))| aut.accepting[s] && on_cycle[comp[i]]).collect();
    let dnf_from = |start: usize| {
        let reach = graph::reachable(&pairs.adj, &[start]);
        let cubes = (0..pairs.nodes.len()).filter(|&i| reach[i] && good[i]).map(|i| pairs.nodes[i].1).collect();
        simplify_dnf(cubes)
    };
    Ok(pairs.start.iter().map(|&start| dnf_from(start)).collect())
}

/// Per component: whether it contains a cycle (two nodes, or a self-loop).
fn cyclic_components(adj: &[Vec<usize>], comp: &[usize]) -> Vec<bool> {
    let count = comp.iter().map(|c| c + 1).max().unwrap_or(0);
    let mut cyclic = vec![false; count];
    for (v, succs) in adj.iter().enumerate() {
        if succs.iter().any(|&w| comp[w] == comp[v]) {
            cyclic[comp[v]] = true;
        }
    }
    cyclic
}

/// The pairs reachable from every `(q, true)`.
struct PairGraph {
    nodes: Vec<(usize, Label)>,
    adj: Vec<Vec<usize>>,
    /// `start[q]`: the index of `(q, true)`.
    start: Vec<usize>,
}

impl PairGraph {
    fn build(aut: &Buchi) -> Result<PairGraph, TooLarge> {
        let mut g = PairGraph { nodes: Vec::new(), adj: Vec::new(), start: Vec::new() };
        let mut index = HashMap::new();
        for q in 0..aut.state_count() {
            let i = g.intern(&mut index, (q, Label::TRUE))?;
            g.start.push(i);
        }
        let mut next = 0;
        while next < g.nodes.len() {
            let (s, cube) = g.nodes[next];
            for e in &aut.edges[s] {
                if let Some(c) = cube.and(&e.label) {
                    let j = g.intern(&mut index, (e.to, c))?;
                    g.adj[next].push(j);
                }
            }
            next += 1;
        }
        Ok(g)
    }

    fn intern(&mut self, index: &mut HashMap<(usize, Label), usize>, pair: (usize, Label)) -> Result<usize, TooLarge> {
        if let Some(&i) = index.get(&pair) {
            return Ok(i);
        }
        if self.nodes.len() == MAX_PAIRS {
            return Err(TooLarge { what: "(state, cube) pairs in the stutter search", limit: MAX_PAIRS });
        }
        self.nodes.push(pair);
        self.adj.push(Vec::new());
        index.insert(pair, self.nodes.len() - 1);
        Ok(self.nodes.len() - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ltl::formula::parse;
    use crate::ltl::reduce::reduce;
    use crate::ltl::tableau::translate;

    fn never_claim(text: &str) -> Buchi {
        let p = parse(text).expect("parses");
        reduce(&translate(&p.formula.clone().negated(), p.atoms.len()).expect("small"))
    }

    #[test]
    fn dnfs_match_explicit_stutter_checks() {
        for text in ["G({a} -> X({b} U {c})) && F G !{d}", "G F {a} && G F !{b}", "({a} U {b}) R (X {c} W {d})"] {
            let a = never_claim(text);
            let dnfs = stutter_dnfs(&a).expect("small");
            for letter in 0..16u64 {
                for (q, direct) in a.cycle_acceptors(&[letter]).into_iter().enumerate() {
                    let symbolic = dnfs[q].iter().any(|c| c.matches(letter));
                    assert_eq!(symbolic, direct, "{text}: state {q}, letter {letter:b}");
                }
            }
        }
    }

    /// φ = a0 || X a1 || … || X^19 a19: the never claim is a chain ¬a0, ¬a1, … into a trap.
    /// Stuttering one letter through the whole chain needs every ¬ai at once: one cube of 20
    /// literals from the initial state, where a letter-by-letter table would have 2^20 rows.
    #[test]
    fn twenty_atoms_cost_nothing() {
        let disjuncts: Vec<String> = (0..20).map(|i| format!("{}{{a{i}}}", "X ".repeat(i))).collect();
        let a = never_claim(&disjuncts.join(" || "));
        let dnfs = stutter_dnfs(&a).expect("small");
        let all_false = Label { pos: 0, neg: (1 << 20) - 1 };
        assert_eq!(dnfs[a.initial], vec![all_false]);
    }
}
