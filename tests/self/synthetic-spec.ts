import { Spec } from '../../lib/checks/spec.ts';
import type { CheckContext, ObservedResponse } from '../../lib/checks/types.ts';

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** A small OpenAPI 3.1 document, independent of the real spec, to test the checks against. */
const syntheticDoc = {
  openapi: '3.1.0',
  info: { title: 'synthetic', version: '1' },
  paths: {
    '/orders/{order_id}': {
      get: {
        operationId: 'getOrder',
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } },
          },
          '206': {
            description: 'partial',
            headers: {
              'X-Content-Missing': {
                required: true,
                schema: { type: 'string', pattern: '^(buyer|seller)(,(buyer|seller))*$' },
              },
            },
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } },
          },
          '404': errorResponse('not found'),
        },
      },
    },
    '/files/{id}': {
      get: {
        operationId: 'getFile',
        responses: {
          '200': { description: 'file', content: { 'application/pdf': {}, 'text/*': {} } },
          '500': errorResponse('cannot read'),
        },
      },
    },
  },
  components: {
    schemas: {
      Error: {
        type: 'object',
        required: ['message', 'error', 'status', 'cause'],
        properties: {
          message: { type: 'string' },
          error: { type: 'string' },
          status: { type: 'integer' },
          cause: { type: 'array' },
        },
      },
      Order: {
        type: 'object',
        required: ['id', 'status', 'total_amount', 'pack_id'],
        'x-presence-stated': ['id', 'status'],
        properties: {
          id: { type: 'integer' },
          status: { type: 'string', enum: ['paid', 'cancelled'] },
          total_amount: { type: 'number' },
          pack_id: { type: ['integer', 'null'] },
          date_created: { type: 'string', format: 'date-time' },
        },
      },
    },
  },
};

const syntheticSpec = new Spec(syntheticDoc as never);

export function contextFor(operationId: string): CheckContext {
  const op = syntheticSpec.operation(operationId);
  return { spec: syntheticSpec, op, label: `${op.method.toUpperCase()} ${op.path}` };
}

/** A JSON answer as the checks see it. */
export function jsonResponse(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): ObservedResponse {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body,
    text: JSON.stringify(body),
  };
}

export const conformingOrder = {
  id: 1,
  status: 'paid',
  total_amount: 12.5,
  pack_id: null,
  date_created: '2026-01-02T03:04:05-03:00',
};
export const conformingError = {
  message: 'Order not found.',
  error: 'order_not_found',
  status: 404,
  cause: [],
};
