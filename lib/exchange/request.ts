import type { ExchangeRequest } from './exchange.ts';

/** A file part of a multipart request. */
export interface FilePart {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** What a caller gives for one call of an operation: its parameters, its body and the caller's token. */
export interface RequestArguments {
  path?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  /** A JSON body. */
  json?: unknown;
  /** A raw body sent as is (with the content type given in headers). */
  raw?: string | Buffer;
  /** Multipart fields; an array sends the field several times. */
  multipart?: Record<string, FilePart | FilePart[] | string>;
  /** The caller's token; none for an anonymous call. */
  token?: string;
  /** Sends the token elsewhere than the operation's `security` says, on purpose (a test of the wrong place). */
  tokenIn?: 'header' | 'query';
}

type SecurityRequirement = Record<string, string[]>;

/** What the request builder reads of the spec: the security schemes and the default requirement. */
export interface SecurityDocument {
  security?: SecurityRequirement[];
  components?: { securitySchemes?: Record<string, unknown> };
}

/** What the request builder reads of an operation (lib/checks/spec.ts's OperationInfo has it). */
export interface SpecOperation {
  method: string;
  /** The path template as the spec writes it, e.g. `/orders/{order_id}`. */
  path: string;
  operation: { security?: SecurityRequirement[] };
}

interface SecurityScheme {
  type?: string;
  in?: string;
  name?: string;
  scheme?: string;
}

/** Where a token travels: a header (with the prefix its scheme asks for) or a query parameter. */
export type TokenPlace = { in: 'header'; name: string; prefix: string } | { in: 'query'; name: string };

const BEARER: TokenPlace = { in: 'header', name: 'authorization', prefix: 'Bearer ' };

function placeOf(scheme: SecurityScheme | undefined): TokenPlace | undefined {
  if (scheme?.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer') return BEARER;
  if (scheme?.type !== 'apiKey' || !scheme.name) return undefined;
  if (scheme.in === 'query') return { in: 'query', name: scheme.name };
  if (scheme.in === 'header') return { in: 'header', name: scheme.name.toLowerCase(), prefix: '' };
  return undefined;
}

/**
 * Where the operation's `security` puts a token: its first scheme the builder knows (a requirement
 * `{}` only says the token is optional). An operation that takes none (`security: []`) is sent a
 * token the caller gives as the document's default requirement says, so a test of a token ignored can send one.
 */
export function tokenPlaceOf(doc: SecurityDocument, op: SpecOperation): TokenPlace {
  const schemes = (doc.components?.securitySchemes ?? {}) as Record<string, SecurityScheme>;
  const requirements = [...(op.operation.security ?? []), ...(doc.security ?? [])];
  for (const requirement of requirements)
    for (const name of Object.keys(requirement)) {
      const place = placeOf(schemes[name]);
      if (place) return place;
    }
  return BEARER;
}

/** The place a caller asked for on purpose: the header as bearer, or the query parameter of the document's query scheme. */
function placeAsked(doc: SecurityDocument, tokenIn: 'header' | 'query'): TokenPlace {
  if (tokenIn === 'header') return BEARER;
  const schemes = Object.values(doc.components?.securitySchemes ?? {}) as SecurityScheme[];
  const query = schemes.map(placeOf).find((place) => place?.in === 'query');
  return query ?? { in: 'query', name: 'access_token' };
}

/**
 * Puts a token in a request: in a header, or appended to the query as written (the query's other
 * bytes untouched, so a raw call's odd encodings survive).
 */
export function placeToken(
  request: { url: URL; headers: Record<string, string> },
  place: TokenPlace,
  token: string,
): void {
  if (place.in === 'header') {
    request.headers[place.name] = `${place.prefix}${token}`;
    return;
  }
  const pair = `${encodeURIComponent(place.name)}=${encodeURIComponent(token)}`;
  const search = request.url.search.replace(/^\?/, '');
  request.url.search = search ? `${search}&${pair}` : pair;
}

/** The path template with each `{name}` replaced by its value, encoded; a value missing is the caller's error. */
export function filledPath(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`path parameter ${name} of ${template} was not given`);
    return encodeURIComponent(String(value));
  });
}

function queryOf(values: RequestArguments['query'] = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values))
    if (value !== undefined) query.append(key, String(value));
  return query.toString();
}

function lowerCased(headers: Record<string, string> = {}): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

/** Multipart fields as the bytes sent and their content type (with its boundary). */
async function multipartBody(
  fields: NonNullable<RequestArguments['multipart']>,
): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const part of Array.isArray(value) ? value : [value]) {
      if (typeof part === 'string') form.append(name, part);
      else form.append(name, new Blob([part.buffer], { type: part.mimeType }), part.name);
    }
  }
  const encoded = new Request('http://multipart.local/', { method: 'POST', body: form });
  return {
    body: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? 'multipart/form-data',
  };
}

async function withBody(request: ExchangeRequest, args: RequestArguments): Promise<ExchangeRequest> {
  if (args.json !== undefined) {
    request.headers['content-type'] ??= 'application/json';
    return { ...request, body: Buffer.from(JSON.stringify(args.json)) };
  }
  if (args.raw !== undefined) return { ...request, body: Buffer.from(args.raw) };
  if (!args.multipart) return request;
  const { body, contentType } = await multipartBody(args.multipart);
  request.headers['content-type'] ??= contentType;
  return { ...request, body };
}

/**
 * The one request builder: the method, the URL (path parameters filled, the query), the headers and
 * the body of one call of an operation, the caller's token placed as the operation's `security` says.
 */
export async function buildRequest(
  baseURL: string,
  doc: SecurityDocument,
  op: SpecOperation,
  args: RequestArguments,
): Promise<ExchangeRequest> {
  const search = queryOf(args.query);
  const base = baseURL.replace(/\/+$/, '');
  const url = new URL(`${base}${filledPath(op.path, args.path)}${search ? `?${search}` : ''}`);
  const request: ExchangeRequest = {
    method: op.method.toUpperCase(),
    url,
    headers: lowerCased(args.headers),
  };
  if (args.token !== undefined)
    placeToken(request, args.tokenIn ? placeAsked(doc, args.tokenIn) : tokenPlaceOf(doc, op), args.token);
  return withBody(request, args);
}
