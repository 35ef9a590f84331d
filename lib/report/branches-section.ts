import type { BranchDrop } from '../memory/branch-drop.ts';
import type { BranchTally } from '../run-judge/branches.ts';
import type { BranchesFile } from '../run-judge/branches-file.ts';
import { esc, page } from './html.ts';

export const BRANCHES_PAGE = 'branches.html';

const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0);

/** The drop shown on the index: a few lines, the rest in verdict.json (the index stays short). */
const SHOWN_DROPS = 5;

/** The index page's few lines: the totals, the link to the detail page, the branches gone since an earlier night. */
export function branchesSection(file: BranchesFile | undefined, drop: readonly BranchDrop[] = []): string {
  if (!file) return '';
  const t = file.totals;
  const unseen = file.operations.filter((o) => o.seen < o.inSpec).length;
  const gone = drop.length
    ? `<p class="failed">${drop.length} branches an earlier night's answers showed are not shown now (a coverage drop): ${drop
        .slice(0, SHOWN_DROPS)
        .map((d) => `<code>${esc(d.branch)}</code>`)
        .join(', ')}${drop.length > SHOWN_DROPS ? ` … (verdict.json <code>branchDrop</code>)` : ''}</p>`
    : '';
  return `<h2>Answer branches</h2>
<p>${t.seen} of the ${t.inSpec} branches of the spec's answers seen (${percent(t.seen, t.inSpec)}%), ${t.judged} judged by a rule on the answer that showed them; ${unseen} operations with branches not seen: <a href="${BRANCHES_PAGE}">per operation</a>.</p>
${gone}`;
}

const mark = (b: BranchTally) =>
  b.judged > 0
    ? `<span class="verified" title="seen ${b.seen}, judged ${b.judged}">${esc(b.branch)} ✔</span>`
    : b.seen > 0
      ? `<span class="not-judged" title="${esc(b.why ?? `seen ${b.seen}, judged by no rule`)}">${esc(b.branch)} ◐</span>`
      : `<span class="muted" title="${esc(b.why ?? 'not seen')}">${esc(b.branch)} ✘</span>`;

/** Branches shown per reason before the rest is counted only. */
const NAMED_PER_REASON = 6;

/** The branches no answer showed, per operation and reason (the target seemed not to hold them, or the run did not reach them). */
function unseenRows(branches: readonly BranchTally[]): string {
  const groups = new Map<string, BranchTally[]>();
  for (const b of branches.filter((t) => t.judged === 0)) {
    const key = `${b.operation}\n${b.why ?? 'not seen'}`;
    groups.set(key, [...(groups.get(key) ?? []), b]);
  }
  return [...groups.entries()]
    .map(([key, here]) => {
      const [operation, why] = key.split('\n');
      const named = here
        .slice(0, NAMED_PER_REASON)
        .map((b) => `<code>${esc(`${b.location} ${b.branch}`)}</code>`);
      const more = here.length > NAMED_PER_REASON ? ` and ${here.length - NAMED_PER_REASON} more` : '';
      return `<tr><td><code>${esc(operation ?? '')}</code></td><td>${esc(why ?? '')}</td><td>${here.length}: ${named.join(', ')}${more}</td></tr>`;
    })
    .join('');
}

function operationRows(operation: string, branches: readonly BranchTally[]): string {
  const places = [...new Set(branches.map((b) => `${b.status} ${b.location}`))];
  return places
    .map((place) => {
      const here = branches.filter((b) => `${b.status} ${b.location}` === place);
      return `<tr><td><code>${esc(operation)}</code></td><td><code>${esc(place)}</code></td><td>${here.map(mark).join(' ')}</td></tr>`;
    })
    .join('');
}

/** The detail page: per operation and place of its answers, each branch judged ✔, seen only ◐, or not seen ✘. */
export function renderBranchesPage(file: BranchesFile, heading: string): string {
  const summary = file.operations
    .map(
      (o) =>
        `<tr><td><code>${esc(o.operation)}</code></td><td>${o.inSpec}</td><td>${o.seen}</td><td>${o.judged}</td></tr>`,
    )
    .join('');
  const rows = file.operations
    .map((o) =>
      operationRows(
        o.operation,
        file.branches.filter((b) => b.operation === o.operation),
      ),
    )
    .join('');
  const t = file.totals;
  const body = `<h1>Answer branches</h1>
<p class="muted">${esc(heading)}</p>
<p>Every enum value, anyOf alternative, null and not null of a nullable field, present and absent of an optional field, and empty, one or several elements of an array, in each 2xx answer the spec describes: ${t.seen} of ${t.inSpec} seen over the run's answers, ${t.judged} judged by a registry rule on an answer that showed them. ✔ judged · ◐ seen, judged by no rule · ✘ not seen.</p>
<table><thead><tr><th>Operation</th><th>Branches</th><th>Seen</th><th>Judged</th></tr></thead><tbody>${summary}</tbody></table>
<h2>Not seen or not judged, and why</h2>
<table><thead><tr><th>Operation</th><th>Why</th><th>Branches</th></tr></thead><tbody>${unseenRows(file.branches)}</tbody></table>
<h2>Per place</h2>
<table><thead><tr><th>Operation</th><th>Status and place</th><th>Branches</th></tr></thead><tbody>${rows}</tbody></table>`;
  return page('Answer branches', body);
}
