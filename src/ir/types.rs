//! C types, the data model, and layouts of structs and unions.

use std::fmt;
use std::rc::Rc;

use super::VarId;

/// ILP32 (`--32`) or LP64 (`--64`, default).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize)]
pub enum DataModel {
    Ilp32,
    Lp64,
}

/// What the verified program is compiled for.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Target {
    pub model: DataModel,
    pub char_signed: bool,
    pub big_endian: bool,
}

impl Default for Target {
    fn default() -> Self {
        Target { model: DataModel::Lp64, char_signed: true, big_endian: false }
    }
}

impl Target {
    pub fn pointer_width(&self) -> u32 {
        match self.model {
            DataModel::Ilp32 => 32,
            DataModel::Lp64 => 64,
        }
    }
    pub fn long_width(&self) -> u32 {
        self.pointer_width()
    }
    /// Width of `size_t`/`ptrdiff_t`, also the index sort of arrays.
    pub fn size_width(&self) -> u32 {
        self.pointer_width()
    }
    pub fn int(&self, name: IntName) -> Type {
        let (width, signed) = match name {
            IntName::Char => (8, self.char_signed),
            IntName::SChar => (8, true),
            IntName::UChar => (8, false),
            IntName::Short => (16, true),
            IntName::UShort => (16, false),
            IntName::Int => (32, true),
            IntName::UInt => (32, false),
            IntName::Long => (self.long_width(), true),
            IntName::ULong => (self.long_width(), false),
            IntName::LongLong => (64, true),
            IntName::ULongLong => (64, false),
            IntName::Int128 => (128, true),
            IntName::UInt128 => (128, false),
        };
        Type::Int(IntTy { width, signed, name })
    }
    pub fn size_t(&self) -> Type {
        self.int(IntName::ULong)
    }
    pub fn ptrdiff_t(&self) -> Type {
        self.int(IntName::Long)
    }
    pub fn int_t(&self) -> Type {
        self.int(IntName::Int)
    }
}

/// The C spelling of an integer type (semantics come from width and signedness).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum IntName {
    Char,
    SChar,
    UChar,
    Short,
    UShort,
    Int,
    UInt,
    Long,
    ULong,
    LongLong,
    ULongLong,
    Int128,
    UInt128,
}

impl IntName {
    pub fn c_name(self) -> &'static str {
        match self {
            IntName::Char => "char",
            IntName::SChar => "signed char",
            IntName::UChar => "unsigned char",
            IntName::Short => "short",
            IntName::UShort => "unsigned short",
            IntName::Int => "int",
            IntName::UInt => "unsigned int",
            IntName::Long => "long",
            IntName::ULong => "unsigned long",
            IntName::LongLong => "long long",
            IntName::ULongLong => "unsigned long long",
            IntName::Int128 => "__int128",
            IntName::UInt128 => "unsigned __int128",
        }
    }
    /// Conversion rank (C11 6.3.1.1).
    pub fn rank(self) -> u8 {
        match self {
            IntName::Char | IntName::SChar | IntName::UChar => 1,
            IntName::Short | IntName::UShort => 2,
            IntName::Int | IntName::UInt => 3,
            IntName::Long | IntName::ULong => 4,
            IntName::LongLong | IntName::ULongLong => 5,
            IntName::Int128 | IntName::UInt128 => 6,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct IntTy {
    pub width: u32,
    pub signed: bool,
    pub name: IntName,
}

impl IntTy {
    /// The smallest and largest value (for widths up to 64 bits).
    pub fn range(&self) -> Option<(i128, i128)> {
        let w = self.width;
        if w == 0 || w > 64 {
            return None;
        }
        Some(if self.signed { (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1) } else { (0, (1i128 << w) - 1) })
    }
    /// The value of a constant's bits (the low `width` bits, two's complement when signed).
    pub fn value(&self, bits: u128) -> Option<i128> {
        self.range()?;
        let w = self.width;
        let b = bits & ((1u128 << w) - 1);
        Some(if self.signed && b >> (w - 1) & 1 == 1 { b as i128 - (1i128 << w) } else { b as i128 })
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum FloatKind {
    Float,
    Double,
    /// x87 80-bit extended, stored in 16 bytes (12 with `--32`).
    LongDouble,
}

impl FloatKind {
    /// (exponent bits, significand bits including the hidden bit)
    pub fn format(self) -> (u32, u32) {
        match self {
            FloatKind::Float => (8, 24),
            FloatKind::Double => (11, 53),
            FloatKind::LongDouble => (15, 64),
        }
    }
    pub fn c_name(self) -> &'static str {
        match self {
            FloatKind::Float => "float",
            FloatKind::Double => "double",
            FloatKind::LongDouble => "long double",
        }
    }
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum ArrayLen {
    Fixed(u64),
    /// Incomplete (`extern int a[];`, flexible array member).
    Unknown,
    /// Variable-length: the element count is the value of this (size_t) variable.
    Var(VarId),
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct FuncType {
    pub ret: Type,
    pub params: Vec<Type>,
    pub variadic: bool,
    /// False for old-style `int f()` declarations without a parameter list.
    pub prototyped: bool,
    /// Per parameter: it points to const data (`const char *s`), so a call to the function
    /// without a body cannot change what it points to.
    pub const_pointee: Vec<bool>,
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Type {
    Void,
    /// `_Bool`: one byte, values 0 and 1.
    Bool,
    Int(IntTy),
    Float(FloatKind),
    Pointer(Rc<Type>),
    Array(Rc<Type>, ArrayLen),
    /// Index into [`super::Program::composites`].
    Struct(u32),
    Union(u32),
    Function(Rc<FuncType>),
}

impl Type {
    pub fn ptr(to: Type) -> Type {
        Type::Pointer(Rc::new(to))
    }
    pub fn array(of: Type, len: u64) -> Type {
        Type::Array(Rc::new(of), ArrayLen::Fixed(len))
    }
    pub fn is_int(&self) -> bool {
        matches!(self, Type::Int(_) | Type::Bool)
    }
    pub fn is_float(&self) -> bool {
        matches!(self, Type::Float(_))
    }
    pub fn is_arith(&self) -> bool {
        self.is_int() || self.is_float()
    }
    pub fn is_pointer(&self) -> bool {
        matches!(self, Type::Pointer(_))
    }
    pub fn is_scalar(&self) -> bool {
        self.is_arith() || self.is_pointer()
    }
    pub fn is_array(&self) -> bool {
        matches!(self, Type::Array(..))
    }
    pub fn is_composite(&self) -> bool {
        matches!(self, Type::Struct(_) | Type::Union(_))
    }
    pub fn is_void(&self) -> bool {
        matches!(self, Type::Void)
    }
    pub fn is_function(&self) -> bool {
        matches!(self, Type::Function(_))
    }
    pub fn is_signed(&self) -> bool {
        matches!(self, Type::Int(IntTy { signed: true, .. }))
    }
    pub fn int_ty(&self) -> Option<IntTy> {
        match self {
            Type::Int(i) => Some(*i),
            _ => None,
        }
    }
    pub fn pointee(&self) -> Option<&Type> {
        match self {
            Type::Pointer(t) => Some(t),
            _ => None,
        }
    }
    pub fn elem(&self) -> Option<&Type> {
        match self {
            Type::Array(t, _) => Some(t),
            _ => None,
        }
    }
    pub fn func(&self) -> Option<&FuncType> {
        match self {
            Type::Function(f) => Some(f),
            _ => None,
        }
    }
    /// Width in bits of an integer-like scalar (`_Bool` counts as 8).
    pub fn int_width(&self) -> Option<u32> {
        match self {
            Type::Int(i) => Some(i.width),
            Type::Bool => Some(8),
            _ => None,
        }
    }
}

/// One member of a struct or union.
#[derive(Clone, Debug)]
pub struct Field {
    pub name: String,
    pub ty: Type,
    /// Byte offset of the member (of its storage unit for bit-fields).
    pub offset: u64,
    /// For bit-fields: (bit offset from the start of the composite, width).
    pub bits: Option<(u64, u32)>,
}

#[derive(Clone, Debug)]
pub struct Composite {
    pub tag: String,
    pub is_union: bool,
    pub fields: Vec<Field>,
    pub size: u64,
    pub align: u64,
    pub complete: bool,
    /// The last member is a flexible array member.
    pub flexible: bool,
}

impl Composite {
    pub fn field_index(&self, name: &str) -> Option<usize> {
        self.fields.iter().position(|f| f.name == name)
    }
}

/// Type-level queries that need the composite table.
pub struct Layout<'a> {
    pub target: Target,
    pub composites: &'a [Composite],
}

impl<'a> Layout<'a> {
    /// Size in bytes; `None` for incomplete, function and void types and VLAs.
    pub fn size_of(&self, t: &Type) -> Option<u64> {
        Some(match t {
            Type::Void | Type::Function(_) => return None,
            Type::Bool => 1,
            Type::Int(i) => (i.width / 8) as u64,
            Type::Float(FloatKind::Float) => 4,
            Type::Float(FloatKind::Double) => 8,
            Type::Float(FloatKind::LongDouble) => match self.target.model {
                DataModel::Ilp32 => 12,
                DataModel::Lp64 => 16,
            },
            Type::Pointer(_) => (self.target.pointer_width() / 8) as u64,
            Type::Array(e, ArrayLen::Fixed(n)) => self.size_of(e)?.checked_mul(*n)?,
            Type::Array(..) => return None,
            Type::Struct(i) | Type::Union(i) => {
                let c = self.composites.get(*i as usize)?;
                if !c.complete {
                    return None;
                }
                c.size
            }
        })
    }

    pub fn align_of(&self, t: &Type) -> u64 {
        match t {
            Type::Array(e, _) => self.align_of(e),
            Type::Struct(i) | Type::Union(i) => self.composites.get(*i as usize).map(|c| c.align).unwrap_or(1),
            Type::Int(IntTy { width: 64, .. }) | Type::Float(FloatKind::Double)
                if self.target.model == DataModel::Ilp32 =>
            {
                4
            }
            Type::Float(FloatKind::LongDouble) => match self.target.model {
                DataModel::Ilp32 => 4,
                DataModel::Lp64 => 16,
            },
            _ => self.size_of(t).unwrap_or(1).max(1),
        }
    }

    pub fn composite(&self, t: &Type) -> Option<&'a Composite> {
        match t {
            Type::Struct(i) | Type::Union(i) => self.composites.get(*i as usize),
            _ => None,
        }
    }

    pub fn display(&self, t: &Type) -> String {
        TypeDisplay { t, layout: self }.to_string()
    }
}

struct TypeDisplay<'a, 'b> {
    t: &'a Type,
    layout: &'a Layout<'b>,
}

impl fmt::Display for TypeDisplay<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.t {
            Type::Void => write!(f, "void"),
            Type::Bool => write!(f, "_Bool"),
            Type::Int(i) => write!(f, "{}", i.name.c_name()),
            Type::Float(k) => write!(f, "{}", k.c_name()),
            Type::Pointer(p) => write!(f, "{} *", TypeDisplay { t: p, layout: self.layout }),
            Type::Array(e, ArrayLen::Fixed(n)) => write!(f, "{} [{}]", TypeDisplay { t: e, layout: self.layout }, n),
            Type::Array(e, _) => write!(f, "{} []", TypeDisplay { t: e, layout: self.layout }),
            Type::Struct(i) | Type::Union(i) => {
                let kw = if matches!(self.t, Type::Struct(_)) { "struct" } else { "union" };
                match self.layout.composites.get(*i as usize) {
                    Some(c) => write!(f, "{kw} {}", c.tag),
                    None => write!(f, "{kw} ?"),
                }
            }
            Type::Function(ft) => write!(f, "{} (*)(…)", TypeDisplay { t: &ft.ret, layout: self.layout }),
        }
    }
}
