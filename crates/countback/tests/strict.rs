//! Nothing a director writes is silently ignored: every key of every
//! shipped example and test event, misspelt, makes `countback` exit 65 with
//! a message naming the misspelt key.
#![allow(clippy::unwrap_used, clippy::panic)]

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use toml_edit::{DocumentMut, Item};

/// Every event file we ship or test with, and the command that reads it.
fn files() -> Vec<(PathBuf, &'static str)> {
    countback_test_support::files::event_files()
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            let cmd = if text.contains("[[boards]]") {
                "score"
            } else {
                "rank"
            };
            (p, cmd)
        })
        .collect()
}

/// One path to a key: a chain of (key or array index).
#[derive(Clone, Debug)]
enum Step {
    Key(String),
    Index(usize),
}

/// Every key path below `item`, in the file's order: each key of a table
/// (a `[table]` or an inline `{ … }`), then the keys below it, and the keys
/// inside each element of an array (of tables or of values).
fn keys_of(item: &Item, prefix: &[Step], out: &mut Vec<Vec<Step>>) {
    let at = |step: Step| {
        let mut p = prefix.to_vec();
        p.push(step);
        p
    };
    if let Some(table) = item.as_table_like() {
        for (k, v) in table.iter() {
            let p = at(Step::Key(k.to_owned()));
            out.push(p.clone());
            keys_of(v, &p, out);
        }
    } else if let Some(tables) = item.as_array_of_tables() {
        for (i, t) in tables.iter().enumerate() {
            keys_of(&Item::Table(t.clone()), &at(Step::Index(i)), out);
        }
    } else if let Some(values) = item.as_array() {
        for (i, v) in values.iter().enumerate() {
            keys_of(&Item::Value(v.clone()), &at(Step::Index(i)), out);
        }
    }
}

/// Rename the last key of `path` to `new`.
fn rename(doc: &mut DocumentMut, path: &[Step], new: &str) {
    let (last, parent) = path.split_last().unwrap();
    let Step::Key(old) = last else {
        panic!("a key path ends in a key")
    };
    let mut item: &mut Item = doc.as_item_mut();
    for s in parent {
        item = match s {
            Step::Key(k) => &mut item[k.as_str()],
            Step::Index(i) => &mut item[*i],
        };
    }
    let table = item.as_table_like_mut().unwrap();
    let value = table.remove(old).unwrap();
    table.insert(new, value);
}

fn run(cmd: &str, file: &Path) -> (i32, String) {
    let out = Command::cargo_bin("countback")
        .unwrap()
        .args([cmd, file.to_str().unwrap()])
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn every_key_of_every_example_misspelt_is_refused_by_name() {
    let dir = std::env::temp_dir().join(format!("countback-strict-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut tried = 0;
    for (path, cmd) in files() {
        let text = std::fs::read_to_string(&path).unwrap();
        // The file as shipped works.
        let (code, err) = run(cmd, &path);
        assert!(code == 0 || code == 3, "{}: {err}", path.display());
        let doc: DocumentMut = text.parse().unwrap();
        let mut keys = Vec::new();
        keys_of(doc.as_item(), &[], &mut keys);
        for key in keys {
            let Some(Step::Key(old)) = key.last() else {
                continue;
            };
            let new = format!("{old}x");
            let mut doc = doc.clone();
            rename(&mut doc, &key, &new);
            let file = dir.join(path.file_name().unwrap());
            std::fs::write(&file, doc.to_string()).unwrap();
            let (code, err) = run(cmd, &file);
            assert_eq!(
                code,
                65,
                "{}: {key:?} misspelt as {new:?} was accepted: {err}",
                path.display()
            );
            assert!(
                err.contains(&new),
                "{}: the message does not name {new:?}: {err}",
                path.display()
            );
            tried += 1;
        }
    }
    assert!(tried > 200, "only {tried} keys tried");
}
