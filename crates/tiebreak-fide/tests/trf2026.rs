//! Issue 28, item 4: the TRF-2026 reader complete for what changes a
//! result, and the art. 7 / 9.2 / 10 fixes. Each test failed before the
//! change it pins (named in the comment); every value is worked by hand.
#![allow(clippy::unwrap_used, clippy::indexing_slicing, missing_docs)]

mod support;

use countback_model::{Score, Unresolved, Value};
use countback_tiebreak_fide::trf::{self, ResultCode};
use countback_tiebreak_fide::{Edition, Evaluation, Options, TrfErrorKind};

/// A `001` record without declared points or rank.
fn record(rank: u32, name: &str, rating: u32, rounds: &[support::Round]) -> String {
    support::player(rank, name, rating, None, None, rounds)
}

fn s(text: &str) -> Score {
    Score::parse(text).unwrap()
}

fn score(text: &str) -> Value {
    Value::Score(s(text))
}

fn value(t: &trf::Tournament, edition: Edition, player: u32, code: &str) -> Score {
    Evaluation::new(t, Options::new(edition))
        .unwrap()
        .value(player, &code.parse().unwrap())
        .unwrap()
}

/// A round robin of four, three rounds, with a forfeit:
/// R1 Ann-Dan 1-0, Bob-Cid +/- (Cid, with Black, did not come);
/// R2 Cid-Ann =, Dan-Bob 1-0; R3 Ann-Bob 0-1, Cid-Dan =.
/// 1-½-0: Ann 1½, Bob 2, Cid 1, Dan 1½. Dan is unrated. `data/round_robin_four.trf`,
/// with `points_system` (a `162` record, or nothing) on the line after `142`.
fn round_robin(points_system: &str) -> String {
    support::event(include_str!("data/round_robin_four.trf")).replacen(
        "142 3\n",
        &format!("142 3\n{points_system}\n"),
        1,
    )
}

/// Why: "`0000 - -` (no game in a round) is refused; FIDE TEC's own team
/// sample file uses it 1,328 times." Before: `MissingOpponent`.
#[test]
fn a_round_without_a_game_reads_as_a_forfeit_without_an_opponent() {
    let text = [
        "142 3".to_string(),
        record(1, "Ann", 0, &[(2, 'w', '1'), (0, '-', '-'), (0, '-', '+')]),
        record(2, "Bob", 0, &[(1, 'b', '0')]),
    ]
    .join("\n");
    assert!(text.contains("0000 - -") && text.contains("0000 - +"));
    let t = trf::parse(&text).unwrap();
    let ann = t.player(1).unwrap();
    assert_eq!(ann.rounds[1].result, ResultCode::ForfeitLoss);
    assert_eq!(ann.rounds[1].opponent, None);
    assert_eq!(ann.rounds[2].result, ResultCode::ForfeitWin);
    // 1 + 0 + 1.
    assert_eq!(t.points(ann), s("2"));
    // REP: round 1 played, round 2 a forfeit loss (voluntarily unplayed,
    // art. 16.1), round 3 a forfeit win (not): 2.
    assert_eq!(value(&t, Edition::Mar2026, 1, "REP"), s("2"));
    // A game over the board still needs its opponent.
    let bad = ["142 1".to_string(), record(1, "Ann", 0, &[(0, 'w', '1')])].join("\n");
    assert!(matches!(
        trf::parse(&bad).unwrap_err().kind,
        TrfErrorKind::MissingOpponent { round: 1 }
    ));
}

/// Why: "Record `162` with the TRF-2026 symbols `A` and `X` is refused;
/// the reference engine's own generator writes them." Before:
/// `UnknownPointsSymbol`. The line is the reference generator's layout.
#[test]
fn points_system_reads_the_trf2026_absence_and_x_symbols() {
    let reference = "162  W 1.0    D 0.5    L 0.0    A 0.0    P 1.0    X 0.5";
    let t = trf::parse(&round_robin(reference)).unwrap();
    assert!(t.points_system.is_standard());
    assert_eq!(t.points_system.absence, s("0"));
    assert_eq!(t.points_system.unknown_result, Some(s("1/2")));
    // An absence scoring less than a loss over the board (3-1-1-0, a
    // point for playing): Cid's forfeit loss scores A's 0, his two draws 1 each.
    let t = trf::parse(&round_robin("162 W 3.0    D 1.0    L 1.0    A 0.0")).unwrap();
    assert_eq!(t.points(t.player(3).unwrap()), s("2"));
    // Ann: win 3, draw 1, loss over the board 1.
    assert_eq!(t.points(t.player(1).unwrap()), s("5"));
    // Without `A`, an absence scores a loss (TRF-16): Cid 1 + 1 + 1.
    let t = trf::parse(&round_robin("162 W 3.0    D 1.0    L 1.0")).unwrap();
    assert_eq!(t.points(t.player(3).unwrap()), s("3"));
}

/// Why (issue 29): "a bye in round 6 of a 5-round file silently changed
/// points". Before: the file was read with 6 rounds.
#[test]
fn a_record_after_the_declared_last_round_is_an_error_naming_it() {
    let mut text = round_robin("");
    text.push_str("\n240 H   4    1");
    let err = trf::parse(&text).unwrap_err();
    assert_eq!(err.line, 9);
    assert_eq!(
        err.kind,
        TrfErrorKind::BeyondDeclaredRounds {
            record: "240".to_string(),
            round: 4,
            declared: 3
        }
    );
    assert!(err.to_string().contains("record 240"), "{err}");
    // A result in a fourth round of a `001` line, likewise.
    let four = round_robin("").replace(
        &record(4, "Dan", 0, &[(1, 'b', '0'), (2, 'w', '1'), (3, 'b', '=')]),
        &record(
            4,
            "Dan",
            0,
            &[(1, 'b', '0'), (2, 'w', '1'), (3, 'b', '='), (0, '-', 'H')],
        ),
    );
    let err = trf::parse(&four).unwrap_err();
    assert_eq!((err.line, err.column), (8, 122), "round 4's opponent field");
    assert!(matches!(
        err.kind,
        TrfErrorKind::BeyondDeclaredRounds { ref record, round: 4, declared: 3 } if record == "001"
    ));
    // A blank fourth round changes nothing and is dropped.
    let blank = round_robin("").replace(
        &record(4, "Dan", 0, &[(1, 'b', '0'), (2, 'w', '1'), (3, 'b', '=')]),
        &format!(
            "{}  0000 -  ",
            record(4, "Dan", 0, &[(1, 'b', '0'), (2, 'w', '1'), (3, 'b', '=')])
        ),
    );
    let t = trf::parse(&blank).unwrap();
    assert_eq!(t.rounds, 3);
    assert_eq!(t.player(4).unwrap().rounds.len(), 3);
}

/// Why: "Under the March 2026 text, REP counts a round-robin forfeit
/// loss, which 15.2 (2026) keeps unplayed for art. 7." Before: 3.
#[test]
fn rep_2026_leaves_a_round_robin_forfeit_loss_out() {
    let t = trf::parse(&round_robin("")).unwrap();
    // Cid: forfeit loss, two games.
    assert_eq!(value(&t, Edition::Mar2026, 3, "REP"), s("2"));
    // The 2024 text's 15.2 makes every forfeit in a round robin a game.
    assert_eq!(value(&t, Edition::Aug2024, 3, "REP"), s("3"));
}

/// Why: "Under the 2024 text, BPG in a round robin should count a forfeit
/// loss with Black (15.2, 2024): neither program does." Before: 0.
#[test]
fn bpg_2024_counts_a_round_robin_forfeit_loss_with_black() {
    let t = trf::parse(&round_robin("")).unwrap();
    // Cid had Black only in round 1, the forfeit.
    assert_eq!(value(&t, Edition::Aug2024, 3, "BPG"), s("1"));
    assert_eq!(value(&t, Edition::Mar2026, 3, "BPG"), s("0"));
    // Bob's forfeit win (White) is a game won in both texts; his Black
    // games: round 2 (lost), round 3 (won).
    assert_eq!(value(&t, Edition::Mar2026, 2, "WON"), s("2"));
    assert_eq!(value(&t, Edition::Mar2026, 2, "BPG"), s("2"));
    assert_eq!(value(&t, Edition::Aug2024, 2, "BWG"), s("1"));
}

/// Why: "`KS/L40` is read as +40 half points; the reference engine reads
/// a 40% limit." MTB26 writes the limit as a percentage (docs/fide.md,
/// "Koya's limit"). Before: 0 (a limit of 4½ + 20).
#[test]
fn ks_l40_is_a_limit_of_40_percent() {
    // 3-1-0: Ann 4, Bob 6, Cid 2, Dan 4; the maximum is 3 games × 3 = 9.
    let t = trf::parse(&round_robin("162 W 3.0    D 1.0    L 0.0")).unwrap();
    // Art. 9.2, 50 %: 4½; only Bob reaches it; Ann lost to him.
    assert_eq!(value(&t, Edition::Mar2026, 1, "KS"), s("0"));
    // 40 %: 3.6; Bob and Dan reach it: Ann beat Dan (3).
    assert_eq!(value(&t, Edition::Mar2026, 1, "KS/L40"), s("3"));
    // A signed limit still moves art. 9.2's limit by half points:
    // 4½ - 1 = 3½, the same players as 40 %.
    assert_eq!(value(&t, Edition::Mar2026, 1, "KS/L-2"), s("3"));
    let code: countback_tiebreak_fide::TieBreakCode = "KS/L40".parse().unwrap();
    assert_eq!(code.limit_percent, Some(40));
    assert_eq!(code.to_string(), "KS/L40");
    assert!("KS/L140"
        .parse::<countback_tiebreak_fide::TieBreakCode>()
        .is_err());
}

/// Why: "Rating tie-breaks with unrated players present and no `/U` are
/// computed without a word; art. 10's preamble drops them unless the
/// regulations give unrated players a rating (the reference engine drops
/// them)." Before: ARO ranked Dan (1900: Ann, Bob, Cid) above Ann (1850:
/// Bob and Cid, Dan left out), with nothing in the trace.
#[test]
fn rating_tiebreaks_without_u_are_not_applied_when_a_player_is_unrated() {
    let t = trf::parse(&round_robin("")).unwrap();
    let eval = Evaluation::new(&t, Options::new(Edition::Mar2026)).unwrap();
    let outcome = eval.rank(&"ARO".parse().unwrap()).unwrap();
    // Ann and Dan, 1½ each, stay tied: lots.
    let tied = outcome.order.iter().find(|g| g.members.len() == 2).unwrap();
    assert_eq!(
        tied.members,
        ["Ann", "Dan"].map(countback_model::ContestantId::new)
    );
    assert!(matches!(
        tied.unresolved,
        Some(Unresolved::RandomBallot { .. })
    ));
    let dropped = outcome
        .trace
        .iter()
        .find(|d| d.clause.to_string().contains("10 (preamble)"))
        .unwrap();
    assert!(dropped.test.contains("1 unrated"), "{}", dropped.test);
    assert_eq!(eval.drops_rating_tiebreak(&"ARO".parse().unwrap()), Some(1));
    // With `/U1000` the regulations give Dan a rating and ARO applies:
    // Ann (1900 + 1800 + 1000) / 3 = 1567, Dan (2000 + 1900 + 1800) / 3 = 1900.
    let outcome = eval.rank(&"ARO/U1000".parse().unwrap()).unwrap();
    assert!(outcome.is_fully_resolved());
    assert_eq!(
        eval.drops_rating_tiebreak(&"ARO/U1000".parse().unwrap()),
        None
    );
    assert_eq!(value(&t, Edition::Mar2026, 1, "ARO/U1000"), s("1567"));
}

/// A `310` team record: number, name, match and game points, rank, members.
fn team(number: u32, name: &str, mp: &str, gp: &str, rank: u32, members: &[u32]) -> String {
    let members: Vec<String> = members.iter().map(|m| format!("{m:>4}")).collect();
    format!(
        "310 {number:>3} {name:<32} {:<5} {:>6} {mp:>6} {gp:>6} {rank:>3}  {}",
        "",
        "",
        members.join(" ")
    )
}

/// Three teams of two boards, one round: team 1 (players 1, 2) beats
/// team 2 (3, 4) 1½-½; team 3 (5, 6) has a full-point bye (`240 F`),
/// worth a won match (2 MP) and a win on each board (2 GP).
fn teams() -> String {
    [
        "012 Three teams".to_string(),
        "142 1".to_string(),
        "192 FIDE_TEAM_MP_GP".to_string(),
        "352 WB".to_string(),
        "362 TW 2.0   TD 1.0   TL 0.0".to_string(),
        record(1, "Ann", 2000, &[(3, 'w', '1')]),
        record(2, "Bob", 1900, &[(4, 'b', '=')]),
        record(3, "Cid", 1800, &[(1, 'b', '0')]),
        record(4, "Dan", 1700, &[(2, 'w', '=')]),
        record(5, "Eve", 1600, &[]),
        record(6, "Fay", 1500, &[]),
        team(1, "One", "2.0", "1.5", 1, &[1, 2]),
        team(2, "Two", "0.0", "0.5", 3, &[3, 4]),
        team(3, "Three", "2.0", "2.0", 2, &[5, 6]),
        "240 F   1    3".to_string(),
    ]
    .join("\n")
}

/// Why: "A team tournament file is ranked as individual players,
/// silently ... 6 were refused with a message that reads a team bye's
/// team number as a player number." Before: `240 F 1 3` was applied to
/// player 3, who played (`ByeDisagrees`); without it the file ranked six
/// players.
#[test]
fn a_team_file_is_read_as_teams_and_refused_as_players_saying_what_it_is() {
    let t = trf::parse(&teams()).unwrap();
    assert!(t.is_team_file());
    let err = Evaluation::new(&t, Options::new(Edition::Mar2026)).unwrap_err();
    assert_eq!(
        err,
        countback_tiebreak_fide::FideError::TeamTournament {
            teams: 3,
            type_code: Some("FIDE_TEAM_MP_GP".to_string())
        }
    );
    assert!(
        err.to_string()
            .starts_with("this is a team tournament (3 teams, record 192 FIDE_TEAM_MP_GP)"),
        "{err}"
    );
    let teams = countback_tiebreak_fide::TeamTournament::new(&t).unwrap();
    assert_eq!(teams.points_disagreements(), []);
    let totals: Vec<(Score, Score)> = teams
        .standings()
        .iter()
        .map(|s| (s.match_points.clone(), s.game_points.clone()))
        .collect();
    assert_eq!(
        totals,
        [(s("2"), s("3/2")), (s("0"), s("1/2")), (s("2"), s("2"))]
    );
    // MP first (192 …_MP_GP), then game points: Three (2 GP) before One (1½).
    let outcome = teams.rank(&"MPvGP".parse().unwrap()).unwrap();
    assert_eq!(outcome.order_text(), "Three > One > Two");
    // An individual file is not a team file for the team reading.
    let single = trf::parse(&round_robin("")).unwrap();
    assert_eq!(
        countback_tiebreak_fide::TeamTournament::new(&single).unwrap_err(),
        countback_tiebreak_fide::FideError::NotATeamTournament
    );
}

/// A team record naming a team the file does not list is an error at its
/// line; a forfeited match with a result other than `+`/`-` likewise.
#[test]
fn team_records_naming_no_team_are_errors_at_their_line() {
    let text = format!("{}\n240 H   1    9", teams());
    let t = trf::parse(&text).unwrap();
    let err = countback_tiebreak_fide::TeamTournament::new(&t).unwrap_err();
    assert!(
        matches!(
            &err,
            countback_tiebreak_fide::FideError::Trf(e)
                if e.line == 16 && matches!(e.kind, TrfErrorKind::OpponentOutOfRange { opponent: 9, .. })
        ),
        "{err}"
    );
    let err = trf::parse(&format!("{}\n330 +x   1   1   2", teams())).unwrap_err();
    assert_eq!(
        (err.line, err.kind),
        (16, TrfErrorKind::UnknownResult { found: 'x' })
    );
}

/// Team codes read and write as MTB26 writes them; an unknown one is an
/// error that lists the known ones.
#[test]
fn team_codes_read_and_write_as_written() {
    use countback_tiebreak_fide::team::{TeamCodeKind, TeamTieBreak};
    for text in [
        "MPTS",
        "MPvGP",
        "BH:MP/C1/P",
        "EMGSB/C1/P",
        "SB:GP",
        "EGGSB",
        "PTS",
        "DE",
        "DE:GP",
        "DE:MP/P",
    ] {
        assert_eq!(text.parse::<TeamTieBreak>().unwrap().to_string(), text);
    }
    let code: TeamTieBreak = "BH:MP/C1/P".parse().unwrap();
    let TeamCodeKind::OnMatchPoints(inner) = &code.kind else {
        panic!("{code:?}")
    };
    assert_eq!(
        TeamTieBreak::plain(TeamCodeKind::OnMatchPoints(*inner)).to_string(),
        "BH:MP/C1/P"
    );
    assert_eq!(
        "EDET/P".parse::<TeamTieBreak>().unwrap().to_string(),
        "EDET/P"
    );
    for chain in ["EDEB", "EDEBT/P", "EDEBB", "EDEC/P"] {
        assert_eq!(chain.parse::<TeamTieBreak>().unwrap().to_string(), chain);
    }
    let err = "BBE".parse::<TeamTieBreak>().unwrap_err();
    assert!(
        err.reason.contains("EMGSB") && err.reason.contains("EDEBT"),
        "{err}"
    );
    assert!("ARO:MP".parse::<TeamTieBreak>().is_err());
}

/// The standings check of a team file: a tie the list cannot break spans
/// its places (art. 4.2), a rank outside them is out of place.
#[test]
fn team_ranks_are_checked_against_the_list() {
    let t = trf::parse(&teams()).unwrap();
    let teams = countback_tiebreak_fide::TeamTournament::new(&t).unwrap();
    // MPTS alone: One and Three share places 1-2 (declared 1 and 2), Two 3.
    let audit = teams.audit(&"MPTS".parse().unwrap()).unwrap();
    assert!(audit.is_clean(), "{audit:?}");
    // Then game points: Three 1st, One 2nd; the file says the reverse.
    let audit = teams.audit(&"MPvGP".parse().unwrap()).unwrap();
    let out: Vec<(u32, u32, (u32, u32))> = audit
        .out_of_place
        .iter()
        .map(|o| (o.team, o.declared, o.places))
        .collect();
    assert_eq!(out, [(1, 1, (2, 2)), (3, 2, (1, 1))]);
}

/// `SSSC` (MTB26, 2026; the C.07 text was not found, so the reference
/// engine's reading, docs/fide.md): the other score plus the primary
/// score's Buchholz over K, exact. Hand-worked on `teams()` (1 round, 2
/// boards, 2-1-0): K = ⌊2 MP × 1 round ÷ (1 GP × 2 boards)⌋ = 1. One:
/// 1½ GP + BH:MP 0 (Two has 0 MP) = 3/2; Two: ½ + 2 (One's MP) = 5/2;
/// Three's full-point bye is a dummy of min(own 2 MP, a draw's 1 MP × 1
/// round) = 1 under art. 16.4.2 (2026), its own 2 MP under the 2024
/// text: 2 GP + 1 = 3, and 2 + 2 = 4. With `/K4` the Buchholz is
/// quartered: Two 1/2 + 2/4 = 1. Before: "not a team tie-break this
/// crate computes".
#[test]
fn sssc_is_the_other_score_plus_the_primary_buchholz_over_k() {
    let t = trf::parse(&teams()).unwrap();
    let code = |c: &str| c.parse::<countback_tiebreak_fide::TeamTieBreak>().unwrap();
    let values = |edition: Edition, c: &str| {
        countback_tiebreak_fide::TeamTournament::with_options(&t, Options::new(edition))
            .unwrap()
            .values(&code(c))
            .unwrap()
    };
    assert_eq!(
        values(Edition::Mar2026, "SSSC"),
        [s("3/2"), s("5/2"), s("3")]
    );
    assert_eq!(
        values(Edition::Aug2024, "SSSC"),
        [s("3/2"), s("5/2"), s("4")]
    );
    assert_eq!(values(Edition::Mar2026, "SSSC/K4")[..2], [s("3/2"), s("1")]);
    for text in ["SSSC", "SSSC/P", "SSSC/F", "SSSC/K3", "SSSC/F/P/K7"] {
        assert_eq!(code(text).to_string(), text);
    }
    for bad in ["SSSC/C1", "SSSC/K0", "SSSC/Kx", "SSSC/K3.5"] {
        let err = bad
            .parse::<countback_tiebreak_fide::TeamTieBreak>()
            .unwrap_err();
        assert!(err.reason.contains("SSSC"), "{bad}: {err}");
    }
    // Ranked: MP first (One and Three 2), then SSSC: Three (3) before One.
    let teams = countback_tiebreak_fide::TeamTournament::new(&t).unwrap();
    let outcome = teams.rank(&"SSSC".parse().unwrap()).unwrap();
    assert_eq!(outcome.order_text(), "Three > One > Two");
    assert!(
        outcome
            .trace
            .iter()
            .any(|d| d.clause.to_string().contains("MTB26 SSSC")),
        "{:?}",
        outcome.trace
    );
}

/// Two teams of four boards, one round, their match drawn 2-2: Alpha's
/// boards score `results` (`1`, `=`, `0`, board 1 first), Beta's the
/// mirror. Both 1 MP and 2 GP, so the extended direct encounter (1 v 1
/// MP, 2 v 2 GP in their own match) leaves them tied for the board stages.
fn drawn_match(results: &str) -> String {
    let mirror = |r: char| match r {
        '1' => '0',
        '0' => '1',
        other => other,
    };
    let colour = |board: usize, first: bool| if (board % 2 == 0) == first { 'w' } else { 'b' };
    let mut lines = vec![
        "012 Board stages".to_string(),
        "142 1".to_string(),
        "192 FIDE_TEAM_MP_GP".to_string(),
        "352 WBWB".to_string(),
        "362 TW 2.0   TD 1.0   TL 0.0".to_string(),
    ];
    let boards: Vec<char> = results.chars().collect();
    for (b, r) in boards.iter().enumerate() {
        let b32 = u32::try_from(b).unwrap();
        lines.push(record(
            b32 + 1,
            "Alpha",
            0,
            &[(b32 + 5, colour(b, true), *r)],
        ));
    }
    for (b, r) in boards.iter().enumerate() {
        let b32 = u32::try_from(b).unwrap();
        lines.push(record(
            b32 + 5,
            "Beta",
            0,
            &[(b32 + 1, colour(b, false), mirror(*r))],
        ));
    }
    lines.push(team(1, "Alpha", "1.0", "2.0", 1, &[1, 2, 3, 4]));
    lines.push(team(2, "Beta", "1.0", "2.0", 2, &[5, 6, 7, 8]));
    lines.join("\n")
}

/// The order after `MPTS, code` and the decision that separated the two
/// teams, if any (its clause and values).
fn chain(results: &str, code: &str) -> (String, Option<(String, Vec<Value>)>) {
    let t = trf::parse(&drawn_match(results)).unwrap();
    let teams = countback_tiebreak_fide::TeamTournament::new(&t).unwrap();
    let outcome = teams.rank(&code.parse().unwrap()).unwrap();
    let decided = outcome.trace.iter().find(|d| d.separated()).map(|d| {
        (
            d.clause.to_string(),
            d.values.iter().map(|(_, v)| v.clone()).collect(),
        )
    });
    (outcome.order_text(), decided)
}

/// Why: "EDEB, EDEBT, EDEBB and their stages BC and BBE are not computed
/// yet" (the 2026 chains, MTB26). Before: each code was a `CodeError`.
///
/// Alpha `1 0 0 1` against Beta `0 1 1 0`, 2-2, tied after EDE:
/// - BC (board number × points, lower first): Alpha 1×1 + 4×1 = 5,
///   Beta 2×1 + 3×1 = 5: tied, so EDEC leaves them to lots;
/// - TBR: board 1, Alpha 1 v Beta 0: Alpha first (EDET; EDEBT after
///   the BC tie);
/// - BBE: boards 1-3 (board 4 eliminated), Alpha 1 v Beta 2: Beta first
///   (EDEB; EDEBB after the BC tie).
///
/// Alpha `1 = 0 =` against Beta `0 = 1 =`: BC Alpha 1 + 2×½ + 4×½ = 4,
/// Beta 2×½ + 3×1 + 4×½ = 6: Alpha first at BC (EDEBB decides there,
/// before BBE). FIDE's reference engine (gacrux 1.11.65) places both
/// events the same way for all six codes.
#[test]
fn the_2026_chains_compare_two_teams_still_tied_board_by_board() {
    let order = |results: &str, code: &str| chain(results, code).0;
    assert_eq!(order("1001", "EDE"), "Alpha = Beta");
    assert_eq!(order("1001", "EDEC"), "Alpha = Beta");
    assert_eq!(order("1001", "EDET"), "Alpha > Beta");
    assert_eq!(order("1001", "EDEBT"), "Alpha > Beta");
    assert_eq!(order("1001", "EDEB"), "Beta > Alpha");
    assert_eq!(order("1001", "EDEBB/P"), "Beta > Alpha");
    let (_, decided) = chain("1001", "EDEBT");
    let (clause, values) = decided.unwrap();
    assert!(
        clause.contains("MTB26 TBR") && clause.ends_with("(EDEBT)"),
        "{clause}"
    );
    assert_eq!(values, [score("1"), score("0")]);
    let (_, decided) = chain("1001", "EDEBB");
    let (clause, values) = decided.unwrap();
    assert!(clause.contains("MTB26 BBE"), "{clause}");
    assert_eq!(values, [score("1"), score("2")]);
    // The BC tie is in the trace too, 5 v 5.
    let t = trf::parse(&drawn_match("1001")).unwrap();
    let teams = countback_tiebreak_fide::TeamTournament::new(&t).unwrap();
    let outcome = teams.rank(&"EDEC".parse().unwrap()).unwrap();
    let bc = outcome
        .trace
        .iter()
        .find(|d| d.clause.to_string().contains("MTB26 BC"))
        .unwrap();
    assert_eq!(bc.values.len(), 2);
    assert!(bc.values.iter().all(|(_, v)| *v == score("5")));
    assert!(matches!(
        outcome.order[0].unresolved,
        Some(Unresolved::RandomBallot { .. })
    ));

    assert_eq!(order("1=0=", "EDEBB"), "Alpha > Beta");
    let (clause, values) = chain("1=0=", "EDEBB").1.unwrap();
    assert!(clause.contains("MTB26 BC"), "{clause}");
    assert_eq!(values, [score("4"), score("6")]);
    assert_eq!(order("1=0=", "EDEB"), "Alpha > Beta");
}

/// Why (issue 28, item 2): `FB:GP` was refused. Four teams of two boards,
/// three rounds (1 GP a board won): T (players 1, 2), X (3, 4), Y (5, 6),
/// Z (7, 8). R1 T-X 1½-½, Y-Z 1-1; R2 T-Y 1-1, X and Z not paired (every
/// board `0000 - -`); R3 T-Z 1-1, Y wins the match against X by forfeit
/// (`330`, boards `0000 - +` / `0000 - -`: 2-0).
/// Art. 8.3: each opponent's last match counts as a draw (1 GP):
/// X 0.5 + 1 - 0 = 1.5 (its round-2 absence is now followed by a match,
/// so art. 16 keeps it at 0), Y 4 + 1 - 2 = 3, Z 2 + 1 - 1 = 2:
/// T's FB:GP = 6.5. On match points, X 0 + 1 - 0 = 1, Y 4 + 1 - 2 = 3,
/// Z 2 + 1 - 1 = 2: FB:MP = 6. The reference engine gives T 6.5 and 6.
#[test]
fn fore_buchholz_on_game_points_counts_each_opponents_last_match_as_a_draw() {
    let bye = (0, '-', '-');
    let text = [
        "012 Fore on game points".to_string(),
        "142 3".to_string(),
        "192 FIDE_TEAM_MP_GP".to_string(),
        "352 WB".to_string(),
        "362 TW 2.0   TD 1.0   TL 0.0".to_string(),
        record(1, "T1", 0, &[(3, 'w', '1'), (5, 'w', '='), (7, 'w', '=')]),
        record(2, "T2", 0, &[(4, 'b', '='), (6, 'b', '='), (8, 'b', '=')]),
        record(3, "X1", 0, &[(1, 'b', '0'), bye, bye]),
        record(4, "X2", 0, &[(2, 'w', '='), bye, bye]),
        record(5, "Y1", 0, &[(7, 'w', '='), (1, 'b', '='), (0, '-', '+')]),
        record(6, "Y2", 0, &[(8, 'b', '='), (2, 'w', '='), (0, '-', '+')]),
        record(7, "Z1", 0, &[(5, 'b', '='), bye, (1, 'b', '=')]),
        record(8, "Z2", 0, &[(6, 'w', '='), bye, (2, 'w', '=')]),
        team(1, "T", "4.0", "3.5", 1, &[1, 2]),
        team(2, "X", "0.0", "0.5", 4, &[3, 4]),
        team(3, "Y", "4.0", "4.0", 2, &[5, 6]),
        team(4, "Z", "2.0", "2.0", 3, &[7, 8]),
        "330 +-   3   3   2".to_string(),
    ]
    .join("\n");
    let t = trf::parse(&text).unwrap();
    let teams = countback_tiebreak_fide::TeamTournament::new(&t).unwrap();
    let value = |code: &str| teams.values(&code.parse().unwrap()).unwrap()[0].clone();
    assert_eq!(value("FB:GP"), s("13/2"));
    assert_eq!(value("FB:MP"), s("6"));
    assert_eq!(
        "FB:GP/C1"
            .parse::<countback_tiebreak_fide::TeamTieBreak>()
            .unwrap()
            .to_string(),
        "FB:GP/C1"
    );
}

#[path = "../benches/support/team_swiss.rs"]
mod team_swiss;

/// The team differential's odd round robins (issue 28, item 3): 5 teams
/// by the circle method with an empty seat play 5 rounds, each team 4
/// matches and one round without a match, written `0000 - -` on every
/// board or left blank. Either way countback reads that round as not
/// paired, so the two forms give the same standings. With 2-1-0 match
/// points, 10 matches share 20 match points.
#[test]
fn an_odd_team_round_robin_gives_each_team_one_round_without_a_match() {
    let read = |blank_sit_out: bool| {
        let text = team_swiss::team_swiss(&team_swiss::TeamSwiss {
            teams: 5,
            boards: 4,
            rounds: 5,
            seed: 3,
            start_date: Some("2026/06/01"),
            win: 2,
            draw: 1,
            round_robin: true,
            blank_sit_out,
            forfeit_boards_named: false,
        });
        trf::parse(&text).unwrap()
    };
    for blank in [false, true] {
        let t = read(blank);
        let teams = countback_tiebreak_fide::TeamTournament::new(&t).unwrap();
        for s in teams.standings() {
            let kinds: Vec<&countback_tiebreak_fide::team::TeamRoundKind> =
                s.rounds.iter().map(|r| &r.kind).collect();
            let unpaired = kinds
                .iter()
                .filter(|k| matches!(k, countback_tiebreak_fide::team::TeamRoundKind::NotPaired))
                .count();
            assert_eq!(
                (kinds.len(), unpaired),
                (5, 1),
                "team {}: {kinds:?}",
                s.team.number
            );
        }
        let total: Score = teams
            .standings()
            .iter()
            .map(|s| s.match_points.clone())
            .sum();
        assert_eq!(total, s("20"));
    }
    let points = |t: &trf::Tournament| -> Vec<Score> {
        countback_tiebreak_fide::TeamTournament::new(t)
            .unwrap()
            .standings()
            .iter()
            .map(|s| s.game_points.clone())
            .collect()
    };
    assert_eq!(points(&read(false)), points(&read(true)));
}

/// Issue 42, item 2: a forfeited match (`330`) whose boards name the
/// scheduled opponents (`+` / `-` against them) is the same forfeited
/// match as one whose boards are `0000 - +` / `0000 - -`. Generated team
/// Swisses (seeds 1-40, each with forfeited matches or not) written both
/// ways give the same rounds, totals and values of the Buchholz family.
/// Before, the named form was read as a match played and the `330`
/// record ignored.
#[test]
fn forfeited_matches_written_both_ways_read_the_same() {
    use countback_tiebreak_fide::team::TeamRoundKind;
    use countback_tiebreak_fide::{TeamTieBreak, TeamTournament};
    let mut with_forfeits = 0;
    for seed in 1..=40 {
        let spec = |named: bool| team_swiss::TeamSwiss {
            teams: 12,
            boards: 4,
            rounds: 7,
            seed,
            start_date: Some("2025/06/01"),
            win: 2,
            draw: 1,
            round_robin: false,
            blank_sit_out: false,
            forfeit_boards_named: named,
        };
        let (plain, named) = (
            team_swiss::team_swiss(&spec(false)),
            team_swiss::team_swiss(&spec(true)),
        );
        let (a, b) = (trf::parse(&plain).unwrap(), trf::parse(&named).unwrap());
        let (a, b) = (
            TeamTournament::new(&a).unwrap(),
            TeamTournament::new(&b).unwrap(),
        );
        assert_eq!(a.standings(), b.standings(), "seed {seed}");
        if a.standings().iter().any(|s| {
            s.rounds
                .iter()
                .any(|r| matches!(r.kind, TeamRoundKind::Forfeit { .. }))
        }) {
            with_forfeits += 1;
            assert_ne!(plain, named);
        }
        for code in ["BH", "BH:GP/C1", "EGGSB", "EMGSB"] {
            let code = code.parse::<TeamTieBreak>().unwrap();
            assert_eq!(
                a.values(&code).unwrap(),
                b.values(&code).unwrap(),
                "seed {seed} {code}"
            );
        }
    }
    assert!(with_forfeits > 5, "{with_forfeits}");
}
