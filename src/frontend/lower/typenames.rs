//! The typedef names a function definition writes its return and parameter types with
//! (`sds sdsnewlen(const void *init, size_t initlen)` returns an `sds`), which the IR's
//! resolved types no longer show, and the pointers to *opaque* structs it writes
//! (`threadpool_t *threadpool_create(int, int, int)`: a struct defined in a `.c` file,
//! which a caller in another file sees only declared), named by the struct. The entry
//! harness builds a parameter of such a handle type the way the code base builds one
//! (contract/handles.rs).

use lang_c::ast::{DeclarationSpecifier, Declarator, DerivedDeclarator, FunctionDefinition, TypeSpecifier};
use lang_c::span::Node;

use crate::ir::TypeNames;

/// How declaration specifiers name a struct or union: by a typedef name or by its tag.
#[derive(Clone, Debug, PartialEq)]
pub enum Named {
    Typedef(String),
    Tag(String),
}

/// The one type name `specs` use (qualifiers aside): a typedef name, or a struct or union
/// tag written without members.
fn named(specs: &[Node<DeclarationSpecifier>]) -> Option<Named> {
    let mut names = specs.iter().filter_map(|s| match &s.node {
        DeclarationSpecifier::TypeSpecifier(t) => Some(match &t.node {
            TypeSpecifier::TypedefName(id) => Some(Named::Typedef(id.node.name.clone())),
            TypeSpecifier::Struct(st) if st.node.declarations.is_none() => {
                st.node.identifier.as_ref().map(|i| Named::Tag(i.node.name.clone()))
            }
            _ => None,
        }),
        _ => None,
    });
    let first = names.next()??;
    names.next().is_none().then_some(first)
}

/// The handle name of a type written as `specs` and a declarator deriving `derived`, as
/// `name` gives it for the type name the specifiers use and whether the declarator adds one
/// pointer to it (no other declarator has one).
fn handle_name(
    specs: &[Node<DeclarationSpecifier>],
    derived: &[Node<DerivedDeclarator>],
    name: &dyn Fn(&Named, bool) -> Option<String>,
) -> Option<String> {
    match derived {
        [] => name(&named(specs)?, false),
        [one] if matches!(one.node, DerivedDeclarator::Pointer(_)) => name(&named(specs)?, true),
        _ => None,
    }
}

fn derived_of(d: &Option<Node<Declarator>>) -> &[Node<DerivedDeclarator>] {
    d.as_ref().map_or(&[], |d| d.node.derived.as_slice())
}

/// The handle names of `fd`'s return type and parameters (None when no position has one),
/// as `name` gives them (see [`handle_name`]): the lowerer names a typedef by itself, and a
/// pointer to an opaque struct by the struct, however it is spelt (`thpool_ *`,
/// `struct thpool_ *` and a `threadpool` typedef of it are one handle type).
pub fn of_definition(
    fd: &Node<FunctionDefinition>,
    name: &dyn Fn(&Named, bool) -> Option<String>,
) -> Option<TypeNames> {
    let derived = &fd.node.declarator.node.derived;
    let (ret_derived, func) = match derived.as_slice() {
        [rest @ .., last] => match &last.node {
            DerivedDeclarator::Function(func) => (rest, func),
            _ => return None,
        },
        [] => return None,
    };
    let ret = handle_name(&fd.node.specifiers, ret_derived, name);
    let params: Vec<Option<String>> = func
        .node
        .parameters
        .iter()
        .map(|p| handle_name(&p.node.specifiers, derived_of(&p.node.declarator), name))
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
            lang_c::ast::ExternalDeclaration::FunctionDefinition(fd) => {
                Some(of_definition(fd, &|n, pointer| match (n, pointer) {
                    (Named::Typedef(t), false) => Some(t.clone()),
                    (Named::Typedef(t), true) if t == "pool_t" => Some("struct pool *".into()),
                    (Named::Tag(t), true) if t == "pool" || t == "conn" => Some(format!("struct {t} *")),
                    _ => None,
                }))
            }
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

    #[test]
    fn pointers_to_opaque_structs_are_handles() {
        let src = "typedef struct pool pool_t; typedef struct other other;\n\
                   pool_t *f(struct pool *p, pool_t **q, other *o, struct conn *c, struct conn d) { return p; }";
        let t = names(src).expect("names");
        assert_eq!(t.ret.as_deref(), Some("struct pool *"));
        assert_eq!(t.params, vec![Some("struct pool *".into()), None, None, Some("struct conn *".into()), None]);
        // a pointer-returning function whose pointee is not opaque has none
        assert!(names("typedef struct other other;\nother *g(int x) { return 0; }").is_none());
    }
}
