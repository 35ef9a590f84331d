/**
 * A limit row seen from its other side: a row refuses a value past its bound ("longer than 350
 * characters"), so a value within the bound is not its to refuse. When a request within the bound is
 * refused with the row's answer, no row reading that field is met, and the run already saw the same
 * request (operation, caller, URL, body but that field) accepted, nothing else explains the refusal:
 * the row's bound is broken (a seller's 350 characters refused where 12 were accepted).
 */
import type { Exchange } from '../exchange/exchange.ts';
import type { Judgement } from '../judge/judgement.ts';
import { jsonBody, type KnownState, type RequestView, rowMet } from './error-row-condition.ts';
import { boundOf, type ErrorRow, type ValueTest } from './error-row-data.ts';
import { accepted } from './fiscal-history.ts';

type Json = Record<string, unknown>;

const bounded = (test: ValueTest) => test.longerThan ?? test.countAbove;

/** How a bound measures a value: characters of a text, items of a list. */
function sizeOf(value: unknown): number | undefined {
  if (typeof value === 'string') return [...value].length;
  return Array.isArray(value) ? value.length : undefined;
}

/** The body without one dotted field, as text, to compare two requests but that field. */
function without(body: Json, field: string): string {
  const copy = structuredClone(body);
  const keys = field.split('.');
  let node: unknown = copy;
  for (const key of keys.slice(0, -1))
    node = node && typeof node === 'object' ? (node as Json)[key] : undefined;
  if (node && typeof node === 'object') delete (node as Json)[keys.at(-1) ?? ''];
  return JSON.stringify(copy);
}

function valueAt(body: Json, field: string): unknown {
  let value: unknown = body;
  for (const key of field.split('.'))
    value = value && typeof value === 'object' ? (value as Json)[key] : undefined;
  return value;
}

/** An earlier accepted exchange of the same caller, operation and URL whose body differs at most in `field`. */
function acceptedTwin(view: RequestView, body: Json, field: string, history: readonly Exchange[]) {
  const { exchange } = view;
  const shape = without(body, field);
  return history.find((earlier) => {
    if (!accepted(earlier) || earlier.caller === undefined || earlier.caller !== exchange.caller)
      return false;
    if (earlier.operation !== exchange.operation || earlier.request.url.href !== exchange.request.url.href)
      return false;
    const other = jsonBody(earlier).body;
    return other !== undefined && without(other, field) === shape;
  });
}

/** The row with its condition on `field` left out: whether the rest of it (the sender) is met. */
function restMet(view: RequestView, row: ErrorRow, field: string, state: KnownState): boolean {
  const body = { ...(row.when?.body ?? {}) };
  delete body[field];
  return rowMet(view, { ...row, when: { ...row.when, body } }, state) === true;
}

/** The bounds of the rows the refused request stays within, broken where an accepted twin shows it. */
export function twinJudgements(
  view: RequestView,
  refusedAsRow: (row: ErrorRow) => boolean,
  history: readonly Exchange[],
  state: KnownState,
): Judgement[] {
  const { body } = jsonBody(view.exchange);
  if (!body || view.exchange.caller === undefined) return [];
  const reads = (row: ErrorRow, field: string) => row.when?.body?.[field] !== undefined;
  return view.op.rows.flatMap((row) =>
    Object.entries(row.when?.body ?? {}).flatMap(([field, test]): Judgement[] => {
      const bound = bounded(test);
      const max = bound === undefined ? undefined : boundOf(bound, view.op.limits);
      if (max === undefined || !refusedAsRow(row) || !restMet(view, row, field, state)) return [];
      if (view.op.rows.some((other) => reads(other, field) && rowMet(view, other, state) !== false))
        return [];
      const twin = acceptedTwin(view, body, field, history);
      if (!twin) return [];
      const size = sizeOf(valueAt(body, field));
      const twinSize = sizeOf(valueAt(jsonBody(twin).body ?? {}, field));
      return [
        {
          requirement: row.requirement,
          outcome: 'broken',
          instance: `${view.op.operationId} ${view.exchange.request.method} ${view.exchange.request.url.pathname}: ${row.requirement}'s bound`,
          reason: `${field} of ${size} (within ${max}) answered ${view.exchange.response.status}, while the same request with a ${field} of ${twinSize} was accepted; documented: up to ${max} accepted`,
        },
      ];
    }),
  );
}
