import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { OpenAPIV3_1 } from 'openapi-types';

// The OpenAPI document as the checks read it: its operations, pointers into it, the ajv that compiles
// its schemas, and the presence-only copy of it (lib/checks/spec.ts judges answers with them).

export type OpenApiDocument = OpenAPIV3_1.Document;
export type Operation = OpenAPIV3_1.OperationObject;
export type ResponseObject = OpenAPIV3_1.ResponseObject;
export type HttpMethod = 'get' | 'post' | 'delete' | 'put' | 'patch';

const HTTP_METHODS: readonly HttpMethod[] = ['get', 'post', 'delete', 'put', 'patch'];
export const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const bundledSpecPath = join(projectRoot, 'spec', 'dist', 'openapi.json');
const SPEC_ID = 'https://conformance.local/openapi.json';
/** The schema a validator of the document's node at a JSON pointer compiles. */
export const schemaAt = (pointer: string) => ({ $ref: `${SPEC_ID}#/$defs${encodeURI(pointer)}` });

// ajv's compiler and ajv-formats (CommonJS) are loaded on the first compile: the validators of the
// bundled spec are generated ahead of time (lib/generated/validators.cjs), a worker rarely compiles.
const require = createRequire(import.meta.url);
const ajvCompiler = () => require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
const addFormats = (ajv: Ajv2020) => (require('ajv-formats') as (ajv: Ajv2020) => Ajv2020)(ajv);

export interface OperationInfo {
  operationId: string;
  method: HttpMethod;
  /** The path template as the spec writes it, e.g. `/orders/{order_id}`. */
  path: string;
  operation: Operation;
  /** JSON pointer of the operation inside the bundled document. */
  pointer: string;
}

export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Every `x-*` key used anywhere in the document, so strict ajv accepts them as annotations. */
function extensionKeywords(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) extensionKeywords(item, found);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith('x-')) found.add(key);
      extensionKeywords(value, found);
    }
  }
  return found;
}

/** The document with every local `#/...` ref moved under `#/$defs/...`, where createAjv keeps it. */
function rebaseRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rebaseRefs);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) =>
      key === '$ref' && typeof value === 'string' && value.startsWith('#/')
        ? [key, `#/$defs/${value.slice(2)}`]
        : [key, rebaseRefs(value)],
    ),
  );
}

/** A strict ajv (draft 2020-12, as OpenAPI 3.1 uses) that knows the document's annotation keywords. */
export function createAjv(doc: OpenApiDocument, options: { source?: boolean } = {}): Ajv2020 {
  // strictTypes off: a field the reference leaves untyped keeps its described members (properties, items) without a type.
  // verbose: each error carries its parentSchema, where `x-presence-stated` tells an omission from a violation.
  const ajv = new (ajvCompiler().Ajv2020)({
    strict: true,
    strictTypes: false,
    verbose: true,
    allErrors: true,
    validateFormats: true,
    strictRequired: false,
    // source: each validator keeps its code, for scripts/gen-validators.ts to write it out (ajv standalone).
    ...(options.source ? { code: { source: true, lines: true } } : {}),
  });
  addFormats(ajv);
  const annotations = ['example', 'xml', 'externalDocs', 'discriminator', ...extensionKeywords(doc)];
  ajv.addVocabulary([...new Set(annotations)]);
  const { components = {}, paths = {} } = rebaseRefs(doc) as OpenApiDocument;
  ajv.addSchema({ $id: SPEC_ID, $defs: { components, paths } });
  return ajv;
}

export type SchemaNode = Record<string, unknown>;
/** Annotation of the presence-only document: the pointer of a node holding anyOf/oneOf. */
export const JUDGE_POINTER = 'x-judge-pointer';

/**
 * The document with every `required` list cut to the fields beside it in `x-presence-stated` (outside
 * `if` and `not`, where `required` is a condition): what a conforming server must always send.
 */
export function presenceOnly(node: unknown, condition = false, pointer = ''): unknown {
  if (Array.isArray(node))
    return node.map((element, i) => presenceOnly(element, condition, `${pointer}/${i}`));
  if (!node || typeof node !== 'object') return node;
  const copy: SchemaNode = {};
  for (const [key, value] of Object.entries(node))
    copy[key] = presenceOnly(
      value,
      condition || key === 'if' || key === 'not',
      `${pointer}/${escapePointer(key)}`,
    );
  // Where a failed anyOf sits, so its branches can be judged one by one (Spec.withoutOtherBranches).
  if (Array.isArray(copy.anyOf) || Array.isArray(copy.oneOf)) copy[JUDGE_POINTER] = pointer;
  if (!condition && Array.isArray(copy.required)) {
    const stated = (copy['x-presence-stated'] as string[] | undefined) ?? [];
    copy.required = (copy.required as string[]).filter((field) => stated.includes(field));
  }
  return copy;
}

type Refd = { $ref?: string };

function componentRef(ref: string | undefined, kind: 'responses' | 'headers'): string | undefined {
  return ref?.match(new RegExp(`^#/components/${kind}/(.+)$`))?.[1];
}

/** Replaces `$ref`s to components/responses and components/headers by their targets, so checks see content and headers. */
export function inlineResponseRefs(doc: OpenApiDocument): OpenApiDocument {
  const responses = (doc.components?.responses ?? {}) as Record<string, Refd>;
  const headers = (doc.components?.headers ?? {}) as Record<string, Refd>;
  for (const item of Object.values(doc.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const answers = item?.[method]?.responses as
        | Record<string, Refd & { headers?: Record<string, Refd> }>
        | undefined;
      for (const [status, answer] of Object.entries(answers ?? {})) {
        const name = componentRef(answer.$ref, 'responses');
        const resolved = name && responses[name] ? { ...(responses[name] as object) } : answer;
        const own = (resolved as { headers?: Record<string, Refd> }).headers;
        if (own) {
          (resolved as { headers?: Record<string, Refd> }).headers = Object.fromEntries(
            Object.entries(own).map(([header, value]) => {
              const ref = componentRef(value.$ref, 'headers');
              return [header, ref && headers[ref] ? headers[ref] : value];
            }),
          );
        }
        if (answers) answers[status] = resolved;
      }
    }
  }
  return doc;
}

export function listOperations(doc: OpenApiDocument): OperationInfo[] {
  const result: OperationInfo[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item?.[method];
      if (!operation?.operationId) continue;
      result.push({
        operationId: operation.operationId,
        method,
        path,
        operation,
        pointer: `/paths/${escapePointer(path)}/${method}`,
      });
    }
  }
  return result;
}

export function responsePointer(op: OperationInfo, status: string, mediaType?: string): string {
  const base = `${op.pointer}/responses/${status}`;
  return mediaType ? `${base}/content/${escapePointer(mediaType)}/schema` : base;
}

/** The identity of a bundled spec's text, written beside the validators generated from it. */
export const specHash = (text: string) => createHash('sha256').update(text).digest('hex');
