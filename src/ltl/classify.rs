//! Classifying a property (§5 of the paper) and listing the verdicts it can produce.
//!
//! Definitions (Alpern–Schneider; the paper's §5), over infinite words:
//! - *safety*: every violation has a bad prefix. With `A` the automaton of φ in reduced form,
//!   the words all of whose prefixes have a run in `A` are those `A` accepts when every state
//!   accepts (its safety closure); φ is safety iff no such word satisfies ¬φ, i.e. the product
//!   of that closure with BA¬φ is empty.
//! - *co-safety*: every model has a good prefix; φ is co-safety iff ¬φ is safety.
//! - *liveness*: no finite word is a bad prefix: no word empties the subset construction of
//!   `A` (every prefix keeps a run).
//! - *true liveness* (§5.3): liveness and not co-safety, as `G F p` or `G(p -> F q)`.
//! - *toggle* (§5.3): liveness where every non-empty trace is FAILING, as
//!   `G((p -> F !p) && (!p -> F p))`: no finite trace tells anything.
//!
//! The possible verdicts are those the monitor ([`super::verdict::verdict`]) gives some
//! non-empty word: a subset construction of BA¬φ, splitting the letters into cubes afresh at
//! each state set (so the atoms that matter there, not all atoms, set the cost).

use std::collections::{HashSet, VecDeque};

use super::automaton::Buchi;
use super::formula::Formula;
use super::graph;
use super::label::{partition, Label};
use super::tables::{Tables, MAX_CLASSES};
use super::verdict::{verdict_of_states, Monitor, Verdict, VerdictSet};
use super::TooLarge;

/// The most (state set, letter cell) steps a subset construction may take.
pub const MAX_SUBSET_STEPS: usize = 300_000;

/// The class of a property.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Safety and not co-safety, as `G p`: violations show on finite traces (BAD), successes
    /// never do.
    Safety,
    /// Co-safety and not safety, as `F p`: successes show (GOOD), violations never do.
    CoSafety,
    /// Both, as a state formula `p` or `X p`: decided by a bounded prefix.
    SafetyAndCoSafety,
    /// Liveness and not co-safety, as `G F p` (only ⊤ᵖ and ⊥ᵖ) or `G !p || F(p && F q)`
    /// (never BAD; GOOD once `p` then `q` occurred, but not every model shows it).
    TrueLiveness,
    /// A liveness property every non-empty trace is FAILING for.
    Toggle,
    /// None of the above, as `G p && G F q`.
    General,
}

/// The classification of one property.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Classification {
    /// The class.
    pub kind: Kind,
    /// Every violation has a bad prefix.
    pub safety: bool,
    /// Every model has a good prefix.
    pub cosafety: bool,
    /// No finite word is a bad prefix.
    pub liveness: bool,
    /// The verdicts some non-empty trace can get.
    pub possible: VerdictSet,
}

/// Classifies `phi` (atoms `0..atom_count`).
pub fn classify(phi: &Formula, atom_count: usize) -> Result<Classification, TooLarge> {
    let negative = Monitor::new(phi, atom_count)?;
    let positive = Monitor::new(&phi.clone().negated(), atom_count)?;
    let (a_phi, a_not) = (&positive.automaton, &negative.automaton);
    let safety = !intersects(a_phi, a_not);
    let cosafety = !intersects(a_not, a_phi);
    let liveness = !empties(a_phi)?;
    let possible = possible_verdicts(a_not, &negative.tables)?;
    let kind = kind(safety, cosafety, liveness, possible);
    Ok(Classification { kind, safety, cosafety, liveness, possible })
}

fn kind(safety: bool, cosafety: bool, liveness: bool, possible: VerdictSet) -> Kind {
    let only_failing = possible == VerdictSet::of(&[Verdict::Failing]);
    match (safety, cosafety) {
        _ if liveness && only_failing => Kind::Toggle,
        (true, true) => Kind::SafetyAndCoSafety,
        (true, false) => Kind::Safety,
        (false, true) => Kind::CoSafety,
        _ if liveness => Kind::TrueLiveness,
        _ => Kind::General,
    }
}

/// The verdicts the monitor of never claim `aut` gives some non-empty word.
pub fn possible_verdicts(aut: &Buchi, tables: &Tables) -> Result<VerdictSet, TooLarge> {
    let mut possible = VerdictSet::default();
    let stutter_cubes = |targets: &[bool]| -> Vec<Label> {
        (0..targets.len()).filter(|&q| targets[q]).flat_map(|q| tables.stutter_dnf(q).iter().copied()).collect()
    };
    explore_subsets(aut, stutter_cubes, |states, class| {
        possible.insert(verdict_of_states(tables, states, class.witness()));
    })?;
    Ok(possible)
}

/// Whether some non-empty word leaves no run of `aut` (a bad prefix when `aut` is in
/// reduced form and accepts φ).
fn empties(aut: &Buchi) -> Result<bool, TooLarge> {
    let mut empty = false;
    explore_subsets(aut, |_| Vec::new(), |states, _| empty |= !states.iter().any(|&s| s))?;
    Ok(empty)
}

/// Visits `(R, cell)` for every set `R` of states reached by a non-empty word whose last
/// letter is in the cube `cell`. From each set `P`, the letters are split into the cells of a
/// partition refining the labels of `P`'s edges and the cubes `more` gives for the set of
/// their targets, so all letters of a cell lead to the same `R` and agree on those cubes.
fn explore_subsets(
    aut: &Buchi,
    more: impl Fn(&[bool]) -> Vec<Label>,
    mut visit: impl FnMut(&[bool], &Label),
) -> Result<(), TooLarge> {
    let mut start = vec![false; aut.state_count()];
    start[aut.initial] = true;
    let mut seen = HashSet::from([start.clone()]);
    let mut queue = VecDeque::from([start]);
    let mut steps = 0;
    while let Some(set) = queue.pop_front() {
        let cells = cells_after(aut, &set, &more)?;
        steps += cells.len();
        if steps > MAX_SUBSET_STEPS {
            return Err(TooLarge { what: "steps of a subset construction", limit: MAX_SUBSET_STEPS });
        }
        for cell in cells {
            let next = aut.post(&set, cell.witness());
            visit(&next, &cell);
            if seen.insert(next.clone()) {
                queue.push_back(next);
            }
        }
    }
    Ok(())
}

/// The cells that split the letters read from the set `set` (see [`explore_subsets`]).
fn cells_after(aut: &Buchi, set: &[bool], more: &impl Fn(&[bool]) -> Vec<Label>) -> Result<Vec<Label>, TooLarge> {
    let mut targets = vec![false; aut.state_count()];
    let mut labels = Vec::new();
    for q in (0..set.len()).filter(|&q| set[q]) {
        for e in &aut.edges[q] {
            targets[e.to] = true;
            labels.push(e.label);
        }
    }
    labels.extend(more(&targets));
    labels.retain(|l| !l.is_true());
    labels.sort();
    labels.dedup();
    partition(&labels, MAX_CLASSES).ok_or(TooLarge { what: "letter classes", limit: MAX_CLASSES })
}

/// Whether some word is accepted by `closure` with every state accepting and by `buchi`: the
/// product, searched for a reachable cycle through an accepting state of `buchi`. `closure`
/// must be in reduced form (its states all live, but the initial one).
fn intersects(closure: &Buchi, buchi: &Buchi) -> bool {
    let m = buchi.state_count();
    let node = |p: usize, q: usize| p * m + q;
    let n = closure.state_count() * m;
    let mut adj = vec![Vec::new(); n];
    let mut marked = vec![false; n];
    for p in 0..closure.state_count() {
        for q in 0..m {
            marked[node(p, q)] = buchi.accepting[q];
            for e in &closure.edges[p] {
                for f in buchi.edges[q].iter().filter(|f| e.label.and(&f.label).is_some()) {
                    adj[node(p, q)].push(node(e.to, f.to));
                }
            }
        }
    }
    let good = graph::reaches_marked_cycle(&adj, &marked);
    good[node(closure.initial, buchi.initial)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ltl::formula::parse;
    use Verdict::*;

    fn classified(text: &str) -> Classification {
        let p = parse(text).expect("parses");
        classify(&p.formula, p.atoms.len()).expect("small")
    }

    fn check(text: &str, kind: Kind, possible: &[Verdict]) {
        let c = classified(text);
        assert_eq!(c.kind, kind, "{text}: {c:?}");
        assert_eq!(c.possible, VerdictSet::of(possible), "{text}: {:?}", c.possible.to_vec());
    }

    #[test]
    fn the_papers_examples() {
        // §5.1: G p can be violated for good, never confirmed: BAD or SUCCEEDING
        check("G({looking} -> {i + j == count})", Kind::Safety, &[Bad, Succeeding]);
        // §5.1 again: (looking -> inv) U done is not safety; it is confirmed by `done`
        check("({looking} -> {i + j == count}) U {done}", Kind::CoSafety, &[Bad, Failing, Good]);
        // §5.2: F p never fails for good
        check("F {j == 6}", Kind::CoSafety, &[Failing, Good]);
        // §5.3: request-response and fairness: only the presumable values
        check("G({i % 2 == 0} -> F {i % 3 == 0})", Kind::TrueLiveness, &[Failing, Succeeding]);
        check("G F {p}", Kind::TrueLiveness, &[Failing, Succeeding]);
        // §5.3: toggle: always FAILING
        check("G(({i % 2} -> F !{i % 2}) && (!{i % 2} -> F {i % 2}))", Kind::Toggle, &[Failing]);
    }

    #[test]
    fn flags_and_other_kinds() {
        let c = classified("G {p} && G F {q}");
        assert_eq!((c.kind, c.safety, c.cosafety, c.liveness), (Kind::General, false, false, false));
        assert_eq!(c.possible, VerdictSet::of(&[Bad, Failing, Succeeding]));
        check("{p}", Kind::SafetyAndCoSafety, &[Bad, Good]);
        let c = classified("{p}");
        assert!(c.safety && c.cosafety && !c.liveness);
        let c = classified("true");
        assert_eq!(c.possible, VerdictSet::of(&[Good]));
        let c = classified("false");
        assert_eq!(c.possible, VerdictSet::of(&[Bad]));
        assert!(c.safety && !c.liveness);
        let c = classified("F G {p}");
        assert_eq!((c.kind, c.liveness), (Kind::TrueLiveness, true));
        let c = classified("F {p} && G {q}");
        assert_eq!((c.safety, c.cosafety, c.liveness), (false, false, false));
    }
}
