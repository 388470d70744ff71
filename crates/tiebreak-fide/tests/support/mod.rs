//! What the FIDE tests share: a `001` player record as TRF-16 lays it out.
// Each test binary uses what it needs of this module.
#![allow(dead_code)]

/// A round of a `001` record: opponent (0: none, written `0000`), colour,
/// result.
pub type Round = (u32, char, char);

/// A `001` record: starting rank, name, rating (0: blank), declared
/// points and rank (blank when `None`), then per round `opponent colour
/// result`.
pub fn player(
    rank: u32,
    name: &str,
    rating: u32,
    points: Option<&str>,
    place: Option<u32>,
    rounds: &[Round],
) -> String {
    let rating = if rating == 0 {
        String::new()
    } else {
        rating.to_string()
    };
    let place = place.map(|p| p.to_string()).unwrap_or_default();
    let mut l = format!(
        "001 {rank:>4} {:4} {name:<33} {rating:>4} {:3} {:11} {:10} {:>4} {place:>4}",
        "",
        "",
        "",
        "",
        points.unwrap_or("")
    );
    for (o, c, r) in rounds {
        if *o == 0 {
            l.push_str(&format!("  0000 {c} {r}"));
        } else {
            l.push_str(&format!("  {o:>4} {c} {r}"));
        }
    }
    l
}

/// A small event kept as a TRF file under `tests/data` (`include_str!` it),
/// without the file's final line break, so that a test can append a record
/// as the next line.
pub fn event(file: &str) -> String {
    file.trim_end_matches('\n').to_owned()
}

/// Asserts every row of the case file `tests/data/{name}` of tie-break
/// values (a `player,code,value` header, then a row a value, `#` lines the
/// working or the source) against `fide`: the value of `code` for the
/// player of that starting rank. `rows` is how many the file holds, so that
/// a file cut short fails too.
#[track_caller]
pub fn check_values(fide: &countback_tiebreak_fide::Evaluation<'_>, name: &str, rows: usize) {
    let file = countback_test_support::case_file::read_text(env!("CARGO_MANIFEST_DIR"), name);
    for cells in countback_test_support::case_file::csv(&file, "player,code,value", rows) {
        let [player, code, value]: [&str; 3] = cells.try_into().unwrap();
        let player: u32 = player.parse().unwrap();
        let got = fide.value(player, &code.parse().unwrap()).unwrap();
        let expected = countback_model::Score::parse(value).unwrap();
        assert_eq!(
            got,
            expected,
            "{name} ({:?}): #{player} {code}",
            fide.options().edition()
        );
    }
}
