//! Maps byte offsets of preprocessed text back to original files and lines via line markers.

/// If `line` is a preprocessor line marker (`# 12 "file.c" 1 3`), the file it names.
pub fn marker_file(line: &str) -> Option<String> {
    parse_marker(line).map(|m| m.1)
}

/// (line number, file, flags)
fn parse_marker(line: &str) -> Option<(u32, String, Vec<u32>)> {
    let rest = line.strip_prefix('#')?;
    let rest = rest.trim_start();
    let rest = rest.strip_prefix("line").map(|r| r.trim_start()).unwrap_or(rest);
    let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
    if digits.is_empty() {
        return None;
    }
    let n: u32 = digits.parse().ok()?;
    let rest = rest[digits.len()..].trim_start();
    let rest = rest.strip_prefix('"')?;
    let mut name = String::new();
    let mut chars = rest.chars();
    loop {
        match chars.next()? {
            '"' => break,
            '\\' => match chars.next()? {
                'n' => name.push('\n'),
                c => name.push(c),
            },
            c => name.push(c),
        }
    }
    let flags = chars.as_str().split_whitespace().filter_map(|f| f.parse().ok()).collect();
    Some((n, name, flags))
}

#[derive(Clone, Debug)]
struct Segment {
    /// Byte offset where this segment's first line starts.
    offset: usize,
    /// Index into the file table.
    file: u32,
    /// Line number of the segment's first line.
    line: u32,
    system: bool,
}

/// Offset → (file, line, column) for one preprocessed translation unit.
pub struct SrcMap {
    line_starts: Vec<usize>,
    segments: Vec<Segment>,
    /// Index of the first line of each segment in `line_starts`.
    seg_first_line: Vec<usize>,
}

impl SrcMap {
    /// `files` is the program's file table; new names are appended.
    pub fn new(text: &str, files: &mut Vec<String>) -> SrcMap {
        let mut line_starts = vec![0];
        for (i, b) in text.bytes().enumerate() {
            if b == b'\n' {
                line_starts.push(i + 1);
            }
        }
        let mut segments = Vec::new();
        let mut seg_first_line = Vec::new();
        for (li, &start) in line_starts.iter().enumerate() {
            let end = line_starts.get(li + 1).map(|e| e - 1).unwrap_or(text.len());
            let line = &text[start..end.max(start)];
            if !line.starts_with('#') {
                continue;
            }
            if let Some((n, name, flags)) = parse_marker(line) {
                let idx = match files.iter().position(|f| *f == name) {
                    Some(i) => i,
                    None => {
                        files.push(name);
                        files.len() - 1
                    }
                };
                segments.push(Segment {
                    offset: line_starts.get(li + 1).copied().unwrap_or(text.len()),
                    file: idx as u32,
                    line: n,
                    system: flags.contains(&3),
                });
                seg_first_line.push(li + 1);
            }
        }
        SrcMap { line_starts, segments, seg_first_line }
    }

    /// (file index, line, column) of a byte offset; line 0 when unknown.
    pub fn locate(&self, offset: usize) -> (u32, u32, u32) {
        if offset == usize::MAX {
            return (0, 0, 0);
        }
        let li = match self.line_starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        let col = (offset - self.line_starts[li]) as u32 + 1;
        let si = match self.segments.binary_search_by(|s| s.offset.cmp(&self.line_starts[li])) {
            Ok(i) => Some(i),
            Err(0) => None,
            Err(i) => Some(i - 1),
        };
        match si {
            Some(si) => {
                let seg = &self.segments[si];
                let line = seg.line + (li - self.seg_first_line[si]) as u32;
                (seg.file, line, col)
            }
            None => (0, li as u32 + 1, col),
        }
    }

    /// Whether the offset lies in a system header.
    pub fn is_system(&self, offset: usize) -> bool {
        if offset == usize::MAX {
            return false;
        }
        match self.segments.binary_search_by(|s| s.offset.cmp(&offset)) {
            Ok(i) => self.segments[i].system,
            Err(0) => false,
            Err(i) => self.segments[i - 1].system,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_map_to_original_lines_across_markers() {
        let text = "# 1 \"a.c\"\nint x;\n# 1 \"/usr/include/h.h\" 1 3 4\nint y;\n\nint z;\n# 3 \"a.c\" 2\nint w;\n";
        let mut files = Vec::new();
        let m = SrcMap::new(text, &mut files);
        let at = |s: &str| text.find(s).unwrap();
        let (f, l, c) = m.locate(at("int x"));
        assert_eq!((files[f as usize].as_str(), l, c), ("a.c", 1, 1));
        let (f, l, _) = m.locate(at("int z"));
        assert_eq!((files[f as usize].as_str(), l), ("/usr/include/h.h", 3));
        assert!(m.is_system(at("int z")));
        let (f, l, _) = m.locate(at("int w"));
        assert_eq!((files[f as usize].as_str(), l), ("a.c", 3));
        assert!(!m.is_system(at("int w")));
    }
}
