import type { Reporter, TestCase, TestResult, TestStep } from '@playwright/test/reporter';
import { type AssertionStep, judgementsOf } from '../../judge/assertions.ts';
import { type CountedJudgement, JUDGEMENTS_ATTACHMENT } from '../../judge/judgement.ts';

const firstLine = (text: string | undefined) =>
  (text ?? '').split('\n').find((line) => line.trim()) ?? 'failed';

/**
 * Listed before the reporters that write results: turns each test's assertions (the runner's expect steps,
 * titled by the message given to `expect`) into judgements (lib/judge/assertions.ts) and puts them, with
 * those the test recorded, in its `judgements.json` attachment. Reading the runner's steps leaves the
 * tests' own `expect` untouched, so a failure points at the test's line.
 */
export default class JudgementReporter implements Reporter {
  private readonly assertions = new Map<TestResult, AssertionStep[]>();

  printsToStdio(): boolean {
    return false;
  }

  onStepEnd(_test: TestCase, result: TestResult, step: TestStep): void {
    if (step.category !== 'expect') return;
    const steps = this.assertions.get(result) ?? [];
    steps.push({ title: step.title, ...(step.error ? { error: firstLine(step.error.message) } : {}) });
    this.assertions.set(result, steps);
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    type Attachment = TestResult['attachments'][number];
    const attachments = result.attachments as Attachment[];
    const existing = attachments.find((a) => a.name === JUDGEMENTS_ATTACHMENT);
    const recorded = existing?.body ? (JSON.parse(existing.body.toString('utf8')) as CountedJudgement[]) : [];
    const cited = test.annotations.filter((a) => a.type === 'requirement').map((a) => a.description ?? '');
    const judged = judgementsOf(recorded, this.assertions.get(result) ?? [], cited);
    this.assertions.delete(result);
    if (judged.length === 0) return;
    const body = Buffer.from(JSON.stringify(judged));
    // The same attachment object: the step that attached it refers to it.
    if (existing) (existing as { body?: Buffer }).body = body;
    else attachments.push({ name: JUDGEMENTS_ATTACHMENT, contentType: 'application/json', body });
  }
}
