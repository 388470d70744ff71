//! Both real `.bws` files of `../shared/bridge-data/real-world` (see its
//! PROVENANCE.md), read, scored end to end and written as USEBIO.
//!
//! No personal name is printed or asserted: the files hold real names
//! (`PlayerNumbers`, and the 14,020-row roster `PlayerNames`). Only counts
//! and structure are asserted.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
#![allow(clippy::indexing_slicing)]

use std::collections::HashMap;

use countback_bws::{read_bws, BwsFile, BwsSession};
use countback_model::{BoardNumber, ContestantId, Score, TableOutcome};
use countback_results::{audit, rescore, Ranking, Rescore};
use countback_test_support::shared_file;
use countback_usebio::{parse_usebio, write_usebio};

const COMMON_GAME: &str =
    "bridge-data/real-world/rick-wilson-bridge-parsers/1768880456-bJwUQdVmhY@260119M.BWS";
/// The EBU's convention, 2 per result beaten: the arithmetic the tests of
/// reading (and the independent scorer they compare with) work by hand.
/// These ACBL clubs' files are scored under `acbl` by default since issue
/// 41 (their member numbers show it), tested on its own below.
const TWO_PER_BEAT: Option<countback_results::Convention> =
    Some(countback_results::Convention::EbuWhiteBook2025);

const LBC: &str = "bridge-data/real-world/rick-wilson-bridge-game-analysis/LBC-2026-01-26.bws";

fn read(rel: &str) -> Option<BwsFile> {
    let path = shared_file(rel)?;
    let bytes = std::fs::read(&path).unwrap();
    Some(read_bws(&bytes).unwrap_or_else(|e| panic!("{rel}: {e}")))
}

/// What PROVENANCE.md says of each file, and what the reader must find.
struct Expected {
    tables: u32,
    rounds: usize,
    players: usize,
    rows: usize,
    not_played: usize,
    hand_records: u32,
}

fn check_file(f: &BwsFile, e: &Expected) {
    assert_eq!(f.engine, "Jet3");
    assert_eq!(f.sections.len(), 1);
    assert_eq!(f.sections[0].letter, "A");
    assert_eq!(f.sections[0].tables, e.tables);
    assert_eq!(f.rounds.len(), e.rounds);
    assert_eq!(f.players.len(), e.players);
    assert_eq!(
        (f.received_rows, f.erased_rows, f.superseded_rows),
        (e.rows, 0, 0)
    );
    assert_eq!(f.received.len(), e.rows);
    assert_eq!(f.not_played().count(), e.not_played);
    // The roster and the other tables are kept as not used, never refused.
    let not_used: HashMap<&str, u32> = f
        .not_used
        .iter()
        .map(|n| (n.table.as_str(), n.rows))
        .collect();
    assert_eq!(not_used.get("PlayerNames"), Some(&14_020));
    // Issue 40: the deals are read (they were kept as not used).
    assert_eq!(not_used.get("HandRecord"), None);
    assert_eq!(not_used.get("HandEvaluation"), None);
    assert_eq!(f.hands.len(), e.hand_records as usize);
}

/// Every named seat is credited to the pair sitting there (names are
/// counted, never printed).
fn check_names(f: &BwsFile, s: &BwsSession) -> usize {
    let named = f.players.iter().filter(|p| !p.name.is_empty()).count();
    let credited: usize = s.session.participants.iter().map(|p| p.players.len()).sum();
    assert_eq!(credited, named);
    assert!(s.session.participants.iter().all(|p| p.players.len() <= 2));
    named
}

/// A board's played results: NS, EW and NS's score, in file order.
fn played(b: &countback_results::Board) -> Vec<(&ContestantId, &ContestantId, i32)> {
    b.lines
        .iter()
        .filter_map(|l| match l.traveller.outcome {
            TableOutcome::Played { ns_points } => {
                Some((&l.traveller.ns, &l.traveller.ew, ns_points))
            }
            _ => None,
        })
        .collect()
}

/// An independent scoring of a session: match points counted by hand
/// (2 per result beaten, 1 per tie), Neuberg's formula for a board with
/// fewer results than the most, summed per pair. Nothing from
/// `countback-matchpoints` or `countback-normalise`.
fn naive_totals(s: &BwsSession) -> HashMap<ContestantId, Score> {
    let most = s
        .session
        .boards
        .iter()
        .map(|b| {
            b.lines
                .iter()
                .filter(|l| matches!(l.traveller.outcome, TableOutcome::Played { .. }))
                .count()
        })
        .max()
        .unwrap();
    let e = i64::try_from(most).unwrap();
    let top = Score::integer(2 * (e - 1));
    let mut totals: HashMap<ContestantId, Score> = HashMap::new();
    for b in &s.session.boards {
        let scores = played(b);
        let a = i64::try_from(scores.len()).unwrap();
        for (ns, ew, mine) in &scores {
            let m: i64 = scores
                .iter()
                .map(|(_, _, other)| match mine.cmp(other) {
                    std::cmp::Ordering::Greater => 2,
                    std::cmp::Ordering::Equal => 1,
                    std::cmp::Ordering::Less => 0,
                })
                .sum::<i64>()
                - 1; // the line itself counted as a tie
            let ns_mp = if a < e {
                Score::new((m + 1) * e, a).unwrap() - Score::integer(1)
            } else {
                Score::integer(m)
            };
            let ew_mp = &top - &ns_mp;
            *totals
                .entry((*ns).clone())
                .or_insert_with(|| Score::integer(0)) += ns_mp;
            *totals
                .entry((*ew).clone())
                .or_insert_with(|| Score::integer(0)) += ew_mp;
        }
    }
    totals
}

fn line_mp(r: &Rescore, board: u32, ns: &str) -> (String, String) {
    let b = r
        .boards
        .iter()
        .find(|b| b.number == BoardNumber(board))
        .unwrap();
    let l = b.lines.iter().find(|l| l.ns.as_str() == ns).unwrap();
    (
        l.ns_score.as_ref().unwrap().to_string(),
        l.ew_score.as_ref().unwrap().to_string(),
    )
}

fn scored_end_to_end(
    rel: &str,
    f: &BwsFile,
    pairs: usize,
    boards: usize,
    lines: usize,
) -> (BwsSession, Rescore) {
    let s = f.session().unwrap();
    let named = check_names(f, &s);
    eprintln!("{rel}: {named} of {} seats named", f.players.len());
    assert_eq!(s.session.ranking, Ranking::ByDirection, "a Mitchell");
    assert_eq!(s.session.participants.len(), pairs);
    assert_eq!(s.session.boards.len(), boards);
    let all: usize = s.session.boards.iter().map(|b| b.lines.len()).sum();
    assert_eq!(all, lines);
    let r = rescore(&s.session, TWO_PER_BEAT).unwrap();
    // Independent totals agree with the library's for every pair.
    let naive = naive_totals(&s);
    for st in &r.standings {
        assert_eq!(Some(&st.raw_total), naive.get(&st.id), "{rel}: {}", st.id);
    }
    // The same session through USEBIO: write, read back, audit (0
    // differences), and the same match points, totals and places.
    let xml = write_usebio(&s.session, &r, "countback").unwrap();
    let back = parse_usebio(&xml).unwrap();
    let a = audit(&back, None).unwrap();
    let bad: Vec<String> = a.exceptions().map(ToString::to_string).collect();
    assert!(bad.is_empty(), "{rel}: {}", bad.join("\n"));
    let again = rescore(&back, None).unwrap();
    assert_eq!(
        again.standings, r.standings,
        "{rel}: USEBIO and .bws score alike"
    );
    assert_eq!(again.boards, r.boards, "{rel}: board by board");
    // The contracts survive the trip.
    assert_eq!(
        xml.matches("<CONTRACT>").count(),
        lines - f.not_played().count()
    );
    (s, r)
}

#[test]
fn common_game_bws_is_read_and_scored() {
    let Some(f) = read(COMMON_GAME) else { return };
    check_file(
        &f,
        &Expected {
            tables: 11,
            rounds: 99,
            players: 44,
            rows: 297,
            not_played: 0,
            hand_records: 0,
        },
    );
    let (s, r) = scored_end_to_end(COMMON_GAME, &f, 22, 27, 297);
    // Every board has 11 results: top 20, nothing factored.
    assert!(r
        .boards
        .iter()
        .all(|b| b.results == 11 && b.top == Some(Score::integer(20))));

    // Board 1 by hand (Law 2: board 1 is love all). Law 77, NV:
    //   3NT by E, 11 tricks: 40+30+30 = 100 trick score, game 300,
    //     2 overtricks x 30 = 60: 460 to EW, -460 to NS (six tables);
    //   3NT by E, 12 tricks: 100 + 300 + 3 x 30 = 490: -490;
    //   3NT by W, 9 tricks: 100 + 300 = 400: -400;
    //   2NT by E, 12 tricks: 70 trick score (part score 50) + 4 x 30 = 240: -240;
    //   4NT by W, 9 tricks and 3NT by E, 8 tricks: one down NV, 50 to NS.
    // Match points (2 per result beaten, 1 per tie, 11 results, top 20):
    //   +50 (x2): beats 9 = 18, ties 1 = 1: 19;  -240: beats 8: 16;
    //   -400: beats 7: 14;  -460 (x6): beats 1 = 2, ties 5 = 5: 7;  -490: 0.
    //   Check: 2 x 19 + 16 + 14 + 6 x 7 + 0 = 110 = 11 x 20 / 2.
    let b1: Vec<i32> = s.session.boards[0]
        .lines
        .iter()
        .map(|l| match l.traveller.outcome {
            TableOutcome::Played { ns_points } => ns_points,
            _ => panic!("board 1 is complete"),
        })
        .collect();
    let mut sorted = b1.clone();
    sorted.sort_unstable();
    assert_eq!(
        sorted,
        [-490, -460, -460, -460, -460, -460, -460, -400, -240, 50, 50]
    );
    for (points, ns_mp) in [
        (50, "19"),
        (-240, "16"),
        (-400, "14"),
        (-460, "7"),
        (-490, "0"),
    ] {
        let line = s.session.boards[0]
            .lines
            .iter()
            .find(|l| l.traveller.outcome == TableOutcome::Played { ns_points: points })
            .unwrap();
        let (ns, ew) = line_mp(&r, 1, line.traveller.ns.as_str());
        assert_eq!(ns, ns_mp, "board 1, {points}");
        assert_eq!(
            Score::parse(&ns).unwrap() + Score::parse(&ew).unwrap(),
            Score::integer(20)
        );
    }
    // Totals: every pair played 27 boards; the 22 totals add up to
    // 27 boards x 11 results x 20.
    let sum: Score = r.standings.iter().map(|s| s.total.clone()).sum();
    assert_eq!(sum, Score::integer(27 * 11 * 20));
    assert!(r.standings.iter().all(|s| s.boards_played == 27));
}

#[test]
fn lbc_bws_with_not_played_rows_is_read_and_scored() {
    let Some(f) = read(LBC) else { return };
    check_file(
        &f,
        &Expected {
            tables: 10,
            rounds: 90,
            players: 40,
            rows: 270,
            not_played: 6,
            hand_records: 36,
        },
    );
    // The six "Not played" rows: boards 10-12 at table 7 in round 9 and
    // boards 16-18 at table 6 in round 8, all against EW pair 9.
    let mut np: Vec<(u32, u32, u32, u32)> = f
        .not_played()
        .map(|r| (r.table, r.round, r.board, r.pair_ew))
        .collect();
    np.sort_unstable();
    assert_eq!(
        np,
        [
            (6, 8, 16, 9),
            (6, 8, 17, 9),
            (6, 8, 18, 9),
            (7, 9, 10, 9),
            (7, 9, 11, 9),
            (7, 9, 12, 9)
        ]
    );
    let (s, r) = scored_end_to_end(LBC, &f, 20, 27, 270);
    // Six boards have 9 results and are factored up to 10 (Neuberg).
    let short: Vec<u32> = r
        .boards
        .iter()
        .filter(|b| b.results == 9)
        .map(|b| b.number.0)
        .collect();
    assert_eq!(short, [10, 11, 12, 16, 17, 18]);

    // Board 10 by hand (Law 2: board 10 is game all). Law 77, vulnerable:
    //   4S by W, 12 tricks: 120 + 500 + 2 x 30 = 680: -680 (five tables);
    //   4S by E, 13 tricks: 120 + 500 + 3 x 30 = 710: -710;
    //   5S by W, 11 tricks: 150 + 500 = 650, and 4S by W, 11 tricks:
    //     120 + 500 + 30 = 650: -650 (two tables);
    //   2S by W, 11 tricks: 60 + 50 (part score) + 3 x 30 = 200: -200.
    //   The tenth table did not play it ("Not played"): absent, not 0.
    // Within the 9 results (top 16): -200 beats 8: 16; -650: beats 6,
    //   ties 1: 13; -680: beats 1, ties 4: 6; -710: 0.
    // Neuberg to 10 results (E = 10, A = 9): (M + 1) x 10/9 - 1:
    //   16 -> 161/9, 13 -> 131/9, 6 -> 61/9, 0 -> 1/9; EW = 18 - NS.
    let board10 = &s.session.boards[9];
    assert_eq!(board10.number, BoardNumber(10));
    for (points, ns_mp, ew_mp) in [
        (-200, "161/9", "1/9"),
        (-650, "131/9", "31/9"),
        (-680, "61/9", "101/9"),
        (-710, "1/9", "161/9"),
    ] {
        let line = board10
            .lines
            .iter()
            .find(|l| l.traveller.outcome == TableOutcome::Played { ns_points: points })
            .unwrap();
        assert_eq!(
            line_mp(&r, 10, line.traveller.ns.as_str()),
            (ns_mp.to_owned(), ew_mp.to_owned())
        );
    }
    assert_eq!(
        board10
            .lines
            .iter()
            .filter(|l| l.traveller.outcome == TableOutcome::NotPlayed)
            .count(),
        1
    );

    // Pairs 7NS and 6NS each missed three boards, EW 9 six: their totals
    // are scaled to 27 boards (played 24 or 21).
    for (id, played) in [("7NS", 24), ("6NS", 24), ("9EW", 21), ("1NS", 27)] {
        let st = r.standing(&ContestantId::new(id)).unwrap();
        assert_eq!(st.boards_played, played, "{id}");
        let scaled = st.raw_total.clone() * Score::new(27, i64::try_from(played).unwrap()).unwrap();
        assert_eq!(st.total, scaled, "{id}");
    }
}

/// The LBC file with its six "Not played" remarks replaced, in place, by
/// an arbitral score: each form Bridgemate Control Software writes
/// (average minus, average, average plus to each side). The remark's
/// bytes are patched where they lie, padded with spaces to the length of
/// "Not played" (the reader trims every text), so the rest of the Access
/// file is untouched.
fn lbc_with_remark(remark: &str) -> Option<BwsFile> {
    let path = shared_file(LBC)?;
    let mut bytes = std::fs::read(&path).unwrap();
    let from = b"Not played";
    let to = format!("{remark:<10}");
    assert_eq!(to.len(), from.len());
    let at: Vec<usize> = bytes
        .windows(from.len())
        .enumerate()
        .filter(|(_, w)| *w == from)
        .map(|(i, _)| i)
        .collect();
    assert_eq!(at.len(), 6);
    for i in at {
        bytes[i..i + from.len()].copy_from_slice(to.as_bytes());
    }
    Some(read_bws(&bytes).unwrap_or_else(|e| panic!("{remark}: {e}")))
}

/// Issue 41, "Bridgemate arbitral scores refused: Remarks holding the
/// standard forms 40%-60%, 60%-40%, 50%-50%, 60%-60%, 40%-40% stop the
/// whole session". Each form is read as the director's artificial adjusted
/// score (Law 12C2) for the pairs at that table: NS the first percentage
/// of the top, EW the second. By hand, board 10 (10 tables, top 18): the
/// arbitral line gets ns% × 18 and ew% × 18 (60 % is 54/5 = 10.8, 50 % is
/// 9, 40 % is 36/5 = 7.2); the nine real results are Neuberg-factored to
/// ten exactly as when the table did not play (161/9 … 1/9, above), the
/// artificial score not being one of them. EW pair 9, which had the six
/// remarks, has played 27 boards now: its total is what it scored on the
/// other 21 plus six times its percentage of 18, never scaled.
#[test]
fn lbc_arbitral_scores_in_every_form_are_read() {
    let Some(plain) = read(LBC) else { return };
    let plain = rescore(&plain.session().unwrap().session, TWO_PER_BEAT).unwrap();
    let nine_ew = ContestantId::new("9EW");
    let on_21 = plain.standing(&nine_ew).unwrap().raw_total.clone();
    for (remark, ns, ew) in [
        ("40%-60%", 40, 60),
        ("60%-40%", 60, 40),
        ("50%-50%", 50, 50),
        ("60%-60%", 60, 60),
        ("40%-40%", 40, 40),
        ("40%-50%", 40, 50),
        ("50%-40%", 50, 40),
        ("50%-60%", 50, 60),
        ("60%-50%", 60, 50),
    ] {
        let f = lbc_with_remark(remark).unwrap();
        assert_eq!(f.not_played().count(), 0, "{remark}");
        let s = f.session().unwrap();
        let r = rescore(&s.session, TWO_PER_BEAT).unwrap();
        let of_top = |p: i64| Score::new(p * 18, 100).unwrap().to_string();
        // Board 10: the line at table 7 (7NS v 9EW) and one real line.
        assert_eq!(line_mp(&r, 10, "7NS"), (of_top(ns), of_top(ew)), "{remark}");
        let board10 = &s.session.boards[9];
        let minus_200 = board10
            .lines
            .iter()
            .find(|l| l.traveller.outcome == TableOutcome::Played { ns_points: -200 })
            .unwrap();
        assert_eq!(
            line_mp(&r, 10, minus_200.traveller.ns.as_str()),
            ("161/9".to_owned(), "1/9".to_owned()),
            "{remark}"
        );
        let st = r.standing(&nine_ew).unwrap();
        assert_eq!(st.boards_played, 27, "{remark}");
        assert_eq!(
            st.total,
            on_21.clone() + Score::integer(6) * Score::new(ew * 18, 100).unwrap(),
            "{remark}"
        );
    }
}

/// A remark the reader does not know is refused naming the row, its `ID`
/// and the column, and the forms it reads; never read past.
#[test]
fn lbc_an_unknown_remark_is_refused_naming_it() {
    let Some(path) = shared_file(LBC) else { return };
    let mut bytes = std::fs::read(&path).unwrap();
    let from = b"Not played";
    let i = bytes.windows(from.len()).position(|w| w == from).unwrap();
    bytes[i..i + from.len()].copy_from_slice(b"Avg+ 70%  ");
    let e = read_bws(&bytes).unwrap_err().to_string();
    countback_test_support::assert_shows(&e, &["ReceivedData", "Remarks", "Avg+ 70%", "60%-40%"]);
}

/// A figure rounded to the nearest hundredth, .005 up: ACBLscore's rule
/// for fouled and adjusted boards (its manual, "Fouled/Adjusted board
/// formula"), worked with `floor`, not the library's rounding.
fn hundredth_up(x: &Score) -> Score {
    let hundred = Score::integer(100);
    (x.clone() * hundred.clone() + Score::new(1, 2).unwrap())
        .floor()
        .checked_div(&hundred)
        .unwrap()
}

/// Issue 41, the ACBL club convention: the LBC `.bws` (an ACBL club's
/// session) scored under `acbl` gives the figures ACBLscore's rules give.
/// ACBLscore's manual, "Fouled/Adjusted board formula": M = N·S/n +
/// (N − n)/(2n) with S the match points within the n scores (1 per score
/// beaten, ½ per tie), N the scores expected; "Scores are rounded to the
/// nearest hundredth, .005 is rounded up"; a pair that missed boards is
/// factored to the most boards played in the section; the percentage is
/// the printed total over the printed top.
///
/// Board 10 by hand (9 results of 10, top 9): −200 beats 8: S = 8, M =
/// 10·8/9 + 1/18 = 161/18 = 8.944… → 8.94; −650 beats 6, ties 1: S = 6.5,
/// 131/18 = 7.277… → 7.28; −680 beats 1, ties 4: S = 3, 61/18 → 3.39;
/// −710: S = 0, 1/18 → 0.06. East-West likewise on their own S (the
/// −200 line: S = 0, 0.06).
///
/// Every pair's total is then recomputed here from the contracts' scores
/// by that formula, rounded line by line, with nothing from the library's
/// match-pointing, and its percentage from the total rounded to 0.01.
#[test]
fn lbc_under_the_acbl_convention_gives_acblscores_figures() {
    let Some(f) = read(LBC) else { return };
    let s = f.session().unwrap();
    let r = rescore(&s.session, Some(countback_results::Convention::Acbl)).unwrap();
    let board10 = &s.session.boards[9];
    for (points, ns_mp, ew_mp) in [
        (-200, "8.94", "0.06"),
        (-650, "7.28", "1.72"),
        (-680, "3.39", "5.61"),
        (-710, "0.06", "8.94"),
    ] {
        let line = board10
            .lines
            .iter()
            .find(|l| l.traveller.outcome == TableOutcome::Played { ns_points: points })
            .unwrap();
        let (ns, ew) = line_mp(&r, 10, line.traveller.ns.as_str());
        assert_eq!(
            (Score::parse(&ns).unwrap(), Score::parse(&ew).unwrap()),
            (Score::parse(ns_mp).unwrap(), Score::parse(ew_mp).unwrap()),
            "board 10, {points}"
        );
    }
    // The totals, independently: 10 results a board expected (the most on
    // any board), 1 per score beaten.
    let e = 10i64;
    let mut raw: HashMap<ContestantId, (Score, i64)> = HashMap::new();
    for b in &s.session.boards {
        let scores = played(b);
        let n = i64::try_from(scores.len()).unwrap();
        assert!(n >= 4, "no board of LBC has fewer than 4 results");
        for (ns, ew, mine) in &scores {
            let within = |sign: i32| -> Score {
                let halves: i64 = scores
                    .iter()
                    .map(|(_, _, o)| match (sign * mine).cmp(&(sign * o)) {
                        std::cmp::Ordering::Greater => 2,
                        std::cmp::Ordering::Equal => 1,
                        std::cmp::Ordering::Less => 0,
                    })
                    .sum::<i64>()
                    - 1;
                Score::new(halves, 2).unwrap()
            };
            for (who, sign) in [(ns, 1), (ew, -1)] {
                let s_in = within(sign);
                let m = if n == e {
                    s_in
                } else {
                    hundredth_up(
                        &(Score::integer(e) * s_in * Score::new(1, n).unwrap()
                            + Score::new(e - n, 2 * n).unwrap()),
                    )
                };
                let slot = raw.entry((*who).clone()).or_insert((Score::integer(0), 0));
                slot.0 = slot.0.clone() + m;
                slot.1 += 1;
            }
        }
    }
    // Factored to the most boards any pair of the section played: 27.
    for st in &r.standings {
        let (sum, played) = raw[&st.id].clone();
        assert_eq!(st.raw_total, sum, "{}", st.id);
        let total = sum * Score::new(27, played).unwrap();
        assert_eq!(st.total, total, "{}", st.id);
        let pct = hundredth_up(&total) * Score::integer(100) * Score::new(1, 27 * 9).unwrap();
        assert_eq!(st.percentage.as_ref(), Some(&pct), "{}", st.id);
    }
}

/// Issue 41: the ACBL convention "inferred where the file shows the
/// country". A `.bws` names no scoring program; an ACBL club's members are
/// known by their numbers: "ACBL assigns a seven-digit player number to
/// each member … When a player reaches Life Master status … the
/// substitution of a letter for the first digit, alphabetically from J for
/// 1 to R for 9" (ACBL Handbook, I, "The Player Number"). LBC's
/// `PlayerNumbers` give 40 numbers, each seven digits (none lettered); the
/// Common Game file 43 (of its 44 seats, one has no number). Both are scored under `acbl` with no option, say
/// so and why, and give what choosing `acbl` gives: the totals and
/// percentages worked by hand in
/// `lbc_under_the_acbl_convention_gives_acblscores_figures`, and places in
/// each direction (a Mitchell) by the printed percentage, equal ones
/// sharing the place (1 + the pairs of the field placed above).
#[test]
fn an_acbl_clubs_bws_is_scored_under_acbl_as_its_member_numbers_show() {
    for (rel, numbers) in [
        (LBC, 40),
        (
            "bridge-data/real-world/rick-wilson-bridge-parsers/1768880456-bJwUQdVmhY@260119M.BWS",
            43,
        ),
    ] {
        let Some(f) = read(rel) else { return };
        let s = f.session().unwrap();
        let inferred = rescore(&s.session, None).unwrap();
        assert_eq!(
            inferred.convention,
            countback_results::Convention::Acbl,
            "{rel}"
        );
        let why = inferred.convention_source.to_string();
        countback_test_support::assert_shows(
            &why,
            &[
                "inferred",
                &format!("{numbers} of {numbers} member numbers"),
                "ACBL Handbook",
            ],
        );
        let chosen = rescore(&s.session, Some(countback_results::Convention::Acbl)).unwrap();
        assert_eq!(inferred.standings, chosen.standings, "{rel}");
        for st in &inferred.standings {
            let above = inferred
                .standings
                .iter()
                .filter(|o| o.field == st.field && o.percentage > st.percentage)
                .count();
            assert_eq!(
                st.place,
                u32::try_from(above).unwrap() + 1,
                "{rel} {}",
                st.id
            );
        }
    }
}

/// The EBU's convention stays the default where nothing says otherwise:
/// one member number not of the ACBL's form (an EBU number has six
/// digits) and the LBC session is not inferred to be an ACBL club's.
#[test]
fn one_member_number_of_another_form_keeps_the_default() {
    let Some(f) = read(LBC) else { return };
    let mut s = f.session().unwrap().session;
    let p = s
        .participants
        .iter_mut()
        .find(|p| p.member_ids.iter().any(Option::is_some))
        .unwrap();
    p.member_ids[0] = Some("800001".to_owned());
    let r = rescore(&s, None).unwrap();
    assert_eq!(
        r.convention,
        countback_results::Convention::EbuWhiteBook2025
    );
    assert!(r.convention_source.to_string().contains("the default"));
}

/// Issue 40: no hand records although `HandRecord` holds all 36 deals and
/// `HandEvaluation` the double-dummy tricks. Board 1 as `mdb-export`
/// shows its rows (cards, tricks and points typed in from them).
#[test]
fn lbc_hand_records_and_double_dummy_tricks_are_read() {
    let Some(f) = read(LBC) else { return };
    let s = f.session().unwrap();
    assert_eq!(s.hands.len(), 36);
    let one = s.hands.get(BoardNumber(1), None).unwrap();
    let hand = |seat: usize| one.hands[seat].as_ref().unwrap().suits();
    assert_eq!(hand(0), ["AQT94", "T53", "KQ8", "T9"]);
    assert_eq!(hand(1), ["63", "J98", "J53", "K8654"]);
    assert_eq!(hand(2), ["K72", "6", "AT9762", "AJ7"]);
    assert_eq!(hand(3), ["J85", "AKQ742", "4", "Q32"]);
    // NorthSpades 12, NorthHearts 5, NorthDiamonds 12, NorthClubs 6,
    // NorthNotrump 7; East 1, 8, 1, 7, 1. Strains NT, S, H, D, C.
    let dd = one.double_dummy.as_ref().unwrap();
    assert_eq!(
        dd.tricks[0],
        [Some(7), Some(12), Some(5), Some(12), Some(6)]
    );
    assert_eq!(dd.tricks[1], [Some(1), Some(1), Some(8), Some(1), Some(7)]);
    assert_eq!(one.points, Some([11, 5, 12, 12]));
    // A .bws stores neither dealer nor vulnerability: Law 2's cycle.
    assert_eq!(
        (one.dealer, one.vulnerable.as_deref()),
        (Some('N'), Some("None"))
    );
    assert!(one.by_board_number);
    assert!(
        one.par.is_none(),
        "a .bws states no par, and none is computed"
    );
    let two = s.hands.get(BoardNumber(2), None).unwrap();
    assert_eq!(
        two.hands[0].as_ref().unwrap().suits(),
        ["T983", "T2", "AJ8764", "4"]
    );
    assert_eq!(two.double_dummy.as_ref().unwrap().tricks[1][2], Some(12));
    assert_eq!(two.vulnerable.as_deref(), Some("NS"));
    assert!(!s.session.not_used.iter().any(|n| n.starts_with("Hand")));
}
