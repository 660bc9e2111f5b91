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
pub mod ltl;
pub mod markdown;
pub mod meta;
pub mod run;
pub mod sarif;
pub mod sarif_rules;
pub mod svg;
pub mod text;

pub use meta::RunMeta;

/// Whether `schema`, as a document states it, names the document `ours` names in the same
/// major version: `verdiff.run/1` (1.0–1.2 documents) and `verdiff.run/1.7` are both read as
/// `verdiff.run/1.5` (docs/json-schema.md, "Versioning").
pub fn same_document(schema: &str, ours: &str) -> bool {
    let major =
        |s: &str| s.split_once('/').map(|(doc, v)| (doc.to_string(), v.split('.').next().unwrap_or("").to_string()));
    matches!((major(schema), major(ours)), (Some(a), Some(b)) if a == b && !a.1.is_empty())
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_document_of_any_minor_of_the_same_major_is_read() {
        use super::same_document;
        assert!(same_document("verdiff.run/1", "verdiff.run/1.3"));
        assert!(same_document("verdiff.run/1.9", "verdiff.run/1.3"));
        assert!(!same_document("verdiff.run/2.0", "verdiff.run/1.3"));
        assert!(!same_document("verdiff.diff/1.3", "verdiff.run/1.3"));
        assert!(!same_document("verdiff.run", "verdiff.run/1.3"));
        assert!(!same_document("verdiff.run/", "verdiff.run/1.3"));
    }
}
