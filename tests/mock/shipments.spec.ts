import { expect, test } from '@playwright/test';
import { sentBodyAt } from '../../lib/client/typed.ts';
import { callConforming, expectMockError, type MockCallOptions, useSharedMock } from './harness.ts';

const SELLER = 2001;
const BUYER = 3001;
const STRANGER = 4001;
const OFFSITE = 5001;
const SHIPMENT = 4000000012;

const mock = useSharedMock();

const call = <O extends string>(operationId: O, options: MockCallOptions) =>
  callConforming(mock(), operationId, options);

const expectError = expectMockError;

test.describe('GET /shipments/{shipping_id} and /lead_time', () => {
  test('answer the shipment with lead_time.cost and the same delivery promise', async () => {
    const shipment = await call('getShipment', {
      as: SELLER,
      path: { shipping_id: SHIPMENT },
      headers: { 'x-format-new': 'true' },
    });
    const leadTime = await call('getShipmentLeadTime', { as: BUYER, path: { shipment_id: SHIPMENT } });
    const body = sentBodyAt(shipment, 200);
    expect(body.lead_time.cost).toBe(25.9);
    expect(body.lead_time.estimated_delivery_time).toEqual(sentBodyAt(leadTime, 200).estimated_delivery_time);
  });

  test('answer the shipment errors', async () => {
    for (const operationId of ['getShipment', 'getShipmentLeadTime']) {
      const param = operationId === 'getShipment' ? 'shipping_id' : 'shipment_id';
      const at = (id: number | string, as: MockCallOptions['as'] = SELLER) =>
        call(operationId, { as, path: { [param]: id } });
      expectError(
        await at(4999999999),
        404,
        'not_found_shipping_id',
        'Not found shipping with id: 4999999999',
      );
      expectError(await at('abc'), 400, 'bad_request');
      expectError(await at(SHIPMENT, 'anonymous'), 403, 'access_token_not_granted');
      expectError(await at(SHIPMENT, STRANGER), 403, 'forbidden');
      expectError(await at(SHIPMENT, OFFSITE), 403, 'forbidden');
      expectError(await at(SHIPMENT, { token: 'bad token' }), 400, 'bad_request');
      expectError(await at(SHIPMENT, { token: 'APP_USR-nobody' }), 401, 'not_found');
    }
  });
});
