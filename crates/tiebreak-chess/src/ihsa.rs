//! The Illinois High School Association team tie-break.
//!
//! For each match, `(team's match points + 10) × (1 + opponent's tournament
//! points²) / 100`, summed over the event. Match points are the board-weighted
//! points a team scored in one match (0 to 68 at the IHSA state final);
//! tournament points are match results over the event (1 for a match won,
//! 1/2 drawn, 0 lost). For the tie-break an opponent's tournament points are
//! adjusted so that each unplayed match counts as a draw.

use std::collections::BTreeMap;

use countback_model::{Clause, ContestantId, InputError, RoundNumber, Score, TieBreakOutcome};

use crate::ranking::{run_cascade, CascadeEnd, Step};

/// The clause the trace cites.
pub const IHSA_CLAUSE: &str = "IHSA team tie-break";

/// The clause cited when teams are grouped by tournament points.
pub const IHSA_SCORE_CLAUSE: &str = "IHSA team standings: tournament points";

/// One round's tie-break points: `(match points + 10) × (1 + opp²) / 100`.
///
/// ```
/// use countback_tiebreak_chess::Score;
/// use countback_tiebreak_chess::ihsa_round_points;
///
/// let row = ihsa_round_points(&Score::integer(60), &Score::integer(3));
/// assert_eq!(row.to_string(), "7");
/// ```
#[must_use]
pub fn ihsa_round_points(match_points: &Score, opponent_tournament_points: &Score) -> Score {
    let left = match_points + &Score::integer(10);
    let right = Score::ONE + opponent_tournament_points * opponent_tournament_points;
    // 100 is a non-zero constant: the division cannot fail.
    (left * right)
        .checked_div(&Score::integer(100))
        .unwrap_or_default()
}

/// How a team's own unplayed match (a bye or a forfeit) enters its
/// tie-break sum. The IHSA text sums "each round played" and says unplayed
/// matches count as draws "for tie-break purposes" without saying what a
/// draw against nobody is worth, so the choice is the organiser's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "schemars",
    schemars(
        rename = "OwnUnplayedName",
        transform = countback_model::schema::names_only,
        description = "How the IHSA formula takes a team's own unplayed match: `omitted` (adds nothing: only matches played are summed, the formula's words), `scored_as_draw` (a drawn match against a team on an even score) or `awarded_against_zero` (the match points awarded, against an opponent on 0)."
    )
)]
#[non_exhaustive]
pub enum OwnUnplayedMatch {
    /// Adds nothing: only matches played are summed (the formula's words).
    #[default]
    Omitted,
    /// A drawn match: half the maximum match points against a team on an
    /// even score (half the rounds in tournament points).
    ScoredAsDraw,
    /// The match points awarded, against an opponent on 0 tournament points
    /// (as USCF 34E treats a player's own unplayed game).
    AwardedAgainstZero,
}

/// Options of the IHSA tie-break.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct IhsaOptions {
    /// The most match points a team can score in one match (68 at the IHSA
    /// state final: boards weighted 12 down to 5).
    pub max_match_points: Score,
    /// A team's own unplayed matches.
    pub own_unplayed: OwnUnplayedMatch,
    /// An opponent's unplayed matches count as drawn in the tournament
    /// points the formula squares (the IHSA text); off uses the points as
    /// scored.
    pub opponent_unplayed_as_draw: bool,
}

impl IhsaOptions {
    /// The IHSA state final: 68 match points, own unplayed matches omitted,
    /// opponents' unplayed matches as draws.
    #[must_use]
    pub fn ihsa() -> IhsaOptions {
        IhsaOptions {
            max_match_points: Score::integer(68),
            own_unplayed: OwnUnplayedMatch::Omitted,
            opponent_unplayed_as_draw: true,
        }
    }

    /// The same options with another treatment of a team's own unplayed match.
    #[must_use]
    pub fn with_own_unplayed(mut self, own_unplayed: OwnUnplayedMatch) -> IhsaOptions {
        self.own_unplayed = own_unplayed;
        self
    }

    /// The same options with another match-point maximum.
    #[must_use]
    pub fn with_max_match_points(mut self, max: Score) -> IhsaOptions {
        self.max_match_points = max;
        self
    }
}

impl Default for IhsaOptions {
    fn default() -> IhsaOptions {
        IhsaOptions::ihsa()
    }
}

/// A match played between two teams.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[allow(clippy::exhaustive_structs)] // Exhaustive: a played match as IHSA reads it, built by name by the caller.
pub struct TeamMatch {
    /// The round.
    pub round: RoundNumber,
    /// One team.
    pub first: ContestantId,
    /// The other team.
    pub second: ContestantId,
    /// The first team's match points.
    pub first_match_points: Score,
    /// The second team's match points.
    pub second_match_points: Score,
}

/// A round in which a team had no match (a bye, a forfeit, a withdrawal),
/// with what it was awarded.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[allow(clippy::exhaustive_structs)] // Exhaustive: an unplayed match as IHSA awards it, built by name by the caller.
pub struct UnplayedMatch {
    /// The round.
    pub round: RoundNumber,
    /// The team.
    pub team: ContestantId,
    /// Match points awarded (used by [`OwnUnplayedMatch::AwardedAgainstZero`]).
    pub match_points: Score,
    /// Tournament points awarded (0, 1/2 or 1).
    pub tournament_points: Score,
}

impl UnplayedMatch {
    /// A match between `first` and `second` that was awarded rather than
    /// played, with the match points each side was given: for tie-break
    /// purposes an unplayed match counts as a draw (IHSA), but each side
    /// keeps the tournament points of its award (1 to the side given more
    /// match points, 0 to the other, 1/2 each for equal awards).
    ///
    /// ```
    /// use countback_tiebreak_chess::{RoundNumber, Score, UnplayedMatch};
    /// let [a, b] = UnplayedMatch::awarded(RoundNumber(2), "A".into(), "B".into(), Score::integer(4), Score::ZERO);
    /// assert_eq!((a.tournament_points, b.tournament_points), (Score::ONE, Score::ZERO));
    /// ```
    #[must_use]
    pub fn awarded(
        round: RoundNumber,
        first: ContestantId,
        second: ContestantId,
        first_match_points: Score,
        second_match_points: Score,
    ) -> [UnplayedMatch; 2] {
        let half = Score::half();
        let (ta, tb) = match first_match_points.cmp(&second_match_points) {
            std::cmp::Ordering::Greater => (Score::ONE, Score::ZERO),
            std::cmp::Ordering::Less => (Score::ZERO, Score::ONE),
            std::cmp::Ordering::Equal => (half.clone(), half),
        };
        [
            UnplayedMatch {
                round,
                team: first,
                match_points: first_match_points,
                tournament_points: ta,
            },
            UnplayedMatch {
                round,
                team: second,
                match_points: second_match_points,
                tournament_points: tb,
            },
        ]
    }
}

/// A team event that cannot be right; what every rule book refuses alike is
/// the shared [`InputError`], wrapped.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum IhsaError {
    /// Bad input shared with the other rule crates: a team listed twice
    /// ([`InputError::DuplicateContestant`]) or matched with itself
    /// ([`InputError::PlaysItself`]).
    #[error(transparent)]
    Input(#[from] InputError),
    /// A team not in the list.
    #[error("round {round}: team {team} is not in the event")]
    UnknownTeam {
        /// The round.
        round: RoundNumber,
        /// The team.
        team: ContestantId,
    },
    /// A round outside 1..=rounds.
    #[error("team {team}: round {round} is outside the event's {rounds} rounds")]
    RoundOutOfRange {
        /// The team.
        team: ContestantId,
        /// The round given.
        round: RoundNumber,
        /// The event's rounds.
        rounds: u32,
    },
    /// Two results for a team in one round.
    #[error("round {round}: team {team} has more than one result")]
    TwoResults {
        /// The round.
        round: RoundNumber,
        /// The team.
        team: ContestantId,
    },
    /// No result for a team in a round.
    #[error("round {round}: team {team} has no result")]
    NoResult {
        /// The round.
        round: RoundNumber,
        /// The team.
        team: ContestantId,
    },
    /// Match or tournament points outside their range.
    #[error("round {round}: team {team}'s {what} is {value}, outside 0 to {max}")]
    OutOfRange {
        /// The round.
        round: RoundNumber,
        /// The team.
        team: ContestantId,
        /// Which quantity.
        what: &'static str,
        /// The value given.
        value: Score,
        /// The largest allowed.
        max: Score,
    },
}

impl IhsaError {
    /// The culprit this error names, in the model's vocabulary, so that a
    /// caller can place it in its input without matching this type.
    #[must_use]
    pub fn culprit(&self) -> Option<countback_model::Culprit> {
        match self {
            IhsaError::UnknownTeam { round, team }
            | IhsaError::TwoResults { round, team }
            | IhsaError::NoResult { round, team }
            | IhsaError::OutOfRange { round, team, .. }
            | IhsaError::RoundOutOfRange { round, team, .. } => {
                Some(countback_model::Culprit::InRound {
                    round: *round,
                    team: team.clone(),
                })
            }
            IhsaError::Input(e) => e.culprit(),
        }
    }
}

/// One team's round as the tie-break sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum TeamRound {
    /// A match against `opponent`.
    Played {
        /// The opponent.
        opponent: ContestantId,
        /// Own match points.
        match_points: Score,
        /// The opponent's match points.
        opponent_match_points: Score,
    },
    /// No match; points awarded.
    Unplayed {
        /// Match points awarded.
        match_points: Score,
        /// Tournament points awarded.
        tournament_points: Score,
    },
}

impl TeamRound {
    fn tournament_points(&self) -> Score {
        match self {
            TeamRound::Played {
                match_points,
                opponent_match_points,
                ..
            } => match match_points.cmp(opponent_match_points) {
                std::cmp::Ordering::Greater => Score::ONE,
                std::cmp::Ordering::Equal => Score::half(),
                std::cmp::Ordering::Less => Score::ZERO,
            },
            TeamRound::Unplayed {
                tournament_points, ..
            } => tournament_points.clone(),
        }
    }
}

/// One line of a team's tie-break working.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct IhsaRow {
    /// The round.
    pub round: RoundNumber,
    /// The opponent, or none for an unplayed match.
    pub opponent: Option<ContestantId>,
    /// The match points that entered the formula.
    pub match_points: Score,
    /// The opponent's (adjusted) tournament points that entered it.
    pub opponent_tournament_points: Score,
    /// The round's tie-break points.
    pub points: Score,
}

/// One team's tie-break: the working and the total.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct IhsaTieBreak {
    /// The team.
    pub team: ContestantId,
    /// Its tournament points (match results).
    pub tournament_points: Score,
    /// The rows summed (an omitted unplayed match has no row).
    pub rows: Vec<IhsaRow>,
    /// The sum.
    pub total: Score,
}

/// A validated team event: every team has exactly one result per round.
///
/// ```
/// use countback_tiebreak_chess::{RoundNumber, Score};
/// use countback_tiebreak_chess::{IhsaEvent, IhsaOptions, TeamMatch, UnplayedMatch};
///
/// let m = |r, a: &str, b: &str, x, y| TeamMatch {
///     round: RoundNumber(r), first: a.into(), second: b.into(),
///     first_match_points: Score::integer(x), second_match_points: Score::integer(y),
/// };
/// let event = IhsaEvent::new(
///     2,
///     ["A", "B", "C"].map(Into::into),
///     [m(1, "A", "B", 40, 28), m(2, "A", "C", 30, 38)],
///     [UnplayedMatch { round: RoundNumber(1), team: "C".into(),
///                      match_points: Score::integer(34), tournament_points: Score::ONE },
///      UnplayedMatch { round: RoundNumber(2), team: "B".into(),
///                      match_points: Score::integer(34), tournament_points: Score::ONE }],
/// )?;
/// let a = event.tie_break(&"A".into(), &IhsaOptions::ihsa()).unwrap();
/// // B's and C's unplayed matches count as draws: B is seen on 1/2, C on 3/2.
/// // (40+10)(1+1/4)/100 + (30+10)(1+9/4)/100 = 5/8 + 13/10
/// assert_eq!(a.total.to_string(), "77/40");
/// # Ok::<(), countback_tiebreak_chess::IhsaError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IhsaEvent {
    rounds: u32,
    teams: BTreeMap<ContestantId, Vec<TeamRound>>,
}

impl IhsaEvent {
    /// An event of `rounds` rounds from its matches and unplayed rounds.
    pub fn new(
        rounds: u32,
        teams: impl IntoIterator<Item = ContestantId>,
        matches: impl IntoIterator<Item = TeamMatch>,
        unplayed: impl IntoIterator<Item = UnplayedMatch>,
    ) -> Result<IhsaEvent, IhsaError> {
        let mut slots: BTreeMap<ContestantId, BTreeMap<u32, TeamRound>> = BTreeMap::new();
        for team in teams {
            if slots.contains_key(&team) {
                return Err(InputError::DuplicateContestant { contestant: team }.into());
            }
            slots.insert(team, BTreeMap::new());
        }
        let mut put = |team: &ContestantId, round: RoundNumber, entry: TeamRound| {
            let Some(team_slots) = slots.get_mut(team) else {
                return Err(IhsaError::UnknownTeam {
                    round,
                    team: team.clone(),
                });
            };
            if round.0 == 0 || round.0 > rounds {
                return Err(IhsaError::RoundOutOfRange {
                    team: team.clone(),
                    round,
                    rounds,
                });
            }
            if team_slots.insert(round.0, entry).is_some() {
                return Err(IhsaError::TwoResults {
                    round,
                    team: team.clone(),
                });
            }
            Ok(())
        };
        for m in matches {
            if m.first == m.second {
                return Err(InputError::PlaysItself {
                    round: m.round,
                    contestant: m.first,
                }
                .into());
            }
            put(
                &m.first,
                m.round,
                TeamRound::Played {
                    opponent: m.second.clone(),
                    match_points: m.first_match_points.clone(),
                    opponent_match_points: m.second_match_points.clone(),
                },
            )?;
            put(
                &m.second,
                m.round,
                TeamRound::Played {
                    opponent: m.first.clone(),
                    match_points: m.second_match_points,
                    opponent_match_points: m.first_match_points,
                },
            )?;
        }
        for u in unplayed {
            if u.tournament_points.is_negative() || u.tournament_points > Score::ONE {
                return Err(IhsaError::OutOfRange {
                    round: u.round,
                    team: u.team,
                    what: "awarded tournament points",
                    value: u.tournament_points,
                    max: Score::ONE,
                });
            }
            put(
                &u.team,
                u.round,
                TeamRound::Unplayed {
                    match_points: u.match_points,
                    tournament_points: u.tournament_points,
                },
            )?;
        }
        let mut teams = BTreeMap::new();
        for (team, by_round) in slots {
            let row = match RoundNumber::every_round(&by_round, rounds) {
                Ok(row) => row,
                Err(round) => return Err(IhsaError::NoResult { round, team }),
            };
            teams.insert(team, row);
        }
        Ok(IhsaEvent { rounds, teams })
    }

    /// The number of rounds.
    #[must_use]
    pub fn rounds(&self) -> u32 {
        self.rounds
    }

    /// A team's rounds, round 1 first.
    #[must_use]
    pub fn team_rounds(&self, team: &ContestantId) -> Option<&[TeamRound]> {
        self.teams.get(team).map(Vec::as_slice)
    }

    /// A team's tournament points.
    #[must_use]
    pub fn tournament_points(&self, team: &ContestantId) -> Option<Score> {
        self.teams
            .get(team)
            .map(|rounds| rounds.iter().map(TeamRound::tournament_points).sum())
    }

    /// A team's tournament points as its opponents' tie-breaks see them.
    fn seen_points(&self, team: &ContestantId, options: &IhsaOptions) -> Option<Score> {
        self.teams.get(team).map(|rounds| {
            rounds
                .iter()
                .map(|r| match r {
                    TeamRound::Unplayed { .. } if options.opponent_unplayed_as_draw => {
                        Score::half()
                    }
                    _ => r.tournament_points(),
                })
                .sum()
        })
    }

    /// Check that match points lie in `0..=max`.
    fn check_ranges(&self, options: &IhsaOptions) -> Result<(), IhsaError> {
        for (team, rounds) in &self.teams {
            for (r, round) in (1u32..).zip(rounds) {
                let mp = match round {
                    TeamRound::Played { match_points, .. }
                    | TeamRound::Unplayed { match_points, .. } => match_points,
                };
                if mp.is_negative() || *mp > options.max_match_points {
                    return Err(IhsaError::OutOfRange {
                        round: RoundNumber(r),
                        team: team.clone(),
                        what: "match points",
                        value: mp.clone(),
                        max: options.max_match_points.clone(),
                    });
                }
            }
        }
        Ok(())
    }

    /// One team's tie-break, or `None` for a team not in the event.
    #[must_use]
    pub fn tie_break(&self, team: &ContestantId, options: &IhsaOptions) -> Option<IhsaTieBreak> {
        let rounds = self.teams.get(team)?;
        let mut rows = Vec::new();
        for (r, round) in (1u32..).zip(rounds) {
            let (opponent, match_points, opp_points) = match round {
                TeamRound::Played {
                    opponent,
                    match_points,
                    ..
                } => (
                    Some(opponent.clone()),
                    match_points.clone(),
                    self.seen_points(opponent, options).unwrap_or_default(),
                ),
                TeamRound::Unplayed { match_points, .. } => match options.own_unplayed {
                    OwnUnplayedMatch::Omitted => continue,
                    OwnUnplayedMatch::ScoredAsDraw => (
                        None,
                        &options.max_match_points * &Score::half(),
                        Score::from(self.rounds) * Score::half(),
                    ),
                    OwnUnplayedMatch::AwardedAgainstZero => {
                        (None, match_points.clone(), Score::ZERO)
                    }
                },
            };
            rows.push(IhsaRow {
                round: RoundNumber(r),
                points: ihsa_round_points(&match_points, &opp_points),
                opponent,
                match_points,
                opponent_tournament_points: opp_points,
            });
        }
        Some(IhsaTieBreak {
            team: team.clone(),
            tournament_points: self.tournament_points(team).unwrap_or_default(),
            total: rows.iter().map(|row| &row.points).sum(),
            rows,
        })
    }

    /// Every team's tie-break, sorted by team name. Match points outside
    /// `0..=max_match_points` are refused here.
    pub fn tie_breaks(&self, options: &IhsaOptions) -> Result<Vec<IhsaTieBreak>, IhsaError> {
        self.check_ranges(options)?;
        Ok(self
            .teams
            .keys()
            .filter_map(|t| self.tie_break(t, options))
            .collect())
    }

    /// The final order: by tournament points, then the IHSA tie-break among
    /// teams still level, then `end`.
    pub fn rank(
        &self,
        options: &IhsaOptions,
        end: &CascadeEnd,
    ) -> Result<TieBreakOutcome, IhsaError> {
        let breaks = self.tie_breaks(options)?;
        let by_team: BTreeMap<&ContestantId, &IhsaTieBreak> =
            breaks.iter().map(|b| (&b.team, b)).collect();
        let members: Vec<ContestantId> = self.teams.keys().cloned().collect();
        let points = |t: &ContestantId| by_team.get(t).map(|b| b.tournament_points.clone());
        let steps = [Step {
            clause: Clause::new(IHSA_CLAUSE),
            test: "IHSA team tie-break points".to_owned(),
            value: Box::new(|t: &ContestantId| by_team.get(t).map(|b| b.total.clone())),
        }];
        Ok(run_cascade(
            &members,
            (
                Clause::new(IHSA_SCORE_CLAUSE),
                "tournament points".to_owned(),
                &points,
            ),
            &steps,
            end,
        ))
    }
}
