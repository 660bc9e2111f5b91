//! `.verdiff.yml`'s temporal requirements (`ltl:`, docs/ltl.md §6) in `verdiff run` and
//! `verdiff diff`, on a repository made by the test. The program is a charger: `press()`
//! requests a charge and `charge_step()` answers it. The requirement: every request is
//! eventually answered, `G({pressed == 1} -> F {charged == 1})`, checked from `main`.

#[path = "common/repo.rs"]
mod repo;

use repo::Repo;
use serde_json::Value;

const CONFIG: &str = "version: 1\nsources: [\"*.c\"]\nunwind: 4\nltl:\n  answered:\n    formula: \"G({pressed == 1} -> F {charged == 1})\"\n    entry: main\n";

/// Answers every request in the same iteration: the requirement holds on every trace up to
/// the bound (SUCCEEDING: a liveness property is never GOOD on a finite trace).
const ANSWERING: &str = "int pressed, charged;\nint button(void);\nvoid press(void) { pressed = 1; charged = 0; }\nvoid charge_step(void) { if (pressed) { charged = 1; pressed = 0; } }\nint main(void) {\n  while (1) {\n    if (button()) press();\n    charge_step();\n  }\n}\n";

/// The same with `charge_step` no longer answering: a request stays pending forever, and the
/// state repeats — a lasso, BAD.
const FORGETTING: &str = "int pressed, charged;\nint button(void);\nvoid press(void) { pressed = 1; charged = 0; }\nvoid charge_step(void) { if (pressed) { charged = 0; } }\nint main(void) {\n  while (1) {\n    if (button()) press();\n    charge_step();\n  }\n}\n";

fn row<'a>(doc: &'a Value, rows: &str, name: &str) -> &'a Value {
    doc[rows]
        .as_array()
        .and_then(|rs| rs.iter().find(|r| r["function"] == name))
        .unwrap_or_else(|| panic!("no row {name} in {doc:#}"))
}

#[test]
fn run_checks_each_requirement_and_reports_its_verdict() {
    let r = Repo::new("ltl-run");
    r.write(".verdiff.yml", CONFIG);
    r.write("charger.c", ANSWERING);
    r.commit("charger");
    let (code, out, err) = r.verdiff(&["run", "--format", "json", "--no-cache"]);
    let doc: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}\n{err}"));
    let req = row(&doc, "functions", "ltl:answered");
    assert_eq!(req["safety"], "SUCCESSFUL", "{req:#}");
    assert!(req["detail"].as_str().is_some_and(|d| d.starts_with("LTL SUCCEEDING at bound 4")), "{req:#}");
    assert_eq!(req["file"], ".verdiff.yml");
    assert_eq!(req["line"], 6, "the line of `formula:` in .verdiff.yml: {req:#}");
    // (main's `while (1)` leaves its safety check UNKNOWN, exit 6; nothing failed)
    assert_eq!(code, 6, "{out}\n{err}");

    r.write("charger.c", FORGETTING);
    r.commit("forget");
    let (code, out, err) = r.verdiff(&["run", "--format", "json", "--no-cache"]);
    let doc: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}\n{err}"));
    let req = row(&doc, "functions", "ltl:answered");
    assert_eq!(req["safety"], "FAILED", "{req:#}");
    assert!(req["detail"].as_str().is_some_and(|d| d.starts_with("LTL BAD (lasso at charger.c:")), "{req:#}");
    let claim = &req["claims"][0];
    assert_eq!(claim["kind"], "ltl-lasso", "{req:#}");
    assert!(claim["trace"].as_array().is_some_and(|t| !t.is_empty()), "a counterexample: {req:#}");
    assert_eq!(code, 10, "a failed requirement fails the run");

    // the same result in SARIF: one result under the ltl-lasso rule
    let (_, sarif, _) = r.verdiff(&["run", "--format", "sarif", "--no-cache"]);
    let s: Value = serde_json::from_str(&sarif).expect("SARIF");
    let results = s["runs"][0]["results"].as_array().cloned().unwrap_or_default();
    assert!(results.iter().any(|x| x["ruleId"] == "verdiff.ltl-lasso"), "{s:#}");
}

#[test]
fn diff_reports_a_requirement_that_regressed() {
    let r = Repo::new("ltl-diff");
    r.write(".verdiff.yml", CONFIG);
    r.write("charger.c", ANSWERING);
    r.commit("charger");
    r.write("charger.c", FORGETTING);
    r.commit("forget");
    let (code, out, err) = r.verdiff(&["diff", "--base", "HEAD~1", "--format", "json", "--no-cache"]);
    let doc: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}\n{err}"));
    let req = row(&doc, "functions", "ltl:answered");
    assert_eq!(req["status"], "behaviour-changed", "{req:#}");
    let detail = req["detail"].as_str().unwrap_or_default();
    assert!(
        detail.contains("LTL verdict regressed: SUCCEEDING at the base, BAD at the head")
            && detail.contains("charge_step"),
        "{req:#}"
    );
    assert_eq!(req["safety"]["verdict"], "FAILED", "{req:#}");
    assert_eq!(code, 10, "{out}\n{err}");

    // a change its program does not reach: not checked again, unchanged
    r.write("other.c", "int unrelated(int a) { return a + 1; }\n");
    r.commit("unrelated");
    r.write("other.c", "int unrelated(int a) { return a + 2; }\n");
    r.commit("unrelated changed");
    let (_, out, err) = r.verdiff(&["diff", "--base", "HEAD~1", "--format", "json", "--no-cache"]);
    let doc: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}\n{err}"));
    let req = row(&doc, "functions", "ltl:answered");
    assert_eq!(req["status"], "unchanged", "{req:#}");
}
