import { expect, test } from '@playwright/test';
import {
  bodyPresentConformance,
  contentTypeConformance,
  errorShapeConformance,
  jsonBodyParses,
  jsonCharsetConformance,
  notAServerError,
  responseHeadersConformance,
  responseSchemaConformance,
  runChecks,
  statusCodeConformance,
} from '../../lib/checks/checks.ts';
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
