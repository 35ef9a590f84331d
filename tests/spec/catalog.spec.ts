import { expect, test } from '@playwright/test';
import { citedRequirements } from '../../lib/catalog/citations.ts';
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

const live = requirements.filter((r) => !r.retired);
const squeeze = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Ids of live entries that share a key with an earlier one, as `first = second`. */
function sameUnder(key: (r: (typeof live)[number]) => string | undefined): string[] {
  const seen = new Map<string, string>();
  return live.flatMap((r) => {
    const k = key(r);
    if (!k) return [];
    const first = seen.get(k);
    if (!first) seen.set(k, r.id);
    return first ? [`${first} = ${r.id}`] : [];
  });
}

test.describe('spec: one id per statement', () => {
  test('gives no two live requirements the same text', () => {
    expect(sameUnder((r) => squeeze(r.text))).toEqual([]);
  });

  test('keeps one live id of each pair the spec audit found stating one thing twice', () => {
    const ids = new Set(live.map((r) => r.id));
    const pairs = [
      ['AUTH-QUERY-TOKEN', 'USR-STATUS-TOKEN-QUERY'],
      ['CATALOG-TOKEN-OPTIONAL-MOCK', 'AUTH-TOKEN-OPTIONAL-CATALOG'],
      ['ORD-EVENT-DELIVERY', 'EVT-SUBSCRIPTION'],
      ['ORD-STATUS-LABEL-CANCEL', 'EVT-LABEL-NOT-PRINTED'],
    ];
    expect(pairs.filter((pair) => pair.filter((id) => ids.has(id)).length !== 1)).toEqual([]);
  });

  test('names, in each retired entry, the live id that replaces it', () => {
    const ids = new Set(live.map((r) => r.id));
    const orphans = requirements
      .filter((r) => r.retired)
      .filter((r) => !(r.text.match(/[A-Z]+(?:-[A-Z0-9]+)+/g) ?? []).some((id) => ids.has(id)));
    expect(orphans.map((r) => r.id)).toEqual([]);
  });

  test('cites no retired id from the spec or the target tests', () => {
    const retired = new Set(requirements.filter((r) => r.retired).map((r) => r.id));
    expect(retired.size).toBeGreaterThan(3);
    const fromSpec = spec.operations.flatMap(
      (op) => (op.operation as { 'x-requirements'?: string[] })['x-requirements'] ?? [],
    );
    const fromTests = [...citedRequirements(new Set(requirements.map((r) => r.id))).keys()];
    expect([...fromSpec, ...fromTests].filter((id) => retired.has(id))).toEqual([]);
  });
});
