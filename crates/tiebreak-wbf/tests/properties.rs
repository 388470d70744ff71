//! Invariants of the WBF procedures over random events: the outcome does not
//! depend on the order of the input, and a tie is only ever broken by a
//! clause whose values really separate the teams.
#![allow(clippy::unwrap_used, clippy::indexing_slicing, missing_docs)]

use countback_model::{BoardNumber, ContestantId, Encounter, Score, TieBreakOutcome, Unit, Value};
use countback_test_support::synthetic::XorShift;
use countback_tiebreak_wbf::{
    bam, pairs, round_robin, round_robin_standings, swiss, swiss_standings, BamBoard, BamRemainder,
    BamStage, BestSessions, CommonOpponents, NetAmong, PairsStage, Readings, SwissPointsOpponents,
    TeamsEvent, DECIDING_CLAUSES,
};
use proptest::prelude::*;

mod common;

use common::{name, played, side, teams_match};

/// Per match: VPs on a 4-VP scale (ties are common), IMPs and points small
/// enough that zeros (and infinite quotients) happen.
type MatchScores = (i64, i64, i64, i64, i64);

fn matches_strategy(n: usize) -> impl Strategy<Value = Vec<MatchScores>> {
    prop::collection::vec(
        (0i64..=4, 0i64..4, 0i64..4, 0i64..3, 0i64..3),
        n * (n - 1) / 2,
    )
}

/// A complete round robin of `n` teams, or (swiss) every second match left out.
fn event(n: usize, scores: &[MatchScores], sparse: bool) -> Vec<Encounter> {
    let mut out = Vec::new();
    let mut k = 0;
    for i in 0..n {
        for j in (i + 1)..n {
            let (vp, ia, ib, pa, pb) = scores[k];
            k += 1;
            if sparse && (i + j) % 3 == 0 {
                continue;
            }
            out.push(teams_match(k, (i, j), (vp, 4 - vp), (ia, ib), (pa, pb)));
        }
    }
    out
}

/// A deterministic shuffle, also swapping the sides of some encounters.
fn shuffled(mut matches: Vec<Encounter>, seed: u64) -> Vec<Encounter> {
    let mut rng = XorShift(seed | 1);
    rng.shuffle(&mut matches);
    for m in &mut matches {
        if rng.below(2) == 0 {
            std::mem::swap(&mut m.first, &mut m.second);
            for sc in &mut m.scores {
                std::mem::swap(&mut sc.first, &mut sc.second);
            }
        }
    }
    matches
}

fn teams(n: usize, seed: u64) -> Vec<ContestantId> {
    let mut t: Vec<ContestantId> = (0..n).map(name).collect();
    let k = usize::try_from(seed % (n as u64)).unwrap();
    t.rotate_left(k);
    t.reverse();
    t
}

/// Every team placed above another was put above it by a decision that had
/// both in view and whose values (when numeric) really differ; every
/// decision's groups are ordered by its values, except a decision that
/// separates nobody and says why in its note (net IMPs among teams some two
/// of which never met, read `every_pair_met`: the values are shown, and
/// the reading keeps them from deciding).
fn check_honest(outcome: &TieBreakOutcome) -> Result<(), TestCaseError> {
    for d in &outcome.trace {
        prop_assert!(
            DECIDING_CLAUSES.contains(&d.clause.0.as_str()),
            "{}",
            d.clause
        );
        if !d.separated() && d.note.is_some() {
            continue;
        }
        let numeric = |c: &ContestantId| {
            d.values
                .iter()
                .find(|(t, _)| t == c)
                .and_then(|(_, v)| match v {
                    Value::Score(_) | Value::Quotient(_) => Some(v.clone()),
                    _ => None,
                })
        };
        let cmp = |a: &Value, b: &Value| match (a, b) {
            (Value::Score(x), Value::Score(y)) => Some(x.cmp(y)),
            (Value::Quotient(x), Value::Quotient(y)) => Some(x.cmp(y)),
            _ => None,
        };
        for (gi, g) in d.result.iter().enumerate() {
            for a in g {
                for (hi, h) in d.result.iter().enumerate() {
                    for b in h {
                        if let (Some(va), Some(vb)) = (numeric(a), numeric(b)) {
                            let o = cmp(&va, &vb).unwrap();
                            let expected = hi.cmp(&gi);
                            prop_assert_eq!(o, expected, "{} {}: {} v {}", d.clause, d.test, a, b);
                        }
                    }
                }
            }
        }
    }
    let order: Vec<&[ContestantId]> = outcome.order.iter().map(|g| g.members.as_slice()).collect();
    for (i, upper) in order.iter().enumerate() {
        for lower in order.iter().skip(i + 1) {
            for a in *upper {
                for b in *lower {
                    let separated = outcome.trace.iter().any(|d| {
                        let pos = |c: &ContestantId| d.result.iter().position(|g| g.contains(c));
                        matches!((pos(a), pos(b)), (Some(x), Some(y)) if x < y)
                    });
                    prop_assert!(separated, "{a} above {b} without a separating decision");
                }
            }
        }
        prop_assert!(upper.len() == 1 || outcome.order[i].unresolved.is_some());
    }
    Ok(())
}

/// The text's readings, and every other reading at once: each property
/// holds under both.
fn readings() -> [Readings; 2] {
    [
        Readings::default(),
        Readings::default()
            .with_net_among(NetAmong::EveryPairMet)
            .with_swiss_points_opponents(SwissPointsOpponents::PlayedOnly)
            .with_best_sessions(BestSessions::UpToAll)
            .with_common_opponents(CommonOpponents::FromTheTop)
            .with_bam_remainder(BamRemainder::NextClause),
    ]
}

/// Every VP tie of `a`, broken by `procedure` in `a` and (tied teams given
/// in reverse) in the permuted `b`: the same outcome, honestly reached.
fn each_tie(
    a: &TeamsEvent,
    b: &TeamsEvent,
    procedure: impl Fn(
        &TeamsEvent,
        &[ContestantId],
    ) -> Result<TieBreakOutcome, countback_tiebreak_wbf::WbfError>,
) -> Result<(), TestCaseError> {
    let teams: Vec<ContestantId> = a.teams().cloned().collect();
    for group in countback_model::partition_descending(&teams, |t| a.victory_points(t).cloned()) {
        let oa = procedure(a, &group).unwrap();
        let mut rev = group.clone();
        rev.reverse();
        let ob = procedure(b, &rev).unwrap();
        prop_assert_eq!(&oa, &ob);
        check_honest(&oa)?;
        let mut members: Vec<ContestantId> =
            oa.order.iter().flat_map(|g| g.members.clone()).collect();
        members.sort();
        prop_assert_eq!(members, group);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn round_robin_is_order_independent_and_honest(
        (n, scores) in (2usize..7).prop_flat_map(|n| (Just(n), matches_strategy(n))),
        seed in any::<u64>(),
    ) {
        let base = event(n, &scores, false);
        let a = TeamsEvent::new(teams(n, 0), base.clone()).unwrap();
        let b = TeamsEvent::new(teams(n, seed), shuffled(base, seed)).unwrap();
        for r in readings() {
            let oa = round_robin_standings(&a, &r).unwrap();
            let ob = round_robin_standings(&b, &r).unwrap();
            prop_assert_eq!(&oa, &ob);
            prop_assert_eq!(oa.order.iter().map(|g| g.members.len()).sum::<usize>(), n);
            each_tie(&a, &b, |e, t| round_robin(e, t, &r))?;
        }
    }

    #[test]
    fn swiss_is_order_independent_and_honest(
        seed in any::<u64>(),
        scores in matches_strategy(7),
    ) {
        let base = event(7, &scores, true);
        let a = TeamsEvent::new(teams(7, 0), base.clone()).unwrap();
        let b = TeamsEvent::new(teams(7, seed), shuffled(base, seed)).unwrap();
        for r in readings() {
            let oa = swiss_standings(&a, &r).unwrap();
            let ob = swiss_standings(&b, &r).unwrap();
            prop_assert_eq!(&oa, &ob);
            each_tie(&a, &b, |e, t| swiss(e, t, &r))?;
        }
    }

    #[test]
    fn pairs_are_order_independent_and_honest(
        sessions in prop::collection::vec(prop::collection::vec(0i64..3, 3), 4),
        mps in prop::collection::vec((0i64..3, 0i64..3), 12),
        seed in any::<u64>(),
    ) {
        // Force a tie on the total: every pair's last (fourth) session tops
        // it up to 9, so the best three sessions can still differ.
        let sess: Vec<(ContestantId, Vec<Score>)> = sessions
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let (a, b, c) = (s[0], s[1], s[2]);
                let last = 9 - a - b - c;
                (name(i), [a, b, c, last].map(Score::integer).to_vec())
            })
            .collect();
        let positions: Vec<(ContestantId, u32)> =
            (0..8).map(|i| (name(i), u32::try_from(i % 5 + 1).unwrap())).collect();
        let mut meetings = Vec::new();
        let mut k = 0;
        for p in 0..4 {
            for o in 4..7 {
                let (x, y) = mps[k];
                k += 1;
                if (p + o + usize::try_from(seed % 2).unwrap()) % 4 == 0 {
                    continue;
                }
                meetings.push(played(k, name(p), name(o), vec![side(Unit::MatchPoints, x, y)]));
            }
        }
        let tied: Vec<ContestantId> = (0..4).map(name).collect();
        let a = PairsStage::new(sess.clone(), positions.clone(), meetings.clone()).unwrap();
        let mut rs = sess;
        rs.reverse();
        let mut rp = positions;
        rp.reverse();
        let b = PairsStage::new(rs, rp, shuffled(meetings, seed)).unwrap();
        let mut rt = tied.clone();
        rt.rotate_left(usize::try_from(seed % 4).unwrap());
        for r in readings() {
            let oa = pairs(&a, &tied, &r).unwrap();
            let ob = pairs(&b, &rt, &r).unwrap();
            prop_assert_eq!(&oa, &ob);
            check_honest(&oa)?;
        }
    }

    #[test]
    fn bam_is_order_independent_and_honest(
        scores in prop::collection::vec(0i64..=2, 10),
        boards in prop::collection::vec(-2i64..3, 15),
        seed in any::<u64>(),
    ) {
        // Five teams, a complete round robin of 2-board matches.
        let mut matches = Vec::new();
        let mut k = 0;
        for i in 0..5 {
            for j in (i + 1)..5 {
                let s = scores[k];
                k += 1;
                matches.push(played(k, name(i), name(j), vec![side(Unit::MatchPoints, s, 2 - s)]));
            }
        }
        let carry: Vec<(ContestantId, Score)> = (0..5).map(|i| (name(i), Score::ZERO)).collect();
        let bds: Vec<BamBoard> = (0..5)
            .flat_map(|t| (0..3).map(move |b| (t, b)))
            .map(|(t, b)| BamBoard::new(name(t), BoardNumber(u32::try_from(b + 1).unwrap()), Score::integer(boards[t * 3 + b])))
            .collect();
        let a = BamStage::new(carry.clone(), matches.clone(), bds.clone()).unwrap();
        let mut rb = bds;
        rb.reverse();
        let b = BamStage::new(carry.into_iter().rev(), shuffled(matches, seed), rb).unwrap();
        let teams: Vec<ContestantId> = (0..5).map(name).collect();
        for group in countback_model::partition_descending(&teams, |t| a.final_score(t)) {
            let mut g2 = group.clone();
            g2.reverse();
            for r in readings() {
                let oa = bam(&a, &group, &r).unwrap();
                let ob = bam(&b, &g2, &r).unwrap();
                prop_assert_eq!(&oa, &ob);
                check_honest(&oa)?;
            }
        }
    }
}
