//! USEBIO teams events: read, rescored board by board and audited, on a
//! Swiss teams file laid out as the USEBIO 1.2 DTD has it (the synthetic
//! file of `countback_test_support::files`, worked by hand there).
#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

use countback_model::{ContestantId, Score};
use countback_results::{
    audit_imps, audit_teams, infer_scale, ParseError, ScaleSource, TeamFigure, TeamsClass,
};
use countback_test_support::files::EBU_TEAMS_USEBIO;
use countback_usebio::{parse_results_any_bytes, parse_usebio_teams, Results};
use countback_vp::VpScale;

fn id(t: &str) -> ContestantId {
    ContestantId::new(t)
}

/// Issue 26 ("USEBIO teams events are read but not rescored"): the
/// matches, the board IMPs and the rooms are read; each board's IMPs come
/// from its two rooms, the match's from its boards, the VPs by the scale
/// the stored VPs show (the discrete scale at the 4 boards the file's
/// board range says), and every stored figure agrees.
#[test]
fn a_usebio_swiss_teams_file_is_rescored_board_by_board() {
    let t = parse_usebio_teams(EBU_TEAMS_USEBIO).unwrap();
    assert_eq!(
        (t.kind.as_str(), t.teams.len(), t.matches.len()),
        ("SWISS_TEAMS", 4, 4)
    );
    assert_eq!(t.boards_per_match, Some(4));
    assert_eq!(t.teams[0].name.as_deref(), Some("Ashford"));
    // The players and the date are read (issue 40), not kept as unused:
    // the file's `PLAYER_NAME`s and `NATIONAL_ID_NUMBER`s, its `DATE`.
    assert!(
        !t.not_used.iter().any(|n| n == "<PLAYER>"),
        "{:?}",
        t.not_used
    );
    assert_eq!(t.teams[0].players, ["Player 11", "Player 12"]);
    assert_eq!(
        t.teams[0].member_ids,
        [Some("9101".to_owned()), Some("9102".to_owned())]
    );
    assert_eq!(t.date.as_deref(), Some("10/03/2024"));
    let m = &t.matches[1];
    assert_eq!(m.boards.len(), 4);
    // Board 2 of 3 v 4: team 3 NS −600, EW where NS scored −140: −460 → −10.
    assert_eq!(m.boards[1].imps_from_rooms(), Some(-10));
    let choice = infer_scale(&t, None, None).unwrap();
    assert_eq!((choice.scale, choice.boards), (VpScale::WbfDiscrete, 4));
    assert!(matches!(
        choice.source,
        ScaleSource::Inferred {
            reproduced: 4,
            of: 4,
            ..
        }
    ));
    let audit = audit_teams(&t, &choice).unwrap();
    assert_eq!(audit.exceptions().count(), 0);
    assert_eq!(audit.count(TeamFigure::BoardImps), (16, 16));
    assert_eq!(audit.count(TeamFigure::MatchVps), (8, 8));
    assert_eq!(audit.count(TeamFigure::TeamTotal), (4, 4));
    // 3 v 4: −6 − 10 + 3 + 0 = −13 IMPs.
    assert_eq!(
        audit.rescore.matches[1].imps,
        [Score::ZERO, Score::integer(13)]
    );
    assert_eq!(audit.rescore.totals[&id("4")], Score::integer(31));
    assert!(matches!(
        parse_results_any_bytes(EBU_TEAMS_USEBIO.as_bytes()).unwrap(),
        Results::Teams(_)
    ));
}

/// A stored board IMP that its rooms do not give, and the match VPs that
/// follow it: each classed.
#[test]
fn a_board_imp_the_rooms_do_not_give_is_named() {
    let text = EBU_TEAMS_USEBIO.replacen("<IMPS>11</IMPS>", "<IMPS>12</IMPS>", 1);
    let t = parse_usebio_teams(&text).unwrap();
    let choice = infer_scale(&t, Some(VpScale::WbfDiscrete), None).unwrap();
    let audit = audit_teams(&t, &choice).unwrap();
    let e: Vec<_> = audit.exceptions().collect();
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(
        (e[0].figure, e[0].class.clone()),
        (TeamFigure::BoardImps, TeamsClass::Differs)
    );
    assert_eq!(
        (e[0].stored.as_str(), e[0].computed.clone()),
        ("12", Score::integer(11))
    );
}

/// What the reader cannot read is refused naming it.
#[test]
fn a_team_no_participant_lists_and_an_unknown_scoring_are_refused() {
    let text = EBU_TEAMS_USEBIO.replacen(
        "<OPPOSING_TEAM>4</OPPOSING_TEAM>",
        "<OPPOSING_TEAM>9</OPPOSING_TEAM>",
        1,
    );
    let e = parse_usebio_teams(&text).unwrap_err();
    assert!(matches!(e, ParseError::UnknownName { .. }), "{e}");
    assert!(e.to_string().contains("\"9\""), "{e}");
    let text = EBU_TEAMS_USEBIO.replacen(">VPS<", ">TOTAL_POINTS<", 1);
    let e = parse_usebio_teams(&text).unwrap_err();
    assert!(e.to_string().contains("TOTAL_POINTS"), "{e}");
}

/// A match's two scores come together: one without the other is refused,
/// naming both elements (the reader's words, written once for a match's
/// scores and a board's points).
#[test]
fn a_match_score_without_the_opponents_is_refused() {
    let text = EBU_TEAMS_USEBIO.replacen("<OPPOSING_TEAM_SCORE>3</OPPOSING_TEAM_SCORE>", "", 1);
    let e = parse_usebio_teams(&text).unwrap_err();
    assert!(matches!(e, ParseError::Missing { .. }), "{e}");
    assert!(
        e.to_string()
            .contains("both <TEAM_SCORE> and <OPPOSING_TEAM_SCORE>, or neither"),
        "{e}"
    );
}

/// A knockout (`KO`, `MATCH_SCORING_METHOD` `IMPS`): `TEAM_SCORE` and
/// `OPPOSING_TEAM_SCORE` are the match's IMPs, checked against its boards:
/// 23–7 is the boards' net 16 (by hand above); 24–7 is not.
#[test]
fn a_knockout_scores_in_imps_checked_against_its_boards() {
    let first_match_only = |text: &str| {
        let end = text.find("</MATCH>").unwrap() + "</MATCH>\n".len();
        let section = text.find("      </SECTION>").unwrap();
        format!("{}{}", &text[..end], &text[section..])
    };
    let ko = first_match_only(
        &EBU_TEAMS_USEBIO
            .replace("EVENT_TYPE=\"SWISS_TEAMS\"", "EVENT_TYPE=\"KO\"")
            .replacen(">VPS<", ">IMPS<", 1)
            .replacen("<TEAM_SCORE>17<", "<TEAM_SCORE>23<", 1)
            .replacen("<OPPOSING_TEAM_SCORE>3<", "<OPPOSING_TEAM_SCORE>7<", 1),
    );
    let t = parse_usebio_teams(&ko).unwrap();
    assert_eq!(t.kind, "KO");
    let m = &t.matches[0];
    assert!(m.stored_vps.is_none());
    assert_eq!(m.stored_imps.as_ref().unwrap()[0].value, Score::integer(23));
    let f = audit_imps(&t).unwrap();
    assert_eq!(f.len(), 6);
    assert!(f.iter().all(|f| f.class.agrees()), "{f:?}");
    let t = parse_usebio_teams(&ko.replacen("<TEAM_SCORE>23<", "<TEAM_SCORE>24<", 1)).unwrap();
    let e: Vec<_> = audit_imps(&t)
        .unwrap()
        .into_iter()
        .filter(|f| !f.class.agrees())
        .map(|f| (f.figure, f.team.to_string(), f.class))
        .collect();
    assert_eq!(
        e,
        vec![
            (
                TeamFigure::MatchImps,
                "1".to_owned(),
                TeamsClass::ImpsNotSumOfParts
            ),
            (
                TeamFigure::MatchImps,
                "2".to_owned(),
                TeamsClass::ImpsNotSumOfParts
            ),
        ]
    );
}
