//! Invariants of the source tree that no compiler checks, as plain tests
//! (`cargo test` alone is a complete check).
//!
//! - **The library speaks no command line** (issue 39): no message built
//!   below `crates/countback` names a flag (`--procedure`, `-o key=…`) or a
//!   command (`` `countback score` ``). The page shows the event library's
//!   words to people who cannot type either; what to do instead is typed
//!   data that each front end words for itself.

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
}
