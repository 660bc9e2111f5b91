//! Calls across files: a unit is verified in one program with the units that define the
//! functions it calls (and, transitively, what those call), so a call into another file of the
//! code base is followed like any other call; only a function with no body anywhere in the
//! selected sources stays external.
//!
//! The link set of a unit is computed from what each unit, lowered alone, defines with
//! external linkage and calls without a body. A unit whose linked program does not lower (two
//! files defining the same external name, say) is verified alone, as before, and a call into
//! another file then stays UNKNOWN with the file named.

use std::collections::{HashMap, VecDeque};

use crate::ir::Program;

/// What one unit, lowered alone, offers to and needs from the others.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Interface {
    /// Functions it defines with external linkage.
    pub defines: Vec<String>,
    /// Functions it declares or calls without defining them (library models and system
    /// declarations left out).
    pub needs: Vec<String>,
}

/// The interface of a unit's program.
pub fn interface(p: &Program) -> Interface {
    let mut out = Interface::default();
    for f in &p.funcs {
        if f.model || f.system {
            continue;
        }
        let name = crate::ir::fingerprint::base_name(&f.name).to_string();
        match (&f.body, f.internal) {
            (Some(_), false) => out.defines.push(name),
            (Some(_), true) => {}
            (None, _) => out.needs.push(name),
        }
    }
    out.defines.sort();
    out.defines.dedup();
    out.needs.sort();
    out.needs.dedup();
    out
}

/// For each unit, the units to lower with it: itself first, then every unit that defines a
/// function it needs, transitively, in the order found. A name several units define is taken
/// from the first of them. A unit without an interface (it does not lower) links nothing.
pub fn link_sets(interfaces: &[Option<Interface>]) -> Vec<Vec<usize>> {
    let mut definer: HashMap<&str, usize> = HashMap::new();
    for (i, it) in interfaces.iter().enumerate() {
        for name in it.iter().flat_map(|it| &it.defines) {
            definer.entry(name.as_str()).or_insert(i);
        }
    }
    (0..interfaces.len())
        .map(|start| {
            let mut set = vec![start];
            let mut queue = VecDeque::from([start]);
            while let Some(u) = queue.pop_front() {
                for name in interfaces[u].iter().flat_map(|it| &it.needs) {
                    if let Some(&d) = definer.get(name.as_str()) {
                        if !set.contains(&d) {
                            set.push(d);
                            queue.push_back(d);
                        }
                    }
                }
            }
            set
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn it(defines: &[&str], needs: &[&str]) -> Option<Interface> {
        Some(Interface {
            defines: defines.iter().map(|s| s.to_string()).collect(),
            needs: needs.iter().map(|s| s.to_string()).collect(),
        })
    }

    #[test]
    fn a_unit_links_the_definers_of_what_it_needs_transitively() {
        // 0 calls f (in 1), which calls g (in 2); 3 stands alone; 4 does not lower
        let sets =
            link_sets(&[it(&["main"], &["f"]), it(&["f"], &["g"]), it(&["g"], &["puts_like"]), it(&["h"], &[]), None]);
        assert_eq!(sets[0], vec![0, 1, 2]);
        assert_eq!(sets[1], vec![1, 2]);
        assert_eq!(sets[2], vec![2]);
        assert_eq!(sets[3], vec![3]);
        assert_eq!(sets[4], vec![4]);
    }

    #[test]
    fn mutual_calls_link_both_ways_once() {
        let sets = link_sets(&[it(&["a"], &["b"]), it(&["b"], &["a"])]);
        assert_eq!(sets, vec![vec![0, 1], vec![1, 0]]);
    }

    #[test]
    fn interface_of_a_program_keeps_external_definitions_and_needs() {
        let text = "static int helper(int x) { return x + 1; }\n\
                    int ext(int);\n\
                    int api(int x) { return helper(ext(x)); }\n"
            .to_string();
        let p = crate::frontend::load_preprocessed(&[text], &Default::default()).expect("lowers");
        let i = interface(&p);
        assert!(i.defines.contains(&"api".to_string()));
        assert!(!i.defines.iter().any(|d| d == "helper"), "a static function is not offered to other units");
        assert!(i.needs.contains(&"ext".to_string()));
        assert!(!i.needs.iter().any(|n| n == "api" || n == "helper"));
    }
}
