import type { OperationInfo, Spec } from '../checks/spec.ts';

// The classes of input a server gets wrong (issue 47 item 3), read off the spec's parameters: for each
// parameter of each operation, which classes apply, and which one each request of the run sent. The
// same list drives the property that sends them (tests/properties/input-classes.spec.ts) and the tally
// the report shows, so what is sent and what is counted cannot drift apart.

export type ParameterPlace = 'path' | 'query' | 'header';

interface ParameterSchema {
  type?: string | string[];
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  enum?: unknown[];
  format?: string;
  default?: unknown;
}

export interface ParameterInfo {
  operation: string;
  name: string;
  in: ParameterPlace;
  required: boolean;
  schema: ParameterSchema;
  /** Values the spec's schema or example lists for it (`sort`: date_asc, date_desc). */
  listed: string[];
  /** The spec's example value, where it gives one. */
  example?: string;
}

/**
 * The classes. `given`: a well-formed value; `absent`: an optional parameter left out (its default
 * applies); `at-bound` / `past-bound`: a stated bound and one past it; `wrong-type`: not of its type
 * or format; `value:<v>`: each listed value; `unknown-value`: none of them; `past-end`: an offset at or
 * past the total; `leading-zeros` / `other-case`: an id written otherwise; `repeated`: sent twice;
 * `percent-encoded`: an unreserved character sent percent-encoded; `another-user`: a user id other
 * than the caller's beside the caller's token.
 */
export type InputClass = string;

/** Query parameters naming a user beside the caller's token. */
const USER_PARAMETERS = new Set(['seller', 'buyer', 'user_id', 'caller.id']);

type RawParam = {
  $ref?: string;
  name?: string;
  in?: string;
  required?: boolean;
  schema?: ParameterSchema & { examples?: unknown[] };
  example?: unknown;
};

function resolve(spec: Spec, param: RawParam): RawParam {
  const name = param.$ref?.match(/^#\/components\/parameters\/(.+)$/)?.[1];
  if (!name) return param;
  return (spec.doc.components?.parameters as Record<string, RawParam> | undefined)?.[name] ?? param;
}

const typeOf = (schema: ParameterSchema) => (Array.isArray(schema.type) ? schema.type[0] : schema.type);

function listedValues(param: RawParam): string[] {
  const schema = param.schema ?? {};
  const values = schema.enum ?? (typeOf(schema) === 'string' ? schema.examples : undefined) ?? [];
  return values.map(String);
}

/** Every parameter of an operation as the bundled spec declares it, the operation's over its path item's. */
export function parametersOfOperation(spec: Spec, op: OperationInfo): ParameterInfo[] {
  const item = spec.doc.paths?.[op.path] as { parameters?: RawParam[] } | undefined;
  const raw = [...(item?.parameters ?? []), ...((op.operation.parameters ?? []) as RawParam[])];
  const byKey = new Map<string, ParameterInfo>();
  for (const param of raw.map((p) => resolve(spec, p))) {
    if (!param.name || !['path', 'query', 'header'].includes(param.in ?? '')) continue;
    byKey.set(`${param.in}:${param.name}`, {
      operation: op.operationId,
      name: param.name,
      in: param.in as ParameterPlace,
      required: param.required === true || param.in === 'path',
      schema: param.schema ?? {},
      listed: listedValues(param),
      ...(param.example === undefined ? {} : { example: String(param.example) }),
    });
  }
  return [...byKey.values()];
}

export function parametersOfSpec(spec: Spec): ParameterInfo[] {
  return spec.operations.flatMap((op) => parametersOfOperation(spec, op));
}

const hasBound = (s: ParameterSchema) =>
  s.minimum !== undefined || s.exclusiveMinimum !== undefined || s.maximum !== undefined;
const isIdName = (name: string) => name.endsWith('_id') && !USER_PARAMETERS.has(name);

/** The classes that apply to a parameter, from its place, type, bounds, listed values and name. */
export function classesOf(param: ParameterInfo): InputClass[] {
  const type = typeOf(param.schema);
  const classes: InputClass[] = ['given'];
  if (!param.required) classes.push('absent');
  if (param.listed.length > 0) {
    classes.push(...param.listed.map((v) => `value:${v}`));
    if (param.schema.enum) classes.push('unknown-value');
  }
  if (type === 'integer' || type === 'number' || type === 'boolean' || param.schema.format === 'date-time')
    classes.push('wrong-type');
  if (hasBound(param.schema)) classes.push('at-bound', 'past-bound');
  if (param.name === 'offset') classes.push('past-end');
  if (param.in === 'path' && isIdName(param.name))
    classes.push(type === 'integer' ? 'leading-zeros' : 'other-case');
  if (USER_PARAMETERS.has(param.name)) classes.push('another-user');
  if (param.in !== 'header') classes.push('percent-encoded');
  if (param.in === 'query') classes.push('repeated');
  return classes;
}

/**
 * Query parameters a read always sends with one value (tests/properties/arbitraries/operationCalls.ts):
 * any other value, or none, changes state on a real server (a pack listing marks messages read).
 */
export const PINNED_QUERY: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  listPackMessages: { mark_as_read: 'false' },
};

/** Classes of a write that can name no real data: a server that accepts them still changes nothing. */
const HARMLESS_WRITE_CLASSES = new Set<InputClass>(['wrong-type', 'past-bound']);

/**
 * Why the suite never sends a class of a parameter, or undefined when it may: what a report shows
 * beside the class instead of "not sent".
 */
export function withheldReason(
  param: ParameterInfo,
  inputClass: InputClass,
  method: string,
): string | undefined {
  if (param.name === 'access_token') return 'the credential: sent only as the profile gives it';
  const pinned = PINNED_QUERY[param.operation]?.[param.name];
  if (
    pinned !== undefined &&
    inputClass !== 'given' &&
    inputClass !== `value:${pinned}` &&
    inputClass !== 'repeated'
  )
    return `changes the target's state: ${param.name} is always sent as ${pinned}`;
  if (method !== 'get' && !HARMLESS_WRITE_CLASSES.has(inputClass))
    return 'a write: its parameters are sent only with values that can name no data (the contract tests send the well-formed ones)';
  return undefined;
}

/** One value of a parameter in one request: decoded, as sent, and how many times. */
export interface SentValue {
  value: string;
  raw: string;
  count: number;
}

const UNRESERVED_ESCAPE = /%(?:[46][1-9A-Fa-f]|[57][0-9Aa]|3[0-9]|2[Dd]|2[Ee]|5[Ff]|7[Ee])/;

function boundClass(n: number, s: ParameterSchema): InputClass | undefined {
  if (s.minimum !== undefined && n < s.minimum) return 'past-bound';
  if (s.exclusiveMinimum !== undefined && n <= s.exclusiveMinimum) return 'past-bound';
  if (s.maximum !== undefined && n > s.maximum) return 'past-bound';
  const atMin = s.minimum ?? (s.exclusiveMinimum === undefined ? undefined : s.exclusiveMinimum + 1);
  if (n === atMin || n === s.maximum) return 'at-bound';
  return undefined;
}

function typeClass(value: string, schema: ParameterSchema): InputClass | undefined {
  const type = typeOf(schema);
  if ((type === 'integer' && !/^-?\d+$/.test(value)) || (type === 'number' && Number.isNaN(Number(value))))
    return 'wrong-type';
  if (type === 'boolean' && !/^(true|false)$/.test(value)) return 'wrong-type';
  if (schema.format === 'date-time' && Number.isNaN(Date.parse(value))) return 'wrong-type';
  return undefined;
}

/** What the run knows beside the request: the caller's user id, the answer's paging, the values seen with 2xx. */
export interface ClassContext {
  callerId?: string;
  pagingTotal?: number;
  /** Values of this parameter other requests of the run sent and got a 2xx for. */
  known: ReadonlySet<string>;
}

function otherCase(value: string, known: ReadonlySet<string>): boolean {
  if (known.has(value)) return false;
  const folded = value.toLowerCase();
  return [...known].some((k) => k.toLowerCase() === folded);
}

/** The classes one request sent for one parameter (none of `given` where the value is of a wrong class). */
export function classesSent(
  param: ParameterInfo,
  sent: SentValue | undefined,
  context: ClassContext,
): InputClass[] {
  if (!sent) return param.required ? [] : ['absent'];
  const classes: InputClass[] = [];
  const { value, schema } = { value: sent.value, schema: param.schema };
  if (sent.count > 1) classes.push('repeated');
  if (UNRESERVED_ESCAPE.test(sent.raw)) classes.push('percent-encoded');
  const wrong = typeClass(value, schema);
  if (wrong) classes.push(wrong);
  if (!wrong && /^-?\d+$/.test(value)) {
    const bound = boundClass(Number(value), schema);
    if (bound) classes.push(bound);
    if (param.name === 'offset' && context.pagingTotal !== undefined && Number(value) >= context.pagingTotal)
      classes.push('past-end');
    if (/^-?0\d/.test(value) && param.in === 'path') classes.push('leading-zeros');
  }
  if (param.listed.length > 0)
    classes.push(param.listed.includes(value) ? `value:${value}` : param.schema.enum ? 'unknown-value' : '');
  if (param.in === 'path' && isIdName(param.name) && otherCase(value, context.known))
    classes.push('other-case');
  if (USER_PARAMETERS.has(param.name) && context.callerId !== undefined && value !== context.callerId)
    classes.push('another-user');
  if (!classes.some((c) => ['wrong-type', 'past-bound', 'unknown-value'].includes(c))) classes.push('given');
  return classes.filter(Boolean);
}
