//! Path globs of `.verdiff.yml`: `*` (within one path segment), `?` (one character other
//! than `/`), `**` (any number of whole segments, including none). Paths use `/`.

/// Whether `path` (repository-relative, `/`-separated) matches `pattern`.
pub fn matches(pattern: &str, path: &str) -> bool {
    let pat: Vec<&str> = pattern.split('/').filter(|s| !s.is_empty() && *s != ".").collect();
    let segs: Vec<&str> = path.split('/').filter(|s| !s.is_empty() && *s != ".").collect();
    segments(&pat, &segs)
}

fn segments(pat: &[&str], segs: &[&str]) -> bool {
    match pat.split_first() {
        None => segs.is_empty(),
        Some((&"**", rest)) => (0..=segs.len()).any(|i| segments(rest, &segs[i..])),
        Some((p, rest)) => match segs.split_first() {
            Some((s, more)) => segment(p.as_bytes(), s.as_bytes()) && segments(rest, more),
            None => false,
        },
    }
}

fn segment(p: &[u8], s: &[u8]) -> bool {
    match p.split_first() {
        None => s.is_empty(),
        Some((b'*', rest)) => (0..=s.len()).any(|i| segment(rest, &s[i..])),
        Some((b'?', rest)) => !s.is_empty() && segment(rest, &s[1..]),
        Some((c, rest)) => s.first() == Some(c) && segment(rest, &s[1..]),
    }
}

#[cfg(test)]
mod tests {
    use super::matches;

    #[test]
    fn globs() {
        assert!(matches("**/*.c", "a.c"));
        assert!(matches("**/*.c", "src/x/a.c"));
        assert!(!matches("**/*.c", "src/a.h"));
        assert!(matches("src/*.c", "src/a.c"));
        assert!(!matches("src/*.c", "src/x/a.c"));
        assert!(matches("src/**", "src/x/a.c"));
        assert!(matches("t?st/*.c", "test/a.c"));
        assert!(!matches("t?st/*.c", "tst/a.c"));
        assert!(matches("./src/a.c", "src/a.c"));
        assert!(matches("lib/**/impl_*.c", "lib/impl_x.c"));
    }
}
