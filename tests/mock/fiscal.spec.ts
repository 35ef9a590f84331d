import { expect, test } from '@playwright/test';
import { req } from '../../lib/catalog/annotations.ts';
import { pdfPart, sampleFile, xmlPart } from '../../lib/client/samples.ts';
import { sentBodyAt } from '../../lib/client/typed.ts';
import type { FilePart } from '../../lib/client/types.ts';
import {
  callConforming,
  expectMockError,
  type InjectedResponse,
  type MockCallOptions,
  useFreshMock,
} from './harness.ts';

const SELLER = 2001;
const SELLER2 = 2002;
const BUYER = 3001;
const STRANGER = 4001;
const OFFSITE = 5001;
const SHARED = 3000000100;
const EMPTY = 3000000117;
const WRITABLE = 3000000101;
const PACKLESS = 2000000013;
const SEEDED_PDF = '68f1c2a0b4e5d6c7a8b9c0d1';
const SEEDED_XML = '68f1c2a0b4e5d6c7a8b9c0d2';
const MAX_BYTES = 1024 * 1024;

const file = sampleFile;
const xml = xmlPart;
const pdf = (name = 'invoice.pdf', buffer = sampleFile('invoice.pdf')) => pdfPart(name, buffer);

const mock = useFreshMock();

const call = <O extends string>(operationId: O, options: MockCallOptions) =>
  callConforming(mock(), operationId, options);

const upload = (
  pack: number | string,
  parts: FilePart | FilePart[] | string,
  as: MockCallOptions['as'] = SELLER,
) => call('uploadFiscalDocuments', { as, path: { pack_id: pack }, multipart: { fiscal_document: parts } });
const list = (pack: number | string, as: MockCallOptions['as']) =>
  call('listFiscalDocuments', { as, path: { pack_id: pack } });
const download = (pack: number | string, id: string, as: MockCallOptions['as']) =>
  call('downloadFiscalDocument', { as, path: { pack_id: pack, fiscal_document_id: id } });
const remove = (pack: number | string, as: MockCallOptions['as'] = SELLER) =>
  call('deleteFiscalDocuments', { as, path: { pack_id: pack } });

function idsOf(res: InjectedResponse<'listFiscalDocuments'>): string[] {
  return sentBodyAt(res, 200).fiscal_documents.map((doc) => doc.id);
}

const expectError = expectMockError;

test.describe('mock: GET /packs/{pack_id}/fiscal_documents', () => {
  test(
    'gives the buyer every document and each seller only its own',
    req('FIS-LIST-BUYER-ALL', 'FIS-LIST-SELLER-OWN', 'FIS-LIST-FIELDS', 'FIS-DOC-FIELDS'),
    async () => {
      const buyer = await list(SHARED, BUYER);
      expect(buyer.body).toMatchObject({ pack_id: SHARED });
      expect(idsOf(buyer).sort()).toEqual([SEEDED_PDF, SEEDED_XML]);
      expect(idsOf(await list(SHARED, SELLER))).toEqual([SEEDED_PDF]);
      expect(idsOf(await list(SHARED, SELLER2))).toEqual([SEEDED_XML]);
    },
  );

  test(
    'answers 404 for a pack without documents and for a seller without documents in the pack',
    req('FIS-ERR-NO-DOCUMENTS', 'FIS-ERR-USER-NO-DOCUMENTS', 'FIS-MESSAGES-OBSERVED'),
    async () => {
      expectError(
        await list(EMPTY, SELLER),
        404,
        'not_found',
        `The pack_fiscal_document with pack_id: ${EMPTY} does not exist`,
      );
      expectError(await list(EMPTY, BUYER), 404, 'not_found');
      await remove(SHARED, SELLER2);
      expectError(
        await list(SHARED, SELLER2),
        404,
        'not_found',
        `The user: ${SELLER2} has no fiscal_documents in the pack: ${SHARED}`,
      );
    },
  );
});

test.describe('mock: POST /packs/{pack_id}/fiscal_documents', () => {
  test(
    'stores one PDF and serves it back byte for byte with its content type',
    req('FIS-UPLOAD-RESULT', 'FIS-DOWNLOAD-FILE', 'FIS-DOWNLOAD-HEADERS', 'FIS-UPLOAD-TYPES'),
    async () => {
      const res = await upload(WRITABLE, pdf('nota.pdf'));
      expect(res.status).toBe(200);
      const [id] = sentBodyAt(res, 200).ids;
      const listed = sentBodyAt(await list(WRITABLE, SELLER), 200);
      expect(listed.fiscal_documents).toEqual([
        expect.objectContaining({ id, file_type: 'application/pdf', filename: 'nota.pdf' }),
      ]);
      const got = await download(WRITABLE, id!, BUYER);
      expect(got.status).toBe(200);
      expect(got.headers['content-type']?.split(';')[0]).toBe('application/pdf');
      expect(got.bytes.equals(file('invoice.pdf'))).toBe(true);
    },
  );

  test(
    'accepts a PDF and an XML in one request, then refuses a third file with 409',
    req('FIS-UPLOAD-ONE-OR-TWO', 'FIS-LIMIT-PER-SELLER', 'FIS-ERR-MAX-FILES'),
    async () => {
      const res = await upload(WRITABLE, [pdf(), xml('text/xml')]);
      expect(sentBodyAt(res, 200).ids).toHaveLength(2);
      const again = await upload(WRITABLE, pdf());
      expectError(
        again,
        409,
        'conflict',
        `File Not allowed, the max amount of files already exist for the pack: ${WRITABLE} and seller: ${SELLER}`,
      );
    },
  );

  test(
    'treats application/xml and text/xml as one type',
    req('FIS-KIND-XML', 'FIS-ERR-TYPE-EXISTS', 'FIS-ERR-SAME-TYPE-TWICE'),
    async () => {
      expectError(
        await upload(WRITABLE, [xml('text/xml'), xml()]),
        409,
        'conflict',
        'Files Not allowed, you can upload only one file of type: text/xml',
      );
      expect((await upload(WRITABLE, xml('text/xml'))).status).toBe(200);
      expectError(
        await upload(WRITABLE, xml()),
        409,
        'conflict',
        `File Not allowed, a file already exists for the pack: ${WRITABLE} of the type: application/xml`,
      );
      expect((await upload(WRITABLE, pdf())).status).toBe(200);
    },
  );

  test('refuses two PDFs in one request with 409', req('FIS-ERR-SAME-TYPE-TWICE'), async () => {
    expectError(
      await upload(WRITABLE, [pdf(), pdf('b.pdf')]),
      409,
      'conflict',
      /only one file of type: application\/pdf/,
    );
    expectError(await list(WRITABLE, SELLER), 404, 'not_found');
  });

  const badFiles: { name: string; ids: string[]; parts: FilePart | FilePart[] | string; message: string }[] =
    [
      {
        name: 'an empty file',
        ids: ['FIS-ERR-EMPTY-FILE'],
        parts: pdf('e.pdf', Buffer.alloc(0)),
        message: 'File cannot be empty',
      },
      {
        name: 'a text field instead of a file',
        ids: ['FIS-ERR-MISSING-FILE'],
        parts: 'not a file',
        message: 'The fiscal_document file is required',
      },
      {
        name: 'a PNG',
        ids: ['FIS-ERR-TYPE'],
        parts: { name: 'a.png', mimeType: 'image/png', buffer: Buffer.from('png') },
        message: 'File type: image/png is not allowed',
      },
      {
        name: 'a file one byte over 1 MB',
        ids: ['FIS-ERR-TOO-LARGE', 'FIS-LIMIT-MAX-SIZE'],
        parts: pdf('big.pdf', Buffer.alloc(MAX_BYTES + 1, 1)),
        message: 'File Not allowed, exceeds maximum size',
      },
      {
        name: 'three files',
        ids: ['FIS-ERR-TOO-MANY-FILES'],
        parts: [pdf(), xml(), xml('text/xml')],
        message: 'Files Not allowed, you can upload at most 2 files in one request',
      },
      {
        name: 'a file without a name',
        ids: ['FIS-ERR-FILENAME-EMPTY'],
        parts: pdf(''),
        message: 'Filename cannot be empty',
      },
    ];
  for (const { name, ids, parts, message } of badFiles) {
    test(`answers 400 bad_request to ${name}`, req(...ids, 'FIS-MESSAGES-OBSERVED'), async () => {
      expectError(await upload(WRITABLE, parts), 400, 'bad_request', message);
      expectError(await list(WRITABLE, SELLER), 404, 'not_found');
    });
  }

  test('answers 400 to a request that is not multipart', req('FIS-ERR-MISSING-FILE'), async () => {
    const res = await call('uploadFiscalDocuments', { as: SELLER, path: { pack_id: WRITABLE }, json: {} });
    expectError(res, 400, 'bad_request', 'The fiscal_document file is required');
  });

  test('accepts a file of exactly 1 MB', req('FIS-LIMIT-MAX-SIZE'), async () => {
    expect((await upload(WRITABLE, pdf('max.pdf', Buffer.alloc(MAX_BYTES, 1)))).status).toBe(200);
  });

  test('uses the order id as pack id of an order without pack', req('GEN-PACK-ID-FALLBACK'), async () => {
    expect((await upload(PACKLESS, pdf())).status).toBe(200);
    expect(idsOf(await list(PACKLESS, BUYER))).toHaveLength(1);
  });
});

test.describe('mock: pack id and authorization of the fiscal operations', () => {
  const packIds: { pack: string; ids: string[]; message: string }[] = [
    { pack: 'abc', ids: ['FIS-ERR-PACK-ID-NONNUMERIC'], message: 'pack.id must be numeric: abc' },
    { pack: '0', ids: ['FIS-ERR-PACK-ID-NOT-POSITIVE'], message: 'pack.id is invalid: 0' },
    { pack: '-5', ids: ['FIS-ERR-PACK-ID-NOT-POSITIVE'], message: 'pack.id is invalid: -5' },
    {
      pack: '2999999999',
      ids: ['FIS-ERR-NO-PACK'],
      message: 'The order does not belong to a pack: 2999999999',
    },
  ];
  for (const { pack, ids, message } of packIds) {
    test(`answers 400 to pack id ${pack} on every operation`, req(...ids), async () => {
      expectError(await upload(pack, pdf()), 400, 'bad_request', message);
      expectError(await list(pack, SELLER), 400, 'bad_request', message);
      expectError(await download(pack, SEEDED_PDF, SELLER), 400, 'bad_request', message);
      expectError(await remove(pack), 400, 'bad_request', message);
    });
  }

  const callers: {
    who: string;
    as: MockCallOptions['as'];
    ids: string[];
    status: number;
    error: string;
    message: string;
  }[] = [
    {
      who: 'no token',
      as: 'anonymous',
      ids: ['FIS-AUTH-NO-TOKEN', 'AUTH-NO-TOKEN-403'],
      status: 403,
      error: 'access_token_not_granted',
      message: 'The access token was not sent',
    },
    {
      who: 'a stranger to the pack',
      as: STRANGER,
      ids: ['FIS-AUTH-FORBIDDEN'],
      status: 403,
      error: 'forbidden',
      message: 'Access Denied',
    },
    {
      who: 'a user of an unavailable site',
      as: OFFSITE,
      ids: ['FIS-AUTH-SITE', 'AUTH-SITE-NOT-AVAILABLE'],
      status: 403,
      error: 'forbidden',
      message: "The API is not available on the user's site",
    },
    {
      who: 'an unknown token',
      as: { token: 'APP_USR-unknown-0' },
      ids: ['AUTH-INVALID-TOKEN'],
      status: 401,
      error: 'not_found',
      message: 'invalid_token',
    },
    {
      who: 'a malformed token',
      as: { token: 'not-a-token' },
      ids: ['AUTH-MALFORMED-TOKEN'],
      status: 400,
      error: 'bad_request',
      message: 'Malformed access_token: not-a-token',
    },
  ];
  for (const { who, as, ids, status, error, message } of callers) {
    test(`answers ${status} ${error} to ${who} on every operation`, req(...ids), async () => {
      expectError(await upload(SHARED, pdf(), as), status, error, message);
      expectError(await list(SHARED, as), status, error, message);
      expectError(await download(SHARED, SEEDED_PDF, as), status, error, message);
      expectError(await remove(SHARED, as), status, error, message);
    });
  }

  test(
    'refuses uploads and deletes by the buyer with 403 Access Denied',
    req('FIS-AUTH-BUYER-READ-ONLY'),
    async () => {
      expectError(await upload(SHARED, pdf(), BUYER), 403, 'forbidden', 'Access Denied');
      expectError(await remove(SHARED, BUYER), 403, 'forbidden', 'Access Denied');
      expect(idsOf(await list(SHARED, BUYER))).toHaveLength(2);
    },
  );
});

test.describe('mock: GET /packs/{pack_id}/fiscal_documents/{fiscal_document_id}', () => {
  test(
    'lets the buyer download every document and a seller only its own',
    req('FIS-AUTH-DOC-NOT-ALLOWED', 'FIS-DOWNLOAD-FILE'),
    async () => {
      expect((await download(SHARED, SEEDED_PDF, BUYER)).bytes.equals(file('invoice.pdf'))).toBe(true);
      const xmlDoc = await download(SHARED, SEEDED_XML, SELLER2);
      expect(xmlDoc.bytes.equals(file('invoice.xml'))).toBe(true);
      expect(xmlDoc.headers['content-type']?.split(';')[0]).toBe('application/xml');
      expectError(await download(SHARED, SEEDED_XML, SELLER), 403, 'forbidden', 'Access Denied');
    },
  );

  test(
    'answers 400 to an id that does not exist in the pack',
    req('FIS-ERR-DOWNLOAD-UNKNOWN', 'FIS-MESSAGES-OBSERVED'),
    async () => {
      expectError(
        await download(SHARED, 'nope', BUYER),
        400,
        'bad_request',
        'The fiscal_document with id: nope does not exist',
      );
      expectError(await download(EMPTY, SEEDED_PDF, BUYER), 400, 'bad_request');
    },
  );
});

test.describe('mock: DELETE /packs/{pack_id}/fiscal_documents', () => {
  test('deletes one document and names its id', req('FIS-DELETE-RESULT', 'FIS-DELETE-OWN'), async () => {
    const res = await remove(SHARED, SELLER);
    expect(res.body).toEqual({ message: `The fiscal_document with "id" : ${SEEDED_PDF} was deleted` });
    expect(idsOf(await list(SHARED, BUYER))).toEqual([SEEDED_XML]);
  });

  test('deletes two documents and lists both ids', req('FIS-DELETE-RESULT'), async () => {
    const ids = sentBodyAt(await upload(WRITABLE, [pdf(), xml()]), 200).ids;
    const res = await remove(WRITABLE);
    expect(res.body).toEqual({ message: `The fiscal_documents with "ids" : ${ids.join(', ')} were deleted` });
    expectError(await list(WRITABLE, BUYER), 404, 'not_found');
  });

  test(
    'answers 404 when nothing is attached',
    req('FIS-ERR-DELETE-NOTHING', 'FIS-MESSAGES-OBSERVED'),
    async () => {
      expectError(
        await remove(EMPTY),
        404,
        'not_found',
        `Cannot delete. The pack: ${EMPTY} doesn't have a fiscal_document attached`,
      );
    },
  );
});
