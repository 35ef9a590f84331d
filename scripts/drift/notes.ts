/**
 * What the spec says where the reference is silent: the `x-reference-gap` and `x-mock-behaviour`
 * notes on an operation, its responses and the schema along a field path, and the gap entries of the
 * requirement catalog for the operation.
 */
import type { Requirement } from '../../lib/catalog/requirements.ts';
import type { Spec } from '../../lib/checks/spec.ts';

type Node = Record<string, unknown>;

export interface SpecNotes {
  gaps: string[];
  mockBehaviour: string[];
  /** Gap requirements of the catalog for the operation, of the matching kind. */
  gapRequirements: string[];
  /** The mock's choice comes from observed-behaviour.md. */
  observed: boolean;
}

function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function resolve(spec: Spec, node: Node | undefined): Node | undefined {
  const ref = node?.$ref;
  if (typeof ref !== 'string') return node;
  let found: unknown = spec.doc;
  for (const key of ref.replace(/^#\//, '').split('/')) found = (found as Node | undefined)?.[key];
  return resolve(spec, found as Node | undefined);
}

/** A schema and the members of its allOf/oneOf/anyOf, references resolved. */
function variants(spec: Spec, node: Node | undefined): Node[] {
  const self = resolve(spec, node);
  if (!self) return [];
  const members = ['allOf', 'oneOf', 'anyOf'].flatMap((key) =>
    Array.isArray(self[key]) ? (self[key] as Node[]) : [],
  );
  return [self, ...members.flatMap((member) => variants(spec, member))];
}

/** The schema nodes along a field path (`order_items[].unit_price`). */
function schemasAlong(spec: Spec, root: Node | undefined, path: string): Node[] {
  const seen: Node[] = [];
  let level = variants(spec, root);
  for (const segment of path.split('.').filter(Boolean)) {
    seen.push(...level);
    const [name, ...brackets] = segment.split('[]');
    let next = level.flatMap((node) =>
      variants(spec, (node.properties as Node | undefined)?.[name!] as Node),
    );
    for (const _ of brackets) next = next.flatMap((node) => variants(spec, node.items as Node));
    level = next;
  }
  return [...seen, ...level];
}

function responseOf(spec: Spec, operationId: string, status: number): Node | undefined {
  const responses = spec.operation(operationId).operation.responses as Record<string, Node> | undefined;
  return responses?.[String(status)] ?? responses?.default;
}

function bodySchema(response: Node | undefined): Node | undefined {
  const content = response?.content as Record<string, { schema?: Node }> | undefined;
  const json = Object.entries(content ?? {}).find(([type]) => type.includes('json'));
  return json?.[1].schema;
}

/** The texts that mention one of the words; all of them when none does. */
function relevant(texts: string[], words: string[]): string[] {
  const mentioning = texts.filter((text) => words.some((word) => text.includes(word)));
  return mentioning.length > 0 ? mentioning : texts;
}

export function specNotes(
  spec: Spec,
  requirements: Requirement[],
  where: {
    operationId: string;
    statuses: number[];
    paths?: string[];
    kinds: Requirement['kind'][];
    /** Words of the difference (statuses, error codes, field names) that pick the notes about it. */
    mentions: string[];
  },
): SpecNotes {
  const op = spec.operation(where.operationId).operation as Node;
  const nodes: Node[] = [op];
  for (const status of where.statuses) {
    const response = responseOf(spec, where.operationId, status);
    if (response) nodes.push(response);
    for (const path of where.paths ?? []) nodes.push(...schemasAlong(spec, bodySchema(response), path));
  }
  const texts = (key: string) =>
    relevant([...new Set(nodes.flatMap((node) => textsOf(node[key])))], where.mentions);
  const gaps = texts('x-reference-gap');
  const mockBehaviour = texts('x-mock-behaviour');
  const gapRequirements = relevant(
    requirements
      .filter((r) => r.basis === 'gap' && !r.retired && r.operations.includes(where.operationId))
      .filter((r) => where.kinds.includes(r.kind))
      .map((r) => `${r.id}: ${r.text}`),
    where.mentions,
  );
  const observed = [...gaps, ...mockBehaviour, ...gapRequirements].some((text) => /observed/i.test(text));
  return { gaps, mockBehaviour, gapRequirements, observed };
}
