//! The split-tie procedure (EBU 143.7.1), its restart rule for multiple ties
//! (143.5.6) and when a tie is split at all (143.4).

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use countback_model::head_to_head::for_against;
use countback_model::opposition::Meeting;
use countback_model::{
    partition_descending, Clause, ContestantId, ContestantKind, Decision, Encounter, InputError,
    Score, TieBreakOutcome, TiedGroup, Unit, Unresolved, Value,
};

use crate::count_back::{Board, PointABoardCountBack};
use crate::error::EbuError;
use crate::matches::{meetings_among, win_record_of, MatchGrouping};
use crate::places::PlacePurposes;
use crate::readings::{Defeated, DirectResultAmongMany, Readings, UnbrokenTitleTie};
use crate::scoring::{MethodOfScoring, PenaltyConversion, ProceduralPenalty, Scoring};
use crate::tie_break_points::Standings;

/// What the tie is for (143.4). Ties are split only for the winners, for the
/// last qualifying place and for an indivisible prize; any other tie is a
/// shared place. [`PlacePurposes`] gives one of these to each place of a
/// ranking.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "schemars",
    schemars(
        rename = "TiePurposeName",
        description = "What a tie is for (EBU 143.4)."
    )
)]
#[non_exhaustive]
pub enum TiePurpose {
    /// The winners of an event with a trophy (143.4(a)): split; if no test
    /// can, a random ballot decides or the tie stands, as
    /// [`Readings::unbroken_title_tie`] says (a ballot by default). The
    /// winners of an event with no trophy are a [`TiePurpose::SharedPlace`].
    #[cfg_attr(
        feature = "schemars",
        schemars(description = "The winners: split if the tests can.")
    )]
    Title,
    /// The last qualifying place: must be broken, by ballot if need be.
    #[cfg_attr(
        feature = "schemars",
        schemars(description = "The last qualifying place: must be broken.")
    )]
    QualifyingPlace,
    /// An indivisible prize: must be broken, by ballot if need be.
    #[cfg_attr(
        feature = "schemars",
        schemars(description = "An indivisible prize: must be broken.")
    )]
    IndivisiblePrize,
    /// Any other place: not split, the contestants share it.
    #[cfg_attr(
        feature = "schemars",
        schemars(description = "Any other place: shared, not split.")
    )]
    SharedPlace,
}

impl TiePurpose {
    /// Whether a tie that no test splits goes to a random ballot: always for
    /// a qualifying place or an indivisible prize, for the title as
    /// [`Readings::unbroken_title_tie`] says.
    fn must_be_broken(self, readings: &Readings) -> bool {
        match self {
            TiePurpose::QualifyingPlace | TiePurpose::IndivisiblePrize => true,
            TiePurpose::Title => readings.unbroken_title_tie == UnbrokenTitleTie::RandomBallot,
            TiePurpose::SharedPlace => false,
        }
    }

    /// How strongly a place asks for its tie to be split, for a group
    /// covering several places: shared < title < indivisible prize <
    /// qualifying place.
    fn strength(self) -> u8 {
        match self {
            TiePurpose::SharedPlace => 0,
            TiePurpose::Title => 1,
            TiePurpose::IndivisiblePrize => 2,
            TiePurpose::QualifyingPlace => 3,
        }
    }

    /// The stronger of two purposes (see [`PlacePurposes::for_places`]).
    pub(crate) fn stronger(self, other: TiePurpose) -> TiePurpose {
        if other.strength() > self.strength() {
            other
        } else {
            self
        }
    }
}

/// One test of the procedure. A [`Procedure`] is a list of these, so an
/// organiser (or a future reading of the rules for three or more
/// contestants) can reorder, drop or repeat them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum SplitTieTest {
    /// 143.7.1(a): the result of the match or round between the tied
    /// contestants, in the final method, then (if level) in the basic method
    /// within that match. With three or more: a contestant who defeated each
    /// of the others goes first and one defeated by each of the others goes
    /// last, as [`Readings::direct_result_among_many`] and
    /// [`Readings::defeated`] say.
    DirectResult,
    /// The EBU's worked example of 143.7.1: the number of matches/rounds won
    /// in the stage, a draw counting half (143.5.4).
    NumberOfWins,
    /// 143.7.1(b): tie-break points (143.5.2); never in an all-play-all.
    TieBreakPoints,
    /// 143.7.1(c): in a victory-point event, the basic method over all boards
    /// of the stage.
    BasicMethodOverStage,
    /// 143.7.1(d): point-a-board count-back over the stage (143.5.3).
    PointABoardCountBack,
}

impl SplitTieTest {
    /// The clause the test applies.
    #[must_use]
    pub fn clause(self) -> Clause {
        Clause::new(match self {
            SplitTieTest::DirectResult => "EBU 143.7.1(a)",
            SplitTieTest::NumberOfWins => "EBU 143.7.1 worked example (number of wins)",
            SplitTieTest::TieBreakPoints => "EBU 143.7.1(b)",
            SplitTieTest::BasicMethodOverStage => "EBU 143.7.1(c)",
            SplitTieTest::PointABoardCountBack => "EBU 143.7.1(d)",
        })
    }
}

/// The shape of the stage in which the tie occurred.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[allow(clippy::exhaustive_structs)] // Exhaustive: the stage's form, built by name by the event library and the replay.
pub struct EventFormat {
    /// Basic and final units (143.5.1).
    pub scoring: Scoring,
    /// A perfect all-play-all: tie-break points are not used (143.5.2).
    pub all_play_all: bool,
    /// Pairs, teams or individuals (tie-break points are O/P for individuals).
    pub contestants: ContestantKind,
    /// Whether repeated meetings form one match (143.5.4).
    pub grouping: MatchGrouping,
    /// The final-method score of a drawn full-weight match (10 on a 20–0
    /// scale): "average" for counting wins (143.5.4).
    pub draw_score: Score,
}

/// Everything about the one stage in which the tie occurred: only that
/// stage counts (143.6.1), so callers pass nothing from earlier stages.
#[derive(Debug, Clone, PartialEq, Eq)]
#[allow(clippy::exhaustive_structs)] // Exhaustive: the stage in, built by name by the event library and the replay.
pub struct Stage {
    /// The format.
    pub format: EventFormat,
    /// Every contestant's final score and share of the stage played.
    pub standings: Standings,
    /// Every match or round, with scores in the final unit and (for a
    /// victory-point event) the basic unit. Awarded matches count for wins
    /// but not for tie-break points, which only count opponents met at the
    /// table.
    pub encounters: Vec<Encounter>,
    /// Individual events only: each player's partners, as meetings
    /// (`contestant` partnered `opponent`) with their weights.
    pub partnerships: Vec<Meeting>,
    /// Every board of the stage in the basic method, for the count-back.
    pub boards: Vec<Board>,
    /// Procedural penalties and awards (143.5.7), converted as needed.
    pub penalties: Vec<ProceduralPenalty>,
    /// The rate for converting penalties between units.
    pub conversion: PenaltyConversion,
}

impl Stage {
    /// Check the stage: every contestant named anywhere is in the standings,
    /// nobody plays itself, and no match is recorded twice in a round.
    pub fn validate(&self) -> Result<(), EbuError> {
        // Hashed, not ordered: only membership is asked, and comparing names
        // in a tree was most of checking a 10,000-team stage (issue 30).
        let mut seen: HashSet<(u32, &str, &str)> = HashSet::with_capacity(self.encounters.len());
        // The names in the standings, hashed once: each side of each match
        // is then a hash lookup, not a walk down the name-ordered tree.
        let known: HashSet<&str> = self
            .standings
            .iter()
            .map(|s| s.contestant.as_str())
            .collect();
        let require = |c: &ContestantId| {
            if known.contains(c.as_str()) {
                Ok(())
            } else {
                self.standings.require(c).map(|_| ())
            }
        };
        for e in &self.encounters {
            require(&e.first)?;
            require(&e.second)?;
            if e.first == e.second {
                return Err(InputError::PlaysItself {
                    round: e.round,
                    contestant: e.first.clone(),
                }
                .into());
            }
            let (lo, hi) = if e.first < e.second {
                (&e.first, &e.second)
            } else {
                (&e.second, &e.first)
            };
            if !seen.insert((e.round.0, lo.as_str(), hi.as_str())) {
                return Err(InputError::MatchRecordedTwice {
                    round: e.round,
                    first: lo.clone(),
                    second: hi.clone(),
                }
                .into());
            }
            if !e.weight.is_positive() {
                return Err(EbuError::WeightNotPositive {
                    contestant: e.first.clone(),
                    opponent: e.second.clone(),
                    weight: e.weight.clone(),
                });
            }
        }
        for m in &self.partnerships {
            self.standings.require(&m.contestant)?;
            self.standings.require(&m.opponent)?;
        }
        for b in &self.boards {
            // Both are sorted by name: one merged walk instead of a lookup
            // per result keeps a large field cheap to check.
            let mut known = self.standings.iter().map(|s| &s.contestant).peekable();
            for c in b.results.keys() {
                while known.next_if(|k| *k < c).is_some() {}
                if known.next_if(|k| *k == c).is_none() {
                    self.standings.require(c)?;
                }
            }
        }
        for p in &self.penalties {
            self.standings.require(&p.contestant)?;
        }
        Ok(())
    }

    fn unit(&self, method: MethodOfScoring) -> Unit {
        self.format.scoring.unit(method)
    }
}

/// The ordered list of tests applied to a tie, and the readings of the
/// text it follows.
///
/// After any test separates some of the tied contestants, every group still
/// tied starts again from the first test among its own members (143.5.6).
/// When no test separates a group, it stays tied: for a qualifying place, an
/// indivisible prize or (by default, see [`UnbrokenTitleTie`]) the title the
/// result says a random ballot must decide ([`Unresolved::RandomBallot`]);
/// otherwise the tie stands.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Procedure {
    /// The tests, in order.
    pub tests: Vec<SplitTieTest>,
    /// Where the text can be read two ways, which reading applies; the
    /// readings the text supports best when absent.
    #[cfg_attr(feature = "serde", serde(default))]
    pub readings: Readings,
}

impl Default for Procedure {
    fn default() -> Procedure {
        Procedure::white_book()
    }
}

impl Procedure {
    /// 143.7.1 as written: (a) direct result, (b) tie-break points, (c) the
    /// basic method over the stage, (d) point-a-board count-back.
    #[must_use]
    pub fn white_book() -> Procedure {
        Procedure::new(vec![
            SplitTieTest::DirectResult,
            SplitTieTest::TieBreakPoints,
            SplitTieTest::BasicMethodOverStage,
            SplitTieTest::PointABoardCountBack,
        ])
    }

    /// 143.7.1 as the EBU's worked example applies it: the number of wins
    /// after the direct result. A named choice against
    /// [`Procedure::white_book`], the list as printed: the worked example
    /// compares "how many wins and draws in Victory Points each team had"
    /// between (a) and (b), the printed list goes from (a) to (b).
    #[must_use]
    pub fn with_number_of_wins() -> Procedure {
        Procedure::new(vec![
            SplitTieTest::DirectResult,
            SplitTieTest::NumberOfWins,
            SplitTieTest::TieBreakPoints,
            SplitTieTest::BasicMethodOverStage,
            SplitTieTest::PointABoardCountBack,
        ])
    }

    /// Any list of tests, with the default readings.
    #[must_use]
    pub fn new(tests: Vec<SplitTieTest>) -> Procedure {
        Procedure {
            tests,
            readings: Readings::default(),
        }
    }

    /// The same tests with other readings of the text.
    ///
    /// ```
    /// use countback_tiebreak_ebu::{Procedure, Readings, UnbrokenTitleTie};
    /// let joint_winners = Procedure::white_book()
    ///     .with_readings(Readings::default().with_unbroken_title_tie(UnbrokenTitleTie::Stands));
    /// assert_eq!(joint_winners.readings.unbroken_title_tie, UnbrokenTitleTie::Stands);
    /// ```
    #[must_use]
    pub fn with_readings(mut self, readings: Readings) -> Procedure {
        self.readings = readings;
        self
    }

    /// The whole ranking of `stage`: contestants by their final score,
    /// every tied group split by [`Procedure::split_at_places`] for the
    /// purpose of the places it occupies.
    ///
    /// Errors: anything [`Stage::validate`] refuses, and those of
    /// [`Procedure::split_at_places`].
    pub fn standings(
        &self,
        stage: &Stage,
        purposes: &PlacePurposes,
    ) -> Result<TieBreakOutcome, EbuError> {
        self.ranked(stage, purposes).map(|(outcome, _)| outcome)
    }

    /// [`Procedure::standings`], with every contestant's tie-break points
    /// (143.5.2) for a standings table to print: computed once, for the
    /// table and any tie they split alike (issue 30: a caller asking
    /// [`Stage::all_tie_break_points`] for its table computed them twice).
    /// No points in an all-play-all stage, where they are not used.
    ///
    /// Errors: those of [`Procedure::standings`] and
    /// [`Stage::all_tie_break_points`].
    pub fn standings_and_tie_break_points(
        &self,
        stage: &Stage,
        purposes: &PlacePurposes,
    ) -> Result<(TieBreakOutcome, BTreeMap<ContestantId, Score>), EbuError> {
        let (outcome, computed) = self.ranked(stage, purposes)?;
        let points = match computed {
            Some(points) => points,
            None if stage.format.all_play_all => BTreeMap::new(),
            None => stage.all_tie_break_points()?,
        };
        Ok((outcome, points))
    }

    /// The whole ranking of `members`, one field of `stage` (a Mitchell's
    /// NS or EW pairs, or a session of a longer event), by `score` (which may
    /// be other than the stage's final scores: a multi-session event's
    /// total carrying an earlier stage), every tied group split by
    /// [`Procedure::split_at_places`] for the purpose of the places it
    /// occupies, places counted from 1 within the field.
    ///
    /// Errors: those of [`Procedure::split_at_places`], asked only when a
    /// tie needs them (a field with no tie asks nothing of the stage).
    pub fn field_standings(
        &self,
        stage: &Stage,
        members: &[ContestantId],
        score: impl FnMut(&ContestantId) -> Option<Score>,
        purposes: &PlacePurposes,
    ) -> Result<TieBreakOutcome, EbuError> {
        self.ranked_by(stage, members, score, purposes, false)
            .map(|(outcome, _)| outcome)
    }

    /// The whole ranking, and the tie-break points if a tie needed them.
    fn ranked(
        &self,
        stage: &Stage,
        purposes: &PlacePurposes,
    ) -> Result<(TieBreakOutcome, Option<BTreeMap<ContestantId, Score>>), EbuError> {
        let members: Vec<ContestantId> = stage
            .standings
            .iter()
            .map(|s| s.contestant.clone())
            .collect();
        self.ranked_by(
            stage,
            &members,
            |c| stage.standings.get(c).map(|s| s.final_score.clone()),
            purposes,
            true,
        )
    }

    /// `members` ranked by `score`, each tied group split; and the
    /// tie-break points if a tie needed them. The stage is checked and
    /// indexed once, and its tie-break points computed once, for every
    /// tied group (per group, a field of thousands with hundreds of ties
    /// did the whole stage's work hundreds of times: issue 29): up front
    /// when `check_first`, else when a tie first needs it.
    fn ranked_by(
        &self,
        stage: &Stage,
        members: &[ContestantId],
        score: impl FnMut(&ContestantId) -> Option<Score>,
        purposes: &PlacePurposes,
        check_first: bool,
    ) -> Result<(TieBreakOutcome, Option<BTreeMap<ContestantId, Score>>), EbuError> {
        let mut prepared = None;
        if check_first {
            stage.validate()?;
            prepared = Some(Prepared::new(stage));
        }
        let outcome = countback_model::split_every_tie(members, score, |tied, first_place| {
            let prepared = match &mut prepared {
                Some(p) => p,
                None => {
                    stage.validate()?;
                    prepared.insert(Prepared::new(stage))
                }
            };
            self.resolve_prepared(stage, prepared, tied, first_place, purposes, true)
        })?;
        Ok((outcome, prepared.and_then(|p| p.tbp)))
    }

    /// Split the tie among `tied` in `stage`, every group (including those
    /// left tied after a restart) for the same `purpose`.
    ///
    /// Errors: an empty or repeated `tied` list, and anything
    /// [`Stage::validate`] refuses.
    pub fn split(
        &self,
        stage: &Stage,
        tied: &[ContestantId],
        purpose: TiePurpose,
    ) -> Result<TieBreakOutcome, EbuError> {
        self.run(stage, tied, 1, &PlacePurposes::uniform(purpose), false)
    }

    /// Split the tie among `tied`, who occupy the places from `first_place`
    /// (1 = first) on, each group taking the purpose of the places it
    /// occupies (143.4, [`PlacePurposes::for_places`]).
    ///
    /// Every group still tied after a test separated some (143.5.6) takes
    /// the purpose of the places it now occupies: in a tie for 3rd-5th where
    /// only 3rd qualifies, once the 3rd is found the other two share 4th (an
    /// `EBU 143.4` decision in the trace) instead of being split.
    ///
    /// Errors: those of [`Procedure::split`], a `first_place` of 0
    /// ([`EbuError::InvalidPlace`]) and places past `u32::MAX`
    /// ([`EbuError::PlacesOverflow`]).
    pub fn split_at_places(
        &self,
        stage: &Stage,
        tied: &[ContestantId],
        first_place: u32,
        purposes: &PlacePurposes,
    ) -> Result<TieBreakOutcome, EbuError> {
        self.run(stage, tied, first_place, purposes, true)
    }

    fn run(
        &self,
        stage: &Stage,
        tied: &[ContestantId],
        first_place: u32,
        purposes: &PlacePurposes,
        show_places: bool,
    ) -> Result<TieBreakOutcome, EbuError> {
        stage.validate()?;
        let mut prepared = Prepared::new(stage);
        self.resolve_prepared(
            stage,
            &mut prepared,
            tied,
            first_place,
            purposes,
            show_places,
        )
    }

    /// [`Procedure::run`] on a stage already validated, with its index and
    /// tie-break points shared between calls.
    fn resolve_prepared<'a>(
        &self,
        stage: &'a Stage,
        prepared: &mut Prepared<'a>,
        tied: &[ContestantId],
        first_place: u32,
        purposes: &PlacePurposes,
        show_places: bool,
    ) -> Result<TieBreakOutcome, EbuError> {
        if tied.is_empty() {
            return Err(InputError::Empty {
                what: "tied contestants",
            }
            .into());
        }
        let mut group: Vec<ContestantId> = tied.to_vec();
        group.sort();
        for w in group.windows(2) {
            if let [a, b] = w {
                if a == b {
                    return Err(InputError::DuplicateContestant {
                        contestant: a.clone(),
                    }
                    .into());
                }
            }
        }
        for c in &group {
            stage.standings.require(c)?;
        }
        if first_place == 0 {
            return Err(EbuError::InvalidPlace {
                place: first_place.to_string(),
            });
        }
        let overflow = || EbuError::PlacesOverflow {
            first_place,
            tied: group.len(),
        };
        u32::try_from(group.len() - 1)
            .ok()
            .and_then(|extra| first_place.checked_add(extra))
            .ok_or_else(overflow)?;
        let mut run = Run {
            stage,
            prepared,
            tests: &self.tests,
            readings: &self.readings,
            purposes,
            show_places,
            trace: Vec::new(),
        };
        let order = run.resolve(group, first_place)?;
        Ok(TieBreakOutcome {
            order,
            trace: run.trace,
        })
    }
}

/// Each contestant's meetings and penalties, and each pair's meetings, so
/// that a test reads a contestant's own records and never rescans the
/// stage: a tie of n contestants then costs about n log n per test, not n³.
struct Index<'a> {
    // Hash maps: the index is only ever looked up, never walked in order,
    // and a name-ordered tree compared names a dozen times a lookup
    // (issue 30).
    by_contestant: HashMap<&'a ContestantId, Vec<&'a Encounter>>,
    /// The smaller name, then the larger.
    by_pair: HashMap<&'a ContestantId, HashMap<&'a ContestantId, Vec<&'a Encounter>>>,
    penalties: HashMap<&'a ContestantId, Vec<&'a ProceduralPenalty>>,
}

/// The key of two contestants' meetings in [`Index::by_pair`].
fn pair<'c>(a: &'c ContestantId, b: &'c ContestantId) -> (&'c ContestantId, &'c ContestantId) {
    if a <= b {
        (a, b)
    } else {
        (b, a)
    }
}

impl<'a> Index<'a> {
    fn new(stage: &'a Stage) -> Index<'a> {
        let mut by_contestant: HashMap<&ContestantId, Vec<&Encounter>> = HashMap::new();
        let mut by_pair: HashMap<&ContestantId, HashMap<&ContestantId, Vec<&Encounter>>> =
            HashMap::new();
        for e in &stage.encounters {
            by_contestant.entry(&e.first).or_default().push(e);
            if e.second != e.first {
                by_contestant.entry(&e.second).or_default().push(e);
            }
            let (lo, hi) = pair(&e.first, &e.second);
            by_pair
                .entry(lo)
                .or_default()
                .entry(hi)
                .or_default()
                .push(e);
        }
        let mut penalties: HashMap<&ContestantId, Vec<&ProceduralPenalty>> = HashMap::new();
        for p in &stage.penalties {
            penalties.entry(&p.contestant).or_default().push(p);
        }
        Index {
            by_contestant,
            by_pair,
            penalties,
        }
    }

    /// `c`'s meetings.
    fn of(&self, c: &ContestantId) -> &[&'a Encounter] {
        self.by_contestant.get(c).map_or(&[], Vec::as_slice)
    }

    /// The meetings of `a` and `b`.
    fn between(&self, a: &ContestantId, b: &ContestantId) -> &[&'a Encounter] {
        let (lo, hi) = pair(a, b);
        self.by_pair
            .get(lo)
            .and_then(|m| m.get(hi))
            .map_or(&[], Vec::as_slice)
    }

    /// `c`'s procedural penalties.
    fn penalties_of(&self, c: &ContestantId) -> &[&'a ProceduralPenalty] {
        self.penalties.get(c).map_or(&[], Vec::as_slice)
    }
}

/// How many names a list in a note or value spells out before "and N
/// others": a tie of thousands must not print millions of names.
const LISTED: usize = 8;

/// `a, b, c` for the first [`LISTED`] of `list`, then "and N others".
fn listed<T: std::fmt::Display>(list: &[T], total: usize) -> String {
    let shown: Vec<String> = list.iter().take(LISTED).map(ToString::to_string).collect();
    let mut text = shown.join(", ");
    if total > shown.len() {
        text.push_str(&format!(" and {} others", total - shown.len()));
    }
    text
}

/// What is computed once per stage, whichever tie is being split: the
/// index of meetings, and the tie-break points when a test first needs
/// them.
struct Prepared<'a> {
    index: Index<'a>,
    tbp: Option<BTreeMap<ContestantId, Score>>,
}

impl<'a> Prepared<'a> {
    fn new(stage: &'a Stage) -> Prepared<'a> {
        Prepared {
            index: Index::new(stage),
            tbp: None,
        }
    }
}

/// One application of the procedure to one tie.
struct Run<'a, 'p> {
    stage: &'a Stage,
    prepared: &'p mut Prepared<'a>,
    tests: &'p [SplitTieTest],
    readings: &'p Readings,
    purposes: &'p PlacePurposes,
    /// Whether the caller gave places (`split_at_places`): the trace then
    /// names them.
    show_places: bool,
    trace: Vec<Decision>,
}

/// What a test found for a group: the decisions to record and, if it
/// separated anyone, the groups best first.
struct Applied {
    decisions: Vec<Decision>,
    groups: Option<Vec<Vec<ContestantId>>>,
}

impl Run<'_, '_> {
    /// The purpose of `group` at the places from `first` on.
    fn purpose_of(&self, first: u32, group: &[ContestantId]) -> TiePurpose {
        let places = u32::try_from(group.len()).unwrap_or(u32::MAX);
        self.purposes.for_places(first, places)
    }

    /// "4th" or "4th-5th", for notes.
    fn places_text(first: u32, len: usize) -> String {
        let last = u32::try_from(len.saturating_sub(1))
            .ok()
            .and_then(|extra| first.checked_add(extra))
            .unwrap_or(u32::MAX);
        if last == first {
            ordinal(first)
        } else {
            format!("{}-{}", ordinal(first), ordinal(last))
        }
    }

    /// Resolve `group`, which occupies the places from `first` on.
    fn resolve(
        &mut self,
        group: Vec<ContestantId>,
        first: u32,
    ) -> Result<Vec<TiedGroup>, EbuError> {
        if group.len() < 2 {
            return Ok(vec![TiedGroup {
                members: group,
                unresolved: None,
            }]);
        }
        let purpose = self.purpose_of(first, &group);
        if purpose == TiePurpose::SharedPlace {
            let clause = Clause::new("EBU 143.4");
            let note = if self.show_places {
                format!(
                    "the place is shared: joint {} (places {})",
                    ordinal(first),
                    Self::places_text(first, group.len())
                )
            } else {
                "the place is shared".to_owned()
            };
            self.trace.push(Decision {
                clause: clause.clone(),
                test: "ties are split only for the winners, the last qualifying place or an indivisible prize".to_owned(),
                among: group.clone(),
                values: Vec::new(),
                result: vec![group.clone()],
                note: Some(note),
            });
            return Ok(vec![TiedGroup {
                members: group,
                unresolved: Some(Unresolved::Stands { clause }),
            }]);
        }
        for test in self.tests {
            let applied = self.apply(*test, &group)?;
            self.trace.extend(applied.decisions);
            if let Some(groups) = applied.groups {
                let mut order = Vec::new();
                let mut place = first;
                for sub in groups {
                    let len = sub.len();
                    if len > 1 && self.purpose_of(place, &sub) != TiePurpose::SharedPlace {
                        self.trace.push(Decision {
                            clause: Clause::new("EBU 143.5.6"),
                            test: "the tie that remains restarts from the first test".to_owned(),
                            among: sub.clone(),
                            values: Vec::new(),
                            result: vec![sub.clone()],
                            note: None,
                        });
                    }
                    order.extend(self.resolve(sub, place)?);
                    place = u32::try_from(len)
                        .ok()
                        .and_then(|n| place.checked_add(n))
                        .unwrap_or(u32::MAX);
                }
                return Ok(order);
            }
        }
        let clause = Clause::new("EBU 143.7.1(e)");
        let ballot = purpose.must_be_broken(self.readings);
        if purpose == TiePurpose::Title {
            let reading = self.readings.unbroken_title_tie;
            let note = if ballot {
                "a tie for the winners of an event with a trophy has to be broken (EBU 143.4(a)): random ballot"
            } else {
                "the tie remains unresolved: joint winners"
            };
            self.trace.push(Decision {
                clause: clause.clone(),
                test: "upon exhaustion of the tests, a tie for the title".to_owned(),
                among: group.clone(),
                values: Vec::new(),
                result: vec![group.clone()],
                note: Some(format!(
                    "{note} (reading: unbroken_title_tie = {})",
                    reading.name()
                )),
            });
        }
        let unresolved = if ballot {
            Unresolved::RandomBallot { clause }
        } else {
            Unresolved::Stands { clause }
        };
        Ok(vec![TiedGroup {
            members: group,
            unresolved: Some(unresolved),
        }])
    }

    fn apply(&mut self, test: SplitTieTest, group: &[ContestantId]) -> Result<Applied, EbuError> {
        match test {
            SplitTieTest::DirectResult => self.direct_result(group),
            SplitTieTest::NumberOfWins => Ok(self.number_of_wins(group)),
            SplitTieTest::TieBreakPoints => self.tie_break_points(group),
            SplitTieTest::BasicMethodOverStage => self.basic_over_stage(group),
            SplitTieTest::PointABoardCountBack => self.count_back(group),
        }
    }

    /// 143.5.x: the direct result, between two contestants the result of
    /// their match or round, among more who beat (or lost to) each of the
    /// others (143.5.6).
    fn direct_result(&self, group: &[ContestantId]) -> Result<Applied, EbuError> {
        if let [a, b] = group {
            return self.direct_result_of_two(group, a, b);
        }
        self.direct_result_among_many(group)
    }

    /// Two contestants: their meetings on one match's scale, by the final
    /// method and then, level, by the basic method.
    fn direct_result_of_two(
        &self,
        group: &[ContestantId],
        a: &ContestantId,
        b: &ContestantId,
    ) -> Result<Applied, EbuError> {
        let clause = SplitTieTest::DirectResult.clause();
        let fin = self.stage.unit(MethodOfScoring::Final);
        let basic = self.stage.unit(MethodOfScoring::Basic);
        let encounters = self.prepared.index.between(a, b).iter().copied();
        let Some(h) = meetings_among(encounters.clone(), a, b, fin) else {
            return Ok(no_separation(
                clause,
                format!("result of their match/round ({fin})"),
                group,
                format!("{a} and {b} did not meet"),
            ));
        };
        let (sa, sb) = h.on_one_match_scale()?;
        let mut decisions = vec![decision(
            clause.clone(),
            format!("result of their match/round ({fin}, on one match's scale)"),
            group,
            vec![
                (a.clone(), sa.clone().into()),
                (b.clone(), sb.clone().into()),
            ],
            separate_two(a, b, sa.cmp(&sb)),
            (h.weight != Score::ONE).then(|| {
                format!(
                    "meetings weighted to one match (EBU 143.6.2): {} in all",
                    h.weight
                )
            }),
        )];
        if sa != sb {
            let groups = decisions.last().map(|d| d.result.clone());
            return Ok(Applied { decisions, groups });
        }
        if basic != fin {
            if let Some(hb) = meetings_among(encounters, a, b, basic) {
                let (ba, bb) = hb.on_one_match_scale()?;
                let result = separate_two(a, b, ba.cmp(&bb));
                let separated = result.len() > 1;
                decisions.push(decision(
                    clause,
                    format!("level in {fin}: basic method ({basic}) in their match"),
                    group,
                    vec![(a.clone(), ba.into()), (b.clone(), bb.into())],
                    result.clone(),
                    None,
                ));
                return Ok(Applied {
                    decisions,
                    groups: separated.then_some(result),
                });
            }
        }
        Ok(Applied {
            decisions,
            groups: None,
        })
    }

    /// Three or more: who defeated (143.5.4) whom, pair by pair; placed
    /// only one who beat, or lost to, each of the others (143.5.6).
    fn direct_result_among_many(&self, group: &[ContestantId]) -> Result<Applied, EbuError> {
        let clause = SplitTieTest::DirectResult.clause();
        let fin = self.stage.unit(MethodOfScoring::Final);
        let basic = self.stage.unit(MethodOfScoring::Basic);
        let readings = *self.readings;
        let then_basic = readings.defeated == Defeated::FinalThenBasicMethod;
        let (beat, met) = self.who_beat_whom(group, then_basic);
        let (unmet, unmet_count) = self.unmet_pairs(group, met);
        let unmet_list = listed(&unmet, unmet_count);
        let values: Vec<(ContestantId, Value)> = beat
            .iter()
            .map(|(c, r)| {
                let list = |v: &Vec<&ContestantId>| {
                    if v.is_empty() {
                        "-".to_owned()
                    } else {
                        listed(v, v.len())
                    }
                };
                (
                    (*c).clone(),
                    Value::Text(format!(
                        "beat {}; drew with {}; lost to {}",
                        list(&r.won),
                        list(&r.drew),
                        list(&r.lost)
                    )),
                )
            })
            .collect();
        let test = if then_basic {
            format!("results of the matches/rounds between them ({fin}, then {basic})")
        } else {
            format!("results of the matches/rounds between them ({fin})")
        };
        let reading_text = format!(
            "readings: direct_result_among_many = {}, defeated = {}",
            readings.direct_result_among_many.name(),
            readings.defeated.name()
        );
        let unmet_text = (unmet_count > 0).then(|| format!("{unmet_list} did not meet"));
        if unmet_text.is_some()
            && readings.direct_result_among_many == DirectResultAmongMany::EveryPairMet
        {
            let note =
                format!("not every pair met ({unmet_list}): no one is placed; {reading_text}");
            return Ok(no_separation_with(clause, test, group, values, note));
        }
        let others = group.len() - 1;
        let key = |c: &ContestantId| match beat.get(c) {
            Some(r) if r.won.len() == others => 1,
            Some(r) if r.lost.len() == others => -1,
            _ => 0,
        };
        let mut found: Vec<String> = group
            .iter()
            .filter(|c| key(c) == 1)
            .map(|c| format!("{c} beat each of the others"))
            .chain(
                group
                    .iter()
                    .filter(|c| key(c) == -1)
                    .map(|c| format!("{c} lost to each of the others")),
            )
            .take(2 * LISTED)
            .collect();
        if found.is_empty() {
            found.push("no one beat, or lost to, each of the others".to_owned());
        }
        let mut note = format!("EBU 143.5.6: {}", found.join("; "));
        if let Some(u) = unmet_text {
            note.push_str(&format!(" ({u})"));
        }
        note.push_str(&format!("; {reading_text}"));
        let result = partition_descending(group, key);
        let separated = result.len() > 1;
        Ok(Applied {
            decisions: vec![decision(
                clause,
                test,
                group,
                values,
                result.clone(),
                Some(note),
            )],
            groups: separated.then_some(result),
        })
    }

    /// Each member's wins, draws and losses against the others it met
    /// (by the final method, level then by the basic method when the
    /// reading says so), and how many pairs met.
    fn who_beat_whom<'g>(
        &'g self,
        group: &'g [ContestantId],
        then_basic: bool,
    ) -> (BTreeMap<&'g ContestantId, Record<'g>>, usize) {
        let fin = self.stage.unit(MethodOfScoring::Final);
        let basic = self.stage.unit(MethodOfScoring::Basic);
        let mut beat: BTreeMap<&ContestantId, Record<'_>> =
            group.iter().map(|c| (c, Default::default())).collect();
        // Pair by pair, but only the pairs that met, found from each
        // contestant's own meetings; the pairs that did not are counted.
        let members: HashSet<&ContestantId> = group.iter().collect();
        let mut met = 0usize;
        for a in group {
            // In name order, each once (a small list: `a`'s own opponents).
            let mut opponents: Vec<&ContestantId> = self
                .prepared
                .index
                .of(a)
                .iter()
                .filter_map(|e| e.opponent_of(a))
                .filter(|b| *b > a && members.contains(b))
                .collect();
            opponents.sort_unstable();
            opponents.dedup();
            for b in opponents {
                let encounters = self.prepared.index.between(a, b).iter().copied();
                let Some(h) = meetings_among(encounters.clone(), a, b, fin) else {
                    continue;
                };
                met += 1;
                let mut o = h.defeated();
                if o == Ordering::Equal && then_basic && basic != fin {
                    if let Some(hb) = meetings_among(encounters, a, b, basic) {
                        o = hb.defeated();
                    }
                }
                let (ra, rb) = match o {
                    Ordering::Greater => (0, 2),
                    Ordering::Equal => (1, 1),
                    Ordering::Less => (2, 0),
                };
                push_record(&mut beat, a, ra, b);
                push_record(&mut beat, b, rb, a);
            }
        }
        for r in beat.values_mut() {
            r.won.sort();
            r.drew.sort();
            r.lost.sort();
        }
        (beat, met)
    }

    /// The first [`LISTED`] pairs of `group` that did not meet, and how
    /// many did not, given that `met` pairs met.
    fn unmet_pairs(&self, group: &[ContestantId], met: usize) -> (Vec<String>, usize) {
        let fin = self.stage.unit(MethodOfScoring::Final);
        let pairs = group.len() * (group.len() - 1) / 2;
        let unmet_count = pairs.saturating_sub(met);
        // The first few pairs that did not meet, in order: the scan stops
        // after at most `met + LISTED` pairs.
        let mut unmet = Vec::new();
        if unmet_count > 0 {
            'scan: for (i, a) in group.iter().enumerate() {
                for b in group.iter().skip(i + 1) {
                    if meetings_among(self.prepared.index.between(a, b).iter().copied(), a, b, fin)
                        .is_none()
                    {
                        unmet.push(format!("{a} v {b}"));
                        if unmet.len() == LISTED {
                            break 'scan;
                        }
                    }
                }
            }
        }
        (unmet, unmet_count)
    }

    fn number_of_wins(&self, group: &[ContestantId]) -> Applied {
        let fin = self.stage.unit(MethodOfScoring::Final);
        let f = &self.stage.format;
        let records: BTreeMap<&ContestantId, _> = group
            .iter()
            .map(|c| {
                (
                    c,
                    win_record_of(
                        self.prepared.index.of(c).iter().copied(),
                        c,
                        fin,
                        f.grouping,
                        &f.draw_score,
                    ),
                )
            })
            .collect();
        let counts: BTreeSet<u64> = records.values().map(|r| r.matches).collect();
        let as_share = counts.len() > 1;
        let key = |c: &ContestantId| -> Score {
            match records.get(c) {
                Some(r) if as_share => r.wins.checked_div(&count(r.matches)).unwrap_or_default(),
                Some(r) => r.wins.clone(),
                None => Score::ZERO,
            }
        };
        let values = group.iter().map(|c| (c.clone(), key(c).into())).collect();
        let result = partition_descending(group, key);
        let test = if as_share {
            "matches/rounds won per match/round played (a draw is half a win; EBU 143.5.4, 143.6.2)"
        } else {
            "matches/rounds won (a draw is half a win; EBU 143.5.4)"
        };
        applied(
            SplitTieTest::NumberOfWins.clause(),
            test.to_owned(),
            group,
            values,
            result,
            None,
        )
    }

    fn tie_break_points(&mut self, group: &[ContestantId]) -> Result<Applied, EbuError> {
        let clause = SplitTieTest::TieBreakPoints.clause();
        if self.stage.format.all_play_all {
            return Ok(no_separation(
                clause,
                "tie-break points (EBU 143.5.2)".to_owned(),
                group,
                "not used in an all-play-all event".to_owned(),
            ));
        }
        let individual = self.stage.format.contestants == ContestantKind::Individual;
        if self.prepared.tbp.is_none() {
            // The one computation the standings tables print too.
            let map = self.stage.all_tie_break_points()?;
            self.prepared.tbp = Some(map);
        }
        let tbp = self.prepared.tbp.as_ref();
        let key = |c: &ContestantId| tbp.and_then(|m| m.get(c).cloned()).unwrap_or_default();
        let values = group.iter().map(|c| (c.clone(), key(c).into())).collect();
        let result = partition_descending(group, key);
        let test = if individual {
            "tie-break points O/P (EBU 143.5.2)"
        } else {
            "tie-break points: opponents' final scores, pro rata (EBU 143.5.2)"
        };
        Ok(applied(
            clause,
            test.to_owned(),
            group,
            values,
            result,
            None,
        ))
    }

    fn basic_over_stage(&self, group: &[ContestantId]) -> Result<Applied, EbuError> {
        let clause = SplitTieTest::BasicMethodOverStage.clause();
        let scoring = self.stage.format.scoring;
        let basic = scoring.unit(MethodOfScoring::Basic);
        if !scoring.is_victory_point_event() {
            return Ok(no_separation(
                clause,
                format!("basic method ({basic}) over the stage"),
                group,
                "not a victory-point event: basic and final methods are the same (EBU 143.5.1)"
                    .to_owned(),
            ));
        }
        let mut totals: BTreeMap<&ContestantId, (Score, Score)> = BTreeMap::new();
        for c in group {
            let own = self.prepared.index.of(c);
            let fa = for_against(own.iter().copied(), c, basic, |_| true);
            let weight: Score = own
                .iter()
                .filter(|e| e.scores_for(c, basic).is_some())
                .map(|e| e.weight.clone())
                .sum();
            let mut net = fa.net();
            for p in self.prepared.index.penalties_of(c) {
                net += self.stage.conversion.convert(&p.amount, p.unit, basic)?;
            }
            totals.insert(c, (net, weight));
        }
        let weights: BTreeSet<&Score> = totals.values().map(|(_, w)| w).collect();
        let per_match = weights.len() > 1;
        let mut keys: BTreeMap<ContestantId, Score> = BTreeMap::new();
        for (c, (net, w)) in &totals {
            // A contestant with no match in the basic unit has nothing to
            // spread over matches; its total (penalties only) stands as is.
            let k = if per_match && !w.is_zero() {
                net.checked_div(w)
                    .map_err(EbuError::arithmetic(format!("{basic} per match of {c}")))?
            } else {
                net.clone()
            };
            keys.insert((*c).clone(), k);
        }
        let key = |c: &ContestantId| keys.get(c).cloned().unwrap_or_default();
        let values = group.iter().map(|c| (c.clone(), key(c).into())).collect();
        let result = partition_descending(group, key);
        let test = if per_match {
            format!("basic method over the stage: net {basic} per match (different numbers of matches, EBU 143.6.2)")
        } else {
            format!("basic method over the stage: net {basic}")
        };
        let note = (!self.stage.penalties.is_empty())
            .then(|| "procedural penalties converted to the basic method (EBU 143.5.7)".to_owned());
        Ok(applied(clause, test, group, values, result, note))
    }

    fn count_back(&self, group: &[ContestantId]) -> Result<Applied, EbuError> {
        let clause = SplitTieTest::PointABoardCountBack.clause();
        // Totals only: the per-board breakdown is not part of the trace.
        let cb = PointABoardCountBack::compute_totals(group, &self.stage.boards)?;
        let test = format!(
            "point-a-board count-back over {} boards (EBU 143.5.3)",
            cb.boards.len()
        );
        let key = |c: &ContestantId| cb.totals.get(c).copied().unwrap_or_default();
        let values = group
            .iter()
            .map(|c| (c.clone(), count(key(c)).into()))
            .collect();
        let result = partition_descending(group, key);
        let note = cb
            .boards
            .is_empty()
            .then(|| "none of them played a board of the stage".to_owned());
        Ok(applied(clause, test, group, values, result, note))
    }
}

/// Whom one contestant beat, drew with and lost to among the tied.
#[derive(Default)]
struct Record<'a> {
    won: Vec<&'a ContestantId>,
    drew: Vec<&'a ContestantId>,
    lost: Vec<&'a ContestantId>,
}

/// A count as a score; counts here are far below `i64::MAX`.
fn count(n: u64) -> Score {
    i64::try_from(n).map_or(Score::integer(i64::MAX), Score::integer)
}

fn push_record<'a>(
    beat: &mut BTreeMap<&'a ContestantId, Record<'a>>,
    who: &'a ContestantId,
    slot: u8,
    other: &'a ContestantId,
) {
    if let Some(r) = beat.get_mut(who) {
        match slot {
            0 => r.won.push(other),
            1 => r.drew.push(other),
            _ => r.lost.push(other),
        }
    }
}

fn separate_two(a: &ContestantId, b: &ContestantId, o: Ordering) -> Vec<Vec<ContestantId>> {
    match o {
        Ordering::Greater => vec![vec![a.clone()], vec![b.clone()]],
        Ordering::Less => vec![vec![b.clone()], vec![a.clone()]],
        Ordering::Equal => vec![vec![a.clone(), b.clone()]],
    }
}

fn decision(
    clause: Clause,
    test: String,
    group: &[ContestantId],
    values: Vec<(ContestantId, Value)>,
    result: Vec<Vec<ContestantId>>,
    note: Option<String>,
) -> Decision {
    Decision {
        clause,
        test,
        among: group.to_vec(),
        values,
        result,
        note,
    }
}

fn applied(
    clause: Clause,
    test: String,
    group: &[ContestantId],
    values: Vec<(ContestantId, Value)>,
    result: Vec<Vec<ContestantId>>,
    note: Option<String>,
) -> Applied {
    let groups = (result.len() > 1).then(|| result.clone());
    Applied {
        decisions: vec![decision(clause, test, group, values, result, note)],
        groups,
    }
}

fn no_separation_with(
    clause: Clause,
    test: String,
    group: &[ContestantId],
    values: Vec<(ContestantId, Value)>,
    note: String,
) -> Applied {
    Applied {
        decisions: vec![decision(
            clause,
            test,
            group,
            values,
            vec![group.to_vec()],
            Some(note),
        )],
        groups: None,
    }
}

/// "1st", "2nd", "3rd", "4th", "11th", "21st" ...
fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

fn no_separation(clause: Clause, test: String, group: &[ContestantId], note: String) -> Applied {
    Applied {
        decisions: vec![decision(
            clause,
            test,
            group,
            Vec::new(),
            vec![group.to_vec()],
            Some(note),
        )],
        groups: None,
    }
}

/// The first test when "closest" contestants of different sections compete
/// for a qualifying place (143.6.3): their percentage or IMP total, largest
/// first. Groups still level go on to the split-tie procedure.
///
/// ```
/// use countback_model::{ContestantId, Score, Unit};
/// use countback_tiebreak_ebu::compare_closest;
/// let d = compare_closest(
///     &[("N3".into(), Score::parse("56.2")?), ("S3".into(), Score::parse("57.1")?)],
///     Unit::Percent,
/// )?;
/// assert_eq!(d.result, vec![vec![ContestantId::new("S3")], vec![ContestantId::new("N3")]]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn compare_closest(
    candidates: &[(ContestantId, Score)],
    unit: Unit,
) -> Result<Decision, EbuError> {
    let mut by: BTreeMap<ContestantId, Score> = BTreeMap::new();
    for (c, s) in candidates {
        if by.insert(c.clone(), s.clone()).is_some() {
            return Err(InputError::DuplicateContestant {
                contestant: c.clone(),
            }
            .into());
        }
    }
    if by.is_empty() {
        return Err(InputError::Empty {
            what: "closest contestants",
        }
        .into());
    }
    let group: Vec<ContestantId> = by.keys().cloned().collect();
    let result = partition_descending(&group, |c| by.get(c).cloned().unwrap_or_default());
    Ok(Decision {
        clause: Clause::new("EBU 143.6.3"),
        test: format!("closest contestants: {unit} first"),
        values: by
            .iter()
            .map(|(c, s)| (c.clone(), s.clone().into()))
            .collect(),
        among: group,
        result,
        note: None,
    })
}
