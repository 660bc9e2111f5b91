//! The thread library's threads: POSIX and C11 threads (create, join, exit, self, equal,
//! detach) and the atomic sections of the verification API (`__VERIFIER_atomic_begin`/`end`,
//! `__ESBMC_atomic_begin`/`end`, functions named `__VERIFIER_atomic_*`). The synchronisation
//! objects (mutexes, locks, semaphores, conditions, barriers) are sync.rs; the scheduler that
//! interleaves the threads is schedule.rs (docs/threads.md).
//!
//! A thread is a call stack in the path's state (`ThreadState`), numbered in the order of
//! creation (the program's first thread is 0); `pthread_t` holds that number. A join of a
//! thread that has not finished does not advance its thread: the path hands the processor to
//! another thread (`Symex::block`), and the join runs again when its thread is scheduled
//! again.

use super::{State, Step, Symex};
use crate::ir::{Expr, ExprKind, FuncId, Loc, Type};
use crate::term::T;

const ESRCH: u128 = 3;
const EINVAL: u128 = 22;

/// Whether `name` is a function of the thread library or an atomic-section marker.
pub fn is_thread_function(name: &str) -> bool {
    name.starts_with("pthread_")
        || name.starts_with("thrd_")
        || name.starts_with("mtx_")
        || name.starts_with("cnd_")
        || name.starts_with("sem_")
        || name.starts_with("tss_")
        || name == "call_once"
        || is_atomic_marker(name)
        || name == "__ESBMC_yield"
}

fn is_atomic_marker(name: &str) -> bool {
    matches!(name, "__VERIFIER_atomic_begin" | "__VERIFIER_atomic_end" | "__ESBMC_atomic_begin" | "__ESBMC_atomic_end")
}

/// Whether calls of `name` are synchronisation: a point where the scheduler may switch.
pub fn is_sync_function(name: &str) -> bool {
    is_thread_function(name) && !matches!(name, "pthread_self" | "__VERIFIER_atomic_end" | "__ESBMC_atomic_end")
}

/// Functions whose body runs as one atomic step (SV-COMP's convention).
pub fn is_atomic_function(name: &str) -> bool {
    name.starts_with("__VERIFIER_atomic_") && !is_atomic_marker(name)
}

impl Symex<'_> {
    /// Models a call of the thread library. Returns false when `name` is not one it models
    /// (the caller reports it as unsupported). `pc` is left alone: the caller advances it
    /// unless the thread blocked (`st.sched.blocked`).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn thread_call(
        &mut self,
        st: &mut State,
        name: &str,
        lhs: Option<&Expr>,
        args: &[Expr],
        vals: &[T],
        ret_ty: &Type,
        loc: Loc,
    ) -> bool {
        let arg = |i: usize| vals.get(i).copied();
        let int = self.p.target.int_t();
        let ok = self.s.bv_zero(self.bits_of(ret_ty).max(1));
        let result: Option<T> = match name {
            "__VERIFIER_atomic_begin" | "__ESBMC_atomic_begin" => {
                st.threads[st.active].atomic += 1;
                None
            }
            "__VERIFIER_atomic_end" | "__ESBMC_atomic_end" => {
                let t = &mut st.threads[st.active];
                t.atomic = t.atomic.saturating_sub(1);
                None
            }
            "__ESBMC_yield" | "pthread_yield" | "sched_yield" => Some(ok),
            "pthread_create" => {
                let (Some(start), Some(tid_ptr)) = (args.get(2), args.first()) else { return false };
                let Some(f) = self.start_function(st, start, arg(2)) else {
                    self.reach_unsupported(
                        st,
                        "pthread_create with a start routine verdiff cannot resolve".into(),
                        loc,
                    );
                    st.live = false;
                    return true;
                };
                let n = self.spawn(st, f, arg(3), args.get(3), loc);
                let tid_ty = tid_ptr.ty.pointee().cloned().unwrap_or(int.clone());
                let tid = self.s.bv_u(self.bits_of(&tid_ty), n as u128);
                let place = Expr::deref(tid_ptr.clone());
                self.assign(st, &place, tid, loc);
                // the new thread may run before the creator's next step
                st.sched.yield_next = true;
                Some(ok)
            }
            "pthread_self" => Some(self.s.bv_u(self.bits_of(ret_ty), st.active as u128)),
            "pthread_equal" => {
                let (Some(a), Some(b)) = (arg(0), arg(1)) else { return false };
                let e = self.s.eq(a, b);
                Some(self.from_bool(e, ret_ty))
            }
            "pthread_join" => {
                let Some(t) = arg(0) else { return false };
                match self.join(st, t, args.get(1), self.bits_of(ret_ty).max(1), loc) {
                    Some(r) => Some(r),
                    None => return true,
                }
            }
            "pthread_detach" => Some(ok),
            "pthread_exit" => {
                let v = arg(0);
                self.exit_thread(st, v);
                return true;
            }
            "thrd_create" => {
                // (thrd_t *, thrd_start_t, void *): thrd_success
                let (Some(start), Some(tid_ptr)) = (args.get(1), args.first()) else { return false };
                let Some(f) = self.start_function(st, start, arg(1)) else {
                    self.reach_unsupported(st, "thrd_create with a start routine verdiff cannot resolve".into(), loc);
                    st.live = false;
                    return true;
                };
                let n = self.spawn(st, f, arg(2), args.get(2), loc);
                let tid_ty = tid_ptr.ty.pointee().cloned().unwrap_or(int.clone());
                let tid = self.s.bv_u(self.bits_of(&tid_ty), n as u128);
                self.assign(st, &Expr::deref(tid_ptr.clone()), tid, loc);
                st.sched.yield_next = true;
                Some(ok)
            }
            "thrd_current" => Some(self.s.bv_u(self.bits_of(ret_ty), st.active as u128)),
            "thrd_equal" => {
                let (Some(a), Some(b)) = (arg(0), arg(1)) else { return false };
                let e = self.s.eq(a, b);
                Some(self.from_bool(e, ret_ty))
            }
            "thrd_yield" => None,
            "thrd_detach" => Some(ok),
            "thrd_join" => {
                // (thrd_t, int *): thrd_success, or thrd_error for a thread that cannot be joined
                let Some(t) = arg(0) else { return false };
                match self.join(st, t, args.get(1), self.bits_of(ret_ty).max(1), loc) {
                    Some(r) => {
                        // thrd_error (2) for a thread that cannot be joined
                        let z = self.s.bv_zero(self.bits_of(ret_ty).max(1));
                        let joined = self.s.eq(r, z);
                        let error = self.s.bv_u(self.bits_of(ret_ty).max(1), 2);
                        Some(self.s.ite(joined, z, error))
                    }
                    None => return true,
                }
            }
            "thrd_exit" => {
                let v = arg(0);
                self.exit_thread(st, v);
                return true;
            }
            _ => match self.sync_call(st, name, args, vals, ret_ty, loc) {
                None => return false,
                Some(None) => return true,
                Some(Some(v)) => Some(v),
            },
        };
        if let (Some(l), Some(v)) = (lhs, result) {
            let v = self.convert(st, v, ret_ty, &l.ty.clone(), loc);
            self.assign(st, l, v, loc);
        }
        true
    }

    /// The function a `pthread_create` start routine names.
    fn start_function(&mut self, _st: &State, e: &Expr, v: Option<T>) -> Option<FuncId> {
        let mut cur = e;
        loop {
            match &cur.kind {
                ExprKind::Cast(x, _) | ExprKind::AddrOf(x) => cur = x,
                ExprKind::Func(f) => return Some(*f),
                _ => break,
            }
        }
        // a function pointer's value: the object of one function
        let v = v?;
        let o = self.obj_of(v);
        let o = const_u64(&self.s, o)?;
        self.memory.func_objs.iter().find(|(_, &fo)| fo as u64 == o).map(|(f, _)| *f)
    }

    /// A new thread that starts in `f(arg)`; its number.
    fn spawn(&mut self, st: &mut State, f: FuncId, arg: Option<T>, arg_e: Option<&Expr>, loc: Loc) -> usize {
        let n = st.threads.len();
        st.threads.push(super::state::ThreadState::default());
        let creator = st.active;
        st.active = n;
        let fun = self.p.func(f);
        let vals: Vec<T> = if fun.params.is_empty() { vec![] } else { arg.into_iter().collect() };
        let args: Vec<Expr> = if fun.params.is_empty() { vec![] } else { arg_e.cloned().into_iter().collect() };
        if fun.body.is_none() {
            self.reach_unsupported(st, format!("thread start routine `{}` has no body", fun.name), loc);
            st.active = creator;
            st.live = false;
            return n;
        }
        self.enter(st, f, None, &vals, &args, loc);
        st.active = creator;
        self.record(st, loc, Step::Spawn { thread: n as u32, func: fun.name.clone() });
        n
    }

    /// `pthread_join(t, ret)`: the result, or None when the thread blocked (the path went to
    /// the other threads).
    fn join(&mut self, st: &mut State, t: T, ret: Option<&Expr>, rb: u32, loc: Loc) -> Option<T> {
        let code = |s: &mut crate::term::TermStore, c: u128| s.bv_u(rb, c);
        let ret = ret.filter(|r| !is_null_constant(r));
        let ret_ty = ret.and_then(|r| r.ty.pointee().cloned()).unwrap_or(Type::Void);
        let ret_sort = self.sort_of(&ret_ty);
        let ret_zero = self.s.bv_zero(self.bits_of(&ret_ty).max(1));
        let value_of = |sx: &mut Self, st: &State, k: usize| match st.threads[k].retval {
            Some(v) if sx.s.sort(v) == &ret_sort => v,
            _ => ret_zero,
        };
        if let Some(k) = const_u64(&self.s, t) {
            let k = k as usize;
            if k >= st.threads.len() || k == st.active {
                if k != st.active && self.o.lock_checks {
                    // (undefined: the value names no thread this path created)
                    let f = self.s.fals();
                    self.api_claim(st, 3, "join of a thread that was never created", f, loc);
                }
                // (EDEADLK for a join of itself)
                return Some(code(&mut self.s, if k == st.active { 35 } else { ESRCH }));
            }
            if !st.threads[k].frames.is_empty() {
                self.block(st);
                return None;
            }
            if st.threads[k].joined {
                if self.o.lock_checks {
                    // (undefined: a joined thread is no longer joinable, POSIX)
                    let f = self.s.fals();
                    self.api_claim(st, 4, "join of a thread already joined", f, loc);
                }
                return Some(code(&mut self.s, EINVAL));
            }
            st.threads[k].joined = true;
            if let Some(r) = ret {
                let v = value_of(self, st, k);
                self.assign(st, &Expr::deref(r.clone()), v, loc);
            }
            return Some(code(&mut self.s, 0));
        }
        // a thread chosen by a value the path does not fix (`pthread_join(t[i], …)`): wait
        // for whichever it is
        let w = self.s.width(t);
        let (mut valid, mut done) = (self.s.fals(), self.s.fals());
        let mut value = ret_zero;
        for k in 0..st.threads.len() {
            if k == st.active {
                continue;
            }
            let kt = self.s.bv_u(w, k as u128);
            let is = self.s.eq(t, kt);
            valid = self.s.or(valid, is);
            if st.threads[k].frames.is_empty() {
                done = self.s.or(done, is);
                let v = value_of(self, st, k);
                value = self.s.ite(is, v, value);
            }
        }
        let invalid = self.s.not(valid);
        let ready = self.s.or(done, invalid);
        if !self.wait_until(st, ready) {
            return None;
        }
        if let Some(r) = ret {
            let old = self.eval(st, &Expr::deref(r.clone()), loc);
            let v = self.s.ite(done, value, old);
            self.assign(st, &Expr::deref(r.clone()), v, loc);
        }
        let ok = code(&mut self.s, 0);
        let esrch = code(&mut self.s, ESRCH);
        Some(self.s.ite(valid, ok, esrch))
    }

    /// The running thread ends (`pthread_exit`, or the return of its start routine): its
    /// frames are left, its locals die.
    pub(crate) fn exit_thread(&mut self, st: &mut State, v: Option<T>) {
        while let Some(fr) = st.frames_mut().pop() {
            for o in &fr.objects {
                let ot = self.s.bv_u(self.memory.obj_bits, *o as u128);
                self.set_alive(st, ot, false);
            }
            st.regs.retain(|k, _| k.1 != fr.id);
            st.addrs.retain(|k, _| k.1 != fr.id);
        }
        st.threads[st.active].retval = v;
        st.threads[st.active].atomic = 0;
        // (when main's thread exits, the program ends with the last thread)
        if st.threads.iter().all(|t| t.frames.is_empty()) {
            self.program_end(st);
        }
    }
}

/// The value of a constant bit-vector term.
pub(crate) fn const_u64(s: &crate::term::TermStore, t: T) -> Option<u64> {
    s.as_bv(t).and_then(|b| b.to_u64())
}

/// A null pointer constant (`0`, `(void *)0`).
fn is_null_constant(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Int(0) => true,
        ExprKind::Cast(x, _) => is_null_constant(x),
        _ => false,
    }
}
