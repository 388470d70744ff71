//! JSON Schema helpers shared by the rule crates' `schemars` features.

use schemars::Schema;

/// Writes a unit-only enum's schema as a list of its names,
/// `{"type": "string", "enum": [...]}`, rather than schemars' `oneOf` of
/// one `const` per documented variant.
///
/// A rule crate's reading (which of two texts a rule book allows) is
/// documented variant by variant for the Rust reader, while a file format
/// lists only its names, with the whole choice described once on the
/// enum. Used as `#[schemars(transform = countback_model::schema::names_only)]`.
/// A schema that is not a `oneOf` of `const`s is left as it is.
pub fn names_only(schema: &mut Schema) {
    let Some(object) = schema.as_object_mut() else {
        return;
    };
    let names: Option<Vec<_>> = object
        .get("oneOf")
        .and_then(|one_of| one_of.as_array())
        .and_then(|variants| variants.iter().map(|v| v.get("const").cloned()).collect());
    if let Some(names) = names {
        object.remove("oneOf");
        object.insert("type".into(), "string".into());
        object.insert("enum".into(), names.into());
    }
}
