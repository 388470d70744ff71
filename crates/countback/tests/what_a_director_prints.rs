//! Issue 31, item 7, "Why": what a director reads and prints. The decision
//! trace named contestants by id (`among A, D, E`) while the standings name
//! them; an 18-board pairs session printed on 6 A4 pages, three boards to a
//! page; a BAM stage showed no carry-over column.

use countback_test_support::assert_shows;
use countback_test_support::cli::{scratch, Cli};

const COUNTBACK: Cli = Cli::new(env!("CARGO_BIN_EXE_countback"));

/// Why: "The decision trace names contestants by id (`among A, D, E`),
/// while the standings, the page and the HTML show names". The shipped
/// three-way tie (Aldridge, Dorset and Epsom on 43.00 VPs; ids A, D, E):
/// the trace names them as the standings do.
#[test]
fn the_trace_names_contestants_as_the_standings_do() {
    let out = COUNTBACK.run(&["explain", "examples/wbf-swiss-three-way-tie.toml"]);
    let trace = out.stdout.split("Decision trace").nth(1).unwrap();
    assert!(trace.contains("(among Aldridge, Dorset, Epsom)"), "{trace}");
    assert!(!trace.contains("(among A, D, E)"), "{trace}");
    assert!(
        trace.contains("separates: Epsom > Aldridge = Dorset"),
        "{trace}"
    );
}

/// Where two contestants share a name, the standings and the trace add
/// the id: two teams called Lions (North and South) tie on 30 and WBF 5(a)
/// separates them (the stage without carry-over, 24 v 28; worked in
/// `crates/event/tests/data/wbf-bam/wbf-bam.toml`).
#[test]
fn a_repeated_name_is_shown_with_its_id() {
    let text = std::fs::read_to_string(
        countback_test_support::cli::root().join("crates/event/tests/data/wbf-bam/wbf-bam.toml"),
    )
    .unwrap()
    .replace("id = \"North\"\n", "id = \"North\"\nname = \"Lions\"\n")
    .replace("id = \"South\"\n", "id = \"South\"\nname = \"Lions\"\n");
    let f = scratch("lions.toml", text.as_bytes());
    let out = COUNTBACK.run(&["explain", f.to_str().unwrap()]).ok();
    let (standings, trace) = out.stdout.split_once("Decision trace").unwrap();
    assert_shows(standings, &["Lions (South)", "Lions (North)"]);
    assert!(
        trace.contains("separates: Lions (South) > Lions (North)"),
        "{trace}"
    );
}

/// Why: "a BAM stage shows no carry-over column". The stage's file brings
/// North 6 and South 2 into the stage (East nothing): the standings show
/// each beside the total that includes it, in every format.
#[test]
fn a_bam_stage_shows_its_carry_over() {
    let file = "crates/event/tests/data/wbf-bam/wbf-bam.toml";
    let csv = COUNTBACK.run(&["rank", file, "--format", "csv"]).stdout;
    let mut lines = csv.lines();
    let head: Vec<&str> = lines.next().unwrap().split(',').collect();
    let at = head.iter().position(|h| *h == "carry-over").unwrap();
    let carry: Vec<(&str, &str)> = lines
        .map(|l| {
            let cells: Vec<&str> = l.split(',').collect();
            (cells[2], cells[at])
        })
        .collect();
    assert_eq!(carry, [("South", "2"), ("North", "6"), ("East", "0")]);
    let json = COUNTBACK.run(&["rank", file, "--json"]).stdout;
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["columns"][0]["key"], "carryover");
    let text = COUNTBACK.run(&["rank", file]).stdout;
    assert!(text.contains("carry-over"), "{text}");
}

/// Why: "An 18-board pairs session prints on 6 A4 pages". Each board is a
/// block that printing keeps whole and sets two to a row (the print
/// style); the text output is as before, a heading then the table. (The
/// page count itself is measured in a browser by `html_in_browser.rs`.)
#[test]
fn a_sessions_boards_are_laid_out_for_print() {
    let session = countback_test_support::synthetic::part_score_session(7, 18);
    let f = scratch("eighteen.toml", session.as_bytes());
    let html = COUNTBACK
        .run(&["score", f.to_str().unwrap(), "--format", "html"])
        .stdout;
    assert_eq!(html.matches("<section class=\"board\">").count(), 18);
    let board_one = html.split("<section class=\"board\">").nth(1).unwrap();
    let board_one = board_one.split("</section>").next().unwrap();
    assert_shows(board_one, &["<h3>Board 1 — E = 7, top 12</h3>", "<table>"]);
    let print = html.split("@media print").nth(1).unwrap();
    assert!(
        print.contains(".board { display: inline-block; vertical-align: top; width: 49.5%; break-inside: avoid;"),
        "{print}"
    );
    let text = COUNTBACK.run(&["score", f.to_str().unwrap()]).stdout;
    assert!(text.contains("\nBoard 1 — E = 7, top 12\n\nNS"), "{text}");
}
