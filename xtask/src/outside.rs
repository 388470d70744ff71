//! `cargo xtask outside`: every README and crate-level example, compiled
//! and run as a crate outside the workspace would write it.
//!
//! Doc tests run inside the workspace, where a renamed dependency or a
//! hidden line can make an example pass that a stranger cannot copy. This
//! check writes a scratch crate into the target directory, with its own
//! `[workspace]` (so cargo does not take it for a member of ours) and the
//! libraries as plain path dependencies under their published names. Each
//! Rust block of each publishable crate's README and crate-level docs
//! becomes one example target of it; all are built in one cargo call that
//! shares the workspace's target directory (the dependencies are already
//! compiled), then each is run. A block that does not build or run fails
//! the check, named by crate, file and line.
//!
//! README blocks are held to what a registry page shows: no rustdoc hidden
//! lines (`# …`), which crates.io prints verbatim. Blocks the check cannot
//! honestly run (`ignore`, `should_panic`, `compile_fail`, …) are refused,
//! not skipped; `no_run` blocks are built but not run, and said so.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::{ExitCode, Stdio};

use serde_json::Value;

use crate::meta::{self, Metadata, Package};

/// How a block is checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Not Rust (`text`, `toml`, `sh` …): nothing to check.
    NotRust,
    /// Built and run.
    Run,
    /// Built only (`no_run`).
    BuildOnly,
}

/// A fenced code block.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    /// The line of the opening fence in its file (1-based).
    pub line: usize,
    /// The info string after the fence.
    pub info: String,
    /// The lines between the fences.
    pub code: Vec<String>,
}

/// The fenced blocks of a Markdown text given as `(line number, line)`.
pub fn fenced_blocks(lines: &[(usize, String)]) -> Result<Vec<Block>, String> {
    let mut blocks = Vec::new();
    // (fence characters, indentation, block being read)
    let mut open: Option<(String, usize, Block)> = None;
    for (number, line) in lines {
        let indent = line.len() - line.trim_start_matches(' ').len();
        let trimmed = line.trim_start_matches(' ');
        let fence: String = trimmed
            .chars()
            .take_while(|c| *c == '`' || *c == '~')
            .collect();
        let is_fence = fence.len() >= 3 && fence.chars().all(|c| fence.starts_with(c));
        match open.take() {
            None if is_fence && indent <= 3 => {
                let info = trimmed.get(fence.len()..).unwrap_or("").trim().to_owned();
                open = Some((
                    fence,
                    indent,
                    Block {
                        line: *number,
                        info,
                        code: Vec::new(),
                    },
                ));
            }
            None => {}
            Some((f, _, block))
                if is_fence
                    && fence.starts_with(&f)
                    && trimmed
                        .get(fence.len()..)
                        .is_some_and(|r| r.trim().is_empty()) =>
            {
                blocks.push(block);
            }
            Some((f, i, mut block)) => {
                // Content keeps its own indentation beyond the fence's.
                let strip = indent.min(i);
                block.code.push(line.get(strip..).unwrap_or("").to_owned());
                open = Some((f, i, block));
            }
        }
    }
    match open {
        Some((_, _, block)) => Err(format!(
            "the code block opened at line {} is never closed",
            block.line
        )),
        None => Ok(blocks),
    }
}

/// How rustdoc would treat a block with this info string, and so how it is
/// checked here. A block rustdoc would not run as it stands is refused.
pub fn mode(info: &str) -> Result<Mode, String> {
    let tokens: Vec<&str> = info
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .collect();
    let known = |t: &str| {
        matches!(
            t,
            "rust"
                | "ignore"
                | "should_panic"
                | "no_run"
                | "compile_fail"
                | "test_harness"
                | "standalone_crate"
                | "edition2015"
                | "edition2018"
                | "edition2021"
                | "edition2024"
        ) || t.starts_with("ignore-")
            || (t.len() == 5 && t.starts_with('E') && t.chars().skip(1).all(|c| c.is_ascii_digit()))
    };
    // rustdoc: a block is Rust unless it carries a word it does not know
    // and no `rust`.
    if tokens.iter().any(|t| !known(t)) && !tokens.contains(&"rust") {
        return Ok(Mode::NotRust);
    }
    let refused: Vec<&str> = tokens
        .iter()
        .copied()
        .filter(|t| {
            !matches!(*t, "rust" | "no_run" | "standalone_crate" | "edition2021") && known(t)
        })
        .collect();
    if !refused.is_empty() {
        return Err(format!(
            "`{}`: a public example must compile and run as written (or be `no_run`); this check cannot run one marked {}",
            info,
            refused.join(", ")
        ));
    }
    Ok(if tokens.contains(&"no_run") {
        Mode::BuildOnly
    } else {
        Mode::Run
    })
}

/// A line as rustdoc compiles it, and whether rustdoc hides it.
pub fn unhide(line: &str) -> (String, bool) {
    let trimmed = line.trim_start();
    if trimmed == "#" {
        return (String::new(), true);
    }
    if let Some(rest) = trimmed.strip_prefix("##") {
        // `##` escapes a line that starts with `#`.
        let indent = line.len() - trimmed.len();
        return (
            format!("{}#{rest}", line.get(..indent).unwrap_or("")),
            false,
        );
    }
    match trimmed
        .strip_prefix("# ")
        .or_else(|| trimmed.strip_prefix("#\t"))
    {
        Some(rest) => (rest.to_owned(), true),
        None => (line.to_owned(), false),
    }
}

/// The program a block stands for, as rustdoc builds it: the block itself
/// when it has a `fn main`, otherwise wrapped in one (returning its
/// `Result` when it ends in `Ok(())`-style `(())`). Crate attributes
/// (`#![…]`) at the top stay at the top.
pub fn program(code: &[String]) -> String {
    let has_main = code.iter().any(|l| {
        let t = l.trim_start();
        t.starts_with("fn main(") || t.starts_with("fn main (") || t.starts_with("pub fn main(")
    });
    if has_main {
        return code.join("\n") + "\n";
    }
    let attrs = code
        .iter()
        .take_while(|l| l.trim_start().starts_with("#![") || l.trim().is_empty())
        .count();
    let (head, body) = code.split_at(attrs);
    let returns_result = body
        .iter()
        .rev()
        .find(|l| !l.trim().is_empty())
        .is_some_and(|l| l.trim_end().ends_with("(())"));
    let mut out = head.join("\n");
    out.push('\n');
    if returns_result {
        out.push_str("fn main() {\n    fn _inner() -> Result<(), impl core::fmt::Debug> {\n");
        out.push_str(&body.join("\n"));
        out.push_str("\n    }\n    _inner().unwrap()\n}\n");
    } else {
        out.push_str("fn main() {\n");
        out.push_str(&body.join("\n"));
        out.push_str("\n}\n");
    }
    out
}

/// Where a block came from.
#[derive(Debug, Clone)]
struct Source {
    package: String,
    /// The file, relative to the workspace root.
    file: PathBuf,
    /// A README: registry pages show it verbatim.
    readme: bool,
}

/// One example of the scratch crate.
#[derive(Debug, Clone)]
struct Example {
    /// The example target's name.
    name: String,
    source: Source,
    line: usize,
    mode: Mode,
    program: String,
}

impl Example {
    fn origin(&self) -> String {
        format!(
            "{}: {} line {}",
            self.source.package,
            self.source.file.display(),
            self.line
        )
    }
}

/// The crate-level docs of a library root: its leading `//!` lines, and
/// the files its `#![doc = include_str!("…")]` attributes include.
/// Lines with their 1-based line numbers in their file.
type Numbered = Vec<(usize, String)>;

fn crate_docs(lib: &Path) -> Result<(Numbered, Vec<PathBuf>), String> {
    let text = std::fs::read_to_string(lib).map_err(|e| format!("{}: {e}", lib.display()))?;
    let mut lines = Vec::new();
    let mut included = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if let Some(doc) = t.strip_prefix("//!") {
            lines.push((i + 1, doc.strip_prefix(' ').unwrap_or(doc).to_owned()));
        } else if let Some(attr) = t
            .strip_prefix("#![doc")
            .filter(|a| !a.trim_start().starts_with('('))
        {
            // `#![doc = …]` adds text; `#![doc(…)]` only sets options.
            let file = attr
                .split_once("include_str!(\"")
                .and_then(|(_, rest)| rest.split_once('"'))
                .map(|(file, _)| file);
            match file {
                Some(file) => {
                    let dir = lib.parent().unwrap_or(Path::new("."));
                    included.push(dir.join(file));
                }
                None => {
                    return Err(format!(
                        "{} line {}: a crate doc attribute this check cannot read: {t}",
                        lib.display(),
                        i + 1
                    ))
                }
            }
        } else if t.is_empty() || t.starts_with("#![") || t.starts_with("//") {
            continue;
        } else {
            // The first item: crate-level docs end here.
            break;
        }
    }
    Ok((lines, included))
}

fn numbered(text: &str) -> Numbered {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.to_owned()))
        .collect()
}

fn relative(root: &Path, file: &Path) -> PathBuf {
    file.strip_prefix(root).unwrap_or(file).to_path_buf()
}

/// Every example of one package, or why one cannot be checked.
fn examples_of(root: &Path, p: &Package, errors: &mut Vec<String>) -> Vec<Example> {
    let mut sources: Vec<(Source, Numbered)> = Vec::new();
    let mut seen: BTreeSet<PathBuf> = BTreeSet::new();
    let mut add_file = |file: &Path, readme: bool, errors: &mut Vec<String>| {
        let canonical = file.canonicalize().unwrap_or_else(|_| file.to_path_buf());
        if !seen.insert(canonical) {
            return None;
        }
        match std::fs::read_to_string(file) {
            Ok(text) => Some((
                Source {
                    package: p.name.clone(),
                    file: relative(root, file),
                    readme,
                },
                numbered(&text),
            )),
            Err(e) => {
                errors.push(format!("{}: {}: {e}", p.name, file.display()));
                None
            }
        }
    };
    if let Some(readme) = &p.readme {
        sources.extend(add_file(readme, true, errors));
    }
    if let Some((_, lib)) = &p.lib {
        match crate_docs(lib) {
            Ok((lines, included)) => {
                for file in included {
                    let is_readme = p.readme.as_deref() == Some(file.as_path())
                        || file.file_name().is_some_and(|n| n == "README.md");
                    sources.extend(add_file(&file, is_readme, errors));
                }
                sources.push((
                    Source {
                        package: p.name.clone(),
                        file: relative(root, lib),
                        readme: false,
                    },
                    lines,
                ));
            }
            Err(e) => errors.push(format!("{}: {e}", p.name)),
        }
    }
    let mut out = Vec::new();
    for (source, lines) in sources {
        let blocks = match fenced_blocks(&lines) {
            Ok(b) => b,
            Err(e) => {
                errors.push(format!("{}: {}: {e}", p.name, source.file.display()));
                continue;
            }
        };
        for block in blocks {
            let at = format!("{}: {} line {}", p.name, source.file.display(), block.line);
            let mode = match mode(&block.info) {
                Ok(Mode::NotRust) => continue,
                Ok(m) => m,
                Err(e) => {
                    errors.push(format!("{at}: {e}"));
                    continue;
                }
            };
            let mut code = Vec::new();
            for (offset, line) in block.code.iter().enumerate() {
                let (line, hidden) = unhide(line);
                if hidden && source.readme {
                    errors.push(format!(
                        "{}: {} line {}: a hidden line (`# …`) in a README: the registry page prints it as it is; write the example as a whole program",
                        p.name,
                        source.file.display(),
                        block.line + 1 + offset
                    ));
                }
                code.push(line);
            }
            let kind = if source.readme { "readme" } else { "doc" };
            out.push(Example {
                name: format!("{}_{kind}_{}", p.name.replace('-', "_"), block.line),
                source: source.clone(),
                line: block.line,
                mode,
                program: program(&code),
            });
        }
    }
    out
}

/// The workspace libraries an example names (`countback_model::…`,
/// `use countback_model`), by package name.
fn libraries_used(program: &str, libs: &BTreeMap<String, String>) -> BTreeSet<String> {
    let mut used = BTreeSet::new();
    for (lib, package) in libs {
        let mut rest = program;
        while let Some(at) = rest.find(lib.as_str()) {
            let before = rest.get(..at).and_then(|b| b.chars().next_back());
            let after = rest.get(at + lib.len()..).unwrap_or("");
            let starts_word = !before.is_some_and(|c| c.is_alphanumeric() || c == '_');
            if starts_word && (after.starts_with("::") || after.starts_with(';')) {
                used.insert(package.clone());
                break;
            }
            rest = after;
        }
    }
    used
}

/// `name = "…"` / `version = "…"` pairs of a lock file.
fn locked(text: &str) -> BTreeSet<(String, String)> {
    let mut out = BTreeSet::new();
    let mut name: Option<String> = None;
    for line in text.lines() {
        let value = |key: &str| {
            line.strip_prefix(key)
                .and_then(|r| r.strip_prefix(" = \""))
                .and_then(|r| r.strip_suffix('"'))
                .map(str::to_owned)
        };
        if let Some(n) = value("name") {
            name = Some(n);
        } else if let (Some(v), Some(n)) = (value("version"), name.take()) {
            out.insert((n, v));
        }
    }
    out
}

/// A TOML basic string.
fn toml_string(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

const SCRATCH: &str = "countback-outside";

/// An I/O error, naming the file.
fn io(what: &Path) -> impl Fn(std::io::Error) -> String + '_ {
    move |e| format!("{}: {e}", what.display())
}

fn write_scratch(
    dir: &Path,
    examples: &[Example],
    deps: &BTreeMap<String, PathBuf>,
    lock: &Path,
) -> Result<(), String> {
    let ex = dir.join("examples");
    if ex.exists() {
        // Examples of an earlier run whose block has gone must not linger.
        std::fs::remove_dir_all(&ex).map_err(io(&ex))?;
    }
    std::fs::create_dir_all(&ex).map_err(io(&ex))?;
    let mut manifest = format!(
        "# Written by `cargo xtask outside`: a crate outside the countback workspace\n\
         # that uses its libraries as a stranger would, with every README and\n\
         # crate-level example as an example target.\n\
         [package]\nname = \"{SCRATCH}\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
         # Its own workspace: it sits in the target directory of another.\n\
         [workspace]\n\n[dependencies]\n"
    );
    for (name, path) in deps {
        manifest.push_str(&format!(
            "{name} = {{ path = {} }}\n",
            toml_string(&path.to_string_lossy())
        ));
    }
    let m = dir.join("Cargo.toml");
    std::fs::write(&m, manifest).map_err(io(&m))?;
    // The workspace's lock, so the examples meet the locked versions.
    let l = dir.join("Cargo.lock");
    std::fs::copy(lock, &l).map_err(io(&l))?;
    let src = dir.join("src");
    std::fs::create_dir_all(&src).map_err(io(&src))?;
    let lib = src.join("lib.rs");
    std::fs::write(&lib, "//! Nothing: the examples are the point.\n").map_err(io(&lib))?;
    for e in examples {
        let f = ex.join(format!("{}.rs", e.name));
        let text = format!(
            "// {} (written by `cargo xtask outside`: edit the source, not this file)\n{}",
            e.origin(),
            e.program
        );
        std::fs::write(&f, text).map_err(io(&f))?;
    }
    Ok(())
}

/// Build every example in one cargo call; the executables by example name.
fn build(dir: &Path, target: &Path) -> Result<(bool, BTreeMap<String, PathBuf>), String> {
    let manifest = dir.join("Cargo.toml");
    let out = meta::cargo()
        .args(["build", "--examples", "--keep-going", "--offline"])
        .args([
            "--message-format",
            "json-render-diagnostics",
            "--manifest-path",
        ])
        .arg(&manifest)
        .env("CARGO_TARGET_DIR", target)
        .current_dir(dir)
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    let mut built = BTreeMap::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let Ok(msg) = serde_json::from_str::<Value>(line) else {
            continue;
        };
        if msg.get("reason").and_then(Value::as_str) != Some("compiler-artifact") {
            continue;
        }
        let target = msg.get("target");
        let is_example = target
            .and_then(|t| t.get("kind"))
            .and_then(Value::as_array)
            .is_some_and(|k| k.iter().any(|k| k == "example"));
        let name = target.and_then(|t| t.get("name")).and_then(Value::as_str);
        let exe = msg.get("executable").and_then(Value::as_str);
        if let (true, Some(name), Some(exe)) = (is_example, name, exe) {
            built.insert(name.to_owned(), PathBuf::from(exe));
        }
    }
    Ok((out.status.success(), built))
}

pub fn run(args: &[String]) -> ExitCode {
    if !args.is_empty() {
        eprintln!("usage: cargo xtask outside");
        return ExitCode::from(2);
    }
    match check() {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("outside: {e}");
            ExitCode::from(2)
        }
    }
}

fn check() -> Result<bool, String> {
    let Metadata {
        workspace_root: root,
        target_directory: target,
        members,
        ..
    } = meta::metadata(true)?;
    let published: Vec<&Package> = members.iter().filter(|p| p.publishable).collect();
    let libs: BTreeMap<String, String> = published
        .iter()
        .filter_map(|p| Some((p.lib.as_ref()?.0.clone(), p.name.clone())))
        .collect();
    let mut errors = Vec::new();
    let mut examples = Vec::new();
    for p in &published {
        let found = examples_of(&root, p, &mut errors);
        println!("{}: {} example(s)", p.name, found.len());
        examples.extend(found);
    }
    for e in &errors {
        eprintln!("FAIL {e}");
    }
    let mut deps = BTreeMap::new();
    for e in &examples {
        let mut used = libraries_used(&e.program, &libs);
        used.insert(e.source.package.clone());
        for name in used {
            if let Some(p) = published.iter().find(|p| p.name == name) {
                deps.insert(name, p.dir());
            }
        }
    }
    let dir = target.join("outside");
    write_scratch(&dir, &examples, &deps, &root.join("Cargo.lock"))?;
    println!(
        "building {} examples in {} (dependencies: {})",
        examples.len(),
        dir.display(),
        deps.keys().cloned().collect::<Vec<_>>().join(", ")
    );
    let (built_all, built) = build(&dir, &target)?;
    let mut failed = errors.len();
    for e in &examples {
        let Some(exe) = built.get(&e.name) else {
            eprintln!(
                "FAIL {}: does not compile (examples/{}.rs above)",
                e.origin(),
                e.name
            );
            failed += 1;
            continue;
        };
        if e.mode == Mode::BuildOnly {
            println!("built {} (no_run: not run)", e.origin());
            continue;
        }
        let out = std::process::Command::new(exe)
            .current_dir(&dir)
            .output()
            .map_err(|err| format!("cannot run {}: {err}", exe.display()))?;
        if out.status.success() {
            println!("ok   {}", e.origin());
        } else {
            eprintln!(
                "FAIL {}: exits with {}\n{}{}",
                e.origin(),
                out.status,
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
            failed += 1;
        }
    }
    if !built_all && failed == errors.len() {
        eprintln!("FAIL the scratch crate did not build (see cargo's messages above)");
        failed += 1;
    }
    // The examples must have met the locked versions, not fresh ones.
    let ours = std::fs::read_to_string(root.join("Cargo.lock")).map_err(|e| e.to_string())?;
    let theirs = std::fs::read_to_string(dir.join("Cargo.lock")).map_err(|e| e.to_string())?;
    let ours = locked(&ours);
    for (name, version) in locked(&theirs) {
        if name != SCRATCH && !ours.contains(&(name.clone(), version.clone())) {
            eprintln!(
                "FAIL the scratch crate resolved {name} {version}, which Cargo.lock does not hold"
            );
            failed += 1;
        }
    }
    if failed > 0 {
        eprintln!(
            "outside: {failed} failure(s) in {} examples",
            examples.len()
        );
        return Ok(false);
    }
    println!(
        "outside: {} examples compile and run as an outside crate writes them",
        examples.len()
    );
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Numbered {
        numbered(text)
    }

    #[test]
    fn blocks_are_found_with_their_line_and_info() {
        let text = "intro\n```rust\nlet a = 1;\n```\n\n```toml\nx = 1\n```\n~~~\nplain\n~~~\n";
        let blocks = fenced_blocks(&lines(text)).unwrap();
        let got: Vec<(usize, &str, Vec<String>)> = blocks
            .iter()
            .map(|b| (b.line, b.info.as_str(), b.code.clone()))
            .collect();
        assert_eq!(
            got,
            vec![
                (2, "rust", vec!["let a = 1;".to_owned()]),
                (6, "toml", vec!["x = 1".to_owned()]),
                (9, "", vec!["plain".to_owned()]),
            ]
        );
    }

    #[test]
    fn a_longer_fence_holds_a_shorter_one() {
        let text = "````md\n```rust\nx\n```\n````\n";
        let blocks = fenced_blocks(&lines(text)).unwrap();
        assert_eq!(blocks.len(), 1);
        assert_eq!(blocks[0].code, ["```rust", "x", "```"]);
    }

    #[test]
    fn an_unclosed_block_is_an_error() {
        let err = fenced_blocks(&lines("a\n```rust\nx\n")).unwrap_err();
        assert!(err.contains("line 2"), "{err}");
    }

    #[test]
    fn info_strings_are_read_as_rustdoc_reads_them() {
        let cases = [
            ("", Ok(Mode::Run)),
            ("rust", Ok(Mode::Run)),
            ("rust,no_run", Ok(Mode::BuildOnly)),
            ("no_run", Ok(Mode::BuildOnly)),
            ("text", Ok(Mode::NotRust)),
            ("toml", Ok(Mode::NotRust)),
            ("sh", Ok(Mode::NotRust)),
            ("edition2021", Ok(Mode::Run)),
        ];
        for (info, want) in cases {
            assert_eq!(mode(info), want, "{info:?}");
        }
        for refused in [
            "ignore",
            "rust,ignore",
            "should_panic",
            "compile_fail,E0432",
            "edition2018",
        ] {
            assert!(mode(refused).is_err(), "{refused:?} should be refused");
        }
    }

    #[test]
    fn hidden_lines_are_compiled_and_flagged() {
        assert_eq!(
            unhide("# Ok::<(), E>(())"),
            ("Ok::<(), E>(())".to_owned(), true)
        );
        assert_eq!(unhide("#"), (String::new(), true));
        assert_eq!(unhide("    ## x"), ("    # x".to_owned(), false));
        assert_eq!(
            unhide("#[derive(Debug)]"),
            ("#[derive(Debug)]".to_owned(), false)
        );
        assert_eq!(unhide("let x = 1;"), ("let x = 1;".to_owned(), false));
    }

    fn code(text: &str) -> Vec<String> {
        text.lines().map(str::to_owned).collect()
    }

    #[test]
    fn a_block_with_main_is_left_as_it_is() {
        let c = code("use a::b;\n\nfn main() {\n    b();\n}");
        assert_eq!(program(&c), "use a::b;\n\nfn main() {\n    b();\n}\n");
    }

    #[test]
    fn a_block_without_main_is_wrapped_as_rustdoc_wraps_it() {
        assert_eq!(
            program(&code("let x = 1;")),
            "\nfn main() {\nlet x = 1;\n}\n"
        );
        let wrapped = program(&code("#![allow(unused)]\nlet x = f()?;\nOk::<(), E>(())"));
        assert!(wrapped.starts_with("#![allow(unused)]\nfn main() {\n    fn _inner() -> Result<(), impl core::fmt::Debug> {\nlet x"), "{wrapped}");
        assert!(
            wrapped.ends_with("Ok::<(), E>(())\n    }\n    _inner().unwrap()\n}\n"),
            "{wrapped}"
        );
    }

    #[test]
    fn libraries_are_found_by_path_not_by_prefix() {
        let libs: BTreeMap<String, String> = [
            ("countback_model".to_owned(), "countback-model".to_owned()),
            ("countback_usebio".to_owned(), "countback-usebio".to_owned()),
            ("countback".to_owned(), "countback".to_owned()),
        ]
        .into();
        let used = libraries_used("use countback_model::Score;\nlet s = countback_usebio::audit(x);\n// countback is nice", &libs);
        assert_eq!(
            used.into_iter().collect::<Vec<_>>(),
            ["countback-model", "countback-usebio"]
        );
    }

    #[test]
    fn lock_files_are_read_as_name_and_version() {
        let text = "[[package]]\nname = \"a\"\nversion = \"1.0.0\"\nsource = \"x\"\n\n[[package]]\nname = \"b\"\nversion = \"0.2.1\"\ndependencies = [\n \"a\",\n]\n";
        let got: Vec<(String, String)> = locked(text).into_iter().collect();
        assert_eq!(
            got,
            [
                ("a".to_owned(), "1.0.0".to_owned()),
                ("b".to_owned(), "0.2.1".to_owned())
            ]
        );
    }

    #[test]
    fn crate_docs_stop_at_the_first_item_and_name_included_files() {
        let dir = std::env::temp_dir().join(format!("xtask-outside-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let lib = dir.join("lib.rs");
        std::fs::write(
            &lib,
            "#![doc = include_str!(\"../README.md\")]\n//!\n//! ## Overview\n#![forbid(unsafe_code)]\n\n/// item doc\npub fn f() {}\n//! not crate docs\n",
        )
        .unwrap();
        let (lines, included) = crate_docs(&lib).unwrap();
        assert_eq!(lines, [(2, String::new()), (3, "## Overview".to_owned())]);
        assert_eq!(included, [dir.join("../README.md")]);
        std::fs::write(&lib, "#![doc = concat!(\"a\", \"b\")]\n").unwrap();
        assert!(crate_docs(&lib).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
