//! Typed, side-effect-free expressions.
//!
//! The front end lowers every side effect (assignment, call, `++`) into instructions, so an
//! [`Expr`] only reads state. Operands of arithmetic operators already have the operator's type
//! (the usual arithmetic conversions are explicit casts), so later stages never re-derive C's
//! conversion rules.

use super::types::Type;
use super::{FuncId, StrId, VarId};

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum UnOp {
    Neg,
    BitNot,
    /// `!x`: int 1 when x compares equal to 0.
    LogNot,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Shl,
    Shr,
    BitAnd,
    BitOr,
    BitXor,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    /// Short-circuit and/or of two pure operands; result int 0/1.
    LogAnd,
    LogOr,
    /// pointer + integer (in elements of the pointee)
    PtrAdd,
    /// pointer − integer
    PtrSub,
    /// pointer − pointer (in elements), result ptrdiff_t
    PtrDiff,
}

impl BinOp {
    pub fn is_comparison(self) -> bool {
        matches!(self, BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge)
    }
    pub fn c_symbol(self) -> &'static str {
        match self {
            BinOp::Add | BinOp::PtrAdd => "+",
            BinOp::Sub | BinOp::PtrSub | BinOp::PtrDiff => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Rem => "%",
            BinOp::Shl => "<<",
            BinOp::Shr => ">>",
            BinOp::BitAnd => "&",
            BinOp::BitOr => "|",
            BinOp::BitXor => "^",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::LogAnd => "&&",
            BinOp::LogOr => "||",
        }
    }
}

/// Predicates and queries used by generated claims and by the verification API.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Builtin {
    /// pointer → object number (size_t)
    PointerObject,
    /// pointer → byte offset (size_t, two's complement)
    PointerOffset,
    /// pointer → size in bytes of the pointed-to object
    ObjectSize,
    /// (p, q) → int: same object
    SameObject,
    /// pointer → int: points into a live heap object
    IsDynamic,
    /// pointer → int: the object is alive (allocated and not freed / in scope)
    IsAlive,
    /// (p, n) → int: [p, p+n) is readable: not null, alive, in bounds
    ReadOk,
    /// (a, b) → int: a op b overflows in the operand type (op given by the variant)
    AddOverflow,
    SubOverflow,
    MulOverflow,
    /// (x) → int: -x overflows
    NegOverflow,
    /// (a, b) → int: a / b overflows (INT_MIN / -1)
    DivOverflow,
    /// (a, n) → int: a << n overflows the signed type
    ShlOverflow,
    /// (x, zero of T) → int: x is not representable in T
    ConvOverflow,
    /// float classification → int
    IsNan,
    IsInf,
    IsNormal,
    IsFinite,
    SignBit,
    /// pointer → int: an invalid (never valid) pointer, e.g. from an integer
    IsInvalidPointer,
    /// pointer → int: points into a read-only object (string literal, const object)
    IsReadOnly,
    /// (p, alignment) → int: p's offset is a multiple of the alignment (objects themselves
    /// are maximally aligned)
    IsAligned,
    /// pointer → int: points into an object the entry's caller owns (docs/contracts.md)
    IsInputObject,
    /// pointer → int: points into a caller's object whose extent is the caller's business
    /// (every input object but a parameter's object of a given length)
    IsUnsizedInput,
    /// (p, n) → int: a contract's `is_fresh(p, n)`. Where the contract machinery does not give
    /// it its meaning (allocating, or checking separation), it reads as "[p, p+n) is a valid,
    /// live region"
    IsFresh,
    /// (p, n, write) → int: no other thread is about to access bytes of [p, p+n) where it or
    /// this access (`write` non-zero) writes (`--data-races-check`, instrument::races)
    RaceFree,
}

#[derive(Clone, PartialEq, Debug)]
pub enum ExprKind {
    /// Integer (or pointer, for NULL and integer-to-pointer constants) value bits, truncated to
    /// the type's width.
    Int(u128),
    /// Floating constant: IEEE bits for float/double; for long double the closest double.
    Float(f64),
    Var(VarId),
    Func(FuncId),
    /// A string literal: an lvalue of type `char[n]` living in read-only memory.
    Str(StrId),
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// Conversion of the operand to this expression's type; `true` when written in the
    /// source (`(short)x`), `false` when C implies it (assignment, arguments, arithmetic).
    Cast(Box<Expr>, bool),
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `base[index]` where base is an lvalue of array type.
    Index(Box<Expr>, Box<Expr>),
    /// Member number `.1` of a struct/union lvalue.
    Member(Box<Expr>, u32),
    Deref(Box<Expr>),
    AddrOf(Box<Expr>),
    /// A fresh nondeterministic value (each evaluation is independent).
    Nondet,
    /// The zero value of the type (static initialisation).
    Zero,
    Builtin(Builtin, Vec<Expr>),
}

#[derive(Clone, PartialEq, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    pub ty: Type,
}

impl Expr {
    pub fn new(kind: ExprKind, ty: Type) -> Expr {
        Expr { kind, ty }
    }
    pub fn int(v: i128, ty: Type) -> Expr {
        let w = ty.int_width().unwrap_or(64);
        let bits = if w >= 128 { v as u128 } else { (v as u128) & ((1u128 << w) - 1) };
        Expr::new(ExprKind::Int(bits), ty)
    }
    pub fn var(v: VarId, ty: Type) -> Expr {
        Expr::new(ExprKind::Var(v), ty)
    }
    pub fn unary(op: UnOp, a: Expr, ty: Type) -> Expr {
        Expr::new(ExprKind::Unary(op, Box::new(a)), ty)
    }
    pub fn binary(op: BinOp, a: Expr, b: Expr, ty: Type) -> Expr {
        Expr::new(ExprKind::Binary(op, Box::new(a), Box::new(b)), ty)
    }
    pub fn cast(a: Expr, ty: Type) -> Expr {
        if a.ty == ty {
            return a;
        }
        Expr::new(ExprKind::Cast(Box::new(a), false), ty)
    }
    pub fn deref(p: Expr) -> Expr {
        let ty = p.ty.pointee().cloned().unwrap_or(Type::Void);
        Expr::new(ExprKind::Deref(Box::new(p)), ty)
    }
    pub fn addr_of(lv: Expr) -> Expr {
        let ty = Type::ptr(lv.ty.clone());
        Expr::new(ExprKind::AddrOf(Box::new(lv)), ty)
    }
    pub fn builtin(b: Builtin, args: Vec<Expr>, ty: Type) -> Expr {
        Expr::new(ExprKind::Builtin(b, args), ty)
    }

    pub fn as_int(&self) -> Option<u128> {
        match self.kind {
            ExprKind::Int(v) => Some(v),
            _ => None,
        }
    }

    /// Visits this expression and all sub-expressions, parents first.
    pub fn visit<'a>(&'a self, f: &mut impl FnMut(&'a Expr)) {
        f(self);
        match &self.kind {
            ExprKind::Unary(_, a)
            | ExprKind::Cast(a, _)
            | ExprKind::Member(a, _)
            | ExprKind::Deref(a)
            | ExprKind::AddrOf(a) => a.visit(f),
            ExprKind::Binary(_, a, b) | ExprKind::Index(a, b) => {
                a.visit(f);
                b.visit(f);
            }
            ExprKind::Cond(c, a, b) => {
                c.visit(f);
                a.visit(f);
                b.visit(f);
            }
            ExprKind::Builtin(_, args) => args.iter().for_each(|a| a.visit(f)),
            _ => {}
        }
    }

    /// Visits all sub-expressions and then this expression, for changing them in place (a
    /// replacement made by `f` is not visited again).
    pub fn visit_mut(&mut self, f: &mut impl FnMut(&mut Expr)) {
        match &mut self.kind {
            ExprKind::Unary(_, a)
            | ExprKind::Cast(a, _)
            | ExprKind::Member(a, _)
            | ExprKind::Deref(a)
            | ExprKind::AddrOf(a) => a.visit_mut(f),
            ExprKind::Binary(_, a, b) | ExprKind::Index(a, b) => {
                a.visit_mut(f);
                b.visit_mut(f);
            }
            ExprKind::Cond(c, a, b) => {
                c.visit_mut(f);
                a.visit_mut(f);
                b.visit_mut(f);
            }
            ExprKind::Builtin(_, args) => args.iter_mut().for_each(|a| a.visit_mut(f)),
            _ => {}
        }
        f(self);
    }

    /// True if the expression contains a `Nondet`.
    pub fn has_nondet(&self) -> bool {
        let mut found = false;
        self.visit(&mut |e| found |= matches!(e.kind, ExprKind::Nondet));
        found
    }
}
