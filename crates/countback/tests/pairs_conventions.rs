//! Issue 16: the library's pairs scoring choices reached from an event file
//! and from the command line, and PBN results files through `score` and
//! `audit`. Every expected figure is worked by hand above its test.
//! (Gap PAR and the one-missing shortcut: `front_door.rs`,
//! `gap_par_and_the_one_missing_shortcut_are_reachable`.)
#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

use countback_test_support::cli::{pair_standing, root, Cli, Out};

const COUNTBACK: Cli = Cli::new(env!("CARGO_BIN_EXE_countback"));

/// Run `countback` with `args`, `FILE` replaced by `text` written to a
/// file named `name`.
fn run(name: &str, text: &str, args: &[&str]) -> Out {
    COUNTBACK.run_on(name, text, args)
}

fn fouled_example() -> String {
    std::fs::read_to_string(root().join("examples/pairs-fouled-board.toml")).unwrap()
}

/// N2's total and percentage, exact and as displayed.
fn n2(text: &str, args: &[&str]) -> [String; 4] {
    let mut a = vec!["score", "FILE", "--json"];
    a.extend_from_slice(args);
    let v = run("pairs.toml", text, &a).ok().json();
    let s = pair_standing(&v, "N2");
    [
        &s["total"]["exact"],
        &s["total"]["display"],
        &s["percentage"]["exact"],
        &s["percentage"]["display"],
    ]
    .map(|x| x.as_str().unwrap().to_owned())
}

/// `examples/pairs-fouled-board.toml` cites the EBU letter on fouled
/// boards. N2 is NS in the three-result version of board 4: 4 within the
/// group → (4·5 + 2)/3 = 22/3 = 7.333…; its nine other boards give 44.
///
/// - exact (the default): 44 + 22/3 = 154/3 = 51.33…; 154/3 / 80 = 385/6 %
///   = 64.1666… → 64.17
/// - the letter's rule, 0.1 with an exact 0.05 toward the average: 7.3 →
///   51.3; 51.3 / 80 = 64.125 % exactly, which the letter's EBU prints half
///   up: 64.13 (the convention's display; `--half even` gives 64.12)
/// - KoPS's 0.01: 7.33 → 51.33; 51.33 / 80 = 64.1625 → 64.16 (the issue's
///   54.36-for-54.37 on this file)
#[test]
fn the_fouled_board_example_under_the_ebu_letter_and_kops() {
    let text = fouled_example();
    assert_eq!(n2(&text, &[]), ["154/3", "51.33", "385/6", "64.17"]);
    let letter = ["513/10", "51.30", "513/8", "64.13"];
    // From the command line, by the convention (which prints as the EBU
    // does: before, the display went to even and showed 64.12) or by the
    // rounding alone (no convention: the half rule is asked for).
    assert_eq!(n2(&text, &["-o", "convention=ebu_letter"]), letter);
    assert_eq!(
        n2(&text, &["-o", "convention=ebu_letter", "--half", "even"])[3],
        "64.12"
    );
    assert_eq!(
        n2(
            &text,
            &["-o", "rounding=ebu_tenth_toward_average", "--half", "up"]
        ),
        letter
    );
    // From the event file.
    let in_file = text.replacen(
        "[event]\nname = \"Tuesday Pairs, 5-table Mitchell\"",
        "[event]\nname = \"Tuesday Pairs, 5-table Mitchell\"\n[event.scoring]\nconvention = \"ebu_letter\"",
        1,
    );
    assert_ne!(in_file, text);
    assert_eq!(n2(&in_file, &[]), letter);
    // An exact half asked to go to even goes to even.
    assert_eq!(n2(&in_file, &["--half", "even"])[3], "64.12");
    // A rounding option overrides the convention's.
    assert_eq!(n2(&in_file, &["-o", "rounding=exact"])[0], "154/3");

    let kops = ["5133/100", "51.33", "5133/80", "64.16"];
    assert_eq!(n2(&text, &["-o", "convention=kops"]), kops);
    assert_eq!(n2(&text, &["-o", "rounding=hundredth_half_up"]), kops);
}

use countback_test_support::assert_shows;
use countback_test_support::files::BUTLER_PBN;

/// What `countback` printed for the Butler PBN file with `args`, which must
/// succeed.
fn butler(args: &[&str]) -> String {
    run("butler.pbn", BUTLER_PBN, args).ok().stdout
}

#[test]
fn a_pbn_file_is_scored_and_audited_under_its_writers_convention() {
    let writers = butler(&["audit", "FILE"]);
    assert_shows(
        &writers,
        &[
            "convention magic_contest (from the file's writer \"Magic Contest 5.0.3\")",
            "the magic_contest convention explains the file",
        ],
    );
    // Chosen on the command line instead: the plain total and the
    // convention that gives the stored one are named.
    let chosen = butler(&["audit", "FILE", "-o", "convention=ebu_white_book_2025"]);
    assert_shows(
        &chosen,
        &[
            "convention ebu_white_book_2025 (chosen)",
            "reproduced under the magic_contest convention",
        ],
    );
    let json = butler(&["score", "FILE", "--format", "json"]);
    assert!(json.contains("\"4/3\""), "{json}");
    // A bad line of a PBN file is located, as a USEBIO file's is.
    run(
        "bad.pbn",
        &BUTLER_PBN.replace("5 6 140 -1 1", "5 6 14x -1 1"),
        &["audit", "FILE"],
    )
    .refused("[ScoreTable] column Score_NS at line 8, column 5: \"14x\" is not a score");
}
