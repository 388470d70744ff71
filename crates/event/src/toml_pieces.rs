//! Reading a TOML event file a piece at a time (issue 44: memory sized by
//! the input).
//!
//! The `toml` crate builds the whole document (its tokens, its parse
//! events and every table, with spans) before a field is read: about 40
//! bytes of memory for each byte of an event file. An event file is almost
//! all arrays of tables (`[[matches]]`, `[[boards]]` …), so this reader
//! cuts the text at the line of each such top-level header, reads the text
//! before the first one (the opening: `[event]` and its options) as an
//! event file, and each run of elements (up to [`PIECE_BYTES`]) alone,
//! appending the elements in file order. The parser then holds one piece's
//! document at a time.
//!
//! It is only a shorter road to the same value: it reads a file only where
//! the cut cannot change what the text means, and otherwise gives up
//! (`None`), and the caller reads the whole text as before, so a file that
//! is refused is refused by the whole reading, with the same words, line
//! and column. It gives up on:
//! - any error, in any piece;
//! - a multi-line string anywhere (`"""`, `'''`: a header's text could be
//!   inside one);
//! - in a piece, a line starting with `[` that is not the piece's own
//!   header (`[[matches]]`) or a table under it (`[matches.x]`,
//!   `[[matches.x]]`): another table reopened after an array, or an array
//!   written over several lines;
//! - an opening that names a key of an array the pieces fill (the whole
//!   reading refuses a key defined twice).
//!
//! Why a cut cannot change the meaning: a piece starts at a header at the
//! start of a line, and the piece before it parsed alone, so every value
//! before the cut is closed and the whole reading too is at a fresh
//! statement there; the header then names the table that follows, as it
//! does in the piece. A piece defines only elements of its own array and
//! tables under its last element; the arrays are appended in file order,
//! as the whole reading appends them.

use serde::Deserialize;

use crate::file::{
    BoardEntry, BoardScoresEntry, ByeEntry, ContestantEntry, EventFile, GameEntry, MatchEntry,
    PenaltyEntry, SessionEntry,
};

/// Pieces are cut at an element's header once they reach this size: the
/// parser's document of one piece is then about 40 times this.
pub(crate) const PIECE_BYTES: usize = 64 * 1024;

/// The event file's arrays of tables, by their key: the places a cut may
/// be made. (`every_array_of_the_event_file_is_a_piece` checks the list
/// against the format.)
const ARRAYS: [&str; 8] = [
    "contestants",
    "matches",
    "byes",
    "boards",
    "board_scores",
    "sessions",
    "games",
    "penalties",
];

/// The elements one piece holds: only its own array is present.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Piece {
    #[serde(default)]
    contestants: Vec<ContestantEntry>,
    #[serde(default)]
    matches: Vec<MatchEntry>,
    #[serde(default)]
    byes: Vec<ByeEntry>,
    #[serde(default)]
    boards: Vec<BoardEntry>,
    #[serde(default)]
    board_scores: Vec<BoardScoresEntry>,
    #[serde(default)]
    sessions: Vec<SessionEntry>,
    #[serde(default)]
    games: Vec<GameEntry>,
    #[serde(default)]
    penalties: Vec<PenaltyEntry>,
}

impl Piece {
    /// Room in the file's arrays for `counts` more elements each (in the
    /// order of [`ARRAYS`]): each array is then allocated once, at its
    /// length, not grown by doubling as the pieces come.
    fn reserve(file: &mut EventFile, counts: &[usize; ARRAYS.len()]) {
        let [contestants, matches, byes, boards, board_scores, sessions, games, penalties] =
            *counts;
        file.contestants.reserve_exact(contestants);
        file.matches.reserve_exact(matches);
        file.byes.reserve_exact(byes);
        file.boards.reserve_exact(boards);
        file.board_scores.reserve_exact(board_scores);
        file.sessions.reserve_exact(sessions);
        file.games.reserve_exact(games);
        file.penalties.reserve_exact(penalties);
    }

    /// Append this piece's elements to the file's arrays.
    fn append_to(mut self, file: &mut EventFile) {
        file.contestants.append(&mut self.contestants);
        file.matches.append(&mut self.matches);
        file.byes.append(&mut self.byes);
        file.boards.append(&mut self.boards);
        file.board_scores.append(&mut self.board_scores);
        file.sessions.append(&mut self.sessions);
        file.games.append(&mut self.games);
        file.penalties.append(&mut self.penalties);
    }
}

/// What a line is to the cut.
#[derive(Debug, PartialEq, Eq)]
enum Line<'t> {
    /// `[[name]]` for an array of [`ARRAYS`]: a cut may be made before it.
    Element(&'t str),
    /// Any other line starting with `[` (after spaces and tabs): a table
    /// header, or a line of an array written over several lines.
    Bracket(&'t str),
    /// Anything else.
    Other,
}

fn line_kind(line: &str) -> Line<'_> {
    let t = line.trim_start_matches([' ', '\t']);
    if !t.starts_with('[') {
        return Line::Other;
    }
    let element = t
        .strip_prefix("[[")
        .and_then(|rest| rest.split_once("]]"))
        .filter(|(_, after)| {
            let after = after.trim_matches([' ', '\t', '\r', '\n']);
            after.is_empty() || after.starts_with('#')
        })
        .map(|(name, _)| name)
        .filter(|name| ARRAYS.contains(name));
    match element {
        Some(name) => Line::Element(name),
        None => Line::Bracket(t),
    }
}

/// Whether a bracketed line `t` is a table under the array `name`'s last
/// element (`[name.x]`, `[[name.x]]`).
fn is_under(t: &str, name: &str) -> bool {
    let inner = t.strip_prefix("[[").or_else(|| t.strip_prefix('['));
    inner
        .and_then(|i| i.strip_prefix(name))
        .is_some_and(|rest| rest.starts_with('.'))
}

/// A piece: its array's key and its bytes in the text.
type Cut<'t> = (&'t str, std::ops::Range<usize>);

/// What the cut found: where the opening ends, each piece, and how many
/// elements each array has (in the order of [`ARRAYS`]).
struct Cuts<'t> {
    opening: usize,
    pieces: Vec<Cut<'t>>,
    counts: [usize; ARRAYS.len()],
}

/// One more element of the array `name`; `false` if it is none of
/// [`ARRAYS`].
fn count(counts: &mut [usize; ARRAYS.len()], name: &str) -> bool {
    let n = ARRAYS
        .iter()
        .position(|a| *a == name)
        .and_then(|i| counts.get_mut(i));
    n.map(|n| *n += 1).is_some()
}

/// The cuts of `text`, or `None` where a piece holds a line that is not
/// its own.
fn cut(text: &str, piece_bytes: usize) -> Option<Cuts<'_>> {
    let mut opening = text.len();
    let mut pieces: Vec<Cut<'_>> = Vec::new();
    let mut counts = [0; ARRAYS.len()];
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let start = at;
        at += line.len();
        match line_kind(line) {
            Line::Element(name) => match pieces.last_mut() {
                _ if !count(&mut counts, name) => return None,
                Some((last, range)) if *last == name && start - range.start < piece_bytes => {
                    range.end = at;
                }
                _ => {
                    if pieces.is_empty() {
                        opening = start;
                    }
                    pieces.push((name, start..at));
                }
            },
            Line::Bracket(t) => match pieces.last_mut() {
                Some((last, range)) if is_under(t, last) => range.end = at,
                Some(_) => return None,
                None => {}
            },
            Line::Other => {
                if let Some((_, range)) = pieces.last_mut() {
                    range.end = at;
                }
            }
        }
    }
    Some(Cuts {
        opening,
        pieces,
        counts,
    })
}

/// The event file `text` read a piece at a time, or `None` where it cannot
/// be (see the module's doc): the caller then reads it whole. The caller
/// holds what a reading shares (names, the common denominator).
pub(crate) fn read(text: &str) -> Option<EventFile> {
    read_in(text, PIECE_BYTES)
}

/// [`read`], cutting pieces at `piece_bytes`.
fn read_in(text: &str, piece_bytes: usize) -> Option<EventFile> {
    if text.contains("\"\"\"") || text.contains("'''") {
        return None;
    }
    let Cuts {
        opening,
        pieces,
        counts,
    } = cut(text, piece_bytes)?;
    if pieces.is_empty() {
        return None;
    }
    let opening = text.get(..opening)?;
    // A key of the opening that a piece's array also names: the whole
    // reading refuses it, so give up and let it.
    let keys: std::collections::BTreeMap<String, serde::de::IgnoredAny> =
        Deserialize::deserialize(toml::Deserializer::parse(opening).ok()?).ok()?;
    if pieces.iter().any(|(name, _)| keys.contains_key(*name)) {
        return None;
    }
    drop(keys);
    let mut file = EventFile::deserialize(toml::Deserializer::parse(opening).ok()?).ok()?;
    Piece::reserve(&mut file, &counts);
    for (_, range) in pieces {
        let piece = Piece::deserialize(toml::Deserializer::parse(text.get(range)?).ok()?).ok()?;
        piece.append_to(&mut file);
    }
    Some(file)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]
    use super::*;

    /// Every array of the event file is a place to cut, and nothing else
    /// is: the list is the format's own fields but `event`.
    #[test]
    fn every_array_of_the_event_file_is_a_piece() {
        let schema = schemars::schema_for!(EventFile);
        let properties = schema
            .get("properties")
            .and_then(|p| p.as_object())
            .unwrap();
        let mut fields: Vec<&str> = properties
            .keys()
            .map(String::as_str)
            .filter(|k| *k != "event")
            .collect();
        fields.sort_unstable();
        let mut arrays = ARRAYS.to_vec();
        arrays.sort_unstable();
        assert_eq!(fields, arrays);
    }

    #[test]
    fn lines_are_told_apart() {
        assert_eq!(line_kind("[[matches]]\n"), Line::Element("matches"));
        assert_eq!(line_kind("  [[boards]] # one\r\n"), Line::Element("boards"));
        assert_eq!(
            line_kind("[[matches.x]]\n"),
            Line::Bracket("[[matches.x]]\n")
        );
        assert_eq!(
            line_kind("[[ matches ]]\n"),
            Line::Bracket("[[ matches ]]\n")
        );
        assert_eq!(line_kind("[[other]]\n"), Line::Bracket("[[other]]\n"));
        assert_eq!(
            line_kind("[[matches]] x = 1\n"),
            Line::Bracket("[[matches]] x = 1\n")
        );
        assert_eq!(line_kind("# [[matches]]\n"), Line::Other);
        assert!(is_under("[matches.scores]", "matches"));
        assert!(is_under("[[matches.x]]", "matches"));
        assert!(!is_under("[matchesx]", "matches"));
        assert!(!is_under("[event]", "matches"));
    }

    /// Every TOML event file of the project (the examples, the test data,
    /// the fuzzing seeds): where the pieces read it, with one element a
    /// piece, the file is the one the whole reading gives.
    #[test]
    fn the_pieces_read_the_file_the_whole_reading_reads() {
        fn walk(dir: &std::path::Path, found: &mut Vec<std::path::PathBuf>) {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    walk(&path, found);
                } else if path.extension().is_some_and(|e| e == "toml")
                    && path.file_name().is_some_and(|n| n != "Cargo.toml")
                {
                    found.push(path);
                }
            }
        }
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let mut files = Vec::new();
        for dir in ["docs/examples", "examples", "crates", "fuzz/seeds"] {
            walk(&root.join(dir), &mut files);
        }
        // The generated events of the cost tests (crates/countback/tests/cost.rs).
        use countback_test_support::synthetic::{
            ebu_swiss_toml, ihsa_toml, uscf_swiss_toml, wbf_swiss_all_tied_toml,
        };
        let generated = [
            ebu_swiss_toml(40, 5),
            wbf_swiss_all_tied_toml(40, 5),
            uscf_swiss_toml(40, 5),
            ihsa_toml(40, 5),
        ];
        let texts = files
            .iter()
            .filter_map(|path| {
                Some((
                    path.display().to_string(),
                    std::fs::read_to_string(path).ok()?,
                ))
            })
            .chain(
                generated
                    .into_iter()
                    .map(|text| ("generated".to_owned(), text)),
            )
            // The same with Windows line ends.
            .flat_map(|(path, text)| {
                let crlf = text.replace('\n', "\r\n");
                [(path.clone(), text), (format!("{path} (CRLF)"), crlf)]
            });
        let mut read = 0;
        for (path, text) in texts {
            let whole = crate::source::Source::new(text.as_str(), crate::source::Notation::Toml)
                .parse::<EventFile>();
            for piece_bytes in [1, PIECE_BYTES] {
                let pieces = {
                    let _names = crate::file::names::Reading::start();
                    let _shared = countback_model::SharedDenominators::start();
                    read_in(&text, piece_bytes)
                };
                let Some(pieces) = pieces else { continue };
                read += 1;
                let whole = whole
                    .as_ref()
                    .unwrap_or_else(|e| panic!("{path}: read in pieces, refused whole: {e}"));
                assert_eq!(
                    serde_json::to_string(&pieces).unwrap(),
                    serde_json::to_string(whole).unwrap(),
                    "{path}"
                );
            }
        }
        println!("{read} readings in pieces of {} files", files.len());
        assert!(read > 200, "{read} of {} files read in pieces", files.len());
    }

    /// A file refused is refused by the whole reading: the same words,
    /// field, line and column, wherever in a piece the fault is.
    #[test]
    fn a_refusal_is_the_whole_readings() {
        let good = countback_test_support::synthetic::ebu_swiss_toml(12, 3);
        let last = good.rfind("[[matches]]").unwrap();
        let faults = [
            // An unknown field in the last piece.
            format!("{good}surprise = 1\n"),
            // A syntax error in the last piece.
            format!("{good}round = = 1\n"),
            // A key twice in one element.
            format!("{good}[[matches]]\nround = 1\nround = 2\n"),
            // A wrong type in a piece in the middle.
            good.replacen("round = 1", "round = \"one\"", 1),
            // A table reopened after the arrays.
            format!("{good}[event]\nname = \"again\"\n"),
            // The opening's key an array names.
            format!("matches = 1\n{good}"),
            // An element cut short at the end.
            good.get(..last + 12).unwrap().to_owned(),
        ];
        for text in faults {
            let whole = crate::source::Source::new(text.as_str(), crate::source::Notation::Toml)
                .parse::<EventFile>()
                .map(|_| ())
                .map_err(|e| format!("{e} {:?} {:?}", e.field, e.at));
            let read = crate::Event::from_toml(&text)
                .map(|_| ())
                .map_err(|e| format!("{e} {:?} {:?}", e.field, e.at));
            assert!(whole.is_err(), "{text}");
            assert_eq!(read, whole, "{text}");
        }
    }

    /// Where the cut cannot be shown harmless, the reading is left whole.
    #[test]
    fn it_gives_up_where_a_cut_could_change_the_meaning() {
        let opening = "[event]\nname = \"x\"\n";
        let gives_up = [
            // Another table after an array.
            format!("{opening}[[contestants]]\nname = \"A\"\n[event.options]\n"),
            // A multi-line string.
            format!("{opening}[[contestants]]\nname = \"\"\"A\n[[contestants]]\"\"\"\n"),
            // A key of the opening that an array names.
            format!("contestants = []\n{opening}[[contestants]]\nname = \"A\"\n"),
            // An array written over several lines.
            format!("{opening}[[contestants]]\nname = \"A\"\nx = [\n[1]]\n"),
            // An error.
            format!("{opening}[[contestants]]\nnot_a_field = 1\n"),
            // No array of tables at all.
            opening.to_owned(),
        ];
        for text in gives_up {
            assert!(read(&text).is_none(), "{text}");
        }
    }
}
