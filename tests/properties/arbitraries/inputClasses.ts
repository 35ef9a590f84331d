import fc from 'fast-check';
import type { OperationInfo, Spec } from '../../../lib/checks/spec.ts';
import { rawProfile } from '../../../lib/profile/guard.ts';
import type { TargetProfile } from '../../../lib/profile/types.ts';
import {
  classesOf,
  type InputClass,
  type ParameterInfo,
  parametersOfOperation,
  withheldReason,
} from '../../../lib/run-judge/input-classes.ts';
import {
  type Baseline,
  baselineOf,
  call,
  encodedPath,
  type MalformedCall,
  rawQueryOf,
  validQueryValue,
} from './operationCalls.ts';

// The calls that send each class of each parameter (issue 47 item 3): the classes come from the spec
// (lib/run-judge/input-classes.ts, which also counts what the run sent); here each becomes one call,
// the baseline call of its operation with that one parameter changed.

/** One class of one parameter, as the call that sends it. */
export interface ClassCase {
  /** `getOrder path order_id leading-zeros`. */
  key: string;
  inputClass: InputClass;
  call: MalformedCall;
  /**
   * An id the profile does not give, written in another letter case: the property reads one from the
   * target first (a document of the documents pack, an attachment of the attachment pack).
   */
  otherCaseOf?: 'fiscal document' | 'attachment';
}

/** Path parameters whose ids only the target's listings give. */
const LISTED_IDS: Readonly<Record<string, NonNullable<ClassCase['otherCaseOf']>>> = {
  fiscal_document_id: 'fiscal document',
  attachment_id: 'attachment',
};

/** A safe date for a date filter: a quarter ago, whole seconds. */
const QUARTER_AGO = new Date(Math.floor(Date.now() / 1000 - 90 * 86_400) * 1000).toISOString();

function byType(param: ParameterInfo): string | undefined {
  const type = Array.isArray(param.schema.type) ? param.schema.type[0] : param.schema.type;
  if (param.schema.format === 'date-time') return QUARTER_AGO;
  if (type === 'boolean') return 'true';
  if (type === 'integer' || type === 'number') return String(param.schema.minimum ?? 1);
  // A filter whose values neither the reference nor the profile gives (mediations.stage): one no order
  // holds, so the search is well formed and answers what it answers.
  return type === 'string' && param.in === 'query' ? 'unlisted' : undefined;
}

function headerValue(base: Baseline, name: string): string | undefined {
  return Object.entries(call(base, 'seller', '', false).headers).find(([n]) => n.toLowerCase() === name)?.[1];
}

/** A well-formed value: the baseline's, the profile's, the spec's example, or one of its type. */
function givenValue(param: ParameterInfo, base: Baseline, target: TargetProfile): string | undefined {
  const known =
    param.in === 'path'
      ? base.path[param.name]
      : param.in === 'header'
        ? headerValue(base, param.name.toLowerCase())
        : (base.query[param.name] ?? validQueryValue(param.name, target));
  return known === undefined ? (param.example ?? param.listed[0] ?? byType(param)) : String(known);
}

/** A user id other than the seller's (the caller of every case): the buyer's, or another user's. */
function anotherUser(target: TargetProfile): string | undefined {
  const users = rawProfile(target).users as Record<string, { id?: number } | undefined>;
  const own = users.seller?.id;
  const other = ['buyer', 'seller2', 'stranger']
    .map((role) => users[role]?.id)
    .find((id) => id !== undefined && id !== own);
  return other === undefined ? undefined : String(other);
}

export const swapCase = (value: string) =>
  [...value].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');

/** The value of a bound class: the stated bound, or one past it. */
function boundValue(param: ParameterInfo, inputClass: 'at-bound' | 'past-bound'): string | undefined {
  const { minimum, exclusiveMinimum, maximum } = param.schema;
  const low = minimum ?? (exclusiveMinimum === undefined ? undefined : exclusiveMinimum + 1);
  if (low !== undefined) return String(inputClass === 'at-bound' ? low : low - 1);
  return maximum === undefined ? undefined : String(inputClass === 'at-bound' ? maximum : maximum + 1);
}

/** Where the value of a class is written: the value, or undefined to leave the parameter out. */
function classValue(
  param: ParameterInfo,
  inputClass: InputClass,
  given: string | undefined,
  target: TargetProfile,
): { value: string | undefined } | undefined {
  if (inputClass.startsWith('value:')) return { value: inputClass.slice('value:'.length) };
  switch (inputClass) {
    case 'absent':
      return { value: undefined };
    case 'unknown-value':
      return { value: 'unknown' };
    case 'wrong-type':
      return { value: param.schema.format === 'date-time' ? 'yesterday' : 'abc' };
    case 'at-bound':
    case 'past-bound': {
      const value = boundValue(param, inputClass);
      return value === undefined ? undefined : { value };
    }
    case 'past-end':
      return { value: '100000' };
    case 'another-user': {
      const value = anotherUser(target);
      return value === undefined ? undefined : { value };
    }
    case 'leading-zeros':
      return given !== undefined && /^\d+$/.test(given) ? { value: `0${given}` } : undefined;
    case 'other-case':
      return given !== undefined && swapCase(given) !== given ? { value: swapCase(given) } : undefined;
    default:
      return given === undefined ? undefined : { value: given };
  }
}

/** The first letter or digit of a value written as %XX: the same value, encoded as no client would. */
function percentEncoded(value: string): string | undefined {
  const at = value.search(/[A-Za-z0-9]/);
  if (at < 0) return undefined;
  const hex = value.charCodeAt(at).toString(16).toUpperCase();
  return `${encodeURIComponent(value.slice(0, at))}%${hex}${encodeURIComponent(value.slice(at + 1))}`;
}

/** A class written into the URL byte for byte: percent-encoded, or the query parameter sent twice. */
function rawCase(base: Baseline, param: ParameterInfo, inputClass: InputClass, given: string, key: string) {
  const result = call(base, 'seller', key, false);
  const rest = Object.fromEntries(Object.entries(base.query).filter(([k]) => k !== param.name));
  const name = encodeURIComponent(param.name);
  if (inputClass === 'repeated') {
    const twice = [given, given].map((v) => `${name}=${encodeURIComponent(v)}`).join('&');
    result.rawUrl = { path: encodedPath(base), query: [rawQueryOf(rest), twice].filter(Boolean).join('&') };
    return result;
  }
  const encoded = percentEncoded(given);
  if (!encoded) return undefined;
  result.rawUrl =
    param.in === 'path'
      ? { path: { ...encodedPath(base), [param.name]: encoded }, query: rawQueryOf(base.query) }
      : {
          path: encodedPath(base),
          query: [rawQueryOf(rest), `${name}=${encoded}`].filter(Boolean).join('&'),
        };
  return result;
}

function written(
  base: Baseline,
  param: ParameterInfo,
  value: string | undefined,
  key: string,
): MalformedCall {
  const result = call(base, 'seller', key, false);
  const place = param.in === 'path' ? result.path : param.in === 'query' ? result.query : result.headers;
  const name =
    param.in === 'header'
      ? (Object.keys(place).find((n) => n.toLowerCase() === param.name) ?? param.name)
      : param.name;
  if (value === undefined) delete place[name];
  else place[name] = value;
  return result;
}

function caseOf(base: Baseline, param: ParameterInfo, inputClass: InputClass, target: TargetProfile) {
  const key = `${param.operation} ${param.in} ${param.name} ${inputClass}`;
  const given = givenValue(param, base, target);
  if (inputClass === 'repeated' || inputClass === 'percent-encoded') {
    if (given === undefined || param.in === 'header') return undefined;
    const raw = rawCase(base, param, inputClass, given, key);
    return raw ? { key, inputClass, call: raw } : undefined;
  }
  const listed = inputClass === 'other-case' ? LISTED_IDS[param.name] : undefined;
  if (listed) return { key, inputClass, call: written(base, param, given, key), otherCaseOf: listed };
  const chosen = classValue(param, inputClass, given, target);
  return chosen ? { key, inputClass, call: written(base, param, chosen.value, key) } : undefined;
}

/** Every class of every parameter of one operation the suite may send, one call each. */
function casesOfOperation(spec: Spec, op: OperationInfo, target: TargetProfile): ClassCase[] {
  const base = baselineOf(spec, op, target);
  return parametersOfOperation(spec, op).flatMap((param) =>
    classesOf(param)
      .filter((inputClass) => !withheldReason(param, inputClass, op.method))
      .flatMap((inputClass) => caseOf(base, param, inputClass, target) ?? []),
  );
}

/** The cases of the reads (or of the writes: only values that can name no data) of the spec. */
export function inputClassCases(spec: Spec, target: TargetProfile, writes: boolean): ClassCase[] {
  return spec.operations
    .filter((op) => (op.method !== 'get') === writes)
    .flatMap((op) => casesOfOperation(spec, op, target));
}

/** Against a foreign target, this many cases a run: each kind of class once, the rest drawn. */
const FOREIGN_CASES = 24;

const kindOf = (inputClass: InputClass) => (inputClass.startsWith('value:') ? 'value' : inputClass);

/**
 * The cases one run sends: all against the mock; against a foreign target each kind of class once (on a
 * drawn operation) and drawn ones to FOREIGN_CASES, so the seed of each night sends another subset.
 * Not shrunk: a failure lists every case of the run that failed, and shrinking would send them again.
 */
export function casesOfRun(cases: readonly ClassCase[], onMock: boolean): fc.Arbitrary<ClassCase[]> {
  if (onMock || cases.length <= FOREIGN_CASES) return fc.constant([...cases]);
  const kinds = [...new Set(cases.map((c) => kindOf(c.inputClass)))];
  const onePerKind = fc.tuple(
    ...kinds.map((kind) => fc.constantFrom(...cases.filter((c) => kindOf(c.inputClass) === kind))),
  );
  const drawn = fc.shuffledSubarray([...cases], { minLength: FOREIGN_CASES, maxLength: FOREIGN_CASES });
  return fc.noShrink(
    fc
      .tuple(onePerKind, drawn)
      .map(([some, more]) => [...new Set([...some, ...more])].slice(0, Math.max(FOREIGN_CASES, some.length))),
  );
}
