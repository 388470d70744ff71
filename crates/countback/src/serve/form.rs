//! The form: what the page asks for (show, procedure, options by group,
//! half rule, boards, want), each field checked; the options of each group
//! read from its schema.

use std::collections::BTreeMap;

use countback_event::{Procedure, RawOptions};
use serde_json::Value;

use super::*;

// The form.

/// What to show.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) enum Show {
    /// What the file holds: a ranking if a procedure is chosen or
    /// declared, a pairs session's scores if it has boards and none.
    #[default]
    Auto,
    /// A ranking with the full decision trace.
    Explain,
    /// A pairs session, board by board (or a results file rescored).
    Score,
    /// A results file's stored figures checked.
    Audit,
    /// IMP margins to VPs on a scale (no file): the command line's `vp`.
    Vp,
}

pub(super) const SHOWS: [(&str, Show, &str); 5] = [
    ("auto", Show::Auto, "Standings and ties"),
    (
        "explain",
        Show::Explain,
        "Standings, ties and the full trace",
    ),
    ("score", Show::Score, "A pairs session, board by board"),
    ("audit", Show::Audit, "An audit of a results file's figures"),
    ("vp", Show::Vp, "IMPs to VPs (no file: the scale below)"),
];

pub(super) const HALVES: [(&str, &str); 6] = [
    ("", "as the scoring program prints (else to even)"),
    ("even", "to even (68.125 → 68.12, as Compscore)"),
    ("up", "up"),
    ("down", "down"),
    ("away-from-zero", "away from zero (68.125 → 68.13)"),
    ("toward-zero", "toward zero"),
];

/// What the answer is: the page, or a download.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Want {
    Page,
    Download(Format),
}

/// A group of options on the page: a procedure's, or a pairs session's
/// scoring.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Group {
    Procedure(Procedure),
    Scoring,
}

impl Group {
    pub(super) fn all() -> impl Iterator<Item = Group> {
        Procedure::ALL
            .into_iter()
            .map(Group::Procedure)
            .chain([Group::Scoring])
    }

    pub(super) fn name(self) -> &'static str {
        match self {
            Group::Procedure(p) => p.name(),
            Group::Scoring => "scoring",
        }
    }

    pub(super) fn by_name(name: &str) -> Option<Group> {
        Group::all().find(|g| g.name() == name)
    }

    /// The JSON Schema of the group's options type, as the event library
    /// declares it: a procedure's from its registry entry, so a new
    /// procedure brings its options to the page.
    pub(super) fn schema(self) -> Value {
        match self {
            Group::Procedure(p) => countback_event::procedures::options_schema(p),
            Group::Scoring => serde_json::to_value(schemars::schema_for!(
                countback_event::options::ScoringOptions
            ))
            .unwrap_or_default(),
        }
    }
}

/// How an option is entered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Widget {
    /// One of these names.
    Choice(Vec<String>),
    /// On or off.
    Flag,
    /// Free text: sent as a string where the option takes one, else read
    /// as a TOML value (`[[0, 1], [9, 2]]`, `{ "1" = "title" }`), as `-o`
    /// reads it.
    Text { string: bool, items: Vec<String> },
}

/// One option of a group, from its schema.
#[derive(Debug, Clone)]
pub(super) struct OptionField {
    pub(super) key: String,
    pub(super) hint: String,
    pub(super) widget: Widget,
}

pub(super) fn resolve<'a>(v: &'a Value, root: &'a Value) -> &'a Value {
    match v
        .get("$ref")
        .and_then(Value::as_str)
        .and_then(|r| r.strip_prefix("#/$defs/"))
    {
        Some(name) => root
            .get("$defs")
            .and_then(|d| d.get(name))
            .map_or(v, |d| resolve(d, root)),
        None => v,
    }
}

pub(super) fn is_null(v: &Value) -> bool {
    v.get("type").and_then(Value::as_str) == Some("null")
}

/// The names a value may take, if it is a choice of names.
pub(super) fn choices(v: &Value, root: &Value) -> Option<Vec<String>> {
    let v = resolve(v, root);
    if let Some(c) = v.get("const").and_then(Value::as_str) {
        return Some(vec![c.to_owned()]);
    }
    if let Some(e) = v.get("enum").and_then(Value::as_array) {
        return e.iter().map(|x| x.as_str().map(str::to_owned)).collect();
    }
    let alternatives = v
        .get("oneOf")
        .or_else(|| v.get("anyOf"))
        .and_then(Value::as_array)?;
    let mut names = Vec::new();
    for a in alternatives.iter().filter(|a| !is_null(a)) {
        names.extend(choices(a, root)?);
    }
    (!names.is_empty()).then_some(names)
}

pub(super) fn types(v: &Value, root: &Value) -> Vec<String> {
    let v = resolve(v, root);
    let mut out: Vec<String> = match v.get("type") {
        Some(Value::String(t)) => vec![t.clone()],
        Some(Value::Array(ts)) => ts
            .iter()
            .filter_map(|t| t.as_str().map(str::to_owned))
            .collect(),
        _ => Vec::new(),
    };
    for a in v
        .get("anyOf")
        .or_else(|| v.get("oneOf"))
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        out.extend(types(a, root));
    }
    out
}

pub(super) fn option_fields(group: Group) -> Vec<OptionField> {
    let root = group.schema();
    let Some(props) = root.get("properties").and_then(Value::as_object) else {
        return Vec::new();
    };
    props
        .iter()
        .map(|(key, p)| {
            let hint = p
                .get("description")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            let t = types(p, &root);
            let widget = if let Some(names) = choices(p, &root) {
                Widget::Choice(names)
            } else if t.iter().any(|t| t == "boolean") {
                Widget::Flag
            } else {
                let items = p
                    .get("items")
                    .and_then(|i| choices(i, &root))
                    .unwrap_or_default();
                Widget::Text {
                    string: t.iter().any(|t| t == "string")
                        && !t.iter().any(|t| t == "array" || t == "object"),
                    items,
                }
            };
            OptionField {
                key: key.clone(),
                hint,
                widget,
            }
        })
        .collect()
}

/// The most files one form sends: the sessions of one event (a club's
/// season of weekly sessions fits; the body limit bounds their bytes).
pub(super) const MAX_SESSIONS: usize = 60;

/// The form as sent: the files, and every other field by name.
#[derive(Debug, Default)]
pub(super) struct Form {
    pub(super) files: Vec<(String, Vec<u8>)>,
    pub(super) fields: BTreeMap<String, String>,
}

/// What the IMPs-to-VPs fields ask (`show` = `vp`).
#[derive(Debug, Default)]
pub(super) struct VpFields {
    pub(super) scale: Option<countback_event::vp::VpScale>,
    pub(super) boards: Option<u32>,
    pub(super) margins: Vec<countback_event::model::Score>,
}

/// A request understood: what to do with which file.
#[derive(Debug)]
pub(super) struct Ask {
    pub(super) name: String,
    pub(super) bytes: Vec<u8>,
    /// The further sessions of a multi-session event, in order, each its
    /// name and bytes.
    pub(super) more: Vec<(String, Vec<u8>)>,
    /// How several sessions combine (the command line's `--combine`).
    pub(super) combine: Option<countback_event::sessions::Combine>,
    /// How a pair is recognised across sessions (`--match-by`).
    pub(super) match_by: Option<countback_event::sessions::MatchBy>,
    /// Which sessions count for each pair (`--count`).
    pub(super) count: Option<countback_event::sessions::Counting>,
    /// In a club series, the fewest sessions played to be ranked
    /// (`--minimum`).
    pub(super) minimum: Option<u32>,
    /// In a club series, how a tied first place is settled
    /// (`--series-ties`).
    pub(super) series_ties: Option<countback_event::sessions::SeriesTies>,
    /// IMPs to VPs (`show` = `vp`).
    pub(super) vp: VpFields,
    pub(super) show: Show,
    pub(super) procedure: Option<Procedure>,
    /// Options set, by group (only groups with a value).
    pub(super) options: BTreeMap<&'static str, RawOptions>,
    /// `None`: as the convention prints, else to even.
    pub(super) half: Option<HalfDisplay>,
    pub(super) boards: Option<Boards>,
    pub(super) want: Want,
    /// `draw_lots`: the seed of the ties sent to lots or a ballot.
    pub(super) draw_lots: Option<u64>,
}

pub(super) fn form_error(message: impl Into<String>) -> ServeError {
    ServeError::Form(message.into())
}

/// A field's value read as its type reads text; a refusal names the field
/// and says what the type says (`procedure: …`, `half: …`).
fn parsed<T: std::str::FromStr>(field: &str, value: &str) -> Result<T, ServeError>
where
    T::Err: std::fmt::Display,
{
    value
        .parse()
        .map_err(|e| form_error(format!("{field}: {e}")))
}

/// A field's value read as a whole number; a refusal names the field,
/// quotes the value and says what it is not (`minimum: "x" is not …`).
fn number<T: std::str::FromStr>(field: &str, value: &str, what: &str) -> Result<T, ServeError> {
    value
        .parse()
        .map_err(|_| form_error(format!("{field}: {value:?} is not {what}")))
}

pub(super) fn parse_boards(s: &str) -> Result<Boards, ServeError> {
    // The command line's own parser, so the page reads `1,4,7-9` exactly
    // as `--boards` does and says what it says.
    use clap::Parser;
    #[derive(Parser)]
    struct Only {
        #[command(flatten)]
        args: crate::cli::FileArgs,
    }
    Only::try_parse_from(["countback", "upload", "--boards", s])
        .map_err(|e| {
            let text = e.to_string();
            let first = text.lines().next().unwrap_or_default();
            form_error(format!(
                "boards: {}",
                first.trim_start_matches("error: ").trim()
            ))
        })?
        .args
        .boards
        .ok_or_else(|| form_error("boards: no value"))
}

impl Form {
    pub(super) fn ask(self) -> Result<Ask, ServeError> {
        let vp = self.fields.get("show").map(|s| s.trim()) == Some("vp");
        let mut files = self.files.into_iter();
        // IMPs to VPs reads no file.
        let (name, bytes) = match files.next() {
            Some(file) => file,
            None if vp => (String::new(), Vec::new()),
            None => return Err(ServeError::NoFile),
        };
        let mut ask = Ask {
            name,
            bytes,
            more: files.collect(),
            combine: None,
            match_by: None,
            count: None,
            minimum: None,
            series_ties: None,
            vp: VpFields::default(),
            show: Show::Auto,
            procedure: None,
            options: BTreeMap::new(),
            half: None,
            boards: None,
            want: Want::Page,
            draw_lots: None,
        };
        for (field, value) in &self.fields {
            let value = value.trim();
            match field.as_str() {
                // An empty field of these is one not given.
                "vp_scale" | "vp_boards" | "combine" | "match_by" | "count" | "series_ties"
                | "minimum" | "procedure" | "half" | "draw_lots" | "boards"
                    if value.is_empty() => {}
                "show" => {
                    ask.show = SHOWS
                        .iter()
                        .find(|(n, _, _)| *n == value)
                        .map(|(_, s, _)| *s)
                        .ok_or_else(|| {
                            form_error(format!(
                                "show: {value:?} is not one of: auto, explain, score, audit"
                            ))
                        })?;
                }
                "vp_scale" => ask.vp.scale = Some(parsed(field, value)?),
                "vp_boards" => ask.vp.boards = Some(number(field, value, "a number of boards")?),
                "vp_margins" => {
                    ask.vp.margins = value
                        .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
                        .filter(|m| !m.is_empty())
                        .map(|m| {
                            countback_event::model::Score::parse(m).map_err(|e| {
                                form_error(format!(
                                    "vp_margins: {m:?} is not an exact margin ({e}); write IMPs as 23, -5, 14.5 or 29/2"
                                ))
                            })
                        })
                        .collect::<Result<_, _>>()?;
                }
                "combine" => ask.combine = Some(parsed(field, value)?),
                "match_by" => ask.match_by = Some(parsed(field, value)?),
                "count" => ask.count = Some(parsed(field, value)?),
                "series_ties" => ask.series_ties = Some(parsed(field, value)?),
                "minimum" => {
                    ask.minimum = Some(number(
                        field,
                        value,
                        "a number of sessions (a whole number from 1)",
                    )?);
                }
                "procedure" => ask.procedure = Some(parsed(field, value)?),
                "half" => ask.half = Some(parsed(field, value)?),
                "draw_lots" => {
                    ask.draw_lots = Some(number(
                        field,
                        value,
                        "a seed (a whole number from 0 to 18446744073709551615)",
                    )?);
                }
                "boards" => ask.boards = Some(parse_boards(value)?),
                "want" => {
                    ask.want = match value {
                        "page" | "" => Want::Page,
                        "html" => Want::Download(Format::Html),
                        "json" => Want::Download(Format::Json),
                        "csv" => Want::Download(Format::Csv),
                        "text" => Want::Download(Format::Text),
                        "usebio" => Want::Download(Format::Usebio),
                        other => {
                            return Err(form_error(format!(
                                "want: {other:?} is not one of: page, html, json, csv, text, usebio"
                            )))
                        }
                    };
                }
                _ => option_field(&mut ask, field, value)?,
            }
        }
        check_given(&ask)?;
        Ok(ask)
    }
}

/// A field `GROUP.OPTION`: an option of a procedure (or of `scoring`),
/// kept as the text given (a choice or a string) or read as the value it
/// spells; an empty one is passed over.
fn option_field(ask: &mut Ask, field: &str, value: &str) -> Result<(), ServeError> {
    let Some((group, key)) = field.split_once('.') else {
        return Err(form_error(format!(
            "`{field}` is not a field of this page's form (file, show, procedure, combine, match_by, count, minimum, series_ties, vp_scale, vp_boards, vp_margins, half, boards, want, draw_lots, or GROUP.OPTION)"
        )));
    };
    let group = Group::by_name(group).ok_or_else(|| {
        form_error(format!(
            "`{field}`: `{group}` is not a procedure nor `scoring`"
        ))
    })?;
    if value.is_empty() {
        return Ok(());
    }
    let widget = option_fields(group)
        .into_iter()
        .find(|f| f.key == key)
        .map(|f| f.widget);
    let raw = ask.options.entry(group.name()).or_default();
    match widget {
        Some(Widget::Choice(_) | Widget::Text { string: true, .. }) => {
            raw.0
                .insert(key.to_owned(), Value::String(value.to_owned()));
        }
        // A key the group does not have goes through too:
        // the event library refuses it, listing the ones
        // it has.
        _ => raw.set_from_text(key, value),
    }
    Ok(())
}

/// Nothing given is passed over unread (the page's script sends only the
/// fields of what is asked; another client is told).
fn check_given(ask: &Ask) -> Result<(), ServeError> {
    let vp_given = ask.vp.scale.is_some() || ask.vp.boards.is_some() || !ask.vp.margins.is_empty();
    if ask.show == Show::Vp && !ask.name.is_empty() {
        return Err(form_error(
            "IMPs to VPs reads no file: send none, or choose another Show",
        ));
    }
    if ask.show != Show::Vp && vp_given {
        return Err(form_error(
            "vp_scale, vp_boards and vp_margins are read for IMPs to VPs only (show: vp)",
        ));
    }
    if (ask.count.is_some() || ask.minimum.is_some() || ask.series_ties.is_some())
        && ask.combine.is_none()
    {
        return Err(form_error(
            "count, minimum and series_ties say how a club series is ranked: choose a Combine rule too",
        ));
    }
    if ask.match_by.is_some() && ask.combine.is_none() {
        return Err(form_error(
            "match_by says how a pair is recognised across sessions: choose a Combine rule too",
        ));
    }
    Ok(())
}
