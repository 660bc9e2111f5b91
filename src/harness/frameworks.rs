//! Unit-test frameworks: recognising them, finding their test functions, and the model
//! headers that turn their assertion macros into claims (`verdiff_tests.h`).

use std::path::{Path, PathBuf};

/// The framework model, force-included before test files.
pub const MODEL_HEADER: &str = include_str!("verdiff_tests.h");

/// Stand-ins for the frameworks' own headers (the model defines their include guards).
const STAND_INS: &[&str] = &[
    "unity.h",
    "unity_internals.h",
    "unity_fixture.h",
    "cmocka.h",
    "check.h",
    "CUnit/CUnit.h",
    "CUnit/Basic.h",
    "CUnit/Automated.h",
];

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Framework {
    Unity,
    Cmocka,
    Check,
    CUnit,
    /// `assert` in `test*` functions or in `main`.
    Plain,
}

impl Framework {
    pub fn name(self) -> &'static str {
        match self {
            Framework::Unity => "unity",
            Framework::Cmocka => "cmocka",
            Framework::Check => "check",
            Framework::CUnit => "cunit",
            Framework::Plain => "plain",
        }
    }

    pub fn parse(s: &str) -> Option<Framework> {
        Some(match s {
            "unity" => Framework::Unity,
            "cmocka" => Framework::Cmocka,
            "check" => Framework::Check,
            "cunit" => Framework::CUnit,
            "plain" => Framework::Plain,
            _ => return None,
        })
    }

    /// The arguments a test function of this framework is called with.
    pub fn call_args(self) -> &'static str {
        match self {
            Framework::Cmocka => "&__vd_state",
            Framework::Check => "0",
            _ => "",
        }
    }
}

/// Which framework a test file uses, from its text.
pub fn detect(text: &str) -> Framework {
    let has = |s: &str| text.contains(s);
    if has("unity.h") || has("unity_fixture.h") || has("TEST_ASSERT") || has("RUN_TEST(") {
        Framework::Unity
    } else if has("cmocka.h") || has("cmocka_unit_test") {
        Framework::Cmocka
    } else if has("check.h") || has("START_TEST") || has("ck_assert") {
        Framework::Check
    } else if has("CUnit") || has("CU_ASSERT") {
        Framework::CUnit
    } else {
        Framework::Plain
    }
}

fn identifiers_after(text: &str, marker: &str, arg: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find(marker) {
        rest = &rest[i + marker.len()..];
        let Some(close) = rest.find(')') else { break };
        let args: Vec<&str> = rest[..close].split(',').map(str::trim).collect();
        if let Some(a) = args.get(arg) {
            let a = a.trim_start_matches('&').trim();
            if !a.is_empty() && a.chars().all(|c| c.is_alphanumeric() || c == '_') {
                out.push(a.to_string());
            }
        }
    }
    out
}

/// The names of the test functions the text registers or names by convention; the caller
/// keeps those the file defines.
pub fn test_names(text: &str, fw: Framework, defined: &[String]) -> Vec<String> {
    let mut names = match fw {
        Framework::Unity => {
            let mut v = identifiers_after(text, "RUN_TEST(", 0);
            v.extend(defined.iter().filter(|n| n.starts_with("test")).cloned());
            // Unity fixture: TEST(group, name) defines TEST_group_name_
            v.extend(defined.iter().filter(|n| n.starts_with("TEST_") && n.ends_with('_')).cloned());
            v
        }
        Framework::Cmocka => {
            let mut v = identifiers_after(text, "cmocka_unit_test(", 0);
            v.extend(identifiers_after(text, "cmocka_unit_test_setup_teardown(", 0));
            v
        }
        Framework::Check => identifiers_after(text, "START_TEST(", 0),
        Framework::CUnit => identifiers_after(text, "CU_add_test(", 2),
        Framework::Plain => {
            let v: Vec<String> = defined.iter().filter(|n| n.starts_with("test")).cloned().collect();
            if v.is_empty() && defined.iter().any(|n| n == "main") {
                vec!["main".to_string()]
            } else {
                v
            }
        }
    };
    names.retain(|n| defined.contains(n));
    let mut seen = std::collections::BTreeSet::new();
    names.retain(|n| seen.insert(n.clone()));
    names
}

/// Writes `text` to `p` under a temporary name and renames it into place, so that another
/// thread preprocessing `p` at the same time sees the whole file or none of it.
fn write_whole(p: &Path, text: &str) -> Result<(), String> {
    if let Some(d) = p.parent() {
        std::fs::create_dir_all(d).map_err(|e| format!("cannot create {}: {e}", d.display()))?;
    }
    static SEQ: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = SEQ.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let tmp = p.with_extension(format!("tmp{n}"));
    std::fs::write(&tmp, text).map_err(|e| format!("cannot write {}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, p).map_err(|e| format!("cannot write {}: {e}", p.display()))
}

const STAND_IN: &str = "/* verdiff stand-in: the framework is modelled by verdiff_tests.h */\n";

/// Writes the model header and the stand-in headers into a directory of this process (once:
/// harnesses are checked on several threads); returns (the directory for `-I`, the header to
/// force-include).
pub fn model_dir() -> Result<(PathBuf, PathBuf), String> {
    static MADE: std::sync::OnceLock<Result<(PathBuf, PathBuf), String>> = std::sync::OnceLock::new();
    MADE.get_or_init(|| {
        let dir =
            std::env::temp_dir().join(format!("verdiff-tests-{}-{}", env!("CARGO_PKG_VERSION"), std::process::id()));
        let header = dir.join("verdiff_tests.h");
        write_whole(&header, MODEL_HEADER)?;
        for s in STAND_INS {
            write_whole(&dir.join(s), STAND_IN)?;
        }
        Ok((dir, header))
    })
    .clone()
}

/// Stand-ins at the paths a test includes its framework through (`unity/fixture/unity_fixture.h`
/// when the project vendors Unity as a submodule that is not checked out): the model
/// directory is searched first, and a real header found before it is emptied by its guard.
pub fn stand_ins_for(text: &str, model_dir: &Path) {
    for line in text.lines() {
        let l = line.trim_start();
        let Some(rest) = l.strip_prefix('#').map(str::trim_start).and_then(|r| r.strip_prefix("include")) else {
            continue;
        };
        let rest = rest.trim();
        let inner = rest
            .strip_prefix('"')
            .and_then(|r| r.split('"').next())
            .or_else(|| rest.strip_prefix('<').and_then(|r| r.split('>').next()));
        let Some(path) = inner else { continue };
        let base = path.rsplit('/').next().unwrap_or(path);
        let known = STAND_INS.iter().any(|s| s.rsplit('/').next() == Some(base));
        // only plain relative paths below the model directory
        if !known || path.starts_with('/') || path.split('/').any(|c| c == ".." || c.is_empty()) {
            continue;
        }
        let p = model_dir.join(path);
        if !p.exists() {
            let _ = write_whole(&p, STAND_IN);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frameworks_and_names() {
        let u = "#include \"unity.h\"\nvoid test_a(void){}\nvoid helper(void){}\nint main(void){RUN_TEST(test_b);}";
        assert_eq!(detect(u), Framework::Unity);
        let defined = vec!["test_a".to_string(), "test_b".to_string(), "helper".to_string(), "main".to_string()];
        assert_eq!(test_names(u, Framework::Unity, &defined), vec!["test_b", "test_a"]);
        let c = "const struct CMUnitTest t[] = { cmocka_unit_test(check_x), cmocka_unit_test(gone) };";
        assert_eq!(detect(c), Framework::Cmocka);
        assert_eq!(test_names(c, Framework::Cmocka, &["check_x".to_string()]), vec!["check_x"]);
        let k = "START_TEST(t1) { ck_assert_int_eq(1, 1); } END_TEST";
        assert_eq!(detect(k), Framework::Check);
        let cu = "CU_add_test(s, \"adds\", test_add);";
        assert_eq!(test_names(cu, Framework::CUnit, &["test_add".to_string()]), vec!["test_add"]);
        let p = "#include <assert.h>\nint main(void) { assert(1); }";
        assert_eq!(detect(p), Framework::Plain);
        assert_eq!(test_names(p, Framework::Plain, &["main".to_string()]), vec!["main"]);
    }
}
