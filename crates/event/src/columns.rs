//! Every tie-break column for every contestant, as the field's programs
//! print a standings table (Vega, Swiss-Manager, the FIDE reference print
//! points and every declared tie-break for every player; WBF and EBU result
//! lists print VPs with the figures the clauses compare).
//!
//! The values come from the rule crates; nothing is computed here that a
//! rule crate does not compute itself.

use std::collections::BTreeMap;

use countback_model::{ContestantId, Unit, Value};

use crate::display::Precision;
use crate::error::Result;

/// One column of a standings table: a tie-break (or another figure the
/// procedure compares) for every contestant.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Column {
    /// A stable key for programs (`modified_median`, `BH/C1`, `swiss_points`).
    pub key: String,
    /// The heading, as result lists print it (`Solkoff`, `BH/C1`).
    pub title: String,
    /// What it is, with its clause (`USCF 34E2 Solkoff`).
    pub description: String,
    /// Each contestant's value; a contestant without one (a FIDE rating
    /// tie-break with no rated opponent) is absent.
    pub values: BTreeMap<ContestantId, Value>,
    /// How it is displayed: the rule's rounding, or enough decimals.
    pub precision: Precision,
}

impl Column {
    fn new(key: &str, title: &str, description: &str, precision: Precision) -> Column {
        Column {
            key: key.to_owned(),
            title: title.to_owned(),
            description: description.to_owned(),
            values: BTreeMap::new(),
            precision,
        }
    }

    /// A column of one exact figure per contestant.
    fn of_scores(
        key: &str,
        title: &str,
        description: &str,
        precision: Precision,
        scores: impl IntoIterator<Item = (ContestantId, countback_model::Score)>,
    ) -> Column {
        let mut c = Column::new(key, title, description, precision);
        c.values = scores
            .into_iter()
            .map(|(id, s)| (id, Value::Score(s)))
            .collect();
        c
    }
}

/// USCF: one column per system of the cascade, in its order.
pub(crate) fn uscf(
    values: &[countback_tiebreak_chess::PlayerTieBreaks],
    cascade: &countback_tiebreak_chess::Cascade,
) -> Vec<Column> {
    cascade
        .steps()
        .iter()
        .map(|&system| {
            Column::of_scores(
                system.key(),
                system.name(),
                &system.clause().to_string(),
                Precision::distinct(0),
                values
                    .iter()
                    .map(|v| (v.player.clone(), v.value(system).clone())),
            )
        })
        .collect()
}

/// IHSA: the team tie-break total.
pub(crate) fn ihsa(breaks: &[countback_tiebreak_chess::IhsaTieBreak]) -> Vec<Column> {
    vec![Column::of_scores(
        "ihsa_tie_break",
        "IHSA tie-break",
        &format!(
            "{}: (match points + 10) × (1 + opponent's tournament points²) / 100, summed over the rounds",
            countback_tiebreak_chess::IHSA_CLAUSE
        ),
        Precision::distinct(2),
        breaks.iter().map(|b| (b.team.clone(), b.total.clone())),
    )]
}

/// FIDE: one column per code of the cascade, in its order, for every
/// player (`ids` in the tournament's player order).
pub(crate) fn fide(
    eval: &countback_tiebreak_fide::Evaluation<'_>,
    cascade: &countback_tiebreak_fide::Cascade,
    ids: &[ContestantId],
) -> Result<Vec<Column>> {
    let mut out = Vec::new();
    for code in &cascade.0 {
        let name = code.to_string();
        let precision = if code.kind.uses_ratings() {
            Precision::Rule {
                places: 0,
                half: countback_model::HalfRule::Up,
                clause: format!("FIDE C.07 {}", code.kind.acronym()),
            }
        } else {
            Precision::distinct(0)
        };
        let values = eval.optional_values(code)?;
        out.push(Column::of_scores(
            &name,
            &name,
            &format!("FIDE C.07 {}: {}", code.article(), code.kind.description()),
            precision,
            ids.iter()
                .zip(values)
                .filter_map(|(id, v)| v.map(|v| (id.clone(), v))),
        ));
    }
    Ok(out)
}

/// WBF teams: Swiss points (Swiss only), then the IMP and total-points
/// quotients over the matches played.
pub(crate) fn wbf_teams(
    teams: &countback_tiebreak_wbf::TeamsEvent,
    readings: &countback_tiebreak_wbf::Readings,
    swiss: bool,
) -> Result<Vec<Column>> {
    let mut out = Vec::new();
    if swiss {
        out.push(Column::of_scores(
            "swiss_points",
            "Swiss points",
            "WBF 3 Swiss points: the sum of every direct opponent's VPs",
            Precision::distinct(0),
            countback_tiebreak_wbf::swiss_points(teams, readings)?,
        ));
    }
    let (imp, points) = if swiss {
        ("WBF 3.1(ii)", "WBF 3.1(iv)")
    } else {
        ("WBF 1.1(a)", "WBF 1.1(d)")
    };
    let mut q = Column::new(
        "imp_quotient",
        "IMP quotient",
        &format!("{imp} IMP quotient in all matches played"),
        Precision::distinct(2),
    );
    let mut p = Column::new(
        "points_quotient",
        "Points quotient",
        &format!("{points} total-points quotient in all matches played"),
        Precision::distinct(2),
    );
    // A team with a played match that lacks the unit has no quotient (no
    // tie reached the clause, or the ranking was refused).
    for t in teams.teams() {
        if teams.played_without(t, Unit::Imps).is_none() {
            q.values
                .insert(t.clone(), Value::Quotient(teams.played_imp_quotient(t)));
        }
        if teams.played_without(t, Unit::TotalPoints).is_none() {
            p.values.insert(
                t.clone(),
                Value::Quotient(teams.played_total_points_quotient(t)),
            );
        }
    }
    out.push(q);
    out.push(p);
    Ok(out)
}

/// EBU: tie-break points (143.5.2), unless the event is a perfect
/// all-play-all, which has none.
pub(crate) fn ebu(
    stage: &countback_tiebreak_ebu::Stage,
    points: BTreeMap<ContestantId, countback_model::Score>,
) -> Vec<Column> {
    if stage.format.all_play_all {
        return Vec::new();
    }
    vec![Column::of_scores(
        "tie_break_points",
        "Tie-break points",
        "EBU 143.5.2 tie-break points: opponents' final scores, pro rata",
        Precision::distinct(0),
        points,
    )]
}

/// WBF 5: the carry-over each team brings into the stage, part of the
/// final score the standings show (WBF 5(a) compares the score without
/// it). A figure of the file, shown so that the total can be read.
pub(crate) fn bam_carryover(carry: &BTreeMap<ContestantId, countback_model::Score>) -> Column {
    Column::of_scores(
        "carryover",
        "carry-over",
        "WBF 5 carry-over into the stage (included in the points)",
        Precision::distinct(0),
        carry.iter().map(|(t, s)| (t.clone(), s.clone())),
    )
}
