/**
 * The mock answers every error row of the spec (`x-error-rows`): for each row whose condition a request
 * can show, a valid request is changed to meet it (lib/rules/error-row-requests.ts) and the answer is
 * judged by the one rule traffic and drift judge with (lib/rules/error-rows.ts, no-token.ts). No row is
 * written here: a row added to the spec is sent and judged without code. Rows that need state the
 * request cannot show (`needs`) stay with the hand-written tests of each resource.
 */
import { expect, test } from '@playwright/test';
import { req } from '../../lib/catalog/annotations.ts';
import { pdfPart } from '../../lib/client/samples.ts';
import type { Exchange } from '../../lib/exchange/exchange.ts';
import { type ErrorRow, type RowOperation, specRowOperations } from '../../lib/rules/error-row-data.ts';
import {
  callExchange,
  type PlannedFile,
  planCall,
  planMeeting,
  type RequestPlan,
} from '../../lib/rules/error-row-requests.ts';
import { conditionOf, judgeErrorRows } from '../../lib/rules/error-rows.ts';
import { judgeNoToken } from '../../lib/rules/no-token.ts';
import { type MockHarness, useFreshMock } from './harness.ts';

/** The mock's users by the profile's role names (fixtures/data/users.json). */
const USERS: Record<string, number> = { seller: 2001, buyer: 3001, stranger: 4001, unavailableSite: 5001 };

const pdf = (): PlannedFile => {
  const part = pdfPart();
  return { name: part.name, type: part.mimeType, bytes: part.buffer };
};
const plan = (
  as: string,
  path: Record<string, string>,
  query: Record<string, string> = {},
  more: Partial<RequestPlan> = {},
): RequestPlan => ({
  as,
  path,
  query,
  ...more,
});
const message = (from: string, to: string) => ({
  from: { user_id: from },
  to: { user_id: to },
  text: 'Hello',
});
const CREATE = { tag: 'post_sale', application_id: '1234567890123456' };
const ATTACH = { tag: 'post_sale', site_id: 'MLB' };

/** Valid requests of the mock's seed data, per operation (the first one a row can be built from is sent). */
const BASES: Record<string, RequestPlan[]> = {
  getOrder: [plan('seller', { order_id: '2000000005' })],
  getOrderProduct: [plan('seller', { order_id: '2000000005' })],
  getOrderDiscounts: [plan('seller', { order_id: '2000000005' })],
  searchOrders: [plan('seller', {}, { seller: '2001', 'order.status': 'paid' })],
  getShipment: [plan('seller', { shipping_id: '4000000012' })],
  getShipmentLeadTime: [plan('seller', { shipment_id: '4000000012' })],
  getUserStatus: [plan('seller', { user_id: '2001' }, { attributes: 'status' })],
  getShippingOptions: [plan('buyer', { item_id: 'MLB100000001' }, { zip_code: '01310100' })],
  uploadFiscalDocuments: [
    plan('seller', { pack_id: '3000000101' }, {}, { files: { fiscal_document: [pdf()] } }),
  ],
  listFiscalDocuments: [plan('seller', { pack_id: '3000000100' })],
  downloadFiscalDocument: [
    plan('seller', { pack_id: '3000000100', fiscal_document_id: '68f1c2a0b4e5d6c7a8b9c0d1' }),
  ],
  deleteFiscalDocuments: [plan('seller', { pack_id: '3000000100' })],
  listPackMessages: [plan('seller', { pack_id: '3000000200', user_id: '2001' }, { tag: 'post_sale' })],
  getMessage: [plan('seller', { message_id: 'a1b2c3d4e5f60718293a4b5c6d7e8f90' }, { tag: 'post_sale' })],
  sendPackMessage: [
    plan('seller', { pack_id: '3000000201', user_id: '2001' }, CREATE, { json: message('2001', '3001') }),
    plan('buyer', { pack_id: '3000000201', user_id: '2001' }, CREATE, { json: message('3001', '2001') }),
  ],
  uploadAttachment: [plan('seller', {}, ATTACH, { files: { file: [pdf()] } })],
  downloadAttachment: [plan('buyer', { attachment_id: '3001_5b0e7c1d2a3f4e5d6c7b8a9f.pdf' }, ATTACH)],
};

/** A plan sent to the mock, and the exchange the rules judge. */
async function send(mock: MockHarness, op: RowOperation, sent: RequestPlan): Promise<Exchange> {
  const call = planCall(sent);
  const res = await mock.call(op.operationId, {
    as: call.caller ? USERS[call.caller] : 'anonymous',
    tokenIn: op.tokenInQuery ? 'query' : 'header',
    path: call.path,
    query: sent.query,
    headers: call.headers,
    raw: call.body,
  });
  const { status, headers, bytes, text, body } = res;
  return callExchange(op, call, { status, headers, bytes, text, body });
}

/** The first base the row's condition can be built from, checked to meet it. */
function planned(op: RowOperation, row: ErrorRow): RequestPlan | undefined {
  for (const base of BASES[op.operationId] ?? []) {
    const built = planMeeting(op, row, base);
    if (built && conditionOf(callExchange(op, planCall(built)), row) === true) return built;
  }
  return undefined;
}

const buildable = (row: ErrorRow) => !row.needs?.length;
const mock = useFreshMock();

test.describe('mock: every error row of the spec, built from its condition', () => {
  const operations = [...specRowOperations().values()].filter((op) => op.rows.length > 0);

  test('every row without state has a request that meets it', () => {
    const unbuilt: string[] = [];
    for (const op of operations)
      for (const row of op.rows.filter(buildable))
        if (!planned(op, row)) unbuilt.push(`${op.operationId} ${row.requirement}`);
    expect(unbuilt, 'rows no base request of BASES can be changed to meet').toEqual([]);
  });

  for (const op of operations) {
    for (const [index, row] of op.rows.entries()) {
      if (!buildable(row)) continue;
      test(
        `${op.operationId} answers ${row.requirement}'s row (${index})`,
        req(row.requirement),
        async () => {
          const built = planned(op, row);
          expect(built, `${row.requirement}: a request of ${op.operationId} meeting the row`).toBeDefined();
          const exchange = await send(mock(), op, built!);
          const judgements =
            row.when?.token === 'absent'
              ? judgeNoToken(exchange, { mock: true })
              : judgeErrorRows(exchange, { mock: true }).filter((j) => j.requirement === row.requirement);
          expect(judgements.length, `${row.requirement}: judged on ${op.operationId}`).toBeGreaterThan(0);
          for (const judgement of judgements)
            expect(
              judgement.outcome,
              `${judgement.requirement}: ${judgement.instance}: ${judgement.reason ?? ''} (answered ${exchange.response.status} ${exchange.response.text.slice(0, 200)})`,
            ).toBe('held');
        },
      );
    }
  }
});
