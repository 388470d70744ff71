//! Part 3: ties in a Swiss teams event: Swiss points, then 3.1 / 3.2 / 3.3.

use std::collections::BTreeMap;

use countback_model::opposition::{sum_of_opponents, Meeting};
use countback_model::{
    ContestantId, Encounter, EncounterStatus, Score, TieBreakOutcome, TiedGroup,
};

use crate::book::{Book, Part, TEAM_CLAUSES};
use crate::breaker::Breaker;
use crate::error::WbfError;
use crate::readings::{Readings, SwissPointsOpponents, SwissPointsPartMatches};
use crate::teams::TeamsEvent;

/// Swiss points of `team`: the sum of the final VP scores of each direct
/// opponent in `opponents` (an opponent met twice is listed twice), read
/// from `finals`; an opponent missing there is an unknown team.
///
/// ```
/// use countback_tiebreak_wbf::swiss_points_from_finals;
/// use countback_model::{ContestantId, Score};
/// use std::collections::BTreeMap;
///
/// // WBF 3: A met X (50 VPs), Y (40) and Z (30): 120 Swiss points.
/// let finals: BTreeMap<ContestantId, Score> =
///     [("X", 50), ("Y", 40), ("Z", 30)].map(|(t, v)| (t.into(), Score::integer(v))).into();
/// let opponents: Vec<ContestantId> = ["X", "Y", "Z"].map(ContestantId::new).to_vec();
/// assert_eq!(swiss_points_from_finals(&"A".into(), &opponents, &finals)?, Score::integer(120));
/// # Ok::<(), countback_tiebreak_wbf::WbfError>(())
/// ```
pub fn swiss_points_from_finals(
    team: &ContestantId,
    opponents: &[ContestantId],
    finals: &BTreeMap<ContestantId, Score>,
) -> Result<Score, WbfError> {
    let me = team.clone();
    let meetings: Vec<Meeting> = opponents
        .iter()
        .map(|o| Meeting {
            contestant: me.clone(),
            opponent: o.clone(),
            weight: Score::ONE,
        })
        .collect();
    let sums = sum_of_opponents(&meetings, |c| finals.get(c).cloned())?;
    Ok(sums.get(&me).cloned().unwrap_or_default())
}

/// Every team's Swiss points in `event`: the sum of the final VP scores of
/// each opponent it met, awarded matches included (they count in the VP
/// standings too), each times the share of a match the meeting was worth
/// (1/2 for a triangle's half match; [`SwissPointsPartMatches`]).
///
/// `readings` choose where the text can be read two ways
/// ([`Readings::default()`] is the reading it supports best).
pub fn swiss_points(
    event: &TeamsEvent,
    readings: &Readings,
) -> Result<BTreeMap<ContestantId, Score>, WbfError> {
    // By number: no name looked up or compared per meeting (issue 30).
    let sums = event.opponents_vp_sums(|m| counts(m, readings), |m| part(&m.weight, readings));
    let sums = event.teams().cloned().zip(sums).collect();
    Ok(sums)
}

/// The weight a meeting counts by in the Swiss points.
fn part<'m>(weight: &'m Score, readings: &Readings) -> &'m Score {
    static WHOLE: Score = Score::ONE;
    match readings.swiss_points_part_matches {
        SwissPointsPartMatches::ByWeight => weight,
        SwissPointsPartMatches::EachMeeting => &WHOLE,
    }
}

/// Whether a match makes its teams each other's direct opponents.
fn counts(m: &Encounter, readings: &Readings) -> bool {
    match readings.swiss_points_opponents {
        SwissPointsOpponents::EveryOpponent => true,
        SwissPointsOpponents::PlayedOnly => m.status == EncounterStatus::Played,
    }
}

/// Break a tie on victory points in a Swiss teams event: Swiss points
/// first (WBF 3), then WBF 3.1 for two teams, 3.2 for three (in the order
/// we read its garbled text in; see the crate docs) and 3.3 for four or more.
///
/// `readings` choose where the text can be read two ways
/// ([`Readings::default()`] is the reading it supports best).
pub fn swiss(
    event: &TeamsEvent,
    tied: &[ContestantId],
    readings: &Readings,
) -> Result<TieBreakOutcome, WbfError> {
    let points = swiss_points(event, readings)?;
    Breaker::tie(event, tied, readings, |b, g| by_swiss_points(b, &points, g))
}

/// The whole Swiss ranking: teams by victory points, each tie broken by
/// [`swiss`].
///
/// `readings` choose where the text can be read two ways
/// ([`Readings::default()`] is the reading it supports best).
pub fn swiss_standings(
    event: &TeamsEvent,
    readings: &Readings,
) -> Result<TieBreakOutcome, WbfError> {
    let points = swiss_points(event, readings)?;
    Breaker::standings(event, readings, |b, g| by_swiss_points(b, &points, g))
}

/// The awarded matches of the tied teams, as a note saying how the
/// Swiss points read them; `None` if they played every match.
fn awarded_note(b: &Breaker<'_>, group: &[ContestantId]) -> Option<String> {
    // The tied teams' own matches, each once, in the order given.
    let mut indices: Vec<usize> = group
        .iter()
        .flat_map(|t| b.event.match_indices(t))
        .filter(|i| {
            b.event
                .matches()
                .get(*i)
                .is_some_and(|m| m.status != EncounterStatus::Played)
        })
        .collect();
    indices.sort_unstable();
    indices.dedup();
    let awarded: Vec<String> = indices
        .iter()
        .filter_map(|i| b.event.matches().get(*i))
        .map(|m| format!("{} v {}", m.first, m.second))
        .collect();
    if awarded.is_empty() {
        return None;
    }
    let list = awarded.join(", ");
    Some(match b.readings.swiss_points_opponents {
        SwissPointsOpponents::PlayedOnly => format!(
            "only matches played make direct opponents: the awarded match(es) {list} add \
             nothing (reading swiss_points_opponents = played_only)"
        ),
        SwissPointsOpponents::EveryOpponent => {
            format!("every direct opponent counts, awarded matches included ({list})")
        }
    })
}

/// Whether the tied teams met anyone in a part-match (a triangle's half
/// match), as a note saying how the Swiss points count such an opponent.
fn part_match_note(b: &Breaker<'_>, group: &[ContestantId]) -> Option<String> {
    let part = group
        .iter()
        .any(|t| b.event.matches_of(t).any(|m| m.weight != Score::ONE));
    part.then(|| match b.readings.swiss_points_part_matches {
        SwissPointsPartMatches::ByWeight => "an opponent met in a part-match counts by the \
            share of a match it was worth (reading swiss_points_part_matches = by_weight)"
            .to_owned(),
        SwissPointsPartMatches::EachMeeting => "an opponent met in a part-match counts once, \
            whatever its length (reading swiss_points_part_matches = each_meeting)"
            .to_owned(),
    })
}

fn by_swiss_points(
    b: &mut Breaker<'_>,
    points: &BTreeMap<ContestantId, Score>,
    group: &[ContestantId],
) -> Vec<TiedGroup> {
    let note = crate::engine::join_notes(awarded_note(b, group), part_match_note(b, group));
    let parts = b.trace.split(
        "WBF 3 Swiss points",
        "Swiss points (sum of every direct opponent's VP score)",
        group,
        |t| points.get(t).cloned().unwrap_or_default(),
        note,
    );
    let from = "WBF 3 Swiss points";
    SWISS.hand_on(b, parts, from, |b, p| {
        SWISS.directs(b, from, &TEAM_CLAUSES.four_or_more);
        SWISS.four_or_more(b, p)
    })
}

/// Part 3's team clauses.
static SWISS: Book = Book { part: Part::Swiss };
