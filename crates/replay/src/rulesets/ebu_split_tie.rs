//! Replay of `000_…` (EBU White Book 143 split-tie definitions) and of the
//! related 143.6.2 example, through `countback-tiebreak-ebu`.

use std::collections::BTreeMap;

use countback_model::opposition::Meeting;
use countback_model::{
    BoardNumber, ContestantId, ContestantKind, Decision, Encounter, HalfRule, RoundingMode, Score,
    TieBreakOutcome, Unit, Unresolved,
};
use countback_tiebreak_ebu::{
    individual_tie_break_points, meetings_between, tie_break_points, Board, BoardResult,
    EventFormat, FinalStanding, MatchGrouping, PenaltyConversion, PointABoardCountBack,
    ProceduralPenalty, Procedure, Scoring, SplitTieTest, Stage, Standings, TiePurpose,
};
use serde::Deserialize;

use crate::{input, Breakdown, Computed, KindError};

/// Replay one fixture of this rule set.
pub fn compute(kind: &str, table: &toml::Table) -> Result<Breakdown, KindError> {
    match kind {
        "tie_break_points" => tie_break_points_kind(input(table)?),
        "individual_tie_break_points" => individual(input(table)?),
        "count_back" => count_back(input(table)?),
        "count_back_scale" => count_back_scale(input(table)?),
        "split_tie" => split_tie(input(table)?),
        "penalty_conversion" => penalty_conversion(input(table)?),
        "weighted_head_to_head" => weighted_head_to_head(input(table)?),
        _ => Err(KindError::UnknownKind),
    }
}

/// The shortest exact decimal (up to six places), else the fraction.
fn show(s: &Score) -> String {
    let mode = RoundingMode::Nearest(HalfRule::Even);
    for places in 0..=6 {
        if let Ok(text) = s.to_decimal(places, &mode) {
            if Score::parse(&text).is_ok_and(|back| back == *s) {
                return text;
            }
        }
    }
    s.to_string()
}

/// A number the document prints as [`show`] writes it.
fn shown(quantity: impl Into<String>, exact: &Score) -> Computed {
    Computed::number(quantity, exact, show(exact))
}

/// Count-back points as a score.
fn as_points(v: u64) -> Score {
    Score::integer(i64::try_from(v).unwrap_or(i64::MAX))
}

fn id(name: &str) -> ContestantId {
    ContestantId::new(name)
}

// ---------------------------------------------------------------- 143.5.2

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TieBreakPointsInput {
    /// Whose tie-break points ("A" when not given).
    #[serde(default = "contestant_a")]
    contestant: String,
    /// The contestant's own final score (irrelevant to its tie-break points).
    #[serde(default)]
    final_score: Score,
    /// The share of the stage the contestant played (missed rounds).
    #[serde(default = "one")]
    share_played: Score,
    /// Opponents in full: final score, share played, meeting weights.
    #[serde(default)]
    opponent: Vec<OpponentInput>,
    /// Short form: (opponent, final score), each met once in a full match.
    #[serde(default)]
    opponents: Vec<(String, Score)>,
}

fn contestant_a() -> String {
    "A".to_owned()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OpponentInput {
    name: String,
    final_score: Score,
    /// Below 1 for an opponent who withdrew part-way.
    #[serde(default = "one")]
    share_played: Score,
    /// One weight per meeting (1 a full match, 1/2 a short triangle match).
    #[serde(default = "one_meeting")]
    meetings: Vec<Score>,
}

fn one() -> Score {
    Score::ONE
}

fn one_meeting() -> Vec<Score> {
    vec![Score::ONE]
}

fn tie_break_points_kind(mut i: TieBreakPointsInput) -> Result<Breakdown, KindError> {
    i.opponent.extend(
        i.opponents
            .drain(..)
            .map(|(name, final_score)| OpponentInput {
                name,
                final_score,
                share_played: Score::ONE,
                meetings: one_meeting(),
            }),
    );
    let me = id(&i.contestant);
    let mut list = vec![FinalStanding::partial(
        me.clone(),
        i.final_score.clone(),
        i.share_played.clone(),
    )];
    list.extend(i.opponent.iter().map(|o| {
        FinalStanding::partial(id(&o.name), o.final_score.clone(), o.share_played.clone())
    }));
    let standings = Standings::new(list).map_err(KindError::compute)?;
    let meetings_with = |o: &OpponentInput| -> Vec<Meeting> {
        o.meetings
            .iter()
            .map(|w| Meeting {
                contestant: me.clone(),
                opponent: id(&o.name),
                weight: w.clone(),
            })
            .collect()
    };
    let all: Vec<Meeting> = i.opponent.iter().flat_map(meetings_with).collect();
    let tbp = tie_break_points(&standings, &all).map_err(KindError::compute)?;
    let total = tbp.get(&me).cloned().unwrap_or_default();
    let mut computed = Vec::new();
    let mut trace = Vec::new();
    for o in &i.opponent {
        let who = id(&o.name);
        let standing = standings
            .get(&who)
            .ok_or_else(|| KindError::Input(format!("{who} missing")))?;
        let pro_rata = standing.pro_rata_score().map_err(KindError::compute)?;
        // The opponent's share of A's total, before A's own pro-rata scaling.
        let alone = tie_break_points(&standings, &meetings_with(o)).map_err(KindError::compute)?;
        let contribution = alone.get(&me).cloned().unwrap_or_default() * &i.share_played;
        let multiplier = contribution
            .checked_div(&o.final_score)
            .map_err(KindError::compute)?;
        computed.push(shown(
            format!("score of {who} counted for its opponents"),
            &pro_rata,
        ));
        computed.push(shown(
            format!("multiplier of {who}'s final score"),
            &multiplier,
        ));
        trace.push(format!(
            "{me} met {who} (weights {}); {who} finished on {} having played {} of the stage, counted as {}; adds {}",
            o.meetings.iter().map(show).collect::<Vec<_>>().join(" + "),
            show(&o.final_score),
            show(&o.share_played),
            show(&pro_rata),
            show(&contribution),
        ));
    }
    if i.share_played != Score::ONE {
        trace.push(format!(
            "{me} played {} of the stage: its total is scaled by 1/{} (EBU 143.5.2, 143.6.2)",
            show(&i.share_played),
            show(&i.share_played)
        ));
    }
    computed.push(shown(format!("tie-break points of {me}"), &total));
    Ok(Breakdown { computed, trace })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct IndividualInput {
    player: String,
    /// (opponent, final score)
    opponents: Vec<(String, Score)>,
    /// (partner, final score)
    partners: Vec<(String, Score)>,
}

fn individual(i: IndividualInput) -> Result<Breakdown, KindError> {
    let me = id(&i.player);
    let mut list = vec![FinalStanding::full(me.clone(), Score::ZERO)];
    list.extend(
        i.opponents
            .iter()
            .chain(&i.partners)
            .map(|(n, s)| FinalStanding::full(id(n), s.clone())),
    );
    let standings = Standings::new(list).map_err(KindError::compute)?;
    let meet = |v: &[(String, Score)]| -> Vec<Meeting> {
        v.iter()
            .map(|(n, _)| Meeting {
                contestant: me.clone(),
                opponent: id(n),
                weight: Score::ONE,
            })
            .collect()
    };
    let (opp, par) = (meet(&i.opponents), meet(&i.partners));
    let op = individual_tie_break_points(&standings, &opp, &par).map_err(KindError::compute)?;
    let value = op.get(&me).cloned().unwrap_or_default();
    let o: Score = i.opponents.iter().map(|(_, s)| s.clone()).sum();
    let p: Score = i.partners.iter().map(|(_, s)| s.clone()).sum();
    let display = value
        .to_decimal(1, &RoundingMode::Nearest(HalfRule::Even))
        .map_err(KindError::compute)?;
    Ok(Breakdown {
        computed: vec![
            shown(format!("O of {me}"), &o),
            shown(format!("P of {me}"), &p),
            Computed::number(format!("tie-break points of {me} (O/P)"), &value, display),
        ],
        trace: vec![
            format!(
                "opponents: {}",
                super::joined(i.opponents.iter().map(|(n, s)| format!("{n} {s}")), ", ")
            ),
            format!(
                "partners: {}",
                super::joined(i.partners.iter().map(|(n, s)| format!("{n} {s}")), ", ")
            ),
            format!("O/P = {o} / {p} = {value}, shown to one decimal"),
        ],
    })
}

// ---------------------------------------------------------------- 143.5.3

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardInput {
    number: u32,
    /// What the board stands for in the example ("as played", "had only B
    /// played it").
    #[serde(default)]
    label: Option<String>,
    average: Score,
    #[serde(default)]
    results: BTreeMap<String, Score>,
    /// Unplayed boards with their awarded scores (143.5.5).
    #[serde(default)]
    awarded: BTreeMap<String, Score>,
}

impl BoardInput {
    fn to_board(&self) -> Board {
        let mut results: BTreeMap<ContestantId, BoardResult> = self
            .results
            .iter()
            .map(|(c, s)| (id(c), BoardResult::Played(s.clone())))
            .collect();
        results.extend(
            self.awarded
                .iter()
                .map(|(c, s)| (id(c), BoardResult::Unplayed { awarded: s.clone() })),
        );
        Board {
            number: BoardNumber(self.number),
            average: self.average.clone(),
            results,
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CountBackInput {
    tied: Vec<String>,
    board: Vec<BoardInput>,
}

fn count_back(i: CountBackInput) -> Result<Breakdown, KindError> {
    let tied: Vec<ContestantId> = i.tied.iter().map(|c| id(c)).collect();
    let boards: Vec<Board> = i.board.iter().map(BoardInput::to_board).collect();
    let n = u64::try_from(tied.len()).unwrap_or(u64::MAX);
    let mut computed = Vec::new();
    let mut trace = vec![format!(
        "{} contestants: top {}, average {}, {} per board",
        n,
        PointABoardCountBack::top(n),
        PointABoardCountBack::average(n),
        PointABoardCountBack::total_per_board(n)
    )];
    // Each board is also counted alone, so that a fixture can hold the
    // document's alternatives ("had only B played it") side by side.
    for (b, input) in boards.iter().zip(&i.board) {
        let cb = PointABoardCountBack::compute(&tied, std::slice::from_ref(b))
            .map_err(KindError::compute)?;
        let label = input
            .label
            .as_deref()
            .map(|l| format!(" {l}"))
            .unwrap_or_default();
        let scores: Vec<String> = tied
            .iter()
            .map(|c| match b.results.get(c) {
                Some(BoardResult::Played(s)) => format!("{c} {s}"),
                Some(BoardResult::Unplayed { awarded }) => format!("{c} awarded {awarded}"),
                Some(_) => format!("{c} ?"),
                None => format!("{c} did not play (average {})", b.average),
            })
            .collect();
        let points: Vec<String> = tied
            .iter()
            .map(|c| format!("{c} {}", cb.totals.get(c).copied().unwrap_or_default()))
            .collect();
        trace.push(format!(
            "board {}{label}: {} -> points {}",
            b.number,
            scores.join(", "),
            points.join(", ")
        ));
        for c in &tied {
            let p = as_points(cb.totals.get(c).copied().unwrap_or_default());
            computed.push(shown(format!("board {}: points of {c}", b.number), &p));
        }
        let best = cb.totals.values().copied().max().unwrap_or_default();
        let winners: Vec<&str> = cb
            .totals
            .iter()
            .filter(|(_, p)| **p == best)
            .map(|(c, _)| c.as_str())
            .collect();
        let won_by = if winners.len() == tied.len() {
            "nobody (drawn)".to_owned()
        } else {
            winners.join(", ")
        };
        computed.push(Computed::text(
            format!("board {}: won by", b.number),
            won_by,
        ));
    }
    let all = PointABoardCountBack::compute(&tied, &boards).map_err(KindError::compute)?;
    for c in &tied {
        let p = as_points(all.totals.get(c).copied().unwrap_or_default());
        computed.push(shown(format!("count-back total of {c}"), &p));
    }
    Ok(Breakdown { computed, trace })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScaleInput {
    contestants: usize,
}

fn count_back_scale(i: ScaleInput) -> Result<Breakdown, KindError> {
    let tied: Vec<ContestantId> = (1..=i.contestants).map(|k| id(&format!("C{k}"))).collect();
    // One board with distinct scores (the first contestant best) and one on
    // which everyone is level: the points the count-back itself gives.
    let distinct = Board {
        number: BoardNumber(1),
        average: Score::ZERO,
        results: tied
            .iter()
            .zip((0..).map(|k: i64| Score::integer(100 - k)))
            .map(|(c, s)| (c.clone(), BoardResult::Played(s)))
            .collect(),
    };
    let level = Board {
        number: BoardNumber(2),
        average: Score::ZERO,
        results: tied
            .iter()
            .map(|c| (c.clone(), BoardResult::Played(Score::integer(7))))
            .collect(),
    };
    let one = PointABoardCountBack::compute(&tied, std::slice::from_ref(&distinct))
        .map_err(KindError::compute)?;
    let two = PointABoardCountBack::compute(&tied, std::slice::from_ref(&level))
        .map_err(KindError::compute)?;
    let first = tied
        .first()
        .ok_or(KindError::Input("no contestants".to_owned()))?;
    let top = one.totals.get(first).copied().unwrap_or_default();
    let average = two.totals.get(first).copied().unwrap_or_default();
    let total: u64 = one.totals.values().sum();
    let n = u64::try_from(i.contestants).unwrap_or(u64::MAX);
    let as_score = as_points;
    Ok(Breakdown {
        computed: vec![
            Computed::number("top", &as_score(top), top.to_string()),
            Computed::number("average", &as_score(average), average.to_string()),
            Computed::number("total per board", &as_score(total), total.to_string()),
        ],
        trace: vec![
            format!(
                "board 1, all scores different: points {}",
                super::joined(one.totals.iter().map(|(c, p)| format!("{c} {p}")), ", ")
            ),
            format!(
                "board 2, all level: points {}",
                super::joined(two.totals.iter().map(|(c, p)| format!("{c} {p}")), ", ")
            ),
            format!(
                "formulae for n = {n}: top 2(n-1) = {}, average n-1 = {}, total n(n-1) = {}",
                PointABoardCountBack::top(n),
                PointABoardCountBack::average(n),
                PointABoardCountBack::total_per_board(n)
            ),
        ],
    })
}

// ---------------------------------------------------------------- 143.7.1

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SplitTieInput {
    scoring: Scoring,
    all_play_all: bool,
    contestants: ContestantKind,
    #[serde(default)]
    grouping: MatchGrouping,
    draw_score: Score,
    purpose: TiePurpose,
    /// The tests in order; the White Book's 143.7.1 when absent.
    #[serde(default)]
    tests: Option<Vec<SplitTieTest>>,
    tied: Vec<String>,
    /// (contestant, final score)
    standings: Vec<(String, Score)>,
    #[serde(default)]
    encounter: Vec<Encounter>,
    #[serde(default)]
    board: Vec<BoardInput>,
    #[serde(default)]
    penalty: Vec<ProceduralPenalty>,
}

fn split_tie(i: SplitTieInput) -> Result<Breakdown, KindError> {
    let stage = Stage {
        format: EventFormat {
            scoring: i.scoring,
            all_play_all: i.all_play_all,
            contestants: i.contestants,
            grouping: i.grouping,
            draw_score: i.draw_score,
        },
        standings: Standings::new(
            i.standings
                .iter()
                .map(|(c, s)| FinalStanding::full(id(c), s.clone())),
        )
        .map_err(KindError::compute)?,
        encounters: i.encounter,
        partnerships: Vec::new(),
        boards: i.board.iter().map(BoardInput::to_board).collect(),
        penalties: i.penalty,
        conversion: PenaltyConversion::standard(),
    };
    let procedure = i.tests.map_or_else(Procedure::white_book, Procedure::new);
    let tied: Vec<ContestantId> = i.tied.iter().map(|c| id(c)).collect();
    let outcome = procedure
        .split(&stage, &tied, i.purpose)
        .map_err(KindError::compute)?;
    let mut computed = Vec::new();
    if let Some(first) = outcome.trace.iter().find(|d| d.separated()) {
        computed.push(Computed::text(
            format!("order after {}", first.clause),
            groups_text(&first.result),
        ));
    }
    if let Some(restart) = outcome.trace.iter().find(|d| d.clause.0 == "EBU 143.5.6") {
        computed.push(Computed::text(
            "restart among",
            super::joined(&restart.among, ", "),
        ));
    }
    computed.push(Computed::text("final order", outcome.order_text()));
    computed.push(Computed::text(
        "deciding clauses",
        outcome
            .deciding_clauses()
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join("; "),
    ));
    Ok(Breakdown {
        computed,
        trace: trace_lines(&outcome),
    })
}

fn groups_text(groups: &[Vec<ContestantId>]) -> String {
    super::joined(groups.iter().map(|g| super::joined(g, " = ")), " > ")
}

fn decision_line(d: &Decision) -> String {
    let among = super::joined(&d.among, ", ");
    let values = super::joined(d.values.iter().map(|(c, v)| format!("{c}: {v}")), "; ");
    let mut line = format!("[{}] {} among {among}", d.clause, d.test);
    if !values.is_empty() {
        line.push_str(&format!(" | {values}"));
    }
    line.push_str(&format!(" => {}", groups_text(&d.result)));
    if let Some(n) = &d.note {
        line.push_str(&format!(" ({n})"));
    }
    line
}

fn trace_lines(outcome: &TieBreakOutcome) -> Vec<String> {
    let mut lines: Vec<String> = outcome.trace.iter().map(decision_line).collect();
    for g in &outcome.order {
        let members = super::joined(&g.members, " = ");
        let why = match &g.unresolved {
            None => String::new(),
            Some(Unresolved::Stands { clause }) => format!(" (tie stands: {clause})"),
            Some(Unresolved::RandomBallot { clause }) => {
                format!(" (must be broken: random ballot, {clause})")
            }
            Some(Unresolved::PlayOff { clause }) => format!(" (play-off, {clause})"),
            Some(_) => " (unresolved)".to_owned(),
        };
        lines.push(format!("place: {members}{why}"));
    }
    lines
}

// ---------------------------------------------------------------- 143.5.7

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PenaltyInput {
    amount: Score,
    from: Unit,
    to: Unit,
}

fn penalty_conversion(i: PenaltyInput) -> Result<Breakdown, KindError> {
    let rate = PenaltyConversion::standard();
    let v = rate
        .convert(&i.amount, i.from, i.to)
        .map_err(KindError::compute)?;
    Ok(Breakdown {
        computed: vec![Computed::number(
            format!("{} {} in {}", show(&i.amount), i.from, i.to),
            &v,
            show(&v),
        )],
        trace: vec![format!(
            "standard rate {} IMPs = {} aggregate points (EBU 143.5.7)",
            rate.imps, rate.aggregate_points
        )],
    })
}

// ---------------------------------------------------------------- 143.6.2

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WeightedInput {
    first: String,
    second: String,
    unit: Unit,
    encounter: Vec<Encounter>,
}

fn weighted_head_to_head(i: WeightedInput) -> Result<Breakdown, KindError> {
    let (a, b) = (id(&i.first), id(&i.second));
    let h = meetings_between(&i.encounter, &a, &b, i.unit)
        .ok_or_else(|| KindError::Input(format!("{a} and {b} never met")))?;
    let (sa, sb) = h.on_one_match_scale().map_err(KindError::compute)?;
    let total = format!("{}–{}", show(&h.own), show(&h.opponent));
    let scaled = format!("{}–{}", show(&sa), show(&sb));
    let mut trace: Vec<String> = i
        .encounter
        .iter()
        .filter_map(|e| {
            let (own, other) = e.scores_for(&a, i.unit)?;
            Some(format!(
                "round {}: {a} {} – {} {b}, weight {}",
                e.round,
                show(own),
                show(other),
                show(&e.weight)
            ))
        })
        .collect();
    trace.push(format!(
        "total weight {}: each total divided by it (EBU 143.6.2)",
        show(&h.weight)
    ));
    Ok(Breakdown {
        computed: vec![
            Computed::text(format!("{a} v {b} in all"), total),
            Computed::text(format!("{a} v {b} on one match's scale"), scaled),
        ],
        trace,
    })
}
