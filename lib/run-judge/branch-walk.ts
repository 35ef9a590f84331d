import type { Spec } from '../checks/spec.ts';
import { escapePointer } from '../checks/spec-document.ts';

/**
 * Where an answer branches, read from the spec (issue 47): every enum value, every anyOf/oneOf
 * alternative, null and not null of a nullable field, present and absent of an optional field (one
 * the schema does not require), and empty, one or several elements of an array.
 */
export interface Branch {
  /** `details[].type`, `payments[]<PaymentShort>.status`: the place in the answer. */
  location: string;
  /** `= cashback`, `null`, `not null`, `present`, `absent`, `empty`, `one`, `several`, `<Payment>`. */
  branch: string;
}

type Node = Record<string, unknown>;
type Found = (branch: Branch) => void;

const MAX_DEPTH = 24;
const unescapePointer = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/** `find`, computed once per spec and pointer: the walk looks the same pointers up for every element of every answer. */
function oncePerPointer<T>(find: (spec: Spec, pointer: string) => T): (spec: Spec, pointer: string) => T {
  const known = new WeakMap<Spec, Map<string, T>>();
  return (spec, pointer) => {
    const ofSpec = known.get(spec) ?? new Map<string, T>();
    known.set(spec, ofSpec);
    if (!ofSpec.has(pointer)) ofSpec.set(pointer, find(spec, pointer));
    return ofSpec.get(pointer) as T;
  };
}

const nodeAt = oncePerPointer(resolveNode);

function resolveNode(spec: Spec, pointer: string): Node | undefined {
  let node: unknown = spec.doc;
  for (const raw of pointer.split('/').slice(1))
    node = node && typeof node === 'object' ? (node as Node)[unescapePointer(raw)] : undefined;
  return node && typeof node === 'object' ? (node as Node) : undefined;
}

const typesOf = (node: Node): string[] =>
  Array.isArray(node.type) ? (node.type as string[]) : typeof node.type === 'string' ? [node.type] : [];
const join = (location: string, name: string) => (location ? `${location}.${name}` : name);
const shownValue = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** How an alternative is named: its schema's title (through its $ref), else its type, else its position. */
function alternativeName(spec: Spec, pointer: string, i: number): string {
  const node = nodeAt(spec, pointer) ?? {};
  const target = typeof node.$ref === 'string' ? (nodeAt(spec, node.$ref.slice(1)) ?? {}) : node;
  const title = typeof target.title === 'string' ? target.title : undefined;
  const type = typesOf(target).join('|');
  return `<${title ?? (type || `#${i + 1}`)}>`;
}

const COMBINATORS = ['anyOf', 'oneOf'] as const;

/** The branches the schema at a pointer has, each once (a $ref cycle is walked once per path). */
export function branchesOfSchema(spec: Spec, pointer: string): Branch[] {
  const found = new Map<string, Branch>();
  walkSchema(spec, pointer, '', 0, (b) => found.set(`${b.location} ${b.branch}`, b));
  return [...found.values()];
}

function walkSchema(spec: Spec, pointer: string, location: string, depth: number, add: Found): void {
  const node = nodeAt(spec, pointer);
  if (!node || depth > MAX_DEPTH) return;
  if (typeof node.$ref === 'string' && node.$ref.startsWith('#/'))
    walkSchema(spec, node.$ref.slice(1), location, depth + 1, add);
  if (Array.isArray(node.allOf))
    node.allOf.forEach((_, i) => {
      walkSchema(spec, `${pointer}/allOf/${i}`, location, depth + 1, add);
    });
  for (const key of COMBINATORS)
    if (Array.isArray(node[key]))
      node[key].forEach((_, i) => {
        const name = alternativeName(spec, `${pointer}/${key}/${i}`, i);
        add({ location: location || '(answer)', branch: name });
        walkSchema(spec, `${pointer}/${key}/${i}`, `${location}${name}`, depth + 1, add);
      });
  const types = typesOf(node);
  const at = location || '(answer)';
  if (types.includes('null') && types.length > 1) {
    add({ location: at, branch: 'null' });
    add({ location: at, branch: 'not null' });
  }
  if (Array.isArray(node.enum))
    for (const value of node.enum) add({ location: at, branch: `= ${shownValue(value)}` });
  if (types.includes('array') || node.items) {
    for (const branch of ['empty', 'one', 'several']) add({ location: at, branch });
    if (node.items && typeof node.items === 'object')
      walkSchema(spec, `${pointer}/items`, `${location}[]`, depth + 1, add);
  }
  const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
  for (const name of Object.keys((node.properties as Node | undefined) ?? {})) {
    const inner = join(location, name);
    if (!required.has(name)) {
      add({ location: inner, branch: 'present' });
      add({ location: inner, branch: 'absent' });
    }
    walkSchema(spec, `${pointer}/properties/${escapePointer(name)}`, inner, depth + 1, add);
  }
}

/** The alternatives a value holds: every one it validates against, else the closest (fewest errors). */
function alternativesHeld(spec: Spec, pointers: string[], value: unknown): number[] {
  const errors = pointers.map((pointer) => spec.validate(pointer, value).length);
  const valid = errors.flatMap((n, i) => (n === 0 ? [i] : []));
  if (valid.length > 0) return valid;
  const fewest = Math.min(...errors);
  return [errors.indexOf(fewest)];
}

const isObject = (value: unknown): value is Node =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The branches an answer's body shows against the schema at a pointer. */
export function branchesOfValue(spec: Spec, pointer: string, value: unknown): Branch[] {
  const found = new Map<string, Branch>();
  walkValue(spec, pointer, '', value, 0, (b) => found.set(`${b.location} ${b.branch}`, b));
  return [...found.values()];
}

/** What the value walk needs of a schema node, resolved once per spec and pointer (the walk visits each many times). */
interface Shape {
  ref?: string;
  allOf: string[];
  alternatives: { pointers: string[]; names: string[] }[];
  nullable: boolean;
  enumValues?: unknown[];
  array: boolean;
  items?: string;
  properties: { name: string; pointer: string; optional: boolean }[];
}

function shapeOf(spec: Spec, pointer: string): Shape | undefined {
  const node = nodeAt(spec, pointer);
  if (!node) return undefined;
  const types = typesOf(node);
  const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
  return {
    ref: typeof node.$ref === 'string' && node.$ref.startsWith('#/') ? node.$ref.slice(1) : undefined,
    allOf: Array.isArray(node.allOf) ? node.allOf.map((_, i) => `${pointer}/allOf/${i}`) : [],
    alternatives: COMBINATORS.flatMap((key) => {
      const list = node[key];
      if (!Array.isArray(list)) return [];
      const pointers = list.map((_, i) => `${pointer}/${key}/${i}`);
      return [{ pointers, names: pointers.map((p, i) => alternativeName(spec, p, i)) }];
    }),
    nullable: types.includes('null') && types.length > 1,
    enumValues: Array.isArray(node.enum) ? node.enum : undefined,
    array: types.includes('array') || Boolean(node.items),
    items: node.items && typeof node.items === 'object' ? `${pointer}/items` : undefined,
    properties: Object.keys((node.properties as Node | undefined) ?? {}).map((name) => ({
      name,
      pointer: `${pointer}/properties/${escapePointer(name)}`,
      optional: !required.has(name),
    })),
  };
}

const shapeAt = oncePerPointer(shapeOf);

function walkValue(
  spec: Spec,
  pointer: string,
  location: string,
  value: unknown,
  depth: number,
  add: Found,
): void {
  const shape = shapeAt(spec, pointer);
  if (!shape || depth > MAX_DEPTH) return;
  if (shape.ref) walkValue(spec, shape.ref, location, value, depth + 1, add);
  for (const part of shape.allOf) walkValue(spec, part, location, value, depth + 1, add);
  const at = location || '(answer)';
  for (const { pointers, names } of shape.alternatives)
    for (const i of alternativesHeld(spec, pointers, value)) {
      const name = names[i] ?? '';
      add({ location: at, branch: name });
      walkValue(spec, pointers[i] ?? '', `${location}${name}`, value, depth + 1, add);
    }
  if (shape.nullable) add({ location: at, branch: value === null ? 'null' : 'not null' });
  if (shape.enumValues?.some((e) => e === value)) add({ location: at, branch: `= ${shownValue(value)}` });
  if (Array.isArray(value) && shape.array) {
    add({ location: at, branch: value.length === 0 ? 'empty' : value.length === 1 ? 'one' : 'several' });
    if (shape.items)
      for (const element of value) walkValue(spec, shape.items, `${location}[]`, element, depth + 1, add);
  }
  if (!isObject(value)) return;
  for (const { name, pointer: inner, optional } of shape.properties) {
    const at = join(location, name);
    if (optional) add({ location: at, branch: name in value ? 'present' : 'absent' });
    if (name in value) walkValue(spec, inner, at, value[name], depth + 1, add);
  }
}
