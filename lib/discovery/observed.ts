import { readFileSync } from 'node:fs';
import { bundledSpecPath } from '../checks/spec.ts';
import { runPart } from '../client/run-record.ts';
import { observeAnswer } from '../facts/observe.ts';

interface Route {
  operationId: string;
  pattern: RegExp;
  literals: number;
}

let routes: Route[] | undefined;

/** The GET operations of the bundled spec as path patterns, the most literal first (/orders/search before /orders/{id}). */
function getRoutes(): Route[] {
  if (routes) return routes;
  const doc = JSON.parse(readFileSync(bundledSpecPath, 'utf8')) as {
    paths: Record<string, Record<string, { operationId?: string }>>;
  };
  routes = Object.entries(doc.paths)
    .flatMap(([template, methods]) => {
      const operationId = methods.get?.operationId;
      if (!operationId) return [];
      const parts = template.split('/');
      const source = parts
        .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.]/g, '\\.')))
        .join('/');
      const literals = parts.filter((part) => part && !part.startsWith('{')).length;
      return [{ operationId, pattern: new RegExp(`^${source}$`), literals }];
    })
    .sort((a, b) => b.literals - a.literals);
  return routes;
}

/** The operation a GET of this path reads, or undefined. */
export function operationOfPath(path: string): string | undefined {
  return getRoutes().find((route) => route.pattern.test(path))?.operationId;
}

/**
 * Hands one answer of discovery to the run's judgements after it (one fact, one value; every value's
 * meaning): discovery reads deepest (later pages, every order's discounts), so what it reached is judged too.
 */
export function observeDiscoveryAnswer(
  path: string,
  search: string,
  withToken: boolean,
  answer: { status: number; headers: Record<string, string>; bytes: Buffer; text: string; body: unknown },
): void {
  const operation = operationOfPath(path);
  // Only the run's own discovery (global setup names it): a project test discovering on a faulted mock is no answer of the target.
  if (!operation || runPart() === undefined) return;
  const now = Date.now();
  observeAnswer({
    operation,
    request: {
      method: 'GET',
      url: new URL(`${path}${search ? `?${search}` : ''}`, 'http://target.invalid'),
      headers: withToken ? { authorization: 'Bearer (discovery)' } : {},
    },
    response: answer,
    startedMs: now,
    endedMs: now,
  });
}
