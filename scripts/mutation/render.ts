import { esc, page } from '../../lib/report/html.ts';
import { EVASION_FAULTS } from '../../mock/faults/evasion.ts';
import {
  classTallies,
  type FaultOutcome,
  type MutationReport,
  type ProfileOutcome,
  type Score,
  seenWithMemory,
} from './model.ts';

function cell(outcome: ProfileOutcome, needsWrite?: string, breaksGap?: string): string {
  if (breaksGap && outcome.ran)
    return `<td class="untestable">breaks a gap, not counted: ${esc(breaksGap)}<br>${outcome.killed ? `killed by ${outcome.killedBy.map(esc).join('; ')}` : 'not killed'}</td>`;
  if (!outcome.ran)
    return `<td class="untestable">needs a write${needsWrite ? `: ${esc(needsWrite)}` : ''}</td>`;
  const by = outcome.killedBy.map((t) => esc(t)).join('<br>');
  const ignored = outcome.ignoredFailures.length
    ? `<br><span class="muted">not counted (fail on the faithful mock too): ${outcome.ignoredFailures.map(esc).join('; ')}</span>`
    : '';
  const drop = outcome.coverageDrop?.length
    ? `<br><span class="muted">coverage drop against the faithful run's memory: ${outcome.coverageDrop.map(esc).join(', ')}</span>`
    : '';
  if (outcome.killed)
    return `<td class="verified">killed (${outcome.seconds} s)<br><span class="muted">${by}</span>${ignored}${drop}</td>`;
  if (drop) return `<td class="not-verified">no test failed (${outcome.seconds} s)${drop}${ignored}</td>`;
  return `<td class="failed">SURVIVED (${outcome.seconds} s)${ignored}</td>`;
}

function row(o: FaultOutcome, two: boolean): string {
  const survived = !o.full.killed || (o.readonly.ran && !o.breaksGap && !o.readonly.killed);
  return `<tr class="${survived ? 'fail' : 'pass'}"><td><code>${esc(o.fault)}</code></td><td>${esc(o.faultClass ?? 'other')}</td><td><a href="../traceability.html#${esc(o.requirement)}"><code>${esc(o.requirement)}</code></a></td><td>${esc(o.description)}</td>${cell(o.full)}${cell(o.readonly, o.needsWrite, o.breaksGap)}${two ? cell(o.two ?? { ...o.readonly, ran: false }, o.needsWrite, o.breaksGap) : ''}</tr>`;
}

function scoreCard(s: Score): string {
  const apart =
    s.writeOnly || s.gapOnly
      ? `<br><span class="muted">counted apart: ${s.writeOnly} faults only a write reveals, ${s.gapOnly} that break only a gap of the reference</span>`
      : '';
  const memory =
    s.killedWithMemory !== undefined
      ? `<br><span class="muted">with the last run's memory (coverage drop): ${s.killedWithMemory} / ${s.observable} (${s.percentWithMemory}%)</span>`
      : '';
  return `<div class="card"><b>${s.percent}%</b>${esc(s.title)}: ${s.killed} / ${s.observable} killed${apart}${memory}</div>`;
}

/** The faults of each class (disagreeing reads, wrong meaning, data hidden deep, others) killed per profile. */
function classTable(outcomes: FaultOutcome[]): string {
  const tallies = classTallies(outcomes);
  const profiles = tallies[0]?.byProfile.map((p) => p.profile) ?? [];
  const rows = tallies
    .map(
      (t) =>
        `<tr><td>${esc(t.faultClass)}</td><td>${t.faults}</td>${t.byProfile.map((p) => `<td>${p.killed} / ${p.observable}</td>`).join('')}</tr>`,
    )
    .join('\n');
  return `<h2>By class</h2><table><thead><tr><th>Class</th><th>Faults</th>${profiles.map((p) => `<th>${esc(p)}</th>`).join('')}</tr></thead><tbody>${rows}</tbody></table>`;
}

/** The README lines of the classes: each class's kills per profile. */
function classLines(outcomes: FaultOutcome[]): string {
  return classTallies(outcomes)
    .map(
      (t) =>
        `  - ${t.faultClass} (${t.faults} faults): ${t.byProfile.map((p) => `${p.profile} ${p.killed} / ${p.observable}`).join(', ')}`,
    )
    .join('\n');
}

/** The HTML report: both scores, the faithful runs, every fault under both profiles, the @mock-only tests. */
export function renderReport(report: MutationReport): string {
  const two = report.outcomes.some((o) => o.two);
  const faithful = report.faithful
    .map(
      (f) =>
        `<li>${f.profile}: ${f.passed} passed, ${f.failed.length} failed, ${f.skipped} skipped (${f.seconds} s)</li>`,
    )
    .join('');
  const mockOnly = report.mockOnly
    .map(
      (t) =>
        `<tr><td>${esc(t.title)}</td><td>${t.requirements.map((r) => `<code>${esc(r.id)}</code> (${esc(r.basis)})`).join('<br>')}</td><td>${esc(t.gap)}</td></tr>`,
    )
    .join('\n');
  const body = `<h1>Mutation report</h1>
<p class="muted">${esc(report.date)}. A fault is killed only by a test that passes on the faithful mock under the same profile.</p>
<div class="cards">${report.scores.map(scoreCard).join('')}</div>
${classTable(report.outcomes)}
<h2>Faithful mock</h2><ul>${faithful}</ul>
<h2>Faults</h2>
<table><thead><tr><th>Fault</th><th>Class</th><th>Requirement</th><th>What it breaks</th><th>Full</th><th>Foreign read-only</th>${two ? '<th>Seller and buyer only</th>' : ''}</tr></thead><tbody>${report.outcomes.map((o) => row(o, two)).join('\n')}</tbody></table>
<h2>Tests that run only against the mock (${report.mockOnly.length})</h2>
<table><thead><tr><th>Test</th><th>Requirements</th><th>Gap it depends on</th></tr></thead><tbody>${mockOnly}</tbody></table>`;
  return page('Mutation report', body);
}

function list(items: string[]): string {
  return items.length ? items.map((item) => `  - ${item}`).join('\n') : '  - none';
}

/** The seller-and-buyer-only score, and the faults it misses (by its tests, and even with the memory). */
function twoLines(report: MutationReport): string {
  const two = report.scores.find((s) => s.profile === 'two');
  if (!two) return '';
  const ran = report.outcomes.filter((o) => o.two?.ran && !o.breaksGap);
  const byDrop = ran.filter((o) => !o.two?.killed && seenWithMemory(o.two as ProfileOutcome));
  const missed = ran.filter((o) => !seenWithMemory(o.two as ProfileOutcome));
  return `- Seller and buyer only, discovery, read-only (how users run it): ${two.killed} / ${two.observable} killed by a failing test (${two.percent}%); with the target's memory of the faithful run, ${two.killedWithMemory} / ${two.observable} (${two.percentWithMemory}%) fail the run or show as a coverage drop (\`--fail-on-coverage-drop\`).
  Seen only as a coverage drop (the data they need vanished, so their tests report "not verified"):
${list(byDrop.map((o) => `\`${o.fault}\` (${o.requirement}): dropped ${o.two?.coverageDrop?.join(', ')}`))}
  Missed by this profile even with the memory:
${list(missed.map((o) => `\`${o.fault}\` (${o.requirement}): ${o.description}`))}
`;
}

/** The README section "what the suite can and cannot see on a read-only target", from the report. */
export function renderReadmeSection(report: MutationReport): string {
  const readonly = report.scores.find((s) => s.profile === 'readonly');
  const full = report.scores.find((s) => s.profile === 'full');
  const writeOnly = report.outcomes.filter((o) => o.needsWrite);
  const missed = report.outcomes.filter((o) => o.readonly.ran && !o.breaksGap && !o.readonly.killed);
  const evading = new Set(EVASION_FAULTS.map((f) => f.name));
  const survivors = missed.filter((o) => !evading.has(o.fault));
  const evaders = missed.filter((o) => evading.has(o.fault));
  const gapFaults = report.outcomes.filter((o) => !o.needsWrite && o.breaksGap);
  const gaps = new Set(
    report.mockOnly.flatMap((t) => t.requirements.filter((r) => r.basis === 'gap').map((r) => r.id)),
  );
  return `## What the suite can and cannot see on a read-only target
Generated by \`npm run mutation -- --readme\` from \`reports/mutation/mutation.json\` (${report.date.slice(0, 10)}).
${report.outcomes.length} planted faults measured, each a realistic regression tied to a requirement.${report.note ? ` ${report.note}` : ''}

- By class (killed / observable, per profile):
${classLines(report.outcomes)}
- Full run (mock profile, writes and \`@mock-only\` tests): ${full?.killed ?? 0} / ${full?.observable ?? 0} killed (${full?.percent ?? 0}%).
- Foreign read-only run (\`isMock: false\`, \`allowsWrites: false\`): ${readonly?.killed ?? 0} / ${readonly?.observable ?? 0} observable faults killed (${readonly?.percent ?? 0}%).
${twoLines(report)}- It cannot see ${writeOnly.length} faults that only a write reveals (limits and errors of uploads and message
  creation, writes acknowledged but lost); run with \`allowsWrites: true\` on a disposable target to cover them:
${list(writeOnly.map((o) => `\`${o.fault}\` (${o.requirement}): ${o.needsWrite}`))}
- It holds no foreign target to ${gapFaults.length} faults that break only a choice the reference leaves open
  (the mock's own answers); only the full run against the mock kills them:
${list(gapFaults.map((o) => `\`${o.fault}\` (${o.requirement}): ${o.breaksGap}`))}
- Observable on a read-only target but missed there:
${list(survivors.map((o) => `\`${o.fault}\` (${o.requirement}): ${o.description}`))}
${
  evaders.length
    ? `- Failing no test on a read-only target, by design: ${evaders.length} faults that break a rule and leave out the listed field it reads (an omission is reported, not a violation); their requirement ends not verified, never verified (\`tests/self/evasion.spec.ts\`):
${list(evaders.map((o) => `\`${o.fault}\` (${o.requirement}): ${o.description}`))}
`
    : ''
}- ${report.mockOnly.length} tests run only against the mock, because what they assert is a choice the
  reference leaves open (${gaps.size} gap requirements: ${[...gaps].sort().join(', ') || 'none'}); the mutation report lists each with its gap.
`;
}
