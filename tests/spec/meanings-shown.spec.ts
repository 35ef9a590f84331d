import { expect, test } from '@playwright/test';
import { loadSpec } from '../../lib/checks/spec.ts';
import { visitDocument } from './keyword-backing.ts';
import { meaningsNotShown, statedMeaning } from './stated-meanings.ts';

// Issue 20, item 4: readers of the rendered page see descriptions, not the x-reference quotes.
const doc = loadSpec().doc as unknown as Record<string, unknown>;

test.describe('spec: the meanings the reference gives are shown', () => {
  test('describes every property whose quotes give it a meaning', () => {
    expect(meaningsNotShown(doc)).toEqual([]);
  });

  test('shows readers of every property a type, a description or a referenced schema', () => {
    const shows = ['description', '$ref', 'type', 'anyOf', 'allOf', 'oneOf', 'properties', 'enum', 'const'];
    const bare = visitDocument(doc)
      .filter((visit) => visit.field && visit.pointer.endsWith(`/properties/${visit.field}`))
      .filter((visit) => !/\/(if|then|else|not)(\/|$)/.test(visit.pointer))
      .filter((visit) => !shows.some((key) => key in visit.node))
      .map((visit) => visit.pointer);
    expect(bare).toEqual([]);
  });

  test('reads a meaning from a row or a parenthesis, never from a type phrase', () => {
    expect(statedMeaning('| quantity | integer | Quantity purchased |', 'quantity')).toBe(
      'Quantity purchased',
    );
    expect(statedMeaning('name (method name), currency_id', 'name')).toBe('method name');
    expect(statedMeaning('| id | integer | yes |', 'id')).toBeUndefined();
    expect(statedMeaning('buyer_id (integer or numeric string)', 'buyer_id')).toBeUndefined();
  });

  test('fails the real spec once a described meaning is dropped', () => {
    const planted = structuredClone(doc) as {
      components: { schemas: Record<string, { properties: Record<string, Record<string, unknown>> }> };
    };
    delete planted.components.schemas.ShippingOption?.properties.tracks_shipments_status?.description;
    expect(meaningsNotShown(planted as unknown as Record<string, unknown>).join('\n')).toContain(
      '/components/schemas/ShippingOption/properties/tracks_shipments_status',
    );
  });
});
