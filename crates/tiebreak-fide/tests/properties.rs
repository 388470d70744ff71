//! Properties: the reader never panics, whatever it is fed (arbitrary bytes,
//! mutations of the real files), and neither do the tie-breaks on whatever
//! it accepts; the order of the player records never changes a ranking.
#![allow(clippy::unwrap_used, missing_docs)]

use countback_test_support::synthetic::XorShift;
use countback_tiebreak_fide::{trf, Cascade, Edition, Evaluation, Options};
use proptest::prelude::*;

const ALL: &str = "BH, BH/C1, BH/C2, BH/M1, BH/M2, BH/P, SB, SB/C1, SB/C2, PS, PS/C1, DE, DE/P, \
                   WIN, WON, BPG, BWG, REP, ARO, ARO/C1, ARO/M1, KS, KS/L-1";

/// A small event, used when the shared data is absent.
const FALLBACK: &str = "\
012 Fallback
142 3
001    1      Ann                               2000                             2.5    1     2 w 1     3 b 1     6 w =
001    2      Bob                               1900                             0.5    5     1 b 0     6 w =     4 - -
001    3      Cid                               1800                             1.5    4     4 w =     1 w 0  0000 - U
001    4      Dan                               1700                             2.0    2     3 b =  0000 - H     2 - +
001    5      Eve                               1600                             0.0    6     6 w 0  0000 - Z  0000 -  
001    6      Fay                                                                2.0    3     5 b 1     2 b =     1 b =
";

fn real_files() -> Vec<String> {
    // The real files where they are (a failure under CI when they are
    // not), and always a small built-in event too.
    let mut texts: Vec<String> = [
        "fide-tec-exercise-2023/fide-exercise-2023.trf",
        "vega-hobsonsbay/hbcc-2025-cup.trf",
        "vega-hobsonsbay/hbcc-2025-koshnitsky-cup.trf",
        "vega-hobsonsbay/hbcc-2025-reserves.trf",
        "vega-hobsonsbay/hbcc-2025-reserves-juniors.trf",
        "vega-hobsonsbay/hbcc-2025-april-blitz.trf",
    ]
    .iter()
    .filter_map(|f| countback_test_support::shared_text(&format!("chess-data/{f}")))
    .collect();
    texts.push(FALLBACK.to_string());
    texts
}

/// Everything computable on an accepted file must compute without panicking.
fn exercise(text: &str) {
    let Ok(t) = trf::parse(text) else { return };
    let cascade: Cascade = ALL.parse().unwrap();
    for edition in [Edition::Aug2024, Edition::Mar2026] {
        for vega in [false, true] {
            let options =
                Options::new(edition).forfeit_loss_counts_as_played_when_classifying_byes(vega);
            let fide = Evaluation::new(&t, options).unwrap();
            for code in &cascade.0 {
                let _ = fide.values(code);
            }
            let _ = fide.rank(&cascade);
        }
    }
}

#[derive(Debug, Clone)]
enum Mutation {
    Replace(usize, char),
    Delete(usize),
    Insert(usize, char),
    DuplicateLine(usize),
    SwapLines(usize, usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let c = prop::sample::select(
        "0123456789 wWbB-=+HFUZDLx.\n\u{e9}"
            .chars()
            .collect::<Vec<_>>(),
    );
    prop_oneof![
        (any::<usize>(), c.clone()).prop_map(|(i, c)| Mutation::Replace(i, c)),
        any::<usize>().prop_map(Mutation::Delete),
        (any::<usize>(), c).prop_map(|(i, c)| Mutation::Insert(i, c)),
        any::<usize>().prop_map(Mutation::DuplicateLine),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::SwapLines(a, b)),
    ]
}

fn apply(text: &str, m: &Mutation) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let len = chars.len().max(1);
    match m {
        Mutation::Replace(i, c) => {
            if let Some(slot) = chars.get_mut(i % len) {
                *slot = *c;
            }
        }
        Mutation::Delete(i) => {
            if !chars.is_empty() {
                chars.remove(i % len);
            }
        }
        Mutation::Insert(i, c) => chars.insert(i % (chars.len() + 1), *c),
        Mutation::DuplicateLine(i) | Mutation::SwapLines(i, _) => {
            let mut lines: Vec<&str> = text.lines().collect();
            if lines.is_empty() {
                return text.to_string();
            }
            let a = i % lines.len();
            if let Mutation::SwapLines(_, j) = m {
                let b = j % lines.len();
                lines.swap(a, b);
            } else {
                let copy = lines.get(a).copied().unwrap_or_default();
                lines.insert(a, copy);
            }
            return lines.join("\n");
        }
    }
    chars.into_iter().collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..2000)) {
        exercise(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn trf_like_lines_never_panic(
        lines in prop::collection::vec("001 [ 0-9]{4} [ -~]{0,120}", 0..12)
    ) {
        exercise(&lines.join("\n"));
    }

    #[test]
    fn mutated_real_files_never_panic(
        file in any::<usize>(),
        mutations in prop::collection::vec(mutation(), 1..6),
    ) {
        let files = real_files();
        let mut text = files[file % files.len()].clone();
        for m in &mutations {
            text = apply(&text, m);
        }
        exercise(&text);
    }

    #[test]
    fn record_order_does_not_change_the_ranking(file in any::<usize>(), seed in any::<u64>()) {
        let files = real_files();
        let text = &files[file % files.len()];
        let mut lines: Vec<&str> = text.lines().collect();
        XorShift(seed | 1).shuffle(&mut lines);
        let shuffled = lines.join("\n");
        let cascade: Cascade = "BH/C1, BH, SB, DE, WIN".parse().unwrap();
        let a = trf::parse(text).unwrap();
        let b = trf::parse(&shuffled).unwrap();
        let options = Options::new(Edition::Aug2024);
        let ra = Evaluation::new(&a, options).unwrap().rank(&cascade).unwrap();
        let rb = Evaluation::new(&b, options).unwrap().rank(&cascade).unwrap();
        prop_assert_eq!(ra.order, rb.order);
    }
}

#[test]
fn real_files_survive_writing_back() {
    for text in real_files() {
        let t = trf::parse(&text).unwrap();
        let again: String = t.players.iter().map(|p| p.to_trf_line() + "\n").collect();
        let u = trf::parse(&again).unwrap();
        assert_eq!(u.players.len(), t.players.len());
        for (p, q) in t.players.iter().zip(&u.players) {
            assert_eq!(
                (p.starting_rank, &p.name, p.rating, &p.rounds),
                (q.starting_rank, &q.name, q.rating, &q.rounds)
            );
        }
    }
}
