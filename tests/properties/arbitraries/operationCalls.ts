import fc from 'fast-check';
import type { OperationInfo, Spec } from '../../../lib/checks/spec.ts';
import { referenceHeaders } from '../../../lib/client/reference-headers.ts';
import { rawProfile } from '../../../lib/profile/guard.ts';
import type { TargetProfile } from '../../../lib/profile/types.ts';
import {
  type ParameterInfo,
  PINNED_QUERY,
  parametersOfOperation,
} from '../../../lib/run-judge/input-classes.ts';
import {
  brokenJsonBody,
  hostileHeaderValue,
  hostileQueryValue,
  hostileText,
  oddPercentEncoding,
  wrongContentType,
} from './hostileInput.ts';

/**
 * A value the profile gives (or discovery found) for a path parameter, so that only the mutated part
 * of a call is wrong. A read whose value the target lacks keeps an unknown id (its refusals still
 * hold); a write only ever names a pack the profile declares writable.
 */
function validPathValue(op: OperationInfo, name: string, target: TargetProfile): string | number {
  const inMessages = op.path.startsWith('/messages');
  if (name === 'pack_id' && op.method !== 'get') {
    return (inMessages ? target.messaging.writablePacks : target.fiscal.writablePacks)[0] as number;
  }
  const { catalog, fiscal, messaging, orders, users } = rawProfile(target);
  const values: Record<string, string | number | undefined> = {
    order_id: orders?.withPack,
    shipping_id: orders?.shipment,
    shipment_id: orders?.shipment,
    pack_id: inMessages ? messaging?.pack : fiscal?.emptyPack,
    user_id: users.seller.id,
    fiscal_document_id: 'unknownfiscaldocument',
    message_id: messaging?.messageId,
    attachment_id: 'unknownattachment',
    country_id: catalog?.countryId,
    state_id: catalog?.stateId,
    city_id: catalog?.cityId,
    neighborhood_id: catalog?.neighborhoodId,
    site_id: catalog?.siteId,
    category_id: catalog?.rootCategory,
    item_id: catalog?.shippingItem,
  };
  return values[name] ?? 'unknown';
}

// Pinned query parameters (mark_as_read=false) are never mutated: lib/run-judge/input-classes.ts says why.
/** The pinned query parameters of an operation (none for most). */
function pinnedQueryOf(operationId: string): Readonly<Record<string, string>> {
  return PINNED_QUERY[operationId] ?? {};
}

/** A name as a lenient server may read it: percent-decoded where it can be, case and punctuation ignored. */
function looseName(name: string): string {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    // a broken escape stays as written
  }
  return decoded.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Whether a parameter name could reach a pinned parameter on a lenient server (mark_as_read, MARK-AS-READ[]…). */
function reachesPinned(pinned: Readonly<Record<string, string>>, name: string): boolean {
  const loose = looseName(name);
  return Object.keys(pinned).some((key) => loose.includes(looseName(key)));
}

/** Values the profile gives for the query parameters a well-formed call sends. */
export function validQueryValue(name: string, target: TargetProfile): string | number | undefined {
  const { orders, messaging, catalog, users } = rawProfile(target);
  const values: Record<string, string | number | undefined> = {
    from: orders?.currencies?.from,
    to: orders?.currencies?.to,
    tag: 'post_sale',
    application_id: messaging?.applicationId,
    site_id: messaging?.siteId,
    attributes: 'status',
    zip_code: catalog?.zipCode,
    seller: users.seller.id,
    category: catalog?.search?.category,
    // Order search filters a class of input needs a value for (the order-search property draws its own).
    q: orders?.withPack,
    item: catalog?.shippingItem,
    'tags.not': 'mshops',
  };
  return values[name];
}

/** One malformed call: what a test sends and whether any conforming server must refuse it (4xx). */
export interface MalformedCall {
  operationId: string;
  /** What was broken, for the counterexample. */
  mutation: string;
  as: 'seller' | 'anonymous';
  path: Record<string, string | number>;
  query: Record<string, string | number>;
  headers: Record<string, string>;
  raw?: string;
  /** Path and query text sent byte for byte (duplicates, odd percent-encoding): not through URLSearchParams. */
  rawUrl?: { path: Record<string, string>; query: string };
  mustReject: boolean;
}

export interface Baseline {
  op: OperationInfo;
  params: ParameterInfo[];
  path: Record<string, string | number>;
  /** The well-formed query, pinned parameters included. */
  query: Record<string, string | number>;
  /** Parameters no mutation touches (see PINNED_QUERY). */
  pinned: Readonly<Record<string, string>>;
}

export function baselineOf(spec: Spec, op: OperationInfo, target: TargetProfile): Baseline {
  const params = parametersOfOperation(spec, op);
  const path: Record<string, string | number> = {};
  for (const name of op.path.match(/\{([^}]+)\}/g) ?? []) {
    const bare = name.slice(1, -1);
    path[bare] = validPathValue(op, bare, target);
  }
  const query: Record<string, string | number> = {};
  for (const param of params.filter((p) => p.in === 'query' && p.name !== 'access_token')) {
    const value = validQueryValue(param.name, target);
    if (
      value !== undefined &&
      (param.required || op.operationId !== 'searchOrders' || param.name === 'seller')
    )
      query[param.name] = value;
  }
  const pinned = pinnedQueryOf(op.operationId);
  return { op, params, path, query: { ...query, ...pinned }, pinned };
}

/** The declared query parameters a mutation may change: not the token, not a pinned one. */
function mutableQueryNames(base: Baseline): string[] {
  return base.params
    .filter((p) => p.in === 'query' && p.name !== 'access_token' && !(p.name in base.pinned))
    .map((p) => p.name);
}

export function call(
  base: Baseline,
  as: MalformedCall['as'],
  mutation: string,
  mustReject: boolean,
): MalformedCall {
  return {
    operationId: base.op.operationId,
    mutation,
    as,
    path: { ...base.path },
    query: { ...base.query },
    headers: referenceHeaders(base.op.operationId),
    mustReject,
  };
}

const caller = fc.constantFrom<MalformedCall['as']>('seller', 'seller', 'anonymous');
const extraName = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'limit[]', 'a.b.c', 'offset', 'sort', 'x'.repeat(300), ''),
  fc.string({ minLength: 1, maxLength: 12 }),
);

/** A path parameter replaced by a hostile value: no id of any target looks like it, so a 4xx is due. */
function hostilePath(base: Baseline): fc.Arbitrary<MalformedCall> | undefined {
  const names = Object.keys(base.path);
  if (names.length === 0) return undefined;
  // A bare dot segment would be resolved away by the client and reach another route.
  const segment = hostileText.filter((value) => value.trim() !== '.' && value.trim() !== '..');
  return fc.tuple(caller, fc.constantFrom(...names), segment).map(([as, name, value]) => {
    const result = call(base, as, `path ${name}=${JSON.stringify(value.slice(0, 60))}`, true);
    result.path[name] = value;
    return result;
  });
}

/** A declared query parameter given a value of the wrong type or shape. */
function hostileQuery(base: Baseline): fc.Arbitrary<MalformedCall> | undefined {
  const names = mutableQueryNames(base);
  if (names.length === 0) return undefined;
  return fc.tuple(caller, fc.constantFrom(...names), hostileQueryValue).map(([as, name, value]) => {
    const result = call(base, as, `query ${name}=${JSON.stringify(value.slice(0, 60))}`, false);
    result.query[name] = value;
    return result;
  });
}

/** A required query parameter left out. */
function missingQuery(base: Baseline): fc.Arbitrary<MalformedCall> | undefined {
  const names = Object.keys(base.query).filter((name) => !(name in base.pinned));
  if (names.length === 0) return undefined;
  return fc.tuple(caller, fc.constantFrom(...names)).map(([as, name]) => {
    const result = call(base, as, `query ${name} missing`, false);
    delete result.query[name];
    return result;
  });
}

/** Parameters the operation does not declare, with hostile names and values. */
function extraQuery(base: Baseline): fc.Arbitrary<MalformedCall> {
  const names = extraName.filter((name) => !reachesPinned(base.pinned, name));
  const extras = fc.dictionary(names, hostileQueryValue, { minKeys: 1, maxKeys: 4 });
  return fc.tuple(caller, extras).map(([as, added]) => {
    const result = call(base, as, `extra query ${JSON.stringify(Object.keys(added)).slice(0, 120)}`, false);
    for (const [name, value] of Object.entries(added))
      if (!(name in result.query)) result.query[name] = value;
    return result;
  });
}

/** Declared and undeclared headers with hostile values (not those the reference's form of the call carries). */
function hostileHeaders(base: Baseline): fc.Arbitrary<MalformedCall> {
  const fixed = Object.keys(referenceHeaders(base.op.operationId));
  const names = fc.constantFrom(
    ...['x-format-new', 'accept', 'x-client-id', 'x-hostile', 'accept-language'].filter(
      (n) => !fixed.includes(n),
    ),
  );
  return fc.tuple(caller, names, hostileHeaderValue).map(([as, name, value]) => {
    const result = call(base, as, `header ${name}=${JSON.stringify(value.slice(0, 60))}`, false);
    result.headers[name] = value;
    return result;
  });
}

/** Calls of a read operation that only parameters can break. */
export function malformedReadCall(spec: Spec, op: OperationInfo, target: TargetProfile) {
  const base = baselineOf(spec, op, target);
  const kinds = [
    hostilePath(base),
    hostileQuery(base),
    missingQuery(base),
    extraQuery(base),
    hostileHeaders(base),
  ];
  return fc.oneof(...kinds.filter((k): k is fc.Arbitrary<MalformedCall> => k !== undefined));
}

/** The raw query of the baseline, as `a=1&b=2` with ordinary encoding. */
export function rawQueryOf(query: Record<string, string | number>): string {
  return new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
}

export function encodedPath(base: Baseline): Record<string, string> {
  return Object.fromEntries(Object.entries(base.path).map(([k, v]) => [k, encodeURIComponent(String(v))]));
}

/** A declared query parameter sent twice, the second value hostile. */
function duplicatedQuery(base: Baseline): fc.Arbitrary<MalformedCall> | undefined {
  const names = mutableQueryNames(base);
  if (names.length === 0) return undefined;
  return fc
    .tuple(caller, fc.constantFrom(...names), hostileQueryValue, fc.boolean())
    .map(([as, name, value, hostileFirst]) => {
      const result = call(base, as, `query ${name} twice (${JSON.stringify(value.slice(0, 40))})`, false);
      const valid = String(base.query[name] ?? 'x');
      const pair = hostileFirst ? [value, valid] : [valid, value];
      const extra = pair.map((v) => `${encodeURIComponent(name)}=${encodeURIComponent(v)}`).join('&');
      const rest = Object.fromEntries(Object.entries(base.query).filter(([k]) => k !== name));
      result.rawUrl = { path: encodedPath(base), query: [rawQueryOf(rest), extra].filter(Boolean).join('&') };
      return result;
    });
}

/** A path parameter written with an odd percent-encoding, sent as is. */
function oddPath(base: Baseline): fc.Arbitrary<MalformedCall> | undefined {
  const names = Object.keys(base.path);
  if (names.length === 0) return undefined;
  return fc.tuple(caller, fc.constantFrom(...names), oddPercentEncoding).map(([as, name, value]) => {
    const result = call(base, as, `raw path ${name}=${value}`, true);
    result.rawUrl = { path: { ...encodedPath(base), [name]: value }, query: rawQueryOf(base.query) };
    return result;
  });
}

/** A query value (declared or not) written with an odd percent-encoding, sent as is. */
function oddQuery(base: Baseline): fc.Arbitrary<MalformedCall> {
  const names = fc.constantFrom(...mutableQueryNames(base), 'unknown_param');
  const encodings = oddPercentEncoding.filter((value) => !reachesPinned(base.pinned, value));
  return fc.tuple(caller, names, encodings, fc.boolean()).map(([as, name, value, inName]) => {
    const result = call(base, as, `raw query ${inName ? `name ${value}` : `${name}=${value}`}`, false);
    const rest = Object.fromEntries(Object.entries(base.query).filter(([k]) => k !== name));
    const odd = inName ? `${value}=1` : `${name}=${value}`;
    result.rawUrl = { path: encodedPath(base), query: [rawQueryOf(rest), odd].filter(Boolean).join('&') };
    return result;
  });
}

/** Calls whose URL no client library would build: duplicated parameters, odd percent-encoding. */
export function rawUrlCall(spec: Spec, op: OperationInfo, target: TargetProfile) {
  const base = baselineOf(spec, op, target);
  const kinds = [duplicatedQuery(base), oddPath(base), oddQuery(base)];
  return fc.oneof(...kinds.filter((k): k is fc.Arbitrary<MalformedCall> => k !== undefined));
}

/**
 * A write with a body no server can accept (broken JSON, deep JSON, wrong or broken content type).
 * DELETE always names a hostile pack, so a lenient server can never delete anything.
 */
export function malformedWriteCall(spec: Spec, op: OperationInfo, target: TargetProfile) {
  const base = baselineOf(spec, op, target);
  const json = fc.tuple(caller, brokenJsonBody).map(([as, raw]) => {
    const result = call(base, as, `body ${JSON.stringify(raw.slice(0, 60))} as application/json`, true);
    result.headers['content-type'] = 'application/json';
    result.raw = raw;
    return result;
  });
  const typed = fc.tuple(caller, wrongContentType, brokenJsonBody).map(([as, type, raw]) => {
    const result = call(base, as, `body ${JSON.stringify(raw.slice(0, 40))} as ${type}`, true);
    result.headers['content-type'] = type;
    result.raw = raw;
    return result;
  });
  const unterminated = caller.map((as) => {
    const result = call(base, as, 'multipart body without its closing boundary', true);
    result.headers['content-type'] = 'multipart/form-data; boundary=xyz';
    result.raw = '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 cut';
    return result;
  });
  const body = fc.oneof(json, typed, unterminated);
  if (op.method !== 'delete') return body;
  return fc.tuple(body, hostileText).map(([result, pack]) => {
    result.path.pack_id = pack;
    result.mutation = `path pack_id=${JSON.stringify(pack.slice(0, 40))}, ${result.mutation}`;
    return result;
  });
}
