/**
 * The places of each answer whose type the reference does not show (`Type not shown` in the spec), as
 * JSON paths per mock route: the alternate mock's `untyped-values` choice sends other JSON types there.
 * Written by scripts/gen-types.ts (so the mock never reads the spec at run time); a spec test fails while
 * the committed file is stale.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundledSpecPath, projectRoot } from '../lib/checks/spec.ts';

export const untypedPathsPath = join(projectRoot, 'mock', 'alternate', 'untyped-paths.json');

type Node = Record<string, unknown>;
const UNTYPED = /^Type not shown/;
const METHODS = ['get', 'post', 'put', 'delete', 'patch'];

function resolved(doc: Node, node: Node): Node {
  const ref = node.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return node;
  const target = ref
    .slice(2)
    .split('/')
    .reduce<unknown>(
      (at, key) => (at as Node | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')],
      doc,
    );
  return resolved(doc, (target as Node | undefined) ?? {});
}

function isUntyped(node: Node): boolean {
  return [node['x-mock-behaviour'], node['x-reference-gap']]
    .flat()
    .some((sentence) => typeof sentence === 'string' && UNTYPED.test(sentence));
}

/** Every path under `at` whose schema node says its type is not shown (branches of combinators united). */
function untypedUnder(doc: Node, raw: Node, at: string, depth: number, out: Set<string>): void {
  if (depth > 8) return;
  const node = resolved(doc, raw);
  if (at && isUntyped(node)) out.add(at);
  for (const key of ['allOf', 'anyOf', 'oneOf'])
    for (const branch of (node[key] as Node[] | undefined) ?? [])
      untypedUnder(doc, branch, at, depth + 1, out);
  for (const [name, property] of Object.entries((node.properties as Record<string, Node> | undefined) ?? {}))
    untypedUnder(doc, property, at ? `${at}.${name}` : name, depth + 1, out);
  if (node.items) untypedUnder(doc, node.items as Node, `${at}[]`, depth + 1, out);
}

const routeOf = (method: string, path: string) =>
  `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;

/** Route (as the mock names it) → the JSON paths of its success answers whose type is not shown. */
export function untypedPaths(): Record<string, string[]> {
  const doc = JSON.parse(readFileSync(bundledSpecPath, 'utf8')) as Node;
  const table: Record<string, string[]> = {};
  for (const [path, item] of Object.entries(doc.paths as Record<string, Node>)) {
    for (const method of METHODS) {
      const operation = item[method] as Node | undefined;
      if (!operation) continue;
      const found = new Set<string>();
      for (const [status, response] of Object.entries((operation.responses as Record<string, Node>) ?? {})) {
        if (!status.startsWith('2')) continue;
        const content = resolved(doc, response).content as Record<string, Node> | undefined;
        const schema = content?.['application/json']?.schema as Node | undefined;
        if (schema) untypedUnder(doc, schema, '', 0, found);
      }
      if (found.size) table[routeOf(method, path)] = [...found].sort();
    }
  }
  return table;
}

export const untypedPathsText = () => `${JSON.stringify(untypedPaths(), null, 2)}\n`;
