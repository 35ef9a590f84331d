import type { ErrorObject } from 'ajv/dist/2020.js';
import { objectCondition } from './presence-conditions.ts';
import { escapePointer, projectRoot, type SchemaNode } from './spec-document.ts';

/**
 * The listed fields an answer leaves out (omissions, lib/checks/spec.ts judges them apart from the
 * stated rules): the schema walked with the data, each `anyOf`/`oneOf` by the branch that holds, each
 * `if` by the branch its data takes, whose condition (`value_type=boolean`) travels with its omissions.
 */

/** What the walk reads of the document: its nodes, and its validators (all fields, stated fields only). */
export interface SchemaReader {
  nodeAt(pointer: string): SchemaNode | undefined;
  validate(pointer: string, data: unknown): ErrorObject[];
  stated(pointer: string, data: unknown, instancePath: string): ErrorObject[];
}

/** A required field absent where its schema does not state it always present: an omission, in ajv's shape. */
function omissionError(
  node: SchemaNode,
  pointer: string,
  instancePath: string,
  field: string,
  condition: string | undefined,
): ErrorObject {
  return {
    keyword: 'required',
    instancePath,
    schemaPath: `#${pointer}/required`,
    params: condition ? { missingProperty: field, condition } : { missingProperty: field },
    message: `must have required property '${field}'`,
    schema: node.required,
    parentSchema: node,
  };
}

/** What the walk needs of a schema node, resolved once per reader and pointer (it visits each for every element). */
interface Shape {
  node: SchemaNode;
  ref?: string;
  allOf: string[];
  branches: string[][];
  conditional?: { if: string; whenHolds?: string; otherwise?: string };
  items?: string;
  /** Required fields not stated always present: the ones whose absence is an omission. */
  listed: string[];
  properties: { name: string; pointer: string; segment: string }[];
}

function shapeOf(node: SchemaNode, pointer: string): Shape {
  const stated = (node['x-presence-stated'] as string[] | undefined) ?? [];
  const at = (key: string) => (node[key] === undefined ? undefined : `${pointer}/${key}`);
  return {
    node,
    ref: typeof node.$ref === 'string' && node.$ref.startsWith('#/') ? node.$ref.slice(1) : undefined,
    allOf: Array.isArray(node.allOf) ? node.allOf.map((_, i) => `${pointer}/allOf/${i}`) : [],
    branches: (['anyOf', 'oneOf'] as const).flatMap((key) => {
      const list = node[key];
      return Array.isArray(list) ? [list.map((_, i) => `${pointer}/${key}/${i}`)] : [];
    }),
    conditional:
      node.if === undefined
        ? undefined
        : { if: `${pointer}/if`, whenHolds: at('then'), otherwise: at('else') },
    items: node.items && typeof node.items === 'object' ? `${pointer}/items` : undefined,
    listed: (Array.isArray(node.required) ? (node.required as string[]) : []).filter(
      (f) => !stated.includes(f),
    ),
    properties: Object.keys((node.properties as SchemaNode | undefined) ?? {}).map((name) => {
      const segment = escapePointer(name);
      return { name, segment, pointer: `${pointer}/properties/${segment}` };
    }),
  };
}

const shapes = new WeakMap<SchemaReader, Map<string, Shape | undefined>>();

function shapeAt(reader: SchemaReader, pointer: string): Shape | undefined {
  const known = shapes.get(reader) ?? new Map<string, Shape | undefined>();
  shapes.set(reader, known);
  if (!known.has(pointer)) {
    const node = reader.nodeAt(pointer);
    known.set(pointer, node ? shapeOf(node, pointer) : undefined);
  }
  return known.get(pointer);
}

/** Where the walk is in the data, spelled out only for an omission found (most answers have none). */
interface Place {
  parent?: Place;
  segment: string;
}

const pathOf = (place: Place | undefined): string =>
  place ? `${pathOf(place.parent)}/${place.segment}` : '';

export function omissionsOf(
  reader: SchemaReader,
  pointer: string,
  data: unknown,
  instancePath: string,
  condition?: string,
): ErrorObject[] {
  const found: ErrorObject[] = [];
  walk(reader, pointer, data, { prefix: instancePath, place: undefined }, condition, found);
  return found;
}

interface At {
  prefix: string;
  place: Place | undefined;
}

const inside = (at: At, segment: string): At => ({ prefix: at.prefix, place: { parent: at.place, segment } });

function walk(
  reader: SchemaReader,
  pointer: string,
  data: unknown,
  at: At,
  condition: string | undefined,
  found: ErrorObject[],
): void {
  const shape = shapeAt(reader, pointer);
  if (!shape) return;
  if (shape.ref) walk(reader, shape.ref, data, at, condition, found);
  for (const part of shape.allOf) walk(reader, part, data, at, condition, found);
  for (const branches of shape.branches) found.push(...branchOmissions(reader, branches, data, at));
  if (shape.conditional) {
    const holds = reader.validate(shape.conditional.if, data).length === 0;
    const when =
      holds && data && typeof data === 'object' && !Array.isArray(data)
        ? objectCondition(data as Record<string, unknown>, projectRoot)
        : undefined;
    const branch = holds ? shape.conditional.whenHolds : shape.conditional.otherwise;
    if (branch !== undefined) walk(reader, branch, data, at, when ?? condition, found);
  }
  if (Array.isArray(data)) {
    const items = shape.items;
    if (items)
      data.forEach((element, i) => {
        walk(reader, items, element, inside(at, String(i)), undefined, found);
      });
    return;
  }
  if (!data || typeof data !== 'object') return;
  const record = data as Record<string, unknown>;
  for (const field of shape.listed)
    if (!(field in record))
      found.push(omissionError(shape.node, pointer, `${at.prefix}${pathOf(at.place)}`, field, condition));
  for (const { name, pointer: inner, segment } of shape.properties)
    if (name in record) walk(reader, inner, record[name], inside(at, segment), undefined, found);
}

/** The omissions of the branch that holds leaving listed fields aside and misses fewest; none when no branch holds. */
function branchOmissions(reader: SchemaReader, branches: string[], data: unknown, at: At): ErrorObject[] {
  const instancePath = `${at.prefix}${pathOf(at.place)}`;
  const held = branches
    .filter((branch) => reader.stated(branch, data, instancePath).length === 0)
    .map((branch) => omissionsOf(reader, branch, data, instancePath));
  return held.sort((a, b) => a.length - b.length)[0] ?? [];
}
