//! `verdiff init`: a commented starter `.verdiff.yml` for a repository, with include and
//! test directories detected from its files.

use std::path::Path;

/// What the scan of a repository found.
#[derive(Debug, Default, PartialEq)]
pub struct Layout {
    pub include_dirs: Vec<String>,
    pub test_dirs: Vec<String>,
    pub source_dirs: Vec<String>,
}

const SKIP: &[&str] = &["build", "target", "node_modules", "third_party", "vendor", "external"];

fn is_test_dir(name: &str) -> bool {
    matches!(name, "test" | "tests" | "unittest" | "unittests" | "unit_tests" | "t")
}

/// Scans `root` (to depth 4) for directories holding headers, tests and C sources.
pub fn scan(root: &Path) -> Layout {
    let mut l = Layout::default();
    walk(root, root, 0, false, &mut l);
    for v in [&mut l.include_dirs, &mut l.test_dirs, &mut l.source_dirs] {
        v.sort();
        v.dedup();
    }
    l
}

fn walk(root: &Path, dir: &Path, depth: u32, in_tests: bool, l: &mut Layout) {
    let Ok(rd) = std::fs::read_dir(dir) else { return };
    let rel = dir.strip_prefix(root).map(|p| p.to_string_lossy().replace('\\', "/")).unwrap_or_default();
    let name = dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let in_tests = in_tests || (depth > 0 && is_test_dir(&name));
    let (mut has_h, mut has_c) = (false, false);
    let mut subdirs = Vec::new();
    for e in rd.flatten() {
        let p = e.path();
        let n = e.file_name().to_string_lossy().into_owned();
        if n.starts_with('.') {
            continue;
        }
        if p.is_dir() {
            if depth < 4 && !SKIP.contains(&n.as_str()) {
                subdirs.push(p);
            }
        } else if n.ends_with(".h") {
            has_h = true;
        } else if n.ends_with(".c") {
            has_c = true;
        }
    }
    let shown = if rel.is_empty() { ".".to_string() } else { rel.clone() };
    if has_h && !in_tests && (name == "include" || name == "inc" || !has_c) && !rel.is_empty() {
        l.include_dirs.push(shown.clone());
    }
    if in_tests && has_c && depth > 0 && is_test_dir(&name) {
        l.test_dirs.push(shown.clone());
    } else if has_c && !in_tests {
        l.source_dirs.push(shown);
    }
    subdirs.sort();
    for s in subdirs {
        walk(root, &s, depth + 1, in_tests, l);
    }
}

fn yaml_list(items: &[String], indent: &str) -> String {
    if items.is_empty() {
        return " []\n".to_string();
    }
    let mut s = "\n".to_string();
    for i in items {
        s.push_str(&format!("{indent}- {}\n", serde_json::to_string(i).unwrap_or_default()));
    }
    s
}

/// The starter file's text.
pub fn starter(l: &Layout) -> String {
    let sources: Vec<String> = if l.source_dirs.iter().any(|d| d == ".") || l.source_dirs.is_empty() {
        vec!["**/*.c".into()]
    } else {
        l.source_dirs.iter().map(|d| format!("{d}/**/*.c")).collect()
    };
    let tests: Vec<String> = l.test_dirs.iter().map(|d| format!("{d}/**/*.c")).collect();
    let mut exclude = tests.clone();
    exclude.sort();
    format!(
        "# verdiff configuration (docs/config.md). Every key is optional; the values below are\n\
         # the defaults or what `verdiff init` detected in this repository.\n\
         version: 1\n\n\
         # C files to verify (globs relative to the repository root) and files to leave out\n\
         sources:{}\
         exclude:{}\n\
         # preprocessor: -I directories and -D definitions\n\
         include_dirs:{}\
         defines: []\n\n\
         # lp64 (64-bit Linux/macOS) or ilp32 (32-bit targets)\n\
         data_model: lp64\n\n\
         # loop/recursion bound, seconds per function, seconds per run (0 = none), solver memory in MB (0 = none)\n\
         unwind: 10\n\
         timeout: 60\n\
         run_timeout: 0\n\
         memory: 0\n\
         # parallel jobs for `verdiff run` (0 = number of cores)\n\
         jobs: 0\n\n\
         # entry points for `verdiff run` (empty = every function of the sources)\n\
         entries: []\n\n\
         # per-function overrides, e.g.\n\
         # functions:\n\
         #   parse_header: {{ unwind: 64, timeout: 300 }}\n\
         #   legacy_blob: {{ skip: true }}\n\
         functions: {{}}\n\n\
         checks:\n  bounds: true\n  div_by_zero: true\n  pointer: true\n  overflow: false\n  unsigned_overflow: false\n  memory_leak: false\n  assertions: true\n  # in functions whose code starts threads\n  data_races: true\n  deadlock: true\n\n\
         # unit tests whose inputs become verification harnesses\n\
         # (framework: auto, unity, cmocka, check, cunit or plain; generalise: hull, beyond or free;\n\
         # harnesses: verify functions that have tests through their harnesses in run and diff)\n\
         tests:\n  patterns:{}  framework: auto\n  generalise: hull\n  harnesses: true\n\n\
         # what fails `verdiff diff`: violation, precondition, behaviour-change or unknown\n\
         fail_on: violation\n\n\
         cache:\n  enabled: true\n  path: .verdiff/cache.db\n",
        yaml_list(&sources, "  "),
        yaml_list(&exclude, "  "),
        yaml_list(&l.include_dirs, "  "),
        yaml_list(&tests, "    "),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starter_parses_and_detects() {
        let tmp = tempfile::tempdir().unwrap();
        let d = tmp.path();
        for (f, t) in [("include/lib.h", ""), ("src/a.c", ""), ("src/b.c", ""), ("tests/test_a.c", "")] {
            let p = d.join(f);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, t).unwrap();
        }
        let l = scan(d);
        assert_eq!(l.include_dirs, vec!["include"]);
        assert_eq!(l.test_dirs, vec!["tests"]);
        assert_eq!(l.source_dirs, vec!["src"]);
        let text = starter(&l);
        let c = super::super::parse(&text, Path::new("x.yml")).unwrap();
        assert_eq!(c.sources, vec!["src/**/*.c"]);
        assert_eq!(c.include_dirs, vec!["include"]);
        assert_eq!(c.tests.patterns, vec!["tests/**/*.c"]);
        assert!(c.is_source("src/a.c") && !c.is_source("tests/test_a.c"));
    }
}
