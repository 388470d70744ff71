//! Issue 27 item 5 (Why: "Director adjustments cannot be written: …
//! procedural penalties on a session total (in matchpoints or % of a
//! top). Directors today fake these with balancing lines."). Before, the
//! event file had no `penalties` and refused the field as unknown.
#![allow(clippy::unwrap_used)]

use serde_json::Value;

use countback_test_support::assert_shows;
use countback_test_support::cli::{find, root, Cli};

const COUNTBACK: Cli = Cli::new(env!("CARGO_BIN_EXE_countback"));

fn fouled_with(extra: &str) -> String {
    let text = std::fs::read_to_string(root().join("examples/pairs-fouled-board.toml")).unwrap();
    format!("{text}\n{extra}")
}

/// `score FILE --json --boards BOARDS` on `text`, which must succeed.
#[track_caller]
fn scored(text: &str, boards: &str) -> Value {
    COUNTBACK
        .run_on(
            "penalised.toml",
            text,
            &["score", "FILE", "--json", "--boards", boards],
        )
        .ok()
        .json()
}

/// The fouled-board example (its header, worked with exact fractions): N1
/// 109/2 MP, N2 154/3, E3 103/2, E1 128/3, out of 10 boards × top 8 = 80.
///
/// - N1 penalised 4 MP (Law 90 by default): 109/2 − 4 = 101/2 = 50.5 MP,
///   101/2 ÷ 80 = 63.125%; N2's 154/3 = 51.33 now leads, N1 is second.
/// - E3 penalised 25% of a top (Law 90B8 as written): ¼ × 8 = 2 MP, 103/2
///   − 2 = 99/2 = 49.5 MP, 61.875%; still first ahead of E1's 128/3.
///
/// Each is traced: the pair, the Law, what was taken off, the total before
/// and after.
#[test]
fn a_procedural_penalty_comes_off_the_total_and_is_traced() {
    let text = fouled_with(
        "[[penalties]]\ncontestant = \"N1\"\nmatch_points = 4\nreason = \"late arrival\"\n\n\
         [[penalties]]\ncontestant = \"E3\"\npercent_of_top = \"25\"\nlaw = \"90B8\"\n",
    );
    let v = scored(&text, "none");
    let ns = &v["fields"][0]["standings"];
    assert_eq!(ns[0]["pair"], "N2");
    assert_eq!(ns[0]["total"]["exact"], "154/3");
    assert_eq!(ns[1]["pair"], "N1");
    assert_eq!(ns[1]["place"], 2);
    assert_eq!(ns[1]["total"]["exact"], "101/2");
    assert_eq!(ns[1]["percentage"]["exact"], "505/8");
    let ew = &v["fields"][1]["standings"];
    assert_eq!(ew[0]["pair"], "E3");
    assert_eq!(ew[0]["total"]["exact"], "99/2");
    assert_eq!(ew[0]["percentage"]["exact"], "495/8");
    let p = &v["penalties"];
    assert_eq!(p[0]["pair"], "N1");
    assert_eq!(p[0]["law"], "90");
    assert_eq!(p[0]["match_points"], "4");
    assert_eq!(p[0]["total_before"], "109/2");
    assert_eq!(p[0]["total_after"], "101/2");
    assert_eq!(p[0]["reason"], "late arrival");
    assert_eq!(p[1]["law"], "90B8");
    assert_eq!(p[1]["percent_of_top"], "25");
    assert_eq!(p[1]["match_points"], "2");
    let out = COUNTBACK.run_on("pen.toml", &text, &["score", "FILE", "--boards", "none"]);
    assert_shows(&out.stdout, &["Penalties", "2 MP (25% of a top)"]);
}

/// Strict: a misspelt field is refused naming the valid ones; a penalty
/// with both amounts, or neither, or of an unknown pair, is refused at its
/// field; `rank` refuses penalties (they are a pairs session's).
#[test]
fn a_penalty_is_read_strictly() {
    for (extra, says) in [
        (
            "[[penalties]]\ncontestant = \"N1\"\nmatch_point = 4\n",
            "unknown field `match_point`, expected one of `contestant`, `match_points`",
        ),
        (
            "[[penalties]]\ncontestant = \"N1\"\nmatch_points = 4\npercent_of_top = 25\n",
            "exactly one of match_points and percent_of_top",
        ),
        (
            "[[penalties]]\ncontestant = \"N1\"\n",
            "exactly one of match_points and percent_of_top",
        ),
        (
            "[[penalties]]\ncontestant = \"N9\"\nmatch_points = 4\n",
            "field `penalties[0].contestant`: \"N9\" is not among the contestants",
        ),
        (
            "[[penalties]]\ncontestant = \"N1\"\nmatch_points = -1\n",
            "field `penalties[0].match_points`: -1 is out of range",
        ),
    ] {
        let out = COUNTBACK.run_on("pen.toml", &fouled_with(extra), &["score", "FILE"]);
        assert_eq!(out.code, 65, "{extra}: {}", out.stderr);
        assert!(out.stderr.contains(says), "{extra}: {}", out.stderr);
    }
    COUNTBACK
        .run_on(
            "pen.toml",
            &fouled_with("[[penalties]]\ncontestant = \"N1\"\nmatch_points = 4\n"),
            &["rank", "FILE", "--procedure", "ebu"],
        )
        .refused("field `penalties`");
}

/// Issue 27 item 5, split artificial scores that are not complementary
/// (Law 12C2(a): 60% to a side not at fault, 50% to one partly at fault).
/// Board 1 of the fouled-board example with N4–E2 given `A6050`: the
/// board's top is 8 (E = 5), so NS 60% = 24/5 = 4.8 MP and EW 50% = 4 MP
/// (together 44/5, not the top of 8: the award's figures, not
/// complements). This passed before this branch: the
/// format already read `A6050`; the test pins it with its hand figures.
#[test]
fn a_split_artificial_score_is_not_made_complementary() {
    let text = std::fs::read_to_string(root().join("examples/pairs-fouled-board.toml"))
        .unwrap()
        .replacen(
            "{ ns = \"N4\", ew = \"E2\", score = \"110\" }",
            "{ ns = \"N4\", ew = \"E2\", score = \"A6050\" }",
            1,
        );
    assert!(text.contains("A6050"));
    let v = scored(&text, "1");
    let line = find(&v["boards"][0]["lines"], "ns", "N4");
    assert_eq!(line["scored"][0]["exact"], "24/5");
    assert_eq!(line["scored"][1]["exact"], "4");
    assert_eq!(line["applied"]["kind"], "artificial");
    assert_eq!(line["applied"]["ns_percent"], "60");
    assert_eq!(line["applied"]["ew_percent"], "50");
}
