//! Work in child processes that can be ended: the only way a time or memory limit holds when
//! the SMT solver does not stop when interrupted (seen on cJSON: one Z3 check ignored its
//! interrupt for 25 minutes while the other worker waited on a lock inside Z3).
//!
//! `Pool::start` forks the calling process; the child runs one piece of work and writes its
//! answer (bytes) to a pipe, the parent collects answers as they come (`Pool::wait_any`) and
//! ends a child with SIGKILL once it passes its kill time or its resident memory passes its
//! budget. The parent must call `start` from its only busy thread (other threads idle, outside
//! any lock): a child inherits only the forking thread, so a lock another thread held at the
//! fork would stay held in the child forever. `verdiff run`'s command line meets this (its
//! workers are these processes, not threads).

use std::time::{Duration, Instant};

/// Removes the scratch directories process `pid` may have made in the temporary directory,
/// named by its process id: the preprocessor's header (`frontend::preprocess`), the test
/// framework models and the harnesses (`harness`). A child ends with `_exit` or is killed at
/// its limit, so neither it nor `cli::exit` removes its own: the pool does, once the child is
/// reaped — a CI machine running verdiff on every commit must not fill its /tmp.
pub fn remove_scratch_of(pid: u32) {
    let v = env!("CARGO_PKG_VERSION");
    for name in [format!("verdiff-{v}-{pid}"), format!("verdiff-tests-{v}-{pid}"), format!("verdiff-harness-{pid}")] {
        let _ = std::fs::remove_dir_all(std::env::temp_dir().join(name));
    }
}

/// How one piece of work ended.
#[derive(Debug, PartialEq)]
pub enum Ended {
    /// Its answer.
    Done(Vec<u8>),
    /// Ended at its kill time.
    TimeLimit,
    /// Ended when its resident memory passed this many megabytes.
    MemoryLimit(u64),
    /// Ended on its own without an answer (signal or exit status, as text).
    Crashed(String),
}

/// What a child may use.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// When it is ended whatever it is doing.
    pub kill_at: Instant,
    /// Resident memory at which it is ended (None: no limit).
    pub memory_mb: Option<u64>,
}

struct Child<T> {
    tag: T,
    pid: libc::pid_t,
    fd: libc::c_int,
    answer: Vec<u8>,
    limits: Limits,
    /// Set once the pipe is closed (the child has written everything it will).
    closed: bool,
}

/// Running children, each with a caller's tag.
pub struct Pool<T> {
    running: Vec<Child<T>>,
}

impl<T> Default for Pool<T> {
    fn default() -> Self {
        Pool { running: Vec::new() }
    }
}

/// How often limits are looked at while no answer arrives.
const TICK: Duration = Duration::from_millis(50);

impl<T> Pool<T> {
    pub fn len(&self) -> usize {
        self.running.len()
    }

    pub fn is_empty(&self) -> bool {
        self.running.is_empty()
    }

    /// Runs `work` in a new child process under `limits`. Err (nothing started, `work` not
    /// run) when the system refuses a pipe or a process.
    pub fn start(&mut self, tag: T, limits: Limits, work: impl FnOnce() -> Vec<u8>) -> Result<(), String> {
        let mut fds = [0 as libc::c_int; 2];
        // SAFETY: `fds` has room for the two descriptors pipe(2) writes
        if unsafe { libc::pipe(fds.as_mut_ptr()) } != 0 {
            return Err(format!("cannot create a pipe: {}", std::io::Error::last_os_error()));
        }
        let (read, write) = (fds[0], fds[1]);
        // SAFETY: see the module comment: the caller forks from its only busy thread; the
        // child runs `work` and ends with `_exit`, never returning into the parent's code
        let pid = unsafe { libc::fork() };
        if pid < 0 {
            let e = std::io::Error::last_os_error();
            // SAFETY: both descriptors are ours and open
            unsafe {
                libc::close(read);
                libc::close(write);
            }
            return Err(format!("cannot start a process: {e}"));
        }
        if pid == 0 {
            child(read, write, work);
        }
        // SAFETY: the write end belongs to the child now; `read` is ours
        unsafe {
            libc::close(write);
            let flags = libc::fcntl(read, libc::F_GETFL);
            libc::fcntl(read, libc::F_SETFL, flags | libc::O_NONBLOCK);
            libc::fcntl(read, libc::F_SETFD, libc::FD_CLOEXEC);
        }
        self.running.push(Child { tag, pid, fd: read, answer: Vec::new(), limits, closed: false });
        Ok(())
    }

    /// Waits until one child ends (on its own or ended by its limits) and returns its tag and
    /// how it ended. Panics when nothing runs (a caller's bug).
    pub fn wait_any(&mut self) -> (T, Ended) {
        assert!(!self.running.is_empty(), "wait_any on an empty pool");
        loop {
            if let Some(i) = self.running.iter().position(|c| c.closed) {
                let c = self.running.swap_remove(i);
                let status = reap(c.pid);
                let ended = match status {
                    Exit::Code(0) => Ended::Done(c.answer),
                    Exit::Code(n) => Ended::Crashed(format!("exit status {n}")),
                    Exit::Signal(s) => Ended::Crashed(signal_name(s)),
                };
                return (c.tag, ended);
            }
            let now = Instant::now();
            for i in 0..self.running.len() {
                let c = &self.running[i];
                let over_time = now >= c.limits.kill_at;
                let over_memory = c.limits.memory_mb.filter(|&mb| resident_mb(c.pid).is_some_and(|r| r > mb));
                if over_time || over_memory.is_some() {
                    let c = self.running.swap_remove(i);
                    // SAFETY: `pid` is our child, not yet reaped (so not reused)
                    unsafe { libc::kill(c.pid, libc::SIGKILL) };
                    reap(c.pid);
                    // SAFETY: the descriptor is ours
                    unsafe { libc::close(c.fd) };
                    let ended = match over_memory {
                        Some(mb) => Ended::MemoryLimit(mb),
                        None => Ended::TimeLimit,
                    };
                    return (c.tag, ended);
                }
            }
            self.read_some();
        }
    }

    /// Waits up to one tick for output and reads what arrived; marks closed pipes.
    fn read_some(&mut self) {
        let mut polls: Vec<libc::pollfd> =
            self.running.iter().map(|c| libc::pollfd { fd: c.fd, events: libc::POLLIN, revents: 0 }).collect();
        // SAFETY: `polls` holds `len` initialised entries
        let n = unsafe { libc::poll(polls.as_mut_ptr(), polls.len() as libc::nfds_t, TICK.as_millis() as libc::c_int) };
        if n <= 0 {
            return;
        }
        for (c, p) in self.running.iter_mut().zip(&polls) {
            if p.revents == 0 {
                continue;
            }
            let mut buf = [0u8; 1 << 16];
            loop {
                // SAFETY: `buf` is writable for its length; the descriptor is ours
                let got = unsafe { libc::read(c.fd, buf.as_mut_ptr().cast(), buf.len()) };
                if got > 0 {
                    c.answer.extend_from_slice(&buf[..got as usize]);
                    continue;
                }
                if got == 0 || std::io::Error::last_os_error().kind() != std::io::ErrorKind::WouldBlock {
                    c.closed = true;
                    // SAFETY: the descriptor is ours and read to its end
                    unsafe { libc::close(c.fd) };
                }
                break;
            }
        }
    }
}

impl<T> Drop for Pool<T> {
    /// Children never outlive their pool (a caller that returns early ends them).
    fn drop(&mut self) {
        for c in self.running.drain(..) {
            // SAFETY: our unreaped child and our descriptor
            unsafe {
                libc::kill(c.pid, libc::SIGKILL);
                if !c.closed {
                    libc::close(c.fd);
                }
            }
            reap(c.pid);
        }
    }
}

/// The child's side: run `work`, write its answer, end without running the parent's exit
/// handlers or flushing its buffers (they are the parent's copies).
fn child(read: libc::c_int, write: libc::c_int, work: impl FnOnce() -> Vec<u8>) -> ! {
    // SAFETY: descriptors of this process; /dev/null replaces standard output so that a
    // copy of the parent's buffered output can never be written twice
    unsafe {
        libc::close(read);
        let null = libc::open(c"/dev/null".as_ptr(), libc::O_WRONLY);
        if null >= 0 {
            libc::dup2(null, 1);
            libc::close(null);
        }
    }
    let answer = std::panic::catch_unwind(std::panic::AssertUnwindSafe(work));
    let code = match answer {
        Ok(bytes) => {
            let mut rest = &bytes[..];
            let mut code = 0;
            while !rest.is_empty() {
                // SAFETY: `rest` is readable for its length; `write` is our pipe's end
                let n = unsafe { libc::write(write, rest.as_ptr().cast(), rest.len()) };
                if n <= 0 {
                    if std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
                        continue;
                    }
                    code = 3;
                    break;
                }
                rest = &rest[n as usize..];
            }
            code
        }
        Err(_) => 101,
    };
    // SAFETY: ends this process only
    unsafe { libc::_exit(code) }
}

enum Exit {
    Code(i32),
    Signal(i32),
}

fn reap(pid: libc::pid_t) -> Exit {
    let mut status = 0;
    loop {
        // SAFETY: `pid` is our child; `status` is writable
        let r = unsafe { libc::waitpid(pid, &mut status, 0) };
        if r == pid {
            // (right after reaping: the number is not reused before this process forks again)
            remove_scratch_of(pid as u32);
            break;
        }
        if r < 0 && std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
            return Exit::Code(-1);
        }
    }
    if libc::WIFSIGNALED(status) {
        Exit::Signal(libc::WTERMSIG(status))
    } else {
        Exit::Code(libc::WEXITSTATUS(status))
    }
}

fn signal_name(s: i32) -> String {
    let name = match s {
        libc::SIGABRT => "SIGABRT (aborted: often an allocation the memory limit refused)",
        libc::SIGSEGV => "SIGSEGV (stack overflow or a crash)",
        libc::SIGKILL => "SIGKILL (ended from outside: the system's out-of-memory killer?)",
        libc::SIGBUS => "SIGBUS",
        _ => "",
    };
    if name.is_empty() {
        format!("signal {s}")
    } else {
        format!("signal {s}, {name}")
    }
}

/// Resident memory of a process in megabytes (Linux /proc; None elsewhere or when gone).
fn resident_mb(pid: libc::pid_t) -> Option<u64> {
    let statm = std::fs::read_to_string(format!("/proc/{pid}/statm")).ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    // SAFETY: sysconf has no preconditions
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) }.max(4096) as u64;
    Some(pages * page / (1024 * 1024))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(ms: u64, mb: Option<u64>) -> Limits {
        Limits { kill_at: Instant::now() + Duration::from_millis(ms), memory_mb: mb }
    }

    #[test]
    fn answers_come_back_with_their_tags() {
        let mut pool = Pool::default();
        // an answer larger than a pipe's buffer: the parent must read while the child writes
        let big: Vec<u8> = (0..300_000u32).map(|i| (i % 251) as u8).collect();
        let expected = big.clone();
        pool.start("big", limits(20_000, None), move || big).unwrap();
        pool.start("small", limits(20_000, None), || b"42".to_vec()).unwrap();
        let mut got = [pool.wait_any(), pool.wait_any()];
        got.sort_by_key(|(t, _)| *t);
        assert_eq!(got[0], ("big", Ended::Done(expected)));
        assert_eq!(got[1], ("small", Ended::Done(b"42".to_vec())));
        assert!(pool.is_empty());
    }

    /// The scratch directory the preprocessor makes for process `pid` (frontend::preprocess).
    fn scratch(pid: u32) -> std::path::PathBuf {
        std::env::temp_dir().join(format!("verdiff-{}-{pid}", env!("CARGO_PKG_VERSION")))
    }

    /// A child that made its scratch directory and ended with `_exit`, and one killed at its
    /// limit, leave nothing in the temporary directory: the pool removes it after reaping.
    #[test]
    fn a_childs_scratch_directory_is_removed_when_it_ends_or_is_killed() {
        let mut pool = Pool::default();
        let make = || {
            let pid = std::process::id();
            std::fs::create_dir_all(scratch(pid)).expect("scratch dir");
            pid
        };
        pool.start("ends", limits(20_000, None), move || make().to_string().into_bytes()).unwrap();
        let (tag, ended) = pool.wait_any();
        assert_eq!(tag, "ends");
        let Ended::Done(answer) = ended else { panic!("{ended:?}") };
        let pid: u32 = String::from_utf8_lossy(&answer).parse().expect("the child's pid");
        assert!(!scratch(pid).exists(), "{} is left", scratch(pid).display());

        // killed: the child says its pid on a file of its own, then never stops
        let said = std::env::temp_dir().join(format!("verdiff-isolate-test-{}", std::process::id()));
        let said2 = said.clone();
        pool.start("killed", limits(500, None), move || {
            let pid = make();
            let _ = std::fs::write(&said2, pid.to_string());
            loop {
                std::thread::sleep(Duration::from_secs(1));
            }
        })
        .unwrap();
        assert_eq!(pool.wait_any(), ("killed", Ended::TimeLimit));
        let pid: u32 = std::fs::read_to_string(&said).expect("the child wrote its pid").parse().expect("a pid");
        let _ = std::fs::remove_file(&said);
        assert!(!scratch(pid).exists(), "{} is left", scratch(pid).display());
    }

    #[test]
    fn a_child_that_does_not_stop_is_ended_at_its_kill_time() {
        let mut pool = Pool::default();
        let start = Instant::now();
        pool.start(1, limits(300, None), || loop {
            std::thread::sleep(Duration::from_secs(1));
        })
        .unwrap();
        assert_eq!(pool.wait_any(), (1, Ended::TimeLimit));
        assert!(start.elapsed() >= Duration::from_millis(300));
    }

    #[test]
    fn a_child_past_its_memory_is_ended() {
        let mut pool = Pool::default();
        pool.start((), limits(60_000, Some(64)), || {
            // touch 1 GB page by page, then wait: only the memory limit can end this
            let mut v: Vec<Vec<u8>> = Vec::new();
            for _ in 0..1024 {
                v.push(vec![1u8; 1 << 20]);
            }
            loop {
                std::thread::sleep(Duration::from_secs(1));
                if v.is_empty() {
                    break;
                }
            }
            Vec::new()
        })
        .unwrap();
        assert_eq!(pool.wait_any(), ((), Ended::MemoryLimit(64)));
    }

    #[test]
    fn a_child_that_dies_is_reported_with_its_signal() {
        let mut pool = Pool::default();
        pool.start((), limits(60_000, None), || std::process::abort()).unwrap();
        match pool.wait_any() {
            ((), Ended::Crashed(why)) => assert!(why.contains("SIGABRT"), "{why}"),
            other => panic!("{other:?}"),
        }
        pool.start((), limits(60_000, None), || panic!("in the child")).unwrap();
        assert_eq!(pool.wait_any(), ((), Ended::Crashed("exit status 101".into())));
    }
}
