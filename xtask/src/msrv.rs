//! `cargo xtask msrv`: every declared `rust-version` holds for the lock.
//!
//! Without downloading a toolchain, a declared minimum Rust version can be
//! checked against what the locked dependencies declare: a package cannot
//! build on a Rust older than any package it builds. So, with the lock as
//! it is (`--locked --offline`):
//!
//! - each workspace package declares a `rust-version`, at least the highest
//!   one among the packages `cargo build -p it` compiles on any target
//!   (normal and build dependencies, with its own features: `cargo tree`);
//! - the workspace's `rust-version` (`[workspace.package]`, the toolchain
//!   that builds and tests everything) is at least every package's, and at
//!   least the highest among everything `cargo test --workspace` compiles
//!   (dev-dependencies too);
//! - the root README quotes the workspace's figure ("1.88 or later") and each
//!   published crate's README its own ("Rust 1.80 or later").
//!
//! A locked package that declares no `rust-version` cannot be checked; each
//! is named in the output, not skipped silently. What this cannot see is
//! our own code using a newer language feature; clippy's `incompatible_msrv`
//! lint covers the standard library APIs it calls.

use std::collections::{BTreeMap, BTreeSet};
use std::process::ExitCode;

use crate::meta::{self, Package};

/// A Rust version as `rust-version` writes it: `1.85` or `1.85.0`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Version(u64, u64, u64);

impl Version {
    pub fn parse(text: &str) -> Result<Version, String> {
        let mut parts = text.trim().split('.').map(str::parse::<u64>);
        let mut next = || {
            parts
                .next()
                .transpose()
                .map_err(|e| format!("{text:?}: {e}"))
        };
        let major = next()?.ok_or(format!("{text:?}: not a version"))?;
        let minor = next()?.ok_or(format!("{text:?}: not a version (write 1.xx)"))?;
        let patch = next()?.unwrap_or(0);
        if next()?.is_some() {
            return Err(format!("{text:?}: not a version"));
        }
        Ok(Version(major, minor, patch))
    }
}

impl std::fmt::Display for Version {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.2 {
            0 => write!(f, "{}.{}", self.0, self.1),
            p => write!(f, "{}.{}.{p}", self.0, self.1),
        }
    }
}

/// The `name vX.Y.Z` lines of `cargo tree --prefix none --format {p}`.
pub fn tree_packages(output: &str) -> BTreeSet<(String, String)> {
    output
        .lines()
        .filter_map(|l| {
            let mut words = l.split_whitespace();
            let name = words.next()?;
            let version = words.next()?.strip_prefix('v')?;
            version
                .starts_with(|c: char| c.is_ascii_digit())
                .then(|| (name.to_owned(), version.to_owned()))
        })
        .collect()
}

/// The highest `rust-version` in a closure and who declares it (`name
/// version`), then the packages that declare none.
type Highest = (Option<(Version, String)>, Vec<String>);

/// The highest `rust-version` among `closure` (leaving out `itself`), with
/// the package that declares it, and the packages that declare none.
pub fn highest(
    closure: &BTreeSet<(String, String)>,
    itself: Option<&(String, String)>,
    declared: &BTreeMap<(String, String), Option<String>>,
) -> Result<Highest, String> {
    let mut top: Option<(Version, String)> = None;
    let mut unknown = Vec::new();
    for key in closure {
        if Some(key) == itself {
            continue;
        }
        let who = format!("{} {}", key.0, key.1);
        match declared.get(key) {
            Some(Some(v)) => {
                let v = Version::parse(v).map_err(|e| format!("{who}: {e}"))?;
                if top.as_ref().is_none_or(|(t, _)| v > *t) {
                    top = Some((v, who));
                }
            }
            Some(None) => unknown.push(who),
            None => return Err(format!("cargo tree lists {who}, cargo metadata does not")),
        }
    }
    Ok((top, unknown))
}

fn tree(select: &[&str], edges: &str) -> Result<BTreeSet<(String, String)>, String> {
    let mut args = vec!["tree", "--locked", "--offline", "--target", "all"];
    args.extend_from_slice(select);
    args.extend_from_slice(&["-e", edges, "--prefix", "none", "--format", "{p}"]);
    Ok(tree_packages(&meta::capture(&args)?))
}

fn workspace_rust_version(root: &std::path::Path) -> Result<String, String> {
    let path = root.join("Cargo.toml");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let manifest: toml::Table = text
        .parse()
        .map_err(|e| format!("{}: {e}", path.display()))?;
    manifest
        .get("workspace")
        .and_then(|w| w.get("package"))
        .and_then(|p| p.get("rust-version"))
        .and_then(toml::Value::as_str)
        .map(str::to_owned)
        .ok_or(format!(
            "{}: no [workspace.package] rust-version",
            path.display()
        ))
}

fn describe(top: &Option<(Version, String)>, unknown: &[String]) -> String {
    let needs = match top {
        Some((v, who)) => format!("needs {v} ({who})"),
        None => "needs nothing declared".to_owned(),
    };
    match unknown {
        [] => needs,
        _ => format!(
            "{needs}; {} declare no rust-version: {}",
            unknown.len(),
            unknown.join(", ")
        ),
    }
}

fn readme_says(p: &Package, phrase: &str) -> Result<bool, String> {
    let Some(readme) = &p.readme else {
        return Ok(false);
    };
    let text = std::fs::read_to_string(readme).map_err(|e| format!("{}: {e}", readme.display()))?;
    Ok(text.contains(phrase))
}

fn check() -> Result<bool, String> {
    let md = meta::metadata(false)?;
    let declared: BTreeMap<(String, String), Option<String>> = md
        .packages
        .iter()
        .map(|p| ((p.name.clone(), p.version.clone()), p.rust_version.clone()))
        .collect();
    let ws_text = workspace_rust_version(&md.workspace_root)?;
    let ws = Version::parse(&ws_text)?;
    let mut errors = Vec::new();
    for m in &md.members {
        let Some(text) = &m.rust_version else {
            errors.push(format!("{} declares no rust-version", m.name));
            continue;
        };
        let own = Version::parse(text).map_err(|e| format!("{}: {e}", m.name))?;
        let spec = format!("{}@{}", m.name, m.version);
        let closure = tree(&["-p", &spec], "normal,build")?;
        let key = (m.name.clone(), m.version.clone());
        let (top, unknown) = highest(&closure, Some(&key), &declared)?;
        println!("{:<26} {:<6} {}", m.name, own, describe(&top, &unknown));
        if let Some((v, who)) = &top {
            if *v > own {
                errors.push(format!(
                    "{} declares rust-version {own}, but {who} which it builds needs {v}",
                    m.name
                ));
            }
        }
        if own > ws {
            errors.push(format!(
                "{} declares rust-version {own}, above the workspace's {ws}",
                m.name
            ));
        }
        if m.publishable && !readme_says(m, &format!("Rust {text} or later"))? {
            errors.push(format!(
                "{}: its README does not say \"Rust {text} or later\"",
                m.name
            ));
        }
    }
    let everything = tree(&["--workspace"], "normal,build,dev")?;
    let (top, unknown) = highest(&everything, None, &declared)?;
    println!(
        "{:<26} {:<6} {}",
        "workspace (with tests)",
        ws,
        describe(&top, &unknown)
    );
    if let Some((v, who)) = &top {
        if *v > ws {
            errors.push(format!(
                "the workspace declares rust-version {ws}, but {who} which `cargo test --workspace` builds needs {v}"
            ));
        }
    }
    let readme = md.workspace_root.join("README.md");
    let text =
        std::fs::read_to_string(&readme).map_err(|e| format!("{}: {e}", readme.display()))?;
    if !text.contains(&format!("{ws_text} or later")) {
        errors.push(format!("README.md does not say \"{ws_text} or later\""));
    }
    for e in &errors {
        eprintln!("FAIL {e}");
    }
    Ok(errors.is_empty())
}

pub fn run(args: &[String]) -> ExitCode {
    if !args.is_empty() {
        eprintln!("usage: cargo xtask msrv");
        return ExitCode::from(2);
    }
    match check() {
        Ok(true) => {
            println!("msrv: every declared rust-version holds for the lock");
            ExitCode::SUCCESS
        }
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("msrv: {e}");
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(n: &str, v: &str) -> (String, String) {
        (n.to_owned(), v.to_owned())
    }

    #[test]
    fn versions_compare_as_numbers() {
        let v = |s| Version::parse(s).unwrap();
        assert!(v("1.85") < v("1.88"));
        assert!(v("1.9") < v("1.80"));
        assert_eq!(v("1.85"), v("1.85.0"));
        assert!(v("1.85.1") > v("1.85"));
        assert_eq!(v("1.88.0").to_string(), "1.88");
        for bad in ["", "1", "1.x", "1.2.3.4", "one.two"] {
            assert!(Version::parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn tree_lines_give_name_and_version() {
        let out = "countback-model v0.1.0 (/w/crates/model)\nserde v1.0.229 (*)\nserde_derive v1.0.229 (proc-macro)\n\n";
        let got: Vec<_> = tree_packages(out).into_iter().collect();
        assert_eq!(
            got,
            [
                key("countback-model", "0.1.0"),
                key("serde", "1.0.229"),
                key("serde_derive", "1.0.229")
            ]
        );
    }

    #[test]
    fn the_highest_declaration_wins_and_silence_is_named() {
        let declared: BTreeMap<_, _> = [
            (key("me", "0.1.0"), Some("1.99".to_owned())),
            (key("a", "1.0.0"), Some("1.85.0".to_owned())),
            (key("b", "2.0.0"), Some("1.88".to_owned())),
            (key("c", "0.3.0"), None),
        ]
        .into();
        let closure: BTreeSet<_> = declared.keys().cloned().collect();
        let me = key("me", "0.1.0");
        let (top, unknown) = highest(&closure, Some(&me), &declared).unwrap();
        assert_eq!(top, Some((Version(1, 88, 0), "b 2.0.0".to_owned())));
        assert_eq!(unknown, ["c 0.3.0"]);
        // Counting itself, it is its own highest.
        let (top, _) = highest(&closure, None, &declared).unwrap();
        assert_eq!(top, Some((Version(1, 99, 0), "me 0.1.0".to_owned())));
        // A package cargo tree names but metadata does not is an error.
        let mut more = closure.clone();
        more.insert(key("ghost", "1.0.0"));
        assert!(highest(&more, None, &declared).is_err());
    }
}
