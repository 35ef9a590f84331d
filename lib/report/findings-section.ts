import { esc } from './html.ts';
import type { Deviation, Verdict } from './verdict/classify.ts';

const TESTS_NAMED = 10;

function testCount(d: Deviation): string {
  const named = d.tests.slice(0, TESTS_NAMED).join('\n');
  const more = d.tests.length > TESTS_NAMED ? `\n… and ${d.tests.length - TESTS_NAMED} more` : '';
  return `<span title="${esc(named + more)}">${d.tests.length} test${d.tests.length === 1 ? '' : 's'}</span>`;
}

function byOperation(list: Deviation[]): [string, Deviation[]][] {
  const groups = new Map<string, Deviation[]>();
  for (const d of [...list].sort((a, b) => a.field.localeCompare(b.field)))
    groups.set(d.operation, [...(groups.get(d.operation) ?? []), d]);
  return [...groups].sort(([a], [b]) => a.localeCompare(b));
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** One table of deviations grouped by operation, one row per field (or test) with how many tests met it. */
function deviations(title: string, list: Deviation[], outcome: string): string {
  if (list.length === 0) return '';
  const groups = byOperation(list);
  const rows = groups
    .flatMap(([operation, group]) =>
      group.map(
        (d, i) =>
          `<tr>${i === 0 ? `<td rowspan="${group.length}">${esc(operation)}</td>` : ''}<td><code>${esc(d.field)}</code></td><td><code>${esc(d.check)}</code></td><td>${testCount(d)}</td><td>${esc(d.message)}</td></tr>`,
      ),
    )
    .join('');
  return `<h2>${esc(title)} (${list.length} in ${plural(groups.length, 'operation')}: ${esc(outcome)})</h2>
<table class="findings"><thead><tr><th>Operation</th><th>Field or test</th><th>Check</th><th>Met in</th><th>Evidence (first answer)</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/**
 * Omissions the run only reports, one row per operation: the fields it left out, each with how many
 * tests met it. They fail nothing, so they take little room; their evidence is in the Playwright report.
 */
function reportedOmissions(list: Deviation[]): string {
  if (list.length === 0) return '';
  const groups = byOperation(list);
  const rows = groups
    .map(([operation, group]) => {
      const fields = group
        .map((d) => `<code>${esc(d.field)}</code> <span class="muted">×${d.tests.length}</span>`)
        .join(', ');
      return `<tr><td>${esc(operation)}</td><td>${group.length}</td><td>${fields}</td></tr>`;
    })
    .join('');
  return `<h2>Omissions: reported (${list.length} in ${plural(groups.length, 'operation')}: listed fields left out, reported without failing)</h2>
<table class="omissions"><thead><tr><th>Operation</th><th>Fields</th><th>Fields left out (×tests that met it)</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/**
 * Violations and omissions apart, each new or known; and the known deviations this run no longer saw.
 * `testsListedApart`: failed tests are listed with their messages elsewhere on the page, so a test
 * failing on its own assertion is not repeated here.
 */
export function findingsSection(verdict: Verdict, testsListedApart = false): string {
  const shown = (list: Deviation[]) => (testsListedApart ? list.filter((d) => d.check !== 'test') : list);
  const violations = (list: Deviation[]) => shown(list).filter((d) => d.level === 'violation');
  const omissions = (list: Deviation[]) => shown(list).filter((d) => d.level === 'omission');
  const gone = verdict.gone
    .map((d) => `<li><code>${esc(d.check)}</code> ${esc(d.operation)} <code>${esc(d.field)}</code></li>`)
    .join('');
  return [
    deviations('Violations: new', violations(verdict.fresh), 'fail the run'),
    deviations('Violations: known (baseline)', violations(verdict.known), 'known'),
    deviations('Omissions: failing', omissions(verdict.fresh), 'fail the run'),
    deviations('Omissions: known (baseline)', omissions(verdict.known), 'known'),
    reportedOmissions(verdict.reported),
    gone ? `<h2>Known deviations no longer seen (${verdict.gone.length})</h2><ul>${gone}</ul>` : '',
  ].join('\n');
}
