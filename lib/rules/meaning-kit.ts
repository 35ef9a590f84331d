import type { Exchange } from '../exchange/exchange.ts';
import type { Judgement } from '../judge/judgement.ts';

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  !!value && typeof value === 'object' && !Array.isArray(value);
export const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);

/** The JSON body of a success (2xx, not a 206 whose fields are emptied on purpose), or undefined. */
export function successBody(exchange: Exchange): Json | undefined {
  const { status, body } = exchange.response;
  return status >= 200 && status < 300 && status !== 206 && isObject(body) ? body : undefined;
}

/** `GET /orders/search`: the method and the path asked, for instances. */
export const asked = (exchange: Exchange): string =>
  `${exchange.request.method} ${exchange.request.url.pathname}`;

/** Held when `failure` is undefined, else broken with it as the reason. */
export function verdict(requirement: string, instance: string, failure: string | undefined): Judgement {
  return failure === undefined
    ? { requirement, outcome: 'held', instance }
    : { requirement, outcome: 'broken', instance, reason: failure };
}

export const notJudged = (requirement: string, instance: string, reason: string): Judgement => ({
  requirement,
  outcome: 'not judged',
  instance,
  reason,
});

/**
 * Not judged: the answer leaves out `field`, which the reference lists at this instance; `where` is the
 * instance's place in the body (`results[3]`), from which the field's path is written as findings write it.
 */
export function leftOut(requirement: string, instance: string, where: string, field: string): Judgement {
  const place = where.replace(/\[\d+\]/g, '[]');
  const path = place ? (field.startsWith('[') ? `${place}${field}` : `${place}.${field}`) : field;
  return { ...notJudged(requirement, instance, `${field} is left out`), leftOut: path };
}

/** Applies to the answers of the given operations. */
export const onOperations =
  (...operations: string[]) =>
  (exchange: Exchange): boolean =>
    exchange.operation !== undefined && operations.includes(exchange.operation);

/**
 * A query parameter's value when it is given once; undefined when absent or repeated (which of repeated
 * values a server reads, the first, the last or both, is not shown).
 */
export function singleQuery(exchange: Exchange, name: string): string | undefined {
  const given = exchange.request.url.searchParams.getAll(name);
  return given.length === 1 ? given[0] : undefined;
}
