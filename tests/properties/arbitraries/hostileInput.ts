import fc from 'fast-check';

/** Strings a careless server chokes on: traversal, injections, control and wide characters, number edge cases. */
const NASTY_CONSTANTS = [
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2f',
  '%00',
  '100%',
  '%E0%A4%A',
  '\u0000',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '-0',
  '1e309',
  '0x1F',
  '1.5',
  'true',
  '{}',
  '[]',
  '{"$gt":""}',
  "' OR '1'='1' --",
  '<script>alert(1)</script>',
  '$' + '{jndi:ldap://x}',
  '__proto__',
  'constructor',
  '💥🚀',
  '\u202e\u0301',
  ' ',
  '\t\r\n',
] as const;

/** A number far outside any id or page range, written as text. */
const hugeNumberText = fc.oneof(
  fc.constant('9'.repeat(400)),
  fc.constant(String(Number.MAX_SAFE_INTEGER + 2)),
  fc.constant('-9223372036854775809'),
  fc.double({ noNaN: false }).map(String),
  fc.bigInt({ min: 10n ** 20n, max: 10n ** 40n }).map(String),
);

const SURROGATES = { first: 0xd800, count: 0x800 };
const LAST_CODE_POINT = 0x10ffff;

/**
 * Any code point outside the surrogates, drawn exactly as fast-check's `unit: 'binary'` draws it (the same
 * index, the same character). Its unmapper reads the code point back instead of fast-check's, which
 * builds a map of all 1.1 million characters in every worker: seconds of CPU before the first test.
 */
const binaryChar: fc.Arbitrary<string> = fc.nat({ max: LAST_CODE_POINT - SURROGATES.count }).map(
  (index) => String.fromCodePoint(index < SURROGATES.first ? index : index + SURROGATES.count),
  (value) => {
    const code = typeof value === 'string' ? value.codePointAt(0) : undefined;
    const surrogate =
      code !== undefined && code >= SURROGATES.first && code < SURROGATES.first + SURROGATES.count;
    if (code === undefined || surrogate || String.fromCodePoint(code) !== value)
      throw new Error(`not one code point: ${String(value)}`);
    return code < SURROGATES.first ? code : code - SURROGATES.count;
  },
);

/** A long string, long enough to hurt but short enough for any URL (≤ 2,000 characters). */
const hugeText = fc.integer({ min: 500, max: 2000 }).map((n) => 'A'.repeat(n));

/** Any hostile value for a path segment, a query value or a header: never empty. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_CONSTANTS) },
  { weight: 2, arbitrary: hugeNumberText },
  { weight: 1, arbitrary: hugeText },
  { weight: 2, arbitrary: fc.string({ unit: binaryChar, minLength: 1, maxLength: 40 }) },
);

/** A hostile query value: anything hostileText gives, or nothing at all. */
export const hostileQueryValue = fc.oneof(
  { weight: 1, arbitrary: fc.constant('') },
  { weight: 6, arbitrary: hostileText },
);

/** A header value a client can send (visible ASCII), hostile in meaning. */
export const hostileHeaderValue = fc.oneof(
  fc.constantFrom('maybe', 'TRUE ', '1', '', '{}', 'true,false', 'A'.repeat(4000)),
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 60 }),
);

/** Percent-encodings a decoder may mishandle: broken escapes, NUL, overlong UTF-8, lone surrogates. */
export const oddPercentEncoding = fc.constantFrom(
  '%',
  '%zz',
  '%2',
  '%%41',
  '%00',
  '%C0%AF',
  '%ED%A0%80',
  '%FF%FE',
  '%E2%80%AE',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%5c%2e%2e',
  '%252e%252e%252f',
  'a%20b%2Bc',
);

/** A JSON value nested `depth` levels deep (arrays and objects alternating). */
function deepJson(depth: number): string {
  return `${'[{"a":'.repeat(depth)}1${'}]'.repeat(depth)}`;
}

/** Bodies no JSON endpoint can accept: broken syntax, wrong top-level types, hostile nesting. */
export const brokenJsonBody = fc.oneof(
  fc.constantFrom(
    '{',
    '{"text": "hi"',
    '{"text": }',
    "{'text': 'hi'}",
    '[1,2,',
    'nul',
    '\u0000',
    '"just a string"',
  ),
  fc.constantFrom('[]', '42', 'null', 'true', '{"from": 1, "to": [], "text": {}}'),
  fc.integer({ min: 100, max: 5000 }).map(deepJson),
  fc.string({ unit: binaryChar, minLength: 1, maxLength: 60 }).map((s) => `{${s}`),
);

/** Content types a JSON or multipart endpoint must not accept as what it expects. */
export const wrongContentType = fc.constantFrom(
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=nothing-follows',
  'application/octet-stream',
  'application/json; charset=klingon',
  'image/png',
);
