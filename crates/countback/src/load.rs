//! Reading input files, with errors that name the file, line and field.

use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;

use crate::error::CliError;

/// The formats `countback` reads, by file extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// An event file in TOML.
    Toml,
    /// An event file in JSON.
    Json,
    /// A USEBIO results file.
    Usebio,
    /// A FIDE TRF-16 file.
    Trf,
}

/// The format of `path`, by its extension.
pub fn format_of(path: &Path) -> Result<Format, CliError> {
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    match ext.as_str() {
        "toml" => Ok(Format::Toml),
        "json" => Ok(Format::Json),
        "xml" => Ok(Format::Usebio),
        "trf" | "txt" => Ok(Format::Trf),
        _ => Err(CliError::BadInput {
            path: path.to_owned(),
            message: "unknown file type: expected .toml or .json (event file), .xml (USEBIO) or .trf (FIDE)"
                .to_owned(),
        }),
    }
}

/// The file's text.
pub fn read(path: &Path) -> Result<String, CliError> {
    std::fs::read_to_string(path).map_err(|source| CliError::Io {
        path: path.to_owned(),
        source,
    })
}

fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = text.get(..offset).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// Parse an event file (TOML or JSON) into `T`; errors name the line and the
/// field path (e.g. `matches[3].vp`).
pub fn event_file<T: DeserializeOwned>(
    path: &Path,
    text: &str,
    format: Format,
) -> Result<T, CliError> {
    let bad = |message: String| CliError::BadInput {
        path: PathBuf::from(path),
        message,
    };
    match format {
        Format::Json => {
            let mut de = serde_json::Deserializer::from_str(text);
            serde_path_to_error::deserialize(&mut de).map_err(|e| {
                let field = e.path().to_string();
                let inner = e.into_inner();
                bad(format!(
                    "line {}, column {}, field `{field}`: {inner}",
                    inner.line(),
                    inner.column()
                ))
            })
        }
        _ => {
            let de = toml::Deserializer::new(text);
            serde_path_to_error::deserialize(de).map_err(|e| {
                let field = e.path().to_string();
                let inner = e.into_inner();
                let place = inner
                    .span()
                    .map(|s| {
                        let (l, c) = line_col(text, s.start);
                        format!("line {l}, column {c}, ")
                    })
                    .unwrap_or_default();
                bad(format!("{place}field `{field}`: {}", inner.message()))
            })
        }
    }
}

/// The line of a TOML event file where the field at `path` (e.g.
/// `matches[1].second`, `boards[2].results[3].score`) is written, found by
/// walking the array-of-tables headers. `None` when the file is not laid
/// out that way (the message still names the field).
pub fn toml_line_of(text: &str, path: &str) -> Option<usize> {
    let mut parts = path.split('.');
    let (table, index) = parse_segment(parts.next()?)?;
    let header = format!("[[{table}]]");
    let lines: Vec<&str> = text.lines().collect();
    let mut seen = 0usize;
    let mut start = None;
    for (i, l) in lines.iter().enumerate() {
        if l.trim() == header {
            if seen == index? {
                start = Some(i);
                break;
            }
            seen += 1;
        }
    }
    let start = start?;
    let mut line = start;
    let block_end = lines
        .iter()
        .enumerate()
        .skip(start + 1)
        .find(|(_, l)| l.trim_start().starts_with('['))
        .map_or(lines.len(), |(i, _)| i);
    for part in parts {
        let (key, index) = parse_segment(part)?;
        let found = (line..block_end).find(|&i| {
            lines
                .get(i)
                .and_then(|l| l.trim_start().strip_prefix(key))
                .is_some_and(|rest| rest.trim_start().starts_with('='))
        })?;
        line = found;
        if let Some(j) = index {
            // Inline tables of an array, one per line: `results = [ {..}, {..} ]`.
            line = (found..block_end)
                .filter(|&i| lines.get(i).is_some_and(|l| l.contains('{')))
                .nth(j)?;
        }
    }
    Some(line + 1)
}

fn parse_segment(segment: &str) -> Option<(&str, Option<usize>)> {
    match segment.split_once('[') {
        Some((name, rest)) => Some((name, Some(rest.strip_suffix(']')?.parse().ok()?))),
        None => Some((segment, None)),
    }
}
