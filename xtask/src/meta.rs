//! Running cargo from the xtask, and the parts of `cargo metadata` the
//! checks read.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

/// The workspace root: the xtask package sits one level below it.
pub fn workspace_root() -> PathBuf {
    let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    here.parent().map_or(here.clone(), Path::to_path_buf)
}

/// The cargo that runs this xtask (so a `cargo +toolchain xtask` stays on
/// that toolchain), else the one on the path.
pub fn cargo() -> Command {
    Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
}

/// Run cargo with `args` in the workspace root and return its standard
/// output; a failure carries cargo's standard error.
pub fn capture(args: &[&str]) -> Result<String, String> {
    let out = cargo()
        .args(args)
        .current_dir(workspace_root())
        .output()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        // The checks run offline on the lock as it is; say how to get there.
        let hint = if stderr.contains("offline") {
            "\n(the locked packages must be downloaded first: cargo fetch --locked)"
        } else {
            ""
        };
        return Err(format!(
            "`cargo {}` failed:\n{stderr}{hint}",
            args.join(" ")
        ));
    }
    String::from_utf8(out.stdout).map_err(|e| format!("`cargo {}`: {e}", args.join(" ")))
}

/// One package as `cargo metadata` describes it.
#[derive(Debug, Clone)]
pub struct Package {
    pub name: String,
    pub version: String,
    pub id: String,
    pub manifest_path: PathBuf,
    pub rust_version: Option<String>,
    /// `publish` is absent (any registry) or names crates.io.
    pub publishable: bool,
    pub readme: Option<PathBuf>,
    /// The library target's name and root file, if it has one.
    pub lib: Option<(String, PathBuf)>,
    pub license: Option<String>,
    pub description: Option<String>,
    pub keywords: Vec<String>,
    pub categories: Vec<String>,
    /// `repository`, `homepage`, `documentation`, where set.
    pub urls: Vec<(&'static str, String)>,
    /// The features a user can name (`default` left out).
    pub features: Vec<String>,
}

impl Package {
    /// The folder holding the manifest.
    pub fn dir(&self) -> PathBuf {
        self.manifest_path
            .parent()
            .map_or_else(PathBuf::new, Path::to_path_buf)
    }
}

/// What the checks need of `cargo metadata`.
#[derive(Debug, Clone)]
pub struct Metadata {
    pub workspace_root: PathBuf,
    pub target_directory: PathBuf,
    /// The workspace members, in the order cargo lists them.
    pub members: Vec<Package>,
    /// Every package of the resolve (members included); empty with
    /// `no_deps`.
    pub packages: Vec<Package>,
}

/// `cargo metadata --locked --offline`: the lock must already hold every
/// package (CI fetches first) and must not change.
pub fn metadata(no_deps: bool) -> Result<Metadata, String> {
    let mut args = vec!["metadata", "--format-version", "1", "--locked", "--offline"];
    if no_deps {
        args.push("--no-deps");
    }
    let text = capture(&args)?;
    let json: Value =
        serde_json::from_str(&text).map_err(|e| format!("cargo metadata: not JSON: {e}"))?;
    parse_metadata(&json)
}

fn string(v: &Value, key: &str) -> Option<String> {
    v.get(key).and_then(Value::as_str).map(str::to_owned)
}

fn strings(v: &Value, key: &str) -> Vec<String> {
    v.get(key)
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(Value::as_str)
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default()
}

fn package(v: &Value) -> Result<Package, String> {
    let name = string(v, "name").ok_or("cargo metadata: a package without a name")?;
    let field = |key: &str| string(v, key).ok_or(format!("cargo metadata: {name} has no {key}"));
    let manifest_path = PathBuf::from(field("manifest_path")?);
    let dir = manifest_path
        .parent()
        .map_or_else(PathBuf::new, Path::to_path_buf);
    let publishable = match v.get("publish") {
        None | Some(Value::Null) => true,
        Some(Value::Array(registries)) => registries.iter().any(|r| r == "crates-io"),
        Some(other) => return Err(format!("cargo metadata: {name}: publish = {other}")),
    };
    let lib = v
        .get("targets")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .find(|t| {
            strings(t, "kind")
                .iter()
                .any(|k| k == "lib" || k == "rlib" || k == "proc-macro")
        })
        .and_then(|t| Some((string(t, "name")?, PathBuf::from(string(t, "src_path")?))));
    let urls = ["repository", "homepage", "documentation"]
        .into_iter()
        .filter_map(|key| Some((key, string(v, key)?)))
        .collect();
    let features = v
        .get("features")
        .and_then(Value::as_object)
        .map(|f| f.keys().filter(|k| *k != "default").cloned().collect())
        .unwrap_or_default();
    Ok(Package {
        features,
        version: field("version")?,
        id: field("id")?,
        rust_version: string(v, "rust_version"),
        publishable,
        readme: string(v, "readme").map(|r| dir.join(r)),
        lib,
        license: string(v, "license"),
        description: string(v, "description"),
        keywords: strings(v, "keywords"),
        categories: strings(v, "categories"),
        urls,
        manifest_path,
        name,
    })
}

fn parse_metadata(json: &Value) -> Result<Metadata, String> {
    let members: Vec<String> = strings(json, "workspace_members");
    let packages = json
        .get("packages")
        .and_then(Value::as_array)
        .ok_or("cargo metadata: no packages")?
        .iter()
        .map(package)
        .collect::<Result<Vec<_>, _>>()?;
    let path = |key: &str| {
        string(json, key)
            .map(PathBuf::from)
            .ok_or(format!("cargo metadata: no {key}"))
    };
    Ok(Metadata {
        workspace_root: path("workspace_root")?,
        target_directory: path("target_directory")?,
        members: members
            .iter()
            .filter_map(|id| packages.iter().find(|p| &p.id == id).cloned())
            .collect(),
        packages,
    })
}
