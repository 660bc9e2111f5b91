//! The JSON documents' versions (docs/json-schema.md, "Versioning" and "One vocabulary"):
//! each states its minor version, a document written by an earlier 1.x verdiff still
//! validates against today's schema file, and a document of another major does not.

use serde_json::Value;

#[path = "common/repo.rs"]
mod repo;
use repo::Repo;

#[path = "common/schema.rs"]
mod schema;

fn errors(schema_name: &str, doc: &Value) -> Vec<String> {
    let v = schema::validator(&format!("docs/schemas/{schema_name}"));
    schema::violations(&v, doc).iter().map(|e| e.to_string()).collect()
}

/// `total` is safe for any `n` (it clamps `n` to the array); `all` reads a[0] to a[4] of a
/// 4-element array on every call: FAILED.
const LIB: &str = "static const int a[4] = {1, 2, 3, 4};\n\
int total(int n) {\n  int s = 0;\n  if (n > 4) n = 4;\n  for (int i = 0; i < n; i++) s += a[i];\n  return s;\n}\n\
int all(void) {\n  int s = 0;\n  for (int k = 0; k <= 4; k++) s += a[k];\n  return s;\n}\n";

fn lower_case_safety(doc: &mut Value, key: &str) {
    for f in doc["functions"].as_array_mut().into_iter().flatten() {
        if let Some(s) = f[key].as_str().map(|s| s.to_lowercase()) {
            f[key] = Value::String(s);
        }
    }
}

#[test]
fn run_and_diff_documents_state_their_minor_and_older_ones_still_validate() {
    let r = Repo::new("schema-versions");
    r.write(".verdiff.yml", "version: 1\nunwind: 6\ntimeout: 60\n");
    r.write("lib.c", LIB);
    r.commit("library");

    let (code, out, err) = r.verdiff(&["run", "--quiet", "--no-cache", "--format", "json"]);
    assert_eq!(code, 10, "`all` fails: {out}\n{err}");
    let mut run: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("JSON ({e}): {out}"));
    assert_eq!(run["schema"], "verdiff.run/1.5");
    let safety = |doc: &Value, name: &str| {
        doc["functions"].as_array().and_then(|a| a.iter().find(|f| f["function"] == name)).map(|f| f["safety"].clone())
    };
    // safety verdicts are upper case, as check's verdict and the final text line
    assert_eq!(safety(&run, "total"), Some(Value::from("SUCCESSFUL")), "{run}");
    assert_eq!(safety(&run, "all"), Some(Value::from("FAILED")), "{run}");
    assert!(errors("run-v1.schema.json", &run).is_empty(), "{:?}", errors("run-v1.schema.json", &run));
    // the same document as verdiff.run/1 (1.0–1.2) wrote it: lower case, no minor, no phases
    run["schema"] = Value::from("verdiff.run/1");
    lower_case_safety(&mut run, "safety");
    if let Some(o) = run.as_object_mut() {
        o.remove("phases_ms");
    }
    for f in run["functions"].as_array_mut().into_iter().flatten() {
        if let Some(o) = f.as_object_mut() {
            o.remove("phases_ms");
        }
    }
    assert!(errors("run-v1.schema.json", &run).is_empty(), "{:?}", errors("run-v1.schema.json", &run));
    // another major is not this schema's document
    run["schema"] = Value::from("verdiff.run/2.0");
    assert!(!errors("run-v1.schema.json", &run).is_empty(), "a 2.0 document must not validate");

    // diff: `total` now clamps `n` to 3 (for n >= 4 it returns 6 instead of 10)
    r.write("lib.c", &LIB.replace("if (n > 4) n = 4;", "if (n > 3) n = 3;"));
    r.commit("clamp");
    let (_, out, err) = r.verdiff(&["diff", "--base", "HEAD~1", "--no-cache", "--format", "json"]);
    let mut diff: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("JSON ({e}): {out}\n{err}"));
    assert_eq!(diff["schema"], "verdiff.diff/1.5");
    assert!(diff["seconds"].as_f64().is_some_and(|s| s >= 0.0), "{diff}");
    let row = diff["functions"].as_array().and_then(|a| a.iter().find(|f| f["function"] == "total")).cloned();
    let row = row.unwrap_or_else(|| panic!("a row for `total`: {diff}"));
    assert_eq!(row["status"], "behaviour-changed", "{row}");
    // one name for durations; 1.0's name still written with the same value
    assert_eq!(row["seconds"], row["time_seconds"], "{row}");
    assert!(errors("diff-v1.schema.json", &diff).is_empty(), "{:?}", errors("diff-v1.schema.json", &diff));
    // as 1.0 wrote it: no minor, no `seconds`
    diff["schema"] = Value::from("verdiff.diff/1");
    diff.as_object_mut().map(|o| o.remove("seconds"));
    for f in diff["functions"].as_array_mut().into_iter().flatten() {
        f.as_object_mut().map(|o| o.remove("seconds"));
    }
    assert!(errors("diff-v1.schema.json", &diff).is_empty(), "{:?}", errors("diff-v1.schema.json", &diff));
}

#[test]
fn a_check_document_states_its_minor_and_a_1_0_one_still_validates() {
    let r = Repo::new("schema-check");
    r.write(
        "p.c",
        "int nondet_int(void);\nint main(void) {\n  int a[4] = {0};\n  int i = nondet_int();\n  return a[i];\n}\n",
    );
    let json = r.path("out.json");
    let (code, _, err) = r.verdiff_in_dir(&["check", "p.c", "--json", json.to_str().expect("utf-8 path")]);
    assert_eq!(code, 10, "{err}");
    let mut doc: Value = serde_json::from_str(&r.read("out.json")).expect("JSON");
    assert_eq!(doc["schema"], "verdiff.check/1.6");
    assert!(doc["seconds"].as_f64().is_some(), "{doc}");
    assert!(errors("check-v1.schema.json", &doc).is_empty(), "{:?}", errors("check-v1.schema.json", &doc));
    // `i = nondet_int()` is the input of the trace
    let steps: Vec<Value> = doc["claims"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| c["trace"]["steps"].as_array().cloned())
        .flatten()
        .collect();
    let input = steps.iter().find(|s| s["kind"] == "input" && s["lhs"] == "i");
    let input = input.unwrap_or_else(|| panic!("an input step for i: {steps:?}"));
    let i: i64 = input["value"].as_str().and_then(|v| v.parse().ok()).expect("a number");
    assert!(!(0..4).contains(&i), "i = {i} must be outside a[4]");
    // as 1.0 wrote it
    doc["schema"] = Value::from("verdiff.check/1");
    doc.as_object_mut().map(|o| o.remove("seconds"));
    assert!(errors("check-v1.schema.json", &doc).is_empty(), "{:?}", errors("check-v1.schema.json", &doc));
    doc["schema"] = Value::from("verdiff.diff/1");
    assert!(!errors("check-v1.schema.json", &doc).is_empty(), "another document's name must not validate");
}
