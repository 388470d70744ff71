#![doc = include_str!("../README.md")]
//!
//! ## Overview
//!
//! | part | procedure | input |
//! | --- | --- | --- |
//! | 1. round robin (1.1 two, 1.2 three, 1.3 four or more teams) | [`round_robin`], [`round_robin_standings`] | [`TeamsEvent`] |
//! | 2. knockout | [`knockout`], [`knockout_standings`] | [`Qualification`], [`KnockoutStage`] |
//! | 3. Swiss teams (Swiss points, then 3.1 / 3.2 / 3.3) | [`swiss`], [`swiss_standings`], [`swiss_points`] | [`TeamsEvent`] |
//! | 4. pairs | [`pairs`], [`pairs_standings`] | [`PairsStage`] |
//! | 5. board-a-match teams | [`bam`], [`bam_standings`] | [`BamStage`] |
//!
//! Each `…_standings` function is the whole ranking: the stage in, every
//! tied group split by the part's clauses, with the trace.
//!
//! Quotients (IMPs won over IMPs lost, total points won over lost) are exact
//! [`countback_model::Quotient`]s: one with nothing lost beats any finite one and two
//! such are equal. Where the document ends in "sudden death" boards the
//! outcome says so ([`countback_model::Unresolved::PlayOff`], naming the clause and the
//! teams); where it simply runs out (knockout, pairs, BAM) the tie
//! [`Stands`](countback_model::Unresolved::Stands). No order is ever invented.
//!
//! A test that needs two teams' direct match, where they never met, is
//! recorded with a note saying so and separates nobody.
//!
//! ### Readings
//!
//! Where the text can be read two ways, [`Readings`] holds the choice:
//! [`Readings::default()`] is the reading the text supports best, and every
//! procedure takes `&Readings` ([`round_robin`], [`swiss`], [`pairs`],
//! [`bam`] ...). The passages: net IMPs and points among tied
//! teams that did not all meet (1.2 / 3.2 "all other cases",
//! [`NetAmong`]), who counts as a direct opponent in Swiss points (3,
//! [`SwissPointsOpponents`]), how many sessions the pairs tie-break compares
//! (4 ¶1, [`BestSessions`]), where ¶2 goes on for pairs still tied
//! ([`CommonOpponents`]) and where a partly broken BAM tie goes
//! ([`BamRemainder`]). Whenever the choice matters, the trace's note says
//! which reading applied. `docs/wbf.md` gives the clause words and reasons.
//!
//! ### Reading WBF 3.2
//!
//! The printed 3.2 is garbled: its item "iii." holds only the words "If the
//! three teams remain tied, then:", the paragraph after it is unnumbered and
//! the next item is numbered "i." again. We read the list markers as shifted
//! and keep the printed order of the *texts*: 3.2(i) beat both, (ii) IMP
//! quotient, (iii) beat one and tied the other, (iv) beaten by both; then
//! "all other cases" (i) net IMPs, (ii) net total points, (iii) total-points
//! quotient, (iv) sudden death. `docs/wbf.md` gives the reasons.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod bam;
mod book;
mod breaker;
mod engine;
mod error;
mod knockout;
mod pairs;
mod readings;
mod round_robin;
mod swiss;
mod teams;

pub use bam::{bam, bam_standings, BamBoard, BamStage};
pub use error::WbfError;
pub use knockout::{knockout, knockout_standings, KnockoutStage, Qualification};
pub use pairs::{pairs, pairs_standings, PairsStage};
pub use readings::{
    BamRemainder, BestSessions, CommonOpponents, NetAmong, Readings, SwissPointsOpponents,
    SwissPointsPartMatches,
};
pub use round_robin::{round_robin, round_robin_standings};
pub use swiss::{swiss, swiss_points, swiss_points_from_finals, swiss_standings};
pub use teams::TeamsEvent;

/// Every clause of the document that can decide a tie, as the traces name
/// them. WBF 1.3(e) (when the appeal period ends) is procedural and decides
/// nothing, so it is absent. The "sudden death" clauses decide by sending the
/// tie to a play-off.
pub const DECIDING_CLAUSES: &[&str] = &[
    "WBF 1.1(a)",
    "WBF 1.1(b)",
    "WBF 1.1(c)",
    "WBF 1.1(d)",
    "WBF 1.1(e)",
    "WBF 1.2(a)",
    "WBF 1.2(b)",
    "WBF 1.2(c)",
    "WBF 1.2(d)",
    "WBF 1.2 other cases (a)",
    "WBF 1.2 other cases (b)",
    "WBF 1.2 other cases (c)",
    "WBF 1.2 other cases (d)",
    "WBF 1.3(a)",
    "WBF 1.3(b)",
    "WBF 1.3(c)",
    "WBF 1.3(d)",
    "WBF 2 ¶1",
    "WBF 2 ¶2",
    "WBF 3 Swiss points",
    "WBF 3.1(i)",
    "WBF 3.1(ii)",
    "WBF 3.1(iii)",
    "WBF 3.1(iv)",
    "WBF 3.1(v)",
    "WBF 3.2(i)",
    "WBF 3.2(ii)",
    "WBF 3.2(iii)",
    "WBF 3.2(iv)",
    "WBF 3.2 other cases (i)",
    "WBF 3.2 other cases (ii)",
    "WBF 3.2 other cases (iii)",
    "WBF 3.2 other cases (iv)",
    "WBF 3.3 ¶1",
    "WBF 3.3(i)",
    "WBF 3.3(ii)",
    "WBF 3.3(iii)",
    "WBF 4 ¶1 best session",
    "WBF 4 ¶1 two sessions",
    "WBF 4 ¶2",
    "WBF 5(a)",
    "WBF 5(b)",
    "WBF 5(c)",
    "WBF 5(d)",
    "WBF 5(e)",
];

/// The clauses that decided an outcome: those that separated a group, then
/// the play-off clauses of groups sent to "sudden death".
#[must_use]
pub fn decided_by(outcome: &countback_model::TieBreakOutcome) -> Vec<countback_model::Clause> {
    let mut out: Vec<countback_model::Clause> =
        outcome.deciding_clauses().into_iter().cloned().collect();
    for g in &outcome.order {
        if let Some(countback_model::Unresolved::PlayOff { clause }) = &g.unresolved {
            out.push(clause.clone());
        }
    }
    out
}
