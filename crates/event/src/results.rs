//! Results files another program wrote — USEBIO, NZ Scorer, PBN, a
//! Bridgemate `.bws`, and whatever reader comes next — told apart by their
//! content, rescored and audited through the reader crates' public APIs
//! (the answer is written as USEBIO by [`crate::usebio`]). The one place
//! the event library reads a results file.

use crate::error::{EventError, FieldPath, Problem, Result};
use crate::options::ScoringOptions;

/// A results file audited: every stored figure reproduced or classified.
pub use countback_results::Audit;
/// A results file rescored: each pair's standing by the convention that
/// applied ([`countback_results::Rescore`]).
pub use countback_results::Rescore;
/// A pair's standing in a rescored session.
pub use countback_results::Standing;
/// One audit finding, and a scoring program's convention and display.
pub use countback_results::{convention::Display, Convention, ConventionSource, Finding};
/// A board's hand record (deal, dealer, vulnerability, double-dummy
/// tricks, par), the records of a file, and how a line was played.
pub use countback_results::{hands, HandRecord, HandRecords, Play, Plays};
/// What a results file says (its participants, travellers, stored figures,
/// its rule and what it carries but no figure uses), a rescored line and
/// board, how a line was scored, and an audit's counts by class.
pub use countback_results::{
    BoardScore, Counts, Difference, EventKind, FileRule, LineScore, Session, Treatment,
};

/// A results file rescored, with the session read from it: what the file
/// says of itself (its rule, what it keeps but does not use, the table
/// results) beside the recomputation.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Rescored {
    /// The recomputation.
    pub rescore: Rescore,
    /// The session as read, with the contract, declarer, lead and tricks
    /// of each line where the file has them (a Bridgemate `.bws`, a PBN
    /// `ScoreTable`): [`Session::plays`] indexes them by board, section and
    /// NS pair.
    pub session: Session,
    /// Each board's deal, dealer, vulnerability, double-dummy tricks and
    /// par, where the file has them (a `.bws` `HandRecord` and
    /// `HandEvaluation`, PBN `[Deal]` and `[OptimumResultTable]`): shown,
    /// never computed.
    pub hands: HandRecords,
}

/// A results file audited, with the session read from it.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Audited {
    /// The audit.
    pub audit: Audit,
    /// The session as read.
    pub session: Session,
}

/// The convention `overrides` choose for a results file (`-o
/// convention=…`), if any. Every other scoring option is refused: a results
/// file is rescored as a convention scores it.
fn results_convention(overrides: &crate::options::RawOptions) -> Result<Option<Convention>> {
    let options: ScoringOptions = crate::options::RawOptions::read_layered(
        &[(overrides, FieldPath::run(None))],
        "scoring",
        &mut Vec::new(),
    )?;
    let ScoringOptions {
        convention,
        expected,
        scale,
        one_missing,
        rounding,
        percentage,
        unplayable_award,
    } = options;
    crate::error::refuse_given(
        Some(&FieldPath::run(None)),
        &[
            ("expected", expected.is_some()),
            ("scale", scale.is_some()),
            ("one_missing", one_missing.is_some()),
            ("rounding", rounding.is_some()),
            ("percentage", percentage.is_some()),
            ("unplayable_award", unplayable_award.is_some()),
        ],
        "rescoring a results file",
        "a results file is rescored by a named convention (the convention option)",
    )?;
    Ok(convention)
}

/// A results file read: the session (with the contracts played where the
/// file has them, for the USEBIO writer) and its hand records.
pub(crate) struct Read {
    session: Session,
    hands: HandRecords,
    /// Whether the file stores any figure of its own to audit (a `.bws`
    /// stores contracts only).
    stores_figures: bool,
}

/// The session a results file holds, and the convention the options name
/// (the options are read first: a wrong option is named before the file
/// is read).
fn read_under(
    bytes: &[u8],
    overrides: &crate::options::RawOptions,
) -> Result<(Read, Option<Convention>)> {
    let convention = results_convention(overrides)?;
    Ok((parse_results_file(bytes)?, convention))
}

fn parse_results_file(bytes: &[u8]) -> Result<Read> {
    match parse_any(bytes)? {
        Parsed::Session(read) => Ok(read),
        Parsed::Teams(t) => Err(crate::results_teams::not_a_session(&t)),
    }
}

/// What a results file holds: a pairs or individual session, or a teams
/// event (matches, IMPs and VPs).
pub(crate) enum Parsed {
    /// A session, with what the writer needs.
    Session(Read),
    /// A teams event.
    Teams(countback_results::TeamsSession),
}

/// Read a results file as what it is: by the row of the table of file
/// kinds ([`crate::kinds`]) whose content it is.
pub(crate) fn parse_any(bytes: &[u8]) -> Result<Parsed> {
    crate::kinds::read_results(bytes)
}

/// A Bridgemate `.bws` read: its contracts scored by Law 77 (it stores no
/// figure of its own).
pub(crate) fn read_bws(bytes: &[u8]) -> Result<Parsed> {
    let bws = countback_bws::read_bws(bytes)?.session()?;
    Ok(Parsed::Session(Read {
        session: bws.session,
        hands: bws.hands,
        stores_figures: false,
    }))
}

/// A PBN results file read: a pairs or individual session, or teams.
pub(crate) fn read_pbn(bytes: &[u8]) -> Result<Parsed> {
    Ok(
        match countback_pbn::parse_pbn_results_played_bytes(bytes)? {
            (countback_pbn::PbnResults::Session(session), hands) => Parsed::Session(Read {
                session,
                hands,
                stores_figures: true,
            }),
            (countback_pbn::PbnResults::Teams(t), _) => Parsed::Teams(t),
        },
    )
}

/// A USEBIO or NZ Scorer XML file read: a pairs session, or teams.
pub(crate) fn read_xml(bytes: &[u8]) -> Result<Parsed> {
    Ok(match countback_usebio::parse_results_any_bytes(bytes)? {
        countback_usebio::Results::Session(s) => stored(s),
        countback_usebio::Results::Teams(t) => Parsed::Teams(t),
    })
}

/// A session whose file stores its own figures (to audit): what a row of
/// the table of file kinds ([`crate::kinds`]) gives for a reader that returns a
/// [`Session`] and the file's own figures.
pub(crate) fn stored(session: Session) -> Parsed {
    Parsed::Session(Read {
        session,
        hands: HandRecords::new(),
        stores_figures: true,
    })
}

/// Rescore a results file given as bytes — USEBIO, NZ Scorer, PBN or a
/// Bridgemate `.bws`, told apart by the first bytes (`<` XML, `%` or `[`
/// PBN, an Access database's `Standard Jet DB`) — by the
/// convention `overrides` name (`-o convention=…`) or else its writer's.
/// Declared Latin-1 and Windows-1252 XML is decoded; PBN is UTF-8 or
/// Latin-1.
pub fn rescore(bytes: &[u8], overrides: &crate::options::RawOptions) -> Result<Rescored> {
    let (read, convention) = read_under(bytes, overrides)?;
    Ok(Rescored {
        rescore: countback_results::rescore(&read.session, convention)?,
        session: read.session,
        hands: read.hands,
    })
}

/// Audit a results file given as bytes (as [`rescore`]): every stored
/// figure reproduced under the convention, or classified; the audit names
/// the convention that explains the file ([`Audit::summary`]).
///
/// # Errors
/// A Bridgemate `.bws` stores contracts, not scores: there is nothing to
/// audit, and it is refused saying so ([`Problem::NothingToAudit`]).
pub fn audit(bytes: &[u8], overrides: &crate::options::RawOptions) -> Result<Audited> {
    let (read, convention) = read_under(bytes, overrides)?;
    if !read.stores_figures {
        return Err(EventError::new(Problem::NothingToAudit {
            what: "a Bridgemate .bws file stores the contracts played, not scores".to_owned(),
            hint: "score it instead: its contracts are scored by Law 77 and match points"
                .to_owned(),
        }));
    }
    Ok(Audited {
        audit: countback_results::audit(&read.session, convention)?,
        session: read.session,
    })
}
