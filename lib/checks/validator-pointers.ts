import type { OpenApiDocument } from './spec.ts';

type Node = Record<string, unknown>;
const HTTP_METHODS = ['get', 'post', 'delete', 'put', 'patch'] as const;
const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every object node of the document with its JSON pointer. */
function* nodes(node: unknown, pointer = ''): Generator<[string, Node]> {
  if (Array.isArray(node)) {
    for (const [i, element] of node.entries()) yield* nodes(element, `${pointer}/${i}`);
    return;
  }
  if (!node || typeof node !== 'object') return;
  yield [pointer, node as Node];
  for (const [key, value] of Object.entries(node)) yield* nodes(value, `${pointer}/${escapePointer(key)}`);
}

/** The pointers of each documented response: its headers' schemas and its JSON bodies' schemas. */
function responsePointers(doc: OpenApiDocument): { headers: string[]; bodies: string[] } {
  const headers: string[] = [];
  const bodies: string[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {}))
    for (const method of HTTP_METHODS) {
      const responses = (item?.[method]?.responses ?? {}) as unknown as Record<string, Node>;
      for (const [status, response] of Object.entries(responses)) {
        const base = `/paths/${escapePointer(path)}/${method}/responses/${status}`;
        for (const name of Object.keys((response.headers as Node | undefined) ?? {}))
          headers.push(`${base}/headers/${escapePointer(name)}/schema`);
        for (const [type, media] of Object.entries((response.content as Node | undefined) ?? {}))
          if (type.includes('json') && (media as Node).schema)
            bodies.push(`${base}/content/${escapePointer(type)}/schema`);
      }
    }
  return { headers, bodies };
}

/**
 * The schema components a test holds a single value to (a field's value, a listed attachment), beside the
 * answers: generated too, so no worker builds ajv over the whole document for one of them. A component a
 * test names must be listed here (tests/contract/support/messages.ts takes its type from this list).
 */
export const JUDGED_COMPONENTS = [
  'MessageAttachment',
  'MessageLegacy',
  'MessageModerationReason',
  'MessageModerationStatus',
] as const;
export type JudgedComponent = (typeof JUDGED_COMPONENTS)[number];

/**
 * The pointers Spec compiles validators for while judging answers (see Spec.validate, Spec.judge): the
 * full document's for response headers, the Error body and each `if`; the presence-only document's
 * for response bodies, their allOf members and every anyOf/oneOf branch. Generated ahead of time
 * (scripts/gen-validators.ts); a pointer not listed here is compiled at run time.
 */
export function validatorPointers(doc: OpenApiDocument): { full: string[]; stated: string[] } {
  const { headers, bodies } = responsePointers(doc);
  const components = ['Error', ...JUDGED_COMPONENTS].map((name) => `/components/schemas/${name}`);
  const full = new Set<string>([...headers, ...components]);
  const stated = new Set<string>(bodies);
  for (const [pointer, node] of nodes(doc)) {
    if (node.if !== undefined && typeof node.if === 'object') full.add(`${pointer}/if`);
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const)
      if (Array.isArray(node[key]) && (key !== 'allOf' || stated.has(pointer)))
        for (const i of node[key].keys()) stated.add(`${pointer}/${key}/${i}`);
  }
  return { full: [...full].sort(), stated: [...stated].sort() };
}
