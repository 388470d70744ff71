//! Issue 42, item 4: byes, pseudo-players, encodings and dates as the
//! pairing programs write them. Each case is a file (or record) laid out
//! as the named program writes it, informational columns and all; every
//! name is made up. docs/fide.md ("Spellings") lists them with their
//! programs. Each case failed before: refused, scored 0, ranked, or not
//! read.
#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    clippy::panic,
    missing_docs
)]

use countback_model::Score;
use countback_tiebreak_fide::trf::{self, Encoding, ResultCode};
use countback_tiebreak_fide::{Date, TrfErrorKind};

fn s(text: &str) -> Score {
    Score::parse(text).unwrap()
}

/// A `001` record laid out as TRF-16 says: rank, sex, title, name,
/// rating, federation, FIDE id, birth date, points, place, then `rounds`
/// as written (from column 90 on, each field `  oooo c r`).
#[allow(clippy::too_many_arguments)]
fn record(
    rank: u32,
    sex: &str,
    name: &str,
    rating: &str,
    federation: &str,
    id: &str,
    birth: &str,
    points: &str,
    place: &str,
    rounds: &str,
) -> String {
    format!(
        "001 {rank:>4} {sex:1}    {name:<33} {rating:>4} {federation:3} {id:>11} {birth:10} {points:>4} {place:>4}{rounds}\n"
    )
}

/// The ICU's layout (its `.tab` files): header, then two players meeting in
/// round 2, each with `round1` in round 1; the first's points column
/// `points`, the second's what round 1 then counts.
fn icu(round1: &str, points: &str) -> String {
    // The second player lost round 2: its points are round 1's alone.
    let second = match points {
        "1.5" => "0.5",
        "2.0" => "1.0",
        _ => "0.0",
    };
    format!(
        "012 Club Masters\n042 25.02.2011\n092 Swiss\n{}{}",
        record(
            1,
            "M",
            "Byrne, Aoife",
            "2111",
            "DUB",
            "",
            "",
            points,
            "1",
            &format!("  {round1}     2 w 1")
        ),
        record(
            2,
            "M",
            "Walsh, Ciaran",
            "2050",
            "GAL",
            "",
            "",
            second,
            "2",
            &format!("  {round1}     1 b 0")
        ),
    )
}

/// Byes as the ICU writes them, and what each round 1 reads as.
#[test]
fn byes_as_the_icu_writes_them() {
    for (round1, points, read_as, said) in [
        // Half-point byes written `0000 - =` (kilkenny_masters_2011).
        ("0000 - =", "1.5", ResultCode::HalfPointBye, false),
        // The same with a blank opponent.
        ("     - =", "1.5", ResultCode::HalfPointBye, false),
        // No result code; the points column counts ½ (bunratty_masters_2011).
        ("     -  ", "1.5", ResultCode::HalfPointBye, true),
        ("0000 -  ", "1.5", ResultCode::HalfPointBye, true),
        // ... or a whole point (irish_junior_champs_2011).
        ("0000 -  ", "2.0", ResultCode::FullPointBye, true),
        // The points column counts nothing: not paired, nothing said.
        ("0000 -  ", "1.0", ResultCode::NotPaired, false),
    ] {
        let text = icu(round1, points);
        let t = trf::parse(&text).unwrap_or_else(|e| panic!("{round1:?}: {e}"));
        assert_eq!(
            t.players[0].rounds[0].result, read_as,
            "{round1:?} {points}"
        );
        assert_eq!(t.points_disagreements(), [], "{round1:?} {points}");
        let byes = &t.byes_from_points;
        assert_eq!(!byes.is_empty(), said, "{round1:?} {points}");
        if said {
            assert_eq!((byes[0].starting_rank, &byes[0].rounds), (1, &vec![1]));
        }
    }
}

/// Tornelo's engine input (TRF(xb) for bbpPairings): `BBU  0.5`, a
/// pairing-allocated bye worth ½, counted so by the points column.
#[test]
fn tornelo_bbu_record() {
    let file = |extra: &str| {
        format!(
            "012 Club Open                                    \n042 21/07/2025\n092 Individual: Swiss-System\nXXR 007\nXXC black1\n{extra}{}{}{}",
            record(1, "F", "Rossi, Anna", "1621", "ITA", "2888888", "1983/01/01", "1.5", "1", "     2 w 1  0000 - U"),
            record(2, "M", "Bianchi, Marco", "1500", "ITA", "2888889", "1980/01/01", "1.0", "2", "     1 b 0     3 w 1"),
            record(3, "M", "Verdi, Luca", "1400", "ITA", "2888890", "1981/01/01", "0.5", "3", "  0000 - U     2 b 0"),
        )
    };
    let t = trf::parse(&file("BBU  0.5\n")).unwrap();
    assert_eq!(t.points_system.pairing_allocated_bye, s("0.5"));
    assert_eq!(t.points(&t.players[0]), s("1.5"));
    assert_eq!(t.points_disagreements(), []);
    // Without the record a `U` scores a win, and the columns disagree.
    let t = trf::parse(&file("")).unwrap();
    assert_eq!(t.points_disagreements().len(), 2);
    // With a `162` that says otherwise: which applies is not guessed.
    let err = trf::parse(&file("162 W 1.0 D 0.5 L 0.0 P 1.0\nBBU  0.5\n")).unwrap_err();
    assert!(
        matches!(err.kind, TrfErrorKind::PointsRecordsDisagree { .. }),
        "{err}"
    );
    // BBW/BBD/BBL set the win, draw and loss.
    let t = trf::parse(&file("BBW  3.0\nBBD  1.0\nBBL  0.0\nBBU  0.5\n")).unwrap();
    assert_eq!(
        (
            &t.points_system.win,
            &t.points_system.draw,
            &t.points_system.pairing_allocated_bye
        ),
        (&s("3"), &s("1"), &s("0.5"))
    );
}

/// Swiss-Manager's `spielfrei` ("bye") record, as FIDE's published example
/// has it: no game, no points, rank 0. Not ranked; a record of that name
/// with a game is a player.
#[test]
fn swiss_managers_spielfrei_is_not_ranked() {
    let file = |third: &str, first: &str| {
        format!(
            "012 Open\n042 28. 07. 2005\n{}{}{}",
            record(
                1,
                "m",
                "Schmidt, Anna",
                "2100",
                "GER",
                "1234567",
                "1980/01/01",
                "1.0",
                "1",
                first
            ),
            record(
                2,
                "m",
                "Weber, Jan",
                "2000",
                "GER",
                "1234568",
                "1981/01/01",
                "0.0",
                "2",
                "     1 b 0"
            ),
            record(3, "", "spielfrei", "", "", "", "", "0.0", "0", third),
        )
    };
    let text = file("  0000 - -", "     2 w 1");
    let t = trf::parse(&text).unwrap();
    assert_eq!(t.players.len(), 2);
    assert_eq!(t.pseudo_players.len(), 1);
    assert_eq!(
        (t.pseudo_players[0].starting_rank, t.pseudo_players[0].line),
        (3, 5)
    );
    // Kept as written.
    assert_eq!(t.to_trf(), text);
    // A record of that name with a game is a player.
    let t = trf::parse(&file("  0000 - -     1 w 0", "     2 w 1     3 b 1")).unwrap();
    assert_eq!((t.players.len(), t.pseudo_players.len()), (3, 0));
}

/// Latin-1 (Windows-1252) and UTF-8 names, as Swiss-Manager, SWAR and the
/// ICU's older files write them: read as written, never as mojibake.
#[test]
fn latin1_and_utf8_are_told_apart() {
    let line = |name: &[u8]| {
        let mut l = b"012 T\n001    1 m    ".to_vec();
        l.extend_from_slice(name);
        // "Müller, Zoë" is 11 characters, whatever its bytes.
        l.extend(std::iter::repeat(b' ').take(23));
        l.extend_from_slice(b"2100 GER                         0.0    1\n");
        l
    };
    // "Müller, Zoë" in Latin-1: one byte each for ü and ë.
    let latin1 = line(b"M\xfcller, Zo\xeb");
    let (t, encoding) = trf::parse_bytes(&latin1).unwrap();
    assert_eq!(encoding, Encoding::Windows1252);
    assert_eq!(t.players[0].name, "Müller, Zoë");
    // The same in UTF-8 (two bytes each): the same name, read as UTF-8.
    let utf8 = line("Müller, Zoë".as_bytes());
    let (t, encoding) = trf::parse_bytes(&utf8).unwrap();
    assert_eq!(encoding, Encoding::Utf8);
    assert_eq!(t.players[0].name, "Müller, Zoë");
    // Windows-1252's own characters at 0x80-0x9F.
    assert_eq!(trf::decode(b"\x80 \x8a\x9c").0, "€ Šœ");
    // A UTF-8 byte-order mark is not part of the first record.
    let (t, _) = trf::parse_bytes(&[b"\xef\xbb\xbf".as_slice(), &utf8].concat()).unwrap();
    assert_eq!(t.name.as_deref(), Some("T"));
}

/// `042` as real files write it, and the program that writes each.
#[test]
fn start_dates_as_real_files_write_them() {
    for (text, date, program) in [
        (
            "28. 07. 2005",
            (2005, 7, 28),
            "FIDE's example TRF (Swiss-Manager)",
        ),
        ("May 29, 2020", (2020, 5, 29), "lichess.org Swiss export"),
        ("Jun 26, 2020", (2020, 6, 26), "lichess.org Swiss export"),
        ("25.02.2011", (2011, 2, 25), "ICU"),
        ("24/09/2010", (2010, 9, 24), "JaVaFo's sample"),
        ("21/03/2026", (2026, 3, 21), "Tornelo"),
        ("2024/09/29", (2024, 9, 29), "Belgian federation (2024)"),
        ("2023-09-24", (2023, 9, 24), "Belgian federation (2023)"),
    ] {
        let (y, m, d) = date;
        assert_eq!(
            Date::parse_trf(text),
            Date::new(y, m, d),
            "{text} ({program})"
        );
        let t = trf::parse(&format!("012 T\n042 {text}\n")).unwrap();
        assert_eq!(t.start_date, Date::new(y, m, d), "{text} ({program})");
    }
    for text in ["March 2026", "May 29 2020", "Foo 29, 2020", "28. 07."] {
        assert_eq!(Date::parse_trf(text), None, "{text}");
    }
}
