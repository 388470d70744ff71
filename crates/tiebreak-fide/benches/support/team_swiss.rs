//! A synthetic team Swiss as TRF-2026 text, shared by the `teams` bench
//! and the `differential` example (`--teams`): included by path, so that
//! neither copies it.
// A generator of its own data: every index is a team or player it numbered.
#![allow(clippy::indexing_slicing)]

use std::fmt::Write as _;

use countback_tiebreak_fide::lots::SplitMix64;

/// What to generate.
#[derive(Debug, Clone, Copy)]
pub struct TeamSwiss {
    /// Teams.
    pub teams: u32,
    /// Boards (players per team).
    pub boards: u32,
    /// Rounds.
    pub rounds: usize,
    /// The generator's seed.
    pub seed: u64,
    /// The start date (`042`), if any.
    pub start_date: Option<&'static str>,
    /// Match points of a win (`362 TW`).
    pub win: u32,
    /// Match points of a draw (`362 TD`); a half-point bye and a
    /// pairing-allocated bye score it too.
    pub draw: u32,
    /// A single round robin (`192 BERGER_TEAM_ROUNDROBIN`) by the circle
    /// method instead of a Swiss: `teams - 1` rounds for an even number
    /// of teams, `teams` for an odd one (the caller says so), where each
    /// round the team drawn against the empty seat has no match (every
    /// board `0000 - -`, as FIDE TEC's team sample writes a board without
    /// a game); no byes; forfeited matches as in a Swiss.
    pub round_robin: bool,
    /// In an odd round robin, leave the team without a match blank in
    /// that round (not paired) instead of writing `0000 - -`.
    pub blank_sit_out: bool,
    /// Write a forfeited match's boards naming the scheduled opponents
    /// (`+` / `-` against them), as pairing programs also write it,
    /// instead of `0000 - +` / `0000 - -`; the `330` record either way.
    pub forfeit_boards_named: bool,
}

/// Round `round` (from 1) of a single round robin of `count` teams (even)
/// by the circle method: the last team fixed, the others rotating.
fn circle(count: usize, round: usize) -> Vec<usize> {
    let others = count.saturating_sub(1).max(1);
    let mut seats: Vec<usize> = (0..others)
        .map(|i| (i + round.saturating_sub(1)) % others)
        .collect();
    seats.push(count.saturating_sub(1));
    let mut order = Vec::with_capacity(count);
    for i in 0..count / 2 {
        order.push(seats[i]);
        order.push(seats[count - 1 - i]);
    }
    order
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
/// then a forfeited match (`330`, boards `0000 - +` / `0000 - -`, or
/// naming the scheduled opponents: `forfeit_boards_named`).
pub fn team_swiss(spec: &TeamSwiss) -> String {
    write_file(spec, &play(spec))
}

/// What the rounds made: each player's round fields, each team's match
/// points, the half-point byes (round, team), the pairing-allocated bye of
/// each round (0: none) and the forfeited matches (round, winner, loser).
struct Played {
    lines: Vec<String>,
    mp: Vec<u32>,
    byes: Vec<(usize, usize)>,
    pab: Vec<u32>,
    forfeits: Vec<(usize, usize, usize)>,
}

/// Pair and play every round.
fn play(spec: &TeamSwiss) -> Played {
    let TeamSwiss {
        teams: n,
        boards,
        rounds,
        seed,
        win,
        draw,
        round_robin,
        blank_sit_out,
        forfeit_boards_named,
        ..
    } = *spec;
    let mut rng = SplitMix64::new(seed);
    let count = usize::try_from(n).unwrap_or(0);
    let players = n * boards;
    let mut lines: Vec<String> = vec![String::new(); usize::try_from(players).unwrap_or(0)];
    let mut mp = vec![0u32; count];
    let mut met = vec![vec![false; count]; count];
    let mut byes = Vec::new();
    let mut pab: Vec<u32> = Vec::new();
    let mut forfeits = Vec::new();
    let player = |team: usize, board: u32| u32::try_from(team).unwrap_or(0) * boards + board;
    for round in 1..=rounds {
        let mut order: Vec<usize> = (0..count).collect();
        order.sort_by_key(|t| (std::cmp::Reverse(mp[*t]), *t));
        if round_robin {
            // An odd number of teams: an empty seat (index `count`).
            order = circle(count + count % 2, round);
        }
        let mut waiting: Vec<usize> = Vec::new();
        for t in order {
            if !round_robin && rng.below(100) < 2 {
                byes.push((round, t + 1));
                mp[t] += draw;
                for b in 1..=boards {
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
            mp[last] += draw;
            for b in 1..=boards {
                lines[usize::try_from(player(last, b) - 1).unwrap_or(0)]
                    .push_str(&field(0, '-', 'U'));
            }
        } else {
            pab.push(0);
        }
        while let Some(a) = waiting.first().copied() {
            waiting.remove(0);
            // In a round robin the circle's next seat is the opponent.
            let at = if round_robin {
                0
            } else {
                waiting.iter().position(|b| !met[a][*b]).unwrap_or(0)
            };
            let b = waiting.remove(at);
            if a == count || b == count {
                let out = a.min(b);
                for board in 1..=boards {
                    lines[usize::try_from(player(out, board) - 1).unwrap_or(0)].push_str(
                        &(if blank_sit_out {
                            " ".repeat(10)
                        } else {
                            field(0, '-', '-')
                        }),
                    );
                }
                continue;
            }
            met[a][b] = true;
            met[b][a] = true;
            if rng.below(100) == 0 {
                forfeits.push((round, a + 1, b + 1));
                mp[a] += win;
                for board in 1..=boards {
                    let (pa, pb) = if forfeit_boards_named {
                        (player(b, board), player(a, board))
                    } else {
                        (0, 0)
                    };
                    lines[usize::try_from(player(a, board) - 1).unwrap_or(0)]
                        .push_str(&field(pa, '-', '+'));
                    lines[usize::try_from(player(b, board) - 1).unwrap_or(0)]
                        .push_str(&field(pb, '-', '-'));
                }
                continue;
            }
            let (mut ga, mut gb) = (0u32, 0u32);
            for board in 1..=boards {
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
                std::cmp::Ordering::Greater => mp[a] += win,
                std::cmp::Ordering::Less => mp[b] += win,
                std::cmp::Ordering::Equal => {
                    mp[a] += draw;
                    mp[b] += draw;
                }
            }
        }
    }
    Played {
        lines,
        mp,
        byes,
        pab,
        forfeits,
    }
}

/// The TRF-2026 text of what was played.
fn write_file(spec: &TeamSwiss, played: &Played) -> String {
    let TeamSwiss {
        boards,
        rounds,
        start_date,
        win,
        draw,
        round_robin,
        ..
    } = *spec;
    let Played {
        lines,
        mp,
        byes,
        pab,
        forfeits,
    } = played;
    let player = |team: usize, board: u32| u32::try_from(team).unwrap_or(0) * boards + board;
    let mut text = String::new();
    let _ = writeln!(text, "012 Synthetic team Swiss");
    if let Some(date) = start_date {
        let _ = writeln!(text, "042 {date}");
    }
    let _ = writeln!(text, "142 {rounds}");
    let _ = writeln!(
        text,
        "192 {}",
        if round_robin {
            "BERGER_TEAM_ROUNDROBIN"
        } else {
            "FIDE_TEAM_BAKU"
        }
    );
    let colours: String = (0..boards)
        .map(|b| if b % 2 == 0 { 'W' } else { 'B' })
        .collect();
    let _ = writeln!(text, "352 {colours}");
    let _ = writeln!(text, "362 TW {win}.0   TD {draw}.0   TL 0.0");
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
        let members: Vec<String> = (1..=boards)
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
    let mut pab_line = format!("320 {draw:>2}.0 {:>4}", format!("{}.0", boards / 2));
    for t in pab {
        if *t == 0 {
            pab_line.push_str("    ");
        } else {
            let _ = write!(pab_line, " {t:>3}");
        }
    }
    if !round_robin {
        let _ = writeln!(text, "{}", pab_line.trim_end());
    }
    for (round, team) in byes {
        let _ = writeln!(text, "240 H {round:>3} {team:>4}");
    }
    for (round, a, b) in forfeits {
        let _ = writeln!(text, "330 +- {round:>3} {a:>3} {b:>3}");
    }
    text
}
