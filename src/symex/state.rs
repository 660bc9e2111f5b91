//! The symbolic state of one path (or of several merged paths): guard, variable values,
//! memory, call stack; and merging at join points.

use std::collections::HashMap;

use crate::ir::{Expr, FuncId, VarId};
use crate::term::{TermStore, T};

/// A variable instance: the variable and the frame it lives in (0 for statics).
pub type VarKey = (VarId, u64);

/// The path condition as a conjunction; merging keeps the common prefix.
#[derive(Clone, Debug)]
pub struct Guard {
    pub conj: Vec<T>,
}

impl Guard {
    pub fn new() -> Guard {
        Guard { conj: Vec::new() }
    }
    pub fn term(&self, s: &mut TermStore) -> T {
        s.and_n(&self.conj)
    }
    pub fn add(&mut self, s: &mut TermStore, c: T) {
        if s.is_true(c) {
            return;
        }
        if s.is_false(c) {
            self.conj.clear();
            let f = s.fals();
            self.conj.push(f);
            return;
        }
        if let crate::term::Op::And = s.op(c) {
            let parts: Vec<T> = s.args(c).to_vec();
            self.conj.extend(parts);
        } else {
            self.conj.push(c);
        }
    }
    pub fn is_false(&self, s: &TermStore) -> bool {
        self.conj.iter().any(|&c| s.is_false(c))
    }
}

impl Default for Guard {
    fn default() -> Self {
        Self::new()
    }
}

#[derive(Clone, Debug)]
pub struct Frame {
    /// None: the static initialiser.
    pub func: Option<FuncId>,
    pub id: u64,
    pub pc: usize,
    /// Where the caller wants the return value (an lvalue of the caller's frame).
    pub ret_lhs: Option<Expr>,
    pub ret_val: Option<T>,
    /// Arrivals at each loop back-edge (by its pc) in the current entry of that loop.
    pub loops: HashMap<usize, u32>,
    /// The guard's length and last conjunct at the previous arrival at each back-edge: an
    /// iteration that left them unchanged added no path condition (its control was concrete).
    /// And whether an arrival after the first added one (the loop's control was symbolic).
    pub loop_guards: HashMap<usize, (usize, Option<T>, bool)>,
    /// The states at the arrivals at each back-edge in the current entry of its loop, when
    /// looking for lassos (`symex::lasso`).
    pub lasso: super::lasso::LassoMarks,
    /// The trace-end conditions kept at a loop's bound, by back-edge, stated one iteration
    /// later when the run goes on (`Symex::trace_end_at_loop_bound`).
    pub trace_ends: HashMap<usize, Vec<T>>,
    /// Set when the last jump was a back-edge to this head pc.
    pub via_backedge: Option<usize>,
    /// Objects (numbers) of memory-resident locals allocated in this frame.
    pub objects: Vec<u32>,
    /// The number of conjuncts the guard had when the frame was entered: the conjuncts after
    /// them are the path taken inside the call.
    pub guard_len: usize,
}

#[derive(Clone, Debug)]
pub struct State {
    pub guard: Guard,
    /// Values of register-resident variables.
    pub regs: HashMap<VarKey, T>,
    /// Addresses (pointer terms) of memory-resident variables.
    pub addrs: HashMap<VarKey, T>,
    /// Byte memory: pointer → byte.
    pub mem: T,
    /// Object number → alive.
    pub alive: T,
    /// Each thread's own part of the state, by thread number. The program's first thread is
    /// thread 0; `pthread_create` adds the others (docs/threads.md).
    pub threads: Vec<ThreadState>,
    /// The thread that runs.
    pub active: usize,
    /// Where this path stands in its schedule (only used once a second thread exists).
    pub sched: Sched,
    /// Whether this state stands for any execution at all.
    pub live: bool,
}

/// What belongs to one thread: its call stack (frames hold the program counter, the loop
/// counters and the objects of the frame). Registers are keyed by frame id, unique in a run,
/// so they stay in one map beside the shared memory. A thread whose stack is empty has
/// finished.
#[derive(Clone, Debug, Default)]
pub struct ThreadState {
    pub frames: Vec<Frame>,
    /// What the thread returned or passed to `pthread_exit` (for `pthread_join`).
    pub retval: Option<T>,
    /// Depth of `__VERIFIER_atomic_begin`/`__ESBMC_atomic_begin` sections entered and not left.
    pub atomic: u32,
    /// Another thread joined this one (a second join is an error).
    pub joined: bool,
    /// Where the thread stands in `pthread_cond_wait` (symex::threads).
    pub wait: Option<super::sync::Wait>,
    /// Thread 0 only: `main` returned (the program ends when the last thread does).
    pub main_returned: bool,
    /// The number of the thread's next frame, once threads exist (symex::call): the same
    /// frame gets the same id in every interleaving, so that their states can merge.
    pub next_frame: u64,
}

/// A path's position in its schedule: the scheduling choices made so far (each one an input
/// `sched#k`), the context switches made (every change of the running thread counts, as in
/// ESBMC's `--context-bound`), and whether the thread that was just switched to may run its
/// next instruction before the next choice.
#[derive(Clone, Debug, Default)]
pub struct Sched {
    /// Scheduling points passed (every visible step of any thread): paths at the same
    /// configuration after as many steps are merged.
    pub steps: u32,
    pub switches: u32,
    pub hold: bool,
    /// The running thread's next instruction is a scheduling point even if invisible (after
    /// `pthread_create`, whose new thread may run at once).
    pub yield_next: bool,
    /// The running thread's call runs again (it waits) instead of going on past it.
    pub again: bool,
    /// Threads (by bit) that tried to go on and had to wait since any thread last made a step.
    pub stalled: u64,
    /// Under lazy exploration: the choices among several threads made so far (the depth in
    /// the schedule script); 0 otherwise.
    pub picks: u32,
    /// The steps taken, for partial-order reduction (symex::por).
    pub history: super::por::History,
}

impl State {
    /// A state of one thread (thread 0) with no frame yet.
    pub fn single(guard: Guard, regs: HashMap<VarKey, T>, addrs: HashMap<VarKey, T>, mem: T, alive: T) -> State {
        State {
            guard,
            regs,
            addrs,
            mem,
            alive,
            threads: vec![ThreadState::default()],
            active: 0,
            sched: Sched::default(),
            live: true,
        }
    }
    /// Whether a second thread was ever created on this path: its paths are then explored
    /// apart, and merged only where every thread stands at the same place (`configuration`).
    pub fn threaded(&self) -> bool {
        self.threads.len() > 1
    }
    /// Where every thread stands — frames, program counters, loop counts, waits, locks of
    /// atomic sections — and the schedule's bookkeeping, as a hash of what a replay of the
    /// same path computes alike (no term): two states with equal configurations may be
    /// merged into one (`same_place` decides).
    /// The switches made count only under a context bound (`bounded`).
    pub fn configuration(&self, bounded: bool) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.active.hash(&mut h);
        (bounded.then_some(self.sched.switches), self.sched.hold, self.sched.yield_next, self.sched.stalled)
            .hash(&mut h);
        if self.sched.picks > 0 {
            self.sched.picks.hash(&mut h);
        }
        for t in &self.threads {
            (t.atomic, t.joined, t.main_returned, t.next_frame, t.frames.len()).hash(&mut h);
            // (not the wait's terms: a replay's are constants, and the key must not differ)
            t.wait.map(|w| matches!(w, super::sync::Wait::Barrier(_))).hash(&mut h);
            for fr in &t.frames {
                (fr.func.map(|f| f.0), fr.id, fr.pc, fr.via_backedge).hash(&mut h);
                let mut loops: Vec<_> = fr.loops.iter().collect();
                loops.sort_unstable();
                loops.hash(&mut h);
            }
        }
        h.finish()
    }
    /// Whether `other` stands where this state does (its configuration, checked in full).
    pub fn same_place(&self, other: &State, bounded: bool) -> bool {
        self.active == other.active
            && (!bounded || self.sched.switches == other.sched.switches)
            && self.sched.hold == other.sched.hold
            && self.sched.yield_next == other.sched.yield_next
            && self.sched.stalled == other.sched.stalled
            && self.sched.again == other.sched.again
            && self.sched.picks == other.sched.picks
            && self.threads.len() == other.threads.len()
            && self.threads.iter().zip(&other.threads).all(|(a, b)| {
                a.atomic == b.atomic
                    && a.joined == b.joined
                    && a.main_returned == b.main_returned
                    && a.next_frame == b.next_frame
                    && a.wait == b.wait
                    && a.frames.len() == b.frames.len()
                    && a.frames.iter().zip(&b.frames).all(|(x, y)| {
                        x.func == y.func
                            && x.id == y.id
                            && x.pc == y.pc
                            && x.via_backedge == y.via_backedge
                            && x.loops == y.loops
                            && x.lasso.is_empty()
                            && y.lasso.is_empty()
                            && x.trace_ends.is_empty()
                            && y.trace_ends.is_empty()
                    })
            })
    }
    /// The running thread's call stack, innermost frame last.
    pub fn frames(&self) -> &Vec<Frame> {
        &self.threads[self.active].frames
    }
    pub fn frames_mut(&mut self) -> &mut Vec<Frame> {
        &mut self.threads[self.active].frames
    }
    pub fn top(&self) -> &Frame {
        self.frames().last().expect("no frame")
    }
    pub fn top_mut(&mut self) -> &mut Frame {
        self.frames_mut().last_mut().expect("no frame")
    }
    pub fn frame_id(&self) -> u64 {
        self.top().id
    }
    pub fn pc(&self) -> usize {
        self.top().pc
    }
    pub fn kill(&mut self) {
        self.live = false;
    }
}

/// A condition that selects path a's values when merging paths a and b, smaller than all of
/// a's own conditions (`only_a`): the branch literals that tell the paths apart. Values merged
/// after the same branches are then the same term whatever else each path assumed (the old
/// version of a product program assumes its operations defined, the new one checks them).
/// Sound because the condition holds on path a and fails on path b:
/// - a conjunct x of a whose negation is a conjunct of b (the usual single branch) decides;
/// - a disjunction of a (paths merged before) each of whose disjuncts contains a literal that
///   some conjunct of b negates: the conjunction S of those conjuncts of b holds on b and
///   fails on every case of a, so ¬S decides (and the other way round).
fn deciding(s: &mut TermStore, only_a: &[T], only_b: &[T]) -> Option<T> {
    let set_b: std::collections::HashSet<T> = only_b.iter().copied().collect();
    for &x in only_a {
        let nx = s.not(x);
        if set_b.contains(&nx) {
            return Some(x);
        }
    }
    let set_a: std::collections::HashSet<T> = only_a.iter().copied().collect();
    for &y in only_b {
        let ny = s.not(y);
        if set_a.contains(&ny) {
            return Some(ny);
        }
    }
    // S: conjuncts of `other` negating a literal in every disjunct of a disjunction in `one`
    let separating = |s: &mut TermStore, one: &[T], other: &std::collections::HashSet<T>, order: &[T]| {
        for &c in one {
            if !matches!(s.op(c), crate::term::Op::Or) {
                continue;
            }
            let mut picked: Vec<T> = Vec::new();
            let disjuncts = s.args(c).to_vec();
            let all = disjuncts.iter().all(|&d| {
                let lits: Vec<T> = if matches!(s.op(d), crate::term::Op::And) { s.args(d).to_vec() } else { vec![d] };
                lits.iter().any(|&l| {
                    let nl = s.not(l);
                    if other.contains(&nl) {
                        picked.push(nl);
                        true
                    } else {
                        false
                    }
                })
            });
            if all {
                let sel: Vec<T> = order.iter().copied().filter(|x| picked.contains(x)).collect();
                return Some(s.and_n(&sel));
            }
        }
        None
    };
    if let Some(sb) = separating(s, only_a, &set_b, only_b) {
        return Some(s.not(sb));
    }
    separating(s, only_b, &set_a, only_a)
}

/// Merges `b` into `a` (both at the same frame and pc). Either may be dead.
pub fn merge(s: &mut TermStore, a: State, b: State, is_static: &dyn Fn(VarId) -> bool) -> State {
    if !b.live {
        return a;
    }
    if !a.live {
        return b;
    }
    // The conjuncts both guards share (in any order: a guard rebuilt from one term has its
    // conjuncts sorted) stay in the merged guard; the rest tells the paths apart. The two
    // paths exclude each other, so `rest_a` alone selects a's values.
    // (the common prefix, the usual case, is compared directly; only the rest is hashed)
    let k = a.guard.conj.iter().zip(&b.guard.conj).take_while(|(x, y)| x == y).count();
    let (tail_a, tail_b) = (&a.guard.conj[k..], &b.guard.conj[k..]);
    let in_b: std::collections::HashSet<T> = tail_b.iter().copied().collect();
    let in_a: std::collections::HashSet<T> = tail_a.iter().copied().collect();
    let mut common: Vec<T> = a.guard.conj[..k].to_vec();
    common.extend(tail_a.iter().copied().filter(|x| in_b.contains(x)));
    let only_a: Vec<T> = tail_a.iter().copied().filter(|x| !in_b.contains(x)).collect();
    let only_b: Vec<T> = tail_b.iter().copied().filter(|x| !in_a.contains(x)).collect();
    let rest_a = s.and_n(&only_a);
    let rest_b = s.and_n(&only_b);
    let either = s.or(rest_a, rest_b);
    let mut guard = Guard { conj: common };
    guard.add(s, either);
    let cond = deciding(s, &only_a, &only_b).unwrap_or(rest_a);

    let mut regs = a.regs.clone();
    for (key, vb) in &b.regs {
        match a.regs.get(key) {
            Some(&va) if va != *vb => {
                let v = s.ite(cond, va, *vb);
                regs.insert(*key, v);
            }
            Some(_) => {}
            None => {
                if is_static(key.0) {
                    // the other path still has the initial (zero) value
                    let zero = zero_like(s, *vb);
                    let v = s.ite(cond, zero, *vb);
                    regs.insert(*key, v);
                } else {
                    regs.insert(*key, *vb);
                }
            }
        }
    }
    for (key, va) in &a.regs {
        if !b.regs.contains_key(key) && is_static(key.0) {
            let zero = zero_like(s, *va);
            let v = s.ite(cond, *va, zero);
            regs.insert(*key, v);
        }
    }
    let mut addrs = a.addrs.clone();
    for (key, vb) in &b.addrs {
        match a.addrs.get(key) {
            Some(&va) if va != *vb => {
                let v = s.ite(cond, va, *vb);
                addrs.insert(*key, v);
            }
            Some(_) => {}
            None => {
                addrs.insert(*key, *vb);
            }
        }
    }
    let mem = s.ite(cond, a.mem, b.mem);
    let alive = s.ite(cond, a.alive, b.alive);
    // the paths met at the same pc of the same frame of the running thread: that frame's
    // bookkeeping is merged, the rest of the stacks are equal
    let mut threads = a.threads.clone();
    let active = a.active;
    let mut sched = a.sched.clone();
    sched.history = super::por::common_suffix(&a.sched.history, &b.sched.history);
    if let (Some(fa), Some(fb)) = (threads[active].frames.last_mut(), b.frames().last()) {
        for (pc, n) in &fb.loops {
            let e = fa.loops.entry(*pc).or_insert(0);
            *e = (*e).max(*n);
        }
        for (pc, marks) in &fb.lasso {
            let e = fa.lasso.entry(*pc).or_default();
            for m in marks {
                if !e.iter().any(|x| std::rc::Rc::ptr_eq(x, m)) {
                    e.push(m.clone());
                }
            }
        }
        for o in &fb.objects {
            if !fa.objects.contains(o) {
                fa.objects.push(*o);
            }
        }
        fa.ret_val = match (fa.ret_val, fb.ret_val) {
            (Some(x), Some(y)) if x != y => Some(s.ite(cond, x, y)),
            (Some(x), _) => Some(x),
            (None, y) => y,
        };
        fa.via_backedge = None;
    }
    if threads.len() > 1 {
        // (states of a multi-threaded execution at the same configuration: every thread's
        // values that are not registers are chosen too)
        for (ta, tb) in threads.iter_mut().zip(&b.threads) {
            ta.retval = match (ta.retval, tb.retval) {
                (Some(x), Some(y)) if x != y && s.sort(x) == s.sort(y) => Some(s.ite(cond, x, y)),
                (Some(x), _) => Some(x),
                (None, y) => y,
            };
            for (fa, fb) in ta.frames.iter_mut().zip(&tb.frames) {
                fa.ret_val = match (fa.ret_val, fb.ret_val) {
                    (Some(x), Some(y)) if x != y && s.sort(x) == s.sort(y) => Some(s.ite(cond, x, y)),
                    (Some(x), _) => Some(x),
                    (None, y) => y,
                };
                for o in &fb.objects {
                    if !fa.objects.contains(o) {
                        fa.objects.push(*o);
                    }
                }
            }
        }
    }
    State { guard, regs, addrs, mem, alive, threads, active, sched, live: true }
}

/// The zero of the sort of `t`.
pub fn zero_like(s: &mut TermStore, t: T) -> T {
    use crate::term::Sort;
    match s.sort(t).clone() {
        Sort::Bool => s.fals(),
        Sort::Bv(w) => s.bv_zero(w),
        Sort::Fp(e, sb) => s.fp(e, sb, crate::term::Bits::zero(e + sb)),
        Sort::Array(i, e) => {
            let ez = zero_of_sort(s, &e);
            s.const_array(*i, ez)
        }
    }
}

pub fn zero_of_sort(s: &mut TermStore, sort: &crate::term::Sort) -> T {
    use crate::term::Sort;
    match sort {
        Sort::Bool => s.fals(),
        Sort::Bv(w) => s.bv_zero(*w),
        Sort::Fp(e, sb) => s.fp(*e, *sb, crate::term::Bits::zero(e + sb)),
        Sort::Array(i, e) => {
            let ez = zero_of_sort(s, e);
            s.const_array((**i).clone(), ez)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::term::Sort;

    fn state(s: &mut TermStore, conj: Vec<T>, x: T) -> State {
        let mem = s.fresh_symbol("mem", Sort::Array(Box::new(Sort::Bv(64)), Box::new(Sort::Bv(8))));
        let alive = s.fresh_symbol("alive", Sort::Array(Box::new(Sort::Bv(16)), Box::new(Sort::Bool)));
        let mut regs = HashMap::new();
        regs.insert((VarId(0), 0), x);
        State::single(Guard { conj }, regs, HashMap::new(), mem, alive)
    }

    #[test]
    fn a_join_selects_by_the_conditions_the_paths_do_not_share_wherever_they_sit() {
        // guards [p, q, c] and [q, p, !c]: p and q hold on both paths (in another order, as
        // after a guard rebuilt from one sorted term); only c tells them apart
        let mut s = TermStore::new();
        let (p, q, c) =
            (s.fresh_symbol("p", Sort::Bool), s.fresh_symbol("q", Sort::Bool), s.fresh_symbol("c", Sort::Bool));
        let (x, y) = (s.fresh_symbol("x", Sort::Bv(8)), s.fresh_symbol("y", Sort::Bv(8)));
        let nc = s.not(c);
        let a = state(&mut s, vec![p, q, c], x);
        let b = state(&mut s, vec![q, p, nc], y);
        let m = merge(&mut s, a, b, &|_| false);
        let want = s.ite(c, x, y);
        assert_eq!(m.regs[&(VarId(0), 0)], want);
        // c or !c is true: the merged guard keeps exactly the shared conditions
        assert_eq!(m.guard.conj, vec![p, q]);
    }

    #[test]
    fn a_join_selects_by_branch_literals_not_by_what_a_path_assumed() {
        // an if / else-if / else whose first two paths assumed something (u, w: the old
        // version's undefined-behaviour checks): [a, u], [!a, b, w], [!a, !b]. The values
        // must be selected by a and b alone, as in a version without the assumptions.
        let mut s = TermStore::new();
        let (a, b, u, w) = (
            s.fresh_symbol("a", Sort::Bool),
            s.fresh_symbol("b", Sort::Bool),
            s.fresh_symbol("u", Sort::Bool),
            s.fresh_symbol("w", Sort::Bool),
        );
        let (x, y, z) =
            (s.fresh_symbol("x", Sort::Bv(8)), s.fresh_symbol("y", Sort::Bv(8)), s.fresh_symbol("z", Sort::Bv(8)));
        let (na, nb) = (s.not(a), s.not(b));
        let p1 = state(&mut s, vec![a, u], x);
        let p2 = state(&mut s, vec![na, b, w], y);
        let p3 = state(&mut s, vec![na, nb], z);
        let first = merge(&mut s, p3, p1, &|_| false);
        // [!a, !b] against [a, u]: a literal and its negation decide
        assert_eq!(first.regs[&(VarId(0), 0)], s.ite(na, z, x));
        let m = merge(&mut s, first, p2, &|_| false);
        // the merged path is one disjunction ((!a & !b) | (a & u)); each case contradicts a
        // conjunct of the third path (b, !a): together they select it
        let third = s.and_n(&[na, b]);
        let not_third = s.not(third);
        let merged_first = s.ite(na, z, x);
        assert_eq!(m.regs[&(VarId(0), 0)], s.ite(not_third, merged_first, y));
        // the same join without the assumptions gives the same value term
        let q1 = state(&mut s, vec![a], x);
        let q2 = state(&mut s, vec![na, b], y);
        let q3 = state(&mut s, vec![na, nb], z);
        let f2 = merge(&mut s, q3, q1, &|_| false);
        let m2 = merge(&mut s, f2, q2, &|_| false);
        assert_eq!(m2.regs[&(VarId(0), 0)], m.regs[&(VarId(0), 0)]);
    }
}
