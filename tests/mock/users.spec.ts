import { expect, test } from '@playwright/test';
import { errorCodeOf, sentBodyAt } from '../../lib/client/typed.ts';
import { type InjectedResponse, type MockCallOptions, useSharedMock } from './harness.ts';

const mock = useSharedMock();

async function status(
  userId: number | string,
  options: MockCallOptions = {},
): Promise<InjectedResponse<'getUserStatus'>> {
  const res = await mock().call('getUserStatus', {
    as: typeof userId === 'number' ? userId : 2001,
    tokenIn: 'query',
    path: { user_id: userId },
    query: { attributes: 'status' },
    ...options,
  });
  expect(res.violations).toEqual([]);
  return res;
}

function expectError(res: InjectedResponse, code: number, error: string) {
  expect(res.status, res.text).toBe(code);
  expect(errorCodeOf(res)).toBe(error);
}

test.describe('GET /users/{user_id}?attributes=status', () => {
  test('answers the own status of every user of a site where the API is available', async () => {
    for (const id of [2001, 2002, 2003, 3001, 3002, 4001]) {
      const res = await status(id);
      expect(res.status, res.text).toBe(200);
    }
  });

  test('answers the restricted user with list.allow false and rejected_by_regulations', async () => {
    const body = sentBodyAt(await status(2003), 200);
    expect(body.status.list).toMatchObject({ allow: false, codes: ['rejected_by_regulations'] });
    expect(sentBodyAt(await status(2001), 200).status.list).toMatchObject({ allow: true, codes: [] });
  });

  test('reads the token from the query only', async () => {
    expectError(await status(2001, { as: 2001, tokenIn: 'header' }), 403, 'access_token_not_granted');
    expectError(await status(2001, { as: 'anonymous' }), 403, 'access_token_not_granted');
  });

  test('answers the token errors and the site restriction', async () => {
    expectError(await status(2001, { as: { token: 'no token' } }), 400, 'bad_request');
    expectError(await status(2001, { as: { token: 'APP_USR-unknown' } }), 401, 'not_found');
    expectError(await status(5001), 403, 'forbidden');
  });

  test("refuses another user's status, a missing attributes=status and a malformed id", async () => {
    expectError(await status(2002, { as: 2001 }), 403, 'forbidden');
    expectError(await status(2001, { query: {} }), 400, 'bad_request');
    expectError(await status(2001, { query: { attributes: 'nickname' } }), 400, 'bad_request');
    expectError(await status('me', { as: 2001 }), 400, 'bad_request');
  });
});
