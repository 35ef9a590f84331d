import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { createAjv, loadSpec } from '../../lib/checks/spec.ts';
import { normalise, referencePath } from './keyword-backing.ts';

const spec = loadSpec();

interface Found {
  where: string;
  pointer: string;
  value: unknown;
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Every example of the document with the pointer of the schema it must validate against. */
function collectExamples(node: unknown, pointer: string, found: Found[] = []): Found[] {
  if (!node || typeof node !== 'object') return found;
  const record = node as Record<string, unknown>;
  const isSchemaHolder = 'schema' in record && typeof record.schema === 'object';
  if (isSchemaHolder && 'example' in record)
    found.push({ where: pointer, pointer: `${pointer}/schema`, value: record.example });
  if (isSchemaHolder && record.examples && typeof record.examples === 'object') {
    for (const [name, example] of Object.entries(record.examples as Record<string, { value?: unknown }>)) {
      if (example && 'value' in example)
        found.push({
          where: `${pointer}/examples/${name}`,
          pointer: `${pointer}/schema`,
          value: example.value,
        });
    }
  }
  const looksLikeSchema =
    'type' in record || '$ref' in record || 'properties' in record || 'oneOf' in record || 'anyOf' in record;
  if (!isSchemaHolder && looksLikeSchema && 'example' in record)
    found.push({ where: pointer, pointer, value: record.example });
  for (const [key, value] of Object.entries(record)) {
    if (key === 'example' || key === 'examples' || key.startsWith('x-')) continue;
    collectExamples(value, `${pointer}/${escapePointer(key)}`, found);
  }
  return found;
}

type Node = Record<string, unknown>;

/** The schema a `$ref` names, followed until a schema with content. */
function resolved(node: Node | undefined): Node | undefined {
  let at = node;
  for (let hops = 0; at && typeof at.$ref === 'string' && hops < 10; hops++) {
    let target: unknown = spec.doc;
    for (const segment of (at.$ref as string).slice(2).split('/'))
      target = (target as Node | undefined)?.[segment.replace(/~1/g, '/').replace(/~0/g, '~')];
    at = target as Node | undefined;
  }
  return at;
}

const hasExample = (node: Node | undefined) => !!node && ('example' in node || 'examples' in node);

/** A schema shows an example when it carries one, or every branch of its union, or its elements, do. */
function showsExample(schema: Node | undefined, depth = 0): boolean {
  const node = resolved(schema);
  if (!node || depth > 10) return false;
  if (hasExample(node)) return true;
  const branches = (node.anyOf ?? node.oneOf) as Node[] | undefined;
  if (branches) return branches.every((branch) => showsExample(branch, depth + 1));
  return node.type === 'array' && showsExample(node.items as Node, depth + 1);
}

/** Every JSON answer of an operation that shows no example, at the media level or on its schema. */
function answersWithoutExample(): string[] {
  return spec.operations.flatMap((op) =>
    Object.entries(op.operation.responses ?? {}).flatMap(([status, response]) =>
      Object.entries((resolved(response as Node)?.content ?? {}) as Record<string, Node>)
        .filter(([type]) => type.includes('json'))
        .filter(([, media]) => !hasExample(media) && !showsExample(media.schema as Node))
        .map(([type]) => `${op.operationId} ${status} ${type}`),
    ),
  );
}

/** Every error example whose message the reference does not hold and whose summary does not say whose text it is. */
function errorTextsPresentedAsTheServers(): string[] {
  const reference = normalise(readFileSync(referencePath, 'utf8'));
  const answers = [
    ...Object.entries((spec.doc.components?.responses ?? {}) as Record<string, Node>),
    ...spec.operations.flatMap((op) =>
      Object.entries((op.operation.responses ?? {}) as Record<string, Node>).map(
        ([status, response]) => [`${op.operationId} ${status}`, response] as [string, Node],
      ),
    ),
  ];
  return answers.flatMap(([name, response]) =>
    Object.entries(
      ((response.content as Record<string, Node> | undefined)?.['application/json']?.examples ??
        {}) as Record<string, { summary?: string; value?: { message?: unknown } }>,
    )
      .filter(([, example]) => typeof example.value?.message === 'string')
      .filter(
        ([, example]) => !reference.includes(normalise(String(example.value?.message)).replace(/\.$/, '')),
      )
      .filter(([, example]) => !/\b(mock|illustrative|observed)\b/i.test(example.summary ?? ''))
      .map(([key, example]) => `${name}/${key}: "${example.value?.message}"`),
  );
}

test.describe('spec: schemas and examples', () => {
  test("presents no error text the reference does not give as the server's: each says it is the mock's, illustrative or observed", () => {
    expect(errorTextsPresentedAsTheServers()).toEqual([]);
  });

  test('shows an example of every JSON answer of every operation', () => {
    expect(answersWithoutExample()).toEqual([]);
  });

  test('shows a filled main list in the examples of the list envelopes', () => {
    const lists: [string, string][] = [
      ['PackMessages', 'messages'],
      ['MessageNewForm', 'messages'],
      ['ItemSearchResult', 'results'],
      ['ShippingOptions', 'options'],
      ['FiscalDocumentList', 'fiscal_documents'],
    ];
    const empty = lists.filter(([schema, list]) => {
      const example = (spec.doc.components?.schemas?.[schema] as Node | undefined)?.example as
        | Node
        | undefined;
      const shown = example?.[list];
      return !Array.isArray(shown) || shown.length === 0;
    });
    expect(empty).toEqual([]);
  });

  test('compiles every component schema with ajv in strict mode', () => {
    const ajv = createAjv(spec.doc);
    expect(ajv).toBeTruthy();
    for (const name of Object.keys(spec.doc.components?.schemas ?? {})) {
      expect(() => spec.validator(`/components/schemas/${escapePointer(name)}`), name).not.toThrow();
    }
  });

  test('compiles every response schema of every operation', () => {
    for (const op of spec.operations) {
      for (const [status, response] of Object.entries(op.operation.responses ?? {})) {
        for (const mediaType of Object.keys((response as { content?: object }).content ?? {})) {
          const pointer = `${op.pointer}/responses/${status}/content/${escapePointer(mediaType)}/schema`;
          expect(() => spec.validator(pointer), `${op.operationId} ${status} ${mediaType}`).not.toThrow();
        }
      }
    }
  });

  test('validates every example against its schema', () => {
    const examples = [
      ...collectExamples(spec.doc.paths, '/paths'),
      ...collectExamples(spec.doc.components, '/components'),
    ];
    expect(examples.length).toBeGreaterThan(27);
    const failures = examples.flatMap(({ where, pointer, value }) =>
      spec.validate(pointer, value).map((error) => `${where}: ${error.instancePath || '/'} ${error.message}`),
    );
    expect(failures).toEqual([]);
  });

  test('accepts both documented fiscal uploads: one file, and two files of different types', () => {
    const op = spec.operation('uploadFiscalDocuments');
    const pointer = `${op.pointer}/requestBody/content/multipart~1form-data/schema`;
    const media = (op.operation.requestBody as { content: Record<string, { examples?: object }> }).content[
      'multipart/form-data'
    ];
    expect(Object.keys(media?.examples ?? {})).toEqual(['oneFile', 'twoFiles']);
    expect(spec.validate(pointer, { fiscal_document: '%PDF-1.4' })).toEqual([]);
    expect(spec.validate(pointer, { fiscal_document: ['%PDF-1.4', '<?xml version="1.0"?>'] })).toEqual([]);
    expect(spec.validate(pointer, {})).not.toEqual([]);
  });
});
