import type { ErrorObject } from 'ajv';
import { redactThenCut } from '../redact/redact.ts';
import { fieldOf, levelOf, pointerOf } from './finding-place.ts';
import { requirementOf } from './requirement-of.ts';
import { type ResponseObject, responsePointer } from './spec.ts';
import type { Check, CheckContext, Finding, FindingLevel, ObservedResponse } from './types.ts';

const ERROR_SCHEMA = '/components/schemas/Error';
/** Where an error body's findings are: `error body`, `error body.cause`. */
const ERROR_BODY = 'error body';

const noRedaction = (text: string) => text;

function describeValue(value: unknown, redact = noRedaction): string {
  const type = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  const shown = JSON.stringify(value) ?? String(value);
  return `${redactThenCut(shown, 80, redact)} (${type})`;
}

function valueAt(data: unknown, pointer: string): unknown {
  let node = data;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node;
}

/** `with total_amount "12.5" (string); documented: must be number` */
function describeSchemaError(data: unknown, error: ErrorObject, redact = noRedaction): string {
  const where = error.instancePath ? error.instancePath.slice(1).replace(/\//g, '.') : 'body';
  const missing = (error.params as { missingProperty?: string }).missingProperty;
  if (missing) return `${where} without required field ${missing}`;
  const allowed = (error.params as { allowedValues?: unknown[] }).allowedValues;
  const documented = allowed ? `one of ${JSON.stringify(allowed)}` : error.message;
  return `${where} ${describeValue(valueAt(data, error.instancePath), redact)}; documented: ${documented}`;
}

/** What one finding says beyond the check, the operation and the answer: its place, kind and sentence. */
interface Found {
  field: string;
  keyword: string;
  /** The sentence after the operation's label: `answered 404 with …`. */
  says: string;
  pointer?: string;
  value?: string;
  level?: FindingLevel;
}

function findingOf(check: string, ctx: CheckContext, res: ObservedResponse, found: Found): Finding {
  const { field, keyword, says, pointer, value, level = 'violation' } = found;
  return {
    check,
    requirement: requirementOf(check, ctx.op.operationId, res.status, field),
    operation: ctx.label,
    field,
    ...(pointer === undefined ? {} : { pointer }),
    level,
    keyword,
    message: `${ctx.label} ${says}`,
    evidence: value === undefined ? { status: res.status } : { status: res.status, value },
  };
}

/** A schema error as a finding: its field (inside `within` for an error body), pointer, keyword, level and value. */
function schemaFinding(
  check: string,
  ctx: CheckContext,
  res: ObservedResponse,
  error: ErrorObject,
  within?: string,
): Finding {
  const field = fieldOf(error);
  const missing = error.keyword === 'required';
  const condition = (error.params as { condition?: string }).condition;
  const finding = findingOf(check, ctx, res, {
    field: within ? (field === '(body)' ? within : `${within}.${field}`) : field,
    keyword: error.keyword,
    says: `answered ${res.status} with ${within ? 'error ' : ''}${describeSchemaError(res.body, error, ctx.redact)}`,
    pointer: pointerOf(error),
    level: within ? 'violation' : levelOf(error),
    ...(missing ? {} : { value: describeValue(valueAt(res.body, error.instancePath), ctx.redact) }),
  });
  return condition ? { ...finding, condition } : finding;
}

function documentedStatuses(ctx: CheckContext): string[] {
  return Object.keys(ctx.op.operation.responses ?? {});
}

function documentedResponse(ctx: CheckContext, status: number): ResponseObject | undefined {
  const responses = (ctx.op.operation.responses ?? {}) as Record<string, ResponseObject>;
  return responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
}

function mediaTypeOf(res: ObservedResponse): string {
  return (res.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

function hasBody(res: ObservedResponse): boolean {
  return res.text.length > 0;
}

function matchesMediaType(actual: string, documented: string): boolean {
  if (documented === '*/*') return true;
  if (documented.endsWith('/*')) return actual.startsWith(documented.slice(0, -1));
  return actual === documented;
}

/**
 * GEN-NO-UNDOCUMENTED-5XX is a gap (the reference never says a call answers no 5xx but those it lists):
 * an undocumented server error is held to the mock's answer only, never a violation of a foreign target.
 */
const serverErrorOpen = (ctx: CheckContext, res: ObservedResponse): boolean =>
  res.status >= 500 && !ctx.mockChoicesHeld;

/** Catches a status code the spec does not document for the operation. */
export const statusCodeConformance: Check = (ctx, res) => {
  if (documentedResponse(ctx, res.status)) return [];
  if (ctx.clientErrorStatusOpen && res.status >= 400 && res.status < 500) return [];
  if (serverErrorOpen(ctx, res)) return [];
  return [
    findingOf('statusCodeConformance', ctx, res, {
      field: `status ${res.status}`,
      keyword: 'status',
      says: `answered ${res.status}; documented: ${documentedStatuses(ctx).join(', ')}`,
    }),
  ];
};

/**
 * Catches a 2xx answer with an empty body where the spec documents a JSON body for that status: the
 * content-type, JSON and schema checks all skip an empty body, so without this an empty answer would
 * pass every test that looks only at the status.
 */
export const bodyPresentConformance: Check = (ctx, res) => {
  if (res.status < 200 || res.status >= 300 || hasBody(res)) return [];
  const documented = Object.keys(documentedResponse(ctx, res.status)?.content ?? {});
  if (!documented.some((type) => type.includes('json'))) return [];
  return [
    findingOf('bodyPresentConformance', ctx, res, {
      field: '(body)',
      keyword: 'empty',
      says: `answered ${res.status} with an empty body; documented: a body of ${documented.join(', ')}`,
    }),
  ];
};

/** Catches a body whose Content-Type is not one the spec documents for that status. */
export const contentTypeConformance: Check = (ctx, res) => {
  const documented = Object.keys(documentedResponse(ctx, res.status)?.content ?? {});
  if (documented.length === 0 || !hasBody(res)) return [];
  const actual = mediaTypeOf(res);
  if (documented.some((type) => matchesMediaType(actual, type))) return [];
  return [
    findingOf('contentTypeConformance', ctx, res, {
      field: 'content-type',
      keyword: 'media-type',
      says: `answered ${res.status} with Content-Type "${actual || '(none)'}"; documented: ${documented.join(', ')}`,
      value: actual || '(none)',
    }),
  ];
};

/** Catches a body whose Content-Type says JSON but which does not parse as JSON (cut short, HTML, empty object text). */
export const jsonBodyParses: Check = (ctx, res) => {
  if (!mediaTypeOf(res).includes('json') || !hasBody(res) || res.body !== undefined) return [];
  const start = describeValue(res.text.slice(0, 80));
  return [
    findingOf('jsonBodyParses', ctx, res, {
      field: `status ${res.status}`,
      keyword: 'not-json',
      says: `answered ${res.status} with Content-Type "${mediaTypeOf(res)}" and a body that is not JSON: ${start}`,
      value: start,
    }),
  ];
};

/** Catches a JSON body declared in a charset other than UTF-8, the only one JSON allows (RFC 8259, 8.1). */
export const jsonCharsetConformance: Check = (ctx, res) => {
  const contentType = (res.headers['content-type'] ?? '').toLowerCase();
  const charset = /;\s*charset="?([^";\s]+)/.exec(contentType)?.[1];
  if (!mediaTypeOf(res).includes('json') || !charset || charset === 'utf-8' || charset === 'utf8') return [];
  return [
    findingOf('jsonCharsetConformance', ctx, res, {
      field: `status ${res.status}`,
      keyword: 'charset',
      says: `answered ${res.status} with JSON in charset "${charset}"; JSON is UTF-8`,
      value: charset,
    }),
  ];
};

/** Catches a required response header that is missing or does not match its schema (e.g. X-Content-Missing on 206). */
export const responseHeadersConformance: Check = (ctx, res) => {
  const response = documentedResponse(ctx, res.status);
  const failures: Finding[] = [];
  const header = (name: string, keyword: string, says: string, value?: string) =>
    findingOf('responseHeadersConformance', ctx, res, { field: `header ${name}`, keyword, says, value });
  for (const [name, definition] of Object.entries(response?.headers ?? {})) {
    const value = res.headers[name.toLowerCase()];
    if (value === undefined) {
      if ((definition as { required?: boolean }).required)
        failures.push(
          header(name, 'required', `answered ${res.status} without header ${name}; documented: required`),
        );
      continue;
    }
    const pointer = `${responsePointer(ctx.op, String(res.status))}/headers/${name.replace(/~/g, '~0').replace(/\//g, '~1')}/schema`;
    for (const error of ctx.spec.validate(pointer, value)) {
      const says = `answered ${res.status} with header ${name} "${value}"; documented: ${error.message}`;
      failures.push(header(name, error.keyword, says, redactThenCut(value, 80, ctx.redact ?? noRedaction)));
    }
  }
  return failures;
};

/** The schema errors of a JSON body against the documented schema of its status ([] when none applies). */
function responseSchemaErrors(ctx: CheckContext, res: ObservedResponse): ErrorObject[] {
  const response = documentedResponse(ctx, res.status);
  const mediaType = Object.keys(response?.content ?? {}).find((type) => type.includes('json'));
  if (!response || !mediaType || res.body === undefined) return [];
  const status = (ctx.op.operation.responses as Record<string, unknown>)[String(res.status)]
    ? String(res.status)
    : 'default';
  return ctx.spec.judge(responsePointer(ctx.op, status, mediaType), res.body, ctx.requestHeaders);
}

/** Catches a JSON body that does not validate against the documented schema of its status (types, enums, required, nullability). */
export const responseSchemaConformance: Check = (ctx, res) =>
  responseSchemaErrors(ctx, res).map((error) => schemaFinding('responseSchemaConformance', ctx, res, error));

/**
 * Catches an error answer (4xx/5xx) whose body is not `{message, error, status, cause}`; on the mock,
 * also one whose `status` is not the HTTP status (the reference gives its type only: a gap elsewhere).
 */
export const errorShapeConformance: Check = (ctx, res) => {
  if (res.status < 400) return [];
  const check = 'errorShapeConformance';
  if (res.body === undefined) {
    const text = describeValue(res.text, ctx.redact);
    return [
      findingOf(check, ctx, res, {
        field: ERROR_BODY,
        keyword: 'not-json',
        says: `answered ${res.status} with a non-JSON body ${text}; documented: Error {message, error, status, cause}`,
        value: text,
      }),
    ];
  }
  const failures = ctx.spec
    .validate(ERROR_SCHEMA, res.body)
    .map((error) => schemaFinding(check, ctx, res, error, ERROR_BODY));
  const { body } = res;
  const status = typeof body === 'object' && body !== null && 'status' in body ? body.status : undefined;
  if (ctx.mockChoicesHeld && typeof status === 'number' && status !== res.status) {
    failures.push(
      findingOf(check, ctx, res, {
        field: `${ERROR_BODY}.status`,
        keyword: 'status-echo',
        says: `answered HTTP ${res.status} with body status ${status}; documented: the same status`,
        pointer: '/status',
        value: String(status),
      }),
    );
  }
  return failures;
};

/** Catches, on the mock, a 5xx the spec does not document for the operation (most operations document none). */
export const notAServerError: Check = (ctx, res) => {
  if (res.status < 500 || documentedStatuses(ctx).includes(String(res.status))) return [];
  if (serverErrorOpen(ctx, res)) return [];
  return [
    findingOf('notAServerError', ctx, res, {
      field: `status ${res.status}`,
      keyword: 'server-error',
      says: `answered ${res.status}, a server error; documented: ${documentedStatuses(ctx).join(', ')}`,
    }),
  ];
};

/** Every check, in the order a reader wants their failures. */
export const allChecks: Record<string, Check> = {
  notAServerError,
  statusCodeConformance,
  bodyPresentConformance,
  contentTypeConformance,
  jsonBodyParses,
  jsonCharsetConformance,
  responseHeadersConformance,
  errorShapeConformance,
  responseSchemaConformance,
};

/** Every check on one answer: what each found, in the order of allChecks. */
export function runFindings(ctx: CheckContext, res: ObservedResponse, checks = allChecks): Finding[] {
  return Object.values(checks).flatMap((check) => check(ctx, res));
}

/** A finding as one line: its message prefixed with the check's name (`[statusCodeConformance] GET …`). */
const failureLine = (finding: Pick<Finding, 'check' | 'message'>): string =>
  `[${finding.check}] ${finding.message}`;

/** Runs every check; returns the failures as lines, each prefixed with the check's name. */
export function runChecks(ctx: CheckContext, res: ObservedResponse, checks = allChecks): string[] {
  return runFindings(ctx, res, checks).map(failureLine);
}
