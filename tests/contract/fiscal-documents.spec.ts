/**
 * Fiscal documents of a pack. Write tests use fiscal.writablePacks by index, one per test:
 * 0 round trip, 1 PDF + XML then a third file, 2 a second PDF, 3 two PDFs in one request,
 * 4 empty file, 5 missing file, 6 type not allowed, 7 three files, 8 empty name, 9 buyer and
 * stranger writes, 10 size limits (mock only), 11 delete with nothing attached, 12 writes without a token.
 * sharedPack, emptyPack and halfPack are only read.
 */
import type { ApiClient } from '../../fixtures/api/client.ts';
import type { Caller, FilePart } from '../../fixtures/api/types.ts';
import { expectError, expectFileOfType } from '../../fixtures/assertions.ts';
import { expect, type TargetProfile, test, verifies } from '../../fixtures/index.ts';
import { pdfPart, sampleFile, xmlPart } from '../../fixtures/samples.ts';

const file = sampleFile;
const xml = xmlPart;
const pdf = pdfPart;

interface DocumentList {
  pack_id: number;
  fiscal_documents: { id: string; file_type: string; filename: string }[];
}

const writable = (target: TargetProfile, index: number) => {
  const pack = target.fiscal.writablePacks[index];
  if (pack === undefined) throw new Error(`the profile lists no fiscal.writablePacks[${index}]`);
  return pack;
};

function upload(
  api: ApiClient,
  pack: number | string,
  parts: FilePart | FilePart[] | string,
  as: Caller = 'seller',
) {
  return api.call('uploadFiscalDocuments', {
    as,
    path: { pack_id: pack },
    multipart: { fiscal_document: parts },
  });
}
const list = (api: ApiClient, pack: number | string, as: Caller) =>
  api.call('listFiscalDocuments', { as, path: { pack_id: pack } });
const download = (api: ApiClient, pack: number | string, id: string, as: Caller) =>
  api.call('downloadFiscalDocument', { as, path: { pack_id: pack, fiscal_document_id: id } });
const remove = (api: ApiClient, pack: number | string, as: Caller = 'seller') =>
  api.call('deleteFiscalDocuments', { as, path: { pack_id: pack } });

async function idsListed(api: ApiClient, pack: number, as: Caller): Promise<string[]> {
  const res = await list(api, pack, as);
  if (res.status === 404) return [];
  expect(res.status, `${res.label}`).toBe(200);
  return (res.body as DocumentList).fiscal_documents.map((doc) => doc.id);
}

/** Leaves a writable pack without documents of the seller, whatever a failed test left behind. */
async function cleanUp(api: ApiClient, pack: number): Promise<void> {
  const res = await remove(api, pack);
  expect([200, 404], `${res.label} cleaning up`).toContain(res.status);
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
      expect(res.status).toBe(200);
      expect((res.body as DocumentList).pack_id).toBe(pack);
      const all = await idsListed(api, pack, 'buyer');
      const seller = await idsListed(api, pack, 'seller');
      const seller2 = await idsListed(api, pack, 'seller2');
      expect(seller.length, 'the seller has documents in the shared pack').toBeGreaterThan(0);
      expect(seller2.length, 'seller2 has documents in the shared pack').toBeGreaterThan(0);
      expect(
        seller.filter((id) => seller2.includes(id)),
        'no document is listed to both sellers',
      ).toEqual([]);
      expect(all.sort(), 'the buyer sees exactly the documents of both sellers').toEqual(
        [...seller, ...seller2].sort(),
      );
    },
  );

  test(
    'answers 404 not_found for a pack without documents',
    verifies(['FIS-ERR-NO-DOCUMENTS'], '@readonly'),
    async ({ api, target }) => {
      for (const as of ['seller', 'buyer'] as const) {
        expectError(
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
      expect(own.status, own.label).toBe(200);
      expect((own.body as DocumentList).fiscal_documents.length, own.label).toBeGreaterThan(0);
      expectError(
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
      const pack = target.fiscal.sharedPack;
      const listed = (await list(api, pack, 'buyer')).body as DocumentList;
      test.skip(listed.fiscal_documents.length === 0, 'the shared pack holds no document to download');
      const ownIds = new Set(await idsListed(api, pack, 'seller'));
      for (const doc of listed.fiscal_documents) {
        const res = await download(api, pack, doc.id, 'buyer');
        expect(res.status, res.label).toBe(200);
        expectFileOfType(res.bytes, doc.file_type, res.label);
        if (!ownIds.has(doc.id)) continue;
        const sellers = await download(api, pack, doc.id, 'seller');
        expect(sellers.bytes.equals(res.bytes), `${sellers.label}: the same file the buyer downloads`).toBe(
          true,
        );
      }
    },
  );

  test(
    "refuses a seller another seller's document",
    // Which documents a seller may download is not given: the mock allows only its own.
    verifies(['FIS-AUTH-DOC-NOT-ALLOWED'], '@readonly', '@mock-only'),
    async ({ api, target }) => {
      const pack = target.fiscal.sharedPack;
      const [other] = await idsListed(api, pack, 'seller2');
      expectError(
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
      const [id] = await idsListed(api, target.fiscal.sharedPack, 'seller');
      expect(id, 'the seller has a document in the shared pack').toBeDefined();
      const res = await download(api, target.fiscal.halfPack, id!, 'seller');
      expect(res.status, `${res.label}: document ${id} is not in pack ${target.fiscal.halfPack}`).toBe(400);
    },
  );

  test(
    'answers 400 bad_request for a document that does not exist',
    verifies(['FIS-ERR-DOWNLOAD-UNKNOWN'], '@readonly'),
    async ({ api, target }) => {
      const res = await download(api, target.fiscal.sharedPack, 'no-such-document-0', 'buyer');
      expectError(
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
        expectError(await list(api, pack, 'seller'), { status: 400, error: 'bad_request' }, target);
        expectError(await download(api, pack, 'x', 'buyer'), { status: 400, error: 'bad_request' }, target);
      },
    );
  }

  test(
    'answers a client error to a pack id that identifies no pack',
    verifies(['FIS-ERR-NO-PACK'], '@readonly'),
    async ({ api, target }) => {
      const res = await list(api, target.orders.unknown, 'seller');
      // Two rows apply: "order does not belong to a pack" (400) and "pack has no fiscal documents" (404).
      expectError(
        res,
        { status: 400, error: 'bad_request', orElse: [{ status: 404, error: 'not_found' }] },
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
        const pack = target.fiscal.sharedPack;
        expectError(await list(api, pack, as), expected, target);
        // A document that exists: with an unknown one, "does not exist" (400) may be checked first.
        const [id] = await idsListed(api, pack, 'buyer');
        test.skip(id === undefined, 'the shared pack holds no document to download');
        expectError(await download(api, pack, id!, as), expected, target);
      },
    );
  }

  test(
    'answers the observed 401 and 400 to unknown and malformed tokens',
    verifies(['AUTH-INVALID-TOKEN', 'AUTH-MALFORMED-TOKEN'], '@readonly', '@mock-only'),
    async ({ api, target }) => {
      const pack = target.fiscal.sharedPack;
      expectError(
        await list(api, pack, { token: 'APP_USR-unknown-0' }),
        { status: 401, error: 'not_found', message: 'invalid_token' },
        target,
      );
      expectError(
        await list(api, pack, { token: 'not-a-token' }),
        { status: 400, error: 'bad_request' },
        target,
      );
    },
  );

  test(
    'refuses uploads and deletes by a stranger with 403',
    verifies(['FIS-AUTH-FORBIDDEN'], '@writes'),
    async ({ api, target }) => {
      const pack = writable(target, 9);
      try {
        expectError(
          await upload(api, pack, pdf(), 'stranger'),
          { status: 403, error: 'forbidden', message: 'Access Denied', messageIsGap: true },
          target,
        );
        expectError(
          await remove(api, pack, 'stranger'),
          { status: 403, error: 'forbidden', message: 'Access Denied', messageIsGap: true },
          target,
        );
        expect(await idsListed(api, pack, 'buyer')).toEqual([]);
      } finally {
        await cleanUp(api, pack);
      }
    },
  );

  test(
    'refuses uploads by the buyer with 403',
    verifies(['FIS-AUTH-BUYER-READ-ONLY'], '@writes', '@mock-only'),
    async ({ api, target }) => {
      const pack = writable(target, 9);
      try {
        expectError(await upload(api, pack, pdf(), 'buyer'), { status: 403, error: 'forbidden' }, target);
        expect(await idsListed(api, pack, 'buyer')).toEqual([]);
      } finally {
        await cleanUp(api, pack);
      }
    },
  );
});

test.describe('POST /packs/{pack_id}/fiscal_documents', () => {
  test(
    'stores a PDF that the seller lists and the buyer downloads byte for byte, then deletes it',
    verifies(
      [
        'FIS-UPLOAD-RESULT',
        'FIS-UPLOAD-TYPES',
        'FIS-DOWNLOAD-FILE',
        'FIS-DELETE-RESULT',
        'FIS-LIST-SELLER-OWN',
      ],
      '@writes',
      '@smoke',
    ),
    async ({ api, target }) => {
      const pack = writable(target, 0);
      try {
        const res = await upload(api, pack, pdf('nota-0.pdf'));
        expect(res.status).toBe(200);
        const ids = (res.body as { ids: string[] }).ids;
        expect(ids).toHaveLength(1);
        const listed = (await list(api, pack, 'seller')).body as DocumentList;
        expect(listed.fiscal_documents).toEqual([
          expect.objectContaining({ id: ids[0], file_type: 'application/pdf', filename: 'nota-0.pdf' }),
        ]);
        const got = await download(api, pack, ids[0]!, 'buyer');
        expect(got.bytes.equals(file('invoice.pdf')), 'the downloaded file equals the uploaded one').toBe(
          true,
        );
        const deleted = await remove(api, pack);
        expect(deleted.status).toBe(200);
        expect((deleted.body as { message: string }).message).toContain(ids[0]);
        expectError(await list(api, pack, 'seller'), { status: 404, error: 'not_found' }, target);
      } finally {
        await cleanUp(api, pack);
      }
    },
  );

  test(
    'accepts a PDF and an XML in one request and refuses a third file with 409',
    verifies(
      ['FIS-UPLOAD-ONE-OR-TWO', 'FIS-LIMIT-PER-SELLER', 'FIS-ERR-MAX-FILES', 'FIS-DELETE-RESULT'],
      '@writes',
    ),
    async ({ api, target }) => {
      const pack = writable(target, 1);
      try {
        const res = await upload(api, pack, [pdf(), xml()]);
        expect(res.status).toBe(200);
        const ids = (res.body as { ids: string[] }).ids;
        expect(ids).toHaveLength(2);
        expectError(await upload(api, pack, xml('text/xml')), { status: 409, error: 'conflict' }, target);
        const deleted = (await remove(api, pack)).body as { message: string };
        for (const id of ids) expect(deleted.message, 'the delete message lists both ids').toContain(id);
      } finally {
        await cleanUp(api, pack);
      }
    },
  );

  test(
    'refuses a second PDF for the same pack with 409 conflict',
    verifies(['FIS-ERR-TYPE-EXISTS', 'FIS-LIMIT-PER-SELLER'], '@writes'),
    async ({ api, target }) => {
      const pack = writable(target, 2);
      try {
        expect((await upload(api, pack, pdf())).status).toBe(200);
        expectError(
          await upload(api, pack, pdf('again.pdf')),
          {
            status: 409,
            error: 'conflict',
            message: `File Not allowed, a file already exists for the pack: ${pack} of the type: application/pdf`,
            messageIsGap: true,
          },
          target,
        );
        expect(await idsListed(api, pack, 'seller')).toHaveLength(1);
      } finally {
        await cleanUp(api, pack);
      }
    },
  );

  test(
    'refuses two PDFs in one request with 409 conflict',
    verifies(['FIS-ERR-SAME-TYPE-TWICE'], '@writes'),
    async ({ api, target }) => {
      const pack = writable(target, 3);
      try {
        expectError(
          await upload(api, pack, [pdf(), pdf('b.pdf')]),
          { status: 409, error: 'conflict' },
          target,
        );
        expect(await idsListed(api, pack, 'seller')).toEqual([]);
      } finally {
        await cleanUp(api, pack);
      }
    },
  );

  const badUploads = [
    {
      index: 4,
      name: 'an empty file',
      ids: ['FIS-ERR-EMPTY-FILE'],
      parts: pdf('empty.pdf', Buffer.alloc(0)),
    },
    { index: 5, name: 'a request without a file', ids: ['FIS-ERR-MISSING-FILE'], parts: 'no file here' },
    {
      index: 6,
      name: 'a file type that is not allowed',
      ids: ['FIS-ERR-TYPE', 'FIS-UPLOAD-TYPES'],
      parts: { name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from('not a png') },
    },
    {
      index: 7,
      name: 'three files in one request',
      ids: ['FIS-ERR-TOO-MANY-FILES'],
      parts: [pdf(), xml(), xml('text/xml')],
    },
    { index: 8, name: 'a file with an empty name', ids: ['FIS-ERR-FILENAME-EMPTY'], parts: pdf('') },
  ];
  for (const { index, name, ids, parts } of badUploads) {
    test(`answers 400 bad_request to ${name}`, verifies(ids, '@writes'), async ({ api, target }) => {
      const pack = writable(target, index);
      try {
        expectError(await upload(api, pack, parts), { status: 400, error: 'bad_request' }, target);
        expect(await idsListed(api, pack, 'seller'), 'nothing was stored').toEqual([]);
      } finally {
        await cleanUp(api, pack);
      }
    });
  }

  test(
    'accepts 1 MB and refuses one byte more',
    verifies(['FIS-LIMIT-MAX-SIZE', 'FIS-ERR-TOO-LARGE'], '@writes', '@mock-only'),
    async ({ api, target }) => {
      const pack = writable(target, 10);
      try {
        const over = await upload(api, pack, pdf('over.pdf', Buffer.alloc(1024 * 1024 + 1, 1)));
        expectError(
          over,
          { status: 400, error: 'bad_request', message: 'File Not allowed, exceeds maximum size' },
          target,
        );
        expect((await upload(api, pack, pdf('max.pdf', Buffer.alloc(1024 * 1024, 1)))).status).toBe(200);
      } finally {
        await cleanUp(api, pack);
      }
    },
  );
});

test.describe('DELETE /packs/{pack_id}/fiscal_documents', () => {
  test(
    'answers 404 not_found when nothing is attached',
    verifies(['FIS-ERR-DELETE-NOTHING'], '@writes'),
    async ({ api, target }) => {
      const pack = writable(target, 11);
      await cleanUp(api, pack);
      expectError(
        await remove(api, pack),
        {
          status: 404,
          error: 'not_found',
          message: `Cannot delete. The pack: ${pack} doesn't have a fiscal_document attached`,
          messageIsGap: true,
        },
        target,
      );
    },
  );

  test(
    'answers 403 access_token_not_granted without a token',
    verifies(['FIS-AUTH-NO-TOKEN'], '@writes'),
    async ({ api, target }) => {
      const pack = writable(target, 12);
      expectError(
        await remove(api, pack, 'anonymous'),
        { status: 403, error: 'access_token_not_granted' },
        target,
      );
      expectError(
        await upload(api, pack, pdf(), 'anonymous'),
        { status: 403, error: 'access_token_not_granted' },
        target,
      );
    },
  );
});
