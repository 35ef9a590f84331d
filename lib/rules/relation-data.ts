import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The relations of the reference as the spec declares them (`x-relations` on a component schema or an
 * operation, spec/README.md): values the reference ties to other values, each keyed by its requirement
 * id and quoting the reference. One judge (relation-rule.ts) applies every one of them.
 */

/** The five kinds of issue 46. */
export const RELATION_KINDS = ['one-fact', 'part-whole', 'order', 'unit', 'view'] as const;
export type RelationKind = (typeof RELATION_KINDS)[number];

interface RelationBase {
  requirement: string;
  kind: RelationKind;
  quote: string | string[];
  /** Where the related values sit, relative to the node declaring it ('' its root, `[]` each element). */
  at?: string;
  /** Census candidates it answers beyond the paths it names (`{timestamps}`, `{views}`). */
  covers?: string[];
}

/** A whole against the sum of its parts: whole = Σ over `each` of the product of `product`. */
export interface SumRelation extends RelationBase {
  judge: 'sum';
  whole: string;
  each: string;
  product: string[];
  tolerance: number;
}

/**
 * A whole that covers its parts: where `when` holds, whole + Σ allowances ≥ Σ parts (a path through a
 * list sums every value it reaches). "At least": what else the whole may include is left open.
 */
export interface CoversRelation extends RelationBase {
  judge: 'covers';
  when?: { field: string; in: unknown[] };
  whole: string;
  parts: string[];
  /** What the whole may leave out of the parts (a coupon paid by another): added to the whole. */
  allowances?: string[];
  tolerance: number;
}

/** A portion within its whole: 0 ≤ part ≤ whole. */
export interface WithinRelation extends RelationBase {
  judge: 'within';
  part: string;
  whole: string;
}

/** A page against its paging: at most `limit` elements of `list`, none past `total` from `offset`. */
export interface CountRelation extends RelationBase {
  judge: 'count';
  list: string;
  limit?: string;
  offset?: string;
  total?: string;
}

/** One value in two places of one answer: every value at `a` equals the value at `b`. */
export interface EqualRelation extends RelationBase {
  judge: 'equal';
  a: string;
  b: string;
  /** How two spellings are compared: as instants, as ids (a numeric string is its number). */
  as: 'instant' | 'id';
}

export type Expectation = 'array' | 'integer' | 'non-empty' | 'set';

/** An implication: where `when.field` is one of `when.in`, `then.field` is what `then.is` says. */
export interface ImpliesRelation extends RelationBase {
  judge: 'implies';
  when: { field: string; in: unknown[] };
  then: { field: string; is: Expectation };
}

/** Two instants (or two numbers) in their meanings' order: `later` never before `earlier` (by more than the slack). */
export interface BeforeRelation extends RelationBase {
  judge: 'before';
  earlier: string;
  later: string;
  slackMs: number;
}

/** A magnitude: `field` is a number at least `min` (above it when `exclusive`). */
export interface AtLeastRelation extends RelationBase {
  judge: 'at-least';
  field: string;
  min: number;
  exclusive?: boolean;
}

/** An id with its attributes agrees with the resource's own read (`read`, the operation reading it by id). */
export interface SameAsReadRelation extends RelationBase {
  judge: 'same-as-read';
  id: string;
  /** Each field here → the field of the resource's read it restates. */
  fields: Record<string, string>;
  read: string;
  /** Fields the reference lets change between reads (a live value): a difference is not judged. */
  live?: string[];
}

/** A resource read by id is listed by its parent's read (`read`), under `list`, with the same `fields`. */
export interface ListedRelation extends RelationBase {
  judge: 'listed';
  parent: string;
  list: string;
  read: string;
  fields: string[];
}

/** Judged by code keyed to the requirement (a registry rule, the facts of lib/facts, or a target test). */
export interface CodeRelation extends RelationBase {
  judge: 'code';
  /** The paths the code reads, for the census. */
  paths?: string[];
}

export type Relation =
  | SumRelation
  | WithinRelation
  | CountRelation
  | EqualRelation
  | ImpliesRelation
  | BeforeRelation
  | AtLeastRelation
  | CoversRelation
  | SameAsReadRelation
  | ListedRelation
  | CodeRelation;

export type GenericRelation = Exclude<Relation, CodeRelation>;

/** A relation and the node that declares it. */
export interface DeclaredRelation {
  relation: Relation;
  /** `schema Order` or `operation getState`. */
  node: string;
}

/** Where a declared relation applies: the operation whose 2xx answers hold it, and the path to its node. */
export interface PlacedRelation extends DeclaredRelation {
  operation: string;
  path: string;
}

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node =>
  !!value && typeof value === 'object' && !Array.isArray(value);
const relationsOf = (node: unknown): Relation[] =>
  isNode(node) && Array.isArray(node['x-relations']) ? (node['x-relations'] as Relation[]) : [];

export const joinPath = (base: string, path: string): string =>
  !base ? path : !path ? base : path.startsWith('[]') ? `${base}${path}` : `${base}.${path}`;

const METHODS = ['get', 'post', 'delete', 'put', 'patch'];

/** The JSON schema of each 2xx answer of an operation (a 206 empties fields on purpose: left out). */
function successSchemas(operation: Node): unknown[] {
  const responses = isNode(operation.responses) ? operation.responses : {};
  return Object.entries(responses)
    .filter(([status]) => /^2\d\d$/.test(status) && status !== '206')
    .map(([, response]) => (isNode(response) && isNode(response.content) ? response.content : {}))
    .map((content) => (isNode(content['application/json']) ? content['application/json'].schema : undefined))
    .filter((schema) => schema !== undefined);
}

/** Every component schema the answer schema holds, with its path in the answer (`results[]`). */
function schemasWithin(doc: Node, schema: unknown, path = '', seen = new Set<string>()): [string, string][] {
  if (!isNode(schema)) return [];
  const ref = typeof schema.$ref === 'string' ? schema.$ref.split('/').pop() : undefined;
  if (ref !== undefined) {
    const key = `${ref} ${path}`;
    if (seen.has(key) || path.split('.').length > 12) return [];
    seen.add(key);
    const target = (doc.components as { schemas: Node }).schemas[ref];
    return [[ref, path], ...schemasWithin(doc, target, path, seen)];
  }
  const members = ['allOf', 'anyOf', 'oneOf'].flatMap((k) => (Array.isArray(schema[k]) ? schema[k] : []));
  const properties = isNode(schema.properties) ? Object.entries(schema.properties) : [];
  return [
    ...members.flatMap((member) => schemasWithin(doc, member, path, seen)),
    ...properties.flatMap(([name, property]) => schemasWithin(doc, property, joinPath(path, name), seen)),
    ...schemasWithin(doc, schema.items, joinPath(path, '[]'), seen),
  ];
}

export interface OperationNode {
  operationId: string;
  operation: Node;
  /** The component schemas of its 2xx answers, by path. */
  schemas: [string, string][];
}

/** Every operation of the document with the schemas its 2xx answers hold. */
export function operationNodes(doc: Node): OperationNode[] {
  const paths = isNode(doc.paths) ? Object.values(doc.paths) : [];
  return paths.flatMap((item) =>
    METHODS.flatMap((method) => {
      const operation = isNode(item) ? item[method] : undefined;
      if (!isNode(operation) || typeof operation.operationId !== 'string') return [];
      const found = successSchemas(operation).flatMap((schema) => schemasWithin(doc, schema));
      const schemas = [...new Map(found.map((pair) => [pair.join(' '), pair])).values()];
      return [{ operationId: operation.operationId, operation, schemas }];
    }),
  );
}

/** Every relation the document declares, on its component schemas and its operations. */
export function declaredRelations(doc: Node): DeclaredRelation[] {
  const schemas = Object.entries((doc.components as { schemas?: Node } | undefined)?.schemas ?? {});
  return [
    ...schemas.flatMap(([name, schema]) =>
      relationsOf(schema).map((relation) => ({ relation, node: `schema ${name}` })),
    ),
    ...operationNodes(doc).flatMap((op) =>
      relationsOf(op.operation).map((relation) => ({ relation, node: `operation ${op.operationId}` })),
    ),
  ];
}

/** Every declared relation at each place an operation's 2xx answer holds its node. */
export function placedRelations(doc: Node): PlacedRelation[] {
  const declared = declaredRelations(doc);
  return operationNodes(doc).flatMap((op) => [
    ...declared
      .filter((d) => d.node === `operation ${op.operationId}`)
      .map((d) => ({ ...d, operation: op.operationId, path: '' })),
    ...op.schemas.flatMap(([schema, path]) =>
      declared
        .filter((d) => d.node === `schema ${schema}`)
        .map((d) => ({ ...d, operation: op.operationId, path })),
    ),
  ]);
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
let bundled: Node | undefined;

/** The bundled spec (spec/dist/openapi.json, `npm run spec:bundle`). */
export function bundledDocument(): Node {
  bundled ??= JSON.parse(readFileSync(join(root, 'spec', 'dist', 'openapi.json'), 'utf8')) as Node;
  return bundled;
}
