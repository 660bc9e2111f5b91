//! The typedef names a function definition writes its return and parameter types with
//! (`sds sdsnewlen(const void *init, size_t initlen)` returns an `sds`), which the IR's
//! resolved types no longer show. The entry harness builds a parameter of an opaque handle
//! type the way the code base builds one (contract/handles.rs).

use lang_c::ast::{DeclarationSpecifier, Declarator, DerivedDeclarator, FunctionDefinition, TypeSpecifier};
use lang_c::span::Node;

use crate::ir::TypeNames;

/// The typedef name `specs` use, when they use exactly one (qualifiers aside).
fn typedef_name(specs: &[Node<DeclarationSpecifier>]) -> Option<String> {
    let mut names = specs.iter().filter_map(|s| match &s.node {
        DeclarationSpecifier::TypeSpecifier(t) => Some(match &t.node {
            TypeSpecifier::TypedefName(id) => Some(id.node.name.clone()),
            _ => None,
        }),
        _ => None,
    });
    let first = names.next()??;
    names.next().is_none().then_some(first)
}

/// Whether a declarator only names (no pointer, array or function part of its own).
fn plain(d: &Option<Node<Declarator>>) -> bool {
    d.as_ref().is_none_or(|d| d.node.derived.is_empty())
}

/// The typedef names of `fd`'s return type and parameters, where the declarator adds nothing
/// to the typedef (None when no position has one).
pub fn of_definition(fd: &Node<FunctionDefinition>) -> Option<TypeNames> {
    let derived = &fd.node.declarator.node.derived;
    let [only] = derived.as_slice() else { return None };
    let DerivedDeclarator::Function(func) = &only.node else { return None };
    let ret = typedef_name(&fd.node.specifiers);
    let params: Vec<Option<String>> = func
        .node
        .parameters
        .iter()
        .map(|p| if plain(&p.node.declarator) { typedef_name(&p.node.specifiers) } else { None })
        .collect();
    (ret.is_some() || params.iter().any(Option::is_some)).then_some(TypeNames { ret, params })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(src: &str) -> Option<TypeNames> {
        let cfg = lang_c::driver::Config::default();
        let parsed = lang_c::driver::parse_preprocessed(&cfg, src.to_string()).expect("parses");
        parsed.unit.0.iter().find_map(|d| match &d.node {
            lang_c::ast::ExternalDeclaration::FunctionDefinition(fd) => Some(of_definition(fd)),
            _ => None,
        })?
    }

    #[test]
    fn typedef_names_are_kept_only_where_the_declarator_adds_nothing() {
        let t = names("typedef char *sds; typedef unsigned long size_t;\nsds f(const sds a, sds *b, size_t n, char *c) { return a; }")
            .expect("names");
        assert_eq!(t.ret.as_deref(), Some("sds"));
        assert_eq!(t.params, vec![Some("sds".into()), None, Some("size_t".into()), None]);
        // a pointer to the typedef is not the typedef
        assert!(names("typedef char *sds;\nsds *g(int x) { return 0; }").is_none());
    }
}
