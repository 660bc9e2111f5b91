//! Rendering results: ESBMC-style text and the versioned JSON schema; SARIF, JUnit XML and
//! Markdown for the per-function results of `verdiff run` / `verdiff diff` (`record`).
//!
//! Depends on: engine (result types), ir, record. Must not depend on the front end or the cli.

pub mod diff;
pub mod equiv;
pub mod harness;
pub mod html;
pub mod json;
pub mod junit;
pub mod markdown;
pub mod meta;
pub mod run;
pub mod sarif;
pub mod sarif_rules;
pub mod svg;
pub mod text;

pub use meta::RunMeta;
