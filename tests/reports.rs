//! The per-function report formats (src/report/{sarif,junit,markdown}.rs) on results built by
//! hand: a failed function with a three-step counterexample, a behaviour change, an unknown,
//! a verified function and one served from the cache.
//!
//! SARIF is checked against the official SARIF 2.1.0 schema (tests/data/sarif-schema-2.1.0.json,
//! see tests/data/README.md) with the `jsonschema` crate (tests/common/schema.rs); JUnit with a
//! small XML 1.0 well-formedness parser below.

use serde_json::{json, Value};
use verdiff::record::{counts, Claim, FunctionResult, Safety, Step};
use verdiff::report::{junit::junit, markdown::markdown, sarif::sarif, RunMeta};

#[path = "common/schema.rs"]
mod schema;
use schema::Violation;

const NASTY: &str = "index <&> \"quoted\" 'single' of `buf` | pipe";

fn step(line: u32, function: &str, text: &str) -> Step {
    Step { file: "src/ringbuf.c".into(), line, function: function.into(), text: text.into(), thread: 0 }
}

fn claim(kind: &str, description: &str, line: u32, status: &str, reason: &str, trace: Vec<Step>) -> Claim {
    Claim {
        kind: kind.into(),
        description: description.into(),
        file: "src/ringbuf.c".into(),
        line,
        function: String::new(),
        status: status.into(),
        reason: reason.into(),
        trace,
        in_base: None,
    }
}

fn function(name: &str, line: u32, change: &str, safety: Option<Safety>) -> FunctionResult {
    FunctionResult {
        function: name.into(),
        file: "src/ringbuf.c".into(),
        line,
        change: change.into(),
        change_detail: String::new(),
        safety,
        detail: String::new(),
        claims: vec![],
        seconds: 0.25,
        cached: false,
        assumes: vec![],
        phases_ms: None,
    }
}

fn failed(name: &str, trace: Vec<Step>) -> FunctionResult {
    let mut f = function(name, 10, "new", Some(Safety::Failed));
    f.detail = format!("{NASTY} at src/ringbuf.c:14 (array bounds)");
    f.claims = vec![claim("array bounds", NASTY, 14, "violated", "", trace)];
    f
}

fn three_steps() -> Vec<Step> {
    vec![
        // line 0: a step without a known line; SARIF needs startLine >= 1
        step(0, "push", "input n = 5"),
        step(12, "push", "call store(buf, 5)"),
        step(14, "store", "buf[4] = 5"),
    ]
}

/// failed, behaviour change, unknown, verified, cached — in that order.
fn sample() -> Vec<FunctionResult> {
    let push = failed("push", three_steps());
    let mut len = function("len", 20, "behaviour-changed", Some(Safety::Successful));
    len.change_detail = "input n = 3: old returns 3, new returns 4 | second line\nthird".into();
    let mut sort = function("sort", 30, "new", Some(Safety::Unknown));
    sort.detail = "some loop was cut at 3 iterations".into();
    sort.claims = vec![claim("division by zero", "divisor `k`", 33, "unknown", "solver timeout", vec![])];
    let init = function("init", 40, "new", Some(Safety::Successful));
    let mut reset = function("reset", 50, "new", Some(Safety::Successful));
    reset.cached = true;
    reset.seconds = 1.5;
    vec![push, len, sort, init, reset]
}

fn meta() -> RunMeta {
    RunMeta {
        command: "diff".into(),
        tool_version: "0.1.0".into(),
        base: Some("main".into()),
        head: Some("HEAD".into()),
        commit: Some("0123abcd".into()),
        started: "2024-05-01T12:00:00Z".into(),
        notes: vec!["2 files excluded by the configuration".into()],
    }
}

fn sarif_errors(doc: &Value) -> Vec<Violation> {
    schema::violations(&schema::validator("tests/data/sarif-schema-2.1.0.json"), doc)
}

fn lines(errs: &[Violation]) -> String {
    errs.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n")
}

// ---------------------------------------------------------------- SARIF

#[test]
fn sarif_conforms_to_the_official_schema() {
    let doc = sarif(&sample(), &meta());
    let errs = sarif_errors(&doc);
    assert!(errs.is_empty(), "{}\n{doc:#}", lines(&errs));
    // and so does a run without results and without optional facts
    let empty = sarif(&[], &RunMeta::default());
    let errs = sarif_errors(&empty);
    assert!(errs.is_empty(), "{}", lines(&errs));
    assert_eq!(empty["runs"][0]["results"], json!([]));
}

#[test]
fn sarif_content() {
    let doc = sarif(&sample(), &meta());
    assert_eq!(doc["$schema"], "https://json.schemastore.org/sarif-2.1.0.json");
    assert_eq!(doc["version"], "2.1.0");
    let run = &doc["runs"][0];
    let driver = &run["tool"]["driver"];
    assert_eq!(driver["name"], "verdiff");
    assert_eq!(driver["version"], "0.1.0");
    let rules: Vec<&str> = driver["rules"].as_array().unwrap().iter().map(|r| r["id"].as_str().unwrap()).collect();
    assert!(rules.contains(&"verdiff.array-bounds"), "{rules:?}");
    assert!(rules.contains(&"verdiff.behaviour-change"), "{rules:?}");
    assert!(rules.contains(&"verdiff.unknown"), "{rules:?}");
    // only violated kinds get a rule of their own; the undecided division is a note
    assert!(!rules.contains(&"verdiff.division-by-zero"), "{rules:?}");
    assert_eq!(run["invocations"][0]["executionSuccessful"], true);
    assert_eq!(run["invocations"][0]["startTimeUtc"], "2024-05-01T12:00:00Z");
    assert_eq!(run["properties"]["base"], "main");

    let results = run["results"].as_array().unwrap();
    let levels: Vec<&str> = results.iter().map(|r| r["level"].as_str().unwrap()).collect();
    // errors first, then warnings, then notes (the unknown claim and the unknown function)
    assert_eq!(levels, ["error", "warning", "note", "note"]);
    for r in results {
        let idx = r["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(driver["rules"][idx]["id"], r["ruleId"], "ruleIndex points at the rule");
    }

    let err = &results[0];
    assert_eq!(err["ruleId"], "verdiff.array-bounds");
    let msg = err["message"]["text"].as_str().unwrap();
    assert!(msg.contains(NASTY) && msg.contains("push"), "{msg}");
    let phys = &err["locations"][0]["physicalLocation"];
    assert_eq!(phys["artifactLocation"]["uri"], "src/ringbuf.c");
    assert_eq!(phys["artifactLocation"]["uriBaseId"], "%SRCROOT%");
    assert_eq!(phys["region"]["startLine"], 14);
    let steps = err["codeFlows"][0]["threadFlows"][0]["locations"].as_array().unwrap();
    assert_eq!(steps.len(), 3);
    assert_eq!(steps[0]["location"]["physicalLocation"]["region"]["startLine"], 1, "line 0 becomes 1");
    assert_eq!(steps[0]["location"]["message"]["text"], "input n = 5");
    assert_eq!(steps[0]["state"], json!({ "n": { "text": "5" } }));
    assert_eq!(steps[1]["kinds"], json!(["call"]));
    assert_eq!(steps[2]["state"], json!({ "buf[4]": { "text": "5" } }));
    assert_eq!(steps[2]["location"]["physicalLocation"]["region"]["startLine"], 14);
    assert_eq!(steps[2]["properties"]["function"], "store");

    let warn = &results[1];
    assert_eq!(warn["ruleId"], "verdiff.behaviour-change");
    let msg = warn["message"]["text"].as_str().unwrap();
    assert!(msg.contains("old returns 3, new returns 4") && msg.contains("len"), "{msg}");
    assert_eq!(warn["locations"][0]["physicalLocation"]["region"]["startLine"], 20);

    let notes: Vec<&str> = results[2..].iter().map(|r| r["message"]["text"].as_str().unwrap()).collect();
    assert!(notes.iter().any(|m| m.contains("solver timeout")), "{notes:?}");
    assert!(notes.iter().any(|m| m.contains("some loop was cut at 3 iterations")), "{notes:?}");
    assert!(results[2..].iter().all(|r| r["ruleId"] == "verdiff.unknown"));

    let notifications = run["invocations"][0]["toolExecutionNotifications"].as_array().unwrap();
    assert!(notifications.iter().any(|n| n["message"]["text"] == "2 files excluded by the configuration"));
    assert!(run["properties"].get("truncated").is_none());

    // rules carry help and tags; an out-of-bounds access is a security finding with a CWE
    let bounds = driver["rules"].as_array().unwrap().iter().find(|r| r["id"] == "verdiff.array-bounds").unwrap();
    assert!(bounds["help"]["text"].as_str().unwrap().contains("outside its bounds"), "{bounds}");
    assert_eq!(bounds["properties"]["security-severity"], "8.1");
    let tags: Vec<&str> =
        bounds["properties"]["tags"].as_array().unwrap().iter().map(|t| t.as_str().unwrap()).collect();
    assert!(tags.contains(&"security") && tags.contains(&"external/cwe/cwe-119"), "{tags:?}");
    let unknown = driver["rules"].as_array().unwrap().iter().find(|r| r["id"] == "verdiff.unknown").unwrap();
    assert!(unknown["properties"].get("security-severity").is_none(), "{unknown}");
}

/// Code scanning tracks an alert by its fingerprint: moving the code (other line numbers in
/// the locations and the messages) keeps every fingerprint, another function or rule gets
/// another one, and equal findings are told apart by their order.
#[test]
fn sarif_counterexample_of_two_threads_has_a_thread_flow_per_thread() {
    // main (thread 0) starts a worker (thread 1), the worker writes, main reads: the steps
    // interleave 0, 1, 0
    let on = |thread: u32, line: u32, text: &str| Step { thread, ..step(line, "main", text) };
    let trace = vec![on(0, 20, "thread 1 created, starting in worker"), on(1, 13, "g = 1"), on(0, 22, "l = g")];
    let mut f = failed("main", trace);
    f.claims[0].kind = "data-race".into();
    let doc = sarif(&[f], &meta());
    let errs = sarif_errors(&doc);
    assert!(errs.is_empty(), "{}", lines(&errs));
    let flows = doc["runs"][0]["results"][0]["codeFlows"][0]["threadFlows"].as_array().unwrap();
    assert_eq!(flows.len(), 2, "one thread flow per thread");
    assert_eq!(flows[0]["id"], "thread 0");
    assert_eq!(flows[1]["id"], "thread 1");
    let order = |flow: &Value| -> Vec<u64> {
        flow["locations"].as_array().unwrap().iter().map(|l| l["executionOrder"].as_u64().unwrap()).collect()
    };
    // the interleaving is kept: thread 0 made steps 1 and 3, thread 1 step 2
    assert_eq!(order(&flows[0]), [1, 3]);
    assert_eq!(order(&flows[1]), [2]);
    assert_eq!(flows[1]["locations"][0]["location"]["message"]["text"], "g = 1");
    // a single-threaded counterexample keeps one flow, without an id
    let single = sarif(&sample(), &meta());
    let one = single["runs"][0]["results"][0]["codeFlows"][0]["threadFlows"].as_array().unwrap();
    assert_eq!(one.len(), 1);
    assert!(one[0].get("id").is_none());
}

#[test]
fn sarif_fingerprints_survive_moved_lines() {
    let fingerprints = |results: &[verdiff::record::FunctionResult]| -> Vec<String> {
        let doc = sarif(results, &meta());
        doc["runs"][0]["results"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["partialFingerprints"]["verdiffFinding/v1"].as_str().expect("a fingerprint").to_string())
            .collect()
    };
    let before = sample();
    let mut moved = sample();
    for r in &mut moved {
        r.line += 7;
        for c in &mut r.claims {
            c.line += 7;
            c.description = c.description.replace("14", "21");
        }
    }
    let (a, b) = (fingerprints(&before), fingerprints(&moved));
    assert_eq!(a, b);
    let distinct: std::collections::BTreeSet<&String> = a.iter().collect();
    assert_eq!(distinct.len(), a.len(), "{a:?}");
    let mut renamed = sample();
    renamed[0].function = format!("{}_other", renamed[0].function);
    assert_ne!(fingerprints(&renamed)[0], a[0]);
    // the same finding twice: :1 and :2
    let mut twice = sample();
    let first = twice[0].claims[0].clone();
    twice[0].claims.insert(1, first);
    let f = fingerprints(&twice);
    assert_eq!(f[0].split(':').next(), f[1].split(':').next());
    assert!(f[0].ends_with(":1") && f[1].ends_with(":2"), "{f:?}");
    // a diff's race that the base version does not have: said in the message and the
    // properties, and still the same finding (fingerprint) as without the comparison
    let mut new = sample();
    new[0].claims[0].in_base = Some(false);
    let doc = sarif(&new, &meta());
    let r0 = &doc["runs"][0]["results"][0];
    assert!(r0["message"]["text"].as_str().is_some_and(|m| m.contains("introduced by this change")), "{r0:#}");
    assert_eq!(r0["properties"]["inBase"], false);
    assert_eq!(fingerprints(&new)[0], a[0]);
}

#[test]
fn sarif_paths_become_uri_references() {
    let mut f = failed("push", three_steps());
    f.claims[0].file = "./src/my dir/a#b.c".into();
    let mut g = failed("pop", vec![]);
    g.claims[0].file = "/abs/x.c".into();
    let doc = sarif(&[f, g], &RunMeta::default());
    let errs = sarif_errors(&doc);
    assert!(errs.is_empty(), "{}", lines(&errs));
    let loc = &doc["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"];
    assert_eq!(loc["uri"], "src/my%20dir/a%23b.c");
    let loc = &doc["runs"][0]["results"][1]["locations"][0]["physicalLocation"]["artifactLocation"];
    assert_eq!(loc["uri"], "file:///abs/x.c");
    assert!(loc.get("uriBaseId").is_none());
    assert!(doc["runs"][0]["results"][1].get("codeFlows").is_none(), "no trace, no code flow");
}

/// The schema check can fail: broken documents are rejected, each for its own reason (the
/// keyword that is not met, at the path of the value that breaks it).
#[test]
fn sarif_schema_check_rejects_invalid_documents() {
    let good = sarif(&sample(), &meta());
    assert!(sarif_errors(&good).is_empty());
    let broken = |f: &dyn Fn(&mut Value)| {
        let mut d = good.clone();
        f(&mut d);
        sarif_errors(&d)
    };
    let has = |e: &[Violation], path: &str, keyword: &str, text: &str| {
        e.iter().any(|v| v.path == path && v.keyword == keyword && v.message.contains(text))
    };
    let result0 = "/runs/0/results/0";
    let e =
        broken(&|d| d["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"] = json!(0));
    assert!(
        has(&e, &format!("{result0}/locations/0/physicalLocation/region/startLine"), "minimum", ""),
        "{}",
        lines(&e)
    );
    let e = broken(&|d| {
        d["runs"][0]["results"][1].as_object_mut().unwrap().remove("message");
    });
    assert!(has(&e, "/runs/0/results/1", "required", "\"message\""), "{}", lines(&e));
    let e = broken(&|d| d["runs"][0]["results"][0]["level"] = json!("fatal"));
    assert!(has(&e, &format!("{result0}/level"), "enum", ""), "{}", lines(&e));
    let e = broken(&|d| d["runs"][0]["results"][0]["severity"] = json!("high"));
    assert!(has(&e, result0, "additionalProperties", "'severity'"), "{}", lines(&e));
    let e = broken(&|d| d["version"] = json!("2.0.0"));
    assert!(has(&e, "/version", "enum", ""), "{}", lines(&e));
    let e = broken(&|d| {
        d["runs"][0]["tool"]["driver"].as_object_mut().unwrap().remove("name");
    });
    assert!(has(&e, "/runs/0/tool/driver", "required", "\"name\""), "{}", lines(&e));
    let flow = format!("{result0}/codeFlows/0/threadFlows/0/locations");
    let e = broken(&|d| d["runs"][0]["results"][0]["codeFlows"][0]["threadFlows"][0]["locations"] = json!([]));
    assert!(has(&e, &flow, "minItems", ""), "{}", lines(&e));
    let e = broken(&|d| {
        d["runs"][0]["results"][0]["codeFlows"][0]["threadFlows"][0]["locations"][0]["state"]["n"] = json!("5")
    });
    assert!(has(&e, &format!("{flow}/0/state/n"), "type", ""), "state values are message strings: {}", lines(&e));
    // patterns are checked (result.guid must be a UUID)
    let e = broken(&|d| d["runs"][0]["results"][0]["guid"] = json!("not-a-guid"));
    assert!(has(&e, &format!("{result0}/guid"), "pattern", ""), "{}", lines(&e));
    let e = broken(&|d| d["runs"][0]["results"][0]["guid"] = json!("3f2504e0-4f89-41d3-9a0c-0305e82c3301"));
    assert!(e.is_empty(), "{}", lines(&e));
}

#[test]
fn sarif_keeps_at_most_5000_results_errors_first() {
    // 60 functions with 100 violated claims each: 6,000 errors, plus a behaviour change and
    // an unknown that must be the ones dropped
    let mut rs: Vec<FunctionResult> = (0..60)
        .map(|i| {
            let mut f = failed(&format!("f{i}"), vec![step(3, "f", "x = 1")]);
            let c = f.claims[0].clone();
            f.claims = (0..100u32).map(|j| Claim { line: j, ..c.clone() }).collect();
            f
        })
        .collect();
    let mut changed = function("g", 5, "behaviour-changed", Some(Safety::Successful));
    changed.change_detail = "n = 1".into();
    rs.push(changed);
    rs.push(function("h", 6, "unknown", None));
    let doc = sarif(&rs, &meta());
    let run = &doc["runs"][0];
    let results = run["results"].as_array().unwrap();
    assert_eq!(results.len(), 5000);
    assert!(results.iter().all(|r| r["level"] == "error"));
    assert_eq!(run["properties"]["truncated"], true);
    let notes = run["invocations"][0]["toolExecutionNotifications"].as_array().unwrap();
    let note = notes
        .iter()
        .filter_map(|n| n["message"]["text"].as_str())
        .find(|t| t.contains("5000"))
        .expect("a truncation notification");
    assert!(note.contains("1000 errors, 1 warnings and 1 notes"), "{note}");
    let errs = sarif_errors(&doc);
    assert!(errs.is_empty(), "{}", lines(&errs[..errs.len().min(5)]));

    // below the cap with warnings: severity order decides what stays
    rs.truncate(50); // 5,000 errors
    rs[49].claims.truncate(90); // 4,990 errors
    for i in 0..20 {
        let mut c = function(&format!("c{i}"), 7, "behaviour-changed", None);
        c.change_detail = "n = 2".into();
        rs.push(c);
    }
    let doc = sarif(&rs, &meta());
    let results = doc["runs"][0]["results"].as_array().unwrap();
    assert_eq!(results.len(), 5000);
    assert_eq!(results.iter().filter(|r| r["level"] == "warning").count(), 10);
    assert_eq!(results[4989]["level"], "error");
    assert_eq!(results[4990]["level"], "warning");
}

// ---------------------------------------------------------------- JUnit

/// An element of a parsed XML document.
#[derive(Debug)]
struct Elem {
    name: String,
    attrs: Vec<(String, String)>,
    children: Vec<Elem>,
    text: String,
}

impl Elem {
    fn attr(&self, k: &str) -> Option<&str> {
        self.attrs.iter().find(|(n, _)| n == k).map(|(_, v)| v.as_str())
    }
    fn all<'a>(&'a self, name: &str, out: &mut Vec<&'a Elem>) {
        if self.name == name {
            out.push(self);
        }
        for c in &self.children {
            c.all(name, out);
        }
    }
    fn find(&self, name: &str) -> Vec<&Elem> {
        let mut v = Vec::new();
        self.all(name, &mut v);
        v
    }
}

fn xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..='\u{10FFFF}')
}

/// A strict XML 1.0 well-formedness parser for what JUnit reports contain: an optional XML
/// declaration, elements, attributes, character data, comments, CDATA, the five predefined
/// entities and character references. Any other `&`, a `<` in an attribute value or text,
/// unbalanced or mismatched tags, duplicate attributes, characters outside XML 1.0 or more
/// than one root are errors.
struct Xml<'a> {
    s: &'a str,
    pos: usize,
}

impl Xml<'_> {
    fn parse(s: &str) -> Result<Elem, String> {
        if let Some(c) = s.chars().find(|&c| !xml_char(c)) {
            return Err(format!("character U+{:04X} is not allowed in XML 1.0", c as u32));
        }
        let mut p = Xml { s, pos: 0 };
        if p.rest().starts_with("<?xml") {
            let end = p.rest().find("?>").ok_or("unclosed XML declaration")?;
            p.pos += end + 2;
        }
        p.misc()?;
        let root = p.element()?;
        p.misc()?;
        if p.pos != s.len() {
            return Err(format!("content after the root element at byte {}", p.pos));
        }
        Ok(root)
    }
    fn rest(&self) -> &str {
        &self.s[self.pos..]
    }
    fn ws(&mut self) {
        let r = self.rest();
        self.pos += r.len() - r.trim_start_matches([' ', '\t', '\r', '\n']).len();
    }
    fn misc(&mut self) -> Result<(), String> {
        loop {
            self.ws();
            if self.rest().starts_with("<!--") {
                let end = self.rest().find("-->").ok_or("unclosed comment")?;
                self.pos += end + 3;
            } else {
                return Ok(());
            }
        }
    }
    fn name(&mut self) -> Result<String, String> {
        let r = self.rest();
        let n = r.find(|c: char| !(c.is_alphanumeric() || matches!(c, '_' | ':' | '-' | '.'))).unwrap_or(r.len());
        let name = r[..n].to_string();
        if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '.') {
            return Err(format!("bad name at byte {}", self.pos));
        }
        self.pos += n;
        Ok(name)
    }
    fn eat(&mut self, t: &str) -> Result<(), String> {
        if self.rest().starts_with(t) {
            self.pos += t.len();
            Ok(())
        } else {
            Err(format!("expected `{t}` at byte {}: {:.40}", self.pos, self.rest()))
        }
    }
    /// An entity or character reference after `&`.
    fn reference(&mut self) -> Result<char, String> {
        let end = self.rest().find(';').ok_or("unterminated reference")?;
        let r = self.rest()[..end].to_string();
        self.pos += end + 1;
        let c = match r.as_str() {
            "amp" => '&',
            "lt" => '<',
            "gt" => '>',
            "quot" => '"',
            "apos" => '\'',
            _ => {
                let n = if let Some(h) = r.strip_prefix("#x") {
                    u32::from_str_radix(h, 16).ok()
                } else if let Some(d) = r.strip_prefix('#') {
                    d.parse().ok()
                } else {
                    None
                };
                n.and_then(char::from_u32).filter(|&c| xml_char(c)).ok_or(format!("bad reference &{r};"))?
            }
        };
        Ok(c)
    }
    fn element(&mut self) -> Result<Elem, String> {
        self.eat("<")?;
        let name = self.name()?;
        let mut e = Elem { name, attrs: vec![], children: vec![], text: String::new() };
        loop {
            let before = self.pos;
            self.ws();
            if self.rest().starts_with("/>") {
                self.pos += 2;
                return Ok(e);
            }
            if self.rest().starts_with('>') {
                self.pos += 1;
                break;
            }
            if self.pos == before {
                return Err(format!("expected white space before an attribute at byte {}", self.pos));
            }
            let k = self.name()?;
            self.ws();
            self.eat("=")?;
            self.ws();
            let q = self.rest().chars().next().filter(|c| *c == '"' || *c == '\'').ok_or("unquoted attribute")?;
            self.pos += 1;
            let mut v = String::new();
            loop {
                let c = self.rest().chars().next().ok_or("unterminated attribute")?;
                self.pos += c.len_utf8();
                match c {
                    c if c == q => break,
                    '<' => return Err(format!("`<` in the value of attribute {k}")),
                    '&' => v.push(self.reference()?),
                    c => v.push(c),
                }
            }
            if e.attrs.iter().any(|(n, _)| *n == k) {
                return Err(format!("duplicate attribute {k}"));
            }
            e.attrs.push((k, v));
        }
        loop {
            let r = self.rest();
            if r.starts_with("</") {
                self.pos += 2;
                let close = self.name()?;
                if close != e.name {
                    return Err(format!("</{close}> closes <{}>", e.name));
                }
                self.ws();
                self.eat(">")?;
                return Ok(e);
            } else if r.starts_with("<!--") {
                let end = r.find("-->").ok_or("unclosed comment")?;
                self.pos += end + 3;
            } else if let Some(body) = r.strip_prefix("<![CDATA[") {
                let end = body.find("]]>").ok_or("unclosed CDATA")?;
                e.text.push_str(&body[..end]);
                self.pos += 9 + end + 3;
            } else if r.starts_with('<') {
                e.children.push(self.element()?);
            } else {
                let c = r.chars().next().ok_or(format!("<{}> is not closed", e.name))?;
                if r.starts_with("]]>") {
                    return Err("`]]>` in character data".into());
                }
                self.pos += c.len_utf8();
                if c == '&' {
                    e.text.push(self.reference()?);
                } else {
                    e.text.push(c);
                }
            }
        }
    }
}

#[test]
fn xml_checker_rejects_what_is_not_well_formed() {
    assert!(Xml::parse("<a x=\"1\"><b/>t &amp; &#x3C;</a>").is_ok());
    for bad in [
        "<a><b></a>",
        "<a>x & y</a>",
        "<a>x < y</a>",
        "<a x=\"<\"/>",
        "<a x=\"1\" x=\"2\"/>",
        "<a/><b/>",
        "<a>\u{1}</a>",
        "<a>&#1;</a>",
        "<a>&nbsp;</a>",
        "<a x='1\"/>",
        "<a",
    ] {
        assert!(Xml::parse(bad).is_err(), "accepted {bad:?}");
    }
}

#[test]
fn junit_is_well_formed_and_counts() {
    let rs = sample();
    let x = junit(&rs, &meta());
    let root = Xml::parse(&x).unwrap_or_else(|e| panic!("{e}\n{x}"));
    assert_eq!(root.name, "testsuites");
    let suite = &root.find("testsuite")[0];
    assert_eq!(suite.attr("name"), Some("verdiff diff"));
    assert_eq!(suite.attr("tests"), Some("5"));
    assert_eq!(suite.attr("failures"), Some("2"), "the violation and the behaviour change");
    assert_eq!(suite.attr("errors"), Some("0"));
    assert_eq!(suite.attr("skipped"), Some("1"), "the unknown");
    assert_eq!(suite.attr("time"), Some("1.000"), "four functions of 0.25s; the cached one took no time");
    assert_eq!(root.attr("tests"), Some("5"));
    let cases = root.find("testcase");
    assert_eq!(cases.len(), 5);
    assert!(cases.iter().all(|c| c.attr("classname") == Some("src/ringbuf.c")));
    let names: Vec<&str> = cases.iter().filter_map(|c| c.attr("name")).collect();
    assert_eq!(names, ["push", "len", "sort", "init", "reset"]);

    let fail = &cases[0].find("failure")[0];
    // escaping survives a round trip: the parser decodes exactly the original text
    assert!(fail.attr("message").unwrap().starts_with(NASTY), "{:?}", fail.attr("message"));
    assert_eq!(fail.attr("type"), Some("verdiff.array-bounds"));
    for s in three_steps() {
        assert!(fail.text.contains(&s.text), "{}", fail.text);
    }
    assert!(fail.text.contains(NASTY));
    assert!(x.contains("&lt;&amp;&gt; &quot;quoted&quot; &apos;single&apos;"), "escaped in the file");

    let change = &cases[1].find("failure")[0];
    assert_eq!(change.attr("type"), Some("verdiff.behaviour-change"));
    // line breaks inside an attribute survive as character references
    assert!(change.attr("message").unwrap().contains("second line\nthird"));

    let skipped = &cases[2].find("skipped")[0];
    assert!(skipped.attr("message").unwrap().contains("some loop was cut at 3 iterations"));
    assert!(cases[3].children.is_empty(), "a pass has no child");
    assert_eq!(cases[4].attr("time"), Some("0"));
    assert!(cases[4].find("system-out")[0].text.contains("cache"));

    let props: Vec<(&str, &str)> =
        root.find("property").iter().map(|p| (p.attr("name").unwrap(), p.attr("value").unwrap())).collect();
    assert!(props.contains(&("base", "main")) && props.contains(&("note", "2 files excluded by the configuration")));
}

#[test]
fn junit_drops_characters_xml_cannot_carry() {
    let mut f = failed("weird", three_steps());
    f.claims[0].description = "nul\u{0} bell\u{7} esc\u{1b} nonchar\u{FFFE} tab\tend".into();
    f.detail = f.claims[0].description.clone();
    f.claims[0].trace[1].text = "call f(\"\u{1}\")".into();
    let x = junit(&[f], &RunMeta::default());
    let root = Xml::parse(&x).unwrap_or_else(|e| panic!("{e}\n{x}"));
    let fail = &root.find("failure")[0];
    assert_eq!(fail.attr("message"), Some("nul bell esc nonchar tab\tend"));
    assert!(fail.text.contains("call f(\"\")"));
    assert_eq!(root.find("testsuite")[0].attr("name"), Some("verdiff"));
}

// ---------------------------------------------------------------- Markdown

#[test]
fn markdown_summary() {
    let rs = sample();
    let c = counts(&rs);
    assert_eq!((c.functions, c.verified, c.failed, c.unknown, c.changed, c.cached), (5, 3, 1, 1, 1, 1));
    let md = markdown(&rs, &meta());
    let counts_line = "**5 functions**: 3 verified, 1 failed, 1 unknown, 1 behaviour changed, 1 served from cache";
    let at = md.find(counts_line).unwrap_or_else(|| panic!("{md}"));
    let table = md.find("| function | file:line | change | safety | time |").expect("a table");
    assert!(md.starts_with("### verdiff diff\n"), "{md}");
    assert!(at < table, "counts first");
    assert!(md.contains("base `main`, head `HEAD`, commit `0123abcd`"), "{md}");
    // every function is listed (5 ≤ 50), failures first
    let rows: Vec<&str> = md.lines().filter(|l| l.starts_with("| `")).collect();
    assert_eq!(rows.len(), 5, "{md}");
    assert!(rows[0].starts_with("| `push` | src/ringbuf.c:10 |"), "{}", rows[0]);
    // cells: `|` escaped, line breaks gone, HTML escaped
    assert!(rows[0].contains("&lt;&amp;&gt;") && rows[0].contains("\\| pipe"), "{}", rows[0]);
    assert!(rows[1].contains("new returns 4 \\| second line third"), "{}", rows[1]);
    assert!(rows.iter().all(|r| r.matches(" | ").count() == 4), "{rows:#?}");
    assert!(rows.iter().any(|r| r.starts_with("| `reset`") && r.contains("1.50s (cached)")));
    // the failure's counterexample, collapsed
    let d = md.find("<details><summary><code>push</code>").expect("details for the failure");
    let end = md[d..].find("</details>").expect("closed") + d;
    let block = &md[d..end];
    for s in three_steps() {
        assert!(block.contains(&s.text), "{block}");
    }
    assert!(block.contains("src/ringbuf.c:14 store: buf[4] = 5"), "{block}");
    assert!(md.contains("<details><summary><code>len</code>"), "the distinguishing input, collapsed");
    assert!(!md.contains("Left out"));
}

#[test]
fn markdown_lists_only_findings_beyond_50_functions() {
    let mut rs: Vec<FunctionResult> =
        (0..60).map(|i| function(&format!("ok{i}"), i, "unchanged", Some(Safety::Successful))).collect();
    rs.push(failed("bad", three_steps()));
    rs.push(function("fresh", 3, "new", Some(Safety::Successful)));
    let md = markdown(&rs, &RunMeta { command: "run".into(), ..RunMeta::default() });
    let rows: Vec<&str> = md.lines().filter(|l| l.starts_with("| `")).collect();
    assert_eq!(rows.len(), 2, "{md}");
    assert!(rows[0].starts_with("| `bad`") && rows[1].starts_with("| `fresh`"));
    assert!(md.contains("60 functions without findings"), "{md}");
    assert!(md.contains("**62 functions**: 61 verified, 1 failed"), "{md}");
}

#[test]
fn markdown_stays_under_one_megabyte() {
    // 400 failed functions with 60-step counterexamples: over 2 MB of input
    let rs: Vec<FunctionResult> = (0..400)
        .map(|i| {
            let trace = (0..60)
                .map(|j| {
                    step(j + 1, "walk", &format!("node[{j}].next = 0x{:016x} /* a long step text {i} */", j * 7919))
                })
                .collect();
            failed(&format!("walk{i}"), trace)
        })
        .collect();
    let input = serde_json::to_string(&rs).unwrap().len();
    assert!(input > 2_000_000, "input {input} bytes");
    let md = markdown(&rs, &meta());
    assert!(md.len() < 1_000_000, "{} bytes", md.len());
    let shown = md.matches("<details>").count();
    assert!(shown > 10 && shown < 400, "{shown} details blocks");
    let note = md.lines().find(|l| l.contains("Left out")).expect("a truncation note");
    assert!(note.contains(&format!("0 table rows, {} details blocks", 400 - shown)), "{note}");
    assert_eq!(md.lines().filter(|l| l.starts_with("| `walk")).count(), 400, "all rows fit");

    // so many rows that the table itself must stop
    let rs: Vec<FunctionResult> = (0..8000)
        .map(|i| {
            let mut f = failed(&format!("f{i}"), three_steps());
            f.detail = "x".repeat(500);
            f
        })
        .collect();
    let md = markdown(&rs, &meta());
    assert!(md.len() < 1_000_000, "{} bytes", md.len());
    let rows = md.lines().filter(|l| l.starts_with("| `f")).count();
    assert!(rows > 100 && rows < 8000, "{rows}");
    let note = md.lines().find(|l| l.contains("Left out")).expect("a truncation note");
    assert!(note.contains(&format!("{} table rows, 8000 details blocks", 8000 - rows)), "{note}");
}

#[test]
fn markdown_of_nothing() {
    let md = markdown(&[], &RunMeta::default());
    assert!(md.contains("**0 functions**"));
    assert!(md.contains("No C function was checked."));
}
