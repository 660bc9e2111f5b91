//! LTL properties (issue 29; docs/ltl.md §1–§2): formulas over C expressions, their Büchi
//! automata, and the tables of the four-valued bounded-trace semantics (Morse et al., SoSyM
//! 2013, Definition 2 and §4.3).
//!
//! - [`formula`]: the syntax tree, parser ([`formula::parse`]), printing, negation normal form;
//! - [`source`]: formulas found in C sources (`//@ ltl invariant`) and SV-COMP `.prp` files;
//! - [`tableau::translate`]: formula → Büchi automaton ([`automaton::Buchi`]);
//! - [`reduce::reduce`]: language-preserving reductions;
//! - [`tables::Tables`]: live, trap and stutter-acceptance per state;
//! - [`verdict`]: the four values on one finite word, and [`verdict::Monitor`], everything the
//!   engine needs for one property;
//! - [`classify`]: safety, co-safety, true liveness, toggle, and the verdicts possible;
//! - [`esbmc`]: a [`verdict::Monitor`] as the C text of ESBMC's `--ltl` monitors (ltl2ba's
//!   format), to run ESBMC on the same automaton.
// Some of this (exact verdicts of concrete words, letter classes) serves the tests and the
// coming lasso search (docs/ltl.md §5) only.
#![allow(dead_code)]

pub mod automaton;
pub mod classify;
pub mod esbmc;
pub mod eval;
pub mod formula;
mod graph;
pub mod label;
mod lexer;
mod nodes;
mod print;
pub mod reduce;
pub mod source;
mod stutter;
pub mod tableau;
pub mod tables;
#[cfg(test)]
mod tests;
pub mod verdict;

pub use automaton::{Buchi, Edge};
pub use classify::{classify, Classification, Kind};
pub use formula::{parse, Atom, Formula, ParseError, Parsed, Span};
pub use label::{Label, Letter, MAX_ATOMS};
pub use tables::Tables;
pub use verdict::{Monitor, Verdict, VerdictSet};

use std::fmt;

/// A construction went past one of its size limits: the formula is too large to handle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooLarge {
    /// What grew too large.
    pub what: &'static str,
    /// The limit it passed.
    pub limit: usize,
}

impl fmt::Display for TooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the formula is too large: more than {} {}", self.limit, self.what)
    }
}

impl std::error::Error for TooLarge {}
