//! A teams results file another program wrote (a PBN teams export, a
//! USEBIO teams event), ranked straight from the file: read, rescored
//! (IMPs to VPs by the file's scale, inferred from its stored VPs, or one
//! the run names), every stored IMP total, VP and team total audited, and
//! ranked by any teams procedure through the very teams stage an event
//! file builds — the file becomes an [`EventFile`] of matches with their
//! IMPs, the scale and the boards, and is ranked as that file would be.

use crate::Needed;
use std::str::FromStr;

use countback_model::Score;
use countback_results::{
    audit_imps, audit_teams, infer_scale, ScaleChoice, ScaleSource, TeamFigure, TeamFinding,
    TeamsRescore, TeamsSession,
};
use countback_vp::VpScale;

use crate::error::{EventError, FieldPath, LineColumn, Problem, Result};
use crate::file::{ContestantEntry, EventFile, EventInfo, MatchEntry, Procedure};
use crate::options::RawOptions;
use crate::rank::RankRequest;
use crate::{Event, Ranking, Warning};

/// The options a teams results file reads besides the procedure's: the
/// scale and the boards of a full match, where the file's stored VPs do
/// not settle them.
pub const SCALE_OPTIONS: [&str; 2] = ["vp_scale", "boards_per_match"];

/// A teams results file ranked, with what was read and checked.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct TeamsRanked {
    /// The ranking, as an event file of the same matches would give it.
    pub ranking: Ranking,
    /// The file as read.
    pub session: TeamsSession,
    /// The rescore by the scale, for a procedure that reads VPs (`None`
    /// for a knockout, ranked by IMPs).
    pub rescore: Option<TeamsRescore>,
    /// Every stored figure checked against the rescore.
    pub findings: Vec<TeamFinding>,
}

impl TeamsRanked {
    /// The stored figures that do not agree.
    pub fn exceptions(&self) -> impl Iterator<Item = &TeamFinding> {
        self.findings.iter().filter(|f| !f.class.agrees())
    }
}

/// The refusal of a teams file where a pairs session is asked for.
/// The procedures that rank a teams results file: those whose stage is
/// teams playing matches in IMPs or VPs. (The pairs and BAM procedures
/// read matches of another kind; IHSA's are chess.)
pub const PROCEDURES: [Procedure; 4] = [
    Procedure::Ebu,
    Procedure::WbfSwiss,
    Procedure::WbfRoundRobin,
    Procedure::WbfKnockout,
];

pub(crate) fn not_a_session(teams: &TeamsSession) -> EventError {
    EventError::new(Problem::TeamsFile {
        usebio: countback_usebio::TeamsNotWritten::of(teams),
    })
}

fn option_path(name: &str) -> FieldPath {
    FieldPath::run(Some(name))
}

fn bad_option(name: &str, message: String) -> EventError {
    EventError::at(option_path(name), Problem::bad_option(name, message))
}

/// `vp_scale` and `boards_per_match` taken out of `options` (the rest are
/// the procedure's).
fn scale_options(options: &mut RawOptions) -> Result<(Option<VpScale>, Option<u32>)> {
    let text = |v: serde_json::Value| match v {
        serde_json::Value::String(s) => s,
        other => other.to_string(),
    };
    let scale = match options.0.remove("vp_scale") {
        Some(v) => {
            let t = text(v);
            Some(VpScale::from_str(t.trim()).map_err(|e| bad_option("vp_scale", e.to_string()))?)
        }
        None => None,
    };
    let boards = match options.0.remove("boards_per_match") {
        Some(v) => {
            let t = text(v);
            Some(t.trim().parse::<u32>().map_err(|_| {
                bad_option(
                    "boards_per_match",
                    format!("{t:?} is not a whole number of boards"),
                )
            })?)
        }
        None => None,
    };
    Ok((scale, boards))
}

/// The event file a teams session is: its teams, and its matches with
/// `imps` (the rescored IMPs of each, in order: the sum of its boards or
/// segments), converted by the scale (`choice`) as any event file's
/// matches are; no scale for a procedure that ranks by IMPs.
#[must_use]
pub fn event_file(
    session: &TeamsSession,
    imps: &[[Score; 2]],
    choice: Option<&ScaleChoice>,
    procedure: Procedure,
) -> EventFile {
    EventFile {
        event: EventInfo {
            name: session
                .description
                .clone()
                .unwrap_or_else(|| "teams results".to_owned()),
            stage: None,
            procedure: Some(procedure),
            options: RawOptions::default(),
            scoring: None,
            vp_total: choice.map(|c| c.scale.pool()),
            vp_scale: choice.map(|c| c.scale),
            boards_per_match: choice.map(|c| c.boards),
            fractional_imps: None,
        },
        contestants: session
            .teams
            .iter()
            .map(|t| ContestantEntry {
                id: t.id.to_string(),
                name: t.name.clone(),
                score: None,
                withdrew_after_round: None,
                qualification_rank: None,
                rating: None,
                boards_due: None,
            })
            .collect(),
        matches: session
            .matches
            .iter()
            .zip(imps)
            .map(|(m, imps)| MatchEntry {
                round: m.round,
                first: m.home.to_string(),
                second: m.away.to_string(),
                vp: None,
                imps: Some(imps.clone()),
                total_points: None,
                match_points: None,
                carryover: None,
                awarded: false,
                weight: None,
                board_results: None,
                board_imps: None,
                boards: m
                    .board_count
                    .filter(|n| choice.is_some_and(|c| *n != c.boards)),
                stage: None,
            })
            .collect(),
        byes: Vec::new(),
        boards: Vec::new(),
        board_scores: Vec::new(),
        sessions: Vec::new(),
        games: Vec::new(),
        penalties: Vec::new(),
    }
}

/// A refusal of the event file a session became, placed in the results
/// file: a match's or a team's field becomes its row's line (the event
/// file's paths name nothing the user wrote); an option keeps its name.
fn in_the_file(mut e: EventError, session: &TeamsSession) -> EventError {
    use crate::error::Segment;
    let line = match e.field.as_ref().map(|f| f.0.as_slice()) {
        Some([Segment::Key(k), Segment::Index(i), ..]) if k == "matches" => {
            session.matches.get(*i).map(|m| m.line)
        }
        Some([Segment::Key(k), Segment::Index(i), ..]) if k == "contestants" => {
            session.teams.get(*i).map(|t| t.line)
        }
        Some([Segment::Run, ..]) => return e,
        _ => None,
    };
    e.field = None;
    e.at = line.map(|line| LineColumn {
        line: usize::try_from(line).unwrap_or(usize::MAX),
        column: 1,
    });
    e
}

/// What the audit says: the scale and where it came from and the counts,
/// a note for the scorer; what the file keeps and no figure uses, each
/// item; and every stored figure that is not what the scale gives, a
/// warning at its line.
fn audit_warnings(
    session: &TeamsSession,
    choice: Option<&ScaleChoice>,
    findings: &[TeamFinding],
) -> (String, Vec<String>, Vec<Warning>) {
    let count = |figure: TeamFigure| {
        let of = findings.iter().filter(|f| f.figure == figure);
        let agree = of.clone().filter(|f| f.class.agrees()).count();
        format!("{agree} of {}", of.count())
    };
    let rescored = match choice {
        Some(choice) => {
            let whence = match &choice.source {
                ScaleSource::Inferred { reproduced, of, .. } => format!(
                    "inferred from the file: it reproduces {reproduced} of {of} stored match VPs (name another with the vp_scale and boards_per_match options)"
                ),
                _ => "as named for this run".to_owned(),
            };
            format!(
                "rescored by {} at {} boards a match, {whence}",
                choice.scale.name(),
                choice.boards
            )
        }
        None => "rescored in IMPs (the procedure reads no VPs)".to_owned(),
    };
    let note = format!(
        "{rescored}; stored figures that agree: board IMPs {}, IMP totals {}, VPs {}, team totals {}",
        count(TeamFigure::BoardImps),
        count(TeamFigure::MatchImps),
        count(TeamFigure::MatchVps),
        count(TeamFigure::TeamTotal),
    );
    let mut out = Vec::new();
    // What the file carries and no figure uses: said once, as the pairs
    // rescore says it.
    let mut kept = session.not_used.clone();
    if !session.fixtures.is_empty() {
        kept.push(format!(
            "{} scheduled matches not played",
            session.fixtures.len()
        ));
    }
    for f in findings.iter().filter(|f| !f.class.agrees()) {
        let what = f.figure.name();
        let at = match (&f.round, &f.opponent) {
            (Some(r), Some(o)) => format!("round {r}, {} v {o}: ", f.team),
            _ => format!("{}: ", f.team),
        };
        out.push(Warning {
            kind: Some(crate::WarningKind::StoredFigureDiffers),
            field: None,
            at: Some(LineColumn {
                line: usize::try_from(f.line).unwrap_or(usize::MAX),
                column: 1,
            }),
            message: format!(
                "{at}stored {what} {} where the rescore gives {} ({})",
                f.stored,
                f.computed_text(),
                f.class.describe()
            ),
        });
    }
    (note, kept, out)
}

/// Rank a teams session by `procedure`: the scale from `options`
/// (`vp_scale`, `boards_per_match`) or inferred from the stored VPs; the
/// other options are the procedure's.
///
/// # Errors
/// A scale that cannot be told or named wrongly, a match the scale
/// refuses, or anything the procedure refuses in the event file the
/// session is.
pub fn rank_session(
    session: TeamsSession,
    procedure: Procedure,
    options: &RawOptions,
) -> Result<TeamsRanked> {
    // A point-a-board file is won board by board: its IMPs or a VP scale
    // would rank it by figures it does not have (issue 41). Its figures are
    // scored and audited by `countback_results::score_pab`; ranking it by
    // a procedure is not built yet, so it is refused, never misranked.
    if session.matches.iter().any(|m| m.stored_points.is_some()) {
        return Err(EventError::new(Problem::wrong_kind(
            "a point-a-board teams file (each board won, tied or lost): its board points are scored and \
             audited by the library, but ranking it by a procedure is not built yet"
                .to_owned(),
        )));
    }
    let mut options = options.clone();
    let (scale, boards) = scale_options(&mut options)?;
    let reads = procedure.entry().reads;
    if !reads.matches {
        return Err(EventError::new(Problem::wrong_kind(format!(
            "the {procedure} procedure does not rank teams matches: choose {}",
            crate::error::teams_procedures()
        ))));
    }
    let (imps, rescore, findings) = if reads.vps {
        let choice = infer_scale(&session, scale, boards)?;
        let audit = audit_teams(&session, &choice)?;
        let imps = audit
            .rescore
            .matches
            .iter()
            .map(|m| m.imps.clone())
            .collect();
        (imps, Some(audit.rescore), audit.findings)
    } else {
        crate::error::refuse_given(
            Some(&FieldPath::run(None)),
            &[
                ("vp_scale", scale.is_some()),
                ("boards_per_match", boards.is_some()),
            ],
            &format!("the {procedure} procedure"),
            "it ranks by IMPs",
        )?;
        let imps = session
            .matches
            .iter()
            .map(countback_results::TeamMatch::imps)
            .collect::<std::result::Result<Vec<_>, _>>()?;
        (imps, None, audit_imps(&session)?)
    };
    let choice = rescore.as_ref().map(|r| &r.choice);
    let file = event_file(&session, &imps, choice, procedure);
    let mut request = RankRequest::new().procedure(procedure);
    request.options = options;
    let mut ranking = Event::from_file(file)
        .rank(&request)
        .map_err(|e| in_the_file(e, &session))?;
    let (note, kept, mut warnings) = audit_warnings(&session, choice, &findings);
    warnings.append(&mut ranking.warnings);
    ranking.warnings = warnings;
    ranking.notes.push(note);
    ranking.not_used = kept;
    // What a club posts beside the standings (issue 40): the date and
    // each team's players, as the file writes them.
    ranking.date.clone_from(&session.date);
    ranking.players = session
        .teams
        .iter()
        .filter(|t| !t.players.is_empty())
        .map(|t| {
            (
                t.id.clone(),
                crate::rank::Players::new(t.players.clone(), t.member_ids.clone()),
            )
        })
        .collect();
    Ok(TeamsRanked {
        ranking,
        session,
        rescore,
        findings,
    })
}

/// Rank a teams results file given as bytes (see [`rank_session`]);
/// `None` for a file that is a pairs or individual session (it is scored,
/// not ranked).
///
/// # Errors
/// A file that cannot be read, a teams file with no `procedure`
/// ([`Problem::Missing`]), or as [`rank_session`].
pub fn rank(
    bytes: &[u8],
    procedure: Option<Procedure>,
    options: &RawOptions,
) -> Result<Option<TeamsRanked>> {
    match crate::results::parse_any(bytes)? {
        crate::results::Parsed::Teams(session) => {
            let procedure = procedure.ok_or_else(|| {
                EventError::at(FieldPath::run(Some("procedure")), Needed::TeamsProcedure)
            })?;
            rank_session(session, procedure, options).map(Some)
        }
        crate::results::Parsed::Session(_) => Ok(None),
    }
}
