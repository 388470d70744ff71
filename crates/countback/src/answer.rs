//! Rendering one [`Answer`] of the event library: the command line and the
//! results page both call [`write`], so a file gives the same document in
//! either, format by format.

use std::io::{self, Write};

use countback_event::{Answer, Warning};

use crate::cli::{Boards, Format, HalfDisplay};
use crate::error::Exit;

/// How an answer is shown: what the reader chose beside the job.
#[derive(Debug, Clone)]
pub struct Shown {
    /// The output format.
    pub format: Format,
    /// The half rule asked for (`None`: as the convention prints, else to
    /// even).
    pub half: Option<HalfDisplay>,
    /// Every decision in words (`explain`), or the standings only.
    pub explain: bool,
    /// Which boards of a pairs session get a table (`None`: all, none in
    /// CSV).
    pub boards: Option<Boards>,
}

/// Write `answer` as `shown` says.
pub fn write(out: &mut dyn Write, answer: &Answer, shown: &Shown) -> io::Result<()> {
    let half_for = |c| crate::cli::half_for(shown.half, c);
    match answer {
        Answer::Ranked(r) => {
            crate::standings::write(out, r, shown.format, half_for(None), shown.explain)
        }
        Answer::Scored { scored, names } => crate::session::SessionOutput {
            scored,
            names,
            boards: shown.boards.clone().unwrap_or(match shown.format {
                Format::Csv => Boards::None,
                _ => Boards::All,
            }),
            half: half_for(scored.options.convention.map(|c| c.convention())),
        }
        .write(out, shown.format),
        Answer::Rescored(r) => {
            crate::session::rescored(out, r, shown.format, half_for(Some(r.convention)))
        }
        Answer::Audited(a) => {
            crate::session::audit(out, a, shown.format, half_for(Some(a.convention)))
        }
        Answer::TrfAudited { audit, .. } => crate::trf_audit::write(out, audit, shown.format),
    }
}

/// What a scorer should look at before publishing.
#[must_use]
pub fn warnings(answer: &Answer) -> &[Warning] {
    match answer {
        Answer::Ranked(r) => &r.warnings,
        Answer::TrfAudited { warnings, .. } => warnings,
        Answer::Scored { .. } | Answer::Rescored(_) | Answer::Audited(_) => &[],
    }
}

/// The exit status of an answer: a tie a human must settle, or a TRF
/// audit that found something, is not a plain success.
#[must_use]
pub fn exit(answer: &Answer) -> Exit {
    match answer {
        Answer::Ranked(r) if r.needs_human() => Exit::PlayOffRequired,
        Answer::TrfAudited { audit, .. } if !audit.is_clean() => Exit::ChecksFailed,
        _ => Exit::Success,
    }
}
