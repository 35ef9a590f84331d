import { expect, test } from '@playwright/test';
import { createAjv, loadSpec } from '../../lib/checks/spec.ts';

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

test.describe('spec: schemas and examples', () => {
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
