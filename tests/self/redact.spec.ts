import { expect, test } from '@playwright/test';
import { createRedactor, REDACTED } from '../../fixtures/api/redact.ts';

const redact = createRedactor(['APP_USR-secret-1', 'tok/with+chars']);

test.describe('redaction of secrets', () => {
  const cases: [string, string][] = [
    ['an Authorization header', 'authorization: Bearer APP_USR-secret-1'],
    ['a known token inside a body', '{"echo":"APP_USR-secret-1"}'],
    ['the access_token query parameter', 'GET /users/1?attributes=status&access_token=anything-at-all'],
    ['a URL-encoded known token', 'q=tok%2Fwith%2Bchars'],
    ['an unknown bearer token', 'Authorization: Bearer some-other-token'],
  ];
  for (const [name, text] of cases) {
    test(`removes ${name}`, () => {
      const out = redact(text);
      expect(out).toContain(REDACTED);
      expect(out).not.toMatch(/APP_USR-secret-1|anything-at-all|tok%2Fwith|some-other-token/);
    });
  }

  test('leaves text without secrets unchanged', () => {
    expect(redact('{"status":404,"error":"order_not_found"}')).toBe(
      '{"status":404,"error":"order_not_found"}',
    );
  });
});
