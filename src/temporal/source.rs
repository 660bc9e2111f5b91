//! Where a formula comes from when the command line does not give it: an SV-COMP `.prp`
//! file, or the first `//@ ltl invariant NAME: FORMULA;` of the sources.

use std::path::Path;

use super::InputError;

/// The formula and where it was found, for messages.
pub struct Found {
    pub text: String,
    pub origin: String,
}

/// The first `LTL(...)` property of a `.prp` file.
pub fn from_prp(prp: &Path) -> Result<Found, InputError> {
    let text = std::fs::read_to_string(prp).map_err(|e| InputError(format!("{}: {e}", prp.display())))?;
    let found = crate::ltl::source::prp_formulas(&text)
        .map_err(|e| InputError(format!("{}:{}: {}", prp.display(), e.line, e.message)))?;
    let first =
        found.into_iter().next().ok_or_else(|| InputError(format!("{}: no LTL(...) property", prp.display())))?;
    Ok(Found { text: first.text, origin: format!("{}:{}", prp.display(), first.line) })
}

/// The first `//@ ltl invariant` of the files, in order.
pub fn from_sources(files: &[&Path]) -> Result<Option<Found>, InputError> {
    for file in files {
        let text = std::fs::read_to_string(file).map_err(|e| InputError(format!("{}: {e}", file.display())))?;
        let found = crate::ltl::source::ltl_invariants(&text)
            .map_err(|e| InputError(format!("{}:{}: {}", file.display(), e.line, e.message)))?;
        if let Some(f) = found.into_iter().next() {
            return Ok(Some(Found { text: f.text, origin: format!("{}:{} ({})", file.display(), f.line, f.name) }));
        }
    }
    Ok(None)
}
