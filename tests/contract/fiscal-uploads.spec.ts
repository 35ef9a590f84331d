/**
 * Uploading and deleting fiscal documents. Write tests claim fiscal.writablePacks by index with the
 * `writablePack` fixture, one per test (see support/fiscal-documents.ts).
 */

import { expect, test, verifies } from '../../fixtures/index.ts';
import { expectError } from '../../lib/checks/assertions.ts';
import { sampleFile as file, pdfPart as pdf, xmlPart as xml } from '../../lib/client/samples.ts';
import { bodyAt } from '../../lib/client/typed.ts';
import { cleanUp, download, idsListed, list, remove, upload } from './support/fiscal-documents.ts';

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
    async ({ api, target, writablePack }) => {
      const pack = writablePack('fiscal', 0);
      try {
        const res = await upload(api, pack, pdf('nota-0.pdf'));
        expect(res.status).toBe(200);
        const ids = bodyAt(res, 200).ids;
        expect(ids).toHaveLength(1);
        const listed = bodyAt(await list(api, pack, 'seller'), 200);
        expect(listed.fiscal_documents).toEqual([
          expect.objectContaining({ id: ids[0], file_type: 'application/pdf', filename: 'nota-0.pdf' }),
        ]);
        const got = await download(api, pack, ids[0]!, 'buyer');
        expect(got.bytes.equals(file('invoice.pdf')), 'the downloaded file equals the uploaded one').toBe(
          true,
        );
        const deleted = await remove(api, pack);
        expect(deleted.status).toBe(200);
        expect(bodyAt(deleted, 200).message).toContain(ids[0]);
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
    async ({ api, target, writablePack }) => {
      const pack = writablePack('fiscal', 1);
      try {
        const res = await upload(api, pack, [pdf(), xml()]);
        expect(res.status).toBe(200);
        const ids = bodyAt(res, 200).ids;
        expect(ids).toHaveLength(2);
        expectError(await upload(api, pack, xml('text/xml')), { status: 409, error: 'conflict' }, target);
        const deleted = bodyAt(await remove(api, pack), 200);
        for (const id of ids) expect(deleted.message, 'the delete message lists both ids').toContain(id);
      } finally {
        await cleanUp(api, pack);
      }
    },
  );

  test(
    'refuses a second PDF for the same pack with 409 conflict',
    verifies(['FIS-ERR-TYPE-EXISTS', 'FIS-LIMIT-PER-SELLER'], '@writes'),
    async ({ api, target, writablePack }) => {
      const pack = writablePack('fiscal', 2);
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
    async ({ api, target, writablePack }) => {
      const pack = writablePack('fiscal', 3);
      try {
        // Two rows fit: 409 "two files of the same type in one request" (the mock's) and 400 "more
        // than one file of a kind".
        expectError(
          await upload(api, pack, [pdf(), pdf('b.pdf')]),
          { status: 409, error: 'conflict', orElse: [{ status: 400, error: 'bad_request' }] },
          target,
        );
        expect(await idsListed(api, pack, 'seller')).toEqual([]);
      } finally {
        await cleanUp(api, pack);
      }
    },
  );

  test(
    'keeps at most one document of each type for the seller when uploads of the same pack race',
    verifies(['FIS-LIMIT-PER-SELLER', 'FIS-ERR-TYPE-EXISTS', 'FIS-ERR-MAX-FILES'], '@writes'),
    async ({ api, target, writablePack }) => {
      const pack = writablePack('fiscal', 14);
      const parts = [pdf('a.pdf'), xml(), pdf('b.pdf'), xml('text/xml'), pdf('c.pdf'), xml()];
      try {
        const answers = await Promise.all(parts.map((part) => upload(api, pack, part)));
        const accepted = answers.filter((res) => res.status === 200);
        for (const refused of answers.filter((res) => res.status !== 200))
          expectError(refused, { status: 409, error: 'conflict' }, target);
        expect(accepted.length, 'an empty pack accepts the first file of a type').toBeGreaterThan(0);
        const listed = bodyAt(await list(api, pack, 'seller'), 200).fiscal_documents;
        const pdfs = listed.filter((doc) => doc.file_type === 'application/pdf');
        expect(listed.length, 'documents of the seller in the pack').toBeLessThanOrEqual(2);
        expect(pdfs.length, 'PDFs of the seller in the pack').toBeLessThanOrEqual(1);
        expect(listed.length - pdfs.length, 'XMLs of the seller in the pack').toBeLessThanOrEqual(1);
        const ids = accepted.flatMap((res) => bodyAt(res, 200).ids);
        expect(listed.map((doc) => doc.id).sort(), 'every accepted upload is listed').toEqual(ids.sort());
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
    test(
      `answers 400 bad_request to ${name}`,
      verifies(ids, '@writes'),
      async ({ api, target, writablePack }) => {
        const pack = writablePack('fiscal', index);
        try {
          expectError(await upload(api, pack, parts), { status: 400, error: 'bad_request' }, target);
          expect(await idsListed(api, pack, 'seller'), 'nothing was stored').toEqual([]);
        } finally {
          await cleanUp(api, pack);
        }
      },
    );
  }

  test(
    'accepts 1 MB and refuses one byte more',
    verifies(['FIS-LIMIT-MAX-SIZE', 'FIS-ERR-TOO-LARGE'], '@writes', '@mock-only'),
    async ({ api, target, writablePack }) => {
      const pack = writablePack('fiscal', 10);
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
    async ({ api, target, writablePack }) => {
      const pack = writablePack('fiscal', 11);
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
    async ({ api, target, writablePack }) => {
      const pack = writablePack('fiscal', 12);
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
