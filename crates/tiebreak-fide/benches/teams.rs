//! A team Swiss of 200 teams, 6 boards, 11 rounds (issue 28), ranked by
//! every team tie-break the crate computes, from the TRF text: read, the
//! match table built, and the full list applied. 40 teams in a debug
//! build, so that `cargo test` smoke-runs it. Before the timings it
//! prints, once, the whole time and the number of teams.
#![allow(missing_docs)]
// A generator of its own data: every index is a team or player it numbered.
#![allow(clippy::indexing_slicing)]

use std::fmt::Write as _;
use std::hint::black_box;
use std::time::Instant;

use countback_tiebreak_fide::lots::SplitMix64;
use countback_tiebreak_fide::{trf, TeamCascade, TeamTournament};
use criterion::{criterion_group, criterion_main, Criterion};

const BOARDS: u32 = 6;
const ROUNDS: usize = 11;
const FULL_LIST: &str = "MPvGP, BH:MP/C1/P, BH:MP, FB:MP, SB:MP, EMMSB, EMGSB/C1/P, EMGSB, \
                         PS:MP, BH:GP/C1/P, SB:GP, EGMSB/C1/P, EGGSB, PS:GP, KS:MP, WIN, TPN";

fn teams() -> u32 {
    if cfg!(debug_assertions) {
        40
    } else {
        200
    }
}

/// One board's field of a round: `opponent colour result`.
fn field(opponent: u32, colour: char, result: char) -> String {
    if opponent == 0 {
        format!("  0000 {colour} {result}")
    } else {
        format!("  {opponent:>4} {colour} {result}")
    }
}

/// A team Swiss: each round the teams in match-point order, each paired
/// with the next it has not met; now and then a half-point bye (`240 H`)
/// and, for the odd team out, a pairing-allocated bye (`320`); now and
/// then a forfeited match (`330`, boards `0000 - +` / `0000 - -`).
fn synthetic_team_trf(n: u32) -> String {
    let mut rng = SplitMix64::new(28);
    let count = usize::try_from(n).unwrap_or(0);
    let players = n * BOARDS;
    let mut lines: Vec<String> = vec![String::new(); usize::try_from(players).unwrap_or(0)];
    let mut mp = vec![0u32; count];
    let mut met = vec![vec![false; count]; count];
    let mut byes = Vec::new();
    let mut pab: Vec<u32> = Vec::new();
    let mut forfeits = Vec::new();
    let player = |team: usize, board: u32| u32::try_from(team).unwrap_or(0) * BOARDS + board;
    for round in 1..=ROUNDS {
        let mut order: Vec<usize> = (0..count).collect();
        order.sort_by_key(|t| (std::cmp::Reverse(mp[*t]), *t));
        let mut waiting: Vec<usize> = Vec::new();
        for t in order {
            if rng.below(100) < 2 {
                byes.push((round, t + 1));
                mp[t] += 1;
                for b in 1..=BOARDS {
                    lines[usize::try_from(player(t, b) - 1).unwrap_or(0)]
                        .push_str(&field(0, '-', '-'));
                }
            } else {
                waiting.push(t);
            }
        }
        if waiting.len() % 2 == 1 {
            let last = waiting.pop().unwrap_or(0);
            pab.push(u32::try_from(last + 1).unwrap_or(0));
            mp[last] += 1;
            for b in 1..=BOARDS {
                lines[usize::try_from(player(last, b) - 1).unwrap_or(0)]
                    .push_str(&field(0, '-', 'U'));
            }
        } else {
            pab.push(0);
        }
        while let Some(a) = waiting.first().copied() {
            waiting.remove(0);
            let at = waiting.iter().position(|b| !met[a][*b]).unwrap_or(0);
            let b = waiting.remove(at);
            met[a][b] = true;
            met[b][a] = true;
            if rng.below(100) == 0 {
                forfeits.push((round, a + 1, b + 1));
                mp[a] += 2;
                for board in 1..=BOARDS {
                    lines[usize::try_from(player(a, board) - 1).unwrap_or(0)]
                        .push_str(&field(0, '-', '+'));
                    lines[usize::try_from(player(b, board) - 1).unwrap_or(0)]
                        .push_str(&field(0, '-', '-'));
                }
                continue;
            }
            let (mut ga, mut gb) = (0u32, 0u32);
            for board in 1..=BOARDS {
                let (pa, pb) = (player(a, board), player(b, board));
                let a_white = board % 2 == 1;
                let (ca, cb) = if a_white { ('w', 'b') } else { ('b', 'w') };
                let (ra, rb) = match rng.below(10) {
                    0..=3 => ('1', '0'),
                    4..=6 => ('=', '='),
                    _ => ('0', '1'),
                };
                ga += match ra {
                    '1' => 2,
                    '=' => 1,
                    _ => 0,
                };
                gb += match rb {
                    '1' => 2,
                    '=' => 1,
                    _ => 0,
                };
                lines[usize::try_from(pa - 1).unwrap_or(0)].push_str(&field(pb, ca, ra));
                lines[usize::try_from(pb - 1).unwrap_or(0)].push_str(&field(pa, cb, rb));
            }
            match ga.cmp(&gb) {
                std::cmp::Ordering::Greater => mp[a] += 2,
                std::cmp::Ordering::Less => mp[b] += 2,
                std::cmp::Ordering::Equal => {
                    mp[a] += 1;
                    mp[b] += 1;
                }
            }
        }
    }
    let mut text = String::new();
    let _ = writeln!(text, "012 Synthetic team Swiss");
    let _ = writeln!(text, "042 2026/05/01");
    let _ = writeln!(text, "142 {ROUNDS}");
    let _ = writeln!(text, "192 FIDE_TEAM_BAKU");
    let _ = writeln!(text, "352 WBWBWB");
    let _ = writeln!(text, "362 TW 2.0   TD 1.0   TL 0.0");
    for (i, rounds) in lines.iter().enumerate() {
        let sr = i + 1;
        let rating = 1500 + (sr * 7919) % 1000;
        let _ = writeln!(
            text,
            "001 {sr:>4}      {:<33} {rating:>4}{:37}{rounds}",
            format!("Player {sr}"),
            ""
        );
    }
    for (t, points) in mp.iter().enumerate() {
        let members: Vec<String> = (1..=BOARDS)
            .map(|b| format!("{:>4}", player(t, b)))
            .collect();
        let _ = writeln!(
            text,
            "310 {:>3} {:<32} {:<5} {:>6} {:>6} {:>6} {:>3}  {}",
            t + 1,
            format!("Team {}", t + 1),
            "",
            "",
            points,
            "",
            "",
            members.join(" ")
        );
    }
    // Match and game points in columns 5-8 and 10-13, then a team per
    // round in columns 15-17, 19-21 ...
    let mut pab_line = "320  1.0  3.0".to_string();
    for t in &pab {
        if *t == 0 {
            pab_line.push_str("    ");
        } else {
            let _ = write!(pab_line, " {t:>3}");
        }
    }
    let _ = writeln!(text, "{}", pab_line.trim_end());
    for (round, team) in byes {
        let _ = writeln!(text, "240 H {round:>3} {team:>4}");
    }
    for (round, a, b) in forfeits {
        let _ = writeln!(text, "330 +- {round:>3} {a:>3} {b:>3}");
    }
    text
}

/// The generator's match points (in the `310` records) are what the
/// reader makes of the file: the bench ranks the event it means to.
fn check(text: &str) {
    let t = trf::parse(text).unwrap_or_default();
    let disagreements = TeamTournament::new(&t).map(|teams| teams.points_disagreements().len());
    assert_eq!(disagreements, Ok(0));
}

fn rank(text: &str, list: &TeamCascade) -> usize {
    let t = trf::parse(text).unwrap_or_default();
    let Ok(teams) = TeamTournament::new(&t) else {
        return 0;
    };
    teams.rank(list).map_or(0, |o| o.order.len())
}

fn bench(c: &mut Criterion) {
    let text = synthetic_team_trf(teams());
    let list: TeamCascade = FULL_LIST.parse().unwrap_or_default();
    check(&text);
    let start = Instant::now();
    let places = rank(&text, &list);
    let whole = start.elapsed();
    println!(
        "teams: {} teams x {BOARDS} boards x {ROUNDS} rounds, {} codes: {places} places in {} us (read, match table, ranking)",
        teams(),
        list.0.len() + 1,
        whole.as_micros()
    );
    assert_eq!(places, usize::try_from(teams()).unwrap_or(0));
    c.bench_function("team swiss, full team list", |b| {
        b.iter(|| rank(black_box(&text), black_box(&list)));
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
