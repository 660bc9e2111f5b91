//! Semantic fingerprints of functions: a hash of the function's normalised IR.
//!
//! Normalisation drops what does not change behaviour: source locations (formatting,
//! comments), C labels, the names of locals and parameters (numbered by first use), and the
//! version tag of linkage names (`f@old` and `f@new` print as `f`). It keeps everything that
//! does: instructions and jump targets, constants, operators, types with their layout (a
//! header that changes a struct or a macro changes every function whose IR uses it), callees
//! and globals by name, string literal contents.

use std::collections::{BTreeSet, HashMap};
use std::fmt::Write;

use super::expr::{Expr, ExprKind};
use super::program::{InstrKind, Program};
use super::types::Type;
use super::{FuncId, VarId};

/// A linkage name without its version tag.
pub fn base_name(name: &str) -> &str {
    name.split('@').next().unwrap_or(name)
}

/// The normalised text of one function's body (None for functions without a body).
pub fn normal_form(p: &Program, f: FuncId) -> Option<String> {
    p.func(f).body.as_ref()?;
    let mut n = Normaliser::new(p, false);
    n.function(f);
    n.finish();
    Some(n.out)
}

/// Everything a verification verdict of `f` (as entry point) depends on in the program:
/// the normalised bodies of `f` and of every function it reaches through calls (functions
/// without a body by name and type), the static variables they use with their types and
/// static initialisation (closed under the variables those initialisers mention), and the
/// layout of every struct involved. With `located`, source locations are part of the text
/// (results that point at lines must not be reused after the lines moved).
pub fn verification_text(p: &Program, f: FuncId, located: bool) -> String {
    verification_text_with(p, f, located, &|_| false)
}

/// [`verification_text`] of `f` where the functions other than `f` for which `interface`
/// holds are used through their interface — signature and written contract — and not their
/// bodies (callees replaced by their contracts, docs/contracts.md §4): their bodies and what
/// only they reach are not part of the text.
pub fn verification_text_with(p: &Program, f: FuncId, located: bool, interface: &dyn Fn(FuncId) -> bool) -> String {
    let (funcs, statics) = dependencies_with(p, f, interface);
    let mut n = Normaliser::new(p, located);
    // the entry first, then the others by name (independent of discovery order)
    let mut order: Vec<(String, FuncId)> =
        funcs.iter().filter(|&&g| g != f).map(|&g| (base_name(&p.func(g).name).to_string(), g)).collect();
    order.sort();
    order.insert(0, (base_name(&p.func(f).name).to_string(), f));
    for (name, g) in order {
        let _ = write!(n.out, "\nfn {name}:");
        if g != f && interface(g) {
            n.signature(g);
            n.contract(g);
        } else if p.func(g).body.is_some() {
            n.function(g);
        } else {
            let t = n.ty(&Type::Function(std::rc::Rc::new(p.func(g).ty.clone())));
            let _ = write!(n.out, "extern {t}");
        }
    }
    let mut vars: Vec<(String, VarId)> = statics.iter().map(|&v| (base_name(&p.var(v).name).to_string(), v)).collect();
    vars.sort();
    for (name, v) in vars {
        let var = p.var(v);
        let ty = n.ty(&var.ty);
        let _ = write!(n.out, "\nstatic {name}:{ty} extern={} const={}:", var.external, var.is_const);
        for ins in p.init.iter().filter(|ins| initialises(ins, v)) {
            n.located_instr(ins);
            n.out.push(';');
        }
    }
    n.finish();
    n.out
}

/// Whether a static-initialisation instruction sets (part of) `v`.
fn initialises(ins: &super::program::Instr, v: VarId) -> bool {
    match &ins.kind {
        InstrKind::Assign { lhs, .. } => root_var(lhs) == Some(v),
        InstrKind::Decl(w) => *w == v,
        _ => false,
    }
}

/// The expressions of an instruction.
fn instr_exprs(k: &InstrKind) -> Vec<&Expr> {
    match k {
        InstrKind::Assign { lhs, rhs } => vec![lhs, rhs],
        InstrKind::Call { lhs, func, args } => lhs.iter().chain(std::iter::once(func)).chain(args.iter()).collect(),
        InstrKind::Assume(c) | InstrKind::Assert { cond: c, .. } | InstrKind::Goto { cond: Some(c), .. } => vec![c],
        InstrKind::Return(Some(e)) => vec![e],
        _ => vec![],
    }
}

/// Everything `f`'s behaviour depends on: the functions it reaches — through calls, through
/// function addresses it takes, and through function addresses stored in the static
/// variables it reads (a dispatch table) — and those static variables, closed under what
/// their initialisers mention.
pub fn dependencies(p: &Program, f: FuncId) -> (BTreeSet<FuncId>, BTreeSet<VarId>) {
    dependencies_with(p, f, &|_| false)
}

/// [`dependencies`], where the functions other than `f` for which `interface` holds
/// contribute their written contracts and not their bodies.
pub fn dependencies_with(
    p: &Program,
    f: FuncId,
    interface: &dyn Fn(FuncId) -> bool,
) -> (BTreeSet<FuncId>, BTreeSet<VarId>) {
    let (mut funcs, mut statics) = (BTreeSet::new(), BTreeSet::new());
    let (mut fstack, mut vstack) = (vec![f], Vec::new());
    // (the address-taken functions, found when a call through a pointer needs them)
    let mut taken = None;
    let note = |e: &Expr, fstack: &mut Vec<FuncId>, vstack: &mut Vec<VarId>| {
        e.visit(&mut |x| match x.kind {
            ExprKind::Func(g) => fstack.push(g),
            ExprKind::Var(v) if p.var(v).is_static() => vstack.push(v),
            _ => {}
        })
    };
    loop {
        if let Some(g) = fstack.pop() {
            if funcs.insert(g) {
                let body = if g != f && interface(g) { None } else { p.func(g).body.as_ref() };
                for ins in body.into_iter().flatten() {
                    for e in instr_exprs(&ins.kind) {
                        note(e, &mut fstack, &mut vstack);
                    }
                }
                for e in contract_exprs(p, g) {
                    note(e, &mut fstack, &mut vstack);
                }
                if body.is_some() {
                    // (what a call through a pointer may reach is a callee too)
                    fstack.extend(super::targets::indirect_callees(p, g, &mut taken));
                }
            }
        } else if let Some(v) = vstack.pop() {
            if statics.insert(v) {
                for ins in p.init.iter().filter(|ins| initialises(ins, v)) {
                    for e in instr_exprs(&ins.kind) {
                        note(e, &mut fstack, &mut vstack);
                    }
                }
            }
        } else {
            return (funcs, statics);
        }
    }
}

/// The expressions of `f`'s written contract.
fn contract_exprs(p: &Program, f: FuncId) -> Vec<&Expr> {
    let Some(c) = p.func(f).contract.as_deref() else { return vec![] };
    c.requires
        .iter()
        .chain(&c.ensures)
        .map(|cl| &cl.cond)
        .chain(c.assigns.iter().flatten())
        .chain(c.olds.iter().map(|(_, e)| e))
        .collect()
}

/// The variable an lvalue is rooted at (`a[i].f` → `a`).
fn root_var(e: &Expr) -> Option<VarId> {
    match &e.kind {
        ExprKind::Var(v) => Some(*v),
        ExprKind::Index(a, _) | ExprKind::Member(a, _) => root_var(a),
        _ => None,
    }
}

/// The functions `f` calls directly (by the callee's id).
pub fn callees(p: &Program, f: FuncId) -> BTreeSet<FuncId> {
    let mut out = BTreeSet::new();
    if let Some(body) = &p.func(f).body {
        for ins in body {
            let mut visit = |e: &Expr| {
                e.visit(&mut |x| {
                    if let ExprKind::Func(g) = x.kind {
                        out.insert(g);
                    }
                })
            };
            match &ins.kind {
                InstrKind::Call { lhs, func, args } => {
                    lhs.iter().for_each(&mut visit);
                    visit(func);
                    args.iter().for_each(&mut visit);
                }
                InstrKind::Assign { lhs, rhs } => {
                    visit(lhs);
                    visit(rhs);
                }
                InstrKind::Assume(c) | InstrKind::Assert { cond: c, .. } => visit(c),
                InstrKind::Goto { cond: Some(c), .. } => visit(c),
                InstrKind::Return(Some(e)) => visit(e),
                _ => {}
            }
        }
    }
    out
}

/// 64-bit FNV-1a.
pub fn hash_bytes(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

pub fn hash_text(s: &str) -> u64 {
    hash_bytes(s.as_bytes())
}

/// The fingerprint of `f` alone (its own body).
pub fn fingerprint(p: &Program, f: FuncId) -> Option<u64> {
    normal_form(p, f).map(|t| hash_text(&t))
}

/// The fingerprint of `f` together with everything its behaviour depends on (the functions
/// it reaches, the statics they use and their initial values, see [`verification_text`]):
/// equal deep fingerprints mean equal behaviour.
pub fn deep_fingerprint(p: &Program, f: FuncId) -> u64 {
    hash_text(&verification_text(p, f, false))
}

struct Normaliser<'a> {
    p: &'a Program,
    locals: HashMap<VarId, usize>,
    out: String,
    /// Structs and unions by order of first use (printed as `struct#k`, defined at the end).
    composites: std::cell::RefCell<Vec<u32>>,
    /// Static variables used (globals and static locals).
    statics: BTreeSet<VarId>,
    located: bool,
}

impl<'a> Normaliser<'a> {
    fn new(p: &'a Program, located: bool) -> Self {
        Normaliser {
            p,
            locals: HashMap::new(),
            out: String::new(),
            composites: Default::default(),
            statics: BTreeSet::new(),
            located,
        }
    }

    /// Signature and body of `f` (locals numbered afresh).
    fn function(&mut self, f: FuncId) {
        self.signature(f);
        self.out.push('{');
        for ins in self.p.func(f).body.iter().flatten() {
            self.located_instr(ins);
            self.out.push(';');
        }
        self.out.push('}');
        self.contract(f);
    }

    /// The type and parameters of `f` (locals numbered afresh).
    fn signature(&mut self, f: FuncId) {
        let fun = self.p.func(f);
        self.locals.clear();
        let t = self.ty(&Type::Function(std::rc::Rc::new(fun.ty.clone())));
        let _ = write!(self.out, "{t}(");
        for &v in &fun.params {
            self.var(v);
            self.out.push(',');
        }
        self.out.push(')');
    }

    /// `f`'s written contract (what is verified against it, and what its callers assume).
    fn contract(&mut self, f: FuncId) {
        let Some(c) = self.p.func(f).contract.as_deref() else { return };
        if c.is_empty() && c.unsupported.is_none() {
            return;
        }
        self.out.push_str("contract{");
        for (kind, clauses) in [("requires", &c.requires), ("ensures", &c.ensures)] {
            for cl in clauses {
                if self.located {
                    let _ = write!(self.out, "@{}:{}:{} ", self.p.file_name(cl.loc), cl.loc.line, cl.loc.col);
                }
                let _ = write!(self.out, "{kind}(");
                self.expr(&cl.cond);
                self.out.push_str(");");
            }
        }
        if let Some(targets) = &c.assigns {
            self.out.push_str("assigns(");
            for t in targets {
                self.expr(t);
                self.out.push(',');
            }
            self.out.push_str(");");
        }
        for (v, e) in &c.olds {
            self.out.push_str("old(");
            self.var(*v);
            self.out.push('=');
            self.expr(e);
            self.out.push_str(");");
        }
        if let Some(r) = c.ret {
            self.out.push_str("ret(");
            self.var(r);
            self.out.push_str(");");
        }
        if c.annotated {
            self.out.push_str("annotated;");
        }
        if let Some((why, _)) = &c.unsupported {
            let _ = write!(self.out, "unsupported({why:?});");
        }
        self.out.push('}');
    }

    fn located_instr(&mut self, ins: &super::program::Instr) {
        if self.located {
            let _ = write!(self.out, "@{}:{}:{} ", self.p.file_name(ins.loc), ins.loc.line, ins.loc.col);
        }
        self.instr(&ins.kind);
    }

    /// Appends the definitions of the structs used (closed under their fields' types).
    fn finish(&mut self) {
        let mut i = 0;
        while i < self.composites.borrow().len() {
            let idx = self.composites.borrow()[i];
            let Some(c) = self.p.composites.get(idx as usize) else { break };
            let mut s = format!("\n{}#{i} {} size {} {{", if c.is_union { "union" } else { "struct" }, c.tag, c.size);
            for f in &c.fields {
                let _ = write!(s, "{}:", f.name);
                self.ty_into(&f.ty, &mut s);
                let _ = write!(s, "@{:?},", f.offset);
            }
            s.push('}');
            self.out.push_str(&s);
            i += 1;
        }
    }

    fn var(&mut self, v: VarId) {
        let var = self.p.var(v);
        if var.is_static() {
            self.statics.insert(v);
        }
        if let super::VarKind::Global = var.kind {
            let _ = write!(self.out, "g:{}", base_name(&var.name));
        } else if let super::VarKind::StaticLocal(f) = var.kind {
            // by function and name: numbering by first use would let two static locals
            // trade places unseen (their initial values are printed apart, by name)
            let _ = write!(self.out, "s:{}:{}", base_name(&self.p.func(f).name), base_name(&var.name));
        } else {
            let n = self.locals.len();
            let k = *self.locals.entry(v).or_insert(n);
            let ty = self.ty(&var.ty);
            let _ = write!(self.out, "v{k}:{ty}");
        }
    }

    fn ty(&self, t: &Type) -> String {
        let mut s = String::new();
        self.ty_into(t, &mut s);
        s
    }

    fn ty_into(&self, t: &Type, s: &mut String) {
        match t {
            Type::Struct(i) | Type::Union(i) => {
                let mut cs = self.composites.borrow_mut();
                let k = match cs.iter().position(|c| c == i) {
                    Some(k) => k,
                    None => {
                        cs.push(*i);
                        cs.len() - 1
                    }
                };
                let _ = write!(s, "{}#{k}", if matches!(t, Type::Union(_)) { "union" } else { "struct" });
            }
            Type::Pointer(to) => {
                s.push('*');
                self.ty_into(to, s);
            }
            Type::Array(e, n) => {
                match n {
                    // a variable-length array by the local holding its length (numbered by
                    // first use like every local; its id differs between versions)
                    super::types::ArrayLen::Var(v) if self.locals.contains_key(v) => {
                        let _ = write!(s, "[v{}]", self.locals[v]);
                    }
                    _ => {
                        let _ = write!(s, "[{n:?}]");
                    }
                }
                self.ty_into(e, s);
            }
            Type::Function(ft) => {
                s.push_str("fn(");
                for a in &ft.params {
                    self.ty_into(a, s);
                    s.push(',');
                }
                s.push_str(")->");
                self.ty_into(&ft.ret, s);
            }
            other => {
                let _ = write!(s, "{other:?}");
            }
        }
    }

    fn expr(&mut self, e: &Expr) {
        let ty = self.ty(&e.ty);
        match &e.kind {
            ExprKind::Var(v) => self.var(*v),
            ExprKind::Func(f) => {
                let _ = write!(self.out, "f:{}", base_name(&self.p.func(*f).name));
            }
            ExprKind::Str(s) => {
                let _ = write!(self.out, "s:{:?}", self.p.string(*s));
            }
            ExprKind::Int(v) => {
                let _ = write!(self.out, "{v}:{ty}");
            }
            ExprKind::Float(x) => {
                let _ = write!(self.out, "{:x}:{ty}", x.to_bits());
            }
            ExprKind::Unary(op, a) => {
                let _ = write!(self.out, "({op:?} ");
                self.expr(a);
                let _ = write!(self.out, "):{ty}");
            }
            ExprKind::Binary(op, a, b) => {
                let _ = write!(self.out, "({op:?} ");
                self.expr(a);
                self.out.push(' ');
                self.expr(b);
                let _ = write!(self.out, "):{ty}");
            }
            ExprKind::Cast(a, explicit) => {
                let _ = write!(self.out, "(cast{} ", if *explicit { "!" } else { "" });
                self.expr(a);
                let _ = write!(self.out, "):{ty}");
            }
            ExprKind::Cond(c, a, b) => {
                self.out.push_str("(? ");
                self.expr(c);
                self.out.push(' ');
                self.expr(a);
                self.out.push(' ');
                self.expr(b);
                self.out.push(')');
            }
            ExprKind::Index(a, i) => {
                self.out.push_str("(idx ");
                self.expr(a);
                self.out.push(' ');
                self.expr(i);
                self.out.push(')');
            }
            ExprKind::Member(a, i) => {
                self.out.push_str("(mem ");
                self.expr(a);
                let _ = write!(self.out, " {i}):{ty}");
            }
            ExprKind::Deref(a) => {
                self.out.push_str("(deref ");
                self.expr(a);
                let _ = write!(self.out, "):{ty}");
            }
            ExprKind::AddrOf(a) => {
                self.out.push_str("(addr ");
                self.expr(a);
                self.out.push(')');
            }
            ExprKind::Nondet => {
                let _ = write!(self.out, "nondet:{ty}");
            }
            ExprKind::Zero => {
                let _ = write!(self.out, "zero:{ty}");
            }
            ExprKind::Builtin(b, args) => {
                let _ = write!(self.out, "({b:?}");
                for a in args {
                    self.out.push(' ');
                    self.expr(a);
                }
                self.out.push(')');
            }
        }
    }

    fn instr(&mut self, k: &InstrKind) {
        match k {
            InstrKind::Skip => self.out.push_str("skip"),
            InstrKind::Decl(v) => {
                self.out.push_str("decl ");
                self.var(*v);
            }
            InstrKind::Dead(v) => {
                self.out.push_str("dead ");
                self.var(*v);
            }
            InstrKind::Assign { lhs, rhs } => {
                self.expr(lhs);
                self.out.push('=');
                self.expr(rhs);
            }
            InstrKind::Assume(c) => {
                self.out.push_str("assume ");
                self.expr(c);
            }
            InstrKind::Assert { cond, kind, .. } => {
                let _ = write!(self.out, "assert {kind:?} ");
                self.expr(cond);
            }
            InstrKind::Goto { cond, target } => {
                let _ = write!(self.out, "goto {target} ");
                if let Some(c) = cond {
                    self.expr(c);
                }
            }
            InstrKind::Call { lhs, func, args } => {
                if let Some(l) = lhs {
                    self.expr(l);
                    self.out.push('=');
                }
                self.out.push_str("call ");
                self.expr(func);
                for a in args {
                    self.out.push(',');
                    self.expr(a);
                }
            }
            InstrKind::Return(e) => {
                self.out.push_str("return ");
                if let Some(e) = e {
                    self.expr(e);
                }
            }
            InstrKind::EndPath => self.out.push_str("end"),
            InstrKind::Unsupported(r) => {
                let _ = write!(self.out, "unsupported {r:?}");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::verification_text;
    use crate::frontend::{self, FrontendOptions};

    fn text(src: &str, f: &str) -> String {
        let fo = FrontendOptions::default();
        let p = frontend::load_preprocessed(&[src.to_string()], &fo).expect("lowers");
        verification_text(&p, p.func_named(f).expect("defined"), false)
    }

    const BASE: &str = "int f1(int x) { return x + 1; }\nint f2(int x) { return x + 2; }\n\
                        int (*table[2])(int) = {f1, f2};\nint limit = 5;\n\
                        int h(int i) { return table[i & 1](3); }\nint k(void) { return limit; }\n\
                        int other(void) { return 7; }\n";

    #[test]
    fn covers_dispatch_tables_and_initial_values_only() {
        let (h, k) = (text(BASE, "h"), text(BASE, "k"));
        // a function reached only through a table of function pointers
        assert_ne!(h, text(&BASE.replace("x + 2", "x + 3"), "h"));
        // a global's initial value
        assert_ne!(k, text(&BASE.replace("limit = 5", "limit = 6"), "k"));
        // an unrelated function, a comment, layout: no change
        let edited = BASE.replace("return 7;", "return 8;").replace("int k(void)", "\n\nint k (void)");
        assert_eq!(h, text(&edited, "h"));
        assert_eq!(k, text(&edited, "k"));
    }

    #[test]
    fn static_locals_that_trade_places_change_the_text() {
        // a = 0, b = 1: `a + 10 / b` is safe, `b + 10 / a` divides by zero
        let src = "int g(void) { return 0; }
int f(void) { static int a = 0; static int b = 1; g(); return a + 10 / b; }
";
        let swapped = src.replace("a + 10 / b", "b + 10 / a");
        assert_ne!(text(src, "f"), text(&swapped, "f"));
        // a plain local renamed: the same text
        assert_eq!(
            text("int f(int x) { int t = x; return t; }\n", "f"),
            text("int f(int x) { int u = x; return u; }\n", "f")
        );
    }
}
