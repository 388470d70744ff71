//! A teams results file: matches between teams, their IMPs and VPs, and
//! each team's total, as the scoring program stored them — rescored (IMPs
//! to VPs by a named scale, the file's or a chosen one) and audited with
//! no tolerance, each difference in a named class.
//!
//! Like [`crate::Session`], these structs are plain so that a reader for
//! another format (the PBN reader) builds one.

use std::collections::BTreeMap;

use countback_model::{BoardNumber, ContestantId, Direction, Score};
use countback_vp::{FractionalMargin, VpError, VpScale, VpTable};

use crate::session::StoredFigure;

/// One team as the file lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[allow(clippy::exhaustive_structs)] // Exhaustive: one team as a reader lists it, built by name by the PBN and USEBIO teams readers.
pub struct Team {
    /// The identifier the matches use (Ruter's `TeamId`).
    pub id: ContestantId,
    /// The team's name, for people.
    pub name: Option<String>,
    /// The total VPs the program stored (`TotalScoreVP`).
    pub stored_total: Option<StoredFigure>,
    /// The place the program gave (`Rank`).
    pub place: Option<u32>,
    /// The players, as the file writes their names (Ruter's `Roster`,
    /// USEBIO's `PLAYER_NAME`s of the team): shown, no figure uses them.
    pub players: Vec<String>,
    /// Each player's member (national) number as written, in the order
    /// of [`Team::players`]; empty where the file gives none.
    pub member_ids: Vec<Option<String>>,
    /// 1-based line of the team's row.
    pub line: u32,
}

/// One segment (set of boards) of a match: each team's IMPs in it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[allow(clippy::exhaustive_structs)] // Exhaustive: one segment's two IMP figures, built by name by the PBN teams reader.
pub struct Segment {
    /// The segment's number as written.
    pub number: u32,
    /// `[home, away]` IMPs.
    pub imps: [StoredFigure; 2],
}

/// One room of a board of a match: where the match's first team sat and
/// the NS score at that table.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[allow(clippy::exhaustive_structs)] // Exhaustive: a room of a match, built by name by the USEBIO teams reader.
pub struct Room {
    /// The direction the first (home) team sat in this room.
    pub team_direction: Direction,
    /// The NS score at the table, where one was played.
    pub ns_score: Option<i32>,
    /// 1-based line.
    pub line: u32,
}

/// One board of a match: its two rooms and the IMPs the program gave the
/// first team on it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[allow(clippy::exhaustive_structs)] // Exhaustive: a board of a match, built by name by the USEBIO teams reader.
pub struct MatchBoard {
    /// The board.
    pub number: BoardNumber,
    /// The first team's IMPs on the board as stored.
    pub stored_imps: Option<StoredFigure>,
    /// Point-a-board: the board points each team was given as stored
    /// (`TEAM_POINTS`, `OPPOSING_TEAM_POINTS`), `[home, away]`.
    pub stored_points: Option<[StoredFigure; 2]>,
    /// The traveller lines, one per room.
    pub rooms: Vec<Room>,
    /// 1-based line.
    pub line: u32,
}

impl MatchBoard {
    /// The first team's IMPs on the board from its two rooms (the WBF
    /// table on the difference of the team's scores), where both rooms
    /// have a score and the team sat NS in one and EW in the other.
    #[must_use]
    pub fn imps_from_rooms(&self) -> Option<i64> {
        let [a, b] = self.rooms.as_slice() else {
            return None;
        };
        let own = |r: &Room| {
            let s = i64::from(r.ns_score?);
            Some(if r.team_direction == Direction::NorthSouth {
                s
            } else {
                -s
            })
        };
        if a.team_direction == b.team_direction {
            return None;
        }
        Some(countback_matchpoints::imps(own(a)? + own(b)?))
    }

    /// The board's IMPs for the first team: from its rooms, else as stored.
    #[must_use]
    pub fn imps(&self) -> Option<Score> {
        self.imps_from_rooms()
            .map(Score::integer)
            .or_else(|| self.stored_imps.as_ref().map(|f| f.value.clone()))
    }
}

/// One match played, with the figures the program stored.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[allow(clippy::exhaustive_structs)] // Exhaustive: one match as a reader stores it, built by name by the PBN and USEBIO teams readers.
pub struct TeamMatch {
    /// The round (1-based).
    pub round: u32,
    /// The table (match) number in the round, where the file gives it.
    pub table: Option<u32>,
    /// The home team.
    pub home: ContestantId,
    /// The away team.
    pub away: ContestantId,
    /// The match segment by segment (the IMPs a rescore reads, where the
    /// file has them).
    pub segments: Vec<Segment>,
    /// The match's IMPs as stored, `[home, away]` (Ruter's `200` row).
    pub stored_imps: Option<[StoredFigure; 2]>,
    /// The VPs as stored, `[home, away]`.
    pub stored_vps: Option<[StoredFigure; 2]>,
    /// Point-a-board: the board points of the match as stored (USEBIO
    /// `TEAM_SCORE` where `MATCH_SCORING_METHOD` is `PAB`), `[home, away]`.
    pub stored_points: Option<[StoredFigure; 2]>,
    /// The match board by board (USEBIO), where the file has them.
    pub boards: Vec<MatchBoard>,
    /// Boards in the match, where the file says (USEBIO's
    /// `START_BOARD_NUMBER` to `END_BOARD_NUMBER`).
    pub board_count: Option<u32>,
    /// 1-based line of the match's row.
    pub line: u32,
}

/// A match the file schedules but has no result for (Ruter writes the
/// whole schedule, `-` for a match not yet played): kept, not used.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[allow(clippy::exhaustive_structs)] // Exhaustive: a scheduled match, built by name by the PBN teams reader.
pub struct Fixture {
    /// The round.
    pub round: u32,
    /// The home team.
    pub home: ContestantId,
    /// The away team.
    pub away: ContestantId,
    /// 1-based line.
    pub line: u32,
}

/// A whole teams event as read from a results file.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[allow(clippy::exhaustive_structs)] // Exhaustive: what a teams file holds, built by name by the PBN and USEBIO teams readers.
pub struct TeamsSession {
    /// The kind of file read, as its reader names it (`USEBIO 1.2`, `PBN
    /// 2.1`): shown, never read by a figure.
    pub format: String,
    /// What the file calls the event (`Teams`, `SWISS_TEAMS` …).
    pub kind: String,
    /// The event's name.
    pub description: Option<String>,
    /// The date as the file writes it (PBN `[Date]`, USEBIO `DATE`):
    /// shown, never read as a figure.
    pub date: Option<String>,
    /// The program that wrote the file.
    pub program: Option<String>,
    /// Every team, in file order.
    pub teams: Vec<Team>,
    /// Every match played, in file order.
    pub matches: Vec<TeamMatch>,
    /// Matches scheduled and not played.
    pub fixtures: Vec<Fixture>,
    /// Boards in a full match, where the file states it.
    pub boards_per_match: Option<u32>,
    /// What the file carries that no figure depends on, kept but not used.
    pub not_used: Vec<String>,
}

/// Why a teams file cannot be rescored.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TeamsError {
    /// A match gives neither segments nor a total in IMPs.
    #[error("round {round}, {home} v {away} (line {line}): the match has no IMPs")]
    NoImps {
        /// The round.
        round: u32,
        /// The home team.
        home: ContestantId,
        /// The away team.
        away: ContestantId,
        /// 1-based line.
        line: u32,
    },
    /// The scale cannot be told from the file: name it.
    #[error("the VP scale cannot be told from the file: {why}; name it (vp_scale = {names}) and boards_per_match")]
    ScaleNotKnown {
        /// Why not.
        why: String,
        /// The scales, for the message.
        names: String,
    },
    /// The VP scale refused a match.
    #[error("round {round}, {home} v {away}: {source}")]
    Vp {
        /// The round.
        round: u32,
        /// The home team.
        home: ContestantId,
        /// The away team.
        away: ContestantId,
        /// The scale's error.
        source: VpError,
    },
    /// A point-a-board event: scored board by board
    /// ([`crate::pab::score_pab`]), never by a VP scale.
    #[error("a point-a-board event: each board is won, tied or lost, no VP scale applies")]
    PointABoard,
    /// A board count the scales are not built for.
    #[error("boards_per_match {boards}: {source}")]
    Boards {
        /// The count.
        boards: u32,
        /// The scale's error.
        source: VpError,
    },
}

/// Where the scale came from.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub enum ScaleSource {
    /// Named by the user (or the file).
    Declared,
    /// The one scale and board count that reproduces the most stored VPs.
    Inferred {
        /// Matches whose stored VPs it reproduces.
        reproduced: usize,
        /// Matches with stored VPs.
        of: usize,
        /// Other scales that give every match the same VPs (the choice
        /// among them changes no figure).
        alike: Vec<(VpScale, u32)>,
    },
}

/// The VP scale a teams file is rescored by.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct ScaleChoice {
    /// The scale.
    pub scale: VpScale,
    /// Boards in a full match.
    pub boards: u32,
    /// Declared or inferred.
    pub source: ScaleSource,
}

/// The board counts tried when the file does not say (the range the VP
/// crate's oracle tests cover).
const INFER_BOARDS: std::ops::RangeInclusive<u32> = 1..=64;

impl TeamMatch {
    /// The match's IMPs, `[home, away]`, as a rescore reads them: the sum
    /// of its boards (net, to the side that gained them) or of its
    /// segments, else its stored total.
    ///
    /// # Errors
    /// [`TeamsError::NoImps`] for a match (or a board) with none.
    pub fn imps(&self) -> Result<[Score; 2], TeamsError> {
        match_imps(self)
    }
}

/// A match's IMPs, `[home, away]`: the sum of its boards (each from its
/// two rooms, else as stored) or of its segments where it has them (the
/// figures the total is made of), else its stored total.
fn match_imps(m: &TeamMatch) -> Result<[Score; 2], TeamsError> {
    if !m.boards.is_empty() {
        let mut net = Score::ZERO;
        for b in &m.boards {
            net += &b.imps().ok_or_else(|| TeamsError::NoImps {
                round: m.round,
                home: m.home.clone(),
                away: m.away.clone(),
                line: b.line,
            })?;
        }
        // Board IMPs are net: the team that gained them has them.
        return Ok(if net.is_negative() {
            [Score::ZERO, -net]
        } else {
            [net, Score::ZERO]
        });
    }
    if !m.segments.is_empty() {
        let mut sum = [Score::ZERO, Score::ZERO];
        for s in &m.segments {
            sum[0] += &s.imps[0].value;
            sum[1] += &s.imps[1].value;
        }
        return Ok(sum);
    }
    m.stored_imps
        .as_ref()
        .map(|[h, a]| [h.value.clone(), a.value.clone()])
        .ok_or_else(|| TeamsError::NoImps {
            round: m.round,
            home: m.home.clone(),
            away: m.away.clone(),
            line: m.line,
        })
}

fn convert(table: &VpTable, m: &TeamMatch, imps: &[Score; 2]) -> Result<[Score; 2], TeamsError> {
    let margin = &imps[0] - &imps[1];
    let split = table
        .convert(&margin, &FractionalMargin::Refuse)
        .map_err(|source| TeamsError::Vp {
            round: m.round,
            home: m.home.clone(),
            away: m.away.clone(),
            source,
        })?;
    Ok([split.first, split.second])
}

fn reproduces(stored: Option<&[StoredFigure; 2]>, vps: &[Score; 2]) -> bool {
    stored.is_some_and(|[h, a]| h.value == vps[0] && a.value == vps[1])
}

/// The scale to rescore `session` by: `scale` and `boards` where given
/// (else the file's board count), the rest inferred as the one scale and
/// board count (1 to 64) that reproduces the most stored VPs. Candidates
/// that tie are accepted only when they give every match the same VPs.
///
/// # Errors
/// [`TeamsError::ScaleNotKnown`] when no stored VP can tell, or candidates
/// tie and disagree on a match.
pub fn infer_scale(
    session: &TeamsSession,
    scale: Option<VpScale>,
    boards: Option<u32>,
) -> Result<ScaleChoice, TeamsError> {
    if session.matches.iter().any(|m| m.stored_points.is_some()) {
        return Err(TeamsError::PointABoard);
    }
    let boards = boards.or(session.boards_per_match);
    if let (Some(scale), Some(boards)) = (scale, boards) {
        scale
            .table(boards)
            .map_err(|source| TeamsError::Boards { boards, source })?;
        return Ok(ScaleChoice {
            scale,
            boards,
            source: ScaleSource::Declared,
        });
    }
    let names = VpScale::names().join(", ");
    let imps: Vec<[Score; 2]> = session
        .matches
        .iter()
        .map(match_imps)
        .collect::<Result<_, _>>()?;
    let of = session
        .matches
        .iter()
        .filter(|m| m.stored_vps.is_some())
        .count();
    if of == 0 {
        return Err(TeamsError::ScaleNotKnown {
            why: "no match stores its VPs".to_owned(),
            names,
        });
    }
    let scales: Vec<VpScale> = scale.map_or_else(|| VpScale::ALL.to_vec(), |s| vec![s]);
    let counts: Vec<u32> = boards.map_or_else(|| INFER_BOARDS.collect(), |b| vec![b]);
    // (reproduced, scale, boards, every match's VPs)
    let mut best: Vec<(VpScale, u32, Vec<[Score; 2]>)> = Vec::new();
    let mut best_count = 0;
    for &s in &scales {
        for &n in &counts {
            let Ok(table) = s.table(n) else { continue };
            let mut vps = Vec::with_capacity(imps.len());
            let mut count = 0;
            for (m, i) in session.matches.iter().zip(&imps) {
                let Ok(v) = convert(&table, m, i) else {
                    break;
                };
                count += usize::from(reproduces(m.stored_vps.as_ref(), &v));
                vps.push(v);
            }
            if vps.len() < imps.len() || count == 0 || count < best_count {
                continue;
            }
            if count > best_count {
                best.clear();
                best_count = count;
            }
            best.push((s, n, vps));
        }
    }
    let Some((first, rest)) = best.split_first() else {
        return Err(TeamsError::ScaleNotKnown {
            why: "no scale and board count reproduces any stored VPs".to_owned(),
            names,
        });
    };
    if let Some((s, n, _)) = rest.iter().find(|(_, _, v)| *v != first.2) {
        return Err(TeamsError::ScaleNotKnown {
            why: format!(
                "{} at {} boards and {} at {n} boards each reproduce {best_count} of {of} stored VPs and differ on a match",
                first.0.name(),
                first.1,
                s.name()
            ),
            names,
        });
    }
    Ok(ScaleChoice {
        scale: first.0,
        boards: first.1,
        source: ScaleSource::Inferred {
            reproduced: best_count,
            of,
            alike: rest.iter().map(|(s, n, _)| (*s, *n)).collect(),
        },
    })
}

/// One match rescored.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct MatchRescore {
    /// `[home, away]` IMPs (the segments' sum, else the stored total).
    pub imps: [Score; 2],
    /// `[home, away]` VPs by the scale.
    pub vps: [Score; 2],
}

/// A teams file rescored.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct TeamsRescore {
    /// The scale.
    pub choice: ScaleChoice,
    /// Each match, in the order of [`TeamsSession::matches`].
    pub matches: Vec<MatchRescore>,
    /// Each team's VP total.
    pub totals: BTreeMap<ContestantId, Score>,
}

/// Rescore every match by `choice`: IMPs from the segments (else the
/// stored total), VPs by the scale; each team's total.
///
/// # Errors
/// A match without IMPs, or one the scale refuses (a fractional margin).
pub fn rescore_teams(
    session: &TeamsSession,
    choice: &ScaleChoice,
) -> Result<TeamsRescore, TeamsError> {
    let table = choice
        .scale
        .table(choice.boards)
        .map_err(|source| TeamsError::Boards {
            boards: choice.boards,
            source,
        })?;
    let mut totals: BTreeMap<ContestantId, Score> = session
        .teams
        .iter()
        .map(|t| (t.id.clone(), Score::ZERO))
        .collect();
    let mut matches = Vec::with_capacity(session.matches.len());
    for m in &session.matches {
        let imps = match_imps(m)?;
        let vps = convert(&table, m, &imps)?;
        *totals.entry(m.home.clone()).or_default() += &vps[0];
        *totals.entry(m.away.clone()).or_default() += &vps[1];
        matches.push(MatchRescore { imps, vps });
    }
    Ok(TeamsRescore {
        choice: choice.clone(),
        matches,
        totals,
    })
}

/// Which stored figure a finding is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum TeamFigure {
    /// A team's IMPs in a match (its stored total).
    MatchImps,
    /// The first team's IMPs on one board of a match.
    BoardImps,
    /// A team's VPs in a match.
    MatchVps,
    /// A team's VP total.
    TeamTotal,
}

impl TeamFigure {
    /// What the figure is, in words.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            TeamFigure::MatchImps => "IMPs",
            TeamFigure::BoardImps => "board IMPs",
            TeamFigure::MatchVps => "VPs",
            TeamFigure::TeamTotal => "total VPs",
        }
    }
}

/// How a stored figure compares with the recomputation: exact, or a named
/// class. No tolerance.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum TeamsClass {
    /// Equal to the recomputation.
    Agrees,
    /// Equal to the WBF 2013 continuous table, which carries the WBF's
    /// concavity correction; the bare formula rounded to two decimals gives
    /// another value here (Ruter, round 3, 3 v 1: 14.48, not 14.47).
    AgreesByConcavityCorrection,
    /// A match total that is not the sum of its parts (its segments, or
    /// its boards' net IMPs).
    ImpsNotSumOfParts,
    /// VPs that another named scale gives this margin at the same boards.
    OtherScale(VpScale),
    /// A total that is the sum of the stored VPs, where a stored VP
    /// differs from the recomputation: it follows the match figure.
    FollowsStoredVps,
    /// Explained by none of these.
    Differs,
}

impl TeamsClass {
    /// Whether the stored figure is what the scale gives.
    #[must_use]
    pub fn agrees(&self) -> bool {
        matches!(
            self,
            TeamsClass::Agrees | TeamsClass::AgreesByConcavityCorrection
        )
    }

    /// The class in words, naming the scale of [`TeamsClass::OtherScale`].
    #[must_use]
    pub fn describe(&self) -> String {
        match self {
            TeamsClass::OtherScale(scale) => format!("{}: {}", self.name(), scale.name()),
            _ => self.name().to_owned(),
        }
    }

    /// The class's name, as the docs list it.
    #[must_use]
    pub fn name(&self) -> &'static str {
        match self {
            TeamsClass::Agrees => "agrees",
            TeamsClass::AgreesByConcavityCorrection => "agrees by the concavity correction",
            TeamsClass::ImpsNotSumOfParts => "IMPs not the sum of the segments or boards",
            TeamsClass::OtherScale(_) => "another scale",
            TeamsClass::FollowsStoredVps => "follows the stored VPs",
            TeamsClass::Differs => "differs",
        }
    }
}

/// One stored figure checked.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct TeamFinding {
    /// The figure.
    pub figure: TeamFigure,
    /// The round (none for a total).
    pub round: Option<u32>,
    /// The team the figure is for.
    pub team: ContestantId,
    /// Its opponent in the match.
    pub opponent: Option<ContestantId>,
    /// 1-based line of the figure.
    pub line: u32,
    /// The figure as written.
    pub stored: String,
    /// The recomputation.
    pub computed: Score,
    /// The comparison.
    pub class: TeamsClass,
}

impl TeamFinding {
    /// The recomputation written to the stored figure's decimals where
    /// that is exact (`14.47`), else as an exact fraction.
    #[must_use]
    pub fn computed_text(&self) -> String {
        let places = self
            .stored
            .split_once('.')
            .map_or(0, |(_, f)| u32::try_from(f.len()).unwrap_or(0));
        let mode = countback_model::RoundingMode::Nearest(countback_model::HalfRule::Even);
        let unit = Score::new(1, 10_i64.pow(places.min(18))).unwrap_or(Score::ONE);
        match self.computed.checked_div(&unit) {
            Ok(u) if u.is_integer() => self
                .computed
                .to_decimal(places, &mode)
                .unwrap_or_else(|_| self.computed.to_string()),
            _ => self.computed.to_string(),
        }
    }
}

/// A teams file audited.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct TeamsAudit {
    /// The recomputation compared with.
    pub rescore: TeamsRescore,
    /// Every stored IMP total, VP and team total, in file order.
    pub findings: Vec<TeamFinding>,
}

impl TeamsAudit {
    /// The findings that do not agree.
    pub fn exceptions(&self) -> impl Iterator<Item = &TeamFinding> {
        self.findings.iter().filter(|f| !f.class.agrees())
    }

    /// `(agree, compared)` for one figure.
    #[must_use]
    pub fn count(&self, figure: TeamFigure) -> (usize, usize) {
        let of: Vec<&TeamFinding> = self
            .findings
            .iter()
            .filter(|f| f.figure == figure)
            .collect();
        (of.iter().filter(|f| f.class.agrees()).count(), of.len())
    }
}

/// A finding on side `side` (0 home, 1 away) of match `m`.
fn finding(
    m: &TeamMatch,
    figure: TeamFigure,
    side: usize,
    stored: &StoredFigure,
    computed: &Score,
    class: TeamsClass,
) -> TeamFinding {
    let (team, opponent) = if side == 0 {
        (&m.home, &m.away)
    } else {
        (&m.away, &m.home)
    };
    TeamFinding {
        figure,
        round: Some(m.round),
        team: team.clone(),
        opponent: Some(opponent.clone()),
        line: m.line,
        stored: stored.text.clone(),
        computed: computed.clone(),
        class,
    }
}

/// The stored IMPs of match `m` (each board's, the match's) against `imps`,
/// the match's rescored IMPs.
fn imp_findings(m: &TeamMatch, imps: &[Score; 2], findings: &mut Vec<TeamFinding>) {
    let [home_imps, away_imps] = imps;
    let net = home_imps - away_imps;
    for b in &m.boards {
        if let (Some(stored), Some(rooms)) = (&b.stored_imps, b.imps_from_rooms()) {
            let computed = Score::integer(rooms);
            let class = if stored.value == computed {
                TeamsClass::Agrees
            } else {
                TeamsClass::Differs
            };
            let mut f = finding(m, TeamFigure::BoardImps, 0, stored, &computed, class);
            f.line = b.line;
            findings.push(f);
        }
    }
    if let Some([home, away]) = &m.stored_imps {
        // Board IMPs are net: a side's total is checked as the other's
        // plus (or less) the net of the boards.
        let expected = if m.boards.is_empty() {
            imps.clone()
        } else {
            [&away.value + &net, &home.value - &net]
        };
        for (side, (stored, computed)) in [home, away].into_iter().zip(&expected).enumerate() {
            let class = if stored.value == *computed {
                TeamsClass::Agrees
            } else {
                TeamsClass::ImpsNotSumOfParts
            };
            findings.push(finding(
                m,
                TeamFigure::MatchImps,
                side,
                stored,
                computed,
                class,
            ));
        }
    }
}

/// Every stored IMP figure of `session` (boards and matches) against the
/// rescore, for a procedure that reads IMPs only (a knockout): no scale.
///
/// # Errors
/// A match without IMPs.
pub fn audit_imps(session: &TeamsSession) -> Result<Vec<TeamFinding>, TeamsError> {
    let mut findings = Vec::new();
    for m in &session.matches {
        imp_findings(m, &m.imps()?, &mut findings);
    }
    Ok(findings)
}

/// Audit every stored figure of `session` against its rescore: each
/// match's stored IMP totals against the sum of its segments, each stored
/// VP against the scale, each team's total against its VPs.
///
/// # Errors
/// As [`rescore_teams`].
pub fn audit_teams(session: &TeamsSession, choice: &ScaleChoice) -> Result<TeamsAudit, TeamsError> {
    let rescore = rescore_teams(session, choice)?;
    let others: Vec<(VpScale, VpTable)> = VpScale::ALL
        .iter()
        .filter(|s| **s != choice.scale)
        .filter_map(|s| s.table(choice.boards).ok().map(|t| (*s, t)))
        .collect();
    let mut findings = Vec::new();
    let mut stored_sum: BTreeMap<ContestantId, Score> = BTreeMap::new();
    for (m, r) in session.matches.iter().zip(&rescore.matches) {
        let [home_imps, away_imps] = &r.imps;
        let net = home_imps - away_imps;
        imp_findings(m, &r.imps, &mut findings);
        let Some(stored) = &m.stored_vps else {
            continue;
        };
        let split = |t: &VpTable| {
            t.convert(&net, &FractionalMargin::Refuse)
                .ok()
                .map(|v| [v.first, v.second])
        };
        let other_vps: Vec<(VpScale, [Score; 2])> = others
            .iter()
            .filter_map(|(s, t)| split(t).map(|v| (*s, v)))
            .collect();
        let bare = other_vps
            .iter()
            .find(|(s, _)| *s == VpScale::WbfContinuousUncorrected)
            .map(|(_, v)| v);
        for (side, (st, computed)) in stored.iter().zip(&r.vps).enumerate() {
            let team = if side == 0 { &m.home } else { &m.away };
            *stored_sum.entry(team.clone()).or_default() += &st.value;
            let pick = |v: &[Score; 2]| {
                if side == 0 {
                    v[..1].first().cloned()
                } else {
                    v.last().cloned()
                }
            };
            let class = if st.value == *computed {
                let corrected = choice.scale == VpScale::WbfContinuous
                    && bare.and_then(pick).is_some_and(|b| b != *computed);
                if corrected {
                    TeamsClass::AgreesByConcavityCorrection
                } else {
                    TeamsClass::Agrees
                }
            } else {
                other_vps
                    .iter()
                    .find(|(_, v)| pick(v).is_some_and(|x| x == st.value))
                    .map_or(TeamsClass::Differs, |(s, _)| TeamsClass::OtherScale(*s))
            };
            findings.push(finding(m, TeamFigure::MatchVps, side, st, computed, class));
        }
    }
    for t in &session.teams {
        let Some(stored) = &t.stored_total else {
            continue;
        };
        let computed = rescore.totals.get(&t.id).cloned().unwrap_or_default();
        let class = if stored.value == computed {
            TeamsClass::Agrees
        } else if stored_sum.get(&t.id).is_some_and(|s| *s == stored.value) {
            TeamsClass::FollowsStoredVps
        } else {
            TeamsClass::Differs
        };
        findings.push(TeamFinding {
            figure: TeamFigure::TeamTotal,
            round: None,
            team: t.id.clone(),
            opponent: None,
            line: t.line,
            stored: stored.text.clone(),
            computed,
            class,
        });
    }
    Ok(TeamsAudit { rescore, findings })
}
