import { esc } from './html.ts';
import { budgetLines, type RequestBudget } from './verdict/request-budget.ts';

/** The index page's section. */
export function budgetSection(budget: RequestBudget | undefined): string {
  if (!budget) return '';
  const [summary] = budgetLines(budget);
  const rows = budget.byOperation
    .map((o) => `<tr><td><code>${esc(o.operation)}</code></td><td>${o.requests}</td></tr>`)
    .join('');
  return `<h2>Request budget</h2>
<p>${esc(summary ?? '')}</p>
<table><tr><th>operation</th><th>requests</th></tr>${rows}</table>`;
}
