/**
 * The class of an answer: what a client depends on, without what legitimately differs between two
 * servers (ids, names, dates, counts). Two answers of the same class are the same to the drift run.
 */
import type { ObservedResponse } from '../../lib/checks/types.ts';
import { errorCodeOf } from '../../lib/client/typed.ts';

type LengthClass = 'empty' | 'non-empty';

export interface AnswerClass {
  status: number;
  /** The `error` of an error body. */
  error?: string;
  /** Every field path present (list elements under `[]`) with its JSON type. */
  fields: Map<string, string>;
  /** Every list path with its length class. */
  lists: Map<string, LengthClass>;
}

const MAX_DEPTH = 8;

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

function walk(value: unknown, path: string, depth: number, into: AnswerClass): void {
  if (depth > MAX_DEPTH) return;
  if (Array.isArray(value)) {
    into.lists.set(path || '(body)', value.length === 0 ? 'empty' : 'non-empty');
    for (const item of value) {
      const at = `${path}[]`;
      into.fields.set(at, mergeTypes(into.fields.get(at), typeOf(item)));
      walk(item, at, depth + 1, into);
    }
    return;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const at = join(path, key);
      into.fields.set(at, mergeTypes(into.fields.get(at), typeOf(item)));
      walk(item, at, depth + 1, into);
    }
  }
}

/** Elements of one list may differ in type (a nullable field): the class keeps every type seen. */
function mergeTypes(seen: string | undefined, type: string): string {
  if (!seen || seen === type) return type;
  return [...new Set([...seen.split('|'), type])].sort().join('|');
}

export function classify(response: ObservedResponse): AnswerClass {
  const result: AnswerClass = { status: response.status, fields: new Map(), lists: new Map() };
  const error = errorCodeOf(response);
  if (response.status >= 400 && typeof error === 'string') result.error = error;
  walk(response.body, '', 0, result);
  return result;
}
