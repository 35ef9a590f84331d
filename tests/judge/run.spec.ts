import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, verifies } from '../../fixtures/index.ts';
import { loadRequirements } from '../../lib/catalog/requirements.ts';
import type { Spec } from '../../lib/checks/spec.ts';
import { recordFindings } from '../../lib/checks/verdict.ts';
import { judgeAnswer } from '../../lib/client/client.ts';
import { type RecordedExchange, readRunRecord, runRecordDir } from '../../lib/client/run-record.ts';
import { discoveryFile, readDiscovery } from '../../lib/discovery/index.ts';
import { recordJudgement } from '../../lib/judge/judgement.ts';
import { readRunEnv } from '../../lib/profile/run-env.ts';
import type { TargetProfile } from '../../lib/profile/types.ts';
import { explainUnseen } from '../../lib/run-judge/branch-reasons.ts';
import { writeBranches } from '../../lib/run-judge/branches-file.ts';
import { callersOf, exchangeOfRecord } from '../../lib/run-judge/exchanges.ts';
import { writeInputs } from '../../lib/run-judge/inputs.ts';
import {
  judgeRun,
  type RunJudgement,
  type RunVerdict,
  ruleName,
  sentByTest,
} from '../../lib/run-judge/judge.ts';
import { runRules } from '../../lib/run-judge/rules.ts';
import { brokenNow, describeBroken } from '../../lib/run-judge/shown.ts';

// The run's judge (issue 45): the teardown of the run's first project, so Playwright runs it once every
// test is done. It reads the run's record (every exchange, whichever part sent it: discovery, a contract
// test, a property) and judges each with every rule of the registry: a rule broken in an answer no test
// asserts on fails here, naming the requirement, the exchange and the part of the run that sent it.

let verdict: RunVerdict | undefined;

function runVerdict(target: TargetProfile, spec: Spec, redact: (text: string) => string): RunVerdict {
  if (verdict) return verdict;
  const callers = callersOf(target);
  const exchanges = readRunRecord(runRecordDir() ?? '').map((r, i) => exchangeOfRecord(r, i + 1, callers));
  verdict = judgeRun(exchanges, spec, target, redact);
  return verdict;
}

const wordsOf = new Map(loadRequirements().map((r) => [r.id, r.text]));

test.describe('every answer of the run, judged by the registry (lib/rules)', () => {
  test.afterAll(({ target, spec }) => {
    if (!verdict) return;
    const { answers, exchanges, unknown, branches, inputs } = verdict;
    const reportsDir = readRunEnv().reportsDir;
    const discovery = readDiscovery(target, discoveryFile(reportsDir));
    const unseenContext = { readOnly: !target.allowsWrites, discoveryStoppedBy: discovery?.stoppedBy };
    writeBranches(reportsDir, explainUnseen(spec, branches, exchanges, unseenContext));
    writeInputs(reportsDir, inputs);
    const file = join(reportsDir, 'answers.json');
    writeFileSync(
      file,
      `${JSON.stringify({ exchanges: exchanges.length, unknown: unknown.length, answers }, null, 2)}\n`,
    );
  });

  // Each cites its rule's requirements; the memory counts the judge through its judgements only
  // (lib/memory/coverage-drop.ts), so a night whose answers hold no instance of a rule is no drop.
  for (const rule of runRules())
    test(
      `holds ${ruleName(rule)} wherever it applies (${rule.requirements.join(', ')})`,
      verifies([...rule.requirements], '@readonly'),
      async ({ target, spec, redact }) => {
        const mine: RunJudgement[] = runVerdict(target, spec, redact).judgements.filter(
          (j) => j.rule === ruleName(rule),
        );
        for (const j of mine)
          recordJudgement({
            requirement: j.requirement,
            outcome: j.outcome,
            instance: redact(`${j.label} ${j.instance} [sent by ${j.exchange.part}]`),
            ...(j.reason ? { reason: redact(j.reason) } : {}),
          });
        const broken = brokenNow(mine, target);
        if (broken.length)
          await test.info().attach('broken exchanges', {
            body: describeBroken(broken, wordsOf, redact, 20),
            contentType: 'text/plain',
          });
        // The message's first line names the rule, the requirement, the exchange and the part that sent it.
        const first = broken[0] ? describeBroken([broken[0]], wordsOf, redact, 1).split('\n')[0] : '';
        expect(
          broken.map((j) => describeBroken([j], wordsOf, redact, 1)),
          `${ruleName(rule)} broken in ${broken.length} answers; first ${first}`,
        ).toEqual([]);
      },
    );

  test('the mock is sent every class of every read parameter the suite may send, once the input-class property ran', {
    tag: ['@readonly', '@mock-only'],
  }, async ({ target, spec, redact }) => {
    const run = runVerdict(target, spec, redact);
    const propertyRan = run.exchanges.some((e) => e.part.includes('input-classes.spec.ts'));
    test.skip(!propertyRan, 'the input-class property was not part of this run');
    const readOps = new Set(spec.operations.filter((op) => op.method === 'get').map((op) => op.operationId));
    const unsent = run.inputs
      .filter((i) => readOps.has(i.operation) && i.sent === 0 && !i.withheld && !i.moot)
      .map((i) => i.key);
    expect(unsent, 'read classes neither sent, withheld nor without an instance').toEqual([]);
  });

  test("the run's record holds no token of the profile", { tag: ['@readonly'] }, async ({ target }) => {
    const dir = runRecordDir();
    expect(dir, 'the run has a folder of its own (global setup)').toBeDefined();
    const tokens = Object.values(target.users).flatMap((user) => (user?.token ? [user.token] : []));
    // What was sent and the headers answered (an answer's bytes are kept base64, where no token reads as itself).
    const sent = (r: RecordedExchange) =>
      `${r.url} ${JSON.stringify([r.headers, r.responseHeaders])} ${r.body ?? ''}`;
    const held = readRunRecord(dir ?? '').filter((r) => tokens.some((token) => sent(r).includes(token)));
    expect(held.map((r) => `${r.part}: ${r.method} ${r.url}`)).toEqual([]);
  });

  test('every answer discovery received conforms to the spec: status, schema, headers and error shape', {
    tag: ['@readonly'],
  }, async ({ target, spec, redact }) => {
    const run = runVerdict(target, spec, redact);
    for (const exchange of run.exchanges.filter((e) => !sentByTest(e) && e.operation)) {
      const findings = run.findings.filter((f) => f.exchange === exchange);
      judgeAnswer(exchange.operation ?? '', exchange.response.status, exchange.response.body, findings);
    }
    recordFindings(run.findings.map(({ exchange: _e, ...finding }) => finding));
    const fresh = run.findings.filter((f) => f.outcome === 'new');
    expect(
      fresh.map((f) => `[${f.check}] ${f.message} [sent by ${f.exchange.part}]`),
      'answers of discovery and the start that break a named check',
    ).toEqual([]);
  });
});
