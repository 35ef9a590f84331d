import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { FINDING_ANNOTATION, type JudgedFinding } from '../../checks/types.ts';
import { type RunJudgements, runJudgements } from '../../facts/records.ts';
import { type CountedJudgement, JUDGEMENTS_ATTACHMENT } from '../../judge/judgement.ts';
import type { RunRequests } from './request-budget.ts';
import { type RunScope, scopeOf } from './scope.ts';

/** One test of a run, flattened from Playwright's JSON report. */
export interface TestRecord {
  title: string;
  file: string;
  /** Playwright's test id (the HTML report's `#?testId=`) and the test's line, for links and replay lines. */
  id?: string;
  line?: number;
  project: string;
  tags: string[];
  requirements: string[];
  outcome: 'passed' | 'failed' | 'skipped';
  skipReason?: string;
  /** An interrupted run never started it, or stopped it in the middle: outcome `skipped`, counted as not run (numbers.ts). */
  notRun?: true;
  /** Not a Playwright test: the judgements made after the run (lib/facts), recorded like a test. */
  afterRun?: true;
  durationMs: number;
  /** What the conformance checks found in the test's answers (recorded by the API client). */
  findings: JudgedFinding[];
  /** The first line of a failed test's error. */
  error?: string;
  /** The command a failed test's error gives to replay it (a property's `Replay:` line). */
  replay?: string;
  /** The rules the test applied, each to its instances (lib/judge). */
  judgements: CountedJudgement[];
}

export interface RunStats {
  expected: number;
  unexpected: number;
  skipped: number;
  flaky: number;
  startTime: string;
  duration: number;
}

interface JsonAnnotation {
  type: string;
  description?: string;
}
interface JsonTest {
  projectName: string;
  status: 'expected' | 'unexpected' | 'skipped' | 'flaky';
  annotations: JsonAnnotation[];
  results: {
    status: string;
    duration: number;
    annotations?: JsonAnnotation[];
    error?: { message?: string };
    attachments?: { name: string; body?: string }[];
  }[];
}
interface JsonSpec {
  id?: string;
  line?: number;
  title: string;
  file: string;
  tags: string[];
  tests: JsonTest[];
}
interface JsonSuite {
  title: string;
  specs?: JsonSpec[];
  suites?: JsonSuite[];
}
/** What playwright.config.ts records about the run (never a secret). */
export interface RunMetadata {
  target?: string;
  baseURL?: string;
  /** The rate-limit reporter's line, when the target made the run wait. */
  rateLimit?: string;
  /** What the run cost the target (the rate-limit reporter, from the run's ledger). */
  requests?: RunRequests;
}

interface JsonReport {
  config: { metadata?: RunMetadata; argv?: string[]; shard?: { current: number; total: number } | null };
  suites: JsonSuite[];
  stats: RunStats;
  errors?: { message?: string }[];
}

/** The skip reason of a test an interrupted run did not run to its end. */
export const NOT_RUN = 'not run: the run stopped before this test ended';

const STOPPED_EARLY = /^(?:Error: )?Testing stopped early after \d+ maximum allowed failures/;

const firstLine = (text: string | undefined) => stripVTControlCharacters(text ?? '').split('\n')[0] ?? '';
const replayLine = (text: string | undefined) =>
  stripVTControlCharacters(text ?? '')
    .match(/^Replay: (.+)$/m)?.[1]
    ?.trim() || undefined;

function outcomeOf(status: JsonTest['status']): TestRecord['outcome'] {
  if (status === 'skipped') return 'skipped';
  return status === 'unexpected' ? 'failed' : 'passed';
}

function findingsOf(annotations: JsonAnnotation[]): JudgedFinding[] {
  const descriptions = new Set(
    annotations.filter((a) => a.type === FINDING_ANNOTATION).map((a) => a.description ?? '{}'),
  );
  return [...descriptions].map((description) => JSON.parse(description) as JudgedFinding);
}

function judgementsOf(results: JsonTest['results']): CountedJudgement[] {
  return results.flatMap((result) =>
    (result.attachments ?? [])
      .filter((a) => a.name === JUDGEMENTS_ATTACHMENT && a.body !== undefined)
      .flatMap((a) => JSON.parse(Buffer.from(a.body ?? '', 'base64').toString('utf8')) as CountedJudgement[]),
  );
}

function flatten(suite: JsonSuite, path: string[], out: TestRecord[], raw: JsonTest[]): void {
  const here = suite.title && !suite.title.endsWith('.ts') ? [...path, suite.title] : path;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      raw.push(test);
      const annotations = [...test.annotations, ...test.results.flatMap((r) => r.annotations ?? [])];
      const skip = annotations.find((a) => a.type === 'skip');
      const error = test.status === 'unexpected' ? test.results.at(-1)?.error?.message : undefined;
      const notRun = test.results.length === 0 || test.results.at(-1)?.status === 'interrupted';
      out.push({
        title: [...here, spec.title].join(' › '),
        file: spec.file,
        id: spec.id,
        line: spec.line,
        project: test.projectName,
        tags: spec.tags.map((tag) => (tag.startsWith('@') ? tag : `@${tag}`)),
        requirements: [
          ...new Set(annotations.filter((a) => a.type === 'requirement').map((a) => a.description ?? '')),
        ],
        outcome: notRun ? 'skipped' : outcomeOf(test.status),
        skipReason: notRun
          ? NOT_RUN
          : test.status === 'skipped'
            ? (skip?.description ?? 'skipped')
            : undefined,
        ...(notRun ? { notRun: true as const } : {}),
        durationMs: test.results.reduce((sum, r) => sum + r.duration, 0),
        findings: findingsOf(annotations),
        judgements: judgementsOf(test.results),
        error: test.status === 'unexpected' && !notRun ? firstLine(error) : undefined,
        replay: replayLine(error),
      });
    }
  }
  for (const child of suite.suites ?? []) flatten(child, here, out, raw);
}

/** Judgements made after the run (lib/facts) as a record like a test's, failed when one broke. */
function recordOf({ title, file, project, judgements }: RunJudgements): TestRecord {
  const broken = judgements.find((j) => j.outcome === 'broken');
  return {
    title,
    file,
    project,
    tags: [],
    requirements: [...new Set(judgements.map((j) => j.requirement))].sort(),
    outcome: broken ? 'failed' : 'passed',
    afterRun: true,
    durationMs: 0,
    findings: [],
    judgements,
    ...(broken ? { error: `${broken.requirement}: ${broken.instance}: ${broken.reason}` } : {}),
  };
}

/** The tests and the stats of a Playwright JSON report. */
export function readResults(path: string): {
  tests: TestRecord[];
  stats: RunStats;
  metadata: RunMetadata;
  /** Errors outside any test (a global setup that failed), first lines. */
  errors: string[];
  scope: RunScope;
} {
  const report = JSON.parse(readFileSync(path, 'utf8')) as JsonReport;
  const tests: TestRecord[] = [];
  const raw: JsonTest[] = [];
  for (const suite of report.suites) flatten(suite, [], tests, raw);
  tests.push(...runJudgements(dirname(path)).map(recordOf));
  // --max-failures' notice is how the run stopped (the scope says interrupted), not a failure of the target.
  const errors = (report.errors ?? [])
    .map((error) => firstLine(error.message))
    .filter((line) => !STOPPED_EARLY.test(line));
  const scope = scopeOf(raw, report.config);
  return { tests, stats: report.stats, metadata: report.config.metadata ?? {}, errors, scope };
}
