import { esc } from './html.ts';
import type { Deviation, Verdict } from './verdict/classify.ts';

function deviations(title: string, list: Deviation[], outcome: string): string {
  if (list.length === 0) return '';
  const rows = list
    .map(
      (d) =>
        `<tr><td>${esc(outcome)}</td><td><code>${esc(d.check)}</code></td><td>${esc(d.operation)}</td><td><code>${esc(d.field)}</code></td><td>${esc(d.message)}</td><td>${d.tests.map((t) => esc(t)).join('<br>')}</td></tr>`,
    )
    .join('');
  return `<h2>${esc(title)} (${list.length})</h2>
<table><thead><tr><th>Outcome</th><th>Check</th><th>Operation</th><th>Field or test</th><th>Evidence</th><th>Tests</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** Violations and omissions apart, each new or known; and the known deviations this run no longer saw. */
export function findingsSection(verdict: Verdict): string {
  const violations = (list: Deviation[]) => list.filter((d) => d.level === 'violation');
  const omissions = (list: Deviation[]) => list.filter((d) => d.level === 'omission');
  const gone = verdict.gone
    .map((d) => `<li><code>${esc(d.check)}</code> ${esc(d.operation)} <code>${esc(d.field)}</code></li>`)
    .join('');
  return [
    deviations('Violations: new', violations(verdict.fresh), 'fails the run'),
    deviations('Violations: known (baseline)', violations(verdict.known), 'known'),
    deviations('Omissions: failing', omissions(verdict.fresh), 'fails the run'),
    deviations('Omissions: known (baseline)', omissions(verdict.known), 'known'),
    deviations('Omissions: reported', verdict.reported, 'reported'),
    gone ? `<h2>Known deviations no longer seen (${verdict.gone.length})</h2><ul>${gone}</ul>` : '',
  ].join('\n');
}
