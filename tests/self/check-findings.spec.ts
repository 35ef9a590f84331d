import { expect, test } from '@playwright/test';
import { loadRequirements } from '../../lib/catalog/requirements.ts';
import { allChecks, responseSchemaConformance, runFindings } from '../../lib/checks/checks.ts';
import { loadRealResponses } from '../../lib/checks/real-responses.ts';
import { fieldRequirementTable, OPERATIONS_WITHOUT_FIELDS } from '../../lib/checks/requirement-of.ts';
import { loadSpec } from '../../lib/checks/spec.ts';
import type { Finding } from '../../lib/checks/types.ts';
import { conformingError, conformingOrder, contextFor, jsonResponse } from './synthetic-spec.ts';

const order = contextFor('getOrder');
/** The same operation against the embedded mock, where the choices the reference leaves open are held. */
const orderOnMock = { ...order, mockChoicesHeld: true };

test.describe('structured findings: each check says what, where, which requirement and shows it', () => {
  const findingsOf = (res: Parameters<typeof runFindings>[1], ctx = order) =>
    runFindings(ctx, res).map(({ message: _message, ...rest }) => rest);

  test('a schema finding names its field, pointer, keyword, level, requirement and the value received', () => {
    expect(findingsOf(jsonResponse(200, { ...conformingOrder, total_amount: '12.5' }))).toEqual([
      {
        check: 'responseSchemaConformance',
        requirement: 'ORD-ORDER-FIELDS',
        operation: 'GET /orders/{order_id}',
        field: 'total_amount',
        pointer: '/total_amount',
        level: 'violation',
        keyword: 'type',
        evidence: { status: 200, value: '"12.5" (string)' },
      },
    ]);
    const [missing] = findingsOf(jsonResponse(200, { id: 1, status: 'paid', pack_id: null }));
    expect(missing).toMatchObject({ field: 'total_amount', pointer: '/total_amount', level: 'omission' });
    expect(missing?.evidence).toEqual({ status: 200 });
    const [status] = findingsOf(jsonResponse(200, { ...conformingOrder, status: 'shipped' }));
    expect(status).toMatchObject({ requirement: 'ORD-STATUS-VALUES', keyword: 'enum' });
  });

  test('the other checks name their place and kind; the header of a 206 order breaks ORD-READ-PARTIAL', () => {
    const place = (res: Parameters<typeof runFindings>[1], ctx = order) =>
      findingsOf(res, ctx).map((f) => [f.check, f.field, f.keyword, f.requirement]);
    expect(place(jsonResponse(206, conformingOrder))).toEqual([
      ['responseHeadersConformance', 'header X-Content-Missing', 'required', 'ORD-READ-PARTIAL'],
    ]);
    expect(place(jsonResponse(206, conformingOrder, { 'x-content-missing': 'payments' }))).toEqual([
      ['responseHeadersConformance', 'header X-Content-Missing', 'pattern', 'ORD-READ-PARTIAL'],
    ]);
    expect(place({ status: 200, headers: {}, body: undefined, text: '' })).toEqual([
      ['bodyPresentConformance', '(body)', 'empty', 'ORD-ORDER-FIELDS'],
    ]);
    expect(
      place({ status: 200, headers: { 'content-type': 'text/html' }, body: undefined, text: '<p>' }),
    ).toEqual([['contentTypeConformance', 'content-type', 'media-type', 'GEN-JSON-BODIES']]);
    expect(place(jsonResponse(409, conformingError)).at(0)).toEqual([
      'statusCodeConformance',
      'status 409',
      'status',
      'ORD-ORDER-FIELDS',
    ]);
    const plain = { status: 404, headers: { 'content-type': 'text/plain' }, body: undefined, text: 'x' };
    expect(place(plain)).toContainEqual([
      'errorShapeConformance',
      'error body',
      'not-json',
      'GEN-ERROR-SHAPE',
    ]);
    const echo = jsonResponse(404, { ...conformingError, status: 400 });
    expect(place(echo, { ...order, mockChoicesHeld: true })).toEqual([
      ['errorShapeConformance', 'error body.status', 'status-echo', 'GEN-ERROR-SHAPE'],
    ]);
  });

  test('every finding carries the name under which allChecks runs its check, and the answer status', () => {
    const answers = [
      jsonResponse(503, { oops: true }),
      jsonResponse(
        206,
        { ...conformingOrder, id: 'x' },
        { 'content-type': 'application/json; charset=latin1' },
      ),
      { status: 200, headers: { 'content-type': 'application/json' }, body: undefined, text: '{"id' },
    ];
    const seen = new Set<string>();
    for (const [name, check] of Object.entries(allChecks)) {
      for (const res of answers) {
        for (const finding of check(orderOnMock, res)) {
          expect(finding.check).toBe(name);
          expect(finding.evidence.status).toBe(res.status);
          seen.add(name);
        }
      }
    }
    expect([...seen].sort()).toEqual(
      Object.keys(allChecks)
        .filter((name) => name !== 'bodyPresentConformance' && name !== 'contentTypeConformance')
        .sort(),
    );
  });

  test('the requirement table names a field requirement of the catalog for every operation of the spec', () => {
    const catalog = new Map(loadRequirements().map((r) => [r.id, r]));
    const table = fieldRequirementTable();
    for (const { operationId } of loadSpec().operations) {
      if (OPERATIONS_WITHOUT_FIELDS.includes(operationId)) continue;
      expect(table[operationId], operationId).toBeDefined();
      for (const [prefix, id] of table[operationId] ?? []) {
        expect(catalog.get(id)?.kind, `${id} (${operationId})`).toBeDefined();
        if (prefix === '') expect(catalog.get(id)?.operations, id).toContain(operationId);
      }
    }
  });
});

test.describe('omissions inside anyOf and if are judged per branch (issue 35 item 2)', () => {
  const spec = loadSpec();
  const captures = new Map(loadRealResponses().map((capture) => [capture.file, capture]));
  const onReal = (operationId: string, headers?: Record<string, string>) => {
    const op = spec.operation(operationId);
    return { spec, op, label: `${op.method.toUpperCase()} ${op.path}`, requestHeaders: headers };
  };
  const bodyOf = (file: string) => structuredClone(captures.get(file)?.body) as Record<string, unknown>;
  const levels = (findings: Finding[]) => findings.map((f) => `${f.level} ${f.keyword} ${f.field}`);

  test('a legacy by-id message leaving out a listed field is one omission, not an anyOf violation', () => {
    const legacy = bodyOf('messages_get_01');
    delete legacy.date_notified;
    expect(levels(responseSchemaConformance(onReal('getMessage'), jsonResponse(200, legacy)))).toEqual([
      'omission required date_notified',
    ]);
    legacy.attachments = 'none';
    // A real break is a violation, shown in the form it is closest to (not "without required field paging").
    expect(levels(responseSchemaConformance(onReal('getMessage'), jsonResponse(200, legacy)))).toEqual([
      'violation type attachments',
      'violation anyOf (body)',
    ]);
  });

  test('a full-form payment leaving out a short-form field is an omission of the full form (SP7)', () => {
    const order = bodyOf('orders_get_05');
    const [payment] = order.payments as Record<string, unknown>[];
    delete payment?.date_last_modified;
    const found = levels(responseSchemaConformance(onReal('getOrder'), jsonResponse(200, order)));
    expect(found).toContain('omission required payments[].date_last_modified');
    expect(found.filter((line) => line.includes('payments') && !line.startsWith('omission'))).toEqual([]);
  });

  test('a bare site-categories element without name is an omission', () => {
    const categories = captures.get('site_categories_01')?.body as Record<string, unknown>[];
    const bare = [{ id: 'MLA1' }, ...categories.slice(1)];
    expect(levels(responseSchemaConformance(onReal('listSiteCategories'), jsonResponse(200, bare)))).toEqual([
      'omission required [].name',
    ]);
  });

  test('a data-hiding shape breaks a stated presence: the user-status envelope unwrapped, an order without buyer.id', () => {
    const status = bodyOf('users_status_01');
    const unwrapped = status.status as Record<string, unknown>;
    expect(levels(responseSchemaConformance(onReal('getUserStatus'), jsonResponse(200, unwrapped)))).toEqual([
      'violation required status',
    ]);
    const order = bodyOf('orders_get_05');
    order.buyer = {};
    expect(levels(responseSchemaConformance(onReal('getOrder'), jsonResponse(200, order)))).toContain(
      'violation required buyer.id',
    );
  });

  test('Orders rule 3 states total_amount and taxes.amount of a read with x-format-new only', () => {
    const order = bodyOf('orders_get_05');
    delete order.taxes;
    const withHeader = onReal('getOrder', { 'x-format-new': 'true' });
    expect(levels(responseSchemaConformance(withHeader, jsonResponse(200, order)))).toContain(
      'violation required taxes',
    );
    expect(levels(responseSchemaConformance(onReal('getOrder'), jsonResponse(200, order)))).toContain(
      'omission required taxes',
    );
  });
});
