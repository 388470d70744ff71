//! A scale's whole table as bands, and a list of margins converted: what a
//! `countback vp --scale … --boards N M1 M2 …` command prints (issue 26,
//! item 3). Every figure is checked against a published table or sample.
#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

use countback_vp::{FractionalMargin, Score, VpBand, VpScale};

fn s(text: &str) -> Score {
    Score::parse(text).unwrap()
}

/// The bands of `scale` over `boards` boards are those of the case file
/// `text` (`from,to,winner,loser`, in order; `to` blank for the open band),
/// `rows` of them.
fn check(scale: VpScale, boards: u32, text: &str, rows: usize) {
    let table = scale.table(boards).unwrap();
    let got: Vec<(u32, Option<u32>, Score, Score)> = table
        .bands()
        .into_iter()
        .map(|b| (b.from, b.to, b.winner, b.loser))
        .collect();
    let want: Vec<(u32, Option<u32>, Score, Score)> =
        countback_test_support::case_file::csv(text, "from,to,winner,loser", rows)
            .iter()
            .map(|c| (c[0].parse().unwrap(), c[1].parse().ok(), s(c[2]), s(c[3])))
            .collect();
    assert_eq!(got, want, "{scale}, {boards} boards");
}

/// Source: EBU White Book 3.1.1, 20-VP table, 8 boards, quoted in issue 15
/// (`data/bands_wbf_discrete_8.csv`).
#[test]
fn discrete_table_for_8_boards_as_bands() {
    check(
        VpScale::WbfDiscrete,
        8,
        include_str!("data/bands_wbf_discrete_8.csv"),
        11,
    );
}

/// Source: EBU White Book 3.1.1, 10-VP half-match table, 3-board halves,
/// quoted in issue 15 (`data/bands_ebu_half_3.csv`).
#[test]
fn half_match_table_for_3_boards_as_bands() {
    check(
        VpScale::EbuHalfMatch,
        3,
        include_str!("data/bands_ebu_half_3.csv"),
        6,
    );
}

/// Source: the WBF continuous scale for 24 boards (the public transcription
/// of `published.rs`): one band per margin, 0 → 10, 5 → 11.23,
/// 20 → 14.26, 73 → 19.97, and 74 IMPs or more win the pool.
#[test]
fn continuous_table_for_24_boards_as_bands() {
    let bands = VpScale::WbfContinuous.table(24).unwrap().bands();
    assert_eq!(bands.len(), 75);
    for (m, band) in (0_u32..).zip(&bands) {
        assert_eq!(band.from, m);
        assert_eq!(band.to, (m < 74).then_some(m));
    }
    for (m, vp) in [
        (0, "10"),
        (5, "11.23"),
        (20, "14.26"),
        (73, "19.97"),
        (74, "20"),
    ] {
        assert_eq!(bands[m].winner, s(vp), "24 boards, {m} IMPs");
        assert_eq!(&bands[m].winner + &bands[m].loser, Score::integer(20));
    }
    assert_eq!(bands[74].margins(), "74+");
    assert_eq!(bands[20].margins(), "20");
}

/// The bands say the same as the margin-by-margin table for every scale
/// and many board counts, the largest included; the open band starts at
/// the table's blitz.
#[test]
fn bands_agree_with_every_margin_of_the_table() {
    for scale in VpScale::ALL {
        for boards in (1..=64).chain([100, 500, 896, 1000]) {
            let table = scale.table(boards).unwrap();
            let bands: Vec<VpBand> = table.bands();
            assert_eq!(bands.first().map(|b| b.from), Some(0));
            assert_eq!(bands.last().and_then(|b| b.to), None);
            assert_eq!(bands.last().map(|b| b.winner.clone()), Some(table.pool()));
            for pair in bands.windows(2) {
                assert_eq!(pair[0].to.map(|t| t + 1), Some(pair[1].from));
                assert!(pair[0].winner < pair[1].winner, "{scale}, {boards}");
            }
            for band in &bands {
                let last = band.to.unwrap_or(band.from + 3);
                for m in band.from..=last {
                    assert_eq!(table.winner_vp(m), band.winner, "{scale}, {boards}, {m}");
                }
                assert_eq!(&band.winner + &band.loser, table.pool());
            }
            assert_eq!(bands.last().map(|b| b.from), Some(table.blitz()));
        }
    }
}

/// Source: issue 15's sample values, 16 boards on the WBF 2013 continuous
/// scale: 10 IMPs → 12.80, 15 → 13.97, 20 → 15.00, 30 → 16.73. Margins are
/// the first team's, so a negative margin gives the second team the larger
/// share.
#[test]
fn a_list_of_margins_is_converted_in_order() {
    let margins: Vec<Score> = [10, -15, 20, -30, 0].map(Score::integer).to_vec();
    let rows = VpScale::WbfContinuous
        .convert_margins(16, &margins, &FractionalMargin::Refuse)
        .unwrap();
    let got: Vec<(Score, Score, Score)> = rows
        .into_iter()
        .map(|r| (r.margin, r.first, r.second))
        .collect();
    let want: Vec<(Score, Score, Score)> = [
        (10, "12.80", "7.20"),
        (-15, "6.03", "13.97"),
        (20, "15", "5"),
        (-30, "3.27", "16.73"),
        (0, "10", "10"),
    ]
    .iter()
    .map(|(m, a, b)| (Score::integer(*m), s(a), s(b)))
    .collect();
    assert_eq!(got, want);
    // A fractional margin under `refuse` stops the list, naming it.
    let err = VpScale::WbfContinuous
        .convert_margins(16, &[s("10"), s("2.5")], &FractionalMargin::Refuse)
        .unwrap_err();
    assert!(err.to_string().contains("2.5") || err.to_string().contains("5/2"));
}

/// The published precision, never rounded: two decimals on a continuous
/// scale, whole VPs on a discrete one, the exact value otherwise.
#[test]
fn values_print_as_the_scale_publishes_them() {
    let sixteen = VpScale::WbfContinuous.table(16).unwrap();
    assert_eq!(sixteen.format_vp(&s("12.8")), "12.80");
    assert_eq!(sixteen.format_vp(&Score::integer(15)), "15.00");
    // 14.3 IMPs interpolated: 13.75 + 0.3 × 0.22 = 13.816, not rounded.
    let vp = sixteen
        .convert(&s("14.3"), &FractionalMargin::Interpolate)
        .unwrap();
    assert_eq!(vp.first, s("13.816"));
    assert_eq!(sixteen.format_vp(&vp.first), "1727/125");
    let eight = VpScale::WbfDiscrete.table(8).unwrap();
    assert_eq!(eight.format_vp(&Score::integer(14)), "14");
    assert_eq!(eight.format_vp(&s("14.5")), "29/2");
}

/// The table as JSON: the scale by name, the board count, the pool, the
/// decimals, the source and the bands, which read back as [`VpBand`]s.
#[cfg(feature = "serde")]
#[test]
fn a_table_serialises_with_its_bands() {
    let table = VpScale::WbfDiscrete.table(8).unwrap();
    let json = serde_json::to_value(&table).unwrap();
    assert_eq!(json["scale"], "wbf-2013-discrete");
    assert_eq!(json["boards"], 8);
    assert_eq!(json["decimal_places"], 0);
    assert_eq!(json["blitz"], 39);
    assert!(json["source"]
        .as_str()
        .unwrap()
        .contains("White Book 3.1.1"));
    let bands: Vec<VpBand> = serde_json::from_value(json["bands"].clone()).unwrap();
    assert_eq!(bands, table.bands());
    assert_eq!(json["bands"][10]["to"], serde_json::Value::Null);
}
