//! The rules, case by case: each case says where it comes from.
#![allow(clippy::unwrap_used, clippy::expect_used)]
#![allow(clippy::indexing_slicing, missing_docs)]

use countback_model::{Clause, InputError, Unresolved};
use countback_tiebreak_chess::{
    adjusted_score, cumulative, ihsa_round_points, median, modified_median, rank, tie_break_values,
    Cascade, CascadeEnd, ContestantId, Crosstable, CrosstableError, IhsaError, IhsaEvent,
    IhsaOptions, MedianDiscards, OwnUnplayedMatch, PlayerTieBreaks, RoundNumber, RoundResult,
    Score, Standing, TeamMatch, TieBreak, UnplayedGames, UnplayedMatch, UscfOptions,
};

fn s(t: &str) -> Score {
    t.parse().unwrap()
}

fn results(line: &str) -> Vec<RoundResult> {
    line.split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect()
}

fn values_of(table: &Crosstable, options: &UscfOptions) -> Vec<PlayerTieBreaks> {
    tie_break_values(table, options)
}

fn player<'a>(values: &'a [PlayerTieBreaks], name: &str) -> &'a PlayerTieBreaks {
    values.iter().find(|v| v.player.as_str() == name).unwrap()
}

/// Source: USCF rulebook 34E (issue 6): W, W, L, then withdrawn from rounds
/// 4 and 5, counts 3 as an opponent.
#[test]
fn withdrawn_opponent_counts_unplayed_rounds_as_draws() {
    assert_eq!(adjusted_score(&results("W:a W:b L:c U U")), s("3"));
    // Through a crosstable: P met X in round 3 (X lost to P).
    let table = Crosstable::parse(
        5,
        [
            ("X", "W:a W:b L:P U U"),
            ("P", "B B W:X B B"),
            ("a", "L:X B B B B"),
            ("b", "B L:X B B B"),
        ],
    )
    .unwrap();
    let v = values_of(&table, &UscfOptions::default());
    assert_eq!(
        player(&v, "P").opponent_scores,
        [0, 0, 3, 0, 0].map(Score::integer)
    );
    // As scored, X counts 2 and P's byes are skipped.
    let raw = UscfOptions::new(MedianDiscards::uscf_rulebook(), UnplayedGames::as_scored());
    let v = values_of(&table, &raw);
    assert_eq!(player(&v, "P").opponent_scores, [Score::integer(2)]);
}

/// Source: USCF rulebook 34E3 (issue 6): a full-point bye in round 1 then
/// W, L, D, W gives cumulative 10 after the deduction.
#[test]
fn cumulative_cases() {
    for (line, rules, expected) in [
        // Source: 002_…, Cumulative: W L W D L -> 1, 1, 2, 2½, 2½ = 9.
        ("W:a L:b W:c D:d L:e", UnplayedGames::uscf(), "9"),
        ("B W:a L:b D:c W:d", UnplayedGames::uscf(), "10"),
        ("B W:a L:b D:c W:d", UnplayedGames::as_scored(), "11"),
        // A forfeit win is an unplayed win too.
        ("X:a W:b L:c D:d W:e", UnplayedGames::uscf(), "10"),
        // The optional half-point-bye deduction.
        ("H W:a", UnplayedGames::uscf(), "2"),
        (
            "H W:a",
            UnplayedGames::uscf().with_half_point_bye_deduction(true),
            "3/2",
        ),
        // Rounds after a withdrawal keep the running score.
        ("W:a U U", UnplayedGames::uscf(), "3"),
    ] {
        assert_eq!(cumulative(&results(line), &rules), s(expected), "{line}");
    }
}

/// Source: USCF rulebook 34E1/34E2 (issue 6): two 4–1 players whose
/// opponents scored 0, 3, 3, 4, 5 and 3, 2, 5, 3, 3.
#[test]
fn two_four_one_players() {
    for (opponents, solkoff, modified, plain) in
        [([0, 3, 3, 4, 5], 15, 15, 10), ([3, 2, 5, 3, 3], 16, 14, 9)]
    {
        let o = opponents.map(Score::integer);
        let standing = Standing::of(&Score::integer(4), 5);
        assert_eq!(standing, Standing::Plus);
        assert_eq!(o.iter().sum::<Score>(), Score::integer(solkoff));
        assert_eq!(modified_median(&o, 1, standing), Score::integer(modified));
        assert_eq!(median(&o, 1), Score::integer(plain));
    }
}

#[test]
fn own_bye_is_the_zero_a_plus_score_drops() {
    // P: a bye, then beats A, B and C, who are seen on 2, 1 and 3/2.
    let table = Crosstable::parse(
        4,
        [
            ("P", "B W:A W:B W:C"),
            ("A", "W:B L:P B U"),
            ("B", "L:A B L:P U"),
            ("C", "B U B L:P"),
        ],
    )
    .unwrap();
    let v = values_of(&table, &UscfOptions::default());
    let p = player(&v, "P");
    assert_eq!(p.standing, Standing::Plus);
    assert_eq!(p.opponent_scores, [s("0"), s("2"), s("1"), s("3/2")]);
    assert_eq!(p.modified_median, &p.solkoff - &Score::ZERO);
    assert_eq!(
        p.median,
        p.solkoff.clone() - p.opponent_scores.iter().max().unwrap().clone()
    );
    // Minus scores drop the highest, even scores both ends.
    let b = player(&v, "B");
    assert_eq!(b.standing, Standing::Minus);
    let max = b.opponent_scores.iter().max().unwrap().clone();
    assert_eq!(b.modified_median, &b.solkoff - &max);
}

#[test]
fn an_opponent_met_twice_counts_twice() {
    let table = Crosstable::parse(2, [("A", "W:B D:B"), ("B", "L:A D:A")]).unwrap();
    let v = values_of(&table, &UscfOptions::default());
    assert_eq!(player(&v, "A").solkoff, s("1"));
    assert_eq!(player(&v, "B").solkoff, s("3"));
    assert_eq!(player(&v, "B").opposition_cumulative, s("5"));
}

#[test]
fn medians_on_too_few_opponents_are_zero_not_a_panic() {
    let one = [Score::integer(3)];
    assert_eq!(median(&one, 1), Score::ZERO);
    assert_eq!(median(&[], 2), Score::ZERO);
    assert_eq!(modified_median(&one, 2, Standing::Plus), Score::ZERO);
    assert_eq!(modified_median(&one, 0, Standing::Minus), Score::integer(3));
    let three = [1, 2, 3].map(Score::integer);
    assert_eq!(median(&three, 2), Score::ZERO);
    assert_eq!(median(&three, 1), Score::integer(2));
}

#[test]
fn median_tables() {
    for (table, rounds, expected) in [
        (MedianDiscards::harkness(), 5, 1),
        (MedianDiscards::harkness(), 8, 1),
        (MedianDiscards::harkness(), 9, 2),
        (MedianDiscards::harkness(), 12, 2),
        (MedianDiscards::harkness(), 13, 3),
        (MedianDiscards::uscf_rulebook(), 8, 1),
        (MedianDiscards::uscf_rulebook(), 9, 2),
        (MedianDiscards::uscf_rulebook(), 20, 2),
        (MedianDiscards::custom([(3, 1)]).unwrap(), 2, 0),
    ] {
        assert_eq!(table.for_rounds(rounds), expected, "{table:?} at {rounds}");
    }
    assert!(MedianDiscards::custom([(9, 2), (9, 3)]).is_err());
    assert!(MedianDiscards::custom([(9, 2), (1, 3)]).is_err());
}

/// The error of a round whose two records disagree: the player's and the
/// opponent's, each with its record.
fn asymmetric(
    round: u32,
    (player, player_record): (&str, RoundResult),
    (opponent, opponent_record): (&str, RoundResult),
) -> CrosstableError {
    CrosstableError::Asymmetric {
        round: RoundNumber(round),
        player: ContestantId::new(player),
        opponent: ContestantId::new(opponent),
        player_record,
        opponent_record,
    }
}

#[test]
fn bad_crosstables_name_the_culprits() {
    use RoundResult::{ForfeitWin, FullPointBye, Loss, Win};
    let id = ContestantId::new;
    for (rows, rounds, expected) in [
        (
            vec![("A", "W:B"), ("B", "W:A")],
            1,
            asymmetric(1, ("A", Win(id("B"))), ("B", Win(id("A")))),
        ),
        (
            vec![("A", "B W:B"), ("B", "B B"), ("C", "B L:A")],
            2,
            asymmetric(2, ("A", Win(id("B"))), ("B", FullPointBye)),
        ),
        (
            vec![("A", "X:B"), ("B", "L:A")],
            1,
            asymmetric(1, ("A", ForfeitWin(id("B"))), ("B", Loss(id("A")))),
        ),
        (
            vec![("A", "W:Q")],
            1,
            CrosstableError::UnknownOpponent {
                round: RoundNumber(1),
                player: id("A"),
                opponent: id("Q"),
            },
        ),
        (
            vec![("A", "D:A")],
            1,
            CrosstableError::Input(InputError::PlaysItself {
                round: RoundNumber(1),
                contestant: id("A"),
            }),
        ),
        (
            vec![("A", "B B")],
            3,
            CrosstableError::WrongRoundCount {
                player: id("A"),
                expected: 3,
                found: 2,
            },
        ),
        (
            vec![("A", "B"), ("A", "H")],
            1,
            CrosstableError::Input(InputError::DuplicateContestant {
                contestant: id("A"),
            }),
        ),
    ] {
        assert_eq!(
            Crosstable::parse(rounds, rows.clone()),
            Err(expected),
            "{rows:?}"
        );
    }
    assert!(matches!(
        "Q:x".parse::<RoundResult>(),
        Err(CrosstableError::BadResultText { .. })
    ));
    // A double forfeit is both sides' forfeit loss.
    assert!(Crosstable::parse(1, [("A", "F:B"), ("B", "F:A")]).is_ok());
}

fn two_level_pair() -> Crosstable {
    // A and B identical in every respect: a symmetric four-player event.
    Crosstable::parse(
        2,
        [
            ("A", "W:C D:B"),
            ("B", "W:D D:A"),
            ("C", "L:A D:D"),
            ("D", "L:B D:C"),
        ],
    )
    .unwrap()
}

#[test]
fn a_tie_after_every_system_ends_as_the_regulations_say() {
    let table = two_level_pair();
    let outcome = rank(&table, &Cascade::uscf(), &UscfOptions::default());
    assert_eq!(outcome.order_text(), "A = B > C = D");
    assert_eq!(
        outcome.order[0].unresolved,
        Some(Unresolved::Stands {
            clause: TieBreak::OppositionCumulative.clause()
        })
    );
    let toss = Clause::new("USCF 34E12 coin flip");
    let outcome = rank(
        &table,
        &Cascade::uscf().ending(CascadeEnd::RandomBallot(toss.clone())),
        &UscfOptions::default(),
    );
    assert_eq!(
        outcome.order[0].unresolved,
        Some(Unresolved::RandomBallot { clause: toss })
    );
    // Each system was tried in order, among the tied pair only, values named.
    let clauses: Vec<String> = outcome
        .trace
        .iter()
        .filter(|d| d.among.len() == 2 && d.among[0].as_str() == "A")
        .map(|d| d.clause.to_string())
        .collect();
    assert_eq!(
        clauses,
        [
            "USCF 34E1 modified median",
            "USCF 34E2 Solkoff",
            "USCF 34E3 cumulative",
            "USCF 34E opposition's cumulative"
        ]
    );
}

#[test]
fn a_user_order_is_followed_and_stops_once_separated() {
    // Ann and Cy tie on 1½: modified median level, Solkoff 5/2 v 3/2.
    let table = Crosstable::parse(
        2,
        [
            ("Ann", "W:Bob D:Cy"),
            ("Bob", "L:Ann W:Dee"),
            ("Cy", "W:Dee D:Ann"),
            ("Dee", "L:Cy L:Bob"),
        ],
    )
    .unwrap();
    let outcome = rank(
        &table,
        &Cascade::new([TieBreak::Cumulative, TieBreak::Solkoff, TieBreak::Median]),
        &UscfOptions::default(),
    );
    assert_eq!(outcome.order_text(), "Ann > Cy > Bob > Dee");
    let tried: Vec<String> = outcome.trace.iter().map(|d| d.clause.to_string()).collect();
    assert_eq!(
        tried,
        [
            countback_tiebreak_chess::SCORE_CLAUSE,
            "USCF 34E3 cumulative",
            "USCF 34E2 Solkoff"
        ]
    );
    let solkoff = &outcome.trace[2];
    assert_eq!(solkoff.values[0].1.to_string(), "5/2");
    assert_eq!(solkoff.values[1].1.to_string(), "3/2");
}

/// Source: 002_…, IHSA Team Tie-Break System, example table
/// (`data/ihsa_example.csv`): each row, and their total.
#[test]
fn ihsa_rows_follow_the_formula() {
    let rows = countback_test_support::case_file::csv(
        include_str!("data/ihsa_example.csv"),
        "match_points,opponents,round_points",
        7,
    );
    let mut total = Score::ZERO;
    for row in rows {
        let (mp, opp) = (s(row[0]), s(row[1]));
        let points = ihsa_round_points(&mp, &opp);
        assert_eq!(points, s(row[2]), "({mp}+10) x ({opp}^2+1) / 100");
        total += points;
    }
    assert_eq!(total, s("60.66"));
}

fn m(r: u32, a: &str, b: &str, x: i64, y: i64) -> TeamMatch {
    TeamMatch {
        round: RoundNumber(r),
        first: a.into(),
        second: b.into(),
        first_match_points: Score::integer(x),
        second_match_points: Score::integer(y),
    }
}

fn bye(r: u32, team: &str, mp: i64, tp: &str) -> UnplayedMatch {
    UnplayedMatch {
        round: RoundNumber(r),
        team: team.into(),
        match_points: Score::integer(mp),
        tournament_points: s(tp),
    }
}

fn small_event() -> IhsaEvent {
    IhsaEvent::new(
        2,
        ["A", "B", "C"].map(Into::into),
        [m(1, "A", "B", 40, 28), m(2, "A", "C", 30, 38)],
        [bye(1, "C", 34, "1"), bye(2, "B", 34, "1")],
    )
    .unwrap()
}

#[test]
fn ihsa_own_unplayed_match_options() {
    let event = small_event();
    let b: ContestantId = "B".into();
    assert_eq!(event.tournament_points(&b), Some(Score::ONE));
    for (own, expected) in [
        // Only the match played: (28+10)(1+1)/100, A seen on 1 (no byes).
        (OwnUnplayedMatch::Omitted, "19/25"),
        // Plus a draw, 34 points, against a team on 1 (half of 2 rounds).
        (OwnUnplayedMatch::ScoredAsDraw, "19/25 + 44*2/100"),
        // Plus the 34 awarded against a team on 0.
        (OwnUnplayedMatch::AwardedAgainstZero, "19/25 + 44/100"),
    ] {
        let want: Score = expected
            .split(" + ")
            .map(|t| {
                if let Some((a, rest)) = t.split_once('*') {
                    let (b, c) = rest.split_once('/').unwrap();
                    s(a) * s(b) * Score::new(1, c.parse().unwrap()).unwrap()
                } else {
                    s(t)
                }
            })
            .sum();
        let tb = event
            .tie_break(&b, &IhsaOptions::ihsa().with_own_unplayed(own))
            .unwrap();
        assert_eq!(tb.total, want, "{own:?}");
    }
}

#[test]
fn ihsa_ranking_and_bad_input() {
    let event = small_event();
    let outcome = event
        .rank(&IhsaOptions::ihsa(), &CascadeEnd::Stands)
        .unwrap();
    // C won its match and had a bye: 2. A and B on 1: A 77/40, B 19/25.
    assert_eq!(outcome.order_text(), "C > A > B");
    assert_eq!(outcome.trace[1].clause.to_string(), "IHSA team tie-break");
    let team = |t: &str| ContestantId::new(t);
    for (result, expected) in [
        (
            IhsaEvent::new(1, ["A"].map(Into::into), [m(1, "A", "Z", 1, 2)], []),
            IhsaError::UnknownTeam {
                round: RoundNumber(1),
                team: team("Z"),
            },
        ),
        (
            IhsaEvent::new(2, ["A", "B"].map(Into::into), [m(1, "A", "B", 1, 2)], []),
            IhsaError::NoResult {
                round: RoundNumber(2),
                team: team("A"),
            },
        ),
        (
            IhsaEvent::new(
                1,
                ["A", "B"].map(Into::into),
                [m(1, "A", "B", 1, 2)],
                [bye(1, "B", 0, "0")],
            ),
            IhsaError::TwoResults {
                round: RoundNumber(1),
                team: team("B"),
            },
        ),
        (
            IhsaEvent::new(1, ["A"].map(Into::into), [m(1, "A", "A", 1, 2)], []),
            IhsaError::Input(InputError::PlaysItself {
                round: RoundNumber(1),
                contestant: team("A"),
            }),
        ),
        (
            IhsaEvent::new(1, ["A", "A"].map(Into::into), [], []),
            IhsaError::Input(InputError::DuplicateContestant {
                contestant: team("A"),
            }),
        ),
        (
            IhsaEvent::new(1, ["A"].map(Into::into), [], [bye(2, "A", 0, "0")]),
            IhsaError::RoundOutOfRange {
                team: team("A"),
                round: RoundNumber(2),
                rounds: 1,
            },
        ),
    ] {
        assert_eq!(result, Err(expected));
    }
    let over = IhsaEvent::new(1, ["A", "B"].map(Into::into), [m(1, "A", "B", 69, 0)], []).unwrap();
    assert!(matches!(
        over.rank(&IhsaOptions::ihsa(), &CascadeEnd::Stands),
        Err(IhsaError::OutOfRange { .. })
    ));
}

#[test]
fn ihsa_outcome_does_not_depend_on_input_order() {
    let matches = [m(1, "A", "B", 40, 28), m(2, "A", "C", 30, 38)];
    let byes = [bye(1, "C", 34, "1"), bye(2, "B", 34, "1")];
    let forward = IhsaEvent::new(
        2,
        ["A", "B", "C"].map(Into::into),
        matches.clone(),
        byes.clone(),
    )
    .unwrap();
    let mut rev_matches = matches.to_vec();
    rev_matches.reverse();
    let mut rev_byes = byes.to_vec();
    rev_byes.reverse();
    let backward =
        IhsaEvent::new(2, ["C", "B", "A"].map(Into::into), rev_matches, rev_byes).unwrap();
    assert_eq!(forward, backward);
    let options = IhsaOptions::ihsa().with_own_unplayed(OwnUnplayedMatch::ScoredAsDraw);
    assert_eq!(
        forward.rank(&options, &CascadeEnd::Stands),
        backward.rank(&options, &CascadeEnd::Stands)
    );
}
