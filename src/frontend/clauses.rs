//! Contract clauses written in `.verdiff.yml` (`functions.<f>.requires` / `ensures`) for code
//! whose authors do not annotate it: each is put at the top of `f`'s body in the preprocessed
//! text as `__ESBMC_requires(...);` / `__ESBMC_ensures(...);` under a line marker naming the
//! configuration file, so it is read in `f`'s scope like a written annotation and an error in
//! it is reported at the configuration's line.

use super::srcmap::marker_file;

/// One clause for one function: `requires` (or `ensures`), the C expression, and the line of
/// the configuration file that holds it.
#[derive(Clone, Debug, PartialEq)]
pub struct TextClause {
    pub function: String,
    pub ensures: bool,
    pub expr: String,
    pub line: u32,
}

/// Where a function is defined: file name, line and column of its name.
pub type Defined<'a> = &'a dyn Fn(&str) -> Option<(String, u32, u32)>;

/// `text` with the clauses of the functions it defines put into their bodies. `defined`
/// gives each defined function's location as (file name, line, column) of its name, from a
/// first lowering of `text`. Functions `text` does not define are left out.
pub fn insert(text: &str, clauses: &[TextClause], defined: Defined<'_>, config: &str) -> String {
    let mut at: Vec<(usize, String)> = Vec::new();
    let mut names: Vec<&str> = clauses.iter().map(|c| c.function.as_str()).collect();
    names.sort();
    names.dedup();
    for name in names {
        let Some((file, line, col)) = defined(name) else { continue };
        let Some(open) = body_start(text, &file, line, col) else { continue };
        // back to the function's own file and line after the clauses
        let (here_line, _) = line_col(text, open);
        let mut ins = String::from("\n");
        for c in clauses.iter().filter(|c| c.function == name) {
            let kw = if c.ensures { "__ESBMC_ensures" } else { "__ESBMC_requires" };
            ins.push_str(&format!("# {} \"{}\"\n{kw}({});\n", c.line, escape(config), c.expr));
        }
        ins.push_str(&format!("# {} \"{}\"\n", here_line, escape(&file)));
        at.push((open, ins));
    }
    at.sort_by_key(|(o, _)| std::cmp::Reverse(*o));
    let mut out = text.to_string();
    for (o, ins) in at {
        out.insert_str(o, &ins);
    }
    out
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The offset just after the `{` that opens the body of the function whose name is at
/// (file, line, column) of the original source.
fn body_start(text: &str, file: &str, line: u32, col: u32) -> Option<usize> {
    let mut cur_file = String::new();
    let mut cur_line = 0u32;
    let mut offset = 0usize;
    let mut name_at = None;
    for l in text.split_inclusive('\n') {
        if let Some(f) = marker_file(l.trim_end()) {
            cur_file = f;
            // the marker names the number of the next line
            cur_line = l.trim_start_matches('#').split_whitespace().next()?.parse::<u32>().ok()?;
            offset += l.len();
            continue;
        }
        if cur_line == line
            && (cur_file == file || cur_file.ends_with(&format!("/{file}")) || file.ends_with(&format!("/{cur_file}")))
        {
            name_at = Some(offset + (col.saturating_sub(1) as usize).min(l.len()));
            break;
        }
        cur_line += 1;
        offset += l.len();
    }
    let start = name_at?;
    // the parameter list, then the first `{` outside parentheses
    let bytes = text.as_bytes();
    let mut depth = 0i32;
    let mut seen_params = false;
    let mut i = start;
    while i < bytes.len() {
        match bytes[i] {
            b'(' => {
                depth += 1;
                seen_params = true;
            }
            b')' => depth -= 1,
            b'{' if depth == 0 && seen_params => return Some(i + 1),
            b';' if depth == 0 => return None,
            _ => {}
        }
        i += 1;
    }
    None
}

/// The (line, column) an offset has in the original file, from the line markers before it.
fn line_col(text: &str, offset: usize) -> (u32, u32) {
    let mut line = 1u32;
    let mut pos = 0usize;
    for l in text.split_inclusive('\n') {
        if pos + l.len() > offset {
            return (line, (offset - pos) as u32 + 1);
        }
        if marker_file(l.trim_end()).is_some() {
            line = l.trim_start_matches('#').split_whitespace().next().and_then(|n| n.parse().ok()).unwrap_or(1);
        } else {
            line += 1;
        }
        pos += l.len();
    }
    (line, 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clauses_go_after_the_brace_of_the_body_with_the_configuration_line() {
        let text = "# 1 \"a.c\"\nint g;\nint f(int *p,\n      int n)\n{\n  return n;\n}\n";
        let clauses = vec![
            TextClause { function: "f".into(), ensures: false, expr: "n > 0".into(), line: 7 },
            TextClause { function: "f".into(), ensures: true, expr: "__ESBMC_return_value == n".into(), line: 8 },
        ];
        let out = insert(text, &clauses, &|n| (n == "f").then(|| ("a.c".to_string(), 2, 5)), ".verdiff.yml");
        let want = "{\n# 7 \".verdiff.yml\"\n__ESBMC_requires(n > 0);\n# 8 \".verdiff.yml\"\n__ESBMC_ensures(__ESBMC_return_value == n);\n# 4 \"a.c\"\n\n  return n;";
        assert!(out.contains(want), "{out}");
        assert!(out.starts_with("# 1 \"a.c\"\nint g;\nint f(int *p,"), "{out}");
    }
}
