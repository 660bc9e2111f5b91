//! Printing formulas in the `{…}` syntax, so that the parser reads them back to the same tree.

use std::fmt;

use super::formula::{Atom, Formula};
use super::lexer::{tokens, Tok};

/// A formula with the atom texts to print it with ([`Formula::show`]).
pub struct Show<'a> {
    pub formula: &'a Formula,
    pub atoms: &'a [Atom],
}

impl fmt::Display for Show<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_formula(f, self.formula, self.atoms)
    }
}

fn write_formula(f: &mut fmt::Formatter<'_>, formula: &Formula, atoms: &[Atom]) -> fmt::Result {
    use Formula::*;
    match formula {
        True => write!(f, "true"),
        False => write!(f, "false"),
        Atom(i) => match atoms.get(*i) {
            Some(atom) => write!(f, "{}", atom_spelling(&atom.text)),
            None => write!(f, "{{atom{i}}}"),
        },
        Not(a) => unary(f, "!", a, atoms),
        Next(a) => unary(f, "X ", a, atoms),
        Finally(a) => unary(f, "F ", a, atoms),
        Globally(a) => unary(f, "G ", a, atoms),
        And(a, b) => binary(f, a, "&&", b, atoms),
        Or(a, b) => binary(f, a, "||", b, atoms),
        Implies(a, b) => binary(f, a, "->", b, atoms),
        Iff(a, b) => binary(f, a, "<->", b, atoms),
        Until(a, b) => binary(f, a, "U", b, atoms),
        Release(a, b) => binary(f, a, "R", b, atoms),
        WeakUntil(a, b) => binary(f, a, "W", b, atoms),
    }
}

/// Prefix operators need no parentheses: binary operands print their own.
fn unary(f: &mut fmt::Formatter<'_>, op: &str, operand: &Formula, atoms: &[Atom]) -> fmt::Result {
    write!(f, "{op}")?;
    write_formula(f, operand, atoms)
}

/// Every binary node is parenthesised, so precedence never matters when reading it back.
fn binary(f: &mut fmt::Formatter<'_>, a: &Formula, op: &str, b: &Formula, atoms: &[Atom]) -> fmt::Result {
    write!(f, "(")?;
    write_formula(f, a, atoms)?;
    write!(f, " {op} ")?;
    write_formula(f, b, atoms)?;
    write!(f, ")")
}

/// `{text}` when it lexes back to one atom with the same text, else `AP(text)` or `"text"`.
fn atom_spelling(text: &str) -> String {
    let candidates = [format!("{{{text}}}"), format!("AP({text})"), format!("\"{text}\"")];
    for candidate in &candidates {
        if reads_back(candidate, text) {
            return candidate.clone();
        }
    }
    candidates[0].clone()
}

fn reads_back(spelling: &str, text: &str) -> bool {
    match tokens(spelling).as_deref() {
        Ok([token]) => token.kind == Tok::Atom && &spelling[token.span.start..token.span.end] == text,
        _ => false,
    }
}
