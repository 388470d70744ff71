//! Issue 30: the bar. One board of 100,000 results and a session of
//! 1,000,000 results (40,000 a board × 25 boards), each beside sorting the
//! same scores as plain integers, the physical limit of matchpointing. The
//! ratio of each to that sort is printed before criterion's own figures.
//! The debug smoke run of `cargo test` uses a hundredth of the sizes.
#![allow(missing_docs)]
// The ratio to the sort is a printed measurement, never a score.
#![allow(clippy::float_arithmetic)]

use std::time::Duration;

use countback_matchpoints::synthetic::{bench_score, mitchell_line};
use countback_matchpoints::{
    matchpoint_board, matchpoint_integers, rank_standings, Movement, PercentageMethod, Scale,
    ScoreTable,
};
use countback_model::{BoardNumber, TableOutcome, TravellerLine};
use countback_test_support::synthetic::{median, sort_boards};
use criterion::{black_box, criterion_group, criterion_main, Criterion};

/// `boards` travellers of `tables` results each: NS pair `t` meets EW pair
/// `t + b` on board `b` (a Mitchell), scores from a fixed xorshift.
fn session(tables: usize, boards: u32) -> Vec<Vec<TravellerLine>> {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    (1..=boards)
        .map(|b| {
            (0..tables)
                .map(|t| mitchell_line(b, t, tables, bench_score(&mut x)))
                .collect()
        })
        .collect()
}

fn points(lines: &[TravellerLine]) -> Vec<i32> {
    lines
        .iter()
        .map(|l| match l.outcome {
            TableOutcome::Played { ns_points } => ns_points,
            _ => 0,
        })
        .collect()
}

fn matchpoint_all(boards: &[Vec<i32>]) -> usize {
    boards
        .iter()
        .map(|b| black_box(matchpoint_integers(b)).len())
        .sum()
}

/// The whole library path: every traveller checked and matchpointed with
/// its pairs, the score table, exact standings and the ranking.
fn score_all(travellers: &[Vec<TravellerLine>]) -> usize {
    let tables = travellers.first().map_or(0, Vec::len);
    let mut table = ScoreTable::new(Scale::TwoPerBeat.top(tables));
    for (b, lines) in (1..).zip(travellers) {
        let Ok(board) =
            matchpoint_board(BoardNumber(b), lines, Scale::TwoPerBeat, &Movement::open())
        else {
            return 0;
        };
        for line in board.played {
            let _ = table.record(BoardNumber(b), line.ns, line.ns_mp);
            let _ = table.record(BoardNumber(b), line.ew, line.ew_mp);
        }
    }
    let standings = table
        .standings(&PercentageMethod::Proportional)
        .unwrap_or_default();
    black_box(rank_standings(&standings)).len()
}

fn bench_case(c: &mut Criterion, name: &str, tables: usize, boards: u32) {
    let travellers = session(tables, boards);
    let scores: Vec<Vec<i32>> = travellers.iter().map(|t| points(t)).collect();
    let results = tables * boards as usize;
    // The ratio to the floor, printed so that a run records it.
    let floor = median(5, || sort_boards(&scores));
    let mp = median(5, || matchpoint_all(&scores));
    let whole = median(3, || score_all(&travellers));
    println!(
        "{name}: {results} results; sort {floor:?}, matchpoint_integers {mp:?} ({:.2}× the sort), \
         matchpoint_board + table + standings + rank {whole:?} ({:.1}× the sort)",
        mp.as_secs_f64() / floor.as_secs_f64(),
        whole.as_secs_f64() / floor.as_secs_f64(),
    );
    let mut g = c.benchmark_group(name);
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_secs(3));
    g.bench_function("sort_unstable_raw_scores", |b| {
        b.iter(|| sort_boards(black_box(&scores)))
    });
    g.bench_function("matchpoint_integers", |b| {
        b.iter(|| matchpoint_all(black_box(&scores)))
    });
    g.bench_function("matchpoint_board_table_standings_rank", |b| {
        b.iter(|| score_all(black_box(&travellers)))
    });
    g.finish();
}

fn one_board(c: &mut Criterion) {
    let n = if cfg!(debug_assertions) {
        1_000
    } else {
        100_000
    };
    bench_case(c, &format!("board_{n}_results"), n, 1);
}

fn one_session(c: &mut Criterion) {
    let tables = if cfg!(debug_assertions) { 400 } else { 40_000 };
    bench_case(c, &format!("session_{tables}_x_25_boards"), tables, 25);
}

criterion_group!(benches, one_board, one_session);
criterion_main!(benches);
