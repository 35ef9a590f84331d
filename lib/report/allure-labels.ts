import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Requirement } from '../catalog/requirements.ts';
import { counted } from './trace-filter.ts';
import { NOT_RUN, type TestRecord } from './verdict/results.ts';

interface Label {
  name: string;
  value: string;
}

interface AllureResult {
  fullName?: string;
  labels?: Label[];
  parameters?: Label[];
}

/** A describe's leading endpoint: "GET /orders/{order_id}" of "GET /orders/{order_id} and its product: access". */
const ENDPOINT = /^(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) \/\S*/;

/** The resource of a test: the area most of its requirements belong to, else its file's name. */
function resourceOf(test: TestRecord, areas: Map<string, string>): string {
  const cited = test.requirements.map((id) => areas.get(id)).filter((a): a is string => a !== undefined);
  const [top] = [...counted(cited)].sort((a, b) => b[1] - a[1]);
  return top?.[0] ?? (test.file.split('/').at(-1) ?? test.file).replace(/\.spec\.ts$/, '');
}

/** The endpoint of a test: its describe when it names one, else the operation of its first requirement. */
function endpointOf(test: TestRecord, endpoints: Map<string, string>): string {
  const [describe] = test.title.split(' › ').slice(0, -1);
  const named = describe?.match(ENDPOINT)?.[0];
  if (named) return named;
  const operation = test.requirements.map((id) => endpoints.get(id)).find(Boolean);
  return operation ?? describe ?? 'no endpoint named';
}

/**
 * Labels every Allure result with its resource (feature) and endpoint (story), the grouping of the
 * Allure report (allurerc.mjs): allure-playwright names suites after the project and the file only.
 * Returns how many results it labelled.
 */
export function labelAllureResults(
  resultsDir: string,
  tests: TestRecord[],
  requirements: Requirement[],
  operations: { operationId: string; method: string; path: string }[],
): number {
  const byName = new Map(tests.map((t) => [`${t.project} ${t.file} › ${t.title}`, t]));
  const areas = new Map(requirements.map((r) => [r.id, r.area]));
  const operationNames = new Map(
    operations.map((o) => [o.operationId, `${o.method.toUpperCase()} ${o.path}`]),
  );
  const endpoints = new Map(
    requirements.flatMap((r) => {
      const name = r.operations.map((id) => operationNames.get(id)).find(Boolean);
      return name ? [[r.id, name] as const] : [];
    }),
  );
  let labelled = 0;
  for (const file of readdirSync(resultsDir).filter((f) => f.endsWith('-result.json'))) {
    const path = join(resultsDir, file);
    const result = JSON.parse(readFileSync(path, 'utf8')) as AllureResult;
    const project = result.parameters?.find((p) => p.name === 'Project')?.value;
    const test = byName.get(`${project} ${result.fullName}`);
    // A judgement group after the run keeps the labels alignAllureResults gave it.
    if (!test || test.afterRun) continue;
    const labels = (result.labels ?? []).filter((l) => l.name !== 'feature' && l.name !== 'story');
    labels.push({ name: 'feature', value: resourceOf(test, areas) });
    labels.push({ name: 'story', value: endpointOf(test, endpoints) });
    writeFileSync(path, JSON.stringify({ ...result, labels }));
    labelled += 1;
  }
  return labelled;
}

/** The file of a result this project writes itself (judgements after the run, tests not run). */
const OWN_RESULT = /^conformance-[\w-]+-result\.json$/;

/**
 * Makes Allure count the run's numbers (lib/report/verdict/numbers.ts): each judgement group after the
 * run is a result of its own (failed when one broke), and a test an interrupted run did not run is
 * `unknown` ("not run"), never skipped. Returns how many results it wrote or changed. Idempotent.
 */
export function alignAllureResults(resultsDir: string, tests: TestRecord[], start: number): number {
  for (const file of readdirSync(resultsDir).filter((f) => OWN_RESULT.test(f)))
    rmSync(join(resultsDir, file));
  const notRun = new Map(
    tests.filter((t) => t.notRun).map((t) => [`${t.project} ${t.file} › ${t.title}`, t]),
  );
  let changed = 0;
  for (const file of readdirSync(resultsDir).filter((f) => f.endsWith('-result.json'))) {
    const path = join(resultsDir, file);
    const result = JSON.parse(readFileSync(path, 'utf8')) as AllureResult & { status?: string };
    const project = result.parameters?.find((p) => p.name === 'Project')?.value;
    const key = `${project} ${result.fullName}`;
    if (!notRun.has(key)) continue;
    notRun.delete(key);
    writeFileSync(
      path,
      JSON.stringify({ ...result, status: 'unknown', statusDetails: { message: NOT_RUN } }),
    );
    changed += 1;
  }
  const own = (name: string, test: TestRecord, status: string, message?: string) => {
    const uuid = `conformance-${name}`;
    const fullName = `${test.file} › ${test.title}`;
    const result = {
      uuid,
      historyId: createHash('md5').update(`${test.project} ${fullName}`).digest('hex'),
      name: test.title,
      fullName,
      status,
      ...(message ? { statusDetails: { message } } : {}),
      stage: 'finished',
      start,
      stop: start,
      steps: [],
      attachments: [],
      parameters: [{ name: 'Project', value: test.project }],
      labels: [
        { name: 'feature', value: test.afterRun ? 'judgements after the run' : test.project },
        { name: 'story', value: test.afterRun ? test.project : 'not run' },
        ...test.requirements.map((id) => ({ name: 'requirement', value: id })),
      ],
    };
    writeFileSync(join(resultsDir, `${uuid}-result.json`), JSON.stringify(result));
    changed += 1;
  };
  for (const test of tests.filter((t) => t.afterRun))
    own(`after-run-${test.project}`, test, test.outcome === 'failed' ? 'failed' : 'passed', test.error);
  for (const [i, test] of [...notRun.values()].entries()) own(`not-run-${i + 1}`, test, 'unknown', NOT_RUN);
  return changed;
}
