//! Issue 30: a pairs session scored through the library's whole path (the
//! `score` command's: read, check, score, standings and board tables), from
//! each reader, beside sorting the same scores as plain integers, the floor
//! of matchpointing. The ratio of each to that sort is printed before
//! criterion's own figures. Issue 43: from JSON, also beside the floor of
//! the whole job (`json_floor`, as the `pairs_floor` example: the file
//! parsed with serde into borrowed lines, each pair's name interned once,
//! each board matchpointed by an integer sort, each pair's total summed),
//! the ratio the issue sets its bar by (1.5×).
//!
//! The sizes are the issue's: one board of 100,000 results and a session
//! of 1,000,000 (40,000 tables × 25 boards; the event file's limit is
//! `limits::MAX_SESSION_RESULTS`, 2,000,000) from JSON, and USEBIO's
//! 50,000 traveller lines (2,000 × 25), the results files' own limit, for
//! all three readers on the same session. The debug smoke run of
//! `cargo test` uses a hundredth of the sizes.
#![allow(missing_docs)]
// The ratio to the sort is a printed measurement, never a score.
#![allow(clippy::float_arithmetic)]

use std::time::Duration;

use countback_event::{answer, FileKind, Job, Notation, Request};
use countback_test_support::synthetic::{
    json_floor, json_mitchell, median, mitchell_points, pbn_mitchell, sort_boards, usebio_mitchell,
};
use criterion::{black_box, criterion_group, criterion_main, Criterion};

/// A results file's kind and text.
type Reader = (&'static str, FileKind, fn(u32, u32) -> String);

const JSON: Reader = ("json", FileKind::Event(Notation::Json), json_mitchell);
const USEBIO: Reader = ("usebio", FileKind::Results, usebio_mitchell);
const PBN: Reader = ("pbn", FileKind::Results, pbn_mitchell);

/// The whole library path of `countback score`: 0 if refused, which the
/// bench's first run turns into a failure.
fn score(bytes: &[u8], kind: FileKind) -> usize {
    usize::from(answer(bytes, kind, &Request::new(Job::Score)).is_ok())
}

fn bench_case(c: &mut Criterion, tables: u32, boards: u32, readers: &[Reader]) {
    let (tables, boards) = if cfg!(debug_assertions) {
        (tables / 100, boards)
    } else {
        (tables, boards)
    };
    let name = format!("pairs_{tables}_x_{boards}");
    let scores = mitchell_points(tables, boards);
    let floor = median(5, || sort_boards(&scores));
    let mut g = c.benchmark_group(&name);
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_secs(3));
    g.bench_function("sort_unstable_raw_scores", |b| {
        b.iter(|| sort_boards(black_box(&scores)))
    });
    for &(reader, kind, write) in readers {
        let text = write(tables, boards);
        assert_eq!(
            score(text.as_bytes(), kind),
            1,
            "{name} from {reader} is refused"
        );
        let whole = median(3, || score(text.as_bytes(), kind));
        println!(
            "{name} from {reader}: {} results, {} bytes; sort {floor:?}, score {whole:?} ({:.0}× the sort)",
            tables * boards,
            text.len(),
            whole.as_secs_f64() / floor.as_secs_f64(),
        );
        if reader == "json" {
            let parsed = median(3, || usize::from(json_floor(&text) > 0));
            println!(
                "{name} from json: floor (serde parse, names interned, integer-sort matchpoints, pair totals) {parsed:?}, score {whole:?} ({:.2}× the floor)",
                whole.as_secs_f64() / parsed.as_secs_f64(),
            );
            g.bench_function("floor_parse_and_sort_json", |b| {
                b.iter(|| json_floor(black_box(&text)))
            });
        }
        g.bench_function(format!("score_from_{reader}"), |b| {
            b.iter(|| score(black_box(text.as_bytes()), kind))
        });
    }
    g.finish();
}

fn one_board(c: &mut Criterion) {
    bench_case(c, 100_000, 1, &[JSON]);
}

fn a_million_results(c: &mut Criterion) {
    bench_case(c, 40_000, 25, &[JSON]);
}

fn every_reader(c: &mut Criterion) {
    bench_case(c, 2_000, 25, &[JSON, USEBIO, PBN]);
}

criterion_group!(benches, one_board, a_million_results, every_reader);
criterion_main!(benches);
