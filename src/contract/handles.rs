//! Handle parameters built the way the code base builds them (docs/contracts.md, "Handles").
//!
//! A C library often hands out an opaque handle through a typedef (`typedef char *sds;`)
//! whose validity is a layout only its own functions know: sds keeps a header before the
//! pointer whose length and capacity must match the allocation. A free input object of the
//! pointer's type has an arbitrary header, and every function that reads it "overflows" a
//! buffer no caller can make. So a parameter written with a typedef name the code base has
//! a *constructor* for (a defined function that returns that typedef and takes none) is
//! built by calling the constructor on inputs its own precondition allows. The constructor
//! is verified on its own; inside the harness its claims are assumed (a handle made without
//! undefined behaviour), which [`trust`] arranges on a copy of its call tree.

use std::collections::HashMap;

use crate::ir::rewrite::rewrite;
use crate::ir::{BinOp, Builtin, Expr, ExprKind, FuncId, Instr, InstrKind, Program, UnOp};

/// The constructor of each handle type (a typedef, or a pointer to an opaque struct: see
/// `frontend/lower/typenames.rs`): among the defined functions returning it (a pointer)
/// with no parameter of it, one a caller in another file can call (a static allocator
/// returns a handle half made), then the one the others call most (the general one:
/// `sdsnewlen`, which `sdsnew` and `sdsempty` call), then the one with more parameters,
/// then the first defined.
pub fn constructors(p: &Program) -> HashMap<String, FuncId> {
    let mut candidates: HashMap<String, Vec<FuncId>> = HashMap::new();
    for (i, f) in p.funcs.iter().enumerate() {
        let Some(names) = &f.type_names else { continue };
        let Some(ret) = &names.ret else { continue };
        if f.body.is_none() || f.model || f.system || f.ty.variadic || !f.ty.ret.is_pointer() {
            continue;
        }
        if names.params.iter().any(|n| n.as_ref() == Some(ret)) {
            continue;
        }
        // a caller in another file gets an opaque struct from the library's interface only
        // (cJSON-like `static` helpers returning one are not constructors: C-Thread-Pool's
        // `jobqueue_pull` returns a `struct job *` it takes off a queue)
        if ret.ends_with('*') && f.internal {
            continue;
        }
        candidates.entry(ret.clone()).or_default().push(FuncId(i as u32));
    }
    let mut out = HashMap::new();
    for (name, fs) in candidates {
        let called = |g: FuncId| fs.iter().filter(|&&k| k != g && calls(p, k).contains(&g)).count();
        let best = fs
            .iter()
            .copied()
            .max_by_key(|&g| (!p.func(g).internal, called(g), p.func(g).params.len(), std::cmp::Reverse(g.0)));
        if let Some(g) = best {
            out.insert(name, g);
        }
    }
    out
}

/// The parameters of `f` an entry harness builds by a constructor (see [`constructors`]):
/// (position, handle type, constructor).
pub fn handle_parameters(p: &Program, f: FuncId) -> Vec<(usize, String, FuncId)> {
    let Some(names) = &p.func(f).type_names else { return vec![] };
    if names.params.iter().all(Option::is_none) {
        return vec![];
    }
    let ctors = constructors(p);
    let mut out = Vec::new();
    for (i, n) in names.params.iter().enumerate() {
        let Some((n, &g)) = n.as_ref().and_then(|n| ctors.get_key_value(n)) else { continue };
        if g != f {
            out.push((i, n.clone(), g));
        }
    }
    out
}

/// What `f`'s inputs depend on through handle constructors, as text for cache keys: for
/// each parameter built by a constructor, its position, the handle type and the
/// constructor's verification text (a changed `sdsnewlen` changes the `sds` every other
/// function is verified with, although none of them calls it). Empty when none is.
pub fn key_text(p: &Program, f: FuncId) -> String {
    let mut out = String::new();
    for (i, n, g) in handle_parameters(p, f) {
        out.push_str(&format!("\nhandle {i}: {n} by {}", crate::ir::fingerprint::verification_text(p, g, false)));
    }
    out
}

/// The functions `f`'s body calls directly.
fn calls(p: &Program, f: FuncId) -> Vec<FuncId> {
    let mut out = Vec::new();
    for ins in p.func(f).body.iter().flatten() {
        if let InstrKind::Call { func, .. } = &ins.kind {
            if let ExprKind::Func(g) = func.kind {
                if !out.contains(&g) {
                    out.push(g);
                }
            }
        }
    }
    out
}

/// Makes the calls of `harness` to `constructors` run a copy of each constructor's call tree
/// (the code base's functions; library models stay shared) in which every claim is an
/// assumption. Run after instrumentation, so that the checks it added are assumed too.
pub fn trust(p: &mut Program, harness: FuncId, constructors: &[FuncId]) {
    if constructors.is_empty() {
        return;
    }
    // the call tree, original → copy
    let mut copy_of: HashMap<FuncId, FuncId> = HashMap::new();
    let mut order = Vec::new();
    let mut stack: Vec<FuncId> = constructors.to_vec();
    while let Some(g) = stack.pop() {
        let fun = p.func(g);
        if copy_of.contains_key(&g) || fun.body.is_none() || fun.model || g == harness {
            continue;
        }
        copy_of.insert(g, FuncId((p.funcs.len() + order.len()) as u32));
        order.push(g);
        stack.extend(calls(p, g));
    }
    let int = p.target.int_t();
    for &g in &order {
        let mut copy = p.func(g).clone();
        copy.trusted = true;
        for ins in copy.body.iter_mut().flatten() {
            retarget(&mut ins.kind, &copy_of);
            if let InstrKind::Assert { cond, .. } = &ins.kind {
                ins.kind = InstrKind::Assume(cond.clone());
            }
        }
        // sizes computed without wrapping: `sdsnewlen(NULL, SIZE_MAX)` allocates 17 bytes
        // and records a length of SIZE_MAX, a handle no caller holds (that is the
        // constructor's own bug, reported when it is verified)
        copy.body = copy.body.take().map(|b| {
            rewrite(b, |ins| {
                let mut before = Vec::new();
                let mut sums = Vec::new();
                for e in own_values(&ins.kind) {
                    unguarded_sums(e, &mut sums);
                }
                for x in sums {
                    if let ExprKind::Binary(op, a, c) = &x.kind {
                        let b = if *op == BinOp::Add { Builtin::AddOverflow } else { Builtin::MulOverflow };
                        let ov = Expr::builtin(b, vec![(**a).clone(), (**c).clone()], int.clone());
                        let fits = Expr::unary(UnOp::LogNot, ov, int.clone());
                        before.push(Instr::new(InstrKind::Assume(fits), ins.loc));
                    }
                }
                (before, None)
            })
        });
        // (the copy keeps the name for traces; lookups by name find the original)
        p.funcs.push(copy);
    }
    let body = p.funcs[harness.0 as usize].body.take();
    p.funcs[harness.0 as usize].body = body.map(|mut b| {
        for ins in b.iter_mut() {
            retarget(&mut ins.kind, &copy_of);
        }
        b
    });
}

/// The values an instruction computes unconditionally: an assignment's right side and a
/// call's arguments (not conditions, whose operands may be guarded by `&&`).
fn own_values(k: &InstrKind) -> Vec<&Expr> {
    match k {
        InstrKind::Assign { rhs, .. } => vec![rhs],
        InstrKind::Call { args, .. } => args.iter().collect(),
        _ => vec![],
    }
}

/// The unsigned sums and products `e` evaluates whenever it is evaluated (not those in a
/// conditional's branches or right of `&&`/`||`).
fn unguarded_sums<'a>(e: &'a Expr, out: &mut Vec<&'a Expr>) {
    match &e.kind {
        ExprKind::Cond(c, _, _) => unguarded_sums(c, out),
        ExprKind::Binary(BinOp::LogAnd | BinOp::LogOr, a, _) => unguarded_sums(a, out),
        ExprKind::Binary(op, a, b) => {
            unguarded_sums(a, out);
            unguarded_sums(b, out);
            if matches!(op, BinOp::Add | BinOp::Mul) && e.ty.is_int() && !e.ty.is_signed() {
                out.push(e);
            }
        }
        ExprKind::Unary(_, a) | ExprKind::Cast(a, _) => unguarded_sums(a, out),
        _ => {}
    }
}

fn retarget(k: &mut InstrKind, copy_of: &HashMap<FuncId, FuncId>) {
    if let InstrKind::Call { func, .. } = k {
        if let ExprKind::Func(g) = &mut func.kind {
            if let Some(&c) = copy_of.get(g) {
                *g = c;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn program(src: &str) -> Program {
        crate::frontend::load_preprocessed(&[src.to_string()], &crate::frontend::FrontendOptions::default())
            .expect("lowers")
    }

    #[test]
    fn the_constructor_is_the_one_the_others_call() {
        // str_empty and str_from_int make a `str` through str_new; str_dup and str_cat take
        // one (not constructors); char * results are not `str`s
        let p = program(
            "typedef char *str;\n\
             str str_new(const char *init, unsigned long n) { return (char *)init + n; }\n\
             str str_empty(void) { return str_new(\"\", 0); }\n\
             str str_from_int(int v) { return str_new(\"1\", v > 0); }\n\
             str str_dup(const str s) { return str_new(s, 0); }\n\
             str str_cat(str s, const char *t) { return s; }\n\
             char *plain(void) { return 0; }\n",
        );
        let c = constructors(&p);
        assert_eq!(c.len(), 1, "{c:?}");
        assert_eq!(c.get("str").map(|&f| p.func(f).name.as_str()), Some("str_new"));
        // the key of a function taking a `str` covers str_new; str_new's own does not
        let cat = p.func_named("str_cat").expect("str_cat");
        assert!(key_text(&p, cat).contains("str_new"), "{}", key_text(&p, cat));
        assert!(key_text(&p, p.func_named("str_new").expect("str_new")).is_empty());
    }

    #[test]
    fn a_trusted_copy_assumes_its_claims_and_the_harness_calls_it() {
        let mut p = program(
            "typedef char *str;\n\
             str helper(unsigned long n) { __ESBMC_assert(n + 1 > n, \"no wrap\"); return 0; }\n\
             str str_new(unsigned long n) { __ESBMC_assert(n < 10, \"small\"); return helper(n); }\n\
             void h(void) { str s = str_new(3); }\n",
        );
        let (h, ctor) = (p.func_named("h").expect("h"), p.func_named("str_new").expect("str_new"));
        // (claims are made by instrumentation, before which trust runs)
        crate::instrument::instrument(&mut p, &crate::instrument::CheckOptions::default());
        let before = p.funcs.len();
        trust(&mut p, h, &[ctor]);
        // str_new and helper copied, claims turned into assumptions, sums assumed not to wrap
        assert_eq!(p.funcs.len(), before + 2);
        for copy in &p.funcs[before..] {
            let body = copy.body.as_ref().expect("body");
            assert!(body.iter().all(|i| !matches!(i.kind, InstrKind::Assert { .. })), "{}", copy.name);
        }
        let called: Vec<FuncId> = calls(&p, h);
        assert!(called.iter().all(|g| g.0 as usize >= before), "the harness still calls an original");
        // the originals keep their claims
        assert!(p.func(ctor).body.iter().flatten().any(|i| matches!(i.kind, InstrKind::Assert { .. })));
    }
}
