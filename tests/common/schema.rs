//! JSON documents checked against JSON Schema files with the `jsonschema` crate, shared by the
//! integration tests. Each schema file is read from the source tree when the test runs (never
//! copied into a test): verdiff's published schemas, docs/schemas/*.json (draft 2020-12), and
//! the official SARIF 2.1.0 schema, tests/data/sarif-schema-2.1.0.json (draft 04). A file is
//! validated under the draft its `$schema` names; formats (`date-time`, `uri`, ...) are
//! checked too, not only taken as annotations.

#![allow(dead_code)]

use std::fmt;
use std::path::Path;

use serde_json::Value;

/// One way in which a document breaks its schema.
#[derive(Debug)]
pub struct Violation {
    /// JSON pointer of the offending value, e.g. `/claims/0/kind` ("" for the whole document).
    pub path: String,
    /// The schema keyword that is not met, e.g. `enum`, `required`, `minimum`.
    pub keyword: String,
    pub message: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = if self.path.is_empty() { "(the document)" } else { &self.path };
        write!(f, "{path}: {} [{}]", self.message, self.keyword)
    }
}

/// The validator of the schema file `rel` (a path from the crate root).
pub fn validator(rel: &str) -> jsonschema::Validator {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let schema: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{rel} is not JSON: {e}"));
    jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
        .unwrap_or_else(|e| panic!("{rel} is not a valid schema: {e}"))
}

/// Every violation of `doc` against `validator`, each with the path of the offending value.
pub fn violations(validator: &jsonschema::Validator, doc: &Value) -> Vec<Violation> {
    validator
        .iter_errors(doc)
        .map(|e| Violation {
            path: e.instance_path().to_string(),
            keyword: e.kind().keyword().to_string(),
            message: e.to_string(),
        })
        .collect()
}

/// Fails the test, printing every violation with its path, unless `doc` (named `what` in the
/// message) conforms to the schema file `rel`.
pub fn assert_conforms(rel: &str, doc: &Value, what: &str) {
    let errs = violations(&validator(rel), doc);
    let lines: Vec<String> = errs.iter().map(|v| v.to_string()).collect();
    assert!(errs.is_empty(), "{what} breaks {rel} in {} place(s):\n{}", errs.len(), lines.join("\n"));
}
