// Score a countback JSON event file's pairs session with bridge-scorer
// 2.4.0 (matchpoints, 2 per beat): every board, every pair's total, ranked.
// Prints `pair,total` lines by pair name, so the totals can be compared
// with countback's. Issue 30; not run by CI.
//
//     node score.js session.json > totals.csv
'use strict';
const fs = require('fs');
const scorer = require('bridge-scorer');

const event = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const totals = new Map();
const add = (pair, mp) => totals.set(pair, (totals.get(pair) || 0) + mp);
for (const board of event.boards) {
  const games = board.results.map((r) => ({
    ns: r.ns,
    ew: r.ew,
    contract: { declaror: 'N' },
    score: Number(r.score),
  }));
  for (const g of scorer.matchpoints(games)) {
    add(g.ns, g.matchpointsNS.value);
    add(g.ew, g.matchpointsEW.value);
  }
}
const competitors = [...totals].map(([pair, score]) => ({ pair, score }));
scorer.rank(competitors);
competitors.sort((a, b) => (a.pair < b.pair ? -1 : a.pair > b.pair ? 1 : 0));
process.stdout.write(competitors.map((c) => `${c.pair},${c.score}`).join('\n') + '\n');
