import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Requirement } from '../catalog/requirements.ts';
import { counted } from './trace-filter.ts';
import type { TestRecord } from './verdict/results.ts';

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
    if (!test) continue;
    const labels = (result.labels ?? []).filter((l) => l.name !== 'feature' && l.name !== 'story');
    labels.push({ name: 'feature', value: resourceOf(test, areas) });
    labels.push({ name: 'story', value: endpointOf(test, endpoints) });
    writeFileSync(path, JSON.stringify({ ...result, labels }));
    labelled += 1;
  }
  return labelled;
}
