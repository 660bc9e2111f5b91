//! Command-line parsing in ESBMC's style: `--flag`, `--flag value`, `--flag=value`, `-Idir`,
//! `-I dir`, `-DX=1`, `-W...` (ignored). Unknown flags are errors.

use std::collections::HashMap;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Arity {
    Flag,
    Value,
}

/// A flag the command accepts.
#[derive(Clone, Copy)]
pub struct Spec {
    pub name: &'static str,
    pub arity: Arity,
    pub help: &'static str,
}

#[derive(Debug, Default)]
pub struct Parsed {
    pub flags: HashMap<String, Vec<String>>,
    pub positional: Vec<String>,
    pub include_dirs: Vec<String>,
    pub defines: Vec<String>,
    pub undefines: Vec<String>,
    /// Flags that were accepted for compatibility and have no effect.
    pub ignored: Vec<String>,
}

impl Parsed {
    pub fn has(&self, name: &str) -> bool {
        self.flags.contains_key(name)
    }
    pub fn value(&self, name: &str) -> Option<&str> {
        self.flags.get(name).and_then(|v| v.last()).map(|s| s.as_str())
    }
    pub fn values(&self, name: &str) -> Vec<String> {
        self.flags.get(name).cloned().unwrap_or_default()
    }
}

/// One line per flag, for `--help`.
pub fn options_help(specs: &[Spec]) -> String {
    let mut s = String::new();
    for sp in specs {
        let flag = match sp.arity {
            Arity::Flag => format!("--{}", sp.name),
            Arity::Value => format!("--{} {}", sp.name, value_name(sp.name)),
        };
        // (the help wrapped to fit HELP_WIDTH columns, continued under its first line)
        let indent = 2 + 32 + 1;
        let mut line = format!("  {flag:<32}");
        if line.len() > 2 + 32 {
            s.push_str(&line);
            s.push('\n');
            line = " ".repeat(indent - 1);
        }
        for word in sp.help.split_whitespace() {
            if line.len() + 1 + word.len() > HELP_WIDTH && line.len() > indent {
                s.push_str(line.trim_end());
                s.push('\n');
                line = " ".repeat(indent - 1);
            }
            line.push(' ');
            line.push_str(word);
        }
        s.push_str(line.trim_end());
        s.push('\n');
    }
    s
}

/// The width `--help` fits its option lines into.
pub const HELP_WIDTH: usize = 100;

/// What an option's value is, as `--help` names it (`--timeout TIME`, not `--timeout X`).
fn value_name(option: &str) -> &'static str {
    match option {
        "base" | "head" | "rev" => "REV",
        "budget" | "timeout" => "TIME",
        "memlimit" => "SIZE",
        "cache" | "cache-from" | "config" | "json" | "output" => "FILE",
        "emit" | "html" | "repo" => "DIR",
        "format" => "FORMAT",
        "fail-on" => "WHEN",
        "function"
        | "new-function"
        | "enforce-contract"
        | "replace-call-with-contract"
        | "error-label"
        | "test"
        | "harness" => "NAME",
        "generalise" => "MODE",
        "shard" => "I/N",
        "unwindset" => "L:N,...",
        "days" => "DAYS",
        _ => "N",
    }
}

pub fn parse(args: &[String], specs: &[Spec], ignored: &[&str]) -> Result<Parsed, String> {
    let mut p = Parsed::default();
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        i += 1;
        if a == "--" {
            p.positional.extend(args[i..].iter().cloned());
            break;
        }
        if let Some(rest) = a.strip_prefix("-I") {
            if !a.starts_with("--") {
                let dir = if rest.is_empty() {
                    let v = args.get(i).ok_or("-I needs a directory")?;
                    i += 1;
                    v.clone()
                } else {
                    rest.to_string()
                };
                p.include_dirs.push(dir);
                continue;
            }
        }
        if let Some(rest) = a.strip_prefix("-D") {
            if !a.starts_with("--") {
                let d = if rest.is_empty() {
                    let v = args.get(i).ok_or("-D needs a macro")?;
                    i += 1;
                    v.clone()
                } else {
                    rest.to_string()
                };
                p.defines.push(d);
                continue;
            }
        }
        if let Some(rest) = a.strip_prefix("-U") {
            if !a.starts_with("--") && !rest.is_empty() {
                p.undefines.push(rest.to_string());
                continue;
            }
        }
        if a.starts_with("-W") || a.starts_with("-f") && !a.starts_with("--") {
            // compiler warning and feature flags: accepted, no effect
            p.ignored.push(a.clone());
            continue;
        }
        if let Some(body) = a.strip_prefix("--") {
            let (name, inline) = match body.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (body, None),
            };
            if ignored.contains(&name) {
                p.ignored.push(a.clone());
                continue;
            }
            let Some(spec) = specs.iter().find(|s| s.name == name) else {
                return Err(format!("unknown option `--{name}` (see --help)"));
            };
            let v = match (spec.arity, inline) {
                (Arity::Flag, None) => String::new(),
                (Arity::Flag, Some(_)) => return Err(format!("option `--{name}` takes no value")),
                (Arity::Value, Some(v)) => v,
                (Arity::Value, None) => {
                    let v = args.get(i).ok_or_else(|| format!("option `--{name}` needs a value"))?;
                    i += 1;
                    v.clone()
                }
            };
            p.flags.entry(name.to_string()).or_default().push(v);
            continue;
        }
        // `-h` is `--help` for every command that has one
        if a == "-h" && specs.iter().any(|s| s.name == "help") {
            p.flags.entry("help".to_string()).or_default().push(String::new());
            continue;
        }
        if a.starts_with('-') && a.len() > 1 {
            return Err(format!("unknown option `{a}` (see --help)"));
        }
        p.positional.push(a.clone());
    }
    Ok(p)
}

/// Seconds from `10`, `10s`, `5m`, `1h` (at most a year, [`MAX_SECONDS`]).
pub fn parse_duration(s: &str) -> Result<std::time::Duration, String> {
    use crate::config::MAX_SECONDS;
    let s = s.trim();
    let (num, mult) = match s.chars().last() {
        Some('s') => (&s[..s.len() - 1], 1.0),
        Some('m') => (&s[..s.len() - 1], 60.0),
        Some('h') => (&s[..s.len() - 1], 3600.0),
        _ => (s, 1.0),
    };
    let v: f64 = num.parse().map_err(|_| format!("bad time `{s}` (use e.g. 30, 30s, 5m, 1h)"))?;
    if v.is_nan() || v <= 0.0 {
        return Err(format!("bad time `{s}`"));
    }
    if v * mult > MAX_SECONDS as f64 {
        return Err(format!("time `{s}` is longer than a year"));
    }
    Ok(std::time::Duration::from_secs_f64(v * mult))
}

/// Megabytes from `512`, `512m`, `2g`, `100000k`.
pub fn parse_memory(s: &str) -> Result<u64, String> {
    let s = s.trim().to_ascii_lowercase();
    let (num, mult) = match s.chars().last() {
        Some('k') => (&s[..s.len() - 1], 1.0 / 1024.0),
        Some('m') => (&s[..s.len() - 1], 1.0),
        Some('g') => (&s[..s.len() - 1], 1024.0),
        _ => (s.as_str(), 1.0),
    };
    let v: f64 = num.parse().map_err(|_| format!("bad memory size `{s}` (use e.g. 512m, 2g)"))?;
    if v.is_nan() || v <= 0.0 || !(v * mult).is_finite() || v * mult > u64::MAX as f64 / 2.0 {
        return Err(format!("bad memory size `{s}`"));
    }
    Ok(((v * mult).ceil() as u64).max(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn specs() -> Vec<Spec> {
        vec![
            Spec { name: "unwind", arity: Arity::Value, help: "" },
            Spec { name: "overflow-check", arity: Arity::Flag, help: "" },
        ]
    }

    #[test]
    fn esbmc_spellings_are_accepted() {
        let args: Vec<String> =
            ["a.c", "--unwind", "5", "--overflow-check", "-Iinc", "-I", "x", "-DN=3", "-Wall", "--z3", "--unwind=7"]
                .iter()
                .map(|s| s.to_string())
                .collect();
        let p = parse(&args, &specs(), &["z3"]).unwrap();
        assert_eq!(p.positional, vec!["a.c"]);
        assert_eq!(p.value("unwind"), Some("7"));
        assert!(p.has("overflow-check"));
        assert_eq!(p.include_dirs, vec!["inc", "x"]);
        assert_eq!(p.defines, vec!["N=3"]);
        assert_eq!(p.ignored.len(), 2);
    }

    #[test]
    fn unknown_flags_and_missing_values_are_errors() {
        let a = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert!(parse(&a(&["--nope"]), &specs(), &[]).unwrap_err().contains("--nope"));
        // -h is --help only where the command has a --help
        assert!(!specs().iter().any(|s| s.name == "help"));
        assert!(parse(&a(&["-h"]), &specs(), &[]).unwrap_err().contains("`-h`"));
        let mut with_help = specs();
        with_help.push(Spec { name: "help", arity: Arity::Flag, help: "" });
        assert!(parse(&a(&["-h"]), &with_help, &[]).unwrap().has("help"));
        assert!(parse(&a(&["--unwind"]), &specs(), &[]).unwrap_err().contains("needs a value"));
        assert!(parse(&a(&["--overflow-check=1"]), &specs(), &[]).is_err());
    }

    #[test]
    fn durations_and_sizes() {
        assert_eq!(parse_duration("90").unwrap().as_secs(), 90);
        assert_eq!(parse_duration("2m").unwrap().as_secs(), 120);
        assert!(parse_duration("x").is_err());
        assert_eq!(parse_memory("2g").unwrap(), 2048);
        assert_eq!(parse_memory("512").unwrap(), 512);
    }
}
