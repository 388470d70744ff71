//! The one answer every front end calls (`countback_event::answer`): any
//! bytes as every kind of file, under every job and every procedure, with
//! and without lots drawn. This reaches the rules themselves (rank, score,
//! rescore, audit), not only the readers: never a panic, never a runaway
//! (libFuzzer's `-timeout` and `-rss_limit_mb` in run.sh stop one).
//!
//! Every request is tried on every input, so the real files beside the
//! checkout (../shared) and the examples serve as seeds as they are; a
//! file of the wrong kind is refused at its first bytes, which costs
//! little.
#![no_main]

use countback_event::{answer, FileKind, Job, Notation, Procedure, Request};
use libfuzzer_sys::fuzz_target;

const KINDS: [FileKind; 4] = [
    FileKind::Event(Notation::Toml),
    FileKind::Event(Notation::Json),
    FileKind::Results,
    FileKind::Trf,
];

#[path = "known_upstream.rs"]
mod known_upstream;

fuzz_target!(|bytes: &[u8]| {
    known_upstream::let_guarded_upstream_panics_unwind();
    for kind in KINDS {
        for job in [Job::Auto, Job::Score, Job::Audit] {
            // Every answer also through the USEBIO writer, as a front end
            // asking for `--format usebio` renders it.
            if let Ok(a) = answer(bytes, kind, &Request::new(job)) {
                let _ = countback_event::usebio(&a);
            }
        }
        let procedures = std::iter::once(None).chain(Procedure::ALL.into_iter().map(Some));
        for procedure in procedures {
            let mut request = Request::new(Job::Rank);
            request.procedure = procedure;
            if answer(bytes, kind, &request).is_ok() {
                // Lots drawn from a seed take another path through the ranking.
                request.draw_lots = Some(bytes.len() as u64);
                let _ = answer(bytes, kind, &request);
            }
        }
    }
});
