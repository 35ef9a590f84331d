import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Spec } from '../checks/spec.ts';
import type { TargetProfile } from '../profile/types.ts';
import type { RunExchange } from './exchanges.ts';
import {
  classesOf,
  classesSent,
  type InputClass,
  type ParameterInfo,
  parametersOfSpec,
  type SentValue,
  withheldReason,
} from './input-classes.ts';

/** One class of one parameter of one operation, and how the run's requests sent it (issue 47). */
export interface InputTally {
  /** `listPackMessages query limit past-bound`: the same key night after night. */
  key: string;
  operation: string;
  parameter: string;
  in: ParameterInfo['in'];
  class: InputClass;
  /** Requests of the run that sent it. */
  sent: number;
  /** Of those, the ones whose answer a registry rule held or broke on (the schema check aside). */
  judged: number;
  /** Why the suite never sends this class (it would change the target's state), where it does not. */
  withheld?: string;
  /** Why the target's data leaves the class without an instance (ids without letters have no other case). */
  moot?: string;
}

export interface InputTotals {
  inSpec: number;
  /** Classes the suite never sends, each with its reason. */
  withheld: number;
  /** Classes the target's data gives no instance of. */
  moot: number;
  sent: number;
  judged: number;
}

export interface InputsFile {
  totals: InputTotals;
  operations: ({ operation: string } & InputTotals)[];
  inputs: InputTally[];
}

const keyOf = (p: Pick<ParameterInfo, 'operation' | 'in' | 'name'>, c: InputClass) =>
  `${p.operation} ${p.in} ${p.name} ${c}`;

/** Each query parameter of a request as sent: decoded value of its first occurrence, its raw text, its count. */
function queryValues(search: string): Map<string, SentValue> {
  const values = new Map<string, SentValue>();
  for (const pair of search.replace(/^\?/, '').split('&').filter(Boolean)) {
    const [rawName = '', raw = ''] = pair.split(/=(.*)/s);
    const decode = (text: string) => {
      try {
        return decodeURIComponent(text.replace(/\+/g, ' '));
      } catch {
        return text;
      }
    };
    const name = decode(rawName);
    const seen = values.get(name);
    if (seen) seen.count += 1;
    else values.set(name, { value: decode(raw), raw: `${rawName}=${raw}`, count: 1 });
  }
  return values;
}

function sentValue(exchange: RunExchange, param: ParameterInfo): SentValue | undefined {
  if (param.in === 'path') {
    const value = exchange.pathParams?.[param.name];
    return value === undefined
      ? undefined
      : { value, raw: exchange.rawPathParams?.[param.name] ?? value, count: 1 };
  }
  if (param.in === 'header') {
    const value = exchange.request.headers[param.name.toLowerCase()];
    return value === undefined ? undefined : { value: String(value), raw: String(value), count: 1 };
  }
  return queryValues(exchange.request.url.search).get(param.name);
}

const ok = (e: RunExchange) => e.response.status >= 200 && e.response.status < 300;

function pagingTotal(exchange: RunExchange): number | undefined {
  const body = exchange.response.body as { paging?: { total?: unknown } } | undefined;
  const total = Number(body?.paging?.total);
  return body?.paging?.total === undefined || Number.isNaN(total) ? undefined : total;
}

/** Path values that got a 2xx, by parameter name: what an id written otherwise is compared with. */
function knownValues(exchanges: readonly RunExchange[]): Map<string, Set<string>> {
  const known = new Map<string, Set<string>>();
  for (const e of exchanges.filter(ok))
    for (const [name, value] of Object.entries(e.pathParams ?? {}))
      known.set(name, (known.get(name) ?? new Set()).add(value));
  return known;
}

/** Every class of every parameter of the spec, counted over the run's requests: sent, and judged. */
export function tallyInputs(
  spec: Spec,
  exchanges: readonly RunExchange[],
  judgedExchanges: ReadonlySet<number>,
  profile: Pick<TargetProfile, 'users'>,
): InputTally[] {
  const params = parametersOfSpec(spec);
  const tallies = new Map<string, InputTally>();
  for (const p of params)
    for (const c of classesOf(p)) {
      const withheld = withheldReason(p, c, spec.operation(p.operation).method);
      tallies.set(keyOf(p, c), {
        key: keyOf(p, c),
        operation: p.operation,
        parameter: p.name,
        in: p.in,
        class: c,
        sent: 0,
        judged: 0,
        ...(withheld ? { withheld } : {}),
      });
    }
  const known = knownValues(exchanges);
  const users = profile.users as Record<string, { id?: number | string } | undefined>;
  for (const exchange of exchanges) {
    if (!exchange.operation) continue;
    const callerId = exchange.caller ? users[exchange.caller]?.id : undefined;
    const context = {
      ...(callerId === undefined ? {} : { callerId: String(callerId) }),
      ...(pagingTotal(exchange) === undefined ? {} : { pagingTotal: pagingTotal(exchange) }),
    };
    for (const p of params.filter((q) => q.operation === exchange.operation))
      for (const c of classesSent(p, sentValue(exchange, p), {
        ...context,
        known: known.get(p.name) ?? new Set(),
      })) {
        const tally = tallies.get(keyOf(p, c));
        if (!tally) continue;
        tally.sent += 1;
        if (judgedExchanges.has(exchange.index)) tally.judged += 1;
      }
  }
  for (const tally of tallies.values())
    if (tally.class === 'other-case' && tally.sent === 0) {
      const values = [...(known.get(tally.parameter) ?? [])];
      if (values.length === 0) tally.moot = `no ${tally.parameter} was answered with a 2xx in this run`;
      else if (values.every((v) => !/[A-Za-z]/.test(v)))
        tally.moot = `the target's ${tally.parameter}s have no letters (${values.length} seen)`;
    }
  return [...tallies.values()];
}

export function inputTotals(tallies: readonly InputTally[]): InputTotals {
  return {
    inSpec: tallies.length,
    withheld: tallies.filter((t) => t.withheld).length,
    moot: tallies.filter((t) => t.moot).length,
    sent: tallies.filter((t) => t.sent > 0).length,
    judged: tallies.filter((t) => t.judged > 0).length,
  };
}

export const inputsPath = (reportsDir: string) => join(reportsDir, 'inputs.json');

export function inputsFileOf(tallies: readonly InputTally[]): InputsFile {
  const names = [...new Set(tallies.map((t) => t.operation))];
  return {
    totals: inputTotals(tallies),
    operations: names.map((operation) => ({
      operation,
      ...inputTotals(tallies.filter((t) => t.operation === operation)),
    })),
    inputs: [...tallies],
  };
}

export function writeInputs(reportsDir: string, tallies: readonly InputTally[]): void {
  writeFileSync(inputsPath(reportsDir), `${JSON.stringify(inputsFileOf(tallies), null, 1)}\n`);
}

/** The input classes of the run as its judge tallied them; undefined when the judge did not run. */
export function readInputs(reportsDir: string): InputsFile | undefined {
  const path = inputsPath(reportsDir);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as InputsFile) : undefined;
}
