//! Lowering of lang-c's AST into the goto IR: scopes, linkage, declarations, function bodies.

mod builder;
mod call;
mod consts;
pub mod contract;
mod conv;
mod ctype;
mod expr;
mod init;
mod stmt;
mod typenames;

use std::collections::HashMap;

use lang_c::ast::{Declaration, ExternalDeclaration, FunctionDefinition, StorageClassSpecifier, TranslationUnit};
use lang_c::span::Node;

pub use builder::Builder;
pub use consts::fold_int;

use super::srcmap::SrcMap;
use crate::ir::{Expr, FuncId, FuncType, Function, InstrKind, Loc, Note, Program, Type, Var, VarId, VarKind};

#[derive(Clone, Debug)]
pub enum Sym {
    Var(VarId),
    Func(FuncId),
    /// An enumeration constant: its value and type (int, or the enum's type when wider).
    EnumConst(i128, Type),
    /// A typedef name: its type, and where that type is `_Atomic` (see [`ctype::AtomicLevels`]).
    Typedef(Type, ctype::AtomicLevels),
}

#[derive(Clone, Debug)]
pub enum Tag {
    Composite(u32),
    Enum(Type),
}

/// A lowering failure at a source position.
#[derive(Clone, Debug)]
pub struct LowerError {
    pub loc: Loc,
    pub msg: String,
}

pub type LResult<T> = Result<T, LowerError>;

/// Names with external linkage, shared by all translation units of a program.
#[derive(Default)]
pub struct Linkage {
    pub vars: HashMap<String, VarId>,
    /// When two versions of a program are lowered side by side (equivalence checking): the
    /// tag of the version being lowered and the names it defines (functions with a body, and
    /// variables with a definition). Those get the linkage name `name@tag`, so each version
    /// keeps its own; names it only declares stay shared (library models, external functions,
    /// `extern` variables such as `stdout`).
    pub ns: Option<Namespace>,
}

/// See [`Linkage::ns`].
#[derive(Clone, Debug, Default)]
pub struct Namespace {
    pub tag: String,
    pub funcs: std::collections::HashSet<String>,
    pub vars: std::collections::HashSet<String>,
}

impl Linkage {
    /// The linkage name of a function of the version being lowered.
    pub fn func_name(&self, name: &str) -> String {
        match &self.ns {
            Some(ns) if ns.funcs.contains(name) => format!("{name}@{}", ns.tag),
            _ => name.to_string(),
        }
    }
    /// The linkage name of a file-scope variable of the version being lowered.
    pub fn var_name(&self, name: &str) -> String {
        match &self.ns {
            Some(ns) if ns.vars.contains(name) => format!("{name}@{}", ns.tag),
            _ => name.to_string(),
        }
    }
}

pub struct Lowerer<'a> {
    pub prog: &'a mut Program,
    pub map: SrcMap,
    pub scopes: Vec<HashMap<String, Sym>>,
    pub tags: Vec<HashMap<String, Tag>>,
    pub b: Builder,
    pub cur_func: Option<FuncId>,
    pub link: &'a mut Linkage,
    pub anon: u32,
    pub temps: u32,
    /// Distinguishes `static` names of this translation unit.
    pub unit: usize,
    /// Offset of the declaration being lowered (to tell system headers apart).
    pub decl_offset: usize,
    /// For each open switch: how many of its case labels have been placed.
    pub switch_cursor: Vec<usize>,
    /// Attributes written between `struct` and the tag (moved there by the fixups).
    pub tag_attrs: super::fixup::TagAttrs,
    /// Lowering verdiff's library models: definitions never replace the program's own.
    pub model_unit: bool,
    /// `#pragma pack` changes by text offset.
    pub packs: super::fixup::Packs,
    /// The `#pragma pack` limit while laying out a struct.
    pub pack_cap: Option<u64>,
    /// Lowering a contract clause of the current function (`__ESBMC_old` & co. are pure).
    pub in_clause: Option<contract::ClauseKind>,
    /// The contract of the function being lowered.
    pub contract: Option<crate::ir::Contract>,
    /// Variables declared with an `_Atomic` type somewhere along their derivation (only those).
    pub atomic_vars: HashMap<VarId, ctype::AtomicLevels>,
    /// Likewise members of structs and unions: (composite, member index).
    pub atomic_fields: HashMap<(u32, u32), ctype::AtomicLevels>,
    /// The structs and unions whose members are written in a source file, not in a header:
    /// opaque to every other file (a handle type, contract/handles.rs).
    pub opaque: std::collections::HashSet<u32>,
}

impl<'a> Lowerer<'a> {
    pub fn new(prog: &'a mut Program, map: SrcMap, link: &'a mut Linkage, unit: usize) -> Lowerer<'a> {
        Lowerer {
            prog,
            map,
            scopes: vec![HashMap::new()],
            tags: vec![HashMap::new()],
            b: Builder::new(),
            cur_func: None,
            link,
            anon: 0,
            temps: 0,
            unit,
            decl_offset: 0,
            switch_cursor: Vec::new(),
            tag_attrs: Default::default(),
            model_unit: false,
            packs: Vec::new(),
            pack_cap: None,
            in_clause: None,
            contract: None,
            atomic_vars: HashMap::new(),
            atomic_fields: HashMap::new(),
            opaque: Default::default(),
        }
    }

    // ------------------------------------------------------------ utilities

    pub fn loc(&self, offset: usize) -> Loc {
        let (file, line, col) = self.map.locate(offset);
        Loc { file, line, col }
    }

    pub fn err(&self, offset: usize, msg: &str) -> LowerError {
        LowerError { loc: self.loc(offset), msg: msg.to_string() }
    }

    pub fn note(&mut self, offset: usize, text: String) {
        let loc = self.loc(offset);
        self.prog.notes.push(Note { loc, text });
    }

    pub fn lookup(&self, name: &str) -> Option<Sym> {
        self.scopes.iter().rev().find_map(|s| s.get(name).cloned())
    }

    /// The handle name of a type written with `n` (and one pointer more when `pointer`; see
    /// `typenames::of_definition`): a typedef by its name, unless it is a pointer to an opaque
    /// struct (see [`Lowerer::opaque`]); a pointer to an opaque struct by the struct
    /// (`struct thpool_ *`, or the typedef's name and a star for an anonymous one).
    fn handle_name(&self, n: &typenames::Named, pointer: bool) -> Option<String> {
        let ty = match n {
            typenames::Named::Typedef(t) => match self.lookup(t) {
                Some(Sym::Typedef(ty, _)) => ty,
                _ => return None,
            },
            typenames::Named::Tag(t) => match self.lookup_tag(t) {
                Some(Tag::Composite(i)) => Type::Struct(i),
                _ => return None,
            },
        };
        let opaque = |ty: &Type| match ty {
            Type::Struct(i) | Type::Union(i) if self.opaque.contains(i) => {
                let tag = &self.prog.composites[*i as usize].tag;
                Some(match n {
                    typenames::Named::Typedef(t) if tag.starts_with('$') => format!("{t} *"),
                    _ => format!("{} {tag} *", if matches!(ty, Type::Union(_)) { "union" } else { "struct" }),
                })
            }
            _ => None,
        };
        match (n, pointer) {
            (_, true) => opaque(&ty),
            (typenames::Named::Typedef(t), false) => ty.pointee().and_then(opaque).or_else(|| Some(t.clone())),
            (typenames::Named::Tag(_), false) => None,
        }
    }

    pub fn lookup_tag(&self, name: &str) -> Option<Tag> {
        self.tags.iter().rev().find_map(|s| s.get(name).cloned())
    }

    pub fn declare(&mut self, name: String, sym: Sym) {
        if let Some(s) = self.scopes.last_mut() {
            s.insert(name, sym);
        }
    }

    pub fn push_scope(&mut self) {
        self.scopes.push(HashMap::new());
        self.tags.push(HashMap::new());
    }

    pub fn pop_scope(&mut self) {
        self.scopes.pop();
        self.tags.pop();
    }

    pub fn new_var(&mut self, name: String, ty: Type, kind: VarKind, loc: Loc) -> VarId {
        let id = VarId(self.prog.vars.len() as u32);
        self.prog.vars.push(Var {
            name,
            ty,
            kind,
            loc,
            addressed: false,
            is_const: false,
            external: false,
            thread_local: false,
            system: false,
            align: 0,
        });
        id
    }

    pub fn var_expr(&self, v: VarId) -> Expr {
        Expr::var(v, self.prog.var(v).ty.clone())
    }

    pub fn at_file_scope(&self) -> bool {
        self.cur_func.is_none()
    }

    // ------------------------------------------------------- translation unit

    pub fn lower_unit(&mut self, unit: &TranslationUnit) -> LResult<()> {
        for ext in &unit.0 {
            self.decl_offset = ext.span.start;
            let system = self.map.is_system(ext.span.start);
            let r = match &ext.node {
                ExternalDeclaration::Declaration(d) => self.file_declaration(d),
                ExternalDeclaration::FunctionDefinition(f) => self.function_definition(f),
                ExternalDeclaration::StaticAssert(sa) => self.static_assert(sa),
            };
            if let Err(e) = r {
                if system {
                    // A declaration in a system header we cannot represent: if the program uses
                    // it, the use is reported there.
                    continue;
                }
                return Err(e);
            }
        }
        Ok(())
    }

    pub fn static_assert(&mut self, sa: &Node<lang_c::ast::StaticAssert>) -> LResult<()> {
        let v = self.const_int(&sa.node.expression)?;
        if v == 0 {
            return Err(self.err(sa.span.start, "static assertion failed"));
        }
        Ok(())
    }

    fn file_declaration(&mut self, d: &Node<Declaration>) -> LResult<()> {
        let spec = self.decl_spec(&d.node.specifiers)?;
        for id in &d.node.declarators {
            let decl = self.declarator(spec.base.clone(), &id.node.declarator, false)?;
            let Some(name) = decl.name.clone() else {
                continue;
            };
            let offset = decl.offset;
            if spec.storage == Some(StorageClassSpecifier::Typedef) {
                let ty = match name.as_str() {
                    "__verdiff_int128" => self.prog.target.int(crate::ir::IntName::Int128),
                    "__verdiff_uint128" => self.prog.target.int(crate::ir::IntName::UInt128),
                    _ => decl.ty,
                };
                let atomic = self.declarator_atomic(spec.atomic.clone(), &id.node.declarator, false);
                self.declare(name, Sym::Typedef(ty, atomic));
                continue;
            }
            if let Type::Function(ft) = &decl.ty {
                let static_ = spec.storage == Some(StorageClassSpecifier::Static);
                let f = self.declare_function(&name, (**ft).clone(), static_, offset);
                self.declare(name, Sym::Func(f));
                continue;
            }
            let extern_ = spec.storage == Some(StorageClassSpecifier::Extern);
            let static_ = spec.storage == Some(StorageClassSpecifier::Static);
            let external = extern_ && id.node.initializer.is_none();
            // an array of unbounded size: its declared length means nothing
            let ty = match (&decl.ty, spec.infinite) {
                (Type::Array(e, _), true) => Type::Array(e.clone(), crate::ir::ArrayLen::Unknown),
                (t, _) => t.clone(),
            };
            let v = self.declare_global(&name, ty, static_, external || spec.infinite, offset);
            self.prog.vars[v.0 as usize].thread_local |= spec.thread_local;
            let atomic = self.declarator_atomic(spec.atomic.clone(), &id.node.declarator, false);
            self.note_atomic_var(v, atomic);
            self.prog.vars[v.0 as usize].align = declared_align(&spec, &decl);
            if object_is_const(&spec, &decl) {
                self.prog.vars[v.0 as usize].is_const = true;
            }
            self.declare(name, Sym::Var(v));
            if let Some(init) = &id.node.initializer {
                let _ = extern_;
                self.static_initializer(v, init)?;
            }
        }
        Ok(())
    }

    /// A global variable with external (or, if `static_`, internal) linkage.
    /// `external`: this declaration is `extern` without an initialiser (not a definition).
    pub fn declare_global(&mut self, name: &str, ty: Type, static_: bool, external: bool, offset: usize) -> VarId {
        let loc = self.loc(offset);
        let cname = name;
        let linked = self.link.var_name(name);
        let name = linked.as_str();
        if !static_ {
            if let Some(&v) = self.link.vars.get(name) {
                // complete an incomplete array type from a later declaration
                let old = &self.prog.vars[v.0 as usize].ty;
                // (or any incomplete type from the definition in another translation unit, which
                // decides the object's size, e.g. `extern int JJ[];` and `struct s JJ;`)
                if self.prog.size_of(old).is_none() && self.prog.size_of(&ty).is_some() {
                    self.prog.vars[v.0 as usize].ty = ty;
                    // code lowered before the completion accessed it as an array of unknown
                    // size, i.e. through its address: keep it in memory
                    self.prog.vars[v.0 as usize].addressed = true;
                }
                if !external {
                    self.prog.vars[v.0 as usize].external = false;
                }
                return v;
            }
        } else if let Some(Sym::Var(v)) = self.scopes.first().and_then(|s| s.get(cname)).cloned() {
            if self.prog.var(v).is_static() {
                return v;
            }
        }
        let v = self.new_var(name.to_string(), ty, VarKind::Global, loc);
        self.prog.vars[v.0 as usize].external = external;
        self.prog.vars[v.0 as usize].system = self.map.is_system(offset);
        if !static_ {
            self.link.vars.insert(name.to_string(), v);
        }
        v
    }

    /// Declares (or re-declares) a function. A later declaration from the program replaces a
    /// prototype from verdiff.h; a prototyped type replaces an unprototyped one.
    pub fn declare_function(&mut self, name: &str, ty: FuncType, static_: bool, offset: usize) -> FuncId {
        let loc = self.loc(offset);
        let cname = name;
        let linked = self.link.func_name(name);
        let name = linked.as_str();
        let system = self.map.is_system(offset);
        let from_api_header = self.prog.files.get(loc.file as usize).is_some_and(|f| f.ends_with("verdiff.h"));
        let existing = if static_ {
            match self.scopes.first().and_then(|s| s.get(cname)).cloned() {
                Some(Sym::Func(f)) => Some(f),
                _ => None,
            }
        } else {
            self.prog.func_named(name)
        };
        if let Some(f) = existing {
            let old = &mut self.prog.funcs[f.0 as usize];
            let old_from_api = self.prog.files.get(old.loc.file as usize).is_some_and(|n| n.ends_with("verdiff.h"));
            let old = &mut self.prog.funcs[f.0 as usize];
            old.implicit = false;
            if (!old.ty.prototyped && ty.prototyped) || (old_from_api && !from_api_header) {
                old.ty = ty;
                if old.body.is_none() {
                    old.loc = loc;
                    old.system = system;
                }
            }
            return f;
        }
        let f = FuncId(self.prog.funcs.len() as u32);
        let unique = if static_ && self.prog.func_by_name.contains_key(name) {
            format!("{name}${}", self.unit)
        } else {
            name.to_string()
        };
        self.prog.funcs.push(Function {
            name: name.to_string(),
            ty,
            params: vec![],
            body: None,
            loc,
            system,
            va_block: None,
            model: false,
            implicit: false,
            contract: None,
            internal: static_,
            type_names: None,
            trusted: false,
        });
        self.prog.func_by_name.entry(unique).or_insert(f);
        f
    }

    fn function_definition(&mut self, fd: &Node<FunctionDefinition>) -> LResult<()> {
        let spec = self.decl_spec(&fd.node.specifiers)?;
        let decl = self.declarator(spec.base.clone(), &fd.node.declarator, false)?;
        let name = decl.name.clone().ok_or_else(|| self.err(fd.span.start, "function definition without a name"))?;
        let Type::Function(ft) = &decl.ty else {
            return Err(self.err(fd.span.start, "function definition with a non-function type"));
        };
        let mut ft = (**ft).clone();
        let static_ = spec.storage == Some(StorageClassSpecifier::Static);
        // K&R parameter declarations
        let mut params = decl.params.clone().unwrap_or_default();
        if let Some(names) = &decl.kr_names {
            let mut types: HashMap<String, Type> = HashMap::new();
            for d in &fd.node.declarations {
                let s = self.decl_spec(&d.node.specifiers)?;
                for id in &d.node.declarators {
                    let dd = self.declarator(s.base.clone(), &id.node.declarator, true)?;
                    if let Some(n) = dd.name {
                        types.insert(n, dd.ty);
                    }
                }
            }
            params = names
                .iter()
                .map(|n| ctype::Param {
                    name: Some(n.clone()),
                    ty: types.get(n).cloned().unwrap_or_else(|| self.prog.target.int_t()),
                    loc_offset: fd.span.start,
                    pointee_const: false,
                    var: None,
                })
                .collect();
            ft.params = params.iter().map(|p| promote_kr(&p.ty, &self.prog.target)).collect();
        }
        if self.model_unit && !static_ {
            if let Some(existing) = self.prog.func_named(&name) {
                if self.prog.func(existing).body.is_some() {
                    // the program defines it: its definition wins over the model
                    return Ok(());
                }
            }
        }
        if spec.storage == Some(StorageClassSpecifier::Extern)
            && !self.model_unit
            && self.map.is_system(fd.span.start)
            && fd.node.specifiers.iter().any(|s| {
                matches!(&s.node, lang_c::ast::DeclarationSpecifier::Function(f)
                    if f.node == lang_c::ast::FunctionSpecifier::Inline)
            })
        {
            // A GNU `extern inline` definition in a system header (glibc's `error` in
            // <bits/error.h>, a wrapper that passes its arguments on with
            // `__builtin_va_arg_pack`) defines nothing: a call is either inlined or goes to
            // the library's own definition, which the header promises to be equivalent. Only
            // the declaration is kept, so the library's model (or its absence) decides.
            let f = self.declare_function(&name, ft, static_, decl.offset);
            self.declare(name, Sym::Func(f));
            return Ok(());
        }
        let f = self.declare_function(&name, ft.clone(), static_, decl.offset);
        if self.prog.funcs[f.0 as usize].body.is_some() {
            return Err(self.err(fd.span.start, &format!("redefinition of function `{name}`")));
        }
        self.prog.funcs[f.0 as usize].model = self.model_unit;
        // the definition's type and location win
        {
            let loc = self.loc(decl.offset);
            let system = self.map.is_system(fd.span.start);
            let func = &mut self.prog.funcs[f.0 as usize];
            func.ty = ft.clone();
            func.loc = loc;
            func.system = system;
        }
        let names = typenames::of_definition(fd, &|n, pointer| self.handle_name(n, pointer)).map(Box::new);
        self.prog.funcs[f.0 as usize].type_names = names;
        self.declare(name.clone(), Sym::Func(f));

        let saved = std::mem::take(&mut self.b);
        let saved_func = self.cur_func.replace(f);
        let saved_contract = std::mem::take(&mut self.contract);
        if spec.contract {
            self.contract.get_or_insert_with(Default::default).annotated = true;
        }
        self.b.ret_ty = Some(ft.ret.clone());
        self.push_scope();
        self.b.blocks.push(Vec::new());
        let mut pvars = Vec::new();
        for (i, p) in params.iter().enumerate() {
            let pname = p.name.clone().unwrap_or_else(|| format!("$param{i}"));
            let ty = if decl.kr_names.is_some() { ft.params[i].clone() } else { p.ty.clone() };
            let loc = self.loc(p.loc_offset);
            let v = match p.var {
                Some(v) if decl.kr_names.is_none() => {
                    let var = &mut self.prog.vars[v.0 as usize];
                    var.kind = VarKind::Param(f);
                    var.ty = ty.clone();
                    v
                }
                _ => self.new_var(pname.clone(), ty.clone(), VarKind::Param(f), loc),
            };
            pvars.push(v);
            if decl.kr_names.is_some() && ty != p.ty {
                // K&R: the argument arrives promoted; the parameter has its declared type.
                let local = self.new_var(pname.clone(), p.ty.clone(), VarKind::Local(f), loc);
                let conv = self.convert(Expr::var(v, ty), &p.ty, p.loc_offset)?;
                self.b.emit(InstrKind::Decl(local), loc);
                self.b.assign(Expr::var(local, p.ty.clone()), conv, loc);
                self.declare(pname, Sym::Var(local));
            } else {
                self.declare(pname, Sym::Var(v));
            }
        }
        if ft.variadic {
            let loc = self.loc(fd.span.start);
            let v = self.new_var("$va_block".into(), Type::ptr(Type::Void), VarKind::Local(f), loc);
            self.b.va_block = Some(v);
            self.prog.funcs[f.0 as usize].va_block = Some(v);
        }
        let body_result = match &fd.node.statement.node {
            lang_c::ast::Statement::Compound(items) => {
                for item in items {
                    self.block_item(item);
                }
                Ok(())
            }
            _ => Err(self.err(fd.span.start, "function body is not a compound statement")),
        };
        let end_loc = self.loc(fd.span.end.saturating_sub(1));
        // falling off the end of main returns 0
        if name == "main" && ft.ret.is_int() {
            let zero = Expr::int(0, ft.ret.clone());
            self.b.emit(InstrKind::Return(Some(zero)), end_loc);
        }
        let missing = self.b.resolve_gotos();
        for (label, loc) in missing {
            self.b.emit(InstrKind::Unsupported(format!("goto to undefined label `{label}`")), loc);
        }
        self.pop_scope();
        let b = std::mem::replace(&mut self.b, saved);
        self.cur_func = saved_func;
        let body = b.finish(end_loc);
        let contract = std::mem::replace(&mut self.contract, saved_contract);
        let func = &mut self.prog.funcs[f.0 as usize];
        func.params = pvars;
        func.body = Some(body);
        func.contract = contract.map(Box::new);
        body_result
    }
}

/// Whether an object declared with a `const` base type is itself const: `const int a[3]`
/// is, `const char *b[3]` (an array of pointers to const) is not.
pub fn object_is_const(spec: &ctype::DeclSpec, decl: &ctype::Declared) -> bool {
    match decl.ptr_const {
        Some(c) => c,
        None => spec.is_const && const_object(&decl.ty, &spec.base),
    }
}

/// The alignment a declaration asks for (`_Alignas`, `aligned`), 0 when none.
pub fn declared_align(spec: &ctype::DeclSpec, decl: &ctype::Declared) -> u64 {
    spec.aligned.unwrap_or(0).max(decl.aligned.unwrap_or(0))
}

pub fn const_object(ty: &Type, base: &Type) -> bool {
    match ty {
        Type::Array(e, _) => const_object(e, base),
        t => t == base,
    }
}

/// Default argument promotions for old-style parameters.
fn promote_kr(t: &Type, target: &crate::ir::Target) -> Type {
    match t {
        Type::Bool => target.int_t(),
        Type::Int(i) if i.width < 32 => target.int_t(),
        Type::Float(crate::ir::FloatKind::Float) => Type::Float(crate::ir::FloatKind::Double),
        t => t.clone(),
    }
}
