//! A teams match scored to IMPs, total points and VPs: from each board's
//! results in the two rooms, from per-board IMPs, or from match IMPs.

use countback_matchpoints::imps;
use countback_model::{EncounterStatus, Score, SideScores, Unit};

use crate::error::{Side, VpError};
use crate::scale::{FractionalMargin, VpTable};

/// IMPs (or total points) scored and conceded by one team.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[allow(clippy::exhaustive_structs)] // Closed: scored and conceded: there is no third figure.
pub struct Totals {
    /// Scored by the team.
    pub scored: Score,
    /// Conceded by the team.
    pub conceded: Score,
}

impl Totals {
    /// `scored − conceded`.
    #[must_use]
    pub fn net(&self) -> Score {
        &self.scored - &self.conceded
    }

    fn add_award(&mut self, award: &Score) {
        if award.is_positive() {
            self.scored += award;
        } else {
            self.conceded -= award;
        }
    }
}

/// An artificial adjusted score in IMPs (Laws of Duplicate Bridge 2017, Law
/// 86A; the EBU's "±3 IMPs per unplayable board"). Each team gets its own;
/// they need not balance (both sides may be non-offending).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum ArtificialImps {
    /// Average plus: +3 IMPs.
    AveragePlus,
    /// Average: 0 IMPs.
    Average,
    /// Average minus: −3 IMPs.
    AverageMinus,
}

impl ArtificialImps {
    /// The IMPs the award is worth.
    #[must_use]
    pub fn imps(self) -> Score {
        Score::integer(match self {
            ArtificialImps::AveragePlus => 3,
            ArtificialImps::Average => 0,
            ArtificialImps::AverageMinus => -3,
        })
    }
}

/// One board of a match.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum BoardResult {
    /// Played in both rooms. The first team sits North-South in the open
    /// room and East-West in the closed room; both scores are North-South
    /// scores (a pass-out is 0). The first team gains `open_ns − closed_ns`
    /// points, converted by the WBF IMP table.
    TwoRoom {
        /// North-South's score in the open room.
        open_ns: i32,
        /// North-South's score in the closed room.
        closed_ns: i32,
    },
    /// IMPs already computed: the first team's IMPs on the board (the second
    /// gets the negation). May be fractional (weighted scores, Law 12C1(c)).
    Imps(Score),
    /// An artificial adjusted score for each team (e.g. an unplayable board).
    Adjusted {
        /// The first team's award.
        first: ArtificialImps,
        /// The second team's award.
        second: ArtificialImps,
    },
}

/// A match as the scorer has it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum MatchInput {
    /// Board by board.
    Boards(Vec<BoardResult>),
    /// The match's IMP totals: what each team scored.
    Imps {
        /// IMPs scored by the first team.
        first: Score,
        /// IMPs scored by the second team.
        second: Score,
    },
    /// A match that is not played and is scored as a share of the VP pool,
    /// e.g. 60% to the side not at fault and 40% to the other (the EBU's
    /// void-match award). Percentages of the pool, 0 to 100 each.
    Void {
        /// The first team's percentage of the pool.
        first_percent: Score,
        /// The second team's percentage of the pool.
        second_percent: Score,
    },
}

/// One board's IMPs for each team, and the points difference when the board
/// was played in both rooms.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct BoardScore {
    /// The first team's points gained (`open_ns − closed_ns`), when played.
    pub points: Option<i64>,
    /// The first team's IMPs on the board.
    pub first_imps: Score,
    /// The second team's IMPs on the board.
    pub second_imps: Score,
}

/// One team's result in a match.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct SideResult {
    /// IMPs scored and conceded (`None` for a void match).
    pub imps: Option<Totals>,
    /// Total points scored and conceded: plus scores of the team's pairs in
    /// both rooms, and minus scores (`None` unless every board was given as
    /// two-room results).
    pub total_points: Option<Totals>,
    /// The team's VPs.
    pub victory_points: Score,
}

/// A scored match.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct MatchScore {
    /// Board by board (empty unless the match was given board by board).
    pub boards: Vec<BoardScore>,
    /// The first team.
    pub first: SideResult,
    /// The second team.
    pub second: SideResult,
    /// Played, or awarded (a void match).
    pub status: EncounterStatus,
}

impl MatchScore {
    /// The match in every unit the tie-break procedures compare, as
    /// `model` side scores: VPs always; IMPs and total points when known.
    #[must_use]
    pub fn side_scores(&self) -> Vec<SideScores> {
        let mut out = vec![SideScores {
            unit: Unit::VictoryPoints,
            first: self.first.victory_points.clone(),
            second: self.second.victory_points.clone(),
        }];
        if let (Some(a), Some(b)) = (&self.first.imps, &self.second.imps) {
            out.push(SideScores {
                unit: Unit::Imps,
                first: a.scored.clone(),
                second: b.scored.clone(),
            });
        }
        if let (Some(a), Some(b)) = (&self.first.total_points, &self.second.total_points) {
            out.push(SideScores {
                unit: Unit::TotalPoints,
                first: a.scored.clone(),
                second: b.scored.clone(),
            });
        }
        out
    }
}

/// Score a match and convert it to VPs by `table`.
///
/// Each team's VPs come from its own net IMPs. When every board balances
/// (played boards, per-board IMPs, or adjusted scores of +3/−3) the second
/// team's net is the negation of the first's and the VPs sum to the pool;
/// an unbalanced adjustment (both teams +3) is converted side by side, so
/// the VPs need not sum to the pool.
///
/// ```
/// use countback_vp::{score_match, BoardResult, FractionalMargin, MatchInput, Score, VpScale};
///
/// let table = VpScale::WbfContinuous.table(8)?;
/// let boards = vec![
///     BoardResult::TwoRoom { open_ns: 620, closed_ns: 170 },  // +450: 10 IMPs
///     BoardResult::TwoRoom { open_ns: -100, closed_ns: -50 }, // −50: −2 IMPs
///     BoardResult::TwoRoom { open_ns: 110, closed_ns: 140 },  // −30: −1 IMP
/// ];
/// let m = score_match(&MatchInput::Boards(boards), &table, &FractionalMargin::Refuse)?;
/// let imps = m.first.imps.as_ref().map(|t| t.net());
/// assert_eq!(imps, Some(Score::integer(7)));
/// assert_eq!(m.first.victory_points + m.second.victory_points, Score::integer(20));
/// # Ok::<(), countback_vp::VpError>(())
/// ```
pub fn score_match(
    input: &MatchInput,
    table: &VpTable,
    fractional: &FractionalMargin,
) -> Result<MatchScore, VpError> {
    match input {
        MatchInput::Void {
            first_percent,
            second_percent,
        } => {
            let share = |side: Side, percent: &Score| -> Result<Score, VpError> {
                if percent.is_negative() || *percent > Score::integer(100) {
                    return Err(VpError::VoidShareOutOfRange {
                        side,
                        percent: percent.clone(),
                    });
                }
                // pool × percent / 100, exactly.
                let hundredth = Score::new(1, 100).unwrap_or(Score::ZERO);
                Ok(table.pool() * percent.clone() * hundredth)
            };
            let side = |vp: Score| SideResult {
                imps: None,
                total_points: None,
                victory_points: vp,
            };
            Ok(MatchScore {
                boards: Vec::new(),
                first: side(share(Side::First, first_percent)?),
                second: side(share(Side::Second, second_percent)?),
                status: EncounterStatus::Awarded,
            })
        }
        MatchInput::Imps { first, second } => {
            let a = Totals {
                scored: first.clone(),
                conceded: second.clone(),
            };
            let b = Totals {
                scored: second.clone(),
                conceded: first.clone(),
            };
            finish(Vec::new(), a, b, None, table, fractional)
        }
        MatchInput::Boards(results) => {
            let mut a = Totals::default();
            let mut b = Totals::default();
            let mut points_a = Totals::default();
            let mut all_played = true;
            let mut boards = Vec::with_capacity(results.len());
            for result in results {
                let (first_imps, second_imps, points) = match result {
                    BoardResult::TwoRoom { open_ns, closed_ns } => {
                        let open = i64::from(*open_ns);
                        let closed = i64::from(*closed_ns);
                        // Open room: first team North-South; closed room: East-West.
                        points_a.scored += Score::integer(open.max(0) + (-closed).max(0));
                        points_a.conceded += Score::integer((-open).max(0) + closed.max(0));
                        let gained = open - closed;
                        let n = Score::integer(imps(gained));
                        (n.clone(), -n, Some(gained))
                    }
                    BoardResult::Imps(n) => {
                        all_played = false;
                        (n.clone(), -n.clone(), None)
                    }
                    BoardResult::Adjusted { first, second } => {
                        all_played = false;
                        (first.imps(), second.imps(), None)
                    }
                };
                a.add_award(&first_imps);
                b.add_award(&second_imps);
                boards.push(BoardScore {
                    points,
                    first_imps,
                    second_imps,
                });
            }
            let points = (all_played && !results.is_empty()).then_some(points_a);
            finish(boards, a, b, points, table, fractional)
        }
    }
}

fn finish(
    boards: Vec<BoardScore>,
    a: Totals,
    b: Totals,
    points_a: Option<Totals>,
    table: &VpTable,
    fractional: &FractionalMargin,
) -> Result<MatchScore, VpError> {
    let vp_a = table.side_vp(&a.net(), fractional)?;
    let vp_b = table.side_vp(&b.net(), fractional)?;
    let points_b = points_a.as_ref().map(|p| Totals {
        scored: p.conceded.clone(),
        conceded: p.scored.clone(),
    });
    Ok(MatchScore {
        boards,
        first: SideResult {
            imps: Some(a),
            total_points: points_a,
            victory_points: vp_a,
        },
        second: SideResult {
            imps: Some(b),
            total_points: points_b,
            victory_points: vp_b,
        },
        status: EncounterStatus::Played,
    })
}
