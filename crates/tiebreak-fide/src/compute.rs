//! The tie-breaks of C.07, with article 16 on unplayed rounds (Swiss) and
//! article 15.2 (round robins), and ranking by a cascade of them.

use std::cmp::Ordering;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use countback_model::{
    Clause, ContestantId, Decision, Encounter, EncounterStatus, RoundNumber, Score, SideScores,
    TieBreakOutcome, TiedGroup, Unit, Unresolved, Value,
};

use crate::code::{Cascade, PointReference, TieBreakCode, TieBreakKind};
use crate::edition::{Edition, Format, Options};
use crate::error::{CodeError, FideError};
use crate::rating;
use crate::trf::{Colour, ResultCode, RoundEntry, Tournament};

/// Whether a round is voluntarily unplayed (art. 16.1): a requested bye
/// (half- or zero-point), an absence, or a forfeit loss.
#[must_use]
pub fn is_voluntarily_unplayed(result: ResultCode) -> bool {
    matches!(
        result,
        ResultCode::HalfPointBye
            | ResultCode::ZeroPointBye
            | ResultCode::NotPaired
            | ResultCode::ForfeitLoss
    )
}

/// Whether a round is a requested bye or an absence: the rounds art. 16.3
/// lets opponents count as a draw when nothing but voluntarily unplayed
/// rounds follow them.
#[must_use]
pub fn is_requested_bye(result: ResultCode) -> bool {
    matches!(
        result,
        ResultCode::HalfPointBye | ResultCode::ZeroPointBye | ResultCode::NotPaired
    )
}

/// One round's part in an opponent-based tie-break (BH, FB, SB).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Contribution {
    /// The round (1-based).
    pub round: usize,
    /// The opponent's starting rank, or `None` for the dummy of an unplayed round.
    pub opponent: Option<u32>,
    /// The opponent's score as art. 16 counts it (adjusted score, or the dummy's score).
    pub opponent_score: Score,
    /// The points the player scored in the round.
    pub points: Score,
    /// Whether the round was voluntarily unplayed (cut first, art. 16.5).
    pub voluntarily_unplayed: bool,
}

impl Contribution {
    /// The Sonneborn-Berger part: points times the opponent's score.
    #[must_use]
    pub fn sonneborn_berger(&self) -> Score {
        &self.points * &self.opponent_score
    }
}

/// A part as the cuts see it: the opponent's (or dummy's) score, the value
/// it adds, and whether the round was voluntarily unplayed. `N`: exact
/// [`Score`]s, or whole numbers of [`Units`].
#[derive(Debug, Clone)]
struct Part<N> {
    score: N,
    value: N,
    vur: bool,
}

/// The figures the opponent-based tie-breaks (BH, FB, SB) add up, in one
/// arithmetic: the exact scores ([`Evaluation`] itself), or the same
/// figures as whole numbers of a common fraction of a point ([`Units`]).
trait Figures {
    type N: Clone + Ord;
    /// Player `i`'s score (with a last-round game as a draw for `fore`).
    fn own(&self, i: usize, fore: bool) -> Self::N;
    /// The adjusted score of the player at index `j` (0 for none).
    fn adjusted(&self, j: Option<usize>, fore: bool) -> Self::N;
    /// A draw in every round (the 2026 cap of a dummy, art. 16.4.2).
    fn draw_total(&self) -> Self::N;
    /// Player `i`'s points in round `r`.
    fn round(&self, i: usize, r: usize, entry: &RoundEntry) -> Self::N;
    /// A Sonneborn-Berger product.
    fn times(a: &Self::N, b: &Self::N) -> Self::N;
    /// Player `i`'s parts under `mode` into `buf` from those kept for
    /// every player, if this arithmetic keeps them (`false`: work them out).
    fn kept_parts_into(
        &self,
        _eval: &Evaluation<'_>,
        _i: usize,
        _mode: PartMode,
        _buf: &mut Vec<Part<Self::N>>,
    ) -> bool {
        false
    }
}

impl Figures for Evaluation<'_> {
    type N = Score;
    fn own(&self, i: usize, fore: bool) -> Score {
        let table = if fore { &self.fore_own } else { &self.points };
        table.get(i).cloned().unwrap_or_default()
    }
    fn adjusted(&self, j: Option<usize>, fore: bool) -> Score {
        self.adjusted_at(j, fore)
    }
    fn draw_total(&self) -> Score {
        self.draw_total.clone()
    }
    fn round(&self, i: usize, r: usize, entry: &RoundEntry) -> Score {
        self.round_points(i, r, entry).clone()
    }
    fn times(a: &Score, b: &Score) -> Score {
        a * b
    }
}

/// Every figure BH, FB and SB add up, as a whole number of `1/per` of a
/// point: a points system of whole and half points (or tenths, ...)
/// makes every score a machine integer, and the sums of a column cost an
/// addition each rather than a reduced fraction each. Built only when
/// every figure converts exactly; a value that leaves `i64` on the way
/// back is computed exactly instead ([`Evaluation::opponent_sum`]).
#[derive(Debug, Clone)]
struct Units {
    /// The common denominator: at most [`Units::MAX_PER`].
    per: i64,
    points: Vec<i64>,
    adjusted: Vec<i64>,
    fore_own: Vec<i64>,
    fore_adjusted: Vec<i64>,
    draw_total: i128,
    /// Each round's points, laid out as [`Evaluation`]'s opponents.
    rounds: Vec<i64>,
    rounds_from: Vec<usize>,
    /// Every player's BH parts under each mode (Fore, `/P`), once worked
    /// out: a list of 31 codes has nine Buchholz columns (and AOB's) on
    /// three modes, and working out each player's parts again for each cost
    /// most of them (issue 30).
    kept: [OnceLock<Option<KeptParts>>; 4],
}

/// Every player's parts under one mode, Sonneborn-Berger aside (its value
/// is a product): each part's score (its value) and whether its round was
/// voluntarily unplayed, player `i`'s from `from[i]` to `from[i + 1]`.
#[derive(Debug, Clone)]
struct KeptParts {
    parts: Vec<(i64, bool)>,
    from: Vec<usize>,
}

impl Units {
    /// Thousandths are the finest points system worth a fast path.
    const MAX_PER: i64 = 1000;

    fn new(eval: &Evaluation<'_>) -> Option<Units> {
        let t = eval.tournament;
        if t.round_points.is_some() {
            // The team layer's game points: left to the exact path.
            return None;
        }
        let system = &t.points_system;
        let mut per = 1i64;
        for v in [
            &system.win,
            &system.draw,
            &system.loss,
            &system.absence,
            &system.pairing_allocated_bye,
        ] {
            let d = (1..=Units::MAX_PER).find(|d| v.times(*d).is_integer())?;
            per = lcm(per, d);
            if per > Units::MAX_PER {
                return None;
            }
        }
        // Every figure below 2^50 units (a round's points, a total of up
        // to 1000 rounds): a product below 2^100, a column's sum of up to
        // 1000 of them below 2^110, so i128 cannot overflow.
        let convert = |v: &Score| v.times(per).to_i64().filter(|u| u.unsigned_abs() < 1 << 50);
        let table = |v: &[Score]| v.iter().map(convert).collect::<Option<Vec<i64>>>();
        // A round's points are its result's under the points system (no
        // table of round points here): each result converted once, not
        // once a round.
        let mut by_result: Vec<(ResultCode, i64)> = Vec::new();
        let mut rounds = Vec::with_capacity(eval.opponents.len());
        for p in &t.players {
            for e in &p.rounds {
                let units = match by_result.iter().find(|(r, _)| *r == e.result) {
                    Some((_, u)) => *u,
                    None => {
                        let u = convert(system.points(e.result))?;
                        by_result.push((e.result, u));
                        u
                    }
                };
                rounds.push(units);
            }
        }
        Some(Units {
            per,
            points: table(&eval.points)?,
            adjusted: table(&eval.adjusted)?,
            fore_own: table(&eval.fore_own)?,
            fore_adjusted: table(&eval.fore_adjusted)?,
            draw_total: i128::from(convert(&eval.draw_total)?),
            rounds,
            rounds_from: eval.rounds_from.clone(),
            kept: Default::default(),
        })
    }

    /// Every player's parts under `mode` (not Sonneborn-Berger), worked
    /// out the first time they are asked for.
    fn kept(&self, eval: &Evaluation<'_>, mode: PartMode) -> Option<&KeptParts> {
        if mode.sonneborn_berger {
            return None;
        }
        let slot = self
            .kept
            .get(usize::from(mode.fore) * 2 + usize::from(mode.forfeits_as_played))?;
        slot.get_or_init(|| {
            let players = eval.tournament.players.len();
            let mut kept = KeptParts {
                parts: Vec::with_capacity(eval.opponents.len()),
                from: Vec::with_capacity(players + 1),
            };
            let mut buf = Vec::new();
            for i in 0..players {
                kept.from.push(kept.parts.len());
                eval.parts_into(self, i, mode, &mut buf);
                for p in &buf {
                    kept.parts.push((i64::try_from(p.score).ok()?, p.vur));
                }
            }
            kept.from.push(kept.parts.len());
            Some(kept)
        })
        .as_ref()
    }

    /// `sum` units back to a score: of a point for BH and FB, of a point
    /// squared for SB. `None` if it does not fit.
    fn score(&self, sum: i128, squared: bool) -> Option<Score> {
        let per = if squared {
            self.per.checked_mul(self.per)?
        } else {
            self.per
        };
        units_to_score(i64::try_from(sum).ok()?, per)
    }
}

impl Figures for Units {
    type N = i128;
    fn own(&self, i: usize, fore: bool) -> i128 {
        let table = if fore { &self.fore_own } else { &self.points };
        table.get(i).copied().map_or(0, i128::from)
    }
    fn adjusted(&self, j: Option<usize>, fore: bool) -> i128 {
        let table = if fore {
            &self.fore_adjusted
        } else {
            &self.adjusted
        };
        j.and_then(|j| table.get(j)).copied().map_or(0, i128::from)
    }
    fn draw_total(&self) -> i128 {
        self.draw_total
    }
    fn round(&self, i: usize, r: usize, _: &RoundEntry) -> i128 {
        self.rounds_from
            .get(i)
            .and_then(|from| self.rounds.get(from + r))
            .copied()
            .map_or(0, i128::from)
    }
    fn times(a: &i128, b: &i128) -> i128 {
        a * b
    }
    fn kept_parts_into(
        &self,
        eval: &Evaluation<'_>,
        i: usize,
        mode: PartMode,
        buf: &mut Vec<Part<i128>>,
    ) -> bool {
        let Some(kept) = self.kept(eval, mode) else {
            return false;
        };
        let (Some(from), Some(to)) = (kept.from.get(i), kept.from.get(i + 1)) else {
            return false;
        };
        let Some(parts) = kept.parts.get(*from..*to) else {
            return false;
        };
        buf.clear();
        buf.extend(parts.iter().map(|(score, vur)| Part {
            score: i128::from(*score),
            value: i128::from(*score),
            vur: *vur,
        }));
        true
    }
}

/// `n / per` (`per > 0`) as a score: `Score::new` reduces it in machine
/// words (a whole number needs no reduction at all).
fn units_to_score(n: i64, per: i64) -> Option<Score> {
    (per > 0).then(|| Score::new(n, per).ok()).flatten()
}

fn lcm(a: i64, b: i64) -> i64 {
    let (mut x, mut y) = (a, b);
    while y != 0 {
        (x, y) = (y, x % y);
    }
    a / x.max(1) * b
}

/// Art. 9.2's limit for a Koya code: half the maximum possible score;
/// MTB26 `KS/Ln` sets it at n % of the maximum, `KS/L±n` moves it by n
/// half points. Worked out once for a column, not once a player.
#[derive(Debug)]
struct KoyaLimit {
    exact: Score,
    /// The same limit in [`Units`], rounded up (a score in units, a whole
    /// number, reaches the limit exactly when it reaches this).
    units: Option<i128>,
}

impl KoyaLimit {
    fn new(eval: &Evaluation<'_>, code: &TieBreakCode) -> Result<KoyaLimit, FideError> {
        let percent = Score::integer(i64::from(code.limit_percent.unwrap_or(50)));
        let exact = (&eval.maximum * &percent).checked_div(&Score::integer(100))?
            + Score::half().times(i64::from(code.limit));
        let units = eval
            .units
            .as_ref()
            .and_then(|u| exact.times(u.per).ceil().to_i64())
            .map(i128::from);
        Ok(KoyaLimit { exact, units })
    }
}

/// Buffers a tie-break's computation reuses from player to player, so
/// that computing a column allocates nothing per player.
#[derive(Debug, Default)]
struct Scratch {
    parts: Vec<Part<Score>>,
    unit_parts: Vec<Part<i128>>,
    /// Rated games: the opponent's rating and the half points scored.
    games: Vec<(i64, u8)>,
    ratings: Vec<i64>,
}

/// The values AOB, APRO or APPO average, for every player; when every one
/// is a whole number of `1/per` (ratings are whole numbers, a Buchholz is
/// one in the points system's [`Units`]), the same as those whole numbers.
#[derive(Debug)]
struct BaseValues {
    values: Vec<Option<Score>>,
    units: Option<(Vec<Option<i64>>, i64)>,
}

/// One member's direct encounters with the rest of a tied group (art. 6).
#[derive(Debug)]
struct Meetings {
    /// The points scored against them, a pair's games averaged.
    score: Score,
    /// How many of them the member met.
    opponents: usize,
}

/// How the parts of an opponent-based tie-break are taken.
#[derive(Debug, Clone, Copy)]
struct PartMode {
    /// Fore Buchholz (art. 8.3): last-round games as draws.
    fore: bool,
    /// `/P`: forfeits as games against the scheduled opponent.
    forfeits_as_played: bool,
    /// Sonneborn-Berger: the value is the round's points times the score.
    sonneborn_berger: bool,
}

/// A tournament made ready for tie-breaks under one set of [`Options`].
///
/// ```
/// use countback_tiebreak_fide::{trf, Edition, Evaluation, Options};
///
/// let text = "\
/// 001    1      Ann                                                                1.5    1     2 w 1  0000 - H
/// 001    2      Bob                                                                0.0    2     1 b 0  0000 - Z
/// ";
/// let tournament = trf::parse(text)?;
/// let fide = Evaluation::new(&tournament, Options::new(Edition::Aug2024))?;
/// // Bob's round-2 zero-point bye is his last round: his opponents count it as a draw.
/// assert_eq!(fide.adjusted_score(2)?.to_string(), "1/2");
/// // Ann: Bob (adjusted 1/2) plus a dummy with Ann's own 3/2.
/// assert_eq!(fide.value(1, &"BH".parse()?)?.to_string(), "2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Evaluation<'t> {
    tournament: &'t Tournament,
    options: Options,
    format: Format,
    points: Vec<Score>,
    adjusted: Vec<Score>,
    /// Art. 8.3: the score with a last-round game counted as a draw.
    fore_own: Vec<Score>,
    fore_adjusted: Vec<Score>,
    draw_total: Score,
    /// Art. 9.2: the maximum possible score.
    maximum: Score,
    /// Each round's opponent as an index into the players (`rounds_from`
    /// gives player `i`'s first round): found once here, so that every
    /// tie-break reads an opponent's figures by index rather than by a
    /// search of the starting ranks in each round of each player (`u32`:
    /// half the memory of an index, and a TRF file numbers 9,999 players).
    opponents: Vec<Option<u32>>,
    rounds_from: Vec<usize>,
    /// The same figures in machine integers, when the points system
    /// allows (every real one does).
    units: Option<Units>,
    /// The columns AOB, APRO and APPO average, once computed.
    averaged: AveragedColumns,
}

/// The columns of every player that AOB, APRO and APPO average (BH, TPR,
/// PTP), kept once computed: a standings table shows them and their
/// averages, and computing a Perfect Tournament Performance twice for
/// 9,999 players cost more than all the other rating tie-breaks
/// (issue 30). A value depends on the code alone, so a kept column is the
/// one computing it again would give.
#[derive(Debug, Default)]
struct AveragedColumns(Mutex<Vec<(TieBreakCode, Vec<Option<Score>>)>>);

impl AveragedColumns {
    fn get(&self, code: &TieBreakCode) -> Option<Vec<Option<Score>>> {
        let kept = self.0.lock().ok()?;
        kept.iter().find(|(c, _)| c == code).map(|(_, v)| v.clone())
    }

    fn keep(&self, code: &TieBreakCode, values: &[Option<Score>]) {
        if let Ok(mut kept) = self.0.lock() {
            if !kept.iter().any(|(c, _)| c == code) {
                kept.push((*code, values.to_vec()));
            }
        }
    }
}

impl Clone for AveragedColumns {
    fn clone(&self) -> AveragedColumns {
        let kept = self.0.lock().map(|k| k.clone()).unwrap_or_default();
        AveragedColumns(Mutex::new(kept))
    }
}

/// Whether AOB, APRO or APPO average the code's values.
fn is_averaged(kind: TieBreakKind) -> bool {
    matches!(
        kind,
        TieBreakKind::Buchholz | TieBreakKind::PerformanceRating | TieBreakKind::PerfectPerformance
    )
}

/// The note to art. 8 of the March 2026 text: "Buchholz, Fore Buchholz
/// and Average of Opponents' Buchholz are not used in round robins". One
/// reading for players and teams: BH, FB and AOB, on whatever score (a
/// team's `BH:MP`, `FB:GP`, `AOB:MP` and `BH` on its primary score
/// alike), in a round robin under that text; `None` when the code may be
/// used. The 2024 text has no such note.
#[must_use]
pub fn format_refuses(code: &TieBreakCode, format: Format, edition: Edition) -> Option<FideError> {
    let buchholz_family = matches!(
        code.kind,
        TieBreakKind::Buchholz
            | TieBreakKind::ForeBuchholz
            | TieBreakKind::AverageOfOpponentsBuchholz
    );
    (buchholz_family && format == Format::RoundRobin && edition == Edition::Mar2026).then(|| {
        FideError::NotForRoundRobin {
            code: code.to_string(),
            article: "8 (note)",
            edition: edition.label(),
        }
    })
}

impl<'t> Evaluation<'t> {
    /// Prepare `tournament` for tie-breaks by `options`.
    pub fn new(tournament: &'t Tournament, options: Options) -> Result<Evaluation<'t>, FideError> {
        if let Some(team) = &tournament.team {
            return Err(FideError::TeamTournament {
                teams: team.teams.len(),
                type_code: team.type_code.clone(),
            });
        }
        let format = options
            .format()
            .or(tournament.format)
            .unwrap_or(Format::Swiss);
        let system = &tournament.points_system;
        let results: Vec<Score> = tournament
            .players
            .iter()
            .map(|p| tournament.points(p))
            .collect();
        // `--points file`: the column where it is filled, its difference
        // from the results carried into the adjusted score below.
        let points: Vec<Score> = match options.points_from() {
            crate::edition::PointsFrom::Results => results.clone(),
            crate::edition::PointsFrom::File => tournament
                .players
                .iter()
                .zip(&results)
                .map(|(p, r)| p.declared_points.clone().unwrap_or_else(|| r.clone()))
                .collect(),
        };
        let adjusted: Vec<Score> = match format {
            // Art. 15.2: no adjusted scores in a round robin.
            Format::RoundRobin => points.clone(),
            Format::Swiss => tournament
                .players
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    let from_results =
                        adjusted_score(tournament, i, &p.rounds, options.vega_forfeit_loss_rule());
                    let own = points.get(i).cloned().unwrap_or_default();
                    let scored = results.get(i).cloned().unwrap_or_default();
                    from_results + own - scored
                })
                .collect(),
        };
        let rounds = tournament.rounds;
        let mut fore_own = Vec::with_capacity(points.len());
        let mut fore_adjusted = Vec::with_capacity(points.len());
        for (i, p) in tournament.players.iter().enumerate() {
            let own = points.get(i).cloned().unwrap_or_default();
            match p
                .rounds
                .last()
                .filter(|e| rounds > 0 && e.opponent.is_some())
            {
                Some(last) => {
                    let r = p.rounds.len().saturating_sub(1);
                    let fore = own + &system.draw - tournament.round_points_of(i, r, last);
                    fore_own.push(fore.clone());
                    fore_adjusted.push(fore);
                }
                None => {
                    fore_own.push(own);
                    fore_adjusted.push(adjusted.get(i).cloned().unwrap_or_default());
                }
            }
        }
        let rounds_i64 = i64::try_from(rounds).unwrap_or(i64::MAX);
        let draw_total = system.draw.times(rounds_i64);
        let games = match format {
            Format::Swiss => rounds_i64,
            Format::RoundRobin => round_robin_games(tournament),
        };
        let maximum = system.win.times(games);
        let mut opponents = Vec::new();
        let mut rounds_from = Vec::with_capacity(tournament.players.len() + 1);
        for p in &tournament.players {
            rounds_from.push(opponents.len());
            opponents.extend(p.rounds.iter().map(|e| {
                e.opponent.and_then(|o| {
                    tournament
                        .players
                        .binary_search_by_key(&o, |q| q.starting_rank)
                        .ok()
                        .and_then(|j| u32::try_from(j).ok())
                })
            }));
        }
        rounds_from.push(opponents.len());
        Ok(Evaluation {
            tournament,
            options,
            format,
            points,
            adjusted,
            fore_own,
            fore_adjusted,
            draw_total,
            maximum,
            opponents,
            rounds_from,
            units: None,
            averaged: AveragedColumns::default(),
        }
        .with_units())
    }

    fn with_units(mut self) -> Evaluation<'t> {
        self.units = Units::new(&self);
        self
    }

    /// Prepare with the edition in force on the tournament's start date
    /// (record `042`), or `fallback` when the file gives none.
    pub fn by_start_date(
        tournament: &'t Tournament,
        fallback: Options,
    ) -> Result<Evaluation<'t>, FideError> {
        let options = match tournament.start_date {
            Some(date) => Options::for_start_date(date)
                .forfeit_loss_counts_as_played_when_classifying_byes(
                    fallback.vega_forfeit_loss_rule(),
                )
                .with_format(fallback.format()),
            None => fallback,
        };
        Evaluation::new(tournament, options)
    }

    /// The options in use.
    #[must_use]
    pub fn options(&self) -> Options {
        self.options
    }

    /// The format the computation follows (the option, else the file's, else Swiss).
    #[must_use]
    pub fn format(&self) -> Format {
        self.format
    }

    /// The tournament.
    #[must_use]
    pub fn tournament(&self) -> &'t Tournament {
        self.tournament
    }

    fn index(&self, starting_rank: u32) -> Result<usize, FideError> {
        self.tournament
            .players
            .binary_search_by_key(&starting_rank, |p| p.starting_rank)
            .map_err(|_| FideError::unknown_player(starting_rank))
    }

    /// A player's points (under the file's points system, record `162`).
    pub fn points(&self, starting_rank: u32) -> Result<Score, FideError> {
        let i = self.index(starting_rank)?;
        Ok(self.points.get(i).cloned().unwrap_or_default())
    }

    /// Every player's points, in starting-rank order.
    #[must_use]
    pub fn all_points(&self) -> &[Score] {
        &self.points
    }

    /// A player's score as their opponents' tie-breaks count it (art.
    /// 16.3): each requested bye or absence followed by nothing but
    /// voluntarily unplayed rounds counts as a draw. In a round robin
    /// (art. 15.2), the points.
    pub fn adjusted_score(&self, starting_rank: u32) -> Result<Score, FideError> {
        let i = self.index(starting_rank)?;
        Ok(self.adjusted.get(i).cloned().unwrap_or_default())
    }

    /// The adjusted score (or, for Fore Buchholz, the adjusted score with
    /// a last-round game as a draw) of the player at index `j`; 0 for no
    /// player (an opponent's starting rank the file does not have).
    fn adjusted_at(&self, j: Option<usize>, fore: bool) -> Score {
        let table = if fore {
            &self.fore_adjusted
        } else {
            &self.adjusted
        };
        j.and_then(|j| table.get(j).cloned()).unwrap_or_default()
    }

    /// Player `i`'s opponent in each round, as an index into the players
    /// (`None`: no opponent, or a starting rank the file does not have).
    fn opponent_indices(&self, i: usize) -> &[Option<u32>] {
        let from = self.rounds_from.get(i).copied().unwrap_or(0);
        let to = self.rounds_from.get(i + 1).copied().unwrap_or(from);
        self.opponents.get(from..to).unwrap_or(&[])
    }

    /// Player `i`'s rounds, each with its opponent's index.
    fn rounds_of(&self, i: usize) -> impl Iterator<Item = (usize, &RoundEntry, Option<usize>)> {
        let rounds = self
            .tournament
            .players
            .get(i)
            .map_or(&[][..], |p| p.rounds.as_slice());
        let opponents = self.opponent_indices(i);
        rounds.iter().enumerate().map(move |(r, e)| {
            let o = opponents.get(r).copied().flatten();
            (r, e, o.and_then(|j| usize::try_from(j).ok()))
        })
    }

    fn round_points(&self, i: usize, r: usize, entry: &RoundEntry) -> &Score {
        self.tournament.round_points_of(i, r, entry)
    }

    /// The score of the dummy opponent of an unplayed round (art. 16.4):
    /// the player's own final score; from March 2026 capped by the
    /// scheduled opponent's adjusted score (forfeits, 16.4.1) or by a draw
    /// in every round (other unplayed rounds, 16.4.2).
    fn dummy_score<F: Figures>(
        &self,
        figures: &F,
        own: &F::N,
        entry: &RoundEntry,
        opponent: Option<usize>,
        fore: bool,
    ) -> F::N {
        match self.options.edition() {
            Edition::Aug2024 => own.clone(),
            Edition::Mar2026 => {
                let cap = if entry.result.is_forfeit() && entry.opponent.is_some() {
                    figures.adjusted(opponent, fore)
                } else {
                    figures.draw_total()
                };
                own.clone().min(cap)
            }
        }
    }

    /// Whether a round counts as a game against its opponent: played over
    /// the board; a forfeit with `/P` or in a round robin (art. 15.2).
    fn counts_as_game(&self, entry: &RoundEntry, forfeits_as_played: bool) -> bool {
        entry.opponent.is_some()
            && (entry.result.is_played()
                || (entry.result.is_forfeit()
                    && (forfeits_as_played || self.format == Format::RoundRobin)))
    }

    /// Every round's part in the player's Buchholz and Sonneborn-Berger.
    pub fn contributions(
        &self,
        starting_rank: u32,
        forfeits_as_played: bool,
    ) -> Result<Vec<Contribution>, FideError> {
        let i = self.index(starting_rank)?;
        let Some(player) = self.tournament.players.get(i) else {
            return Ok(Vec::new());
        };
        let own = self.points.get(i).cloned().unwrap_or_default();
        let mut out = Vec::with_capacity(player.rounds.len());
        for (r, entry, o) in self.rounds_of(i) {
            let points = self.round_points(i, r, entry).clone();
            if self.counts_as_game(entry, forfeits_as_played) {
                out.push(Contribution {
                    round: r + 1,
                    opponent: entry.opponent,
                    opponent_score: self.adjusted_at(o, false),
                    points,
                    voluntarily_unplayed: false,
                });
            } else if self.format == Format::Swiss {
                out.push(Contribution {
                    round: r + 1,
                    opponent: None,
                    opponent_score: self.dummy_score(self, &own, entry, o, false),
                    points,
                    voluntarily_unplayed: is_voluntarily_unplayed(entry.result),
                });
            }
        }
        Ok(out)
    }

    /// The parts of BH, FB or SB for player `i`, into `buf`, in the
    /// arithmetic of `figures`.
    fn parts_into<F: Figures>(
        &self,
        figures: &F,
        i: usize,
        mode: PartMode,
        buf: &mut Vec<Part<F::N>>,
    ) {
        buf.clear();
        let own = figures.own(i, mode.fore);
        let last = self.tournament.rounds;
        for (r, entry, o) in self.rounds_of(i) {
            let game = self.counts_as_game(entry, mode.forfeits_as_played)
                || (mode.fore && r + 1 == last && entry.opponent.is_some());
            let (score, vur) = match entry.opponent {
                Some(_) if game => (figures.adjusted(o, mode.fore), false),
                _ if self.format == Format::RoundRobin => continue,
                _ => (
                    self.dummy_score(figures, &own, entry, o, mode.fore),
                    is_voluntarily_unplayed(entry.result),
                ),
            };
            let value = if mode.sonneborn_berger {
                F::times(&figures.round(i, r, entry), &score)
            } else {
                score.clone()
            };
            buf.push(Part { score, value, vur });
        }
    }

    /// Art. 7.5: the sum of player `i`'s running scores after each round
    /// from round `skip + 1` on, in the arithmetic of `figures`.
    fn progressive<F: Figures>(&self, figures: &F, i: usize, skip: usize) -> F::N
    where
        F::N: std::ops::Add<Output = F::N> + Default,
    {
        let mut running = F::N::default();
        let mut total = F::N::default();
        for (r, e, _) in self.rounds_of(i) {
            running = running + figures.round(i, r, e);
            if r >= skip {
                total = total + running.clone();
            }
        }
        total
    }

    /// BH, FB or SB of player `i` after the cuts of `code`, in the
    /// arithmetic of `figures`: the parts' sum, not yet a score.
    fn opponent_sum<F: Figures>(
        &self,
        figures: &F,
        i: usize,
        code: &TieBreakCode,
        parts: &mut Vec<Part<F::N>>,
    ) -> F::N
    where
        F::N: std::iter::Sum<F::N>,
    {
        let mode = PartMode {
            fore: code.is_fore_buchholz(),
            forfeits_as_played: code.forfeits_as_played,
            sonneborn_berger: code.kind == TieBreakKind::SonnebornBerger,
        };
        if !figures.kept_parts_into(self, i, mode, parts) {
            self.parts_into(figures, i, mode, parts);
        }
        if code.cut != 0 || code.median != 0 {
            return cut_sum(parts, code.cut, code.median, self.tournament.rounds);
        }
        parts.drain(..).map(|p| p.value).sum()
    }

    /// A Sonneborn-Berger whose own part of each round is `own[round]`
    /// rather than the round's points (the team codes `E?GSB` multiply
    /// the opponent's score by the game points scored against them):
    /// the opponents' scores, dummies and cuts exactly as for `SB`.
    pub(crate) fn sonneborn_berger_with(
        &self,
        i: usize,
        forfeits_as_played: bool,
        cut_n: u32,
        own_round: &[Score],
    ) -> Score {
        let Some(player) = self.tournament.players.get(i) else {
            return Score::ZERO;
        };
        let own = self.points.get(i).cloned().unwrap_or_default();
        let mut parts = Vec::with_capacity(player.rounds.len());
        for (r, entry, o) in self.rounds_of(i) {
            let (score, vur) = match entry.opponent {
                Some(_) if self.counts_as_game(entry, forfeits_as_played) => {
                    (self.adjusted_at(o, false), false)
                }
                _ if self.format == Format::RoundRobin => continue,
                _ => (
                    self.dummy_score(self, &own, entry, o, false),
                    is_voluntarily_unplayed(entry.result),
                ),
            };
            let mine = own_round.get(r).cloned().unwrap_or_default();
            parts.push(Part {
                value: &mine * &score,
                score,
                vur,
            });
        }
        if cut_n != 0 {
            cut(&mut parts, cut_n, 0, self.tournament.rounds);
        }
        parts.iter().map(|p| &p.value).sum()
    }

    /// The value of a tie-break that a player has alone (every code but
    /// `DE`, which [`Evaluation::direct_encounter`] computes for a group;
    /// here `DE` is taken among the players on the same points). A rating
    /// tie-break without any rated opponent is 0.
    pub fn value(&self, starting_rank: u32, code: &TieBreakCode) -> Result<Score, FideError> {
        let i = self.index(starting_rank)?;
        check_reference(code)?;
        if code.kind == TieBreakKind::DirectEncounter {
            let own = self.points.get(i).cloned().unwrap_or_default();
            let group: Vec<usize> = (0..self.points.len())
                .filter(|j| self.points.get(*j) == Some(&own))
                .collect();
            let scores = self.direct_encounter_scores(&group, code.forfeits_as_played);
            let at = group.iter().position(|j| *j == i).unwrap_or(0);
            return Ok(scores.get(at).cloned().unwrap_or_default());
        }
        if is_average_of_opponents(code.kind) {
            let base = self.base_values(code)?;
            return Ok(self
                .average_of_opponents(i, code, &base)?
                .unwrap_or_default());
        }
        Ok(self
            .value_at(i, code, &mut Scratch::default())?
            .unwrap_or_default())
    }

    /// The values of a tie-break for every player, in starting-rank order
    /// (`DE` among the players on the same points).
    pub fn values(&self, code: &TieBreakCode) -> Result<Vec<Score>, FideError> {
        Ok(self
            .optional_values(code)?
            .into_iter()
            .map(Option::unwrap_or_default)
            .collect())
    }

    /// Like [`Evaluation::values`], with `None` where a rating tie-break
    /// has nothing to average (no rated opponent met over the board).
    pub fn optional_values(&self, code: &TieBreakCode) -> Result<Vec<Option<Score>>, FideError> {
        check_reference(code)?;
        let n = self.tournament.players.len();
        if code.kind == TieBreakKind::DirectEncounter {
            let mut by_points: HashMap<&Score, Vec<usize>> = HashMap::new();
            for (i, p) in self.points.iter().enumerate() {
                by_points.entry(p).or_default().push(i);
            }
            let mut values = vec![Some(Score::ZERO); n];
            for group in by_points.values() {
                let scores = self.direct_encounter_scores(group, code.forfeits_as_played);
                for (i, score) in group.iter().zip(scores) {
                    if let Some(slot) = values.get_mut(*i) {
                        *slot = Some(score);
                    }
                }
            }
            return Ok(values);
        }
        if is_average_of_opponents(code.kind) {
            let base = self.base_values(code)?;
            return (0..n)
                .map(|i| self.average_of_opponents(i, code, &base))
                .collect();
        }
        if code.kind == TieBreakKind::Koya {
            let limit = KoyaLimit::new(self, code)?;
            return Ok((0..n).map(|i| Some(self.koya(i, code, &limit))).collect());
        }
        self.column(code)
    }

    /// `value_at` for every player (a code that is neither `DE` nor an
    /// average), kept when an average may need it.
    fn column(&self, code: &TieBreakCode) -> Result<Vec<Option<Score>>, FideError> {
        let averaged = is_averaged(code.kind);
        if averaged {
            if let Some(values) = self.averaged.get(code) {
                return Ok(values);
            }
        }
        let mut scratch = Scratch::default();
        let values = (0..self.tournament.players.len())
            .map(|i| self.value_at(i, code, &mut scratch))
            .collect::<Result<Vec<_>, _>>()?;
        if averaged {
            self.averaged.keep(code, &values);
        }
        Ok(values)
    }

    /// For AOB, APRO and APPO: the opponents' values they average.
    fn base_values(&self, code: &TieBreakCode) -> Result<BaseValues, FideError> {
        let kind = match code.kind {
            TieBreakKind::AverageOfOpponentsBuchholz => TieBreakKind::Buchholz,
            TieBreakKind::AveragePerformanceOfOpponents => TieBreakKind::PerformanceRating,
            _ => TieBreakKind::PerfectPerformance,
        };
        let base = TieBreakCode { kind, ..*code };
        let values = self.column(&base)?;
        // Ratings are whole numbers; a Buchholz is one in the points
        // system's units.
        let per = match kind {
            TieBreakKind::Buchholz => self.units.as_ref().map(|u| u.per),
            _ => Some(1),
        };
        let units = per.and_then(|per| {
            let whole = values
                .iter()
                .map(|v| match v {
                    Some(v) => v
                        .times(per)
                        .to_i64()
                        .filter(|u| u.unsigned_abs() < 1 << 50)
                        .map(Some),
                    None => Some(None),
                })
                .collect::<Option<Vec<Option<i64>>>>()?;
            Some((whole, per))
        });
        Ok(BaseValues { values, units })
    }

    /// Art. 8.2, 10.4, 10.5: the mean of the opponents' values, over the
    /// opponents met over the board. AOB is exact; APRO and APPO are
    /// ratings, rounded to a whole number with a half going up.
    fn average_of_opponents(
        &self,
        i: usize,
        code: &TieBreakCode,
        base: &BaseValues,
    ) -> Result<Option<Score>, FideError> {
        let met = || {
            self.rounds_of(i)
                .filter(|(_, e, _)| e.opponent.is_some() && e.result.is_played())
        };
        let exact_mean = code.kind == TieBreakKind::AverageOfOpponentsBuchholz;
        if let Some((units, per)) = &base.units {
            // In machine integers: the sum of the values in units, and
            // their count.
            let (mut sum, mut count) = (0i128, 0i64);
            for (_, _, o) in met() {
                if let Some(v) = o.and_then(|j| units.get(j)).copied().flatten() {
                    sum += i128::from(v);
                    count += 1;
                }
            }
            if count == 0 {
                return Ok(None);
            }
            let mean = if exact_mean {
                i64::try_from(sum)
                    .ok()
                    .zip(per.checked_mul(count))
                    .and_then(|(n, d)| units_to_score(n, d))
            } else if *per == 1 && sum >= 0 {
                i64::try_from(rating::whole_quotient(sum, i128::from(count)))
                    .ok()
                    .map(Score::integer)
            } else {
                None
            };
            if mean.is_some() {
                return Ok(mean);
            }
        }
        let mut sum = Score::ZERO;
        let mut count = 0usize;
        for (_, _, o) in met() {
            if let Some(v) = o.and_then(|j| base.values.get(j)).and_then(Option::as_ref) {
                sum += v;
                count += 1;
            }
        }
        if count == 0 {
            return Ok(None);
        }
        let mean = sum.checked_div(&Score::from(count))?;
        if exact_mean {
            Ok(Some(mean))
        } else {
            Ok(Some(rating::whole(&mean)?))
        }
    }

    fn value_at(
        &self,
        i: usize,
        code: &TieBreakCode,
        scratch: &mut Scratch,
    ) -> Result<Option<Score>, FideError> {
        let Some(player) = self.tournament.players.get(i) else {
            return Ok(None);
        };
        let system = &self.tournament.points_system;
        let rounds = &player.rounds;
        let count =
            |f: &dyn Fn(&RoundEntry) -> bool| Score::from(rounds.iter().filter(|e| f(e)).count());
        let t = self.tournament;
        let pts = |r: usize, e: &RoundEntry| t.round_points_of(i, r, e);
        let rr = self.format == Format::RoundRobin;
        // Art. 15.2 for art. 7 in a round robin. Both texts: a forfeit win
        // is a game won (with a colour when the file gives one). 2024: a
        // forfeit loss is a game too (BPG counts it with Black, REP counts
        // it). 2026: a forfeit loss stays an unplayed round (REP and BPG
        // leave it out).
        let rr_forfeit_loss_played = rr && self.options.edition() == Edition::Aug2024;
        let won = |e: &RoundEntry| {
            is_win_over_the_board(e.result) || (rr && e.result == ResultCode::ForfeitWin)
        };
        let game = |e: &RoundEntry| {
            e.result.is_played()
                || (rr && e.result == ResultCode::ForfeitWin)
                || (rr_forfeit_loss_played && e.result == ResultCode::ForfeitLoss)
        };
        Ok(Some(match code.kind {
            TieBreakKind::Points => self.points.get(i).cloned().unwrap_or_default(),
            TieBreakKind::DirectEncounter => Score::ZERO,
            TieBreakKind::Wins => Score::from(
                rounds
                    .iter()
                    .enumerate()
                    .filter(|(r, e)| *pts(*r, e) == system.win)
                    .count(),
            ),
            TieBreakKind::GamesWon => count(&|e| won(e)),
            TieBreakKind::BlackGamesPlayed => count(&|e| game(e) && e.colour == Colour::Black),
            TieBreakKind::BlackGamesWon => count(&|e| won(e) && e.colour == Colour::Black),
            TieBreakKind::RoundsElectedToPlay => count(&|e| {
                !is_voluntarily_unplayed(e.result)
                    || (rr_forfeit_loss_played && e.result == ResultCode::ForfeitLoss)
            }),
            TieBreakKind::StandardPoints => {
                // 1, ½ or 0 a round: counted in half points.
                let halves: usize = rounds
                    .iter()
                    .enumerate()
                    .map(|(r, e)| match pts(r, e).cmp(&system.draw) {
                        Ordering::Greater => 2,
                        Ordering::Equal => 1,
                        Ordering::Less => 0,
                    })
                    .sum();
                match i64::try_from(halves)
                    .ok()
                    .and_then(|h| units_to_score(h, 2))
                {
                    Some(v) => v,
                    None => Score::from(halves).checked_div(&Score::integer(2))?,
                }
            }
            TieBreakKind::PairingNumber => Score::from(player.starting_rank),
            TieBreakKind::ProgressiveScore => {
                let skip = usize::try_from(code.cut).unwrap_or(usize::MAX);
                let fast = self
                    .units
                    .as_ref()
                    .and_then(|u| u.score(self.progressive(u, i, skip), false));
                match fast {
                    Some(total) => total,
                    None => self.progressive(self, i, skip),
                }
            }
            TieBreakKind::Buchholz | TieBreakKind::ForeBuchholz | TieBreakKind::SonnebornBerger => {
                // In machine integers when the points system allows it,
                // exactly otherwise (or if the sum leaves i64).
                let squared = code.kind == TieBreakKind::SonnebornBerger;
                let fast = self.units.as_ref().and_then(|u| {
                    u.score(
                        self.opponent_sum(u, i, code, &mut scratch.unit_parts),
                        squared,
                    )
                });
                match fast {
                    Some(total) => total,
                    None => self.opponent_sum(self, i, code, &mut scratch.parts),
                }
            }
            TieBreakKind::Koya => self.koya(i, code, &KoyaLimit::new(self, code)?),
            TieBreakKind::AverageRatingOfOpponents => {
                let (_, ratings) = self.rated_games(i, code, scratch);
                return rating::average(ratings);
            }
            TieBreakKind::PerformanceRating => {
                let (halves, ratings) = self.rated_games(i, code, scratch);
                return rating::performance(halves, ratings);
            }
            TieBreakKind::PerfectPerformance => {
                let (halves, ratings) = self.rated_games(i, code, scratch);
                return rating::perfect_performance(halves, ratings);
            }
            TieBreakKind::Rating => Score::from(player.rating.or(code.unrated).unwrap_or(0)),
            TieBreakKind::AverageOfOpponentsBuchholz
            | TieBreakKind::AveragePerformanceOfOpponents
            | TieBreakKind::AveragePerfectPerformanceOfOpponents => {
                let base = self.base_values(code)?;
                return self.average_of_opponents(i, code, &base);
            }
        }))
    }

    /// Art. 9.2: player `i`'s points against the opponents (met as
    /// games) who scored at least `limit`.
    fn koya(&self, i: usize, code: &TieBreakCode, limit: &KoyaLimit) -> Score {
        let games = self.rounds_of(i).filter(|(_, e, _)| {
            e.opponent.is_some() && self.counts_as_game(e, code.forfeits_as_played)
        });
        if let (Some(u), Some(at_least)) = (&self.units, limit.units) {
            // Art. 9.2 counts the opponents' actual scores (art. 16
            // adjusts only BH, SB and their variants).
            let total: i128 = games
                .filter(|(_, _, o)| {
                    o.and_then(|j| u.points.get(j))
                        .map_or(0, |p| i128::from(*p))
                        >= at_least
                })
                .map(|(r, e, _)| u.round(i, r, e))
                .sum();
            if let Some(total) = i64::try_from(total)
                .ok()
                .and_then(|t| units_to_score(t, u.per))
            {
                return total;
            }
        }
        let mut total = Score::ZERO;
        for (r, e, o) in self.rounds_of(i) {
            if e.opponent.is_none() || !self.counts_as_game(e, code.forfeits_as_played) {
                continue;
            }
            let theirs = o.and_then(|j| self.points.get(j));
            if *theirs.unwrap_or(&Score::ZERO) >= limit.exact {
                total += self.round_points(i, r, e);
            }
        }
        total
    }

    /// Art. 10: the games played over the board against rated opponents
    /// (forfeits never count, art. 15.2 included; an unrated opponent
    /// counts with the `/U` rating or not at all), after the cuts: the
    /// 1-½-0 score of those games in half points and the opponents' ratings.
    fn rated_games<'s>(
        &self,
        i: usize,
        code: &TieBreakCode,
        scratch: &'s mut Scratch,
    ) -> (i64, &'s [i64]) {
        let games = &mut scratch.games;
        games.clear();
        for (_, e, o) in self.rounds_of(i) {
            if e.opponent.is_none() || !e.result.is_played() {
                continue;
            }
            let rating = o
                .and_then(|j| self.tournament.players.get(j))
                .and_then(|p| p.rating.or(code.unrated));
            if let Some(r) = rating {
                // In 1-½-0 half points whatever the points system: the rating
                // tie-breaks score games so (art. 10).
                games.push((i64::from(r), e.result.half_points()));
            }
        }
        let low = usize::try_from(code.cut.max(code.median)).unwrap_or(usize::MAX);
        let high = usize::try_from(code.median).unwrap_or(usize::MAX);
        if low > 0 || high > 0 {
            // Stable: between equal ratings, the earlier round is cut
            // first. (Without cuts the order does not matter: the rating
            // tie-breaks take sums, a minimum and a maximum.)
            games.sort_by_key(|g| g.0);
        }
        let keep = games.len().saturating_sub(low).saturating_sub(high);
        let kept = games.iter().skip(low).take(keep);
        let halves: i64 = kept.clone().map(|(_, h)| i64::from(*h)).sum();
        scratch.ratings.clear();
        scratch.ratings.extend(kept.map(|(r, _)| *r));
        (halves, &scratch.ratings)
    }

    /// Direct encounter scores among `group` (starting ranks), in the
    /// group's order: points scored against the others of the group, a
    /// pair that met more than once counting the average of its games.
    pub fn direct_encounter(
        &self,
        group: &[u32],
        forfeits_as_played: bool,
    ) -> Result<Vec<Score>, FideError> {
        let indices = group
            .iter()
            .map(|r| self.index(*r))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(self.direct_encounter_scores(&indices, forfeits_as_played))
    }

    /// Art. 6 for each member of `group` (player indices): the points
    /// scored against the other members (a pair that met more than once
    /// counting the average of its games) and how many of them the member
    /// met. The members are found by index in the group sorted once, and
    /// each member's meetings kept in a short list (at most one a round):
    /// a hash map a member and a hash set of starting ranks cost more than
    /// the rest of the ranking at 9,999 players (issue 30).
    fn meetings(&self, group: &[usize], forfeits_as_played: bool) -> Vec<Meetings> {
        let mut members = group.to_vec();
        members.sort_unstable();
        let mut met: Vec<(usize, Score, usize)> = Vec::new();
        group
            .iter()
            .map(|&i| {
                met.clear();
                for (r, e, o) in self.rounds_of(i) {
                    let Some(j) = o else { continue };
                    if !self.counts_as_game(e, forfeits_as_played)
                        || members.binary_search(&j).is_err()
                    {
                        continue;
                    }
                    let points = self.round_points(i, r, e);
                    match met.iter_mut().find(|m| m.0 == j) {
                        Some(m) => {
                            m.1 += points;
                            m.2 += 1;
                        }
                        None => met.push((j, points.clone(), 1)),
                    }
                }
                let score = met
                    .iter()
                    .map(|(_, sum, games)| match games {
                        1 => sum.clone(),
                        _ => sum.checked_div(&Score::from(*games)).unwrap_or_default(),
                    })
                    .sum();
                Meetings {
                    score,
                    opponents: met.len(),
                }
            })
            .collect()
    }

    fn direct_encounter_scores(&self, group: &[usize], forfeits_as_played: bool) -> Vec<Score> {
        self.meetings(group, forfeits_as_played)
            .into_iter()
            .map(|m| m.score)
            .collect()
    }

    /// Rank every player: by points, then by each tie-break of `cascade`
    /// in turn within each group still tied. Groups the cascade cannot
    /// split end with [`Unresolved::RandomBallot`] (C.07 leaves them to lots).
    ///
    /// Each value is computed once, and only for players still tied when
    /// its tie-break is reached. Under the 2026 text, BH, FB and AOB in a
    /// round robin are an error (note to art. 8).
    pub fn rank(&self, cascade: &Cascade) -> Result<TieBreakOutcome, FideError> {
        let ids = contestant_ids(self.tournament);
        let n = ids.len();
        let order = IdOrder::sorted(&ids);
        let note = Some(format!("C.07 {} text", self.options.edition().label()));
        for code in &cascade.0 {
            check_reference(code)?;
            self.check_format(code)?;
        }
        let mut trace = Vec::new();
        let everyone: Vec<usize> = (0..n).collect();
        let first = partition(&everyone, &order, &self.points, false);
        trace.push(Decision {
            clause: Clause::new("FIDE C.07 PTS"),
            test: "points".to_string(),
            among: order.sorted_ids(&everyone),
            values: ids
                .iter()
                .zip(&self.points)
                .map(|(id, s)| (id.clone(), Value::Score(s.clone())))
                .collect(),
            result: order.to_ids(&first),
            note: note.clone(),
        });
        let mut groups = first;
        let mut scratch = Scratch::default();
        for code in &cascade.0 {
            if groups.iter().all(|g| g.len() < 2) {
                break;
            }
            if let Some(unrated) = self.drops_rating_tiebreak(code) {
                // Art. 10 (preamble): rating tie-breaks need every player
                // rated, or a rating the regulations give the unrated
                // (MTB26 `/U`); without one the tie-break is not applied,
                // as FIDE's reference engine does. The trace says so.
                let tied: Vec<usize> = groups
                    .iter()
                    .filter(|g| g.len() > 1)
                    .flatten()
                    .copied()
                    .collect();
                trace.push(Decision {
                    clause: Clause::new("FIDE C.07 10 (preamble)"),
                    test: format!("{code} not applied: {unrated} unrated player(s) and no /U"),
                    among: order.sorted_ids(&tied),
                    values: Vec::new(),
                    result: groups
                        .iter()
                        .filter(|g| g.len() > 1)
                        .map(|g| order.sorted_ids(g))
                        .collect(),
                    note: note.clone(),
                });
                continue;
            }
            let clause = Clause::new(format!("FIDE C.07 {code}"));
            // Values for the players still tied only (AOB, APRO, APPO
            // need the opponents' values, computed once for everyone).
            let mut all: Vec<Option<Score>> = vec![None; n];
            if code.kind != TieBreakKind::DirectEncounter {
                let base = if is_average_of_opponents(code.kind) {
                    Some(self.base_values(code)?)
                } else {
                    None
                };
                for group in groups.iter().filter(|g| g.len() > 1) {
                    for i in group {
                        let v = match &base {
                            Some(b) => self.average_of_opponents(*i, code, b)?,
                            None => self.value_at(*i, code, &mut scratch)?,
                        };
                        if let Some(slot) = all.get_mut(*i) {
                            *slot = Some(v.unwrap_or_default());
                        }
                    }
                }
            }
            let mut next = Vec::new();
            for group in groups {
                if group.len() < 2 {
                    next.push(group);
                    continue;
                }
                let (values, split, de_note) = if code.kind == TieBreakKind::DirectEncounter {
                    let (values, split, why) =
                        self.direct_encounter_split(&group, &order, code.forfeits_as_played);
                    (values, split, why)
                } else {
                    let values: Vec<Score> = group
                        .iter()
                        .map(|i| all.get(*i).cloned().flatten().unwrap_or_default())
                        .collect();
                    let split = partition(&group, &order, &values, code.lower_is_better());
                    (values, split, None)
                };
                trace.push(Decision {
                    clause: clause.clone(),
                    test: code.kind.description().to_string(),
                    among: order.sorted_ids(&group),
                    values: group
                        .iter()
                        .filter_map(|i| ids.get(*i).cloned())
                        .zip(values.into_iter().map(Value::Score))
                        .collect(),
                    result: order.to_ids(&split),
                    note: de_note.or_else(|| note.clone()),
                });
                next.extend(split);
            }
            groups = next;
        }
        let order = groups
            .into_iter()
            .map(|members| {
                let unresolved = (members.len() > 1).then(|| Unresolved::RandomBallot {
                    clause: Clause::new("FIDE C.07 drawing of lots"),
                });
                TiedGroup {
                    members: members
                        .iter()
                        .filter_map(|i| ids.get(*i).cloned())
                        .collect(),
                    unresolved,
                }
            })
            .collect();
        Ok(TieBreakOutcome { order, trace })
    }

    /// Art. 10 (preamble): a rating tie-break without `/U` in an event
    /// with unrated players is not applied by [`Evaluation::rank`]; the
    /// number of unrated players when that is so, `None` when it applies.
    /// ([`Evaluation::value`] still computes it, leaving unrated
    /// opponents out.)
    #[must_use]
    pub fn drops_rating_tiebreak(&self, code: &TieBreakCode) -> Option<usize> {
        if !code.kind.uses_ratings() || code.unrated.is_some() {
            return None;
        }
        let unrated = self
            .tournament
            .players
            .iter()
            .filter(|p| p.rating.is_none())
            .count();
        (unrated > 0).then_some(unrated)
    }

    /// The 2026 note to art. 8: BH, FB and AOB are not used in round robins.
    fn check_format(&self, code: &TieBreakCode) -> Result<(), FideError> {
        match format_refuses(code, self.format, self.options.edition()) {
            Some(err) => Err(err),
            None => Ok(()),
        }
    }

    /// Art. 6: if every pair of the group met (always so in a round
    /// robin, art. 15.2), rank by the direct encounter scores and apply
    /// the test again to each smaller group still tied; if not, only a
    /// player whose score no other could reach by winning every missing
    /// game is placed ahead.
    /// Art. 6 on `group` (player indices): the groups it splits into,
    /// best first (the team layer's extended direct encounter runs it on
    /// match and on game points in turn).
    pub(crate) fn direct_encounter_groups(
        &self,
        group: &[usize],
        ids: &[ContestantId],
        forfeits_as_played: bool,
    ) -> Vec<Vec<usize>> {
        self.direct_encounter_split(group, &IdOrder::unsorted(ids), forfeits_as_played)
            .1
    }

    /// Art. 6 on `group` (player indices), for the team codes: each
    /// member's points among the group, the groups in order, and the note
    /// when not every pair met.
    pub(crate) fn direct_encounter_in(
        &self,
        group: &[usize],
        ids: &[ContestantId],
        forfeits_as_played: bool,
    ) -> (Vec<Score>, Vec<Vec<usize>>, Option<String>) {
        self.direct_encounter_split(group, &IdOrder::unsorted(ids), forfeits_as_played)
    }

    fn direct_encounter_split(
        &self,
        group: &[usize],
        ids: &IdOrder<'_>,
        forfeits_as_played: bool,
    ) -> (Vec<Score>, Vec<Vec<usize>>, Option<String>) {
        let meetings = self.meetings(group, forfeits_as_played);
        let n = group.len();
        let missing: Vec<usize> = meetings
            .iter()
            .map(|m| n.saturating_sub(1).saturating_sub(m.opponents))
            .collect();
        let scores: Vec<Score> = meetings.into_iter().map(|m| m.score).collect();
        if self.format == Format::RoundRobin || missing.iter().all(|m| *m == 0) {
            let mut split = Vec::new();
            for sub in partition(group, ids, &scores, false) {
                if sub.len() > 1 && sub.len() < group.len() {
                    let (_, again, _) = self.direct_encounter_split(&sub, ids, forfeits_as_played);
                    split.extend(again);
                } else {
                    split.push(sub);
                }
            }
            return (scores, split, None);
        }
        // Not all met: peel off players certain to be ahead of the rest.
        let win = &self.tournament.points_system.win;
        let mut remaining: Vec<usize> = (0..n).collect();
        let mut split = Vec::new();
        loop {
            // Only the best score can be certain; it is if no other player
            // could reach it by winning every game they did not play.
            let best = remaining
                .iter()
                .copied()
                .max_by(|a, b| scores.get(*a).cmp(&scores.get(*b)));
            let certain = best.filter(|a| {
                let Some(sa) = scores.get(*a) else {
                    return false;
                };
                remaining.iter().filter(|b| *b != a).all(|b| {
                    let missed =
                        i64::try_from(missing.get(*b).copied().unwrap_or(0)).unwrap_or(i64::MAX);
                    let reach = scores.get(*b).cloned().unwrap_or_default() + win.times(missed);
                    *sa > reach
                })
            });
            match certain {
                Some(a) if remaining.len() > 1 => {
                    if let Some(i) = group.get(a) {
                        split.push(vec![*i]);
                    }
                    remaining.retain(|x| *x != a);
                }
                _ => break,
            }
        }
        let mut rest: Vec<usize> = remaining
            .iter()
            .filter_map(|i| group.get(*i).copied())
            .collect();
        rest.sort_by(|a, b| ids.cmp(*a, *b));
        if !rest.is_empty() {
            split.push(rest);
        }
        (
            scores,
            split,
            Some("not every pair of the tied players met (art. 6)".to_string()),
        )
    }
}

fn is_average_of_opponents(kind: TieBreakKind) -> bool {
    matches!(
        kind,
        TieBreakKind::AverageOfOpponentsBuchholz
            | TieBreakKind::AveragePerformanceOfOpponents
            | TieBreakKind::AveragePerfectPerformanceOfOpponents
    )
}

fn check_reference(code: &TieBreakCode) -> Result<(), FideError> {
    if code.reference == Some(PointReference::MatchPoints) {
        return Err(FideError::Code(CodeError {
            code: code.to_string(),
            reason: "match points belong to team events, which this crate does not rank"
                .to_string(),
        }));
    }
    Ok(())
}

/// Art. 9.2 in a round robin: the games a player could have played (a
/// round robin of an odd number of players gives everyone a free round
/// per cycle; a player who never played is not an opponent anyone could
/// have met).
fn round_robin_games(t: &Tournament) -> i64 {
    let rounds = i64::try_from(t.rounds).unwrap_or(i64::MAX);
    let players = i64::try_from(t.players.len()).unwrap_or(i64::MAX);
    let mut games = rounds;
    if players > 0 && rounds % players == 0 {
        games -= rounds / players;
    }
    let never = t
        .players
        .iter()
        .filter(|p| p.rounds.iter().all(|e| e.opponent.is_none()))
        .count();
    games - i64::try_from(never).unwrap_or(0)
}

fn is_win_over_the_board(result: ResultCode) -> bool {
    matches!(result, ResultCode::Win | ResultCode::UnratedWin)
}

/// Art. 16.3: a requested bye or absence counts as a draw for the
/// opponents when every later round of the player is voluntarily unplayed
/// (a bye in the last round trivially so).
fn adjusted_score(
    t: &Tournament,
    index: usize,
    rounds: &[RoundEntry],
    forfeit_loss_is_played: bool,
) -> Score {
    let system = &t.points_system;
    let mut total = Score::ZERO;
    // Walk backwards, tracking whether everything after is voluntarily unplayed.
    let mut only_unplayed_after = true;
    for (r, entry) in rounds.iter().enumerate().rev() {
        if is_requested_bye(entry.result) && only_unplayed_after {
            total += &system.draw;
        } else {
            total += t.round_points_of(index, r, entry);
        }
        let unplayed = is_voluntarily_unplayed(entry.result)
            && !(forfeit_loss_is_played && entry.result == ResultCode::ForfeitLoss);
        only_unplayed_after &= unplayed;
    }
    total
}

/// Art. 14 with art. 16.5: remove `cut` least significant parts, or
/// `median` least and `median` most significant ones (never more than the
/// rounds). The least significant part is the lowest-scored opponent's
/// (the lower value first between equal scores, the earlier round between
/// equal parts). Art. 16.5.1: the lowest voluntarily unplayed round's
/// value is cut instead, as long as it is not lower than the least
/// significant value (between equal values, the one whose dummy is
/// lowest-scored); art. 16.5.2: again for each further cut. The most
/// significant part is the highest-scored opponent's.
fn cut<N: Ord>(parts: &mut Vec<Part<N>>, cut: u32, median: u32, rounds: usize) {
    let (mut low, mut high) = cut_counts(cut, median, rounds);
    while low > 0 && !parts.is_empty() {
        let least = first_min(parts, |a, b| {
            a.score.cmp(&b.score).then_with(|| a.value.cmp(&b.value))
        });
        let lowest_vur = parts
            .iter()
            .enumerate()
            .filter(|(_, p)| p.vur)
            .min_by(|(_, a), (_, b)| a.value.cmp(&b.value).then_with(|| a.score.cmp(&b.score)))
            .map(|(i, _)| i);
        let victim = match (least, lowest_vur) {
            (Some(l), Some(v)) => {
                let below = match (parts.get(l), parts.get(v)) {
                    (Some(lp), Some(vp)) => vp.value < lp.value,
                    _ => false,
                };
                if below {
                    l
                } else {
                    v
                }
            }
            (Some(l), None) => l,
            _ => break,
        };
        parts.remove(victim);
        low -= 1;
    }
    while high > 0 && !parts.is_empty() {
        let most = first_min(parts, |a, b| {
            b.score.cmp(&a.score).then_with(|| b.value.cmp(&a.value))
        });
        match most {
            Some(i) => {
                parts.remove(i);
            }
            None => break,
        }
        high -= 1;
    }
}

/// How many least and most significant parts art. 14 removes.
fn cut_counts(cut: u32, median: u32, rounds: usize) -> (u32, u32) {
    let rounds = u32::try_from(rounds).unwrap_or(u32::MAX);
    let low = cut.max(median).min(rounds);
    (low, median.min(rounds.saturating_sub(low)))
}

/// The sum of the parts' values after [`cut`]. Without a voluntarily
/// unplayed round (art. 16.5 then has nothing to choose) the parts cut
/// are only marked, each found in one pass over those left, rather than
/// removed from the list: a cut cost a tenth of a column's whole
/// computation at 9,999 players (issue 30).
fn cut_sum<N: Ord + std::iter::Sum<N>>(
    parts: &mut Vec<Part<N>>,
    cut_n: u32,
    median: u32,
    rounds: usize,
) -> N {
    if parts.len() > 64 || parts.iter().any(|p| p.vur) {
        cut(parts, cut_n, median, rounds);
        return parts.drain(..).map(|p| p.value).sum();
    }
    let (low, high) = cut_counts(cut_n, median, rounds);
    let mut gone = 0u64;
    // The first part left that is least (`most`: greatest), as `cut`
    // finds it.
    let pick = |gone: u64, most: bool| {
        parts
            .iter()
            .enumerate()
            .filter(|(k, _)| gone & (1u64 << k) == 0)
            .min_by(|(_, a), (_, b)| {
                let order = a.score.cmp(&b.score).then_with(|| a.value.cmp(&b.value));
                if most {
                    order.reverse()
                } else {
                    order
                }
            })
            .map(|(k, _)| k)
    };
    let times = |n: u32| usize::try_from(n).unwrap_or(usize::MAX);
    let least = std::iter::repeat(false).take(times(low));
    for most in least.chain(std::iter::repeat(true).take(times(high))) {
        match pick(gone, most) {
            Some(k) => gone |= 1u64 << k,
            None => break,
        }
    }
    parts
        .drain(..)
        .enumerate()
        .filter(|(k, _)| gone & (1u64 << k) == 0)
        .map(|(_, p)| p.value)
        .sum()
}

/// The index of the first part that is least by `order`.
fn first_min<N>(
    parts: &[Part<N>],
    order: impl Fn(&Part<N>, &Part<N>) -> Ordering,
) -> Option<usize> {
    parts
        .iter()
        .enumerate()
        .min_by(|(_, a), (_, b)| order(a, b))
        .map(|(i, _)| i)
}

/// The contestant ids, with their order worked out once when a ranking
/// sorts many groups by them: comparing two names for every comparison of
/// every sort (and cloning them to sort) cost a quarter of ranking 9,999
/// players (issue 30). Equal ids share a rank, so the order is the ids'
/// own, ties included.
struct IdOrder<'a> {
    ids: &'a [ContestantId],
    rank: Option<Vec<u32>>,
}

impl<'a> IdOrder<'a> {
    /// The ids, sorted once.
    fn sorted(ids: &'a [ContestantId]) -> IdOrder<'a> {
        let mut by_id: Vec<usize> = (0..ids.len()).collect();
        by_id.sort_unstable_by(|a, b| ids.get(*a).cmp(&ids.get(*b)));
        let mut rank = vec![0u32; ids.len()];
        let mut current = 0u32;
        let mut previous: Option<&ContestantId> = None;
        for i in by_id {
            let id = ids.get(i);
            if previous.is_some() && previous != id {
                current = current.saturating_add(1);
            }
            if let Some(slot) = rank.get_mut(i) {
                *slot = current;
            }
            previous = id;
        }
        IdOrder {
            ids,
            rank: Some(rank),
        }
    }

    /// The ids, compared as they are (a caller that sorts a few groups).
    fn unsorted(ids: &'a [ContestantId]) -> IdOrder<'a> {
        IdOrder { ids, rank: None }
    }

    fn cmp(&self, a: usize, b: usize) -> Ordering {
        match &self.rank {
            Some(rank) => rank.get(a).cmp(&rank.get(b)),
            None => self.ids.get(a).cmp(&self.ids.get(b)),
        }
    }

    /// The ids of `group`, sorted.
    fn sorted_ids(&self, group: &[usize]) -> Vec<ContestantId> {
        let mut members = group.to_vec();
        members.sort_by(|a, b| self.cmp(*a, *b));
        members
            .iter()
            .filter_map(|i| self.ids.get(*i).cloned())
            .collect()
    }

    fn to_ids(&self, groups: &[Vec<usize>]) -> Vec<Vec<ContestantId>> {
        groups
            .iter()
            .map(|g| g.iter().filter_map(|i| self.ids.get(*i).cloned()).collect())
            .collect()
    }
}

/// Split `group` (player indices) by `values` (one for each member, in
/// the group's order), best first; members of a group by contestant id.
fn partition(
    group: &[usize],
    ids: &IdOrder<'_>,
    values: &[Score],
    lower_is_better: bool,
) -> Vec<Vec<usize>> {
    let mut keyed: Vec<(&Score, usize)> = values.iter().zip(group.iter().copied()).collect();
    keyed.sort_by(|(va, a), (vb, b)| {
        let by_value = if lower_is_better {
            va.cmp(vb)
        } else {
            vb.cmp(va)
        };
        by_value.then_with(|| ids.cmp(*a, *b))
    });
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut last: Option<&Score> = None;
    for (v, i) in keyed {
        match (last, groups.last_mut()) {
            (Some(prev), Some(g)) if prev == v => g.push(i),
            _ => {
                groups.push(vec![i]);
                last = Some(v);
            }
        }
    }
    groups
}

/// The contestant id of each player: the name, with the starting rank
/// added when two players share a name (or a name is blank).
#[must_use]
pub fn contestant_ids(tournament: &Tournament) -> Vec<ContestantId> {
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for p in &tournament.players {
        *seen.entry(p.name.as_str()).or_insert(0) += 1;
    }
    tournament
        .players
        .iter()
        .map(|p| {
            if p.name.is_empty() || seen.get(p.name.as_str()).copied().unwrap_or(0) > 1 {
                ContestantId::new(format!("{} (#{})", p.name, p.starting_rank))
            } else {
                ContestantId::new(p.name.clone())
            }
        })
        .collect()
}

/// Every game of the tournament once, in the shared `model` vocabulary:
/// White first where the file gives colours, game points, forfeits as
/// [`EncounterStatus::Awarded`]. Byes, having no opponent, are not
/// encounters.
#[must_use]
pub fn encounters(tournament: &Tournament) -> Vec<Encounter> {
    let ids = contestant_ids(tournament);
    let id_of = |rank: u32| {
        tournament
            .players
            .binary_search_by_key(&rank, |p| p.starting_rank)
            .ok()
            .and_then(|i| ids.get(i))
            .cloned()
    };
    let mut out = Vec::new();
    for p in &tournament.players {
        for (r, e) in p.rounds.iter().enumerate() {
            let Some(o) = e.opponent else { continue };
            // Each game once: from White's line, or the lower rank's when colourless.
            let first_here = match e.colour {
                Colour::White => true,
                Colour::Black => false,
                Colour::None => p.starting_rank < o,
            };
            let (Some(me), Some(them), true) = (id_of(p.starting_rank), id_of(o), first_here)
            else {
                continue;
            };
            let theirs = tournament
                .player(o)
                .and_then(|q| q.rounds.get(r))
                .map_or(Score::ZERO, |t| {
                    tournament.points_system.points(t.result).clone()
                });
            out.push(Encounter {
                round: RoundNumber(u32::try_from(r + 1).unwrap_or(u32::MAX)),
                first: me,
                second: them,
                scores: vec![SideScores {
                    unit: Unit::GamePoints,
                    first: tournament.points_system.points(e.result).clone(),
                    second: theirs,
                }],
                status: if e.result.is_forfeit() {
                    EncounterStatus::Awarded
                } else {
                    EncounterStatus::Played
                },
                weight: Score::ONE,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

    const CODES: &str =
        "BH, BH/C1, BH/C2, BH/M1, BH/M2, BH/P, BH/C1/P, FB, FB/C1, SB, SB/C1, SB/C2, SB/P";

    /// `t` evaluated under both editions and both formats (where it can be).
    fn every_evaluation(t: &Tournament) -> Vec<(Edition, Format, Evaluation<'_>)> {
        let mut out = Vec::new();
        for edition in [Edition::Aug2024, Edition::Mar2026] {
            for format in [Format::Swiss, Format::RoundRobin] {
                let options = Options::new(edition).with_format(Some(format));
                if let Ok(eval) = Evaluation::new(t, options) {
                    out.push((edition, format, eval));
                }
            }
        }
        out
    }

    /// BH, FB, SB and PS in machine integers ([`Units`]) are the exact
    /// sums, for every player of `text` under both editions and both
    /// formats.
    fn units_agree_with_the_exact_sums(what: &str, text: &str) -> usize {
        let t = crate::trf::parse(text).unwrap_or_else(|e| panic!("{what}: {e}"));
        let cascade: Cascade = CODES.parse().unwrap();
        let mut checked = 0;
        for (edition, format, eval) in every_evaluation(&t) {
            let units = eval
                .units
                .as_ref()
                .unwrap_or_else(|| panic!("{what}: no units"));
            let (mut exact_parts, mut unit_parts) = (Vec::new(), Vec::new());
            for code in &cascade.0 {
                let squared = code.kind == TieBreakKind::SonnebornBerger;
                for i in 0..t.players.len() {
                    let exact = eval.opponent_sum(&eval, i, code, &mut exact_parts);
                    let sum = eval.opponent_sum(units, i, code, &mut unit_parts);
                    let fast = units.score(sum, squared).unwrap();
                    assert_eq!(
                        fast, exact,
                        "{what} {edition:?} {format:?} {code} player {i}"
                    );
                    checked += 1;
                }
            }
            for skip in 0..3 {
                for i in 0..t.players.len() {
                    let exact = eval.progressive(&eval, i, skip);
                    let fast = units.score(eval.progressive(units, i, skip), false);
                    assert_eq!(fast, Some(exact), "{what} PS/C{skip} player {i}");
                }
            }
        }
        checked
    }

    fn tournament(points_system: &str) -> String {
        // Byes, forfeits, an absence, a last-round bye: every kind of part.
        let rows = [
            "001    1      Ann                               1800                             3.0    1     2 w 1     3 b =  0000 - H     4 w +",
            "001    2      Bob                               1700                             1.0    2     1 b 0     4 w 1     3 b 0  0000 - Z",
            "001    3      Cid                               1600                             2.0    3     4 b =     1 w =     2 w 1  0000 - U",
            "001    4      Dan                                                                1.5    4     3 w =     2 b 0  0000 - F     1 b -",
        ];
        format!("012 Units\n142 4\n{points_system}{}\n", rows.join("\n"))
    }

    /// `check` on [`tournament`] under every kind of points system.
    fn for_every_points_system(check: impl Fn(&str, &str) -> usize) {
        for system in [
            "",
            "162 W 3.0    D 1.0    L 0.0\n",
            "162 W 1.5    D 0.75   L 0.25   A -0.5   P 1.0\n",
            "162 W 2/3    D 1/3    L 0\n",
        ] {
            let checked = check(system, &tournament(system));
            assert!(checked > 0);
        }
    }

    #[test]
    fn units_are_the_exact_figures_for_every_points_system() {
        for_every_points_system(units_agree_with_the_exact_sums);
    }

    /// A points system no machine-integer unit of at most a thousandth
    /// holds is computed exactly.
    #[test]
    fn a_points_system_finer_than_thousandths_is_exact() {
        let text = tournament("162 W 1/1009    D 1/2018    L 0\n");
        let t = crate::trf::parse(&text).unwrap();
        let eval = Evaluation::new(&t, Options::new(Edition::Aug2024)).unwrap();
        assert!(eval.units.is_none());
        let bh = eval.value(1, &"BH".parse().unwrap()).unwrap();
        assert!(bh.is_positive());
    }

    /// `check` on every individual TRF file under the shared chess data.
    fn on_every_real_file(check: impl Fn(&str, &str) -> usize) {
        let dir = countback_test_support::shared_dir().join("chess-data");
        let mut files = 0;
        for entry in walk(&dir) {
            // Latin-1 files are read as a front end reads them.
            let bytes = std::fs::read(&entry).unwrap();
            let (text, _) = crate::trf::decode(&bytes);
            let Ok(t) = crate::trf::parse(&text) else {
                continue;
            };
            if t.team.is_some() {
                continue;
            }
            check(&entry.display().to_string(), &text);
            files += 1;
        }
        assert!(
            files > 0 || !countback_test_support::data_required(),
            "no TRF file under {}",
            dir.display()
        );
    }

    #[test]
    fn units_agree_on_every_real_file() {
        on_every_real_file(units_agree_with_the_exact_sums);
    }

    const FULL_LIST: &str = "DE, WIN, WON, BPG, BWG, REP, PS, PS/C1, STD, TPN, BH, BH/C1, BH/C2, \
        BH/M1, BH/M2, BH/P, FB, FB/C1, AOB, SB, SB/C1, SB/C2, KS, KS/L55, KS/L+1, ARO, ARO/C1, \
        ARO/M1, ARO/C1/U1000, TPR, PTP, APRO, APPO, RTNG";

    /// Every column of the full list, for every player of `text` under
    /// both editions and formats: the machine-integer paths (Koya's limit
    /// in units, the averages in whole numbers, the columns kept for
    /// them) give what the exact arithmetic gives, and each average is the
    /// mean of art. 8.2 and 10.4-10.5 worked out here from the opponents'
    /// exact values.
    fn columns_agree_with_the_exact_arithmetic(what: &str, text: &str) -> usize {
        let t = crate::trf::parse(text).unwrap_or_else(|e| panic!("{what}: {e}"));
        // One code at a time: the list is longer than a cascade may be.
        let codes: Vec<TieBreakCode> = FULL_LIST
            .split(',')
            .map(|c| c.trim().parse().unwrap())
            .collect();
        let mut checked = 0;
        for (edition, format, eval) in every_evaluation(&t) {
            let exact = Evaluation {
                units: None,
                averaged: AveragedColumns::default(),
                ..eval.clone()
            };
            for code in &codes {
                let fast = eval.optional_values(code).unwrap();
                assert_eq!(
                    fast,
                    exact.optional_values(code).unwrap(),
                    "{what} {edition:?} {format:?} {code}"
                );
                if is_average_of_opponents(code.kind) {
                    let base = exact.base_values(code).unwrap().values;
                    for (i, value) in fast.iter().enumerate() {
                        let mut sum = Score::ZERO;
                        let mut count = 0i64;
                        for (_, e, o) in exact.rounds_of(i) {
                            if e.opponent.is_none() || !e.result.is_played() {
                                continue;
                            }
                            if let Some(v) = o.and_then(|j| base.get(j)).cloned().flatten() {
                                sum += v;
                                count += 1;
                            }
                        }
                        let mean =
                            (count > 0).then(|| sum.checked_div(&Score::integer(count)).unwrap());
                        let expected = match code.kind {
                            TieBreakKind::AverageOfOpponentsBuchholz => mean,
                            _ => mean.map(|m| rating::whole(&m).unwrap()),
                        };
                        assert_eq!(value, &expected, "{what} {code} player {i}");
                    }
                }
                checked += fast.len();
            }
        }
        checked
    }

    #[test]
    fn fast_columns_are_exact_for_every_points_system() {
        for_every_points_system(columns_agree_with_the_exact_arithmetic);
    }

    #[test]
    fn fast_columns_are_exact_on_every_real_file() {
        on_every_real_file(columns_agree_with_the_exact_arithmetic);
    }

    /// Ids sorted once give every group the order the ids themselves
    /// give, repeated ids included.
    #[test]
    fn the_id_order_is_the_order_of_the_ids() {
        let ids: Vec<ContestantId> = ["Cid", "Ann", "Bob", "Ann", "Dan (4)", "Bob", "Abe"]
            .iter()
            .map(|n| ContestantId::new(*n))
            .collect();
        let sorted = IdOrder::sorted(&ids);
        let plain = IdOrder::unsorted(&ids);
        let everyone: Vec<usize> = (0..ids.len()).collect();
        let mut expected = ids.clone();
        expected.sort();
        assert_eq!(sorted.sorted_ids(&everyone), expected);
        for a in 0..ids.len() {
            for b in 0..ids.len() {
                assert_eq!(sorted.cmp(a, b), plain.cmp(a, b), "{a} {b}");
            }
        }
        let values: Vec<Score> = [1, 2, 1, 1, 2, 1, 1].map(Score::integer).to_vec();
        assert_eq!(
            partition(&everyone, &sorted, &values, false),
            partition(&everyone, &plain, &values, false)
        );
    }

    /// The sum after marking the parts cut is the sum after removing them,
    /// for every length, cut and median, ties between parts included (a
    /// small generator of parts whose scores and values often tie).
    #[test]
    fn a_cut_sum_is_the_sum_after_the_cut() {
        let mut seed = 12345u64;
        let mut next = |m: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            i128::from(u8::try_from((seed >> 33) % m).unwrap())
        };
        let mut checked = 0;
        for len in 0..=13usize {
            for _ in 0..40 {
                let parts: Vec<Part<i128>> = (0..len)
                    .map(|_| Part {
                        score: next(4),
                        value: next(3),
                        vur: next(7) == 0,
                    })
                    .collect();
                for (cut_n, median) in [(1, 0), (2, 0), (3, 0), (0, 1), (0, 2), (1, 1), (20, 0)] {
                    for rounds in [len, len + 2, 1] {
                        let mut removed = parts.clone();
                        cut(&mut removed, cut_n, median, rounds);
                        let expected: i128 = removed.iter().map(|p| p.value).sum();
                        let mut marked = parts.clone();
                        assert_eq!(
                            cut_sum(&mut marked, cut_n, median, rounds),
                            expected,
                            "{parts:?} C{cut_n} M{median} of {rounds}"
                        );
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 10_000);
    }

    #[test]
    fn scores_in_units_are_reduced_as_score_new_reduces_them() {
        for per in [1, 2, 3, 4, 10, 12, 100, 1000] {
            for n in -250..=250 {
                assert_eq!(units_to_score(n, per), Score::new(n, per).ok(), "{n}/{per}");
            }
        }
        assert_eq!(units_to_score(i64::MIN, 1), Some(Score::integer(i64::MIN)));
        assert_eq!(units_to_score(1, 0), None);
    }

    fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
        let mut out = Vec::new();
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                out.extend(walk(&path));
            } else if path.extension().is_some_and(|e| e == "trf") {
                out.push(path);
            }
        }
        out
    }
}
