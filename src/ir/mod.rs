//! The intermediate representation every stage shares: C types, typed pure expressions and goto
//! programs (functions as instruction lists with conditional jumps).
//!
//! Depends on nothing else in the crate.

pub mod build;
pub mod display;
pub mod expr;
pub mod fingerprint;
pub mod loops;
pub mod program;
pub mod reach;
pub mod rewrite;
pub mod shared;
pub mod targets;
pub mod types;

pub use expr::{BinOp, Builtin, Expr, ExprKind, UnOp};
pub use program::{
    ClaimKind, Clause, Contract, Function, Instr, InstrKind, LassoSpec, Loc, Note, Program, TraceEndClaim, TypeNames,
    Var, VarKind, TRUSTED_LOOP_BOUND,
};
pub use types::{ArrayLen, Composite, DataModel, Field, FloatKind, FuncType, IntName, IntTy, Layout, Target, Type};

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct VarId(pub u32);

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct FuncId(pub u32);

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct StrId(pub u32);
