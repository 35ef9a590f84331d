import type { InputsFile, InputTally } from '../run-judge/inputs.ts';
import { esc, page } from './html.ts';

export const INPUTS_PAGE = 'inputs.html';

/** The index page's line: the classes of input sent and judged, and the link to the page per parameter. */
export function inputsSection(file: InputsFile | undefined): string {
  if (!file) return '';
  const t = file.totals;
  const parameters = new Set(file.inputs.map((i) => `${i.operation} ${i.in} ${i.parameter}`));
  const short = new Set(
    file.inputs
      .filter((i) => i.sent === 0 && !i.withheld && !i.moot)
      .map((i) => `${i.operation} ${i.in} ${i.parameter}`),
  );
  return `<h2>Input classes</h2>
<p>${t.sent} of the ${t.inSpec} classes of the spec's ${parameters.size} parameters sent, ${t.judged} judged by a rule on their answer, ${t.withheld} withheld (they would change the target's state), ${t.moot} without an instance in the target's data; ${short.size} parameters with classes not sent: <a href="${INPUTS_PAGE}">per parameter</a>.</p>`;
}

const mark = (i: InputTally) =>
  (i.withheld || i.moot) && i.sent === 0
    ? `<span class="muted" title="${esc(i.withheld ? `withheld: ${i.withheld}` : `no instance: ${i.moot}`)}">${esc(i.class)} —</span>`
    : i.judged > 0
      ? `<span class="verified" title="sent ${i.sent}, judged ${i.judged}">${esc(i.class)} ✔</span>`
      : i.sent > 0
        ? `<span class="not-judged" title="sent ${i.sent}, judged by no rule">${esc(i.class)} ◐</span>`
        : `<span class="muted" title="not sent">${esc(i.class)} ✘</span>`;

/** The detail page: per operation and parameter, each class sent and judged ✔, sent only ◐, or not sent ✘. */
export function renderInputsPage(file: InputsFile, heading: string): string {
  const parameters = [...new Set(file.inputs.map((i) => `${i.operation}\u0000${i.in} ${i.parameter}`))];
  const rows = parameters
    .map((key) => {
      const [operation = '', parameter = ''] = key.split('\u0000');
      const here = file.inputs.filter(
        (i) => i.operation === operation && `${i.in} ${i.parameter}` === parameter,
      );
      return `<tr><td><code>${esc(operation)}</code></td><td><code>${esc(parameter)}</code></td><td>${here.map(mark).join(' ')}</td></tr>`;
    })
    .join('');
  const t = file.totals;
  const body = `<h1>Input classes</h1>
<p class="muted">${esc(heading)}</p>
<p>For every parameter of every operation, the classes a server gets wrong, from its place, type, bounds, listed values and name (lib/run-judge/input-classes.ts): a well-formed value, left out, each listed value, an unknown one, the wrong type, a bound and one past it, an offset past the end, an id with leading zeros or in another letter case, percent-encoded, repeated, another user's id beside the caller's token. ${t.sent} of ${t.inSpec} sent over the run's requests, ${t.judged} judged by a registry rule on their answer. ✔ judged · ◐ sent, judged by no rule · ✘ not sent (a write on a read-only run, or a class the run's budget left for another night) · — withheld, or without an instance in the target's data, with its reason (hover).</p>
<table><thead><tr><th>Operation</th><th>Parameter</th><th>Classes</th></tr></thead><tbody>${rows}</tbody></table>`;
  return page('Input classes', body);
}
