import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadRequirements } from '../../lib/catalog/requirements.ts';
import { baselinePath, readBaseline } from '../../lib/checks/baseline.ts';
import type { Spec } from '../../lib/checks/spec.ts';
import type { TargetProfile } from '../../lib/profile/types.ts';
import { findingsSection } from '../../lib/report/findings-section.ts';
import { esc, page } from '../../lib/report/html.ts';
import { buildTraceability, renderTraceability } from '../../lib/report/traceability.ts';
import { classify, type Verdict } from '../../lib/report/verdict/classify.ts';
import { exchangeEvidence } from './evidence.ts';
import { type TrafficJudgement, verdictRecords } from './judge.ts';

export interface TrafficRun {
  /** Where the traffic came from: `HAR file x.har` or `proxy to <upstream>` (redacted). */
  source: string;
  target: string;
}

interface OperationSeen {
  operation: string;
  exchanges: number;
  statuses: Record<string, number>;
  rulesPassed: number;
  rulesFailed: number;
  /** Rules that could not be applied to an exchange (a field left out, another row's answer). */
  rulesNotJudged: number;
}

function perOperation(judgement: TrafficJudgement): OperationSeen[] {
  const seen = new Map<string, OperationSeen>();
  const labelOf = new Map(judgement.judged.map((j) => [j.exchange.index, j.matched.label]));
  for (const j of judgement.judged) {
    const row = seen.get(j.matched.label) ?? {
      operation: j.matched.label,
      exchanges: 0,
      statuses: {},
      rulesPassed: 0,
      rulesFailed: 0,
      rulesNotJudged: 0,
    };
    row.exchanges += 1;
    row.statuses[j.exchange.response.status] = (row.statuses[j.exchange.response.status] ?? 0) + 1;
    seen.set(j.matched.label, row);
  }
  for (const o of judgement.outcomes) {
    const row = seen.get(labelOf.get(o.exchange) ?? '');
    if (row) row[o.notJudged ? 'rulesNotJudged' : o.passed ? 'rulesPassed' : 'rulesFailed'] += 1;
  }
  return [...seen.values()].sort((a, b) => a.operation.localeCompare(b.operation));
}

function evidenceOf(
  judgement: TrafficJudgement,
  indexes: number[],
  redact: (text: string) => string,
): string {
  return indexes
    .map((i) => judgement.exchanges.find((e) => e.index === i))
    .flatMap((e) => (e ? [exchangeEvidence(e, redact)] : []))
    .join('\n\n');
}

/** Each finding with the exchanges that show it: checks on one answer, rules on one or a sequence. */
function findingEvidence(judgement: TrafficJudgement, redact: (text: string) => string) {
  const fromChecks = judgement.judged.flatMap((j) =>
    j.findings.map((f) => ({
      ...f,
      evidence: evidenceOf(judgement, [j.exchange.index], redact),
    })),
  );
  const labelOf = new Map(judgement.judged.map((j) => [j.exchange.index, j.matched.label]));
  const fromRules = judgement.records.flatMap((r) => r.findings).filter((f) => f.keyword === 'rule');
  const fromOutcomes = judgement.outcomes
    .filter((o) => !o.passed)
    .map((o) => {
      const known = fromRules.find(
        (f) => f.check === o.rule && f.field === o.requirement && f.operation === labelOf.get(o.exchange),
      );
      return {
        check: o.rule,
        operation: labelOf.get(o.exchange) ?? '',
        field: o.requirement,
        requirement: o.requirement,
        level: 'violation' as const,
        outcome: known?.outcome ?? 'new',
        message: redact(o.message),
        evidence: evidenceOf(judgement, [...o.related, o.exchange], redact),
      };
    });
  return [...fromOutcomes, ...fromChecks];
}

function indexPage(
  run: TrafficRun,
  judgement: TrafficJudgement,
  verdict: Verdict,
  redact: (text: string) => string,
  verifiedFromTraffic: number,
): string {
  const operations = perOperation(judgement)
    .map(
      (o) =>
        `<tr><td>${esc(o.operation)}</td><td>${o.exchanges}</td><td>${esc(
          Object.entries(o.statuses)
            .map(([s, n]) => `${s}×${n}`)
            .join(', '),
        )}</td><td>${o.rulesPassed}</td><td class="${o.rulesFailed ? 'failed' : ''}">${o.rulesFailed}</td><td>${o.rulesNotJudged}</td></tr>`,
    )
    .join('');
  const unknown = judgement.unknown
    .map(
      (e) =>
        `<li><code>#${e.index} ${esc(redact(`${e.request.method} ${e.request.url.pathname}`))}</code> → ${e.response.status}</li>`,
    )
    .join('');
  const findings = findingEvidence(judgement, redact)
    .filter((f) => f.outcome !== 'reported')
    .map(
      (f) =>
        `<tr><td class="${f.outcome === 'new' ? 'failed' : 'muted'}">${esc(f.outcome)}</td><td><code>${esc(f.requirement || f.check)}</code></td><td>${esc(f.message)}</td><td><pre>${esc(f.evidence)}</pre></td></tr>`,
    )
    .join('');
  const line = `${verdict.passed || verdict.fresh.length === 0 ? 'PASS' : 'FAIL'}: ${judgement.exchanges.length} exchanges, ${judgement.judged.length} judged, ${judgement.unknown.length} of unknown operations; ${verdict.fresh.length} new findings, ${verdict.known.length} known; ${verifiedFromTraffic} requirements verified from traffic; ${judgement.outcomes.filter((o) => o.notJudged).length} rule outcomes not judged`;
  const body = `<h1>Traffic judged against the reference</h1>
<p class="muted">${esc(run.source)} · target ${esc(run.target)}</p>
<p class="${verdict.fresh.length ? 'failed' : 'verified'}">${esc(line)}</p>
<p><a href="traceability.html">Traceability matrix</a> (requirements verified from traffic, with the exchanges that showed them) · <a href="verdict.json">verdict.json</a> · <a href="traffic.json">traffic.json</a></p>
<h2>What was seen, per operation</h2>
<table><thead><tr><th>Operation</th><th>Exchanges</th><th>Statuses</th><th>Rules held</th><th>Rules broken</th><th>Rules not judged</th></tr></thead><tbody>${operations}</tbody></table>
<h2>Findings (${verdict.fresh.length} new, ${verdict.known.length} known)</h2>
${findings ? `<table><thead><tr><th>Outcome</th><th>Requirement or check</th><th>Finding</th><th>Evidence (redacted)</th></tr></thead><tbody>${findings}</tbody></table>` : '<p>None.</p>'}
${findingsSection(verdict)}
<h2>Exchanges of unknown operations (listed, not judged): ${judgement.unknown.length}</h2>
${unknown ? `<ul>${unknown}</ul>` : '<p>None.</p>'}`;
  return page('Traffic', body);
}

/** Writes index.html, traceability.html/.json, verdict.json and traffic.json; never the traffic itself. */
export function writeTrafficReports(
  outDir: string,
  run: TrafficRun,
  judgement: TrafficJudgement,
  spec: Spec,
  profile: TargetProfile,
  redact: (text: string) => string,
): Verdict {
  mkdirSync(outDir, { recursive: true });
  const verdict = classify(verdictRecords(judgement.records), readBaseline(baselinePath(profile)));
  const trace = buildTraceability(
    loadRequirements(),
    judgement.records,
    spec.operations.map((op) => op.operationId),
  );
  const heading = redact(`${run.source} · target ${run.target} · ${new Date().toISOString()}`);
  writeFileSync(join(outDir, 'traceability.json'), JSON.stringify(trace, null, 2));
  writeFileSync(join(outDir, 'traceability.html'), renderTraceability(trace, heading));
  writeFileSync(join(outDir, 'verdict.json'), JSON.stringify(verdict, null, 2));
  const summary = {
    source: redact(run.source),
    target: run.target,
    exchanges: judgement.exchanges.length,
    judged: judgement.judged.length,
    operations: perOperation(judgement),
    unknown: judgement.unknown.map((e) => ({
      index: e.index,
      request: redact(`${e.request.method} ${e.request.url.pathname}`),
      status: e.response.status,
    })),
    outcomes: judgement.outcomes.map((o) => ({ ...o, message: redact(o.message) })),
    findings: findingEvidence(judgement, redact),
  };
  writeFileSync(join(outDir, 'traffic.json'), JSON.stringify(summary, null, 2));
  writeFileSync(
    join(outDir, 'index.html'),
    indexPage(run, judgement, verdict, redact, trace.summary.requirements['verified from traffic']),
  );
  return verdict;
}
