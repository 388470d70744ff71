#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

pub mod rulesets;

/// A fixture as written in `docs/examples/<ruleset>/<name>.toml`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct Fixture {
    /// The seed document's file name.
    pub document: String,
    /// The section, table or paragraph of the document.
    pub section: String,
    /// A short name for the example.
    pub example: String,
    /// Which computation of the rule set replays it.
    pub kind: String,
    /// Free text: how the example was read, hand working, assumptions.
    #[serde(default)]
    pub note: Option<String>,
    /// The inputs, in the shape the kind expects.
    #[serde(default)]
    pub input: toml::Table,
    /// The figures the document prints.
    #[serde(rename = "figure", default)]
    pub figures: Vec<PrintedFigure>,
}

/// One figure the document prints.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct PrintedFigure {
    /// What the figure is, matching a computed quantity's name.
    pub quantity: String,
    /// The figure as the document shows it.
    pub printed: String,
    /// Present when the printed figure contradicts the document's own rule.
    #[serde(default)]
    pub erratum: Option<Erratum>,
}

/// A recorded misprint.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct Erratum {
    /// The value the rule gives, displayed as the document displays it.
    pub correct: String,
    /// Why the printed figure is wrong.
    pub reason: String,
}

/// One computed quantity.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Computed {
    /// Its name; printed figures refer to it.
    pub quantity: String,
    /// The exact value (canonical score text) or, for a non-numeric figure
    /// such as an order, its text.
    pub exact: String,
    /// The value displayed as the rule says (rounded where the rule rounds).
    pub display: String,
}

impl Computed {
    /// A numeric quantity.
    #[must_use]
    pub fn number(
        quantity: impl Into<String>,
        exact: &countback_model::Score,
        display: String,
    ) -> Computed {
        Computed {
            quantity: quantity.into(),
            exact: exact.to_string(),
            display,
        }
    }

    /// A number the document prints exactly as it is (`17/3`, `2.5`).
    #[must_use]
    pub fn exact(quantity: impl Into<String>, exact: &countback_model::Score) -> Computed {
        Computed::number(quantity, exact, exact.to_string())
    }

    /// A non-numeric quantity (an order, a winner, a clause).
    #[must_use]
    pub fn text(quantity: impl Into<String>, text: impl Into<String>) -> Computed {
        let text = text.into();
        Computed {
            quantity: quantity.into(),
            exact: text.clone(),
            display: text,
        }
    }
}

/// What a rule set's replay returns for one fixture.
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct Breakdown {
    /// Every quantity computed, printed or not, in a stable order.
    pub computed: Vec<Computed>,
    /// The decision trace or working, one line each, for review.
    pub trace: Vec<String>,
}

/// How a printed figure compares with the computation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Status {
    /// The printed figure is the computed display.
    Match,
    /// The printed figure is a recorded misprint and the computation gives
    /// the recorded correction.
    Erratum,
    /// Disagreement nobody has explained: a bug or an unrecorded misprint.
    Mismatch,
}

/// One figure's line of the report (also the `--json` record).
#[derive(Debug, Clone, Serialize)]
#[non_exhaustive]
pub struct FigureReport {
    /// Document file name.
    pub document: String,
    /// Example name.
    pub example: String,
    /// Section of the document.
    pub section: String,
    /// The quantity.
    pub quantity: String,
    /// As the document prints it.
    pub printed: String,
    /// Exact computed value.
    pub computed: String,
    /// Computed value displayed by the rule.
    pub display: String,
    /// The comparison.
    pub status: Status,
    /// For errata and mismatches, why.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// The replay of one fixture.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct ExampleReport {
    /// Rule set (the fixture's folder).
    pub ruleset: String,
    /// Fixture file name.
    pub file: String,
    /// The fixture.
    pub fixture: Fixture,
    /// Everything computed.
    pub breakdown: Breakdown,
    /// Each printed figure against the computation.
    pub figures: Vec<FigureReport>,
}

impl ExampleReport {
    /// No mismatches and at least one figure checked.
    #[must_use]
    pub fn is_consistent(&self) -> bool {
        !self.figures.is_empty() && self.figures.iter().all(|f| f.status != Status::Mismatch)
    }

    /// The full breakdown as text: each computed quantity with its exact value
    /// and rounded display side by side, the figures' status, then the trace.
    /// This is what the snapshot tests record.
    #[must_use]
    pub fn render(&self) -> String {
        let mut out = String::new();
        let f = &self.fixture;
        let _ = writeln!(out, "document: {}", f.document);
        let _ = writeln!(out, "section:  {}", f.section);
        let _ = writeln!(out, "example:  {}", f.example);
        let _ = writeln!(out, "\ncomputed (exact | display):");
        for c in &self.breakdown.computed {
            let _ = writeln!(out, "  {:<40} {} | {}", c.quantity, c.exact, c.display);
        }
        let _ = writeln!(out, "\nprinted figures:");
        for fig in &self.figures {
            let status = match fig.status {
                Status::Match => "match",
                Status::Erratum => "ERRATUM",
                Status::Mismatch => "MISMATCH",
            };
            let _ = write!(
                out,
                "  {:<40} printed {:<10} computed {:<10} {status}",
                fig.quantity, fig.printed, fig.display
            );
            if let Some(r) = &fig.reason {
                let _ = write!(out, " ({r})");
            }
            out.push('\n');
        }
        if !self.breakdown.trace.is_empty() {
            let _ = writeln!(out, "\ntrace:");
            for line in &self.breakdown.trace {
                let _ = writeln!(out, "  {line}");
            }
        }
        out
    }
}

/// Why a fixture could not be replayed at all.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ReplayError {
    /// The fixture is not valid TOML or not of the fixture shape.
    #[error("{file}: not a valid fixture: {source}")]
    Fixture {
        /// Fixture file.
        file: String,
        /// The parse error.
        #[source]
        source: toml::de::Error,
    },
    /// No rule set of that name.
    #[error("{file}: unknown rule set {ruleset:?} (the folder under docs/examples)")]
    UnknownRuleset {
        /// Fixture file.
        file: String,
        /// The folder name.
        ruleset: String,
    },
    /// The rule set does not know the fixture's `kind`.
    #[error("{file}: rule set {ruleset:?} has no example kind {kind:?}")]
    UnknownKind {
        /// Fixture file.
        file: String,
        /// Rule set.
        ruleset: String,
        /// The kind.
        kind: String,
    },
    /// The fixture's inputs do not fit its kind.
    #[error("{file}: bad input: {message}")]
    Input {
        /// Fixture file.
        file: String,
        /// What was wrong.
        message: String,
    },
    /// The library refused the inputs.
    #[error("{file}: the computation failed: {message}")]
    Compute {
        /// Fixture file.
        file: String,
        /// The library's error.
        message: String,
    },
    /// A printed figure names a quantity the computation did not produce.
    #[error("{file}: figure {quantity:?} is not among the computed quantities")]
    UnknownQuantity {
        /// Fixture file.
        file: String,
        /// The quantity.
        quantity: String,
    },
}

/// An error a rule set's replay returns; [`replay`] adds the file name.
#[derive(Debug)]
#[non_exhaustive]
pub enum KindError {
    /// The kind is not one this rule set replays.
    UnknownKind,
    /// Inputs of the wrong shape.
    Input(String),
    /// The library refused the inputs.
    Compute(String),
}

impl KindError {
    /// Wrap a library error.
    pub fn compute(e: impl std::fmt::Display) -> KindError {
        KindError::Compute(e.to_string())
    }
}

/// Deserialise a fixture's `[input]` table into the shape a kind expects.
pub fn input<T: serde::de::DeserializeOwned>(table: &toml::Table) -> Result<T, KindError> {
    T::deserialize(toml::Value::Table(table.clone())).map_err(|e| KindError::Input(e.to_string()))
}

/// Replay one fixture's text. `ruleset` is its folder under `docs/examples`.
pub fn replay(ruleset: &str, file: &str, text: &str) -> Result<ExampleReport, ReplayError> {
    let fixture: Fixture = toml::from_str(text).map_err(|source| ReplayError::Fixture {
        file: file.to_owned(),
        source,
    })?;
    let compute = rulesets::find(ruleset).ok_or_else(|| ReplayError::UnknownRuleset {
        file: file.to_owned(),
        ruleset: ruleset.to_owned(),
    })?;
    let breakdown = compute(&fixture.kind, &fixture.input).map_err(|e| match e {
        KindError::UnknownKind => ReplayError::UnknownKind {
            file: file.to_owned(),
            ruleset: ruleset.to_owned(),
            kind: fixture.kind.clone(),
        },
        KindError::Input(message) => ReplayError::Input {
            file: file.to_owned(),
            message,
        },
        KindError::Compute(message) => ReplayError::Compute {
            file: file.to_owned(),
            message,
        },
    })?;
    let mut figures = Vec::new();
    for fig in &fixture.figures {
        let computed = breakdown
            .computed
            .iter()
            .find(|c| c.quantity == fig.quantity)
            .ok_or_else(|| ReplayError::UnknownQuantity {
                file: file.to_owned(),
                quantity: fig.quantity.clone(),
            })?;
        let (status, reason) = judge(fig, computed);
        figures.push(FigureReport {
            document: fixture.document.clone(),
            example: fixture.example.clone(),
            section: fixture.section.clone(),
            quantity: fig.quantity.clone(),
            printed: fig.printed.clone(),
            computed: computed.exact.clone(),
            display: computed.display.clone(),
            status,
            reason,
        });
    }
    Ok(ExampleReport {
        ruleset: ruleset.to_owned(),
        file: file.to_owned(),
        fixture,
        breakdown,
        figures,
    })
}

fn judge(fig: &PrintedFigure, computed: &Computed) -> (Status, Option<String>) {
    match &fig.erratum {
        None if fig.printed == computed.display => (Status::Match, None),
        None => (
            Status::Mismatch,
            Some(format!(
                "the document prints {} but the rule gives {}",
                fig.printed, computed.display
            )),
        ),
        // A recorded erratum that no longer differs is stale: flag it.
        Some(_) if fig.printed == computed.display => (
            Status::Mismatch,
            Some("an erratum is recorded but the printed figure now matches".to_owned()),
        ),
        Some(e) if e.correct == computed.display => (Status::Erratum, Some(e.reason.clone())),
        Some(e) => (
            Status::Mismatch,
            Some(format!(
                "erratum says the correct value is {} but the rule gives {}",
                e.correct, computed.display
            )),
        ),
    }
}

/// Finding fixture files on disk: the one module of a library crate that
/// touches the file system (the replay harness needs to walk a folder of
/// fixtures for `countback replay`, `cargo xtask replay` and the tests alike);
/// the rule crates never do.
pub mod files {
    use std::path::{Path, PathBuf};

    /// A fixture found on disk.
    #[derive(Debug, Clone)]
    #[non_exhaustive]
    pub struct FixtureFile {
        /// Its folder under `docs/examples` (the rule set).
        pub ruleset: String,
        /// Its file name.
        pub file: String,
        /// Its full path.
        pub path: PathBuf,
    }

    impl FixtureFile {
        /// `ruleset/stem`, the name its snapshot is stored under.
        #[must_use]
        pub fn snapshot_name(&self) -> String {
            let stem = self.file.trim_end_matches(".toml");
            format!("{}__{}", self.ruleset, stem)
        }
    }

    /// The workspace root, from a crate directory one or two levels below it.
    #[must_use]
    pub fn workspace_root(manifest_dir: &str) -> PathBuf {
        let mut dir = PathBuf::from(manifest_dir);
        while !dir.join("docs").join("examples").is_dir() {
            if !dir.pop() {
                return PathBuf::from(manifest_dir);
            }
        }
        dir
    }

    /// Every fixture under `root/docs/examples/*/*.toml`, sorted by path.
    pub fn all(root: &Path) -> std::io::Result<Vec<FixtureFile>> {
        in_folder(&root.join("docs").join("examples"))
    }

    /// Every fixture under `examples/*/*.toml`, sorted by path.
    pub fn in_folder(examples: &Path) -> std::io::Result<Vec<FixtureFile>> {
        let mut out = Vec::new();
        for dir in std::fs::read_dir(examples)? {
            let dir = dir?.path();
            if !dir.is_dir() {
                continue;
            }
            let ruleset = dir
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            for entry in std::fs::read_dir(&dir)? {
                let path = entry?.path();
                if path.extension().is_some_and(|e| e == "toml") {
                    let file = path
                        .file_name()
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_default();
                    out.push(FixtureFile {
                        ruleset: ruleset.clone(),
                        file,
                        path,
                    });
                }
            }
        }
        out.sort_by(|a, b| a.path.cmp(&b.path));
        Ok(out)
    }

    /// Read and replay one fixture file.
    pub fn replay(f: &FixtureFile) -> Result<crate::ExampleReport, String> {
        let text =
            std::fs::read_to_string(&f.path).map_err(|e| format!("{}: {e}", f.path.display()))?;
        crate::replay(&f.ruleset, &format!("{}/{}", f.ruleset, f.file), &text)
            .map_err(|e| e.to_string())
    }
}

/// Counts over a whole replay.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Summary {
    /// Fixtures read.
    pub examples: usize,
    /// Figures that match.
    pub matched: usize,
    /// Figures that are recorded errata.
    pub errata: usize,
    /// Figures that disagree, plus fixtures that could not be replayed.
    pub wrong: usize,
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} examples, {} figures: {} match, {} errata recorded, {} wrong",
            self.examples,
            self.matched + self.errata + self.wrong,
            self.matched,
            self.errata,
            self.wrong
        )
    }
}

/// Replay every fixture in `examples` and write the report to `out`: a
/// readable table, or with `json` one JSON object per printed figure.
/// Fixtures that cannot be replayed are reported to `err`.
pub fn report_folder(
    examples: &std::path::Path,
    json: bool,
    out: &mut impl std::io::Write,
    err: &mut impl std::io::Write,
) -> std::io::Result<Summary> {
    let fixtures = files::in_folder(examples)?;
    let mut sum = Summary {
        examples: fixtures.len(),
        ..Summary::default()
    };
    for f in &fixtures {
        let report = match files::replay(f) {
            Ok(r) => r,
            Err(e) => {
                writeln!(err, "error: {e}")?;
                sum.wrong += 1;
                continue;
            }
        };
        if !json {
            let fx = &report.fixture;
            writeln!(
                out,
                "\n== {}/{}: {} ({}, {})",
                f.ruleset, f.file, fx.example, fx.document, fx.section
            )?;
        }
        for fig in &report.figures {
            match fig.status {
                Status::Match => sum.matched += 1,
                Status::Erratum => sum.errata += 1,
                Status::Mismatch => sum.wrong += 1,
            }
            if json {
                let line = serde_json::to_string(fig).map_err(std::io::Error::other)?;
                writeln!(out, "{line}")?;
                continue;
            }
            let mark = match fig.status {
                Status::Match => "ok     ",
                Status::Erratum => "erratum",
                Status::Mismatch => "WRONG  ",
            };
            write!(
                out,
                "  {mark} {:<44} printed {:>10}  computed {:>10}  exact {}",
                fig.quantity, fig.printed, fig.display, fig.computed
            )?;
            match &fig.reason {
                Some(r) => writeln!(out, "\n          {r}")?,
                None => writeln!(out)?,
            }
        }
    }
    if json {
        writeln!(err, "{sum}")?;
    } else {
        writeln!(out, "\n{sum}")?;
    }
    Ok(sum)
}
