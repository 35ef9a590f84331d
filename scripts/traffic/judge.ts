import { createHash } from 'node:crypto';
import { baselinePath, isKnown, keyOf, readBaseline } from '../../lib/checks/baseline.ts';
import { type Finding, runFindings } from '../../lib/checks/findings.ts';
import type { Spec } from '../../lib/checks/spec.ts';
import { type JudgedFinding, judge } from '../../lib/checks/verdict.ts';
import type { Exchange } from '../../lib/exchange/exchange.ts';
import type { TargetProfile } from '../../lib/profile/types.ts';
import type { TestRecord } from '../../lib/report/verdict/results.ts';
import { type NumberedExchange, observedResponse, tokenOf } from './exchange.ts';
import type { Judged, RuleOutcome } from './kit.ts';
import { operationMatcher } from './match.ts';
import { exchangeOf, requestRules } from './request-rules.ts';

/** Everything one traffic run concluded. */
export interface TrafficJudgement {
  exchanges: NumberedExchange[];
  judged: (Judged & { findings: JudgedFinding[] })[];
  /** Exchanges no operation of the spec matches: listed, not judged. */
  unknown: NumberedExchange[];
  outcomes: RuleOutcome[];
  /** One record per judged exchange (its checks) and per rule outcome, as the reports read tests. */
  records: TestRecord[];
}

/** The checks that read the answer's body: not run on an answer whose body the HAR does not hold. */
const BODY_CHECKS = ['jsonBodyParses', 'errorShapeConformance', 'responseSchemaConformance'];

/** Who called, without the token: a short digest, so sequences follow one caller. */
export function callerOf(exchange: NumberedExchange): string | undefined {
  const token = tokenOf(exchange);
  return token ? createHash('sha256').update(token).digest('hex').slice(0, 12) : undefined;
}

function record(
  title: string,
  requirements: string[],
  failed: boolean,
  findings: JudgedFinding[],
  notJudged?: string,
): TestRecord {
  return {
    title,
    file: 'traffic',
    project: 'traffic',
    tags: [],
    requirements,
    outcome: failed ? 'failed' : 'passed',
    durationMs: 0,
    findings,
    // Each record is one rule applied to one recorded exchange: a judgement of each requirement it names.
    judgements: requirements.map((requirement) => ({
      requirement,
      outcome: notJudged ? ('not judged' as const) : failed ? ('broken' as const) : ('held' as const),
      instance: title,
      count: 1,
      ...(notJudged ? { reason: notJudged } : {}),
    })),
  };
}

/**
 * A rule's outcome as a finding: the rule is the check, its requirement the place (a rule has no field),
 * keyed like every finding so a baseline line with its level hides it.
 */
export function ruleFinding(
  o: RuleOutcome,
  judged: { matched: { label: string }; exchange: NumberedExchange } | undefined,
  redact: (text: string) => string,
): Finding {
  return {
    check: o.rule,
    requirement: o.requirement,
    operation: judged?.matched.label ?? '',
    field: o.requirement,
    level: 'violation',
    keyword: 'rule',
    message: redact(o.message),
    evidence: { status: judged?.exchange.response.status ?? 0 },
  };
}

/** Judges exchanges with the suite's named checks and the rules they show, against the target's baseline. */
export function judgeTraffic(
  exchanges: NumberedExchange[],
  spec: Spec,
  profile: TargetProfile,
  redact: (text: string) => string,
): TrafficJudgement {
  const match = operationMatcher(spec, profile.baseURL ? new URL(profile.baseURL).pathname : '');
  const judgedList: TrafficJudgement['judged'] = [];
  const unknown: NumberedExchange[] = [];
  const outcomes: RuleOutcome[] = [];
  const history: Exchange[] = [];
  for (const exchange of exchanges) {
    const matched = match(exchange);
    if (!matched) {
      unknown.push(exchange);
      continue;
    }
    const judged = { exchange, matched, caller: callerOf(exchange) };
    const checkCtx = {
      spec,
      op: matched.op,
      label: matched.label,
      redact,
      clientErrorStatusOpen: !profile.isMock,
      mockChoicesHeld: profile.isMock,
    };
    const found = runFindings(checkCtx, observedResponse(exchange));
    const findings = judge(
      exchange.response.bodyUnknown ? found.filter((f) => !BODY_CHECKS.includes(f.check)) : found,
      profile,
    );
    judgedList.push({ ...judged, findings });
    outcomes.push(...requestRules(judged, history));
    history.push(exchangeOf(judged));
  }
  const known = new Set(readBaseline(baselinePath(profile)).map(keyOf));
  const judgedAt = new Map(judgedList.map((j) => [j.exchange.index, j]));
  const records = [
    ...judgedList.map((j) =>
      record(
        `#${j.exchange.index} ${j.matched.label} → ${j.exchange.response.status}`,
        [],
        j.findings.some((f) => f.outcome === 'new'),
        j.findings,
      ),
    ),
    ...outcomes.map((o) => {
      const finding = ruleFinding(o, judgedAt.get(o.exchange), redact);
      const judgedFinding: JudgedFinding[] = o.passed
        ? []
        : [{ ...finding, outcome: isKnown(known, finding) ? 'known' : 'new' }];
      return record(
        `#${o.exchange} ${finding.operation}: ${o.requirement} (${o.rule})`,
        [o.requirement],
        !o.passed,
        judgedFinding,
        o.notJudged,
      );
    }),
  ];
  return { exchanges, judged: judgedList, unknown, outcomes, records };
}

/** The records as the verdict counts them: a known deviation does not fail its record. */
export function verdictRecords(records: TestRecord[]): TestRecord[] {
  return records.map((r) => ({
    ...r,
    outcome: r.findings.some((f) => f.outcome === 'new') ? 'failed' : 'passed',
  }));
}
