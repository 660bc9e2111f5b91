//! SMT back end: encodes terms into Z3 (bit-vectors, arrays, IEEE floats, lambdas for memory
//! ranges), solves, and reads models back as bits.
//!
//! Depends on: term. Must not depend on symex or later stages.

mod encode;
pub mod horn;
mod interval;
pub mod libm;
mod model;

pub use encode::Smt;
pub use model::{parse_decimal, Model};

/// The solver's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    Sat,
    Unsat,
    Unknown(String),
}

/// The Z3 version linked in.
pub fn z3_version() -> String {
    z3::full_version().to_string()
}
