//! A teams results file ranked straight from the file:
//! `cargo bench -p countback-event --bench teams_files`.
//!
//! A Swiss of 100 teams over 10 rounds (500 matches) written as Ruter
//! writes its PBN teams export (two segments a match in `MatchDetails`,
//! stored VPs of the WBF 2013 continuous scale at 16 boards, lineups, the
//! totals table): read, the scale inferred from the stored VPs (every
//! scale at every board count from 1 to 64 tried), every stored figure
//! audited, and ranked under EBU 143. Target (issue 26): under 0.2 s and
//! 100 MB.
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::fmt::Write as _;

use countback_event::options::RawOptions;
use countback_event::results_teams;
use countback_event::Procedure;
use countback_vp::{FractionalMargin, Score, VpScale};
use criterion::{black_box, criterion_group, criterion_main, Criterion};

/// The export of a Swiss of `teams` teams over `rounds` rounds: the
/// pairing of each round by the circle method (no two teams meet twice),
/// IMPs from a fixed generator.
fn ruter_swiss(teams: usize, rounds: usize) -> String {
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = move |n: u64| {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        i64::try_from((seed >> 33) % n).unwrap()
    };
    let table = VpScale::WbfContinuous.table(16).unwrap();
    let vp = |v: &Score| table.format_vp(v);
    let mut totals: BTreeMap<usize, Score> = BTreeMap::new();
    let mut rows = String::new();
    for r in 0..rounds {
        // Circle method: team 0 fixed, the others rotate.
        let at = |i: usize| {
            if i == 0 {
                0
            } else {
                (i - 1 + r) % (teams - 1) + 1
            }
        };
        for t in 0..teams / 2 {
            let (home, away) = (at(t) + 1, at(teams - 1 - t) + 1);
            let s: [i64; 4] = [next(45), next(45), next(45), next(45)];
            let (h, a) = (s[0] + s[2], s[1] + s[3]);
            let split = table
                .convert(&Score::integer(h - a), &FractionalMargin::Refuse)
                .unwrap();
            *totals.entry(home).or_default() += &split.first;
            *totals.entry(away).or_default() += &split.second;
            let _ = writeln!(
                rows,
                "{} {} {home} {away} \"1,{},{}|2,{},{}|200,{h},{a}\" {} {} \"1,O,N,{home}01,One,Team\" -",
                r + 1,
                t + 1,
                s[0],
                s[1],
                s[2],
                s[3],
                vp(&split.first),
                vp(&split.second)
            );
        }
    }
    let mut order: Vec<(&usize, &Score)> = totals.iter().collect();
    order.sort_by(|x, y| y.1.cmp(x.1).then(x.0.cmp(y.0)));
    let mut out = String::from(
        "% PBN 2.0\n% EXPORT\n% <META  name=Generator                  content=\"Ruter i Norge\">\n\
         [Event \"Bench Swiss\"]\n[Competition \"Teams\"]\n[Application \"Ruter i Norge\"]\n\
         [TotalScoreTable \"Rank\\1R;TeamId\\3R;TotalScoreVP\\6R;TeamName\\10L;NrRounds\\2R\"]\n",
    );
    for (rank, (team, total)) in order.iter().enumerate() {
        let _ = writeln!(
            out,
            "{} {team} {} \"Team {team}\" {rounds}",
            rank + 1,
            vp(total)
        );
    }
    out.push_str(
        "[ScoreTable \"Round\\2R;Table\\2R;TeamId_Home\\3R;TeamId_Away\\3R;MatchDetails\\28L;VP_Home\\5R;VP_Away\\5R;LineupDetails_Home\\30L;LineupDetails_Away\\1L\"]\n",
    );
    out.push_str(&rows);
    out
}

fn rank(text: &str) -> results_teams::TeamsRanked {
    results_teams::rank(
        text.as_bytes(),
        Some(Procedure::Ebu),
        &RawOptions::default(),
    )
    .unwrap()
    .unwrap()
}

fn teams_file(c: &mut Criterion) {
    // The smoke run of `cargo test` is a debug build: keep it small there.
    let (teams, rounds) = if cfg!(debug_assertions) {
        (20, 4)
    } else {
        (100, 10)
    };
    let text = ruter_swiss(teams, rounds);
    let start = std::time::Instant::now();
    let ranked = rank(&text);
    let once = start.elapsed();
    assert_eq!(ranked.ranking.primary.len(), teams);
    assert_eq!(ranked.exceptions().count(), 0);
    assert_eq!(ranked.rescore.as_ref().unwrap().choice.boards, 16);
    eprintln!(
        "{teams} teams, {rounds} rounds, {} bytes of PBN: one run {once:?}",
        text.len()
    );
    let mut g = c.benchmark_group(format!("pbn_teams_{teams}_teams_{rounds}_rounds"));
    g.sample_size(10);
    g.bench_function("read_rescore_audit_rank_ebu", |b| {
        b.iter(|| black_box(rank(&text)))
    });
    g.finish();
}

criterion_group!(benches, teams_file);
criterion_main!(benches);
