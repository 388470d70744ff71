//! A scored pairs session written as a USEBIO 1.2 document: a renderer
//! over the answer, as the front ends' text, JSON, CSV and HTML are. The
//! answer is the same whatever the format ([`crate::answer`] is data,
//! never text); a front end asked for USEBIO renders it here, and this
//! calls the USEBIO writer of `countback-usebio`.

use std::collections::BTreeMap;

use countback_model::{ContestantId, Score};

use crate::answer::{Answer, Refusal};
use crate::error::{EventError, Problem, Result};
use crate::options::PercentageName;
use crate::results::{FileRule, Rescored};
use crate::score::Scored;

/// `answer` written as a USEBIO 1.2 document: an event file's pairs
/// session scored ([`Answer::Scored`]), or a results file rescored
/// ([`Answer::Rescored`]: its session with the figures of the rescore,
/// and the contracts where the file has them, a `.bws`).
///
/// # Errors
/// What USEBIO 1.2 cannot carry as the session has it
/// ([`Problem::UsebioWrite`]): a fouled board (one traveller per board), a
/// procedural penalty (no element for one), gap PARs, a weighted score, an
/// individual event; a figure the convention does not reproduce (a
/// scoring option beyond it). Any other answer is refused as not a pairs
/// session ([`Problem::WrongKind`]).
pub fn usebio(answer: &Answer) -> std::result::Result<String, Refusal> {
    let written = match answer {
        Answer::Scored { scored: s, names } => scored(s, names),
        Answer::Rescored(r) => rescored(r),
        Answer::Ranked(crate::Ranking {
            procedure: crate::Procedure::Fide,
            ..
        })
        | Answer::TrfAudited { .. }
        | Answer::TeamAudited { .. } => {
            return Err(not(
                "a TRF file is a chess event: USEBIO is a bridge format",
            ))
        }
        Answer::Ranked(_)
        | Answer::Audited(_)
        | Answer::Combined(_)
        | Answer::Vp(_)
        | Answer::Schema(_) => {
            return Err(not(
                "USEBIO is written for a scored pairs session, not for a ranking or an audit",
            ))
        }
    };
    written.map_err(Refusal::Event)
}

impl Refusal {
    /// The refusal as a front end asking for USEBIO says it: a teams
    /// results file is refused saying why USEBIO would not carry it as
    /// this file has it (docs/usebio-write.md), not as a file to rank; any
    /// other refusal as it is.
    #[must_use]
    pub fn for_usebio(self) -> Refusal {
        match self {
            Refusal::Event(e) => match &e.problem {
                Problem::TeamsFile { usebio } => Refusal::Event(EventError::new(
                    Problem::UsebioWrite(countback_usebio::WriteError::TeamsEvent {
                        why: usebio.clone(),
                    }),
                )),
                _ => Refusal::Event(e),
            },
            other => other,
        }
    }
}

fn not(message: &str) -> Refusal {
    Refusal::Event(EventError::new(Problem::wrong_kind(message.to_owned())))
}

/// A results file's session, rescored, written with its figures.
fn rescored(r: &Rescored) -> Result<String> {
    // Written as USEBIO's event types mean their figures: match points
    // from zero (not Ruter's MP1, centred on the average: MP_PAIRS would
    // hold negative match points), Butler totals as sums (not Ruter's mean
    // per board), a cross-IMP line as the mean per comparison. A session
    // whose file rule is not the default is rescored again under it, by
    // the convention its rescore was chosen by.
    if r.session.rule == FileRule::default() {
        return Ok(countback_usebio::write_usebio(
            &r.session,
            &r.rescore,
            "countback",
        )?);
    }
    let mut session = r.session.clone();
    session.rule = FileRule::default();
    let chosen = match r.rescore.convention_source {
        crate::results::ConventionSource::Chosen => Some(r.rescore.convention),
        _ => None,
    };
    let rescore = countback_results::rescore(&session, chosen)?;
    Ok(countback_usebio::write_usebio(
        &session,
        &rescore,
        "countback",
    )?)
}

/// An event file's pairs session written as a USEBIO 1.2 document: its
/// pairs, traveller lines and every figure the session's scoring gives.
///
/// The document is read back by the convention an audit of it uses (the
/// file's `scoring.convention`, else the default convention,
/// `ebu_white_book_2025`, as for any file whose writer is not a known
/// program); so the figures are written only when that convention,
/// rescoring the document's own traveller lines, gives every one of them
/// exactly: each line's match points and each pair's total, percentage
/// and place. Otherwise the session is refused, naming the first figure
/// that differs, never written wrong.
fn scored(scored: &Scored, names: &BTreeMap<ContestantId, String>) -> Result<String> {
    use countback_results::{
        Board as UBoard, EventKind, FileRule, Line, Participant, Ranking, Session, StoredStanding,
    };
    let cannot = |what: String| {
        EventError::new(Problem::UsebioWrite(
            countback_usebio::WriteError::Unsupported { what },
        ))
    };
    if let Some(b) = scored.boards().find(crate::SessionBoard::fouled) {
        return Err(cannot(format!(
            "fouled board {} (USEBIO 1.2 has one traveller a board: its versions cannot be told apart)",
            b.board()
        )));
    }
    if let Some(p) = scored.penalties.first() {
        return Err(cannot(format!(
            "the procedural penalty on {} (USEBIO 1.2 has no element for one: its TOTAL_SCORE would read as a hand change)",
            p.pair
        )));
    }
    if scored.options.percentage == Some(PercentageName::GapPar) {
        return Err(cannot(
            "percentages with gap PARs (scoring.percentage = \"gap_par\")".to_owned(),
        ));
    }
    let names = |id: &ContestantId| -> Vec<String> {
        names
            .get(id)
            .map(|n| {
                n.split('&')
                    .map(|p| p.trim().to_owned())
                    .filter(|p| !p.is_empty())
                    .collect()
            })
            .unwrap_or_default()
    };
    let by_field = scored.fields.len() == 2;
    let mut participants = Vec::new();
    for f in &scored.fields {
        let field = match f.name {
            "NS" => Some(countback_model::Direction::NorthSouth),
            "EW" => Some(countback_model::Direction::EastWest),
            _ => None,
        };
        for s in &f.standings {
            participants.push(Participant {
                id: s.pair.clone(),
                field: if by_field { field } else { None },
                section: None,
                players: names(&s.pair),
                member_ids: Vec::new(),
                stored: StoredStanding::default(),
                line: 0,
            });
        }
    }
    participants.sort_by(|a, b| {
        (
            a.field.map(|d| d == countback_model::Direction::EastWest),
            &a.id,
        )
            .cmp(&(
                b.field.map(|d| d == countback_model::Direction::EastWest),
                &b.id,
            ))
    });
    let boards = scored
        .travellers
        .iter()
        .map(|t| UBoard {
            number: t.board,
            section: None,
            stored_datum: None,
            lines: t
                .versions
                .iter()
                .flatten()
                .map(|l| Line {
                    traveller: l.clone(),
                    seats: None,
                    score_text: match &l.outcome {
                        countback_model::TableOutcome::Played { ns_points } => {
                            ns_points.to_string()
                        }
                        _ => String::new(),
                    },
                    stored_ns: None,
                    stored_ew: None,
                    play: None,
                    line: 0,
                })
                .collect(),
            line: 0,
        })
        .collect();
    let session = Session {
        format: "USEBIO 1.2".to_owned(),
        event: EventKind::MatchPointPairs,
        ranking: if by_field {
            Ranking::ByDirection
        } else {
            Ranking::OneField
        },
        description: Some(scored.event.clone()),
        date: None,
        club: None,
        venue: None,
        program: Some("countback".to_owned()),
        participants,
        boards,
        rule: FileRule::default(),
        not_used: Vec::new(),
    };
    let convention = scored.options.convention;
    let rescore = countback_results::rescore(&session, convention)?;
    same_figures(scored, &rescore).map_err(|what| {
        cannot(format!(
            "{what}, which a reader of the document would not find"
        ))
    })?;
    Ok(countback_usebio::write_usebio(
        &session,
        &rescore,
        "countback",
    )?)
}

/// Whether the rescore of the document gives every figure of `scored`:
/// else the first that differs, in words.
fn same_figures(
    scored: &Scored,
    rescore: &countback_results::Rescore,
) -> std::result::Result<(), String> {
    type Key<'a> = (u32, &'a ContestantId, &'a ContestantId);
    let rescored: BTreeMap<Key<'_>, (Option<&Score>, Option<&Score>)> = rescore
        .boards
        .iter()
        .flat_map(|b| {
            b.lines.iter().map(move |l| {
                (
                    (b.number.0, &l.ns, &l.ew),
                    (l.ns_score.as_ref(), l.ew_score.as_ref()),
                )
            })
        })
        .collect();
    for b in scored.boards() {
        let b = b.table();
        for l in &b.lines {
            let ours = l.scored.as_ref().map(|(n, e)| (n, e));
            let theirs = rescored
                .get(&(b.board.0, &l.ns, &l.ew))
                .and_then(|(n, e)| Some(((*n)?, (*e)?)));
            if ours != theirs {
                return Err(format!(
                    "board {} {} v {}: this session's scoring gives {} match points, the convention {}",
                    b.board,
                    l.ns,
                    l.ew,
                    ours.map_or("no".to_owned(), |(n, e)| format!("{n}/{e}")),
                    theirs.map_or("none".to_owned(), |(n, e)| format!("{n}/{e}"))
                ));
            }
        }
    }
    // Standings by pair, looked up once each: a search of both lists for
    // every member was quadratic in the pairs.
    let documents: BTreeMap<&ContestantId, _> =
        rescore.standings.iter().map(|s| (&s.id, s)).collect();
    for f in &scored.fields {
        let standings: BTreeMap<&ContestantId, _> =
            f.standings.iter().map(|s| (&s.pair, s)).collect();
        for p in &f.places {
            for m in &p.members {
                let (Some(ours), Some(theirs)) = (standings.get(m), documents.get(m)) else {
                    return Err(format!("{m} has no standing in the document"));
                };
                let place = u32::try_from(p.place).unwrap_or(u32::MAX);
                // USEBIO's TOTAL_SCORE is the convention's (scaled to the
                // most boards played); the session's own is the raw sum.
                if ours.total != theirs.raw_total
                    || Some(&ours.percentage) != theirs.percentage.as_ref()
                    || place != theirs.place
                    || (p.members.len() > 1) != theirs.tied
                {
                    return Err(format!(
                        "{m}: this session's scoring gives {} match points, {}%, place {place}; the convention {}, {}%, place {}",
                        ours.total,
                        ours.percentage,
                        theirs.raw_total,
                        theirs
                            .percentage
                            .as_ref()
                            .map_or("no".to_owned(), ToString::to_string),
                        theirs.place
                    ));
                }
            }
        }
    }
    Ok(())
}
