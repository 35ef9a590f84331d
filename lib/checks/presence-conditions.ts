import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Conditional presence (a field the reference lists only for some values of another: `values` for list
 * and boolean attributes, `handling` for known promises). The memory counts such a field also among the
 * objects that hold the condition, so a field that disappears where it always came is a regression even
 * though other objects of the list never carry it. The conditions are the spec's: the properties an
 * `if` holds to an `enum` or a `const`.
 */

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node =>
  !!value && typeof value === 'object' && !Array.isArray(value);

function collect(node: unknown, into: Set<string>): void {
  if (Array.isArray(node)) {
    for (const element of node) collect(element, into);
    return;
  }
  if (!isNode(node)) return;
  if (isNode(node.if) && isNode(node.if.properties))
    for (const [name, p] of Object.entries(node.if.properties))
      if (isNode(p) && (p.enum !== undefined || p.const !== undefined)) into.add(name);
  for (const value of Object.values(node)) collect(value, into);
}

let keys: ReadonlySet<string> | undefined;

/** The property names the spec's `if`s read (from spec/dist/openapi.json, bundled from spec/). */
export function conditionKeys(root: string): ReadonlySet<string> {
  if (keys) return keys;
  const found = new Set<string>();
  try {
    collect(JSON.parse(readFileSync(join(root, 'spec', 'dist', 'openapi.json'), 'utf8')), found);
  } catch {
    // No bundle: no conditional presence is remembered (the spec's own test bundles it).
  }
  keys = found;
  return keys;
}

const conditionPart = (name: string, value: unknown): string =>
  `${name}=${typeof value === 'string' ? value : JSON.stringify(value)}`;

/** The condition an object holds, as a path writes it (`value_type=boolean`); undefined when it holds none. */
export function objectCondition(node: Record<string, unknown>, root: string): string | undefined {
  const parts = [...conditionKeys(root)]
    .filter((key) => key in node && node[key] !== null && typeof node[key] !== 'object')
    .sort()
    .map((key) => conditionPart(key, node[key]));
  return parts.length ? parts.join(',') : undefined;
}

/** The path of an object's condition: `[]` and `value_type=boolean` → `[]{value_type=boolean}`. */
export const conditioned = (path: string, condition: string): string => `${path}{${condition}}`;

/** `[].values` under `value_type=boolean` → `[]{value_type=boolean}.values`. */
export function conditionedField(field: string, condition: string): string {
  const dot = field.lastIndexOf('.');
  const parent = dot < 0 ? '' : field.slice(0, dot);
  const name = dot < 0 ? field : field.slice(dot + 1);
  return `${conditioned(parent, condition)}.${name}`;
}
