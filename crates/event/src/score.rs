//! Pairs sessions: scoring an event file's boards.

use crate::Contradiction;
use crate::Needed;
use std::collections::{BTreeMap, BTreeSet};

use countback_matchpoints::{PercentageMethod, Place, Standing};
use countback_model::{BoardNumber, ContestantId, Score};
use countback_normalise::{
    score_session, Expected, Movement, RoundingPolicy, ScoredSession, SessionSpec,
};

use crate::convert;
use crate::error::{refuse_given, AtField, EventError, FieldPath, Problem, Result};
use crate::file::EventFile;
use crate::options::{PercentageName, RoundingName, ScoringOptions};

/// One field of a session (both directions of a Howell, or one direction of
/// a Mitchell), ranked.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Field {
    /// "NS", "EW" or "all".
    pub name: &'static str,
    /// Places by percentage, exact ties shared.
    pub places: Vec<Place>,
    /// Each pair's standing.
    pub standings: Vec<Standing>,
}

/// A scored session and its fields.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Scored {
    /// The event's name.
    pub event: String,
    /// The scored boards and table.
    pub session: ScoredSession,
    /// The ranked fields.
    pub fields: Vec<Field>,
    /// How the session was scored.
    pub options: ScoringOptions,
    /// What each board's table takes from the travellers besides the
    /// scored lines (in the order of `session.boards`): the tables
    /// themselves are built one at a time, by [`Scored::boards`].
    extras: Vec<crate::boards::BoardExtras>,
    /// The travellers as the file gives them (its boards and each board's
    /// lines in file order, not-played lines too): what a USEBIO document
    /// of the session is written from ([`crate::usebio`]).
    pub(crate) travellers: Vec<countback_normalise::Traveller>,
    /// The procedural penalties taken off totals, in file order.
    pub penalties: Vec<AppliedPenalty>,
    /// What a scorer should look at before publishing: scores no contract
    /// makes, a pair on too few boards (a mistyped pair number).
    pub warnings: Vec<crate::Warning>,
}

impl Scored {
    /// Every board, in board order, each table (line by line: scores,
    /// match points before and after factoring, and what was applied)
    /// built only when asked for, by [`crate::SessionBoard::table`]: a
    /// session never holds a second copy of every scored line (issue 30).
    pub fn boards(&self) -> impl ExactSizeIterator<Item = crate::SessionBoard<'_>> + '_ {
        self.session
            .boards
            .iter()
            .zip(&self.extras)
            .map(|(b, e)| crate::SessionBoard::new(b, e))
    }
}

/// A procedural penalty taken off a pair's total: what changed which
/// figure, by which Law.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct AppliedPenalty {
    /// The pair.
    pub pair: ContestantId,
    /// The Law named (`90` unless the file says).
    pub law: String,
    /// The director's reason, if given.
    pub reason: Option<String>,
    /// The percentage of a top, when given so.
    pub percent_of_top: Option<Score>,
    /// The match points taken off.
    pub match_points: Score,
    /// The total before.
    pub total_before: Score,
    /// The total after (what the pair is ranked by).
    pub total_after: Score,
}

/// Take each penalty of the file off its pair's total, and its percentage
/// with it (the maximum possible stays the boards'): a penalty changes the
/// total the pair is ranked by, never a board.
fn apply_penalties(
    event: &EventFile,
    top: &Score,
    all: &mut [Standing],
) -> Result<Vec<AppliedPenalty>> {
    let mut applied = Vec::new();
    for (i, p) in event.penalties.iter().enumerate() {
        let at = FieldPath::key("penalties").i(i);
        let Some(st) = all.iter_mut().find(|s| s.pair.as_str() == p.contestant) else {
            return Err(EventError::at(
                at.k("contestant"),
                Problem::UnknownContestant {
                    id: p.contestant.clone(),
                },
            ));
        };
        let hundred = Score::integer(100);
        let (mp, of_top) = match (&p.match_points, &p.percent_of_top) {
            (Some(mp), None) => (mp.clone(), None),
            (None, Some(pct)) => {
                let mp = (pct.clone() * top.clone())
                    .checked_div(&hundred)
                    .at_field(|| at.k("percent_of_top"))?;
                (mp, Some(pct.clone()))
            }
            _ => return Err(EventError::at(at, Contradiction::PenaltyForms)),
        };
        if mp <= Score::integer(0) {
            let field = if of_top.is_some() {
                "percent_of_top"
            } else {
                "match_points"
            };
            return Err(EventError::at(
                at.k(field),
                Problem::out_of_range(mp.to_string(), "more than 0: the match points taken off"),
            ));
        }
        let before = st.total.clone();
        st.total = before.clone() - mp.clone();
        st.percentage = (st.total.clone() * hundred)
            .checked_div(&st.max_possible)
            .at_field(|| at.k("contestant"))?;
        applied.push(AppliedPenalty {
            pair: st.pair.clone(),
            law: p.law.clone().unwrap_or_else(|| "90".to_owned()),
            reason: p.reason.clone(),
            percent_of_top: of_top,
            match_points: mp,
            total_before: before,
            total_after: st.total.clone(),
        });
    }
    Ok(applied)
}

fn scoring_path() -> FieldPath {
    FieldPath::key("event").k("scoring")
}

/// Score the event file's boards: matchpoints, each version of a fouled
/// board and every short board normalised to the session's common count,
/// exact unless a rounding policy is chosen; percentages proportional to
/// the boards played, or with gap PARs. `overrides` replace the file's
/// `[event.scoring]` options one by one.
pub fn score(event: &EventFile, overrides: &crate::options::RawOptions) -> Result<Scored> {
    refuse_teams_fields(event)?;
    let options = scoring_options(event, overrides)?;
    let travellers = convert::travellers(event)?;
    let checked = crate::checks::session_scores(event);
    scored(event, options, travellers, checked)
}

/// [`score`], each board's lines moved out of `event` into the session as
/// they are read (issue 43: the file's lines and the session's are never
/// both held). The scorer's checks read the lines first. The boards stay
/// in `event`, with no lines: to place an error by its board and pair,
/// read the file again.
pub(crate) fn score_giving_up_lines(
    event: &mut EventFile,
    overrides: &crate::options::RawOptions,
) -> Result<Scored> {
    refuse_teams_fields(event)?;
    let options = scoring_options(event, overrides)?;
    let checked = crate::checks::session_scores(event);
    let travellers = convert::take_travellers(event)?;
    scored(event, options, travellers, checked)
}

/// The session scored from its travellers (each with its board's index in
/// the file), and ranked in its fields.
fn scored(
    event: &EventFile,
    options: ScoringOptions,
    travellers: Vec<(usize, countback_normalise::Traveller)>,
    (warnings, seats): (Vec<crate::Warning>, crate::checks::Seats),
) -> Result<Scored> {
    let (places, bare): (Vec<usize>, Vec<countback_normalise::Traveller>) =
        travellers.into_iter().unzip();
    let pairs: Vec<ContestantId> = event
        .contestants
        .iter()
        .map(|c| ContestantId::new(c.id.as_str()))
        .collect();
    let movement = if pairs.is_empty() {
        Movement::open()
    } else {
        Movement::new(pairs)
    };
    // The common count: a short board is "scored-out-of the same mps total
    // as a complete board" (004), so every board is normalised to one E.
    let largest = bare.iter().map(|t| t.results()).max().unwrap_or(0);
    let own = event
        .boards
        .iter()
        .filter_map(|b| b.expected)
        .max()
        .map_or(0, |e| usize::try_from(e).unwrap_or(usize::MAX));
    let common = match options.expected {
        Some(e) => usize::try_from(e).unwrap_or(usize::MAX),
        None => largest.max(own),
    };
    // A board is played at most once per table: half the pairs in the
    // session (the listed contestants, or else the pairs on the
    // travellers). A larger count would silently shift every percentage.
    // Where each pair sat was found by the scorer's checks of the same
    // lines, in their one pass (issue 43).
    let pairs = if event.contestants.is_empty() {
        seats.pairs()
    } else {
        event.contestants.len()
    };
    check_expected(event, &options, (&places, &bare), (largest, common), pairs)?;
    let spec = session_spec(&options, common)?;
    let session = score_session(&bare, &spec, &movement)?;
    let method = percentage_method(event, &options)?;
    let mut all = session.table.standings(&method).at_field(scoring_path)?;
    let penalties = apply_penalties(event, session.table.top(), &mut all)?;
    let fields = fields(all, &seats);
    drop(seats);
    let extras = crate::boards::extras(&session, &bare);
    Ok(Scored {
        event: event.event.name.clone(),
        session,
        fields,
        options,
        extras,
        travellers: bare,
        penalties,
        warnings,
    })
}

/// A pairs session has no matches, byes, board scores, sessions or games,
/// no VPs and no tie-break procedure.
fn refuse_teams_fields(event: &EventFile) -> Result<()> {
    const BY: &str = "scoring a pairs session";
    refuse_given(
        None,
        &[
            ("matches", !event.matches.is_empty()),
            ("byes", !event.byes.is_empty()),
            ("board_scores", !event.board_scores.is_empty()),
            ("sessions", !event.sessions.is_empty()),
            ("games", !event.games.is_empty()),
        ],
        BY,
        "`score` reads boards; rank matches, sessions or games with `rank`",
    )?;
    let info = &event.event;
    refuse_given(
        Some(&FieldPath::key("event")),
        &[
            ("vp_total", info.vp_total.is_some()),
            ("vp_scale", info.vp_scale.is_some()),
            ("boards_per_match", info.boards_per_match.is_some()),
            ("fractional_imps", info.fractional_imps.is_some()),
        ],
        BY,
        "VPs belong to teams events ranked with `rank`",
    )?;
    if event.event.procedure.is_some() || !event.event.options.0.is_empty() {
        return Err(EventError::at(
            FieldPath::key("event").k(if event.event.procedure.is_some() {
                "procedure"
            } else {
                "options"
            }),
            Problem::not_used(
                "a tie-break procedure and its options",
                BY,
                "a session's scoring options go in [event.scoring]",
            ),
        ));
    }
    Ok(())
}

/// The results a board may have: the common count `E` within what the
/// session's `pairs` can play, no board with more results than it expects,
/// none expecting more than `E`, and none with more than a fixed `E`.
fn check_expected(
    event: &EventFile,
    options: &ScoringOptions,
    (places, bare): (&[usize], &[countback_normalise::Traveller]),
    (largest, common): (usize, usize),
    pairs: usize,
) -> Result<()> {
    let most = pairs / 2;
    if common > most {
        let field = match (
            options.expected,
            event.boards.iter().position(|b| {
                b.expected
                    .is_some_and(|e| usize::try_from(e).unwrap_or(usize::MAX) == common)
            }),
        ) {
            (None, Some(i)) => FieldPath::key("boards").i(i).k("expected"),
            _ => scoring_path().k("expected"),
        };
        return Err(EventError::at(
            field,
            Problem::out_of_range(common.to_string(), format!(
                    "results on a board: the session's {pairs} pairs can play a board at most {most} times"
                )),
        ));
    }
    for ((i, t), b) in places.iter().zip(bare).zip(&event.boards) {
        if let Some(e) = b.expected {
            let e = usize::try_from(e).unwrap_or(usize::MAX);
            let at = FieldPath::key("boards").i(*i).k("expected");
            if t.results() > e {
                return Err(EventError::at(
                    at,
                    Contradiction::MoreResultsThanExpected {
                        board: b.board,
                        results: t.results(),
                        expected: e,
                    },
                ));
            }
            if e > common {
                return Err(EventError::at(
                    at,
                    Contradiction::ExpectsMoreThanTheSession {
                        board: b.board,
                        expected: e,
                        most: common,
                    },
                ));
            }
        }
    }
    if let Some(e) = options.expected {
        if largest > common {
            return Err(EventError::at(
                scoring_path().k("expected"),
                Contradiction::MoreResultsThanTheSessionExpects {
                    largest,
                    expected: e,
                },
            ));
        }
    }
    Ok(())
}

/// The session's scoring: the common count, then a named convention's
/// defaults, then each option given.
fn session_spec(options: &ScoringOptions, common: usize) -> Result<SessionSpec> {
    let mut spec = SessionSpec::default();
    spec.expected = Expected::Fixed(common);
    // A named convention gives the defaults; the options below override.
    if let Some(c) = options.convention {
        let choices = c.choices();
        spec.scale = choices.scale;
        spec.factoring = choices.short_boards;
        spec.rounding = choices.factored_rounding;
    }
    if let Some(s) = options.scale {
        spec.scale = s;
    }
    if let Some(m) = options.one_missing {
        spec.one_missing = m;
    }
    if let Some(r) = options.rounding {
        spec.rounding = match r {
            RoundingName::Exact => RoundingPolicy::Exact,
            RoundingName::EbuTenthTowardAverage => RoundingPolicy::EbuTenthTowardAverage,
            RoundingName::HundredthHalfUp => RoundingPolicy::HundredthHalfUp,
            RoundingName::TenThousandthHalfAwayFromAverage => {
                RoundingPolicy::TenThousandthHalfAwayFromAverage
            }
            RoundingName::TenthTruncated => RoundingPolicy::TenthTruncated,
        };
    }
    if let Some(text) = &options.unplayable_award {
        let at = scoring_path().k("unplayable_award");
        let rest = text.trim().strip_prefix(['A', 'a']).ok_or_else(|| {
            EventError::at(
                at.clone(),
                Problem::unreadable(text.clone(), "an artificial score such as \"A5050\""),
            )
        })?;
        spec.unplayable_award = convert::artificial(rest, text, || at)?;
    }
    Ok(spec)
}

/// Percentages with gap PARs (from each contestant's boards due), or
/// proportional to the boards played, which reads no `boards_due`.
fn percentage_method(event: &EventFile, options: &ScoringOptions) -> Result<PercentageMethod> {
    Ok(match options.percentage {
        Some(PercentageName::GapPar) => PercentageMethod::GapPar {
            due: boards_due(event)?,
        },
        _ => {
            if let Some(i) = event
                .contestants
                .iter()
                .position(|c| c.boards_due.is_some())
            {
                return Err(EventError::at(
                    FieldPath::key("contestants").i(i).k("boards_due"),
                    Problem::not_used(
                        "boards_due",
                        "proportional percentages",
                        "set event.scoring.percentage = \"gap_par\"",
                    ),
                ));
            }
            PercentageMethod::Proportional
        }
    })
}

/// The standings ranked by percentage in their fields: NS and EW in a
/// Mitchell (nobody sat both ways), else one field.
fn fields(all: Vec<Standing>, seats: &crate::checks::Seats) -> Vec<Field> {
    let field = |name: &'static str, standings: Vec<Standing>| {
        let places = countback_matchpoints::rank(
            standings
                .iter()
                .map(|s| (s.pair.clone(), s.percentage.clone())),
        );
        Field {
            name,
            places,
            standings,
        }
    };
    // A Mitchell: nobody sat both ways, so NS and EW are separate fields
    // (a listed pair that sat neither way is in neither). The standings are
    // moved into their fields, not copied.
    if seats.both == 0 {
        let (mut in_ns, mut in_ew) = (Vec::with_capacity(seats.ns), Vec::with_capacity(seats.ew));
        for s in all {
            if seats.sat_ns(&s.pair) {
                in_ns.push(s);
            } else if seats.sat_ew(&s.pair) {
                in_ew.push(s);
            }
        }
        vec![field("NS", in_ns), field("EW", in_ew)]
    } else {
        vec![field("all", all)]
    }
}

fn scoring_options(
    event: &EventFile,
    overrides: &crate::options::RawOptions,
) -> Result<ScoringOptions> {
    let mut raw = crate::options::RawOptions::default();
    if let Some(s) = &event.event.scoring {
        if let serde_json::Value::Object(m) = serde_json::to_value(s).unwrap_or_default() {
            raw.0.extend(m.into_iter().filter(|(_, v)| !v.is_null()));
        }
    }
    crate::options::RawOptions::read_layered(
        &[(&raw, scoring_path()), (overrides, FieldPath::run(None))],
        "scoring",
        &mut Vec::new(),
    )
}

fn boards_due(event: &EventFile) -> Result<BTreeMap<ContestantId, BTreeSet<BoardNumber>>> {
    let mut due = BTreeMap::new();
    for c in &event.contestants {
        if let Some(list) = &c.boards_due {
            due.insert(
                ContestantId::new(c.id.as_str()),
                list.iter().map(|b| BoardNumber(*b)).collect(),
            );
        }
    }
    if due.is_empty() {
        return Err(EventError::at(
            FieldPath::key("contestants"),
            Needed::BoardsDue,
        ));
    }
    Ok(due)
}
