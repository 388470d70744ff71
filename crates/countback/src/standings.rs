//! `rank` and `explain`: the standings with every tie-break column for every
//! contestant, the ties broken, the trace; as text, JSON, CSV or HTML.
//!
//! Everything is built in one pass over the library's [`Ranking`]: each
//! column's display is chosen once (linear in its values), each contestant
//! is looked up by map, and JSON is a typed structure serialised straight
//! to the writer.

use std::borrow::Cow;
use std::io::{self, Write};

use countback_event::display::{numbers, ColumnDisplay, ColumnTexts, HalfDisplay, Precision};
use countback_event::model::{ContestantId, Score, Unresolved, Value};
use countback_event::Ranking;
use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

use crate::cli::Format;
use crate::doc::{csv_record, write_doc, Align, Block, Doc, Line, Table};
use crate::render;

/// A figure: exact (canonical text) beside its display.
#[derive(Debug, Clone, Serialize)]
#[non_exhaustive]
pub struct Figure {
    /// Exact, e.g. `"139/40"`.
    pub exact: String,
    /// As printed, e.g. `"3.4750"`.
    pub display: String,
}

impl Figure {
    /// `s` as a column with display `shown` prints it.
    pub(crate) fn of(s: &Score, shown: &ColumnDisplay) -> Figure {
        Figure {
            exact: s.to_string(),
            display: shown.show(s),
        }
    }

    fn of_value(v: &Value, shown: &ColumnTexts<'_>) -> Figure {
        Figure {
            exact: v.to_string(),
            display: show_value(shown, v),
        }
    }
}

/// A tie-break value as its column shows it: a number's text written once
/// for the column (a standings table of 9,999 players and 31 tie-breaks
/// rounded every cell anew, a third of the rendering: issue 30), "∞" and
/// text as [`ColumnDisplay::show_value`] writes them.
fn show_value(shown: &ColumnTexts<'_>, v: &Value) -> String {
    match numbers([v]).next() {
        Some(s) => shown.show(s).into_owned(),
        None => shown.display().show_value(v),
    }
}

/// The rounding a column's display uses, in words.
fn rounding_words(p: &Precision, shown: &ColumnDisplay) -> String {
    match p {
        Precision::Rule { places, clause, .. } => {
            format!("{places} decimals by the rule ({clause})")
        }
        _ => match shown.decimals() {
            Some(d) => format!("{d} decimals"),
            None => "exact fractions".to_owned(),
        },
    }
}

#[derive(Serialize)]
struct ColumnJson<'a> {
    key: &'a str,
    title: &'a str,
    description: &'a str,
    display: String,
}

/// A contestant's tie-break values, keyed by column.
struct TieBreaks<'a> {
    keys: &'a [&'a str],
    values: Vec<Option<Figure>>,
}

impl Serialize for TieBreaks<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.values.len()))?;
        for (k, v) in self.keys.iter().zip(&self.values) {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

#[derive(Serialize)]
struct MemberJson<'a> {
    contestant: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    name: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    score: Option<Figure>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rating: Option<u32>,
    /// The players as the file lists them (a teams results file's
    /// roster), where it does.
    #[serde(skip_serializing_if = "Option::is_none")]
    names: Option<&'a [String]>,
    /// Each player's member number, in the order of `names`, where the
    /// file gives them.
    #[serde(skip_serializing_if = "Option::is_none")]
    member_ids: Option<&'a [Option<String>]>,
    tie_breaks: TieBreaks<'a>,
}

#[derive(Serialize)]
struct GroupJson<'a> {
    place: usize,
    members: Vec<MemberJson<'a>>,
    unresolved: &'a Option<Unresolved>,
}

#[derive(Serialize)]
struct ValueJson<'a> {
    contestant: &'a str,
    exact: String,
    display: String,
}

#[derive(Serialize)]
struct DecisionJson<'a> {
    clause: String,
    test: &'a str,
    among: &'a [ContestantId],
    values: Vec<ValueJson<'a>>,
    result: &'a [Vec<ContestantId>],
    separated: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    sentence: Option<String>,
    note: &'a Option<String>,
}

/// A warning for programs.
#[derive(Serialize)]
pub struct WarningJson {
    field: Option<String>,
    line: Option<usize>,
    message: String,
    /// The check, for a kind that can come many times (text tells such a
    /// kind once, with a count; JSON keeps each).
    #[serde(skip_serializing_if = "Option::is_none")]
    kind: Option<&'static str>,
}

/// Warnings as JSON records.
pub fn warnings_json(warnings: &[countback_event::Warning]) -> Vec<WarningJson> {
    warnings
        .iter()
        .map(|w| WarningJson {
            field: w.field.as_ref().map(ToString::to_string),
            line: w.at.map(|a| a.line),
            message: w.message.clone(),
            kind: w.kind.map(countback_event::WarningKind::name),
        })
        .collect()
}

/// One match converted by the event's VP scale.
#[derive(Serialize)]
struct MatchJson<'a> {
    round: u32,
    first: &'a str,
    second: &'a str,
    boards: u32,
    scale: &'static str,
    imps: Option<[Figure; 2]>,
    vp: Option<[Figure; 2]>,
}

/// The figures of `unit` in a converted match.
fn pair_of(
    c: &countback_event::Conversion,
    unit: countback_event::model::Unit,
) -> Option<[&Score; 2]> {
    c.scores
        .iter()
        .find(|s| s.unit == unit)
        .map(|s| [&s.first, &s.second])
}

#[derive(Serialize)]
struct RankJson<'a> {
    event: &'a str,
    /// The date as the file writes it, where it gives one.
    #[serde(skip_serializing_if = "Option::is_none")]
    date: Option<&'a str>,
    procedure: &'a str,
    unit: &'a str,
    half: &'static str,
    columns: Vec<ColumnJson<'a>>,
    standings: Vec<GroupJson<'a>>,
    decisions: Vec<DecisionJson<'a>>,
    needs_play_off: bool,
    /// The text of FIDE C.07 applied (`2024`, `2026`): a FIDE ranking only.
    #[serde(skip_serializing_if = "Option::is_none")]
    edition: Option<&'static str>,
    warnings: Vec<WarningJson>,
    /// Notes for the scorer (a teams results file's rescore).
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    notes: &'a [String],
    /// What the file keeps and no figure uses.
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    not_used: &'a [String],
    #[serde(skip_serializing_if = "Vec::is_empty")]
    matches: Vec<MatchJson<'a>>,
}

/// The ranking with every display chosen, ready for any format.
struct Prepared<'a> {
    r: &'a Ranking,
    half: HalfDisplay,
    primary: ColumnDisplay,
    columns: Vec<ColumnTexts<'a>>,
    keys: Vec<&'a str>,
    /// Each column's values in standings order (`cells[column][row]`),
    /// with each contestant's row found once: a lookup in every column's
    /// name-keyed tree for every cell cost 7 million name comparisons at
    /// 9,999 players and 31 tie-breaks (issue 30), more than the rules.
    cells: Vec<Vec<Option<&'a Value>>>,
    row_of: foldhash::HashMap<&'a ContestantId, usize>,
    /// Each row's contestant as people read it ([`Prepared::name`]),
    /// written once: the sentences name the same players thousands of
    /// times, and a lookup in the name tree and the set of repeated names
    /// for each cost a tenth of the rendering at 9,999 players (issue 30).
    names: Vec<String>,
    /// Which decisions make a sentence: only splits of groups level on the
    /// main score.
    tie_splits: Vec<bool>,
    /// Names that more than one contestant has: shown with the id.
    repeated: std::collections::BTreeSet<&'a str>,
}

impl<'a> Prepared<'a> {
    fn new(r: &'a Ranking, half: HalfDisplay) -> Prepared<'a> {
        let primary = ColumnDisplay::for_values(r.primary.values(), &Precision::distinct(0), half);
        let columns = r
            .columns
            .iter()
            .map(|c| ColumnDisplay::texts(numbers(c.values.values()), &c.precision, half))
            .collect();
        let tie_splits = r
            .outcome
            .trace
            .iter()
            .map(|d| {
                d.separated() && {
                    let mut scores = d.among.iter().map(|c| r.primary.get(c));
                    let first = scores.next();
                    scores.all(|s| s == first.unwrap_or(None))
                }
            })
            .collect();
        let row_of: foldhash::HashMap<&ContestantId, usize> = r
            .outcome
            .order
            .iter()
            .flat_map(|g| &g.members)
            .enumerate()
            .map(|(row, m)| (m, row))
            .collect();
        // The contestants in id order, as every column's tree holds them.
        let mut by_id: Vec<(&ContestantId, usize)> = row_of.iter().map(|(c, r)| (*c, *r)).collect();
        by_id.sort_unstable();
        let repeated = repeated_names(&r.names);
        let names = r
            .outcome
            .order
            .iter()
            .flat_map(|g| &g.members)
            .map(|m| display_name(&r.names, &repeated, m))
            .collect();
        Prepared {
            r,
            half,
            primary,
            columns,
            keys: r.columns.iter().map(|c| c.key.as_str()).collect(),
            cells: r
                .columns
                .iter()
                .map(|c| cells_by_row(&c.values, &by_id, row_of.len()))
                .collect(),
            row_of,
            names,
            tie_splits,
            repeated,
        }
    }

    /// A contestant as people read it ([`display_name`]): written once for
    /// a contestant of the standings.
    fn name(&self, c: &ContestantId) -> Cow<'_, str> {
        match self.row_of.get(c).and_then(|row| self.names.get(*row)) {
            Some(n) => Cow::Borrowed(n),
            None => Cow::Owned(display_name(&self.r.names, &self.repeated, c)),
        }
    }

    /// A contestant's value in each column (none where the rule gives
    /// none), beside the column's display.
    fn row(&self, c: &ContestantId) -> impl Iterator<Item = (Option<&'a Value>, &ColumnTexts<'a>)> {
        let row = self.row_of.get(c).copied();
        self.cells
            .iter()
            .zip(&self.columns)
            .map(move |(column, shown)| (row.and_then(|i| column.get(i).copied().flatten()), shown))
    }

    fn tie_breaks(&self, c: &ContestantId) -> Vec<Option<Figure>> {
        self.row(c)
            .map(|(v, shown)| v.map(|v| Figure::of_value(v, shown)))
            .collect()
    }

    /// Every group with its first place.
    fn places(&self) -> impl Iterator<Item = (usize, &'a countback_event::model::TiedGroup)> {
        let mut place = 1usize;
        self.r.outcome.order.iter().map(move |g| {
            let p = place;
            place += g.members.len();
            (p, g)
        })
    }

    fn sentences(&self) -> Vec<String> {
        let name = |c: &ContestantId| self.name(c);
        let mut phrases: foldhash::HashMap<(String, &str), String> = foldhash::HashMapExt::new();
        self.r
            .outcome
            .trace
            .iter()
            .zip(&self.tie_splits)
            .filter(|(_, keep)| **keep)
            .map(|(d, _)| {
                let phrase = phrases
                    .entry((d.clause.to_string(), d.test.as_str()))
                    .or_insert_with_key(|(clause, test)| render::clause_and_test(clause, test));
                render::sentence_with(d, &name, &render::decision_display(d, self.half), phrase)
            })
            .collect()
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        let r = self.r;
        let name = |c: &ContestantId| self.name(c);
        let columns = r
            .columns
            .iter()
            .zip(&self.columns)
            .map(|(c, shown)| ColumnJson {
                key: &c.key,
                title: &c.title,
                description: &c.description,
                display: rounding_words(&c.precision, shown.display()),
            })
            .collect();
        let standings = self
            .places()
            .map(|(place, g)| GroupJson {
                place,
                members: g
                    .members
                    .iter()
                    .map(|m| MemberJson {
                        contestant: m.as_str(),
                        name: r.names.get(m).map(String::as_str),
                        score: r.primary.get(m).map(|s| Figure::of(s, &self.primary)),
                        rating: r.ratings.get(m).copied(),
                        names: r.players.get(m).map(|p| p.names.as_slice()),
                        member_ids: r
                            .players
                            .get(m)
                            .filter(|p| !p.member_ids.is_empty())
                            .map(|p| p.member_ids.as_slice()),
                        tie_breaks: TieBreaks {
                            keys: &self.keys,
                            values: self.tie_breaks(m),
                        },
                    })
                    .collect(),
                unresolved: &g.unresolved,
            })
            .collect();
        let decisions = r
            .outcome
            .trace
            .iter()
            .zip(&self.tie_splits)
            .map(|(d, split)| {
                let shown = render::decision_display(d, self.half);
                DecisionJson {
                    clause: d.clause.to_string(),
                    test: &d.test,
                    among: &d.among,
                    values: d
                        .values
                        .iter()
                        .map(|(c, v)| ValueJson {
                            contestant: c.as_str(),
                            exact: v.to_string(),
                            display: shown.show_value(v),
                        })
                        .collect(),
                    result: &d.result,
                    separated: d.separated(),
                    sentence: split.then(|| {
                        render::sentence_with(
                            d,
                            &name,
                            &shown,
                            &render::clause_and_test(&d.clause.to_string(), &d.test),
                        )
                    }),
                    note: &d.note,
                }
            })
            .collect();
        let doc = RankJson {
            event: &r.event,
            date: r.date.as_deref(),
            procedure: r.procedure.name(),
            unit: r.unit,
            half: self.half.name(),
            columns,
            standings,
            decisions,
            needs_play_off: r.needs_human(),
            edition: r.fide_edition.map(crate::trf_audit::edition_key),
            warnings: warnings_json(&r.warnings),
            notes: &r.notes,
            not_used: &r.not_used,
            matches: self.matches_json(),
        };
        serde_json::to_writer(&mut *out, &doc).map_err(io::Error::from)?;
        out.write_all(b"\n")
    }

    /// How converted IMPs and VPs are shown: each unit's display chosen
    /// over all its values, as every other column.
    fn match_displays(&self) -> (ColumnDisplay, ColumnDisplay) {
        let all = |unit| {
            self.r
                .conversions
                .iter()
                .filter_map(move |c| pair_of(c, unit))
                .flatten()
        };
        (
            ColumnDisplay::for_values(
                all(countback_event::model::Unit::Imps),
                &Precision::distinct(0),
                self.half,
            ),
            ColumnDisplay::for_values(
                all(countback_event::model::Unit::VictoryPoints),
                &Precision::distinct(0),
                self.half,
            ),
        )
    }

    fn matches_json(&self) -> Vec<MatchJson<'a>> {
        let (imps, vps) = self.match_displays();
        self.r
            .conversions
            .iter()
            .map(|c| MatchJson {
                round: c.round,
                first: c.first.as_str(),
                second: c.second.as_str(),
                boards: c.boards,
                scale: c.scale.name(),
                imps: pair_of(c, countback_event::model::Unit::Imps)
                    .map(|p| p.map(|s| Figure::of(s, &imps))),
                vp: pair_of(c, countback_event::model::Unit::VictoryPoints)
                    .map(|p| p.map(|s| Figure::of(s, &vps))),
            })
            .collect()
    }

    /// Each contestant's players, in standings order: who, and the
    /// players' names as written.
    fn players_table(&self) -> Table {
        // A roster is a team's: what a teams results file lists.
        let mut t = Table::new(vec![
            ("team".to_owned(), Align::Left),
            ("players".to_owned(), Align::Left),
        ]);
        for (_, g) in self.places() {
            for m in &g.members {
                if let Some(p) = self.r.players.get(m) {
                    t.lines.push(Line::Cells(vec![
                        self.name(m).into_owned(),
                        p.names.join(", "),
                    ]));
                }
            }
        }
        t
    }

    /// The conversions as a table: round, teams, boards, IMPs, VPs.
    fn matches_table(&self) -> Table {
        let (imps, vps) = self.match_displays();
        let mut t = Table::new(vec![
            ("round".to_owned(), Align::Right),
            ("match".to_owned(), Align::Left),
            ("boards".to_owned(), Align::Right),
            ("IMPs".to_owned(), Align::Right),
            ("VPs".to_owned(), Align::Right),
        ]);
        let pair = |p: Option<[&Score; 2]>, shown: &ColumnDisplay| {
            p.map(|[a, b]| format!("{}–{}", shown.show(a), shown.show(b)))
                .unwrap_or_default()
        };
        for c in &self.r.conversions {
            t.lines.push(Line::Cells(vec![
                c.round.to_string(),
                format!("{} v {}", self.name(&c.first), self.name(&c.second)),
                c.boards.to_string(),
                pair(pair_of(c, countback_event::model::Unit::Imps), &imps),
                pair(
                    pair_of(c, countback_event::model::Unit::VictoryPoints),
                    &vps,
                ),
            ]));
        }
        t
    }

    fn table(&self) -> Table {
        let r = self.r;
        let rated = !r.ratings.is_empty();
        let named = !r.names.is_empty();
        let mut head = vec![("place".to_owned(), Align::Right)];
        head.push((
            (if named { "name" } else { r.ranks }).to_owned(),
            Align::Left,
        ));
        if rated {
            head.push(("rating".to_owned(), Align::Right));
        }
        head.push((r.unit.to_owned(), Align::Right));
        let mut hints = vec![String::new(); head.len()];
        for c in &r.columns {
            head.push((c.title.clone(), Align::Right));
            hints.push(c.description.clone());
        }
        let head_len = head.len();
        let mut t = Table::new(head);
        t.hints = hints;
        for (place, g) in self.places() {
            let label = if g.members.len() > 1 {
                format!("{place}=")
            } else {
                place.to_string()
            };
            for m in &g.members {
                let mut cells = Vec::with_capacity(head_len);
                cells.push(label.clone());
                cells.push(self.name(m).into_owned());
                if rated {
                    cells.push(r.ratings.get(m).map(u32::to_string).unwrap_or_default());
                }
                cells.push(
                    r.primary
                        .get(m)
                        .map(|s| self.primary.show(s))
                        .unwrap_or_default(),
                );
                for (value, shown) in self.row(m) {
                    cells.push(
                        value
                            .map(|v| show_value(shown, v))
                            .unwrap_or_else(|| "–".to_owned()),
                    );
                }
                t.lines.push(Line::Cells(cells));
            }
            if let Some(u) = &g.unresolved {
                t.lines.push(Line::Note(render::unresolved(u)));
            }
        }
        t
    }

    fn doc(&self, explain: bool) -> Doc {
        let r = self.r;
        let mut doc = Doc {
            title: r.event.clone(),
            // The date first, as a results file's header has it.
            subtitle: r
                .date
                .iter()
                .cloned()
                .chain([match r.fide_edition {
                    Some(e) => format!(
                        "ranked by {} ({})",
                        r.procedure,
                        crate::trf_audit::edition_words(e)
                    ),
                    None => format!("ranked by {}", r.procedure),
                }])
                .collect(),
            ..Doc::default()
        };
        doc.blocks.push(Block::Heading("Standings".to_owned()));
        doc.blocks.push(Block::Table(self.table()));
        if !r.columns.is_empty() {
            let legend: Vec<String> = r
                .columns
                .iter()
                .map(|c| format!("{}: {}", c.title, c.description))
                .collect();
            doc.blocks.push(Block::Para(legend.join("; ")));
        }
        if !r.players.is_empty() {
            // Each team's players, in the order of the standings, as a
            // club posts the teams beside them (issue 40).
            doc.blocks.push(Block::Heading("Players".to_owned()));
            doc.blocks.push(Block::Table(self.players_table()));
        }
        if let Some(scale) = r.conversions.first().map(|c| c.scale) {
            doc.blocks.push(Block::Heading(format!(
                "Matches: IMPs to VPs by the {scale} scale"
            )));
            doc.blocks.push(Block::Table(self.matches_table()));
        }
        let ties = self.sentences();
        if !ties.is_empty() {
            doc.blocks.push(Block::Heading("Ties broken".to_owned()));
            doc.blocks.push(Block::List(ties));
        }
        if explain {
            doc.blocks.push(Block::Heading("Decision trace".to_owned()));
            // An empty box says nothing (issue 40): say there was no tie.
            doc.blocks.push(if r.outcome.trace.is_empty() {
                Block::Para(
                    "No tie was broken among the contestants asked about: each place follows from the score.".to_owned(),
                )
            } else {
                Block::Pre(render::trace(&r.outcome, self.half, &|c| {
                    self.name(c).into_owned()
                }))
            });
        }
        doc.notes
            .extend(r.notes.iter().map(|n| Block::Para(sentence(n))));
        doc.notes
            .extend(crate::session::not_used_line(&r.not_used).map(Block::Para));
        doc.footer.push(format!(
            "Every figure is exact; a display that must cut a value rounds an exact half {} (--half). Where two different values would print alike, more decimals are shown.",
            half_words(self.half)
        ));
        doc
    }

    fn csv(&self, out: &mut dyn Write) -> io::Result<()> {
        let r = self.r;
        let mut head: Vec<String> = ["place", "tied", "contestant", "name", "rating"]
            .map(str::to_owned)
            .to_vec();
        head.push(r.unit.to_owned());
        head.push(format!("{} exact", r.unit));
        for c in &r.columns {
            head.push(c.title.clone());
            head.push(format!("{} exact", c.title));
        }
        // A FIDE ranking names the text of C.07 it applied on every record.
        let edition = r.fide_edition.map(crate::trf_audit::edition_key);
        if edition.is_some() {
            head.push("edition".to_owned());
        }
        // A roster's players and member numbers where the file lists them
        // (issue 40), as the pairs standings' `names`: `A & B`.
        let rostered = !r.players.is_empty();
        if rostered {
            head.extend(["players".to_owned(), "member_ids".to_owned()]);
        }
        csv_record(out, &head)?;
        let mut row: Vec<String> = Vec::with_capacity(head.len());
        for (place, g) in self.places() {
            let tied = if g.members.len() > 1 { "yes" } else { "" };
            for m in &g.members {
                row.clear();
                row.push(place.to_string());
                row.push(tied.to_owned());
                row.push(m.to_string());
                row.push(r.names.get(m).cloned().unwrap_or_default());
                row.push(r.ratings.get(m).map(u32::to_string).unwrap_or_default());
                match r.primary.get(m) {
                    Some(s) => {
                        row.push(self.primary.show(s));
                        row.push(s.to_string());
                    }
                    None => row.extend([String::new(), String::new()]),
                }
                for (value, shown) in self.row(m) {
                    match value {
                        Some(v) => {
                            row.push(show_value(shown, v));
                            row.push(v.to_string());
                        }
                        None => row.extend([String::new(), String::new()]),
                    }
                }
                if let Some(e) = edition {
                    row.push(e.to_owned());
                }
                if rostered {
                    let p = r.players.get(m);
                    row.push(p.map(|p| p.names.join(" & ")).unwrap_or_default());
                    row.push(
                        p.map(|p| crate::session::member_ids_cell(&p.member_ids))
                            .unwrap_or_default(),
                    );
                }
                csv_record(out, &row)?;
            }
        }
        Ok(())
    }
}

/// A column's values by row: the column (a tree in id order) walked
/// beside the contestants sorted by id (`by_id`, each with its row), so
/// that each cell costs a comparison of two ids rather than a hash of one
/// (a hash lookup for each of 9,999 players in 31 columns cost more than
/// the tie-breaks they show: issue 30).
fn cells_by_row<'a>(
    values: &'a std::collections::BTreeMap<ContestantId, Value>,
    by_id: &[(&ContestantId, usize)],
    rows: usize,
) -> Vec<Option<&'a Value>> {
    let mut column = vec![None; rows];
    let mut next = by_id.iter().peekable();
    for (id, v) in values {
        while next.next_if(|(c, _)| *c < id).is_some() {}
        if let Some((_, row)) = next.next_if(|(c, _)| *c == id) {
            if let Some(cell) = column.get_mut(*row) {
                *cell = Some(v);
            }
        }
    }
    column
}

/// A contestant as people read it: the name, with the id where another
/// contestant has the same name; the id where there is none. The
/// standings, the sentences and the trace all name them so.
fn display_name(
    names: &std::collections::BTreeMap<ContestantId, String>,
    repeated: &std::collections::BTreeSet<&str>,
    c: &ContestantId,
) -> String {
    match names.get(c) {
        Some(n) if repeated.contains(n.as_str()) => format!("{n} ({c})"),
        Some(n) => n.clone(),
        None => c.to_string(),
    }
}

/// The names more than one contestant has.
fn repeated_names(
    names: &std::collections::BTreeMap<ContestantId, String>,
) -> std::collections::BTreeSet<&str> {
    let mut seen = std::collections::BTreeSet::new();
    let mut repeated = std::collections::BTreeSet::new();
    for n in names.values() {
        if !seen.insert(n.as_str()) {
            repeated.insert(n.as_str());
        }
    }
    repeated
}

/// How an exact half is rounded, in words.
#[must_use]
pub fn half_words(half: HalfDisplay) -> &'static str {
    match half {
        HalfDisplay::Even => "to even",
        HalfDisplay::Up => "up",
        HalfDisplay::Down => "down",
        HalfDisplay::AwayFromZero => "away from zero",
        HalfDisplay::TowardZero => "toward zero",
        _ => "by the chosen rule",
    }
}

/// `note` as a sentence: its first letter a capital, a full stop after.
fn sentence(note: &str) -> String {
    let mut chars = note.chars();
    chars.next().map_or_else(String::new, |c| {
        format!("{}{}.", c.to_uppercase(), chars.as_str())
    })
}

/// A ranking as a document (what the text and HTML formats show).
#[must_use]
pub fn doc(r: &Ranking, half: HalfDisplay, explain: bool) -> Doc {
    Prepared::new(r, half).doc(explain)
}

/// Write a ranking in `format`.
pub fn write(
    out: &mut dyn Write,
    r: &Ranking,
    format: Format,
    half: HalfDisplay,
    explain: bool,
) -> io::Result<()> {
    let p = Prepared::new(r, half);
    match format {
        Format::Json => p.json(out),
        Format::Csv => p.csv(out),
        Format::Text | Format::Html => write_doc(out, &p.doc(explain), format.page()),
        Format::Usebio => Err(crate::answer::not_usebio()),
        Format::Trf => Err(crate::answer::not_trf()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The walk beside the ids finds each cell's row as a lookup by id
    /// does: ids the column lacks stay empty, ids the standings lack are
    /// left out.
    #[test]
    fn cells_by_row_are_the_cells_a_lookup_finds() {
        let id = |n: &str| ContestantId::new(n);
        let rows = [id("Dan"), id("Ann"), id("Eve"), id("Bob"), id("Cid")];
        let column: std::collections::BTreeMap<ContestantId, Value> =
            ["Abe", "Ann", "Bob", "Bud", "Eve", "Zed"]
                .iter()
                .enumerate()
                .map(|(i, n)| (id(n), Value::Score(Score::from(i))))
                .collect();
        let mut by_id: Vec<(&ContestantId, usize)> = rows.iter().zip(0..).collect();
        by_id.sort_unstable();
        let looked_up: Vec<Option<&Value>> = rows.iter().map(|c| column.get(c)).collect();
        assert_eq!(cells_by_row(&column, &by_id, rows.len()), looked_up);
        assert_eq!(looked_up.iter().flatten().count(), 3);
    }
}
