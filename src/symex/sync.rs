//! Synchronisation objects of POSIX and C11 threads: mutexes (normal, recursive; `mtx_t` too),
//! read-write locks, spin locks, semaphores, condition variables (`cnd_t` too) and barriers.
//!
//! The objects live in the program's memory, as glibc lays them out on x86-64, so static
//! initialisers (`PTHREAD_MUTEX_INITIALIZER`, `PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP`,
//! `PTHREAD_RWLOCK_INITIALIZER`, `PTHREAD_COND_INITIALIZER`), arrays of them and pointers to
//! them need nothing more. The model reads and writes `int` words of the object:
//!
//! | object | words |
//! |--------|-------|
//! | mutex (`pthread_mutex_t`, `mtx_t`) | 0: owner's thread number + 1 (0: free); 1: recursive relocks; 4: kind (1: recursive, 2: error-checking) |
//! | mutex attribute | 0: the kind `pthread_mutexattr_settype` set |
//! | read-write lock | 0: readers; 1: the writer's thread number + 1 |
//! | spin lock | 0: owner's thread number + 1 |
//! | semaphore | 0: the value; 4: 1 once `sem_init` ran (a use before is a claim) |
//! | condition variable | 0: signals sent (the waits do not read it: they may wake spuriously) |
//! | barrier | 0: the count; 1: threads arrived; 2: the generation |
//!
//! A call that must wait does not advance its thread: where it cannot go on, the path hands
//! the processor to another thread (`wait_until`), and the call runs again when the thread is
//! scheduled again.

use super::{State, Symex};
use crate::ir::{BinOp, Expr, ExprKind, Loc, Type};
use crate::term::T;

/// The words of a mutex.
const LOCK: i128 = 0;
const COUNT: i128 = 1;
const KIND: i128 = 4;
/// `PTHREAD_MUTEX_RECURSIVE` (and `mtx_recursive`'s bit).
const RECURSIVE: u128 = 1;
/// `PTHREAD_MUTEX_ERRORCHECK`.
const ERRORCHECK: u128 = 2;
/// The word of a semaphore that says `sem_init` ran (glibc's padding).
const SEM_INIT: i128 = 4;
const EBUSY: u128 = 16;
const EDEADLK: u128 = 35;
const EPERM: u128 = 1;
const EAGAIN: u128 = 11;
const ETIMEDOUT: u128 = 110;
/// `PTHREAD_BARRIER_SERIAL_THREAD`.
const SERIAL: i128 = -1;

/// Where a thread stands in a call it waits in (ThreadState::wait).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wait {
    /// A condition wait released the mutex and the others ran: taking the mutex back; the
    /// call returns the first value. The condition's address and its signal count when the
    /// wait began: until another thread signals it, the thread counts as waiting for
    /// `--deadlock-check`.
    Relock(T, T, T),
    /// A barrier wait arrived in this generation: waiting for the last thread to arrive.
    Barrier(T),
}

impl Symex<'_> {
    /// Models a call of a synchronisation function: None when `name` is not one; Some(None)
    /// when the thread waits (or the call has no result); otherwise its result.
    pub(crate) fn sync_call(
        &mut self,
        st: &mut State,
        name: &str,
        args: &[Expr],
        vals: &[T],
        ret_ty: &Type,
        loc: Loc,
    ) -> Option<Option<T>> {
        let int = self.p.target.int_t();
        let ib = self.bits_of(&int);
        let rb = self.bits_of(ret_ty).max(1);
        let ok = self.s.bv_zero(rb);
        let code = |s: &mut crate::term::TermStore, c: u128| s.bv_u(rb, c);
        let a0 = args.first();
        let r = match name {
            "pthread_mutex_init" | "mtx_init" => {
                let m = a0?;
                let kind = if name == "mtx_init" {
                    // mtx_plain 0, mtx_recursive 1, mtx_timed 2
                    let t = vals.get(1).copied().unwrap_or(ok);
                    self.s.resize(t, ib, false)
                } else {
                    match (args.get(1), vals.get(1)) {
                        (Some(a), Some(&v)) if self.s.as_bv(v).is_none_or(|b| !b.is_zero()) => {
                            self.eval(st, &word(a, 0, &int), loc)
                        }
                        _ => self.s.bv_zero(ib),
                    }
                };
                let z = self.s.bv_zero(ib);
                self.assign(st, &word(m, LOCK, &int), z, loc);
                self.assign(st, &word(m, COUNT, &int), z, loc);
                self.assign(st, &word(m, KIND, &int), kind, loc);
                Some(ok)
            }
            "pthread_mutexattr_init" | "pthread_mutexattr_destroy" => {
                let z = self.s.bv_zero(ib);
                self.assign(st, &word(a0?, 0, &int), z, loc);
                Some(ok)
            }
            "pthread_mutexattr_settype" => {
                let k = self.s.resize(*vals.get(1)?, ib, false);
                self.assign(st, &word(a0?, 0, &int), k, loc);
                Some(ok)
            }
            "pthread_mutexattr_gettype" => {
                let k = self.eval(st, &word(a0?, 0, &int), loc);
                let out = args.get(1)?;
                self.assign(st, &Expr::deref(out.clone()), k, loc);
                Some(ok)
            }
            "pthread_mutex_lock" | "mtx_lock" | "mtx_timedlock" => {
                let m = a0?;
                // an error-checking mutex relocked by its owner says so instead of waiting
                let (mine, checking) = self.owner_and_errorcheck(st, m, loc);
                let relock = self.s.and(mine, checking);
                if self.s.is_true(relock) {
                    return Some(Some(code(&mut self.s, EDEADLK)));
                }
                let (can, _, _) = self.lock_free(st, m, loc);
                let can = self.s.or(can, relock);
                if !self.wait_until(st, can) {
                    return Some(None);
                }
                if self.s.is_false(relock) {
                    self.take_lock(st, m, loc);
                    return Some(Some(ok));
                }
                let before = (self.eval(st, &word(m, LOCK, &int), loc), self.eval(st, &word(m, COUNT, &int), loc));
                self.take_lock(st, m, loc);
                let after = (self.eval(st, &word(m, LOCK, &int), loc), self.eval(st, &word(m, COUNT, &int), loc));
                let w = self.s.ite(relock, before.0, after.0);
                let c = self.s.ite(relock, before.1, after.1);
                self.assign(st, &word(m, LOCK, &int), w, loc);
                self.assign(st, &word(m, COUNT, &int), c, loc);
                let deadlk = code(&mut self.s, EDEADLK);
                Some(self.s.ite(relock, deadlk, ok))
            }
            "pthread_mutex_trylock" | "mtx_trylock" => {
                let taken = self.try_lock(st, a0?, loc);
                // (thrd_busy is 1)
                let busy = code(&mut self.s, if name == "mtx_trylock" { 1 } else { EBUSY });
                Some(self.s.ite(taken, ok, busy))
            }
            "pthread_mutex_unlock" | "mtx_unlock" => {
                let m = a0?;
                let (mine, checking) = self.owner_and_errorcheck(st, m, loc);
                if self.o.lock_checks {
                    // (ESBMC's check under --deadlock-check: the mutex is held)
                    let w = self.eval(st, &word(m, LOCK, &int), loc);
                    let z = self.s.bv_zero(ib);
                    let free = self.s.eq(w, z);
                    let held = self.s.not(free);
                    let held = self.s.or(held, checking);
                    self.api_claim(st, 0, "must hold lock upon unlock", held, loc);
                }
                // an error-checking mutex the thread does not hold says so
                let not_mine = self.s.not(mine);
                let denied = self.s.and(checking, not_mine);
                if self.s.is_true(denied) {
                    return Some(Some(code(&mut self.s, EPERM)));
                }
                let before = (self.eval(st, &word(m, LOCK, &int), loc), self.eval(st, &word(m, COUNT, &int), loc));
                self.unlock(st, m, loc);
                if self.s.is_false(denied) {
                    return Some(Some(ok));
                }
                let after = (self.eval(st, &word(m, LOCK, &int), loc), self.eval(st, &word(m, COUNT, &int), loc));
                let w = self.s.ite(denied, before.0, after.0);
                let c = self.s.ite(denied, before.1, after.1);
                self.assign(st, &word(m, LOCK, &int), w, loc);
                self.assign(st, &word(m, COUNT, &int), c, loc);
                let eperm = code(&mut self.s, EPERM);
                Some(self.s.ite(denied, eperm, ok))
            }
            "pthread_mutex_destroy" | "mtx_destroy" if self.o.lock_checks => {
                // (undefined for a locked mutex, POSIX; ESBMC's check under --deadlock-check)
                let m = a0?;
                // (a caller's mutex is unlocked when the entry starts)
                self.caller_words_clear(*vals.first()?, &[LOCK, COUNT]);
                let w = self.eval(st, &word(m, LOCK, &int), loc);
                let z = self.s.bv_zero(ib);
                let free = self.s.eq(w, z);
                // (a destroyed mutex's lock word is -1 until it is initialised again, as in
                // ESBMC: a lock of it then waits for ever, as after undefined behaviour)
                let gone = self.s.bv(crate::term::Bits::ones(ib));
                let destroyed = self.s.eq(w, gone);
                let again = self.s.not(destroyed);
                self.api_claim(st, 5, "attempt to destroy a previously destroyed mutex", again, loc);
                let free = self.s.or(free, destroyed);
                self.api_claim(st, 2, "attempt to destroy a locked mutex", free, loc);
                self.assign(st, &word(m, LOCK, &int), gone, loc);
                Some(ok)
            }
            "pthread_mutex_destroy"
            | "mtx_destroy"
            | "pthread_cond_destroy"
            | "cnd_destroy"
            | "pthread_rwlock_destroy"
            | "pthread_spin_destroy"
            | "sem_destroy"
            | "pthread_barrier_destroy"
            | "pthread_attr_init"
            | "pthread_attr_destroy"
            | "pthread_attr_setdetachstate"
            | "pthread_condattr_init"
            | "pthread_condattr_destroy"
            | "pthread_rwlockattr_init"
            | "pthread_rwlockattr_destroy"
            | "pthread_barrierattr_init"
            | "pthread_barrierattr_destroy" => Some(ok),
            "pthread_cond_init" | "cnd_init" | "pthread_rwlock_init" | "pthread_spin_init" => {
                let z = self.s.bv_zero(ib);
                let o = a0?;
                self.assign(st, &word(o, 0, &int), z, loc);
                if name == "pthread_rwlock_init" {
                    self.assign(st, &word(o, 1, &int), z, loc);
                }
                Some(ok)
            }
            "pthread_cond_signal" | "pthread_cond_broadcast" | "cnd_signal" | "cnd_broadcast" => {
                let w = word(a0?, 0, &int);
                let v = self.eval(st, &w, loc);
                let one = self.s.bv_u(ib, 1);
                let v1 = self.s.bvadd(v, one);
                self.assign(st, &w, v1, loc);
                Some(ok)
            }
            "pthread_cond_wait" | "pthread_cond_timedwait" | "cnd_wait" | "cnd_timedwait" => {
                let m = args.get(1)?;
                let timed = name.ends_with("timedwait");
                // (cnd_timedwait's time-out is thrd_timedout, 4)
                let timeout = if name.starts_with("cnd_") { 4 } else { ETIMEDOUT };
                let c = self.eval(st, &word(a0?, 0, &int), loc);
                let at = *vals.first()?;
                match self.cond_wait(st, m, (at, c), timed, timeout, rb, loc) {
                    Some(r) => Some(r),
                    None => return Some(None),
                }
            }
            "pthread_rwlock_rdlock"
            | "pthread_rwlock_wrlock"
            | "pthread_rwlock_tryrdlock"
            | "pthread_rwlock_trywrlock" => {
                let l = a0?;
                self.caller_words_clear(*vals.first()?, &[0, 1]);
                let readers = self.eval(st, &word(l, 0, &int), loc);
                let writer = self.eval(st, &word(l, 1, &int), loc);
                let z = self.s.bv_zero(ib);
                let no_writer = self.s.eq(writer, z);
                let no_reader = self.s.eq(readers, z);
                let write = name.contains("wrlock");
                let can = if write { self.s.and(no_writer, no_reader) } else { no_writer };
                if name.contains("try") {
                    let one = self.s.bv_u(ib, 1);
                    if write {
                        let me = self.s.bv_u(ib, st.active as u128 + 1);
                        let w = self.s.ite(can, me, writer);
                        self.assign(st, &word(l, 1, &int), w, loc);
                    } else {
                        let more = self.s.bvadd(readers, one);
                        let r = self.s.ite(can, more, readers);
                        self.assign(st, &word(l, 0, &int), r, loc);
                    }
                    let busy = code(&mut self.s, EBUSY);
                    return Some(Some(self.s.ite(can, ok, busy)));
                }
                if !self.wait_until(st, can) {
                    return Some(None);
                }
                if write {
                    let me = self.s.bv_u(ib, st.active as u128 + 1);
                    self.assign(st, &word(l, 1, &int), me, loc);
                } else {
                    let readers = self.eval(st, &word(l, 0, &int), loc);
                    let one = self.s.bv_u(ib, 1);
                    let more = self.s.bvadd(readers, one);
                    self.assign(st, &word(l, 0, &int), more, loc);
                }
                Some(ok)
            }
            "pthread_rwlock_unlock" => {
                let l = a0?;
                self.caller_words_clear(*vals.first()?, &[0, 1]);
                let readers = self.eval(st, &word(l, 0, &int), loc);
                let writer = self.eval(st, &word(l, 1, &int), loc);
                let me = self.s.bv_u(ib, st.active as u128 + 1);
                let z = self.s.bv_zero(ib);
                let one = self.s.bv_u(ib, 1);
                let mine = self.s.eq(writer, me);
                let some = self.s.bvult(z, readers);
                let fewer = self.s.bvsub(readers, one);
                let not_mine = self.s.not(mine);
                let read_release = self.s.and(not_mine, some);
                let r = self.s.ite(read_release, fewer, readers);
                let w = self.s.ite(mine, z, writer);
                self.assign(st, &word(l, 0, &int), r, loc);
                self.assign(st, &word(l, 1, &int), w, loc);
                Some(ok)
            }
            "pthread_spin_lock" | "pthread_spin_trylock" => {
                let l = a0?;
                self.caller_words_clear(*vals.first()?, &[0]);
                let w = self.eval(st, &word(l, 0, &int), loc);
                let z = self.s.bv_zero(ib);
                let free = self.s.eq(w, z);
                let me = self.s.bv_u(ib, st.active as u128 + 1);
                if name.ends_with("trylock") {
                    let nw = self.s.ite(free, me, w);
                    self.assign(st, &word(l, 0, &int), nw, loc);
                    let busy = code(&mut self.s, EBUSY);
                    return Some(Some(self.s.ite(free, ok, busy)));
                }
                if !self.wait_until(st, free) {
                    return Some(None);
                }
                self.assign(st, &word(l, 0, &int), me, loc);
                Some(ok)
            }
            "pthread_spin_unlock" => {
                let z = self.s.bv_zero(ib);
                self.assign(st, &word(a0?, 0, &int), z, loc);
                Some(ok)
            }
            "sem_init" => {
                // a value above SEM_VALUE_MAX (INT_MAX) fails with EINVAL, initialising nothing
                let v = self.s.resize(*vals.get(2)?, ib, false);
                let max = self.s.bv_u(ib, i32::MAX as u128);
                let valid = self.s.bvule(v, max);
                let old = self.eval(st, &word(a0?, 0, &int), loc);
                let nv = self.s.ite(valid, v, old);
                self.assign(st, &word(a0?, 0, &int), nv, loc);
                let one = self.s.bv_u(ib, 1);
                let was = self.eval(st, &word(a0?, SEM_INIT, &int), loc);
                let marker = self.s.ite(valid, one, was);
                self.assign(st, &word(a0?, SEM_INIT, &int), marker, loc);
                if let Some(e) = self.errno_var {
                    let einval = self.s.bv_u(ib, 22);
                    let before = self.eval(st, &Expr::var(e, int.clone()), loc);
                    let ne = self.s.ite(valid, before, einval);
                    self.assign(st, &Expr::var(e, int.clone()), ne, loc);
                }
                let fail = self.s.bv_i(rb, -1);
                Some(self.s.ite(valid, ok, fail))
            }
            "sem_post" | "sem_wait" | "sem_timedwait" | "sem_trywait" | "sem_getvalue"
                if st.threads[st.active].wait.is_none() && !self.sem_checked(st, a0?, *vals.first()?, loc) =>
            {
                return Some(None);
            }
            "sem_post" => {
                let w = word(a0?, 0, &int);
                let v = self.eval(st, &w, loc);
                let one = self.s.bv_u(ib, 1);
                let v1 = self.s.bvadd(v, one);
                self.assign(st, &w, v1, loc);
                Some(ok)
            }
            "sem_wait" | "sem_timedwait" | "sem_trywait" => {
                let w = word(a0?, 0, &int);
                let v = self.eval(st, &w, loc);
                let z = self.s.bv_zero(ib);
                let one = self.s.bv_u(ib, 1);
                let positive = self.s.bvult(z, v);
                let less = self.s.bvsub(v, one);
                if name == "sem_trywait" {
                    // -1 with errno EAGAIN when the value is 0
                    let nv = self.s.ite(positive, less, v);
                    self.assign(st, &w, nv, loc);
                    let fail = self.s.bv_i(rb, -1);
                    if let Some(e) = self.errno_var {
                        let eagain = self.s.bv_u(ib, EAGAIN);
                        let old = self.eval(st, &Expr::var(e, int.clone()), loc);
                        let ne = self.s.ite(positive, old, eagain);
                        self.assign(st, &Expr::var(e, int.clone()), ne, loc);
                    }
                    return Some(Some(self.s.ite(positive, ok, fail)));
                }
                if !self.wait_until(st, positive) {
                    return Some(None);
                }
                let v = self.eval(st, &w, loc);
                let less = self.s.bvsub(v, one);
                self.assign(st, &w, less, loc);
                Some(ok)
            }
            "sem_getvalue" => {
                let v = self.eval(st, &word(a0?, 0, &int), loc);
                let out = args.get(1)?;
                self.assign(st, &Expr::deref(out.clone()), v, loc);
                Some(ok)
            }
            "pthread_barrier_init" => {
                let b = a0?;
                let n = self.s.resize(*vals.get(2)?, ib, false);
                let z = self.s.bv_zero(ib);
                self.assign(st, &word(b, 0, &int), n, loc);
                self.assign(st, &word(b, 1, &int), z, loc);
                self.assign(st, &word(b, 2, &int), z, loc);
                Some(ok)
            }
            "pthread_barrier_wait" => match self.barrier_wait(st, a0?, rb, loc) {
                Some(r) => Some(r),
                None => return Some(None),
            },
            _ => return None,
        };
        Some(r)
    }

    /// Whether mutex `m` is held by the running thread, and whether it is error-checking.
    fn owner_and_errorcheck(&mut self, st: &mut State, m: &Expr, loc: Loc) -> (T, T) {
        let at = self.eval(st, m, loc);
        self.caller_words_clear(at, &[LOCK, COUNT]);
        let int = self.p.target.int_t();
        let wb = self.bits_of(&int);
        let w = self.eval(st, &word(m, LOCK, &int), loc);
        let kind = self.eval(st, &word(m, KIND, &int), loc);
        let me = self.s.bv_u(wb, st.active as u128 + 1);
        let mine = self.s.eq(w, me);
        let three = self.s.bv_u(wb, 3);
        let k = self.s.bvand(kind, three);
        let ec = self.s.bv_u(wb, ERRORCHECK);
        let checking = self.s.eq(k, ec);
        (mine, checking)
    }

    /// A lock of the caller's (at `at`, in an input object: a function verified as the
    /// entry, docs/contracts.md) is unlocked when the entry starts: its `words` are 0 in the
    /// caller's initial memory (an axiom on it, so it holds whenever it is stated). Without
    /// it a caller's mutex could start held by no thread of the program, and every function
    /// that locks one would deadlock under `--deadlock-check` — a convention, like a caller's
    /// semaphore being initialised; a caller that holds the lock is checked as the entry.
    fn caller_words_clear(&mut self, at: T, words: &[i128]) {
        let Some(content) = self.memory.input_heap.as_ref().map(|h| h.content) else { return };
        let int = self.p.target.int_t();
        let bits = self.bits_of(&int);
        let inp = self.points_to_input(at);
        if self.s.is_false(inp) {
            return;
        }
        for &k in words {
            let d = self.s.bv_u(self.memory.off_bits, (k as u128) * (bits as u128 / 8));
            let a = self.ptr_add(at, d);
            let w = self.load_bits(content, a, bits / 8);
            let z = self.s.bv_zero(bits);
            let clear = self.s.eq(w, z);
            let c = self.s.implies(inp, clear);
            if !self.s.is_true(c) && !self.approx.axioms.contains(&c) {
                self.approx.axioms.push(c);
            }
        }
    }

    /// A claim about the use of the thread library at the running thread's call (`n` tells
    /// the claims of one call apart).
    pub(crate) fn api_claim(&mut self, st: &State, n: u8, msg: &str, cond: T, loc: Loc) {
        let key = (st.top().func.map_or(u32::MAX, |f| f.0), st.pc(), 10 + n);
        self.claim(st, key, crate::ir::ClaimKind::ThreadApi, msg.into(), String::new(), loc, cond);
    }

    /// The claim that semaphore `s` (at `at`) was initialised (POSIX leaves the use of one
    /// that was not undefined); false when no path goes on (then the call has been dealt
    /// with). A caller's semaphore (a function verified in its context, whose objects come from
    /// the caller) is taken as initialised: its caller ran `sem_init`, outside what is verified.
    fn sem_checked(&mut self, st: &mut State, s: &Expr, at: T, loc: Loc) -> bool {
        let int = self.p.target.int_t();
        let w = self.eval(st, &word(s, SEM_INIT, &int), loc);
        let one = self.s.bv_u(self.bits_of(&int), 1);
        let marked = self.s.eq(w, one);
        let callers = self.points_to_input(at);
        let init = self.s.or(marked, callers);
        self.api_claim(st, 1, "semaphore used before sem_init", init, loc);
        // (the claim's paths do not go on: what follows a misuse is not checked)
        self.take_branch(st, init);
        if st.guard.is_false(&self.s) {
            st.live = false;
            return false;
        }
        true
    }

    /// Whether mutex `m` can be taken by the running thread (free, or held by it and
    /// recursive); also whether it is free, and its lock word.
    fn lock_free(&mut self, st: &mut State, m: &Expr, loc: Loc) -> (T, T, T) {
        let at = self.eval(st, m, loc);
        self.caller_words_clear(at, &[LOCK, COUNT]);
        let int = self.p.target.int_t();
        let w = self.eval(st, &word(m, LOCK, &int), loc);
        let kind = self.eval(st, &word(m, KIND, &int), loc);
        let wb = self.bits_of(&int);
        let z = self.s.bv_zero(wb);
        let me = self.s.bv_u(wb, st.active as u128 + 1);
        let free = self.s.eq(w, z);
        let mine = self.s.eq(w, me);
        let rec = self.s.bv_u(wb, RECURSIVE);
        let k = self.s.bvand(kind, rec);
        let recursive = self.s.eq(k, rec);
        let again = self.s.and(mine, recursive);
        let can = self.s.or(free, again);
        (can, free, w)
    }

    /// Takes mutex `m` (known to be takeable): the owner is set, a recursive relock counts.
    fn take_lock(&mut self, st: &mut State, m: &Expr, loc: Loc) {
        let int = self.p.target.int_t();
        let wb = self.bits_of(&int);
        let (_, free, _) = self.lock_free(st, m, loc);
        let me = self.s.bv_u(wb, st.active as u128 + 1);
        self.assign(st, &word(m, LOCK, &int), me, loc);
        let c = self.eval(st, &word(m, COUNT, &int), loc);
        let one = self.s.bv_u(wb, 1);
        let c1 = self.s.bvadd(c, one);
        let z = self.s.bv_zero(wb);
        let count = self.s.ite(free, z, c1);
        self.assign(st, &word(m, COUNT, &int), count, loc);
    }

    /// `pthread_mutex_trylock`: whether the lock was taken.
    fn try_lock(&mut self, st: &mut State, m: &Expr, loc: Loc) -> T {
        let int = self.p.target.int_t();
        let wb = self.bits_of(&int);
        let (can, free, w) = self.lock_free(st, m, loc);
        let me = self.s.bv_u(wb, st.active as u128 + 1);
        let nw = self.s.ite(can, me, w);
        let c = self.eval(st, &word(m, COUNT, &int), loc);
        let one = self.s.bv_u(wb, 1);
        let c1 = self.s.bvadd(c, one);
        let z = self.s.bv_zero(wb);
        let relock = self.s.ite(free, z, c1);
        let count = self.s.ite(can, relock, c);
        self.assign(st, &word(m, LOCK, &int), nw, loc);
        self.assign(st, &word(m, COUNT, &int), count, loc);
        can
    }

    /// `pthread_mutex_unlock`: a recursive relock is counted down, otherwise the mutex is free.
    fn unlock(&mut self, st: &mut State, m: &Expr, loc: Loc) {
        let int = self.p.target.int_t();
        let wb = self.bits_of(&int);
        let w = self.eval(st, &word(m, LOCK, &int), loc);
        let c = self.eval(st, &word(m, COUNT, &int), loc);
        let z = self.s.bv_zero(wb);
        let one = self.s.bv_u(wb, 1);
        let nested = self.s.bvult(z, c);
        let c1 = self.s.bvsub(c, one);
        let nc = self.s.ite(nested, c1, z);
        let nw = self.s.ite(nested, w, z);
        self.assign(st, &word(m, LOCK, &int), nw, loc);
        self.assign(st, &word(m, COUNT, &int), nc, loc);
    }

    /// `pthread_cond_wait(c, m)` (and the timed and C11 forms): releases `m`, lets the other
    /// threads run, takes `m` back. POSIX allows a wait to return without a signal (a
    /// spurious wake-up) and a correct program waits in a loop on its predicate, so the wait
    /// returns whenever its thread is scheduled again, signalled or not (ESBMC's model too). A
    /// timed wait may say it timed out (`timeout`). Under `--deadlock-check`, starting a wait
    /// when no other thread can go on is a deadlock: nothing would ever signal. None while the
    /// thread waits.
    #[allow(clippy::too_many_arguments)]
    fn cond_wait(
        &mut self,
        st: &mut State,
        m: &Expr,
        cond: (T, T),
        timed: bool,
        timeout: u128,
        rb: u32,
        loc: Loc,
    ) -> Option<T> {
        match st.threads[st.active].wait {
            None => {
                self.unlock(st, m, loc);
                let ok = self.s.bv_zero(rb);
                let r = if timed {
                    let gave_up = self.input(st, crate::term::Sort::Bool, "timedwait_timeout");
                    let etime = self.s.bv_u(rb, timeout);
                    self.s.ite(gave_up, etime, ok)
                } else {
                    ok
                };
                st.threads[st.active].wait = Some(Wait::Relock(r, cond.0, cond.1));
                self.deadlock_if_alone(st);
                // the call runs again, after a scheduling point
                st.sched.yield_next = true;
                st.sched.again = true;
                None
            }
            Some(Wait::Relock(r, _, _)) => {
                let (can, _, _) = self.lock_free(st, m, loc);
                if !self.wait_until(st, can) {
                    return None;
                }
                self.take_lock(st, m, loc);
                st.threads[st.active].wait = None;
                Some(r)
            }
            Some(Wait::Barrier(_)) => None,
        }
    }

    /// `pthread_barrier_wait(b)`: the last of the count's threads to arrive opens the barrier
    /// (a new generation) and gets `PTHREAD_BARRIER_SERIAL_THREAD`; the others wait for it and
    /// get 0. None while the thread waits.
    fn barrier_wait(&mut self, st: &mut State, b: &Expr, rb: u32, loc: Loc) -> Option<T> {
        let int = self.p.target.int_t();
        let ib = self.bits_of(&int);
        let generation = self.eval(st, &word(b, 2, &int), loc);
        if let Some(Wait::Barrier(seen)) = st.threads[st.active].wait {
            let same = self.s.eq(generation, seen);
            let opened = self.s.not(same);
            if !self.wait_until(st, opened) {
                return None;
            }
            st.threads[st.active].wait = None;
            return Some(self.s.bv_zero(rb));
        }
        let count = self.eval(st, &word(b, 0, &int), loc);
        let arrived = self.eval(st, &word(b, 1, &int), loc);
        let one = self.s.bv_u(ib, 1);
        let now = self.s.bvadd(arrived, one);
        let last = self.s.bvule(count, now);
        let z = self.s.bv_zero(ib);
        let a = self.s.ite(last, z, now);
        self.assign(st, &word(b, 1, &int), a, loc);
        let next = self.s.bvadd(generation, one);
        let g = self.s.ite(last, next, generation);
        self.assign(st, &word(b, 2, &int), g, loc);
        let serial = self.s.bv_i(rb, SERIAL);
        if self.s.is_true(last) {
            return Some(serial);
        }
        // the threads that are not the last wait for the generation to change
        let mut waiting = st.clone();
        let not_last = self.s.not(last);
        self.take_branch(&mut waiting, not_last);
        waiting.threads[waiting.active].wait = Some(Wait::Barrier(generation));
        self.deadlock_if_alone(&mut waiting);
        self.block(&mut waiting);
        if self.s.is_false(last) {
            *st = waiting;
            return None;
        }
        if waiting.live && !waiting.guard.is_false(&self.s) {
            self.fork(waiting);
        }
        self.take_branch(st, last);
        Some(serial)
    }

    /// The running thread can go on only where `ready` holds: the rest of the path is blocked
    /// and hands over to the other threads. Returns whether any of the path goes on.
    pub(crate) fn wait_until(&mut self, st: &mut State, ready: T) -> bool {
        if self.s.is_true(ready) {
            return true;
        }
        if !self.s.is_false(ready) {
            let mut blocked = st.clone();
            let nr = self.s.not(ready);
            self.take_branch(&mut blocked, nr);
            if !blocked.guard.is_false(&self.s) {
                self.block(&mut blocked);
                if blocked.live {
                    self.fork(blocked);
                }
            }
            self.take_branch(st, ready);
            return !st.guard.is_false(&self.s);
        }
        self.block(st);
        false
    }
}

/// The `k`-th `int` of the object `p` points to, as an lvalue.
pub(crate) fn word(p: &Expr, k: i128, int: &Type) -> Expr {
    let ip = Type::ptr(int.clone());
    let base = Expr::new(ExprKind::Cast(Box::new(p.clone()), false), ip.clone());
    let at = if k == 0 { base } else { Expr::binary(BinOp::PtrAdd, base, Expr::int(k, int.clone()), ip) };
    Expr::deref(at)
}
