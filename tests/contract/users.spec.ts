import { expect, notJudged, test, verifies } from '../../fixtures/index.ts';
import { expectError } from '../../lib/checks/assertions.ts';
import type { ApiClient } from '../../lib/client/client.ts';
import { bodyAt } from '../../lib/client/typed.ts';
import type { Caller } from '../../lib/client/types.ts';
import type { UserRole } from '../../lib/profile/types.ts';
import { judgeShown } from './support/judgements.ts';

// Read-only: the user status is a GET; the token travels as the access_token query parameter.

function statusOf(
  api: ApiClient,
  userId: number | string,
  as: Caller,
  options: { tokenIn?: 'query' | 'header'; attributes?: string } = {},
) {
  return api.call('getUserStatus', {
    as,
    tokenIn: options.tokenIn ?? 'query',
    path: { user_id: userId },
    query: { attributes: options.attributes ?? 'status' },
  });
}

test.describe('GET /users/{user_id}?attributes=status', () => {
  test(
    'answers the own status with the token in the query',
    verifies(['USR-STATUS-FIELDS', 'AUTH-QUERY-TOKEN'], '@readonly', '@smoke'),
    async ({ api, target }) => {
      for (const role of ['seller', 'buyer'] as const satisfies UserRole[]) {
        const res = await statusOf(api, target.users[role].id, role);
        expect(res.status, `AUTH-QUERY-TOKEN: ${res.label} as ${role}`).toBe(200);
      }
    },
  );

  test(
    'says why a user who cannot list is blocked',
    verifies(['USR-STATUS-LIST-BLOCKED'], '@readonly'),
    async ({ api, target }) => {
      const res = await statusOf(api, target.users.restricted.id, 'restricted');
      expect(res.status, res.label).toBe(200);
      // status.list and its fields are listed: the rule reads list.allow, and applies only where it is false;
      // codes is judged where carried.
      const list = bodyAt(res, 200).status?.list;
      const who = `restricted user ${target.users.restricted.id}`;
      const id = 'USR-STATUS-LIST-BLOCKED';
      const blocked = judgeShown(target.isMock, id, `${who}: status.list.allow`, list?.allow, (allow) => {
        if (allow === false) return;
        expect(target.isMock, `${id}: the mock's restricted user cannot list`).toBe(false);
        notJudged(id, who, 'list.allow is true: the rule reads blocked users only');
      });
      if (blocked && list?.allow === false)
        judgeShown(target.isMock, id, `${who}: status.list.codes`, list.codes, (codes) =>
          expect(codes, `${id}: ${who}: codes gives the reason list.allow is false`).not.toHaveLength(0),
        );
    },
  );

  test(
    'blocks the restricted user with rejected_by_regulations',
    verifies(['USR-STATUS-REJECTED-REGULATIONS'], '@readonly', '@mock-only'),
    async ({ api, target }) => {
      const res = await statusOf(api, target.users.restricted.id, 'restricted');
      expect(bodyAt(res, 200).status?.list).toMatchObject({
        allow: false,
        codes: ['rejected_by_regulations'],
      });
    },
  );

  test(
    'answers 403 access_token_not_granted without a token',
    verifies(['USR-STATUS-NO-TOKEN', 'AUTH-NO-TOKEN-403'], '@readonly'),
    async ({ api, target }) => {
      const res = await statusOf(api, target.users.seller.id, 'anonymous');
      expectError(res, { status: 403, error: 'access_token_not_granted' }, target, 'USR-STATUS-NO-TOKEN');
    },
  );

  test(
    'answers 403 forbidden to a user of a site where the API is not available',
    verifies(['USR-STATUS-SITE', 'AUTH-SITE-NOT-AVAILABLE'], '@readonly'),
    async ({ api, target }) => {
      const res = await statusOf(api, target.users.unavailableSite.id, 'unavailableSite');
      expectError(res, { status: 403, error: 'forbidden' }, target, 'USR-STATUS-SITE');
    },
  );

  test(
    'answers a client error to an unknown or malformed token',
    verifies(['USR-AUTH-TOKEN-INVALID'], '@readonly', '@mock-only'),
    async ({ api, target }) => {
      const unknown = await statusOf(api, target.users.seller.id, { token: 'APP_USR-0000-unknown-token' });
      expectError(unknown, { status: 401, statusIsGap: true }, target);
      const malformed = await statusOf(api, target.users.seller.id, { token: 'not a token' });
      expectError(malformed, { status: 400, statusIsGap: true }, target);
    },
  );

  test(
    "answers the mock's choices: header token, another user, no attributes, bad id",
    verifies(
      ['USR-STATUS-HEADER-TOKEN', 'USR-STATUS-OTHER-USER', 'USR-STATUS-ATTRIBUTES', 'USR-STATUS-ERRORS'],
      '@readonly',
      '@mock-only',
    ),
    async ({ api, target }) => {
      const seller = target.users.seller.id;
      const header = await statusOf(api, seller, 'seller', { tokenIn: 'header' });
      expectError(
        header,
        { status: 403, error: 'access_token_not_granted' },
        target,
        'USR-STATUS-HEADER-TOKEN',
      );
      const other = await statusOf(api, target.users.seller2.id, 'seller');
      expectError(other, { status: 403, error: 'forbidden' }, target, 'USR-STATUS-OTHER-USER');
      const noStatus = await statusOf(api, seller, 'seller', { attributes: 'nickname' });
      expectError(noStatus, { status: 400, error: 'bad_request' }, target, 'USR-STATUS-ATTRIBUTES');
      const badId = await statusOf(api, 'me', 'seller');
      expectError(badId, { status: 400, error: 'bad_request' }, target, 'USR-STATUS-ERRORS');
    },
  );
});
