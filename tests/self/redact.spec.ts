import { expect, test } from '@playwright/test';
import { createRedactor, REDACTED, redactThenCut } from '../../lib/redact/redact.ts';

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

test.describe('shortening evidence: redact first, then cut', () => {
  const token = 'APP_USR-secret-1';

  test('a token straddling the cut leaves no prefix of itself behind', () => {
    for (let at = 80 - token.length; at <= 80; at += 1) {
      const out = redactThenCut(`${'x'.repeat(at)}${token}${'y'.repeat(200)}`, 80, redact);
      expect(out, `token at ${at}`).not.toMatch(/APP_USR-s/);
      expect(out).toContain('(');
    }
  });

  test('a token past the redacted window of a huge body is never shown', () => {
    const out = redactThenCut(`${'x'.repeat(5000)}${token}${'z'.repeat(10_000_000)}`, 4096, redact);
    expect(out.length).toBeLessThan(4200);
    expect(out).not.toContain('APP_USR');
  });

  test('a base64-encoded token is redacted too', () => {
    const encoded = Buffer.from(`Bearer ${token}`).toString('base64');
    expect(redact(`x-echo: ${encoded}`)).toContain(REDACTED);
  });
});

test.describe('a secret base URL', () => {
  const base = 'https://staging.example.test:8443';
  const redactBase = createRedactor([base, 'staging.example.test:8443'], {
    [base]: '[BASE_URL]',
    'staging.example.test:8443': '[BASE_URL_HOST]',
  });

  test('is replaced by its placeholder in URLs and by the host placeholder alone', () => {
    expect(redactBase(`GET ${base}/orders/1`)).toBe('GET [BASE_URL]/orders/1');
    expect(redactBase('connect ECONNREFUSED staging.example.test:8443')).toBe(
      'connect ECONNREFUSED [BASE_URL_HOST]',
    );
    expect(redactBase(`url=${encodeURIComponent(base)}`)).toBe('url=[BASE_URL]');
  });
});
