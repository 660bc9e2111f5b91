//! LTL → Büchi translation (docs/ltl.md §2): the Gerth–Peled–Vardi–Wolper tableau on the
//! negation normal form, built as a transition-based generalised Büchi automaton as in
//! LTL2BA/Couvreur, then degeneralised with a counter.
//!
//! - A tableau state is a set of obligations (NNF formulas, hash-consed); the initial one is
//!   `{f}`. The words accepted from a state are exactly the models of its conjunction.
//! - Expanding a state gives its *covers*: a conjunction of literals that must hold now, the
//!   obligations for the next position (the target state), and the acceptance marks. The
//!   expansion rules are GPVW's: `a ∨ b` branches; `a U b` branches into `b` and
//!   `a ∧ X(a U b)`; `a R b` into `a ∧ b` and `b ∧ X(a R b)`. A cover is in the acceptance set
//!   of `a U b` unless it postponed it (GPVW's node condition: `a U b ∉ Old ∨ b ∈ Old`).
//! - On-the-fly reductions: contradictory literals cut a branch; `X false` cuts it; `true` is
//!   never an obligation; an obligation implied by another one of the same next set is left
//!   out (syntactic implication as in LTL2BA: `G F a` implies `F a`, `a U b` implies `F b`, …);
//!   equal obligation sets are one state; a cover is dropped when another one of the same
//!   state has weaker literals, a subset of its obligations and a superset of its marks
//!   (LTL2BA's transition simplification); of two edges into one state, the one with the
//!   stronger label goes.
//! - Degeneralisation: states `(s, c)` with a counter `c ∈ 0..=k` over the `k` Until
//!   subformulas; a transition advances `c` past every mark it carries, in order; the states
//!   with `c = k` are accepting and reset the count when left. With no Until every state
//!   accepts.

use std::collections::{BTreeSet, HashMap, VecDeque};

use super::automaton::{Buchi, Edge};
use super::formula::Formula;
use super::label::{Label, MAX_ATOMS};
use super::nodes::{Arena, Id, Node, FALSE, TRUE};
use super::TooLarge;

/// The most tableau states (obligation sets) one translation may build.
pub const MAX_TABLEAU_STATES: usize = 4_000;
/// The most Büchi states one translation may build.
pub const MAX_STATES: usize = 20_000;
/// The most expansion steps one translation may take (all states together).
pub const MAX_STEPS: usize = 2_000_000;
/// The most Until subformulas (acceptance sets) a formula may have.
pub const MAX_UNTILS: usize = 64;

/// The Büchi automaton accepting exactly the models of `f` over `atom_count` atoms. To get the
/// never claim of a property φ, pass `¬φ`.
pub fn translate(f: &Formula, atom_count: usize) -> Result<Buchi, TooLarge> {
    let atom_count = atom_count.max(f.atom_count());
    if atom_count > MAX_ATOMS {
        return Err(TooLarge { what: "atoms", limit: MAX_ATOMS });
    }
    let mut arena = Arena::new();
    let root = arena.lower(f, false);
    let untils = arena.untils_below(root);
    if untils.len() > MAX_UNTILS {
        return Err(TooLarge { what: "Until subformulas", limit: MAX_UNTILS });
    }
    let gba = Gba::build(&arena, root, &untils)?;
    degeneralise(&arena, &gba, untils.len(), atom_count)
}

/// One way to satisfy a state: literals now, obligations next, acceptance marks.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Cover {
    label: Label,
    next: Vec<Id>,
    marks: u64,
}

impl Cover {
    /// Whether `self` makes `other` redundant: weaker literals, fewer obligations, more marks.
    fn dominates(&self, other: &Cover) -> bool {
        other.label.implies(&self.label) && other.marks & !self.marks == 0 && is_subset(&self.next, &other.next)
    }
}

/// Whether sorted `a` ⊆ sorted `b`.
fn is_subset(a: &[Id], b: &[Id]) -> bool {
    let mut it = b.iter();
    a.iter().all(|x| it.by_ref().any(|y| y == x))
}

/// A partial expansion: obligations still to process, processed ones, literals, next set.
#[derive(Clone)]
struct Branch {
    todo: Vec<Id>,
    old: BTreeSet<Id>,
    label: Label,
    next: BTreeSet<Id>,
}

/// The covers of the state with obligations `state`, dominated ones removed.
/// `steps` counts the expansion steps of the whole translation.
fn expand(arena: &Arena, state: &[Id], untils: &[Id], steps: &mut usize) -> Result<Vec<Cover>, TooLarge> {
    let start = Branch { todo: state.to_vec(), old: BTreeSet::new(), label: Label::TRUE, next: BTreeSet::new() };
    let mut stack = vec![start];
    let mut covers = Vec::new();
    while let Some(mut branch) = stack.pop() {
        *steps += 1;
        if *steps > MAX_STEPS {
            return Err(TooLarge { what: "tableau expansion steps", limit: MAX_STEPS });
        }
        let Some(f) = branch.todo.pop() else {
            covers.push(finish(arena, branch, untils));
            continue;
        };
        if branch.old.insert(f) {
            step(arena, f, branch, &mut stack);
        } else {
            stack.push(branch);
        }
    }
    covers.sort();
    covers.dedup();
    Ok(drop_dominated(covers))
}

/// Applies the expansion rule of `f` (just moved to `old`) to `branch`.
fn step(arena: &Arena, f: Id, mut branch: Branch, stack: &mut Vec<Branch>) {
    match arena.node(f) {
        Node::True => stack.push(branch),
        Node::False => {}
        Node::Lit(atom, value) => {
            if let Some(label) = branch.label.and(&Label::literal(atom as usize, value)) {
                branch.label = label;
                stack.push(branch);
            }
        }
        Node::And(x, y) => {
            branch.todo.extend([x, y]);
            stack.push(branch);
        }
        Node::Or(x, y) => {
            let mut other = branch.clone();
            branch.todo.push(x);
            other.todo.push(y);
            stack.extend([branch, other]);
        }
        Node::Next(x) => {
            if x != FALSE {
                if x != TRUE {
                    branch.next.insert(x);
                }
                stack.push(branch);
            }
        }
        Node::Until(x, y) => {
            let mut postpone = branch.clone();
            branch.todo.push(y);
            postpone.todo.push(x);
            postpone.next.insert(f);
            stack.extend([branch, postpone]);
        }
        Node::Release(x, y) => {
            let mut postpone = branch.clone();
            branch.todo.extend([x, y]);
            postpone.todo.push(y);
            postpone.next.insert(f);
            stack.extend([branch, postpone]);
        }
    }
}

/// The cover of a fully expanded branch; mark `i` unless Until `i` was postponed. Next
/// obligations implied by other ones are left out (`G F a` makes `F a` redundant), so that the
/// states stay few; the target state keeps the same models.
fn finish(arena: &Arena, branch: Branch, untils: &[Id]) -> Cover {
    let mut marks = 0u64;
    for (i, &u) in untils.iter().enumerate() {
        let fulfilled = match arena.node(u) {
            Node::Until(_, y) => branch.old.contains(&y),
            _ => true,
        };
        if !branch.old.contains(&u) || fulfilled {
            marks |= 1 << i;
        }
    }
    Cover { label: branch.label, next: without_implied(arena, branch.next.into_iter().collect()), marks }
}

/// `set` without the members implied by another remaining member.
fn without_implied(arena: &Arena, mut set: Vec<Id>) -> Vec<Id> {
    let mut i = 0;
    while i < set.len() {
        let implied = (0..set.len()).any(|j| j != i && arena.implies(set[j], set[i]));
        if implied {
            set.remove(i);
        } else {
            i += 1;
        }
    }
    set
}

/// The covers no other cover dominates. A dominating cover sorts strictly before the ones it
/// dominates (fewer literals, fewer obligations, more marks), and domination is transitive, so
/// comparing each cover with the kept ones before it is enough.
fn drop_dominated(mut covers: Vec<Cover>) -> Vec<Cover> {
    covers.sort_by_key(|c| (c.label.literal_count(), c.next.len(), u32::MAX - c.marks.count_ones()));
    let mut kept: Vec<Cover> = Vec::new();
    for cover in covers {
        if !kept.iter().any(|k| k.dominates(&cover)) {
            kept.push(cover);
        }
    }
    kept
}

/// The transition-based generalised Büchi automaton: obligation sets and their covers.
struct Gba {
    states: Vec<Vec<Id>>,
    covers: Vec<Vec<(Cover, usize)>>,
}

impl Gba {
    /// Explores the states reachable from `{root}` (state 0).
    fn build(arena: &Arena, root: Id, untils: &[Id]) -> Result<Gba, TooLarge> {
        let initial = if root == TRUE { vec![] } else { vec![root] };
        let mut gba = Gba { states: vec![initial.clone()], covers: Vec::new() };
        let mut index = HashMap::from([(initial, 0usize)]);
        let mut steps = 0;
        while gba.covers.len() < gba.states.len() {
            let s = gba.covers.len();
            let mut out = Vec::new();
            for cover in expand(arena, &gba.states[s], untils, &mut steps)? {
                let to = gba.intern(&mut index, &cover.next)?;
                out.push((cover, to));
            }
            gba.covers.push(out);
        }
        Ok(gba)
    }

    fn intern(&mut self, index: &mut HashMap<Vec<Id>, usize>, set: &[Id]) -> Result<usize, TooLarge> {
        if let Some(&i) = index.get(set) {
            return Ok(i);
        }
        if self.states.len() == MAX_TABLEAU_STATES {
            return Err(TooLarge { what: "tableau states", limit: MAX_TABLEAU_STATES });
        }
        self.states.push(set.to_vec());
        index.insert(set.to_vec(), self.states.len() - 1);
        Ok(self.states.len() - 1)
    }
}

/// The counter after taking a transition with `marks` from counter `c` (of `k`).
fn advance(c: usize, marks: u64, k: usize) -> usize {
    let mut c = if c == k { 0 } else { c };
    while c < k && marks >> c & 1 == 1 {
        c += 1;
    }
    c
}

/// The state-based Büchi automaton of `gba`, states `(tableau state, counter)` reachable
/// from `(0, 0)`.
fn degeneralise(arena: &Arena, gba: &Gba, k: usize, atom_count: usize) -> Result<Buchi, TooLarge> {
    let mut ids: HashMap<(usize, usize), usize> = HashMap::from([((0, 0), 0)]);
    let mut order = vec![(0usize, 0usize)];
    let mut queue = VecDeque::from([0usize]);
    let mut edges: Vec<Vec<Edge>> = vec![Vec::new()];
    while let Some(q) = queue.pop_front() {
        let (s, c) = order[q];
        let mut out = Vec::new();
        for (cover, t) in &gba.covers[s] {
            let key = (*t, advance(c, cover.marks, k));
            let to = match ids.get(&key) {
                Some(&to) => to,
                None => {
                    if order.len() == MAX_STATES {
                        return Err(TooLarge { what: "Büchi states", limit: MAX_STATES });
                    }
                    ids.insert(key, order.len());
                    order.push(key);
                    edges.push(Vec::new());
                    queue.push_back(order.len() - 1);
                    order.len() - 1
                }
            };
            out.push(Edge { label: cover.label, to });
        }
        edges[q] = without_weaker_duplicates(out);
    }
    let accepting = order.iter().map(|&(_, c)| c == k).collect();
    let meanings = order.iter().map(|&(s, _)| arena.conjunction(&gba.states[s])).collect();
    Ok(Buchi { atom_count, initial: 0, accepting, edges, meanings })
}

/// The edges without those whose label implies the label of another edge to the same state.
pub(super) fn without_weaker_duplicates(mut edges: Vec<Edge>) -> Vec<Edge> {
    edges.sort_by_key(|e| (e.label.literal_count(), *e));
    edges.dedup();
    let mut kept: Vec<Edge> = Vec::new();
    for e in edges {
        if !kept.iter().any(|k| k.to == e.to && e.label.implies(&k.label)) {
            kept.push(e);
        }
    }
    kept.sort();
    kept
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ltl::formula::parse;

    fn never_claim(text: &str) -> Buchi {
        let p = parse(text).expect("parses");
        translate(&p.formula.clone().negated(), p.atoms.len()).expect("small")
    }

    #[test]
    fn fig3_never_claim_has_two_states() {
        // ¬G(p -> F q) = F(p ∧ G ¬q): ltl2ba draws init --true--> init, init --p∧¬q--> 2,
        // 2 --¬q--> 2 with 2 accepting (the paper's Fig. 3).
        let a = never_claim("G({pressed} -> F {charge > min})");
        assert_eq!(a.state_count(), 2);
        assert!(!a.accepting[a.initial]);
        let other = 1 - a.initial;
        assert!(a.accepting[other]);
        let p = Label::literal(0, true);
        let nq = Label::literal(1, false);
        let mut init_edges = a.edges[a.initial].clone();
        init_edges.sort();
        let mut expected =
            vec![Edge { label: Label::TRUE, to: a.initial }, Edge { label: p.and(&nq).expect("sat"), to: other }];
        expected.sort();
        assert_eq!(init_edges, expected);
        assert_eq!(a.edges[other], vec![Edge { label: nq, to: other }]);
    }

    #[test]
    fn constants() {
        let t = translate(&Formula::True, 0).expect("small");
        assert!(t.accepts_lasso(&[], &[0]));
        let f = translate(&Formula::False, 0).expect("small");
        assert!(f.is_empty());
    }

    #[test]
    fn counter_advances_past_consecutive_marks() {
        assert_eq!(advance(0, 0b011, 3), 2);
        assert_eq!(advance(2, 0b100, 3), 3);
        assert_eq!(advance(3, 0b001, 3), 1);
        assert_eq!(advance(3, 0b111, 3), 3);
        assert_eq!(advance(1, 0b001, 3), 1);
        assert_eq!(advance(0, 0, 0), 0);
    }

    #[test]
    fn domination_needs_all_three_conditions() {
        let p = Label::literal(0, true);
        let strong = Cover { label: p, next: vec![3, 5], marks: 0b01 };
        let weak = Cover { label: Label::TRUE, next: vec![3], marks: 0b11 };
        assert!(weak.dominates(&strong));
        assert!(!strong.dominates(&weak));
        let fewer_marks = Cover { marks: 0b00, ..weak.clone() };
        assert!(!fewer_marks.dominates(&strong));
        let other_next = Cover { next: vec![4], ..weak.clone() };
        assert!(!other_next.dominates(&strong));
    }
}
