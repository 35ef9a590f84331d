import type { readAnswers } from '../run-judge/answers-file.ts';
import { esc } from './html.ts';

/** The answers the run received and judged, per operation; the fields of the 2xx answers no rule judged. */
export function answersSection(file: ReturnType<typeof readAnswers>): string {
  if (!file) return '';
  const rows = file.answers
    .map(
      (a) =>
        `<tr class="${a.succeeded > a.succeededJudged ? 'not-verified' : 'verified'}"><td><code>${esc(a.operation)}</code></td><td>${a.received}</td><td>${a.judged}</td><td>${a.succeededJudged} / ${a.succeeded}</td><td>${a.rules.length}</td><td>${a.unjudgedFields.map((f) => `<code>${esc(f)}</code>`).join(' ')}</td></tr>`,
    )
    .join('');
  const t = file.totals;
  return `<h2>Answers judged</h2>
<p>${t.received} answers received (${file.unknown} of no operation), ${t.succeededJudged} of the ${t.succeeded} 2xx answers judged by a rule beyond the schema check (${t.percentJudged}%).</p>
<details><summary>Per operation</summary><table><thead><tr><th>Operation</th><th>Answers</th><th>Judged</th><th>2xx judged</th><th>Rules</th><th>Fields of the 2xx answers no rule judged</th></tr></thead><tbody>${rows}</tbody></table></details>`;
}
