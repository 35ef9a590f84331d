import { expect, test } from '@playwright/test';
import { loadRequirements, REQUIREMENT_KINDS } from '../../lib/catalog/requirements.ts';
import { loadSpec } from '../../lib/checks/spec.ts';

const spec = loadSpec();
const requirements = loadRequirements();

test.describe('spec: requirement catalog', () => {
  test('has unique, well-formed ids', () => {
    const ids = requirements.map((r) => r.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(ids.filter((id) => !/^[A-Z]+(-[A-Z0-9]+)+$/.test(id))).toEqual([]);
  });

  test('gives every entry a text, a source, a known kind and a basis', () => {
    const bad = requirements.filter(
      (r) =>
        !r.text ||
        !r.source ||
        !(REQUIREMENT_KINDS as readonly string[]).includes(r.kind) ||
        !['documented', 'gap'].includes(r.basis) ||
        !Array.isArray(r.operations),
    );
    expect(bad.map((r) => r.id)).toEqual([]);
  });

  test('names only operations the spec describes', () => {
    const known = new Set(spec.operations.map((op) => op.operationId));
    const unknown = requirements.flatMap((r) =>
      r.operations.filter((id) => !known.has(id)).map((id) => `${r.id}: ${id}`),
    );
    expect(unknown).toEqual([]);
  });

  test('covers every operation with at least one requirement', () => {
    const covered = new Set(requirements.flatMap((r) => r.operations));
    expect(spec.operations.map((op) => op.operationId).filter((id) => !covered.has(id))).toEqual([]);
  });

  test('refers from the spec only to requirements of the catalog', () => {
    const ids = new Set(requirements.map((r) => r.id));
    const referenced = spec.operations.flatMap(
      (op) => (op.operation as { 'x-requirements'?: string[] })['x-requirements'] ?? [],
    );
    expect(referenced.filter((id) => !ids.has(id))).toEqual([]);
  });
});
