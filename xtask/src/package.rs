//! `cargo xtask package [--allow-dirty]`: every publishable crate packages
//! as a stranger would receive it.
//!
//! For each workspace package that may be published: its registry metadata
//! is real (a description, a licence, a README that exists, one to five
//! keywords, a category, no placeholder URL); the README's "Crate features"
//! section names every feature (or says None); its package holds its README
//! and every licence text of the workspace root (`cargo package --list`);
//! then `cargo package` builds all of them together from their packaged
//! sources, in dependency order, the unpublished ones served from a local
//! registry overlay (offline, with the lock as it is).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::meta::{self, Package};

/// Why a URL is a placeholder: its host is reserved for examples and tests
/// (RFC 2606 and RFC 6761), so it can never lead anywhere.
pub fn placeholder(url: &str) -> Option<&'static str> {
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))?;
    let host = rest
        .split(['/', '?', '#', ':'])
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    let reserved_tld = [".invalid", ".example", ".test", ".localhost"]
        .iter()
        .any(|t| host.ends_with(t));
    let reserved_name = ["example.com", "example.org", "example.net", "localhost"]
        .iter()
        .any(|n| host == *n || host.ends_with(&format!(".{n}")));
    (reserved_tld || reserved_name).then_some("a host reserved for examples")
}

/// What is wrong with a package's registry metadata.
pub fn metadata_problems(p: &Package) -> Vec<String> {
    let mut out = Vec::new();
    if p.description.as_deref().is_none_or(|d| d.trim().is_empty()) {
        out.push("no description".to_owned());
    }
    if p.license.is_none() {
        out.push("no licence".to_owned());
    }
    match &p.readme {
        None => out.push("no readme".to_owned()),
        Some(r) if !r.is_file() => out.push(format!("readme {} does not exist", r.display())),
        Some(_) => {}
    }
    if p.keywords.is_empty() || p.keywords.len() > 5 {
        out.push(format!(
            "{} keywords (crates.io takes one to five)",
            p.keywords.len()
        ));
    }
    if p.categories.is_empty() {
        out.push("no category".to_owned());
    }
    for (field, url) in &p.urls {
        if let Some(why) = placeholder(url) {
            out.push(format!("{field} = {url}: {why}"));
        }
    }
    out
}

/// What is wrong with the "Crate features" section of a README: it must
/// exist, name each feature (in backquotes), and say "None" when there is
/// none, so the registry page cannot say "None" of a crate with features.
pub fn features_problems(readme: &str, features: &[String]) -> Vec<String> {
    let Some((_, rest)) = readme.split_once("## Crate features") else {
        return vec!["the README has no \"## Crate features\" section".to_owned()];
    };
    let section = rest.split("\n## ").next().unwrap_or("");
    let mut out: Vec<String> = features
        .iter()
        .filter(|f| !section.contains(&format!("`{f}`")))
        .map(|f| format!("the README's crate features do not name `{f}`"))
        .collect();
    if features.is_empty() && !section.contains("None") {
        out.push("the README's crate features do not say None, and there are none".to_owned());
    }
    out
}

/// Files a package must ship: its README and every licence text of the
/// workspace root.
fn required_files(root: &Path, p: &Package) -> Result<Vec<String>, String> {
    let mut files = Vec::new();
    if let Some(readme) = &p.readme {
        let rel = readme.strip_prefix(p.dir()).unwrap_or(readme);
        files.push(rel.to_string_lossy().into_owned());
    }
    let entries = std::fs::read_dir(root).map_err(|e| format!("{}: {e}", root.display()))?;
    for entry in entries {
        let name = entry
            .map_err(|e| format!("{}: {e}", root.display()))?
            .file_name()
            .to_string_lossy()
            .into_owned();
        if name.starts_with("LICENSE") || name.starts_with("LICENCE") {
            files.push(name);
        }
    }
    files.sort();
    Ok(files)
}

/// Cargo's home: `$CARGO_HOME`, else `~/.cargo`.
fn cargo_home() -> Option<PathBuf> {
    std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")))
}

/// Remove the copies of our crates that an earlier `cargo package` unpacked.
///
/// To verify a crate that depends on another of ours, cargo serves the
/// packaged dependency from a local registry overlay and unpacks it into
/// `$CARGO_HOME/registry/src/<overlay>/<name>-<version>`, which it reuses
/// whenever that folder exists, however the package has changed since: a
/// second run would build yesterday's sources (a false failure, or a false
/// pass). Unpacked sources are a cache (cargo unpacks again from the
/// archive); crates.io's own folder is left alone.
fn forget_unpacked(ours: &[&Package]) -> Result<usize, String> {
    let Some(src) = cargo_home().map(|h| h.join("registry").join("src")) else {
        return Ok(0);
    };
    let Ok(registries) = std::fs::read_dir(&src) else {
        return Ok(0);
    };
    let mut removed = 0;
    for registry in registries.flatten() {
        if registry
            .file_name()
            .to_string_lossy()
            .starts_with("index.crates.io-")
        {
            continue;
        }
        for p in ours {
            let copy = registry.path().join(format!("{}-{}", p.name, p.version));
            if copy.is_dir() {
                std::fs::remove_dir_all(&copy).map_err(|e| format!("{}: {e}", copy.display()))?;
                removed += 1;
            }
        }
    }
    Ok(removed)
}

/// Forget the builds of our crates as registry packages (`cargo package`
/// builds each one's dependencies from the overlay as if from crates.io).
///
/// Cargo takes a registry package to be immutable: a later run finds the
/// build of `countback-usebio 0.1.0` from crates.io up to date, whatever
/// the crate's sources say now, and verifies its dependents against the old
/// one. A build is recognised by its dep-info file (`deps/<crate>-<hash>.d`),
/// which names sources under `registry/src`; its fingerprint and outputs are
/// removed, so the next verification compiles it again.
fn forget_registry_builds(profile: &Path, ours: &[&Package]) -> Result<usize, String> {
    let deps = profile.join("deps");
    let Ok(entries) = std::fs::read_dir(&deps) else {
        return Ok(0);
    };
    let mut forgotten = 0;
    for entry in entries.flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        let Some(stem) = file.strip_suffix(".d") else {
            continue;
        };
        for p in ours {
            let Some((lib, _)) = &p.lib else { continue };
            let Some(hash) = stem.strip_prefix(&format!("{lib}-")) else {
                continue;
            };
            let text = std::fs::read_to_string(entry.path()).unwrap_or_default();
            let first = text.lines().next().unwrap_or("");
            if !first.contains("/registry/src/") && !first.contains("\\registry\\src\\") {
                continue;
            }
            let fingerprint = profile
                .join(".fingerprint")
                .join(format!("{}-{hash}", p.name));
            if fingerprint.is_dir() {
                std::fs::remove_dir_all(&fingerprint)
                    .map_err(|e| format!("{}: {e}", fingerprint.display()))?;
            }
            for out in [
                format!("{lib}-{hash}.d"),
                format!("lib{lib}-{hash}.rlib"),
                format!("lib{lib}-{hash}.rmeta"),
            ] {
                let path = deps.join(out);
                if path.is_file() {
                    std::fs::remove_file(&path).map_err(|e| format!("{}: {e}", path.display()))?;
                }
            }
            forgotten += 1;
        }
    }
    Ok(forgotten)
}

fn check(allow_dirty: bool) -> Result<bool, String> {
    let md = meta::metadata(true)?;
    let published: Vec<&Package> = md.members.iter().filter(|p| p.publishable).collect();
    let mut errors = Vec::new();
    for p in &published {
        let mut problems = metadata_problems(p);
        if let Some(readme) = p.readme.as_ref().filter(|r| r.is_file()) {
            let text = std::fs::read_to_string(readme)
                .map_err(|e| format!("{}: {e}", readme.display()))?;
            problems.extend(features_problems(&text, &p.features));
        }
        for problem in problems {
            errors.push(format!("{}: {problem}", p.name));
        }
        let mut list = vec!["package", "--list", "--locked", "--offline", "-p", &p.name];
        if allow_dirty {
            list.push("--allow-dirty");
        }
        let listed = meta::capture(&list)?;
        let listed: Vec<&str> = listed.lines().collect();
        let required = required_files(&md.workspace_root, p)?;
        let missing: Vec<&String> = required
            .iter()
            .filter(|f| !listed.contains(&f.as_str()))
            .collect();
        if missing.is_empty() {
            println!(
                "{}: {} files, with {}",
                p.name,
                listed.len(),
                required.join(", ")
            );
        } else {
            errors.push(format!(
                "{}: the package leaves out {}",
                p.name,
                missing
                    .iter()
                    .map(|s| s.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
    }
    if !errors.is_empty() {
        for e in &errors {
            eprintln!("FAIL {e}");
        }
        return Ok(false);
    }
    let removed = forget_unpacked(&published)?;
    let rebuilt = forget_registry_builds(&md.target_directory.join("debug"), &published)?;
    if removed + rebuilt > 0 {
        println!(
            "forgot what an earlier `cargo package` left of our crates: {removed} unpacked copies, {rebuilt} builds"
        );
    }
    // Package and build them all together: a crate that depends on an
    // unpublished one fails here, as it would on the registry.
    let mut cmd = meta::cargo();
    cmd.args(["package", "--locked", "--offline"])
        .current_dir(&md.workspace_root);
    if allow_dirty {
        cmd.arg("--allow-dirty");
    }
    for p in &published {
        cmd.args(["-p", &p.name]);
    }
    let status = cmd
        .status()
        .map_err(|e| format!("cannot run cargo package: {e}"))?;
    if !status.success() {
        eprintln!("FAIL cargo package: {status}");
        return Ok(false);
    }
    println!(
        "package: {} crates package and build from their packaged sources",
        published.len()
    );
    Ok(true)
}

pub fn run(args: &[String]) -> ExitCode {
    let allow_dirty = match args {
        [] => false,
        [flag] if flag == "--allow-dirty" => true,
        _ => {
            eprintln!("usage: cargo xtask package [--allow-dirty]");
            return ExitCode::from(2);
        }
    };
    match check(allow_dirty) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("package: {e}");
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reserved_hosts_are_placeholders() {
        for url in [
            "https://example.invalid/countback",
            "https://example.com",
            "http://docs.example.org/x",
            "https://localhost:8080/",
            "https://countback.test/",
        ] {
            assert!(placeholder(url).is_some(), "{url}");
        }
        for url in [
            "https://docs.rs/countback-model",
            "https://github.com/someone/countback",
            "https://examples.com.au/",
        ] {
            assert!(placeholder(url).is_none(), "{url}");
        }
    }

    fn package() -> Package {
        Package {
            name: "p".to_owned(),
            version: "0.1.0".to_owned(),
            id: "p".to_owned(),
            manifest_path: PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml")),
            rust_version: Some("1.80".to_owned()),
            publishable: true,
            readme: Some(PathBuf::from(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/Cargo.toml"
            ))),
            lib: None,
            license: Some("MIT OR Apache-2.0".to_owned()),
            description: Some("d".to_owned()),
            keywords: vec!["bridge".to_owned()],
            categories: vec!["algorithms".to_owned()],
            urls: vec![("documentation", "https://docs.rs/p".to_owned())],
            features: vec![],
        }
    }

    #[test]
    fn only_builds_from_the_registry_are_forgotten() {
        let profile = std::env::temp_dir().join(format!("xtask-package-{}", std::process::id()));
        let (deps, fp) = (profile.join("deps"), profile.join(".fingerprint"));
        for d in [&deps, &fp.join("p-aaa"), &fp.join("p-bbb")] {
            std::fs::create_dir_all(d).unwrap();
        }
        std::fs::write(
            deps.join("p-aaa.d"),
            "/t/deps/p-aaa.d: /h/.cargo/registry/src/-1/p-0.1.0/src/lib.rs\n",
        )
        .unwrap();
        std::fs::write(deps.join("libp-aaa.rlib"), "").unwrap();
        std::fs::write(
            deps.join("p-bbb.d"),
            "/t/deps/p-bbb.d: crates/p/src/lib.rs\n",
        )
        .unwrap();
        std::fs::write(deps.join("libp-bbb.rlib"), "").unwrap();
        let mut p = package();
        p.lib = Some(("p".to_owned(), PathBuf::from("src/lib.rs")));
        assert_eq!(forget_registry_builds(&profile, &[&p]).unwrap(), 1);
        assert!(!fp.join("p-aaa").exists() && !deps.join("libp-aaa.rlib").exists());
        assert!(fp.join("p-bbb").exists() && deps.join("libp-bbb.rlib").exists());
        std::fs::remove_dir_all(&profile).unwrap();
    }

    #[test]
    fn the_readme_names_every_feature() {
        let readme = "# p\n\n## Crate features\n\n- `serde` (on by default): derives.\n\n## Licence\n\n`other`\n";
        assert!(features_problems(readme, &["serde".to_owned()]).is_empty());
        // A feature named only outside the section does not count.
        let missing = features_problems(readme, &["serde".to_owned(), "other".to_owned()]);
        assert_eq!(missing, ["the README's crate features do not name `other`"]);
        // "None" of a crate that has a feature is caught by the name check;
        // a crate with none must say so.
        let none = "## Crate features\n\nNone.\n";
        assert_eq!(features_problems(none, &["serde".to_owned()]).len(), 1);
        assert!(features_problems(none, &[]).is_empty());
        assert_eq!(
            features_problems("## Crate features\n\nSome.\n", &[]).len(),
            1
        );
        assert_eq!(features_problems("# p\n", &[]).len(), 1);
    }

    #[test]
    fn sound_metadata_has_no_problems() {
        assert_eq!(metadata_problems(&package()), Vec::<String>::new());
    }

    #[test]
    fn each_gap_in_the_metadata_is_named() {
        let mut p = package();
        p.description = Some("  ".to_owned());
        p.license = None;
        p.readme = Some(PathBuf::from("/nowhere/README.md"));
        p.keywords = (0..6).map(|i| format!("k{i}")).collect();
        p.categories.clear();
        p.urls = vec![("repository", "https://example.invalid/countback".to_owned())];
        let problems = metadata_problems(&p);
        assert_eq!(problems.len(), 6, "{problems:?}");
        assert!(problems.iter().any(|s| s.contains("example.invalid")));
    }
}
