//! Teams events from IMPs or board results: VPs computed by the event's
//! scale (countback-vp), checked where the file also gives them, and ranked
//! by the WBF and EBU procedures.
#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    clippy::panic,
    missing_docs
)]

use std::path::PathBuf;

use countback_event::{Event, RankRequest};
use countback_model::{ContestantId, Score, Unit};

fn example() -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/wbf-swiss-imps.toml");
    std::fs::read_to_string(p).unwrap()
}

fn s(text: &str) -> Score {
    text.parse().unwrap()
}

#[test]
fn the_shipped_swiss_entered_as_imps_ranks_by_computed_vps() {
    // Worked by hand in the example's header.
    let event = Event::from_toml(&example()).unwrap();
    let r = event.rank(&RankRequest::new()).unwrap();
    let order: Vec<&str> = r
        .outcome
        .order
        .iter()
        .flat_map(|g| g.members.iter().map(ContestantId::as_str))
        .collect();
    assert_eq!(order, ["C", "A", "B", "F", "D", "E"]);
    assert_eq!(r.primary[&ContestantId::new("C")], s("38.93"));
    assert_eq!(r.primary[&ContestantId::new("A")], s("30"));
    assert_eq!(r.primary[&ContestantId::new("E")], s("26.03"));
    let d = r
        .outcome
        .trace
        .iter()
        .find(|d| d.clause.to_string() == "WBF 3 Swiss points")
        .unwrap();
    let values: Vec<String> = d.values.iter().map(|(_, v)| v.to_string()).collect();
    assert_eq!(values, ["9103/100", "8107/100"]);
    // The conversions, match by match: 16 boards, A +10 IMPs is 12.80.
    let c = event.conversions().unwrap();
    assert_eq!(c.len(), 9);
    let vp = c[0]
        .scores
        .iter()
        .find(|x| x.unit == Unit::VictoryPoints)
        .unwrap();
    assert_eq!(
        (vp.first.clone(), vp.second.clone()),
        (s("12.80"), s("7.20"))
    );
    assert_eq!(c[0].boards, 16);
}

#[test]
fn vps_given_beside_imps_are_checked_against_the_scale() {
    let text = example().replacen("imps = [40, 30]", "imps = [40, 30]\nvp = [13, 7]", 1);
    let e = Event::from_toml(&text)
        .unwrap()
        .rank(&RankRequest::new())
        .unwrap_err();
    let m = e.to_string();
    assert!(m.contains("matches[0].vp"), "{m}");
    assert!(m.contains("12.80") || m.contains("64/5"), "{m}");
    // The right VPs are accepted.
    let text = example().replacen(
        "imps = [40, 30]",
        "imps = [40, 30]\nvp = [\"12.8\", \"7.2\"]",
        1,
    );
    Event::from_toml(&text)
        .unwrap()
        .rank(&RankRequest::new())
        .unwrap();
}

#[test]
fn a_match_from_two_room_results() {
    // One 2-board match. The first team sits NS in the open room and EW in
    // the closed room: board 1, NS +420 open and NS +170 closed, is +250 =
    // 6 IMPs to the first team; board 2, -50 and -100, is +50 = 2 IMPs.
    // 8 IMPs over 2 boards, converted by the continuous scale.
    let text = r#"
[event]
name = "Two rooms"
procedure = "wbf-round-robin"
vp_scale = "wbf-2013-continuous"
[[contestants]]
id = "X"
[[contestants]]
id = "Y"
[[matches]]
round = 1
first = "X"
second = "Y"
board_results = [[420, 170], [-50, -100]]
"#;
    let e = Event::from_toml(text).unwrap();
    let c = e.conversions().unwrap();
    let imps = c[0].scores.iter().find(|x| x.unit == Unit::Imps).unwrap();
    assert_eq!((imps.first.clone(), imps.second.clone()), (s("8"), s("0")));
    let vp = c[0]
        .scores
        .iter()
        .find(|x| x.unit == Unit::VictoryPoints)
        .unwrap();
    let table = countback_vp::VpScale::WbfContinuous.table(2).unwrap();
    let want = table
        .convert(&s("8"), &countback_vp::FractionalMargin::Refuse)
        .unwrap();
    assert_eq!(vp.first, want.first);
    assert_eq!(&vp.first + &vp.second, s("20"));
    assert_eq!(c[0].boards, 2);
    let r = e.rank(&RankRequest::new()).unwrap();
    assert_eq!(r.outcome.order[0].members[0].as_str(), "X");
}

#[test]
fn what_the_scale_needs_is_asked_for_and_what_it_cannot_use_is_refused() {
    // No number of boards.
    let text = example().replace("boards_per_match = 16\n", "");
    let e = Event::from_toml(&text)
        .unwrap()
        .rank(&RankRequest::new())
        .unwrap_err();
    assert!(e.to_string().contains("boards_per_match"), "{e}");
    // An unknown scale lists the valid ones.
    let text = example().replace("wbf-2013-continuous", "wbf-2013");
    let e = Event::from_toml(&text).unwrap_err();
    assert!(e.to_string().contains("wbf-2013-discrete"), "{e}");
    // Board results without a scale.
    let text = example()
        .replace("vp_scale = \"wbf-2013-continuous\"\n", "")
        .replacen("imps = [40, 30]", "board_imps = [3, 7]", 1);
    let e = Event::from_toml(&text)
        .unwrap()
        .rank(&RankRequest::new())
        .unwrap_err();
    assert!(e.to_string().contains("vp_scale"), "{e}");
    // A fractional margin is refused unless the file says what to do.
    let text = example().replacen("imps = [40, 30]", "imps = [\"40.5\", 30]", 1);
    let e = Event::from_toml(&text).unwrap().rank(&RankRequest::new());
    assert!(e.is_err());
    let text = text.replace(
        "boards_per_match = 16",
        "boards_per_match = 16\nfractional_imps = \"round_half_up\"",
    );
    let r = Event::from_toml(&text)
        .unwrap()
        .rank(&RankRequest::new())
        .unwrap();
    // 10.5 rounds up to 11: A gets more than 12.80 in round 1.
    assert!(r.primary[&ContestantId::new("A")] > s("30"));
    // A VP scale for a procedure that does not convert.
    let text = example().replace("procedure = \"wbf-swiss\"", "procedure = \"ihsa\"");
    let e = Event::from_toml(&text)
        .unwrap()
        .rank(&RankRequest::new())
        .unwrap_err();
    assert!(e.to_string().contains("vp_scale"), "{e}");
}
