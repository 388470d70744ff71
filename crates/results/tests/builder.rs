//! The builder every reader writes a session through: the traveller-line
//! limit is one check, whichever way the lines come, and the model names
//! no format (the reader's label and the writer's name are data).

use countback_model::{ContestantId, TableOutcome, TravellerLine};
use countback_results::{
    resolve, Board, Convention, ConventionSource, EventKind, Line, ParseError, Ranking,
    SessionBuilder, MAX_TRAVELLER_LINES,
};

fn line(board: u32, n: usize) -> Line {
    Line {
        traveller: TravellerLine {
            board: board.into(),
            ns: ContestantId::new(format!("{n}")),
            ew: ContestantId::new(format!("{}", n + 1)),
            outcome: TableOutcome::Played { ns_points: 420 },
        },
        seats: None,
        score_text: "420".to_owned(),
        stored_ns: None,
        stored_ew: None,
        play: None,
        line: 0,
    }
}

fn board(number: u32, lines: usize) -> Board {
    Board {
        number: number.into(),
        section: None,
        stored_datum: None,
        lines: (0..lines).map(|n| line(number, n)).collect(),
        line: 0,
    }
}

fn builder() -> SessionBuilder {
    SessionBuilder::new("test 1.0", EventKind::MatchPointPairs, Ranking::OneField)
}

/// 50,000 lines (the limit, docs: "at most 50,000 in a session") are held;
/// the board that brings a 50,001st is refused, naming the count.
#[test]
fn the_line_past_the_limit_is_refused_board_by_board() {
    assert_eq!(MAX_TRAVELLER_LINES, 50_000);
    let mut b = builder();
    b.board(board(1, 30_000)).unwrap();
    b.board(board(2, 20_000)).unwrap();
    let err = b.board(board(3, 1)).unwrap_err();
    assert_eq!(
        err,
        ParseError::TooManyTravellerLines {
            count: 50_001,
            limit: 50_000
        }
    );
}

/// Boards added together are counted together: the refusal gives the
/// session's whole count (as the NZ Scorer reader's did).
#[test]
fn boards_added_together_give_the_whole_count() {
    let mut b = builder();
    let err = b
        .boards(vec![board(1, 30_000), board(2, 30_000)])
        .unwrap_err();
    assert_eq!(
        err,
        ParseError::TooManyTravellerLines {
            count: 60_000,
            limit: 50_000
        }
    );
}

/// The format is the reader's label, and the convention comes from the
/// writer's name the reader gives: NZ Scorer's reader names "NZ Bridge
/// Scorer", which is NZ Scorer's convention (docs/conventions.md), with no
/// word of the model naming the format.
#[test]
fn the_reader_says_what_it_read_and_who_wrote_it() {
    let mut b = SessionBuilder::new(
        "NZ Scorer XML",
        EventKind::MatchPointPairs,
        Ranking::OneField,
    );
    b.program(Some("NZ Bridge Scorer".to_owned()))
        .date(Some("2026-01-19".to_owned()));
    b.board(board(1, 2)).unwrap();
    let s = b.build();
    assert_eq!(s.format, "NZ Scorer XML");
    assert_eq!(s.date.as_deref(), Some("2026-01-19"));
    let (c, source) = resolve(&s, None);
    assert_eq!(c, Convention::NzScorer);
    assert_eq!(
        source,
        ConventionSource::Writer {
            writer: "NZ Bridge Scorer".to_owned()
        }
    );
}
