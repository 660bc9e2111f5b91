//! A checker for the parts of JSON Schema verdiff's published schemas (draft 2020-12) and the
//! SARIF 2.1.0 schema (draft 04) use, shared by the integration tests.
//!
//! Checked: `$ref` (any `#/...` JSON pointer, so `#/$defs/x` and `#/definitions/x`; siblings
//! of `$ref` are ignored as in drafts 04-07), `type` (one or a list), `const`, `enum`,
//! `required`, `properties`, `additionalProperties` (boolean or schema), `items` (one schema),
//! `minItems`, `maxItems`, `uniqueItems`, `minimum`, `maximum`, `minLength`, `maxLength`,
//! `pattern` (the regular-expression subset below), `oneOf` (exactly one alternative), `anyOf`,
//! `allOf`, `not`, boolean schemas. Ignored as annotations: `format` and the keywords in
//! [`ANNOTATIONS`]. Any other keyword is reported as an error, so a schema the checker does
//! not understand can never pass silently.

use serde_json::Value;

/// Keywords that do not constrain instances (or that this checker deliberately leaves out:
/// `format`, which draft 2020-12 also treats as an annotation by default).
const ANNOTATIONS: &[&str] = &[
    "$schema",
    "$id",
    "id",
    "$defs",
    "definitions",
    "$comment",
    "title",
    "description",
    "default",
    "examples",
    "deprecated",
    "readOnly",
    "writeOnly",
    "format",
];

/// Checks `v` against `schema` (a part of `root`, against which `$ref`s are resolved).
/// Returns one message per violation, each starting with the path `at` of the offending value.
pub fn conforms(schema: &Value, root: &Value, v: &Value, at: &str) -> Vec<String> {
    let mut errs = Vec::new();
    let obj = match schema {
        Value::Bool(true) => return errs,
        Value::Bool(false) => {
            errs.push(format!("{at}: no value is allowed here"));
            return errs;
        }
        Value::Object(o) => o,
        _ => {
            errs.push(format!("{at}: the schema is not an object: {schema}"));
            return errs;
        }
    };
    if let Some(r) = obj.get("$ref") {
        return match r.as_str().and_then(|r| resolve(root, r)) {
            Some(target) => conforms(target, root, v, at),
            None => vec![format!("{at}: unresolvable $ref {r}")],
        };
    }
    for (key, kw) in obj {
        match key.as_str() {
            "oneOf" | "anyOf" | "allOf" => {
                let alts = kw.as_array().map(|a| a.as_slice()).unwrap_or_default();
                let results: Vec<Vec<String>> = alts.iter().map(|s| conforms(s, root, v, at)).collect();
                let matching = results.iter().filter(|e| e.is_empty()).count();
                match key.as_str() {
                    "oneOf" if matching == 0 => errs.push(format!("{at}: matches no alternative")),
                    "oneOf" if matching > 1 => errs.push(format!("{at}: matches {matching} alternatives of oneOf")),
                    "anyOf" if matching == 0 => errs.push(format!("{at}: matches no alternative of anyOf")),
                    "allOf" => errs.extend(results.into_iter().flatten()),
                    _ => {}
                }
            }
            "not" => {
                if conforms(kw, root, v, at).is_empty() {
                    errs.push(format!("{at}: matches a schema it must not match"));
                }
            }
            "const" => {
                if kw != v {
                    errs.push(format!("{at}: {v} is not {kw}"));
                }
            }
            "enum" => {
                if !kw.as_array().is_some_and(|e| e.contains(v)) {
                    errs.push(format!("{at}: {v} not in {kw}"));
                }
            }
            "type" => {
                let types: Vec<&str> = match kw {
                    Value::String(s) => vec![s.as_str()],
                    Value::Array(a) => a.iter().filter_map(|x| x.as_str()).collect(),
                    _ => vec![],
                };
                let ok = types.iter().any(|t| match *t {
                    "object" => v.is_object(),
                    "array" => v.is_array(),
                    "string" => v.is_string(),
                    "integer" => v.is_i64() || v.is_u64(),
                    "number" => v.is_number(),
                    "null" => v.is_null(),
                    "boolean" => v.is_boolean(),
                    _ => false,
                });
                if !ok {
                    errs.push(format!("{at}: {v} is not of type {kw}"));
                }
            }
            "required" => {
                if let Some(o) = v.as_object() {
                    for k in kw.as_array().into_iter().flatten() {
                        let k = k.as_str().unwrap_or("");
                        if !o.contains_key(k) {
                            errs.push(format!("{at}: field `{k}` missing"));
                        }
                    }
                }
            }
            "properties" => {
                if let (Some(props), Some(o)) = (kw.as_object(), v.as_object()) {
                    for (k, s) in props {
                        if let Some(x) = o.get(k) {
                            errs.extend(conforms(s, root, x, &format!("{at}.{k}")));
                        }
                    }
                }
            }
            "additionalProperties" => {
                if let Some(o) = v.as_object() {
                    let declared = obj.get("properties").and_then(|p| p.as_object());
                    for (k, x) in o {
                        if declared.is_some_and(|d| d.contains_key(k)) {
                            continue;
                        }
                        if kw == &Value::Bool(false) {
                            errs.push(format!("{at}: property `{k}` is not allowed"));
                        } else {
                            errs.extend(conforms(kw, root, x, &format!("{at}.{k}")));
                        }
                    }
                }
            }
            "items" => {
                if let Some(arr) = v.as_array() {
                    if !kw.is_object() && !kw.is_boolean() {
                        errs.push(format!("{at}: unsupported `items` form {kw}"));
                    }
                    for (i, x) in arr.iter().enumerate() {
                        errs.extend(conforms(kw, root, x, &format!("{at}[{i}]")));
                    }
                }
            }
            "minItems" | "maxItems" => {
                if let (Some(arr), Some(n)) = (v.as_array(), kw.as_u64()) {
                    let n = n as usize;
                    if (key == "minItems" && arr.len() < n) || (key == "maxItems" && arr.len() > n) {
                        errs.push(format!("{at}: {} items, {key} is {n}", arr.len()));
                    }
                }
            }
            "uniqueItems" => {
                if let (Some(arr), Some(true)) = (v.as_array(), kw.as_bool()) {
                    for i in 0..arr.len() {
                        if arr[i + 1..].contains(&arr[i]) {
                            errs.push(format!("{at}[{i}]: repeated although the items must be unique"));
                        }
                    }
                }
            }
            "minimum" | "maximum" => {
                if let (Some(x), Some(m)) = (v.as_f64(), kw.as_f64()) {
                    if (key == "minimum" && x < m) || (key == "maximum" && x > m) {
                        errs.push(format!("{at}: {v} is outside the {key} {kw}"));
                    }
                }
            }
            "minLength" | "maxLength" => {
                if let (Some(s), Some(n)) = (v.as_str(), kw.as_u64()) {
                    let len = s.chars().count() as u64;
                    if (key == "minLength" && len < n) || (key == "maxLength" && len > n) {
                        errs.push(format!("{at}: string of {len} characters, {key} is {n}"));
                    }
                }
            }
            "pattern" => {
                if let Some(s) = v.as_str() {
                    match kw.as_str().map(pattern::Regex::new) {
                        Some(Ok(re)) => {
                            if !re.is_match(s) {
                                errs.push(format!("{at}: {v} does not match the pattern {kw}"));
                            }
                        }
                        Some(Err(e)) => errs.push(format!("{at}: unsupported pattern {kw}: {e}")),
                        None => errs.push(format!("{at}: pattern {kw} is not a string")),
                    }
                }
            }
            k if ANNOTATIONS.contains(&k) => {}
            k => errs.push(format!("{at}: the checker does not know the schema keyword `{k}`")),
        }
    }
    errs
}

/// The schema a `#/...` JSON pointer names in `root`.
fn resolve<'a>(root: &'a Value, r: &str) -> Option<&'a Value> {
    let pointer = r.strip_prefix('#')?;
    if pointer.is_empty() {
        return Some(root);
    }
    root.pointer(pointer)
}

/// ECMA-262 regular expressions as far as schemas use them, matched by backtracking with
/// search semantics (unanchored unless the pattern says `^` / `$`): literals, `.`, escapes
/// (`\d \w \s \D \W \S` and escaped punctuation), classes `[a-z0-9_]` / `[^/]` with ranges,
/// groups `(...)` / `(?:...)` with alternatives `|`, anchors, and the greedy quantifiers
/// `* + ? {n} {n,} {n,m}`. Anything else (lazy quantifiers, look-around, back references)
/// is refused, never guessed.
pub mod pattern {
    #[derive(Debug)]
    enum Node {
        Char(char),
        Any,
        Class { negated: bool, items: Vec<ClassItem> },
        Group(Vec<Vec<Node>>),
        Start,
        End,
        Repeat(Box<Node>, usize, Option<usize>),
    }

    #[derive(Debug)]
    enum ClassItem {
        Range(char, char),
        Digit(bool),
        Word(bool),
        Space(bool),
    }

    impl ClassItem {
        fn matches(&self, c: char) -> bool {
            match *self {
                ClassItem::Range(a, b) => a <= c && c <= b,
                ClassItem::Digit(neg) => c.is_ascii_digit() != neg,
                ClassItem::Word(neg) => (c.is_ascii_alphanumeric() || c == '_') != neg,
                ClassItem::Space(neg) => c.is_whitespace() != neg,
            }
        }
    }

    pub struct Regex {
        alternatives: Vec<Vec<Node>>,
    }

    struct Parser<'a> {
        chars: Vec<char>,
        pos: usize,
        source: &'a str,
    }

    impl Parser<'_> {
        fn peek(&self) -> Option<char> {
            self.chars.get(self.pos).copied()
        }
        fn next(&mut self) -> Result<char, String> {
            let c = self.peek().ok_or_else(|| format!("unexpected end of {}", self.source))?;
            self.pos += 1;
            Ok(c)
        }
        fn alternatives(&mut self) -> Result<Vec<Vec<Node>>, String> {
            let mut alts = vec![self.sequence()?];
            while self.peek() == Some('|') {
                self.pos += 1;
                alts.push(self.sequence()?);
            }
            Ok(alts)
        }
        fn sequence(&mut self) -> Result<Vec<Node>, String> {
            let mut seq = Vec::new();
            while let Some(c) = self.peek() {
                if c == '|' || c == ')' {
                    break;
                }
                let atom = self.atom()?;
                let atom = self.quantified(atom)?;
                seq.push(atom);
            }
            Ok(seq)
        }
        fn escape_item(c: char) -> Option<ClassItem> {
            match c {
                'd' => Some(ClassItem::Digit(false)),
                'D' => Some(ClassItem::Digit(true)),
                'w' => Some(ClassItem::Word(false)),
                'W' => Some(ClassItem::Word(true)),
                's' => Some(ClassItem::Space(false)),
                'S' => Some(ClassItem::Space(true)),
                _ => None,
            }
        }
        fn literal_escape(c: char) -> Result<char, String> {
            match c {
                'n' => Ok('\n'),
                't' => Ok('\t'),
                'r' => Ok('\r'),
                c if c.is_ascii_punctuation() => Ok(c),
                c => Err(format!("unsupported escape \\{c}")),
            }
        }
        fn atom(&mut self) -> Result<Node, String> {
            match self.next()? {
                '.' => Ok(Node::Any),
                '^' => Ok(Node::Start),
                '$' => Ok(Node::End),
                '(' => {
                    if self.peek() == Some('?') {
                        self.pos += 1;
                        if self.next()? != ':' {
                            return Err("look-around and named groups are not supported".into());
                        }
                    }
                    let alts = self.alternatives()?;
                    if self.next()? != ')' {
                        return Err("unbalanced parenthesis".into());
                    }
                    Ok(Node::Group(alts))
                }
                '[' => self.class(),
                '\\' => {
                    let c = self.next()?;
                    match Self::escape_item(c) {
                        Some(item) => Ok(Node::Class { negated: false, items: vec![item] }),
                        None => Ok(Node::Char(Self::literal_escape(c)?)),
                    }
                }
                c @ ('*' | '+' | '?' | '{' | ')') => Err(format!("misplaced `{c}`")),
                c => Ok(Node::Char(c)),
            }
        }
        fn class(&mut self) -> Result<Node, String> {
            let negated = self.peek() == Some('^');
            if negated {
                self.pos += 1;
            }
            let mut items = Vec::new();
            let mut first = true;
            loop {
                let c = self.next()?;
                if c == ']' && !first {
                    break;
                }
                first = false;
                let lo = if c == '\\' {
                    let e = self.next()?;
                    if let Some(item) = Self::escape_item(e) {
                        items.push(item);
                        continue;
                    }
                    Self::literal_escape(e)?
                } else {
                    c
                };
                if self.peek() == Some('-') && self.chars.get(self.pos + 1).is_some_and(|&n| n != ']') {
                    self.pos += 1;
                    let hi = match self.next()? {
                        '\\' => Self::literal_escape(self.next()?)?,
                        h => h,
                    };
                    if hi < lo {
                        return Err(format!("empty range {lo}-{hi}"));
                    }
                    items.push(ClassItem::Range(lo, hi));
                } else {
                    items.push(ClassItem::Range(lo, lo));
                }
            }
            Ok(Node::Class { negated, items })
        }
        fn number(&mut self) -> Option<usize> {
            let start = self.pos;
            while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                self.pos += 1;
            }
            self.chars[start..self.pos].iter().collect::<String>().parse().ok()
        }
        fn quantified(&mut self, atom: Node) -> Result<Node, String> {
            let (min, max) = match self.peek() {
                Some('*') => (0, None),
                Some('+') => (1, None),
                Some('?') => (0, Some(1)),
                Some('{') => {
                    self.pos += 1;
                    let min = self.number().ok_or("a number must follow `{`")?;
                    let max = if self.peek() == Some(',') {
                        self.pos += 1;
                        self.number()
                    } else {
                        Some(min)
                    };
                    if self.peek() != Some('}') {
                        return Err("unclosed `{`".into());
                    }
                    (min, max)
                }
                _ => return Ok(atom),
            };
            self.pos += 1;
            if matches!(atom, Node::Start | Node::End) {
                return Err("quantified anchor".into());
            }
            if matches!(self.peek(), Some('?' | '+' | '*' | '{')) {
                return Err("lazy or repeated quantifiers are not supported".into());
            }
            Ok(Node::Repeat(Box::new(atom), min, max))
        }
    }

    fn match_seq(seq: &[Node], t: &[char], p: usize, k: &dyn Fn(usize) -> bool) -> bool {
        match seq.split_first() {
            None => k(p),
            Some((n, rest)) => match_node(n, t, p, &|q| match_seq(rest, t, q, k)),
        }
    }

    fn match_node(n: &Node, t: &[char], p: usize, k: &dyn Fn(usize) -> bool) -> bool {
        match n {
            Node::Char(c) => t.get(p) == Some(c) && k(p + 1),
            Node::Any => t.get(p).is_some_and(|&c| !matches!(c, '\n' | '\r' | '\u{2028}' | '\u{2029}')) && k(p + 1),
            Node::Class { negated, items } => {
                t.get(p).is_some_and(|&c| items.iter().any(|i| i.matches(c)) != *negated) && k(p + 1)
            }
            Node::Start => p == 0 && k(p),
            Node::End => p == t.len() && k(p),
            Node::Group(alts) => alts.iter().any(|a| match_seq(a, t, p, k)),
            Node::Repeat(inner, min, max) => repeat(inner, *min, *max, 0, t, p, k),
        }
    }

    /// Greedy: one more repetition first, then the rest of the pattern. A repetition that
    /// matches nothing counts only while the minimum is not reached (no endless loops).
    fn repeat(
        n: &Node,
        min: usize,
        max: Option<usize>,
        count: usize,
        t: &[char],
        p: usize,
        k: &dyn Fn(usize) -> bool,
    ) -> bool {
        if !matches!(max, Some(m) if count >= m)
            && match_node(n, t, p, &|q| (q != p || count < min) && repeat(n, min, max, count + 1, t, q, k))
        {
            return true;
        }
        count >= min && k(p)
    }

    impl Regex {
        pub fn new(source: &str) -> Result<Regex, String> {
            let mut p = Parser { chars: source.chars().collect(), pos: 0, source };
            let alternatives = p.alternatives()?;
            if p.pos != p.chars.len() {
                return Err(format!("unbalanced `)` in {source}"));
            }
            Ok(Regex { alternatives })
        }
        /// Whether the pattern matches somewhere in `s` (ECMA-262 `test`).
        pub fn is_match(&self, s: &str) -> bool {
            let t: Vec<char> = s.chars().collect();
            (0..=t.len()).any(|start| self.alternatives.iter().any(|a| match_seq(a, &t, start, &|_| true)))
        }
    }
}
