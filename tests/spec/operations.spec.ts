import { expect, test } from '@playwright/test';
import { loadSpec } from '../../lib/checks/spec.ts';
import { REFERENCE_OPERATIONS, REFERENCE_WEBHOOKS } from './reference-operations.ts';

const spec = loadSpec();

test.describe('spec: operations of the reference', () => {
  test('describes exactly the 27 operations of the reference', () => {
    const described = spec.operations.map((op) => `${op.method.toUpperCase()} ${op.path}`).sort();
    expect(described).toEqual([...REFERENCE_OPERATIONS].sort());
  });

  test('gives every operation a unique operationId, a summary and a tag', () => {
    const ids = spec.operations.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { operationId, operation } of spec.operations) {
      expect(operation.summary, `${operationId} summary`).toBeTruthy();
      expect(operation.tags?.length, `${operationId} tags`).toBeGreaterThan(0);
    }
  });

  test('describes every operation in prose, for readers of the rendered page', () => {
    const bare = spec.operations.filter(({ operation }) => !operation.description?.trim());
    expect(bare.map((op) => op.operationId)).toEqual([]);
  });

  test('documents at least one success and one error response for every operation', () => {
    for (const { operationId, operation } of spec.operations) {
      const statuses = Object.keys(operation.responses ?? {});
      expect(
        statuses.some((s) => s.startsWith('2')),
        `${operationId} success`,
      ).toBe(true);
      expect(
        statuses.some((s) => /^[45]/.test(s)),
        `${operationId} errors`,
      ).toBe(true);
    }
  });

  test('describes the orders_v2 and orders_feedback webhooks', () => {
    expect(Object.keys(spec.doc.webhooks ?? {}).sort()).toEqual([...REFERENCE_WEBHOOKS].sort());
  });

  test('answers every error response with the one Error schema', () => {
    const errorRef = spec.doc.components?.schemas?.Error;
    expect(errorRef, 'components.schemas.Error').toBeTruthy();
    for (const op of spec.operations) {
      for (const [status, response] of Object.entries(op.operation.responses ?? {})) {
        if (!/^[45]/.test(status)) continue;
        const schema = (response as { content?: Record<string, { schema?: { $ref?: string } }> }).content?.[
          'application/json'
        ]?.schema;
        expect(schema?.$ref, `${op.operationId} ${status}`).toBe('#/components/schemas/Error');
      }
    }
  });
});
