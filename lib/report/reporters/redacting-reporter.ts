import { readFileSync, writeFileSync } from 'node:fs';
import type { Reporter, TestCase, TestError, TestResult, TestStep } from '@playwright/test/reporter';
import { profileRedactor } from '../../client/profile-redactor.ts';
import { runProfile } from '../../profile/run-env.ts';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const TEXT_TYPES = /json|text|xml|markdown|html|javascript/;

/**
 * Listed first among the reporters: scrubs secrets from what the runner itself produces (error
 * messages, stacks, step titles, stdout, text attachments and the files they point at) before the
 * reporters after it write anything. Evidence the API client attaches is already redacted at source.
 */
export default class RedactingReporter implements Reporter {
  private readonly redact = profileRedactor(runProfile());

  printsToStdio(): boolean {
    return false;
  }

  onStepEnd(_test: TestCase, _result: TestResult, step: TestStep): void {
    this.scrubStep(step);
  }

  onTestEnd(_test: TestCase, result: TestResult): void {
    for (const error of result.errors) this.scrubError(error);
    if (result.error) this.scrubError(result.error);
    for (const step of result.steps) this.scrubStep(step);
    const mutable = result as Mutable<TestResult>;
    mutable.stdout = result.stdout.map((chunk) => (typeof chunk === 'string' ? this.redact(chunk) : chunk));
    mutable.stderr = result.stderr.map((chunk) => (typeof chunk === 'string' ? this.redact(chunk) : chunk));
    for (const attachment of result.attachments) this.scrubAttachment(attachment);
  }

  private scrubError(error: TestError): void {
    const mutable = error as Mutable<TestError>;
    for (const key of ['message', 'stack', 'value', 'snippet'] as const) {
      const value = mutable[key];
      if (typeof value === 'string') mutable[key] = this.redact(value);
    }
    for (const cause of [error.cause].filter((c): c is TestError => !!c)) this.scrubError(cause);
  }

  private scrubStep(step: TestStep): void {
    // Every string of a step: its title and what the runner adds (the URL of a request step is its subtitle).
    const record = step as unknown as Record<string, unknown>;
    for (const [key, value] of Object.entries(record)) {
      if (typeof value === 'string') record[key] = this.redact(value);
    }
    if (step.error) this.scrubError(step.error);
    for (const child of step.steps) this.scrubStep(child);
  }

  private scrubAttachment(attachment: TestResult['attachments'][number]): void {
    if (!TEXT_TYPES.test(attachment.contentType)) return;
    const mutable = attachment as Mutable<typeof attachment>;
    if (attachment.body) mutable.body = Buffer.from(this.redact(attachment.body.toString('utf8')));
    if (attachment.path) {
      try {
        const text = readFileSync(attachment.path, 'utf8');
        const clean = this.redact(text);
        if (clean !== text) writeFileSync(attachment.path, clean);
      } catch {
        // A missing attachment file has nothing to leak.
      }
    }
  }
}
