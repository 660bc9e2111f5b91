//! Partial-order reduction (docs/threads.md §2): of the interleavings that differ only in the
//! order of independent steps, only the one in lexicographic normal form is explored.
//!
//! A step is a thread's run from one scheduling point to the next: its visible instruction
//! (with the claims that check it). Its *footprint* is the shared bytes it reads and writes,
//! as object number and byte range, evaluated in the thread's frame where it stands; a step
//! whose footprint cannot be told (a pointer not yet constant, a call of a user function or
//! of the thread library's creation and join, an atomic section, a return into a caller, up to the next scheduling point) depends on every
//! other. Two steps of different threads are independent when neither writes a byte the
//! other touches; independent steps commute (same state, neither enables nor disables the
//! other).
//!
//! The rule (Anisimov and Knuth's characterisation of the lexicographic normal form, as in
//! Kahlon, Wang and Gupta's monotonic POR): thread j's step `a` is not explored after the
//! steps `h1 … hn` when the longest suffix of them independent of `a` holds a step of a
//! thread numbered above j — moving `a` in front of that suffix gives an equivalent,
//! lexicographically smaller interleaving, which is explored instead. Every prefix of a
//! normal form is one, so every reachable state is reached by some explored prefix: the
//! reduction keeps every claim that is a property of the state a step starts from. It is
//! not applied under a context bound (the normal form of an interleaving may need more
//! switches than it).
//!
//! Race claims (`--data-races-check`) read where the other threads stand, which no footprint
//! covers; they are still kept. A race is a reachable state in which threads t and u stand
//! before conflicting accesses a and b. Take such a state S reached by a shortest explored
//! prefix, and x the thread of its last step. If x is t or u, that thread goes on from S
//! (a thread's step right after its own is never pruned), and its race claim sees the other
//! one waiting. If x's step depends on a or b, the thread of that access goes on (the suffix
//! independent of it is empty). Otherwise x's step changed nothing a or b reads or writes,
//! including what their addresses are computed from. Then the state before it already had t
//! and u before a and b: a shorter explored prefix, a contradiction. Atomicity claims
//! compare a thread's copies with shared memory another thread's write changed, a dependent
//! step, so the same holds for them.

use std::rc::Rc;

use super::{State, Symex};
use crate::ir::{ClaimKind, Expr, ExprKind, InstrKind, Type};

/// The shared bytes a step reads and writes; `None`: unknown (depends on every step).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Footprint(Option<Vec<Access>>);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Access {
    object: u64,
    /// Byte range [lo, hi) in the object; None: anywhere in it.
    range: Option<(u64, u64)>,
    write: bool,
}

impl Footprint {
    const TOP: Footprint = Footprint(None);

    fn depends(&self, other: &Footprint) -> bool {
        let (Some(a), Some(b)) = (&self.0, &other.0) else { return true };
        a.iter().any(|x| {
            b.iter().any(|y| {
                x.object == y.object
                    && (x.write || y.write)
                    && match (x.range, y.range) {
                        (Some((a0, a1)), Some((b0, b1))) => a0 < b1 && b0 < a1,
                        _ => true,
                    }
            })
        })
    }
}

/// The steps a path has taken (thread, footprint), the most recent last: as many as the
/// rule may look back over. A step that found its thread waiting (a lock held by another)
/// stays in: it is a step that changed nothing, or wrote what its call writes before it
/// waits (a barrier's count, a condition wait's mutex), and its footprint says so.
pub type History = Vec<(u32, Rc<Footprint>)>;

/// How far back the rule looks (older steps only make it prune less).
const HISTORY: usize = 64;

/// The longest common suffix of two paths' histories: what a merged path may prune by (a
/// step pruned after it is pruned after each of the two).
pub(crate) fn common_suffix(a: &History, b: &History) -> History {
    let n = a.iter().rev().zip(b.iter().rev()).take_while(|(x, y)| x.0 == y.0 && x.1 == y.1).count();
    a[a.len() - n..].to_vec()
}

impl Symex<'_> {
    /// Whether thread `t`'s next step is left out after this path's steps (the rule above).
    pub(crate) fn por_prunes(&self, st: &State, t: usize, fp: &Footprint) -> bool {
        for (u, h) in st.sched.history.iter().rev() {
            if *u as usize == t || h.depends(fp) {
                return false;
            }
            if *u as usize > t {
                return true;
            }
        }
        false
    }

    /// Thread `t` takes its next step: recorded for the rule.
    pub(crate) fn por_record(&self, st: &mut State, t: usize, fp: Rc<Footprint>) {
        let h = &mut st.sched.history;
        h.push((t as u32, fp));
        if h.len() > HISTORY {
            h.drain(..h.len() - HISTORY);
        }
    }

    /// The footprint of thread `t`'s next step, where it stands.
    pub(crate) fn footprint(&mut self, st: &mut State, t: usize) -> Footprint {
        let Some(fr) = st.threads.get(t).and_then(|th| th.frames.last()) else { return Footprint::TOP };
        let (func, pc) = (fr.func, fr.pc);
        let body = self.body(func);
        let outermost = st.threads[t].frames.len() == 1;
        if pc < body.len() && !self.visible(func, pc) {
            // (a step of invisible instructions only: a thread that has not run yet, or its
            // creator after the creation)
            if !self.tail_local(func, vec![pc], outermost) {
                return Footprint::TOP;
            }
            return Footprint(Some(vec![Access { object: finished(t as u64), range: None, write: true }]));
        }
        // the claims that check the step's access, then the access itself
        let generated =
            |i: usize| matches!(&body[i].kind, InstrKind::Assert { kind, .. } if *kind != ClaimKind::Assertion);
        let mut end = pc;
        while end < body.len() && generated(end) {
            end += 1;
        }
        if end >= body.len() {
            return Footprint::TOP;
        }
        let mut places: Vec<(Expr, bool)> = Vec::new();
        // (every step of thread t may be its last, which a join of it waits for)
        let mut extra = vec![Access { object: finished(t as u64), range: None, write: true }];
        for ins in &body[pc..=end] {
            match &ins.kind {
                InstrKind::Assert { cond, .. } | InstrKind::Assume(cond) => reads(cond, &mut places),
                InstrKind::Goto { cond, .. } => {
                    if let Some(c) = cond {
                        reads(c, &mut places);
                    }
                }
                InstrKind::Skip => {}
                InstrKind::Assign { lhs, rhs } => {
                    place(lhs, true, &mut places);
                    reads(rhs, &mut places);
                }
                InstrKind::Call { lhs, func, args } => {
                    let ExprKind::Func(f) = &func.kind else { return Footprint::TOP };
                    let name = self.p.func(*f).name.as_str();
                    if let Some(l) = lhs {
                        place(l, true, &mut places);
                    }
                    match name {
                        // the new thread's number, stored through the first argument
                        "pthread_create" | "thrd_create" => {
                            let Some(id) = args.first().filter(|a| !constant(a)) else { return Footprint::TOP };
                            place(&deref(id), true, &mut places);
                            args[1..].iter().for_each(|a| reads(a, &mut places));
                            // (the new thread's steps all come after this one)
                            let new = st.threads.len() as u64;
                            extra.push(Access { object: THREADS, range: None, write: true });
                            extra.push(Access { object: finished(new), range: None, write: true });
                            continue;
                        }
                        // waits for the thread's last step; its result stored through the second
                        "pthread_join" | "thrd_join" => {
                            let Some(id) = args.first().filter(|a| super::schedule::simple(a)) else {
                                return Footprint::TOP;
                            };
                            reads(id, &mut places);
                            let v = self.eval_in(st, t, id);
                            let Some(u) = super::threads::const_u64(&self.s, v) else { return Footprint::TOP };
                            extra.push(Access { object: finished(u), range: None, write: true });
                            if let Some(r) = args.get(1) {
                                if constant(r) {
                                    // (NULL: no result stored)
                                } else {
                                    places.push((deref(r), true));
                                    reads(r, &mut places);
                                }
                            }
                            continue;
                        }
                        "pthread_self" | "thrd_current" => continue,
                        _ => {}
                    }
                    if !sync_object_call(name) {
                        return Footprint::TOP;
                    }
                    // a synchronisation object's call reads and writes the object
                    for a in args {
                        match a.ty.pointee() {
                            Some(_) if constant(a) => return Footprint::TOP,
                            Some(pt) if a.ty.is_pointer() => {
                                let target = Expr::new(ExprKind::Deref(Box::new(a.clone())), pt.clone());
                                places.push((target, true));
                            }
                            _ => reads(a, &mut places),
                        }
                    }
                }
                _ => return Footprint::TOP,
            }
        }
        // (the invisible instructions after the access are part of the step)
        let next = match &body[end].kind {
            InstrKind::Goto { cond: Some(_), target } => vec![*target, end + 1],
            InstrKind::Goto { cond: None, target } => vec![*target],
            _ => vec![end + 1],
        };
        if !self.tail_local(func, next, outermost) {
            return Footprint::TOP;
        }
        let mut accesses = extra;
        for (e, write) in places {
            match self.in_register(&e) {
                // (a static kept as a register: shared, as a whole)
                Some(v) if self.p.var(v).is_static() && !self.p.var(v).thread_local => {
                    accesses.push(Access { object: register(v), range: None, write });
                    continue;
                }
                Some(_) => continue,
                None => {}
            }
            match self.access(st, t, &e, write) {
                Some(a) => accesses.push(a),
                None => return Footprint::TOP,
            }
        }
        Footprint(Some(accesses))
    }

    /// Whether the invisible instructions a step runs from `from` (up to the next visible
    /// ones, on every branch) touch nothing shared: no call (a callee's code is not
    /// followed), no return into a caller (whose call may store the result in shared memory;
    /// the return of a thread's first frame ends the thread, which `finished` covers), no
    /// object made or ended.
    fn tail_local(&mut self, func: Option<crate::ir::FuncId>, from: Vec<usize>, outermost: bool) -> bool {
        let body = self.body(func);
        let mut todo = from;
        let mut seen = std::collections::HashSet::new();
        while let Some(i) = todo.pop() {
            if !seen.insert(i) {
                continue;
            }
            if seen.len() > 10_000 || i > body.len() {
                return false;
            }
            // (the end of the body is the frame's return)
            if i == body.len() {
                if outermost {
                    continue;
                }
                return false;
            }
            if self.visible(func, i) {
                continue;
            }
            match &body[i].kind {
                // (a variable in memory is an object made or ended: numbered in step order)
                InstrKind::Decl(v) | InstrKind::Dead(v) if self.in_memory(*v) || self.p.var(*v).addressed => {
                    return false
                }
                InstrKind::Assign { .. }
                | InstrKind::Decl(_)
                | InstrKind::Dead(_)
                | InstrKind::Skip
                | InstrKind::Assert { .. }
                | InstrKind::Assume(_) => todo.push(i + 1),
                InstrKind::Goto { cond: None, target } => todo.push(*target),
                InstrKind::Goto { cond: Some(_), target } => {
                    todo.push(*target);
                    todo.push(i + 1);
                }
                InstrKind::Return(_) if outermost => {}
                InstrKind::EndPath => {}
                _ => return false,
            }
        }
        true
    }

    /// Where the lvalue `e` is, evaluated in thread `t`'s frame without side effects: its
    /// object and byte range. None when that cannot be told.
    fn access(&mut self, st: &mut State, t: usize, e: &Expr, write: bool) -> Option<Access> {
        if !self.evaluable(st, t, e) {
            return None;
        }
        let addr = Expr::new(ExprKind::AddrOf(Box::new(e.clone())), Type::ptr(e.ty.clone()));
        let p = self.eval_in(st, t, &addr);
        let obj = self.obj_of(p);
        let object = super::threads::const_u64(&self.s, obj)?;
        let off = self.off_of(p);
        let size = if e.ty.is_void() { 0 } else { self.size(&e.ty) };
        let range = super::threads::const_u64(&self.s, off).filter(|_| size > 0).map(|o| (o, o + size));
        Some(Access { object, range, write })
    }

    /// The variable whose register lvalue `e` is (part of), if it is not in memory.
    fn in_register(&self, e: &Expr) -> Option<crate::ir::VarId> {
        match &e.kind {
            ExprKind::Var(v) => (!self.in_memory(*v)).then_some(*v),
            ExprKind::Index(b, _) | ExprKind::Member(b, _) => self.in_register(b),
            _ => None,
        }
    }

    /// Whether evaluating `e` in thread `t` has no side effect: no nondeterministic value or
    /// builtin, and every variable it names already has its value or its storage.
    fn evaluable(&self, st: &mut State, t: usize, e: &Expr) -> bool {
        let mut ok = true;
        let running = st.active;
        st.active = t;
        e.visit(&mut |x| match &x.kind {
            ExprKind::Nondet | ExprKind::Builtin(..) => ok = false,
            ExprKind::Var(v) => {
                let key = self.var_key(st, *v);
                if !st.regs.contains_key(&key) && !st.addrs.contains_key(&key) {
                    ok = false;
                }
            }
            _ => {}
        });
        st.active = running;
        ok
    }
}

/// The places `e` reads (lvalues: variables, members, elements, targets of pointers; the
/// registers among them are dropped later).
fn reads(e: &Expr, out: &mut Vec<(Expr, bool)>) {
    match &e.kind {
        ExprKind::Var(_) | ExprKind::Deref(_) | ExprKind::Index(..) | ExprKind::Member(..) => place(e, false, out),
        ExprKind::AddrOf(x) => address_reads(x, out),
        ExprKind::Unary(_, a) | ExprKind::Cast(a, _) => reads(a, out),
        ExprKind::Binary(_, a, b) => {
            reads(a, out);
            reads(b, out);
        }
        ExprKind::Cond(c, a, b) => {
            reads(c, out);
            reads(a, out);
            reads(b, out);
        }
        ExprKind::Builtin(_, args) => args.iter().for_each(|a| reads(a, out)),
        _ => {}
    }
}

/// Objects that are not in memory: the table of threads (their numbers are given in the
/// order of creation) and each thread's end.
const THREADS: u64 = u64::MAX;
fn finished(t: u64) -> u64 {
    u64::MAX - 1 - t
}
/// A static variable kept in a register (not in memory: no object number).
fn register(v: crate::ir::VarId) -> u64 {
    (1 << 62) + v.0 as u64
}

/// A pointer written as an integer constant (NULL, a fixed address): nothing to dereference
/// without side effects.
fn constant(p: &Expr) -> bool {
    match &p.kind {
        ExprKind::Int(_) => true,
        ExprKind::Cast(x, _) => constant(x),
        _ => false,
    }
}

fn deref(p: &Expr) -> Expr {
    let ty = p.ty.pointee().cloned().unwrap_or(Type::Void);
    Expr::new(ExprKind::Deref(Box::new(p.clone())), ty)
}

/// A call of the thread library that reads and writes only the synchronisation objects its
/// pointer arguments point to (creation, join, exit and atomic sections are not).
fn sync_object_call(name: &str) -> bool {
    ["pthread_mutex_", "pthread_rwlock_", "pthread_spin_", "pthread_cond_", "pthread_barrier_", "sem_", "mtx_", "cnd_"]
        .iter()
        .any(|p| name.starts_with(p))
}

/// An lvalue accessed (`write` or read), and what computing its address reads.
fn place(e: &Expr, write: bool, out: &mut Vec<(Expr, bool)>) {
    if e.ty.is_array() && !write {
        // (an array read decays to its address: no byte is read here)
        address_reads(e, out);
        return;
    }
    out.push((e.clone(), write));
    address_reads(e, out);
}

/// What computing the address of lvalue `e` reads: indices and pointers.
fn address_reads(e: &Expr, out: &mut Vec<(Expr, bool)>) {
    match &e.kind {
        ExprKind::Deref(p) => reads(p, out),
        ExprKind::Index(b, i) => {
            address_reads(b, out);
            reads(i, out);
        }
        ExprKind::Member(b, _) => address_reads(b, out),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::{Access, Footprint};

    type Range = Option<(u64, u64)>;

    fn fp(a: &[(u64, Range, bool)]) -> Footprint {
        Footprint(Some(a.iter().map(|&(object, range, write)| Access { object, range, write }).collect()))
    }

    #[test]
    fn steps_depend_when_one_writes_a_byte_the_other_touches() {
        let w0 = fp(&[(3, Some((0, 4)), true)]);
        let r0 = fp(&[(3, Some((2, 6)), false)]);
        let r4 = fp(&[(3, Some((4, 8)), false)]);
        let other = fp(&[(5, None, true)]);
        assert!(w0.depends(&r0), "overlapping bytes, one write");
        assert!(!w0.depends(&r4), "adjacent bytes do not overlap");
        assert!(!r0.depends(&r4), "two reads never depend");
        assert!(!w0.depends(&other), "different objects");
        assert!(fp(&[(3, None, false)]).depends(&w0), "an unknown offset covers the object");
        assert!(Footprint::TOP.depends(&fp(&[])), "an unknown step depends on every step");
    }
}
