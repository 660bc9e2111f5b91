//! Language-preserving reductions of a Büchi automaton (docs/ltl.md §2):
//!
//! 1. drop the states no run reaches and the states with an empty language (the initial
//!    state stays, without edges if its language is empty): the paper's "reduced form";
//! 2. merge all universal states (every word accepted, decided as in [`super::tables`]) into
//!    one accepting state with a `true` self-loop;
//! 3. drop an edge when another edge to the same target, or into the universal state, has a
//!    weaker label;
//! 4. merge bisimilar states: equal acceptance, and the same labels into the same classes
//!    (the coarsest such partition, so states with identical outgoing edges merge, and so do
//!    states that become identical once others merged).
//!
//! Steps 3, 4 and 1 repeat until nothing changes. Each step keeps the language of every state
//! it keeps, so step 2 has nothing left to merge after its first run. The result's initial
//! state is 0.

use std::collections::HashMap;

use super::automaton::{Buchi, Edge};
use super::formula::Formula;
use super::graph;
use super::tables::{has_true_accepting_loop, universal_states};

/// The most rounds of steps 3, 4, 1; each round that changes something shrinks the automaton.
const MAX_ROUNDS: usize = 50;

/// A smaller automaton with the same language (from the initial state).
pub fn reduce(aut: &Buchi) -> Buchi {
    let mut current = prune(&merge_universal(&prune(aut)));
    for _ in 0..MAX_ROUNDS {
        let next = prune(&merge_bisimilar(&drop_redundant_edges(&current)));
        if next == current {
            break;
        }
        current = next;
    }
    current
}

/// Keeps the initial state and the reachable states with a non-empty language.
pub fn prune(aut: &Buchi) -> Buchi {
    let live = aut.live_states();
    let reach = graph::reachable(&aut.adjacency(), &[aut.initial]);
    let keep: Vec<bool> = (0..aut.state_count()).map(|q| q == aut.initial || (live[q] && reach[q])).collect();
    let keep_target: Vec<bool> = (0..aut.state_count()).map(|q| keep[q] && live[q]).collect();
    restrict(aut, &keep, &keep_target)
}

/// The automaton on the states in `keep`, renumbered with the initial state first; edges into
/// states outside `targets` are dropped.
fn restrict(aut: &Buchi, keep: &[bool], targets: &[bool]) -> Buchi {
    let mut order = vec![aut.initial];
    order.extend((0..aut.state_count()).filter(|&q| keep[q] && q != aut.initial));
    let mut new_id = vec![usize::MAX; aut.state_count()];
    for (i, &q) in order.iter().enumerate() {
        new_id[q] = i;
    }
    let edges = order
        .iter()
        .map(|&q| {
            aut.edges[q]
                .iter()
                .filter(|e| keep[e.to] && targets[e.to])
                .map(|e| Edge { label: e.label, to: new_id[e.to] })
                .collect()
        })
        .collect();
    Buchi {
        atom_count: aut.atom_count,
        initial: 0,
        accepting: order.iter().map(|&q| aut.accepting[q]).collect(),
        edges,
        meanings: order.iter().map(|&q| aut.meanings[q].clone()).collect(),
    }
}

/// Redirects every edge into a universal state to one representative, made an accepting
/// state with a single `true` self-loop.
fn merge_universal(aut: &Buchi) -> Buchi {
    let (universal, _) = universal_states(aut);
    let rep = if universal[aut.initial] { Some(aut.initial) } else { universal.iter().position(|&u| u) };
    let Some(rep) = rep else {
        return aut.clone();
    };
    let mut out = aut.clone();
    for edges in &mut out.edges {
        for e in edges.iter_mut().filter(|e| universal[e.to]) {
            e.to = rep;
        }
    }
    out.accepting[rep] = true;
    out.edges[rep] = vec![Edge { label: super::label::Label::TRUE, to: rep }];
    out.meanings[rep] = Formula::True;
    out
}

/// Drops duplicate edges, edges whose label implies the label of another edge to the same
/// target, and edges whose label implies the label of an edge into a universal state.
///
/// "Redundant because of" is transitive, and an edge sorts after the edges it is redundant
/// because of (more literals; into a universal state first on a tie), so each edge is only
/// compared with the kept edges before it.
fn drop_redundant_edges(aut: &Buchi) -> Buchi {
    let universal: Vec<bool> = (0..aut.state_count()).map(|q| has_true_accepting_loop(aut, q)).collect();
    let mut out = aut.clone();
    for edges in &mut out.edges {
        edges.sort_by_key(|e| (e.label.literal_count(), !universal[e.to], *e));
        edges.dedup();
        let mut kept: Vec<Edge> = Vec::new();
        for e in edges.iter() {
            if !kept.iter().any(|k| e.label.implies(&k.label) && (k.to == e.to || universal[k.to])) {
                kept.push(*e);
            }
        }
        kept.sort();
        *edges = kept;
    }
    out
}

/// The quotient by the coarsest bisimulation that respects acceptance and labels.
fn merge_bisimilar(aut: &Buchi) -> Buchi {
    let block = bisimulation_classes(aut);
    let count = block.iter().map(|b| b + 1).max().unwrap_or(0);
    let mut rep = vec![usize::MAX; count];
    for q in (0..aut.state_count()).rev() {
        rep[block[q]] = q;
    }
    let edges = rep
        .iter()
        .map(|&q| {
            let mut es: Vec<Edge> = aut.edges[q].iter().map(|e| Edge { label: e.label, to: block[e.to] }).collect();
            es.sort();
            es.dedup();
            es
        })
        .collect();
    let quotient = Buchi {
        atom_count: aut.atom_count,
        initial: block[aut.initial],
        accepting: rep.iter().map(|&q| aut.accepting[q]).collect(),
        edges,
        meanings: rep.iter().map(|&q| aut.meanings[q].clone()).collect(),
    };
    let all = vec![true; count];
    restrict(&quotient, &all, &all)
}

/// Partition refinement: states start split by acceptance and are split by the set of
/// (label, target class) pairs until stable.
fn bisimulation_classes(aut: &Buchi) -> Vec<usize> {
    let mut block: Vec<usize> = aut.accepting.iter().map(|&a| a as usize).collect();
    let mut count = 0;
    loop {
        let mut ids: HashMap<(usize, Vec<(super::label::Label, usize)>), usize> = HashMap::new();
        let next: Vec<usize> = (0..aut.state_count())
            .map(|q| {
                let mut sig: Vec<_> = aut.edges[q].iter().map(|e| (e.label, block[e.to])).collect();
                sig.sort();
                sig.dedup();
                let fresh = ids.len();
                *ids.entry((block[q], sig)).or_insert(fresh)
            })
            .collect();
        let new_count = ids.len();
        block = next;
        if new_count == count {
            return block;
        }
        count = new_count;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ltl::formula::parse;
    use crate::ltl::label::Label;
    use crate::ltl::tableau::translate;

    fn automaton(text: &str) -> (Buchi, Buchi) {
        let p = parse(text).expect("parses");
        let a = translate(&p.formula, p.atoms.len()).expect("small");
        let r = reduce(&a);
        (a, r)
    }

    /// Every lasso over `atoms` atoms with |u| ≤ 2 and 1 ≤ |v| ≤ 2.
    fn same_language(a: &Buchi, b: &Buchi, atoms: usize) {
        let letters: Vec<u64> = (0..1u64 << atoms).collect();
        let mut words: Vec<Vec<u64>> = vec![vec![]];
        for len in 1..=2 {
            let mut w = vec![vec![]];
            for _ in 0..len {
                w = w
                    .iter()
                    .flat_map(|p: &Vec<u64>| letters.iter().map(move |&l| [p.clone(), vec![l]].concat()))
                    .collect();
            }
            words.extend(w);
        }
        for u in &words {
            for v in words.iter().filter(|v| !v.is_empty()) {
                assert_eq!(a.accepts_lasso(u, v), b.accepts_lasso(u, v), "{u:?} {v:?}");
            }
        }
    }

    #[test]
    fn universal_states_become_one_true_loop() {
        // F !p: after !p every word is accepted
        let (a, r) = automaton("F !{p}");
        same_language(&a, &r, 1);
        assert_eq!(r.state_count(), 2);
        let trap = 1 - r.initial;
        assert!(r.accepting[trap]);
        assert_eq!(r.edges[trap], vec![Edge { label: Label::TRUE, to: trap }]);
    }

    #[test]
    fn empty_language_leaves_a_bare_initial_state() {
        let (a, r) = automaton("G {p} && F !{p}");
        assert!(a.is_empty());
        assert_eq!(r.state_count(), 1);
        assert!(r.edges[0].is_empty());
    }

    #[test]
    fn valid_formula_becomes_the_single_trap() {
        let (a, r) = automaton("G F {p} || F G !{p}");
        same_language(&a, &r, 1);
        assert_eq!(r.state_count(), 1);
        assert!(r.accepting[0]);
        assert_eq!(r.edges[0], vec![Edge { label: Label::TRUE, to: 0 }]);
    }

    #[test]
    fn reduction_shrinks_and_keeps_the_language() {
        for text in ["G F {p} && G F {q}", "({p} U {q}) R ({q} W X {p})", "G({p} -> F {q}) && F G !{q}", "X X X {p}"] {
            let (a, r) = automaton(text);
            assert!(r.state_count() <= a.state_count(), "{text}");
            same_language(&a, &r, 2);
            assert!(r.live_states().iter().enumerate().all(|(q, &l)| l || q == r.initial), "{text}: reduced form");
        }
    }

    #[test]
    fn bisimilar_states_merge() {
        // two copies of an accepting p-loop, reached on p and on !p
        let p = Label::literal(0, true);
        let np = Label::literal(0, false);
        let a = Buchi {
            atom_count: 1,
            initial: 0,
            accepting: vec![false, true, true],
            edges: vec![
                vec![Edge { label: p, to: 1 }, Edge { label: np, to: 2 }],
                vec![Edge { label: p, to: 1 }],
                vec![Edge { label: p, to: 2 }],
            ],
            meanings: vec![Formula::True; 3],
        };
        let r = merge_bisimilar(&a);
        assert_eq!(r.state_count(), 2);
        same_language(&a, &r, 1);
    }
}
