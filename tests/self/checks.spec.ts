import { expect, test } from '@playwright/test';
import { loadRequirements } from '../../lib/catalog/requirements.ts';
import {
  allChecks,
  bodyPresentConformance,
  contentTypeConformance,
  errorShapeConformance,
  jsonBodyParses,
  jsonCharsetConformance,
  notAServerError,
  responseHeadersConformance,
  responseSchemaConformance,
  runChecks,
  runFindings,
  statusCodeConformance,
} from '../../lib/checks/checks.ts';
import { loadRealResponses } from '../../lib/checks/real-responses.ts';
import { fieldRequirementTable, OPERATIONS_WITHOUT_FIELDS } from '../../lib/checks/requirement-of.ts';
import { loadSpec } from '../../lib/checks/spec.ts';
import type { Finding } from '../../lib/checks/types.ts';
import { conformingError, conformingOrder, contextFor, jsonResponse } from './synthetic-spec.ts';

/** The human sentences of a check's findings, unchanged by their structure. */
const says = (findings: Finding[]) => findings.map((finding) => finding.message);

const order = contextFor('getOrder');
const file = contextFor('getFile');
/** The same operation against the embedded mock, where the choices the reference leaves open are held. */
const orderOnMock = { ...order, mockChoicesHeld: true };

test.describe('conformance checks pass on conforming answers', () => {
  test('every check passes a documented 200 with a valid order', () => {
    expect(runChecks(order, jsonResponse(200, conformingOrder))).toEqual([]);
  });

  test('every check passes a documented 404 in the error shape', () => {
    expect(runChecks(order, jsonResponse(404, conformingError))).toEqual([]);
  });

  test('every check passes a 206 with a valid X-Content-Missing header', () => {
    expect(
      runChecks(order, jsonResponse(206, conformingOrder, { 'x-content-missing': 'buyer,seller' })),
    ).toEqual([]);
  });

  test('every check passes a binary file of a documented media type, including a wildcard one', () => {
    const pdf = {
      status: 200,
      headers: { 'content-type': 'application/pdf' },
      body: undefined,
      text: '%PDF-1.4',
    };
    expect(runChecks(file, pdf)).toEqual([]);
    const text = { status: 200, headers: { 'content-type': 'text/xml' }, body: undefined, text: '<a/>' };
    expect(runChecks(file, text)).toEqual([]);
  });
});

test.describe('statusCodeConformance', () => {
  test('fails an undocumented status, naming it and the documented ones', () => {
    expect(says(statusCodeConformance(order, jsonResponse(409, conformingError)))).toEqual([
      'GET /orders/{order_id} answered 409; documented: 200, 206, 404',
    ]);
  });
});

test.describe('bodyPresentConformance', () => {
  test('fails a 2xx with an empty body where a JSON body is documented, whatever its Content-Type', () => {
    for (const headers of [{}, { 'content-type': 'application/json' }] as Record<string, string>[]) {
      const empty = { status: 200, headers, body: undefined, text: '' };
      expect(says(bodyPresentConformance(order, empty))).toEqual([
        'GET /orders/{order_id} answered 200 with an empty body; documented: a body of application/json',
      ]);
      expect(runChecks(order, empty)).toHaveLength(1);
    }
  });

  test('passes an error without a body (other checks judge it) and a file whose body is open', () => {
    expect(
      says(bodyPresentConformance(order, { status: 404, headers: {}, body: undefined, text: '' })),
    ).toEqual([]);
    expect(
      says(bodyPresentConformance(file, { status: 200, headers: {}, body: undefined, text: '' })),
    ).toEqual([]);
  });
});

test.describe('contentTypeConformance', () => {
  test('fails a body of an undocumented media type', () => {
    const html = { status: 200, headers: { 'content-type': 'text/html' }, body: undefined, text: '<html>' };
    expect(says(contentTypeConformance(order, html))).toEqual([
      'GET /orders/{order_id} answered 200 with Content-Type "text/html"; documented: application/json',
    ]);
  });

  test('fails a body without any Content-Type', () => {
    const bare = { status: 200, headers: {}, body: undefined, text: '{}' };
    expect(says(contentTypeConformance(order, bare))[0]).toContain('Content-Type "(none)"');
  });
});

test.describe('responseHeadersConformance', () => {
  test('fails a 206 without X-Content-Missing', () => {
    expect(says(responseHeadersConformance(order, jsonResponse(206, conformingOrder)))).toEqual([
      'GET /orders/{order_id} answered 206 without header X-Content-Missing; documented: required',
    ]);
  });

  test('fails an X-Content-Missing naming a field outside the documented list', () => {
    const res = jsonResponse(206, conformingOrder, { 'x-content-missing': 'buyer,payments' });
    expect(says(responseHeadersConformance(order, res))[0]).toContain(
      'with header X-Content-Missing "buyer,payments"',
    );
  });
});

test.describe('responseSchemaConformance', () => {
  const cases: { name: string; body: unknown; expected: string }[] = [
    {
      name: 'a number sent as a string',
      body: { ...conformingOrder, total_amount: '12.5' },
      expected:
        'GET /orders/{order_id} answered 200 with total_amount "12.5" (string); documented: must be number',
    },
    {
      name: 'a missing required field',
      body: { id: 1, status: 'paid', pack_id: null },
      expected: 'GET /orders/{order_id} answered 200 with body without required field total_amount',
    },
    {
      name: 'a value outside the enum',
      body: { ...conformingOrder, status: 'shipped' },
      expected:
        'GET /orders/{order_id} answered 200 with status "shipped" (string); documented: one of ["paid","cancelled"]',
    },
    {
      name: 'null where the field is not nullable',
      body: { ...conformingOrder, id: null },
      expected: 'GET /orders/{order_id} answered 200 with id null (null); documented: must be integer',
    },
    {
      name: 'a timestamp that is not ISO 8601 with an offset',
      body: { ...conformingOrder, date_created: '2026-01-02 03:04' },
      expected:
        'GET /orders/{order_id} answered 200 with date_created "2026-01-02 03:04" (string); documented: must match format "date-time"',
    },
  ];
  for (const { name, body, expected } of cases) {
    test(`fails ${name}, saying what was received and what is documented`, () => {
      expect(says(responseSchemaConformance(order, jsonResponse(200, body)))).toEqual([expected]);
    });
  }
});

test.describe('errorShapeConformance', () => {
  test('fails an error body without cause', () => {
    const { cause: _cause, ...withoutCause } = conformingError;
    expect(says(errorShapeConformance(order, jsonResponse(404, withoutCause)))).toEqual([
      'GET /orders/{order_id} answered 404 with error body without required field cause',
    ]);
  });

  test('fails an error body whose status differs from the HTTP status on the mock only (GEN-ERROR-STATUS-ECHO is a gap)', () => {
    const differing = jsonResponse(404, { ...conformingError, status: 400 });
    expect(says(errorShapeConformance({ ...order, mockChoicesHeld: true }, differing))).toEqual([
      'GET /orders/{order_id} answered HTTP 404 with body status 400; documented: the same status',
    ]);
    expect(says(errorShapeConformance(order, differing))).toEqual([]);
  });

  test('fails an error answered as plain text', () => {
    const res = {
      status: 404,
      headers: { 'content-type': 'text/plain' },
      body: undefined,
      text: 'Not Found',
    };
    expect(says(errorShapeConformance(order, res))[0]).toContain('answered 404 with a non-JSON body');
  });

  test('does not apply to successful answers', () => {
    expect(says(errorShapeConformance(order, jsonResponse(200, { anything: true })))).toEqual([]);
  });
});

test.describe('jsonBodyParses', () => {
  const truncated = { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' } };

  test('fails a JSON answer cut short, quoting its start', () => {
    const res = { ...truncated, body: undefined, text: '{"id": 2000000001, "status": "pa' };
    expect(says(jsonBodyParses(order, res))).toEqual([
      'GET /orders/{order_id} answered 200 with Content-Type "application/json" and a body that is not JSON: "{\\"id\\": 2000000001, \\"status\\": \\"pa" (string)',
    ]);
  });

  test('passes a JSON answer that parses, and a binary file that is not JSON', () => {
    expect(says(jsonBodyParses(order, jsonResponse(200, conformingOrder)))).toEqual([]);
    const pdf = {
      status: 200,
      headers: { 'content-type': 'application/pdf' },
      body: undefined,
      text: '%PDF-1.4',
    };
    expect(says(jsonBodyParses(file, pdf))).toEqual([]);
  });
});

test.describe('jsonCharsetConformance', () => {
  test('fails JSON declared in ISO-8859-1, naming the charset', () => {
    const res = jsonResponse(200, conformingOrder, {
      'content-type': 'application/json; charset=ISO-8859-1',
    });
    expect(says(jsonCharsetConformance(order, res))).toEqual([
      'GET /orders/{order_id} answered 200 with JSON in charset "iso-8859-1"; JSON is UTF-8',
    ]);
  });

  test('passes JSON in UTF-8 or without a charset', () => {
    expect(says(jsonCharsetConformance(order, jsonResponse(200, conformingOrder)))).toEqual([]);
    const bare = jsonResponse(200, conformingOrder, { 'content-type': 'application/json' });
    expect(says(jsonCharsetConformance(order, bare))).toEqual([]);
  });
});

test.describe('notAServerError', () => {
  test('fails, on the mock, a 500 the operation does not document', () => {
    const res = jsonResponse(500, { ...conformingError, status: 500 });
    expect(says(notAServerError(orderOnMock, res))).toEqual([
      'GET /orders/{order_id} answered 500, a server error; documented: 200, 206, 404',
    ]);
  });

  test('leaves an undocumented 5xx of a foreign target unjudged: GEN-NO-UNDOCUMENTED-5XX is a gap', () => {
    for (const status of [500, 502, 504]) {
      const res = jsonResponse(status, { ...conformingError, status });
      expect(notAServerError(order, res)).toEqual([]);
      expect(statusCodeConformance({ ...order, clientErrorStatusOpen: true }, res)).toEqual([]);
      expect(statusCodeConformance(orderOnMock, res)).toHaveLength(1);
    }
  });

  test('passes a 500 the operation documents', () => {
    expect(says(notAServerError(file, jsonResponse(500, { ...conformingError, status: 500 })))).toEqual([]);
  });
});

test('runChecks prefixes each failure with the name of the check that found it', () => {
  const failures = runChecks(orderOnMock, jsonResponse(503, { oops: true }));
  expect(failures.some((f) => f.startsWith('[notAServerError]'))).toBe(true);
  expect(failures.some((f) => f.startsWith('[statusCodeConformance]'))).toBe(true);
  expect(failures.some((f) => f.startsWith('[errorShapeConformance]'))).toBe(true);
});

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
