import { esc } from './html.ts';
import type { MemoryComparison } from './verdict/memory.ts';

/**
 * The index page's comparison with the target's memory: requirements the last run verified that this
 * one did not (the coverage drop), with the data that vanished and the read that showed it, and the
 * remembered data that no longer qualifies. Empty when the target keeps no memory.
 */
export function coverageDropSection(comparison: MemoryComparison): string {
  if (!comparison.memory) return '';
  const last = comparison.lastRun ? `the last run (${comparison.lastRun})` : 'no earlier run';
  const gone = comparison.rechecks.filter((r) => r.state !== 'still qualifies');
  const drop = comparison.coverageDrop;
  const dropRows = drop
    .map(
      (d) =>
        `<tr><td><a href="traceability.html#${esc(d.requirement)}"><code>${esc(d.requirement)}</code></a></td><td><code>${esc(d.data)}</code></td><td>${esc(d.read)}</td><td>${d.legitimate ? `may be legitimate: ${esc(d.legitimate)}` : '<b>a regression until shown otherwise</b>'}</td></tr>`,
    )
    .join('');
  const goneRows = gone
    .map(
      (r) =>
        `<li><code>${esc(r.need)} = ${esc(JSON.stringify(r.value))}</code>: ${esc(r.state)}; ${esc(r.read)}${r.legitimate ? ` <span class="muted">(may be legitimate: ${esc(r.legitimate)})</span>` : ''}</li>`,
    )
    .join('');
  const heading = `<h2>Coverage drop since the last run (${new Set(drop.map((d) => d.requirement)).size})</h2>`;
  const summary = drop.length
    ? `<p class="failed">Requirements ${esc(last)} verified are not verified now: the data they need vanished from the target. A regression that hides data shows only here (<code>--fail-on-coverage-drop</code> fails the run on it).</p>
<table><thead><tr><th>Requirement</th><th>Data that vanished</th><th>The read that showed it</th><th>Live change?</th></tr></thead><tbody>${dropRows}</tbody></table>`
    : `<p class="muted">Compared with ${esc(last)} (memory ${esc(comparison.memory)}): no requirement it verified went unverified.</p>`;
  const remembered = gone.length
    ? `<h3>Remembered data that no longer qualifies (${gone.length})</h3><ul>${goneRows}</ul>`
    : '';
  return `${heading}\n${summary}\n${remembered}`;
}
