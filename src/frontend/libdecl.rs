//! Prototypes of C library functions, used when a program calls one without declaring it
//! (so that, e.g., `malloc` without `<stdlib.h>` still returns a pointer, as gcc assumes).

use crate::ir::{FloatKind, FuncType, IntName, Target, Type};

/// Signature codes: v void, i int, u unsigned, l long, L unsigned long, z size_t, p void*,
/// c char*, d double, f float, P void** / char**, e long double.
const TABLE: &[(&str, &str)] = &[
    ("malloc", "p:z"),
    ("calloc", "p:zz"),
    ("realloc", "p:pz"),
    ("free", "v:p"),
    ("alloca", "p:z"),
    ("aligned_alloc", "p:zz"),
    ("memcpy", "p:ppz"),
    ("memmove", "p:ppz"),
    ("memset", "p:piz"),
    ("memcmp", "i:ppz"),
    ("memchr", "p:piz"),
    ("strlen", "z:c"),
    ("strnlen", "z:cz"),
    ("strcpy", "c:cc"),
    ("strncpy", "c:ccz"),
    ("strcat", "c:cc"),
    ("strncat", "c:ccz"),
    ("strcmp", "i:cc"),
    ("strncmp", "i:ccz"),
    ("strchr", "c:ci"),
    ("strrchr", "c:ci"),
    ("strstr", "c:cc"),
    ("strdup", "c:c"),
    ("abs", "i:i"),
    ("labs", "l:l"),
    ("llabs", "l:l"),
    ("atoi", "i:c"),
    ("atol", "l:c"),
    ("strtol", "l:cPi"),
    ("strtoul", "L:cPi"),
    ("abort", "v:"),
    ("exit", "v:i"),
    ("_Exit", "v:i"),
    ("puts", "i:c"),
    ("putchar", "i:i"),
    ("getchar", "i:"),
    ("rand", "i:"),
    ("srand", "v:u"),
    ("fabs", "d:d"),
    ("fabsf", "f:f"),
    ("fabsl", "e:e"),
    ("sqrt", "d:d"),
    ("sqrtf", "f:f"),
    ("floor", "d:d"),
    ("floorf", "f:f"),
    ("ceil", "d:d"),
    ("ceilf", "f:f"),
    ("round", "d:d"),
    ("roundf", "f:f"),
    ("trunc", "d:d"),
    ("truncf", "f:f"),
    ("fmin", "d:dd"),
    ("fmax", "d:dd"),
    ("fminf", "f:ff"),
    ("fmaxf", "f:ff"),
    ("fma", "d:ddd"),
    ("fmod", "d:dd"),
    ("sin", "d:d"),
    ("cos", "d:d"),
    ("tan", "d:d"),
    ("exp", "d:d"),
    ("log", "d:d"),
    ("pow", "d:dd"),
    ("nan", "d:c"),
    ("isnan", "i:d"),
    ("isinf", "i:d"),
    ("clz", "i:u"),
    ("clzl", "i:L"),
    ("clzll", "i:L"),
    ("ctz", "i:u"),
    ("ctzl", "i:L"),
    ("ctzll", "i:L"),
    ("popcount", "i:u"),
    ("popcountl", "i:L"),
    ("popcountll", "i:L"),
    ("ffs", "i:i"),
    ("bswap16", "U:U"),
    ("bswap32", "u:u"),
    ("bswap64", "L:L"),
    ("trap", "v:"),
    ("unreachable", "v:"),
];

fn ty(c: char, t: &Target) -> Type {
    match c {
        'v' => Type::Void,
        'i' => t.int(IntName::Int),
        'u' => t.int(IntName::UInt),
        'U' => t.int(IntName::UShort),
        'l' => t.int(IntName::Long),
        'L' => t.int(IntName::ULongLong),
        'z' => t.size_t(),
        'p' => Type::ptr(Type::Void),
        'c' => Type::ptr(t.int(IntName::Char)),
        'P' => Type::ptr(Type::ptr(t.int(IntName::Char))),
        'd' => Type::Float(FloatKind::Double),
        'f' => Type::Float(FloatKind::Float),
        'e' => Type::Float(FloatKind::LongDouble),
        _ => Type::Void,
    }
}

/// The prototype of a known library function.
pub fn library_type(name: &str, t: &Target) -> Option<FuncType> {
    let (_, sig) = TABLE.iter().find(|(n, _)| *n == name)?;
    let (ret, params) = sig.split_once(':')?;
    Some(FuncType {
        ret: ty(ret.chars().next()?, t),
        params: params.chars().map(|c| ty(c, t)).collect(),
        variadic: false,
        prototyped: true,
        const_pointee: vec![],
    })
}

/// Whether a name is a C library function with a known prototype.
pub fn is_library(name: &str) -> bool {
    TABLE.iter().any(|(n, _)| *n == name)
}
