import { REQUIREMENT_STATUSES } from '../judge/statuses.ts';
import { esc, statusClass } from './html.ts';
import type { Traceability } from './traceability.ts';

export { REQUIREMENT_STATUSES } from '../judge/statuses.ts';

/** One line saying how much of the reference this run actually verified on the target. */
export function verdictLine(
  trace: Traceability,
  failed = `${trace.summary.requirements.failed} failed`,
): string {
  const r = trace.summary.requirements;
  const share = r.total ? Math.round((100 * r.verified) / r.total) : 0;
  return (
    `${r.verified} of ${r.total} requirements of the reference verified on this target (${share}%); ` +
    `${failed}, ${r['not judged']} not judged (no instance to apply the rule to), ` +
    `${r['not verified']} not verified for lack of data, ${r['mock-only']} mock-only, ` +
    `${r['read-only']} need writes (read-only target), ${r.uncovered + r.untestable} without a test.`
  );
}

function bar(counts: Record<string, number>, total: number): string {
  const parts = REQUIREMENT_STATUSES.filter((status) => counts[status])
    .map((status) => {
      const width = ((100 * (counts[status] ?? 0)) / total).toFixed(2);
      return `<i class="${statusClass(status)}" style="width:${width}%" title="${esc(status)}: ${counts[status]}"></i>`;
    })
    .join('');
  return `<div class="bar">${parts}</div>`;
}

/** Per resource (requirement area): verified / failed / not verified / mock-only, as a bar and as counts. */
export function coveragePicture(trace: Traceability): string {
  const byArea = new Map<string, Record<string, number>>();
  for (const row of trace.rows) {
    const counts = byArea.get(row.area) ?? {};
    counts[row.status] = (counts[row.status] ?? 0) + 1;
    byArea.set(row.area, counts);
  }
  const legend = REQUIREMENT_STATUSES.map((s) => `<span class="${statusClass(s)}">■ ${esc(s)}</span>`).join(
    ' ',
  );
  const rows = [...byArea]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([area, counts]) => {
      const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
      const figures = REQUIREMENT_STATUSES.filter((s) => counts[s])
        .map((s) => `${counts[s]} ${s}`)
        .join(', ');
      return `<tr><td>${esc(area)}</td><td>${bar(counts, total)}</td><td class="muted">${esc(figures)}</td></tr>`;
    })
    .join('');
  return `<p class="muted">${legend}</p><table><thead><tr><th>Resource</th><th>Requirements</th><th>Counts</th></tr></thead><tbody>${rows}</tbody></table>`;
}
