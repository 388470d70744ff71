//! The event file format (TOML or JSON; one model for both).
//!
//! An event file describes one stage of one event: its contestants, and
//! whichever of matches, byes, boards, board scores, sessions and chess
//! games its procedure needs. Every number is exact: write fractions and
//! decimals as strings (`"123/7"`, `"17.6"`); whole numbers may be bare.
//!
//! Every table refuses fields it does not know, naming them and listing the
//! valid ones; what a procedure does not use is refused when ranking, not
//! ignored (see [`crate::Event::rank`]).

use std::collections::BTreeMap;
use std::fmt;

use countback_model::{ContestantId, Score};
use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::de::{MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};

use crate::options::RawOptions;

/// One event.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct EventFile {
    /// What the event is and how to rank it.
    pub event: EventInfo,
    /// The contestants (pairs, teams or players).
    #[serde(default)]
    pub contestants: Vec<ContestantEntry>,
    /// Team matches (or chess team matches for IHSA), one per round and
    /// pairing.
    #[serde(default)]
    pub matches: Vec<MatchEntry>,
    /// Rounds a team did not play at the table: a bye, a sit-out, or an
    /// opponent who did not turn up (teams events and IHSA).
    #[serde(default)]
    pub byes: Vec<ByeEntry>,
    /// Bridge boards with their traveller lines (a pairs session).
    #[serde(default)]
    pub boards: Vec<BoardEntry>,
    /// Each contestant's score on each board in the basic method (IMPs,
    /// match points or net points): the EBU point-a-board count-back
    /// (143.5.3) and the BAM net total over boards in common (WBF 5(e)).
    #[serde(default)]
    pub board_scores: Vec<BoardScoresEntry>,
    /// Per-session scores (pairs events, WBF 4).
    #[serde(default)]
    pub sessions: Vec<SessionEntry>,
    /// Chess games, byes and forfeits.
    #[serde(default)]
    pub games: Vec<GameEntry>,
    /// Procedural penalties a director gave a pair on its session total
    /// (a pairs session scored by `score`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub penalties: Vec<PenaltyEntry>,
}

/// A procedural penalty on a pair's session total (Law 90: a penalty "in
/// addition to any rectification"; Law 12C2 does not apply to it), in
/// match points or as a percentage of a top (the session's board top).
/// Exactly one of `match_points` and `percent_of_top`.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct PenaltyEntry {
    /// The pair penalised.
    pub contestant: String,
    /// The penalty in match points (positive: taken off the total).
    #[serde(default)]
    #[schemars(with = "Option<Exact>")]
    pub match_points: Option<Score>,
    /// The penalty as a percentage of a top (`25`: a quarter of a top).
    #[serde(default)]
    #[schemars(with = "Option<Exact>")]
    pub percent_of_top: Option<Score>,
    /// The Law the director applied (default `90`).
    #[serde(default)]
    pub law: Option<String>,
    /// Why, in the director's words (printed beside the penalty).
    #[serde(default)]
    pub reason: Option<String>,
}

/// The event's name, procedure and options.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct EventInfo {
    /// A name for people.
    pub name: String,
    /// The stage this file describes (a file is one stage: ties are broken
    /// within the stage in which they occur, EBU 143.6.1).
    #[serde(default)]
    pub stage: Option<String>,
    /// The tie-break procedure (`countback rank --procedure` overrides it).
    #[serde(default)]
    pub procedure: Option<Procedure>,
    /// The procedure's options; each procedure has its own (see the
    /// `*Options` definitions of this schema). An option the procedure does
    /// not have is an error that lists the ones it has.
    #[serde(default)]
    pub options: RawOptions,
    /// How a pairs session's boards are scored (`countback score`).
    #[serde(default)]
    pub scoring: Option<crate::options::ScoringOptions>,
    /// The victory points both sides of a full match share (20 on a 20–0
    /// scale). Every played match's VPs must add up to it (times the
    /// match's weight); a drawn match is worth half of it (EBU 143.5.4).
    #[serde(default)]
    #[schemars(with = "Option<Exact>")]
    pub vp_total: Option<Score>,
    /// The VP scale that converts each match's IMPs to victory points
    /// (`wbf-2013-continuous`, `wbf-2013-discrete`, …): a match that gives
    /// IMPs, per-board IMPs or two-room results but no `vp` is converted; one
    /// that gives both is checked.
    #[serde(default)]
    #[schemars(with = "Option<VpScaleNames>")]
    pub vp_scale: Option<countback_vp::VpScale>,
    /// Boards in a full match, for the VP scale (a match's own `boards`, or
    /// the number of its board results, take precedence).
    #[serde(default)]
    pub boards_per_match: Option<u32>,
    /// What the VP scale does with a fractional IMP margin: `refuse` (the
    /// default: no rule text settles it), `interpolate`, or round the margin
    /// first: `round_half_up`, `round_half_even`, `round_half_away_from_zero`.
    #[serde(default)]
    pub fractional_imps: Option<FractionalImps>,
}

/// What the VP scale does with a fractional IMP margin.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum FractionalImps {
    /// A fractional margin is an error.
    Refuse,
    /// Linear between the VPs of the whole margins either side.
    Interpolate,
    /// Round the margin to a whole IMP, an exact half up.
    RoundHalfUp,
    /// Round the margin to a whole IMP, an exact half to even.
    RoundHalfEven,
    /// Round the margin to a whole IMP, an exact half away from zero.
    RoundHalfAwayFromZero,
}

impl FractionalImps {
    /// The VP crate's treatment.
    #[must_use]
    pub fn margin(self) -> countback_vp::FractionalMargin {
        use countback_model::HalfRule;
        match self {
            FractionalImps::Refuse => countback_vp::FractionalMargin::Refuse,
            FractionalImps::Interpolate => countback_vp::FractionalMargin::Interpolate,
            FractionalImps::RoundHalfUp => countback_vp::FractionalMargin::Round(HalfRule::Up),
            FractionalImps::RoundHalfEven => countback_vp::FractionalMargin::Round(HalfRule::Even),
            FractionalImps::RoundHalfAwayFromZero => {
                countback_vp::FractionalMargin::Round(HalfRule::AwayFromZero)
            }
        }
    }
}

/// The names of the VP scales, for the schema.
#[allow(clippy::exhaustive_structs)] // Closed: a schema-only marker.
pub struct VpScaleNames;

impl JsonSchema for VpScaleNames {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "VpScale".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let names = countback_vp::VpScale::names();
        schemars::json_schema!({
            "description": "A VP scale by name (docs/vp.md).",
            "type": "string",
            "enum": names
        })
    }
}

/// The tie-break procedures: declared, one line each, in a leaf of their
/// own (their names and what each ranks), which the registry
/// ([`crate::procedures`]) maps to each one's entry.
pub use crate::procedure::Procedure;

/// A contestant.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct ContestantEntry {
    /// The identifier used everywhere else in the file.
    pub id: String,
    /// A name for people.
    #[serde(default)]
    pub name: Option<String>,
    /// The score the contestant brings into the stage: the BAM carry-over
    /// (WBF 5). Other procedures compute scores from matches or games.
    #[serde(default)]
    #[schemars(with = "Option<Exact>")]
    pub score: Option<Score>,
    /// The last round played before withdrawing: its score then counts pro
    /// rata for its opponents' tie-break points (EBU 143.5.2); a result
    /// recorded for it after that round is an error.
    #[serde(default)]
    pub withdrew_after_round: Option<u32>,
    /// Rank at the end of qualification (WBF 2 knockout, WBF 4 pairs).
    #[serde(default)]
    pub qualification_rank: Option<u32>,
    /// A chess rating: shown beside the player in the standings. No USCF or
    /// IHSA tie-break uses it.
    #[serde(default)]
    pub rating: Option<u32>,
    /// The boards the completed movement would have given this pair: used
    /// only by `scoring.percentage = "gap_par"`, which fills each of these
    /// boards not played with PAR.
    #[serde(default)]
    pub boards_due: Option<Vec<u32>>,
}

/// Which stage a match belongs to, in a knockout file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum MatchStage {
    /// A match of the qualification the knockout tie-break looks back at
    /// (WBF 2 ¶2).
    Qualification,
    /// The knockout match itself (one or more segments).
    Knockout,
}

/// A match between two contestants in one round.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct MatchEntry {
    /// The round (1-based).
    pub round: u32,
    /// The first side.
    pub first: String,
    /// The second side.
    pub second: String,
    /// Victory points, `[first, second]`.
    #[serde(default)]
    #[schemars(with = "Option<[Exact; 2]>")]
    pub vp: Option<[Score; 2]>,
    /// IMPs, `[first, second]`.
    #[serde(default)]
    #[schemars(with = "Option<[Exact; 2]>")]
    pub imps: Option<[Score; 2]>,
    /// Total (aggregate) points, `[first, second]`.
    #[serde(default)]
    #[schemars(with = "Option<[Exact; 2]>")]
    pub total_points: Option<[Score; 2]>,
    /// Board-weighted match points (IHSA chess teams) or board points (BAM),
    /// `[first, second]`.
    #[serde(default)]
    #[schemars(with = "Option<[Exact; 2]>")]
    pub match_points: Option<[Score; 2]>,
    /// Carry-over into this match, `[first, second]`: for `wbf-bam` each
    /// side's carry-over into the stage; for `wbf-knockout` the carry-over
    /// into the knockout match, added to its IMPs. Refused elsewhere.
    #[serde(default)]
    #[schemars(with = "Option<[Exact; 2]>")]
    pub carryover: Option<[Score; 2]>,
    /// Not played at the table: the scores were awarded (a forfeit, a
    /// withdrawn opponent). EBU: counts for the standings but not for
    /// tie-break points, and the round counts as missed (143.5.2); IHSA: a
    /// draw for the tie-break (unplayed match); WBF: VPs and Swiss points
    /// only.
    #[serde(default)]
    pub awarded: bool,
    /// Share of a full match (1 by default; 1/2 for a short triangle match).
    #[serde(default)]
    #[schemars(with = "Option<Exact>")]
    pub weight: Option<Score>,
    /// The match board by board, two-room results: `[[open_ns, closed_ns], …]`,
    /// the NS score in the open room (where the first team sits NS) and in the
    /// closed room. IMPs and total points follow by the WBF table; VPs by
    /// `event.vp_scale`.
    #[serde(default)]
    pub board_results: Option<Vec<[i32; 2]>>,
    /// The match board by board, the first team's net IMPs on each board.
    #[serde(default)]
    #[schemars(with = "Option<Vec<Exact>>")]
    pub board_imps: Option<Vec<Score>>,
    /// Boards in this match, where it differs from `event.boards_per_match`
    /// (a short triangle match).
    #[serde(default)]
    pub boards: Option<u32>,
    /// `wbf-knockout`: `knockout` for the knockout match, `qualification`
    /// for the qualification matches WBF 2 ¶2 looks back at. A file with a
    /// single match needs no stage.
    #[serde(default)]
    pub stage: Option<MatchStage>,
}

/// A round a team did not play at the table.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct ByeEntry {
    /// The round (1-based).
    pub round: u32,
    /// The team.
    pub contestant: String,
    /// Victory points awarded for the round (default 0).
    #[serde(default)]
    #[schemars(with = "Option<Exact>")]
    pub vp: Option<Score>,
    /// IHSA: match points awarded for the round (default 0).
    #[serde(default)]
    #[schemars(with = "Option<Exact>")]
    pub match_points: Option<Score>,
    /// IHSA: tournament points awarded for the round (0, 1/2 or 1;
    /// default 1, a full-point bye).
    #[serde(default)]
    #[schemars(with = "Option<Exact>")]
    pub tournament_points: Option<Score>,
}

/// A board and its traveller.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct BoardEntry {
    /// The board number.
    pub board: u32,
    /// How many results a complete play of this board has (a board of a
    /// skewed movement may have fewer than the others). The board is
    /// normalised to this, then to the session's common count (the
    /// largest, or `scoring.expected`). Default: the session's count.
    #[serde(default)]
    pub expected: Option<u32>,
    /// Who was vulnerable, where it is not the board number's by the
    /// standard 16-board cycle (Law 2): `none`, `ns`, `ew` or `both`. Only
    /// the check of typed scores reads it.
    #[serde(default)]
    pub vulnerability: Option<BoardVulnerability>,
    /// The traveller lines.
    pub results: Vec<ResultEntry>,
}

/// Who was vulnerable on a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum BoardVulnerability {
    /// Neither side.
    None,
    /// North-South.
    Ns,
    /// East-West.
    Ew,
    /// Both sides.
    Both,
}

impl BoardVulnerability {
    /// The contract crate's vulnerability.
    #[must_use]
    pub fn vulnerability(self) -> countback_contract::Vulnerability {
        use countback_contract::Vulnerability as V;
        match self {
            BoardVulnerability::None => V::None,
            BoardVulnerability::Ns => V::NorthSouth,
            BoardVulnerability::Ew => V::EastWest,
            BoardVulnerability::Both => V::Both,
        }
    }
}

/// One traveller line.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct ResultEntry {
    /// The NS pair.
    // One shared id per name in the file (issue 30); the doc comment is the
    // schema's description, which does not change.
    #[serde(deserialize_with = "names::pair")]
    #[schemars(with = "String")]
    pub ns: ContestantId,
    /// The EW pair.
    #[serde(deserialize_with = "names::pair")]
    #[schemars(with = "String")]
    pub ew: ContestantId,
    /// The NS score (`"420"`, `"-50"`, `"0"` or `"PASS"` for a pass-out),
    /// an artificial score `"A6040"` (NS 60%, EW 40%), or `"NP"` (not
    /// played: absent). Exactly one of `score` and `weighted`.
    #[serde(default)]
    pub score: Option<TravellerScore>,
    /// A weighted score (Law 12C1(c)): real results and their exact
    /// weights, summing to 1, e.g. `[{ weight = "3/5", score = 420 },
    /// { weight = "2/5", score = -50 }]`. Exactly one of `score` and
    /// `weighted`.
    #[serde(default)]
    pub weighted: Option<Vec<WeightedPart>>,
    /// Which version of a fouled board was played (default: 1).
    #[serde(default)]
    pub version: Option<u32>,
}

/// One component of a weighted score (Law 12C1(c)).
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct WeightedPart {
    /// The exact weight, above 0 (`"3/5"`, `"1/3"`); a line's weights sum
    /// to exactly 1.
    #[schemars(with = "Exact")]
    pub weight: Score,
    /// The real result it stands for: NS points (`420`, `"-50"`, `"PASS"`).
    pub score: TravellerScore,
}

/// A traveller score as written: text, or a bare whole number of points.
///
/// A whole number written as Rust writes it (`420`, `"-50"`: nearly every
/// score) is kept as the number, inline; any other text (`"PASS"`,
/// `"A6040"`, `"+50"`, `" 420"`) as written (issue 30: a String per result
/// was a third of reading a large session). Either way the text reads back
/// exactly as written.
#[derive(Debug, Clone, PartialEq, Eq)]
#[allow(clippy::exhaustive_structs)] // Closed: a score is its text.
pub struct TravellerScore(ScoreText);

/// A score's text, as a number where the number gives it back exactly.
#[derive(Debug, Clone, PartialEq, Eq)]
enum ScoreText {
    Points(i32),
    /// Boxed twice, so that a score is two words, not three (the text is
    /// rare; the score is on every line).
    #[allow(clippy::box_collection)]
    Text(Box<String>),
}

impl TravellerScore {
    /// The score written as `text`.
    #[must_use]
    pub fn new(text: &str) -> TravellerScore {
        TravellerScore(match canonical_points(text) {
            Some(n) => ScoreText::Points(n),
            None => ScoreText::Text(Box::new(text.to_owned())),
        })
    }

    /// The score as written.
    #[must_use]
    pub fn text(&self) -> std::borrow::Cow<'_, str> {
        match &self.0 {
            ScoreText::Points(n) => n.to_string().into(),
            ScoreText::Text(t) => t.as_str().into(),
        }
    }

    /// The NS points, when the text is a whole number written as Rust
    /// writes it (its text is then `points.to_string()`); `None` for any
    /// other text, which [`TravellerScore::text`] gives.
    #[must_use]
    pub fn points(&self) -> Option<i32> {
        match self.0 {
            ScoreText::Points(n) => Some(n),
            ScoreText::Text(_) => None,
        }
    }
}

/// `text` as a number, when the number writes back as exactly `text`: an
/// optional minus, then digits without a leading zero (`0` alone), no sign
/// on zero, within `i32`.
fn canonical_points(text: &str) -> Option<i32> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    let b = digits.as_bytes();
    let plain = !b.is_empty()
        && b.iter().all(u8::is_ascii_digit)
        && (b.first() != Some(&b'0') || digits == text && b.len() == 1);
    plain.then(|| text.parse().ok()).flatten()
}

impl Serialize for TravellerScore {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match &self.0 {
            ScoreText::Points(n) => s.collect_str(n),
            ScoreText::Text(t) => s.serialize_str(t),
        }
    }
}

impl<'de> Deserialize<'de> for TravellerScore {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<TravellerScore, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = TravellerScore;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("NS points (420, \"-50\"), \"A6040\", \"NP\" or \"PASS\"")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<TravellerScore, E> {
                Ok(TravellerScore::new(v))
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<TravellerScore, E> {
                Ok(match i32::try_from(v) {
                    Ok(n) => TravellerScore(ScoreText::Points(n)),
                    Err(_) => TravellerScore(ScoreText::Text(Box::new(v.to_string()))),
                })
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<TravellerScore, E> {
                Ok(match i32::try_from(v) {
                    Ok(n) => TravellerScore(ScoreText::Points(n)),
                    Err(_) => TravellerScore(ScoreText::Text(Box::new(v.to_string()))),
                })
            }
        }
        d.deserialize_any(V)
    }
}

impl JsonSchema for TravellerScore {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "TravellerScore".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        schemars::json_schema!({
            "description": "NS points as an integer or a string (\"420\", \"-50\", \"PASS\"), an artificial score \"A6040\" (NS 60%, EW 40%), or \"NP\" (not played).",
            "anyOf": [
                { "type": "integer" },
                { "type": "string", "pattern": "^\\s*([+-]?[0-9]+|[Aa][0-9]{4}|[Nn][Pp]|[Nn][Oo][Tt] [Pp][Ll][Aa][Yy][Ee][Dd]|[Pp][Aa][Ss][Ss]|[Pp])\\s*$" }
            ]
        })
    }
}

/// The scores of one board, by contestant.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct BoardScoresEntry {
    /// The board number.
    pub board: u32,
    /// The average score on the board (0 for IMPs or net points; the
    /// average match points for a matchpointed board). A contestant who
    /// did not play the board is compared as if it scored this.
    #[serde(default)]
    #[schemars(with = "Option<Exact>")]
    pub average: Option<Score>,
    /// Each contestant's score on the board.
    #[serde(deserialize_with = "unique_map")]
    #[schemars(with = "BTreeMap<String, Exact>")]
    pub scores: BTreeMap<String, Score>,
    /// Contestants whose score on this board was awarded, not played
    /// (it stands as awarded, EBU 143.5.5).
    #[serde(default)]
    pub awarded: Vec<String>,
}

/// One session's scores.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct SessionEntry {
    /// The session number.
    pub session: u32,
    /// Each contestant's score in the session.
    #[serde(deserialize_with = "unique_map")]
    #[schemars(with = "BTreeMap<String, Exact>")]
    pub scores: BTreeMap<String, Score>,
}

/// A chess game, bye or forfeit in one round.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct GameEntry {
    /// The round (1-based).
    pub round: u32,
    /// The player with White (or the player having the bye).
    pub white: String,
    /// The player with Black; absent for a bye.
    #[serde(default)]
    pub black: Option<String>,
    /// `"1-0"`, `"0-1"`, `"1/2"`, forfeits `"+-"` / `"-+"`, or for a bye
    /// `"bye"` (full point), `"half-bye"`, `"zero-bye"`, `"withdrawn"`.
    pub result: String,
}

/// An exact number in the schema: an integer, or a string holding an
/// integer, a decimal or a fraction (`"17.6"`, `"-123/7"`).
#[allow(clippy::exhaustive_structs)] // Closed: a schema-only marker.
pub struct Exact;

impl JsonSchema for Exact {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Exact".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        schemars::json_schema!({
            "description": "An exact number: an integer, or a string holding an integer, a decimal or a fraction (\"17.6\", \"-123/7\"). Floating-point numbers are refused: 17.6 as a binary float is not 17.6.",
            "anyOf": [
                { "type": "integer" },
                { "type": "string", "pattern": "^\\s*[+-]?([0-9]+|[0-9]*\\.[0-9]+|[0-9]+\\s*/\\s*[+-]?[0-9]+)\\s*$" }
            ]
        })
    }
}

/// A map whose keys must be distinct: JSON allows a key twice, and the
/// last would silently win.
fn unique_map<'de, D: Deserializer<'de>>(d: D) -> Result<BTreeMap<String, Score>, D::Error> {
    struct V;
    impl<'de> Visitor<'de> for V {
        type Value = BTreeMap<String, Score>;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a table of exact scores by contestant")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
            let mut out = BTreeMap::new();
            while let Some((k, v)) = map.next_entry::<String, Score>()? {
                if out.contains_key(&k) {
                    return Err(serde::de::Error::custom(format!(
                        "{k:?} is given twice in this table"
                    )));
                }
                out.insert(k, v);
            }
            Ok(out)
        }
    }
    d.deserialize_map(V)
}

/// Pair names read once per file: each line's `ns` and `ew` is the shared
/// id of its name, not a String of its own (issue 30: a session of a
/// million results held two million copies of a few thousand names).
///
/// The table lives while [`crate::source::Source::parse`] reads a file (a
/// [`names::Reading`] on this thread); a line read outside one gets an id
/// of its own, the same name all the same.
pub(crate) mod names {
    use std::cell::RefCell;
    use std::fmt;

    use countback_model::ContestantId;
    use serde::de::{Deserializer, Error, Unexpected, Visitor};

    thread_local! {
        static TABLE: RefCell<Option<foldhash::HashSet<ContestantId>>> =
            const { RefCell::new(None) };
    }

    /// A file being read: names are shared until it is dropped.
    pub(crate) struct Reading(Option<foldhash::HashSet<ContestantId>>);

    impl Reading {
        /// Start sharing names on this thread (a reading within another
        /// has a table of its own, and the outer one's is kept for it).
        pub(crate) fn start() -> Reading {
            Reading(TABLE.with(|t| t.replace(Some(foldhash::HashSetExt::new()))))
        }
    }

    impl Drop for Reading {
        fn drop(&mut self) {
            let outer = self.0.take();
            TABLE.with(|t| *t.borrow_mut() = outer);
        }
    }

    /// The id of `name`: the one already read, if any. The table holds
    /// the ids themselves, looked up by name: one allocation a new name.
    fn id(name: &str) -> ContestantId {
        TABLE.with(|t| match t.borrow_mut().as_mut() {
            Some(table) => match table.get(name) {
                Some(id) => id.clone(),
                None => {
                    let id = ContestantId::from(name);
                    table.insert(id.clone());
                    id
                }
            },
            None => ContestantId::from(name),
        })
    }

    /// A pair's name, read as a String is (the same errors) into its id.
    pub(crate) fn pair<'de, D: Deserializer<'de>>(d: D) -> Result<ContestantId, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = ContestantId;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_str<E: Error>(self, v: &str) -> Result<ContestantId, E> {
                Ok(id(v))
            }
            fn visit_bytes<E: Error>(self, v: &[u8]) -> Result<ContestantId, E> {
                match std::str::from_utf8(v) {
                    Ok(s) => Ok(id(s)),
                    Err(_) => Err(Error::invalid_value(Unexpected::Bytes(v), &self)),
                }
            }
        }
        d.deserialize_string(V)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::source::{Notation, Source};

    /// Every score reads back exactly as written: a whole number as Rust
    /// writes it is kept as one, any other text as it is.
    #[test]
    fn a_score_reads_back_as_written() {
        let kept = [
            ("420", Some(420)),
            ("-50", Some(-50)),
            ("0", Some(0)),
            ("-2147483648", Some(i32::MIN)),
            ("2147483647", Some(i32::MAX)),
            ("2147483648", None),
            ("-0", None),
            ("+50", None),
            ("0420", None),
            ("-050", None),
            (" 420", None),
            ("420\n", None),
            ("--5", None),
            ("-", None),
            ("", None),
            ("PASS", None),
            ("A6040", None),
        ];
        for (text, points) in kept {
            let s = TravellerScore::new(text);
            assert_eq!((s.text().as_ref(), s.points()), (text, points), "{text:?}");
            let json = serde_json::to_string(&s).unwrap();
            assert_eq!(json, serde_json::to_string(text).unwrap());
            let back: TravellerScore = serde_json::from_str(&json).unwrap();
            assert_eq!(back, s);
        }
        // A bare number is its decimal text, in range or not.
        for (json, text) in [
            ("420", "420"),
            ("-50", "-50"),
            ("99999999999", "99999999999"),
        ] {
            let s: TravellerScore = serde_json::from_str(json).unwrap();
            assert_eq!(s.text(), text);
            assert_eq!(s, TravellerScore::new(text));
        }
    }

    /// A line holds its names as shared ids and its score inline: a small
    /// constant a result (was 128 bytes and three allocations; issue 30).
    #[test]
    fn a_line_is_small_and_shares_its_names() {
        assert!(size_of::<ResultEntry>() <= 80);
        assert_eq!(size_of::<Option<TravellerScore>>(), 16);
        let text = r#"{"event": {"name": "x"}, "boards": [
            {"board": 1, "results": [{"ns": "1", "ew": "2", "score": 420}]},
            {"board": 2, "results": [{"ns": "2", "ew": "\u0031", "score": "-50"}]}]}"#;
        let file: EventFile = Source::new(text, Notation::Json).parse().unwrap();
        let lines: Vec<&ResultEntry> = file.boards.iter().flat_map(|b| &b.results).collect();
        let [a, b] = lines.as_slice() else {
            panic!("two lines")
        };
        // The same name is one id, written plainly or escaped.
        assert_eq!(a.ns.as_str().as_ptr(), b.ew.as_str().as_ptr());
        assert_eq!(a.ew.as_str().as_ptr(), b.ns.as_str().as_ptr());
        assert_eq!(a.score.as_ref().unwrap().points(), Some(420));
        assert_eq!(b.score.as_ref().unwrap().points(), Some(-50));
    }
}
