import type { Exchange } from '../exchange/exchange.ts';
import type { ErrorRow, FilesTest, RowOperation, ValueTest } from './error-row-data.ts';
import { boundOf } from './error-row-data.ts';
import { type FormPart, formParts } from './multipart.ts';

/** true: the request meets it; false: it does not; undefined: the exchange cannot tell (state, an unreadable body). */
export type Met = boolean | undefined;

/** What the caller of the rule knows beyond the exchange: the state a row `needs`, by name. */
export type KnownState = Readonly<Record<string, boolean>>;

/** All of several conditions: false if one is false, else undefined if one cannot be told. */
export function all(values: Met[]): Met {
  if (values.includes(false)) return false;
  return values.includes(undefined) ? undefined : true;
}

/** The request as the conditions read it: its path parameters, token, JSON body and files. */
export interface RequestView {
  exchange: Exchange;
  op: RowOperation;
  pathParams: Record<string, string>;
}

/** The path parameters of the URL by the operation's template (the base URL's own path before it allowed). */
export function pathParams(template: string, url: URL): Record<string, string> | undefined {
  const names: string[] = [];
  const pattern = template
    .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
    .replace(/\\?\{([^}]+)\\?\}/g, (_m, name: string) => {
      names.push(name);
      return '([^/]*)';
    });
  const match = new RegExp(`${pattern}/?$`).exec(url.pathname);
  if (!match) return undefined;
  return Object.fromEntries(names.map((name, i) => [name, safeDecode(match[i + 1] ?? '')]));
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Whether the request carries a token; undefined when a cookie may carry one. */
export function tokenAbsent(exchange: Exchange): Met {
  const auth = exchange.request.headers.authorization;
  if (auth && /\S/.test(auth)) return false;
  if (exchange.request.url.searchParams.get('access_token')) return false;
  return exchange.request.headers.cookie ? undefined : true;
}

type Json = Record<string, unknown>;

/** The request's JSON object body; `known` false when a recorder kept it lossy. */
export function jsonBody(exchange: Exchange): { body?: Json; known: boolean } {
  const { body, bodyLossy } = exchange.request;
  if (!body || body.length === 0) return { known: true };
  if (bodyLossy) return { known: false };
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? { body: parsed as Json, known: true }
      : { known: true };
  } catch {
    return { known: true };
  }
}

function at(body: Json | undefined, dotted: string): unknown {
  let value: unknown = body;
  for (const key of dotted.split('.'))
    value = value && typeof value === 'object' ? (value as Json)[key] : undefined;
  return value;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : undefined;

/** Characters that could be among the permitted emoticons, whose set the reference does not give. */
const MAYBE_EMOTICON = /\p{Extended_Pictographic}|\p{Emoji_Component}|\u200d|\ufe0f/u;

function outsideCharset(value: string): Met {
  const outside = [...value].filter((char) => char.codePointAt(0)! > 0xff);
  if (outside.some((char) => !MAYBE_EMOTICON.test(char))) return true;
  return outside.length > 0 ? undefined : false;
}

/** One value test; `value` undefined means not sent. */
function valueMeets(view: RequestView, test: ValueTest, value: unknown, body: Json | undefined): Met {
  const limits = view.op.limits;
  const shown = text(value);
  const checks: Met[] = [];
  if (test.absent !== undefined)
    checks.push((value === undefined || value === null || shown === '') === test.absent);
  if (test.matching !== undefined) checks.push(shown !== undefined && new RegExp(test.matching).test(shown));
  if (test.notMatching !== undefined)
    checks.push(shown !== undefined && !new RegExp(test.notMatching).test(shown));
  if (test.atMost !== undefined)
    checks.push(shown !== undefined && /^-?\d+$/.test(shown) && Number(shown) <= test.atMost);
  if (test.longerThan !== undefined) {
    const max = boundOf(test.longerThan, limits);
    checks.push(max === undefined ? undefined : typeof value === 'string' && [...value].length > max);
  }
  if (test.countAbove !== undefined) {
    const max = boundOf(test.countAbove, limits);
    checks.push(max === undefined ? undefined : Array.isArray(value) && value.length > max);
  }
  if (test.outsideCharset) checks.push(typeof value === 'string' ? outsideCharset(value) : false);
  if (test.equalsBody !== undefined) {
    const other = text(at(body, test.equalsBody));
    checks.push(shown !== undefined && other !== undefined && shown === other);
  }
  if (test.equalsPath !== undefined)
    checks.push(shown !== undefined && shown === view.pathParams[test.equalsPath]);
  if (test.differsFromPath !== undefined)
    checks.push(shown !== undefined && shown !== view.pathParams[test.differsFromPath]);
  return all(checks);
}

function filesOf(exchange: Exchange, field: string): FormPart[] | undefined {
  const type = exchange.request.headers['content-type'];
  if (!type?.toLowerCase().startsWith('multipart/form-data'))
    return exchange.request.bodyLossy ? undefined : [];
  return formParts(type, exchange.request.body)?.filter(
    (part) => part.name === field && part.filename !== undefined,
  );
}

function filesMeet(view: RequestView, test: FilesTest, files: FormPart[] | undefined): Met {
  if (!files) return undefined;
  const limits = view.op.limits;
  // A body stored as text (a HAR writer) keeps names and types, not sizes.
  const sizes = !view.exchange.request.bodyLossy;
  const checks: Met[] = [];
  const bound = (b: Parameters<typeof boundOf>[0]) => boundOf(b, limits);
  if (test.countBelow !== undefined) {
    const min = bound(test.countBelow);
    checks.push(min === undefined ? undefined : files.length < min);
  }
  if (test.countAbove !== undefined) {
    const max = bound(test.countAbove);
    checks.push(max === undefined ? undefined : files.length > max);
  }
  if (test.anyEmpty) checks.push(sizes ? files.some((f) => f.size === 0) : undefined);
  if (test.anyLargerThan !== undefined) {
    const max = bound(test.anyLargerThan);
    checks.push(max === undefined || !sizes ? undefined : files.some((f) => f.size > max));
  }
  if (test.anyNameMatching !== undefined) {
    const pattern = new RegExp(test.anyNameMatching);
    checks.push(files.some((f) => pattern.test(f.filename ?? '')));
  }
  if (test.anyTypeNotIn) checks.push(files.some((f) => !test.anyTypeNotIn!.includes(f.contentType ?? '')));
  if (test.sameTypeTwice) {
    const types = files.map((f) => f.contentType ?? '');
    checks.push(types.some((type, i) => types.indexOf(type) !== i));
  }
  return all(checks);
}

/** Whether the request meets a row's condition, given what the caller knows of the state. */
export function rowMet(view: RequestView, row: ErrorRow, state: KnownState = {}): Met {
  const when = row.when ?? {};
  const { exchange } = view;
  const checks: Met[] = [];
  const absent = tokenAbsent(exchange);
  if (when.token === 'absent') checks.push(absent);
  if (when.caller)
    checks.push(
      absent === true
        ? false
        : exchange.caller === undefined
          ? undefined
          : when.caller.includes(exchange.caller),
    );
  for (const [name, test] of Object.entries(when.path ?? {}))
    checks.push(valueMeets(view, test, view.pathParams[name], undefined));
  const query = exchange.request.url.searchParams;
  // A parameter given twice: which value a server reads (the first, the last, both) is not shown.
  for (const [name, test] of Object.entries(when.query ?? {}))
    checks.push(
      query.getAll(name).length > 1
        ? undefined
        : valueMeets(view, test, query.has(name) ? query.get(name) : undefined, undefined),
    );
  if (when.body || when.json) {
    const { body, known } = jsonBody(exchange);
    if (when.json === 'absent') checks.push(known ? body === undefined : undefined);
    for (const [field, test] of Object.entries(when.body ?? {}))
      checks.push(known ? valueMeets(view, test, at(body, field), body) : undefined);
  }
  for (const [field, test] of Object.entries(when.files ?? {}))
    checks.push(filesMeet(view, test, filesOf(exchange, field)));
  for (const need of row.needs ?? []) checks.push(state[need]);
  return all(checks);
}
