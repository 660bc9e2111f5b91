//! Interval evaluation of a small Z3 formula whose free values are floats known only to lie in a
//! range: "is this formula true for every such value?" without bit-blasting a float operation.
//!
//! Used by the robustness check of a counterexample that depends on approximated library results
//! (engine::bmc): with every other input fixed and the formula simplified, what is left is a few
//! IEEE operations on the unknown results, e.g. `1.0 - 0.8 * s * c != x0` for `s = sin(...)` in
//! [-1, 1]. Z3 bit-blasts the multiplications and often does not finish; intervals decide it at
//! once when the difference is not a matter of the last bits.
//!
//! Soundness rests on one fact: IEEE 754 round-to-nearest is monotone. For x in [a, b] and
//! y in [c, d], `fl(x + y)` lies in [fl(a + c), fl(b + d)], and `fl(x * y)`, `fl(x / y)` between
//! the smallest and largest rounded corner (the exact result over a box is extreme at a corner,
//! and rounding keeps the order). So the bounds are computed with the machine's own IEEE
//! arithmetic, for the float formats Rust has (binary32 and binary64); anything else, another
//! rounding mode, or an operation not listed here is "unknown", which never proves anything.

use std::collections::{HashMap, HashSet};

use z3_sys::*;

extern "C" {
    /// `Z3_get_decl_kind` answering a number: z3-sys's enumeration is generated from a newer Z3
    /// than the system's 4.8.12 and lacks kinds it returns (its `Z3_OP_UNINTERPRETED` is 45101),
    /// and a value outside a Rust enumeration is undefined behaviour.
    #[link_name = "Z3_get_decl_kind"]
    fn decl_kind_number(c: Z3_context, d: Z3_func_decl) -> u32;
}

/// The kinds evaluated here (numbered alike in z3-sys and every Z3 since 4.8: the basic block
/// from 256, the floating-point block from 0xb000).
const KINDS: [DeclKind; 35] = {
    use DeclKind as K;
    [
        K::True,
        K::False,
        K::Eq,
        K::Ite,
        K::And,
        K::Or,
        K::Not,
        K::Implies,
        K::FpaRmNearestTiesToEven,
        K::FpaRmNearestTiesToAway,
        K::FpaRmTowardPositive,
        K::FpaRmTowardNegative,
        K::FpaRmTowardZero,
        K::FpaRoundToIntegral,
        K::FpaNum,
        K::FpaPlusInf,
        K::FpaMinusInf,
        K::FpaNan,
        K::FpaPlusZero,
        K::FpaMinusZero,
        K::FpaAdd,
        K::FpaSub,
        K::FpaNeg,
        K::FpaMul,
        K::FpaDiv,
        K::FpaAbs,
        K::FpaSqrt,
        K::FpaEq,
        K::FpaLt,
        K::FpaGt,
        K::FpaLe,
        K::FpaGe,
        K::FpaIsNan,
        K::FpaIsInf,
        K::FpaIsZero,
    ]
};

/// A set of floats of one format: the numbers in [lo, hi] (if `num`), and NaN (if `nan`).
/// `point`: exactly the value lo (bit for bit: the sign of a zero is known).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Fset {
    lo: f64,
    hi: f64,
    num: bool,
    nan: bool,
    point: bool,
    /// binary32 (computed in f32) or binary64
    single: bool,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Val {
    Bool(Option<bool>),
    Float(Fset),
    Unknown,
}

impl Fset {
    fn any(single: bool) -> Fset {
        Fset { lo: f64::NEG_INFINITY, hi: f64::INFINITY, num: true, nan: true, point: false, single }
    }
    fn exact(x: f64, single: bool) -> Fset {
        if x.is_nan() {
            Fset { lo: 0.0, hi: 0.0, num: false, nan: true, point: false, single }
        } else {
            Fset { lo: x, hi: x, num: true, nan: false, point: true, single }
        }
    }
    fn range(lo: f64, hi: f64, nan: bool, single: bool) -> Fset {
        if lo.is_nan() || hi.is_nan() {
            return Fset::any(single);
        }
        Fset { lo, hi, num: true, nan, point: false, single }
    }
    fn round(&self, x: f64) -> f64 {
        if self.single {
            x as f32 as f64
        } else {
            x
        }
    }
    fn contains_zero(&self) -> bool {
        self.num && self.lo <= 0.0 && self.hi >= 0.0
    }
    fn contains(&self, x: f64) -> bool {
        self.num && self.lo <= x && x <= self.hi
    }
    /// Numbers of both sets can be equal.
    fn meets(&self, o: &Fset) -> bool {
        self.num && o.num && self.lo <= o.hi && o.lo <= self.hi
    }
    fn hull(&self, o: &Fset) -> Fset {
        if self.point && o.point && self.lo.to_bits() == o.lo.to_bits() && self.nan == o.nan {
            return *self;
        }
        let (lo, hi, num) = match (self.num, o.num) {
            (true, true) => (self.lo.min(o.lo), self.hi.max(o.hi), true),
            (true, false) => (self.lo, self.hi, true),
            (false, true) => (o.lo, o.hi, true),
            (false, false) => (0.0, 0.0, false),
        };
        Fset { lo, hi, num, nan: self.nan || o.nan, point: false, single: self.single }
    }
}

/// The rounded result of `op` on two numbers in the set's format.
fn apply(single: bool, op: DeclKind, x: f64, y: f64) -> f64 {
    if single {
        let (a, b) = (x as f32, y as f32);
        (match op {
            DeclKind::FpaAdd => a + b,
            DeclKind::FpaSub => a - b,
            DeclKind::FpaMul => a * b,
            _ => a / b,
        }) as f64
    } else {
        match op {
            DeclKind::FpaAdd => x + y,
            DeclKind::FpaSub => x - y,
            DeclKind::FpaMul => x * y,
            _ => x / y,
        }
    }
}

fn neg(a: Fset) -> Fset {
    Fset { lo: -a.hi, hi: -a.lo, ..a }
}

/// `a op b` for op in + - * / (round to nearest, ties to even).
fn arith(op: DeclKind, a: Fset, b: Fset) -> Fset {
    let single = a.single;
    if !a.num || !b.num {
        return Fset::exact(f64::NAN, single);
    }
    if a.point && b.point && !a.nan && !b.nan {
        return Fset::exact(apply(single, op, a.lo, b.lo), single);
    }
    let nan = a.nan || b.nan;
    if op == DeclKind::FpaSub {
        return arith(DeclKind::FpaAdd, a, neg(b));
    }
    if op == DeclKind::FpaDiv && b.contains_zero() {
        // a pole (or 0/0): any result
        return Fset::any(single);
    }
    let corners: Vec<f64> = match op {
        DeclKind::FpaAdd => vec![apply(single, op, a.lo, b.lo), apply(single, op, a.hi, b.hi)],
        _ => [(a.lo, b.lo), (a.lo, b.hi), (a.hi, b.lo), (a.hi, b.hi)]
            .iter()
            .map(|&(x, y)| apply(single, op, x, y))
            .collect(),
    };
    if corners.iter().any(|c| c.is_nan())
        || (op == DeclKind::FpaAdd
            && (a.contains(f64::INFINITY) && b.contains(f64::NEG_INFINITY)
                || a.contains(f64::NEG_INFINITY) && b.contains(f64::INFINITY)))
        || (op == DeclKind::FpaMul
            && (a.contains_zero() && (b.lo.is_infinite() || b.hi.is_infinite())
                || b.contains_zero() && (a.lo.is_infinite() || a.hi.is_infinite())))
        || (op == DeclKind::FpaDiv
            && (a.lo.is_infinite() || a.hi.is_infinite())
            && (b.lo.is_infinite() || b.hi.is_infinite()))
    {
        // inf - inf, 0 * inf, inf / inf inside the box: NaN possible, bounds not monotone
        return Fset::any(single);
    }
    let lo = corners.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = corners.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    Fset::range(lo, hi, nan, single)
}

fn sqrt(a: Fset) -> Fset {
    let single = a.single;
    if !a.num {
        return a;
    }
    if a.point && !a.nan {
        return Fset::exact(a.round(a.lo.sqrt()), single);
    }
    if a.lo < 0.0 {
        // negative numbers give NaN; keep it simple
        return Fset::any(single);
    }
    Fset::range(a.round(a.lo.sqrt()), a.round(a.hi.sqrt()), a.nan, single)
}

fn abs(a: Fset) -> Fset {
    if a.point {
        return Fset::exact(a.lo.abs(), a.single);
    }
    if a.lo >= 0.0 {
        a
    } else if a.hi <= 0.0 {
        neg(a)
    } else {
        Fset { lo: 0.0, hi: (-a.lo).max(a.hi), ..a }
    }
}

/// IEEE comparison (false when either side is NaN): `lt` strict or not.
fn less(a: Fset, b: Fset, strict: bool) -> Option<bool> {
    if !a.num || !b.num {
        return Some(false);
    }
    let always = if strict { a.hi < b.lo } else { a.hi <= b.lo };
    let never = if strict { a.lo >= b.hi } else { a.lo > b.hi };
    if always && !a.nan && !b.nan {
        Some(true)
    } else if never {
        Some(false)
    } else {
        None
    }
}

fn ieee_eq(a: Fset, b: Fset) -> Option<bool> {
    if !a.meets(&b) {
        return Some(false);
    }
    if a.point && b.point && !a.nan && !b.nan {
        return Some(a.lo == b.lo);
    }
    None
}

/// SMT equality of floats: NaN equals NaN, +0 and -0 differ.
fn same(a: Fset, b: Fset) -> Option<bool> {
    if a.point && b.point && !a.nan && !b.nan {
        return Some(a.lo.to_bits() == b.lo.to_bits());
    }
    if !a.num && !b.num {
        return Some(true);
    }
    if !(a.meets(&b) || (a.nan && b.nan)) {
        return Some(false);
    }
    None
}

fn and3(vals: impl Iterator<Item = Option<bool>>) -> Option<bool> {
    let mut all = Some(true);
    for v in vals {
        match v {
            Some(false) => return Some(false),
            None => all = None,
            Some(true) => {}
        }
    }
    all
}

/// Evaluates Z3 formulas over float constants with known ranges.
pub(crate) struct Intervals {
    ctx: Z3_context,
    /// Atoms assumed true (by AST id).
    assumed: HashSet<u32>,
    /// Atoms assumed false (by AST id).
    refuted: HashSet<u32>,
    /// Ranges of float constants (by AST id).
    ranges: HashMap<u32, Fset>,
    memo: HashMap<u32, Val>,
    /// The assumptions exclude each other (nothing follows from them).
    contradictory: bool,
    /// Results of approximated library functions (`sin!approx(x)`) lie within
    /// [`super::libm::range_over`] of their arguments' ranges: the library-accuracy assumption.
    library: bool,
    /// Assumed identities `x = t` of a free float and a term: `x` lies in `t`'s range, which
    /// may narrow as other ranges do (a library result whose argument is an earlier result).
    identities: Vec<(Z3_ast, Z3_ast)>,
}

impl Intervals {
    /// `assumed`: formulas taken as true. What they say is propagated as far as it is
    /// decided: a conjunction assumes its parts, an implication its conclusion once its premise
    /// holds, a disjunction the one disjunct that can still hold, and negations the same way
    /// (a negated disjunction assumes every part false); an assumed atom that compares
    /// a float constant with a number, or says it is not NaN, narrows that constant's range.
    ///
    /// # Safety
    /// `ctx` and every AST must be alive for the whole use of the value.
    ///
    /// `library`: evaluate results of approximated library functions under the
    /// library-accuracy assumption (else they are unknown values).
    pub(crate) unsafe fn new(ctx: Z3_context, assumed: &[Z3_ast], library: bool) -> Intervals {
        let mut me = Intervals {
            ctx,
            assumed: HashSet::new(),
            refuted: HashSet::new(),
            ranges: HashMap::new(),
            memo: HashMap::new(),
            contradictory: false,
            library,
            identities: Vec::new(),
        };
        // (formula, whether it is assumed true — or false)
        let mut pending: Vec<(Z3_ast, bool)> = assumed.iter().map(|&a| (a, true)).collect();
        loop {
            let mut progress = false;
            let mut open = Vec::new();
            while let Some((a, holds)) = pending.pop() {
                let args = me.args(a);
                match (me.kind(a), holds) {
                    (Some(DeclKind::And), true) | (Some(DeclKind::Or), false) => {
                        pending.extend(args.into_iter().map(|x| (x, holds)))
                    }
                    (Some(DeclKind::Not), false) if args.len() == 1 => pending.push((args[0], true)),
                    (Some(DeclKind::Implies), false) if args.len() == 2 => {
                        pending.push((args[0], true));
                        pending.push((args[1], false));
                    }
                    (Some(DeclKind::Implies), true) if args.len() == 2 => match me.bool_of(args[0]) {
                        Some(true) => pending.push((args[1], true)),
                        Some(false) => {}
                        None => open.push((a, holds)),
                    },
                    // a disjunction, or a negated conjunction: the one part that can still
                    // hold (fail) does
                    (Some(DeclKind::Or), true) | (Some(DeclKind::And), false) => {
                        let live: Vec<Z3_ast> = args.into_iter().filter(|&x| me.bool_of(x) != Some(!holds)).collect();
                        match live.as_slice() {
                            [] => me.contradictory = true,
                            [one] => pending.push((*one, holds)),
                            _ => open.push((a, holds)),
                        }
                    }
                    (_, true) => {
                        me.assumed.insert(Z3_get_ast_id(ctx, a));
                        me.memo.clear();
                        me.narrow(a);
                        if me.kind(a) == Some(DeclKind::Not) && args.len() == 1 {
                            pending.push((args[0], false));
                        }
                        me.memo.clear();
                        progress = true;
                    }
                    (_, false) => {
                        me.refuted.insert(Z3_get_ast_id(ctx, a));
                        me.memo.clear();
                        progress = true;
                    }
                }
            }
            if progress && !open.is_empty() {
                pending = open;
                continue;
            }
            // ranges narrowed since an identity was assumed narrow its free float in turn; what
            // is still open is tried again with them
            if me.renarrow() && !open.is_empty() {
                pending = open;
                continue;
            }
            return me;
        }
    }

    /// Narrows the free float of each assumed identity to its term's current range, until
    /// nothing changes (at most 64 rounds); whether anything did.
    unsafe fn renarrow(&mut self) -> bool {
        let mut any = false;
        for _ in 0..64 {
            let mut changed = false;
            for (x, t) in self.identities.clone() {
                changed |= self.narrow_to_term(x, t);
            }
            if !changed {
                break;
            }
            any = true;
        }
        any
    }

    /// `x = t` assumed: `x` lies in `t`'s range. Whether that narrowed `x`. (The memo is
    /// current: every change of a range or an assumption clears it.)
    unsafe fn narrow_to_term(&mut self, x: Z3_ast, t: Z3_ast) -> bool {
        let Val::Float(r) = self.eval(t) else { return false };
        let old = self.range_of(x);
        let lo = if r.num { old.lo.max(r.lo) } else { old.lo };
        let hi = if r.num { old.hi.min(r.hi) } else { old.hi };
        let new = Fset { lo, hi, nan: old.nan && r.nan, num: old.num && r.num, point: false, ..old };
        // one value when the ends meet, except at zero (-0.0 and +0.0 compare equal)
        let new = Fset { point: new.num && !new.nan && new.lo == new.hi && new.lo != 0.0, ..new };
        if (new.lo, new.hi, new.nan, new.num) == (old.lo, old.hi, old.nan, old.num) {
            return false;
        }
        self.set_range(x, new);
        self.memo.clear();
        true
    }

    /// An approximated library function's result (`sin!approx!uf3(x)`) under the library
    /// accuracy assumption: [`super::libm::range_over`] its arguments' ranges (binary64
    /// numbers only, never NaN).
    unsafe fn library_result(&mut self, a: Z3_ast) -> Option<Fset> {
        if !self.library || self.format(a) != Some(false) {
            return None;
        }
        let app = Z3_to_app(self.ctx, a)?;
        let d = Z3_get_app_decl(self.ctx, app)?;
        let sym = Z3_get_decl_name(self.ctx, d)?;
        let p = Z3_get_symbol_string(self.ctx, sym);
        if p.is_null() {
            return None;
        }
        let name = std::ffi::CStr::from_ptr(p).to_str().ok()?.to_string();
        let lib = name.split_once("!approx")?.0.to_string();
        let mut boxes = Vec::new();
        for x in self.args(a) {
            if self.format(x) != Some(false) {
                return None;
            }
            let f = self.float_of(x)?;
            if f.nan || !f.num {
                return None;
            }
            boxes.push((f.lo, f.hi));
        }
        let (lo, hi) = super::libm::range_over(&lib, &boxes)?;
        Some(Fset::range(lo, hi, false, false))
    }

    /// The kind of an application among [`KINDS`]; None for any other term.
    unsafe fn kind(&self, a: Z3_ast) -> Option<DeclKind> {
        if !matches!(Z3_get_ast_kind(self.ctx, a), AstKind::App | AstKind::Numeral) {
            return None;
        }
        let app = Z3_to_app(self.ctx, a)?;
        let d = Z3_get_app_decl(self.ctx, app)?;
        let n = decl_kind_number(self.ctx, d);
        KINDS.iter().copied().find(|k| *k as u32 == n)
    }

    unsafe fn args(&self, a: Z3_ast) -> Vec<Z3_ast> {
        let Some(app) = Z3_to_app(self.ctx, a) else { return Vec::new() };
        (0..Z3_get_app_num_args(self.ctx, app)).filter_map(|i| Z3_get_app_arg(self.ctx, app, i)).collect()
    }

    /// binary32 → Some(true), binary64 → Some(false), other sorts None.
    unsafe fn format(&self, a: Z3_ast) -> Option<bool> {
        let s = Z3_get_sort(self.ctx, a)?;
        if Z3_get_sort_kind(self.ctx, s) != SortKind::FloatingPoint {
            return None;
        }
        match (Z3_fpa_get_ebits(self.ctx, s), Z3_fpa_get_sbits(self.ctx, s)) {
            (8, 24) => Some(true),
            (11, 53) => Some(false),
            _ => None,
        }
    }

    /// A float constant that is not a numeral (a free symbol; anything else without arguments
    /// is "any value" too, which is what its range starts as).
    unsafe fn is_free_float(&self, a: Z3_ast) -> bool {
        Z3_get_ast_kind(self.ctx, a) == AstKind::App
            && self.kind(a).is_none()
            && self.args(a).is_empty()
            && self.format(a).is_some()
    }

    /// The value of a float numeral.
    unsafe fn numeral(&self, a: Z3_ast, single: bool) -> Option<f64> {
        let bv = Z3_mk_fpa_to_ieee_bv(self.ctx, a)?;
        let v = Z3_simplify(self.ctx, bv)?;
        if !Z3_is_numeral_ast(self.ctx, v) {
            return None;
        }
        let p = Z3_get_numeral_string(self.ctx, v);
        if p.is_null() {
            return None;
        }
        let text = std::ffi::CStr::from_ptr(p).to_str().ok()?;
        let bits: u64 = text.parse().ok()?;
        Some(if single { f32::from_bits(u32::try_from(bits).ok()?) as f64 } else { f64::from_bits(bits) })
    }

    unsafe fn narrow(&mut self, a: Z3_ast) {
        let Some(k) = self.kind(a) else { return };
        let args = self.args(a);
        if k == DeclKind::Eq && args.len() == 2 {
            let (x, t) = if self.is_free_float(args[0]) { (args[0], args[1]) } else { (args[1], args[0]) };
            if self.is_free_float(x) && !self.is_free_float(t) {
                self.identities.push((x, t));
                self.narrow_to_term(x, t);
            }
            return;
        }
        if k == DeclKind::Not {
            if args.len() == 1 && self.kind(args[0]) == Some(DeclKind::FpaIsNan) {
                let x = self.args(args[0]);
                if x.len() == 1 && self.is_free_float(x[0]) {
                    let r = self.range_of(x[0]);
                    self.set_range(x[0], Fset { nan: false, ..r });
                }
            }
            return;
        }
        let (lower, x, c) = match (k, args.as_slice()) {
            (DeclKind::FpaLe | DeclKind::FpaLt, [x, c]) if self.is_free_float(*x) => (false, *x, *c),
            (DeclKind::FpaGe | DeclKind::FpaGt, [c, x]) if self.is_free_float(*x) => (false, *x, *c),
            (DeclKind::FpaGe | DeclKind::FpaGt, [x, c]) if self.is_free_float(*x) => (true, *x, *c),
            (DeclKind::FpaLe | DeclKind::FpaLt, [c, x]) if self.is_free_float(*x) => (true, *x, *c),
            _ => return,
        };
        let Val::Float(cv) = self.eval(c) else { return };
        if !cv.point || cv.nan {
            return;
        }
        // a comparison that holds rules NaN out
        let r = self.range_of(x);
        let r = if lower {
            Fset { lo: r.lo.max(cv.lo), nan: false, ..r }
        } else {
            Fset { hi: r.hi.min(cv.lo), nan: false, ..r }
        };
        self.set_range(x, r);
    }

    unsafe fn range_of(&self, x: Z3_ast) -> Fset {
        let single = self.format(x).unwrap_or(false);
        self.ranges.get(&Z3_get_ast_id(self.ctx, x)).copied().unwrap_or(Fset::any(single))
    }

    unsafe fn set_range(&mut self, x: Z3_ast, r: Fset) {
        let r = if r.num && r.lo > r.hi { Fset { num: false, lo: 0.0, hi: 0.0, ..r } } else { r };
        self.ranges.insert(Z3_get_ast_id(self.ctx, x), r);
    }

    /// Whether the formula holds for every value of its free floats within their ranges, given
    /// the assumed formulas: Some(true) proved, Some(false) refuted, None undecided.
    pub(crate) unsafe fn holds(&mut self, a: Z3_ast) -> Option<bool> {
        if self.contradictory || self.ranges.values().any(|r| !r.num && !r.nan) {
            // an assumption no value satisfies: nothing is proved by it
            return None;
        }
        match self.eval(a) {
            Val::Bool(b) => b,
            _ => None,
        }
    }

    unsafe fn eval(&mut self, a: Z3_ast) -> Val {
        let id = Z3_get_ast_id(self.ctx, a);
        if self.assumed.contains(&id) {
            return Val::Bool(Some(true));
        }
        if self.refuted.contains(&id) {
            return Val::Bool(Some(false));
        }
        if let Some(v) = self.memo.get(&id) {
            return *v;
        }
        let v = self.eval_node(a);

        self.memo.insert(id, v);
        v
    }

    unsafe fn bool_of(&mut self, a: Z3_ast) -> Option<bool> {
        match self.eval(a) {
            Val::Bool(b) => b,
            _ => None,
        }
    }

    unsafe fn float_of(&mut self, a: Z3_ast) -> Option<Fset> {
        match self.eval(a) {
            Val::Float(f) => Some(f),
            _ => None,
        }
    }

    unsafe fn eval_node(&mut self, a: Z3_ast) -> Val {
        if self.is_free_float(a) {
            return Val::Float(self.range_of(a));
        }
        let Some(k) = self.kind(a) else {
            return self.library_result(a).map_or(Val::Unknown, Val::Float);
        };
        let args = self.args(a);
        let single = self.format(a);
        use DeclKind as K;
        match k {
            K::True => Val::Bool(Some(true)),
            K::False => Val::Bool(Some(false)),
            K::Not => Val::Bool(args.first().and_then(|&x| self.bool_of(x)).map(|b| !b)),
            K::And => {
                let vals: Vec<Option<bool>> = args.iter().map(|&x| self.bool_of(x)).collect();
                Val::Bool(and3(vals.into_iter()))
            }
            K::Or => {
                let vals: Vec<Option<bool>> = args.iter().map(|&x| self.bool_of(x).map(|b| !b)).collect();
                Val::Bool(and3(vals.into_iter()).map(|b| !b))
            }
            K::Implies if args.len() == 2 => {
                let (p, q) = (self.bool_of(args[0]), self.bool_of(args[1]));
                Val::Bool(match (p, q) {
                    (Some(false), _) | (_, Some(true)) => Some(true),
                    (Some(true), Some(false)) => Some(false),
                    _ => None,
                })
            }
            K::Ite if args.len() == 3 => match self.bool_of(args[0]) {
                Some(true) => self.eval(args[1]),
                Some(false) => self.eval(args[2]),
                None => match (self.eval(args[1]), self.eval(args[2])) {
                    (Val::Float(x), Val::Float(y)) => Val::Float(x.hull(&y)),
                    (Val::Bool(x), Val::Bool(y)) if x == y => Val::Bool(x),
                    (Val::Bool(_), Val::Bool(_)) => Val::Bool(None),
                    _ => Val::Unknown,
                },
            },
            K::Eq if args.len() == 2 => match (self.eval(args[0]), self.eval(args[1])) {
                (Val::Float(x), Val::Float(y)) => Val::Bool(same(x, y)),
                (Val::Bool(Some(x)), Val::Bool(Some(y))) => Val::Bool(Some(x == y)),
                (Val::Bool(_), Val::Bool(_)) => Val::Bool(None),
                _ => Val::Unknown,
            },
            K::FpaNum | K::FpaPlusInf | K::FpaMinusInf | K::FpaPlusZero | K::FpaMinusZero => {
                match single.and_then(|s| self.numeral(a, s).map(|x| (s, x))) {
                    Some((s, x)) => Val::Float(Fset::exact(x, s)),
                    None => Val::Unknown,
                }
            }
            K::FpaNan => single.map_or(Val::Unknown, |s| Val::Float(Fset::exact(f64::NAN, s))),

            K::FpaNeg | K::FpaAbs | K::FpaSqrt => {
                let x = if k == K::FpaSqrt {
                    if args.len() != 2 || self.kind(args[0]) != Some(K::FpaRmNearestTiesToEven) {
                        return Val::Unknown;
                    }
                    args[1]
                } else {
                    args[0]
                };
                match self.float_of(x) {
                    Some(f) => Val::Float(match k {
                        K::FpaNeg => neg(f),
                        K::FpaAbs => abs(f),
                        _ => sqrt(f),
                    }),
                    None => Val::Unknown,
                }
            }
            K::FpaRoundToIntegral if args.len() == 2 => {
                // monotone in every rounding mode: the ends rounded bound every value rounded
                let round: fn(f64) -> f64 = match self.kind(args[0]) {
                    Some(K::FpaRmNearestTiesToEven) => f64::round_ties_even,
                    Some(K::FpaRmNearestTiesToAway) => f64::round,
                    Some(K::FpaRmTowardPositive) => f64::ceil,
                    Some(K::FpaRmTowardNegative) => f64::floor,
                    Some(K::FpaRmTowardZero) => f64::trunc,
                    _ => return Val::Unknown,
                };
                match self.float_of(args[1]) {
                    Some(f) if f.num => {
                        let (lo, hi) = (round(f.lo), round(f.hi));
                        // (an exact operand gives an exact result, its sign kept as IEEE's
                        // roundToIntegral keeps it; ends that meet are one value except at zero)
                        let point = !f.nan && (f.point || (lo == hi && lo != 0.0));
                        Val::Float(Fset { lo, hi, point, ..f })
                    }
                    Some(f) => Val::Float(f),
                    None => Val::Unknown,
                }
            }
            K::FpaAdd | K::FpaSub | K::FpaMul | K::FpaDiv if args.len() == 3 => {
                if self.kind(args[0]) != Some(K::FpaRmNearestTiesToEven) {
                    return Val::Unknown;
                }
                match (self.float_of(args[1]), self.float_of(args[2])) {
                    (Some(x), Some(y)) if x.single == y.single => Val::Float(arith(k, x, y)),
                    _ => Val::Unknown,
                }
            }
            K::FpaEq | K::FpaLt | K::FpaLe | K::FpaGt | K::FpaGe if args.len() == 2 => {
                let (Some(x), Some(y)) = (self.float_of(args[0]), self.float_of(args[1])) else {
                    return Val::Bool(None);
                };
                Val::Bool(match k {
                    K::FpaEq => ieee_eq(x, y),
                    K::FpaLt => less(x, y, true),
                    K::FpaLe => less(x, y, false),
                    K::FpaGt => less(y, x, true),
                    _ => less(y, x, false),
                })
            }
            K::FpaIsNan if args.len() == 1 => match self.float_of(args[0]) {
                Some(f) if !f.nan => Val::Bool(Some(false)),
                Some(f) if !f.num => Val::Bool(Some(true)),
                _ => Val::Bool(None),
            },
            K::FpaIsInf if args.len() == 1 => match self.float_of(args[0]) {
                Some(f) if !f.nan && f.lo.is_finite() && f.hi.is_finite() => Val::Bool(Some(false)),
                Some(f) if !f.nan && f.point => Val::Bool(Some(f.lo.is_infinite())),
                _ => Val::Bool(None),
            },
            K::FpaIsZero if args.len() == 1 => match self.float_of(args[0]) {
                Some(f) if !f.nan && !f.contains_zero() => Val::Bool(Some(false)),
                Some(f) if !f.nan && f.point => Val::Bool(Some(f.lo == 0.0)),
                _ => Val::Bool(None),
            },
            _ if Z3_get_sort(self.ctx, a).is_some_and(|s| Z3_get_sort_kind(self.ctx, s) == SortKind::Bool) => {
                Val::Bool(None)
            }
            _ => Val::Unknown,
        }
    }
}

/// Whether the (simplified) formula `a` still holds float arithmetic: Z3's simplifier folds an
/// operation on numerals, so one that is left has an operand that is not a value, and Z3
/// bit-blasts it (an unrolled loop of square roots on such values can take Z3 far past its
/// time limit, which it does not check while bit-blasting).
///
/// # Safety
/// `a` must be an AST of the live context `ctx`.
pub(crate) unsafe fn has_float_arithmetic(ctx: Z3_context, a: Z3_ast) -> bool {
    use DeclKind as K;
    let arith = [K::FpaAdd, K::FpaSub, K::FpaMul, K::FpaDiv, K::FpaSqrt, K::FpaFma, K::FpaRem, K::FpaRoundToIntegral]
        .map(|k| k as u32);
    let mut seen = HashSet::new();
    let mut work = vec![a];
    while let Some(t) = work.pop() {
        if !seen.insert(Z3_get_ast_id(ctx, t)) || Z3_get_ast_kind(ctx, t) != AstKind::App {
            continue;
        }
        let Some(app) = Z3_to_app(ctx, t) else { continue };
        if Z3_get_app_decl(ctx, app).is_some_and(|d| arith.contains(&decl_kind_number(ctx, d))) {
            return true;
        }
        work.extend((0..Z3_get_app_num_args(ctx, app)).filter_map(|i| Z3_get_app_arg(ctx, app, i)));
    }
    false
}

/// The free float symbols the top-level conjuncts of `facts` equate, each paired with the
/// one that stands for its group: `x = y` joins x and y, and `x = t`, `y = t` for the same
/// term t (two calls of a library function on the same argument, tied to one uninterpreted
/// application) join x and y. Substituting them is an equivalence under the facts.
///
/// # Safety
/// `facts` must be an AST of the live context `ctx`; the returned ASTs live as long as it.
pub(crate) unsafe fn tied_symbols(ctx: Z3_context, facts: Z3_ast) -> Vec<(Z3_ast, Z3_ast)> {
    let args = |a: Z3_ast| -> Vec<Z3_ast> {
        let Some(app) = Z3_to_app(ctx, a) else { return Vec::new() };
        (0..Z3_get_app_num_args(ctx, app)).filter_map(|i| Z3_get_app_arg(ctx, app, i)).collect()
    };
    let kind = |a: Z3_ast| -> Option<u32> {
        if Z3_get_ast_kind(ctx, a) != AstKind::App {
            return None;
        }
        let app = Z3_to_app(ctx, a)?;
        Some(decl_kind_number(ctx, Z3_get_app_decl(ctx, app)?))
    };
    let is_float = |a: Z3_ast| Z3_get_sort(ctx, a).is_some_and(|s| Z3_get_sort_kind(ctx, s) == SortKind::FloatingPoint);
    // a free float symbol: an application without arguments that no operation of this
    // module interprets (numerals, zeros, infinities, NaN are interpreted)
    let is_symbol = |a: Z3_ast| {
        kind(a).is_some_and(|k| KINDS.iter().all(|known| *known as u32 != k))
            && args(a).is_empty()
            && is_float(a)
            && !Z3_is_numeral_ast(ctx, a)
    };
    let id = |a: Z3_ast| Z3_get_ast_id(ctx, a);
    let mut conjuncts = vec![facts];
    let mut equations = Vec::new();
    while let Some(c) = conjuncts.pop() {
        match kind(c) {
            Some(k) if k == DeclKind::And as u32 => conjuncts.extend(args(c)),
            Some(k) if k == DeclKind::Eq as u32 => {
                if let [a, b] = args(c)[..] {
                    equations.push((a, b));
                }
            }
            _ => {}
        }
    }
    // union-find over the symbols, by AST id
    let mut parent: HashMap<u32, Z3_ast> = HashMap::new();
    let mut symbols: Vec<Z3_ast> = Vec::new();
    let find = |parent: &HashMap<u32, Z3_ast>, mut x: Z3_ast| {
        while let Some(&p) = parent.get(&id(x)) {
            x = p;
        }
        x
    };
    let join = |parent: &mut HashMap<u32, Z3_ast>, symbols: &mut Vec<Z3_ast>, x: Z3_ast, y: Z3_ast| {
        symbols.extend([x, y]);
        let (rx, ry) = (find(parent, x), find(parent, y));
        if id(rx) != id(ry) {
            parent.insert(id(ry), rx);
        }
    };
    let mut by_term: HashMap<u32, Z3_ast> = HashMap::new();
    for (a, b) in equations {
        match (is_symbol(a), is_symbol(b)) {
            (true, true) => join(&mut parent, &mut symbols, a, b),
            (true, false) | (false, true) => {
                let (x, t) = if is_symbol(a) { (a, b) } else { (b, a) };
                match by_term.get(&id(t)) {
                    Some(&y) => join(&mut parent, &mut symbols, y, x),
                    None => {
                        by_term.insert(id(t), x);
                    }
                }
            }
            (false, false) => {}
        }
    }
    let mut seen = HashSet::new();
    symbols
        .into_iter()
        .filter(|&x| seen.insert(id(x)))
        .filter_map(|x| {
            let r = find(&parent, x);
            (id(r) != id(x)).then_some((x, r))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(lo: f64, hi: f64) -> Fset {
        Fset::range(lo, hi, false, false)
    }

    #[test]
    fn products_over_a_box_are_bounded_by_rounded_corners() {
        let x = arith(DeclKind::FpaMul, r(-1.0, 1.0), Fset::exact(0.8, false));
        assert_eq!((x.lo, x.hi), (-0.8, 0.8));
        // 0.1 + 0.2 rounds to 0.30000000000000004: the bounds are the machine's, not the reals'
        let y = arith(DeclKind::FpaAdd, r(0.1, 0.1), r(0.2, 0.2));
        assert!(y.contains(0.1 + 0.2) && !y.contains(0.3));
    }

    #[test]
    fn nan_and_poles_give_any_value() {
        assert_eq!(arith(DeclKind::FpaDiv, Fset::exact(1.0, false), r(-1.0, 1.0)), Fset::any(false));
        let inf = r(0.0, f64::INFINITY);
        assert_eq!(arith(DeclKind::FpaMul, inf, r(0.0, 1.0)), Fset::any(false));
        let ninf = r(f64::NEG_INFINITY, 0.0);
        assert_eq!(arith(DeclKind::FpaAdd, inf, ninf), Fset::any(false));
        assert!(arith(DeclKind::FpaAdd, Fset::exact(f64::NAN, false), r(0.0, 1.0)).nan);
    }

    #[test]
    fn comparisons_decide_only_what_holds_for_every_value() {
        assert_eq!(less(r(0.0, 1.0), r(2.0, 3.0), true), Some(true));
        assert_eq!(less(r(0.0, 2.0), r(2.0, 3.0), true), None);
        assert_eq!(less(r(0.0, 2.0), r(2.0, 3.0), false), Some(true));
        assert_eq!(less(Fset::range(0.0, 1.0, true, false), r(2.0, 3.0), true), None);
        assert_eq!(ieee_eq(r(0.0, 1.0), r(2.0, 3.0)), Some(false));
        assert_eq!(ieee_eq(Fset::exact(0.0, false), Fset::exact(-0.0, false)), Some(true));
        assert_eq!(same(Fset::exact(0.0, false), Fset::exact(-0.0, false)), Some(false));
        assert_eq!(same(Fset::exact(f64::NAN, false), Fset::exact(f64::NAN, false)), Some(true));
    }

    #[test]
    fn binary32_rounds_in_its_own_format() {
        let third = arith(DeclKind::FpaDiv, Fset::exact(1.0, true), Fset::exact(3.0, true));
        assert!(third.point && third.lo == (1.0f32 / 3.0f32) as f64);
        assert_ne!(third.lo, 1.0 / 3.0);
    }

    #[test]
    fn symbols_tied_to_one_term_are_one_value() {
        use z3::ast::{Ast, Bool, Float};
        let f = z3::FuncDecl::new("f", &[&z3::Sort::double()], &z3::Sort::double());
        let at = |v: f64| f.apply(&[&Float::from_f64(v)]);
        let (x, y, z) = (Float::new_const_double("x"), Float::new_const_double("y"), Float::new_const_double("z"));
        let eq = |a: &Float, b: &z3::ast::Dynamic| z3::ast::Dynamic::from_ast(a).eq(b);
        // x = f(1) and y = f(1): one value; z = f(2) is another; a tie under a condition
        // (here: negated) is no equation
        let facts = Bool::and(&[eq(&x, &at(1.0)), eq(&y, &at(1.0)), eq(&z, &at(2.0)), eq(&z, &at(1.0)).not()]);
        let ctx = z3::Context::thread_local();
        // SAFETY: `facts` is alive in this thread's context for the call and the reads below
        let tied = unsafe { tied_symbols(ctx.get_z3_context(), facts.get_z3_ast()) };
        let names: Vec<(String, String)> = tied
            .iter()
            .map(|&(a, b)| unsafe {
                let c = ctx.get_z3_context();
                let show = |t: Z3_ast| std::ffi::CStr::from_ptr(Z3_ast_to_string(c, t)).to_string_lossy().into_owned();
                (show(a), show(b))
            })
            .collect();
        assert_eq!(names.len(), 1, "{names:?}");
        let (a, b) = &names[0];
        assert!((a == "y" && b == "x") || (a == "x" && b == "y"), "{names:?}");
    }

    #[test]
    fn rounding_to_integral_is_bounded_by_the_rounded_ends() {
        use z3::ast::RoundingMode as Rm;
        use z3::ast::{Ast, Bool, Float};
        let x = Float::new_const_double("x");
        let facts = Bool::and(&[Float::from_f64(1.2).le(&x), x.le(Float::from_f64(1.8))]);
        let ctx = z3::Context::thread_local();
        let decide = |goal: &Bool| unsafe {
            // SAFETY: `facts` and `goal` are alive in this thread's context for the call
            let mut iv = Intervals::new(ctx.get_z3_context(), &[facts.get_z3_ast()], false);
            iv.holds(goal.get_z3_ast())
        };
        let one = Float::from_f64(1.0);
        // trunc and floor give 1 for every x in [1.2, 1.8], ceil 2; nearest is 1 or 2
        let rounded = |rm: Rm| x.round_to_integral_with_rounding_mode(&rm);
        assert_eq!(decide(&rounded(Rm::round_towards_zero()).eq(&one)), Some(true));
        assert_eq!(decide(&rounded(Rm::round_towards_negative()).eq(&one)), Some(true));
        assert_eq!(decide(&rounded(Rm::round_towards_positive()).gt(&one)), Some(true));
        assert_eq!(decide(&rounded(Rm::round_nearest_ties_to_even()).eq(&one)), None);
        // around zero the result is -0.0 or +0.0: not one value, though its ends compare equal
        let small = Bool::and(&[Float::from_f64(-0.5).le(&x), x.le(Float::from_f64(0.5))]);
        let zero = Float::from_f64(0.0);
        let is_plus_zero = rounded(Rm::round_towards_zero()).eq(&zero);
        let around_zero = unsafe {
            let mut iv = Intervals::new(ctx.get_z3_context(), &[small.get_z3_ast()], false);
            iv.holds(is_plus_zero.get_z3_ast())
        };
        assert_eq!(around_zero, None);
    }

    #[test]
    fn library_results_follow_their_arguments_only_under_the_accuracy_assumption() {
        use z3::ast::{Ast, Bool, Float};
        let double = z3::Sort::double();
        let sin = z3::FuncDecl::new("sin!approx!uf0", &[&double], &double);
        let cos = z3::FuncDecl::new("cos!approx!uf1", &[&double], &double);
        let (s, c, a) = (Float::new_const_double("s"), Float::new_const_double("c"), Float::new_const_double("a"));
        let dynamic = |x: &Float| z3::ast::Dynamic::from_ast(x);
        // a in [0.5, 0.6]; s = sin(a); c = cos(s + 1): s lies in [0.479, 0.565], s + 1 in
        // [1.479, 1.565] (below pi/2, where cos is decreasing and positive), so c > 0
        let one = Float::from_f64(1.0);
        let s_plus_1 = s.add_with_rounding_mode(&one, &z3::ast::RoundingMode::round_nearest_ties_to_even());
        let facts = Bool::and(&[
            Float::from_f64(0.5).le(&a),
            a.le(Float::from_f64(0.6)),
            dynamic(&s).eq(sin.apply(&[&a])),
            dynamic(&c).eq(cos.apply(&[&s_plus_1])),
        ]);
        let goal = c.gt(Float::from_f64(0.0));
        let ctx = z3::Context::thread_local();
        let decide = |library: bool| unsafe {
            // SAFETY: `facts` and `goal` are alive in this thread's context for the call
            let mut iv = Intervals::new(ctx.get_z3_context(), &[facts.get_z3_ast()], library);
            iv.holds(goal.get_z3_ast())
        };
        // without the assumption, c is any value a cosine may have
        assert_eq!(decide(false), None);
        assert_eq!(decide(true), Some(true));
        // and not more: c < 0.01 cannot be shown (cos(1.565) is about 0.0058)
        let close = c.gt(Float::from_f64(0.01));
        let undecided = unsafe {
            let mut iv = Intervals::new(ctx.get_z3_context(), &[facts.get_z3_ast()], true);
            iv.holds(close.get_z3_ast())
        };
        assert_eq!(undecided, None);
    }
}
