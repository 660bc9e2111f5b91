//! Calls to functions without a body: nondet sources, heap and memory functions, verifier
//! intrinsics, and the default for unknown functions (nondeterministic result, memory reachable
//! through non-const pointer arguments havocked, and the function listed as assumed).

use super::{State, Symex};
use crate::ir::{Expr, FuncId, Loc, Type};
use crate::term::{Sort, T};

impl Symex<'_> {
    pub(crate) fn model_call(
        &mut self,
        st: &mut State,
        f: FuncId,
        lhs: Option<&Expr>,
        args: &[Expr],
        vals: &[T],
        loc: Loc,
    ) {
        let fun = self.p.func(f);
        let name = fun.name.as_str();
        let name = name.strip_prefix("__builtin_").unwrap_or(name);
        let ret_ty = fun.ty.ret.clone();
        let arg = |i: usize| vals.get(i).copied();
        if self.o.product.is_some()
            && (self.product_intrinsic(st, name, lhs, vals, loc) || self.product_uf_call(st, f, lhs, vals, loc))
        {
            return;
        }
        if let Some(v) = self.native(st, name, args, vals, &ret_ty, loc) {
            if let Some(l) = lhs {
                let v = self.convert(st, v, &ret_ty, &l.ty.clone(), loc);
                self.assign(st, l, v, loc);
            }
            return;
        }
        if super::threads::is_thread_function(name) {
            if !self.thread_call(st, name, lhs, args, vals, &ret_ty, loc) {
                // a part of the thread library not modelled: a run that reaches it cannot be
                // decided
                self.reach_unsupported(st, format!("{} is not modelled (threads)", fun.name), loc);
                st.live = false;
            }
            return;
        }
        let result: Option<T> = match name {
            "__verdiff_input_pointer" => Some(self.input_pointer(st, vals)),
            "__verdiff_is_concrete" => {
                // whether symbolic execution knows the argument's value: lets a model pick an
                // encoding (both choices compute the same result)
                let c = arg(0).is_some_and(|v| self.s.is_const(v));
                Some(self.s.bv_u(32, c as u128))
            }
            "__verdiff_summarise_walk" => {
                // whether a model may summarise a walk over `size` bytes (string.c's
                // __vd_strlen): only where a walk byte by byte has no bound symbolic execution
                // knows. A replay walks every byte (so a counterexample resting on the summary's
                // freedom does not replay), and an equivalence product compares two walks of
                // the same bytes, which two independent summaries would not keep equal.
                let unknown_size = arg(0).is_some_and(|v| !self.s.is_const(v));
                let may = unknown_size && !self.is_concrete() && self.o.product.is_none();
                Some(self.s.bv_u(32, may as u128))
            }
            "__verdiff_no_zero_written" => {
                // (p, len): the bytes recorded writes put into [p, p + len) are nonzero
                let (Some(p), Some(n)) = (arg(0), arg(1)) else { return };
                let c = self.no_zero_written(st, p, n);
                Some(self.from_bool(c, &ret_ty))
            }
            "__verdiff_unsupported_format" => {
                // a library model met input it cannot interpret: nothing after it is analysed
                let lib = self.library_function(st, &fun.name);
                self.reach_unsupported(st, format!("`{lib}` with a format its library model does not interpret"), loc);
                st.live = false;
                return;
            }
            "__verdiff_unsupported_use" => {
                // a library model met a state it does not follow (a failed fseek that glibc
                // may have half done): nothing after it is analysed
                let lib = self.library_function(st, &fun.name);
                self.reach_unsupported(st, format!("`{lib}` in a state its library model does not follow"), loc);
                st.live = false;
                return;
            }
            "__ESBMC_memory_leak_checks" => {
                self.program_end(st);
                None
            }
            "__verdiff_assume_aligned" => {
                if let (Some(p), Some(a)) = (arg(0), arg(1)) {
                    let addr = self.address_value(st, p);
                    let a = self.s.resize(a, self.memory.ptr_w, false);
                    let one = self.s.bv_u(self.memory.ptr_w, 1);
                    let mask = self.s.bvsub(a, one);
                    let low = self.s.bvand(addr, mask);
                    let z = self.s.bv_zero(self.memory.ptr_w);
                    let c = self.s.eq(low, z);
                    st.guard.add(&mut self.s, c);
                }
                None
            }
            n if n.starts_with("__verdiff_approx_") => {
                // a value a library model cannot compute exactly: an input the engine treats
                // specially (a violation that depends on it is not a proven counterexample)
                let mut v = self.nondet_of(st, &ret_ty, "approx");
                let mut syms = Vec::new();
                collect_symbols(&self.s, v, &mut syms);
                self.approx.symbols.extend(syms);
                let lib = self.library_function(st, &fun.name);
                if let Some(bounds) = self.library_bounds(&lib, vals, v) {
                    // (a replay with the result free: how far from the host's it may be)
                    self.approx.accuracy_facts.push(bounds);
                }
                if let Some(r) = self.library_result(&lib, vals) {
                    // (a replay with the host's results; the input above keeps its key)
                    v = r;
                }
                if n.starts_with("__verdiff_approx_fn") && !vals.is_empty() {
                    // equal arguments give equal results: tie the value to an uninterpreted
                    // function of the library function's arguments
                    let before = st.guard.conj.len();
                    let tie = self.tie_to_uf(st, v, &format!("approx:{lib}:{n}"), &format!("{lib}!approx"), vals);
                    if let Some((tie, app)) = tie {
                        let fact = self.under_model_path(st, before, tie);
                        self.approx.facts.push(fact);
                        let (shared, also) = self.shared_result(st, v, app);
                        if let Some(tie) = also {
                            let fact = self.under_model_path(st, before, tie);
                            self.approx.facts.push(fact);
                        }
                        v = shared;
                    }
                }
                self.approx.funcs.insert(format!("results of {lib}"));
                if let Some(l) = lhs {
                    let v = self.convert(st, v, &ret_ty, &l.ty.clone(), loc);
                    self.assign(st, l, v, loc);
                }
                return;
            }
            n if n.starts_with("nondet_") || n.starts_with("__VERIFIER_nondet_") => {
                let ty = lhs.map(|l| l.ty.clone()).unwrap_or(ret_ty.clone());
                let v = self.nondet_of(st, &ret_ty, n);
                let v = self.convert(st, v, &ret_ty, &ty, loc);
                if let Some(l) = lhs {
                    self.assign_input(st, l, v, loc);
                }
                return;
            }
            "malloc" | "alloca" | "__ESBMC_alloca" | "__builtin_alloca" | "valloc" => {
                let Some(n) = arg(0) else {
                    return self.model_default(st, f, lhs, args, vals, loc);
                };
                let heap = name != "alloca" && name != "__ESBMC_alloca";
                let p = self.allocate(st, n, heap, heap && self.o.malloc_may_fail, false, loc);
                Some(p)
            }
            "calloc" => {
                let (Some(n), Some(sz)) = (arg(0), arg(1)) else {
                    return self.model_default(st, f, lhs, args, vals, loc);
                };
                let w = self.memory.ptr_w;
                let n = self.s.resize(n, 2 * w, false);
                let sz = self.s.resize(sz, 2 * w, false);
                let total = self.s.bvmul(n, sz);
                // an overflowing product fails (returns NULL)
                let lim = self.s.bv_u(2 * w, 1u128 << (self.memory.off_bits - 1));
                let fits = self.s.bvult(total, lim);
                let total = self.s.extract(w - 1, 0, total);
                let p = self.allocate(st, total, true, self.o.malloc_may_fail, true, loc);
                let null = self.s.bv_zero(self.memory.ptr_w);
                Some(self.s.ite(fits, p, null))
            }
            "realloc" => {
                let (Some(old), Some(n)) = (arg(0), arg(1)) else {
                    return self.model_default(st, f, lhs, args, vals, loc);
                };
                // glibc: realloc(p, 0) frees p and returns NULL
                let nw = self.s.width(n);
                let zero_n = self.s.bv_zero(nw);
                let is_zero = self.s.eq(n, zero_n);
                if self.s.is_true(is_zero) {
                    let null = self.s.bv_zero(self.memory.ptr_w);
                    let o = self.obj_of(old);
                    let was = self.alive_of(st, o);
                    let old_null = self.s.eq(old, null);
                    let f = self.s.fals();
                    let v = self.s.ite(old_null, was, f);
                    self.store_alive(st, o, v);
                    if let Some(l) = lhs {
                        self.assign(st, l, null, loc);
                    }
                    return;
                }
                let p = self.allocate(st, n, true, self.o.malloc_may_fail, false, loc);
                // copy min(old size - offset, n) bytes, free the old block when the new one exists
                let old_size = self.object_size(old);
                let n_off = self.s.resize(n, self.memory.off_bits, false);
                let smaller = self.s.bvult(n_off, old_size);
                let len = self.s.ite(smaller, n_off, old_size);
                let null = self.s.bv_zero(self.memory.ptr_w);
                let old_null = self.s.eq(old, null);
                let new_null = self.s.eq(p, null);
                let zero = self.s.bv_zero(self.memory.off_bits);
                let skip = self.s.or(old_null, new_null);
                let len = self.s.ite(skip, zero, len);
                self.copy(st, p, old, len);
                let o = self.obj_of(old);
                let was = self.alive_of(st, o);
                let f = self.s.fals();
                let keep = self.s.ite(skip, was, f);
                self.store_alive(st, o, keep);
                Some(p)
            }
            "free" => {
                if let Some(p) = arg(0) {
                    let null = self.s.bv_zero(self.memory.ptr_w);
                    let is_null = self.s.eq(p, null);
                    let o = self.obj_of(p);
                    let was = self.alive_of(st, o);
                    let f = self.s.fals();
                    let v = self.s.ite(is_null, was, f);
                    self.store_alive(st, o, v);
                }
                None
            }
            "__verdiff_approx_bytes" => {
                // bytes a library model cannot compute exactly (e.g. printf's text of a double)
                if let (Some(p), Some(n)) = (arg(0), arg(1)) {
                    let sort = self.mem_sort();
                    let fresh = self.input(st, sort, "approx_bytes");
                    let mut syms = Vec::new();
                    collect_symbols(&self.s, fresh, &mut syms);
                    self.approx.symbols.extend(syms);
                    let lib = self.library_function(st, &fun.name);
                    self.approx.funcs.insert(format!("results of {lib}"));
                    let len = self.s.resize(n, self.memory.off_bits, false);
                    st.mem =
                        self.s.mem_range(crate::term::MemKind::Fresh, self.memory.off_bits, st.mem, p, len, &[fresh]);
                }
                None
            }
            "memset" => {
                if let (Some(p), Some(c), Some(n)) = (arg(0), arg(1), arg(2)) {
                    let byte = self.s.extract(7, 0, c);
                    self.fill(st, p, n, byte);
                }
                arg(0)
            }
            "memcpy" | "memmove" => {
                if let (Some(d), Some(s), Some(n)) = (arg(0), arg(1), arg(2)) {
                    self.copy(st, d, s, n);
                }
                arg(0)
            }
            "__ESBMC_r_ok" | "__CPROVER_r_ok" | "__CPROVER_w_ok" | "__CPROVER_rw_ok" | "__ESBMC_w_ok" => {
                let (Some(p), Some(n)) = (arg(0), arg(1)) else {
                    return;
                };
                let ok = self.in_bounds(p, n);
                let null = self.s.bv_zero(self.memory.ptr_w);
                let is_null = self.s.eq(p, null);
                let nw = self.s.width(n);
                let z = self.s.bv_zero(nw);
                let nz = self.s.eq(n, z);
                let r = if name.starts_with("__CPROVER") {
                    let alive = self.is_alive(st, p);
                    let nn = self.s.not(is_null);
                    self.s.and_n(&[nn, alive, ok])
                } else {
                    self.s.ite(is_null, nz, ok)
                };
                Some(self.from_bool(r, &ret_ty))
            }
            "__ESBMC_get_object_size" | "__CPROVER_OBJECT_SIZE" | "__ESBMC_OBJECT_SIZE" => {
                let p = arg(0).unwrap_or_else(|| self.ptr_to(0));
                // ESBMC resolves the object through the pointer's possible targets, where NULL
                // is not an object: a maybe-NULL pointer gives its object's size
                let p = self.strip_null_choice(p);
                let sz = self.object_size(p);
                let Sort::Bv(w) = self.sort_of(&ret_ty) else {
                    return;
                };
                Some(self.s.resize(sz, w, false))
            }
            "__ESBMC_POINTER_OBJECT" | "__CPROVER_POINTER_OBJECT" => {
                let p = arg(0).unwrap_or_else(|| self.ptr_to(0));
                let o = self.obj_of(p);
                let Sort::Bv(w) = self.sort_of(&ret_ty) else {
                    return;
                };
                Some(self.s.resize(o, w, false))
            }
            "__ESBMC_POINTER_OFFSET" | "__CPROVER_POINTER_OFFSET" => {
                let p = arg(0).unwrap_or_else(|| self.ptr_to(0));
                let o = self.off_of(p);
                let Sort::Bv(w) = self.sort_of(&ret_ty) else {
                    return;
                };
                Some(self.s.resize(o, w, true))
            }
            "__ESBMC_same_object" | "__CPROVER_same_object" => {
                let (Some(p), Some(q)) = (arg(0), arg(1)) else {
                    return;
                };
                let a = self.obj_of(p);
                let b = self.obj_of(q);
                let e = self.s.eq(a, b);
                Some(self.from_bool(e, &ret_ty))
            }
            "__ESBMC_is_dynamic" | "__CPROVER_DYNAMIC_OBJECT" => {
                let Some(p) = arg(0) else { return };
                let d = self.is_dynamic(p);
                Some(self.from_bool(d, &ret_ty))
            }
            "__CPROVER_LIVE_OBJECT" => {
                let Some(p) = arg(0) else { return };
                let d = self.is_alive(st, p);
                Some(self.from_bool(d, &ret_ty))
            }
            "__ESBMC_init_object" | "__CPROVER_havoc_object" => {
                if let Some(p) = arg(0) {
                    let o = self.obj_of(p);
                    let z = self.s.bv_zero(self.memory.off_bits);
                    let base = self.s.concat(o, z);
                    let sz = self.object_size(p);
                    self.havoc(st, base, sz, "init_object");
                }
                None
            }
            n if fun.name.starts_with("__builtin_") || n.starts_with("__ESBMC_") || n.starts_with("__CPROVER_") => {
                self.reach_unsupported(st, format!("unsupported builtin `{}`", fun.name), loc);
                st.live = false;
                return;
            }
            _ => return self.model_default(st, f, lhs, args, vals, loc),
        };
        if let (Some(l), Some(v)) = (lhs, result) {
            let v = self.convert(st, v, &ret_ty, &l.ty.clone(), loc);
            if name == "__verdiff_input_pointer" {
                // a pointer into the caller's memory: the harness's input
                self.assign_input(st, l, v, loc);
            } else {
                self.assign(st, l, v, loc);
            }
        }
    }

    /// A new object of `n` bytes (any width). May return NULL when `may_fail`.
    fn allocate(&mut self, st: &mut State, n: T, dynamic: bool, may_fail: bool, zeroed: bool, loc: Loc) -> T {
        let nw = self.s.width(n);
        let n = self.s.resize(n, self.memory.ptr_w.max(nw), false);
        // sizes beyond the offset space cannot be allocated
        let lim = self.s.bv_u(self.s.width(n), 1u128 << (self.memory.off_bits - 1));
        let fits = self.s.bvult(n, lim);
        if !may_fail && !self.s.is_true(fits) {
            // with --force-malloc-success a huge block must exist, which verdiff cannot
            // represent: such a run is UNKNOWN, the others go on
            let mut big = st.clone();
            let nf = self.s.not(fits);
            big.guard.add(&mut self.s, nf);
            self.reach_unsupported(
                &big,
                format!(
                    "allocation of 2^{} bytes or more (raise --object-bits to represent it)",
                    self.memory.off_bits - 1
                ),
                loc,
            );
            st.guard.add(&mut self.s, fits);
        }
        let size = self.s.resize(n, self.memory.ptr_w, false);
        let name = if dynamic {
            format!("dynamic_{}", self.memory.objects.len())
        } else {
            format!("alloca_{}", self.memory.objects.len())
        };
        let Some(o) = self.new_object(st, name.clone(), size, dynamic, loc) else {
            return self.ptr_to(1);
        };
        let p = self.ptr_to(o);
        if zeroed {
            let z = self.s.bv_zero(8);
            self.fill(st, p, size, z);
        } else {
            self.havoc(st, p, size, &name);
        }
        let null = self.s.bv_zero(self.memory.ptr_w);
        let mut result = self.s.ite(fits, p, null);
        if may_fail {
            let ok = self.input(st, Sort::Bool, "malloc_succeeds");
            self.approx.alloc_outcomes.insert(ok);
            result = self.s.ite(ok, result, null);
        }
        if !dynamic {
            // alloca storage dies with the frame
            st.top_mut().objects.push(o);
        }
        // a NULL result leaves the object unused: it is not alive
        let is_null = self.s.eq(result, null);
        let ot = self.s.bv_u(self.memory.obj_bits, o as u128);
        let alive = self.s.not(is_null);
        st.alive = self.s.store(st.alive, ot, alive);
        result
    }

    /// Unknown body-less function: nondet result; objects its non-const pointer arguments point
    /// to are havocked. That it stays inside those objects is an assumption verdiff makes only
    /// of the program's own external functions: a C library function (declared in a system
    /// header) that writes through a pointer and has no model may write past the object (`gets`
    /// into a 4-byte buffer), so reaching it makes a result that would be SUCCESSFUL UNKNOWN,
    /// naming the function. The path goes on: a violation after the call is a run the program
    /// can take (the library call wrote inside the object on that run).
    fn model_default(&mut self, st: &mut State, f: FuncId, lhs: Option<&Expr>, args: &[Expr], vals: &[T], loc: Loc) {
        if self.o.product.is_some() {
            return self.product_external(st, f, lhs, args, vals, loc);
        }
        let fun = self.p.func(f);
        self.externals.insert(fun.name.clone());
        let read_only = READ_ONLY.contains(&fun.name.as_str());
        let writes_through_pointer = args.iter().enumerate().any(|(i, a)| {
            let const_param = fun.ty.const_pointee.get(i).copied().unwrap_or(false);
            matches!(&a.ty, Type::Pointer(pointee) if !pointee.is_function() && !const_param && !read_only)
        });
        // what a C library function without a model returns or writes is not known: a
        // violation is shown only if it happens whatever it is (an approximation, robust.rs),
        // as for a math function's result; otherwise the answer is UNKNOWN naming it
        let library = library_without_model(fun);
        let first_symbol = self.s.symbols().len() as u32;
        if library && writes_through_pointer {
            self.reach_unsupported(
                st,
                format!(
                    "`{}` is a C library function verdiff has no model for: it may write outside the objects its pointer arguments point to",
                    fun.name
                ),
                loc,
            );
        }
        for (i, (a, &v)) in args.iter().zip(vals).enumerate() {
            let Type::Pointer(pointee) = &a.ty else {
                continue;
            };
            let const_param = fun.ty.const_pointee.get(i).copied().unwrap_or(false);
            if pointee.is_function() || const_param || read_only {
                continue;
            }
            let o = self.obj_of(v);
            let z = self.s.bv_zero(self.memory.off_bits);
            let base = self.s.concat(o, z);
            let sz = self.object_size(v);
            let alive = self.is_alive(st, v);
            let zero = self.s.bv_zero(self.memory.off_bits);
            let sz = self.s.ite(alive, sz, zero);
            let name = format!("{}_effect", fun.name);
            self.havoc(st, base, sz, &name);
        }
        if let Some(l) = lhs {
            let name = format!("{}_result", fun.name);
            let ret = fun.ty.ret.clone();
            let v = self.nondet_of(st, &ret, &name);
            if ret.is_pointer() && crate::ir::targets::is_caller_function(&fun.name) {
                // a pointer a caller's function returns is one it chose: a violation that needs
                // it to be invalid is no bug of the code's a real caller hits (UNKNOWN, naming
                // it), as a result a library model approximates is not
                let mut syms = Vec::new();
                collect_symbols(&self.s, v, &mut syms);
                self.approx.symbols.extend(syms);
                self.approx.funcs.insert(format!("the pointer the caller's function {} returns", fun.name));
            }
            let v = self.convert(st, v, &ret, &l.ty.clone(), loc);
            self.assign_input(st, l, v, loc);
        }
        let last_symbol = self.s.symbols().len() as u32;
        if library && last_symbol > first_symbol {
            self.approx.symbols.extend(first_symbol..last_symbol);
            self.approx.funcs.insert(format!(
                "what `{}` returns or writes (a C library function verdiff has no model of)",
                self.p.func(f).name
            ));
        }
    }
}

/// A function of the C library's (or of nobody's) that verdiff has no model of: declared in a
/// system header, named with a name reserved to the implementation (`__fbufsize`), or never
/// declared at all (`strptime` called without its feature-test macro). The program's own
/// body-less functions it declares (`int nondet();`, a stub it links elsewhere) are not:
/// their results are inputs, as in ESBMC.
fn library_without_model(fun: &crate::ir::Function) -> bool {
    let n = fun.name.as_str();
    let reserved = n.starts_with("__") || (n.starts_with('_') && n[1..].starts_with(|c: char| c.is_ascii_uppercase()));
    let verifier = ["__VERIFIER_", "__ESBMC_", "__CPROVER_"].iter().any(|p| n.starts_with(p));
    (fun.system || reserved || fun.implicit) && !verifier
}

/// Library functions that only read through their pointer arguments (including variadic ones).
const READ_ONLY: &[&str] = &[
    "printf",
    "fprintf",
    "vprintf",
    "vfprintf",
    "puts",
    "fputs",
    "putc",
    "fputc",
    "putchar",
    "perror",
    "fflush",
    "__printf_chk",
    "__fprintf_chk",
    "syslog",
    "fwrite",
    "write",
    "strlen",
    "strcmp",
    "strncmp",
    "memcmp",
    "atoi",
    "atol",
    "atoll",
    "getenv",
    "strchr",
    "strrchr",
    "strstr",
    "assert_perror",
];

/// The symbols a term contains.
pub(crate) fn collect_symbols(s: &crate::term::TermStore, t: T, out: &mut Vec<u32>) {
    let mut stack = vec![t];
    while let Some(x) = stack.pop() {
        if let crate::term::Op::Sym(id) = s.op(x) {
            out.push(*id);
        }
        stack.extend_from_slice(s.args(x));
    }
}

impl Symex<'_> {
    /// The library function the program called that led to this point (the outermost model
    /// frame), for messages about approximated results; `fallback` outside models.
    fn library_function(&self, st: &State, fallback: &str) -> String {
        st.frames()
            .iter()
            .filter_map(|fr| fr.func)
            .map(|f| self.p.func(f))
            .find(|f| f.model)
            .map(|f| f.name.clone())
            .unwrap_or_else(|| fallback.to_string())
    }
}
