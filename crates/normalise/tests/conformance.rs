//! Conformance with real match-pointed sessions scored by Compscore3, read
//! from `../shared/bridge-data` beside the workspace; skipped, saying so,
//! when the files are absent.
//!
//! Each session is rescored from its travellers alone (raw scores and
//! `Axxyy` adjusted scores), exactly, with `E` = the largest number of
//! results on any board, and compared with the totals, percentages and
//! places the program wrote.
#![allow(clippy::unwrap_used, clippy::panic)]
#![allow(clippy::indexing_slicing, missing_docs)]

use std::collections::BTreeMap;

use countback_normalise::{
    score_session, ArtificialScore, BoardNumber, ContestantId, HalfRule, Movement, RoundingMode,
    Score, SessionSpec, TableOutcome, Traveller, TravellerLine,
};

use countback_test_support::files::{played_boards, tags};

fn data(file: &str) -> Option<String> {
    countback_test_support::shared_text(&format!("bridge-data/cobalt-compscore3/{file}"))
}

/// Pair numbers are written as the file writes them (`7`, `1NS`, `1EW`).
fn travellers(xml: &str) -> Vec<Traveller> {
    played_boards(xml)
        .map(|b| {
            let board = BoardNumber(tags(b, "BOARD_NUMBER")[0].parse().unwrap());
            let lines = b
                .split("<TRAVELLER_LINE>")
                .skip(1)
                .map(|l| {
                    let (ns, ew) = (tags(l, "NS_PAIR_NUMBER")[0], tags(l, "EW_PAIR_NUMBER")[0]);
                    let score = tags(l, "SCORE")[0];
                    let outcome = match score.strip_prefix('A') {
                        Some(split) => TableOutcome::Artificial(
                            ArtificialScore::new(
                                Score::parse(&split[..2]).unwrap(),
                                Score::parse(&split[2..]).unwrap(),
                            )
                            .unwrap(),
                        ),
                        None => TableOutcome::Played {
                            ns_points: score.parse().unwrap(),
                        },
                    };
                    TravellerLine {
                        board,
                        ns: ns.into(),
                        ew: ew.into(),
                        outcome,
                    }
                })
                .collect();
            Traveller::new(board, lines)
        })
        .collect()
}

struct Expected {
    field: String,
    played: usize,
    max: usize,
    total: String,
    percentage: String,
    place: usize,
    agrees: bool,
    recomputed_total: String,
}

fn expected(csv: &str) -> BTreeMap<ContestantId, Expected> {
    csv.lines()
        .skip(1)
        .map(|l| {
            let c: Vec<&str> = l.split(',').collect();
            (
                ContestantId::new(c[0]),
                Expected {
                    field: c[1].to_owned(),
                    played: c[2].parse().unwrap(),
                    max: c[3].parse().unwrap(),
                    total: c[4].to_owned(),
                    percentage: c[5].to_owned(),
                    place: c[6].parse().unwrap(),
                    recomputed_total: c[7].to_owned(),
                    agrees: c[9] == "yes",
                },
            )
        })
        .collect()
}

fn two_places(s: &Score) -> String {
    s.to_decimal(2, &RoundingMode::Nearest(HalfRule::AwayFromZero))
        .unwrap()
}

/// Rescore one file; returns (pairs that agree, pairs the file overrode by hand).
fn rescore(name: &str) -> Option<(usize, usize)> {
    let xml = data(&format!("{name}.xml"))?;
    let csv = data(&format!("{name}.expected.csv"))?;
    let want = expected(&csv);
    let session = score_session(
        &travellers(&xml),
        &SessionSpec::default(),
        &Movement::open(),
    )
    .unwrap();
    let table = &session.table;
    let mut scaled: BTreeMap<ContestantId, Score> = BTreeMap::new();
    let (mut agree, mut overridden, mut exact) = (0, 0, 0);
    for (pair, e) in &want {
        assert_eq!(table.boards_played(pair), e.played, "{name} {pair}: boards");
        let total = table.scaled_total(pair, e.max).unwrap();
        let pct = table
            .percentage(pair, &countback_normalise::PercentageMethod::Proportional)
            .unwrap();
        if e.agrees {
            if within_a_hundredth(&total, &e.total, &format!("{name} {pair} total")) {
                exact += 1;
            }
            assert_eq!(
                two_places(&pct),
                e.percentage,
                "{name} {pair}: percentage {pct}"
            );
            agree += 1;
        } else {
            // Compscore's totals include match points set by hand; ours
            // follow the travellers, as the independent recomputation does.
            let recomputed = Score::parse(&e.recomputed_total).unwrap();
            assert_eq!(two_places(&total), two_places(&recomputed), "{name} {pair}");
            overridden += 1;
        }
        scaled.insert(pair.clone(), total);
    }
    // Places within each field, exact ties sharing a place.
    if overridden == 0 {
        let fields: std::collections::BTreeSet<&str> =
            want.values().map(|e| e.field.as_str()).collect();
        for field in fields {
            let members = want
                .iter()
                .filter(|(_, e)| e.field == field)
                .map(|(p, _)| (p.clone(), scaled[p].clone()));
            for place in countback_normalise::rank(members) {
                for m in &place.members {
                    assert_eq!(place.place, want[m].place, "{name} {m}: place");
                }
            }
        }
    }
    println!(
        "{name}: {agree} pairs: every percentage exact to 2 places, {exact} totals exact to 2 places \
         and the rest within 0.01; {overridden} totals overridden by hand"
    );
    Some((agree, overridden))
}

/// Each real file, what it holds, and what its rescore gives: (pairs whose
/// percentage, total and place agree, totals Compscore overrode by hand).
const FILES: &[(&str, &str, (usize, usize))] = &[
    (
        "mp_pairs_howell",
        "a Howell with a short board and an adjusted line",
        (12, 0),
    ),
    (
        "mp_pairs_mitchell_04",
        "a skewered Mitchell with short boards",
        (16, 0),
    ),
    (
        "mp_pairs_mitchell",
        "a Mitchell with one long board and exact ties",
        (38, 0),
    ),
    (
        "mp_pairs_mitchell_adjusted_02",
        "a Mitchell with split adjusted scores",
        (39, 3),
    ),
];

#[test]
fn every_file_is_rescored_as_its_writer_printed_it() {
    for (name, what, want) in FILES {
        if let Some(counts) = rescore(name) {
            assert_eq!(counts, *want, "{name}: {what}");
        }
    }
}

/// Compscore works in floating point and may also round per board, so its
/// 2-place figures can differ from the exact value rounded by 0.01 (e.g.
/// 7489/18 = 416.0556 is written 416.05); the file's own recomputation uses
/// the same tolerance. Returns whether the figure is also exactly the
/// rounded value.
fn within_a_hundredth(ours: &Score, given: &str, what: &str) -> bool {
    let given_value = Score::parse(given).unwrap();
    let off = (ours - &given_value).abs();
    assert!(
        off <= Score::parse("0.01").unwrap(),
        "{what}: ours {ours} = {}, file {given}",
        two_places(ours)
    );
    two_places(ours) == given
}
