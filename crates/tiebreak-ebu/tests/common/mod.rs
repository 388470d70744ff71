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

/// The format of a Swiss teams event scored in VPs from IMPs, a draw 10 VPs.
pub fn vp_imps_format() -> EventFormat {
    EventFormat {
        scoring: Scoring::victory_points(Unit::Imps),
        all_play_all: false,
        contestants: ContestantKind::Team,
        grouping: MatchGrouping::Rounds,
        draw_score: Score::integer(10),
    }
}

/// A stage in [`vp_imps_format`], with no partnerships and no penalties.
pub fn vp_imps_stage(
    standings: Standings,
    encounters: Vec<Encounter>,
    boards: Vec<Board>,
) -> Stage {
    Stage {
        format: vp_imps_format(),
        standings,
        encounters,
        partnerships: Vec::new(),
        boards,
        penalties: Vec::new(),
        conversion: PenaltyConversion::standard(),
    }
}

/// A Swiss-style VP/IMP teams stage; everyone on the same final score.
pub fn teams_stage(
    teams: &[&str],
    finals: &[i64],
    encounters: Vec<Encounter>,
    boards: Vec<Board>,
) -> Stage {
    let standings = Standings::new(
        teams
            .iter()
            .zip(finals)
            .map(|(t, f)| FinalStanding::full(*t, Score::integer(*f))),
    )
    .unwrap();
    vp_imps_stage(standings, encounters, boards)
}

/// Team `i` of a generated event.
pub fn team(i: usize) -> ContestantId {
    ContestantId::new(format!("T{i:05}"))
}

/// A Swiss of `teams` teams and `rounds` rounds in which every match is
/// drawn 10-10 in VPs, so that all tie, and the IMPs of `a` against `b` in
/// round `r` (counted from 0) are `imps(a, b, r)` (0 to 4) to the rest of 4.
/// Each round pairs the teams in a different order.
pub fn drawn_swiss(
    teams: usize,
    rounds: usize,
    imps: impl Fn(usize, usize, usize) -> i64,
) -> (Standings, Vec<Encounter>) {
    let total = Score::integer(10 * i64::try_from(rounds).unwrap());
    let standings =
        Standings::new((0..teams).map(|i| FinalStanding::full(team(i), total.clone()))).unwrap();
    let mut encounters = Vec::new();
    for r in 0..rounds {
        let order: Vec<usize> = (0..teams).map(|i| (i * 13 + r * 7 + 1) % teams).collect();
        for pair in order.chunks(2) {
            let [a, b] = pair else { continue };
            let x = imps(*a, *b, r);
            let round = u32::try_from(r + 1).unwrap();
            let (a, b) = (team(*a), team(*b));
            encounters.push(vp_match(
                round,
                a.as_str(),
                b.as_str(),
                (10, 10),
                (x, 4 - x),
            ));
        }
    }
    (standings, encounters)
}
