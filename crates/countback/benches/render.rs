//! Rendering against the rules, in one run: `cargo bench -p countback --bench render`.
//!
//! Inputs the size of a large real event (a debug build, as under
//! `cargo clippy --all-targets`, uses small ones so it runs in seconds):
//!
//! - `board-20000`: one pairs board with 20,000 results (a Mitchell of
//!   20,000 tables: the size at which a linear search per place made
//!   rendering dominate);
//! - `session-1000x30`: 1,000 tables (2,000 pairs) over 30 boards;
//! - `session-2000x25`: 2,000 tables over 25 boards, 50,000 results (an EBU
//!   Sim Pairs), where writing the output cost more than the rules
//!   (issue 30);
//! - `fide-9999`: a FIDE TRF Swiss of 9,999 players over 11 rounds (the most
//!   a TRF-16 file can number), ranked by its default tie-breaks.
//!
//! For each it prints, best of several runs:
//!
//! - `library`: the event library's own work in-process (parse the text,
//!   score or rank) — what any front end must pay;
//! - `render <format>`: writing the result in each format to a sink,
//!   in-process, and its ratio to text;
//! - `command <format>`: the whole `countback` command (start, read, parse,
//!   compute, write to /dev/null) and its peak resident memory (Linux
//!   `/usr/bin/time -f %M`, when present), each as a ratio to the text
//!   output's, and the text command's time as a ratio to the library's.
//!
//! The targets: every format within 1.3× of text in time and
//! memory; the whole command within 2× of the library's computation.
#![allow(clippy::unwrap_used, clippy::expect_used)]
#![allow(missing_docs, clippy::float_arithmetic)]

use std::io;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use countback::cli::{Boards, Format, HalfDisplay};
use countback_test_support::synthetic::XorShift;

#[path = "support/fide_swiss.rs"]
mod fide_swiss;
use fide_swiss::trf;

const FORMATS: [(Format, &str); 4] = [
    (Format::Text, "text"),
    (Format::Json, "json"),
    (Format::Csv, "csv"),
    (Format::Html, "html"),
];

fn small() -> bool {
    cfg!(debug_assertions)
}

fn session(tables: usize, boards: usize) -> String {
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    let mut t = String::with_capacity(tables * boards * 48);
    t.push_str("[event]\nname = \"Synthetic session\"\n");
    for b in 1..=boards {
        t.push_str(&format!("[[boards]]\nboard = {b}\nresults = [\n"));
        for i in 1..=tables {
            let score = i64::try_from(rng.below(40)).unwrap_or(0) * 10 - 200;
            let ew = (i + b) % tables + 1;
            t.push_str(&format!(
                "  {{ ns = \"N{i}\", ew = \"E{ew}\", score = \"{score}\" }},\n"
            ));
        }
        t.push_str("]\n");
    }
    t
}

fn best<T>(runs: usize, mut f: impl FnMut() -> T) -> Duration {
    (0..runs)
        .map(|_| {
            let t = Instant::now();
            std::hint::black_box(f());
            t.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// The whole command: best wall time of `runs`, and its peak resident
/// memory in KiB (when `/usr/bin/time` is there).
fn command(args: &[&str], runs: usize) -> (Duration, Option<u64>) {
    let exe = env!("CARGO_BIN_EXE_countback");
    let time = Path::new("/usr/bin/time");
    let mut best_time = Duration::MAX;
    let mut peak = None;
    for _ in 0..runs {
        let t = Instant::now();
        let out = if time.exists() {
            Command::new(time)
                .args(["-f", "%M", exe])
                .args(args)
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .output()
                .unwrap()
        } else {
            Command::new(exe)
                .args(args)
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .output()
                .unwrap()
        };
        best_time = best_time.min(t.elapsed());
        let err = String::from_utf8_lossy(&out.stderr);
        if let Some(kib) = err
            .lines()
            .last()
            .and_then(|l| l.trim().parse::<u64>().ok())
        {
            peak = Some(peak.map_or(kib, |p: u64| p.min(kib)));
        }
    }
    (best_time, peak)
}

struct Case {
    name: &'static str,
    file: PathBuf,
    command: &'static str,
}

fn report(case: &Case, library: Duration, render: &dyn Fn(Format) -> io::Result<()>) {
    let runs = if small() { 2 } else { 5 };
    println!(
        "\n{} ({} bytes)",
        case.name,
        std::fs::metadata(&case.file).map(|m| m.len()).unwrap_or(0)
    );
    println!("  library (parse + compute)     {:>9.1} ms", ms(library));
    let text_render = best(runs, || render(Format::Text));
    for (format, name) in FORMATS {
        let r = best(runs, || render(format));
        println!(
            "  render {name:<5}                  {:>9.1} ms  ({:.2}× text)",
            ms(r),
            r.as_secs_f64() / text_render.as_secs_f64().max(1e-9)
        );
    }
    let file = case.file.to_str().unwrap();
    let (text_time, text_mem) = command(&[case.command, file, "--format", "text"], runs);
    for (_, name) in FORMATS {
        let (t, mem) = command(&[case.command, file, "--format", name], runs);
        let mem_text = match (mem, text_mem) {
            (Some(m), Some(tm)) => format!(
                "{:>7.1} MiB ({:.2}× text)",
                m as f64 / 1024.0,
                m as f64 / tm.max(1) as f64
            ),
            _ => "memory not measured".to_owned(),
        };
        println!(
            "  command {name:<5}                 {:>9.1} ms  ({:.2}× text, {:.2}× library)  {mem_text}",
            ms(t),
            t.as_secs_f64() / text_time.as_secs_f64().max(1e-9),
            t.as_secs_f64() / library.as_secs_f64().max(1e-9),
        );
    }
}

fn main() {
    let dir = std::env::temp_dir().join(format!("countback-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let runs = if small() { 2 } else { 5 };
    let sink = |f: &dyn Fn(&mut dyn io::Write) -> io::Result<()>| f(&mut io::sink());

    // Pairs sessions.
    let sessions = if small() {
        [
            ("board-20000", 400, 1),
            ("session-1000x30", 40, 6),
            ("session-2000x25", 80, 5),
        ]
    } else {
        [
            ("board-20000", 20_000, 1),
            ("session-1000x30", 1_000, 30),
            ("session-2000x25", 2_000, 25),
        ]
    };
    for (name, tables, boards) in sessions {
        let text = session(tables, boards);
        let file = dir.join(format!("{name}.toml"));
        std::fs::write(&file, &text).unwrap();
        let compute = || {
            let e = countback_event::Event::from_toml(&text).unwrap();
            e.score(&countback_event::RawOptions::default()).unwrap()
        };
        let library = best(runs, compute);
        let scored = compute();
        let names = std::collections::BTreeMap::new();
        let render = |format: Format| {
            let out = countback::session::SessionOutput {
                scored: &scored,
                names: &names,
                boards: Boards::All,
                half: HalfDisplay::Even,
            };
            sink(&|w| out.write(w, format))
        };
        report(
            &Case {
                name,
                file,
                command: "score",
            },
            library,
            &render,
        );
    }

    // A FIDE Swiss.
    let players = if small() { 300 } else { 9_999 };
    let text = trf(players, 11);
    let file = dir.join("fide-9999.trf");
    std::fs::write(&file, &text).unwrap();
    let options = countback_event::options::FideOptions::default();
    let compute = || countback_event::rank_trf(&text, &options).unwrap();
    let library = best(runs, compute);
    let ranked = compute();
    let render = |format: Format| {
        sink(&|w| countback::standings::write(w, &ranked, format, HalfDisplay::Even, false))
    };
    report(
        &Case {
            name: "fide-9999",
            file,
            command: "rank",
        },
        library,
        &render,
    );
    let _ = std::fs::remove_dir_all(&dir);
}
