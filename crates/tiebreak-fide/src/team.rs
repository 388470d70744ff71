//! TRF-2026 team tournaments: the team records a file holds, the match
//! table the player records and those records make, and team standings by
//! match points or game points as the file says.
//!
//! The records themselves (`310`, `320`, `330`, `240`, `299`, `300`,
//! `352`, `362`, `192`) are read by the TRF reader
//! (`trf/team_records.rs`); the codes (`MPTS`, `EDE`, `SSSC` ...) are
//! [`TeamTieBreak`] and [`TeamCascade`] (`team/codes.rs`).
//!
//! A team's game points in a match are the points its members' records
//! score in that round (the file's `162` system), board forfeits without
//! an opponent (`0000 - +`) included; its match points compare the two
//! teams' game points (`362`). A team without a match takes the points of
//! its bye (`240`: a win or a draw on every board; `320`: the points the
//! record gives), of its forfeited match (`330`: the match points of a
//! win or a loss, the game points its members' records show, else those
//! of `299 +`/`299 -`), or nothing.

use std::collections::HashMap;

use countback_model::{
    Clause, ContestantId, Decision, Score, TieBreakOutcome, TiedGroup, Unresolved, Value,
};

use crate::code::TieBreakKind;
use crate::compute::Evaluation;
use crate::edition::Options;
use crate::error::{CodeError, FideError, TrfErrorKind};
use crate::trf::team_records::err;
use crate::trf::{Colour, Player, PointsSystem, ResultCode, RoundEntry, Tournament};

mod codes;

pub use crate::trf::team_records::{
    AbnormalPoints, BoardOrder, ForfeitedMatch, MatchPointsSystem, PairingAllocatedByes, TeamBye,
    TeamByeKind, TeamRecord, TeamRecordKind, TeamRecords, TeamScore,
};
pub use codes::{BoardStage, TeamCascade, TeamCodeKind, TeamTieBreak, EDE_CHAINS, TEAM_CODES};

/// How a team's round came about.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum TeamRoundKind {
    /// A match against a team, played (on at least one board).
    Match {
        /// The opposing team.
        opponent: u32,
    },
    /// A match paired whose results the file does not hold yet.
    Pending {
        /// The opposing team.
        opponent: u32,
    },
    /// A forfeited match (`330`).
    Forfeit {
        /// The opposing team.
        opponent: u32,
        /// Whether this team won it.
        won: bool,
    },
    /// A bye of the whole team (`240`).
    Bye(TeamByeKind),
    /// A pairing-allocated bye (`320`).
    PairingAllocatedBye,
    /// Not paired.
    NotPaired,
}

/// One team's round.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct TeamRound {
    /// What happened.
    pub kind: TeamRoundKind,
    /// Match points scored.
    pub match_points: Score,
    /// Game points scored.
    pub game_points: Score,
    /// Whether a `299` record set or changed the points, with its line.
    pub abnormal: Option<usize>,
}

/// A team's standing: its rounds and totals.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct TeamStanding {
    /// The team's record.
    pub team: TeamRecord,
    /// Each round.
    pub rounds: Vec<TeamRound>,
    /// Match points, `299` points for the standings included.
    pub match_points: Score,
    /// Game points, likewise.
    pub game_points: Score,
}

/// Where a team's declared points (record `310`) are not what the results make.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct TeamPointsDisagreement {
    /// The team.
    pub team: u32,
    /// The line of its `310` record.
    pub line: usize,
    /// Match points declared and computed.
    pub match_points: (Option<Score>, Score),
    /// Game points declared and computed.
    pub game_points: (Option<Score>, Score),
}

/// The note to art. 8 of the March 2026 text on a team code
/// ([`crate::compute::format_refuses`]: the same reading as for players):
/// the Buchholz family on match points, on game points or on the primary
/// score, in a round robin under that text.
#[must_use]
pub fn team_format_refuses(
    code: &TeamTieBreak,
    format: crate::edition::Format,
    edition: crate::edition::Edition,
) -> Option<FideError> {
    match &code.kind {
        TeamCodeKind::OnMatchPoints(c)
        | TeamCodeKind::OnGamePoints(c)
        | TeamCodeKind::OnPrimary(c) => {
            crate::compute::format_refuses(c, format, edition).map(|_| {
                FideError::NotForRoundRobin {
                    code: code.written.clone(),
                    article: "8 (note)",
                    edition: edition.label(),
                }
            })
        }
        _ => None,
    }
}

/// A team tournament: the file's teams and every team's rounds.
#[derive(Debug, Clone)]
pub struct TeamTournament<'t> {
    tournament: &'t Tournament,
    records: &'t TeamRecords,
    standings: Vec<TeamStanding>,
    boards: usize,
    options: Options,
    /// The matches as an individual tournament of teams scored in match
    /// points (team number as starting rank), for the individual codes.
    matches: Tournament,
    /// The same scored in game points (each round's game points set).
    game_matches: Tournament,
    /// For each standing, the index of its team in `matches`.
    at: Vec<usize>,
    /// Per standing, round and board: the points its player on that
    /// board scored (record `300`'s board order, else the `310` order of
    /// the members who played).
    board_points: Vec<Vec<Vec<Score>>>,
}

impl<'t> TeamTournament<'t> {
    /// Read the team tournament of `tournament`, under the edition in
    /// force on its start date; an error when the file is not a team file
    /// ([`FideError::NotATeamTournament`]) or a record names a team or
    /// player it does not list.
    pub fn new(tournament: &'t Tournament) -> Result<TeamTournament<'t>, FideError> {
        TeamTournament::with_options(tournament, Options::for_tournament(tournament))
    }

    /// Like [`TeamTournament::new`], under `options` (the edition of art.
    /// 16 and the format for the individual codes on match points).
    pub fn with_options(
        tournament: &'t Tournament,
        options: Options,
    ) -> Result<TeamTournament<'t>, FideError> {
        let records = tournament
            .team
            .as_ref()
            .ok_or(FideError::NotATeamTournament)?;
        let (team_of, index) = rosters(tournament, records)?;
        let boards = board_count(records, tournament, &team_of);
        let games = BoardGames::read(tournament, &team_of, records.teams.len(), boards)?;
        let team_index = |number: u32, line: usize| {
            index.get(&number).copied().ok_or_else(|| {
                FideError::from(err(
                    line,
                    5,
                    TrfErrorKind::OpponentOutOfRange {
                        round: 0,
                        opponent: number,
                    },
                ))
            })
        };
        let mut standings = Vec::with_capacity(records.teams.len());
        for (t, team) in records.teams.iter().enumerate() {
            let mut team_rounds = Vec::with_capacity(tournament.rounds);
            for r in 0..tournament.rounds {
                let round = team_round(tournament, records, &games, (t, team), r, &team_index)?;
                team_rounds.push(round);
            }
            let (standing_mp, standing_gp) =
                abnormal_points(records, team, &mut team_rounds, tournament.rounds)?;
            let match_points =
                team_rounds.iter().map(|r| &r.match_points).sum::<Score>() + standing_mp;
            let game_points =
                team_rounds.iter().map(|r| &r.game_points).sum::<Score>() + standing_gp;
            standings.push(TeamStanding {
                team: team.clone(),
                rounds: team_rounds,
                match_points,
                game_points,
            });
        }
        for b in &records.byes {
            team_index(b.team, b.line)?;
        }
        for a in &records.abnormal {
            for t in &a.teams {
                team_index(*t, a.line)?;
            }
        }
        let board_points = board_points(tournament, records, boards);
        let (matches, at) = match_tournament(tournament, records, &standings, None)?;
        let (game_matches, _) = match_tournament(tournament, records, &standings, Some(boards))?;
        Ok(TeamTournament {
            tournament,
            records,
            standings,
            boards,
            options,
            matches,
            game_matches,
            at,
            board_points,
        })
    }

    /// The format the tie-breaks follow: the one chosen in the options,
    /// else the file's (`092`/`192`), else a Swiss.
    #[must_use]
    pub fn format(&self) -> crate::edition::Format {
        self.options
            .format()
            .or(self.tournament.format)
            .unwrap_or_default()
    }

    /// The file.
    #[must_use]
    pub fn tournament(&self) -> &'t Tournament {
        self.tournament
    }

    /// The number of boards of a match.
    #[must_use]
    pub fn boards(&self) -> usize {
        self.boards
    }

    /// The score that ranks first (the `192` type).
    #[must_use]
    pub fn primary(&self) -> TeamScore {
        self.records.primary()
    }

    /// Every team's rounds and totals, in the order of the `310` records.
    #[must_use]
    pub fn standings(&self) -> &[TeamStanding] {
        &self.standings
    }

    /// The teams whose `310` match or game points are not what the
    /// results make.
    #[must_use]
    pub fn points_disagreements(&self) -> Vec<TeamPointsDisagreement> {
        self.standings
            .iter()
            .filter(|s| {
                s.team
                    .declared_match_points
                    .as_ref()
                    .is_some_and(|d| *d != s.match_points)
                    || s.team
                        .declared_game_points
                        .as_ref()
                        .is_some_and(|d| *d != s.game_points)
            })
            .map(|s| TeamPointsDisagreement {
                team: s.team.number,
                line: s.team.line,
                match_points: (s.team.declared_match_points.clone(), s.match_points.clone()),
                game_points: (s.team.declared_game_points.clone(), s.game_points.clone()),
            })
            .collect()
    }

    /// The contestant names: each team's name (a blank or shared one gets
    /// ` (#number)`).
    #[must_use]
    pub fn contestant_ids(&self) -> Vec<ContestantId> {
        let mut seen: HashMap<&str, usize> = HashMap::new();
        for s in &self.standings {
            *seen.entry(s.team.name.as_str()).or_insert(0) += 1;
        }
        self.standings
            .iter()
            .map(|s| {
                let name = s.team.name.as_str();
                if name.is_empty() || seen.get(name).copied().unwrap_or(0) > 1 {
                    ContestantId::new(format!("{name} (#{})", s.team.number))
                } else {
                    ContestantId::new(name)
                }
            })
            .collect()
    }

    /// The matches as an individual tournament: each team a player
    /// (its number the starting rank), each match a game scored in match
    /// points (`362`), byes, forfeits and absences as the team had them.
    #[must_use]
    pub fn match_tournament(&self) -> &Tournament {
        &self.matches
    }

    /// A team tie-break's value for every team, in standings order.
    pub fn values(&self, code: &TeamTieBreak) -> Result<Vec<Score>, FideError> {
        let score = |s: &TeamStanding, which: TeamScore| match which {
            TeamScore::MatchPoints => s.match_points.clone(),
            TeamScore::GamePoints => s.game_points.clone(),
        };
        let by_team = |values: Vec<Score>| {
            self.at
                .iter()
                .map(|i| values.get(*i).cloned().unwrap_or_default())
                .collect()
        };
        Ok(match &code.kind {
            TeamCodeKind::MatchPoints => self
                .standings
                .iter()
                .map(|s| score(s, TeamScore::MatchPoints))
                .collect(),
            TeamCodeKind::GamePoints => self
                .standings
                .iter()
                .map(|s| score(s, TeamScore::GamePoints))
                .collect(),
            TeamCodeKind::OtherScore => self
                .standings
                .iter()
                .map(|s| score(s, self.primary().other()))
                .collect(),
            TeamCodeKind::OnMatchPoints(c) => {
                let eval = Evaluation::new(&self.matches, self.options)?;
                by_team(eval.values(c)?)
            }
            TeamCodeKind::OnGamePoints(c) => {
                let eval = Evaluation::new(&self.game_matches, self.options)?;
                by_team(eval.values(c)?)
            }
            TeamCodeKind::OnPrimary(c) => {
                let table = match self.primary() {
                    TeamScore::MatchPoints => &self.matches,
                    TeamScore::GamePoints => &self.game_matches,
                };
                by_team(Evaluation::new(table, self.options)?.values(c)?)
            }
            TeamCodeKind::ExtendedDirectEncounter { .. } => {
                vec![Score::ZERO; self.standings.len()]
            }
            TeamCodeKind::ScoreStrength { buchholz, divisor } => {
                let table = match self.primary() {
                    TeamScore::MatchPoints => &self.matches,
                    TeamScore::GamePoints => &self.game_matches,
                };
                let bh: Vec<Score> =
                    by_team(Evaluation::new(table, self.options)?.values(buchholz)?);
                let k = match divisor {
                    Some(k) => k.clone(),
                    None => self.score_strength_divisor(),
                };
                if !k.is_positive() {
                    return Err(CodeError {
                        code: code.to_string(),
                        reason: format!(
                            "K, the floor of the event's ratio, is {k} here ({} rounds, {} boards): give it as /Kx",
                            self.tournament.rounds, self.boards
                        ),
                    }
                    .into());
                }
                self.standings
                    .iter()
                    .zip(bh)
                    .map(|(s, b)| Ok(score(s, self.primary().other()) + b.checked_div(&k)?))
                    .collect::<Result<Vec<Score>, FideError>>()?
            }
            TeamCodeKind::ExtendedMatchGame(c) | TeamCodeKind::ExtendedGameMatch(c) => {
                // E X Y SB: the opponent's X points (art. 16 as for SB)
                // times the team's Y points in the match.
                let (table, own_game_points) = match &code.kind {
                    TeamCodeKind::ExtendedMatchGame(_) => (&self.matches, true),
                    _ => (&self.game_matches, false),
                };
                let eval = Evaluation::new(table, self.options)?;
                self.standings
                    .iter()
                    .zip(&self.at)
                    .map(|(s, i)| {
                        let own: Vec<Score> = s
                            .rounds
                            .iter()
                            .map(|r| {
                                if own_game_points {
                                    r.game_points.clone()
                                } else {
                                    r.match_points.clone()
                                }
                            })
                            .collect();
                        eval.sonneborn_berger_with(*i, c.forfeits_as_played, c.cut, &own)
                    })
                    .collect()
            }
        })
    }

    /// Rank the teams: by the primary score (the `192` type), then by
    /// each tie-break of `list`, each decision in the trace with its
    /// article; a tie the list cannot break ends with the drawing of lots.
    /// A code the edition does not use in the event's format is refused,
    /// as for players ([`team_format_refuses`]).
    pub fn rank(&self, list: &TeamCascade) -> Result<TieBreakOutcome, FideError> {
        for code in &list.0 {
            if let Some(err) = team_format_refuses(code, self.format(), self.options.edition()) {
                return Err(err);
            }
        }
        let ids = self.contestant_ids();
        let primary = TeamTieBreak::plain(match self.primary() {
            TeamScore::MatchPoints => TeamCodeKind::MatchPoints,
            TeamScore::GamePoints => TeamCodeKind::GamePoints,
        });
        let mut groups: Vec<Vec<usize>> = vec![(0..ids.len()).collect()];
        let mut trace = Vec::new();
        for code in std::iter::once(&primary).chain(list.0.iter()) {
            if groups.iter().all(|g| g.len() < 2) {
                break;
            }
            let direct = self.direct_encounter_table(code)?;
            let values = self.values(code)?;
            let encounter = match code.kind {
                TeamCodeKind::ExtendedDirectEncounter {
                    forfeits_as_played,
                    stages,
                } => Some((self.encounter_tables()?, forfeits_as_played, stages)),
                _ => None,
            };
            let mut next = Vec::new();
            for group in groups {
                if group.len() < 2 {
                    next.push(group);
                    continue;
                }
                let (split, met, note) = match (&encounter, &direct) {
                    (Some(((first, second, table_ids), p, _)), _) => (
                        self.extended_direct_encounter(&group, first, second, table_ids, *p),
                        None,
                        None,
                    ),
                    (None, Some((table, table_ids, p))) => {
                        let (split, met, note) =
                            self.direct_encounter(&group, table, table_ids, *p);
                        (split, Some(met), note)
                    }
                    (None, None) => (split_by(&group, &values, &ids), None, None),
                };
                // DE's values are the points scored among the group.
                let shown = |k: usize, i: &usize| match &met {
                    Some(met) => met.get(k).cloned(),
                    None => values.get(*i).cloned(),
                };
                trace.push(Decision {
                    clause: Clause::new(format!("FIDE {} ({code})", code.article())),
                    test: code.description().to_string(),
                    among: sorted(&group, &ids),
                    values: group
                        .iter()
                        .enumerate()
                        .filter_map(|(k, i)| {
                            Some((ids.get(*i)?.clone(), Value::Score(shown(k, i)?)))
                        })
                        .collect(),
                    result: split.iter().map(|g| sorted(g, &ids)).collect(),
                    note,
                });
                match &encounter {
                    Some((_, p, stages)) if !stages.is_empty() => {
                        for pair in split {
                            next.extend(
                                self.board_stages(pair, stages, *p, code, &ids, &mut trace),
                            );
                        }
                    }
                    _ => next.extend(split),
                }
            }
            groups = next;
        }
        let order = groups
            .into_iter()
            .map(|g| TiedGroup {
                members: sorted(&g, &ids),
                unresolved: (g.len() > 1).then(|| Unresolved::RandomBallot {
                    clause: Clause::new("FIDE C.07 drawing of lots"),
                }),
            })
            .collect();
        Ok(TieBreakOutcome { order, trace })
    }
}

/// The matches as an individual tournament scored in match points.
/// A team whose declared rank (record `310`) is not a place the list
/// gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct TeamOutOfPlace {
    /// The team.
    pub team: u32,
    /// The line of its `310` record.
    pub line: usize,
    /// The rank the file declares.
    pub declared: u32,
    /// The first and last place the list gives it (a tie the list cannot
    /// break spans several places, any of which is in place, art. 4.2).
    pub places: (u32, u32),
}

/// What the standings check of a team file finds.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct TeamAudit {
    /// Teams whose `310` match or game points are not the results'.
    pub points: Vec<TeamPointsDisagreement>,
    /// Teams whose `310` rank is not a place the list gives them.
    pub out_of_place: Vec<TeamOutOfPlace>,
    /// Teams without a declared rank, when others have one.
    pub missing_rank: Vec<u32>,
}

impl TeamAudit {
    /// Whether there is nothing to report.
    #[must_use]
    pub fn is_clean(&self) -> bool {
        self.points.is_empty() && self.out_of_place.is_empty() && self.missing_rank.is_empty()
    }
}

impl TeamTournament<'_> {
    /// Check the file's `310` records: match and game points against the
    /// results, ranks against `list` (the primary score first).
    pub fn audit(&self, list: &TeamCascade) -> Result<TeamAudit, FideError> {
        let outcome = self.rank(list)?;
        let ids = self.contestant_ids();
        let mut places: HashMap<&ContestantId, (u32, u32)> = HashMap::new();
        let mut before = 0u32;
        for group in &outcome.order {
            let size = u32::try_from(group.members.len()).unwrap_or(u32::MAX);
            for m in &group.members {
                places.insert(m, (before + 1, before.saturating_add(size)));
            }
            before = before.saturating_add(size);
        }
        let any_rank = self
            .standings
            .iter()
            .any(|s| s.team.declared_rank.is_some());
        let mut audit = TeamAudit {
            points: self.points_disagreements(),
            ..TeamAudit::default()
        };
        for (s, id) in self.standings.iter().zip(&ids) {
            let Some((first, last)) = places.get(id).copied() else {
                continue;
            };
            match s.team.declared_rank {
                Some(declared) if !(first..=last).contains(&declared) => {
                    audit.out_of_place.push(TeamOutOfPlace {
                        team: s.team.number,
                        line: s.team.line,
                        declared,
                        places: (first, last),
                    });
                }
                None if any_rank => audit.missing_rank.push(s.team.number),
                _ => {}
            }
        }
        Ok(audit)
    }

    /// `SSSC`'s K without `/K`: the primary score's points for a win in
    /// every round over the other score's for a win in every round per
    /// board (match points first: ⌊W_MP × rounds ÷ (W_game × boards)⌋;
    /// game points first: ⌊W_game × rounds × boards ÷ W_MP⌋), floored as
    /// the reference engine does (docs/fide.md, SSSC).
    fn score_strength_divisor(&self) -> Score {
        let rounds = Score::from(self.tournament.rounds);
        let boards = Score::from(self.boards);
        let game = &self.tournament.points_system.win;
        let matches = &self.matches.points_system.win;
        let ratio = match self.primary() {
            TeamScore::MatchPoints => (matches * &rounds).checked_div(&(game * &boards)),
            TeamScore::GamePoints => (&(game * &rounds) * &boards).checked_div(matches),
        };
        ratio.map_or(Score::ZERO, |r| r.floor())
    }

    /// The primary and the other score's evaluations, and the match
    /// tournament's contestant ids (the extended direct encounter).
    fn encounter_tables(
        &self,
    ) -> Result<(Evaluation<'_>, Evaluation<'_>, Vec<ContestantId>), FideError> {
        let mp = Evaluation::new(&self.matches, self.options)?;
        let gp = Evaluation::new(&self.game_matches, self.options)?;
        let ids = crate::compute::contestant_ids(&self.matches);
        Ok(match self.primary() {
            TeamScore::MatchPoints => (mp, gp, ids),
            TeamScore::GamePoints => (gp, mp, ids),
        })
    }

    /// `DE` (`:MP`, `:GP`, `/P`): the evaluation of the score it is on
    /// (the primary one without a reference), the match tournament's ids
    /// and whether forfeits count; `None` for any other code.
    fn direct_encounter_table(
        &self,
        code: &TeamTieBreak,
    ) -> Result<Option<(Evaluation<'_>, Vec<ContestantId>, bool)>, FideError> {
        let (table, c) = match &code.kind {
            TeamCodeKind::OnMatchPoints(c) => (&self.matches, c),
            TeamCodeKind::OnGamePoints(c) => (&self.game_matches, c),
            TeamCodeKind::OnPrimary(c) => match self.primary() {
                TeamScore::MatchPoints => (&self.matches, c),
                TeamScore::GamePoints => (&self.game_matches, c),
            },
            _ => return Ok(None),
        };
        if c.kind != TieBreakKind::DirectEncounter {
            return Ok(None);
        }
        Ok(Some((
            Evaluation::new(table, self.options)?,
            crate::compute::contestant_ids(table),
            c.forfeits_as_played,
        )))
    }

    /// `DE` on one tied group (standings indices): art. 6 as for players,
    /// on the teams' matches; the groups, each member's points among the
    /// group and the note when not every pair met.
    fn direct_encounter(
        &self,
        group: &[usize],
        table: &Evaluation<'_>,
        ids: &[ContestantId],
        forfeits_as_played: bool,
    ) -> (Vec<Vec<usize>>, Vec<Score>, Option<String>) {
        let (inner, back) = self.in_matches(group);
        let (scores, split, note) = table.direct_encounter_in(&inner, ids, forfeits_as_played);
        let split = split
            .into_iter()
            .map(|g| g.iter().filter_map(|i| back.get(i).copied()).collect())
            .collect();
        (split, scores, note)
    }

    /// A group of standings as the match tournament's players, and the way
    /// back (standings index <-> match-tournament index).
    fn in_matches(&self, group: &[usize]) -> (Vec<usize>, HashMap<usize, usize>) {
        let inner: Vec<usize> = group
            .iter()
            .filter_map(|i| self.at.get(*i).copied())
            .collect();
        let back: HashMap<usize, usize> = group
            .iter()
            .filter_map(|i| Some((*self.at.get(*i)?, *i)))
            .collect();
        (inner, back)
    }

    /// `EDE`: art. 6 on the primary score; a group it does not split, on
    /// the other; each smaller group again from the primary score.
    fn extended_direct_encounter(
        &self,
        group: &[usize],
        first: &Evaluation<'_>,
        second: &Evaluation<'_>,
        ids: &[ContestantId],
        forfeits_as_played: bool,
    ) -> Vec<Vec<usize>> {
        let (inner, back) = self.in_matches(group);
        let mut out = Vec::new();
        ede(&inner, first, second, ids, forfeits_as_played, &mut out);
        out.into_iter()
            .map(|g| g.iter().filter_map(|i| back.get(i).copied()).collect())
            .collect()
    }
}

/// The number of boards: the length of the `352` colour sequence, else
/// the most boards a team fills in one round (a game paired, or a
/// board won by forfeit).
fn board_count(records: &TeamRecords, t: &Tournament, team_of: &HashMap<u32, usize>) -> usize {
    if let Some(c) = &records.board_colours {
        let n = c.chars().filter(|c| !c.is_whitespace()).count();
        if n > 0 {
            return n;
        }
    }
    let mut most = 0;
    for r in 0..t.rounds {
        let mut count: HashMap<usize, usize> = HashMap::new();
        for p in &t.players {
            if let (Some(team), Some(e)) = (team_of.get(&p.starting_rank), p.rounds.get(r)) {
                // A board is one with a game paired, or won by forfeit
                // with nobody opposite (`0000 - +`). A member who sat
                // out (`0000 - -`, as a TRF-16 team file writes the
                // reserves) fills no board.
                if e.opponent.is_some() || e.result == ResultCode::ForfeitWin {
                    *count.entry(*team).or_insert(0) += 1;
                }
            }
        }
        most = most.max(count.values().copied().max().unwrap_or(0));
    }
    most
}

/// Each member's team (by starting rank) and each team number's index.
type Rosters = (HashMap<u32, usize>, HashMap<u32, usize>);

/// The rosters of the `310` (or `013`) records: each team once, each
/// member a player of the file and of one team only.
fn rosters(tournament: &Tournament, records: &TeamRecords) -> Result<Rosters, FideError> {
    let mut team_of: HashMap<u32, usize> = HashMap::new();
    let mut index: HashMap<u32, usize> = HashMap::new();
    for (i, team) in records.teams.iter().enumerate() {
        if index.insert(team.number, i).is_some() {
            return Err(err(
                team.line,
                5,
                TrfErrorKind::DuplicateStartingRank { rank: team.number },
            )
            .into());
        }
        for m in &team.members {
            if tournament.player(*m).is_none() {
                return Err(err(
                    team.line,
                    74,
                    TrfErrorKind::OpponentOutOfRange {
                        round: 0,
                        opponent: *m,
                    },
                )
                .into());
            }
            if let Some(first) = team_of.insert(*m, i) {
                let first_line = records.teams.get(first).map_or(0, |t| t.line);
                return Err(err(
                    team.line,
                    5,
                    TrfErrorKind::MemberOfTwoTeams {
                        player: *m,
                        first_line,
                    },
                )
                .into());
            }
        }
    }
    Ok((team_of, index))
}

/// What the player records say of each team's rounds: per team and
/// round, the opponent team met on the boards, the game points, whether
/// any game is decided, and the points of board forfeits with nobody
/// opposite (`0000 - +`).
struct BoardGames {
    opponent: Vec<Vec<Option<usize>>>,
    gp: Vec<Vec<Score>>,
    decided: Vec<Vec<bool>>,
    board_forfeits: Vec<Vec<Score>>,
    /// The number of boards of a match.
    boards: usize,
}

impl BoardGames {
    /// Sum the player records into their teams' rounds; an error for a
    /// player no team lists with a game that has a result.
    fn read(
        tournament: &Tournament,
        team_of: &HashMap<u32, usize>,
        n: usize,
        boards: usize,
    ) -> Result<BoardGames, FideError> {
        let rounds = tournament.rounds;
        let system = &tournament.points_system;
        let mut opponent: Vec<Vec<Option<usize>>> = vec![vec![None; rounds]; n];
        let mut gp: Vec<Vec<Score>> = vec![vec![Score::ZERO; rounds]; n];
        let mut decided: Vec<Vec<bool>> = vec![vec![false; rounds]; n];
        let mut board_forfeits: Vec<Vec<Score>> = vec![vec![Score::ZERO; rounds]; n];
        for p in &tournament.players {
            let Some(&t) = team_of.get(&p.starting_rank) else {
                // A player no team lists: a game of theirs with a result
                // would count for nobody, and their opponent's team would
                // score it alone (a pairing without a result changes nothing).
                if let Some(r) = p
                    .rounds
                    .iter()
                    .position(|e| e.opponent.is_some() && e.result != ResultCode::NotPaired)
                {
                    return Err(err(
                        p.line,
                        5,
                        TrfErrorKind::NotInATeam {
                            player: p.starting_rank,
                            round: r + 1,
                        },
                    )
                    .into());
                }
                continue;
            };
            for (r, e) in p.rounds.iter().enumerate() {
                let points = system.points(e.result);
                match e.opponent {
                    Some(o) => {
                        let Some(&u) = team_of.get(&o) else { continue };
                        if let Some(slot) = opponent.get_mut(t).and_then(|v| v.get_mut(r)) {
                            *slot = Some(u);
                        }
                        if let Some(g) = gp.get_mut(t).and_then(|v| v.get_mut(r)) {
                            *g += points;
                        }
                        if e.result != ResultCode::NotPaired {
                            if let Some(d) = decided.get_mut(t).and_then(|v| v.get_mut(r)) {
                                *d = true;
                            }
                        }
                    }
                    None if e.result.is_forfeit() => {
                        if let Some(g) = board_forfeits.get_mut(t).and_then(|v| v.get_mut(r)) {
                            *g += points;
                        }
                    }
                    None => {}
                }
            }
        }
        Ok(BoardGames {
            opponent,
            gp,
            decided,
            board_forfeits,
            boards,
        })
    }

    /// Team `t`'s game points on the boards in round `r`.
    fn game_points(&self, t: usize, r: usize) -> Score {
        at(&self.gp, t, r)
    }

    /// Team `t`'s points of board forfeits with nobody opposite in round `r`.
    fn forfeits(&self, t: usize, r: usize) -> Score {
        at(&self.board_forfeits, t, r)
    }

    /// The team `t` met on the boards in round `r`.
    fn opponent(&self, t: usize, r: usize) -> Option<usize> {
        self.opponent
            .get(t)
            .and_then(|v| v.get(r))
            .copied()
            .flatten()
    }

    /// Whether any game of team `t` in round `r` has a result.
    fn decided(&self, t: usize, r: usize) -> bool {
        self.decided.get(t).and_then(|v| v.get(r)).copied() == Some(true)
    }
}

/// The points of team `t` in round `r` of a table by team and round.
fn at(table: &[Vec<Score>], t: usize, r: usize) -> Score {
    table
        .get(t)
        .and_then(|v| v.get(r))
        .cloned()
        .unwrap_or_default()
}

/// Team `t`'s round `r` (from 0): a forfeited match (`330`) whatever the
/// boards say, else the match met on the boards (decided or pending), else
/// a bye of the whole team (`240`), else a pairing-allocated bye (`320`),
/// else not paired.
fn team_round(
    tournament: &Tournament,
    records: &TeamRecords,
    games: &BoardGames,
    (t, team): (usize, &TeamRecord),
    r: usize,
    team_index: &impl Fn(u32, usize) -> Result<usize, FideError>,
) -> Result<TeamRound, FideError> {
    let system = &tournament.points_system;
    let mp = &records.match_points;
    let boards = games.boards;
    let own_gp = games.game_points(t, r);
    let forfeits = games.forfeits(t, r);
    let met = games.opponent(t, r);
    // A `330` record says the match was forfeited whatever the
    // board lines say: pairing programs write the scheduled
    // opponents on them with `+`/`-` (Held's exercise, FIDE
    // TEC), or `0000 - +` with none.
    let forfeited = records
        .forfeits
        .iter()
        .find(|f| f.round == r + 1 && (f.white == team.number || f.black == team.number));
    let round = if let Some(f) = forfeited {
        let (won, other) = if f.white == team.number {
            (f.white_won, f.black)
        } else {
            (f.black_won, f.white)
        };
        team_index(other, f.line)?;
        let kind = if won { '+' } else { '-' };
        let default = records
            .abnormal
            .iter()
            .find(|a| a.kind == kind && a.round.is_none());
        let shown = own_gp + forfeits;
        let game_points = if shown != Score::ZERO || default.is_none() {
            shown
        } else {
            default.map(|d| d.game_points.clone()).unwrap_or_default()
        };
        TeamRound {
            kind: TeamRoundKind::Forfeit {
                opponent: other,
                won,
            },
            match_points: if won { mp.win.clone() } else { mp.loss.clone() },
            game_points,
            abnormal: None,
        }
    } else if let Some(u) = met {
        let opponent_number = records.teams.get(u).map_or(0, |x| x.number);
        if games.decided(t, r) || games.decided(u, r) {
            let theirs = games.game_points(u, r) + games.forfeits(u, r);
            let ours = own_gp + forfeits;
            let points = match ours.cmp(&theirs) {
                std::cmp::Ordering::Greater => mp.win.clone(),
                std::cmp::Ordering::Equal => mp.draw.clone(),
                std::cmp::Ordering::Less => mp.loss.clone(),
            };
            TeamRound {
                kind: TeamRoundKind::Match {
                    opponent: opponent_number,
                },
                match_points: points,
                game_points: ours,
                abnormal: None,
            }
        } else {
            TeamRound {
                kind: TeamRoundKind::Pending {
                    opponent: opponent_number,
                },
                match_points: Score::ZERO,
                game_points: Score::ZERO,
                abnormal: None,
            }
        }
    } else if let Some(b) = records
        .byes
        .iter()
        .find(|b| b.round == r + 1 && b.team == team.number)
    {
        let boards = Score::from(boards);
        let (m, g) = match b.kind {
            TeamByeKind::Full => (mp.win.clone(), &system.win * &boards),
            TeamByeKind::Half => (mp.draw.clone(), &system.draw * &boards),
            TeamByeKind::Zero => (Score::ZERO, Score::ZERO),
        };
        TeamRound {
            kind: TeamRoundKind::Bye(b.kind),
            match_points: m,
            game_points: g,
            abnormal: None,
        }
    } else if let Some(pab) = records
        .pairing_allocated
        .as_ref()
        .filter(|p| p.teams.get(r).copied().flatten() == Some(team.number))
    {
        TeamRound {
            kind: TeamRoundKind::PairingAllocatedBye,
            match_points: pab.match_points.clone(),
            game_points: pab.game_points.clone(),
            abnormal: None,
        }
    } else {
        TeamRound {
            kind: TeamRoundKind::NotPaired,
            match_points: Score::ZERO,
            game_points: Score::ZERO,
            abnormal: None,
        }
    };
    Ok(round)
}

/// The `299` records of `team` with a round: a blank kind adds its points
/// to that round (round 999: to the standings only, returned as match and
/// game points), any other sets them; an error for a round beyond the
/// file's.
fn abnormal_points(
    records: &TeamRecords,
    team: &TeamRecord,
    team_rounds: &mut [TeamRound],
    rounds: usize,
) -> Result<(Score, Score), FideError> {
    let mut standing_mp = Score::ZERO;
    let mut standing_gp = Score::ZERO;
    for a in records
        .abnormal
        .iter()
        .filter(|a| a.teams.contains(&team.number))
    {
        let Some(round) = a.round else { continue };
        match (a.kind, team_rounds.get_mut(round.wrapping_sub(1))) {
            (' ', Some(slot)) => {
                slot.match_points += &a.match_points;
                slot.game_points += &a.game_points;
                slot.abnormal = Some(a.line);
            }
            (' ', None) if round == 999 => {
                standing_mp += &a.match_points;
                standing_gp += &a.game_points;
            }
            (_, Some(slot)) => {
                slot.match_points = a.match_points.clone();
                slot.game_points = a.game_points.clone();
                slot.abnormal = Some(a.line);
            }
            (_, None) => {
                return Err(err(
                    a.line,
                    6,
                    TrfErrorKind::BeyondDeclaredRounds {
                        record: "299".to_string(),
                        round,
                        declared: rounds,
                    },
                )
                .into())
            }
        }
    }
    Ok((standing_mp, standing_gp))
}

impl TeamTournament<'_> {
    /// The 2026 chains' board stages (`BC`, `TBR`, `BBE`): two teams
    /// still tied after the extended direct encounter compared in their
    /// own match(es) (forfeited ones too with `/P`), each stage's steps
    /// in turn until one separates them, each step a decision with its
    /// article; teams that did not meet stay tied.
    fn board_stages(
        &self,
        group: Vec<usize>,
        stages: &[BoardStage],
        forfeits_as_played: bool,
        code: &TeamTieBreak,
        ids: &[ContestantId],
        trace: &mut Vec<Decision>,
    ) -> Vec<Vec<usize>> {
        let (Some(&a), Some(&b), 2) = (group.first(), group.get(1), group.len()) else {
            return vec![group];
        };
        let (Some(sa), Some(sb)) = (self.standings.get(a), self.standings.get(b)) else {
            return vec![group];
        };
        let rounds: Vec<usize> = sa
            .rounds
            .iter()
            .enumerate()
            .filter(|(_, r)| match r.kind {
                TeamRoundKind::Match { opponent } => opponent == sb.team.number,
                TeamRoundKind::Forfeit { opponent, .. } => {
                    forfeits_as_played && opponent == sb.team.number
                }
                _ => false,
            })
            .map(|(i, _)| i)
            .collect();
        // Each team's points per board over their own match(es).
        let per_board = |team: usize| -> Vec<Score> {
            (0..self.boards)
                .map(|board| {
                    rounds
                        .iter()
                        .filter_map(|r| self.board_points.get(team)?.get(*r)?.get(board).cloned())
                        .sum()
                })
                .collect()
        };
        let (pa, pb) = (per_board(a), per_board(b));
        for stage in stages {
            for (test, weights, lower_first) in stage.steps(self.boards) {
                let weighted = |points: &[Score]| -> Score {
                    points.iter().zip(&weights).map(|(p, w)| p.times(*w)).sum()
                };
                let (va, vb) = (weighted(&pa), weighted(&pb));
                let order = if lower_first {
                    vb.cmp(&va)
                } else {
                    va.cmp(&vb)
                };
                let result = match order {
                    std::cmp::Ordering::Greater => vec![vec![a], vec![b]],
                    std::cmp::Ordering::Less => vec![vec![b], vec![a]],
                    std::cmp::Ordering::Equal => vec![group.clone()],
                };
                trace.push(Decision {
                    clause: Clause::new(format!("FIDE {} ({code})", stage.article())),
                    test,
                    among: sorted(&group, ids),
                    values: [(a, va), (b, vb)]
                        .into_iter()
                        .filter_map(|(i, v)| Some((ids.get(i)?.clone(), Value::Score(v))))
                        .collect(),
                    result: result.iter().map(|g| sorted(g, ids)).collect(),
                    note: rounds.is_empty().then(|| {
                        "the two teams did not meet: the stage cannot separate them".to_string()
                    }),
                });
                if rounds.is_empty() {
                    return vec![group];
                }
                if result.len() > 1 {
                    return result;
                }
            }
        }
        vec![group]
    }
}

fn ede(
    group: &[usize],
    first: &Evaluation<'_>,
    second: &Evaluation<'_>,
    ids: &[ContestantId],
    forfeits_as_played: bool,
    out: &mut Vec<Vec<usize>>,
) {
    if group.len() < 2 {
        out.push(group.to_vec());
        return;
    }
    let mut split = first.direct_encounter_groups(group, ids, forfeits_as_played);
    if split.len() < 2 {
        split = second.direct_encounter_groups(group, ids, forfeits_as_played);
    }
    if split.len() < 2 {
        out.push(group.to_vec());
        return;
    }
    for sub in split {
        ede(&sub, first, second, ids, forfeits_as_played, out);
    }
}

/// Per team (in `310` order), round and board, the points its player on
/// that board scored: the board order of record `300` where the file
/// gives one, else the `310` order of the members who have a game or a
/// board forfeit that round.
fn board_points(t: &Tournament, records: &TeamRecords, boards: usize) -> Vec<Vec<Vec<Score>>> {
    let orders: HashMap<(usize, u32), &BoardOrder> = records
        .board_orders
        .iter()
        .map(|o| ((o.round, o.team), o))
        .collect();
    records
        .teams
        .iter()
        .map(|team| {
            (0..t.rounds)
                .map(|r| {
                    let lineup: Vec<u32> = match orders.get(&(r + 1, team.number)) {
                        Some(o) => o.players.clone(),
                        None => team
                            .members
                            .iter()
                            .copied()
                            .filter(|m| {
                                t.player(*m)
                                    .and_then(|p| p.rounds.get(r))
                                    .is_some_and(|e| e.opponent.is_some() || e.result.is_forfeit())
                            })
                            .collect(),
                    };
                    (0..boards)
                        .map(|b| {
                            lineup
                                .get(b)
                                .and_then(|m| {
                                    let i = t
                                        .players
                                        .binary_search_by_key(m, |p| p.starting_rank)
                                        .ok()?;
                                    let e = t.players.get(i)?.rounds.get(r)?;
                                    Some(t.round_points_of(i, r, e).clone())
                                })
                                .unwrap_or_default()
                        })
                        .collect()
                })
                .collect()
        })
        .collect()
}

/// The matches as an individual tournament of teams: scored in match
/// points, or (`game_points_of: Some(boards)`) with each round's game
/// points set, a win, draw and loss being those of every board.
fn match_tournament(
    t: &Tournament,
    records: &TeamRecords,
    standings: &[TeamStanding],
    game_points_of: Option<usize>,
) -> Result<(Tournament, Vec<usize>), FideError> {
    let mp = &records.match_points;
    let mp_system = PointsSystem {
        win: mp.win.clone(),
        draw: mp.draw.clone(),
        loss: mp.loss.clone(),
        absence: Score::ZERO,
        pairing_allocated_bye: records
            .pairing_allocated
            .as_ref()
            .map_or_else(|| mp.draw.clone(), |p| p.match_points.clone()),
        unknown_result: None,
    };
    let system = match game_points_of {
        None => mp_system.clone(),
        Some(boards) => {
            let boards = Score::from(boards);
            let game = &t.points_system;
            PointsSystem {
                win: &game.win * &boards,
                draw: &game.draw * &boards,
                loss: &game.loss * &boards,
                absence: Score::ZERO,
                pairing_allocated_bye: records
                    .pairing_allocated
                    .as_ref()
                    .map_or_else(|| &game.draw * &boards, |p| p.game_points.clone()),
                unknown_result: None,
            }
        }
    };
    let mut players = Vec::with_capacity(standings.len());
    for s in standings {
        let mut rounds = Vec::with_capacity(s.rounds.len());
        for (r, round) in s.rounds.iter().enumerate() {
            let (opponent, result) = match &round.kind {
                TeamRoundKind::Match { opponent } => {
                    let result = if round.match_points == mp.win {
                        ResultCode::Win
                    } else if round.match_points == mp.draw {
                        ResultCode::Draw
                    } else if round.match_points == mp.loss {
                        ResultCode::Loss
                    } else {
                        return Err(not_a_match_result(s, r, round));
                    };
                    (Some(*opponent), result)
                }
                TeamRoundKind::Pending { opponent } => (Some(*opponent), ResultCode::NotPaired),
                TeamRoundKind::Forfeit { opponent, won } => (
                    Some(*opponent),
                    if *won {
                        ResultCode::ForfeitWin
                    } else {
                        ResultCode::ForfeitLoss
                    },
                ),
                TeamRoundKind::Bye(TeamByeKind::Full) => (None, ResultCode::FullPointBye),
                TeamRoundKind::Bye(TeamByeKind::Half) => (None, ResultCode::HalfPointBye),
                TeamRoundKind::Bye(TeamByeKind::Zero) => (None, ResultCode::ZeroPointBye),
                TeamRoundKind::PairingAllocatedBye => (None, ResultCode::PairingAllocatedBye),
                TeamRoundKind::NotPaired => (None, ResultCode::NotPaired),
            };
            if *mp_system.points(result) != round.match_points {
                return Err(not_a_match_result(s, r, round));
            }
            rounds.push(RoundEntry {
                opponent,
                colour: Colour::None,
                result,
            });
        }
        players.push(Player {
            starting_rank: s.team.number,
            name: s.team.name.clone(),
            rating: None,
            declared_points: None,
            declared_rank: None,
            rounds,
            line: s.team.line,
        });
    }
    players.sort_by_key(|p| p.starting_rank);
    let round_points = game_points_of.map(|_| {
        players
            .iter()
            .map(|p| {
                standings
                    .iter()
                    .find(|s| s.team.number == p.starting_rank)
                    .map(|s| s.rounds.iter().map(|r| r.game_points.clone()).collect())
                    .unwrap_or_default()
            })
            .collect()
    });
    let at = standings
        .iter()
        .map(|s| {
            players
                .binary_search_by_key(&s.team.number, |p| p.starting_rank)
                .unwrap_or(0)
        })
        .collect();
    let matches = Tournament {
        name: t.name.clone(),
        start_date: t.start_date,
        rounds: t.rounds,
        players,
        tie_break_codes: None,
        format: t.format,
        points_system: system,
        source_lines: Vec::new(),
        team: None,
        round_points,
        byes_from_points: Vec::new(),
        pseudo_players: Vec::new(),
    };
    Ok((matches, at))
}

/// A round whose match points (set by a `299` record) are none of a
/// match's results: the individual codes on match points cannot take it.
fn not_a_match_result(s: &TeamStanding, r: usize, round: &TeamRound) -> FideError {
    FideError::Code(CodeError {
        code: format!("team {} round {}", s.team.number, r + 1),
        reason: format!(
            "{} match points (record 299, line {}) are not a match won, drawn or lost: the tie-breaks on match points cannot count the round",
            round.match_points,
            round.abnormal.unwrap_or(s.team.line)
        ),
    })
}

fn sorted(group: &[usize], ids: &[ContestantId]) -> Vec<ContestantId> {
    let mut out: Vec<ContestantId> = group.iter().filter_map(|i| ids.get(*i).cloned()).collect();
    out.sort();
    out
}

/// Split a group by value, higher first; equal values stay together,
/// sorted by name.
fn split_by(group: &[usize], values: &[Score], ids: &[ContestantId]) -> Vec<Vec<usize>> {
    let mut members = group.to_vec();
    let zero = Score::ZERO;
    members.sort_by(|a, b| {
        let va = values.get(*a).unwrap_or(&zero);
        let vb = values.get(*b).unwrap_or(&zero);
        vb.cmp(va).then_with(|| ids.get(*a).cmp(&ids.get(*b)))
    });
    let mut out: Vec<Vec<usize>> = Vec::new();
    for m in members {
        let same = out.last().and_then(|g| g.first()).is_some_and(|first| {
            values.get(*first).unwrap_or(&zero) == values.get(m).unwrap_or(&zero)
        });
        match out.last_mut() {
            Some(g) if same => g.push(m),
            _ => out.push(vec![m]),
        }
    }
    out
}
