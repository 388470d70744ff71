//! How a reader writes a [`Session`]: the [`SessionBuilder`], which holds
//! every session to the same limits as it is built, whatever the format,
//! so each check lives here once.

use crate::error::ParseError;
use crate::limits::check_traveller_lines;
use crate::session::{Board, EventKind, FileRule, Participant, Ranking, Session};

/// Builds a [`Session`] as a reader reads its file: what the file is and
/// who wrote it, its participants, its boards with their traveller lines,
/// stored figures and plays. The traveller lines are counted against
/// [`crate::MAX_TRAVELLER_LINES`] as they come ([`SessionBuilder::board`],
/// [`SessionBuilder::boards`]), so a file past the limit is refused by the
/// same check, with the same error ([`ParseError::TooManyTravellerLines`]),
/// whichever reader reads it. (A reader that holds rows before it makes
/// its boards, as the PBN reader does, may refuse sooner with the same
/// [`crate::check_traveller_lines`].)
///
/// ```
/// use countback_model::{BoardNumber, ContestantId, TableOutcome, TravellerLine};
/// use countback_results::{Board, EventKind, Line, Ranking, SessionBuilder};
///
/// let mut b = SessionBuilder::new("my format 1.0", EventKind::MatchPointPairs, Ranking::OneField);
/// b.program(Some("my scorer".to_owned()));
/// let line = Line {
///     traveller: TravellerLine {
///         board: BoardNumber(1),
///         ns: ContestantId::new("1"),
///         ew: ContestantId::new("2"),
///         outcome: TableOutcome::Played { ns_points: 420 },
///     },
///     seats: None,
///     score_text: "420".to_owned(),
///     stored_ns: None,
///     stored_ew: None,
///     play: None,
///     line: 3,
/// };
/// b.board(Board { number: BoardNumber(1), section: None, stored_datum: None, lines: vec![line], line: 2 })?;
/// let session = b.build();
/// assert_eq!(session.format, "my format 1.0");
/// assert_eq!(session.boards.len(), 1);
/// # Ok::<(), countback_results::ParseError>(())
/// ```
#[derive(Debug, Clone)]
pub struct SessionBuilder {
    session: Session,
    /// Lines on the boards added.
    held: usize,
}

impl SessionBuilder {
    /// A session of `event`, ranked by `ranking`, read from a file its
    /// reader calls `format` (`USEBIO 1.2`, `PBN 2.1`, `Bridgemate .bws`):
    /// the model names no format, the reader says what it read.
    #[must_use]
    pub fn new(format: impl Into<String>, event: EventKind, ranking: Ranking) -> SessionBuilder {
        SessionBuilder {
            session: Session {
                format: format.into(),
                event,
                ranking,
                description: None,
                date: None,
                club: None,
                venue: None,
                program: None,
                participants: Vec::new(),
                boards: Vec::new(),
                rule: FileRule::default(),
                not_used: Vec::new(),
            },
            held: 0,
        }
    }

    /// The event's name as the file writes it.
    pub fn description(&mut self, description: Option<String>) -> &mut SessionBuilder {
        self.session.description = description;
        self
    }

    /// The date as the file writes it (shown, never read as a figure).
    pub fn date(&mut self, date: Option<String>) -> &mut SessionBuilder {
        self.session.date = date;
        self
    }

    /// The club that ran the session.
    pub fn club(&mut self, club: Option<String>) -> &mut SessionBuilder {
        self.session.club = club;
        self
    }

    /// Where it was played.
    pub fn venue(&mut self, venue: Option<String>) -> &mut SessionBuilder {
        self.session.venue = venue;
        self
    }

    /// The program that wrote the file, as the file (or its format) names
    /// it: the convention is picked by it ([`crate::resolve`]).
    pub fn program(&mut self, program: Option<String>) -> &mut SessionBuilder {
        self.session.program = program;
        self
    }

    /// What the file says about how its figures are written.
    pub fn rule(&mut self, rule: FileRule) -> &mut SessionBuilder {
        self.session.rule = rule;
        self
    }

    /// What the file carries that is kept but not used.
    pub fn not_used(&mut self, not_used: Vec<String>) -> &mut SessionBuilder {
        self.session.not_used = not_used;
        self
    }

    /// The next participant, in file order.
    pub fn participant(&mut self, participant: Participant) -> &mut SessionBuilder {
        self.session.participants.push(participant);
        self
    }

    /// Every participant, in file order, after any given before.
    pub fn participants(
        &mut self,
        participants: impl IntoIterator<Item = Participant>,
    ) -> &mut SessionBuilder {
        self.session.participants.extend(participants);
        self
    }

    /// The next board, with its lines.
    ///
    /// # Errors
    /// [`ParseError::TooManyTravellerLines`] when its lines take the
    /// session past the limit.
    pub fn board(&mut self, board: Board) -> Result<&mut SessionBuilder, ParseError> {
        self.hold(board.lines.len())?;
        self.session.boards.push(board);
        Ok(self)
    }

    /// The next boards, with their lines, counted together (the count a
    /// refusal gives is the session's whole count).
    ///
    /// # Errors
    /// As [`SessionBuilder::board`].
    pub fn boards(&mut self, boards: Vec<Board>) -> Result<&mut SessionBuilder, ParseError> {
        self.hold(boards.iter().map(|b| b.lines.len()).sum())?;
        self.session.boards.extend(boards);
        Ok(self)
    }

    /// The boards added so far, for a reader that settles something
    /// across boards (NZ Scorer's adjusted lines) once every line is read.
    pub fn boards_mut(&mut self) -> &mut Vec<Board> {
        &mut self.session.boards
    }

    /// The participants added so far.
    #[must_use]
    pub fn participants_so_far(&self) -> &[Participant] {
        &self.session.participants
    }

    fn hold(&mut self, lines: usize) -> Result<(), ParseError> {
        let held = self.held.saturating_add(lines);
        check_traveller_lines(held)?;
        self.held = held;
        Ok(())
    }

    /// The session.
    #[must_use]
    pub fn build(self) -> Session {
        self.session
    }
}
