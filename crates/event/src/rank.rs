//! Each named procedure: the event in, a ranked outcome out.

use crate::Needed;
use std::collections::{BTreeMap, BTreeSet};

use countback_model::{ContestantId, Encounter, Score, TieBreakOutcome};

use crate::convert::{self, match_path};
use crate::error::{EventError, FieldPath, Problem, Result};
use crate::file::{EventFile, Procedure};
use crate::options::RawOptions;
use crate::procedures::Reads;
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
    /// What is ranked, the standings' header word: the procedure's
    /// (`player`, `team`, `pair`, `contestant`), or `team` for a FIDE team
    /// file (issue 40: a team TRF's standings said `player`).
    pub ranks: &'static str,
    /// The order and the decisions.
    pub outcome: TieBreakOutcome,
    /// Names for people, where the file gives them.
    pub names: BTreeMap<ContestantId, String>,
    /// Ratings, where the file gives them (shown, never used to rank).
    pub ratings: BTreeMap<ContestantId, u32>,
    /// What a scorer should look at before publishing.
    pub warnings: Vec<Warning>,
    /// What the scorer is told and need not act on (a teams results
    /// file's rescore and how many stored figures agree): the notes "For
    /// the scorer", not warnings (issue 41: every clean teams ranking
    /// printed two warning paragraphs).
    pub notes: Vec<String>,
    /// What the file keeps and no figure uses, each item.
    pub not_used: Vec<String>,
    /// Every tie-break column of the procedure for every contestant, in
    /// the procedure's order (empty where it has none beyond the score).
    pub columns: Vec<crate::columns::Column>,
    /// Each match the event's VP scale converted (empty without a scale).
    pub conversions: Vec<crate::Conversion>,
    /// The text of FIDE C.07 applied, for a FIDE ranking: the edition
    /// changes the figures (art. 16's dummy opponent), so every output
    /// names it.
    pub fide_edition: Option<crate::trf::Edition>,
    /// The date the event was played, as the file writes it (a teams
    /// results file's `[Date]` or `DATE`), where it gives one: shown,
    /// never a figure.
    pub date: Option<String>,
    /// Each contestant's players as the file lists them (a teams results
    /// file's roster), where it does: shown, never a figure (issue 40).
    pub players: BTreeMap<ContestantId, Players>,
}

/// The players of a contestant (a team's roster), as the file writes
/// them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Players {
    /// Each player's name as written.
    pub names: Vec<String>,
    /// Each player's member (national) number as written, in the order of
    /// [`Players::names`]; empty where the file gives none.
    pub member_ids: Vec<Option<String>>,
}

impl Players {
    /// The players named, with their member numbers where given.
    #[must_use]
    pub fn new(names: Vec<String>, member_ids: Vec<Option<String>>) -> Players {
        Players { names, member_ids }
    }
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

pub(crate) fn not_used(field: FieldPath, what: &str, p: Procedure, hint: &str) -> EventError {
    EventError::at(
        field,
        Problem::not_used(
            what.to_owned(),
            format!("the {p} procedure"),
            hint.to_owned(),
        ),
    )
}

/// "only ebu and wbf-bam read board scores": the procedures whose registry
/// entry reads what `reads` picks, in the registry's order, so that a
/// hint names every procedure that reads a field and no other (a new
/// procedure's line changes every hint it should, with no edit here).
fn only(reads: fn(&Reads) -> bool, one: &str, many: &str, what: &str) -> String {
    let names: Vec<&str> = Procedure::ALL
        .iter()
        .filter(|p| reads(&p.entry().reads))
        .map(|p| p.name())
        .collect();
    match names.as_slice() {
        [] => format!("no procedure {one} {what}"),
        [p] => format!("only {p} {one} {what}"),
        [rest @ .., last] => format!("only {} and {last} {many} {what}", rest.join(", ")),
    }
}

/// Refuse what the file gives that `p` does not read: each section, then
/// each contestant's and each match's fields, then the VP settings and
/// the scoring table.
fn check_uses(event: &EventFile, p: Procedure) -> Result<()> {
    let u = p.entry().reads;
    let sections: [(bool, usize, &str, &str); 7] = [
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
            &only(|r| r.board_scores, "reads", "read", "board scores"),
        ),
        (
            u.sessions,
            event.sessions.len(),
            "sessions",
            &only(|r| r.sessions, "reads", "read", "sessions"),
        ),
        (
            u.games,
            event.games.len(),
            "games",
            "chess games are ranked by uscf (or a TRF file by fide)",
        ),
        (
            false,
            event.penalties.len(),
            "penalties",
            "a procedural penalty is taken off a pairs session's total by `score`",
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
    check_contestants(event, p, &u)?;
    check_matches(event, p, &u)?;
    if !u.vps {
        let info = &event.event;
        crate::error::refuse_given(
            Some(&FieldPath::key("event")),
            &[
                ("vp_scale", info.vp_scale.is_some()),
                ("boards_per_match", info.boards_per_match.is_some()),
                ("fractional_imps", info.fractional_imps.is_some()),
                ("vp_total", info.vp_total.is_some()),
            ],
            &format!("the {p} procedure"),
            &only(
                |r| r.vps,
                "reads VPs and converts",
                "read VPs and convert",
                "IMPs to them",
            ),
        )?;
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

/// A contestant's fields `p` does not read.
fn check_contestants(event: &EventFile, p: Procedure, u: &Reads) -> Result<()> {
    for (i, c) in event.contestants.iter().enumerate() {
        let at = FieldPath::key("contestants").i(i);
        if c.score.is_some() && !u.score {
            let hint = format!(
                "scores are computed from the matches or games; {}",
                only(|r| r.score, "reads", "read", "a contestant's score")
            );
            return Err(not_used(at.k("score"), "a contestant's score", p, &hint));
        }
        if c.qualification_rank.is_some() && !u.qualification_rank {
            return Err(not_used(
                at.k("qualification_rank"),
                "qualification_rank",
                p,
                &only(
                    |r| r.qualification_rank,
                    "looks",
                    "look",
                    "back at the qualification",
                ),
            ));
        }
        if c.withdrew_after_round.is_some() && !u.withdrew {
            let hint = format!(
                "{}; chess records a withdrawal as \"withdrawn\" games",
                only(|r| r.withdrew, "adjusts", "adjust", "for a withdrawal")
            );
            return Err(not_used(
                at.k("withdrew_after_round"),
                "withdrew_after_round",
                p,
                &hint,
            ));
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
    Ok(())
}

/// A match's fields `p` does not read.
fn check_matches(event: &EventFile, p: Procedure, u: &Reads) -> Result<()> {
    for (i, m) in event.matches.iter().enumerate() {
        if m.carryover.is_some() && !u.carryover {
            return Err(not_used(
                match_path(i).k("carryover"),
                "carryover",
                p,
                &only(|r| r.carryover, "has", "have", "a carry-over"),
            ));
        }
        if m.weight.as_ref().is_some_and(|w| *w != Score::ONE) && !u.part_matches {
            return Err(not_used(
                match_path(i).k("weight"),
                "a part-match (a match's weight other than 1)",
                p,
                &format!(
                    "{}; this procedure's rules count every match whole",
                    only(
                        |r| r.part_matches,
                        "reads",
                        "read",
                        "part-matches (a triangle's half matches)"
                    )
                ),
            ));
        }
        if m.stage.is_some() && !u.match_stage {
            let hint = format!(
                "{}; a file is one stage",
                only(
                    |r| r.match_stage,
                    "tells",
                    "tell",
                    "qualification matches from the knockout match"
                )
            );
            return Err(not_used(
                match_path(i).k("stage"),
                "a match's stage",
                p,
                &hint,
            ));
        }
    }
    Ok(())
}

pub(crate) fn options_path() -> FieldPath {
    FieldPath::key("event").k("options")
}

/// Apply the request's procedure to the event.
pub fn rank(event: &EventFile, request: &RankRequest) -> Result<Ranking> {
    let procedure = request
        .procedure
        .or(event.event.procedure)
        .ok_or_else(|| EventError::at(FieldPath::key("event").k("procedure"), Needed::Procedure))?;
    check_uses(event, procedure)?;
    let mut warnings = Vec::new();
    crate::checks::typed_match_figures(event, procedure.entry().bam_points, &mut warnings)?;
    let set = convert::contestants(event)?;
    let ctx = Ctx {
        event,
        set: &set,
        file_options: &event.event.options,
        run_options: &request.options,
        procedure,
        conversions: std::cell::RefCell::new(Vec::new()),
    };
    let mut ranked = (procedure.entry().rank)(&ctx, &mut warnings)?;
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

/// What a procedure's rank function reads: the event, its contestants,
/// the options of the file and of the run.
pub(crate) struct Ctx<'a> {
    pub event: &'a EventFile,
    pub set: &'a BTreeSet<ContestantId>,
    file_options: &'a RawOptions,
    run_options: &'a RawOptions,
    pub procedure: Procedure,
    /// The matches the event's VP scale converted, as they are read.
    conversions: std::cell::RefCell<Vec<crate::Conversion>>,
}

pub(crate) fn ranking(
    procedure: Procedure,
    unit: &'static str,
    primary: BTreeMap<ContestantId, Score>,
    outcome: TieBreakOutcome,
) -> Ranking {
    Ranking {
        event: String::new(),
        procedure,
        unit,
        ranks: procedure.ranks(),
        primary,
        outcome,
        names: BTreeMap::new(),
        ratings: BTreeMap::new(),
        warnings: Vec::new(),
        notes: Vec::new(),
        not_used: Vec::new(),
        columns: Vec::new(),
        conversions: Vec::new(),
        fide_edition: None,
        date: None,
        players: BTreeMap::new(),
    }
}

impl Ctx<'_> {
    pub(crate) fn read<T: serde::de::DeserializeOwned + schemars::JsonSchema>(
        &self,
        warnings: &mut Vec<Warning>,
    ) -> Result<T> {
        RawOptions::read_layered(
            &[
                (self.file_options, options_path()),
                (self.run_options, FieldPath::run(None)),
            ],
            self.procedure.name(),
            warnings,
        )
    }

    pub(crate) fn all_encounters(&self) -> Result<Vec<(usize, Encounter)>> {
        self.encounters(|_| true)
    }

    /// The matches `keep` selects, each converted to VPs once.
    pub(crate) fn encounters(
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

    pub(crate) fn qualification_ranks(&self) -> Result<Vec<(ContestantId, u32)>> {
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
                            Needed::QualificationRank {
                                procedure: self.procedure.to_string(),
                            },
                        )
                    })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    /// Following one EBU ranking as data: each match is converted to VPs
    /// once (the ranking and the conversions the standings show came from
    /// two passes, so every match was converted twice). The shipped Swiss
    /// entered as IMPs, ranked by the EBU procedure: 9 matches.
    #[test]
    fn an_ebu_ranking_converts_each_match_once() {
        let text = include_str!("../../../examples/wbf-swiss-imps.toml");
        let event = crate::Event::from_toml(text).unwrap();
        convert::CONVERTED.with(|c| c.set(0));
        let r = event
            .rank(&RankRequest::new().procedure(Procedure::Ebu))
            .unwrap();
        assert_eq!(r.conversions.len(), 9);
        assert_eq!(convert::CONVERTED.with(std::cell::Cell::get), 9);
    }

    /// Issue 39, "hand-written hint strings in rank.rs": a field a
    /// procedure does not read is refused with a hint naming the
    /// procedures that do, from their registry lines. The shipped EBU
    /// withdrawal ranked under wbf-swiss: only the `ebu` line reads a
    /// withdrawal (143.5.2); board scores are read by the `ebu` and
    /// `wbf-bam` lines, part-matches by `ebu`, `wbf-round-robin` and
    /// `wbf-swiss`, in the registry's order.
    #[test]
    fn a_hint_names_the_procedures_whose_lines_read_the_field() {
        let text = include_str!("../../../examples/ebu-teams-withdrawal.toml");
        let event = crate::Event::from_toml(text).unwrap();
        let e = event
            .rank(&RankRequest::new().procedure(Procedure::WbfSwiss))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("only ebu adjusts for a withdrawal; chess records"),
            "{e}"
        );
        assert_eq!(
            only(|r| r.board_scores, "reads", "read", "board scores"),
            "only ebu and wbf-bam read board scores"
        );
        assert_eq!(
            only(|r| r.part_matches, "reads", "read", "part-matches"),
            "only ebu, wbf-round-robin and wbf-swiss read part-matches"
        );
        assert_eq!(
            only(|r| r.sessions, "reads", "read", "sessions"),
            "only wbf-pairs reads sessions"
        );
    }
}
