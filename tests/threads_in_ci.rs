//! `verdiff run` and `verdiff diff` on code that starts threads (docs/threads.md §9): a
//! function whose code starts threads is checked for data races and deadlocks under every
//! interleaving, and in a diff it is checked again whenever code it or its threads run
//! changed, even in a file the commit did not touch; a race or deadlock the base version does
//! not have is reported as introduced by the change. Each expected verdict comes from reading
//! the two versions.

#[path = "common/schema.rs"]
mod schema;

#[path = "common/repo.rs"]
mod repo;
use repo::Repo;

/// `verdiff diff --format json` rows by function name, after checking the document against
/// its schema; the exit status too.
fn diff_rows(r: &Repo) -> (i32, Vec<serde_json::Value>, String) {
    let (code, out, err) = r.verdiff(&["diff", "--base", "HEAD~1", "--format", "json", "--no-cache", "--quiet"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("JSON ({e}): {out}\n{err}"));
    schema::assert_conforms("docs/schemas/diff-v1.schema.json", &v, "verdiff diff --format json");
    let summary = v["summary"].as_str().unwrap_or("").to_string();
    (code, v["functions"].as_array().cloned().unwrap_or_default(), summary)
}

fn row<'a>(rows: &'a [serde_json::Value], f: &str) -> &'a serde_json::Value {
    rows.iter().find(|r| r["function"] == f).unwrap_or_else(|| panic!("no row for {f}: {rows:#?}"))
}

fn names(v: &serde_json::Value) -> Vec<String> {
    v.as_array().into_iter().flatten().filter_map(|x| x.as_str().map(String::from)).collect()
}

/// The violated claims of a row's safety result of this kind, with their `in_base`.
fn violated<'a>(r: &'a serde_json::Value, kind: &str) -> Vec<&'a serde_json::Value> {
    r["safety"]["claims"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|c| c["kind"] == kind && c["status"] == "violated")
        .collect()
}

/// The thread code lives in work.c; main.c starts two threads that both call `add`.
const MAIN: &str = "#include <pthread.h>\nvoid add(int k);\n\
static void *worker(void *arg) { (void)arg; add(1); return 0; }\n\
void run_workers(void) {\n  pthread_t a, b;\n  pthread_create(&a, 0, worker, 0);\n  pthread_create(&b, 0, worker, 0);\n  pthread_join(a, 0);\n  pthread_join(b, 0);\n}\n\
int unrelated(int x) { return x & 7; }\n";

const LOCKED_ADD: &str = "#include <pthread.h>\npthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;\nint total;\n\
void add(int k) {\n  pthread_mutex_lock(&m);\n  total += k;\n  pthread_mutex_unlock(&m);\n}\n";

/// A commit drops the lock around `total += k` in work.c ("a fast path"). The two threads of
/// `run_workers` (main.c, untouched) then read and write `total` with nothing between them: a
/// data race the base version, which holds the mutex over both accesses, does not have. The
/// row of `run_workers` says so; `add`'s row points at it; `unrelated` and `worker` (main.c
/// was not edited, and neither starts a thread) get no row.
#[test]
fn a_race_introduced_in_code_that_threads_run_is_reported_as_new_at_the_function_starting_them() {
    let r = Repo::new("threads-new-race");
    r.write("src/main.c", MAIN);
    r.write("src/work.c", LOCKED_ADD);
    r.commit("base");
    r.write(
        "src/work.c",
        "#include <pthread.h>\npthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;\nint total;\n\
void add(int k) {\n  if (k > 0)\n    total += k;\n}\n",
    );
    r.commit("fast path without the lock");
    let (code, rows, summary) = diff_rows(&r);
    assert_eq!(code, 10, "a violation fails the diff: {rows:#?}");
    let starter = row(&rows, "run_workers");
    assert_eq!(starter["safety"]["verdict"], "FAILED", "{starter:#}");
    assert_eq!(names(&starter["threads_reach_changed"]), vec!["add"], "{starter:#}");
    let races = violated(starter, "data-race");
    assert!(!races.is_empty(), "{starter:#}");
    assert!(races.iter().all(|c| c["in_base"] == false && c["file"] == "src/work.c"), "{races:#?}");
    assert!(starter["safety"]["detail"].as_str().is_some_and(|d| d.contains("introduced by this change")));
    assert_eq!(names(&row(&rows, "add")["in_threads_of"]), vec!["run_workers"]);
    assert!(rows.iter().all(|x| x["function"] != "unrelated" && x["function"] != "worker"), "{rows:#?}");
    assert!(summary.contains("introduced by this change"), "{summary}");
}

/// The base already races on `hits` (counted without the lock); the commit only makes `add`
/// ignore k = 0, which keeps its accesses under the mutex. The race on `hits` is still there at
/// the head, and it is reported as one the base version has too, not as new.
#[test]
fn a_race_the_base_version_has_too_is_not_called_new() {
    let r = Repo::new("threads-old-race");
    r.write("src/main.c", MAIN);
    let racy = "#include <pthread.h>\npthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;\nint total;\nint hits;\n\
void add(int k) {\n  hits = hits + 1;\n  pthread_mutex_lock(&m);\n  total += k;\n  pthread_mutex_unlock(&m);\n}\n";
    r.write("src/work.c", racy);
    r.commit("base");
    r.write("src/work.c", &racy.replace("void add(int k) {\n", "void add(int k) {\n  if (k == 0)\n    return;\n"));
    r.commit("ignore zero");
    let (_, rows, summary) = diff_rows(&r);
    let starter = row(&rows, "run_workers");
    assert_eq!(starter["safety"]["verdict"], "FAILED", "{starter:#}");
    let races = violated(starter, "data-race");
    assert!(!races.is_empty(), "{starter:#}");
    assert!(races.iter().all(|c| c["in_base"] == true), "{races:#?}");
    assert!(starter["safety"]["detail"].as_str().is_some_and(|d| d.contains("also in the base version")));
    assert!(!summary.contains("introduced"), "{summary}");
}

/// Two threads take the locks a and b; the commit makes the second take b first. With one
/// thread holding a and the other b, each waits for the other's: a deadlock the base version
/// (both in the order a, b) cannot reach. `start_pair` returns nothing and writes nothing
/// another function reads, so its behaviour is unchanged sequentially — it is checked under
/// interleavings because its threads' code changed.
#[test]
fn a_lock_order_inversion_is_a_new_deadlock_even_where_the_function_is_otherwise_equivalent() {
    let r = Repo::new("threads-deadlock");
    let base = "#include <pthread.h>\nstatic pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER;\n\
static pthread_mutex_t b = PTHREAD_MUTEX_INITIALIZER;\n\
static void *first(void *arg) {\n  (void)arg;\n  pthread_mutex_lock(&a);\n  pthread_mutex_lock(&b);\n  pthread_mutex_unlock(&b);\n  pthread_mutex_unlock(&a);\n  return 0;\n}\n\
static void *second(void *arg) {\n  (void)arg;\n  pthread_mutex_lock(&a);\n  pthread_mutex_lock(&b);\n  pthread_mutex_unlock(&b);\n  pthread_mutex_unlock(&a);\n  return 0;\n}\n\
void start_pair(void) {\n  pthread_t x, y;\n  pthread_create(&x, 0, first, 0);\n  pthread_create(&y, 0, second, 0);\n  pthread_join(x, 0);\n  pthread_join(y, 0);\n}\n";
    r.write("src/pair.c", base);
    r.commit("base");
    let (i, _) = base.match_indices("static void *second").next().expect("second");
    let head = format!(
        "{}{}",
        &base[..i],
        base[i..].replacen(
            "  pthread_mutex_lock(&a);\n  pthread_mutex_lock(&b);\n  pthread_mutex_unlock(&b);\n  pthread_mutex_unlock(&a);",
            "  pthread_mutex_lock(&b);\n  pthread_mutex_lock(&a);\n  pthread_mutex_unlock(&a);\n  pthread_mutex_unlock(&b);",
            1
        )
    );
    r.write("src/pair.c", &head);
    r.commit("second takes b first");
    let (code, rows, _) = diff_rows(&r);
    assert_eq!(code, 10, "{rows:#?}");
    let starter = row(&rows, "start_pair");
    assert_eq!(starter["safety"]["verdict"], "FAILED", "{starter:#}");
    assert_eq!(names(&starter["threads_reach_changed"]), vec!["second"], "{starter:#}");
    let deadlocks = violated(starter, "deadlock");
    assert!(!deadlocks.is_empty() && deadlocks.iter().all(|c| c["in_base"] == false), "{starter:#}");
}

/// `verdiff run` checks a function that starts threads for races: `start_two`'s threads both
/// increment `count` unlocked (FAILED, a data race); `.verdiff.yml` can turn the check off,
/// and then nothing else is wrong with it (SUCCESSFUL). `twice`, which starts no thread, is
/// SUCCESSFUL either way.
#[test]
fn run_checks_races_where_threads_start_unless_the_configuration_turns_it_off() {
    let r = Repo::new("threads-run");
    r.write(
        "src/c.c",
        "#include <pthread.h>\nstatic int count;\n\
static void *worker(void *arg) { (void)arg; count = count + 1; return 0; }\n\
void start_two(void) {\n  pthread_t a, b;\n  pthread_create(&a, 0, worker, 0);\n  pthread_create(&b, 0, worker, 0);\n  pthread_join(a, 0);\n  pthread_join(b, 0);\n}\n\
int twice(int x) { return (x & 255) * 2; }\n",
    );
    r.commit("base");
    let verdicts = |extra: &[&str]| {
        let mut args = vec!["run", "--quiet", "--format", "json", "--no-cache"];
        args.extend_from_slice(extra);
        let (code, out, err) = r.verdiff(&args);
        let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("JSON ({e}): {out}\n{err}"));
        let of = |f: &str| {
            let row = v["functions"].as_array().into_iter().flatten().find(|x| x["function"] == f).cloned();
            row.unwrap_or_else(|| panic!("no {f}: {v:#}"))
        };
        (code, of("start_two"), of("twice"))
    };
    let (code, start_two, twice) = verdicts(&[]);
    assert_eq!(code, 10);
    assert_eq!(start_two["safety"], "FAILED", "{start_two:#}");
    assert!(start_two["claims"].as_array().into_iter().flatten().any(|c| c["kind"] == "data-race"), "{start_two:#}");
    assert_eq!(twice["safety"], "SUCCESSFUL");
    r.write(".verdiff.yml", "checks:\n  data_races: false\n");
    let (code, start_two, twice) = verdicts(&[]);
    assert_eq!(
        (code, start_two["safety"].as_str(), twice["safety"].as_str()),
        (0, Some("SUCCESSFUL"), Some("SUCCESSFUL"))
    );
}

/// A pool whose mutex belongs to the caller (`struct pool *p`, a parameter). `run` checks the
/// functions that start threads for deadlocks, and a caller's mutex is taken as unlocked when
/// the function is called, as C callers pass them:
/// - `pool_start` starts a worker, both lock and unlock `p->m` in turn, then it joins: no
///   deadlock (it used to be FAILED: a caller's mutex could start held by nobody);
/// - `pool_start_locked` holds `p->m` while it joins a worker that needs it: a deadlock;
/// - `pool_stop` destroys `p->m` while it holds it: undefined (POSIX), a thread-api claim.
#[test]
fn a_callers_mutex_starts_unlocked_and_real_deadlocks_on_it_are_still_found() {
    let r = Repo::new("threads-callers-mutex");
    r.write(
        "src/pool.c",
        "#include <pthread.h>\nstruct pool { pthread_mutex_t m; pthread_t t; int jobs; };\n\
static void *run(void *arg) {\n  struct pool *p = arg;\n  pthread_mutex_lock(&p->m);\n  p->jobs++;\n  pthread_mutex_unlock(&p->m);\n  return 0;\n}\n\
int pool_start(struct pool *p) {\n  if (pthread_create(&p->t, 0, run, p) != 0) return -1;\n  pthread_mutex_lock(&p->m);\n  p->jobs++;\n  pthread_mutex_unlock(&p->m);\n  return pthread_join(p->t, 0);\n}\n\
int pool_start_locked(struct pool *p) {\n  pthread_mutex_lock(&p->m);\n  if (pthread_create(&p->t, 0, run, p) != 0) { pthread_mutex_unlock(&p->m); return -1; }\n  int r = pthread_join(p->t, 0);\n  pthread_mutex_unlock(&p->m);\n  return r;\n}\n\
int pool_stop(struct pool *p) {\n  if (pthread_create(&p->t, 0, run, p) != 0) return -1;\n  pthread_join(p->t, 0);\n  pthread_mutex_lock(&p->m);\n  pthread_mutex_destroy(&p->m);\n  return 0;\n}\n",
    );
    r.commit("base");
    let (_, out, err) = r.verdiff(&["run", "--quiet", "--format", "json", "--no-cache"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("JSON ({e}): {out}\n{err}"));
    let of = |f: &str| {
        let row = v["functions"].as_array().into_iter().flatten().find(|x| x["function"] == f).cloned();
        row.unwrap_or_else(|| panic!("no {f}: {v:#}"))
    };
    let kinds = |r: &serde_json::Value| -> Vec<String> {
        r["claims"].as_array().into_iter().flatten().filter_map(|c| c["kind"].as_str().map(String::from)).collect()
    };
    let start = of("pool_start");
    assert_ne!(start["safety"], "FAILED", "{start:#}");
    let locked = of("pool_start_locked");
    assert_eq!(locked["safety"], "FAILED", "{locked:#}");
    assert!(kinds(&locked).contains(&"deadlock".to_string()), "{locked:#}");
    let stop = of("pool_stop");
    assert_eq!(stop["safety"], "FAILED", "{stop:#}");
    assert!(kinds(&stop).contains(&"thread-api".to_string()), "{stop:#}");
}

/// A `static` start routine whose address goes only to `pthread_create` gets its argument from
/// the functions that start it, as a static function gets its arguments from its callers. On
/// its own, `divide(void *arg)` would get any pointer and any divisor (a false "division by
/// zero", as mbrossard/threadpool's `threadpool_thread` got):
/// - in ok.c, `run_four` passes a job whose divisor is 4 and whose `out` it tested for NULL:
///   `divide` is verified through `run_four`, and both are verified;
/// - in bad.c, `run_by(out, n)` passes the caller's `n`, 0 included: a division by zero in the
///   thread, reached with what `run_by` passes, so `divide` fails "when called from" it, and
///   `run_by` fails too. The routine is cast to the start type there, as C-Thread-Pool does.
#[test]
fn a_static_thread_start_routine_is_verified_through_the_functions_that_start_it() {
    let r = Repo::new("threads-start-routine");
    let job = "#include <pthread.h>\n#include <stddef.h>\nstruct job { int *out; int n; };\n\
static void *divide(void *arg) {\n  struct job *j = arg;\n  j->out[0] = 100 / j->n;\n  return NULL;\n}\n";
    r.write(
        "src/ok.c",
        &format!(
            "{job}int run_four(int *out) {{\n  if (!out) return -1;\n  struct job j = {{ out, 4 }};\n  pthread_t t;\n  \
if (pthread_create(&t, NULL, divide, &j) != 0) return -1;\n  pthread_join(t, NULL);\n  return out[0];\n}}\n"
        ),
    );
    r.write(
        "src/bad.c",
        &format!(
            "{}int run_by(int *out, int n) {{\n  if (!out) return -1;\n  struct job j = {{ out, n }};\n  pthread_t t;\n  \
if (pthread_create(&t, NULL, (void *(*)(void *))divide, &j) != 0) return -1;\n  pthread_join(t, NULL);\n  return out[0];\n}}\n",
            job.replace("void *arg", "struct job *j").replace("  struct job *j = arg;\n", "")
        ),
    );
    r.commit("base");
    let (code, out, err) = r.verdiff(&["run", "--quiet", "--format", "json", "--no-cache"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("JSON ({e}): {out}\n{err}"));
    let of = |file: &str, f: &str| {
        let row = v["functions"].as_array().into_iter().flatten().find(|x| x["function"] == f && x["file"] == file);
        row.cloned().unwrap_or_else(|| panic!("no {f} in {file}: {v:#}"))
    };
    let verified = |r: &serde_json::Value| matches!(r["safety"].as_str(), Some("SUCCESSFUL" | "PRECONDITION"));
    assert_eq!(code, 10, "{v:#}");
    let ok = of("src/ok.c", "divide");
    assert!(verified(&ok), "{ok:#}");
    assert!(
        ok["detail"].as_str().is_some_and(|d| d.contains("through its callers") && d.contains("`run_four`")),
        "{ok:#}"
    );
    let four = of("src/ok.c", "run_four");
    assert!(verified(&four), "{four:#}");
    let bad = of("src/bad.c", "divide");
    assert_eq!(bad["safety"], "FAILED", "{bad:#}");
    assert!(bad["detail"].as_str().is_some_and(|d| d.contains("called from `run_by`")), "{bad:#}");
    assert!(bad["claims"].as_array().into_iter().flatten().any(|c| c["kind"] == "division-by-zero"), "{bad:#}");
    assert_eq!(of("src/bad.c", "run_by")["safety"], "FAILED");
}

/// A pool the entry harness makes with the library's constructor (an opaque struct: its
/// members are written in pool.c) comes with the worker `pool_new` started, which runs beside
/// the function under verification, as in any client. So that function is checked for races
/// with the worker although its own code starts no thread:
/// - `pool_add` increments `p->jobs` without the mutex the worker holds for its increment: a
///   data race on every pool `pool_new` makes;
/// - `pool_add_locked` takes the mutex for its increment: no race, and nothing else to fail;
/// - `pool_new` itself destroys its mutex while holding it when `malloc` fails
///   (undefined, POSIX): its own FAILED thread-api claim, and not one of the functions given
///   its pool (the constructor runs there with its claims assumed, those the engine makes on
///   locks included, and a pool it made went through no failure path).
#[test]
fn a_handle_whose_constructor_starts_threads_is_checked_for_races_with_them() {
    let r = Repo::new("threads-handle-workers");
    r.write(
        "src/pool.c",
        "#include <pthread.h>\n#include <stdlib.h>\n\
struct pool { pthread_mutex_t m; pthread_t t; int jobs; char *log; };\n\
static void *worker(void *arg) {\n  struct pool *p = arg;\n  pthread_mutex_lock(&p->m);\n  p->jobs++;\n  pthread_mutex_unlock(&p->m);\n  return NULL;\n}\n\
struct pool *pool_new(void) {\n  struct pool *p = malloc(sizeof *p);\n  if (!p) return NULL;\n  pthread_mutex_init(&p->m, NULL);\n  p->jobs = 0;\n  \
p->log = malloc(16);\n  if (!p->log) {\n    pthread_mutex_lock(&p->m);\n    pthread_mutex_destroy(&p->m);\n    free(p);\n    return NULL;\n  }\n  \
if (pthread_create(&p->t, NULL, worker, p) != 0) { free(p->log); free(p); return NULL; }\n  return p;\n}\n\
void pool_add(struct pool *p) {\n  p->jobs++;\n}\n\
void pool_add_locked(struct pool *p) {\n  pthread_mutex_lock(&p->m);\n  p->jobs++;\n  pthread_mutex_unlock(&p->m);\n}\n",
    );
    r.commit("base");
    let (_, out, err) = r.verdiff(&["run", "--quiet", "--format", "json", "--no-cache"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("JSON ({e}): {out}\n{err}"));
    let of = |f: &str| {
        let row = v["functions"].as_array().into_iter().flatten().find(|x| x["function"] == f).cloned();
        row.unwrap_or_else(|| panic!("no {f}: {v:#}"))
    };
    let add = of("pool_add");
    assert_eq!(add["safety"], "FAILED", "{add:#}");
    assert!(add["claims"].as_array().into_iter().flatten().any(|c| c["kind"] == "data-race"), "{add:#}");
    let locked = of("pool_add_locked");
    assert!(matches!(locked["safety"].as_str(), Some("SUCCESSFUL" | "PRECONDITION")), "{locked:#}");
    let new = of("pool_new");
    assert_eq!(new["safety"], "FAILED", "{new:#}");
    assert!(new["claims"].as_array().into_iter().flatten().any(|c| c["kind"] == "thread-api"), "{new:#}");
}
