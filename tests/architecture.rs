//! The code map is a contract: every `crate::<folder>` reference in a folder under src/
//! must be one the table in docs/ARCHITECTURE.md allows ("may depend on"). Unit tests
//! (`#[cfg(test)]` to the end of a file) may use anything, as a dev-dependency would.
//! A new edge means either a change of design, written into the table with its reason, or
//! a stage reaching around another, which this test stops.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Folder → the folders it may use; None: everything.
fn allowed_edges(table: &str) -> BTreeMap<String, Option<BTreeSet<String>>> {
    let mut out = BTreeMap::new();
    for line in table.lines().filter(|l| l.starts_with("| `src/")) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let Some(name) = cells
            .get(1)
            .and_then(|c| c.strip_prefix("`src/"))
            .map(|c| c.chars().take_while(|ch| ch.is_ascii_alphanumeric() || *ch == '_').collect::<String>())
        else {
            continue;
        };
        let may = cells.get(3).copied().unwrap_or("");
        let allowed = if may.starts_with("everything") {
            None
        } else {
            // "frontend, run (safety, keys), models (as C text)": the first word of each item
            let mut items = BTreeSet::new();
            let mut depth = 0;
            let mut item = String::new();
            for ch in may.chars().chain(std::iter::once(',')) {
                match ch {
                    '(' => depth += 1,
                    ')' => depth -= 1,
                    ',' if depth == 0 => {
                        let word: String =
                            item.trim().chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
                        if !word.is_empty() && word != "nothing" {
                            items.insert(word);
                        }
                        item.clear();
                        continue;
                    }
                    _ => {}
                }
                if depth == 0 && ch != ')' {
                    item.push(ch);
                }
            }
            Some(items)
        };
        out.insert(name, allowed);
    }
    out
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else { return };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The folders a source text refers to as `crate::<folder>`, outside its unit tests, with
/// the line of the first reference.
fn references(text: &str) -> BTreeMap<String, usize> {
    let mut out = BTreeMap::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("#[cfg(test)]") {
            break;
        }
        let code = line.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(k) = rest.find("crate::") {
            rest = &rest[k + "crate::".len()..];
            let name: String = rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
            if !name.is_empty() {
                out.entry(name).or_insert(i + 1);
            }
        }
    }
    out
}

#[test]
fn every_crate_reference_is_one_the_code_map_allows() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let table = std::fs::read_to_string(root.join("docs/ARCHITECTURE.md")).expect("docs/ARCHITECTURE.md");
    let allowed = allowed_edges(&table);
    assert!(allowed.len() >= 15, "the table lists the folders: {allowed:?}");
    let mut violations = Vec::new();
    let mut folders = 0;
    for e in std::fs::read_dir(root.join("src")).expect("src").flatten() {
        let dir = e.path();
        if !dir.is_dir() {
            continue;
        }
        let folder = dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let mut files = Vec::new();
        rust_files(&dir, &mut files);
        if files.is_empty() {
            continue;
        }
        folders += 1;
        let Some(may) = allowed.get(&folder) else {
            violations.push(format!("src/{folder} is not in the table of docs/ARCHITECTURE.md"));
            continue;
        };
        let Some(may) = may else { continue };
        for f in files {
            let text = std::fs::read_to_string(&f).unwrap_or_default();
            for (used, line) in references(&text) {
                if used != folder && allowed.contains_key(&used) && !may.contains(&used) {
                    let rel = f.strip_prefix(root).unwrap_or(&f).display().to_string();
                    violations.push(format!("{rel}:{line}: {folder} uses {used}, which the table does not allow"));
                }
            }
        }
    }
    assert!(folders >= 15, "src/ folders were read: {folders}");
    assert!(violations.is_empty(), "{}", violations.join("\n"));
}

#[test]
fn the_table_reader_and_the_reference_scanner_see_what_is_written() {
    let table = "| `src/a` | x | b, c (only its types, plain data), d | e |\n\
                 | `src/b` | x | nothing | everything else |\n\
                 | `src/cli` | x | everything | — |\n";
    let t = allowed_edges(table);
    assert_eq!(t["a"], Some(["b", "c", "d"].iter().map(|s| s.to_string()).collect()));
    assert_eq!(t["b"], Some(BTreeSet::new()));
    assert_eq!(t["cli"], None);
    let refs = references("use crate::b::X;\nfn f() { crate::c::g(); } // crate::z\n#[cfg(test)]\nuse crate::e;\n");
    assert_eq!(refs.keys().cloned().collect::<Vec<_>>(), vec!["b".to_string(), "c".to_string()]);
    assert_eq!(refs["c"], 2);
}
