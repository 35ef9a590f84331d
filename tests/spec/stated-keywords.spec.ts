import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { loadSpec, type OpenApiDocument, Spec } from '../../lib/checks/spec.ts';
import { normalise, referencePath } from './keyword-backing.ts';
import {
  type ConditionalPresence,
  listedFields,
  listedNotRequired,
  statedValueFields,
  statedValueLists,
  valueSetsNotKept,
  valueSetsNotRefused,
} from './stated-values.ts';

// The other half of issue 20's item 1 (the types are stated-types.spec.ts): every value set and every
// required field of a component schema is fed a value that breaks it, and the schema must refuse it.

type Node = Record<string, unknown>;
const spec = loadSpec();

/** Schema positions that describe a field itself, not a condition on it. */
const CONDITIONAL = /\/(if|then|else|not|contains)(\/|$)/;

function* schemaNodes(node: unknown, pointer: string): Generator<[string, Node]> {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return;
  const record = node as Node;
  yield [pointer, record];
  for (const key of ['properties', 'items', 'allOf', 'anyOf', 'oneOf'] as const) {
    const child = record[key];
    if (key === 'items') yield* schemaNodes(child, `${pointer}/items`);
    else if (Array.isArray(child))
      for (const [i, c] of child.entries()) yield* schemaNodes(c, `${pointer}/${key}/${i}`);
    else if (child && typeof child === 'object')
      for (const [name, c] of Object.entries(child as Node))
        yield* schemaNodes(c, `${pointer}/${key}/${name}`);
  }
}

function componentNodes(doc: OpenApiDocument): [string, Node][] {
  const schemas = (doc.components?.schemas ?? {}) as Node;
  return Object.entries(schemas)
    .flatMap(([name, schema]) => [...schemaNodes(schema, `/components/schemas/${name}`)])
    .filter(([pointer]) => !CONDITIONAL.test(pointer));
}

const NOT_LISTED = '__a value no list of the reference holds__';
const asNode = (doc: OpenApiDocument) => doc as unknown as Node;
const acceptedBy = (described: Spec) => (pointer: string, value: unknown) =>
  described.validate(pointer, value).length === 0;

/** Every enum of a component that lets through a value outside its list, as `pointer: why`. */
function enumsNotEnforced(described: Spec): string[] {
  return componentNodes(described.doc)
    .filter(([, node]) => Array.isArray(node.enum))
    .filter(([pointer]) => described.validate(pointer, NOT_LISTED).length === 0)
    .map(
      ([pointer, node]) => `${pointer}: enum ${(node.enum as unknown[]).join(', ')} accepts "${NOT_LISTED}"`,
    );
}

/** Every required field of a component object that an answer may leave out unnoticed, as `pointer: why`. */
function requiredNotEnforced(described: Spec): string[] {
  return componentNodes(described.doc)
    .filter(([, node]) => Array.isArray(node.required) && node.type === 'object')
    .flatMap(([pointer, node]) => {
      const missing = new Set(
        described
          .validate(pointer, {})
          .filter((error) => error.keyword === 'required' && error.instancePath === '')
          .map((error) => String((error.params as { missingProperty?: unknown }).missingProperty)),
      );
      return (node.required as string[])
        .filter((name) => !missing.has(name))
        .map((name) => `${pointer}: required ${name} is not reported missing from {}`);
    });
}

test.describe('spec: every stated value set and required field refuses a breaking value', () => {
  test('refuses a value outside each enum', () => {
    const enums = componentNodes(spec.doc).filter(([, node]) => Array.isArray(node.enum));
    expect(enums.length).toBeGreaterThan(10);
    expect(enumsNotEnforced(spec)).toEqual([]);
  });

  test('reports each required field missing from an empty object', () => {
    const objects = componentNodes(spec.doc).filter(([, node]) => Array.isArray(node.required));
    expect(objects.length).toBeGreaterThan(30);
    expect(requiredNotEnforced(spec)).toEqual([]);
  });
});

/**
 * Objects whose listed fields the reference makes conditional, each with the sentence that does:
 * the project's rule is that a listed field is required, so every exception names its sentence.
 */
const CONDITIONAL_PRESENCE: Record<string, ConditionalPresence> = {
  '/components/schemas/OrderItem/properties/item': {
    fields: ['seller_custom_field', 'condition', 'category_id', 'seller_sku', 'warranty'],
    quote: 'and in some responses seller_custom_field, condition, category_id, seller_sku, warranty',
  },
  '/components/schemas/OrderCommon/properties/cancel_detail': {
    fields: ['group', 'code', 'description', 'date', 'application_id'],
    quote: '| cancel_detail | object | Detail of the cancellation (see below) |',
  },
  '/components/schemas/OrderSeller': {
    fields: ['nickname', 'first_name', 'last_name', 'phone', 'alternative_phone'],
    quote: 'in search results may also contain nickname, first_name, last_name, phone and alternative_phone',
  },
  '/components/schemas/OrderDiscountDetail': {
    fields: ['coupon', 'cashback', 'supplier', 'counter_currency', 'items'],
    quote: 'Each element has type (coupon, discount or cashback) and, depending on type:',
  },
  '/components/schemas/OrderDiscountDetail/properties/supplier': {
    fields: ['platform_campaign', 'offer_id', 'funding_mode', 'campaign_id'],
    quote: 'Each element has type (coupon, discount or cashback) and, depending on type:',
  },
  '/components/schemas/OrderDiscountDetail/properties/items/items': {
    fields: ['element_id'],
    quote: 'element_id (integer, cashback)',
  },
  '/components/schemas/OrderDiscountDetail/properties/items/items/properties/amounts': {
    fields: ['total', 'seller'],
    quote: 'Each element has type (coupon, discount or cashback) and, depending on type:',
  },
  '/components/schemas/EstimatedDeliveryTime': {
    fields: ['date', 'time_frame', 'pay_before'],
    quote:
      'date and offset.date exist only if the handling time is known; time_frame and pay_before apply only to carriers that handle well-defined frames',
  },
  '/components/schemas/EstimatedDeliveryTime/properties/offset': {
    fields: ['date', 'shipping'],
    quote:
      'the business-days range is [shipping, shipping + offset.shipping]; date and offset.date exist only if',
  },
  '/components/schemas/EstimatedDeliveryTime/properties/time_frame': {
    fields: ['from', 'to'],
    quote: 'time_frame and pay_before apply only to carriers that handle well-defined frames',
  },
  '/components/schemas/MessageCreate': {
    fields: ['attachments'],
    quote: '| attachments | array of string | no | Ids returned by the attachment upload |',
  },
  '/components/schemas/MessageCreate/properties/to': {
    fields: ['email', 'resource', 'site_id'],
    quote:
      'Conditions under which to.email, to.resource and to.site_id are required on message creation: not shown.',
  },
  '/components/schemas/CategoryAttribute': {
    fields: ['value_max_length', 'values'],
    quote:
      'value_max_length (integer, for number and string), tags {fixed: boolean, required: boolean}, values (array of {id, name}; for list and boolean)',
  },
};

const reference = normalise(readFileSync(referencePath, 'utf8'));
const doc = asNode(spec.doc);

test.describe('spec: every value set and required field the quotes state is carried and enforced', () => {
  test('finds, from the quotes, the value set of every enum of the spec that is not marked', () => {
    const found = new Set(statedValueFields(doc).map((field) => field.pointer));
    expect(found.size).toBeGreaterThan(14);
    const unmarked = componentNodes(spec.doc)
      .filter(
        ([pointer, node]) =>
          Array.isArray(node.enum) &&
          /\/properties\/[^/]+(\/items)?$|^\/components\/schemas\/[A-Za-z]+$/.test(pointer),
      )
      .filter(([, node]) => !('x-mock-behaviour' in node))
      .map(([pointer]) => pointer);
    expect(unmarked.filter((pointer) => !found.has(pointer))).toEqual([]);
  });

  test('gives every field whose quotes list its values an enum holding them', () => {
    expect(valueSetsNotKept(doc)).toEqual([]);
  });

  test('refuses, on every such field, a value outside the stated set', () => {
    expect(valueSetsNotRefused(doc, acceptedBy(spec))).toEqual([]);
  });

  test('requires every field the quotes list for an object, unless a sentence makes it conditional', () => {
    expect(listedFields(doc).length).toBeGreaterThan(40);
    expect(listedNotRequired(doc, CONDITIONAL_PRESENCE)).toEqual([]);
  });

  test('excuses a listed field only by a verbatim sentence, and only while it is listed and optional', () => {
    const listed = new Map(listedFields(doc).map((object) => [object.pointer, object]));
    const stale = Object.entries(CONDITIONAL_PRESENCE).flatMap(([pointer, { fields, quote }]) => {
      const object = listed.get(pointer);
      const required = (object?.node.required as string[] | undefined) ?? [];
      return [
        ...(reference.includes(normalise(quote)) ? [] : [`${pointer}: "${quote}" is not in the reference`]),
        ...fields
          .filter((name) => !object?.listed.includes(name) || required.includes(name))
          .map((name) => `${pointer}: ${name} is no longer a listed optional field`),
      ];
    });
    expect(stale).toEqual([]);
  });
});

test.describe('spec: the value-set and required checks themselves', () => {
  test('reads value lists after a name, in a table cell, in a values sentence; not field or type lists', () => {
    expect(statedValueLists('type (text, range, boolean)', 'type', '')).toEqual([
      ['text', 'range', 'boolean'],
    ]);
    expect(statedValueLists('| channel | mshops, proximity, mp-channel |', 'channel', '')).toEqual([
      ['mshops', 'proximity', 'mp-channel'],
    ]);
    expect(statedValueLists('| file_type | string (application/pdf or text/xml) |', 'file_type', '')).toEqual(
      [['application/pdf', 'text/xml']],
    );
    expect(
      statedValueLists('display values: always (shown), no (hidden); rare also occurs.', 'display', ''),
    ).toEqual([['always', 'no', 'rare']]);
    expect(statedValueLists('optional header x-format-new: true', 'x-format-new', '')).toEqual([['true']]);
    expect(statedValueLists('element_id (integer, cashback)', 'element_id', '')).toEqual([]);
    expect(statedValueLists('currency_id (string or null)', 'currency_id', '')).toEqual([]);
    expect(statedValueLists('offset {date: range end, shipping: range amplitude}', 'date', '')).toEqual([]);
  });

  test('fails the real spec once a stated enum is removed, and shows the value it lets through', () => {
    const planted = structuredClone(spec.doc);
    const option = planted.components?.schemas?.ShippingOption as { properties: Record<string, Node> };
    delete option.properties.display?.enum;
    const pointer = '/components/schemas/ShippingOption/properties/display';
    expect(valueSetsNotKept(asNode(planted)).join('\n')).toContain(
      `${pointer}: the quotes state always, optional, no, recommended; it carries no enum`,
    );
    expect(valueSetsNotRefused(asNode(planted), acceptedBy(new Spec(planted))).join('\n')).toContain(pointer);
  });

  test('fails the real spec once a value is dropped from a stated enum', () => {
    const planted = structuredClone(spec.doc);
    const common = planted.components?.schemas?.OrderCommon as { properties: Record<string, Node> };
    const status = common.properties.status as Node;
    status.enum = (status.enum as string[]).filter((value) => value !== 'manually_cancelled');
    expect(valueSetsNotKept(asNode(planted))).toContain(
      '/components/schemas/OrderCommon/properties/status: the quotes state manually_cancelled; its enum lacks them',
    );
  });

  test('fails the real spec once a listed field is no longer required', () => {
    const planted = structuredClone(spec.doc);
    const shipping = planted.components?.schemas?.OrderShipping as Node;
    delete shipping.required;
    expect(listedNotRequired(asNode(planted), CONDITIONAL_PRESENCE)).toContain(
      '/components/schemas/OrderShipping: the quotes list id; it is not required',
    );
  });
});
