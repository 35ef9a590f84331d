import type { RequirementStatus } from '../judge/statuses.ts';
import { REQUIREMENT_STATUSES } from '../judge/statuses.ts';
import { esc } from './html.ts';

/**
 * Shows only the rows of the matrix (every family collapsed in its <details>) that match the status, the resource and the text chosen; the
 * choice starts from the page's query (`traceability.html?status=failed`), so other pages can link to it.
 */
const SCRIPT = `(() => {
  const rows = [...document.querySelectorAll('tr[data-status]')];
  const status = document.getElementById('filter-status');
  const area = document.getElementById('filter-area');
  const text = document.getElementById('filter-text');
  const shown = document.getElementById('filter-shown');
  const query = new URLSearchParams(location.search);
  status.value = query.get('status') ?? '';
  area.value = query.get('area') ?? '';
  text.value = query.get('q') ?? '';
  function apply() {
    const words = text.value.trim().toLowerCase();
    let count = 0;
    for (const row of rows) {
      const keep = (!status.value || row.dataset.status === status.value)
        && (!area.value || row.dataset.area === area.value)
        && (!words || row.textContent.toLowerCase().includes(words));
      row.hidden = !keep;
      if (keep) count += 1;
    }
    shown.textContent = count + ' of ' + rows.length + ' requirements shown';
    // Families are collapsed until a filter is chosen: then every family with a match opens, the others hide.
    const filtering = Boolean(status.value || area.value || words);
    for (const family of document.querySelectorAll('details.family')) {
      const matches = family.querySelectorAll('tr[data-status]:not([hidden])').length;
      family.hidden = filtering && matches === 0;
      if (filtering) family.open = matches > 0;
      else if (family.dataset.filtered) family.open = false;
      family.dataset.filtered = filtering ? '1' : '';
    }
  }
  // A link to a requirement (traceability.html#ID) opens its family.
  function reveal() {
    const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    const family = target && target.closest('details.family');
    if (!family) return;
    family.open = true;
    target.scrollIntoView();
  }
  for (const input of [status, area, text]) input.addEventListener('input', apply);
  window.addEventListener('hashchange', reveal);
  apply();
  reveal();
})();`;

function options(values: [string, number][], all: string): string {
  return [
    `<option value="">${esc(all)}</option>`,
    ...values.map(([value, count]) => `<option value="${esc(value)}">${esc(value)} (${count})</option>`),
  ].join('');
}

/** How many times each value occurs. */
export function counted(values: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

/** The filter's script; placed after the matrix, whose rows it reads. */
export const TRACE_FILTER_SCRIPT = `<script>${SCRIPT}</script>`;

/** The filter's form (status, resource, free text), for the matrix's rows. */
export function traceFilterForm(rows: { status: RequirementStatus; area: string }[]): string {
  const statuses = counted(rows.map((r) => r.status));
  const areas = counted(rows.map((r) => r.area));
  const statusOptions = REQUIREMENT_STATUSES.filter((s) => statuses.has(s)).map((s): [string, number] => [
    s,
    statuses.get(s) ?? 0,
  ]);
  const areaOptions = [...areas].sort(([a], [b]) => a.localeCompare(b));
  return `<form class="filters" onsubmit="return false">
<label>Status <select id="filter-status">${options(statusOptions, 'any status')}</select></label>
<label>Resource <select id="filter-area">${options(areaOptions, 'any resource')}</select></label>
<input id="filter-text" type="search" placeholder="Requirement id, words of its statement, an operation, a test" aria-label="Filter by text">
<span id="filter-shown" class="muted"></span>
</form>`;
}
