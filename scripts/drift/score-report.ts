/** The drift score in the mutation report (reports/mutation/drift-score.html) and as a README snippet. */
import { esc, page } from '../../lib/report/html.ts';
import type { DriftScore, FaultCatch } from './score-model.ts';

function row(o: FaultCatch): string {
  const verdict = o.caught
    ? '<td class="verified">caught</td>'
    : o.breaksGap
      ? `<td class="untestable">breaks a gap, not counted: ${esc(o.breaksGap)}</td>`
      : `<td class="failed">MISSED: ${esc(o.why ?? '')}</td>`;
  const decided =
    o.decided.map((id) => `<code>${esc(id)}</code>`).join(' ') || '<span class="muted">none</span>';
  return `<tr class="${o.caught || o.breaksGap ? 'pass' : 'fail'}"><td><code>${esc(o.fault)}</code></td><td><a href="../traceability.html#${esc(o.requirement)}"><code>${esc(o.requirement)}</code></a></td><td>${esc(o.description)}</td>${verdict}<td>${decided}</td></tr>`;
}

export function renderScorePage(score: DriftScore): string {
  const body = `<h1>Drift score</h1>
<p class="muted">${esc(score.date)} · seed ${esc(score.sampling.seed)} · ${esc(score.sampling.runs)} samples per arbitrary. For each fault, <code>npm run drift -- --target mock --fault NAME</code> read-only: caught when a difference decided by the reference names the fault's requirement, the target breaking it.</p>
<div class="cards"><div class="card"><b>${esc(score.percent)}%</b>drift: ${esc(score.caught)} / ${esc(score.observable)} caught<br><span class="muted">counted apart: ${esc(score.writeOnly)} faults only a write reveals, ${esc(score.gapOnly)} that break only a gap of the reference</span></div></div>
<table><thead><tr><th>Fault</th><th>Requirement</th><th>What it breaks</th><th>Drift</th><th>Decided differences shown</th></tr></thead><tbody>${score.outcomes.map(row).join('\n')}</tbody></table>`;
  return page('Drift score', body);
}

export function renderScoreReadme(score: DriftScore): string {
  const missed = score.outcomes.filter((o) => !o.caught && !o.breaksGap);
  const gaps = score.outcomes.filter((o) => o.breaksGap);
  const list = (items: string[]) => (items.length ? items.map((i) => `  - ${i}`).join('\n') : '  - none');
  return `### Drift score
\`npx tsx scripts/drift/score.ts\` (or \`npm run mutation -- --drift\`) runs \`npm run drift -- --target mock --fault NAME\`
read-only for each fault of the catalog a read-only run can observe; a fault is caught when the drift page shows a
difference decided by the reference that names the fault's requirement (report: \`reports/mutation/drift-score.html\`).

- Drift score (${score.date.slice(0, 10)}, seed ${score.sampling.seed}): ${score.caught} / ${score.observable} caught (${score.percent}%).
- Counted apart: ${score.writeOnly} faults only a write reveals; ${score.gapOnly} that break only a gap of the reference
  (no difference about them can be decided):
${list(gaps.map((o) => `\`${o.fault}\` (${o.requirement}): ${o.breaksGap}`))}
- Missed:
${list(missed.map((o) => `\`${o.fault}\` (${o.requirement}): ${o.why}`))}
`;
}
