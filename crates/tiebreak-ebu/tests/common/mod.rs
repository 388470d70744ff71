//! Small builders shared by the integration tests.
#![allow(dead_code, clippy::unwrap_used)]

use countback_model::{
    BoardNumber, ContestantId, ContestantKind, Encounter, EncounterStatus, RoundNumber, Score,
    SideScores, Unit,
};
use countback_tiebreak_ebu::{
    Board, BoardResult, EventFormat, FinalStanding, MatchGrouping, PenaltyConversion, Scoring,
    Stage, Standings,
};

pub fn id(c: &str) -> ContestantId {
    ContestantId::new(c)
}

pub fn ids(v: &[&str]) -> Vec<ContestantId> {
    v.iter().map(|c| id(c)).collect()
}

/// A match with VPs and IMPs.
pub fn vp_match(round: u32, a: &str, b: &str, vp: (i64, i64), imps: (i64, i64)) -> Encounter {
    Encounter {
        round: RoundNumber(round),
        first: id(a),
        second: id(b),
        scores: vec![
            SideScores {
                unit: Unit::VictoryPoints,
                first: vp.0.into(),
                second: vp.1.into(),
            },
            SideScores {
                unit: Unit::Imps,
                first: imps.0.into(),
                second: imps.1.into(),
            },
        ],
        status: EncounterStatus::Played,
        weight: Score::ONE,
    }
}

pub fn board(n: u32, avg: i64, r: &[(&str, i64)]) -> Board {
    Board {
        number: BoardNumber(n),
        average: Score::integer(avg),
        results: r
            .iter()
            .map(|(c, s)| (id(c), BoardResult::Played(Score::integer(*s))))
            .collect(),
    }
}

/// A Swiss-style VP/IMP teams stage; everyone on the same final score.
pub fn teams_stage(
    teams: &[&str],
    finals: &[i64],
    encounters: Vec<Encounter>,
    boards: Vec<Board>,
) -> Stage {
    Stage {
        format: EventFormat {
            scoring: Scoring::victory_points(Unit::Imps),
            all_play_all: false,
            contestants: ContestantKind::Team,
            grouping: MatchGrouping::Rounds,
            draw_score: Score::integer(10),
        },
        standings: Standings::new(
            teams
                .iter()
                .zip(finals)
                .map(|(t, f)| FinalStanding::full(*t, Score::integer(*f))),
        )
        .unwrap(),
        encounters,
        partnerships: Vec::new(),
        boards,
        penalties: Vec::new(),
        conversion: PenaltyConversion::standard(),
    }
}
