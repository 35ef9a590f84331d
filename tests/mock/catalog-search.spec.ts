import { expect, test } from '@playwright/test';
import { errorCodeOf, type SentBodyAt, sentBodyAt } from '../../lib/client/typed.ts';
import { useSharedMock } from './harness.ts';

const mock = useSharedMock();

const RANGE = 'lat:-24_-23,lon:-47_-46';

async function search(query: Record<string, string>, site = 'MLB') {
  const res = await mock().call('searchSiteItems', { path: { site_id: site }, query });
  expect(res.violations).toEqual([]);
  return res;
}

const ids = (body: SentBodyAt<'searchSiteItems', 200>) => body.results.map((r) => String(r.id)).sort();

test.describe('mock: site search', () => {
  const cases: [string, Record<string, string>, string[]][] = [
    [
      'the root category inside the range (bounds and descendants included)',
      { category: 'MLB1000', item_location: RANGE },
      ['MLB100000001', 'MLB100000002', 'MLB100000006', 'MLB100000007'],
    ],
    [
      'a middle category inside the range',
      { category: 'MLB1001', item_location: RANGE },
      ['MLB100000001', 'MLB100000002', 'MLB100000006', 'MLB100000007'],
    ],
    [
      'a leaf inside the range',
      { category: 'MLB1002', item_location: RANGE },
      ['MLB100000001', 'MLB100000006'],
    ],
    ['another tree inside the range', { category: 'MLB2000', item_location: RANGE }, ['MLB100000005']],
    [
      'the root category anywhere',
      { category: 'MLB1000' },
      [
        'MLB100000001',
        'MLB100000002',
        'MLB100000003',
        'MLB100000004',
        'MLB100000006',
        'MLB100000007',
        'MLB100000008',
        'MLB100000009',
        'MLB100000010',
        'MLB100000011',
      ],
    ],
    [
      'a range just inside the bounds (exclusive would drop the boundary items)',
      { category: 'MLB1000', item_location: 'lat:-23.99_-23.01,lon:-46.99_-46.01' },
      ['MLB100000001', 'MLB100000002'],
    ],
    ['an unknown category', { category: 'MLB4242', item_location: RANGE }, []],
  ];
  for (const [what, query, expected] of cases) {
    test(`finds ${what}`, async () => {
      const res = await search(query);
      expect(res.status).toBe(200);
      expect(ids(sentBodyAt(res, 200))).toEqual(expected);
      expect(sentBodyAt(res, 200).paging).toEqual({ total: expected.length, offset: 0, limit: 50 });
    });
  }

  test('answers at most limit results and keeps the total', async () => {
    for (const limit of [1, 2, 3, 4, 5]) {
      const body = sentBodyAt(
        await search({ category: 'MLB1000', item_location: RANGE, limit: String(limit) }),
        200,
      );
      expect(body.results.length).toBe(Math.min(limit, 4));
      expect(body.paging).toEqual({ total: 4, offset: 0, limit });
    }
  });

  test('counts the results per category in available_filters', async () => {
    const body = sentBodyAt(await search({ category: 'MLB1000', item_location: RANGE }), 200);
    expect(body.available_filters).toEqual([
      expect.objectContaining({
        id: 'category',
        values: [
          expect.objectContaining({ id: 'MLB1002', results: 2 }),
          expect.objectContaining({ id: 'MLB1003', results: 2 }),
        ],
      }),
    ]);
  });

  test('searches only the site of the path', async () => {
    const body = sentBodyAt(await search({}, 'MLA'), 200);
    expect(ids(body)).toEqual(['MLA100000001']);
  });

  test('takes the first value of a repeated parameter', async () => {
    const res = await mock().app.inject({
      method: 'GET',
      url: `/sites/MLB/search?limit=1&limit=oops&category=MLB1000`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toHaveLength(1);
  });

  const bad: [string, Record<string, string>][] = [
    ['item_location without lon', { item_location: 'lat:-24_-23' }],
    ['item_location with min above max', { item_location: 'lat:-23_-24,lon:-47_-46' }],
    ['item_location out of the globe', { item_location: 'lat:-24_-23,lon:-181_-46' }],
    ['an empty item_location', { item_location: '' }],
    ['limit 0', { limit: '0' }],
    ['limit 51', { limit: '51' }],
    ['limit 2.5', { limit: '2.5' }],
  ];
  for (const [what, query] of bad) {
    test(`answers 400 bad_request to ${what}`, async () => {
      const res = await search(query);
      expect([res.status, errorCodeOf(res)]).toEqual([400, 'bad_request']);
    });
  }

  test('answers 404 to an unknown site and 400 invalid_id to a malformed one', async () => {
    expect((await search({}, 'MZZ')).status).toBe(404);
    const malformed = await search({}, 'mlb');
    expect([malformed.status, errorCodeOf(malformed)]).toEqual([400, 'invalid_id']);
  });

  test('answers the same with and without a token', async () => {
    const query = { category: 'MLB1000', item_location: RANGE };
    const anonymous = await mock().call('searchSiteItems', { path: { site_id: 'MLB' }, query });
    const seller = await mock().call('searchSiteItems', { as: 2001, path: { site_id: 'MLB' }, query });
    expect([anonymous.violations, seller.violations]).toEqual([[], []]);
    expect(anonymous.body).toEqual(seller.body);
  });
});
