//! Synthetic results files for the benchmarks of the readers (USEBIO and
//! PBN measure the same session), and the synthetic inputs several
//! benchmarks and scale tests share.

use std::fmt::Write as _;

/// The synthetic Mitchell the readers' benchmarks measure: `(tables,
/// boards)`, a 1,000-table Mitchell (2,000 pairs) of 30 boards in a release
/// build, 50 tables and 10 boards in a debug build (`cargo test` runs each
/// bench once as a smoke test).
#[must_use]
pub fn mitchell_size() -> (u32, u32) {
    if cfg!(debug_assertions) {
        (50, 10)
    } else {
        (1_000, 30)
    }
}

/// One traveller line of the synthetic Mitchell: the table (also the NS
/// pair), the EW pair, and the score as written (`None`: not played).
type Line = (u32, u32, Option<&'static str>);

/// A Mitchell of `tables` tables and `boards` boards, each board played at
/// every table, board by board: `(board, lines)`, each line `(table, EW
/// pair, score)`, the score as written (`A6040` and `A5050` artificial) or
/// `None` where the board was not played. A deterministic stand-in for real
/// results: scores from a small set of common outcomes, picked by a linear
/// congruential generator. Every reader's file is written from it, so they
/// all hold the same session.
fn mitchell(tables: u32, boards: u32) -> impl Iterator<Item = (u32, Vec<Line>)> {
    const SCORES: [&str; 12] = [
        "420", "450", "-50", "-100", "140", "110", "-420", "620", "-200", "170", "90", "-130",
    ];
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    (1..=boards).map(move |b| {
        let lines = (1..=tables)
            .map(|t| {
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let r = (seed >> 33) as usize;
                let score = match r % 400 {
                    0 => Some("A6040"),
                    1 => Some("A5050"),
                    2 | 3 if b % 3 == 0 => None,
                    _ => Some(SCORES[r % SCORES.len()]),
                };
                (t, (t + b) % tables + 1, score)
            })
            .collect();
        (b, lines)
    })
}

/// The synthetic Mitchell ([`mitchell_size`]) as USEBIO 1.2 writes a
/// matchpointed pairs event.
pub fn usebio_mitchell(tables: u32, boards: u32) -> String {
    let mut s = String::with_capacity((tables * boards) as usize * 260);
    s.push_str("<?xml version=\"1.0\"?>\n<USEBIO Version=\"1.2\">\n<EVENT EVENT_TYPE=\"MP_PAIRS\">\n<WINNER_TYPE>2</WINNER_TYPE>\n<PARTICIPANTS EVENT_TYPE=\"MP_PAIRS\">\n");
    for dir in ["NS", "EW"] {
        for p in 1..=tables {
            let _ = writeln!(
                s,
                "<PAIR><PAIR_NUMBER>{p}{dir}</PAIR_NUMBER><DIRECTION>{dir}</DIRECTION><PLAYER><PLAYER_NAME>Player {p}{dir}a</PLAYER_NAME></PLAYER><PLAYER><PLAYER_NAME>Player {p}{dir}b</PLAYER_NAME></PLAYER></PAIR>"
            );
        }
    }
    s.push_str("</PARTICIPANTS>\n");
    for (b, lines) in mitchell(tables, boards) {
        let _ = writeln!(
            s,
            "<BOARD EVENT_TYPE=\"MP_PAIRS\">\n<BOARD_NUMBER>{b}</BOARD_NUMBER>"
        );
        for (t, ew, score) in lines {
            let score = score.unwrap_or("NP");
            let _ = writeln!(
                s,
                "<TRAVELLER_LINE><NS_PAIR_NUMBER>{t}NS</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}EW</EW_PAIR_NUMBER><CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><LEAD>AH</LEAD><TRICKS>10</TRICKS><SCORE>{score}</SCORE></TRAVELLER_LINE>"
            );
        }
        s.push_str("</BOARD>\n");
    }
    s.push_str("</EVENT>\n</USEBIO>\n");
    s
}

/// The same Mitchell as PBN 2.1 writes it (a `ScoreTable` a board, an
/// artificial score with contract `-`, a board not played as `NP`).
pub fn pbn_mitchell(tables: u32, boards: u32) -> String {
    let mut s = String::with_capacity((tables * boards) as usize * 60);
    s.push_str("% PBN 2.1\n[Event \"Bench\"]\n[Generator \"Magic Contest 5\"]\n[Scoring \"MatchPoints\"]\n");
    for (b, lines) in mitchell(tables, boards) {
        let _ = writeln!(
            s,
            "[Board \"{b}\"]\n[ScoreTable \"Table\\4R;PairId_NS\\4R;PairId_EW\\4R;Contract\\4L;Declarer\\1R;Score_NS\\6R\"]"
        );
        for (t, ew, score) in lines {
            let (contract, score) = match score {
                Some(a @ ("A6040" | "A5050")) => ("-", a),
                Some(score) => ("4S", score),
                None => ("NP", "-"),
            };
            let _ = writeln!(s, "{t} {t} {ew} {contract} N {score}");
        }
        s.push('\n');
    }
    s.push_str("[TotalScoreTable \"PairId\\4R;Direction\\2L;Names\\30L\"]\n");
    for dir in ["NS", "EW"] {
        for p in 1..=tables {
            let _ = writeln!(s, "{p} {dir} \"Player {p}{dir}a - Player {p}{dir}b\"");
        }
    }
    s
}

/// The same Mitchell as a countback JSON event file (an artificial score as
/// written, a board not played as `NP`).
#[must_use]
pub fn json_mitchell(tables: u32, boards: u32) -> String {
    let mut s = String::with_capacity((tables * boards) as usize * 40);
    s.push_str("{\"event\":{\"name\":\"Bench\"},\"boards\":[");
    for (b, lines) in mitchell(tables, boards) {
        if b > 1 {
            s.push(',');
        }
        let _ = write!(s, "{{\"board\":{b},\"results\":[");
        for (n, (t, ew, score)) in lines.into_iter().enumerate() {
            let comma = if n > 0 { "," } else { "" };
            let score = score.unwrap_or("NP");
            let _ = write!(
                s,
                "{comma}{{\"ns\":\"{t}NS\",\"ew\":\"{ew}EW\",\"score\":\"{score}\"}}"
            );
        }
        s.push_str("]}");
    }
    s.push_str("]}\n");
    s
}

/// The NS points of the same Mitchell's played lines, board by board (the
/// artificial scores and boards not played left out): what a plain integer
/// sort of the scores, the floor of matchpointing, is timed on.
#[must_use]
pub fn mitchell_points(tables: u32, boards: u32) -> Vec<Vec<i32>> {
    mitchell(tables, boards)
        .map(|(_, lines)| {
            lines
                .into_iter()
                .filter_map(|(_, _, score)| score.and_then(|s| s.parse().ok()))
                .collect()
        })
        .collect()
}

/// Sorting every board's scores as plain integers, the floor of
/// matchpointing that the scale benches print their ratio to (issue 30):
/// the number of scores sorted.
#[must_use]
pub fn sort_boards(boards: &[Vec<i32>]) -> usize {
    boards
        .iter()
        .map(|b| {
            let mut v = b.clone();
            v.sort_unstable();
            std::hint::black_box(v).len()
        })
        .sum()
}

/// The floor of scoring a JSON pairs session (issue 43, item 5): what a
/// small program must do at least for the same figures, in integers.
///
/// The file is parsed with serde into borrowed lines; each pair's name is
/// interned once (a hash look-up a name a line, into its index); each board's
/// played results are sorted as integers and matchpointed on the two-a-beat
/// scale (a beat 2, a tie 1: whole numbers, so exact), NS getting its match
/// points and EW the top less them; each pair's total is summed by index.
/// Artificial scores and boards not played are left out (they are a handful
/// a session, and a floor need not score them). Every board is taken as
/// complete: no normalising, which the generated sessions never need.
///
/// # Panics
/// If `text` is not a JSON event file's boards as `gen.py` or
/// [`json_mitchell`] writes them.
#[must_use]
pub fn pairs_floor(text: &str) -> PairsFloor {
    use std::borrow::Cow;
    #[derive(serde::Deserialize)]
    struct File<'a> {
        #[serde(borrow)]
        boards: Vec<Board<'a>>,
    }
    #[derive(serde::Deserialize)]
    struct Board<'a> {
        #[serde(borrow)]
        results: Vec<Line<'a>>,
    }
    #[derive(serde::Deserialize)]
    struct Line<'a> {
        #[serde(borrow)]
        ns: Cow<'a, str>,
        #[serde(borrow)]
        ew: Cow<'a, str>,
        #[serde(borrow)]
        score: Cow<'a, str>,
    }
    #[allow(clippy::expect_used)] // A bench's own input.
    let file: File<'_> = serde_json::from_str(text).expect("a JSON pairs session");
    let mut floor = PairsFloor {
        names: Vec::new(),
        totals: Vec::new(),
    };
    let mut index: foldhash::HashMap<Cow<'_, str>, usize> = foldhash::HashMap::default();
    fn intern<'a>(
        index: &mut foldhash::HashMap<Cow<'a, str>, usize>,
        name: Cow<'a, str>,
        floor: &mut PairsFloor,
    ) -> usize {
        let next = floor.names.len();
        *index.entry(name).or_insert_with_key(|name| {
            floor.names.push(name.to_string());
            floor.totals.push(0);
            next
        })
    }
    // (score, NS, EW) of one board's played lines, reused board to board.
    let mut played: Vec<(i32, usize, usize)> = Vec::new();
    for board in file.boards {
        played.clear();
        for line in board.results {
            let ns = intern(&mut index, line.ns, &mut floor);
            let ew = intern(&mut index, line.ew, &mut floor);
            if let Ok(points) = line.score.parse::<i32>() {
                played.push((points, ns, ew));
            }
        }
        played.sort_unstable_by_key(|&(points, _, _)| points);
        let top = 2 * played.len().saturating_sub(1) as u64;
        let mut rest = played.as_slice();
        let mut below = 0u64;
        while let Some(&(points, _, _)) = rest.first() {
            let run = rest.partition_point(|&(p, _, _)| p == points);
            let (tied, after) = rest.split_at(run);
            // Beats `below` results, ties with the others of its run.
            let ns_mp = 2 * below + (run as u64 - 1);
            for &(_, ns, ew) in tied {
                if let Some(t) = floor.totals.get_mut(ns) {
                    *t += ns_mp;
                }
                if let Some(t) = floor.totals.get_mut(ew) {
                    *t += top - ns_mp;
                }
            }
            below += run as u64;
            rest = after;
        }
    }
    floor
}

/// Each pair's total as [`pairs_floor`] finds it: the pairs in the order
/// first read, each with its match points (two a beat).
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct PairsFloor {
    /// The pairs' names, in the order first read.
    pub names: Vec<String>,
    /// Each pair's total, by its place in `names`.
    pub totals: Vec<u64>,
}

/// The sum of every total of [`pairs_floor`], so that nothing is
/// optimised away in a timing.
#[must_use]
pub fn json_floor(text: &str) -> u64 {
    pairs_floor(text).totals.iter().sum()
}

/// The median of `runs` timings of `f`, for the ratios the scale benches
/// print before criterion's own figures.
pub fn median(runs: usize, mut f: impl FnMut() -> usize) -> std::time::Duration {
    let mut times: Vec<std::time::Duration> = (0..runs)
        .map(|_| {
            let start = std::time::Instant::now();
            std::hint::black_box(f());
            start.elapsed()
        })
        .collect();
    times.sort_unstable();
    times.get(runs / 2).copied().unwrap_or_default()
}

/// xorshift64: a deterministic stream of numbers for synthetic events and
/// seeded shuffles, with no dependency. The seed must not be 0 (the stream
/// would stay 0).
#[derive(Debug, Clone)]
#[allow(clippy::exhaustive_structs)] // Exhaustive: the state is the seed, built by name.
pub struct XorShift(pub u64);

impl XorShift {
    /// The next number of the stream.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }

    /// An index below `n` (0 when `n` is 0).
    pub fn index(&mut self, n: usize) -> usize {
        let n = u64::try_from(n).unwrap_or(u64::MAX);
        usize::try_from(self.below(n)).unwrap_or(0)
    }

    /// `items` shuffled in place: Fisher-Yates from the last item down.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.index(i + 1);
            items.swap(i, j);
        }
    }
}

/// A random pairing of `present`: shuffled, then paired two by two in
/// that order, and the odd one out (a pairing-allocated bye), if any.
#[must_use]
pub fn random_pairs<T: Copy>(rng: &mut XorShift, mut present: Vec<T>) -> (Vec<[T; 2]>, Option<T>) {
    rng.shuffle(&mut present);
    let mut chunks = present.chunks_exact(2);
    let pairs = chunks
        .by_ref()
        .filter_map(|pair| <[T; 2]>::try_from(pair).ok())
        .collect();
    (pairs, chunks.remainder().first().copied())
}

/// The field sizes a scale benchmark runs: `COUNTBACK_SCALE` (a comma
/// list) if set, else 40 in a debug build (`cargo test` runs each bench
/// once) and 1,000, 4,000 and 10,000 (the largest real events) in release.
#[must_use]
pub fn scale_sizes() -> Vec<usize> {
    if let Ok(list) = std::env::var("COUNTBACK_SCALE") {
        return list
            .split(',')
            .filter_map(|s| s.trim().parse().ok())
            .collect();
    }
    if cfg!(debug_assertions) {
        vec![40]
    } else {
        vec![1_000, 4_000, 10_000]
    }
}

/// A scale benchmark's group, named `name`: ten samples, a 100 ms warm-up
/// and one second of measurement, so that a tie of 10,000 in every
/// procedure is measured in minutes; run it over [`scale_sizes`].
pub fn scale_group<'a>(
    c: &'a mut criterion::Criterion,
    name: &str,
) -> criterion::BenchmarkGroup<'a, criterion::measurement::WallTime> {
    let mut g = c.benchmark_group(name);
    g.sample_size(10)
        .warm_up_time(std::time::Duration::from_millis(100))
        .measurement_time(std::time::Duration::from_secs(1));
    g
}

/// A small deterministic mixer (0 to 999), so a generated event is the
/// same on every run: the score of `a` against `b`, varied by `salt`.
#[must_use]
pub fn mix(a: usize, b: usize, salt: usize) -> i64 {
    let mut x = (a as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ (b as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
        ^ (salt as u64).wrapping_mul(0x1656_67B1_9E37_79F9);
    x ^= x >> 29;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^= x >> 32;
    i64::try_from(x % 1000).unwrap_or_default()
}

/// An event file's pairs session (TOML): a Mitchell of `tables` tables and
/// `boards` boards, each board played at every table (NS pair `N<t>`
/// against EW pair `E<…>`), every score a part score either side makes at
/// any vulnerability, so that the scorer's check of typed scores has
/// nothing to say.
#[must_use]
pub fn part_score_session(tables: usize, boards: usize) -> String {
    const SCORES: [i64; 23] = [
        -190, -180, -170, -150, -140, -130, -120, -110, -90, -80, -70, 0, 70, 80, 90, 110, 120,
        130, 140, 150, 170, 180, 190,
    ];
    let mut t = String::from("[event]\nname = \"Big\"\n");
    for b in 1..=boards {
        let _ = write!(t, "[[boards]]\nboard = {b}\nresults = [\n");
        for i in 1..=tables {
            let score = SCORES.get((i * 7 + b * 13) % 23).copied().unwrap_or(0);
            let _ = writeln!(
                t,
                "  {{ ns = \"N{i}\", ew = \"E{}\", score = \"{score}\" }},",
                (i + b) % tables + 1
            );
        }
        t.push_str("]\n");
    }
    t
}

/// The first `n` primes, by trial division: distinct denominators whose
/// product grows fastest (issue 17's sums of many fractions).
#[must_use]
pub fn primes(n: usize) -> Vec<i64> {
    let mut found: Vec<i64> = Vec::with_capacity(n);
    let mut candidate = 2i64;
    while found.len() < n {
        if found
            .iter()
            .take_while(|p| **p * **p <= candidate)
            .all(|p| candidate % p != 0)
        {
            found.push(candidate);
        }
        candidate += 1;
    }
    found
}

/// The matches of an EBU Swiss teams event (the benches' event, issue
/// 30): `teams` teams, `rounds` rounds paired by VPs so far, the team
/// number breaking ties (a Swiss draw), 7 to 13 VPs of 20 a match (many
/// draws and near-draws, so many ties). Each is `(round, a, b, a's VPs)`.
#[must_use]
pub fn ebu_swiss_matches(teams: usize, rounds: usize) -> Vec<(usize, usize, usize, i64)> {
    let mut matches = Vec::with_capacity(teams / 2 * rounds);
    let mut vps = vec![0_i64; teams];
    for r in 1..=rounds {
        let mut order: Vec<usize> = (0..teams).collect();
        order.sort_by_key(|&t| (std::cmp::Reverse(vps[t]), t));
        for pair in order.chunks_exact(2) {
            let &[a, b] = pair else { continue };
            let v = 7 + mix(a, b, r) % 7;
            vps[a] += v;
            vps[b] += 20 - v;
            matches.push((r, a, b, v));
        }
    }
    matches
}

/// [`ebu_swiss_matches`] as a TOML event file ranked by `ebu`.
#[must_use]
pub fn ebu_swiss_toml(teams: usize, rounds: usize) -> String {
    use std::fmt::Write as _;
    let mut s =
        String::from("[event]\nname = \"EBU Swiss teams\"\nprocedure = \"ebu\"\nvp_total = 20\n\n");
    for t in 0..teams {
        let _ = write!(s, "[[contestants]]\nid = \"T{t}\"\n\n");
    }
    for (r, a, b, v) in ebu_swiss_matches(teams, rounds) {
        let _ = write!(
            s,
            "[[matches]]\nround = {r}\nfirst = \"T{a}\"\nsecond = \"T{b}\"\nvp = [{v}, {}]\n\n",
            20 - v
        );
    }
    s
}

/// [`ebu_swiss_matches`] as a JSON event file ranked by `ebu`.
#[must_use]
pub fn ebu_swiss_json(teams: usize, rounds: usize) -> String {
    use std::fmt::Write as _;
    let mut s = String::from(
        "{\"event\":{\"name\":\"EBU Swiss teams\",\"procedure\":\"ebu\",\"vp_total\":20},\"contestants\":[",
    );
    for t in 0..teams {
        let _ = write!(s, "{}{{\"id\":\"T{t}\"}}", if t > 0 { "," } else { "" });
    }
    s.push_str("],\"matches\":[");
    for (i, (r, a, b, v)) in ebu_swiss_matches(teams, rounds).into_iter().enumerate() {
        let _ = write!(
            s,
            "{}{{\"round\":{r},\"first\":\"T{a}\",\"second\":\"T{b}\",\"vp\":[{v},{}]}}",
            if i == 0 { "" } else { "," },
            20 - v
        );
    }
    s.push_str("]}\n");
    s
}

/// A WBF Swiss teams event as TOML ranked by `wbf-swiss`: `teams` teams,
/// `rounds` rounds of pairings by a rotation, every match drawn on VPs
/// with varied IMPs and total points (all tied: every tie-break runs).
#[must_use]
pub fn wbf_swiss_all_tied_toml(teams: usize, rounds: usize) -> String {
    use std::fmt::Write as _;
    let mut s = String::from(
        "[event]\nname = \"WBF Swiss teams\"\nprocedure = \"wbf-swiss\"\nvp_total = 20\n\n",
    );
    for t in 0..teams {
        let _ = write!(s, "[[contestants]]\nid = \"T{t}\"\n\n");
    }
    for r in 0..rounds {
        let shift = r * 7 + 1;
        let order: Vec<usize> = (0..teams).map(|i| (i * 13 + shift) % teams).collect();
        for pair in order.chunks_exact(2) {
            let &[a, b] = pair else { continue };
            let _ = write!(
                s,
                "[[matches]]\nround = {}\nfirst = \"T{a}\"\nsecond = \"T{b}\"\nvp = [10, 10]\n\
                 imps = [{}, {}]\ntotal_points = [{}, {}]\n\n",
                r + 1,
                mix(a, b, r + 100) % 60,
                mix(b, a, r + 100) % 60,
                mix(a, b, r + 200) + 500,
                mix(b, a, r + 200) + 500,
            );
        }
    }
    s
}

/// The pairings of `players` contestants over `rounds` rounds by a
/// rotation (every contestant plays every round; `players` even and not a
/// multiple of 13): `(round, a, b)` from round 1.
fn rotation(players: usize, rounds: usize) -> impl Iterator<Item = (usize, usize, usize)> {
    (0..rounds).flat_map(move |r| {
        let shift = r * 7 + 1;
        let order: Vec<usize> = (0..players).map(|i| (i * 13 + shift) % players).collect();
        let pairs: Vec<(usize, usize, usize)> = order
            .chunks_exact(2)
            .filter_map(|p| match *p {
                [a, b] => Some((r + 1, a, b)),
                _ => None,
            })
            .collect();
        pairs
    })
}

/// A chess Swiss as TOML ranked by `uscf`: `players` players, `rounds`
/// rounds of games paired by a rotation, each a win, a loss or a draw.
#[must_use]
pub fn uscf_swiss_toml(players: usize, rounds: usize) -> String {
    use std::fmt::Write as _;
    let mut s = String::from("[event]\nname = \"Chess Swiss\"\nprocedure = \"uscf\"\n\n");
    for p in 0..players {
        let _ = write!(s, "[[contestants]]\nid = \"P{p}\"\n\n");
    }
    for (r, a, b) in rotation(players, rounds) {
        let result = ["1-0", "0-1", "1/2"][usize::try_from(mix(a, b, r) % 3).unwrap_or(0)];
        let _ = write!(
            s,
            "[[games]]\nround = {r}\nwhite = \"P{a}\"\nblack = \"P{b}\"\nresult = \"{result}\"\n\n"
        );
    }
    s
}

/// A chess team event as TOML ranked by `ihsa`: `teams` teams, `rounds`
/// rounds of matches paired by a rotation, the 68 match points of each
/// match split between its teams.
#[must_use]
pub fn ihsa_toml(teams: usize, rounds: usize) -> String {
    use std::fmt::Write as _;
    let mut s = String::from("[event]\nname = \"Chess teams\"\nprocedure = \"ihsa\"\n\n");
    for t in 0..teams {
        let _ = write!(s, "[[contestants]]\nid = \"T{t}\"\n\n");
    }
    for (r, a, b) in rotation(teams, rounds) {
        let m = mix(a, b, r) % 69;
        let _ = write!(
            s,
            "[[matches]]\nround = {r}\nfirst = \"T{a}\"\nsecond = \"T{b}\"\nmatch_points = [{m}, {}]\n\n",
            68 - m
        );
    }
    s
}

#[cfg(test)]
mod floor_tests {
    /// By hand, two a beat: on a board of three results (100, 50, 50;
    /// top 4) the 100 beats two (4) and each 50 ties one (1), EW the top
    /// less NS; a line not played is no result, and its pairs score
    /// nothing on it.
    #[test]
    fn the_floor_matchpoints_by_hand() {
        let text = r#"{"event": {"name": "x"}, "boards": [{"board": 1, "results": [
            {"ns": "N1", "ew": "E1", "score": "100"},
            {"ns": "N2", "ew": "E2", "score": "50"},
            {"ns": "N3", "ew": "E3", "score": "50"},
            {"ns": "N4", "ew": "E4", "score": "NP"}]}]}"#;
        let floor = super::pairs_floor(text);
        let totals: Vec<(&str, u64)> = floor
            .names
            .iter()
            .map(String::as_str)
            .zip(floor.totals.iter().copied())
            .collect();
        assert_eq!(
            totals,
            [
                ("N1", 4),
                ("E1", 0),
                ("N2", 1),
                ("E2", 3),
                ("N3", 1),
                ("E3", 3),
                ("N4", 0),
                ("E4", 0)
            ]
        );
        assert_eq!(super::json_floor(text), 12);
    }
}
