//! Each named procedure: the event in, a ranked outcome out.

use std::collections::{BTreeMap, BTreeSet};

use countback_model::{ContestantId, Encounter, EncounterStatus, Score, TieBreakOutcome, Unit};
use countback_tiebreak_chess::{Cascade, CascadeEnd, IhsaEvent, TeamMatch, UnplayedMatch};
use countback_tiebreak_ebu::{
    EventFormat, FinalStanding, MatchGrouping, PenaltyConversion, PlacePurposes,
    Procedure as EbuProcedure, Scoring, Stage, Standings, TiePurpose,
};
use countback_tiebreak_wbf::{KnockoutStage, PairsStage, Qualification, TeamsEvent};

use crate::checks;
use crate::convert::{self, known, match_path};
use crate::error::{AtField, EventError, FieldPath, Problem, Result};
use crate::file::{EventFile, MatchStage, Procedure};
use crate::options::{
    EbuOptions, IhsaOptions, MedianTableName, OwnUnplayedName, RawOptions, UscfOptions,
    WbfBamOptions, WbfKnockoutOptions, WbfPairsOptions, WbfRoundRobinOptions, WbfSwissOptions,
};
use crate::Warning;

/// What to rank by: the procedure (else the file's) and options that
/// override the file's, one by one.
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct RankRequest {
    /// The procedure; `None` takes the file's `event.procedure`.
    pub procedure: Option<Procedure>,
    /// Options set for this run (e.g. from the command line); each
    /// replaces the file's option of the same name.
    pub options: RawOptions,
}

impl RankRequest {
    /// Rank by the file's procedure and options.
    #[must_use]
    pub fn new() -> RankRequest {
        RankRequest::default()
    }

    /// Rank by `procedure`.
    #[must_use]
    pub fn procedure(mut self, procedure: Procedure) -> RankRequest {
        self.procedure = Some(procedure);
        self
    }

    /// Set an option for this run from text (`key`, `"title"`, `true` …).
    #[must_use]
    pub fn option(mut self, key: &str, value: &str) -> RankRequest {
        self.options.set_from_text(key, value);
        self
    }
}

/// A ranked event: the main score of each contestant (what the standings
/// table shows) and the outcome of the procedure.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Ranking {
    /// The event's name, and its stage where the file names one.
    pub event: String,
    /// The procedure applied.
    pub procedure: Procedure,
    /// What the main score is ("VPs", "points" …).
    pub unit: &'static str,
    /// Each contestant's main score.
    pub primary: BTreeMap<ContestantId, Score>,
    /// The order and the decisions.
    pub outcome: TieBreakOutcome,
    /// Names for people, where the file gives them.
    pub names: BTreeMap<ContestantId, String>,
    /// Ratings, where the file gives them (shown, never used to rank).
    pub ratings: BTreeMap<ContestantId, u32>,
    /// What a scorer should look at before publishing.
    pub warnings: Vec<Warning>,
    /// Every tie-break column of the procedure for every contestant, in
    /// the procedure's order (empty where it has none beyond the score).
    pub columns: Vec<crate::columns::Column>,
    /// Each match the event's VP scale converted (empty without a scale).
    pub conversions: Vec<crate::Conversion>,
}

impl Ranking {
    /// Whether a group is left for a play-off or a random ballot: a human
    /// must settle it.
    #[must_use]
    pub fn needs_human(&self) -> bool {
        self.outcome.order.iter().any(|g| {
            matches!(
                g.unresolved,
                Some(
                    countback_model::Unresolved::PlayOff { .. }
                        | countback_model::Unresolved::RandomBallot { .. }
                )
            )
        })
    }
}

/// The parts of a file each procedure reads. Anything else given is an
/// error: a director who wrote it expected it to count.
struct Uses {
    matches: bool,
    byes: bool,
    board_scores: bool,
    sessions: bool,
    games: bool,
    score: bool,
    qualification_rank: bool,
    withdrew: bool,
    carryover: bool,
    match_stage: bool,
}

const NONE: Uses = Uses {
    matches: false,
    byes: false,
    board_scores: false,
    sessions: false,
    games: false,
    score: false,
    qualification_rank: false,
    withdrew: false,
    carryover: false,
    match_stage: false,
};

fn uses(p: Procedure) -> Uses {
    match p {
        Procedure::Ebu => Uses {
            matches: true,
            byes: true,
            board_scores: true,
            withdrew: true,
            ..NONE
        },
        Procedure::WbfSwiss | Procedure::WbfRoundRobin => Uses {
            matches: true,
            ..NONE
        },
        Procedure::WbfKnockout => Uses {
            matches: true,
            qualification_rank: true,
            carryover: true,
            match_stage: true,
            ..NONE
        },
        Procedure::WbfPairs => Uses {
            matches: true,
            sessions: true,
            qualification_rank: true,
            ..NONE
        },
        Procedure::WbfBam => Uses {
            matches: true,
            board_scores: true,
            score: true,
            carryover: true,
            ..NONE
        },
        Procedure::Uscf => Uses {
            games: true,
            ..NONE
        },
        Procedure::Ihsa => Uses {
            matches: true,
            byes: true,
            ..NONE
        },
        Procedure::Fide => NONE,
    }
}

fn not_used(field: FieldPath, what: &str, p: Procedure, hint: &str) -> EventError {
    EventError::at(
        field,
        Problem::NotUsed {
            what: what.to_owned(),
            by: format!("the {p} procedure"),
            hint: hint.to_owned(),
        },
    )
}

fn check_uses(event: &EventFile, p: Procedure) -> Result<()> {
    let u = uses(p);
    let sections: [(bool, usize, &str, &str); 6] = [
        (
            u.matches,
            event.matches.len(),
            "matches",
            "remove them, or choose a teams procedure",
        ),
        (
            u.byes,
            event.byes.len(),
            "byes",
            "record the round as an awarded match",
        ),
        (
            u.board_scores,
            event.board_scores.len(),
            "board_scores",
            "only ebu (count-back) and wbf-bam (WBF 5(e)) read board scores",
        ),
        (
            u.sessions,
            event.sessions.len(),
            "sessions",
            "only wbf-pairs reads sessions",
        ),
        (
            u.games,
            event.games.len(),
            "games",
            "chess games are ranked by uscf (or a TRF file by fide)",
        ),
        (
            false,
            event.boards.len(),
            "boards",
            "a pairs session's boards are scored by `score`, not ranked",
        ),
    ];
    for (used, n, name, hint) in sections {
        if !used && n > 0 {
            return Err(not_used(FieldPath::key(name), name, p, hint));
        }
    }
    for (i, c) in event.contestants.iter().enumerate() {
        let at = FieldPath::key("contestants").i(i);
        if c.score.is_some() && !u.score {
            return Err(not_used(at.k("score"), "a contestant's score", p, "scores are computed from the matches or games; only wbf-bam reads a carry-over here"));
        }
        if c.qualification_rank.is_some() && !u.qualification_rank {
            return Err(not_used(
                at.k("qualification_rank"),
                "qualification_rank",
                p,
                "only wbf-knockout and wbf-pairs look back at the qualification",
            ));
        }
        if c.withdrew_after_round.is_some() && !u.withdrew {
            return Err(not_used(at.k("withdrew_after_round"), "withdrew_after_round", p, "only ebu adjusts for a withdrawal (143.5.2); chess records a withdrawal as \"withdrawn\" games"));
        }
        if c.boards_due.is_some() {
            return Err(not_used(
                at.k("boards_due"),
                "boards_due",
                p,
                "it is read by `score` with scoring.percentage = \"gap_par\"",
            ));
        }
    }
    for (i, m) in event.matches.iter().enumerate() {
        if m.carryover.is_some() && !u.carryover {
            return Err(not_used(
                match_path(i).k("carryover"),
                "carryover",
                p,
                "only wbf-bam and wbf-knockout have a carry-over",
            ));
        }
        if m.stage.is_some() && !u.match_stage {
            return Err(not_used(match_path(i).k("stage"), "a match's stage", p, "only wbf-knockout tells qualification matches from the knockout match; a file is one stage"));
        }
    }
    let converts = matches!(
        p,
        Procedure::Ebu | Procedure::WbfSwiss | Procedure::WbfRoundRobin
    );
    let info = &event.event;
    for (set, name) in [
        (info.vp_scale.is_some(), "vp_scale"),
        (info.boards_per_match.is_some(), "boards_per_match"),
        (info.fractional_imps.is_some(), "fractional_imps"),
        (info.vp_total.is_some(), "vp_total"),
    ] {
        if set && !converts {
            return Err(not_used(
                FieldPath::key("event").k(name),
                name,
                p,
                "only the VP procedures (ebu, wbf-swiss, wbf-round-robin) read VPs and convert IMPs to them",
            ));
        }
    }
    if event.event.scoring.is_some() {
        return Err(not_used(
            FieldPath::key("event").k("scoring"),
            "event.scoring",
            p,
            "it is read by `score` for a pairs session",
        ));
    }
    Ok(())
}

fn options_path() -> FieldPath {
    FieldPath::key("event").k("options")
}

/// Apply the request's procedure to the event.
pub fn rank(event: &EventFile, request: &RankRequest) -> Result<Ranking> {
    let procedure = request.procedure.or(event.event.procedure).ok_or_else(|| {
        EventError::at(
            FieldPath::key("event").k("procedure"),
            Problem::Missing {
                what: "a procedure (event.procedure, or --procedure)".to_owned(),
                by: "ranking".to_owned(),
            },
        )
    })?;
    if procedure == Procedure::Fide {
        return Err(fide_reads_trf());
    }
    check_uses(event, procedure)?;
    let mut warnings = Vec::new();
    let set = convert::contestants(event)?;
    let ctx = Ctx {
        event,
        set: &set,
        file_options: &event.event.options,
        run_options: &request.options,
        procedure,
        conversions: std::cell::RefCell::new(Vec::new()),
    };
    let mut ranked = match procedure {
        Procedure::WbfSwiss | Procedure::WbfRoundRobin => ctx.wbf_teams(&mut warnings)?,
        Procedure::WbfKnockout => ctx.knockout(&mut warnings)?,
        Procedure::WbfPairs => ctx.pairs(&mut warnings)?,
        Procedure::WbfBam => ctx.bam(&mut warnings)?,
        Procedure::Ebu => ctx.ebu(&mut warnings)?,
        Procedure::Uscf => ctx.uscf(&mut warnings)?,
        Procedure::Ihsa => ctx.ihsa(&mut warnings)?,
        // Refused above: a TRF file is ranked by `rank_trf`.
        Procedure::Fide => return Err(fide_reads_trf()),
    };
    ranked.event = match &event.event.stage {
        Some(stage) => format!("{}, {stage}", event.event.name),
        None => event.event.name.clone(),
    };
    for c in &event.contestants {
        let id = ContestantId::new(c.id.as_str());
        if let Some(n) = &c.name {
            ranked.names.insert(id.clone(), n.clone());
        }
        if let Some(r) = c.rating {
            ranked.ratings.insert(id, r);
        }
    }
    ranked.warnings.extend(warnings);
    let mut conversions = ctx.conversions.take();
    conversions.sort_by_key(|c| c.index);
    ranked.conversions = conversions;
    Ok(ranked)
}

fn fide_reads_trf() -> EventError {
    EventError::new(Problem::WrongKind {
        message: "the FIDE procedure reads a TRF file: rank the tournament's .trf".to_owned(),
    })
}

struct Ctx<'a> {
    event: &'a EventFile,
    set: &'a BTreeSet<ContestantId>,
    file_options: &'a RawOptions,
    run_options: &'a RawOptions,
    procedure: Procedure,
    /// The matches the event's VP scale converted, as they are read.
    conversions: std::cell::RefCell<Vec<crate::Conversion>>,
}

fn ranking(
    procedure: Procedure,
    unit: &'static str,
    primary: BTreeMap<ContestantId, Score>,
    outcome: TieBreakOutcome,
) -> Ranking {
    Ranking {
        event: String::new(),
        procedure,
        unit,
        primary,
        outcome,
        names: BTreeMap::new(),
        ratings: BTreeMap::new(),
        warnings: Vec::new(),
        columns: Vec::new(),
        conversions: Vec::new(),
    }
}

impl Ctx<'_> {
    fn read<T: serde::de::DeserializeOwned + schemars::JsonSchema>(
        &self,
        warnings: &mut Vec<Warning>,
    ) -> Result<T> {
        RawOptions::read_layered(
            &[
                (self.file_options, options_path()),
                (self.run_options, FieldPath::key("--option")),
            ],
            self.procedure.name(),
            warnings,
        )
    }

    fn all_encounters(&self) -> Result<Vec<(usize, Encounter)>> {
        self.encounters(|_| true)
    }

    /// The matches `keep` selects, each converted to VPs once.
    fn encounters(
        &self,
        keep: impl Fn(&crate::file::MatchEntry) -> bool,
    ) -> Result<Vec<(usize, Encounter)>> {
        convert::encounters(
            self.event,
            self.set,
            keep,
            &mut self.conversions.borrow_mut(),
        )
    }

    fn wbf_teams(&self, warnings: &mut Vec<Warning>) -> Result<Ranking> {
        let round_robin = self.procedure == Procedure::WbfRoundRobin;
        let readings = if round_robin {
            self.read::<WbfRoundRobinOptions>(warnings)?.readings()
        } else {
            self.read::<WbfSwissOptions>(warnings)?.readings()
        };
        let indexed = self.all_encounters()?;
        checks::team_rounds(self.event, self.set, &indexed, round_robin, warnings)?;
        checks::vp_totals(self.event, &indexed, warnings)?;
        let matches: Vec<Encounter> = indexed.into_iter().map(|(_, e)| e).collect();
        let primary = convert::totals(&matches, self.set, Unit::VictoryPoints);
        let teams = TeamsEvent::new(self.set.iter().cloned(), matches)?;
        let outcome = if round_robin {
            countback_tiebreak_wbf::round_robin_standings_with(&teams, &readings)
        } else {
            countback_tiebreak_wbf::swiss_standings_with(&teams, &readings)
        }?;
        let mut r = ranking(self.procedure, "VPs", primary, outcome);
        r.columns = crate::columns::wbf_teams(&teams, &readings, !round_robin)?;
        Ok(r)
    }

    fn knockout(&self, warnings: &mut Vec<Warning>) -> Result<Ranking> {
        let readings = self.read::<WbfKnockoutOptions>(warnings)?.readings();
        let marked = self.event.matches.iter().any(|m| m.stage.is_some());
        let is_knockout = |m: &crate::file::MatchEntry| {
            if marked {
                m.stage == Some(MatchStage::Knockout)
            } else {
                true
            }
        };
        let ko = self.encounters(is_knockout)?;
        let qualification = self.encounters(|m| !is_knockout(m))?;
        let teams: BTreeSet<&ContestantId> =
            ko.iter().flat_map(|(_, e)| [&e.first, &e.second]).collect();
        if ko.is_empty() {
            return Err(EventError::at(
                FieldPath::key("matches"),
                Problem::Missing {
                    what: "a knockout match (a match with stage = \"knockout\")".to_owned(),
                    by: "the wbf-knockout procedure".to_owned(),
                },
            ));
        }
        if teams.len() != 2 {
            let message = if marked {
                format!(
                    "the knockout match is between two teams; the matches marked knockout name {}",
                    teams
                        .iter()
                        .map(|t| t.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            } else {
                "the file has matches between several teams: mark the knockout match with stage = \"knockout\" and the qualification matches with stage = \"qualification\"".to_owned()
            };
            return Err(EventError::at(
                FieldPath::key("matches"),
                Problem::Inconsistent { message },
            ));
        }
        let mut carryover = Vec::new();
        for (i, e) in &ko {
            if e.scores_for(&e.first, Unit::Imps).is_none() {
                return Err(EventError::at(
                    match_path(*i).k("imps"),
                    Problem::Missing {
                        what: "the IMPs of the knockout match".to_owned(),
                        by: "the wbf-knockout procedure".to_owned(),
                    },
                ));
            }
            if let Some([ca, cb]) = self.event.matches.get(*i).and_then(|m| m.carryover.clone()) {
                carryover.extend([(e.first.clone(), ca), (e.second.clone(), cb)]);
            }
        }
        for (i, _) in &qualification {
            if self
                .event
                .matches
                .get(*i)
                .is_some_and(|m| m.carryover.is_some())
            {
                return Err(not_used(
                    match_path(*i).k("carryover"),
                    "carry-over on a qualification match",
                    self.procedure,
                    "carry-over belongs to the knockout match",
                ));
            }
        }
        let positions = self.qualification_ranks()?;
        let q = Qualification::new(positions, qualification.into_iter().map(|(_, e)| e))?;
        let stage = KnockoutStage::new(q, ko.into_iter().map(|(_, e)| e), carryover)?;
        let outcome = countback_tiebreak_wbf::knockout_standings(&stage, &readings)?;
        let primary = stage.totals().clone();
        Ok(ranking(self.procedure, "IMPs", primary, outcome))
    }

    fn pairs(&self, warnings: &mut Vec<Warning>) -> Result<Ranking> {
        let readings = self.read::<WbfPairsOptions>(warnings)?.readings();
        let mut sessions: BTreeMap<ContestantId, Vec<Score>> = BTreeMap::new();
        let mut order: Vec<(usize, &crate::file::SessionEntry)> =
            self.event.sessions.iter().enumerate().collect();
        order.sort_by_key(|(_, s)| s.session);
        let mut seen = BTreeSet::new();
        for (i, s) in order {
            let at = FieldPath::key("sessions").i(i);
            if !seen.insert(s.session) {
                return Err(EventError::at(
                    at.k("session"),
                    Problem::Inconsistent {
                        message: format!("session {} is given twice", s.session),
                    },
                ));
            }
            for (pair, score) in &s.scores {
                let id = known(self.set, pair, at.k("scores").k(pair))?;
                sessions.entry(id).or_default().push(score.clone());
            }
        }
        let pairs: Vec<ContestantId> = sessions.keys().cloned().collect();
        let matches: Vec<Encounter> = self.all_encounters()?.into_iter().map(|(_, e)| e).collect();
        let positions = self.qualification_ranks()?;
        let stage = PairsStage::new(sessions, positions, matches)?;
        let primary: BTreeMap<ContestantId, Score> = pairs
            .into_iter()
            .map(|p| {
                let total = stage.total(&p).unwrap_or_default();
                (p, total)
            })
            .collect();
        let outcome = countback_tiebreak_wbf::pairs_standings(&stage, &readings)?;
        Ok(ranking(self.procedure, "MPs", primary, outcome))
    }

    fn bam(&self, warnings: &mut Vec<Warning>) -> Result<Ranking> {
        let readings = self.read::<WbfBamOptions>(warnings)?.readings();
        let indexed = self.all_encounters()?;
        checks::team_rounds(self.event, self.set, &indexed, false, warnings)?;
        let mut carry: BTreeMap<ContestantId, Score> =
            self.set.iter().map(|c| (c.clone(), Score::ZERO)).collect();
        let mut from_matches: BTreeSet<ContestantId> = BTreeSet::new();
        for (i, m) in self.event.matches.iter().enumerate() {
            if let Some([a, b]) = &m.carryover {
                for (who, c) in [(&m.first, a), (&m.second, b)] {
                    let id = known(self.set, who, match_path(i))?;
                    *carry.entry(id.clone()).or_default() += c;
                    from_matches.insert(id);
                }
            }
        }
        for (i, c) in self.event.contestants.iter().enumerate() {
            if let Some(s) = &c.score {
                let id = ContestantId::new(c.id.as_str());
                if from_matches.contains(&id) {
                    return Err(EventError::at(
                        FieldPath::key("contestants").i(i).k("score"),
                        Problem::Inconsistent {
                            message: format!("{id}'s carry-over is given both here and in matches[].carryover: give it once"),
                        },
                    ));
                }
                carry.insert(id, s.clone());
            }
        }
        let matches: Vec<Encounter> = indexed.into_iter().map(|(_, e)| e).collect();
        let boards = convert::bam_boards(self.event, self.set)?;
        let stage = countback_tiebreak_wbf::BamStage::new(carry, matches, boards)?;
        let primary: BTreeMap<ContestantId, Score> = self
            .set
            .iter()
            .map(|t| (t.clone(), stage.final_score(t).unwrap_or_default()))
            .collect();
        let outcome = countback_tiebreak_wbf::bam_standings(&stage, &readings)?;
        Ok(ranking(self.procedure, "points", primary, outcome))
    }

    fn qualification_ranks(&self) -> Result<Vec<(ContestantId, u32)>> {
        self.event
            .contestants
            .iter()
            .enumerate()
            .map(|(i, c)| {
                c.qualification_rank
                    .map(|r| (ContestantId::new(c.id.as_str()), r))
                    .ok_or_else(|| {
                        EventError::at(
                            FieldPath::key("contestants").i(i).k("qualification_rank"),
                            Problem::Missing {
                                what: "qualification_rank".to_owned(),
                                by: format!("the {} procedure", self.procedure),
                            },
                        )
                    })
            })
            .collect()
    }

    fn ebu(&self, warnings: &mut Vec<Warning>) -> Result<Ranking> {
        let opts: EbuOptions = self.read(warnings)?;
        // An EBU bye scores VPs; IHSA's fields on it would be ignored.
        for (i, b) in self.event.byes.iter().enumerate() {
            let at = FieldPath::key("byes").i(i);
            for (set, name) in [
                (b.match_points.is_some(), "match_points"),
                (b.tournament_points.is_some(), "tournament_points"),
            ] {
                if set {
                    return Err(not_used(
                        at.k(name),
                        name,
                        self.procedure,
                        "an EBU bye scores its VPs (`vp`)",
                    ));
                }
            }
        }
        let indexed = self.all_encounters()?;
        let rounds =
            checks::team_rounds(self.event, self.set, &indexed, opts.all_play_all, warnings)?;
        checks::vp_totals(self.event, &indexed, warnings)?;
        let matches: Vec<Encounter> = indexed.into_iter().map(|(_, e)| e).collect();
        let mut primary = convert::totals(&matches, self.set, Unit::VictoryPoints);
        for (c, vp) in &rounds.bye_vps {
            *primary.entry(c.clone()).or_default() += vp;
        }
        // 143.5.2: a contestant's own tie-break points are adjusted pro rata
        // for the rounds it did not play at the table (a bye, an awarded
        // match, the rounds after it withdrew); a withdrawn contestant's
        // score also counts pro rata for its opponents.
        let mut list = Vec::new();
        for c in self.set {
            let score = primary.get(c).cloned().unwrap_or_default();
            let played = rounds.at_table.get(c).map_or(0, BTreeSet::len);
            let played = u32::try_from(played).unwrap_or(u32::MAX);
            if played == 0 && rounds.count != 0 {
                warnings.push(Warning {
                    field: None,
                    at: None,
                    message: format!("{c} played no match at the table: its tie-break points cannot be adjusted pro rata"),
                });
            }
            let withdrew = rounds.withdrew_after.contains_key(c);
            list.push(FinalStanding::from_rounds(
                c.clone(),
                score,
                played,
                rounds.count,
                withdrew,
            )?);
        }
        let standings = Standings::new(list)?;
        let draw_score = countback_tiebreak_ebu::draw_score(self.event.event.vp_total.as_ref())?;
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
            boards: convert::ebu_boards(self.event, self.set)?,
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
        let outcome = procedure.standings(&stage, &purposes)?;
        let mut r = ranking(self.procedure, "VPs", primary, outcome);
        r.columns = crate::columns::ebu(&stage)?;
        Ok(r)
    }

    fn uscf(&self, warnings: &mut Vec<Warning>) -> Result<Ranking> {
        let o: UscfOptions = self.read(warnings)?;
        let table = convert::crosstable(self.event, self.set)?;
        let primary = self
            .set
            .iter()
            .map(|p| (p.clone(), table.score(p).unwrap_or_default()))
            .collect();
        let median = match (&o.median_table, o.median) {
            (Some(_), Some(_)) => {
                return Err(EventError::at(
                    options_path().k("median_table"),
                    Problem::BadOption {
                        option: "median_table".to_owned(),
                        message: "give either `median` or `median_table`, not both".to_owned(),
                    },
                ))
            }
            (Some(steps), None) => {
                countback_tiebreak_chess::MedianDiscards::custom(steps.iter().copied())
                    .at_field(|| options_path().k("median_table"))?
            }
            (None, Some(MedianTableName::Harkness)) => {
                countback_tiebreak_chess::MedianDiscards::harkness()
            }
            (None, _) => countback_tiebreak_chess::MedianDiscards::uscf_rulebook(),
        };
        let mut unplayed = countback_tiebreak_chess::UnplayedGames::uscf();
        if let Some(b) = o.opponent_unplayed_as_draw {
            unplayed.opponent_unplayed_as_draw = b;
        }
        if let Some(b) = o.own_unplayed_as_zero_opponent {
            unplayed.own_unplayed_as_zero_opponent = b;
        }
        if let Some(b) = o.deduct_unplayed_wins {
            unplayed.deduct_unplayed_wins = b;
        }
        if let Some(b) = o.deduct_half_point_byes {
            unplayed.deduct_half_point_byes = b;
        }
        let cascade = match &o.tiebreaks {
            Some(list) => Cascade::new(list.iter().map(|t| (*t).into())),
            None => Cascade::uscf(),
        };
        let options = countback_tiebreak_chess::UscfOptions::new(median, unplayed);
        let values = countback_tiebreak_chess::tie_break_values(&table, &options);
        let outcome = countback_tiebreak_chess::rank_values(&values, &cascade);
        let mut r = ranking(self.procedure, "points", primary, outcome);
        r.columns = crate::columns::uscf(&values, &cascade);
        Ok(r)
    }

    fn ihsa(&self, warnings: &mut Vec<Warning>) -> Result<Ranking> {
        let o: IhsaOptions = self.read(warnings)?;
        if let Some(i) = self.event.matches.iter().position(|m| m.weight.is_some()) {
            return Err(not_used(
                match_path(i).k("weight"),
                "a match's weight",
                self.procedure,
                "every IHSA match is a full match",
            ));
        }
        let indexed = self.all_encounters()?;
        let rounds = checks::team_rounds(self.event, self.set, &indexed, false, warnings)?;
        let mut matches = Vec::new();
        let mut unplayed = Vec::new();
        for (i, e) in &indexed {
            let Some((a, b)) = e.scores_for(&e.first, Unit::MatchPoints) else {
                return Err(EventError::at(
                    match_path(*i).k("match_points"),
                    Problem::Missing {
                        what: "match_points".to_owned(),
                        by: "the ihsa procedure".to_owned(),
                    },
                ));
            };
            if e.status == EncounterStatus::Awarded {
                unplayed.extend(UnplayedMatch::awarded(
                    e.round,
                    e.first.clone(),
                    e.second.clone(),
                    a.clone(),
                    b.clone(),
                ));
                continue;
            }
            matches.push(TeamMatch {
                round: e.round,
                first: e.first.clone(),
                second: e.second.clone(),
                first_match_points: a.clone(),
                second_match_points: b.clone(),
            });
        }
        for (i, b) in self.event.byes.iter().enumerate() {
            let at = FieldPath::key("byes").i(i);
            if b.vp.is_some() {
                return Err(not_used(
                    at.k("vp"),
                    "VPs",
                    self.procedure,
                    "an IHSA bye has match_points and tournament_points",
                ));
            }
            unplayed.push(UnplayedMatch {
                round: countback_model::RoundNumber(b.round),
                team: known(self.set, &b.contestant, at.k("contestant"))?,
                match_points: b.match_points.clone().unwrap_or_default(),
                tournament_points: b.tournament_points.clone().unwrap_or(Score::ONE),
            });
        }
        let ev = IhsaEvent::new(rounds.count, self.set.iter().cloned(), matches, unplayed)?;
        let primary = self
            .set
            .iter()
            .map(|t| (t.clone(), ev.tournament_points(t).unwrap_or_default()))
            .collect();
        let mut options = countback_tiebreak_chess::IhsaOptions::ihsa();
        if let Some(m) = &o.max_match_points {
            options.max_match_points = m.clone();
        }
        if let Some(u) = o.own_unplayed {
            options = options.with_own_unplayed(match u {
                OwnUnplayedName::Omitted => countback_tiebreak_chess::OwnUnplayedMatch::Omitted,
                OwnUnplayedName::ScoredAsDraw => {
                    countback_tiebreak_chess::OwnUnplayedMatch::ScoredAsDraw
                }
                OwnUnplayedName::AwardedAgainstZero => {
                    countback_tiebreak_chess::OwnUnplayedMatch::AwardedAgainstZero
                }
            });
        }
        if let Some(b) = o.opponent_unplayed_as_draw {
            options.opponent_unplayed_as_draw = b;
        }
        let outcome = ev.rank(&options, &CascadeEnd::Stands)?;
        let mut r = ranking(self.procedure, "tournament points", primary, outcome);
        r.columns = crate::columns::ihsa(&ev.tie_breaks(&options)?);
        Ok(r)
    }
}

/// The EBU options' places as the crate's [`PlacePurposes`].
fn place_purposes(opts: &EbuOptions) -> Result<PlacePurposes> {
    let mut by_place = BTreeMap::new();
    for (key, purpose) in &opts.places {
        let at = options_path().k("places").k(key);
        let bad = || {
            EventError::at(
                at.clone(),
                Problem::BadOption {
                    option: "places".to_owned(),
                    message: format!(
                        "{key:?} is not a place (\"1\") or a range of places (\"3-4\")"
                    ),
                },
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
            if by_place.insert(p, TiePurpose::from(*purpose)).is_some() {
                return Err(EventError::at(
                    at.clone(),
                    Problem::BadOption {
                        option: "places".to_owned(),
                        message: format!("place {p} is given more than once"),
                    },
                ));
            }
        }
    }
    let default = opts.tie_purpose.map_or(TiePurpose::Title, TiePurpose::from);
    Ok(PlacePurposes::new(default, by_place)?)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    /// Following one EBU ranking as data: each match is converted to VPs
    /// once (the ranking and the conversions the standings show came from
    /// two passes, so every match was converted twice).
    #[test]
    fn an_ebu_ranking_converts_each_match_once() {
        let text = r#"
[event]
name = "Three teams"
procedure = "ebu"
vp_scale = "wbf-2013-continuous"
boards_per_match = 8

[[contestants]]
id = "A"
[[contestants]]
id = "B"
[[contestants]]
id = "C"

[[matches]]
round = 1
first = "A"
second = "B"
imps = [20, 5]
[[matches]]
round = 2
first = "A"
second = "C"
imps = [3, 12]
[[matches]]
round = 3
first = "B"
second = "C"
imps = [9, 9]
"#;
        let event = crate::Event::from_toml(text).unwrap();
        convert::CONVERTED.with(|c| c.set(0));
        let r = event.rank(&RankRequest::new()).unwrap();
        assert_eq!(r.conversions.len(), 3);
        assert_eq!(convert::CONVERTED.with(std::cell::Cell::get), 3);
    }
}
