//! Letters and edge labels over the atoms of one formula.
//!
//! A *letter* is one assignment of truth values to the atoms: bit `i` is atom `i`. A *label*
//! is a conjunction of atom literals; edges carry labels, never explicit letters, so the number
//! of atoms does not multiply the number of edges.

use std::fmt;

use super::formula::Atom;

/// An assignment of truth values to the atoms of one formula: bit `i` is the value of atom `i`.
pub type Letter = u64;

/// The most atoms one formula may have: one bit of a [`Letter`] each.
pub const MAX_ATOMS: usize = 64;

/// A conjunction of atom literals: the atoms in `pos` are true and the atoms in `neg` are false.
///
/// A label is satisfiable exactly when `pos & neg == 0`; the constructors below never build an
/// unsatisfiable one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Label {
    /// Atoms that must be true.
    pub pos: u64,
    /// Atoms that must be false.
    pub neg: u64,
}

impl Label {
    /// The empty conjunction, satisfied by every letter.
    pub const TRUE: Label = Label { pos: 0, neg: 0 };

    /// The label of one literal: atom `atom` is `value`.
    pub fn literal(atom: usize, value: bool) -> Label {
        let bit = 1u64 << atom;
        if value {
            Label { pos: bit, neg: 0 }
        } else {
            Label { pos: 0, neg: bit }
        }
    }

    /// Whether this is the empty conjunction.
    pub fn is_true(&self) -> bool {
        self.pos == 0 && self.neg == 0
    }

    /// Whether `letter` satisfies every literal.
    pub fn matches(&self, letter: Letter) -> bool {
        letter & self.pos == self.pos && letter & self.neg == 0
    }

    /// The conjunction of both labels, or `None` when it is unsatisfiable.
    pub fn and(&self, other: &Label) -> Option<Label> {
        let label = Label { pos: self.pos | other.pos, neg: self.neg | other.neg };
        (label.pos & label.neg == 0).then_some(label)
    }

    /// Whether every letter matching `self` matches `other` (its literals include `other`'s).
    pub fn implies(&self, other: &Label) -> bool {
        other.pos & !self.pos == 0 && other.neg & !self.neg == 0
    }

    /// Whether no letter matches both labels.
    pub fn disjoint(&self, other: &Label) -> bool {
        (self.pos & other.neg) | (self.neg & other.pos) != 0
    }

    /// The atoms the label mentions.
    pub fn support(&self) -> u64 {
        self.pos | self.neg
    }

    /// The number of literals.
    pub fn literal_count(&self) -> u32 {
        self.support().count_ones()
    }

    /// The smallest letter matching the label (its negative and unmentioned atoms false).
    pub fn witness(&self) -> Letter {
        self.pos
    }

    /// The label written with the atoms' C text, e.g. `{p} && !{q}`, for messages.
    pub fn show<'a>(&'a self, atoms: &'a [Atom]) -> impl fmt::Display + 'a {
        ShowLabel { label: self, atoms }
    }
}

/// [`Label::show`]'s display.
struct ShowLabel<'a> {
    label: &'a Label,
    atoms: &'a [Atom],
}

impl fmt::Display for ShowLabel<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.label.is_true() {
            return write!(f, "true");
        }
        let mut first = true;
        for i in 0..MAX_ATOMS {
            let bit = 1u64 << i;
            if self.label.support() & bit == 0 {
                continue;
            }
            if !first {
                write!(f, " && ")?;
            }
            first = false;
            let bang = if self.label.neg & bit != 0 { "!" } else { "" };
            match self.atoms.get(i) {
                Some(atom) => write!(f, "{bang}{{{}}}", atom.text)?,
                None => write!(f, "{bang}a{i}")?,
            }
        }
        Ok(())
    }
}

/// Cubes that partition the letters and refine every label in `labels`: each cube either
/// implies a label or is disjoint from it. Returns `None` beyond `limit` cubes.
pub fn partition(labels: &[Label], limit: usize) -> Option<Vec<Label>> {
    let mut cells = vec![Label::TRUE];
    for label in labels {
        let mut next = Vec::with_capacity(cells.len());
        for cell in &cells {
            split(cell, label, &mut next);
        }
        if next.len() > limit {
            return None;
        }
        cells = next;
    }
    Some(cells)
}

/// Pushes the cubes of `cell ∧ label` and of `cell ∧ ¬label` (a disjoint union of cubes).
fn split(cell: &Label, label: &Label, out: &mut Vec<Label>) {
    if cell.implies(label) || cell.disjoint(label) {
        out.push(*cell);
        return;
    }
    if let Some(inside) = cell.and(label) {
        out.push(inside);
    }
    // ¬label restricted to cell: the first literal of `label` that `cell` leaves open fails,
    // all open literals before it hold.
    let mut prefix = *cell;
    for i in 0..MAX_ATOMS {
        let bit = 1u64 << i;
        if label.support() & bit == 0 || cell.support() & bit != 0 {
            continue;
        }
        let value = label.pos & bit != 0;
        if let Some(outside) = prefix.and(&Label::literal(i, !value)) {
            out.push(outside);
        }
        match prefix.and(&Label::literal(i, value)) {
            Some(p) => prefix = p,
            None => break,
        }
    }
}

/// A shorter DNF of the same letters: merges cubes that differ in one literal's polarity and
/// drops cubes implied by others, until nothing changes.
pub fn simplify_dnf(mut cubes: Vec<Label>) -> Vec<Label> {
    loop {
        cubes.sort();
        cubes.dedup();
        let before = cubes.clone();
        cubes = merge_neighbours(cubes);
        cubes = drop_implied(cubes);
        cubes.sort();
        if cubes == before {
            return cubes;
        }
    }
}

/// Replaces each pair `c ∧ x`, `c ∧ ¬x` by `c` (one pass).
fn merge_neighbours(cubes: Vec<Label>) -> Vec<Label> {
    let mut used = vec![false; cubes.len()];
    let mut out = Vec::new();
    for i in 0..cubes.len() {
        for j in i + 1..cubes.len() {
            if used[i] || used[j] {
                continue;
            }
            if let Some(merged) = merge_pair(&cubes[i], &cubes[j]) {
                used[i] = true;
                used[j] = true;
                out.push(merged);
            }
        }
        if !used[i] {
            out.push(cubes[i]);
        }
    }
    out
}

/// `c` when the two cubes are `c ∧ x` and `c ∧ ¬x`.
fn merge_pair(a: &Label, b: &Label) -> Option<Label> {
    if a.support() != b.support() {
        return None;
    }
    let diff = a.pos ^ b.pos;
    (diff.count_ones() == 1).then_some(Label { pos: a.pos & !diff, neg: a.neg & !diff })
}

/// Drops every cube that implies another cube of the list.
fn drop_implied(cubes: Vec<Label>) -> Vec<Label> {
    let keep =
        |i: usize| !cubes.iter().enumerate().any(|(j, other)| j != i && cubes[i].implies(other) && cubes[i] != *other);
    (0..cubes.len()).filter(|&i| keep(i)).map(|i| cubes[i]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn letters(n: usize) -> impl Iterator<Item = Letter> {
        0..(1u64 << n)
    }

    #[test]
    fn matches_and_implies() {
        let p = Label::literal(0, true);
        let not_q = Label::literal(1, false);
        let both = p.and(&not_q).expect("satisfiable");
        assert!(both.matches(0b01));
        assert!(!both.matches(0b11));
        assert!(!both.matches(0b00));
        assert!(both.implies(&p) && both.implies(&not_q) && !p.implies(&both));
        assert!(p.and(&Label::literal(0, false)).is_none());
        assert!(p.disjoint(&Label::literal(0, false)));
        assert!(!p.disjoint(&not_q));
        assert!(Label::TRUE.matches(0) && p.implies(&Label::TRUE));
    }

    #[test]
    fn partition_refines_and_covers() {
        let labels = [
            Label::literal(0, true).and(&Label::literal(1, false)).expect("sat"),
            Label::literal(2, true),
            Label::literal(1, true),
        ];
        let cells = partition(&labels, 100).expect("small");
        for letter in letters(3) {
            let hits: Vec<_> = cells.iter().filter(|c| c.matches(letter)).collect();
            assert_eq!(hits.len(), 1, "letter {letter:b} in exactly one cell");
        }
        for cell in &cells {
            for label in &labels {
                assert!(cell.implies(label) || cell.disjoint(label));
            }
        }
        assert!(partition(&labels, 2).is_none());
    }

    #[test]
    fn simplify_keeps_the_letters() {
        let p = Label::literal(0, true);
        let q = Label::literal(1, true);
        let nq = Label::literal(1, false);
        let cubes = vec![p.and(&q).expect("sat"), p.and(&nq).expect("sat"), p.and(&q).expect("sat")];
        assert_eq!(simplify_dnf(cubes), vec![p]);
        let cubes = vec![p, p.and(&q).expect("sat"), nq];
        let simple = simplify_dnf(cubes.clone());
        for letter in letters(2) {
            assert_eq!(cubes.iter().any(|c| c.matches(letter)), simple.iter().any(|c| c.matches(letter)));
        }
        assert_eq!(simple.len(), 2);
    }
}
