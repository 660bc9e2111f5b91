//! What the per-function report formats (SARIF, JUnit, Markdown) say about the run itself.

use serde::{Deserialize, Serialize};

/// Facts about one `verdiff run` / `verdiff diff` that the renderers put next to the results.
/// The caller fills it in; the renderers never look at the clock or the repository.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunMeta {
    /// `run` or `diff`.
    pub command: String,
    /// verdiff's version (`env!("CARGO_PKG_VERSION")`).
    pub tool_version: String,
    /// `diff`: the base revision as given or resolved.
    pub base: Option<String>,
    /// `diff`: the head revision (or `worktree` / `index`).
    pub head: Option<String>,
    /// The commit the results belong to, when known.
    pub commit: Option<String>,
    /// When the run started, RFC 3339 text (empty when unknown).
    pub started: String,
    /// Remarks about the run as a whole (configuration problems, skipped files…).
    pub notes: Vec<String>,
}

impl RunMeta {
    /// `verdiff run`, `verdiff diff` (or plain `verdiff` when the command is not set).
    pub fn title(&self) -> String {
        if self.command.is_empty() {
            "verdiff".to_string()
        } else {
            format!("verdiff {}", self.command)
        }
    }
}
