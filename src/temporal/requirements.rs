//! The temporal requirements of `.verdiff.yml` (`ltl:`, docs/ltl.md §6), each checked in a
//! child process under its time limit and the memory budget, one row each in `run`'s and
//! `diff`'s reports: the row of `ltl:NAME` is FAILED for BAD and FAILING (and SUCCEEDING
//! when the requirement says `succeeding: fail`), with the counterexample as its claim.

use std::path::Path;
use std::time::{Duration, Instant};

use super::{check, prepare, Checked, InputError, Request};
use crate::config::{glob, Config, LtlRequirement};
use crate::frontend::{FrontendOptions, Source};
use crate::record::{FunctionResult, Safety};
use crate::run::isolate::{Ended, Limits, Pool};

/// The row name of requirement `name`.
pub fn row_name(name: &str) -> String {
    format!("ltl:{name}")
}

/// The files of a requirement's program: those of `sources` (repository-relative, sorted)
/// its `files` globs match, or all of them.
pub fn files_of(r: &LtlRequirement, sources: &[String]) -> Vec<String> {
    if r.files.is_empty() {
        return sources.to_vec();
    }
    sources.iter().filter(|f| r.files.iter().any(|g| glob::matches(g, f))).cloned().collect()
}

/// The request of requirement `r` on the files under `root`.
pub fn request(r: &LtlRequirement, config: &Config, root: &Path, sources: &[String], fo: &FrontendOptions) -> Request {
    let timeout = Duration::from_secs(r.timeout.unwrap_or(config.timeout));
    Request {
        sources: files_of(r, sources).iter().map(|f| Source { path: root.join(f), content: None }).collect(),
        frontend: fo.clone(),
        formula: r.formula.clone(),
        origin: format!("{}:{}", config.file_name, r.line),
        entry: Some(r.entry.clone()),
        bound: r.unwind.unwrap_or(config.unwind).max(1),
        lasso: r.lasso,
        deadline: Some(Instant::now() + timeout),
    }
}

/// Checks every requirement of `config`, `jobs` at a time, each in its own process.
pub fn check_all(
    root: &Path,
    config: &Config,
    sources: &[String],
    fo: &FrontendOptions,
    jobs: usize,
    memory_mb: Option<u64>,
) -> Vec<FunctionResult> {
    let work: Vec<Job> = config
        .ltl
        .iter()
        .map(|(name, r)| Job {
            name: name.clone(),
            root: root.to_path_buf(),
            request: request(r, config, root, sources, fo),
        })
        .collect();
    check_jobs(&work, config, jobs, memory_mb)
}

/// One requirement to check on the files under `root`.
pub struct Job {
    pub name: String,
    pub root: std::path::PathBuf,
    pub request: Request,
}

/// Checks the jobs, `jobs` at a time, each in its own process under its time limit and the
/// memory budget; their rows in the same order.
pub fn check_jobs(work: &[Job], config: &Config, jobs: usize, memory_mb: Option<u64>) -> Vec<FunctionResult> {
    let mut rows: Vec<Option<FunctionResult>> = vec![None; work.len()];
    let mut pool: Pool<usize> = Pool::default();
    let mut next = 0;
    while next < work.len() || !pool.is_empty() {
        while next < work.len() && pool.len() < jobs.max(1) {
            let i = next;
            next += 1;
            let job = &work[i];
            let r = &config.ltl[&job.name];
            let limit = Duration::from_secs(r.timeout.unwrap_or(config.timeout));
            let mut req = job.request.clone();
            req.deadline = Some(Instant::now() + limit);
            let limits = Limits { kill_at: Instant::now() + limit + kill_grace(limit), memory_mb };
            let started = pool.start(i, limits, || {
                let row = requirement_row(&job.name, r, config, &job.root, &req);
                serde_json::to_vec(&row).unwrap_or_default()
            });
            if started.is_err() {
                // no process to be had: checked here, without the memory budget
                rows[i] = Some(requirement_row(&job.name, r, config, &job.root, &req));
            }
        }
        if pool.is_empty() {
            continue;
        }
        let (i, ended) = pool.wait_any();
        let (name, r) = (&work[i].name, &config.ltl[&work[i].name]);
        let row = match ended {
            Ended::Done(bytes) => serde_json::from_slice(&bytes)
                .unwrap_or_else(|e| unknown_row(name, r, config, format!("the check's answer was unreadable: {e}"))),
            Ended::TimeLimit => {
                unknown_row(name, r, config, format!("time limit of {} s reached", r.timeout.unwrap_or(config.timeout)))
            }
            Ended::MemoryLimit(mb) => unknown_row(name, r, config, format!("memory limit of {mb} MB reached")),
            Ended::Crashed(how) => unknown_row(name, r, config, format!("the check ended without an answer ({how})")),
        };
        rows[i] = Some(row);
    }
    rows.into_iter().flatten().collect()
}

/// A requirement across two revisions (`verdiff diff`).
pub struct Compared {
    pub name: String,
    /// The changed functions its program reaches from its entry (none: not checked again).
    pub reached: Vec<String>,
    /// Its rows at the base and at the head, when checked again.
    pub base: Option<FunctionResult>,
    pub head: Option<FunctionResult>,
}

/// Checks again, at both revisions, each requirement whose program (at the head) reaches one
/// of the `changed` functions from its entry: a change anywhere it reaches may change what
/// its propositions see (through any variable, not only those they read).
#[allow(clippy::too_many_arguments)]
pub fn compare_all(
    old_root: &Path,
    new_root: &Path,
    config: &Config,
    old_sources: &[String],
    new_sources: &[String],
    (old_fo, new_fo): (&FrontendOptions, &FrontendOptions),
    changed: &[String],
    jobs: usize,
    memory_mb: Option<u64>,
) -> Vec<Compared> {
    let mut out = Vec::new();
    let mut work = Vec::new();
    for (name, r) in &config.ltl {
        let head = request(r, config, new_root, new_sources, new_fo);
        let reached = match super::reached(&head, changed) {
            Ok(names) => names,
            // the head's program does not load: the check will say why
            Err(_) => changed.to_vec(),
        };
        if !reached.is_empty() {
            work.push(Job {
                name: name.clone(),
                root: old_root.to_path_buf(),
                request: request(r, config, old_root, old_sources, old_fo),
            });
            work.push(Job { name: name.clone(), root: new_root.to_path_buf(), request: head });
        }
        out.push(Compared { name: name.clone(), reached, base: None, head: None });
    }
    let mut rows = check_jobs(&work, config, jobs, memory_mb).into_iter();
    for c in out.iter_mut().filter(|c| !c.reached.is_empty()) {
        c.base = rows.next();
        c.head = rows.next();
    }
    out
}

/// The time past its limit a child gets before it is ended (the solver may overrun).
fn kill_grace(limit: Duration) -> Duration {
    Duration::from_secs(limit.as_secs().div_ceil(20).clamp(1, 30))
}

fn unknown_row(name: &str, r: &LtlRequirement, config: &Config, why: String) -> FunctionResult {
    FunctionResult::unknown_row(row_name(name), config.file_name.clone(), r.line, format!("LTL UNKNOWN: {why}"))
}

/// Checks one requirement and gives its row.
pub fn requirement_row(name: &str, r: &LtlRequirement, config: &Config, root: &Path, req: &Request) -> FunctionResult {
    let start = Instant::now();
    let checked = prepare(req).and_then(|p| check(req, &p));
    let mut row = row_of(name, r, config, root, checked);
    row.seconds = start.elapsed().as_secs_f64();
    row
}

/// The row of a requirement's answer.
pub fn row_of(
    name: &str,
    r: &LtlRequirement,
    config: &Config,
    root: &Path,
    checked: Result<Checked, InputError>,
) -> FunctionResult {
    let c = match checked {
        Ok(c) => c,
        Err(e) => return unknown_row(name, r, config, e.0),
    };
    let rel = |p: &str| {
        Path::new(p).strip_prefix(root).map(|q| q.to_string_lossy().into_owned()).unwrap_or_else(|_| p.to_string())
    };
    let mut row = FunctionResult::unknown_row(row_name(name), config.file_name.clone(), r.line, String::new());
    let (safety, detail) = match &c.verdict {
        Err(why) => (Safety::Unknown, format!("LTL UNKNOWN at bound {}: {why}", c.bound)),
        Ok(v) => {
            let failed = super::fails(*v, r.succeeding == "fail");
            let lasso = c.lasso.as_ref().map_or(String::new(), |l| format!(" ({})", l.describe(&rel(&l.file))));
            let safety = if failed { Safety::Failed } else { Safety::Successful };
            (safety, format!("LTL {}{lasso} at bound {}: {}", v.name(), c.bound, c.formula))
        }
    };
    row.safety = Some(safety);
    row.detail = detail;
    if safety == Safety::Failed {
        if let Some(w) = &c.witness {
            row.claims.push(crate::record::claim(w, &rel));
        }
    }
    row
}

/// The verdict a row of a requirement states (the word after `LTL `), for comparing two
/// revisions; None for a row that is not a requirement's.
pub fn verdict_of(row: &FunctionResult) -> Option<&str> {
    row.function.strip_prefix("ltl:")?;
    row.detail.strip_prefix("LTL ")?.split([' ', ':']).next()
}

/// How good a verdict word is, worst first (UNKNOWN apart: None).
pub fn rank(verdict: &str) -> Option<u8> {
    match verdict {
        "BAD" => Some(0),
        "FAILING" => Some(1),
        "SUCCEEDING" => Some(2),
        "GOOD" => Some(3),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn requirement(files: &[&str]) -> LtlRequirement {
        LtlRequirement {
            formula: "G {x > 0}".into(),
            files: files.iter().map(|s| s.to_string()).collect(),
            entry: "main".into(),
            unwind: None,
            timeout: None,
            lasso: true,
            succeeding: "pass".into(),
            line: 3,
        }
    }

    #[test]
    fn a_requirements_files_are_its_globs_among_the_sources_or_all_of_them() {
        let sources = vec!["src/a.c".to_string(), "src/b.c".into(), "lib/c.c".into()];
        assert_eq!(files_of(&requirement(&[]), &sources), sources);
        assert_eq!(files_of(&requirement(&["src/*.c"]), &sources), vec!["src/a.c".to_string(), "src/b.c".into()]);
        assert!(files_of(&requirement(&["none/*.c"]), &sources).is_empty());
    }

    #[test]
    fn the_verdict_is_read_back_from_a_row_and_ranked() {
        let mut row = FunctionResult::unknown_row("ltl:charge", ".verdiff.yml", 3, "LTL SUCCEEDING at bound 10: G x");
        assert_eq!(verdict_of(&row), Some("SUCCEEDING"));
        row.detail = "LTL BAD (lasso at a.c:3: …) at bound 4: F x".into();
        assert_eq!(verdict_of(&row), Some("BAD"));
        row.detail = "LTL UNKNOWN: time limit".into();
        assert_eq!(verdict_of(&row), Some("UNKNOWN"));
        row.function = "main".into();
        assert_eq!(verdict_of(&row), None);
        assert!(
            rank("BAD") < rank("FAILING") && rank("FAILING") < rank("SUCCEEDING") && rank("SUCCEEDING") < rank("GOOD")
        );
        assert_eq!(rank("UNKNOWN"), None);
    }
}
