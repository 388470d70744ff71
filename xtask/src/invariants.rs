//! Invariants of the source tree that no compiler checks, as plain tests
//! (`cargo test` alone is a complete check).
//!
//! - **The library speaks no command line** (issue 39): no message built
//!   below `crates/countback` names a flag (`--procedure`, `-o key=…`) or a
//!   command (`` `countback score` ``). The page shows the event library's
//!   words to people who cannot type either; what to do instead is typed
//!   data that each front end words for itself.
//! - **No function over 150 lines outside tests** (issue 39): clippy's
//!   `too_many_lines` is on for the workspace at 150 and every package
//!   inherits the workspace's lints, and no source outside tests allows it
//!   away.
//! - **A library without a unit-test target has no unit tests** (issue
//!   39): a crate whose manifest says `[lib] test = false` (so that the
//!   first `cargo test` does not compile it a second time as an empty
//!   harness) has no `#[test]` or `#[cfg(test)]` in `src/`, where it would
//!   never run.

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    /// The workspace root (xtask's parent).
    fn root() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default()
    }

    /// Every `.rs` file under `dir`.
    fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                rust_files(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }

    /// The string literals of a line that is not a comment (a literal may
    /// span lines; each line's quoted parts are enough for these words).
    fn quoted(line: &str) -> Vec<&str> {
        let code = line.trim_start();
        if code.starts_with("//") {
            return Vec::new();
        }
        code.split('"').skip(1).step_by(2).collect()
    }

    /// Command-line syntax in a message: a long flag, `-o key=`, or a
    /// command of the binary.
    fn command_line(text: &str) -> Option<&'static str> {
        let flag = text
            .split(|c: char| c.is_whitespace() || c == '(' || c == '`')
            .any(|w| {
                w.strip_prefix("--")
                    .and_then(|rest| rest.chars().next())
                    .is_some_and(|c| c.is_ascii_lowercase())
            });
        if flag {
            Some("a --flag")
        } else if text.contains("-o ") && text.contains('=') {
            Some("-o key=value")
        } else if text.contains("`countback ") {
            Some("a countback command")
        } else {
            None
        }
    }

    #[test]
    fn no_message_below_the_cli_speaks_command_line() {
        let crates = root().join("crates");
        let mut files = Vec::new();
        for lib in std::fs::read_dir(&crates).into_iter().flatten().flatten() {
            let name = lib.file_name().to_string_lossy().into_owned();
            // The CLI words its own flags; test support and the replay
            // harness (which drives `countback replay`) are not libraries
            // whose words reach the page.
            if ["countback", "test-support", "replay"].contains(&name.as_str()) {
                continue;
            }
            rust_files(&lib.path().join("src"), &mut files);
        }
        assert!(files.len() > 50, "found only {} source files", files.len());
        let mut found = Vec::new();
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap_or_default();
            let mut in_test = false;
            for (n, line) in text.lines().enumerate() {
                // Unit tests may say anything.
                if line.trim_start().starts_with("#[cfg(test)]") {
                    in_test = true;
                }
                if in_test {
                    break;
                }
                for q in quoted(line) {
                    if let Some(what) = command_line(q) {
                        found.push(format!("{}:{}: {what}: {q:?}", file.display(), n + 1));
                    }
                }
            }
        }
        assert!(
            found.is_empty(),
            "messages below crates/countback name the command line:\n{}",
            found.join("\n")
        );
    }

    /// Issue 39: the event file format names a procedure through the leaf
    /// `procedure.rs`, never through the registry of what each procedure
    /// reads and how it ranks (`procedures/`) or the ranking (`rank.rs`),
    /// which would close the circle from the format to the rank functions.
    #[test]
    fn the_event_file_format_does_not_depend_on_the_registry() {
        let file = root().join("crates/event/src/file.rs");
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        assert!(!text.is_empty(), "{} is not readable", file.display());
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or_default();
            for registry in ["crate::procedures", "crate::rank", "procedures::"] {
                assert!(
                    !code.contains(registry),
                    "{}:{}: the file format reaches the registry ({registry})",
                    file.display(),
                    n + 1
                );
            }
        }
    }

    #[test]
    fn the_check_finds_what_it_looks_for() {
        assert_eq!(command_line("use --procedure ebu"), Some("a --flag"));
        assert_eq!(command_line("(--match-by names)"), Some("a --flag"));
        assert_eq!(
            command_line("name it: -o convention=ebu"),
            Some("-o key=value")
        );
        assert_eq!(
            command_line("use `countback score FILE`"),
            Some("a countback command")
        );
        assert_eq!(command_line("a -- b"), None);
        assert_eq!(command_line("the option vp_scale"), None);
    }

    /// The lines of `text` before its unit tests (`#[cfg(test)]`).
    fn before_tests(text: &str) -> impl Iterator<Item = (usize, &str)> {
        text.lines()
            .enumerate()
            .take_while(|(_, l)| !l.trim_start().starts_with("#[cfg(test)]"))
    }

    #[test]
    fn no_function_over_150_lines_outside_tests() {
        let root = root();
        let read = |p: &Path| std::fs::read_to_string(root.join(p)).unwrap_or_default();
        let manifest = read(Path::new("Cargo.toml"));
        let lints = manifest
            .split("[workspace.lints.clippy]")
            .nth(1)
            .and_then(|t| t.split("\n[").next())
            .unwrap_or_default();
        assert!(
            lints
                .lines()
                .any(|l| l.trim() == "too_many_lines = \"warn\""),
            "Cargo.toml: [workspace.lints.clippy] does not turn too_many_lines on"
        );
        assert!(
            read(Path::new("clippy.toml"))
                .lines()
                .any(|l| l.trim() == "too-many-lines-threshold = 150"),
            "clippy.toml: too-many-lines-threshold is not 150"
        );
        let mut found = Vec::new();
        let mut packages = 0;
        for dir in std::fs::read_dir(root.join("crates"))
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .chain([root.join("xtask"), root.join("tests")])
        {
            let Ok(own) = std::fs::read_to_string(dir.join("Cargo.toml")) else {
                continue;
            };
            packages += 1;
            if !own.contains("[lints]\nworkspace = true") {
                found.push(format!(
                    "{}: does not inherit the workspace's lints",
                    dir.display()
                ));
            }
            let mut files = Vec::new();
            for sub in ["src", "benches", "examples"] {
                rust_files(&dir.join(sub), &mut files);
            }
            for file in files {
                let text = std::fs::read_to_string(&file).unwrap_or_default();
                for (n, line) in before_tests(&text) {
                    if line.contains("clippy::too_many_lines")
                        && !line.trim_start().starts_with("//")
                    {
                        found.push(format!(
                            "{}:{}: allows a long function",
                            file.display(),
                            n + 1
                        ));
                    }
                }
            }
        }
        assert!(packages > 15, "found only {packages} packages");
        assert!(found.is_empty(), "{}", found.join("\n"));
    }

    /// `[lib] test = false` in a manifest.
    fn unit_tests_off(manifest: &str) -> bool {
        manifest
            .split("\n[lib]\n")
            .nth(1)
            .and_then(|t| t.split("\n[").next())
            .is_some_and(|lib| lib.lines().any(|l| l.trim() == "test = false"))
    }

    #[test]
    fn a_library_without_its_unit_test_target_has_no_unit_tests() {
        let mut off = 0;
        let mut found = Vec::new();
        for dir in std::fs::read_dir(root().join("crates"))
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
        {
            let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).unwrap_or_default();
            if !unit_tests_off(&manifest) {
                continue;
            }
            off += 1;
            let mut files = Vec::new();
            rust_files(&dir.join("src"), &mut files);
            assert!(!files.is_empty(), "{}: no sources", dir.display());
            for file in files {
                let text = std::fs::read_to_string(&file).unwrap_or_default();
                for (n, line) in text.lines().enumerate() {
                    let code = line.trim_start();
                    if code.starts_with("#[test]") || code.starts_with("#[cfg(test)]") {
                        found.push(format!(
                            "{}:{}: a unit test that would never run ([lib] test = false)",
                            file.display(),
                            n + 1
                        ));
                    }
                }
            }
        }
        assert!(off >= 6, "found only {off} libraries with test = false");
        assert!(found.is_empty(), "{}", found.join("\n"));
    }

    #[test]
    fn the_unit_test_switch_is_read_from_the_lib_table_only() {
        assert!(unit_tests_off(
            "[package]\nname = \"a\"\n\n[lib]\ntest = false\n\n[dependencies]\n"
        ));
        assert!(!unit_tests_off(
            "[package]\nname = \"a\"\n\n[lib]\ndoctest = false\n"
        ));
        assert!(!unit_tests_off(
            "[package]\nname = \"a\"\n\n[[bench]]\nname = \"b\"\ntest = false\n"
        ));
    }
}
