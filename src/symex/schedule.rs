//! The scheduler of a multi-threaded execution (docs/threads.md §2).
//!
//! A context switch may happen only before a *visible* instruction: one that reads or writes
//! an object another thread can reach (a static, a variable whose address is taken, anything
//! behind a pointer) or calls the thread library. Runs of invisible instructions are one step.
//! Inside an atomic section, a `__VERIFIER_atomic_*` function or a library model, no switch
//! happens.
//!
//! Every choice the scheduler makes is an input `sched#k` (k counts the choices on the path),
//! constrained by the path's guard: the solver's model of a violation says which thread ran at
//! each choice, and a replay takes the same choices from it. Each choice splits the path, one
//! path per thread that can run, all in one formula (the thesis's schedule recording); the
//! paths are explored one by one (`PathQueue::forks`), never merged.
//!
//! `--context-bound C` limits the context switches of a path as ESBMC's does: every change of
//! the running thread counts; once C are made, no thread is preempted, but one that blocks or
//! ends still hands over.

use std::collections::HashMap;
use std::rc::Rc;

use super::threads::{is_atomic_function, is_sync_function};
use super::{State, Step, Symex};
use crate::ir::{Expr, ExprKind, FuncId, InstrKind};
use crate::term::Sort;

/// Which instructions of each function are visible, computed once per function.
#[derive(Default)]
pub(super) struct Visibility {
    by_func: HashMap<Option<FuncId>, Rc<Vec<bool>>>,
}

impl Symex<'_> {
    /// Whether instruction `pc` of `func` is visible to other threads.
    pub(crate) fn visible(&mut self, func: Option<FuncId>, pc: usize) -> bool {
        if let Some(v) = self.visibility.by_func.get(&func) {
            return v.get(pc).copied().unwrap_or(false);
        }
        let body = self.body(func);
        let raw: Vec<bool> = body.iter().map(|ins| self.instr_visible(&ins.kind)).collect();
        // the safety claims the instrumentation put before an instruction check that access:
        // they and the instruction are one step, before which another thread may run (a
        // switch between the check and the access would check a stale state)
        let generated = |i: usize| matches!(&body[i].kind, InstrKind::Assert { kind, .. } if *kind != crate::ir::ClaimKind::Assertion);
        let mut v = raw.clone();
        let mut i = 0;
        while i < body.len() {
            if !generated(i) {
                i += 1;
                continue;
            }
            let start = i;
            while i < body.len() && generated(i) {
                i += 1;
            }
            let end = i.min(body.len() - 1);
            let any = raw[start..=end].iter().any(|&b| b);
            v[start..=end].iter_mut().for_each(|b| *b = false);
            v[start] = any;
            i = end + 1;
        }
        let at = v.get(pc).copied().unwrap_or(false);
        self.visibility.by_func.insert(func, Rc::new(v));
        at
    }

    fn instr_visible(&self, k: &InstrKind) -> bool {
        match k {
            InstrKind::Skip | InstrKind::Decl(_) | InstrKind::Dead(_) | InstrKind::EndPath => false,
            InstrKind::Unsupported(_) => false,
            InstrKind::Assign { lhs, rhs } => self.shared(lhs) || self.shared(rhs),
            InstrKind::Assume(c) | InstrKind::Assert { cond: c, .. } => self.shared(c),
            InstrKind::Goto { cond, .. } => cond.as_ref().is_some_and(|c| self.shared(c)),
            InstrKind::Return(e) => e.as_ref().is_some_and(|e| self.shared(e)),
            InstrKind::Call { lhs, func, args } => {
                if let ExprKind::Func(f) = &func.kind {
                    let fun = self.p.func(*f);
                    if is_sync_function(&fun.name) || is_atomic_function(&fun.name) {
                        return true;
                    }
                    // a library model or an external function reads and writes through its
                    // pointer arguments (its own instructions are not interleaved)
                    if (fun.model || fun.body.is_none()) && args.iter().any(|a| a.ty.is_pointer()) {
                        return true;
                    }
                }
                lhs.as_ref().is_some_and(|l| self.shared(l)) || args.iter().any(|a| self.shared(a))
            }
        }
    }

    /// Whether evaluating `e` (or writing to it) touches memory another thread can reach.
    fn shared(&self, e: &Expr) -> bool {
        crate::ir::shared::touches_shared(e, &|v| {
            let var = self.p.var(v);
            (var.is_static() && !var.thread_local) || var.addressed || self.in_memory(v)
        })
    }

    /// No switch may happen now: the running thread is in an atomic section, an atomic
    /// function, or a library model.
    fn in_atomic(&self, st: &State) -> bool {
        st.threads[st.active].atomic > 0
            || st.frames().iter().any(|fr| {
                fr.func.is_some_and(|f| {
                    let fun = self.p.func(f);
                    fun.model || is_atomic_function(&fun.name)
                })
            })
    }

    /// Before instruction `pc` of the running thread: if it is visible, another thread may run
    /// first. Returns whether this state now runs another thread.
    pub(crate) fn schedule_point(&mut self, st: &mut State, pc: usize) -> bool {
        let hold = std::mem::take(&mut st.sched.hold);
        let yielded = std::mem::take(&mut st.sched.yield_next);
        if hold || !st.threaded() || self.in_atomic(st) {
            return false;
        }
        // the return of main ends every thread: the others may run first
        let exit = st.active == 0 && st.frames().len() == 1 && pc >= self.body(st.top().func).len();
        if !yielded && !exit && !self.visible(st.top().func, pc) {
            return false;
        }
        let bound_left = self.o.context_bound.is_none_or(|b| st.sched.switches < b);
        if !bound_left {
            return false;
        }
        let mut options = vec![st.active];
        for t in 0..st.threads.len() {
            if t != st.active && self.runnable(st, t) {
                options.push(t);
            }
        }
        // (the running thread's call would wait: another thread goes first, so that a wait is
        // tried only when no other thread can go on, where it is a deadlock)
        if options.len() > 1 && !self.runnable(st, st.active) {
            options.remove(0);
        }
        st.sched.steps += 1;
        self.choose(st, options, true);
        // every choice, this one too, waits with the others: the fewest steps run first, and
        // those at one place merge
        st.sched.hold = true;
        let mut next = std::mem::replace(
            st,
            State::single(Default::default(), Default::default(), Default::default(), st.mem, st.alive),
        );
        next.live = true;
        self.fork(next);
        if !self.next_path(st) {
            st.live = false;
        }
        true
    }

    /// Puts a path of a multi-threaded execution with the others waiting to run, merged with
    /// one that stands at the same place after as many steps.
    pub(crate) fn fork(&mut self, st: State) {
        if !st.live || st.guard.is_false(&self.s) {
            return;
        }
        let bounded = self.o.context_bound.is_some();
        let key = (st.sched.steps, st.configuration(bounded));
        let list = self.paths.forks.entry(key).or_default();
        if let Some(i) = list.iter().position(|o| o.same_place(&st, bounded)) {
            let other = list.swap_remove(i);
            let merged = self.merge(other, st);
            self.paths.forks.entry(key).or_default().push(merged);
            return;
        }
        list.push(st);
    }

    /// The running thread cannot go on (it waits): another thread runs. With none left that
    /// can, the path is a deadlock and ends.
    pub(crate) fn block(&mut self, st: &mut State) {
        // the threads that tried to go on and had to wait since the last step: when every
        // unfinished one has, none can go on (`runnable` could not tell, the values being
        // symbolic); a thread that waits again with no step in between only repeats this
        // path's choices, explored apart
        let bit = 1u64 << st.active.min(63);
        let again = st.sched.stalled & bit != 0;
        st.sched.stalled |= bit;
        // can a thread that has not waited since the last step go on?
        let mut progress = false;
        for t in 0..st.threads.len() {
            let waited = st.sched.stalled & (1u64 << t.min(63)) != 0;
            if !waited && t != st.active && self.runnable(st, t) {
                progress = true;
                break;
            }
        }
        if !progress {
            self.deadlock(st);
            st.live = false;
            return;
        }
        if again {
            // (the other choices at the last scheduling point are explored apart)
            st.live = false;
            return;
        }
        let options: Vec<usize> = (0..st.threads.len()).filter(|&t| t != st.active && self.runnable(st, t)).collect();
        if options.is_empty() {
            self.deadlock(st);
            st.live = false;
            return;
        }
        self.deadlock_if_alone(st);
        self.choose(st, options, false);
    }

    /// The running thread waits: under `--deadlock-check`, if every other unfinished thread
    /// waits too (blocked, or inside a condition wait it has not come back from), no thread
    /// can make the progress that would release them — a deadlock, even if a spurious
    /// wake-up could still let a condition wait return.
    pub(crate) fn deadlock_if_alone(&mut self, st: &mut State) {
        if !self.o.deadlock_check {
            return;
        }
        // (a condition waiter no signal reached since it began to wait)
        let int = self.p.target.int_t();
        let mut waiting = Vec::new();
        for t in 0..st.threads.len() {
            let unsignalled = match st.threads[t].wait {
                Some(super::sync::Wait::Relock(_, at, seen)) => self.load(st.mem, at, &int) == seen,
                _ => false,
            };
            waiting.push(unsignalled);
        }
        let active = st.active;
        let others = (0..waiting.len()).filter(|&t| t != active && !waiting[t]).any(|t| self.runnable(st, t));
        if !others {
            self.deadlock(st);
        }
    }

    /// The running thread has finished: another one runs, or the path is complete (every
    /// thread finished, or main returned: the process exits, ending the other threads, except
    /// under `--memory-leak-check`, whose claims are stated when the last thread ends).
    pub(crate) fn thread_finished(&mut self, st: &mut State) {
        let exited = st.threads[0].main_returned && !self.o.memory_leak_check;
        if exited || st.threads.iter().all(|t| t.frames.is_empty()) {
            self.stats.interleavings += 1;
            st.live = false;
            return;
        }
        self.block(st);
    }

    /// Every thread that has not finished waits (a claim under `--deadlock-check`).
    fn deadlock(&mut self, st: &mut State) {
        self.stats.interleavings += 1;
        if self.o.deadlock_check {
            // (one claim per place a thread waits at: where the running thread waits, or
            // after it finished, the next thread that does)
            let at = st.threads[st.active..]
                .iter()
                .chain(&st.threads[..st.active])
                .find_map(|t| t.frames.last())
                .map(|fr| (self.body(fr.func).get(fr.pc).map(|i| i.loc).unwrap_or_default(), fr.func, fr.pc));
            let (loc, func, pc) = at.unwrap_or_default();
            let no = self.s.fals();
            self.claim_at(
                st,
                (func.map_or(u32::MAX, |f| f.0), pc, 20),
                func,
                crate::ir::ClaimKind::Deadlock,
                "deadlock: every thread that has not finished is blocked".into(),
                loc,
                no,
            );
        }
    }

    /// Whether thread `t` has not finished and is not known to wait: its next instruction is
    /// not a join of a thread still running, a lock of a mutex another thread holds, or a wait
    /// for a signal not yet sent (as far as the values are constants).
    fn runnable(&mut self, st: &mut State, t: usize) -> bool {
        let Some(fr) = st.threads[t].frames.last() else { return false };
        // (past the safety claims of the call, which are one step with it)
        let body = self.body(fr.func);
        let at = (fr.pc..body.len()).find(
            |&i| !matches!(&body[i].kind, InstrKind::Assert { kind, .. } if *kind != crate::ir::ClaimKind::Assertion),
        );
        let Some(ins) = at.and_then(|i| body.get(i)) else { return true };
        let InstrKind::Call { func, args, .. } = &ins.kind else { return true };
        let ExprKind::Func(f) = &func.kind else { return true };
        let name = self.p.func(*f).name.as_str();
        let int = self.p.target.int_t();
        // the constant value of argument `i`'s `k`-th int word, evaluated in thread t
        let word_of = |sx: &mut Self, st: &mut State, i: usize, k: i128| -> Option<u64> {
            let a = args.get(i).filter(|a| simple(a))?;
            let w = super::sync::word(a, k, &int);
            let running = st.active;
            st.active = t;
            let v = sx.eval(st, &w, crate::ir::Loc::default());
            st.active = running;
            super::threads::const_u64(&sx.s, v)
        };
        let free_or_mine = |w: Option<u64>| w.is_none_or(|w| w == 0 || w == t as u64 + 1);
        match name {
            "pthread_join" | "thrd_join" => {
                let Some(a) = args.first().filter(|a| simple(a)) else { return true };
                let v = self.eval_in(st, t, a);
                match super::threads::const_u64(&self.s, v) {
                    Some(k) => st.threads.get(k as usize).is_none_or(|u| u.frames.is_empty()),
                    None => true,
                }
            }
            "pthread_mutex_lock" | "mtx_lock" | "pthread_spin_lock" => free_or_mine(word_of(self, st, 0, 0)),
            // (a write lock waits for readers and a writer, a read lock for a writer)
            "pthread_rwlock_wrlock" => {
                let held = |w: Option<u64>| w.is_some_and(|w| w != 0);
                !held(word_of(self, st, 0, 0)) && !held(word_of(self, st, 0, 1))
            }
            "pthread_rwlock_rdlock" => word_of(self, st, 0, 1).is_none_or(|w| w == 0),
            // (a semaphore not initialised does not wait: the call reports its misuse)
            "sem_wait" => word_of(self, st, 0, 0) != Some(0) || word_of(self, st, 0, 4) != Some(1),
            "pthread_cond_wait" | "pthread_cond_timedwait" | "cnd_wait" | "cnd_timedwait" => {
                // back from the others, taking the mutex again
                st.threads[t].wait.is_none() || free_or_mine(word_of(self, st, 1, 0))
            }
            "pthread_barrier_wait" => match st.threads[t].wait {
                Some(super::sync::Wait::Barrier(seen)) => match super::threads::const_u64(&self.s, seen) {
                    Some(seen) => word_of(self, st, 0, 2) != Some(seen),
                    None => true,
                },
                _ => true,
            },
            _ => true,
        }
    }

    /// The value of a side-effect-free expression in thread `t`'s frame.
    pub(crate) fn eval_in(&mut self, st: &mut State, t: usize, e: &Expr) -> crate::term::T {
        let running = st.active;
        st.active = t;
        let loc = crate::ir::Loc::default();
        let v = self.eval(st, e, loc);
        st.active = running;
        v
    }

    /// One scheduling choice among `options` (thread numbers; the running thread first when it
    /// may go on). `preempt`: a switch away from the running thread counts toward the context
    /// bound.
    fn choose(&mut self, st: &mut State, mut options: Vec<usize>, preempt: bool) {
        let running = st.active;
        // (named by the path's place, not by its history: paths merged at the same place make
        // their next choice with one input, and a replay of either names it the same)
        let key = format!("sched#{}:{:016x}", st.sched.steps, st.configuration(self.o.context_bound.is_some()));
        let script = self.o.schedule.clone();
        let depth = st.sched.picks as usize;
        if script.is_some() && options.len() > 1 {
            st.sched.picks += 1;
        }
        if let Some(oracle) = self.replay.oracle.clone() {
            // a replay (or a random run) takes the thread the input names, when it can run at
            // all: which threads could run was decided on constants here, and perhaps on
            // merged values in the run that found the violation, so the options may differ
            let asked = oracle.borrow_mut().scalar(&key, &Sort::Bv(32)).and_then(|b| b.to_u64());
            let alive = |t: usize| st.threads.get(t).is_some_and(|u| !u.frames.is_empty());
            let t = match asked {
                Some(c) if alive(c as usize) && (c as usize != running || options.contains(&running)) => c as usize,
                Some(c) => options[c as usize % options.len()],
                None => options[0],
            };
            self.switch_to(st, t, preempt && t != running);
            return;
        }
        // partial-order reduction: a step that only reorders independent ones is left out
        let mut steps: HashMap<usize, Rc<super::por::Footprint>> = HashMap::new();
        if self.o.por {
            let mut kept = Vec::new();
            for &t in &options {
                let fp = Rc::new(self.footprint(st, t));
                if std::env::var_os("VERDIFF_DEBUG_POR").is_some() {
                    let at = st.threads[t].frames.last().map(|f| (f.func.map(|x| self.p.func(x).name.clone()), f.pc));
                    eprintln!("thread {t} at {at:?}: {fp:?} pruned {}", self.por_prunes(st, t, &fp));
                }
                if !self.por_prunes(st, t, &fp) {
                    kept.push(t);
                    steps.insert(t, fp);
                }
            }
            if kept.is_empty() {
                // (every state after this one is reached by an interleaving explored apart)
                let no = self.s.fals();
                st.guard.add(&mut self.s, no);
                st.live = false;
                return;
            }
            options = kept;
        }
        let record = |sx: &Self, st: &mut State, t: usize| {
            if let Some(fp) = steps.get(&t) {
                sx.por_record(st, t, fp.clone());
            }
        };
        if options.len() == 1 {
            record(self, st, options[0]);
            self.switch_to(st, options[0], preempt && options[0] != running);
            return;
        }
        let v = match self.approx.inputs.get(&key) {
            Some(&v) => v,
            None => self.input_fixed(Sort::Bv(32), &key),
        };
        if let Some(c) = super::threads::const_u64(&self.s, v) {
            // a replay (or a random run): the choice is made
            let t = options.iter().copied().find(|&t| t as u64 == c).unwrap_or(options[c as usize % options.len()]);
            record(self, st, t);
            self.switch_to(st, t, preempt && t != running);
            return;
        }
        if let Some(script) = script {
            // lazy exploration: the one option the script names at this depth; a path with
            // fewer options than the script asks for is not part of this interleaving
            let pick = script.pick(depth, options.len());
            let Some(&t) = options.get(pick) else {
                let no = self.s.fals();
                st.guard.add(&mut self.s, no);
                st.live = false;
                return;
            };
            let is = self.s.bv_u(32, t as u128);
            let c = self.s.eq(v, is);
            st.guard.add(&mut self.s, c);
            record(self, st, t);
            self.switch_to(st, t, preempt && t != running);
            return;
        }
        // (UW: a preemption only where its literal allows it)
        let allow = (self.o.switch_literals && preempt).then(|| match self.switch_literals.get(&key) {
            Some(&l) => l,
            None => {
                let l = self.s.fresh_symbol(format!("uw#{key}"), Sort::Bool);
                self.switch_literals.insert(key.clone(), l);
                l
            }
        });
        for &t in options.iter().skip(1).rev() {
            let mut other = st.clone();
            let is = self.s.bv_u(32, t as u128);
            let c = self.s.eq(v, is);
            other.guard.add(&mut self.s, c);
            if let Some(l) = allow.filter(|_| t != running) {
                other.guard.add(&mut self.s, l);
            }
            record(self, &mut other, t);
            self.switch_to(&mut other, t, preempt && t != running);
            other.sched.hold = true;
            self.fork(other);
        }
        let first = options[0];
        let is = self.s.bv_u(32, first as u128);
        let c = self.s.eq(v, is);
        st.guard.add(&mut self.s, c);
        if let Some(l) = allow.filter(|_| first != running) {
            st.guard.add(&mut self.s, l);
        }
        record(self, st, first);
        self.switch_to(st, first, preempt && first != running);
    }

    fn switch_to(&mut self, st: &mut State, t: usize, _preempted: bool) {
        if t != st.active {
            st.sched.switches += 1;
            st.active = t;
            st.sched.hold = true;
            let loc =
                st.frames().last().and_then(|fr| self.body(fr.func).get(fr.pc)).map(|i| i.loc).unwrap_or_default();
            self.record(st, loc, Step::Switch { thread: t as u32 });
        }
    }

    /// The next path of a multi-threaded execution to run, into `st`: a fork, or else a
    /// state still waiting at a join point from before the threads were created. False when
    /// none is left.
    pub(crate) fn next_path(&mut self, st: &mut State) -> bool {
        while let Some(mut entry) = self.paths.forks.first_entry() {
            match entry.get_mut().pop() {
                Some(f) => {
                    if entry.get().is_empty() {
                        entry.remove();
                    }
                    *st = f;
                    return true;
                }
                None => {
                    entry.remove();
                }
            }
        }
        // the innermost frame's first waiting point
        let Some(&(fid, _)) = self.paths.pending.keys().next_back() else { return false };
        let Some(key) = self.paths.pending.range((fid, 0)..=(fid, usize::MAX)).next().map(|(k, _)| *k) else {
            return false;
        };
        let Some(list) = self.paths.pending.remove(&key) else { return false };
        let mut it = list.into_iter();
        let Some(mut merged) = it.next() else { return false };
        for other in it {
            merged = self.merge(merged, other);
        }
        *st = merged;
        true
    }
}

/// The interleaving a lazy exploration follows (`--schedule lazy`, docs/threads.md §2): at
/// the k-th choice among several threads, the option `picks[k]` (0, the running thread or
/// the first that can run, past the script's end). A run records how many options each depth
/// offered (the most over its paths), from which the next interleaving is derived
/// depth-first ([`Script::next`]).
#[derive(Debug, Default)]
pub struct Script {
    pub picks: Vec<u32>,
    widths: std::sync::Mutex<Vec<u32>>,
}

impl Script {
    pub fn new(picks: Vec<u32>) -> Script {
        Script { picks, widths: Default::default() }
    }

    /// The option to take at choice `depth` among `width`, recording the width.
    fn pick(&self, depth: usize, width: usize) -> usize {
        if let Ok(mut w) = self.widths.lock() {
            if w.len() <= depth {
                w.resize(depth + 1, 0);
            }
            w[depth] = w[depth].max(width as u32);
        }
        self.picks.get(depth).map_or(0, |&p| p as usize)
    }

    /// The options each depth offered in the runs that followed this script.
    pub fn widths(&self) -> Vec<u32> {
        self.widths.lock().map(|w| w.clone()).unwrap_or_default()
    }

    /// The next interleaving depth-first after this one, given the widths of every depth
    /// on its branch (`known`: those of the depths before this script's end, from the runs
    /// that chose them; the rest from this run). None: every interleaving was explored.
    pub fn next(&self, known: &[u32]) -> Option<(Vec<u32>, Vec<u32>)> {
        let mut widths: Vec<u32> = known.iter().copied().take(self.picks.len()).collect();
        let ran = self.widths();
        let have = widths.len();
        widths.extend(ran.iter().skip(have));
        let mut full = self.picks.clone();
        full.resize(widths.len().max(full.len()), 0);
        for d in (0..full.len()).rev() {
            let w = widths.get(d).copied().unwrap_or(0);
            if full[d] + 1 < w {
                let mut picks = full[..d].to_vec();
                picks.push(full[d] + 1);
                widths.truncate(d + 1);
                return Some((picks, widths));
            }
        }
        None
    }
}

/// An expression whose evaluation makes no input and reports nothing unsupported (claims are
/// the instrumentation's, never made by evaluating): anything without a nondeterministic
/// value or a builtin.
pub(crate) fn simple(e: &Expr) -> bool {
    let mut ok = true;
    e.visit(&mut |x| {
        if matches!(x.kind, ExprKind::Nondet | ExprKind::Builtin(..)) {
            ok = false;
        }
    });
    ok
}

#[cfg(test)]
mod tests {
    use super::Script;

    /// Runs a lazy exploration over a tree of choices whose widths `width(prefix)` gives,
    /// and returns the complete interleavings in the order visited.
    fn explore(width: &dyn Fn(&[u32]) -> usize, depth: usize) -> Vec<Vec<u32>> {
        let mut seen = Vec::new();
        let (mut picks, mut known) = (Vec::new(), Vec::new());
        loop {
            let script = Script::new(picks.clone());
            // one run: follow the script, then option 0
            let mut path = Vec::new();
            for d in 0..depth {
                let w = width(&path);
                let p = script.pick(d, w) as u32;
                if p as usize >= w {
                    break;
                }
                path.push(p);
            }
            seen.push(path);
            match script.next(&known) {
                Some((p, w)) => {
                    picks = p;
                    known = w;
                }
                None => return seen,
            }
        }
    }

    #[test]
    fn lazy_scripts_visit_every_interleaving_once_depth_first() {
        let all = explore(&|_| 2, 3);
        let expected: Vec<Vec<u32>> = (0..8u32).map(|n| vec![(n >> 2) & 1, (n >> 1) & 1, n & 1]).collect();
        assert_eq!(all, expected);
    }

    #[test]
    fn lazy_scripts_follow_widths_that_depend_on_earlier_choices() {
        // after option 1 at the first choice only one thread is left to choose from
        let all = explore(&|p: &[u32]| if p.first() == Some(&1) { 1 } else { 3 }, 2);
        assert_eq!(all, vec![vec![0, 0], vec![0, 1], vec![0, 2], vec![1, 0], vec![2, 0], vec![2, 1], vec![2, 2]]);
    }
}
