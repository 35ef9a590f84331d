import { expect, expectHot, test, verifies } from '../../../fixtures/index.ts';
import { expectError } from '../../../lib/checks/assertions.ts';
import type { CatalogIds } from '../../../lib/profile/types.ts';

interface CatalogRead {
  operationId: string;
  path: (catalog: CatalogIds) => Record<string, string>;
}

/**
 * Tests of catalog reads shown with and without a token (Authentication 6): on any target both calls
 * get a documented answer; on the mock, the same answer.
 */
export function describeOptionalToken(title: string, reads: CatalogRead[]): void {
  test.describe(title, () => {
    for (const { operationId, path } of reads) {
      test(
        `${operationId} answers a call with a token and one without, each with a documented status`,
        verifies(['CATALOG-TOKEN-ANSWERED'], '@readonly'),
        async ({ api, target }) => {
          const withToken = await api.call(operationId, { as: 'seller', path: path(target.catalog) });
          expectHot(withToken.status, 'with a token').toBe(200);
          const without = await api.call(operationId, { as: 'anonymous', path: path(target.catalog) });
          if (without.status !== 200)
            expectError(without, { status: 403, error: 'access_token_not_granted' }, target);
        },
      );

      test(
        `${operationId} answers the same with and without a token`,
        verifies(['CATALOG-TOKEN-OPTIONAL-MOCK'], '@readonly', '@mock-only'),
        async ({ api, seed }) => {
          const withToken = await api.call(operationId, { as: 'seller', path: path(seed.catalog) });
          const without = await api.call(operationId, { as: 'anonymous', path: path(seed.catalog) });
          expect([without.status, without.body]).toEqual([200, withToken.body]);
        },
      );
    }
  });
}
