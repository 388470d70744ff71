//! Nothing a director writes is silently ignored: every key of every
//! shipped example and test event, misspelt, makes `countback` exit 65 with
//! a message naming the misspelt key.
#![allow(clippy::unwrap_used, clippy::panic)]

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use toml_edit::{DocumentMut, Item, Value};

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

fn keys_of_item(item: &Item, prefix: &[Step], out: &mut Vec<Vec<Step>>) {
    match item {
        Item::Table(t) => {
            for (k, v) in t.iter() {
                let mut p = prefix.to_vec();
                p.push(Step::Key(k.to_owned()));
                out.push(p.clone());
                keys_of_item(v, &p, out);
            }
        }
        Item::ArrayOfTables(a) => {
            for (i, t) in a.iter().enumerate() {
                let mut p = prefix.to_vec();
                p.push(Step::Index(i));
                keys_of_item(&Item::Table(t.clone()), &p, out);
            }
        }
        Item::Value(v) => keys_of_value(v, prefix, out),
        Item::None => {}
    }
}

fn keys_of_value(v: &Value, prefix: &[Step], out: &mut Vec<Vec<Step>>) {
    match v {
        Value::InlineTable(t) => {
            for (k, v) in t.iter() {
                let mut p = prefix.to_vec();
                p.push(Step::Key(k.to_owned()));
                out.push(p.clone());
                keys_of_value(v, &p, out);
            }
        }
        Value::Array(a) => {
            for (i, v) in a.iter().enumerate() {
                let mut p = prefix.to_vec();
                p.push(Step::Index(i));
                keys_of_value(v, &p, out);
            }
        }
        _ => {}
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
        keys_of_item(doc.as_item(), &[], &mut keys);
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
