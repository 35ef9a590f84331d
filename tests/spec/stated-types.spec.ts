import { expect, test } from '@playwright/test';
import { loadSpec, type OpenApiDocument, Spec } from '../../lib/checks/spec.ts';
import { keptStatement, statedFields, statedTypes, typesNotKept, valuesNotRefused } from './stated-types.ts';

const spec = loadSpec();
const doc = spec.doc as unknown as Record<string, unknown>;
const acceptedBy = (described: Spec) => (pointer: string, value: unknown) =>
  described.validate(pointer, value).length === 0;

/** Fields whose quotes type only another field of the same name, with the reason. */
const STATED_ELSEWHERE: Record<string, string> = {
  '/components/schemas/OrderCommon/properties/cancel_detail/properties/application_id':
    '"| application_id | string |" is the order\'s own row; the cancel detail table gives no type',
  '/components/schemas/OrderPartial/allOf/1/properties/mediations':
    'an array, or the empty object a 206 returns for a field named by X-Content-Missing (Rules for orders 1)',
  '/components/schemas/Message/properties/message_resources/items/properties/id':
    '"| id | string |" is the message\'s id; the elements {id, name} of message_resources are not typed',
  '/components/schemas/ItemSearchResult/properties/results':
    '"results: integer" counts the items of an available filter\'s value; the envelope\'s results is a list',
};

/** Types a clean-up once removed though their quotes state them (issue 20): pinned, so the matcher cannot lose them. */
const ONCE_REMOVED = [
  'ConversationStatus/properties/status_update_allowed',
  'MessageLegacy/properties/attachments_validations/properties/invalid_size',
  'MessageLegacy/properties/attachments_validations/properties/invalid_extension',
  'MessageLegacy/properties/attachments_validations/properties/forbidden',
  'CategorySettings/properties/max_description_length',
  'CategorySettings/properties/max_pictures_per_item',
  'CategorySettings/properties/max_sub_title_length',
  'State/properties/id',
  'City/properties/id',
  'Neighborhood/properties/id',
  'MessageCreate/properties/from/properties/user_id',
  'MessageCreate/properties/to/properties/user_id',
  'CategoryChild/properties/total_items_in_this_category',
  'EstimatedDeliveryTime/properties/time_frame',
].map((path) => `/components/schemas/${path}`);

test.describe('spec: every type a quote states is carried and enforced', () => {
  test('finds the fields whose quotes state their type, the once-removed ones among them', () => {
    const found = statedFields(doc).map((field) => field.pointer);
    expect(found.length).toBeGreaterThan(200);
    expect(ONCE_REMOVED.filter((pointer) => !found.includes(pointer))).toEqual([]);
  });

  test('gives every field the type its quote states', () => {
    expect(typesNotKept(doc, STATED_ELSEWHERE)).toEqual([]);
  });

  test('refuses, on every such field, a value of another type than the stated one', () => {
    expect(valuesNotRefused(doc, acceptedBy(spec), STATED_ELSEWHERE)).toEqual([]);
  });

  test('excuses only fields the quotes still name and whose statements are all about another field', () => {
    const fields = statedFields(doc);
    const stale = Object.keys(STATED_ELSEWHERE).filter((pointer) => {
      const field = fields.find((candidate) => candidate.pointer === pointer);
      return !field || keptStatement(doc, field) !== undefined;
    });
    expect(stale).toEqual([]);
  });
});

test.describe('spec: the stated-type check itself', () => {
  test('reads the type phrase a clause opens with, not type words further on', () => {
    expect(statedTypes(' (integer)')).toEqual(['integer']);
    expect(statedTypes('integer or numeric string')).toEqual(['integer', 'string']);
    expect(statedTypes('timestamp or null')).toEqual(['string', 'null']);
    expect(statedTypes(' max_title_length (integers)')).toEqual(['integer']);
    expect(statedTypes(': array of {id: integer, name: string}')).toEqual(['array']);
    expect(statedTypes(' {from, to} (delivery timeslot)')).toEqual(['object']);
    expect(statedTypes('opaque strings.')).toEqual([]);
    expect(statedTypes(' (list, number, boolean, string)')).toEqual([]);
    expect(statedTypes(' (three uppercase letters) of the site')).toEqual([]);
  });

  const sample = (ratio: Record<string, unknown>) =>
    ({
      openapi: '3.1.0',
      info: { title: 'sample', version: '1' },
      paths: {},
      components: {
        schemas: {
          Sample: { type: 'object', 'x-reference': 'Object {ratio: number}.', properties: { ratio } },
        },
      },
    }) as unknown as OpenApiDocument;
  const check = (described: OpenApiDocument) => {
    const asNode = described as unknown as Record<string, unknown>;
    return [...typesNotKept(asNode), ...valuesNotRefused(asNode, acceptedBy(new Spec(described)))].join('\n');
  };

  test('passes a field that carries the stated type', () => {
    expect(check(sample({ type: 'number' }))).toBe('');
  });

  test('fails a field whose stated type is gone, or widened, and shows the values it lets through', () => {
    const untyped = check(sample({ 'x-mock-behaviour': 'Type not shown; the mock sends a number.' }));
    expect(untyped).toContain('properties/ratio: the quotes state number; it carries no type');
    expect(untyped).toContain('properties/ratio: stated number, accepts "twelve" (string)');
    const widened = check(sample({ type: ['number', 'null'] }));
    expect(widened).toContain('it carries number or null');
    expect(widened).toContain('accepts null (null)');
  });

  test('fails the real spec once a restored type is removed again', () => {
    const planted = structuredClone(spec.doc);
    const settings = planted.components?.schemas?.CategorySettings as {
      properties: Record<string, Record<string, unknown>>;
    };
    delete settings.properties.max_pictures_per_item?.type;
    const pointer = '/components/schemas/CategorySettings/properties/max_pictures_per_item';
    const found = check(planted);
    expect(found).toContain(`${pointer}: the quotes state integer; it carries no type`);
    expect(found).toContain(`${pointer}: stated integer, accepts "twelve" (string)`);
  });
});
