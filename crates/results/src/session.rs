//! What a results file says: participants, travellers and the figures the
//! scoring program stored, kept apart from anything we recompute.
//!
//! These structs are deliberately not `#[non_exhaustive]`: a reader for
//! another format (outside this crate) must be able to build a [`Session`]
//! and hand it to [`crate::rescore()`] and [`crate::audit()`]. The outputs
//! (`Standing`, `Finding` ...) are non-exhaustive, so they can grow.

use std::collections::HashMap;

use countback_model::{
    ArtificialScore, BoardNumber, ContestantId, Direction, Score, TableOutcome, TravellerLine,
};

/// How the session was scored.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub enum EventKind {
    /// Match-pointed pairs (`MP_PAIRS`).
    MatchPointPairs,
    /// Butler-scored pairs: IMPs against a datum (`BUTLER_PAIRS`).
    ButlerPairs,
    /// Cross-IMPs: IMPs against every other result (`CROSS_IMP`).
    CrossImps,
    /// A teams or Swiss event, read but not rescored here; the USEBIO
    /// `EVENT_TYPE` as written (`TEAMS_OF_FOUR`, `SWISS_PAIRS` ...).
    Other(String),
}

impl EventKind {
    /// The USEBIO name of the event type.
    #[must_use]
    pub fn usebio_name(&self) -> &str {
        match self {
            EventKind::MatchPointPairs => "MP_PAIRS",
            EventKind::ButlerPairs => "BUTLER_PAIRS",
            EventKind::CrossImps => "CROSS_IMP",
            EventKind::Other(name) => name,
        }
    }
}

/// How contestants are ranked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub enum Ranking {
    /// One field, one winner (a Howell, or an arrow-switched Mitchell):
    /// USEBIO `WINNER_TYPE` 1.
    OneField,
    /// North-South and East-West ranked separately (a Mitchell):
    /// `WINNER_TYPE` 2.
    ByDirection,
}

/// A number as the file printed it: its exact value and the step it was
/// printed to (`"29.9"` has step 1/10), so a recomputation can be compared
/// at the file's own precision.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct StoredFigure {
    /// The exact value of the text.
    pub value: Score,
    /// The text as written.
    pub text: String,
    /// Digits after the decimal point in the text.
    pub places: u32,
}

impl StoredFigure {
    /// Read a plain decimal (`"-27.00"`, `"29.9"`, `"5"`). `None` for text that
    /// is not one.
    #[must_use]
    pub fn parse(text: &str) -> Option<StoredFigure> {
        let t = text.trim();
        let digits = t.strip_prefix('-').unwrap_or(t);
        let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
        let ok = !int.is_empty()
            && int.bytes().all(|b| b.is_ascii_digit())
            && frac.bytes().all(|b| b.is_ascii_digit())
            && (frac.is_empty() != digits.contains('.'))
            && digits.len() <= 30;
        if !ok {
            return None;
        }
        let value = Score::parse(t).ok()?;
        Some(StoredFigure {
            value,
            text: t.to_owned(),
            places: u32::try_from(frac.len()).ok()?,
        })
    }

    /// A figure printed to `places` decimals: `value` as the file's `text`
    /// writes it (NZ Scorer's `"299"`, match points times ten, is 29.9 to
    /// one place).
    #[must_use]
    pub fn printed(value: Score, text: &str, places: u32) -> StoredFigure {
        StoredFigure {
            value,
            text: text.to_owned(),
            places,
        }
    }

    /// This figure, compared at `places` decimals.
    #[must_use]
    pub fn with_places(self, places: u32) -> StoredFigure {
        StoredFigure { places, ..self }
    }

    /// A stored exact value with no printed precision (NZ Scorer's
    /// `"1087/1664"` totals).
    #[must_use]
    pub fn exact(value: Score, text: &str) -> StoredFigure {
        StoredFigure {
            value,
            text: text.to_owned(),
            places: 0,
        }
    }
}

/// The figures a program stored for one contestant.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[allow(clippy::exhaustive_structs)] // Exhaustive: a stored standing of the seam the other readers fill by name.
pub struct StoredStanding {
    /// `TOTAL_SCORE` (match points already scaled for boards missed, or IMPs).
    /// For NZ Scorer: the numerator of `match_points`.
    pub total: Option<StoredFigure>,
    /// NZ Scorer only: the denominator of `match_points` (boards played x top).
    pub total_out_of: Option<Score>,
    /// `PERCENTAGE`.
    pub percentage: Option<StoredFigure>,
    /// `PLACE` as a number (a trailing `=` is dropped).
    pub place: Option<u32>,
    /// `PLACE` as written.
    pub place_text: Option<String>,
    /// A handicap, in percentage points, where the program adds half of it
    /// to the percentage (NZ Scorer's `handicap`).
    pub handicap: Option<Score>,
}

/// One contestant of the session.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[allow(clippy::exhaustive_structs)] // Exhaustive: a participant of the seam the other readers fill by name.
pub struct Participant {
    /// The identifier travellers use: `"7"` in a Howell, `"1NS"` in a
    /// Mitchell, `"A1NS"` in a multi-section NZ file.
    pub id: ContestantId,
    /// The ranking field: the pair's direction when NS and EW are ranked
    /// separately, `None` in a one-field ranking.
    pub field: Option<Direction>,
    /// The section (NZ multi-section files), ranked separately.
    pub section: Option<String>,
    /// Player names as written.
    pub players: Vec<String>,
    /// Each player's member (national) number as the file writes it, in
    /// the order of [`Participant::players`]; empty where the file has
    /// none (USEBIO `NATIONAL_ID_NUMBER`, the `.bws` `PlayerNumbers`). No
    /// figure uses it: it is given back (USEBIO out, JSON) for a
    /// federation's records.
    pub member_ids: Vec<Option<String>>,
    /// What the scoring program printed.
    pub stored: StoredStanding,
    /// Where the participant was listed.
    pub line: u32,
}

/// The four players at a table of an individual event. Partners score
/// alike: North and South get the line's NS figure, East and West its EW
/// figure.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[allow(clippy::exhaustive_structs)] // Exhaustive: a seat record of the seam the other readers fill by name.
pub struct Seats {
    /// North.
    pub north: ContestantId,
    /// South.
    pub south: ContestantId,
    /// East.
    pub east: ContestantId,
    /// West.
    pub west: ContestantId,
}

impl Seats {
    /// The players credited with the line's figure for `direction`.
    #[must_use]
    pub fn of(&self, direction: Direction) -> [&ContestantId; 2] {
        match direction {
            Direction::NorthSouth => [&self.north, &self.south],
            _ => [&self.east, &self.west],
        }
    }
}

/// One line of a traveller with the figures the program stored for it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[allow(clippy::exhaustive_structs)] // Exhaustive: a traveller line of the seam the other readers fill by name.
pub struct Line {
    /// The table result, in the shared model. In an individual event,
    /// `traveller.ns` and `traveller.ew` name the two partnerships of the
    /// table (`"3+7"`), and [`Line::seats`] the players.
    pub traveller: TravellerLine,
    /// The players, in an individual event (each player is a
    /// [`Participant`]); `None` when the participants are pairs.
    pub seats: Option<Seats>,
    /// The score text as written (`"-430"`, `"A6040"`, `"N P"`).
    pub score_text: String,
    /// Stored NS figure: match points, Butler IMPs or cross-IMPs.
    pub stored_ns: Option<StoredFigure>,
    /// Stored EW figure.
    pub stored_ew: Option<StoredFigure>,
    /// How the board was played at this table (contract, declarer, lead,
    /// tricks, round), where the file says: a `.bws` `ReceivedData` row, a
    /// PBN `ScoreTable`'s `Contract` and `Declarer` columns. No figure uses
    /// it; travellers, scorecards and the USEBIO writer show it. Boxed: a
    /// line without one (every USEBIO line) costs a pointer, not a `Play`.
    pub play: Option<Box<Play>>,
    /// 1-based line of the traveller line in the file.
    pub line: u32,
}

/// One board of one scoring field: every line played on that deal.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[allow(clippy::exhaustive_structs)] // Exhaustive: a board of the seam the other readers fill by name.
pub struct Board {
    /// The board number.
    pub number: BoardNumber,
    /// The section when sections are scored apart; `None` for one field.
    pub section: Option<String>,
    /// `BOARD_AVERAGE`: the datum a Butler event used.
    pub stored_datum: Option<StoredFigure>,
    /// The traveller lines, in file order.
    pub lines: Vec<Line>,
    /// 1-based line of the board in the file.
    pub line: u32,
}

/// How an IMP total is written, where the file says (PBN `[Scoring]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum ImpTotal {
    /// The sum of the line figures (USEBIO, Magic Contest, Ruter `IMP;Cross`).
    #[default]
    Sum,
    /// The sum over the boards played: IMPs per board (Ruter
    /// `IMP;Butler-2;Mean`).
    PerBoard,
    /// The sum over the comparisons made on the boards played (each board's
    /// results less one): Ruter `IMP;Cross2`.
    PerComparison,
}

/// How a cross-IMP line figure is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum CrossImpLine {
    /// The IMPs against every other result, divided by their number
    /// (Compscore, USEBIO `CROSS_IMP`).
    #[default]
    MeanPerComparison,
    /// The IMPs against every other result, summed (Ruter `IMP;Cross`,
    /// `IMP;Cross2`).
    Sum,
}

/// What a file says, beyond its event kind, about how its figures are
/// written: read from the file where it says so (PBN `[Scoring "…"]`),
/// never guessed. The default is what USEBIO files write.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct FileRule {
    /// The scoring as the file states it (`MatchPoints;MP1`), if it does.
    pub stated: Option<String>,
    /// Match points written relative to the board's average, half the top
    /// (Ruter's `MP1`: the top of a 4-result board, 6, is written `2.0`,
    /// the bottom `-3.0`); totals likewise.
    pub centred: bool,
    /// How IMP totals are written.
    pub imp_total: ImpTotal,
    /// How a cross-IMP line is written.
    pub cross_imp_line: CrossImpLine,
    /// Where a stated rule could mean two things and the file's own
    /// figures decided, which reading was taken and why (issue 41:
    /// `MatchPoints;MP1` is centred in Norwegian Ruter files, from zero in
    /// Finnish ones); `None` where nothing was in doubt.
    pub reading: Option<String>,
}

impl FileRule {
    /// The rule a PBN `[Scoring]` value states (`MatchPoints;MP1`,
    /// `IMP;Butler-2;Mean`, `IMP;Cross`, `IMP;Cross2`); anything it does
    /// not say stays the default.
    #[must_use]
    pub fn from_scoring_tag(value: &str) -> FileRule {
        let parts: Vec<String> = value
            .split(';')
            .map(|p| p.trim().to_ascii_uppercase())
            .collect();
        let has = |s: &str| parts.iter().any(|p| p == s);
        // Ruter's own words: `IMP;Cross` and `IMP;Cross2` sum the
        // cross-IMPs of a line; "Cross-IMPs" (Magic Contest) is the mean.
        let cross = has("CROSS") || has("CROSS2");
        FileRule {
            stated: Some(value.to_owned()),
            centred: has("MP1"),
            imp_total: if has("MEAN") {
                ImpTotal::PerBoard
            } else if has("CROSS2") {
                ImpTotal::PerComparison
            } else {
                ImpTotal::Sum
            },
            cross_imp_line: if cross {
                CrossImpLine::Sum
            } else {
                CrossImpLine::MeanPerComparison
            },
            reading: None,
        }
    }
}

/// A whole session as read from a results file.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[allow(clippy::exhaustive_structs)] // Exhaustive: the seam the other readers (PBN, .bws) fill by name (ARCHITECTURE).
pub struct Session {
    /// The kind of file read, as its reader names it (`USEBIO 1.2`, `NZ
    /// Scorer XML`, `PBN 2.1`, `Bridgemate .bws`): shown, never read by a
    /// figure. The model names no format; the reader says what it read.
    pub format: String,
    /// The scoring method.
    pub event: EventKind,
    /// How the contestants are ranked.
    pub ranking: Ranking,
    /// `EVENT_DESCRIPTION` or the NZ `event_name`.
    pub description: Option<String>,
    /// The date the session was played, as the file writes it (USEBIO
    /// `DATE`, NZ Scorer `event_date`, PBN `[Date]`): shown, never read as a
    /// figure.
    pub date: Option<String>,
    /// The club that ran it (USEBIO `CLUB_NAME`).
    pub club: Option<String>,
    /// Where it was played (USEBIO `VENUE`, PBN `[Site]`).
    pub venue: Option<String>,
    /// `PROGRAM_NAME` and `PROGRAM_VERSION`.
    pub program: Option<String>,
    /// Every contestant, in file order.
    pub participants: Vec<Participant>,
    /// Every board, in file order.
    pub boards: Vec<Board>,
    /// What the file says about how its figures are written, beyond
    /// [`Session::event`].
    pub rule: FileRule,
    /// What the file carries that no figure depends on and that is kept
    /// but not used (`TotalScoreTable column MemberID1`, …): read
    /// faithfully, listed, never a refusal.
    pub not_used: Vec<String>,
}

impl Session {
    /// Whether the travellers name none of the participants: a frequency
    /// traveller (issue 41: a score, how many tables had it and its match
    /// points, as online tournaments, simultaneous pairs and national
    /// finals publish them). Such a session's boards can be scored and
    /// their stored figures audited, but no total: the standings are the
    /// stored ones ([`crate::rescore()`]).
    #[must_use]
    pub fn travellers_name_nobody(&self) -> bool {
        let ids: std::collections::HashSet<&ContestantId> =
            self.participants.iter().map(|p| &p.id).collect();
        let mut lines = self.boards.iter().flat_map(|b| &b.lines).peekable();
        !ids.is_empty()
            && lines.peek().is_some()
            && lines.all(|l| {
                !ids.contains(&l.traveller.ns)
                    && !ids.contains(&l.traveller.ew)
                    && l.seats.as_ref().map_or(true, |s| {
                        [&s.north, &s.south, &s.east, &s.west]
                            .iter()
                            .all(|p| !ids.contains(p))
                    })
            })
    }

    /// The play of every line that has one, by board, section and NS
    /// pair: empty when the file records none.
    #[must_use]
    pub fn plays(&self) -> Plays<'_> {
        self.boards
            .iter()
            .flat_map(|b| b.lines.iter().map(move |l| (b, l)))
            .filter_map(|(b, l)| {
                let play = l.play.as_deref()?;
                Some(((b.number, b.section.as_deref(), &l.traveller.ns), play))
            })
            .collect()
    }

    /// The participant called `id`.
    #[must_use]
    pub fn participant(&self, id: &ContestantId) -> Option<&Participant> {
        self.participants.iter().find(|p| p.id == *id)
    }
}

/// How a board was played at one table, as a traveller line prints it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[allow(clippy::exhaustive_structs)] // Exhaustive: how a board was played, as the .bws reader builds it by name.
pub struct Play {
    /// `CONTRACT` as written: `4S`, `3NTX`, `PASS`.
    pub contract: String,
    /// `PLAYED_BY`: `N`, `E`, `S` or `W` (empty for a pass-out).
    pub declarer: String,
    /// `TRICKS`: tricks taken by declarer.
    pub tricks: Option<u8>,
    /// `LEAD`: the opening lead (`2H`), if recorded.
    pub lead: Option<String>,
    /// The round the board was played in, where the file says (a `.bws`
    /// `ReceivedData` row, a PBN `Round` column): for a pair's scorecard.
    pub round: Option<u32>,
}

/// The play of each traveller line that has one ([`Line::play`]), keyed by
/// board, section and NS pair (as [`crate::GivenLines`]): an index into a
/// session, for a front end that walks the rescored boards
/// ([`Session::plays`]).
pub type Plays<'s> = HashMap<(BoardNumber, Option<&'s str>, &'s ContestantId), &'s Play>;

/// Read a table result as written in `SCORE` (or NZ Scorer's `score`, or a
/// PBN `Score_NS`): points (`-430`), `PASS`, `NP` (not played) or an
/// artificial score (`A6040`). `None` for anything else.
#[must_use]
pub fn table_outcome(text: &str) -> Option<TableOutcome> {
    let t = text.trim();
    if let Ok(points) = t.parse::<i32>() {
        // Bridge scores are multiples of 10 well under 10,000; a larger
        // figure is a typing error rather than a result.
        if points.unsigned_abs() <= 10_000 {
            return Some(TableOutcome::Played { ns_points: points });
        }
        return None;
    }
    let upper = t.to_ascii_uppercase();
    match upper.as_str() {
        "PASS" | "PASSED" | "P/O" => return Some(TableOutcome::Played { ns_points: 0 }),
        "NP" | "N P" | "N/P" | "NOT PLAYED" => return Some(TableOutcome::NotPlayed),
        _ => {}
    }
    let digits = upper.strip_prefix('A')?;
    if digits.len() != 4 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let ns = digits.get(..2)?.parse::<i64>().ok()?;
    let ew = digits.get(2..)?.parse::<i64>().ok()?;
    ArtificialScore::new(Score::integer(ns), Score::integer(ew))
        .ok()
        .map(TableOutcome::Artificial)
}
