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
    let mut n = Normaliser::new(p, located);
    let mut seen = BTreeSet::new();
    let mut order: Vec<(String, FuncId)> = Vec::new();
    let mut stack = vec![f];
    while let Some(g) = stack.pop() {
        if !seen.insert(g) {
            continue;
        }
        order.push((base_name(&p.func(g).name).to_string(), g));
        stack.extend(callees(p, g));
    }
    // the entry first, then the others by name (independent of discovery order)
    order[1..].sort();
    for (name, g) in order {
        let _ = write!(n.out, "\nfn {name}:");
        if p.func(g).body.is_some() {
            n.function(g);
        } else {
            let t = n.ty(&Type::Function(std::rc::Rc::new(p.func(g).ty.clone())));
            let _ = write!(n.out, "extern {t}");
        }
    }
    // static initialisation of the statics used, closed under what it mentions
    let mut done: BTreeSet<VarId> = BTreeSet::new();
    loop {
        let todo: Vec<VarId> = n.statics.iter().filter(|v| !done.contains(v)).copied().collect();
        if todo.is_empty() {
            break;
        }
        for v in todo {
            done.insert(v);
            let var = p.var(v);
            let ty = n.ty(&var.ty);
            let _ = write!(n.out, "\nstatic {}:{ty} extern={} const={}:", var.name, var.external, var.is_const);
            for ins in &p.init {
                let assigns_v = match &ins.kind {
                    InstrKind::Assign { lhs, .. } => root_var(lhs) == Some(v),
                    InstrKind::Decl(w) => *w == v,
                    _ => false,
                };
                if assigns_v {
                    n.located_instr(ins);
                    n.out.push(';');
                }
            }
        }
    }
    n.finish();
    n.out
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

/// The fingerprint of `f` together with every function it reaches through calls: equal deep
/// fingerprints mean equal behaviour of the whole call tree.
pub fn deep_fingerprint(p: &Program, f: FuncId) -> u64 {
    let mut seen = BTreeSet::new();
    let mut stack = vec![f];
    let mut parts: Vec<(String, u64)> = Vec::new();
    while let Some(g) = stack.pop() {
        if !seen.insert(g) {
            continue;
        }
        let fun = p.func(g);
        let own = fingerprint(p, g).unwrap_or_else(|| hash_text(&format!("extern {}", base_name(&fun.name))));
        parts.push((base_name(&fun.name).to_string(), own));
        stack.extend(callees(p, g));
    }
    parts.sort();
    let text: String = parts.iter().map(|(n, h)| format!("{n}:{h:x};")).collect();
    hash_text(&text)
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
        let fun = self.p.func(f);
        self.locals.clear();
        let t = self.ty(&Type::Function(std::rc::Rc::new(fun.ty.clone())));
        let _ = write!(self.out, "{t}(");
        for &v in &fun.params {
            self.var(v);
            self.out.push(',');
        }
        self.out.push_str("){");
        for ins in fun.body.iter().flatten() {
            self.located_instr(ins);
            self.out.push(';');
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
        if var.is_static() && matches!(var.kind, super::VarKind::Global) {
            let _ = write!(self.out, "g:{}", base_name(&var.name));
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
                let _ = write!(s, "[{n:?}]");
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
