//! verdiff: continuous verification for C.
//!
//! The pipeline (see docs/ARCHITECTURE.md): frontend → ir → instrument → symex → smt → engine,
//! with report and cli on top.

pub mod cache;
pub mod cli;
pub mod config;
pub mod contract;
pub mod diff;
pub mod engine;
pub mod equiv;
pub mod frontend;
pub mod harness;
pub mod instrument;
pub mod ir;
pub mod ltl;
pub mod models;
pub mod record;
pub mod report;
pub mod run;
pub mod smt;
pub mod symex;
pub mod temporal;
pub mod term;
pub mod vcs;
