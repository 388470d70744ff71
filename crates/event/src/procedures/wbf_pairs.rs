//! WBF 4: a pairs stage, by the sessions' total.

use countback_tiebreak_wbf::PairsStage;

use super::prelude::*;

wbf_options! {
    /// Options of `wbf-pairs` (WBF 4): where the text can be read two ways, which reading
    /// (docs/wbf.md argues each default).
    WbfPairsOptions {
        /// WBF 4 ¶1 (default `up_to_two`).
        best_sessions: BestSessions => with_best_sessions,
        /// WBF 4 ¶2 (default `next_lower`).
        common_opponents: CommonOpponents => with_common_opponents,
    }
}

/// WBF 4: pairs events.
pub(crate) const ENTRY: Entry = Entry::new(
    Reads::NOTHING.matches().sessions().qualification_rank(),
    options_of::<WbfPairsOptions>(),
    rank,
);

fn rank(ctx: &Ctx<'_>, warnings: &mut Vec<Warning>) -> Result<Ranking> {
    let readings = ctx.read::<WbfPairsOptions>(warnings)?.readings();
    let mut sessions: BTreeMap<ContestantId, Vec<Score>> = BTreeMap::new();
    let mut order: Vec<(usize, &crate::file::SessionEntry)> =
        ctx.event.sessions.iter().enumerate().collect();
    order.sort_by_key(|(_, s)| s.session);
    let mut seen = BTreeSet::new();
    for (i, s) in order {
        let at = FieldPath::key("sessions").i(i);
        convert::given_once(&mut seen, "session", s.session, at.k("session"))?;
        for (pair, score) in &s.scores {
            let id = known(ctx.set, pair, at.k("scores").k(pair))?;
            sessions.entry(id).or_default().push(score.clone());
        }
    }
    let pairs: Vec<ContestantId> = sessions.keys().cloned().collect();
    let matches: Vec<Encounter> = ctx.all_encounters()?.into_iter().map(|(_, e)| e).collect();
    let positions = ctx.qualification_ranks()?;
    let stage = PairsStage::new(sessions, positions, matches)?;
    let primary: BTreeMap<ContestantId, Score> = pairs
        .into_iter()
        .map(|p| {
            let total = stage.total(&p).unwrap_or_default();
            (p, total)
        })
        .collect();
    let outcome = countback_tiebreak_wbf::pairs_standings(&stage, &readings)?;
    Ok(ranking(ctx.procedure, "MPs", primary, outcome))
}
