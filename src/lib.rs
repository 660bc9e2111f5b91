//! verdiff: continuous verification for C.
//!
//! The pipeline (see docs/ARCHITECTURE.md): frontend → ir → instrument → symex → smt → engine,
//! with report and cli on top.

pub mod frontend;
pub mod ir;
pub mod term;
