//! The places where the WBF text can be read two ways, as choices: the
//! default of each is the reading the text supports best (`docs/wbf.md`
//! gives the clause's words and the reasons), the other a named option.

/// How to read the passages of the WBF document that allow more than one
/// reading. [`Readings::default()`] is the text's reading of each.
///
/// Every field is one passage; its type's variants are the readings. In a
/// file (TOML, JSON) the fields and variants are `snake_case`, every field
/// may be left out (it keeps its default) and an unknown field is an error:
///
/// ```
/// # #[cfg(feature = "serde")] {
/// use countback_tiebreak_wbf::{NetAmong, Readings};
///
/// let r: Readings = serde_json::from_str(r#"{ "net_among": "every_pair_met" }"#)?;
/// assert_eq!(r, Readings::default().with_net_among(NetAmong::EveryPairMet));
/// assert!(serde_json::from_str::<Readings>(r#"{ "net_amongst": "matches_played" }"#).is_err());
/// # }
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(deny_unknown_fields, default, rename_all = "snake_case")
)]
#[non_exhaustive]
pub struct Readings {
    /// WBF 1.2 and 3.2 "in all other cases", (a)/(b) and (i)/(ii): "net
    /// total IMPs \[points\] earned by the tied teams in the matches they
    /// played against each other" when two of the tied teams never met.
    pub net_among: NetAmong,
    /// WBF 3: who is a team's "direct opponent" in its Swiss points.
    pub swiss_points_opponents: SwissPointsOpponents,
    /// WBF 3: how much an opponent met in a part-match (a triangle's half
    /// match) counts in a team's Swiss points.
    pub swiss_points_part_matches: SwissPointsPartMatches,
    /// WBF 4 ¶1: how many sessions "the highest score in ... Sessions"
    /// compares.
    pub best_sessions: BestSessions,
    /// WBF 4 ¶2: where the next comparison starts for pairs still tied
    /// after a common opponent separated some of them.
    pub common_opponents: CommonOpponents,
    /// WBF 5: where a tie goes when a test separated some of the tied
    /// teams and left others level.
    pub bam_remainder: BamRemainder,
}

impl Readings {
    /// The same readings with another reading of the net IMPs and points
    /// among the tied teams (WBF 1.2 / 3.2 "all other cases").
    #[must_use]
    pub fn with_net_among(mut self, net_among: NetAmong) -> Readings {
        self.net_among = net_among;
        self
    }

    /// The same readings with another reading of a Swiss team's direct
    /// opponents (WBF 3).
    #[must_use]
    pub fn with_swiss_points_opponents(mut self, opponents: SwissPointsOpponents) -> Readings {
        self.swiss_points_opponents = opponents;
        self
    }

    /// The same readings with another reading of an opponent met in a
    /// part-match (WBF 3).
    #[must_use]
    pub fn with_swiss_points_part_matches(mut self, part: SwissPointsPartMatches) -> Readings {
        self.swiss_points_part_matches = part;
        self
    }

    /// The same readings with another reading of the session tests (WBF 4
    /// ¶1).
    #[must_use]
    pub fn with_best_sessions(mut self, best_sessions: BestSessions) -> Readings {
        self.best_sessions = best_sessions;
        self
    }

    /// The same readings with another reading of the common-opponent test
    /// (WBF 4 ¶2).
    #[must_use]
    pub fn with_common_opponents(mut self, common_opponents: CommonOpponents) -> Readings {
        self.common_opponents = common_opponents;
        self
    }

    /// The same readings with another reading of a BAM tie left by a test
    /// that separated some of the teams (WBF 5).
    #[must_use]
    pub fn with_bam_remainder(mut self, bam_remainder: BamRemainder) -> Readings {
        self.bam_remainder = bam_remainder;
        self
    }
}

/// WBF 1.2 / 3.2 "in all other cases" (a) and (b), (i) and (ii): "Highest
/// net total IMPs earned by the tied teams in the matches they played
/// against each other", and the same for total points, when some two of
/// the tied teams never met (a Swiss; a match that was awarded, not played).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schemars", schemars(rename = "NetAmongNames", transform = countback_model::schema::names_only))]
#[cfg_attr(
    feature = "schemars",
    schemars(
        description = "WBF 1.2 / 3.2 other cases: net IMPs over the `matches_played` among the tied teams, or only when `every_pair_met`."
    )
)]
#[non_exhaustive]
pub enum NetAmong {
    /// The text: each team's net over the matches the tied teams did play
    /// against each other, whoever met whom. The trace notes the pairs that
    /// did not play each other.
    #[default]
    MatchesPlayed,
    /// Compare only if every two of the tied teams met; otherwise the test
    /// separates nobody and the next clause decides (the crate's reading
    /// before issue 20).
    EveryPairMet,
}

/// WBF 3: "the sum of the victory-point scores obtained by each and every
/// direct opponent of any given team", for an opponent met only in a match
/// whose scores were awarded (a forfeit).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schemars", schemars(rename = "SwissPointsOpponentsNames", transform = countback_model::schema::names_only))]
#[cfg_attr(
    feature = "schemars",
    schemars(
        description = "WBF 3 Swiss points: `every_opponent`, or `played_only` (an opponent met only in an awarded match does not count)."
    )
)]
#[non_exhaustive]
pub enum SwissPointsOpponents {
    /// The text: "each and every direct opponent", one per match in the
    /// draw, awarded matches included.
    #[default]
    EveryOpponent,
    /// Only opponents of matches played at the table (the example's "team A
    /// has played against teams X, Y and Z" read as the definition): a team
    /// met only in an awarded match adds nothing.
    PlayedOnly,
}

/// WBF 3: "the sum of the victory-point scores obtained by each and every
/// direct opponent of any given team", for an opponent met in a part-match:
/// the half matches of a triangle, where a team meets two opponents in one
/// round (issue 26).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schemars", schemars(rename = "SwissPointsPartMatchesNames", transform = countback_model::schema::names_only))]
#[cfg_attr(
    feature = "schemars",
    schemars(
        description = "WBF 3 Swiss points: an opponent met in a part-match (a triangle's half match) counts `by_weight` (1/2), or once for `each_meeting`."
    )
)]
#[non_exhaustive]
pub enum SwissPointsPartMatches {
    /// Each opponent's VP score times the share of a match the meeting was
    /// worth (1/2 for a half match): every round adds one opponent's worth,
    /// as it does for the teams that played a full match, and an opponent
    /// met in a full match and a half match counts 1.5 times (the EBU's
    /// rule, White Book 143.5.2, says so in words).
    #[default]
    ByWeight,
    /// Each opponent met counts once per meeting, whatever its length: a
    /// team in a triangle adds two opponents for the round.
    EachMeeting,
}

/// WBF 4 ¶1: "the winner is the pair with the highest score in its best
/// Session ... If there is still a tie, the highest score in two Sessions
/// is decisive."
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schemars", schemars(rename = "BestSessionsNames", transform = countback_model::schema::names_only))]
#[cfg_attr(
    feature = "schemars",
    schemars(
        description = "WBF 4 ¶1: compare the best session and the best two (`up_to_two`), or `up_to_all`."
    )
)]
#[non_exhaustive]
pub enum BestSessions {
    /// The text: the best session, then the best two; then ¶2.
    #[default]
    UpToTwo,
    /// Go on with the best three sessions, the best four ... up to one
    /// fewer than the sessions played (all of them is the tied total), then
    /// ¶2. Beyond the text; traced under `WBF 4 ¶1 two sessions`.
    UpToAll,
}

/// WBF 4 ¶2: "Should a tie still exist, the foregoing procedure shall be
/// used with the next highest-ranking pair(s) or team(s) and so on", when a
/// common opponent separated some of three or more tied pairs and left the
/// others level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schemars", schemars(rename = "CommonOpponentsNames", transform = countback_model::schema::names_only))]
#[cfg_attr(
    feature = "schemars",
    schemars(
        description = "WBF 4 ¶2: pairs still tied go on with the `next_lower` ranked opponent, or start again `from_the_top`."
    )
)]
#[non_exhaustive]
pub enum CommonOpponents {
    /// The pairs still tied go on with "the next highest-ranking" opponent
    /// they all played, ranked below the one that split the group.
    #[default]
    NextLower,
    /// The pairs still tied are a "remaining tie" of their own: ¶2 starts
    /// again from the highest-ranked opponent that all of *them* played,
    /// which may rank above the one that split the group.
    FromTheTop,
}

/// WBF 5: "If two or more teams are tied at the end of a stage, the tie
/// shall be broken as follows, in the sequence shown", when a test
/// (5(d) or 5(e)) separated some of three or more tied teams.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schemars", schemars(rename = "BamRemainderNames", transform = countback_model::schema::names_only))]
#[cfg_attr(
    feature = "schemars",
    schemars(
        description = "WBF 5: teams left level after 5(d)/5(e) separated others `restart` at 5(d), or go on to the `next_clause`."
    )
)]
#[non_exhaustive]
pub enum BamRemainder {
    /// The teams still level are "two or more teams ... tied": part 5
    /// applies to them afresh. 5(a)–(c) are each team's own figures and
    /// already level them, so they start again at 5(d), whose "direct
    /// match result" is now among them alone.
    #[default]
    Restart,
    /// The teams still level go on to the next clause (after 5(d), to 5(e);
    /// after 5(e), the tie stands), as every part of a split did before
    /// issue 20.
    NextClause,
}
