import { type DeclaredRelation, declaredRelations, operationNodes } from './relation-data.ts';

/**
 * The census of relations (issue 46): every place of the spec's answer schemas where the reference may
 * tie a value to another, found by its shape and its words. Each is answered by a declared relation
 * that names it (a path or `covers`), or exempted on its schema (`x-relations-exempt: {candidate: why}`).
 * The net under a reading of the reference, not a substitute for it.
 */

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node =>
  !!value && typeof value === 'object' && !Array.isArray(value);

export type CandidateKind = 'id-with-attributes' | 'embedded-resource' | 'magnitude' | 'timestamps' | 'views';

export interface Candidate {
  schema: string;
  /** The field's path in the schema (`tags.fixed`), or `{timestamps}`/`{views}` for the schema as a whole. */
  candidate: string;
  kind: CandidateKind;
  why: string;
}

/** Words of a description that make a field a total, count, part, rate, unit or magnitude. */
const MAGNITUDE_WORDS =
  /\b(total|count|sum|portion|amount|cost|price|rate|ratio|hours?|days?|unit|quantity|limit|offset|percent(age)?)\b/i;
const MAGNITUDE_NAMES = /(amount|cost|price|total|rate|ratio|quantity|_days|_hours)$/;

function refName(schema: unknown): string | undefined {
  if (!isNode(schema)) return undefined;
  if (typeof schema.$ref === 'string') return schema.$ref.split('/').pop();
  return schema.type === 'array' || schema.items ? refName(schema.items) : undefined;
}

/**
 * A timestamp by its format, or, where the spec gives no format (the reference often gives no type), by
 * its name: a `date` word in it or in the object holding it (`date_created`, `message_date.read`).
 */
function isTimestamp(path: string, schema: Node): boolean {
  if (schema.format === 'date-time') return true;
  const type = [schema.type].flat();
  if (type.some((t) => t === 'boolean' || t === 'object' || t === 'array' || t === 'integer')) return false;
  if (isNode(schema.properties)) return false;
  return (
    path.split('.').some((segment) => segment.split('_').includes('date')) || path.endsWith('last_updated')
  );
}

/** The named properties of a schema and of its allOf members, inline objects walked as dotted paths. */
function propertiesOf(schema: unknown, prefix = ''): [string, Node][] {
  if (!isNode(schema)) return [];
  const members = Array.isArray(schema.allOf) ? schema.allOf.flatMap((m) => propertiesOf(m, prefix)) : [];
  const own = isNode(schema.properties) ? Object.entries(schema.properties) : [];
  return [
    ...members,
    ...own.flatMap(([name, property]): [string, Node][] => {
      if (!isNode(property)) return [];
      const path = prefix ? `${prefix}.${name}` : name;
      const nested =
        property.$ref === undefined && isNode(property.properties) ? propertiesOf(property, path) : [];
      return [[path, property], ...nested];
    }),
  ];
}

function candidatesOfSchema(name: string, schema: Node, resources: ReadonlySet<string>): Candidate[] {
  const properties = propertiesOf(schema);
  const names = new Set(properties.map(([path]) => path));
  const found: Candidate[] = [];
  const add = (candidate: string, kind: CandidateKind, why: string) =>
    found.push({ schema: name, candidate, kind, why });
  for (const [path, property] of properties) {
    const leaf = path.split('.').pop() ?? path;
    const stem = leaf.endsWith('_id') ? path.slice(0, -3) : undefined;
    if (stem && [...names].some((other) => other !== path && other.startsWith(`${stem}_`)))
      add(path, 'id-with-attributes', `an id beside other ${stem}_ fields`);
    const ref = refName(property);
    if (ref && ref !== name && resources.has(ref))
      add(path, 'embedded-resource', `carries ${ref}, a resource another operation serves`);
    const description = typeof property.description === 'string' ? property.description : '';
    if (MAGNITUDE_NAMES.test(leaf) || MAGNITUDE_WORDS.test(description))
      add(path, 'magnitude', 'a total, count, part, rate or unit by its name or its words');
  }
  if (properties.filter(([path, property]) => isTimestamp(path, property)).length >= 2)
    add('{timestamps}', 'timestamps', 'two or more timestamps in one object');
  return found;
}

/** The component schemas with an `id` that some operation answers: the API's resources. */
function resourcesOf(doc: Node, schemas: Node): Set<string> {
  const answered = new Set(operationNodes(doc).flatMap((op) => op.schemas.map(([schema]) => schema)));
  return new Set(
    Object.entries(schemas)
      .filter(([name, schema]) => answered.has(name) && propertiesOf(schema).some(([path]) => path === 'id'))
      .map(([name]) => name),
  );
}

/** Every candidate of the document's component schemas. */
export function relationCandidates(doc: Node): Candidate[] {
  const schemas = (doc.components as { schemas?: Node } | undefined)?.schemas ?? {};
  const resources = resourcesOf(doc, schemas);
  const servedBy = new Map<string, Set<string>>();
  for (const op of operationNodes(doc))
    for (const [schema, path] of op.schemas)
      if (path === '' || path === '[]' || path === 'results[]')
        servedBy.set(schema, new Set([...(servedBy.get(schema) ?? []), op.operationId]));
  const views = [...servedBy.entries()]
    .filter(([schema, ops]) => ops.size > 1 && resources.has(schema))
    .map(
      ([schema, ops]): Candidate => ({
        schema,
        candidate: '{views}',
        kind: 'views',
        why: `served by ${[...ops].sort().join(', ')}`,
      }),
    );
  return [
    ...Object.entries(schemas).flatMap(([name, schema]) =>
      isNode(schema) ? candidatesOfSchema(name, schema, resources) : [],
    ),
    ...views,
  ];
}

/** A schema through its `$ref`, and its name when it is a component. */
function resolved(doc: Node, schema: unknown): [Node | undefined, string | undefined] {
  const name = isNode(schema) && typeof schema.$ref === 'string' ? schema.$ref.split('/').pop() : undefined;
  const schemas = (doc.components as { schemas?: Node } | undefined)?.schemas ?? {};
  const node = name ? schemas[name] : schema;
  return [isNode(node) ? node : undefined, name];
}

/** The property `segment` of a schema (its own, or an allOf member's). */
function propertyOf(schema: Node, segment: string): unknown {
  if (isNode(schema.properties) && schema.properties[segment] !== undefined)
    return schema.properties[segment];
  const members = Array.isArray(schema.allOf) ? schema.allOf : [];
  for (const member of members) {
    const found = isNode(member) ? propertyOf(member, segment) : undefined;
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The schemas a value of `schema` may be: through items, anyOf and oneOf, each with its component name. */
function alternatives(doc: Node, schema: unknown): [Node, string | undefined][] {
  const [node, name] = resolved(doc, schema);
  if (!node) return [];
  if (node.items !== undefined && name === undefined) return alternatives(doc, node.items);
  const branches = ['anyOf', 'oneOf'].flatMap((k) => (Array.isArray(node[k]) ? (node[k] as unknown[]) : []));
  return branches.length && name === undefined
    ? branches.flatMap((b) => alternatives(doc, b))
    : [[node, name]];
}

/**
 * The fields of other components a path of `schema` reaches: `order_items[].unit_price` of OrderCommon
 * names `OrderItem unit_price`. Every component crossed names the rest of the path from it.
 */
function componentsAlong(doc: Node, schema: string, path: string): string[] {
  const segments = path
    .replace(/\[[^\]]*\]/g, '.')
    .split('.')
    .filter(Boolean);
  const walk = (node: Node, i: number): string[] => {
    const segment = segments[i];
    if (segment === undefined) return [];
    return alternatives(doc, propertyOf(node, segment)).flatMap(([next, name]) => [
      ...(name && i < segments.length - 1 ? [`${name} ${segments.slice(i + 1).join('.')}`] : []),
      ...walk(next, i + 1),
    ]);
  };
  const [root] = resolved(doc, { $ref: `#/components/schemas/${schema}` });
  return root ? walk(root, 0) : [];
}

/** The paths a relation reads whole: its own, and a sum's parts under the list they sum. */
function pathsOf(relation: DeclaredRelation['relation']): string[] {
  const named = [...namedBy(relation)];
  if (relation.judge === 'sum') named.push(...relation.product.map((p) => `${relation.each}.${p}`));
  const at = relation.at;
  return at ? [...named, ...named.map((p) => `${at}.${p}`)] : named;
}

/** The field names a relation reads (every string of it that is a path), and what it `covers`. */
function namedBy(relation: DeclaredRelation['relation']): Set<string> {
  const named = new Set<string>();
  const visit = (value: unknown, key: string) => {
    if (key === 'quote' || key === 'requirement' || key === 'kind' || key === 'judge') return;
    if (typeof value === 'string') {
      for (const part of value.replace(/\[[^\]]*\]/g, '.').split('.')) if (part) named.add(part);
      named.add(value);
    } else if (Array.isArray(value)) for (const v of value) visit(v, key);
    else if (isNode(value)) for (const [k, v] of Object.entries(value)) visit(v, k);
  };
  visit(relation, '');
  return named;
}

export interface CensusEntry extends Candidate {
  answer: { declared: string[] } | { exempt: string } | undefined;
}

/** Each candidate with what answers it: the requirements of the relations naming it, or its exemption. */
export function relationCensus(doc: Node): CensusEntry[] {
  const schemas = (doc.components as { schemas?: Node } | undefined)?.schemas ?? {};
  const declared = declaredRelations(doc);
  // What each relation names in the components its paths cross (`OrderItem unit_price`).
  const across = new Map<string, string[]>();
  for (const d of declared) {
    const [kind, schema] = d.node.split(' ');
    if (kind !== 'schema' || !schema) continue;
    for (const path of pathsOf(d.relation))
      for (const place of componentsAlong(doc, schema, path))
        across.set(place, [...(across.get(place) ?? []), d.relation.requirement]);
  }
  return relationCandidates(doc).map((candidate) => {
    const schema = schemas[candidate.schema];
    const exempt = isNode(schema) && isNode(schema['x-relations-exempt']) ? schema['x-relations-exempt'] : {};
    const leaf = candidate.candidate.split('.').pop() ?? candidate.candidate;
    const naming = declared
      .filter((d) => d.node === `schema ${candidate.schema}`)
      .filter((d) => {
        const named = namedBy(d.relation);
        return named.has(candidate.candidate) || named.has(leaf);
      })
      .map((d) => d.relation.requirement)
      .concat(across.get(`${candidate.schema} ${candidate.candidate}`) ?? []);
    if (naming.length) return { ...candidate, answer: { declared: [...new Set(naming)] } };
    const why = exempt[candidate.candidate];
    return { ...candidate, answer: typeof why === 'string' ? { exempt: why } : undefined };
  });
}
