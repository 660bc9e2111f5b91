//! Function calls (inlined), returns, recursion bounds, the entry point, variadic arguments.

use std::collections::HashMap;

use super::{Feasibility, Frame, State, Step, Symex};
use crate::ir::{ClaimKind, Expr, ExprKind, FuncId, IntName, Loc, Type};

impl Symex<'_> {
    pub(crate) fn call(
        &mut self,
        st: &mut State,
        lhs: Option<&Expr>,
        func: &Expr,
        args: &[Expr],
        loc: Loc,
        _feasible: &mut Feasibility<'_>,
    ) {
        let ExprKind::Func(f) = &func.kind else {
            // calls through pointers were dispatched by the instrumentation
            self.reach_unsupported(st, "call through a function pointer".into(), loc);
            st.live = false;
            st.top_mut().pc += 1;
            return;
        };
        let f = *f;
        let vals: Vec<crate::term::T> = args.iter().map(|a| self.eval(st, a, loc)).collect();
        let mut fun = self.p.func(f);
        let mut f = f;
        if fun.body.is_none() && self.is_concrete() {
            // a shared callee abstracted as an uninterpreted function: replay runs the real one
            if let Some(&real) = self.o.product.as_ref().and_then(|h| h.uf_bodies.get(&f)) {
                f = real;
                fun = self.p.func(f);
            }
        }
        if self.o.product.is_some() && super::product::is_output_function(&fun.name) {
            // output is behaviour: logged and compared, not run through the stdio model
            self.product_external(st, f, lhs, args, &vals, loc);
            st.top_mut().pc += 1;
            return;
        }
        self.errno_at_call(st, f, loc);
        if fun.body.is_none() {
            let running = st.active;
            self.model_call(st, f, lhs, args, &vals, loc);
            // (a thread that waits, or ended, does not go on past the call)
            let again = std::mem::take(&mut st.sched.again);
            if st.active == running && !again && !st.frames().is_empty() {
                st.top_mut().pc += 1;
            }
            return;
        }
        // recursion bound: active frames of f
        let depth = st.frames().iter().filter(|fr| fr.func == Some(f)).count() as u32;
        if let Some(b) = self.o.unwind {
            if b > 0 && depth >= b {
                let go_on = self.s.tru();
                self.end_trace_at_bound(st, go_on, loc);
                if self.o.unwinding_assertions && !fun.trusted {
                    let key = (f.0, usize::MAX, 2);
                    let no = self.s.fals();
                    self.claim(
                        st,
                        key,
                        ClaimKind::Unwinding,
                        format!("recursion unwinding assertion ({})", fun.name),
                        String::new(),
                        loc,
                        no,
                    );
                }
                st.live = false;
                st.top_mut().pc += 1;
                return;
            }
        } else if depth > 1000 {
            self.reach_unsupported(
                st,
                format!("recursion of `{}` deeper than 1000 calls and no --unwind bound was given", fun.name),
                loc,
            );
            st.live = false;
            st.top_mut().pc += 1;
            return;
        }
        self.record(
            st,
            loc,
            Step::Call {
                func: fun.name.clone(),
                args: vals.iter().copied().zip(args.iter().map(|a| a.ty.clone())).collect(),
            },
        );
        self.enter(st, f, lhs.cloned(), &vals, args, loc);
    }

    /// Pushes a frame for `f` with its parameters bound.
    pub(crate) fn enter(
        &mut self,
        st: &mut State,
        f: FuncId,
        lhs: Option<Expr>,
        vals: &[crate::term::T],
        args: &[Expr],
        loc: Loc,
    ) {
        let fun = self.p.func(f);
        let id = if st.threaded() {
            // (numbered per thread, the same in every interleaving; apart from the run's
            // counter, which numbers the frames of the single-threaded part)
            let t = &mut st.threads[st.active];
            t.next_frame += 1;
            (1 << 62) | ((st.active as u64) << 40) | t.next_frame
        } else {
            self.paths.next_frame += 1;
            self.paths.next_frame - 1
        };
        let guard_len = st.guard.conj.len();
        st.frames_mut().push(Frame {
            func: Some(f),
            id,
            pc: 0,
            ret_lhs: lhs,
            ret_val: None,
            loops: HashMap::new(),
            lasso: HashMap::new(),
            trace_ends: HashMap::new(),
            loop_guards: HashMap::new(),
            via_backedge: None,
            objects: vec![],
            guard_len,
        });
        let params = fun.params.clone();
        for (i, &pv) in params.iter().enumerate() {
            let pty = self.p.var(pv).ty.clone();
            let val = match vals.get(i) {
                Some(&v) => {
                    let aty = args.get(i).map(|a| a.ty.clone()).unwrap_or(pty.clone());
                    self.convert(st, v, &aty, &pty, loc)
                }
                None => {
                    // too few arguments (old-style call): unspecified
                    self.nondet_of(st, &pty, "missing_argument")
                }
            };
            self.bind(st, pv, val, loc);
        }
        if let Some(block) = fun.va_block {
            // extra arguments in 8-byte slots (16 for long double) of a fresh object
            let extra: Vec<(crate::term::T, Type)> =
                vals.iter().zip(args).skip(params.len()).map(|(v, a)| (*v, a.ty.clone())).collect();
            let mut off = 0u64;
            let mut slots = vec![];
            for (_, t) in &extra {
                let sz = self.size(t).max(1);
                slots.push(off);
                off += sz.div_ceil(8) * 8;
            }
            let size = self.s.bv_u(self.memory.ptr_w, off.max(8) as u128);
            if let Some(o) = self.new_object(st, "variadic arguments".into(), size, false, loc) {
                st.top_mut().objects.push(o);
                let base = self.ptr_to(o);
                for ((v, t), so) in extra.iter().zip(slots) {
                    let d = self.s.bv_u(self.memory.ptr_w, so as u128);
                    let a = self.ptr_add(base, d);
                    st.mem = self.store(st.mem, a, *v, t);
                }
                self.bind(st, block, base, loc);
            }
        }
    }

    /// Gives a parameter (or hidden local) of the top frame its value.
    fn bind(&mut self, st: &mut State, v: crate::ir::VarId, val: crate::term::T, loc: Loc) {
        let key = self.var_key(st, v);
        if self.in_memory(v) {
            let ty = self.p.var(v).ty.clone();
            let size = self.size(&ty);
            let size_t = self.s.bv_u(self.memory.ptr_w, size as u128);
            let name = self.p.var(v).name.clone();
            let align = self.p.layout().align_of(&ty).max(self.p.var(v).align);
            if let Some(o) = self.new_object_aligned(st, name, size_t, false, align, loc) {
                let a = self.ptr_to(o);
                st.addrs.insert(key, a);
                st.top_mut().objects.push(o);
                st.mem = self.store(st.mem, a, val, &ty);
            }
        } else {
            st.regs.insert(key, val);
        }
    }

    /// The end of a function body: locals die, the return value goes to the caller.
    pub(crate) fn function_end(&mut self, st: &mut State) {
        let Some(fr) = st.frames_mut().pop() else { return };
        if fr.func.is_some_and(|f| self.p.func(f).model) {
            // the path conditions a library model added (its branches on the argument,
            // their merge, its assumptions about the result) do not decide how often a loop of
            // the caller runs: see `assumed`
            let from = fr.guard_len.min(st.guard.conj.len());
            let added: Vec<_> = st.guard.conj[from..].to_vec();
            self.note_model_path(&added);
        }
        for o in &fr.objects {
            let ot = self.s.bv_u(self.memory.obj_bits, *o as u128);
            self.set_alive(st, ot, false);
        }
        let fname = fr.func.map(|f| self.p.func(f).name.clone()).unwrap_or_default();
        if st.frames().is_empty() && st.active != 0 {
            // a thread's start routine returned: the thread ends with its value
            st.regs.retain(|k, _| k.1 != fr.id);
            st.addrs.retain(|k, _| k.1 != fr.id);
            st.threads[st.active].retval = fr.ret_val;
            if st.threads.iter().all(|t| t.frames.is_empty()) {
                self.program_end(st);
            }
            return;
        }
        if st.frames().is_empty() {
            // main returned: the atexit handlers run (when atexit is used), then the program ends
            if !self.atexit_phase && fname == "main" {
                self.atexit_phase = true;
                if let Some(run) = self.reach.atexit_run {
                    let loc = fr.func.map(|f| self.p.func(f).loc).unwrap_or_default();
                    self.enter(st, run, None, &[], &[], loc);
                    return;
                }
            }
            st.threads[0].main_returned = true;
            if !self.o.memory_leak_check || st.threads.iter().all(|t| t.frames.is_empty()) {
                // (the leak check of a program whose threads still run waits for the last)
                self.program_end(st);
            }
            return;
        }
        if let (Some(lhs), Some(f)) = (&fr.ret_lhs, fr.func) {
            let ret_ty = self.p.func(f).ty.ret.clone();
            let val = match fr.ret_val {
                Some(v) => v,
                None => {
                    // no return statement executed: the value is unspecified
                    let sort = self.sort_of(&ret_ty);
                    self.input(st, sort, "missing_return")
                }
            };
            let val = self.convert(st, val, &ret_ty, &lhs.ty.clone(), Loc::default());
            let loc = self.body(st.top().func).get(st.pc()).map(|i| i.loc).unwrap_or_default();
            self.assign(st, lhs, val, loc);
        }
        // drop register values of the finished frame
        st.regs.retain(|k, _| k.1 != fr.id);
        st.addrs.retain(|k, _| k.1 != fr.id);
        let loc = self.body(st.top().func).get(st.pc()).map(|i| i.loc).unwrap_or_default();
        self.record(st, loc, Step::Return { func: fname });
        st.top_mut().pc += 1;
    }

    /// Calls the entry function after the static initialiser.
    pub(crate) fn enter_entry(&mut self, st: &mut State, f: FuncId) {
        let fun = self.p.func(f);
        let loc = fun.loc;
        if fun.body.is_none() {
            self.reach_unsupported(st, format!("the entry function `{}` has no body", fun.name), loc);
            st.live = false;
            return;
        }
        let params = fun.params.clone();
        let mut vals = Vec::new();
        let mut args = Vec::new();
        let is_main = fun.name == "main";
        for (i, &pv) in params.iter().enumerate() {
            let ty = self.p.var(pv).ty.clone();
            let v = if is_main && i == 0 && ty.is_int() {
                self.argc(st, &ty)
            } else if is_main && i == 1 && ty.is_pointer() {
                self.argv(st, &vals, loc)
            } else {
                let name = self.p.var(pv).name.clone();
                self.nondet_of(st, &ty, &name)
            };
            vals.push(v);
            args.push(Expr::new(ExprKind::Nondet, ty));
        }
        self.enter(st, f, None, &vals, &args, loc);
    }

    fn argc(&mut self, st: &mut State, ty: &Type) -> crate::term::T {
        let sort = self.sort_of(ty);
        let v = self.input(st, sort, "argc");
        let w = self.s.width(v);
        let one = self.s.bv_u(w, 1);
        let max = self.s.bv_u(w, 1 << 16);
        let a = self.s.bvsle(one, v);
        let b = self.s.bvsle(v, max);
        st.guard.add(&mut self.s, a);
        st.guard.add(&mut self.s, b);
        v
    }

    /// `argv`: argc+1 pointers, the last NULL; argv[0] and argv[1] point to strings of up to
    /// 256 bytes.
    fn argv(&mut self, st: &mut State, vals: &[crate::term::T], loc: Loc) -> crate::term::T {
        let Some(&argc) = vals.first() else {
            return self.ptr_to(1);
        };
        let pw = (self.memory.ptr_w / 8) as u128;
        let n = self.s.resize(argc, self.memory.ptr_w, false);
        let one = self.s.bv_u(self.memory.ptr_w, 1);
        let n1 = self.s.bvadd(n, one);
        let k = self.s.bv_u(self.memory.ptr_w, pw);
        let size = self.s.bvmul(n1, k);
        let Some(o) = self.new_object(st, "argv".into(), size, false, loc) else {
            return self.ptr_to(1);
        };
        let base = self.ptr_to(o);
        self.havoc(st, base, size, "argv");
        let char_p = Type::ptr(self.p.target.int(IntName::Char));
        for i in 0..2u32 {
            let len = self.input(st, crate::term::Sort::Bv(self.memory.ptr_w), "argv_len");
            let lo = self.s.bv_u(self.memory.ptr_w, 1);
            let hi = self.s.bv_u(self.memory.ptr_w, 256);
            let c1 = self.s.bvule(lo, len);
            let c2 = self.s.bvule(len, hi);
            st.guard.add(&mut self.s, c1);
            st.guard.add(&mut self.s, c2);
            if let Some(so) = self.new_object(st, format!("argv[{i}]"), len, false, loc) {
                let sp = self.ptr_to(so);
                self.havoc(st, sp, len, "argv_string");
                let lm1 = self.s.bvsub(len, one);
                let last = self.ptr_add(sp, lm1);
                let z = self.s.bv_zero(8);
                st.mem = self.s.store(st.mem, last, z);
                let d = self.s.bv_u(self.memory.ptr_w, i as u128 * pw);
                let slot = self.ptr_add(base, d);
                // only meaningful when i < argc; storing regardless is harmless for i >= argc
                // because argv[argc] is set to NULL afterwards
                st.mem = self.store(st.mem, slot, sp, &char_p);
            }
        }
        let d = self.s.bvmul(n, k);
        let last = self.ptr_add(base, d);
        let null = self.s.bv_zero(self.memory.ptr_w);
        st.mem = self.store(st.mem, last, null, &char_p);
        base
    }

    /// The entry function returned: with `memory_leak_check`, every heap object must have
    /// been freed (one claim per allocation site).
    pub(crate) fn program_end(&mut self, st: &mut State) {
        if !self.o.memory_leak_check {
            return;
        }
        // the claims belong to the entry's caller context: keep a frame-less view
        for o in 0..self.memory.objects.len() {
            let info = self.memory.objects[o].clone();
            if !info.dynamic {
                continue;
            }
            let Some((f, pc)) = info.site else { continue };
            let ot = self.s.bv_u(self.memory.obj_bits, o as u128);
            let alive = self.alive_of(st, ot);
            let freed = self.s.not(alive);
            let key = (f, pc, 3);
            let func = if f == u32::MAX { None } else { Some(FuncId(f)) };
            self.claim_at(
                st,
                key,
                func,
                ClaimKind::MemoryLeak,
                format!("dereference failure: forgotten memory: {}", info.name),
                info.loc,
                freed,
            );
        }
    }
}
