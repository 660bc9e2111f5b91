//! C types from lang-c specifiers and declarators; struct/union layout (System V x86 rules,
//! including bit-fields and `packed`); enums.

use std::rc::Rc;

use lang_c::ast::{
    ArraySize, DeclarationSpecifier, Declarator, DeclaratorKind, DerivedDeclarator, Ellipsis, Extension,
    SpecifierQualifier, StorageClassSpecifier, StructDeclaration, StructKind, StructType, TS18661FloatFormat, TypeName,
    TypeQualifier, TypeSpecifier,
};
use lang_c::span::Node;

use super::{LResult, Lowerer, Sym, Tag};
use crate::ir::{ArrayLen, Composite, Expr, Field, FloatKind, FuncId, FuncType, IntName, Type, VarKind};

/// The result of reading a declaration's specifiers.
#[derive(Clone, Debug)]
pub struct DeclSpec {
    pub base: Type,
    pub storage: Option<StorageClassSpecifier>,
    pub is_const: bool,
    pub aligned: Option<u64>,
    /// ESBMC's `annotate("__ESBMC_inf_size")`: an array of unbounded size.
    pub infinite: bool,
    /// ESBMC's `__ESBMC_contract` (`annotate("__ESBMC_contract")`) on a function.
    pub contract: bool,
    /// Where the specified type is `_Atomic` (see [`AtomicLevels`]).
    pub atomic: AtomicLevels,
    /// `_Thread_local` (or GCC's `__thread`), beside `static` or `extern` if any.
    pub thread_local: bool,
}

/// Where a type is `_Atomic`-qualified, by depth of dereference: `[0]` the object itself, `[1]`
/// what it points to, and so on (missing entries: not atomic). An array has the levels of its
/// element (a qualifier of an array type is its element's). The IR types carry no qualifiers;
/// the front end keeps these beside variables and members to make a read-modify-write of an
/// atomic object (`a += 1`, `a++`) one indivisible step.
pub type AtomicLevels = Vec<bool>;

/// A parameter as declared (name may be missing in prototypes).
#[derive(Clone, Debug)]
pub struct Param {
    pub name: Option<String>,
    pub ty: Type,
    pub loc_offset: usize,
    pub pointee_const: bool,
    /// The parameter's variable (used by the definition, and by later parameter types).
    pub var: Option<crate::ir::VarId>,
}

/// What a declarator declares.
#[derive(Clone, Debug)]
pub struct Declared {
    pub name: Option<String>,
    pub ty: Type,
    /// Parameters of the function declarator applied directly to the name.
    pub params: Option<Vec<Param>>,
    /// Old-style parameter names (`f(a, b) int a; ...`).
    pub kr_names: Option<Vec<String>>,
    pub offset: usize,
    /// The qualifier of the outermost pointer (`*const p`): Some(true) when the declared
    /// object is a const pointer, None when no pointer is involved (the specifiers decide).
    pub ptr_const: Option<bool>,
    /// `__attribute__((aligned(N)))` on the declarator.
    pub aligned: Option<u64>,
}

fn attr_names(exts: &[Node<Extension>]) -> Vec<(String, Vec<Node<lang_c::ast::Expression>>)> {
    exts.iter()
        .filter_map(|e| match &e.node {
            Extension::Attribute(a) => Some((a.name.node.trim_matches('_').to_string(), a.arguments.clone())),
            _ => None,
        })
        .collect()
}

impl Lowerer<'_> {
    pub fn decl_spec(&mut self, specs: &[Node<DeclarationSpecifier>]) -> LResult<DeclSpec> {
        let mut tys = Vec::new();
        let mut storage = None;
        let mut thread_local = false;
        let mut is_const = false;
        let mut atomic_q = false;
        let mut packed = false;
        let mut aligned = None;
        let mut infinite = false;
        let mut contract = false;
        for s in specs {
            if let DeclarationSpecifier::Extension(exts) = &s.node {
                for (name, args) in attr_names(exts) {
                    match name.as_str() {
                        "packed" => packed = true,
                        "aligned" => aligned = Some(self.attr_align(&args)?),
                        "annotate" => {
                            let says = |what: &str| {
                                args.iter().any(|a| {
                                    matches!(&a.node, lang_c::ast::Expression::StringLiteral(s) if s.node.iter().any(|p| p.contains(what)))
                                })
                            };
                            infinite |= says("__ESBMC_inf_size");
                            contract |= says("__ESBMC_contract");
                        }
                        _ => {}
                    }
                }
            }
        }
        for s in specs {
            match &s.node {
                DeclarationSpecifier::StorageClass(c) if c.node == StorageClassSpecifier::ThreadLocal => {
                    thread_local = true;
                    storage = storage.or(Some(c.node.clone()));
                }
                DeclarationSpecifier::StorageClass(c) => storage = Some(c.node.clone()),
                DeclarationSpecifier::TypeSpecifier(t) => tys.push(t),
                DeclarationSpecifier::TypeQualifier(q) => {
                    if q.node == TypeQualifier::Const {
                        is_const = true
                    }
                    if q.node == TypeQualifier::Atomic {
                        atomic_q = true
                    }
                }
                DeclarationSpecifier::Function(f) => match f.node {
                    lang_c::ast::FunctionSpecifier::Inline => {}
                    lang_c::ast::FunctionSpecifier::Noreturn => {}
                },
                DeclarationSpecifier::Alignment(a) => {
                    aligned = Some(match &a.node {
                        lang_c::ast::AlignmentSpecifier::Type(t) => {
                            let ty = self.type_name(t)?;
                            self.prog.layout().align_of(&ty)
                        }
                        lang_c::ast::AlignmentSpecifier::Constant(e) => self.const_int(e)? as u64,
                    })
                }
                // (attributes such as noreturn do not change what the function does)
                DeclarationSpecifier::Extension(_) => {}
            }
        }
        let base = self.base_type(&tys, packed, specs.first().map(|s| s.span.start).unwrap_or(0))?;
        let atomic = self.specifiers_atomic(atomic_q, &tys);
        Ok(DeclSpec { base, storage, is_const, aligned, infinite, contract, atomic, thread_local })
    }

    fn attr_align(&mut self, args: &[Node<lang_c::ast::Expression>]) -> LResult<u64> {
        match args.first() {
            Some(e) => Ok(self.const_int(e)? as u64),
            None => Ok(16),
        }
    }

    /// `aligned(N)` among a member's specifiers.
    fn spec_qual_align(&mut self, specs: &[Node<SpecifierQualifier>]) -> LResult<Option<u64>> {
        for s in specs {
            if let SpecifierQualifier::Extension(exts) = &s.node {
                for (name, args) in attr_names(exts) {
                    if name == "aligned" {
                        return Ok(Some(self.attr_align(&args)?));
                    }
                }
            }
        }
        Ok(None)
    }

    pub fn spec_qual(&mut self, specs: &[Node<SpecifierQualifier>]) -> LResult<Type> {
        let mut tys = Vec::new();
        let mut packed = false;
        for s in specs {
            match &s.node {
                SpecifierQualifier::TypeSpecifier(t) => tys.push(t),
                SpecifierQualifier::Extension(exts) => {
                    if attr_names(exts).iter().any(|(n, _)| n == "packed") {
                        packed = true;
                    }
                }
                SpecifierQualifier::TypeQualifier(_) => {}
            }
        }
        self.base_type(&tys, packed, specs.first().map(|s| s.span.start).unwrap_or(0))
    }

    /// The atomic levels of a specifier list (`_Atomic` qualifier, `_Atomic(T)`, a typedef).
    fn specifiers_atomic(&self, qualified: bool, tys: &[&Node<TypeSpecifier>]) -> AtomicLevels {
        let mut levels = AtomicLevels::new();
        for ts in tys {
            match &ts.node {
                TypeSpecifier::Atomic(tn) => {
                    levels = self.type_name_atomic(tn);
                    set_level0(&mut levels);
                }
                TypeSpecifier::TypedefName(id) => {
                    if let Some(Sym::Typedef(_, q)) = self.lookup(&id.node.name) {
                        levels = q;
                    }
                }
                _ => {}
            }
        }
        if qualified {
            set_level0(&mut levels);
        }
        levels
    }

    /// The atomic levels of a member's specifiers.
    pub fn spec_qual_atomic(&self, specs: &[Node<SpecifierQualifier>]) -> AtomicLevels {
        let mut tys = Vec::new();
        let mut qualified = false;
        for s in specs {
            match &s.node {
                SpecifierQualifier::TypeSpecifier(t) => tys.push(t),
                SpecifierQualifier::TypeQualifier(q) => qualified |= q.node == TypeQualifier::Atomic,
                SpecifierQualifier::Extension(_) => {}
            }
        }
        self.specifiers_atomic(qualified, &tys)
    }

    fn type_name_atomic(&self, tn: &Node<TypeName>) -> AtomicLevels {
        let base = self.spec_qual_atomic(&tn.node.specifiers);
        match &tn.node.declarator {
            Some(d) => self.declarator_atomic(base, d, false),
            None => base,
        }
    }

    /// The atomic levels of what a declarator declares, from those of its specifiers (in the
    /// order [`Self::declarator`] applies the derivations). In a parameter an array is a pointer.
    pub fn declarator_atomic(&self, base: AtomicLevels, d: &Node<Declarator>, param_ctx: bool) -> AtomicLevels {
        let mut levels = base;
        let mut outer_array = false;
        let pointers = d
            .node
            .derived
            .iter()
            .filter(|x| matches!(x.node, DerivedDeclarator::Pointer(_) | DerivedDeclarator::Block(_)));
        let suffixes = d
            .node
            .derived
            .iter()
            .rev()
            .filter(|x| !matches!(x.node, DerivedDeclarator::Pointer(_) | DerivedDeclarator::Block(_)));
        for dd in pointers.chain(suffixes) {
            outer_array = false;
            match &dd.node {
                DerivedDeclarator::Pointer(quals) => {
                    let atomic = quals.iter().any(|q| {
                        matches!(&q.node, lang_c::ast::PointerQualifier::TypeQualifier(t) if t.node == TypeQualifier::Atomic)
                    });
                    levels.insert(0, atomic);
                }
                DerivedDeclarator::Block(_) => levels.insert(0, false),
                DerivedDeclarator::Array(_) => outer_array = true,
                DerivedDeclarator::Function(_) | DerivedDeclarator::KRFunction(_) => levels = AtomicLevels::new(),
            }
        }
        if let DeclaratorKind::Declarator(inner) = &d.node.kind.node {
            return self.declarator_atomic(levels, inner, param_ctx);
        }
        if param_ctx && outer_array {
            levels.insert(0, false);
        }
        levels
    }

    /// Remembers where variable `v` is atomic (if anywhere).
    pub fn note_atomic_var(&mut self, v: crate::ir::VarId, levels: AtomicLevels) {
        if levels.iter().any(|&a| a) {
            if levels.first() == Some(&true) {
                self.prog.atomic.vars.insert(v);
            }
            if levels.get(1) == Some(&true) {
                self.prog.atomic.pointees.insert(v);
            }
            self.atomic_vars.insert(v, levels);
        }
    }

    fn base_type(&mut self, tys: &[&Node<TypeSpecifier>], packed: bool, at: usize) -> LResult<Type> {
        let t = self.prog.target;
        let (mut void, mut char, mut short, mut int, mut long) = (0, 0, 0, 0, 0);
        let (mut float, mut double, mut signed, mut unsigned, mut bool_, mut int128) = (0, 0, 0, 0, 0, 0);
        let mut other: Option<Type> = None;
        for ts in tys {
            match &ts.node {
                TypeSpecifier::Void => void += 1,
                TypeSpecifier::Char => char += 1,
                TypeSpecifier::Short => short += 1,
                TypeSpecifier::Int => int += 1,
                TypeSpecifier::Long => long += 1,
                TypeSpecifier::Float => float += 1,
                TypeSpecifier::Double => double += 1,
                TypeSpecifier::Signed => signed += 1,
                TypeSpecifier::Unsigned => unsigned += 1,
                TypeSpecifier::Bool => bool_ += 1,
                TypeSpecifier::Complex => return Err(self.err(ts.span.start, "_Complex types are not supported")),
                TypeSpecifier::Atomic(tn) => other = Some(self.type_name(tn)?),
                TypeSpecifier::Struct(st) => other = Some(self.struct_type(st, packed)?),
                TypeSpecifier::Enum(en) => other = Some(self.enum_type(en)?),
                TypeSpecifier::TypedefName(id) => {
                    if id.node.name == "__int128" || id.node.name == "__int128_t" {
                        int128 += 1;
                        continue;
                    }
                    if id.node.name == "__uint128_t" {
                        int128 += 1;
                        unsigned += 1;
                        continue;
                    }
                    match self.lookup(&id.node.name) {
                        Some(Sym::Typedef(ty, _)) => other = Some(ty),
                        _ => {
                            if id.node.name == "__builtin_va_list" {
                                other = Some(Type::ptr(Type::Void));
                            } else {
                                return Err(self.err(id.span.start, &format!("unknown type name `{}`", id.node.name)));
                            }
                        }
                    }
                }
                TypeSpecifier::TypeOf(to) => {
                    other = Some(match &to.node {
                        lang_c::ast::TypeOf::Type(tn) => self.type_name(tn)?,
                        lang_c::ast::TypeOf::Expression(e) => match &e.node {
                            // `typeof(T)` for a typedef name T the parser took for a variable
                            lang_c::ast::Expression::Identifier(id)
                                if matches!(self.lookup(&id.node.name), Some(Sym::Typedef(..))) =>
                            {
                                match self.lookup(&id.node.name) {
                                    Some(Sym::Typedef(ty, _)) => ty,
                                    _ => self.type_of_expr(e)?,
                                }
                            }
                            _ => self.type_of_expr(e)?,
                        },
                    })
                }
                TypeSpecifier::TS18661Float(f) => {
                    other = Some(Type::Float(match (&f.format, f.width) {
                        (TS18661FloatFormat::BinaryInterchange, 32) => FloatKind::Float,
                        (TS18661FloatFormat::BinaryInterchange, 64) | (TS18661FloatFormat::BinaryExtended, 32) => {
                            FloatKind::Double
                        }
                        _ => FloatKind::LongDouble,
                    }))
                }
            }
        }
        if let Some(o) = other {
            return Ok(o);
        }
        let ty = if void > 0 {
            Type::Void
        } else if bool_ > 0 {
            Type::Bool
        } else if float > 0 {
            Type::Float(FloatKind::Float)
        } else if double > 0 {
            Type::Float(if long > 0 { FloatKind::LongDouble } else { FloatKind::Double })
        } else if int128 > 0 {
            t.int(if unsigned > 0 { IntName::UInt128 } else { IntName::Int128 })
        } else if char > 0 {
            t.int(if unsigned > 0 {
                IntName::UChar
            } else if signed > 0 {
                IntName::SChar
            } else {
                IntName::Char
            })
        } else if short > 0 {
            t.int(if unsigned > 0 { IntName::UShort } else { IntName::Short })
        } else if long >= 2 {
            t.int(if unsigned > 0 { IntName::ULongLong } else { IntName::LongLong })
        } else if long == 1 {
            t.int(if unsigned > 0 { IntName::ULong } else { IntName::Long })
        } else if int > 0 || signed > 0 || unsigned > 0 {
            t.int(if unsigned > 0 { IntName::UInt } else { IntName::Int })
        } else {
            // implicit int (C89)
            let _ = at;
            t.int(IntName::Int)
        };
        Ok(ty)
    }

    pub fn type_name(&mut self, tn: &Node<TypeName>) -> LResult<Type> {
        let base = self.spec_qual(&tn.node.specifiers)?;
        match &tn.node.declarator {
            Some(d) => Ok(self.declarator(base, d, false)?.ty),
            None => Ok(base),
        }
    }

    /// Applies a declarator to a base type. `param_ctx`: adjust arrays/functions to pointers.
    pub fn declarator(&mut self, base: Type, d: &Node<Declarator>, param_ctx: bool) -> LResult<Declared> {
        let mut ptr_const: Option<bool> = None;
        let aligned = match attr_names(&d.node.extensions).iter().find(|(n, _)| n == "aligned") {
            Some((_, args)) => Some(self.attr_align(args)?),
            None => None,
        };
        let mut ty = base;
        let mut params = None;
        let mut kr_names = None;
        // lang-c lists the pointer prefixes, then the array/function suffixes left to right;
        // suffixes bind innermost-last (`int m[3][4]` is an array of 3 arrays of 4), so they
        // apply right to left after the pointers.
        let mut order: Vec<&Node<DerivedDeclarator>> = d
            .node
            .derived
            .iter()
            .filter(|x| matches!(x.node, DerivedDeclarator::Pointer(_) | DerivedDeclarator::Block(_)))
            .collect();
        order.extend(
            d.node
                .derived
                .iter()
                .rev()
                .filter(|x| !matches!(x.node, DerivedDeclarator::Pointer(_) | DerivedDeclarator::Block(_))),
        );
        for dd in order {
            match &dd.node {
                DerivedDeclarator::Pointer(quals) => {
                    ty = Type::ptr(ty);
                    ptr_const = Some(quals.iter().any(|q| {
                        matches!(&q.node, lang_c::ast::PointerQualifier::TypeQualifier(t) if t.node == TypeQualifier::Const)
                    }));
                }
                DerivedDeclarator::Block(_) => ty = Type::ptr(ty),
                DerivedDeclarator::Array(ad) => {
                    // C11 6.7.6.2p1: the element type is complete (`int m[*][*][0]` outside a
                    // prototype sent the initialiser into an endless loop: found by fuzzing)
                    if !param_ctx && matches!(&ty, Type::Array(_, ArrayLen::Unknown)) {
                        return Err(self.err(
                            dd.span.start,
                            "array of arrays of unknown length (the element type must be complete)",
                        ));
                    }
                    let len = match &ad.node.size {
                        ArraySize::Unknown | ArraySize::VariableUnknown => ArrayLen::Unknown,
                        ArraySize::VariableExpression(e) | ArraySize::StaticExpression(e) => {
                            self.array_len(e, param_ctx)?
                        }
                    };
                    ty = Type::Array(Rc::new(ty), len);
                }
                DerivedDeclarator::Function(fd) => {
                    ptr_const = Some(false);
                    let mut ps = Vec::new();
                    let n = fd.node.parameters.len();
                    // parameters are in scope for the types of later ones (`int x[][n]`)
                    self.scopes.push(Default::default());
                    for (i, p) in fd.node.parameters.iter().enumerate() {
                        let spec = self.decl_spec(&p.node.specifiers)?;
                        let decl = match &p.node.declarator {
                            Some(pd) => self.declarator(spec.base.clone(), pd, true)?,
                            None => Declared {
                                name: None,
                                ty: spec.base.clone(),
                                params: None,
                                kr_names: None,
                                offset: p.span.start,
                                ptr_const: None,
                                aligned: None,
                            },
                        };
                        if n == 1 && i == 0 && decl.ty.is_void() && decl.name.is_none() {
                            break;
                        }
                        let pointee_const = spec.is_const
                            && (matches!(&decl.ty, Type::Pointer(t) if **t == spec.base) || decl.ty.is_array());
                        let pty = adjust_param(decl.ty);
                        let atomic = match &p.node.declarator {
                            Some(pd) => self.declarator_atomic(spec.atomic.clone(), pd, true),
                            None => spec.atomic.clone(),
                        };
                        let var = decl.name.as_ref().map(|nm| {
                            let loc = self.loc(p.span.start);
                            let v = self.new_var(nm.clone(), pty.clone(), VarKind::Param(FuncId(u32::MAX)), loc);
                            self.declare(nm.clone(), super::Sym::Var(v));
                            self.note_atomic_var(v, atomic);
                            v
                        });
                        ps.push(Param { name: decl.name, ty: pty, loc_offset: p.span.start, pointee_const, var });
                    }
                    self.scopes.pop();
                    let ft = FuncType {
                        ret: ty,
                        params: ps.iter().map(|p| p.ty.clone()).collect(),
                        variadic: fd.node.ellipsis == Ellipsis::Some,
                        prototyped: true,
                        const_pointee: ps.iter().map(|p| p.pointee_const).collect(),
                    };
                    ty = Type::Function(Rc::new(ft));
                    params = Some(ps);
                    kr_names = None;
                }
                DerivedDeclarator::KRFunction(names) => {
                    let ft = FuncType {
                        ret: ty,
                        params: Vec::new(),
                        variadic: false,
                        prototyped: false,
                        const_pointee: vec![],
                    };
                    ty = Type::Function(Rc::new(ft));
                    kr_names = Some(names.iter().map(|n| n.node.name.clone()).collect());
                    params = Some(Vec::new());
                }
            }
        }
        match &d.node.kind.node {
            DeclaratorKind::Abstract => Ok(Declared {
                name: None,
                ty: maybe_adjust(ty, param_ctx),
                params,
                kr_names,
                offset: d.span.start,
                ptr_const,
                aligned,
            }),
            DeclaratorKind::Identifier(id) => Ok(Declared {
                name: Some(id.node.name.clone()),
                ty: maybe_adjust(ty, param_ctx),
                params,
                kr_names,
                offset: id.span.start,
                ptr_const,
                aligned,
            }),
            DeclaratorKind::Declarator(inner) => {
                let mut r = self.declarator(ty, inner, param_ctx)?;
                if r.params.is_none() {
                    r.params = params;
                    r.kr_names = kr_names;
                }
                // pointers of the inner declarator apply last
                if r.ptr_const.is_none() {
                    r.ptr_const = ptr_const;
                }
                r.aligned = r.aligned.or(aligned);
                Ok(r)
            }
        }
    }

    fn array_len(&mut self, e: &Node<lang_c::ast::Expression>, param_ctx: bool) -> LResult<ArrayLen> {
        if let Some(v) = self.try_const_int(e) {
            if v < 0 {
                return Err(self.err(e.span.start, "array size is negative"));
            }
            return Ok(ArrayLen::Fixed(v as u64));
        }
        if param_ctx {
            // the size of an inner dimension (`int x[][n]`) is an earlier parameter
            if let lang_c::ast::Expression::Identifier(id) = &e.node {
                if let Some(super::Sym::Var(v)) = self.lookup(&id.node.name) {
                    if matches!(self.prog.var(v).kind, VarKind::Param(_)) {
                        return Ok(ArrayLen::Var(v));
                    }
                }
            }
            // the outermost dimension of a parameter is irrelevant (it becomes a pointer)
            return Ok(ArrayLen::Unknown);
        }
        if self.b.ret_ty.is_none() {
            return Err(self.err(e.span.start, "variable-length array at file scope"));
        }
        // Variable-length array: evaluate the size once, now, keeping its sign so that a
        // non-positive size can be reported.
        let v = self.rvalue(e)?;
        if !v.ty.is_int() {
            return Err(self.err(e.span.start, "array size is not an integer"));
        }
        let pt = self.promote(&v.ty);
        let v = self.convert(v, &pt, e.span.start)?;
        let loc = self.loc(e.span.start);
        let tmp = self.new_temp("vla_len", pt, loc);
        self.b.assign(Expr::var(tmp, self.prog.var(tmp).ty.clone()), v, loc);
        Ok(ArrayLen::Var(tmp))
    }

    pub fn struct_type(&mut self, st: &Node<StructType>, packed: bool) -> LResult<Type> {
        let is_union = st.node.kind.node == StructKind::Union;
        let tag = st.node.identifier.as_ref().map(|i| i.node.name.clone());
        let mk = |i: u32| {
            if is_union {
                Type::Union(i)
            } else {
                Type::Struct(i)
            }
        };
        let Some(decls) = &st.node.declarations else {
            // reference (or forward declaration)
            if let Some(name) = &tag {
                if let Some(Tag::Composite(i)) = self.lookup_tag(name) {
                    return Ok(mk(i));
                }
                let i = self.new_composite(name.clone(), is_union);
                return Ok(mk(i));
            }
            return Err(self.err(st.span.start, "anonymous struct without members"));
        };
        // definition: reuse a forward declaration in the current scope
        let idx = match &tag {
            Some(name) => match self.tags.last().and_then(|s| s.get(name)).cloned() {
                Some(Tag::Composite(i)) if !self.prog.composites[i as usize].complete => i,
                _ => self.new_composite(name.clone(), is_union),
            },
            None => {
                self.anon += 1;
                let name = format!("$anon{}", self.anon);
                let i = self.prog.composites.len() as u32;
                self.prog.composites.push(Composite {
                    tag: name,
                    is_union,
                    fields: vec![],
                    size: 0,
                    align: 1,
                    complete: false,
                    flexible: false,
                });
                i
            }
        };
        if self.in_source_file(st.span.start) {
            self.opaque.insert(idx);
        }
        let mut packed = packed;
        let mut forced_align = None;
        // #pragma pack(N) in effect here caps member alignment at N
        let pragma = self.packs.iter().take_while(|(at, _)| *at <= st.span.start).last().and_then(|(_, p)| *p);
        let attrs = tag.as_ref().and_then(|t| self.tag_attrs.get(t)).cloned().unwrap_or_default();
        for a in &attrs {
            if a == "packed" {
                packed = true;
            } else if let Some(n) = a.strip_prefix("aligned(").and_then(|r| r.strip_suffix(')')) {
                forced_align = n.trim().parse::<u64>().ok();
            } else if a == "aligned" {
                forced_align = Some(16);
            }
        }
        let mut members: Vec<(String, Type, Option<u32>, Option<u64>)> = Vec::new();
        let mut member_atomic: Vec<(u32, AtomicLevels)> = Vec::new();
        for d in decls {
            let StructDeclaration::Field(f) = &d.node else {
                continue;
            };
            let base = self.spec_qual(&f.node.specifiers)?;
            let base_atomic = self.spec_qual_atomic(&f.node.specifiers);
            if f.node.declarators.is_empty() {
                // anonymous struct/union member (C11)
                members.push((String::new(), base, None, None));
                continue;
            }
            let spec_align = self.spec_qual_align(&f.node.specifiers)?;
            for sd in &f.node.declarators {
                let levels = match &sd.node.declarator {
                    Some(dn) => self.declarator_atomic(base_atomic.clone(), dn, false),
                    None => base_atomic.clone(),
                };
                if levels.iter().any(|&a| a) {
                    member_atomic.push((members.len() as u32, levels));
                }
                let (name, ty, aligned) = match &sd.node.declarator {
                    Some(dn) => {
                        let dcl = self.declarator(base.clone(), dn, false)?;
                        let al = attr_names(&dn.node.extensions)
                            .iter()
                            .find(|(n, _)| n == "aligned")
                            .map(|(_, a)| a.clone());
                        let al = match al {
                            Some(a) => Some(self.attr_align(&a)?),
                            None => None,
                        };
                        (dcl.name.unwrap_or_default(), dcl.ty, al.or(spec_align))
                    }
                    None => (String::new(), base.clone(), None),
                };
                let width = match &sd.node.bit_width {
                    Some(w) => Some(self.const_int(w)? as u32),
                    None => None,
                };
                members.push((name, ty, width, aligned));
            }
        }
        self.pack_cap = pragma;
        let r = self.layout_composite(idx, members, packed, forced_align, st.span.start);
        self.pack_cap = None;
        r?;
        for (f, levels) in member_atomic {
            if levels.first() == Some(&true) {
                self.prog.atomic.fields.insert((idx, f));
            }
            self.atomic_fields.insert((idx, f), levels);
        }
        Ok(mk(idx))
    }

    /// Whether `offset` lies in a source file of the program's own, not in a header.
    fn in_source_file(&self, offset: usize) -> bool {
        if self.map.is_system(offset) || self.model_unit {
            return false;
        }
        let (file, _, _) = self.map.locate(offset);
        let name = self.prog.files.get(file as usize).map_or("", String::as_str);
        !(name.ends_with(".h") || name.ends_with(".hh") || name.ends_with(".hpp") || name.ends_with(".inc"))
    }

    fn new_composite(&mut self, tag: String, is_union: bool) -> u32 {
        let i = self.prog.composites.len() as u32;
        self.prog.composites.push(Composite {
            tag: tag.clone(),
            is_union,
            fields: vec![],
            size: 0,
            align: 1,
            complete: false,
            flexible: false,
        });
        if let Some(scope) = self.tags.last_mut() {
            scope.insert(tag, Tag::Composite(i));
        }
        i
    }

    fn layout_composite(
        &mut self,
        idx: u32,
        members: Vec<(String, Type, Option<u32>, Option<u64>)>,
        packed: bool,
        forced_align: Option<u64>,
        at: usize,
    ) -> LResult<()> {
        let is_union = self.prog.composites[idx as usize].is_union;
        let mut fields = Vec::new();
        let mut bit_pos: u64 = 0;
        let mut max_size: u64 = 0;
        let mut align: u64 = 1;
        let mut flexible = false;
        let n = members.len();
        for (i, (name, ty, width, forced_align)) in members.into_iter().enumerate() {
            let layout = self.prog.layout();
            let (size, a) = match layout.size_of(&ty) {
                Some(s) => (s, layout.align_of(&ty)),
                None => {
                    if let Type::Array(e, ArrayLen::Unknown) = &ty {
                        if i + 1 == n && !is_union {
                            flexible = true;
                            let ea = layout.align_of(e);
                            (0, ea)
                        } else {
                            return Err(self.err(at, &format!("member `{name}` has incomplete type")));
                        }
                    } else {
                        return Err(self.err(at, &format!("member `{name}` has incomplete type")));
                    }
                }
            };
            let a = if packed { 1 } else { forced_align.unwrap_or(a).max(1) };
            let a = match self.pack_cap {
                Some(cap) if cap > 0 => a.min(cap),
                _ => a,
            };
            if let Some(w) = width {
                if self.prog.target.big_endian {
                    return Err(self.err(at, "bit-fields on a big-endian target are not supported"));
                }
                let unit = size * 8;
                if w as u64 > unit {
                    return Err(self.err(at, &format!("bit-field `{name}` is wider than its type")));
                }
                if is_union {
                    if w > 0 {
                        fields.push(Field { name, ty, offset: 0, bits: Some((0, w)) });
                        max_size = max_size.max(size);
                        if !packed {
                            align = align.max(a);
                        }
                    }
                    continue;
                }
                if w == 0 {
                    bit_pos = bit_pos.div_ceil(unit.max(8)) * unit.max(8);
                    continue;
                }
                if !packed && bit_pos / unit != (bit_pos + w as u64 - 1) / unit {
                    bit_pos = bit_pos.div_ceil(unit) * unit;
                }
                let storage = if packed { bit_pos / 8 } else { (bit_pos / unit) * size };
                if !name.is_empty() {
                    fields.push(Field { name, ty, offset: storage, bits: Some((bit_pos, w)) });
                    if !packed {
                        align = align.max(a);
                    }
                }
                bit_pos += w as u64;
                continue;
            }
            if is_union {
                fields.push(Field { name, ty, offset: 0, bits: None });
                max_size = max_size.max(size);
                align = align.max(a);
                continue;
            }
            let off = (bit_pos.div_ceil(8)).div_ceil(a) * a;
            fields.push(Field { name, ty, offset: off, bits: None });
            bit_pos = (off + size) * 8;
            align = align.max(a);
        }
        if let Some(fa) = forced_align {
            align = align.max(fa);
        }
        let raw = if is_union { max_size.max(bit_pos.div_ceil(8)) } else { bit_pos.div_ceil(8) };
        let size = raw.div_ceil(align) * align;
        let c = &mut self.prog.composites[idx as usize];
        c.fields = fields;
        c.size = size;
        c.align = align;
        c.complete = true;
        c.flexible = flexible;
        Ok(())
    }

    pub fn enum_type(&mut self, en: &Node<lang_c::ast::EnumType>) -> LResult<Type> {
        let tag = en.node.identifier.as_ref().map(|i| i.node.name.clone());
        if en.node.enumerators.is_empty() {
            if let Some(name) = &tag {
                if let Some(Tag::Enum(t)) = self.lookup_tag(name) {
                    return Ok(t);
                }
            }
            return Ok(self.prog.target.int(IntName::UInt));
        }
        // GCC: an enumerator whose value fits in `int` has type `int`; a wider one (an extension)
        // has, inside the list, the type of its value and, once the list is complete, the enum's
        // type. Implicit successors (previous + 1) are computed without truncation.
        let mut next: i128 = 0;
        let mut values = Vec::new();
        let mut wide = Vec::new();
        for e in &en.node.enumerators {
            let v = match &e.node.expression {
                Some(x) => self.const_int(x)?,
                None => next,
            };
            values.push(v);
            let name = e.node.identifier.node.name.clone();
            let fits_int = i32::try_from(v).is_ok();
            let provisional =
                if fits_int { self.prog.target.int_t() } else { enum_underlying(&self.prog.target, v, v) };
            if !fits_int {
                wide.push(name.clone());
            }
            self.declare(name, Sym::EnumConst(v, provisional));
            next = v + 1;
        }
        let (min, max) = (values.iter().copied().min().unwrap_or(0), values.iter().copied().max().unwrap_or(0));
        let ty = enum_underlying(&self.prog.target, min, max);
        for name in wide {
            if let Some(Sym::EnumConst(v, _)) = self.lookup(&name) {
                self.declare(name, Sym::EnumConst(v, ty.clone()));
            }
        }
        if let Some(name) = tag {
            if let Some(scope) = self.tags.last_mut() {
                scope.insert(name, Tag::Enum(ty.clone()));
            }
        }
        Ok(ty)
    }

    /// Declares a hidden local of the current function.
    pub fn new_temp(&mut self, hint: &str, ty: Type, loc: crate::ir::Loc) -> crate::ir::VarId {
        let f = self.cur_func.unwrap_or(crate::ir::FuncId(u32::MAX));
        self.temps += 1;
        let name = format!("${hint}{}", self.temps);
        self.new_var(name, ty, VarKind::Temp(f), loc)
    }
}

/// Marks the object itself atomic.
fn set_level0(levels: &mut AtomicLevels) {
    match levels.first_mut() {
        Some(l) => *l = true,
        None => levels.push(true),
    }
}

/// The type GCC gives an enum whose enumerators range over `min..=max` (without -fshort-enums):
/// `unsigned int` when no value is negative and all fit, `int` when some are negative and all fit,
/// otherwise the narrowest of long / long long / __int128 (of that signedness) that holds them.
pub fn enum_underlying(t: &crate::ir::Target, min: i128, max: i128) -> Type {
    let unsigned = min >= 0;
    // bits needed to represent v in the chosen signedness (sign bit included for signed)
    let bits = |v: i128| -> u32 {
        if unsigned {
            128 - (v as u128).leading_zeros()
        } else if v < 0 {
            129 - (!v as u128).leading_zeros()
        } else {
            129 - (v as u128).leading_zeros()
        }
    };
    let precision = bits(min).max(bits(max)).max(1);
    let name = if precision <= 32 {
        if unsigned {
            IntName::UInt
        } else {
            IntName::Int
        }
    } else if precision <= t.long_width() {
        if unsigned {
            IntName::ULong
        } else {
            IntName::Long
        }
    } else if precision <= 64 {
        if unsigned {
            IntName::ULongLong
        } else {
            IntName::LongLong
        }
    } else if unsigned {
        IntName::UInt128
    } else {
        IntName::Int128
    };
    t.int(name)
}

/// Parameters of array type are pointers; of function type, function pointers.
pub fn adjust_param(t: Type) -> Type {
    match t {
        Type::Array(e, _) => Type::Pointer(e),
        Type::Function(_) => Type::ptr(t),
        t => t,
    }
}

fn maybe_adjust(t: Type, param_ctx: bool) -> Type {
    if param_ctx {
        adjust_param(t)
    } else {
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::Target;

    #[test]
    fn enum_types_follow_gcc() {
        let t = Target::default();
        assert_eq!(enum_underlying(&t, 0, 1), t.int(IntName::UInt), "no negative enumerator: unsigned int");
        assert_eq!(enum_underlying(&t, -1, 1), t.int(IntName::Int), "a negative enumerator: int");
        assert_eq!(enum_underlying(&t, 0, u32::MAX as i128), t.int(IntName::UInt));
        assert_eq!(enum_underlying(&t, -1, u32::MAX as i128), t.int(IntName::Long), "needs 33 signed bits");
        assert_eq!(enum_underlying(&t, i32::MIN as i128, 0), t.int(IntName::Int));
        assert_eq!(enum_underlying(&t, i32::MIN as i128 - 1, 0), t.int(IntName::Long));
        assert_eq!(enum_underlying(&t, 0, 1 << 63), t.int(IntName::ULong), "0x8000000000000000: unsigned long");
        let t32 = Target { model: crate::ir::DataModel::Ilp32, ..Target::default() };
        assert_eq!(enum_underlying(&t32, 0, 1 << 63), t32.int(IntName::ULongLong), "long is 32 bits on ILP32");
    }
}
