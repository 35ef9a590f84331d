import type { Exchange, ExchangeResponse } from '../exchange/exchange.ts';
import type { ErrorRow, FilesTest, RowOperation, ValueTest } from './error-row-data.ts';
import { boundOf } from './error-row-data.ts';

/**
 * Requests built from error rows: a valid request of an operation, changed just enough to meet one row's
 * condition. The mock-side table and the contract test of error rows send them; nothing here knows a
 * row by name, so a row added to the spec is built and sent without code.
 */

export interface PlannedFile {
  name: string;
  type: string;
  bytes: Buffer;
}

export interface RequestPlan {
  /** The profile user sending it, or anonymous (no token). */
  as: string;
  path: Record<string, string>;
  query: Record<string, string>;
  /** The JSON body; undefined sends none. */
  json?: Record<string, unknown>;
  /** Files by multipart field; a field with no file is sent as a text field. */
  files?: Record<string, PlannedFile[]>;
}

/** Values tried, in order, for a test a value must meet (`notMatching`, `matching`). */
const CANDIDATES = ['abc', '0', '-1', '1.5', 'null', ' ', '', 'x/y'];

function meets(test: ValueTest, value: string): boolean {
  if (test.notMatching !== undefined && new RegExp(test.notMatching).test(value)) return false;
  if (test.matching !== undefined && !new RegExp(test.matching).test(value)) return false;
  if (test.atMost !== undefined && !(/^-?\d+$/.test(value) && Number(value) <= test.atMost)) return false;
  return true;
}

type Json = Record<string, unknown>;

function setAt(body: Json, dotted: string, value: unknown): void {
  const keys = dotted.split('.');
  let node = body;
  for (const key of keys.slice(0, -1)) {
    const next = node[key];
    node[key] = next && typeof next === 'object' ? { ...(next as Json) } : {};
    node = node[key] as Json;
  }
  if (value === undefined) delete node[keys.at(-1)!];
  else node[keys.at(-1)!] = value;
}

function getAt(body: Json | undefined, dotted: string): unknown {
  let node: unknown = body;
  for (const key of dotted.split('.'))
    node = node && typeof node === 'object' ? (node as Json)[key] : undefined;
  return node;
}

/** A value meeting a test, or undefined (absent); `missing` when no value can be built. */
const MISSING = Symbol('missing');

function valueFor(test: ValueTest, op: RowOperation, plan: RequestPlan, current: unknown): unknown {
  if (test.absent) return undefined;
  if (test.atMost !== undefined && test.notMatching === undefined && test.matching === undefined)
    return String(test.atMost);
  if (test.longerThan !== undefined) {
    const max = boundOf(test.longerThan, op.limits);
    return max === undefined ? MISSING : 's'.repeat(max + 1);
  }
  if (test.countAbove !== undefined) {
    const max = boundOf(test.countAbove, op.limits);
    return max === undefined ? MISSING : Array.from({ length: max + 1 }, (_v, i) => `planned-${i}`);
  }
  if (test.outsideCharset) return 'text \u4e2d\u6587';
  if (test.equalsBody !== undefined) return getAt(plan.json, test.equalsBody);
  if (test.equalsPath !== undefined) return plan.path[test.equalsPath];
  if (test.differsFromPath !== undefined)
    return String(current) !== plan.path[test.differsFromPath] ? current : MISSING;
  if (test.notMatching !== undefined || test.matching !== undefined)
    return CANDIDATES.find((value) => meets(test, value)) ?? MISSING;
  return MISSING;
}

const ALLOWED_FILE = (plan: RequestPlan, field: string): PlannedFile | undefined => plan.files?.[field]?.[0];

function filesFor(test: FilesTest, op: RowOperation, base: PlannedFile[]): PlannedFile[] | typeof MISSING {
  const first = base[0];
  if (!first) return MISSING;
  if (test.countBelow !== undefined) return [];
  if (test.countAbove !== undefined) {
    const max = boundOf(test.countAbove, op.limits);
    return max === undefined
      ? MISSING
      : Array.from({ length: max + 1 }, (_v, i) => ({ ...first, name: `${i}-${first.name}` }));
  }
  if (test.anyEmpty) return [{ ...first, bytes: Buffer.alloc(0) }];
  if (test.anyLargerThan !== undefined) {
    const max = boundOf(test.anyLargerThan, op.limits);
    return max === undefined ? MISSING : [{ ...first, bytes: Buffer.alloc(max + 1, 1) }];
  }
  if (test.anyNameMatching !== undefined) {
    const pattern = new RegExp(test.anyNameMatching);
    const name = ['', `a/${first.name}`, `a\\${first.name}`].find((candidate) => pattern.test(candidate));
    return name === undefined ? MISSING : [{ ...first, name }];
  }
  if (test.anyTypeNotIn) return [{ ...first, name: 'image.png', type: 'image/png' }];
  if (test.sameTypeTwice) return [first, { ...first, name: `2-${first.name}` }];
  return MISSING;
}

/**
 * The base request changed to meet the row's condition; undefined when the row needs state (`needs`)
 * or a test no value can meet. The caller checks the built request does meet it (conditionOf).
 */
export function planMeeting(op: RowOperation, row: ErrorRow, base: RequestPlan): RequestPlan | undefined {
  if (row.needs?.length) return undefined;
  const when = row.when ?? {};
  const plan: RequestPlan = {
    ...base,
    path: { ...base.path },
    query: { ...base.query },
    json: base.json && structuredClone(base.json),
    files: base.files && { ...base.files },
  };
  if (when.token === 'absent') plan.as = 'anonymous';
  if (when.caller) plan.as = when.caller[0] ?? plan.as;
  for (const [name, test] of Object.entries(when.path ?? {})) {
    const value = valueFor(test, op, plan, plan.path[name]);
    if (value === MISSING || value === undefined) return undefined;
    plan.path[name] = String(value);
  }
  for (const [name, test] of Object.entries(when.query ?? {})) {
    const value = valueFor(test, op, plan, plan.query[name]);
    if (value === MISSING) return undefined;
    if (value === undefined) delete plan.query[name];
    else plan.query[name] = String(value);
  }
  if (when.json === 'absent') plan.json = undefined;
  for (const [field, test] of Object.entries(when.body ?? {})) {
    const value = valueFor(test, op, plan, getAt(plan.json, field));
    if (value === MISSING) return undefined;
    plan.json ??= {};
    setAt(plan.json, field, value);
  }
  for (const [field, test] of Object.entries(when.files ?? {})) {
    const files = filesFor(test, op, plan.files?.[field] ?? []);
    if (files === MISSING || !ALLOWED_FILE(base, field)) return undefined;
    plan.files = { ...plan.files, [field]: files };
  }
  return plan;
}

/** The body of a plan as sent: JSON, multipart (a field without files sent as a text field), or none. */
export function encodePlan(plan: RequestPlan): { body?: Buffer; contentType?: string } {
  if (plan.files) return multipart(plan.files);
  if (plan.json !== undefined)
    return { body: Buffer.from(JSON.stringify(plan.json)), contentType: 'application/json' };
  return {};
}

const BOUNDARY = 'error-row-plan-boundary';

/** A multipart body written by hand: FormData drops an empty file name, which a row may need to send. */
function multipart(files: Record<string, PlannedFile[]>): { body: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  const head = (text: string) => chunks.push(Buffer.from(`--${BOUNDARY}\r\n${text}\r\n\r\n`, 'latin1'));
  for (const [field, list] of Object.entries(files)) {
    if (list.length === 0) {
      head(`Content-Disposition: form-data; name="${field}"`);
      chunks.push(Buffer.from('not a file\r\n'));
    }
    for (const file of list) {
      const name = file.name.replace(/["\r\n]/g, '_');
      head(
        `Content-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${file.type}`,
      );
      chunks.push(file.bytes, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${BOUNDARY}` };
}

/** A call as the rules of error rows read it: who sends it (undefined: no token), where, and with what body. */
export interface RowCall {
  caller?: string;
  path?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  body?: Buffer;
}

const NO_ANSWER: ExchangeResponse = {
  status: 0,
  headers: {},
  bytes: Buffer.alloc(0),
  text: '',
  body: undefined,
};

/**
 * The exchange of a call and its answer (none yet: status 0), for a tool that knows the call rather than
 * the bytes sent. A placeholder stands for the token, where the operation's `security` puts it: rows
 * read only whether one was sent.
 */
export function callExchange(op: RowOperation, call: RowCall, response = NO_ANSWER): Exchange {
  const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) =>
    encodeURIComponent(String(call.path?.[name] ?? '')),
  );
  const url = new URL(`http://target.local${path}`);
  for (const [key, value] of Object.entries(call.query ?? {}))
    if (value !== undefined) url.searchParams.append(key, String(value));
  const headers: Record<string, string> = { ...call.headers };
  if (call.caller && op.tokenInQuery) url.searchParams.set('access_token', 'placeholder');
  else if (call.caller) headers.authorization = 'Bearer placeholder';
  return {
    operation: op.operationId,
    caller: call.caller,
    request: { method: op.method, url, headers, body: call.body },
    response,
    startedMs: 0,
    endedMs: 0,
  };
}

/** A plan as a call: its body encoded, the anonymous user sent without a token. */
export function planCall(plan: RequestPlan): RowCall {
  const { body, contentType } = encodePlan(plan);
  return {
    caller: plan.as === 'anonymous' ? undefined : plan.as,
    path: plan.path,
    query: plan.query,
    headers: contentType ? { 'content-type': contentType } : {},
    body,
  };
}
