//! EBU White Book 143: a teams stage by VPs, every tie split by 143.7.1
//! for the purpose of the places it occupies (143.4).

use countback_tiebreak_ebu::{
    EventFormat, FinalStanding, MatchGrouping, PenaltyConversion, PlacePurposes,
    Procedure as EbuProcedure, Scoring, Stage, Standings, TiePurpose,
};

use super::prelude::*;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::options::flex_bool;

/// Options of the `ebu` procedure (White Book 143).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct EbuOptions {
    /// What every tie is for unless `places` says otherwise (143.4;
    /// default `title`: every tie is split where the tests can).
    #[serde(default)]
    pub tie_purpose: Option<TiePurpose>,
    /// What particular places are for, by place (`"1"`) or range of places
    /// (`"3-4"`), e.g. `{ "1" = "title", "3" = "qualifying_place" }` with
    /// `tie_purpose = "shared_place"`: the tie for first is split, a tie for
    /// third is broken (by ballot if need be), every other tie is shared.
    #[serde(default)]
    pub places: BTreeMap<String, TiePurpose>,
    /// A perfect all-play-all: tie-break points are not used (143.5.2).
    #[serde(default, deserialize_with = "flex_bool")]
    pub all_play_all: bool,
    /// Count the matches won after the direct result, as the EBU's worked
    /// example of 143.7.1 does (143.5.4).
    #[serde(default, deserialize_with = "flex_bool")]
    pub wins_after_head_to_head: bool,
    /// 143.7.1(a) among three or more (default `each_of_the_others`).
    #[serde(default)]
    pub direct_result_among_many: Option<countback_tiebreak_ebu::DirectResultAmongMany>,
    /// What "defeated" is judged in (default `final_method`).
    #[serde(default)]
    pub defeated: Option<countback_tiebreak_ebu::Defeated>,
    /// A title tie no test splits (default `random_ballot`, 143.7.1(e)).
    #[serde(default)]
    pub unbroken_title_tie: Option<countback_tiebreak_ebu::UnbrokenTitleTie>,
}

impl EbuOptions {
    /// The readings of the text these options choose.
    #[must_use]
    pub fn readings(&self) -> countback_tiebreak_ebu::Readings {
        let mut r = countback_tiebreak_ebu::Readings::default();
        if let Some(x) = self.direct_result_among_many {
            r = r.with_direct_result_among_many(x);
        }
        if let Some(x) = self.defeated {
            r = r.with_defeated(x);
        }
        if let Some(x) = self.unbroken_title_tie {
            r = r.with_unbroken_title_tie(x);
        }
        r
    }
}

/// EBU White Book 143.
pub(crate) const ENTRY: Entry = Entry::new(
    Reads::NOTHING
        .matches()
        .byes()
        .board_scores()
        .withdrew()
        .vps()
        .part_matches(),
    options_of::<EbuOptions>(),
    rank,
)
// 143.7.1(e): "a random ballot".
.drawn_as(countback_model::lots::Draw::RandomBallot);

fn rank(ctx: &Ctx<'_>, warnings: &mut Vec<Warning>) -> Result<Ranking> {
    let opts: EbuOptions = ctx.read(warnings)?;
    // An EBU bye scores VPs; IHSA's fields on it would be ignored.
    for (i, b) in ctx.event.byes.iter().enumerate() {
        crate::error::refuse_given(
            Some(&FieldPath::key("byes").i(i)),
            &[
                ("match_points", b.match_points.is_some()),
                ("tournament_points", b.tournament_points.is_some()),
            ],
            &format!("the {} procedure", ctx.procedure),
            "an EBU bye scores its VPs (`vp`)",
        )?;
    }
    let indexed = ctx.all_encounters()?;
    let rounds = checks::team_rounds(ctx.event, ctx.set, &indexed, opts.all_play_all, warnings)?;
    checks::vp_totals(ctx.event, &indexed, warnings)?;
    let matches: Vec<Encounter> = indexed.into_iter().map(|(_, e)| e).collect();
    let mut primary = convert::totals(&matches, ctx.set, Unit::VictoryPoints);
    for (c, vp) in &rounds.bye_vps {
        *primary.entry(c.clone()).or_default() += vp;
    }
    // 143.5.2: a contestant's own tie-break points are adjusted pro rata
    // for the rounds it did not play at the table (a bye, an awarded
    // match, the rounds after it withdrew); a withdrawn contestant's
    // score also counts pro rata for its opponents.
    let mut list = Vec::new();
    for c in ctx.set {
        let score = primary.get(c).cloned().unwrap_or_default();
        let played = rounds.at_table.get(c).cloned().unwrap_or_default();
        if !played.is_positive() && rounds.count != 0 {
            warnings.push(Warning {
                kind: None,
                // The contestant's entry (issue 31: every message located).
                field: ctx
                    .event
                    .contestants
                    .iter()
                    .position(|x| x.id == c.as_str())
                    .map(|i| FieldPath::key("contestants").i(i)),
                at: None,
                message: format!("{c} played no match at the table: its tie-break points cannot be adjusted pro rata"),
            });
        }
        let withdrew = rounds.withdrew_after.contains_key(c);
        list.push(FinalStanding::from_matches_played(
            c.clone(),
            score,
            &played,
            rounds.count,
            withdrew,
        )?);
    }
    let standings = Standings::new(list)?;
    let draw_score = countback_tiebreak_ebu::draw_score(ctx.event.event.vp_total.as_ref())?;
    let stage = Stage {
        format: EventFormat {
            scoring: Scoring::victory_points(Unit::Imps),
            all_play_all: opts.all_play_all,
            contestants: countback_model::ContestantKind::Team,
            grouping: MatchGrouping::Rounds,
            draw_score,
        },
        standings,
        encounters: matches,
        partnerships: vec![],
        boards: convert::ebu_boards(ctx.event, ctx.set)?,
        penalties: vec![],
        conversion: PenaltyConversion::standard(),
    };
    let purposes = place_purposes(&opts)?;
    let procedure = if opts.wins_after_head_to_head {
        EbuProcedure::with_number_of_wins()
    } else {
        EbuProcedure::white_book()
    }
    .with_readings(opts.readings());
    let (outcome, points) = procedure.standings_and_tie_break_points(&stage, &purposes)?;
    let mut r = ranking(ctx.procedure, "VPs", primary, outcome);
    r.columns = columns(&stage, points);
    Ok(r)
}

/// The EBU options' places as the crate's [`PlacePurposes`].
fn place_purposes(opts: &EbuOptions) -> Result<PlacePurposes> {
    let mut by_place = BTreeMap::new();
    for (key, purpose) in &opts.places {
        let at = options_path().k("places").k(key);
        let bad = || {
            EventError::at(
                at.clone(),
                Problem::bad_option(
                    "places",
                    format!("{key:?} is not a place (\"1\") or a range of places (\"3-4\")"),
                ),
            )
        };
        let (from, to) = match key.split_once('-') {
            Some((a, b)) => (a.trim().parse::<u32>(), b.trim().parse::<u32>()),
            None => (key.trim().parse::<u32>(), key.trim().parse::<u32>()),
        };
        let (from, to) = (from.map_err(|_| bad())?, to.map_err(|_| bad())?);
        if from == 0 || to < from || to - from > 100_000 {
            return Err(bad());
        }
        for p in from..=to {
            if by_place.insert(p, *purpose).is_some() {
                return Err(EventError::at(
                    at.clone(),
                    Problem::bad_option("places", format!("place {p} is given more than once")),
                ));
            }
        }
    }
    let default = opts.tie_purpose.unwrap_or(TiePurpose::Title);
    Ok(PlacePurposes::new(default, by_place)?)
}

/// EBU: tie-break points (143.5.2), unless the event is a perfect
/// all-play-all, which has none.
fn columns(stage: &Stage, points: BTreeMap<ContestantId, Score>) -> Vec<Column> {
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
