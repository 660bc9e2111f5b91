//! Cache keys: SHA-256 over length-prefixed parts, so that no two different part lists
//! give the same byte stream. SHA-256 rather than a fast hash because a key collision would
//! serve one program's verdict for another's (a crafted pull request must not be able to).

use sha2::{Digest, Sha256};

/// Bumped when the meaning of stored results changes without a change of verdiff's version.
const KEY_FORMAT: &str = "verdiff-cache-key/5";

/// The key of a result: `kind` (e.g. `safety`, `equiv`), and every part it depends on.
pub fn key(kind: &str, parts: &[&str]) -> String {
    let mut h = Sha256::new();
    for p in [KEY_FORMAT, env!("CARGO_PKG_VERSION"), kind].iter().chain(parts.iter()) {
        h.update((p.len() as u64).to_le_bytes());
        h.update(p.as_bytes());
    }
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::key;

    #[test]
    fn parts_are_delimited() {
        assert_ne!(key("safety", &["ab", "c"]), key("safety", &["a", "bc"]));
        assert_ne!(key("safety", &["x"]), key("equiv", &["x"]));
        assert_eq!(key("safety", &["x", "y"]), key("safety", &["x", "y"]));
        assert_eq!(key("safety", &[]).len(), 64);
    }
}
