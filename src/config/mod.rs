//! `.verdiff.yml`: the repository's verification settings (serde_yaml).
//!
//! Every key is optional; an unknown key or a value of the wrong type is an error naming the
//! file, the line and the key. `verdiff init` writes a commented starter file
//! ([`starter`]). See docs/config.md for the reference.
//!
//! Depends on nothing in the pipeline; cli turns a Config into the options of each stage.

pub mod glob;
pub mod init;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;

pub const FILE_NAME: &str = ".verdiff.yml";

#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    /// Format version of this file (1).
    pub version: u32,
    /// Globs of the C files to verify, relative to the repository root.
    pub sources: Vec<String>,
    /// Globs excluded from `sources`.
    pub exclude: Vec<String>,
    /// `-I` directories, relative to the repository root.
    pub include_dirs: Vec<String>,
    /// `-D` definitions: `NAME` or `NAME=VALUE`.
    pub defines: Vec<String>,
    /// `lp64` (default) or `ilp32`.
    pub data_model: DataModelName,
    /// Default loop and recursion bound.
    pub unwind: u32,
    /// Time limit per function, in seconds.
    pub timeout: u64,
    /// Time limit for a whole run (`verdiff run`), in seconds; 0 = none.
    pub run_timeout: u64,
    /// Memory limit for the SMT solver, in megabytes; 0 = none.
    pub memory: u64,
    /// Parallel jobs for `verdiff run`; 0 = the number of cores.
    pub jobs: usize,
    /// Entry points for `verdiff run`; empty = every function of the sources.
    pub entries: Vec<String>,
    /// Per-function settings.
    pub functions: BTreeMap<String, FunctionConfig>,
    /// Verify functions with parameters under their inferred precondition, as their callers
    /// use them (docs/contracts.md); false: with fully free inputs.
    pub preconditions: bool,
    pub checks: Checks,
    pub tests: Tests,
    /// What makes `verdiff diff` exit 10: violation, precondition, behaviour-change or unknown.
    pub fail_on: FailOn,
    pub cache: CacheConfig,
    /// Temporal requirements by name (docs/ltl.md §6): LTL formulas `run` checks and `diff`
    /// checks again when a change reaches their program.
    pub ltl: BTreeMap<String, LtlRequirement>,
    /// The clauses of `functions.<f>.requires` / `ensures` with their lines in the file.
    #[serde(skip)]
    pub clauses: Vec<ConfigClause>,
    /// The configuration file's name as errors in its clauses show it.
    #[serde(skip)]
    pub file_name: String,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            version: 1,
            sources: vec!["**/*.c".into()],
            exclude: vec![],
            include_dirs: vec![],
            defines: vec![],
            data_model: DataModelName::Lp64,
            unwind: 10,
            timeout: 60,
            run_timeout: 0,
            memory: 0,
            jobs: 0,
            entries: vec![],
            functions: BTreeMap::new(),
            preconditions: true,
            checks: Checks::default(),
            tests: Tests::default(),
            fail_on: FailOn::Violation,
            cache: CacheConfig::default(),
            ltl: BTreeMap::new(),
            clauses: vec![],
            file_name: FILE_NAME.into(),
        }
    }
}

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum DataModelName {
    Lp64,
    Ilp32,
}

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum FailOn {
    Violation,
    /// Violations, and functions safe only under a precondition (PRECONDITION).
    Precondition,
    #[serde(alias = "behavior-change")]
    BehaviourChange,
    Unknown,
}

impl FailOn {
    pub fn parse(s: &str) -> Option<FailOn> {
        match s {
            "violation" => Some(FailOn::Violation),
            "precondition" => Some(FailOn::Precondition),
            "behaviour-change" | "behavior-change" => Some(FailOn::BehaviourChange),
            "unknown" => Some(FailOn::Unknown),
            _ => None,
        }
    }
}

/// One temporal requirement, `ltl.<name>` (docs/ltl.md §6).
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct LtlRequirement {
    /// The formula, in `verdiff ltl`'s syntax (`G({pressed} -> F {charge > min})`).
    pub formula: String,
    /// Globs of the C files that make up the program; empty: every file of `sources`.
    #[serde(default)]
    pub files: Vec<String>,
    /// The entry function.
    #[serde(default = "main_entry")]
    pub entry: String,
    /// The bound (default: `unwind`).
    #[serde(default)]
    pub unwind: Option<u32>,
    /// Time limit in seconds (default: `timeout`).
    #[serde(default)]
    pub timeout: Option<u64>,
    /// Look for lassos (an infinite run that repeats a state), which make a verdict BAD.
    #[serde(default = "yes")]
    pub lasso: bool,
    /// What a SUCCEEDING verdict is: `pass` (default) or `fail`.
    #[serde(default = "pass")]
    pub succeeding: String,
    /// The line of `formula:` in the configuration file.
    #[serde(skip)]
    pub line: u32,
}

fn main_entry() -> String {
    "main".into()
}
fn yes() -> bool {
    true
}
fn pass() -> String {
    "pass".into()
}

/// A contract clause of `functions.<f>.requires` / `ensures`, with the line that holds it.
#[derive(Clone, Debug, PartialEq)]
pub struct ConfigClause {
    pub function: String,
    pub ensures: bool,
    pub expr: String,
    pub line: u32,
}

/// The detail reported for a function `functions.<name>.skip` says not to verify.
pub const SKIPPED: &str = "skipped by .verdiff.yml (functions.<name>.skip)";

#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct FunctionConfig {
    pub unwind: Option<u32>,
    pub timeout: Option<u64>,
    /// Not verified (listed as skipped in reports, never as verified).
    pub skip: bool,
    /// Harness input ranges by parameter name (or `arg1`, `arg2`, ...): `[lo, hi]`, used
    /// instead of the interval the tests span.
    pub inputs: BTreeMap<String, [i64; 2]>,
    /// Contract clauses (C expressions over parameters and globals; `ensures` may read
    /// `__ESBMC_return_value` and `__ESBMC_old(e)`), as if written at the top of the body.
    pub requires: Vec<String>,
    pub ensures: Vec<String>,
}

#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct Checks {
    pub bounds: bool,
    pub div_by_zero: bool,
    pub pointer: bool,
    pub overflow: bool,
    pub unsigned_overflow: bool,
    pub memory_leak: bool,
    pub assertions: bool,
    /// Data races, in entries whose code starts threads (docs/threads.md §9).
    pub data_races: bool,
    /// Deadlocks, in entries whose code starts threads.
    pub deadlock: bool,
}

impl Default for Checks {
    fn default() -> Self {
        Checks {
            bounds: true,
            div_by_zero: true,
            pointer: true,
            overflow: false,
            unsigned_overflow: false,
            memory_leak: false,
            assertions: true,
            data_races: true,
            deadlock: true,
        }
    }
}

/// The longest time limit accepted anywhere (a year): beyond it a deadline is no limit, and
/// adding it to the clock could overflow.
pub const MAX_SECONDS: u64 = 365 * 24 * 3600;

#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct Tests {
    /// Globs of unit-test files (for harness generation).
    pub patterns: Vec<String>,
    /// `auto`, `unity`, `cmocka`, `check`, `cunit`, `plain`.
    pub framework: String,
    /// `verdiff run` and `verdiff diff` verify a function with tests through its harnesses
    /// instead of with fully nondeterministic inputs.
    pub harnesses: bool,
    /// How harness inputs are generalised: `hull`, `beyond` or `free`.
    pub generalise: String,
    /// Also generalise the integer values tests assign to globals (`g_mode = 3;`).
    pub globals: bool,
}

impl Default for Tests {
    fn default() -> Self {
        Tests {
            patterns: vec!["test/**/*.c".into(), "tests/**/*.c".into()],
            framework: "auto".into(),
            harnesses: true,
            generalise: "hull".into(),
            globals: false,
        }
    }
}

#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct CacheConfig {
    pub enabled: bool,
    /// Relative to the repository root.
    pub path: String,
}

impl Default for CacheConfig {
    fn default() -> Self {
        CacheConfig { enabled: true, path: ".verdiff/cache.db".into() }
    }
}

#[derive(Debug, PartialEq)]
pub struct ConfigError {
    pub file: PathBuf,
    pub line: Option<usize>,
    pub message: String,
}

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.line {
            Some(l) => write!(f, "{}:{l}: {}", self.file.display(), self.message),
            None => write!(f, "{}: {}", self.file.display(), self.message),
        }
    }
}

/// Parses the text of a configuration file (`file` names it in errors).
pub fn parse(text: &str, file: &Path) -> Result<Config, ConfigError> {
    let err = |line: Option<usize>, message: String| ConfigError { file: file.to_path_buf(), line, message };
    if text.trim().is_empty() {
        return Ok(Config::default());
    }
    let mut c: Config = serde_yaml::from_str(text).map_err(|e| {
        let line = e.location().map(|l| l.line());
        // serde_yaml appends " at line L column C"; the line is already in front
        let msg = e.to_string();
        let msg = match msg.find(" at line ") {
            Some(i) => msg[..i].to_string(),
            None => msg,
        };
        err(line, msg)
    })?;
    let line_of = |key: &str| text.lines().position(|l| l.trim_start().starts_with(&format!("{key}:"))).map(|i| i + 1);
    if c.version != 1 {
        return Err(err(line_of("version"), format!("version {} is not supported (this verdiff reads 1)", c.version)));
    }
    if c.unwind == 0 {
        return Err(err(line_of("unwind"), "unwind must be at least 1".into()));
    }
    if c.timeout == 0 {
        return Err(err(line_of("timeout"), "timeout must be at least 1 second".into()));
    }
    let year = MAX_SECONDS;
    for (key, v) in [("timeout", c.timeout), ("run_timeout", c.run_timeout)] {
        if v > year {
            return Err(err(line_of(key), format!("{key} is longer than a year ({v} s)")));
        }
    }
    if !["hull", "beyond", "free"].contains(&c.tests.generalise.as_str()) {
        return Err(err(
            line_of("generalise"),
            format!("tests.generalise takes hull, beyond or free, not `{}`", c.tests.generalise),
        ));
    }
    if !["auto", "unity", "cmocka", "check", "cunit", "plain"].contains(&c.tests.framework.as_str()) {
        return Err(err(
            line_of("framework"),
            format!("tests.framework takes auto, unity, cmocka, check, cunit or plain, not `{}`", c.tests.framework),
        ));
    }
    for (name, fc) in &c.functions {
        if fc.unwind == Some(0) {
            return Err(err(line_of(name), format!("functions.{name}.unwind must be at least 1")));
        }
        if fc.timeout.is_some_and(|t| t == 0 || t > year) {
            return Err(err(line_of(name), format!("functions.{name}.timeout must be 1 s to a year")));
        }
        for (p, [lo, hi]) in &fc.inputs {
            if lo > hi {
                return Err(err(line_of(p), format!("functions.{name}.inputs.{p}: [{lo}, {hi}] is empty")));
            }
        }
    }
    for g in c.sources.iter().chain(&c.exclude).chain(&c.tests.patterns) {
        if g.starts_with('/') || g.split('/').any(|s| s == "..") {
            return Err(err(None, format!("glob `{g}` must stay inside the repository (no leading / or ..)")));
        }
    }
    for d in &c.include_dirs {
        if d.split('/').any(|s| s == "..") {
            return Err(err(line_of("include_dirs"), format!("include dir `{d}` must not contain ..")));
        }
    }
    let lines: Vec<&str> = text.lines().collect();
    for (name, r) in c.ltl.iter_mut() {
        let at = line_of(name);
        if !name.chars().all(|ch| ch.is_ascii_alphanumeric() || ch == '_' || ch == '-') {
            return Err(err(at, format!("ltl.{name}: a requirement's name is letters, digits, _ and -")));
        }
        if r.formula.trim().is_empty() {
            return Err(err(at, format!("ltl.{name}.formula is empty")));
        }
        if r.unwind == Some(0) {
            return Err(err(at, format!("ltl.{name}.unwind must be at least 1")));
        }
        if r.timeout.is_some_and(|t| t == 0 || t > year) {
            return Err(err(at, format!("ltl.{name}.timeout must be 1 s to a year")));
        }
        if !["pass", "fail"].contains(&r.succeeding.as_str()) {
            return Err(err(at, format!("ltl.{name}.succeeding takes pass or fail, not `{}`", r.succeeding)));
        }
        if let Some(g) = r.files.iter().find(|g| g.starts_with('/') || g.split('/').any(|s| s == "..")) {
            return Err(err(at, format!("ltl.{name}.files: glob `{g}` must stay inside the repository")));
        }
        let from = at.unwrap_or(1);
        r.line = lines
            .iter()
            .skip(from)
            .position(|l| l.trim_start().starts_with("formula:"))
            .map(|i| (i + from + 1) as u32)
            .unwrap_or(from as u32);
    }
    // contract clauses, each with its line (the first line after the function's key that
    // holds the expression)
    for (name, fc) in &c.functions {
        let from = line_of(name).unwrap_or(1);
        for (ensures, list) in [(false, &fc.requires), (true, &fc.ensures)] {
            for e in list {
                if e.contains(';') || e.contains('{') || e.trim().is_empty() {
                    return Err(err(line_of(name), format!("functions.{name}: `{e}` is not a C expression")));
                }
                let line = lines
                    .iter()
                    .skip(from)
                    .position(|l| l.contains(e.as_str()))
                    .map(|i| (i + from + 1) as u32)
                    .unwrap_or(from as u32);
                c.clauses.push(ConfigClause { function: name.clone(), ensures, expr: e.clone(), line });
            }
        }
    }
    c.file_name = file.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| FILE_NAME.into());
    Ok(c)
}

/// Loads `explicit` when given (it must exist), else `<root>/.verdiff.yml` when present,
/// else the defaults.
pub fn load(root: &Path, explicit: Option<&Path>) -> Result<Config, ConfigError> {
    let (path, required) = match explicit {
        Some(p) => {
            (if p.is_absolute() { p.to_path_buf() } else { std::env::current_dir().unwrap_or_default().join(p) }, true)
        }
        None => (root.join(FILE_NAME), false),
    };
    match std::fs::read_to_string(&path) {
        Ok(text) => parse(&text, &path),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && !required => Ok(Config::default()),
        Err(e) => Err(ConfigError { file: path, line: None, message: format!("cannot read: {e}") }),
    }
}

impl Config {
    /// Whether a repository-relative path is one of the sources (unit-test files are not:
    /// they reach verification through their harnesses).
    pub fn is_source(&self, rel: &str) -> bool {
        self.sources.iter().any(|g| glob::matches(g, rel))
            && !self.exclude.iter().any(|g| glob::matches(g, rel))
            && !self.tests.patterns.iter().any(|g| glob::matches(g, rel))
    }

    /// Whether a repository-relative path is excluded (`exclude`) or a unit-test file: a
    /// header there changes no source's verification by itself.
    pub fn is_excluded(&self, rel: &str) -> bool {
        self.exclude.iter().any(|g| glob::matches(g, rel)) || self.tests.patterns.iter().any(|g| glob::matches(g, rel))
    }

    pub fn unwind_for(&self, function: &str) -> u32 {
        self.functions.get(function).and_then(|f| f.unwind).unwrap_or(self.unwind)
    }

    pub fn timeout_for(&self, function: &str) -> u64 {
        self.functions.get(function).and_then(|f| f.timeout).unwrap_or(self.timeout)
    }

    pub fn skipped(&self, function: &str) -> bool {
        self.functions.get(function).is_some_and(|f| f.skip)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(t: &str) -> Result<Config, ConfigError> {
        parse(t, Path::new(".verdiff.yml"))
    }

    #[test]
    fn defaults_and_values() {
        assert_eq!(p("").unwrap(), Config::default());
        let c =
            p("unwind: 20\nchecks:\n  overflow: true\nfunctions:\n  f:\n    unwind: 3\nfail_on: behaviour-change\n")
                .unwrap();
        assert_eq!(c.unwind_for("f"), 3);
        assert_eq!(c.unwind_for("g"), 20);
        assert!(c.checks.overflow && c.checks.bounds);
        assert_eq!(c.fail_on, FailOn::BehaviourChange);
    }

    #[test]
    fn ltl_requirements_are_read_with_their_defaults_and_line() {
        let c = p("unwind: 7\nltl:\n  charge:\n    entry: run\n    formula: \"G {x > 0}\"\n  other:\n    formula: \"F {y}\"\n    unwind: 3\n    lasso: false\n    succeeding: fail\n    files: [\"src/*.c\"]\n").unwrap();
        let r = &c.ltl["charge"];
        assert_eq!(
            (r.formula.as_str(), r.entry.as_str(), r.unwind, r.lasso, r.line),
            ("G {x > 0}", "run", None, true, 5)
        );
        assert_eq!(r.succeeding, "pass");
        let o = &c.ltl["other"];
        assert_eq!(
            (o.entry.as_str(), o.unwind, o.lasso, o.succeeding.as_str(), o.line),
            ("main", Some(3), false, "fail", 7)
        );
        assert_eq!(o.files, vec!["src/*.c".to_string()]);
    }

    #[test]
    fn bad_ltl_requirements_are_errors_with_their_line() {
        let e = p("ltl:\n  a:\n    formula: \"G {x}\"\n    lasoo: true\n").unwrap_err();
        assert!(e.message.contains("lasoo") && e.line == Some(4), "{e}");
        let e = p("ltl:\n  a:\n    entry: main\n").unwrap_err();
        assert!(e.message.contains("formula"), "a requirement needs its formula: {e}");
        let e = p("ltl:\n  a:\n    formula: \"G {x}\"\n    succeeding: maybe\n").unwrap_err();
        assert!(e.message.contains("pass or fail") && e.line == Some(2), "{e}");
        let e = p("ltl:\n  a:\n    formula: \"G {x}\"\n    unwind: 0\n").unwrap_err();
        assert!(e.message.contains("at least 1"), "{e}");
        let e = p("ltl:\n  a:\n    formula: \"G {x}\"\n    files: [\"../x.c\"]\n").unwrap_err();
        assert!(e.message.contains("inside the repository"), "{e}");
    }

    #[test]
    fn unknown_key_names_key_and_line() {
        let e = p("unwind: 5\nchecks:\n  overflw: true\n").unwrap_err();
        assert_eq!(e.line, Some(3), "{e}");
        assert!(e.message.contains("overflw"), "{e}");
        assert!(e.to_string().starts_with(".verdiff.yml:3: "), "{e}");
    }

    #[test]
    fn wrong_type_names_line() {
        let e = p("sources: [a.c]\nunwind: many\n").unwrap_err();
        assert_eq!(e.line, Some(2), "{e}");
        assert!(e.message.contains("unwind"), "{e}");
    }

    #[test]
    fn bad_values() {
        assert_eq!(p("unwind: 0\n").unwrap_err().line, Some(1));
        assert!(p("sources: ['../x/*.c']\n").is_err());
        assert!(p("data_model: lp32\n").unwrap_err().message.contains("lp32"));
        assert!(p("version: 2\n").is_err());
    }

    #[test]
    fn sources_and_excludes() {
        let c = p("sources: ['src/**/*.c']\nexclude: ['src/vendor/**']\n").unwrap();
        assert!(c.is_source("src/a.c"));
        assert!(c.is_source("src/x/y/a.c"));
        assert!(!c.is_source("src/vendor/z.c"));
        assert!(!c.is_source("tests/a.c"));
    }
}
