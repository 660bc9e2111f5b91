//! The result cache: a SQLite file (default `.verdiff/cache.db`) mapping a verification key
//! — a hash of everything a verdict depends on, see [`key`] — to the stored result, plus the
//! history of runs.
//!
//! Safety of the file: WAL journal, a busy timeout and one transaction per write, so several
//! verdiff processes can share it. A file that is not SQLite, fails SQLite's quick check, or
//! carries another application's id is moved aside (`cache.db.corrupt-<time>`) and rebuilt —
//! never trusted, never deleted. A file written by a newer schema is refused with an error
//! (a later release may migrate it; this one must not guess).
//!
//! Depends on: record (the stored values). Must not depend on the pipeline stages or cli.

pub mod key;

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use rusqlite::{params, Connection, OpenFlags, OptionalExtension};

use crate::record::{Counts, FunctionResult};

/// `PRAGMA application_id` of verdiff cache files ("VDIF").
pub const APPLICATION_ID: i32 = 0x5644_4946;
/// `PRAGMA user_version`: the schema this release reads and writes.
pub const SCHEMA_VERSION: i32 = 1;

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS results (
    key TEXT PRIMARY KEY,
    function TEXT NOT NULL,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    seconds REAL NOT NULL,
    created INTEGER NOT NULL,
    last_used INTEGER NOT NULL,
    tool_version TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    command TEXT NOT NULL,
    commit_id TEXT NOT NULL,
    started INTEGER NOT NULL,
    options TEXT NOT NULL,
    functions INTEGER NOT NULL,
    verified INTEGER NOT NULL,
    failed INTEGER NOT NULL,
    unknown INTEGER NOT NULL,
    changed INTEGER NOT NULL,
    cached INTEGER NOT NULL,
    seconds REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS run_results (
    run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    key TEXT NOT NULL,
    payload TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS run_results_run ON run_results(run_id);
";

#[derive(Debug)]
pub enum CacheError {
    /// The file belongs to a newer verdiff; refusing protects it.
    NewerSchema {
        path: PathBuf,
        found: i32,
    },
    Io(String),
}

impl std::fmt::Display for CacheError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CacheError::NewerSchema { path, found } => write!(
                f,
                "{}: cache schema {found} was written by a newer verdiff (this one reads {SCHEMA_VERSION}); \
                 run with --no-cache or point --cache at another file",
                path.display()
            ),
            CacheError::Io(m) => f.write_str(m),
        }
    }
}

/// A cached result.
#[derive(Clone, Debug)]
pub struct Entry {
    pub key: String,
    pub function: String,
    pub kind: String,
    pub result: FunctionResult,
    pub seconds: f64,
}

/// One run for the history.
#[derive(Clone, Debug)]
pub struct RunRecord {
    pub id: i64,
    pub command: String,
    pub commit: String,
    /// Seconds since the Unix epoch.
    pub started: i64,
    pub options: String,
    pub counts: Counts,
    pub seconds: f64,
}

#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub entries: u64,
    pub runs: u64,
    pub bytes: u64,
    pub by_kind: Vec<(String, u64)>,
    pub by_verdict: Vec<(String, u64)>,
}

pub struct Cache {
    /// The connection of the process that opened the cache (`opener`).
    conn: Connection,
    opener: u32,
    /// A forked child's own connection (SQLite: a connection must not be used across a
    /// fork; `run` and `diff` verify functions in forked children that read and store
    /// results themselves).
    forked: std::cell::OnceCell<Connection>,
    path: PathBuf,
    /// What happened when opening (a damaged file moved aside), for the report.
    pub notices: Vec<String>,
}

fn now() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0)
}

fn io(path: &Path, e: impl std::fmt::Display) -> CacheError {
    CacheError::Io(format!("{}: {e}", path.display()))
}

/// Why an existing file cannot be used as it is (None: it can).
enum Damage {
    Corrupt(String),
    Foreign(i32),
    Newer(i32),
}

/// Another process holds a lock SQLite would not wait for (creation, a journal switch): try
/// again shortly.
fn is_busy(e: &rusqlite::Error) -> bool {
    matches!(e.sqlite_error_code(), Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked))
}

/// Why opening must be tried again, or failed.
enum OpenError {
    Retry,
    Fail(CacheError),
}

fn fail(path: &Path, e: rusqlite::Error) -> OpenError {
    if is_busy(&e) {
        OpenError::Retry
    } else {
        OpenError::Fail(io(path, e))
    }
}

/// Checks an existing file; `Err(())` when another process keeps it locked for now.
fn inspect(path: &Path) -> Result<Option<Damage>, ()> {
    let busy_or = |e: rusqlite::Error| if is_busy(&e) { Err(()) } else { Ok(Some(Damage::Corrupt(e.to_string()))) };
    let conn = match Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_WRITE) {
        Ok(c) => c,
        Err(e) => return busy_or(e),
    };
    let _ = conn.busy_timeout(Duration::from_secs(30));
    let app: i32 = match conn.query_row("PRAGMA application_id", [], |r| r.get(0)) {
        Ok(v) => v,
        Err(e) => return busy_or(e),
    };
    let version: i32 = match conn.query_row("PRAGMA user_version", [], |r| r.get(0)) {
        Ok(v) => v,
        Err(e) => return busy_or(e),
    };
    if app != APPLICATION_ID {
        // an empty file (or one SQLite created but nobody initialised) is ours to set up
        let tables: i64 = match conn.query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get(0)) {
            Ok(v) => v,
            Err(e) => return busy_or(e),
        };
        if app == 0 && version == 0 && tables == 0 {
            return Ok(None);
        }
        return Ok(Some(Damage::Foreign(app)));
    }
    if version > SCHEMA_VERSION {
        return Ok(Some(Damage::Newer(version)));
    }
    match conn.query_row("PRAGMA quick_check", [], |r| r.get::<_, String>(0)) {
        Ok(s) if s == "ok" => Ok(None),
        Ok(s) => Ok(Some(Damage::Corrupt(s))),
        Err(e) => busy_or(e),
    }
}

/// Opens a connection to an existing or empty file and sets it up (WAL, schema).
fn connect(path: &Path) -> Result<Connection, OpenError> {
    let conn = Connection::open(path).map_err(|e| fail(path, e))?;
    conn.busy_timeout(Duration::from_secs(30)).map_err(|e| fail(path, e))?;
    // WAL lets readers and one writer work at once; NORMAL sync is safe with WAL
    let mode: String = conn.query_row("PRAGMA journal_mode", [], |r| r.get(0)).map_err(|e| fail(path, e))?;
    if !mode.eq_ignore_ascii_case("wal") {
        conn.query_row("PRAGMA journal_mode=WAL", [], |r| r.get::<_, String>(0)).map_err(|e| fail(path, e))?;
    }
    conn.execute_batch("PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;").map_err(|e| fail(path, e))?;
    let mut conn = conn;
    let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate).map_err(|e| fail(path, e))?;
    let version: i32 = tx.query_row("PRAGMA user_version", [], |r| r.get(0)).map_err(|e| fail(path, e))?;
    if version > SCHEMA_VERSION {
        return Err(OpenError::Fail(CacheError::NewerSchema { path: path.to_path_buf(), found: version }));
    }
    tx.execute_batch(SCHEMA).map_err(|e| fail(path, e))?;
    tx.execute_batch(&format!("PRAGMA application_id={APPLICATION_ID}; PRAGMA user_version={SCHEMA_VERSION};"))
        .map_err(|e| fail(path, e))?;
    tx.commit().map_err(|e| fail(path, e))?;
    Ok(conn)
}

/// Creates a fully set-up cache at `path` unless a file is there: built under a temporary
/// name and linked into place, so that two processes starting at once never see each
/// other's half-made file (the loser of the race uses the winner's).
fn create(path: &Path) -> Result<(), OpenError> {
    let stamp = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0);
    let tmp = PathBuf::from(format!("{}.new-{}-{stamp}", path.display(), std::process::id()));
    let made = connect(&tmp).map(drop);
    let linked = made.and_then(|()| match std::fs::hard_link(&tmp, path) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        Err(e) => Err(OpenError::Fail(io(path, e))),
    });
    for f in
        [tmp.clone(), PathBuf::from(format!("{}-wal", tmp.display())), PathBuf::from(format!("{}-shm", tmp.display()))]
    {
        let _ = std::fs::remove_file(f);
    }
    linked
}

/// Moves `path` (and its WAL and shared-memory files) aside; returns the new name.
fn move_aside(path: &Path) -> Result<PathBuf, CacheError> {
    let stamp = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis()).unwrap_or(0);
    let aside = PathBuf::from(format!("{}.corrupt-{stamp}", path.display()));
    std::fs::rename(path, &aside).map_err(|e| io(path, e))?;
    for ext in ["-wal", "-shm"] {
        let side = PathBuf::from(format!("{}{ext}", path.display()));
        if side.exists() {
            let _ = std::fs::rename(&side, format!("{}{ext}", aside.display()));
        }
    }
    Ok(aside)
}

impl Cache {
    /// Opens (or creates) the cache at `path`, repairing what cannot be trusted.
    pub fn open(path: &Path) -> Result<Cache, CacheError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            if !dir.exists() {
                std::fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
                // a directory verdiff created holds nothing to commit
                if dir.file_name().is_some_and(|n| n == ".verdiff") {
                    let _ = std::fs::write(dir.join(".gitignore"), "# created by verdiff: the result cache\n*\n");
                }
            }
        }
        let mut notices = Vec::new();
        let deadline = std::time::Instant::now() + Duration::from_secs(60);
        loop {
            match Self::try_open(path, &mut notices) {
                Ok(c) => return Ok(c),
                Err(OpenError::Fail(e)) => return Err(e),
                Err(OpenError::Retry) if std::time::Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(50 + (std::process::id() % 50) as u64));
                }
                Err(OpenError::Retry) => {
                    return Err(io(
                        path,
                        "locked by another process for more than a minute; try again or use --no-cache",
                    ))
                }
            }
        }
    }

    fn try_open(path: &Path, notices: &mut Vec<String>) -> Result<Cache, OpenError> {
        if !path.exists() {
            create(path)?;
        }
        match inspect(path) {
            Err(()) => return Err(OpenError::Retry),
            Ok(None) => {}
            Ok(Some(Damage::Newer(found))) => {
                return Err(OpenError::Fail(CacheError::NewerSchema { path: path.to_path_buf(), found }))
            }
            Ok(Some(d)) => {
                let why = match d {
                    Damage::Corrupt(m) => format!("it is damaged ({m})"),
                    Damage::Foreign(id) => format!("it is not a verdiff cache (application id {id:#x})"),
                    Damage::Newer(_) => unreachable!("handled above"),
                };
                let aside = move_aside(path).map_err(OpenError::Fail)?;
                notices.push(format!(
                    "cache {} was not used: {why}; moved to {} and rebuilt",
                    path.display(),
                    aside.display()
                ));
                create(path)?;
            }
        }
        let conn = connect(path)?;
        Ok(Cache {
            conn,
            opener: std::process::id(),
            forked: std::cell::OnceCell::new(),
            path: path.to_path_buf(),
            notices: std::mem::take(notices),
        })
    }

    /// The connection this process may use: the one it opened, or in a forked child one of
    /// its own (an empty in-memory cache when the file cannot be opened: a cache only saves
    /// time). The inherited connection is never touched in the child, not even dropped
    /// (children end with `_exit`).
    fn db(&self) -> &Connection {
        if std::process::id() == self.opener {
            return &self.conn;
        }
        self.forked.get_or_init(|| {
            connect(&self.path)
                .or_else(|_| connect(Path::new(":memory:")))
                .or_else(|_| Connection::open_in_memory().map_err(|e| fail(&self.path, e)))
                .unwrap_or_else(|_| panic!("no SQLite connection can be opened in this process"))
        })
    }

    fn db_mut(&mut self) -> &mut Connection {
        if std::process::id() == self.opener {
            return &mut self.conn;
        }
        self.db();
        self.forked.get_mut().expect("opened by db()")
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The cached result for `key`; an entry that does not decode counts as absent.
    pub fn get(&self, key: &str) -> Option<Entry> {
        let row: Option<(String, String, String, f64)> = self
            .conn
            .query_row("SELECT function, kind, payload, seconds FROM results WHERE key = ?1", params![key], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
            })
            .optional()
            .ok()
            .flatten();
        let (function, kind, payload, seconds) = row?;
        let result: FunctionResult = serde_json::from_str(&payload).ok()?;
        let _ = self.db().execute("UPDATE results SET last_used = ?1 WHERE key = ?2", params![now(), key]);
        Some(Entry { key: key.to_string(), function, kind, result, seconds })
    }

    /// Stores a result (replacing an older one under the same key).
    pub fn put(&mut self, key: &str, kind: &str, r: &FunctionResult) -> Result<(), CacheError> {
        let payload = serde_json::to_string(r).map_err(|e| io(&self.path, e))?;
        let t = now();
        self.db()
            .execute(
                "INSERT OR REPLACE INTO results (key, function, kind, payload, seconds, created, last_used, tool_version)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6, ?7)",
                params![key, r.function, kind, payload, r.seconds, t, env!("CARGO_PKG_VERSION")],
            )
            .map_err(|e| io(&self.path, e))?;
        Ok(())
    }

    /// Records a run and its per-function results (one transaction); returns its id.
    pub fn record_run(
        &mut self,
        command: &str,
        commit: &str,
        options: &str,
        results: &[(String, FunctionResult)],
        seconds: f64,
    ) -> Result<i64, CacheError> {
        let path = self.path.clone();
        let c = crate::record::counts(&results.iter().map(|(_, r)| r.clone()).collect::<Vec<_>>());
        let tx = self
            .db_mut()
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
            .map_err(|e| io(&path, e))?;
        tx.execute(
            "INSERT INTO runs (command, commit_id, started, options, functions, verified, failed, unknown, changed, cached, seconds)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
            params![
                command,
                commit,
                now(),
                options,
                c.functions as i64,
                c.verified as i64,
                c.failed as i64,
                c.unknown as i64,
                c.changed as i64,
                c.cached as i64,
                seconds
            ],
        )
        .map_err(|e| io(&path, e))?;
        let id = tx.last_insert_rowid();
        {
            let mut st = tx
                .prepare("INSERT INTO run_results (run_id, key, payload) VALUES (?1, ?2, ?3)")
                .map_err(|e| io(&path, e))?;
            for (key, r) in results {
                let payload = serde_json::to_string(r).map_err(|e| io(&path, e))?;
                st.execute(params![id, key, payload]).map_err(|e| io(&path, e))?;
            }
        }
        tx.commit().map_err(|e| io(&path, e))?;
        Ok(id)
    }

    /// The recorded runs, oldest first.
    pub fn runs(&self) -> Result<Vec<RunRecord>, CacheError> {
        let mut st = self
            .conn
            .prepare(
                "SELECT id, command, commit_id, started, options, functions, verified, failed, unknown, changed, cached, seconds
                 FROM runs ORDER BY id",
            )
            .map_err(|e| io(&self.path, e))?;
        let rows = st
            .query_map([], |r| {
                Ok(RunRecord {
                    id: r.get(0)?,
                    command: r.get(1)?,
                    commit: r.get(2)?,
                    started: r.get(3)?,
                    options: r.get(4)?,
                    counts: Counts {
                        functions: r.get::<_, i64>(5)? as usize,
                        verified: r.get::<_, i64>(6)? as usize,
                        failed: r.get::<_, i64>(7)? as usize,
                        unknown: r.get::<_, i64>(8)? as usize,
                        changed: r.get::<_, i64>(9)? as usize,
                        cached: r.get::<_, i64>(10)? as usize,
                        precondition: 0,
                    },
                    seconds: r.get(11)?,
                })
            })
            .map_err(|e| io(&self.path, e))?;
        rows.collect::<Result<Vec<_>, _>>().map_err(|e| io(&self.path, e))
    }

    /// The per-function results of one recorded run (results that no longer decode are skipped).
    pub fn run_results(&self, run: i64) -> Result<Vec<(String, FunctionResult)>, CacheError> {
        let mut st = self
            .conn
            .prepare("SELECT key, payload FROM run_results WHERE run_id = ?1 ORDER BY rowid")
            .map_err(|e| io(&self.path, e))?;
        let rows = st
            .query_map(params![run], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))
            .map_err(|e| io(&self.path, e))?;
        let mut out = Vec::new();
        for row in rows {
            let (k, p) = row.map_err(|e| io(&self.path, e))?;
            if let Ok(r) = serde_json::from_str(&p) {
                out.push((k, r));
            }
        }
        Ok(out)
    }

    /// Every cached entry (for `cache verify`), in key order.
    pub fn entries(&self) -> Result<Vec<Entry>, CacheError> {
        let mut st = self
            .conn
            .prepare("SELECT key, function, kind, payload, seconds FROM results ORDER BY key")
            .map_err(|e| io(&self.path, e))?;
        let rows = st
            .query_map([], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, String>(3)?,
                    r.get::<_, f64>(4)?,
                ))
            })
            .map_err(|e| io(&self.path, e))?;
        let mut out = Vec::new();
        for row in rows {
            let (key, function, kind, payload, seconds) = row.map_err(|e| io(&self.path, e))?;
            if let Ok(result) = serde_json::from_str(&payload) {
                out.push(Entry { key, function, kind, result, seconds });
            }
        }
        Ok(out)
    }

    pub fn remove(&mut self, key: &str) -> Result<(), CacheError> {
        self.db().execute("DELETE FROM results WHERE key = ?1", params![key]).map_err(|e| io(&self.path, e))?;
        Ok(())
    }

    pub fn stats(&self) -> Result<Stats, CacheError> {
        let q = |sql: &str| -> Result<u64, CacheError> {
            self.db().query_row(sql, [], |r| r.get::<_, i64>(0)).map(|v| v as u64).map_err(|e| io(&self.path, e))
        };
        let group = |sql: &str| -> Result<Vec<(String, u64)>, CacheError> {
            let mut st = self.db().prepare(sql).map_err(|e| io(&self.path, e))?;
            let rows = st
                .query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)? as u64)))
                .map_err(|e| io(&self.path, e))?;
            rows.collect::<Result<Vec<_>, _>>().map_err(|e| io(&self.path, e))
        };
        Ok(Stats {
            entries: q("SELECT count(*) FROM results")?,
            runs: q("SELECT count(*) FROM runs")?,
            bytes: std::fs::metadata(&self.path).map(|m| m.len()).unwrap_or(0),
            by_kind: group("SELECT kind, count(*) FROM results GROUP BY kind ORDER BY kind")?,
            by_verdict: group(
                "SELECT coalesce(json_extract(payload, '$.safety'), json_extract(payload, '$.change'), 'none'), count(*)
                 FROM results GROUP BY 1 ORDER BY 1",
            )?,
        })
    }

    /// Removes entries not used for `days` days and runs beyond the newest `keep_runs`;
    /// returns (entries, runs) removed.
    pub fn prune(&mut self, days: u64, keep_runs: u64) -> Result<(u64, u64), CacheError> {
        let path = self.path.clone();
        let cutoff = now().saturating_sub(i64::try_from(days).unwrap_or(i64::MAX).saturating_mul(86_400));
        let tx = self
            .db_mut()
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
            .map_err(|e| io(&path, e))?;
        let e = tx.execute("DELETE FROM results WHERE last_used < ?1", params![cutoff]).map_err(|e| io(&path, e))?;
        let r = tx
            .execute(
                "DELETE FROM runs WHERE id NOT IN (SELECT id FROM runs ORDER BY id DESC LIMIT ?1)",
                params![keep_runs as i64],
            )
            .map_err(|e| io(&path, e))?;
        tx.execute("DELETE FROM run_results WHERE run_id NOT IN (SELECT id FROM runs)", [])
            .map_err(|e| io(&path, e))?;
        tx.commit().map_err(|e| io(&path, e))?;
        Ok((e as u64, r as u64))
    }

    /// Copies the results of another cache file (a matrix shard's) that this one lacks;
    /// returns how many were added. The other file is checked like one being opened: a
    /// damaged or foreign file is refused, not read.
    pub fn import(&mut self, other: &Path) -> Result<u64, CacheError> {
        match inspect(other) {
            Err(()) => return Err(io(other, "locked by another process, not imported")),
            Ok(None) => {}
            Ok(Some(Damage::Newer(found))) => return Err(CacheError::NewerSchema { path: other.to_path_buf(), found }),
            Ok(Some(Damage::Corrupt(m))) => return Err(io(other, format!("damaged cache, not imported ({m})"))),
            Ok(Some(Damage::Foreign(id))) => {
                return Err(io(other, format!("not a verdiff cache (application id {id:#x}), not imported")))
            }
        }
        let path = self.path.clone();
        let other_name = other.to_string_lossy().into_owned();
        self.db().execute("ATTACH DATABASE ?1 AS other", params![other_name]).map_err(|e| io(other, e))?;
        let copied = self
            .conn
            .execute(
                "INSERT OR IGNORE INTO results (key, function, kind, payload, seconds, created, last_used, tool_version)
                 SELECT key, function, kind, payload, seconds, created, last_used, tool_version FROM other.results",
                [],
            )
            .map_err(|e| io(&path, e));
        let _ = self.db().execute("DETACH DATABASE other", []);
        Ok(copied? as u64)
    }

    /// Removes every entry and the history.
    pub fn clear(&mut self) -> Result<(), CacheError> {
        self.db()
            .execute_batch("BEGIN IMMEDIATE; DELETE FROM run_results; DELETE FROM runs; DELETE FROM results; COMMIT;")
            .map_err(|e| io(&self.path, e))?;
        let _ = self.db().execute_batch("VACUUM;");
        Ok(())
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    /// A forked child reads and stores through a connection of its own (SQLite connections
    /// must not cross a fork), and the parent sees what it stored.
    #[test]
    fn a_forked_child_uses_its_own_connection() {
        let dir = tempfile::tempdir().expect("scratch directory");
        let mut cache = Cache::open(&dir.path().join("cache.db")).expect("cache");
        let before = FunctionResult::unknown_row("f", "a.c", 1, "stored by the parent");
        cache.put("parent", "safety", &before).expect("stored");
        // SAFETY: the child only uses the cache and ends with _exit
        let pid = unsafe { libc::fork() };
        assert!(pid >= 0, "fork");
        if pid == 0 {
            let seen = cache.get("parent").is_some_and(|e| e.result.detail == "stored by the parent");
            let r = FunctionResult::unknown_row("g", "a.c", 2, "stored by the child");
            let stored = cache.put("child", "safety", &r).is_ok();
            let code = if seen && stored && cache.forked.get().is_some() { 0 } else { 1 };
            // SAFETY: ends the child only
            unsafe { libc::_exit(code) };
        }
        let mut status = 0;
        // SAFETY: our child
        unsafe { libc::waitpid(pid, &mut status, 0) };
        assert!(libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0, "child status {status}");
        assert!(cache.forked.get().is_none(), "the parent keeps its own connection");
        let e = cache.get("child").expect("the child's entry");
        assert_eq!(e.result.detail, "stored by the child");
        drop(cache);
    }
}
