//! `errno` after a call of the C library (C11 7.5p3, POSIX.1 "Value of errno").
//!
//! C11: a library function whose description does not document its use of `errno` may set it
//! to a nonzero value "whether or not there is an error"; POSIX: after a successful call the
//! value is unspecified unless the function says it is kept. So after such a call `errno` is
//! either what it was or any nonzero value, and a program that reads it after `printf`
//! succeeded reads something the standard leaves open. The functions that document `errno`
//! (the `strto*` family, the restartable multibyte conversions, `fgetpos`/`fsetpos`/`ftell`,
//! `signal`, `perror`) set it in their models on failure and keep it otherwise; the `<math.h>`
//! functions with error cases may store `EDOM` or `ERANGE` (`math_errhandling` includes
//! `MATH_ERRNO` on glibc), which verdiff does not decide per argument: that value is an
//! approximation, and a violation that depends on it is UNKNOWN.
//!
//! Only programs that use `errno` pay for this: without `__errno_location` in the program
//! (the reachability pass drops it when nothing reads or writes `errno`) nothing is done.

use super::{State, Symex};
use crate::ir::{Expr, FuncId, IntName, Loc, VarId, VarKind};

/// C11 functions whose description documents `errno`: their models set it on failure and
/// keep it on success.
const DOCUMENTED: &[&str] = &[
    "strtol",
    "strtoll",
    "strtoul",
    "strtoull",
    "strtoimax",
    "strtoumax",
    "strtod",
    "strtof",
    "strtold",
    "wcstol",
    "wcstoll",
    "wcstoul",
    "wcstoull",
    "wcstod",
    "wcstof",
    "wcstold",
    "wcstoimax",
    "wcstoumax",
    "mbrtowc",
    "mbrlen",
    "wcrtomb",
    "mbsrtowcs",
    "wcsrtombs",
    "mbrtoc16",
    "mbrtoc32",
    "c16rtomb",
    "c32rtomb",
    "fgetpos",
    "fsetpos",
    "ftell",
    "signal",
    "perror",
];

/// Calls that keep `errno` (POSIX.1-2024 `free`; the rest do not return to the caller).
const KEEPS: &[&str] = &["free", "abort", "exit", "_Exit", "quick_exit", "longjmp", "siglongjmp"];

/// `<math.h>` functions (base names; the `f` and `l` variants too) with a domain, pole or
/// range error: `errno` may become EDOM or ERANGE. The others (fabs, floor, copysign, ...)
/// have no error case and keep it.
const MATH_ERRORS: &[&str] = &[
    "acos",
    "asin",
    "atan2",
    "acosh",
    "atanh",
    "cosh",
    "sinh",
    "exp",
    "exp2",
    "expm1",
    "ilogb",
    "ldexp",
    "log",
    "log10",
    "log1p",
    "log2",
    "logb",
    "scalbn",
    "scalbln",
    "hypot",
    "pow",
    "sqrt",
    "erfc",
    "lgamma",
    "tgamma",
    "lrint",
    "llrint",
    "lround",
    "llround",
    "fmod",
    "remainder",
    "remquo",
    "nextafter",
    "nexttoward",
    "fdim",
    "fma",
    "cos",
    "sin",
    "tan",
    "erf",
    "atan",
    "asinh",
    "tanh",
    "cbrt",
];

/// Math functions without an error case.
const MATH_EXACT: &[&str] = &[
    "fabs",
    "ceil",
    "floor",
    "trunc",
    "round",
    "nearbyint",
    "rint",
    "copysign",
    "nan",
    "fmax",
    "fmin",
    "modf",
    "frexp",
    "isnan",
    "isinf",
    "isfinite",
    "signbit",
    "fpclassify",
];

const EDOM: u128 = 33;
const ERANGE: u128 = 34;

/// What a call does to `errno`.
#[derive(Debug, PartialEq)]
enum Effect {
    Keeps,
    /// Unchanged or any nonzero value (the standard's own freedom: a violation is real).
    AnyNonzero,
    /// Unchanged, EDOM or ERANGE, not decided by verdiff (an approximation).
    MathError,
}

/// `name` stripped of the `f`/`l` suffix when the rest is a math function in `list`.
fn math_in(name: &str, list: &[&str]) -> bool {
    list.contains(&name) || name.strip_suffix('f').or_else(|| name.strip_suffix('l')).is_some_and(|b| list.contains(&b))
}

/// The effect on `errno` of the program's call of the library function `name` (as written,
/// `__builtin_` prefix included).
fn effect(name: &str) -> Effect {
    let (name, builtin) = match name.strip_prefix("__builtin_") {
        Some(n) => (n, true),
        None => (name, false),
    };
    if math_in(name, MATH_ERRORS) {
        return Effect::MathError;
    }
    if builtin
        || name.starts_with('_')
        || DOCUMENTED.contains(&name)
        || KEEPS.contains(&name)
        || math_in(name, MATH_EXACT)
    {
        // compiler built-ins and reserved names are not library calls of the program
        return Effect::Keeps;
    }
    Effect::AnyNonzero
}

/// The model's `errno` object, when the program uses `errno` at all.
pub(crate) fn errno_var(p: &crate::ir::Program) -> Option<VarId> {
    p.func_named("__errno_location").filter(|&f| p.func(f).body.is_some() && p.func(f).model)?;
    p.vars.iter().position(|v| v.name == "__vd_errno" && matches!(v.kind, VarKind::Global)).map(|i| VarId(i as u32))
}

impl Symex<'_> {
    /// Before the program's own call of the library function `f`: `errno` as the call may
    /// leave it. Calls made inside the library models, calls of the program's own functions
    /// and equivalence products (where both versions' calls would need the same value) keep it.
    pub(crate) fn errno_at_call(&mut self, st: &mut State, f: FuncId, loc: Loc) {
        let Some(v) = self.errno_var else { return };
        let fun = self.p.func(f);
        if self.o.product.is_some() || !(fun.model || fun.system) {
            return;
        }
        if st.top().func.is_some_and(|g| self.p.func(g).model) {
            return;
        }
        let effect = effect(&fun.name);
        if effect == Effect::Keeps {
            return;
        }
        let int = self.p.target.int(IntName::Int);
        let lv = Expr::var(v, int.clone());
        let old = self.eval(st, &lv, loc);
        let zero = self.s.bv_u(32, 0);
        let new = match effect {
            Effect::AnyNonzero => {
                let sort = self.sort_of(&int);
                let x = self.input_tagged(st, sort, "errno", "errno");
                let kept = self.s.eq(x, zero);
                self.s.ite(kept, old, x)
            }
            _ => {
                let lib = fun.name.clone();
                let sort = self.sort_of(&int);
                let x = self.input_tagged(st, sort, "approx", "errno");
                let mut syms = Vec::new();
                super::models::collect_symbols(&self.s, x, &mut syms);
                self.approx.symbols.extend(syms);
                self.approx.funcs.insert(format!("the errno {lib} leaves (EDOM or ERANGE on an error)"));
                let (one, edom, erange) = (self.s.bv_u(32, 1), self.s.bv_u(32, EDOM), self.s.bv_u(32, ERANGE));
                let is_one = self.s.eq(x, one);
                let err = self.s.ite(is_one, edom, erange);
                let kept = self.s.eq(x, zero);
                self.s.ite(kept, old, err)
            }
        };
        let pl = self.place(st, &lv, loc);
        self.write(st, &pl, new);
        let lhs = format!("errno (as {} may leave it)", fun.name);
        self.record(st, loc, super::Step::Assign { lhs, value: new, ty: int });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn effects_follow_the_standard() {
        assert_eq!(effect("printf"), Effect::AnyNonzero);
        assert_eq!(effect("malloc"), Effect::AnyNonzero);
        assert_eq!(effect("strtol"), Effect::Keeps);
        assert_eq!(effect("free"), Effect::Keeps);
        assert_eq!(effect("sqrt"), Effect::MathError);
        assert_eq!(effect("logf"), Effect::MathError);
        assert_eq!(effect("__builtin_sqrt"), Effect::MathError);
        assert_eq!(effect("fabsl"), Effect::Keeps);
        assert_eq!(effect("__builtin_expect"), Effect::Keeps);
        assert_eq!(effect("__assert_fail"), Effect::Keeps);
    }
}
