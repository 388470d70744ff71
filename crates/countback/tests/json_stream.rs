//! Issue 43: a session's board lines are written as JSON by hand, each
//! distinct figure's JSON once a column. What a program reads must be what
//! serde wrote: names escaped where JSON needs it, the keys in their order,
//! each figure `{"exact", "display"}`, and the match points by hand.
#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

use countback_test_support::cli::Cli;

const COUNTBACK: Cli = Cli::new(env!("CARGO_BIN_EXE_countback"));

/// Board 1 (nobody vulnerable), three results: the two 420s beat the 170
/// and tie each other, 2·1 + 1 = 3 match points each of a top of 4; the
/// 170 scores 0. A pair's name holds a quote, another a backslash.
const SESSION: &str = r#"
[event]
name = "A \"quoted\" session"

[[boards]]
board = 1
results = [
  { ns = '1"NS', ew = '1\EW', score = "420" },
  { ns = "2NS", ew = "2EW", score = "420" },
  { ns = "3NS", ew = "3EW", score = "170" },
  { ns = "4NS", ew = "4EW", score = "NP" },
]
"#;

#[test]
fn board_lines_read_back_as_serde_wrote_them() {
    let out = COUNTBACK
        .run_on("quoted.toml", SESSION, &["score", "FILE", "--json"])
        .ok();
    // The bytes of the first line, keys in order, the names escaped.
    assert!(
        out.stdout.contains(
            r#"{"ns":"1\"NS","ew":"1\\EW","result":"420","raw":[{"exact":"3","display":"#
        ),
        "{}",
        out.stdout
    );
    let v = out.json();
    assert_eq!(v["event"], "A \"quoted\" session");
    let lines = v["boards"][0]["lines"].as_array().unwrap();
    let line = |ns: &str| lines.iter().find(|l| l["ns"] == ns).unwrap();
    let first = line("1\"NS");
    assert_eq!(first["ew"], "1\\EW");
    assert_eq!(first["raw"][0]["exact"], "3");
    assert_eq!(first["raw"][1]["exact"], "1");
    assert_eq!(first["applied"]["kind"], "as_is");
    let third = line("3NS");
    assert_eq!(third["raw"][0]["exact"], "0");
    assert_eq!(third["scored"][1]["exact"], "4");
    let not_played = line("4NS");
    assert_eq!(not_played["result"], "NP");
    assert!(not_played["raw"].is_null());
    assert_eq!(not_played["applied"]["kind"], "not_played");
    // Each figure is its exact text and its display, and nothing else.
    for l in lines.iter().filter(|l| !l["raw"].is_null()) {
        for key in ["raw", "factored", "scored"] {
            for figure in l[key].as_array().unwrap() {
                let mut keys: Vec<&String> = figure.as_object().unwrap().keys().collect();
                keys.sort();
                assert_eq!(keys, ["display", "exact"], "{figure}");
            }
        }
    }
}

/// [`SESSION`] with a name for the first pair that JSON and HTML must
/// escape: a quote, a backslash, `<`, `&` and a letter outside ASCII.
fn named_session() -> String {
    let mut session = format!(
        "{SESSION}\n[[contestants]]\nid = '1\"NS'\nname = \"Zoë \\\"Z\\\" \\\\ <A> & B\"\n"
    );
    for id in ["1\\EW", "2NS", "2EW", "3NS", "3EW", "4NS", "4EW"] {
        session.push_str(&format!("\n[[contestants]]\nid = '{id}'\n"));
    }
    session
}

/// The standings are written by hand too (issue 43). Each pair's keys in
/// serde's order, its name escaped as JSON escapes (RFC 8259: `"` and `\`
/// escaped, other printable characters as they are), and its figures by
/// hand: the two 420s beat the 170 and tie, 2·1 + 1 = 3 match points of a
/// top of 4 each, 75 %; the 170 scores 0; the pair that did not play is
/// not ranked.
#[test]
fn standings_read_back_as_serde_wrote_them() {
    let out = COUNTBACK
        .run_on("named.toml", &named_session(), &["score", "FILE", "--json"])
        .ok();
    assert!(
        out.stdout.contains(
            r#"{"field":"NS","standings":[{"place":1,"tied":true,"pair":"1\"NS","name":"Zoë \"Z\" \\ <A> & B","total":{"exact":"3","display":"3.00"},"percentage":{"exact":"75","display":"75.00"},"boards_played":1,"max_possible":"4"},{"place":1,"tied":true,"pair":"2NS","total":"#
        ),
        "{}",
        out.stdout
    );
    let v = out.json();
    let ns = &v["fields"][0];
    assert_eq!(ns["field"], "NS");
    let rows = ns["standings"].as_array().unwrap();
    assert_eq!(rows.len(), 3, "4NS played no board");
    assert_eq!(rows[0]["name"], "Zoë \"Z\" \\ <A> & B");
    assert!(rows[1].get("name").is_none(), "{}", rows[1]);
    let third = &rows[2];
    assert_eq!(third["pair"], "3NS");
    assert_eq!(third["place"], 3);
    assert_eq!(third["tied"], false);
    assert_eq!(third["total"]["exact"], "0");
    assert_eq!(third["percentage"]["display"], "0.00");
    assert_eq!(third["boards_played"], 1);
    assert_eq!(third["max_possible"], "4");
}

/// The HTML tables, written cell by cell from one buffer (issue 43), are
/// well formed: each row has as many cells as its table has headings,
/// every element opened is closed, and the name is escaped as HTML
/// escapes text (`&quot;`, `&lt;`, `&gt;`, `&amp;`).
#[test]
fn html_tables_are_well_formed_and_escaped() {
    let html = COUNTBACK
        .run_on(
            "named.toml",
            &named_session(),
            &["score", "FILE", "--format", "html"],
        )
        .ok()
        .stdout;
    assert!(
        html.contains("<td>Zoë &quot;Z&quot; \\ &lt;A&gt; &amp; B</td>"),
        "{html}"
    );
    assert!(!html.contains("<A>"));
    let tables: Vec<&str> = html.split("<table>").skip(1).collect();
    assert!(tables.len() >= 3, "two fields and a board: {html}");
    for table in tables {
        let table = table.split("</table>").next().unwrap();
        let head = table.split("</thead>").next().unwrap();
        let columns = head.matches("<th ").count();
        assert!(columns > 0, "{table}");
        let body = table.split("<tbody>").nth(1).unwrap();
        let rows: Vec<&str> = body.split("<tr>").skip(1).collect();
        assert!(!rows.is_empty(), "{table}");
        for row in rows {
            let row = row.split("</tr>").next().unwrap();
            assert_eq!(row.matches("<td").count(), columns, "{row}");
            assert_eq!(row.matches("</td>").count(), columns, "{row}");
        }
        assert_eq!(
            table.matches("<tr>").count(),
            table.matches("</tr>").count()
        );
    }
}
