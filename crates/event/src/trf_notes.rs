//! What reading a TRF file took as read, said in every output (issue 42,
//! items 4 and 5): a figure of the file not followed is never dropped
//! without a word. Each note names the record or player, its line and both
//! figures.

use countback_tiebreak_fide::trf::{Encoding, ResultCode, Tournament};
use countback_tiebreak_fide::PointsFrom;

use crate::{LineColumn, Warning};

fn at(line: usize) -> Option<LineColumn> {
    Some(LineColumn { line, column: 1 })
}

/// A player as the notes name them: `#12 Name` (the name when the file
/// gives one).
fn who(t: &Tournament, starting_rank: u32) -> String {
    match t.player(starting_rank).map(|p| p.name.trim()) {
        Some(name) if !name.is_empty() => format!("player #{starting_rank} {name}"),
        _ => format!("player #{starting_rank}"),
    }
}

/// The note for a file whose bytes are not UTF-8 (issue 42, item 4): it
/// was read as Windows-1252, of which Latin-1's printable characters are a
/// part, so its names are as written in that code page; none for UTF-8.
pub(crate) fn encoding_note(encoding: Encoding) -> Option<Warning> {
    (encoding == Encoding::Windows1252).then(|| Warning {
        field: None,
        at: None,
        message: "the file is not UTF-8: read as Windows-1252 (Latin-1), each byte one character, names as written in that code page".to_owned(),
        kind: None,
    })
}

/// Every note of `t` read with its points from `from`.
pub(crate) fn reading_notes(t: &Tournament, from: PointsFrom) -> Vec<Warning> {
    let mut notes = Vec::new();
    for d in t.points_disagreements() {
        let (ranked, other) = match from {
            PointsFrom::File => (
                "ranked by the points column",
                "the points option set to results ranks by the results",
            ),
            _ => (
                "ranked by the results",
                "the points option set to file ranks by the points column",
            ),
        };
        notes.push(Warning {
            kind: None,
            field: None,
            at: at(d.line),
            message: format!(
                "{}: the points column says {}, the results score {}: {ranked} ({other})",
                who(t, d.starting_rank),
                d.declared,
                d.from_results
            ),
        });
    }
    for b in &t.byes_from_points {
        let rounds: Vec<String> = b.rounds.iter().map(ToString::to_string).collect();
        let kind = if b.result == ResultCode::FullPointBye {
            "full-point byes (F)"
        } else {
            "half-point byes (H)"
        };
        notes.push(Warning {
            kind: None,
            field: None,
            at: at(b.line),
            message: format!(
                "{}: round(s) {} have no result code, and the points column counts them: read as {kind}",
                who(t, b.starting_rank),
                rounds.join(", ")
            ),
        });
    }
    for p in &t.pseudo_players {
        notes.push(Warning {
            kind: None,
            field: None,
            at: at(p.line),
            message: format!(
                "record #{} {:?} is a pairing program's bye pseudo-player (no game, no points): not ranked",
                p.starting_rank, p.name
            ),
        });
    }
    let held = t.rounds_with_results();
    if let Some((planned, line)) = t.planned_rounds() {
        if planned > held {
            notes.push(Warning {
                kind: None,
                field: None,
                at: at(line),
                message: format!(
                    "record XXR plans {planned} rounds; the file holds results of {held}: a file saved during the event, ranked on the rounds held"
                ),
            });
        }
    }
    if let Some((declared, line)) = t.declared_rounds() {
        if declared > held {
            let later = if held + 1 == declared {
                format!("round {declared} counts")
            } else {
                format!("rounds {}-{declared} count", held + 1)
            };
            notes.push(Warning {
                kind: None,
                field: None,
                at: at(line),
                message: format!(
                    "record 142 says {declared} rounds; results stop after round {held}: {later} as unplayed by every contestant (art. 16), which changes every Buchholz"
                ),
            });
        }
    }
    notes
}

/// The warning for a code dropped by the note to art. 8.
fn dropped(err: &countback_tiebreak_fide::FideError) -> Warning {
    Warning {
        kind: None,
        field: None,
        at: None,
        message: format!("{err}: left out of the list, the standings ranked by the others"),
    }
}

/// The individual list without the codes the edition does not use in the
/// event's format (the 2026 note to art. 8), each said: the standings are
/// still given, by the rest of the list.
pub(crate) fn usable_list(
    cascade: countback_tiebreak_fide::Cascade,
    format: countback_tiebreak_fide::Format,
    edition: countback_tiebreak_fide::Edition,
    warnings: &mut Vec<Warning>,
) -> countback_tiebreak_fide::Cascade {
    countback_tiebreak_fide::Cascade(usable(
        cascade.0,
        |code| countback_tiebreak_fide::compute::format_refuses(code, format, edition),
        warnings,
    ))
}

/// The same for a team list: one reading of the note for players and teams.
pub(crate) fn usable_team_list(
    list: countback_tiebreak_fide::TeamCascade,
    format: countback_tiebreak_fide::Format,
    edition: countback_tiebreak_fide::Edition,
    warnings: &mut Vec<Warning>,
) -> countback_tiebreak_fide::TeamCascade {
    countback_tiebreak_fide::TeamCascade(usable(
        list.0,
        |code| countback_tiebreak_fide::team::team_format_refuses(code, format, edition),
        warnings,
    ))
}

/// The codes of a list that the note does not refuse (`refuses`), each
/// refused one said in a warning.
fn usable<C>(
    codes: Vec<C>,
    refuses: impl Fn(&C) -> Option<countback_tiebreak_fide::FideError>,
    warnings: &mut Vec<Warning>,
) -> Vec<C> {
    codes
        .into_iter()
        .filter(|code| match refuses(code) {
            Some(err) => {
                warnings.push(dropped(&err));
                false
            }
            None => true,
        })
        .collect()
}
