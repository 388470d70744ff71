//! Scores a large generated session exactly and prints its shape: the
//! workload of the `session` benchmark, as a binary whose peak memory can
//! be measured (`/usr/bin/time -v cargo run --release --example
//! large_session -- 10000 24`).
#![allow(missing_docs)]

use countback_normalise::synthetic::session;
use countback_normalise::{score_session, Movement, PercentageMethod, SessionSpec};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let pairs: usize = args.next().map_or(Ok(10_000), |a| a.parse())?;
    let boards: u32 = args.next().map_or(Ok(24), |a| a.parse())?;
    let travellers = session(pairs, boards);
    let start = std::time::Instant::now();
    let scored = score_session(&travellers, &SessionSpec::default(), &Movement::open())?;
    let standings = scored.table.standings(&PercentageMethod::Proportional)?;
    let elapsed = start.elapsed();
    let inline = standings.iter().filter(|s| s.total.is_inline()).count();
    println!(
        "{pairs} pairs, {boards} boards, E = {}: scored in {elapsed:?}; {} standings, {inline} totals on the inline path",
        scored.expected,
        standings.len()
    );
    Ok(())
}
