//! A checker for the parts of JSON Schema (draft 2020-12) verdiff's published schemas use,
//! shared by the integration tests.

/// Checks `v` against the parts of a published JSON Schema verdiff's documents use:
/// required fields, `const`, `enum`, `type`, `oneOf`, `items` and `$ref` into `$defs`.
pub fn conforms(schema: &serde_json::Value, root: &serde_json::Value, v: &serde_json::Value, at: &str) -> Vec<String> {
    use serde_json::Value;
    let mut errs = Vec::new();
    if let Some(r) = schema.get("$ref").and_then(|r| r.as_str()) {
        let name = r.trim_start_matches("#/$defs/");
        return conforms(&root["$defs"][name], root, v, at);
    }
    if let Some(alts) = schema.get("oneOf").and_then(|a| a.as_array()) {
        if !alts.iter().any(|s| conforms(s, root, v, at).is_empty()) {
            errs.push(format!("{at}: matches no alternative"));
        }
        return errs;
    }
    if let Some(c) = schema.get("const") {
        if c != v {
            errs.push(format!("{at}: {v} is not {c}"));
        }
    }
    if let Some(e) = schema.get("enum").and_then(|e| e.as_array()) {
        if !e.contains(v) {
            errs.push(format!("{at}: {v} not in {e:?}"));
        }
    }
    if let Some(t) = schema.get("type") {
        let types: Vec<&str> = match t {
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
            _ => true,
        });
        if !ok {
            errs.push(format!("{at}: {v} is not of type {t}"));
        }
    }
    for key in schema.get("required").and_then(|r| r.as_array()).into_iter().flatten() {
        let k = key.as_str().unwrap_or("");
        if v.get(k).is_none() {
            errs.push(format!("{at}: field `{k}` missing"));
        }
    }
    if let (Some(props), Some(obj)) = (schema.get("properties").and_then(|p| p.as_object()), v.as_object()) {
        for (k, s) in props {
            if let Some(x) = obj.get(k) {
                errs.extend(conforms(s, root, x, &format!("{at}.{k}")));
            }
        }
    }
    if let (Some(items), Some(arr)) = (schema.get("items"), v.as_array()) {
        for (i, x) in arr.iter().enumerate() {
            errs.extend(conforms(items, root, x, &format!("{at}[{i}]")));
        }
    }
    errs
}
