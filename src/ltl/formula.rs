//! LTL formulas over C expressions: the syntax tree, the parser, printing and negation normal form.
//!
//! Syntax (docs/ltl.md §1):
//! - atoms: `{C expr}`, `AP(C expr)` (Ultimate, balanced parentheses inside) and `"C expr"`
//!   (SV-COMP `.prp`); identical texts after trimming share one atom;
//! - constants `true`, `false`; parentheses;
//! - unary: `!`, `X`, `F` / `<>`, `G` / `[]`; letters may be glued, as in SV-COMP's `GF"p"`;
//! - binary: `U`, `R` / `V`, `W` / `WU`, `&&` / `&`, `||` / `|`, `->` / `==>`, `<->` / `<==>`.
//!
//! Precedence, tightest first: unary; `U R W`; `&&`; `||`; `->` and `<->` (one level, right
//! associative). What the real tasks say (Ultimate's trunk/examples/LTL and the SV-COMP `.prp`
//! files there: about 300 distinct `//@ ltl invariant` lines and 260 distinct `LTL(…)`
//! formulas, all of which parse):
//! - Ultimate's ACSL grammar (GlobalLocalParser.cup) agrees on unary > `U WU R` > `&&` > `||` >
//!   `==>`, and puts `<==>` one level below `==>`. Spot agrees too, with `->` and `<->` on one
//!   level, right associative (its parsetl.yy).
//! - Associativity of `U R W` differs: left in Ultimate and in Spin/LTL2BA (tl_parse.c), right
//!   in Spot. No task writes `a U b U c` without parentheses (the RERS patterns always
//!   parenthesise, nested to the right), so such a chain is rejected as ambiguous rather than
//!   read one way silently.
//! - `a -> b <-> c` is `(a -> b) <-> c` for Ultimate and `a -> (b <-> c)` for Spot; it is also
//!   rejected. Every other mix of `->`/`<->` means the same in both (`<->` is associative). The
//!   one task that mixes them, `<>[] !p <==> p U q ==> !X q`
//!   (CToBoogieTranslation/regression/all/globalACSL.c), is of an agreeing form.
//! - Spellings used: `[]`, `<>`, `X`, `U`, `WU`, `R`, `==>`, `<==>`, `!`, `&&`, `||`, `AP(…)`
//!   (Ultimate); `G`, `F`, glued `GF` and `FG`, `U`, `WU`, `!`, `&&`, `||`, `"…"` (SV-COMP).
//!   `!` binds to the atom only: `! "a" U "b"` is `(!a) U b`, as the RERS patterns mean it.

use std::collections::HashMap;
use std::fmt;

use super::label::MAX_ATOMS;

/// A byte range `start..end` in the formula text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

/// One atomic proposition: a C expression over the program's globals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Atom {
    /// The C text, trimmed.
    pub text: String,
    /// Where the (trimmed) text occurs in the formula, once per occurrence, first one first.
    pub spans: Vec<Span>,
}

/// An LTL formula. Atoms are indices into the atom list of the parse ([`Parsed::atoms`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Formula {
    /// Holds on every word.
    True,
    /// Holds on no word.
    False,
    /// Atom `i` holds now.
    Atom(usize),
    /// Negation.
    Not(Box<Formula>),
    /// Conjunction.
    And(Box<Formula>, Box<Formula>),
    /// Disjunction.
    Or(Box<Formula>, Box<Formula>),
    /// Implication.
    Implies(Box<Formula>, Box<Formula>),
    /// Equivalence.
    Iff(Box<Formula>, Box<Formula>),
    /// Holds at the next position.
    Next(Box<Formula>),
    /// Holds now or at some later position.
    Finally(Box<Formula>),
    /// Holds now and at every later position.
    Globally(Box<Formula>),
    /// The right side holds eventually, the left side at every position before.
    Until(Box<Formula>, Box<Formula>),
    /// The right side holds up to and including the first position where the left side holds,
    /// or forever.
    Release(Box<Formula>, Box<Formula>),
    /// Until, or the left side forever.
    WeakUntil(Box<Formula>, Box<Formula>),
}

/// A parsed formula with its atoms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed {
    /// The formula.
    pub formula: Formula,
    /// The atoms, in order of first occurrence.
    pub atoms: Vec<Atom>,
}

/// Why a formula text does not parse: a message and the byte range it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The offending bytes of the formula text.
    pub span: Span,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bytes {}..{}: {}", self.span.start, self.span.end, self.message)
    }
}

impl std::error::Error for ParseError {}

/// The deepest formula accepted; deeper ones would make the recursive passes overflow the stack.
pub const MAX_DEPTH: usize = 256;

/// Parses an LTL formula (syntax in the module documentation).
pub fn parse(text: &str) -> Result<Parsed, ParseError> {
    let tokens = super::lexer::tokens(text)?;
    let mut parser = Parser { text, tokens, pos: 0, nesting: 0, atoms: Vec::new(), index: HashMap::new() };
    let built = parser.implication()?;
    let end = parser.peek();
    if end.kind != Tok::End {
        return Err(parser.unexpected(&end, "an operator or the end of the formula"));
    }
    Ok(Parsed { formula: built.formula, atoms: parser.atoms })
}

use super::lexer::{Tok, Token};

/// A subformula under construction: its depth and the operator at its top when it was not
/// parenthesised (to reject the ambiguous mixes).
struct Built {
    formula: Formula,
    depth: usize,
    bare_top: Option<Tok>,
}

/// Recursive-descent parser over the tokens, one method per precedence level.
struct Parser<'a> {
    text: &'a str,
    tokens: Vec<Token>,
    pos: usize,
    nesting: usize,
    atoms: Vec<Atom>,
    index: HashMap<String, usize>,
}

impl Parser<'_> {
    fn peek(&self) -> Token {
        self.tokens.get(self.pos).copied().unwrap_or(Token { kind: Tok::End, span: self.end_span() })
    }

    fn end_span(&self) -> Span {
        Span { start: self.text.len(), end: self.text.len() }
    }

    fn bump(&mut self) -> Token {
        let token = self.peek();
        self.pos += 1;
        token
    }

    fn unexpected(&self, token: &Token, wanted: &str) -> ParseError {
        let found = match token.kind {
            Tok::End => "the end of the formula".to_string(),
            _ => format!("`{}`", &self.text[token.span.start..token.span.end]),
        };
        ParseError { span: token.span, message: format!("expected {wanted}, found {found}") }
    }

    /// Counts one more level of recursion, refusing to go past [`MAX_DEPTH`].
    fn enter(&mut self, span: Span) -> Result<(), ParseError> {
        self.nesting += 1;
        if self.nesting > MAX_DEPTH {
            self.nesting -= 1;
            return Err(ParseError { span, message: format!("formula nested deeper than {MAX_DEPTH}") });
        }
        Ok(())
    }

    /// `->` and `<->`: one level, right associative.
    fn implication(&mut self) -> Result<Built, ParseError> {
        let lhs = self.disjunction()?;
        let op = self.peek();
        if !matches!(op.kind, Tok::Implies | Tok::Iff) {
            return Ok(lhs);
        }
        self.bump();
        self.enter(op.span)?;
        let rhs = self.implication();
        self.nesting -= 1;
        let rhs = rhs?;
        if op.kind == Tok::Implies && rhs.bare_top == Some(Tok::Iff) {
            let message = "`a -> b <-> c` is read `(a -> b) <-> c` by Ultimate and `a -> (b <-> c)` by Spot; \
                           add parentheses"
                .to_string();
            return Err(ParseError { span: op.span, message });
        }
        let formula = match op.kind {
            Tok::Implies => Formula::Implies(Box::new(lhs.formula), Box::new(rhs.formula)),
            _ => Formula::Iff(Box::new(lhs.formula), Box::new(rhs.formula)),
        };
        binary(formula, lhs.depth, rhs.depth, op)
    }

    /// `||`, left associative.
    fn disjunction(&mut self) -> Result<Built, ParseError> {
        let mut lhs = self.conjunction()?;
        while self.peek().kind == Tok::Or {
            let op = self.bump();
            let rhs = self.conjunction()?;
            lhs = binary(Formula::Or(Box::new(lhs.formula), Box::new(rhs.formula)), lhs.depth, rhs.depth, op)?;
        }
        Ok(lhs)
    }

    /// `&&`, left associative.
    fn conjunction(&mut self) -> Result<Built, ParseError> {
        let mut lhs = self.temporal()?;
        while self.peek().kind == Tok::And {
            let op = self.bump();
            let rhs = self.temporal()?;
            lhs = binary(Formula::And(Box::new(lhs.formula), Box::new(rhs.formula)), lhs.depth, rhs.depth, op)?;
        }
        Ok(lhs)
    }

    /// `U`, `R`, `W`: at most one per level without parentheses.
    fn temporal(&mut self) -> Result<Built, ParseError> {
        let lhs = self.unary()?;
        let op = self.peek();
        if !is_binary_temporal(op.kind) {
            return Ok(lhs);
        }
        self.bump();
        let rhs = self.unary()?;
        let again = self.peek();
        if is_binary_temporal(again.kind) {
            let message = "chained binary temporal operators are ambiguous (Ultimate and LTL2BA nest \
                           `a U b U c` to the left, Spot to the right); add parentheses"
                .to_string();
            return Err(ParseError { span: again.span, message });
        }
        let (l, r) = (Box::new(lhs.formula), Box::new(rhs.formula));
        let formula = match op.kind {
            Tok::Until => Formula::Until(l, r),
            Tok::Release => Formula::Release(l, r),
            _ => Formula::WeakUntil(l, r),
        };
        binary(formula, lhs.depth, rhs.depth, op)
    }

    /// Prefix operators.
    fn unary(&mut self) -> Result<Built, ParseError> {
        let op = self.peek();
        let wrap: fn(Box<Formula>) -> Formula = match op.kind {
            Tok::Not => Formula::Not,
            Tok::Next => Formula::Next,
            Tok::Finally => Formula::Finally,
            Tok::Globally => Formula::Globally,
            _ => return self.primary(),
        };
        self.bump();
        self.enter(op.span)?;
        let operand = self.unary();
        self.nesting -= 1;
        let operand = operand?;
        let depth = deeper(operand.depth, op.span)?;
        Ok(Built { formula: wrap(Box::new(operand.formula)), depth, bare_top: None })
    }

    /// Constants, atoms and parenthesised formulas.
    fn primary(&mut self) -> Result<Built, ParseError> {
        let token = self.bump();
        let formula = match token.kind {
            Tok::True => Formula::True,
            Tok::False => Formula::False,
            Tok::Atom => self.atom(token.span)?,
            Tok::LParen => return self.parenthesised(token),
            _ => return Err(self.unexpected(&token, "a formula")),
        };
        Ok(Built { formula, depth: 1, bare_top: None })
    }

    fn parenthesised(&mut self, open: Token) -> Result<Built, ParseError> {
        self.enter(open.span)?;
        let inner = self.implication();
        self.nesting -= 1;
        let inner = inner?;
        let close = self.bump();
        if close.kind != Tok::RParen {
            let mut error = self.unexpected(&close, "`)`");
            error.message = format!("{} (to close the `(` at byte {})", error.message, open.span.start);
            return Err(error);
        }
        Ok(Built { bare_top: None, ..inner })
    }

    /// The atom whose trimmed text is at `span`: an existing index or a new one.
    fn atom(&mut self, span: Span) -> Result<Formula, ParseError> {
        let text = &self.text[span.start..span.end];
        if let Some(&i) = self.index.get(text) {
            self.atoms[i].spans.push(span);
            return Ok(Formula::Atom(i));
        }
        if self.atoms.len() == MAX_ATOMS {
            return Err(ParseError { span, message: format!("more than {MAX_ATOMS} distinct atoms") });
        }
        let i = self.atoms.len();
        self.atoms.push(Atom { text: text.to_string(), spans: vec![span] });
        self.index.insert(text.to_string(), i);
        Ok(Formula::Atom(i))
    }
}

fn is_binary_temporal(kind: Tok) -> bool {
    matches!(kind, Tok::Until | Tok::Release | Tok::WeakUntil)
}

/// A binary node built by operator `op` from children of the given depths.
fn binary(formula: Formula, left: usize, right: usize, op: Token) -> Result<Built, ParseError> {
    let depth = deeper(left.max(right), op.span)?;
    Ok(Built { formula, depth, bare_top: Some(op.kind) })
}

/// One more than `depth`, or an error at `span` beyond [`MAX_DEPTH`].
fn deeper(depth: usize, span: Span) -> Result<usize, ParseError> {
    if depth >= MAX_DEPTH {
        return Err(ParseError { span, message: format!("formula nested deeper than {MAX_DEPTH}") });
    }
    Ok(depth + 1)
}

impl Formula {
    /// `¬self`.
    pub fn negated(self) -> Formula {
        Formula::Not(Box::new(self))
    }

    /// The subformulas directly below this node.
    pub fn children(&self) -> Vec<&Formula> {
        use Formula::*;
        match self {
            True | False | Atom(_) => vec![],
            Not(a) | Next(a) | Finally(a) | Globally(a) => vec![a],
            And(a, b) | Or(a, b) | Implies(a, b) | Iff(a, b) | Until(a, b) | Release(a, b) | WeakUntil(a, b) => {
                vec![a, b]
            }
        }
    }

    /// The largest atom index plus one (0 without atoms).
    pub fn atom_count(&self) -> usize {
        match self {
            Formula::Atom(i) => i + 1,
            other => other.children().iter().map(|c| c.atom_count()).max().unwrap_or(0),
        }
    }

    /// An equivalent formula in negation normal form: `Not` only directly above atoms, and no
    /// `Implies` or `Iff`. `F`, `G` and `W` are kept. Each `<->` copies both of its sides.
    pub fn nnf(&self) -> Formula {
        nnf(self, false)
    }

    /// The formula in `{…}` syntax with the atoms' texts; [`parse`] reads it back to the same tree.
    pub fn show<'a>(&'a self, atoms: &'a [Atom]) -> impl fmt::Display + 'a {
        super::print::Show { formula: self, atoms }
    }
}

impl fmt::Display for Parsed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.formula.show(&self.atoms))
    }
}

/// Negation normal form of `f` (of `¬f` when `negate`).
fn nnf(f: &Formula, negate: bool) -> Formula {
    use Formula::*;
    let b = |g: &Formula, n: bool| Box::new(nnf(g, n));
    match (f, negate) {
        (True, false) | (False, true) => True,
        (True, true) | (False, false) => False,
        (Atom(i), false) => Atom(*i),
        (Atom(i), true) => Not(Box::new(Atom(*i))),
        (Not(a), n) => nnf(a, !n),
        (And(x, y), false) | (Or(x, y), true) => And(b(x, negate), b(y, negate)),
        (Or(x, y), false) | (And(x, y), true) => Or(b(x, negate), b(y, negate)),
        (Implies(x, y), false) => Or(b(x, true), b(y, false)),
        (Implies(x, y), true) => And(b(x, false), b(y, true)),
        (Iff(x, y), false) => Or(Box::new(And(b(x, false), b(y, false))), Box::new(And(b(x, true), b(y, true)))),
        (Iff(x, y), true) => Or(Box::new(And(b(x, false), b(y, true))), Box::new(And(b(x, true), b(y, false)))),
        (Next(x), n) => Next(b(x, n)),
        (Finally(x), false) | (Globally(x), true) => Finally(b(x, negate)),
        (Globally(x), false) | (Finally(x), true) => Globally(b(x, negate)),
        (Until(x, y), false) => Until(b(x, false), b(y, false)),
        (Until(x, y), true) => Release(b(x, true), b(y, true)),
        (Release(x, y), false) => Release(b(x, false), b(y, false)),
        (Release(x, y), true) => Until(b(x, true), b(y, true)),
        (WeakUntil(x, y), false) => WeakUntil(b(x, false), b(y, false)),
        // ¬(a W b) = ¬b U (¬a ∧ ¬b)
        (WeakUntil(x, y), true) => Until(b(y, true), Box::new(And(b(x, true), b(y, true)))),
    }
}

#[cfg(test)]
mod tests {
    use super::Formula::*;
    use super::*;

    fn atom(i: usize) -> Box<Formula> {
        Box::new(Atom(i))
    }

    fn parsed(text: &str) -> Parsed {
        match parse(text) {
            Ok(p) => p,
            Err(e) => panic!("{text}: {e}"),
        }
    }

    #[test]
    fn precedence_unary_then_temporal_then_and_or_implies() {
        // !a U b && c || d -> e  ==  (((!a) U b) && c) || d) -> e
        let p = parsed("!{a} U {b} && {c} || {d} -> {e}");
        let not_a = Box::new(Not(atom(0)));
        let until = Box::new(Until(not_a, atom(1)));
        let and = Box::new(And(until, atom(2)));
        let or = Box::new(Or(and, atom(3)));
        assert_eq!(p.formula, Implies(or, atom(4)));
        // [] binds tighter than U: ([] a) U b
        assert_eq!(parsed("[] {a} U {b}").formula, Until(Box::new(Globally(atom(0))), atom(1)));
    }

    #[test]
    fn implication_is_right_associative() {
        let p = parsed("{a} -> {b} ==> {c}");
        assert_eq!(p.formula, Implies(atom(0), Box::new(Implies(atom(1), atom(2)))));
        let p = parsed("{a} <-> {b} -> {c}");
        assert_eq!(p.formula, Iff(atom(0), Box::new(Implies(atom(1), atom(2)))));
    }

    #[test]
    fn ambiguous_mixes_are_rejected_with_the_operator_span() {
        let text = "{a} U {b} U {c}";
        let e = parse(text).expect_err("chain");
        assert_eq!(&text[e.span.start..e.span.end], "U");
        assert_eq!(e.span.start, 10);
        assert!(parse("{a} -> {b} <-> {c}").is_err());
        assert!(parse("({a} U {b}) U {c}").is_ok());
        assert!(parse("{a} U ({b} R {c})").is_ok());
    }

    #[test]
    fn atoms_share_indices_after_trimming_and_keep_spans() {
        let text = "G({ x > 0 } -> F AP(x > 0)) && \"y\"";
        let p = parsed(text);
        assert_eq!(p.atoms.len(), 2);
        assert_eq!(p.atoms[0].text, "x > 0");
        assert_eq!(p.atoms[0].spans.len(), 2);
        for span in &p.atoms[0].spans {
            assert_eq!(&text[span.start..span.end], "x > 0");
        }
        assert_eq!(p.atoms[1].text, "y");
        assert_eq!(p.formula, And(Box::new(Globally(Box::new(Implies(atom(0), Box::new(Finally(atom(0))))))), atom(1)));
    }

    #[test]
    fn every_spelling() {
        let pairs = [
            ("{a} & {b}", "{a} && {b}"),
            ("{a} | {b}", "{a} || {b}"),
            ("{a} ==> {b}", "{a} -> {b}"),
            ("{a} <==> {b}", "{a} <-> {b}"),
            ("<> {a}", "F {a}"),
            ("[] {a}", "G {a}"),
            ("{a} V {b}", "{a} R {b}"),
            ("{a} WU {b}", "{a} W {b}"),
            ("AP(a)", "\"a\""),
            ("GF\"a\"", "G F {a}"),
            ("XFG{a}", "X F G {a}"),
        ];
        for (a, b) in pairs {
            assert_eq!(parsed(a).formula, parsed(b).formula, "{a} vs {b}");
        }
        assert_eq!(parsed("true").formula, True);
        assert_eq!(parsed("!false").formula, Not(Box::new(False)));
    }

    #[test]
    fn atoms_with_nested_delimiters() {
        let p = parsed("AP(c > (servers / 2)) && {s.f[(int){1}[0]] == ')'}");
        assert_eq!(p.atoms[0].text, "c > (servers / 2)");
        assert_eq!(p.atoms[1].text, "s.f[(int){1}[0]] == ')'");
        let p = parsed("AP(s == \")\")");
        assert_eq!(p.atoms[0].text, "s == \")\"");
    }

    #[test]
    fn errors_name_the_place() {
        let cases = [
            ("{a} &&", 6, "a formula"),
            ("({a}", 4, "`)`"),
            ("{a} )", 4, "end of the formula"),
            ("G p", 2, "unknown word"),
            ("{a", 0, "unterminated"),
            ("{ }", 0, "empty atom"),
            ("AP x", 0, "AP"),
            ("{a} # {b}", 4, "unexpected character"),
            ("\"a", 0, "unterminated"),
        ];
        for (text, start, needle) in cases {
            let e = parse(text).expect_err(text);
            assert_eq!(e.span.start, start, "{text}: {e}");
            assert!(e.message.contains(needle), "{text}: {e}");
        }
    }

    #[test]
    fn depth_and_atom_limits_are_errors_not_crashes() {
        let deep = format!("{}{{a}}{}", "(".repeat(10_000), ")".repeat(10_000));
        assert!(parse(&deep).is_err());
        let nots = format!("{}{{a}}", "!".repeat(10_000));
        assert!(parse(&nots).is_err());
        for op in [" && ", " -> "] {
            let chain = vec!["{a}"; 10_000].join(op);
            assert!(parse(&chain).is_err());
        }
        let many: Vec<String> = (0..65).map(|i| format!("{{x == {i}}}")).collect();
        assert!(parse(&many.join(" || ")).expect_err("65 atoms").message.contains("64"));
        assert!(parse(&many[..64].join(" || ")).is_ok());
    }

    #[test]
    fn display_reparses_to_the_same_tree() {
        let texts = [
            "[](AP(x > 0) ==> <>AP(y == 1))",
            "!(AP(init == 0) U( (AP(init == 1) U [] AP(init == 3)) || [] AP(init == 1)))",
            "{a} <-> {b} -> !X{c} W {d}",
            "\"}{\" R AP(\")\") && {'}'}",
            "G F {p} && true || !false",
        ];
        for text in texts {
            let p = parsed(text);
            let shown = p.to_string();
            let again = parsed(&shown);
            assert_eq!(again.formula, p.formula, "{text} -> {shown}");
            let texts: Vec<_> = again.atoms.iter().map(|a| &a.text).collect();
            assert_eq!(texts, p.atoms.iter().map(|a| &a.text).collect::<Vec<_>>());
        }
    }

    #[test]
    fn nnf_pushes_negations_to_atoms() {
        let p = parsed("!({a} W {b}) || !({a} <-> X {b}) || !G({a} -> F {b})");
        let n = p.formula.nnf();
        fn only_atoms_negated(f: &Formula) -> bool {
            match f {
                Not(inner) => matches!(**inner, Atom(_)),
                Implies(..) | Iff(..) => false,
                other => other.children().into_iter().all(only_atoms_negated),
            }
        }
        assert!(only_atoms_negated(&n));
        // ¬(a W b) = ¬b U (¬a ∧ ¬b)
        let w = parsed("!({a} W {b})").formula.nnf();
        let nb = || Box::new(Not(atom(1)));
        assert_eq!(w, Until(nb(), Box::new(And(Box::new(Not(atom(0))), nb()))));
    }
}
