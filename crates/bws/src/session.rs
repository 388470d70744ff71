//! From the file's tables to a `countback-results` [`Session`]: pairs from
//! the movement, each received contract scored by Law 77.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use countback_contract::{TableResult, Vulnerability};
use countback_model::{
    ArtificialScore, BoardNumber, ContestantId, Direction, Score, TableOutcome, TravellerLine,
};
use countback_results::{
    Board, EventKind, Line, Participant, Play, Ranking, Session, SessionBuilder, StoredStanding,
};

use crate::error::BwsError;
use crate::file::{BwsFile, Entry, Received};

/// A `.bws` session ready to score with `countback_results::rescore` and to
/// write with `countback_usebio::write_usebio`.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct BwsSession {
    /// The session: participants from the movement, one traveller line per
    /// received result, its North-South score by Law 77, and its contract,
    /// declarer, tricks and lead ([`countback_results::Line::play`]).
    pub session: Session,
    /// The movement was read from `ReceivedData`: `RoundData` does not
    /// seat every result (a stub).
    pub movement_from_results: bool,
    /// "Not played" rows at a table where no pair of the movement sat:
    /// no result, passed.
    pub not_played_at_empty_tables: usize,
    /// Each board's deal, double-dummy tricks and points, where the file
    /// has them (`HandRecord`, `HandEvaluation`).
    pub hands: countback_results::HandRecords,
}

/// How the pairs of one section move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Movement {
    /// Pair numbers repeat between the directions (NS 1 and EW 1 are two
    /// pairs): ranked North-South and East-West apart.
    Mitchell,
    /// Every pair number is one pair, whichever direction it sits.
    Howell,
}

/// A table's pairs in a round (its table number does not matter to who
/// is who).
struct Seat {
    section: u32,
    round: u32,
    ns: u32,
    ew: u32,
}

/// The seats of the session and where they were read.
struct Seating {
    seats: Vec<Seat>,
    /// Read from `ReceivedData`: `RoundData` does not seat every result.
    stub: bool,
}

/// The pairs of each section and its movement, from the seats.
fn section_pairs(
    seats: &[Seat],
    multi: bool,
    letters: &HashMap<u32, &str>,
) -> BTreeMap<u32, SectionPairs> {
    let mut out: BTreeMap<u32, SectionPairs> = BTreeMap::new();
    // Pair numbers seen in each direction, per section and round.
    let mut seen: HashMap<(u32, u32), (BTreeSet<u32>, BTreeSet<u32>)> = HashMap::new();
    for r in seats {
        let e = seen.entry((r.section, r.round)).or_default();
        if r.ns != 0 {
            e.0.insert(r.ns);
        }
        if r.ew != 0 {
            e.1.insert(r.ew);
        }
        let letter = letters.get(&r.section).map(|l| (*l).to_owned());
        let s = out.entry(r.section).or_insert_with(|| SectionPairs {
            prefix: if multi {
                letter.clone().unwrap_or_else(|| r.section.to_string())
            } else {
                String::new()
            },
            letter: if multi { letter } else { None },
            movement: Movement::Howell,
            ns: BTreeSet::new(),
            ew: BTreeSet::new(),
        });
        if r.ns != 0 {
            s.ns.insert(r.ns);
        }
        if r.ew != 0 {
            s.ew.insert(r.ew);
        }
    }
    for ((section, _), (ns, ew)) in &seen {
        if ns.intersection(ew).next().is_some() {
            if let Some(s) = out.get_mut(section) {
                s.movement = Movement::Mitchell;
            }
        }
    }
    out
}

struct SectionPairs {
    prefix: String,
    letter: Option<String>,
    movement: Movement,
    ns: BTreeSet<u32>,
    ew: BTreeSet<u32>,
}

impl SectionPairs {
    fn id(&self, number: u32, direction: Direction) -> ContestantId {
        match self.movement {
            Movement::Mitchell => ContestantId::new(format!("{}{number}{direction}", self.prefix)),
            Movement::Howell => ContestantId::new(format!("{}{number}", self.prefix)),
        }
    }

    fn has(&self, number: u32, direction: Direction) -> bool {
        match (self.movement, direction) {
            (Movement::Mitchell, Direction::NorthSouth) => self.ns.contains(&number),
            (Movement::Mitchell, _) => self.ew.contains(&number),
            (Movement::Howell, _) => self.ns.contains(&number) || self.ew.contains(&number),
        }
    }
}

impl BwsFile {
    /// The session as a match-pointed pairs event.
    ///
    /// # Errors
    /// As [`BwsFile::session_as`].
    pub fn session(&self) -> Result<BwsSession, BwsError> {
        self.session_as(EventKind::MatchPointPairs)
    }

    /// The session scored as `event` (match points, Butler or cross-IMPs:
    /// a `.bws` file does not say; Bridgemate leaves it to the scoring
    /// program).
    ///
    /// A section is a Mitchell (North-South and East-West ranked apart,
    /// pairs `1NS`, `1EW`) when some round has one pair number sitting in
    /// both directions at once, else a Howell (one field, pairs `1`, `2`
    /// ...); sections of a file may differ. With more than one section,
    /// identifiers start with the section letter (`A1NS`) and each section
    /// is scored apart. The seats are `RoundData`'s, or the results' own
    /// where `RoundData` does not seat every result.
    ///
    /// # Errors
    /// [`BwsError::UnknownPair`] for a result naming a pair the movement
    /// does not have; [`BwsError::BoardTwice`] for a pair with two results
    /// on one board; [`BwsError::Unsupported`] for a file with no result.
    pub fn session_as(&self, event: EventKind) -> Result<BwsSession, BwsError> {
        let multi = self.sections.len() > 1;
        let letters: HashMap<u32, &str> = self
            .sections
            .iter()
            .map(|s| (s.id, s.letter.as_str()))
            .collect();
        let seating = self.seating();
        let sections = section_pairs(&seating.seats, multi, &letters);
        // Each section ranked by its own movement: a Mitchell section's
        // directions apart, a Howell section's pairs as one field (issue
        // 41: a Mitchell beside a Howell in one file). The session's
        // ranking, which only a USEBIO file written from it states
        // (`WINNER_TYPE`), is by direction when any section is a Mitchell.
        let mitchell = sections.values().any(|s| s.movement == Movement::Mitchell);
        let participants = self.participants(&sections);
        let (boards, at_empty_tables) = self.boards(&sections)?;
        if boards.iter().all(|b| b.lines.is_empty()) {
            return Err(BwsError::Unsupported {
                what: "a .bws file with no received result (ReceivedData is empty)".to_owned(),
            });
        }
        let ranking = if mitchell {
            Ranking::ByDirection
        } else {
            Ranking::OneField
        };
        // A `.bws` states no scoring rule (its contracts are scored here, by
        // Law 77, and matchpointed by the session's own) and no program.
        let mut session = SessionBuilder::new("Bridgemate .bws", event, ranking);
        // The results were held to the limit as the file was read
        // (`BwsError::TooManyResults`); the session holds no more lines.
        session
            .boards(boards)
            .map_err(|_| BwsError::TooManyResults {
                count: self.received.len(),
                limit: countback_results::MAX_TRAVELLER_LINES,
            })?;
        session
            .description(self.session_name.clone())
            .date(self.session_date.clone())
            .participants(participants)
            .not_used(
                self.not_used
                    .iter()
                    .map(|n| format!("{} ({} rows): {}", n.table, n.rows, n.why))
                    .chain(seating.stub.then(|| {
                        format!(
                            "RoundData ({} rows): it seats no result at some table and round, \
                             so the movement is read from ReceivedData (who played whom, where)",
                            self.rounds.len()
                        )
                    }))
                    .chain((at_empty_tables > 0).then(|| {
                        format!(
                            "ReceivedData ({at_empty_tables} rows): \"Not played\" at a table \
                             where no pair of the movement sat: no result"
                        )
                    }))
                    .collect(),
            );
        Ok(BwsSession {
            session: session.build(),
            movement_from_results: seating.stub,
            not_played_at_empty_tables: at_empty_tables,
            hands: self.hands.clone(),
        })
    }

    /// Who sat where: `RoundData`'s seats when they seat every received
    /// result (each result's table and round has a `RoundData` row), else
    /// the seats the results themselves give (a one-row stub, issue 41:
    /// the movement comes from `ReceivedData`).
    fn seating(&self) -> Seating {
        let from_rounds: BTreeSet<(u32, u32, u32)> = self
            .rounds
            .iter()
            .map(|r| (r.section, r.table, r.round))
            .collect();
        let stub = self
            .received
            .iter()
            .any(|r| !from_rounds.contains(&(r.section, r.table, r.round)));
        let seats = if stub {
            self.received
                .iter()
                .filter(|r| !matches!(r.entry, Entry::NotPlayed))
                .map(|r| Seat {
                    section: r.section,
                    round: r.round,
                    ns: r.pair_ns,
                    ew: r.pair_ew,
                })
                .collect()
        } else {
            self.rounds
                .iter()
                .map(|r| Seat {
                    section: r.section,
                    round: r.round,
                    ns: r.ns_pair,
                    ew: r.ew_pair,
                })
                .collect()
        };
        Seating { seats, stub }
    }

    fn participants(&self, sections: &BTreeMap<u32, SectionPairs>) -> Vec<Participant> {
        // Who sat where: the pair at a seat in the round the player sat
        // down (round 0: from the start, the first round).
        let round_of: HashMap<(u32, u32, u32), (u32, u32)> = self
            .rounds
            .iter()
            .map(|r| ((r.section, r.table, r.round), (r.ns_pair, r.ew_pair)))
            .collect();
        // Each pair's players: seat order, name, member number (if any).
        let mut names: HashMap<ContestantId, Vec<(u8, String, Option<String>)>> = HashMap::new();
        for p in &self.players {
            let Some(s) = sections.get(&p.section) else {
                continue;
            };
            let Some((ns, ew)) = round_of.get(&(p.section, p.table, p.round.max(1))) else {
                continue;
            };
            let direction = p.seat.direction();
            let number = if direction == Direction::NorthSouth {
                *ns
            } else {
                *ew
            };
            if number == 0 || p.name.is_empty() {
                continue;
            }
            let order = match p.seat {
                countback_contract::Seat::North | countback_contract::Seat::East => 0,
                _ => 1,
            };
            names.entry(s.id(number, direction)).or_default().push((
                order,
                p.name.clone(),
                Some(p.number.trim().to_owned()).filter(|n| !n.is_empty() && n != "0"),
            ));
        }
        let mut out = Vec::new();
        for s in sections.values() {
            let listed: Vec<(u32, Option<Direction>)> = match s.movement {
                Movement::Mitchell => {
                    s.ns.iter()
                        .map(|n| (*n, Some(Direction::NorthSouth)))
                        .chain(s.ew.iter().map(|n| (*n, Some(Direction::EastWest))))
                        .collect()
                }
                Movement::Howell => s.ns.union(&s.ew).map(|n| (*n, None)).collect(),
            };
            for (number, field) in listed {
                let id = s.id(number, field.unwrap_or(Direction::NorthSouth));
                let mut players = names.remove(&id).unwrap_or_default();
                players.sort();
                let (players, member_ids): (Vec<String>, Vec<Option<String>>) = players
                    .into_iter()
                    .map(|(_, name, number)| (name, number))
                    .unzip();
                // Only where the file gives one, as the USEBIO reader.
                let member_ids = if member_ids.iter().any(Option::is_some) {
                    member_ids
                } else {
                    Vec::new()
                };
                out.push(Participant {
                    id,
                    field,
                    section: s.letter.clone(),
                    players,
                    member_ids,
                    stored: StoredStanding::default(),
                    line: 0,
                });
            }
        }
        out
    }

    /// The boards (each line with its play), and how many "Not played" rows were at a
    /// table where no pair of the movement sat.
    fn boards(
        &self,
        sections: &BTreeMap<u32, SectionPairs>,
    ) -> Result<(Vec<Board>, usize), BwsError> {
        let mut boards: BTreeMap<(Option<String>, u32), Board> = BTreeMap::new();
        let mut first: HashMap<(u32, u32, ContestantId), usize> = HashMap::new();
        let mut at_empty_tables = 0;
        for r in &self.received {
            // "Not played" at a table the movement leaves empty (a half
            // table, a sit-out: pair 0, or a number no seat has) is no
            // result for anyone: passed, counted and listed. A result
            // there is refused below, naming the row.
            let seated = |number: u32, direction: Direction| {
                sections
                    .get(&r.section)
                    .is_some_and(|s| number != 0 && s.has(number, direction))
            };
            if matches!(r.entry, Entry::NotPlayed)
                && !(seated(r.pair_ns, Direction::NorthSouth)
                    && seated(r.pair_ew, Direction::EastWest))
            {
                at_empty_tables += 1;
                continue;
            }
            let pair = |number: u32, direction: Direction| -> Result<ContestantId, BwsError> {
                match sections.get(&r.section) {
                    Some(s) if s.has(number, direction) => Ok(s.id(number, direction)),
                    _ => Err(BwsError::UnknownPair {
                        row: r.row,
                        id: r.id,
                        section: r.section,
                        direction: if direction == Direction::NorthSouth {
                            "NS"
                        } else {
                            "EW"
                        },
                        pair: number,
                    }),
                }
            };
            let ns = pair(r.pair_ns, Direction::NorthSouth)?;
            let ew = pair(r.pair_ew, Direction::EastWest)?;
            for id in [&ns, &ew] {
                if let Some(first_row) = first.insert((r.section, r.board, id.clone()), r.row) {
                    return Err(BwsError::BoardTwice {
                        row: r.row,
                        id: r.id,
                        board: r.board,
                        pair: id.as_str().to_owned(),
                        first_row,
                    });
                }
            }
            let number = BoardNumber(r.board);
            let section = sections.get(&r.section).and_then(|s| s.letter.clone());
            let (outcome, score_text) = outcome(r)?;
            let played = match r.entry {
                Entry::Result(result) => Some(Box::new(play(result, r))),
                _ => None,
            };
            let line_number = u32::try_from(r.row).unwrap_or(u32::MAX);
            let board = boards
                .entry((section.clone(), r.board))
                .or_insert_with(|| Board {
                    number,
                    section,
                    stored_datum: None,
                    lines: Vec::new(),
                    line: line_number,
                });
            board.lines.push(Line {
                traveller: TravellerLine {
                    board: number,
                    ns,
                    ew,
                    outcome,
                },
                seats: None,
                score_text,
                stored_ns: None,
                stored_ew: None,
                play: played,
                line: line_number,
            });
        }
        Ok((boards.into_values().collect(), at_empty_tables))
    }
}

fn outcome(r: &Received) -> Result<(TableOutcome, String), BwsError> {
    Ok(match r.entry {
        Entry::Result(result) => {
            let vulnerability = Vulnerability::of_board(BoardNumber(r.board))?;
            let ns_points = result.ns_points(vulnerability);
            (TableOutcome::Played { ns_points }, ns_points.to_string())
        }
        Entry::NotPlayed => (TableOutcome::NotPlayed, "NP".to_owned()),
        // The percentages of the top as the remark gives them (Law 12C2:
        // the director's artificial adjusted score); the convention decides
        // nothing here, the file states the figure.
        Entry::Arbitral {
            ns_percent,
            ew_percent,
        } => (
            TableOutcome::Artificial(ArtificialScore::new(
                Score::from(u32::from(ns_percent)),
                Score::from(u32::from(ew_percent)),
            )?),
            format!("{ns_percent}%-{ew_percent}%"),
        ),
    })
}

fn play(result: TableResult, r: &Received) -> Play {
    match result {
        TableResult::PassedOut => Play {
            contract: "PASS".to_owned(),
            declarer: String::new(),
            tricks: None,
            lead: r.lead.clone(),
            round: Some(r.round),
        },
        TableResult::Played(p) => Play {
            contract: p.contract().to_string(),
            declarer: p.declarer().letter().to_string(),
            tricks: Some(p.tricks()),
            lead: r.lead.clone(),
            round: Some(r.round),
        },
    }
}
