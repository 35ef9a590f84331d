/**
 * Paging of GET /messages/packs/{pack_id}/sellers/{user_id}, on messaging.pack (read only: its
 * totals never change, so a whole listing read once is the reference for every page).
 */
import fc from 'fast-check';
import type { ApiClient } from '../../fixtures/api/client.ts';
import { expectError } from '../../fixtures/assertions.ts';
import { expect, type TargetProfile, test, verifies } from '../../fixtures/index.ts';
import { negativeOffset, nonNumeric, nonPositiveLimit, pageSize, pageWithin } from './arbitraries/paging.ts';

type Party = 'seller' | 'buyer';
const PARTIES: Party[] = ['seller', 'buyer'];
const WALK = 5;

interface Listing {
  paging: { limit: number; offset: number; total: number };
  messages: { id: string }[];
}

function listing(api: ApiClient, target: TargetProfile, as: Party, query: Record<string, string | number>) {
  return api.call('listPackMessages', {
    as,
    path: { pack_id: target.messaging.pack, user_id: target.users.seller.id },
    query,
  });
}

/**
 * Every id the party sees, in listing order, asking pages of `size`. The next offset is what the page
 * held: a target may cap the page size (the reference gives no maximum).
 */
async function walk(api: ApiClient, target: TargetProfile, as: Party, size: number): Promise<string[]> {
  const ids: string[] = [];
  for (let offset = 0; ; ) {
    const res = await listing(api, target, as, { limit: size, offset });
    expect(res.status, res.label).toBe(200);
    const body = res.body as Listing;
    ids.push(...body.messages.map((m) => m.id));
    offset += body.messages.length;
    if (body.messages.length === 0 || offset >= body.paging.total) return ids;
  }
}

const invalid = [
  { name: 'any limit of zero or less', param: 'limit', values: nonPositiveLimit, id: 'MSG-ERR-LIMIT-ZERO' },
  { name: 'any non-numeric limit', param: 'limit', values: nonNumeric, id: 'MSG-ERR-LIMIT-INVALID' },
  {
    name: 'any negative or non-numeric offset',
    param: 'offset',
    values: fc.oneof(negativeOffset, nonNumeric),
    id: 'MSG-ERR-OFFSET-INVALID',
  },
] as const;

test.describe('GET /messages/packs/{pack_id}/sellers/{user_id}: paging', () => {
  // A failure shrinks through many more requests than a passing run makes.
  test.describe.configure({ timeout: 120_000 });

  for (const { name, param, values, id } of invalid) {
    test(`should refuse ${name} with 400`, verifies([id], '@readonly'), async ({ api, target, property }) => {
      const check = async (as: Party, value: string) => {
        // send, not call: a conformance failure must not hide which rule the answer broke
        const res = await api.send('listPackMessages', {
          as,
          path: { pack_id: target.messaging.pack, user_id: target.users.seller.id },
          query: { [param]: value },
        });
        expect(res.status, `${id}: ${res.label} refuses ${param}=${value}; answered ${res.shown}`).toBe(400);
        expect(res.violations, `${res.label} conforms to the spec`).toEqual([]);
        expectError(res, { status: 400 }, target);
      };
      await property(fc.asyncProperty(fc.constantFrom(...PARTIES), values, check), 20);
    });
  }

  test(
    'should answer any valid page with at most limit messages, the slice of the listing at offset',
    verifies(['MSG-LIST-PAGING'], '@readonly'),
    async ({ api, target, property }) => {
      for (const as of PARTIES) {
        const all = await walk(api, target, as, WALK);
        const check = async ({ limit, offset }: { limit: number; offset: number }) => {
          const res = await listing(api, target, as, { limit, offset });
          expect(res.status, res.label).toBe(200);
          const body = res.body as Listing;
          // paging is an open object, and whether limit is echoed (or capped) is the target's choice.
          expect(
            body.paging,
            `MSG-LIST-PAGING: ${res.label}: paging gives offset and the total`,
          ).toMatchObject({ offset, total: all.length, ...(target.isMock ? { limit } : {}) });
          const held = body.messages.length;
          expect(held, `MSG-LIST-PAGING: ${res.label}: no more than limit messages`).toBeLessThanOrEqual(
            limit,
          );
          expect(
            held,
            `MSG-LIST-PAGING: ${res.label}: a page inside the listing is not empty`,
          ).toBeGreaterThan(0);
          if (target.isMock) expect(held).toBe(Math.min(limit, all.length - offset));
          expect(
            body.messages.map((m) => m.id),
            `MSG-LIST-PAGING: ${res.label}: the page at offset`,
          ).toEqual(all.slice(offset, offset + held));
        };
        expect(all.length, `the ${as} sees messages to page through`).toBeGreaterThan(0);
        await property(fc.asyncProperty(pageWithin(all.length), check), 10);
      }
    },
  );

  test(
    'should concatenate the pages of any size into the whole listing without duplicates',
    verifies(['MSG-LIST-PAGING'], '@readonly'),
    async ({ api, target, property }) => {
      const reference = {
        seller: await walk(api, target, 'seller', 1),
        buyer: await walk(api, target, 'buyer', 1),
      };
      const check = async (as: Party, size: number) => {
        const ids = await walk(api, target, as, size);
        expect(new Set(ids).size, `MSG-LIST-PAGING: pages of ${size} for the ${as} repeat no message`).toBe(
          ids.length,
        );
        expect(
          ids,
          `MSG-LIST-PAGING: pages of ${size} for the ${as} give the listing read one by one`,
        ).toEqual(reference[as]);
      };
      const sizes = pageSize(Math.max(reference.seller.length, reference.buyer.length));
      await property(fc.asyncProperty(fc.constantFrom(...PARTIES), sizes, check), 15);
    },
  );
});
