//! `verdiff report --html DIR` on a real history: a git repository (built with git2) verified
//! by the real binary twice, with a commit in between that fixes two functions and breaks
//! another. The expected counts and changes come from reading the C code below, not from the
//! tool's output. When chromium is installed (.ci/deps.sh installs it), the page is also
//! rendered by a real browser: a screenshot and the DOM it builds.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[path = "common/repo.rs"]
mod repo;
use repo::Repo;

/// The first night. Verdicts (safety of each function as an entry point, nondeterministic
/// arguments, the default checks — bounds, division by zero, pointers — and unwind 10):
/// - get: i = 3 gives j = 4, one past `table` → FAILED
/// - avg: n = 0 divides by zero → FAILED
/// - add: no claim can fail → verified
/// - fill: 0 <= n <= 7 indexes buf[8] inside its bounds → verified
/// - spin: the loop runs n times for any unsigned n, more than the bound 10, and keeps s
///   even (s - 1 is never 0), which the loop's havoc abstraction forgets → UNKNOWN
///
/// and in the second file `check` fails its assertion for n = 4 (k = 8): FAILED.
/// 6 functions: 2 verified, 3 failed, 1 unknown.
const LIB_V1: &str = "int table[4];

int get(int i) {
    if (i < 0) return 0;
    int j = i + 1;
    return table[j];
}

unsigned avg(unsigned sum, unsigned n) {
    return sum / n;
}

int add(int a, int b) {
    return (a & 0xff) + (b & 0xff);
}

int fill(int n) {
    int buf[8];
    if (n < 0 || n > 7) return -1;
    buf[n] = 1;
    return buf[n];
}

unsigned spin(unsigned n) {
    unsigned s = 0;
    for (unsigned i = 0; i < n; i++) s += 2;
    return 10 / (s - 1);
}
";

/// The second night: get (now j <= 3) and avg (n = 0 handled) are fixed, fill accepts n = 8,
/// which writes one past buf → FAILED; add, spin and check are unchanged.
/// 6 functions: 3 verified (get, avg, add), 2 failed (fill, check), 1 unknown (spin).
const LIB_V2: &str = "int table[4];

int get(int i) {
    if (i < 0 || i >= 3) return 0;
    int j = i + 1;
    return table[j];
}

unsigned avg(unsigned sum, unsigned n) {
    if (n == 0) return 0;
    return sum / n;
}

int add(int a, int b) {
    return (a & 0xff) + (b & 0xff);
}

int fill(int n) {
    int buf[8];
    if (n < 0 || n > 8) return -1;
    buf[n] = 1;
    return buf[n];
}

unsigned spin(unsigned n) {
    unsigned s = 0;
    for (unsigned i = 0; i < n; i++) s += 2;
    return 10 / (s - 1);
}
";

/// A file name and a string literal that are markup: both must reach the page escaped.
const EVIL_FILE: &str = "evil<script>.c";
const EVIL: &str = "#include <assert.h>

int check(int n) {
    int k = n * 2;
    assert(k != 8 && \"</script><script>alert('x')</script>\");
    return k;
}
";

/// 1-based number of the line of `text` equal to `line` after trimming.
fn line_of(text: &str, line: &str) -> usize {
    text.lines().position(|l| l.trim() == line).map(|i| i + 1).unwrap_or_else(|| panic!("no line `{line}`"))
}

/// The text between `start` (inclusive) and the next `end` after it.
fn between<'a>(html: &'a str, start: &str, end: &str) -> &'a str {
    let i = html.find(start).unwrap_or_else(|| panic!("`{start}` not in the page"));
    let j = html[i..].find(end).map(|j| i + j + end.len()).unwrap_or(html.len());
    &html[i..j]
}

/// The counterexample article of `function`.
fn counterexample<'a>(html: &'a str, function: &str) -> &'a str {
    let section = between(html, "<section id=\"counterexamples\">", "</section>");
    section
        .split("<article class=\"cex\"")
        .skip(1)
        .find(|a| a.contains(&format!("<h3><code>{function}</code>")))
        .unwrap_or_else(|| panic!("no counterexample for {function}:\n{section}"))
}

/// (change class, function) rows of the "since the previous run" section.
fn change_rows(html: &str) -> Vec<(String, String)> {
    let section = between(html, "<section id=\"changes\">", "</section>");
    let mut rows = Vec::new();
    for part in section.split("<tr class=\"change ").skip(1) {
        let kind = part.split('"').next().unwrap_or("").to_string();
        let f = part.split("<code>").nth(1).and_then(|s| s.split("</code>").next()).unwrap_or("").to_string();
        rows.push((kind, f));
    }
    rows.sort();
    rows
}

fn chromium() -> Option<PathBuf> {
    ["/usr/bin/chromium", "/usr/bin/chromium-browser"].iter().map(PathBuf::from).find(|p| p.exists())
}

/// Runs chromium headless with a time limit; returns its standard output.
fn browser(exe: &Path, profile: &Path, args: &[String]) -> String {
    let mut cmd = Command::new(exe);
    cmd.args(["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions"])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    let mut child = cmd.spawn().expect("chromium starts");
    let mut stdout = child.stdout.take().expect("stdout");
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(&mut stdout, &mut s);
        s
    });
    let start = Instant::now();
    loop {
        match child.try_wait().expect("wait") {
            Some(_) => break,
            None if start.elapsed() > Duration::from_secs(180) => {
                let _ = child.kill();
                let _ = child.wait();
                panic!("chromium did not finish within 180 s: {args:?}");
            }
            None => std::thread::sleep(Duration::from_millis(100)),
        }
    }
    reader.join().unwrap_or_default()
}

#[test]
fn report_of_two_runs() {
    let r = Repo::new("two-runs");
    r.write(".verdiff.yml", "sources: ['**/*.c']\n");
    r.write("src/lib.c", LIB_V1);
    r.write(EVIL_FILE, EVIL);
    r.commit("first night");
    let dir = r.dir.to_str().expect("utf-8 path").to_string();
    let (code, out, err) = r.verdiff_in_dir(&["run", "--repo", &dir, "--quiet"]);
    assert_eq!(code, 10, "first run fails (get, avg, check):\n{out}\n{err}");
    r.write("src/lib.c", LIB_V2);
    let head = r.commit("fix get and avg, break fill");
    let (code, out, err) = r.verdiff_in_dir(&["run", "--repo", &dir, "--quiet"]);
    assert_eq!(code, 10, "second run fails (fill, check):\n{out}\n{err}");

    let site = r.dir.join("site");
    let site_s = site.to_str().expect("utf-8").to_string();
    let (code, out, err) = r.verdiff_in_dir(&["report", "--repo", &dir, "--html", &site_s]);
    assert_eq!(code, 0, "{out}\n{err}");
    let index = site.join("index.html");
    assert_eq!(out.trim(), index.display().to_string(), "the command prints the page's path");
    let html = std::fs::read_to_string(&index).expect("index.html written");

    // self-contained: no script, no external resource
    assert!(!html.contains("<script"), "a script element (or unescaped markup) in the page");
    for external in ["http://", "https://", "<link", "@import", "url("] {
        assert!(!html.contains(external), "external reference `{external}` in the page");
    }

    // the summary is the latest run's: 3 verified (get, avg, add), 2 failed (fill, check),
    // 1 unknown (spin); its commit is the second one
    assert!(html.contains("6 functions: 3 verified, 2 failed, 1 unknown"), "{html}");
    for (id, n) in [("functions", 6), ("verified", 3), ("failed", 2), ("unknown", 1)] {
        assert!(html.contains(&format!("<span class=\"num\" id=\"count-{id}\">{n}</span>")), "count {id} = {n}");
    }
    assert!(html.contains("VERIFICATION FAILED"));
    assert!(html.contains(&head[..10]), "the latest run's commit {head} in the summary");

    // the per-function table: every function once, with its verdict
    let table = between(&html, "<section id=\"functions\">", "</section>");
    for (f, verdict) in [
        ("get", "verified"),
        ("avg", "verified"),
        ("add", "verified"),
        ("fill", "failed"),
        ("check", "failed"),
        ("spin", "unknown"),
    ] {
        let row = table
            .split("<tr class=\"fn-row ")
            .find(|row| row.contains(&format!("<code>{f}</code>")))
            .unwrap_or_else(|| panic!("no row for {f}"));
        assert!(row.starts_with(verdict), "{f} should be {verdict}: {row}");
    }
    assert_eq!(table.matches("<tr class=\"fn-row ").count(), 6);
    // add did not change: its result comes from the cache the first run filled
    let add_row = table.split("<tr class=\"fn-row ").find(|row| row.contains("<code>add</code>")).unwrap_or("");
    assert!(add_row.contains("<td>yes</td>"), "add is cached: {add_row}");

    // fill's counterexample shows the out-of-bounds write in its source context
    let fill = counterexample(&html, "fill");
    let write_line = line_of(LIB_V2, "buf[n] = 1;");
    let row = fill
        .split("<tr ")
        .find(|row| row.contains(&format!("<td class=\"no\">{write_line}</td>")))
        .unwrap_or_else(|| panic!("line {write_line} not shown:\n{fill}"));
    assert!(row.starts_with("class=\"claim-line\""), "line {write_line} is the claim's: {row}");
    assert!(row.contains("<pre>    buf[n] = 1;</pre>"), "{row}");
    assert!(row.contains("<span class=\"violation\">"), "the claim beside its line: {row}");
    assert!(fill.contains("array bounds"), "{fill}");
    // the guard two lines above is shown as context
    assert!(fill.contains("if (n &lt; 0 || n &gt; 8) return -1;"), "{fill}");

    // check's counterexample: the input n = 4 where the function starts (k = n * 2 is 8 only
    // for n = 4 without overflow), then the step k = 8 beside `int k = n * 2;`, the
    // assertion line (a string literal full of markup) escaped
    let check = counterexample(&html, "check");
    let step_line = line_of(EVIL, "int k = n * 2;");
    let row = between(check, &format!("<td class=\"no\">{step_line}</td>"), "</tr>");
    assert!(row.contains("int k = n * 2;") && row.contains("<span class=\"step\">#1 input n = 4</span>"), "{row}");
    assert!(row.contains("<span class=\"step\">#2 k = 8</span>"), "{row}");
    assert!(check.contains("evil&lt;script&gt;.c"), "the file name escaped: {check}");
    assert!(check.contains("&lt;script&gt;alert("), "the string literal escaped: {check}");

    // the failures of the first night that were fixed have no counterexample any more
    let cex = between(&html, "<section id=\"counterexamples\">", "</section>");
    assert_eq!(cex.matches("<article class=\"cex\"").count(), 2, "fill and check only");

    // since the previous run: exactly get and avg fixed, fill newly failing
    assert_eq!(
        change_rows(&html),
        vec![
            ("fixed".to_string(), "avg".to_string()),
            ("fixed".to_string(), "get".to_string()),
            ("new-failure".to_string(), "fill".to_string()),
        ]
    );

    // trend charts: one bar and one point per run, each with a title
    let counts = between(&html, "<svg class=\"chart\" id=\"chart-counts\"", "</svg>");
    assert_eq!(counts.matches("<g class=\"run\"").count(), 2, "{counts}");
    assert!(counts.contains("2 verified, 3 failed, 1 unknown"), "first run's bar title");
    assert!(counts.contains("3 verified, 2 failed, 1 unknown"), "second run's bar title");
    for legend in [">verified</text>", ">failed</text>", ">unknown</text>"] {
        assert!(counts.contains(legend), "legend {legend}");
    }
    let time = between(&html, "<svg class=\"chart\" id=\"chart-time\"", "</svg>");
    assert_eq!(time.matches("<circle class=\"point\"").count(), 2, "{time}");
    assert_eq!(time.matches("<title").count(), 3, "the chart's title and one per point");

    // --runs keeps the charts to the last runs
    let site1 = r.dir.join("site1");
    let (code, _, err) =
        r.verdiff_in_dir(&["report", "--repo", &dir, "--html", site1.to_str().unwrap_or(""), "--runs", "1"]);
    assert_eq!(code, 0, "{err}");
    let html1 = std::fs::read_to_string(site1.join("index.html")).expect("index.html");
    assert_eq!(html1.matches("<g class=\"run\"").count(), 1);
    assert_eq!(change_rows(&html1).len(), 3, "the comparison does not depend on --runs");

    // a real browser renders it
    let Some(exe) = chromium() else {
        println!("NOTICE: /usr/bin/chromium not found: the browser check of the HTML report was skipped");
        return;
    };
    let url = format!("file://{}", index.display());
    let shot = site.join("shot.png");
    let profile = r.dir.join("chromium-profile");
    browser(
        &exe,
        &profile,
        &[format!("--screenshot={}", shot.display()), "--window-size=1280,2000".to_string(), url.clone()],
    );
    let png = std::fs::read(&shot).expect("chromium wrote the screenshot");
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "a PNG file");
    assert!(png.len() > 10_000, "the screenshot is {} bytes: an empty page?", png.len());
    let dom = browser(&exe, &profile, &["--dump-dom".to_string(), url]);
    assert!(dom.contains("6 functions: 3 verified, 2 failed, 1 unknown"), "DOM:\n{dom}");
    assert!(dom.contains("id=\"count-failed\">2</span>"), "DOM:\n{dom}");
    assert!(!dom.contains("<script"), "the browser built a script element:\n{dom}");
    assert!(dom.contains("evil&lt;script&gt;.c"), "the file name is text in the DOM");
    assert_eq!(dom.matches("<circle class=\"point\"").count(), 2, "the SVG is part of the DOM");
}

#[test]
fn empty_history_exits_6_with_an_empty_page() {
    let r = Repo::new("empty");
    r.write("a.c", "int f(int x) { return x; }\n");
    r.commit("one");
    let dir = r.dir.to_str().expect("utf-8").to_string();
    let site = r.dir.join("site");
    let cache = r.dir.join(".verdiff/cache.db");

    // no cache file at all: the report does not create one
    let (code, out, err) = r.verdiff_in_dir(&["report", "--repo", &dir, "--html", site.to_str().unwrap_or("")]);
    assert_eq!(code, 6, "{out}\n{err}");
    assert!(
        err.contains(&format!("no runs recorded in {}; run `verdiff run` first", cache.display())),
        "message: {err}"
    );
    assert!(!cache.exists(), "the report created the cache");
    let html = std::fs::read_to_string(site.join("index.html")).expect("an empty page is written");
    assert!(html.contains("No runs recorded yet"), "{html}");
    assert!(!html.contains("<svg"), "no charts without runs");

    // a cache that exists but has no run
    let other = r.dir.join("other.db");
    drop(verdiff::cache::Cache::open(&other).expect("cache"));
    let (code, _, err) =
        r.verdiff_in_dir(&["report", "--cache", other.to_str().unwrap_or(""), "--html", site.to_str().unwrap_or("")]);
    assert_eq!(code, 6, "{err}");
    assert!(err.contains(&format!("no runs recorded in {}; run `verdiff run` first", other.display())), "{err}");
}

#[test]
fn usage_errors_exit_1() {
    let r = Repo::new("usage");
    r.commit("empty");
    for args in [
        vec!["report"],
        vec!["report", "--html", "x", "--runs", "0"],
        vec!["report", "--html", "x", "--runs", "many"],
        vec!["report", "--html", "x", "extra"],
        vec!["report", "--html", "x", "--nope"],
    ] {
        let (code, _, err) = r.verdiff_in_dir(&args);
        assert_eq!(code, 1, "{args:?}: {err}");
        assert!(err.starts_with("verdiff report: "), "{err}");
    }
    let (code, out, _) = r.verdiff_in_dir(&["report", "--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("--html") && out.contains("--runs"));
}
