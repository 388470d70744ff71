//! The results page's form, after the multipart read (axum's): the
//! fields a browser (or anyone) sends, the file, the options read against
//! each procedure's schema, the answer and the page rendered around it
//! (`countback::serve::respond_to_form`). Never a panic, and every answer
//! is a status the page documents.
//!
//! The input is split at NUL bytes: the first part is the file's name, the
//! second its bytes, the rest `field=value` pairs (names from the page's
//! own form are likeliest to reach deep; the seeds use them).
#![no_main]

use std::collections::BTreeMap;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut parts = data.split(|b| *b == 0);
    let name = String::from_utf8_lossy(parts.next().unwrap_or_default()).into_owned();
    let file = parts.next().map(|bytes| (name, bytes.to_vec()));
    let mut fields = BTreeMap::new();
    for part in parts {
        let text = String::from_utf8_lossy(part);
        let (key, value) = text.split_once('=').unwrap_or((&text, ""));
        fields.insert(key.to_owned(), value.to_owned());
    }
    let status = countback::serve::respond_to_form(file, fields);
    assert!(
        matches!(status, 200 | 400 | 413 | 422),
        "an undocumented status {status}"
    );
});
