import {
  loadExpectedTable,
  loadRealResponses,
  outcomeOf,
  type RejectionReason,
} from '../checks/real-responses.ts';
import type { Spec } from '../checks/spec.ts';
import { esc } from './html.ts';

type Verdict = 'accepted' | RejectionReason | 'differs from the expected table';

interface RealResponsesSummary {
  counts: Record<Verdict, number>;
  bodies: { file: string; verdict: Verdict; basis?: string }[];
}

/** The real production bodies against the spec of this run, read through the expected table's reasons. */
export function summariseRealResponses(spec: Spec): RealResponsesSummary {
  const table = loadExpectedTable();
  const bodies = loadRealResponses().map((capture) => {
    const outcome = outcomeOf(spec, capture);
    const expected = table[capture.file];
    const agrees = expected && (outcome.accepted ? 'accepted' : 'rejected') === expected.outcome;
    const verdict: Verdict = !agrees
      ? 'differs from the expected table'
      : outcome.accepted
        ? 'accepted'
        : (expected.reason as RejectionReason);
    return { file: capture.file, verdict, basis: expected?.basis };
  });
  const counts = Object.fromEntries(
    [
      'accepted',
      'omission',
      'production deviation',
      'capture artifact',
      'legacy shape',
      'differs from the expected table',
    ].map((v) => [v, bodies.filter((b) => b.verdict === v).length]),
  ) as Record<Verdict, number>;
  return { counts, bodies };
}

/** The "real responses" section of the traceability page. */
export function renderRealResponses(summary: RealResponsesSummary): string {
  const c = summary.counts;
  const line = `${summary.bodies.length} real bodies: ${c.accepted} accepted, ${c.omission} rejected for omissions, ${c['production deviation']} rejected for deviations, ${c['capture artifact']} capture artifacts, ${c['legacy shape']} legacy shapes, ${c['differs from the expected table']} differing from the expected table.`;
  const rows = summary.bodies
    .filter((b) => b.verdict !== 'accepted')
    .map(
      (b) =>
        `<tr><td><code>${esc(b.file)}</code></td><td>${esc(b.verdict)}</td><td>${esc(b.basis ?? '')}</td></tr>`,
    )
    .join('\n');
  return `<h2 id="real-responses">Real responses</h2><p>${esc(line)}</p>
<table><thead><tr><th>Body</th><th>Rejected as</th><th>Basis</th></tr></thead><tbody>
${rows}
</tbody></table>`;
}
