//! Hash-consed logical terms: the language symbolic execution produces and the SMT layer encodes.
//!
//! Terms live in a [`TermStore`] arena and are referred to by [`T`] handles. Every constructor
//! simplifies before interning (constant folding, identities, store propagation across distinct
//! addresses), so a term whose inputs are all constants is itself a constant — which is what
//! makes concrete replay of a counterexample a plain re-run of symbolic execution.
//!
//! Depends on nothing else in the crate.

mod bits;
mod build;
mod fasthash;
mod float;
pub mod limit;
mod partial;
mod range;
mod show;
mod store;
pub mod teardown;
mod values;

pub use bits::Bits;
pub use build::Same;
pub use float::{canonical_nan, fp_bits_to_f64, FloatFormat};
pub use show::show;
pub use store::{ArrayOracle, Func, Node, Symbol, TermStore};

/// A handle to a term in a [`TermStore`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct T(pub u32);

/// Sorts of the many-sorted logic: booleans, bit-vectors, IEEE floats (exponent and significand
/// widths, significand including the hidden bit, as in SMT-LIB) and arrays.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Sort {
    Bool,
    Bv(u32),
    Fp(u32, u32),
    Array(Box<Sort>, Box<Sort>),
}

impl Sort {
    pub fn bv_width(&self) -> u32 {
        match self {
            Sort::Bv(w) => *w,
            _ => panic!("not a bit-vector sort: {self:?}"),
        }
    }
    /// Bits of a value of a scalar sort (Bool as 1); None for arrays.
    pub fn scalar_width(&self) -> Option<u32> {
        match self {
            Sort::Bool => Some(1),
            Sort::Bv(w) => Some(*w),
            Sort::Fp(e, s) => Some(e + s),
            Sort::Array(..) => None,
        }
    }
    pub fn is_bool(&self) -> bool {
        matches!(self, Sort::Bool)
    }
    pub fn is_bv(&self) -> bool {
        matches!(self, Sort::Bv(_))
    }
    pub fn is_fp(&self) -> bool {
        matches!(self, Sort::Fp(..))
    }
    pub fn is_array(&self) -> bool {
        matches!(self, Sort::Array(..))
    }
    pub fn array_parts(&self) -> (&Sort, &Sort) {
        match self {
            Sort::Array(i, e) => (i, e),
            _ => panic!("not an array sort: {self:?}"),
        }
    }
}

/// IEEE rounding modes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Rm {
    /// Round to nearest, ties to even (C's default).
    Rne,
    /// Round to nearest, ties away from zero.
    Rna,
    /// Toward +∞.
    Rtp,
    /// Toward −∞.
    Rtn,
    /// Toward zero.
    Rtz,
}

/// How a memory range operation fills the bytes it covers.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MemKind {
    /// `new[a] = fresh[a]`: nondeterministic content (declaration, allocation, havoc).
    Fresh,
    /// `new[a] = byte`: memset.
    Fill,
    /// `new[a] = src_mem[src + (a - dst)]`: memcpy/memmove from a snapshot of memory.
    Copy,
    /// `new[a] = fresh[a]` for every address whose object number is at least dst's (the
    /// length is not used): the contents of all the objects a caller owns (symex::input).
    FreshObjects,
}

/// Term operators. Leaves carry their value; the sort of every node is stored with it.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Op {
    BoolConst(bool),
    BvConst(Bits),
    /// IEEE interchange bits (NaN canonical).
    FpConst(Bits),
    Sym(u32),
    Not,
    And,
    Or,
    Ite,
    /// Structural equality of any sort (for floats: NaN = NaN, +0 ≠ −0).
    Eq,
    BvNeg,
    BvNot,
    BvAdd,
    BvMul,
    BvUdiv,
    BvSdiv,
    BvUrem,
    BvSrem,
    BvAnd,
    BvOr,
    BvXor,
    BvShl,
    BvLshr,
    BvAshr,
    BvUlt,
    BvUle,
    BvSlt,
    BvSle,
    Concat,
    Extract(u32, u32),
    ZeroExt(u32),
    SignExt(u32),
    FpAdd(Rm),
    FpSub(Rm),
    FpMul(Rm),
    FpDiv(Rm),
    /// IEEE remainder.
    FpRem,
    FpSqrt(Rm),
    FpFma(Rm),
    FpRoundInt(Rm),
    FpNeg,
    FpAbs,
    FpMin,
    FpMax,
    /// IEEE equality (NaN ≠ NaN, +0 = −0).
    FpEq,
    FpLt,
    FpLe,
    FpIsNan,
    FpIsInf,
    FpIsZero,
    FpIsNormal,
    FpIsSubnormal,
    FpIsNeg,
    FpToSbv(Rm, u32),
    FpToUbv(Rm, u32),
    SbvToFp(Rm),
    UbvToFp(Rm),
    FpToFp(Rm),
    BitsToFp,
    FpToBits,
    Select,
    Store,
    ConstArray,
    /// Memory range update over a byte memory indexed by packed pointers whose low `.1` bits are
    /// the offset. Arguments: base, dst pointer, length, then `fresh` array / fill byte /
    /// (source memory, source pointer) depending on the kind.
    MemRange(MemKind, u32),
    /// Application of an uninterpreted function.
    Apply(u32),
    /// The product of two bit-vectors (signed if true) fits in their width.
    BvMulNoOverflow(bool),
}
