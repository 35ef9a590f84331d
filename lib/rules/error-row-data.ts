import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The error rows of the reference as the spec writes them (`x-error-rows` on each operation, see
 * spec/README.md): a request condition in data form and the answer the reference gives for it.
 */
export interface ErrorRow {
  requirement: string;
  /** The request's visible condition: every key must hold (see error-row-condition.ts). */
  when?: RowCondition;
  /** State of the target the condition also needs ("the pack already holds two files"): known only to a caller that set it up. */
  needs?: string[];
  /** The HTTP status; absent where the reference gives the code but not the status (any 4xx then). */
  status?: number;
  /** The mock's status where the reference gives none. */
  mockStatus?: number;
  error?: string;
  message?: string;
  /** Other answers that also hold this row (a second code the reference gives for the same condition). */
  or?: Answer[];
  /**
   * The reference also shows the call answered (Authentication 6), or leaves open whether this operation
   * refuses the condition (a download without site_id): a foreign target's answer below 500 (a 2xx, or what
   * the rest of the request earns) is not judged.
   */
  mayAnswer?: boolean;
}

export interface Answer {
  status?: number;
  error?: string;
  message?: string;
}

/** A test of one value of the request (a path or query parameter, a field of the JSON body). */
export interface ValueTest {
  absent?: boolean;
  matching?: string;
  notMatching?: string;
  atMost?: number;
  longerThan?: Bound;
  countAbove?: Bound;
  outsideCharset?: 'latin1-emoticons';
  equalsBody?: string;
  equalsPath?: string;
  differsFromPath?: string;
}

/** A test of the files of one multipart field. */
export interface FilesTest {
  countBelow?: Bound;
  countAbove?: Bound;
  anyEmpty?: boolean;
  anyNameMatching?: string;
  anyTypeNotIn?: string[];
  anyLargerThan?: Bound;
  sameTypeTwice?: boolean;
}

/** A number, or a key path into the operation's `x-limits` (`textMaxLength.seller`). */
export type Bound = number | { limit: string };

export interface RowCondition {
  token?: 'absent';
  /** The profile users (seller, buyer, stranger, unavailableSite) the condition holds for. */
  caller?: string[];
  path?: Record<string, ValueTest>;
  query?: Record<string, ValueTest>;
  /** Fields of the JSON body by dotted path (`to.user_id`). */
  body?: Record<string, ValueTest>;
  json?: 'absent';
  files?: Record<string, FilesTest>;
}

/** The parts of an OpenAPI document the rows are read from. */
export interface RowDocument {
  security?: Record<string, string[]>[];
  paths?: Record<string, Record<string, unknown> | undefined>;
  components?: { securitySchemes?: Record<string, { in?: string } | undefined> };
}

/** One operation as the rows see it: its path template, its rows, its limits and whether it needs a token. */
export interface RowOperation {
  operationId: string;
  method: string;
  path: string;
  rows: ErrorRow[];
  limits: Record<string, unknown>;
  tokenRequired: boolean;
  /** The token goes in the query (`access_token`, Authentication 2), not in the Authorization header. */
  tokenInQuery: boolean;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

interface OperationNode {
  operationId?: string;
  security?: Record<string, string[]>[];
  'x-error-rows'?: ErrorRow[];
  'x-limits'?: Record<string, unknown>;
}

/** Whether a `security` list requires a token: every alternative names a scheme (`{}` is "none"). */
function requiresToken(security: Record<string, string[]>[] | undefined): boolean {
  return (
    !!security && security.length > 0 && security.every((alternative) => Object.keys(alternative).length > 0)
  );
}

/** The operations of a document with their error rows (every operation; rows [] when it has none). */
export function rowOperations(doc: RowDocument): Map<string, RowOperation> {
  const found = new Map<string, RowOperation>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const node = item?.[method] as OperationNode | undefined;
      if (!node?.operationId) continue;
      const security = node.security ?? doc.security ?? [];
      const schemes = security.flatMap((alternative) => Object.keys(alternative));
      const inQuery =
        schemes.length > 0 &&
        schemes.every((name) => doc.components?.securitySchemes?.[name]?.in === 'query');
      found.set(node.operationId, {
        operationId: node.operationId,
        method: method.toUpperCase(),
        path,
        rows: node['x-error-rows'] ?? [],
        limits: node['x-limits'] ?? {},
        tokenRequired: requiresToken(security),
        tokenInQuery: inQuery,
      });
    }
  }
  return found;
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
let bundled: Map<string, RowOperation> | undefined;

/** The rows of the bundled spec (spec/dist/openapi.json, `npm run spec:bundle`). */
export function specRowOperations(): Map<string, RowOperation> {
  bundled ??= rowOperations(JSON.parse(readFileSync(join(root, 'spec', 'dist', 'openapi.json'), 'utf8')));
  return bundled;
}

/** A bound's number: itself, or the operation's limit it names; undefined when the limit is not a number. */
export function boundOf(bound: Bound, limits: Record<string, unknown>): number | undefined {
  if (typeof bound === 'number') return bound;
  let value: unknown = limits;
  for (const key of bound.limit.split('.')) value = (value as Record<string, unknown> | undefined)?.[key];
  return typeof value === 'number' ? value : undefined;
}
