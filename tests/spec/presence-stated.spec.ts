import { expect, test } from '@playwright/test';
import { loadSpec } from '../../lib/checks/spec.ts';
import { listAfter, listBefore, presenceInconsistencies, statementsOf } from './presence-verbs.ts';

const doc = loadSpec().doc as unknown as Record<string, unknown>;

test.describe('spec: presence is read from the reference one way', () => {
  test('every field a quote says is contained, had, carried or present is x-presence-stated, and only those', () => {
    expect(presenceInconsistencies(doc)).toEqual([]);
  });
});

test.describe('spec: the presence reader itself', () => {
  test('reads the verbs of the reference as statements, and a list as none', () => {
    const read = (quote: string) =>
      statementsOf(quote).map((s) => `${s.subject.join('.')}:${s.fields.join(',')}`);
    expect(read('| buyer | object | Buyer information; contains id (integer or numeric string) |')).toEqual([
      'buyer:id',
    ]);
    expect(read('| feedback | object | Has keys purchase and sale, each nullable |')).toEqual([
      'feedback:purchase,sale',
    ]);
    expect(read('| order_request | object | Keys change and return, each nullable |')).toEqual([
      'order_request:change,return',
    ]);
    expect(read('| shipping | object | Contains id (integer), the shipment id |')).toEqual(['shipping:id']);
    expect(read('Object {status: object} with: billing {allow: boolean, codes: array}')).toEqual([':status']);
    expect(read('Object with details: array.')).toEqual([':details']);
    expect(read('| mediations | array | Mediations of the order (empty array when none) |')).toEqual([
      ':mediations',
    ]);
    expect(read('total_amount and taxes.amount come from GET /orders/{order_id}')).toEqual([
      ':total_amount,taxes.amount',
    ]);
    expect(read('| coupon | object | amount (number), id (nullable) |')).toEqual([]);
    expect(read('Fields: id, order_id, payer_id, collector (object with id), card_id')).toEqual([]);
    expect(read('in search results may also contain nickname, first_name')).toEqual([]);
  });

  test('reads a list after a verb and before "are present" up to where it ends', () => {
    expect(listAfter('lead_time.cost used below')).toEqual(['lead_time.cost']);
    expect(listAfter('app_version (string) and the destination extended_attributes')).toEqual([
      'app_version',
    ]);
    expect(listBefore('In the short order form only id, transaction_amount, status')).toEqual([
      'id',
      'transaction_amount',
      'status',
    ]);
  });

  test('fails on a "contains" field not stated, and on a stated field a quote only lists', () => {
    const planted = {
      components: {
        schemas: {
          Holder: {
            'x-reference': ['| box | object | Contains id (integer) |', '| tag | string | Tag |'],
            type: 'object',
            required: ['box', 'tag'],
            'x-presence-stated': ['tag'],
            properties: {
              box: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
              tag: { type: 'string' },
            },
          },
        },
      },
    };
    expect(presenceInconsistencies(planted)).toEqual([
      '/components/schemas/Holder/properties/box: id is stated by "| box | object | Contains id (integer) |" but not x-presence-stated',
      '/components/schemas/Holder: x-presence-stated tag, but no quote in scope says more than list it',
    ]);
  });
});
