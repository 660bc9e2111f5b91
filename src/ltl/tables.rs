//! The precomputed tables of §4.3 of the paper, per state `q` of the never claim BA¬φ:
//!
//! - `live(q)`: some word is accepted from `q` (the "optimistically accepting" states);
//! - `trap(q)`: every word is accepted from `q` (an accepting trap: a bad-prefix state);
//! - `stutter(q, a)`: `a^ω` is accepted from `q`, as a DNF over the atoms per state, and per
//!   letter class.
//!
//! `trap` is decided exactly: every state carries the formula its words are the models of (the
//! tableau's obligations, [`Buchi::meanings`]), so `q` is universal iff that formula is valid,
//! iff the automaton of its negation is empty. Only when that translation goes past its size
//! limits does the sufficient condition "accepting with a `true` self-loop" decide, and
//! [`Tables::trap_is_exact`] says so.
//!
//! The stutter DNF is computed symbolically ([`super::stutter`]), so it costs nothing per atom.
//! Letter classes (a partition of all letters refining every edge label: the rows of the
//! paper's Table 1) are offered when there are at most [`MAX_CLASSES`] of them; with many
//! atoms on the edges there can be up to 2^atoms, and then [`Tables::classes`] is `None`.

use std::collections::HashMap;

use super::automaton::Buchi;
use super::formula::Formula;
use super::label::{partition, Label, Letter};
use super::stutter::stutter_dnfs;
use super::tableau::translate;
use super::TooLarge;

/// The most letter classes the tables enumerate.
pub const MAX_CLASSES: usize = 1 << 12;

/// The §4.3 tables of one automaton; state indices are the automaton's.
#[derive(Clone, Debug)]
pub struct Tables {
    live: Vec<bool>,
    trap: Vec<bool>,
    trap_exact: bool,
    /// `[state]`: the letters that stutter-accept from it, as a DNF.
    dnf: Vec<Vec<Label>>,
    classes: Option<Vec<Label>>,
}

impl Tables {
    /// Computes the tables of `aut`.
    pub fn new(aut: &Buchi) -> Result<Tables, TooLarge> {
        let live = aut.live_states();
        let (trap, trap_exact) = universal_states(aut);
        let dnf = stutter_dnfs(aut)?;
        let classes = letter_classes(aut).ok();
        Ok(Tables { live, trap, trap_exact, dnf, classes })
    }

    /// Whether some word is accepted from `q`.
    pub fn live(&self, q: usize) -> bool {
        self.live[q]
    }

    /// Whether every word is accepted from `q`.
    pub fn trap(&self, q: usize) -> bool {
        self.trap[q]
    }

    /// Whether every `trap` entry was decided exactly (see the module documentation).
    pub fn trap_is_exact(&self) -> bool {
        self.trap_exact
    }

    /// Whether `letter^ω` is accepted from `q`.
    pub fn stutter(&self, q: usize, letter: Letter) -> bool {
        self.dnf[q].iter().any(|c| c.matches(letter))
    }

    /// The letters `a` with `a^ω` accepted from `q`, as a disjunction of cubes (empty: none).
    pub fn stutter_dnf(&self, q: usize) -> &[Label] {
        &self.dnf[q]
    }

    /// The letter classes: disjoint cubes covering every letter, each inside or outside of
    /// every edge label (so all letters of a class take the same edges); `None` when there are
    /// more than [`MAX_CLASSES`].
    pub fn classes(&self) -> Option<&[Label]> {
        self.classes.as_deref()
    }

    /// The states from which the letters of `class` (one of [`Tables::classes`]) stutter-accept:
    /// a row of the paper's Table 1.
    pub fn stutter_states(&self, class: &Label) -> Vec<bool> {
        (0..self.dnf.len()).map(|q| self.stutter(q, class.witness())).collect()
    }
}

/// The letter classes of `aut`: a partition refining all its edge labels.
pub fn letter_classes(aut: &Buchi) -> Result<Vec<Label>, TooLarge> {
    let mut labels: Vec<Label> = aut.edges.iter().flatten().map(|e| e.label).filter(|l| !l.is_true()).collect();
    labels.sort();
    labels.dedup();
    partition(&labels, MAX_CLASSES).ok_or(TooLarge { what: "letter classes", limit: MAX_CLASSES })
}

/// Per state: whether every word is accepted from it; and whether all answers are exact.
pub fn universal_states(aut: &Buchi) -> (Vec<bool>, bool) {
    let live = aut.live_states();
    let mut cache: HashMap<&Formula, Option<bool>> = HashMap::new();
    let mut exact = true;
    let mut out = vec![false; aut.state_count()];
    for q in (0..aut.state_count()).filter(|&q| live[q]) {
        if has_true_accepting_loop(aut, q) {
            out[q] = true;
            continue;
        }
        let meaning = &aut.meanings[q];
        let valid = *cache.entry(meaning).or_insert_with(|| is_valid(meaning, aut.atom_count));
        exact &= valid.is_some();
        out[q] = valid.unwrap_or(false);
    }
    (out, exact)
}

/// Whether `q` is accepting with a `true` self-loop: universal by construction.
pub fn has_true_accepting_loop(aut: &Buchi, q: usize) -> bool {
    aut.accepting[q] && aut.edges[q].iter().any(|e| e.to == q && e.label.is_true())
}

/// Whether `f` holds on every word: the automaton of `¬f` is empty. `None` when that automaton
/// is too large to build.
pub fn is_valid(f: &Formula, atom_count: usize) -> Option<bool> {
    match f {
        Formula::True => Some(true),
        _ => translate(&f.clone().negated(), atom_count).ok().map(|a| a.is_empty()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ltl::formula::parse;

    fn never_claim(text: &str) -> (Buchi, Tables) {
        let p = parse(text).expect("parses");
        let a = crate::ltl::reduce::reduce(&translate(&p.formula.clone().negated(), p.atoms.len()).expect("small"));
        let t = Tables::new(&a).expect("small");
        (a, t)
    }

    /// The paper's Table 1: ¬G({pressed} -> F{charge > min}); `pressed` is atom 0 (bit 0),
    /// `charge > min` atom 1 (bit 1). The BA has states init and 2 (Fig. 3). Expected rows:
    /// ¬c∧¬p: {2}; ¬c∧p: {init, 2}; c∧¬p: {}; c∧p: {}.
    #[test]
    fn table_1_of_the_paper() {
        let (a, t) = never_claim("G({pressed} -> F{charge > min})");
        assert_eq!(a.state_count(), 2);
        let init = a.initial;
        let two = 1 - init;
        let (p, c) = (1, 2);
        let row = |letter: Letter| (t.stutter(init, letter), t.stutter(two, letter));
        assert_eq!(row(0), (false, true));
        assert_eq!(row(p), (true, true));
        assert_eq!(row(c), (false, false));
        assert_eq!(row(c | p), (false, false));
        // §4.4: every state is live, none is a trap
        assert!(t.live(init) && t.live(two));
        assert!(!t.trap(init) && !t.trap(two));
        assert!(t.trap_is_exact());
        // the DNFs: init stutter-accepts exactly p ∧ ¬c, state 2 exactly ¬c
        let p_not_c = Label::literal(0, true).and(&Label::literal(1, false)).expect("sat");
        assert_eq!(t.stutter_dnf(init), &[p_not_c]);
        assert_eq!(t.stutter_dnf(two), &[Label::literal(1, false)]);
    }

    #[test]
    fn stutter_dnfs_agree_with_direct_stutter_checks() {
        let (a, t) = never_claim("G({a} -> X({b} U {c})) && F G !{d}");
        let classes = t.classes().expect("few atoms");
        for letter in 0..16u64 {
            let class = classes.iter().find(|c| c.matches(letter)).expect("classes cover all letters");
            assert_eq!(t.stutter_states(class), a.cycle_acceptors(&[letter]), "letter {letter:b}");
            for (q, direct) in a.cycle_acceptors(&[letter]).into_iter().enumerate() {
                assert_eq!(t.stutter(q, letter), direct, "q{q} letter {letter:b}");
                let in_dnf = t.stutter_dnf(q).iter().any(|c| c.matches(letter));
                assert_eq!(in_dnf, direct, "dnf q{q} letter {letter:b}");
            }
        }
    }

    #[test]
    fn traps_are_found_even_without_a_true_loop() {
        // ¬G p = F ¬p: after ¬p everything is accepted
        let p = parse("{p}").expect("parses");
        let a = translate(&parse("F !{p}").expect("parses").formula, 1).expect("small");
        let t = Tables::new(&a).expect("small");
        let after = a.run(&[0]);
        assert!((0..a.state_count()).any(|q| after[q] && t.trap(q)));
        assert!(!t.trap(a.initial));
        // a valid formula whose tableau has no accepting `true` loop at the start
        let b = translate(&parse("G F {p} || F G !{p}").expect("parses").formula, 1).expect("small");
        assert!(!has_true_accepting_loop(&b, b.initial));
        assert!(Tables::new(&b).expect("small").trap(b.initial));
        assert_eq!(is_valid(&p.formula, 1), Some(false));
        assert_eq!(is_valid(&parse("G F {p} || F G !{p}").expect("parses").formula, 1), Some(true));
    }
}
