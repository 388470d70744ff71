//! The team tie-break codes: the table of what each computes and the
//! syntax (`MPTS`, `BH:MP/C1`, `EDEBT`, `SSSC/K2`) read into a
//! [`TeamTieBreak`] and a [`TeamCascade`].

use countback_model::Score;

use crate::code::{TieBreakCode, TieBreakKind};
use crate::error::CodeError;

/// A team tie-break the crate computes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TeamCodeKind {
    /// `MPTS`: match points.
    MatchPoints,
    /// `GPTS`: game points.
    GamePoints,
    /// `MPvGP`: the score that does not rank first (game points when
    /// match points rank first, and the other way round).
    OtherScore,
    /// An individual code on match points (`BH:MP/C1/P`, `SB:MP`, `PS:MP`
    /// ..., and `EMMSB`, which is `SB:MP`): computed by the individual
    /// rules on the teams' match results, each match a game scored in
    /// match points (`362`), art. 16 on unplayed rounds included.
    OnMatchPoints(TieBreakCode),
    /// The same on game points (`BH:GP/C1`, `SB:GP` ..., and `EGGSB`,
    /// which is `SB:GP`): each match a game scored in game points, a
    /// draw being a draw on every board.
    OnGamePoints(TieBreakCode),
    /// An individual code without `:MP` or `:GP`: on the score that ranks
    /// first (the `192` type).
    OnPrimary(TieBreakCode),
    /// `EMGSB`: per match, the opponent's match points (as art. 16
    /// counts them, with `/P` and `/Cn` as for `SB`) times the game
    /// points the team scored in it.
    ExtendedMatchGame(TieBreakCode),
    /// `EGMSB`: per match, the opponent's game points (likewise) times the
    /// match points the team scored in it.
    ExtendedGameMatch(TieBreakCode),
    /// `EDE` (`/P`): the extended direct encounter: art. 6 among the tied
    /// teams on the primary score, then on the other, each smaller group
    /// again from the primary score, until neither splits; then, in the
    /// 2026 chains (`EDET`, `EDEB`, `EDEBT`, `EDEBB`, and the reference
    /// engine's `EDEC`), two teams still tied compared in their own
    /// match(es) by each board stage in turn ([`EDE_CHAINS`]). It ranks a
    /// group; [`crate::TeamTournament::values`] gives it no value (0).
    ExtendedDirectEncounter {
        /// `/P`: forfeited matches count as matches.
        forfeits_as_played: bool,
        /// The board stages after EDE, in order (none for `EDE`).
        stages: &'static [BoardStage],
    },
    /// `SSSC` (`/F`, `/P`, `/Kx`): the score strength combination: the
    /// score that does not rank first plus the Buchholz on the primary
    /// score divided by K (the C.07 2026 text was not found: the
    /// reference engine's reading, see docs/fide.md).
    ScoreStrength {
        /// The Buchholz on the primary score (`/F` Fore, `/P` forfeits as
        /// played).
        buchholz: TieBreakCode,
        /// `/Kx`: K given; `None`: K from the event (docs/fide.md).
        divisor: Option<Score>,
    },
}

/// A board stage of the 2026 chains: two teams still tied after the
/// extended direct encounter compared in their own match(es), the points
/// each team's player on a board scored there (boards by record `300`,
/// else the `310` order of the members who played).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BoardStage {
    /// `BC`, the board count: the sum over the boards of the board number
    /// times the points scored on it; the lower sum ranks first (points
    /// won on higher boards count for more).
    BoardCount,
    /// `TBR`, the top-board results: board 1's points, then board 2's
    /// ...; the first board whose points differ decides.
    TopBoard,
    /// `BBE`, board elimination: the points of every board but the last,
    /// then of every board but the last two ..., down to board 1 alone;
    /// the first sum that differs decides.
    BoardElimination,
}

impl BoardStage {
    /// The stage's code (`BC`, `TBR`, `BBE`).
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            BoardStage::BoardCount => "BC",
            BoardStage::TopBoard => "TBR",
            BoardStage::BoardElimination => "BBE",
        }
    }

    /// The article naming the stage.
    #[must_use]
    pub fn article(self) -> &'static str {
        match self {
            BoardStage::BoardCount => {
                "MTB26 BC (board count, two teams still tied, their own match(es))"
            }
            BoardStage::TopBoard => {
                "MTB26 TBR (top-board results, two teams still tied, their own match(es))"
            }
            BoardStage::BoardElimination => {
                "MTB26 BBE (board elimination, two teams still tied, their own match(es))"
            }
        }
    }

    /// The comparisons the stage makes on a match of `boards` boards, in
    /// order: each a weight per board (from board 1) and whether the
    /// lower weighted sum ranks first.
    pub(super) fn steps(self, boards: usize) -> Vec<(String, Vec<i64>, bool)> {
        let number = |k: usize| i64::try_from(k).unwrap_or(i64::MAX);
        match self {
            BoardStage::BoardCount => vec![(
                "board number times points, summed (lower first)".to_string(),
                (1..=boards).map(number).collect(),
                true,
            )],
            BoardStage::TopBoard => (0..boards)
                .map(|b| {
                    (
                        format!("points on board {}", b + 1),
                        (0..boards).map(|k| i64::from(k == b)).collect(),
                        false,
                    )
                })
                .collect(),
            BoardStage::BoardElimination => (1..boards)
                .rev()
                .map(|kept| {
                    (
                        format!("points on boards 1-{kept}"),
                        (0..boards).map(|k| i64::from(k < kept)).collect(),
                        false,
                    )
                })
                .collect(),
        }
    }
}

/// The extended direct encounter and its 2026 chains: the code and the
/// board stages after EDE, in order. `EDEB` is EDE then board elimination
/// and `EDEC` (the reference engine's code; the other reading of `EDEB`)
/// EDE then the board count (docs/fide.md).
pub const EDE_CHAINS: &[(&str, &[BoardStage])] = &[
    ("EDE", &[]),
    ("EDET", &[BoardStage::TopBoard]),
    ("EDEB", &[BoardStage::BoardElimination]),
    ("EDEC", &[BoardStage::BoardCount]),
    ("EDEBT", &[BoardStage::BoardCount, BoardStage::TopBoard]),
    (
        "EDEBB",
        &[BoardStage::BoardCount, BoardStage::BoardElimination],
    ),
];

/// The name of an extended direct encounter's chain.
fn chain_name(stages: &[BoardStage]) -> &'static str {
    EDE_CHAINS
        .iter()
        .find(|(_, s)| *s == stages)
        .map_or("EDE", |(name, _)| name)
}

/// The table-driven team codes: code, kind, article, what it compares.
/// The individual codes on match points take the individual code's article.
pub const TEAM_CODES: &[(&str, &str, &str)] = &[
    ("MPTS", "C.07 12 (team: match points)", "match points"),
    ("GPTS", "C.07 12 (team: game points)", "game points"),
    ("MPVGP", "MTB26 MPvGP", "the other of match and game points"),
    (
        "EMMSB",
        "MTB26 EMMSB (art. 9.1 on match points)",
        "opponents' match points times match points scored",
    ),
    (
        "EMGSB",
        "MTB26 EMGSB (art. 9.1, team)",
        "opponents' match points times game points scored",
    ),
    (
        "EGMSB",
        "MTB26 EGMSB (art. 9.1, team)",
        "opponents' game points times match points scored",
    ),
    (
        "EGGSB",
        "MTB26 EGGSB (art. 9.1 on game points)",
        "opponents' game points times game points scored",
    ),
    (
        "EDE",
        "MTB26 EDE (art. 6, team)",
        "direct encounter on the primary score, then on the other, in turn",
    ),
    (
        "EDET",
        "MTB26 EDET (art. 6, team, then top-board results)",
        "extended direct encounter, then two teams' own match board by board",
    ),
    (
        "EDEB",
        "MTB26 EDEB (art. 6, team, then board elimination)",
        "extended direct encounter, then two teams' own match by board elimination",
    ),
    (
        "EDEC",
        "MTB26 EDE then BC (art. 6, team, then the board count; the reference engine's EDEC)",
        "extended direct encounter, then two teams' own match by board count",
    ),
    (
        "EDEBT",
        "MTB26 EDEBT (art. 6, team, then board count, then top-board results)",
        "extended direct encounter, then two teams' own match by board count, then board by board",
    ),
    (
        "EDEBB",
        "MTB26 EDEBB (art. 6, team, then board count, then board elimination)",
        "extended direct encounter, then two teams' own match by board count, then by board elimination",
    ),
    (
        "SSSC",
        "MTB26 SSSC (score strength combination; reference engine's reading)",
        "the other score plus the primary score's Buchholz divided by K",
    ),
];

/// The individual tie-breaks a team can be ranked by on game points.
/// (`FB:GP` as `FB:MP`: the last match a draw on every board, art. 8.3;
/// where the reference engine differs, docs/fide.md argues the text.)
fn on_game_points(kind: TieBreakKind) -> bool {
    matches!(
        kind,
        TieBreakKind::Points
            | TieBreakKind::DirectEncounter
            | TieBreakKind::Buchholz
            | TieBreakKind::ForeBuchholz
            | TieBreakKind::SonnebornBerger
            | TieBreakKind::ProgressiveScore
            | TieBreakKind::Koya
            | TieBreakKind::AverageOfOpponentsBuchholz
    )
}

/// The individual tie-breaks a team can be ranked by on match points:
/// each computed by the individual rules on the teams' matches, a match
/// a game. Art. 7's counts that need no colour are among them (issue 42:
/// `WON:MP`, matches won over the board; `REP:MP`, rounds the team
/// elected to play; `STD`, standard points of the match results); the
/// colour counts `BPG` and `BWG` are not (a match has a colour only per
/// board), nor are the counts on game points (`WIN:GP` …): docs/fide.md.
/// `PTS` (the score itself) and `DE` (art. 6 among the tied teams, on
/// the score named, else the primary one) are C.07's plain codes on
/// either score (issue 42).
fn on_match_points(kind: TieBreakKind) -> bool {
    matches!(
        kind,
        TieBreakKind::Points
            | TieBreakKind::DirectEncounter
            | TieBreakKind::Buchholz
            | TieBreakKind::AverageOfOpponentsBuchholz
            | TieBreakKind::ForeBuchholz
            | TieBreakKind::SonnebornBerger
            | TieBreakKind::ProgressiveScore
            | TieBreakKind::Wins
            | TieBreakKind::GamesWon
            | TieBreakKind::RoundsElectedToPlay
            | TieBreakKind::StandardPoints
            | TieBreakKind::PairingNumber
            | TieBreakKind::Koya
    )
}

/// A team tie-break code.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct TeamTieBreak {
    /// The tie-break.
    pub kind: TeamCodeKind,
    /// The code as written.
    pub written: String,
}

impl TeamTieBreak {
    /// A code of the table.
    #[must_use]
    pub fn plain(kind: TeamCodeKind) -> TeamTieBreak {
        let written = match &kind {
            TeamCodeKind::MatchPoints => "MPTS".to_string(),
            TeamCodeKind::GamePoints => "GPTS".to_string(),
            TeamCodeKind::OtherScore => "MPvGP".to_string(),
            TeamCodeKind::OnMatchPoints(c) => with_reference(c, ":MP"),
            TeamCodeKind::OnGamePoints(c) => with_reference(c, ":GP"),
            TeamCodeKind::OnPrimary(c) => format!("{c}"),
            TeamCodeKind::ExtendedMatchGame(c) => format!("EMG{c}"),
            TeamCodeKind::ExtendedGameMatch(c) => format!("EGM{c}"),
            TeamCodeKind::ExtendedDirectEncounter {
                forfeits_as_played,
                stages,
            } => format!(
                "{}{}",
                chain_name(stages),
                if *forfeits_as_played { "/P" } else { "" }
            ),
            TeamCodeKind::ScoreStrength { buchholz, divisor } => format!(
                "SSSC{}{}",
                buchholz.to_string().trim_start_matches("BH"),
                divisor
                    .as_ref()
                    .map(|k| format!("/K{k}"))
                    .unwrap_or_default()
            ),
        };
        TeamTieBreak { kind, written }
    }

    /// The article (or MTB26 entry) that defines it.
    #[must_use]
    pub fn article(&self) -> String {
        let table = |code: &str| {
            TEAM_CODES
                .iter()
                .find(|e| e.0 == code)
                .map_or(String::new(), |e| e.1.to_string())
        };
        match &self.kind {
            TeamCodeKind::MatchPoints => table("MPTS"),
            TeamCodeKind::GamePoints => table("GPTS"),
            TeamCodeKind::OtherScore => table("MPVGP"),
            TeamCodeKind::OnMatchPoints(c) => format!("C.07 {} on match points", c.article()),
            TeamCodeKind::OnGamePoints(c) => format!("C.07 {} on game points", c.article()),
            TeamCodeKind::OnPrimary(c) => format!("C.07 {} on the primary score", c.article()),
            TeamCodeKind::ExtendedMatchGame(_) => table("EMGSB"),
            TeamCodeKind::ExtendedGameMatch(_) => table("EGMSB"),
            TeamCodeKind::ExtendedDirectEncounter { stages, .. } => table(chain_name(stages)),
            TeamCodeKind::ScoreStrength { .. } => table("SSSC"),
        }
    }

    /// What it compares, in words.
    #[must_use]
    pub fn description(&self) -> &'static str {
        let table = |code: &str| TEAM_CODES.iter().find(|e| e.0 == code).map_or("", |e| e.2);
        match &self.kind {
            TeamCodeKind::MatchPoints => table("MPTS"),
            TeamCodeKind::GamePoints => table("GPTS"),
            TeamCodeKind::OtherScore => table("MPVGP"),
            TeamCodeKind::OnMatchPoints(c)
            | TeamCodeKind::OnGamePoints(c)
            | TeamCodeKind::OnPrimary(c) => c.kind.description(),
            TeamCodeKind::ExtendedMatchGame(_) => table("EMGSB"),
            TeamCodeKind::ExtendedGameMatch(_) => table("EGMSB"),
            TeamCodeKind::ExtendedDirectEncounter { stages, .. } => table(chain_name(stages)),
            TeamCodeKind::ScoreStrength { .. } => table("SSSC"),
        }
    }
}

impl TeamTieBreak {
    /// Whether it ranks a group rather than giving each team a value of
    /// its own (`DE` and the `EDE` chains: their decisions are in the
    /// trace, and a column of values would say nothing).
    #[must_use]
    pub fn ranks_groups(&self) -> bool {
        match &self.kind {
            TeamCodeKind::ExtendedDirectEncounter { .. } => true,
            TeamCodeKind::OnMatchPoints(c)
            | TeamCodeKind::OnGamePoints(c)
            | TeamCodeKind::OnPrimary(c) => c.kind == TieBreakKind::DirectEncounter,
            _ => false,
        }
    }
}

impl std::fmt::Display for TeamTieBreak {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.written)
    }
}

impl std::str::FromStr for TeamTieBreak {
    type Err = CodeError;

    fn from_str(text: &str) -> Result<TeamTieBreak, CodeError> {
        let written = text.trim().to_string();
        let upper = written.to_ascii_uppercase();
        let fail = |reason: String| CodeError {
            code: written.clone(),
            reason,
        };
        let (name, modifiers) = upper
            .split_once('/')
            .map_or((upper.as_str(), ""), |(n, m)| (n, m));
        let with = |base: &str| -> Result<TieBreakCode, CodeError> {
            if modifiers.is_empty() {
                base.parse()
            } else {
                format!("{base}/{modifiers}").parse()
            }
        };
        let kind = match name {
            "MPTS" if modifiers.is_empty() => TeamCodeKind::MatchPoints,
            "GPTS" if modifiers.is_empty() => TeamCodeKind::GamePoints,
            "MPVGP" if modifiers.is_empty() => TeamCodeKind::OtherScore,
            "EMMSB" => TeamCodeKind::OnMatchPoints(with("SB")?),
            "EMGSB" => TeamCodeKind::ExtendedMatchGame(with("SB")?),
            "EGMSB" => TeamCodeKind::ExtendedGameMatch(with("SB")?),
            "EGGSB" => TeamCodeKind::OnGamePoints(with("SB")?),
            _ if EDE_CHAINS.iter().any(|(chain, _)| *chain == name) => {
                TeamCodeKind::ExtendedDirectEncounter {
                    forfeits_as_played: match modifiers {
                        "" => false,
                        "P" => true,
                        _ => return Err(fail(format!("{name} takes only /P"))),
                    },
                    stages: EDE_CHAINS
                        .iter()
                        .find(|(chain, _)| *chain == name)
                        .map_or(&[], |(_, stages)| stages),
                }
            }
            "SSSC" => score_strength(modifiers).map_err(fail)?,
            _ => {
                let (base, reference) = match name.split_once(':') {
                    Some((b, r)) => (b, Some(r)),
                    None => (name, None),
                };
                let code: TieBreakCode =
                    with(base).map_err(|_| fail(UNKNOWN_TEAM_CODE.to_string()))?;
                match reference {
                    Some("MP") if on_match_points(code.kind) => TeamCodeKind::OnMatchPoints(code),
                    Some("GP") if on_game_points(code.kind) => TeamCodeKind::OnGamePoints(code),
                    None if on_match_points(code.kind) => TeamCodeKind::OnPrimary(code),
                    _ => return Err(fail(UNKNOWN_TEAM_CODE.to_string())),
                }
            }
        };
        Ok(TeamTieBreak { kind, written })
    }
}

/// The refusal of a code no team rule takes, listing the known ones.
const UNKNOWN_TEAM_CODE: &str = "not a team tie-break this crate computes (known: MPTS, GPTS, MPvGP, PTS and DE (:MP, :GP), EDE, EDET, EDEB, EDEBT, EDEBB, EDEC (/P), EMMSB, EMGSB, EGMSB, EGGSB, BH, FB, SB, PS, AOB, WIN, WON, REP, STD, TPN, KS with :MP, BH, FB, SB, PS, KS, AOB with :GP; SSSC (/F, /P, /Kx); BC, TBR and BBE as stages of the EDE chains)";

/// `SSSC`'s modifiers: `/F` and `/P` go to its Buchholz, `/Kx` (x a
/// whole number above 0) sets K.
fn score_strength(modifiers: &str) -> Result<TeamCodeKind, String> {
    let mut divisor = None;
    let mut rest = Vec::new();
    for m in modifiers.split('/').filter(|m| !m.is_empty()) {
        match m.strip_prefix('K') {
            Some(k) if divisor.is_none() => {
                let k =
                    k.parse::<u32>().ok().filter(|k| *k > 0).ok_or_else(|| {
                        format!("SSSC's /K takes a whole number above 0, not {k:?}")
                    })?;
                divisor = Some(Score::from(k));
            }
            _ if m == "F" || m == "P" => rest.push(m),
            _ => return Err(format!("SSSC takes only /F, /P and /Kx, not /{m}")),
        }
    }
    let code = if rest.is_empty() {
        "BH".to_string()
    } else {
        format!("BH/{}", rest.join("/"))
    };
    let buchholz = code.parse::<TieBreakCode>().map_err(|e| e.reason)?;
    Ok(TeamCodeKind::ScoreStrength { buchholz, divisor })
}

/// `BH/C1/P` with `:MP` after the name: `BH:MP/C1/P`.
fn with_reference(code: &TieBreakCode, reference: &str) -> String {
    let text = code.to_string();
    match text.split_once('/') {
        Some((name, rest)) => format!("{name}{reference}/{rest}"),
        None => format!("{text}{reference}"),
    }
}

/// A list of team tie-breaks (`MPvGP, BH:MP/C1/P`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
#[allow(clippy::exhaustive_structs)] // Closed: a tie-break list is its codes.
pub struct TeamCascade(pub Vec<TeamTieBreak>);

impl std::str::FromStr for TeamCascade {
    type Err = CodeError;

    /// Codes separated by commas, semicolons or blanks; at most
    /// [`crate::MAX_TIE_BREAKS`]; a leading `MPTS` or `GPTS` that is the
    /// primary score is kept (it splits nothing).
    fn from_str(text: &str) -> Result<TeamCascade, CodeError> {
        let codes = crate::code::split_codes(text, crate::MAX_TIE_BREAKS + 1);
        if codes.len() > crate::MAX_TIE_BREAKS {
            return Err(CodeError {
                code: text.chars().take(40).collect(),
                reason: format!(
                    "a tie-break list holds at most {} codes",
                    crate::MAX_TIE_BREAKS
                ),
            });
        }
        codes
            .into_iter()
            .map(str::parse)
            .collect::<Result<Vec<_>, _>>()
            .map(TeamCascade)
    }
}
