//! Every tie-break on small events worked out by hand (the sums are in the
//! comments), under both editions, and ranking by a cascade.
#![allow(clippy::unwrap_used, missing_docs)]

mod support;

use countback_model::Score;
use countback_tiebreak_fide::{trf, Cascade, Edition, Evaluation, Options};

/// A `001` line: starting rank, name, rating, then per round
/// `(opponent, colour, result)` with opponent 0 for none.
fn line(rank: u32, name: &str, rating: u32, rounds: &[support::Round]) -> String {
    support::player(rank, name, rating, None, Some(rank), rounds)
}

/// Ann Bob Cid Dan Eve Fay, 3 rounds, byes, a forfeit and an unrated player
/// (Fay), each player's starting rank as their rank (`data/six.trf`):
/// R1 Ann-Bob 1-0, Cid-Dan =, Eve-Fay 0-1;
/// R2 Cid-Ann 0-1 (Ann Black), Bob-Fay =, Dan half-point bye, Eve zero-point bye;
/// R3 Ann-Fay =, Dan wins by forfeit v Bob, Cid pairing-allocated bye, Eve not paired.
fn six() -> String {
    support::event(include_str!("data/six.trf"))
}

fn s(text: &str) -> Score {
    Score::parse(text).unwrap()
}

/// The values of the case file `name` (under `data/`), on `six()` under
/// `edition`: `rows` of them.
fn check(edition: Edition, name: &str, rows: usize) {
    let t = trf::parse(&six()).unwrap();
    let fide = Evaluation::new(&t, Options::new(edition)).unwrap();
    support::check_values(&fide, name, rows);
}

#[test]
fn points_and_adjusted_scores() {
    let t = trf::parse(&six()).unwrap();
    let fide = Evaluation::new(&t, Options::new(Edition::Aug2024)).unwrap();
    let points: Vec<String> = (1..=6)
        .map(|p| fide.points(p).unwrap().to_string())
        .collect();
    assert_eq!(points, ["5/2", "1/2", "3/2", "2", "0", "2"]);
    // Eve's zero-point bye and absence are followed by nothing but
    // voluntarily unplayed rounds: both count as draws (0 + 1/2 + 1/2).
    // Dan's half-point bye is followed by a forfeit win: it stays as scored.
    let adjusted: Vec<String> = (1..=6)
        .map(|p| fide.adjusted_score(p).unwrap().to_string())
        .collect();
    assert_eq!(adjusted, ["5/2", "1/2", "3/2", "2", "1", "2"]);
}

/// Every tie-break on `six()` under the 2024 text, worked by hand in
/// `data/six_2024.csv`.
#[test]
fn every_tie_break_2024() {
    check(Edition::Aug2024, "six_2024.csv", 42);
}

/// The 2026 text's dummy caps on `six()`, worked by hand in
/// `data/six_2026.csv`.
#[test]
fn dummy_caps_2026() {
    check(Edition::Mar2026, "six_2026.csv", 5);
}

#[test]
fn edition_from_start_date() {
    let t = trf::parse(&six()).unwrap();
    assert_eq!(
        t.start_date.map(|d| d.to_string()).as_deref(),
        Some("2025-05-01")
    );
    let fide = Evaluation::by_start_date(&t, Options::new(Edition::Mar2026)).unwrap();
    assert_eq!(fide.options().edition(), Edition::Aug2024);
    let later = six().replace("042 2025/05/01", "042 2026/03/01");
    let t = trf::parse(&later).unwrap();
    let fide = Evaluation::by_start_date(&t, Options::new(Edition::Aug2024)).unwrap();
    assert_eq!(fide.options().edition(), Edition::Mar2026);
    let none = six().replace("042 2025/05/01\n", "");
    let t = trf::parse(&none).unwrap();
    let fide = Evaluation::by_start_date(&t, Options::new(Edition::Mar2026)).unwrap();
    assert_eq!(fide.options().edition(), Edition::Mar2026);
}

#[test]
fn ranking_by_a_cascade_names_each_tie_break() {
    let t = trf::parse(&six()).unwrap();
    let fide = Evaluation::new(&t, Options::new(Edition::Aug2024)).unwrap();
    let outcome = fide
        .rank(&"DE, BH/C1, BH".parse::<Cascade>().unwrap())
        .unwrap();
    // Dan and Fay tie on 2 and never met: DE cannot separate them;
    // BH-C1 ties too (Dan 3.5: cut the bye; Fay: Eve 1 + Bob 1/2 + Ann 5/2,
    // cut Bob = 3.5); BH decides: Dan 5.5 > Fay 4.
    assert_eq!(outcome.order_text(), "Ann > Dan > Fay > Cid > Bob > Eve");
    assert!(outcome.is_fully_resolved());
    let clauses: Vec<String> = outcome.trace.iter().map(|d| d.clause.to_string()).collect();
    assert_eq!(
        clauses,
        [
            "FIDE C.07 PTS",
            "FIDE C.07 DE",
            "FIDE C.07 BH/C1",
            "FIDE C.07 BH"
        ]
    );
    let de = outcome.trace.get(1).unwrap();
    assert!(de.note.as_deref().unwrap_or("").contains("met"));
    let bh = outcome.trace.get(3).unwrap();
    let shown: Vec<String> = bh
        .values
        .iter()
        .map(|(id, v)| format!("{id} {v}"))
        .collect();
    assert_eq!(shown, ["Dan 11/2", "Fay 4"]);
    assert_eq!(
        outcome
            .deciding_clauses()
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>(),
        ["FIDE C.07 PTS", "FIDE C.07 BH"]
    );
}

#[test]
fn a_tie_the_cascade_cannot_break_goes_to_lots() {
    let t = trf::parse(&six()).unwrap();
    let fide = Evaluation::new(&t, Options::new(Edition::Aug2024)).unwrap();
    let outcome = fide.rank(&"BH/C1".parse::<Cascade>().unwrap()).unwrap();
    assert_eq!(outcome.order_text(), "Ann > Dan = Fay > Cid > Bob > Eve");
    let tied = outcome.order.get(1).unwrap();
    assert!(matches!(
        tied.unresolved,
        Some(countback_model::Unresolved::RandomBallot { .. })
    ));
}

/// A double round of four: 1-2 1-0, 3-4 =; 3-1 =, 2-4 1-0; 1-4 0-1, 2-3 1-0.
/// Ann and Dan tie on 3/2 and met: Dan won, so DE puts Dan first.
#[test]
fn direct_encounter_between_players_who_met() {
    let text = [
        line(1, "Ann", 0, &[(2, 'w', '1'), (3, 'b', '='), (4, 'w', '0')]),
        line(2, "Bob", 0, &[(1, 'b', '0'), (4, 'w', '1'), (3, 'w', '1')]),
        line(3, "Cid", 0, &[(4, 'w', '='), (1, 'w', '='), (2, 'b', '0')]),
        line(4, "Dan", 0, &[(3, 'b', '='), (2, 'b', '0'), (1, 'b', '1')]),
    ]
    .join("\n");
    let t = trf::parse(&text).unwrap();
    let fide = Evaluation::new(&t, Options::new(Edition::Aug2024)).unwrap();
    assert_eq!(fide.value(4, &"DE".parse().unwrap()).unwrap(), Score::ONE);
    assert_eq!(fide.value(1, &"DE".parse().unwrap()).unwrap(), Score::ZERO);
    let outcome = fide.rank(&"DE".parse::<Cascade>().unwrap()).unwrap();
    assert_eq!(outcome.order_text(), "Bob > Dan > Ann > Cid");
    assert_eq!(
        fide.direct_encounter(&[1, 2, 3], false).unwrap(),
        // Ann 1 + 1/2, Bob 0 + 1, Cid 1/2 + 0.
        vec![Score::parse("3/2").unwrap(), Score::ONE, Score::half()]
    );
}

#[test]
fn tie_break_list_from_the_file() {
    let text = format!("{}\n212 PTS, BH/C1, BH, SB\n", six());
    let t = trf::parse(&text).unwrap();
    let cascade = t.declared_cascade().unwrap().unwrap();
    assert_eq!(cascade.to_string(), "BH/C1, BH, SB");
    let t = trf::parse(&six()).unwrap();
    assert_eq!(t.declared_cascade().unwrap(), None);
}

#[test]
fn codes_parse_and_print() {
    for (text, canonical) in [
        ("bh/c1", "BH/C1"),
        ("BH:GP/M2/P", "BH:GP/M2/P"),
        ("KS/L-1", "KS/L-1"),
        ("KS/L+2", "KS/L+2"),
        ("SB/C1", "SB/C1"),
        ("PS/C1", "PS/C1"),
        ("DE/P", "DE/P"),
        ("ARO/M1", "ARO/M1"),
    ] {
        let code: countback_tiebreak_fide::TieBreakCode = text.parse().unwrap();
        assert_eq!(code.to_string(), canonical);
    }
    for bad in [
        "", "XX", "BH/C0", "BH/Q", "WIN/C1", "SB/M1", "BH/C1/M1", "BH:XP", "BH/L1", "PS/P",
    ] {
        assert!(
            bad.parse::<countback_tiebreak_fide::TieBreakCode>()
                .is_err(),
            "{bad}"
        );
    }
}

#[test]
fn match_points_are_refused() {
    let t = trf::parse(&six()).unwrap();
    let fide = Evaluation::new(&t, Options::new(Edition::Aug2024)).unwrap();
    assert!(fide.value(1, &"BH:MP".parse().unwrap()).is_err());
    assert!(fide.value(99, &"BH".parse().unwrap()).is_err());
}

#[test]
fn games_as_model_encounters() {
    let t = trf::parse(&six()).unwrap();
    let games = countback_tiebreak_fide::encounters(&t);
    // 3 games in round 1, 2 in round 2, 1 game and 1 forfeit in round 3.
    assert_eq!(games.len(), 7);
    let forfeit = games
        .iter()
        .find(|e| e.status == countback_model::EncounterStatus::Awarded)
        .unwrap();
    assert!(forfeit.between(&"Bob".into(), &"Dan".into()));
    let ann = countback_model::ContestantId::new("Ann");
    let total: Score = games
        .iter()
        .filter_map(|e| e.scores_for(&ann, countback_model::Unit::GamePoints))
        .map(|(own, _)| own.clone())
        .sum();
    assert_eq!(total, s("2.5"));
}
