/**
 * Fiscal documents of a pack: listing, download, pack id and authorization. sharedPack, documentsPack
 * (one seller's documents suffice), emptyPack and halfPack are only read; the refused writes use fiscal.writablePacks[9] (see the `writablePack` fixture and
 * support/fiscal-documents.ts). Accepted uploads and deletes are in fiscal-uploads.spec.ts.
 */

import { expect, notJudged, type TargetProfile, test, verifies } from '../../fixtures/index.ts';
import type { ExpectedError } from '../../lib/checks/assertions.ts';
import { expectFileOfType } from '../../lib/checks/assertions.ts';
import type { ApiClient } from '../../lib/client/client.ts';
import { pdfPart as pdf } from '../../lib/client/samples.ts';
import { bodyAt } from '../../lib/client/typed.ts';
import { rawProfile } from '../../lib/profile/guard.ts';
import { moreThanOneSeller } from '../../lib/rules/fiscal-model.ts';
import {
  cleanUp,
  documentsListed,
  download,
  idsListed,
  list,
  remove,
  upload,
} from './support/fiscal-documents.ts';
import { expectErrorOf, expectHolds } from './support/judged-as.ts';
import { shown } from './support/listed.ts';
import { skipUnless } from './support/reference.ts';

/** A listed document that carries its id (a listed field). */
const hasId = <T extends { id?: string }>(doc: T): doc is T & { id: string } => doc.id !== undefined;

type Listed = Awaited<ReturnType<typeof documentsListed>>;

/**
 * The shared pack judged with the seller and the buyer only: the buyer sees every document its seller
 * lists, besides another seller's. Which documents are the other seller's shows only to that seller.
 */
function judgeWithoutSeller2(pack: number, buyerView: Listed, sellerView: Listed): void {
  skipUnless(
    buyerView.complete && sellerView.complete,
    "every listed document's id",
    'fiscal.sharedPack',
    'a listing left out the id (a listed field) of a document',
  );
  const [all, seller] = [buyerView.ids, sellerView.ids];
  expect(seller.length, `the seller has documents in the shared pack ${pack}`).toBeGreaterThan(0);
  expect(
    seller.filter((id) => !all.includes(id)),
    `FIS-LIST-BUYER-ALL: pack ${pack}: the buyer sees every document its seller lists`,
  ).toEqual([]);
  const instance = `FIS-LIST-SELLER-OWN: pack ${pack}: the seller's listing of ${seller.length} of the pack's ${all.length} documents`;
  const leak = moreThanOneSeller(sellerView.types.map((file_type) => ({ file_type })));
  if (leak || seller.length < all.length)
    expect(leak, `${instance} holds one seller's documents`).toBeUndefined();
  else
    notJudged(
      'FIS-LIST-SELLER-OWN',
      `pack ${pack}`,
      'the seller lists every document the buyer sees, no more than one seller holds: whose they are shows only to another seller (users.seller2)',
    );
}

/**
 * Without users.stranger, the seller on a pack of the buyer none of whose orders is the seller's
 * (fiscal.outsidePack): it is a user outside the pack. Its download is judged on a document the buyer
 * lists there (the buyer receives all documents of the pack), when there is one.
 */
async function judgeSellerOutside(api: ApiClient, target: TargetProfile, expected: ExpectedError) {
  const pack = target.fiscal.outsidePack;
  expectErrorOf('FIS-AUTH-FORBIDDEN', await list(api, pack, 'seller'), expected, target);
  const [doc] = await idsListed(api, pack, 'buyer');
  if (doc === undefined)
    return notJudged(
      'FIS-AUTH-FORBIDDEN',
      `pack ${pack}: download`,
      'the buyer lists no document of the pack',
    );
  expectErrorOf('FIS-AUTH-FORBIDDEN', await download(api, pack, doc, 'seller'), expected, target);
}

test.describe('GET /packs/{pack_id}/fiscal_documents', () => {
  test(
    'gives the buyer every document of the pack and each seller only its own',
    verifies(
      ['FIS-LIST-BUYER-ALL', 'FIS-LIST-SELLER-OWN', 'FIS-LIST-FIELDS', 'FIS-DOC-FIELDS'],
      '@readonly',
      '@smoke',
    ),
    async ({ api, target }) => {
      const pack = target.fiscal.sharedPack;
      const res = await list(api, pack, 'buyer');
      expect(res.status, res.label).toBe(200);
      const { pack_id: listedPack } = bodyAt(res, 200);
      if (shown(target, listedPack, `${res.label}: pack_id`))
        expect(listedPack, `FIS-LIST-FIELDS: ${res.label}: pack_id`).toBe(pack);
      else notJudged('FIS-LIST-FIELDS', res.label, 'the listing leaves pack_id out');
      const buyerView = await documentsListed(api, pack, 'buyer');
      const sellerView = await documentsListed(api, pack, 'seller');
      if (rawProfile(target).users.seller2 === undefined) {
        judgeWithoutSeller2(pack, buyerView, sellerView);
        return;
      }
      const seller2View = await documentsListed(api, pack, 'seller2');
      skipUnless(
        buyerView.complete && sellerView.complete && seller2View.complete,
        "every listed document's id",
        'fiscal.sharedPack',
        'a listing left out the id (a listed field) of a document',
      );
      const [all, seller, seller2] = [buyerView.ids, sellerView.ids, seller2View.ids];
      expect(seller.length, 'the seller has documents in the shared pack').toBeGreaterThan(0);
      expect(seller2.length, 'seller2 has documents in the shared pack').toBeGreaterThan(0);
      expect(
        seller.filter((id) => seller2.includes(id)),
        `FIS-LIST-SELLER-OWN: pack ${pack}: no document is listed to both sellers`,
      ).toEqual([]);
      expect(
        all.sort(),
        `FIS-LIST-BUYER-ALL: pack ${pack}: the buyer sees exactly the documents of both sellers`,
      ).toEqual([...seller, ...seller2].sort());
    },
  );

  test(
    'answers 404 not_found for a pack without documents',
    verifies(['FIS-ERR-NO-DOCUMENTS'], '@readonly'),
    async ({ api, target }) => {
      for (const as of ['seller', 'buyer'] as const) {
        expectErrorOf(
          'FIS-ERR-NO-DOCUMENTS',
          await list(api, target.fiscal.emptyPack, as),
          {
            status: 404,
            error: 'not_found',
            message: `The pack_fiscal_document with pack_id: ${target.fiscal.emptyPack} does not exist`,
            messageIsGap: true,
          },
          target,
        );
      }
    },
  );

  test(
    'answers 404 not_found to a seller of the pack who loaded no document, while the other seller sees its own',
    verifies(['FIS-ERR-USER-NO-DOCUMENTS', 'FIS-LIST-SELLER-OWN'], '@readonly'),
    async ({ api, target }) => {
      const pack = target.fiscal.halfPack;
      const own = await list(api, pack, 'seller');
      expect(own.status, `FIS-LIST-SELLER-OWN: ${own.label}`).toBe(200);
      expect(
        bodyAt(own, 200).fiscal_documents.length,
        `FIS-LIST-SELLER-OWN: ${own.label}: the seller's own documents`,
      ).toBeGreaterThan(0);
      expectErrorOf(
        'FIS-ERR-USER-NO-DOCUMENTS',
        await list(api, pack, 'seller2'),
        {
          status: 404,
          error: 'not_found',
          message: `The user: ${target.users.seller2.id} has no fiscal_documents in the pack: ${pack}`,
          messageIsGap: true,
        },
        target,
      );
    },
  );
});

test.describe('GET /packs/{pack_id}/fiscal_documents/{fiscal_document_id}', () => {
  test(
    'lets the buyer download every document of the pack whole and of its listed type, the same bytes its seller gets',
    verifies(['FIS-DOWNLOAD-FILE', 'FIS-LIST-BUYER-ALL'], '@readonly'),
    async ({ api, target }) => {
      // One seller's pack with documents is enough (the shared pack of two sellers is one too).
      const pack = target.fiscal.documentsPack;
      const ownIds = new Set(await idsListed(api, pack, 'seller'));
      expect(ownIds.size, `the seller lists documents in pack ${pack}`).toBeGreaterThan(0);
      const listed = bodyAt(await list(api, pack, 'buyer'), 200).fiscal_documents;
      // A document is downloaded by its listed id: the buyer's whole listing is needed to judge it lists them all.
      const documents = listed.filter(hasId);
      skipUnless(
        documents.length === listed.length,
        "every document's id in the buyer's listing",
        'fiscal.documentsPack',
        'the listing left out the id (a listed field) of a document',
      );
      expect(
        [...ownIds].filter((id) => !documents.some((doc) => doc.id === id)),
        'FIS-LIST-BUYER-ALL: the buyer lists every document its seller lists',
      ).toEqual([]);
      for (const doc of documents) {
        const res = await download(api, pack, doc.id, 'buyer');
        const instance = `document ${doc.id} of pack ${pack}`;
        expect(res.status, `FIS-DOWNLOAD-FILE: ${instance}: ${res.label}`).toBe(200);
        // The file is judged whole by the type the listing gives (a listed field; always there on the mock).
        const type = doc.file_type;
        if (shown(target, type, `${instance}: file_type`))
          expectHolds('FIS-DOWNLOAD-FILE', `${instance}, a whole ${type}`, () =>
            expectFileOfType(res.bytes, type, res.label),
          );
        else
          notJudged(
            'FIS-DOWNLOAD-FILE',
            instance,
            'the listing leaves file_type out: the type to hold the file to',
          );
        if (!ownIds.has(doc.id)) continue;
        const sellers = await download(api, pack, doc.id, 'seller');
        expect(
          sellers.bytes.equals(res.bytes),
          `FIS-DOWNLOAD-FILE: ${instance}: ${sellers.label}, the same file the buyer downloads`,
        ).toBe(true);
      }
    },
  );

  test(
    "refuses a seller another seller's document",
    // Which documents a seller may download is not given: the mock allows only its own.
    verifies(['FIS-AUTH-DOC-NOT-ALLOWED'], '@readonly', '@mock-only'),
    async ({ api, target, seed }) => {
      const pack = seed.fiscal.sharedPack;
      const [other] = await idsListed(api, pack, 'seller2');
      expectErrorOf(
        'FIS-AUTH-DOC-NOT-ALLOWED',
        await download(api, pack, other!, 'seller'),
        { status: 403, error: 'forbidden', message: 'Access Denied' },
        target,
      );
    },
  );

  test(
    "refuses a document through another pack's path",
    verifies(['FIS-ERR-DOWNLOAD-UNKNOWN'], '@readonly'),
    async ({ api, target }) => {
      const [id] = await idsListed(api, target.fiscal.documentsPack, 'seller');
      expect(id, `the seller has a document in pack ${target.fiscal.documentsPack}`).toBeDefined();
      // Another pack of the same seller that does not hold it: its pack without documents.
      const res = await download(api, target.fiscal.emptyPack, id!, 'seller');
      // Three rows fit a document asked through a pack that does not hold it: "document to download
      // does not exist" (400, the mock's), "not allowed the document" (403) and "could not be retrieved" (404).
      expectErrorOf(
        'FIS-ERR-DOWNLOAD-UNKNOWN',
        res,
        {
          status: 400,
          error: 'bad_request',
          orElse: [
            { status: 403, error: 'forbidden' },
            { status: 404, error: 'not_found' },
          ],
        },
        target,
      );
    },
  );

  test(
    'answers 400 bad_request for a document that does not exist',
    verifies(['FIS-ERR-DOWNLOAD-UNKNOWN'], '@readonly'),
    async ({ api, target }) => {
      const res = await download(api, target.fiscal.documentsPack, 'no-such-document-0', 'buyer');
      expectErrorOf(
        'FIS-ERR-DOWNLOAD-UNKNOWN',
        res,
        {
          status: 400,
          error: 'bad_request',
          message: 'The fiscal_document with id: no-such-document-0 does not exist',
          messageIsGap: true,
        },
        target,
      );
    },
  );
});

test.describe('fiscal documents: pack id and authorization', () => {
  for (const [pack, id] of [
    ['abc', 'FIS-ERR-PACK-ID-NONNUMERIC'],
    ['0', 'FIS-ERR-PACK-ID-NOT-POSITIVE'],
    ['-1', 'FIS-ERR-PACK-ID-NOT-POSITIVE'],
  ] as const) {
    test(
      `answers 400 bad_request to pack id ${pack}`,
      verifies([id], '@readonly'),
      async ({ api, target }) => {
        const expected = { status: 400, error: 'bad_request' };
        expectErrorOf(id, await list(api, pack, 'seller'), expected, target);
        expectErrorOf(id, await download(api, pack, 'x', 'buyer'), expected, target);
      },
    );
  }

  test(
    'answers a client error to a pack id that identifies no pack',
    verifies(['FIS-ERR-NO-PACK'], '@readonly'),
    async ({ api, target }) => {
      const res = await list(api, target.orders.unknown, 'seller');
      // Three rows apply: "order does not belong to a pack" (400), "pack has no fiscal documents" (404)
      // and "user not authorized to … list" (403): the seller has no part in a pack that is not there.
      expectErrorOf(
        'FIS-ERR-NO-PACK',
        res,
        {
          status: 400,
          error: 'bad_request',
          orElse: [
            { status: 404, error: 'not_found' },
            { status: 403, error: 'forbidden' },
          ],
        },
        target,
      );
    },
  );

  const callers = [
    {
      who: 'no token',
      as: 'anonymous',
      ids: ['FIS-AUTH-NO-TOKEN', 'AUTH-NO-TOKEN-403'],
      expected: { status: 403, error: 'access_token_not_granted' },
    },
    {
      who: 'a user outside the pack',
      as: 'stranger',
      ids: ['FIS-AUTH-FORBIDDEN'],
      expected: { status: 403, error: 'forbidden', message: 'Access Denied', messageIsGap: true },
    },
    {
      who: 'a user of a site without the API',
      as: 'unavailableSite',
      ids: ['FIS-AUTH-SITE', 'AUTH-SITE-NOT-AVAILABLE'],
      expected: { status: 403, error: 'forbidden' },
    },
  ] as const;
  for (const { who, as, ids, expected } of callers) {
    test(
      `answers ${expected.status} ${expected.error} to ${who} on list and download`,
      verifies([...ids], '@readonly'),
      async ({ api, target }) => {
        if (as === 'stranger' && rawProfile(target).users.stranger === undefined)
          return judgeSellerOutside(api, target, expected);
        const pack = target.fiscal.documentsPack;
        const listed = await list(api, pack, as);
        for (const id of ids) expectErrorOf(id, listed, expected, target);
        // A document that exists: with an unknown one, "does not exist" (400) may be checked first.
        const [doc] = await idsListed(api, pack, 'seller');
        expect(doc, `the seller lists a document in pack ${pack}`).toBeDefined();
        const downloaded = await download(api, pack, doc!, as);
        for (const id of ids) expectErrorOf(id, downloaded, expected, target);
      },
    );
  }

  test(
    'answers the observed 401 and 400 to unknown and malformed tokens',
    verifies(['AUTH-INVALID-TOKEN', 'AUTH-MALFORMED-TOKEN'], '@readonly', '@mock-only'),
    async ({ api, target, seed }) => {
      const pack = seed.fiscal.sharedPack;
      expectErrorOf(
        'AUTH-INVALID-TOKEN',
        await list(api, pack, { token: 'APP_USR-unknown-0' }),
        { status: 401, error: 'not_found', message: 'invalid_token' },
        target,
      );
      expectErrorOf(
        'AUTH-MALFORMED-TOKEN',
        await list(api, pack, { token: 'not-a-token' }),
        { status: 400, error: 'bad_request' },
        target,
      );
    },
  );

  test(
    'refuses uploads and deletes by a stranger with 403',
    verifies(['FIS-AUTH-FORBIDDEN'], '@writes'),
    async ({ api, target, writablePack }) => {
      const pack = writablePack('fiscal', 9);
      try {
        const refused = { status: 403, error: 'forbidden', message: 'Access Denied', messageIsGap: true };
        expectErrorOf('FIS-AUTH-FORBIDDEN', await upload(api, pack, pdf(), 'stranger'), refused, target);
        expectErrorOf('FIS-AUTH-FORBIDDEN', await remove(api, pack, 'stranger'), refused, target);
        expect(
          await idsListed(api, pack, 'buyer'),
          `FIS-AUTH-FORBIDDEN: pack ${pack}: nothing stored`,
        ).toEqual([]);
      } finally {
        await cleanUp(api, pack);
      }
    },
  );

  test(
    'refuses uploads by the buyer with 403',
    verifies(['FIS-AUTH-BUYER-READ-ONLY'], '@writes', '@mock-only'),
    async ({ api, target, writablePack }) => {
      const pack = writablePack('fiscal', 9);
      try {
        expectErrorOf(
          'FIS-AUTH-BUYER-READ-ONLY',
          await upload(api, pack, pdf(), 'buyer'),
          { status: 403, error: 'forbidden' },
          target,
        );
        expect(
          await idsListed(api, pack, 'buyer'),
          `FIS-AUTH-BUYER-READ-ONLY: pack ${pack}: nothing stored`,
        ).toEqual([]);
      } finally {
        await cleanUp(api, pack);
      }
    },
  );
});
