/**
 * Uploading and deleting fiscal documents. Write tests claim fiscal.writablePacks by index with the
 * `writablePack` fixture, one per test (see support/fiscal-documents.ts).
 */

import { expect, notJudged, test, verifies } from '../../fixtures/index.ts';
import { sampleFile as file, pdfPart as pdf, xmlPart as xml } from '../../lib/client/samples.ts';
import { bodyAt } from '../../lib/client/typed.ts';
import { cleanUp, download, idsListed, list, remove, upload } from './support/fiscal-documents.ts';
import { expectErrorOf } from './support/judged-as.ts';
import { shown } from './support/listed.ts';

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
        expect(res.status, `FIS-UPLOAD-TYPES: ${res.label}, a PDF`).toBe(200);
        const ids = bodyAt(res, 200).ids;
        expect(ids, `FIS-UPLOAD-RESULT: ${res.label}: one id for one file`).toHaveLength(1);
        const id = ids[0]!;
        const listing = await list(api, pack, 'seller');
        const listed = bodyAt(listing, 200).fiscal_documents;
        expect(
          listed.map((doc) => doc.id),
          `FIS-LIST-SELLER-OWN: ${listing.label}: the document uploaded`,
        ).toEqual([id]);
        // file_type and filename are listed fields: each judged where the listing carries it.
        for (const [field, sent] of [
          ['file_type', 'application/pdf'],
          ['filename', 'nota-0.pdf'],
        ] as const) {
          const value = listed[0]?.[field];
          if (shown(target, value, `${listing.label}: ${field}`))
            expect(value, `FIS-LIST-SELLER-OWN: document ${id}: the ${field} uploaded`).toBe(sent);
          else
            notJudged('FIS-LIST-SELLER-OWN', `document ${id}: ${field}`, `the listing leaves ${field} out`);
        }
        const got = await download(api, pack, id, 'buyer');
        expect(
          got.bytes.equals(file('invoice.pdf')),
          `FIS-DOWNLOAD-FILE: document ${id}: ${got.label}, the file uploaded`,
        ).toBe(true);
        const deleted = await remove(api, pack);
        expect(deleted.status, `FIS-DELETE-RESULT: ${deleted.label}`).toBe(200);
        expect(bodyAt(deleted, 200).message, `FIS-DELETE-RESULT: ${deleted.label} names ${id}`).toContain(id);
        expectErrorOf(
          'FIS-DELETE-RESULT',
          await list(api, pack, 'seller'),
          { status: 404, error: 'not_found' },
          target,
        );
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
        expect(res.status, `FIS-UPLOAD-ONE-OR-TWO: ${res.label}, a PDF and an XML`).toBe(200);
        const ids = bodyAt(res, 200).ids;
        expect(ids, `FIS-UPLOAD-ONE-OR-TWO: ${res.label}: two ids`).toHaveLength(2);
        const third = await upload(api, pack, xml('text/xml'));
        for (const id of ['FIS-ERR-MAX-FILES', 'FIS-LIMIT-PER-SELLER'])
          expectErrorOf(id, third, { status: 409, error: 'conflict' }, target);
        const removed = await remove(api, pack);
        const deleted = bodyAt(removed, 200);
        for (const id of ids)
          expect(deleted.message, `FIS-DELETE-RESULT: ${removed.label} lists both ids`).toContain(id);
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
        const first = await upload(api, pack, pdf());
        expect(first.status, first.label).toBe(200);
        expectErrorOf(
          'FIS-ERR-TYPE-EXISTS',
          await upload(api, pack, pdf('again.pdf')),
          {
            status: 409,
            error: 'conflict',
            message: `File Not allowed, a file already exists for the pack: ${pack} of the type: application/pdf`,
            messageIsGap: true,
          },
          target,
        );
        expect(
          await idsListed(api, pack, 'seller'),
          `FIS-LIMIT-PER-SELLER: pack ${pack}: one PDF of the seller`,
        ).toHaveLength(1);
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
        expectErrorOf(
          'FIS-ERR-SAME-TYPE-TWICE',
          await upload(api, pack, [pdf(), pdf('b.pdf')]),
          { status: 409, error: 'conflict', orElse: [{ status: 400, error: 'bad_request' }] },
          target,
        );
        expect(
          await idsListed(api, pack, 'seller'),
          `FIS-ERR-SAME-TYPE-TWICE: pack ${pack}: nothing stored`,
        ).toEqual([]);
      } finally {
        await cleanUp(api, pack);
      }
    },
  );

  test(
    'keeps at most one document of each type for the seller when uploads of the same pack race',
    // Which refusal a racing upload meets (a type held, or two files held) depends on the order: one 409 row.
    verifies(['FIS-LIMIT-PER-SELLER', 'FIS-ERR-TYPE-EXISTS'], '@writes'),
    async ({ api, target, writablePack }) => {
      const pack = writablePack('fiscal', 14);
      const parts = [pdf('a.pdf'), xml(), pdf('b.pdf'), xml('text/xml'), pdf('c.pdf'), xml()];
      try {
        const answers = await Promise.all(parts.map((part) => upload(api, pack, part)));
        const accepted = answers.filter((res) => res.status === 200);
        for (const refused of answers.filter((res) => res.status !== 200))
          expectErrorOf('FIS-ERR-TYPE-EXISTS', refused, { status: 409, error: 'conflict' }, target);
        expect(accepted.length, 'an empty pack accepts the first file of a type').toBeGreaterThan(0);
        // Judged on what was accepted (each upload sent one file of a type it names), not on listed types.
        const kinds = accepted.map((res) => parts[answers.indexOf(res)]!.mimeType === 'application/pdf');
        const limit = `FIS-LIMIT-PER-SELLER: pack ${pack}`;
        const held = await idsListed(api, pack, 'seller');
        expect(held.length, `${limit}: documents held`).toBeLessThanOrEqual(2);
        expect(kinds.filter((isPdf) => isPdf).length, `${limit}: PDFs accepted`).toBeLessThanOrEqual(1);
        expect(kinds.filter((isPdf) => !isPdf).length, `${limit}: XMLs accepted`).toBeLessThanOrEqual(1);
        const ids = accepted.flatMap((res) => bodyAt(res, 200).ids);
        expect([...held].sort(), `${limit}: the accepted uploads are what is listed`).toEqual(ids.sort());
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
      // Two of them are XML: the 409 row "two files of the same type in one request" fits as well.
      orElse: [{ status: 409, error: 'conflict' }],
    },
    { index: 8, name: 'a file with an empty name', ids: ['FIS-ERR-FILENAME-EMPTY'], parts: pdf('') },
  ];
  for (const { index, name, ids, parts, orElse } of badUploads) {
    test(
      `answers 400 bad_request to ${name}`,
      verifies(ids, '@writes'),
      async ({ api, target, writablePack }) => {
        const pack = writablePack('fiscal', index);
        try {
          const res = await upload(api, pack, parts);
          for (const id of ids) expectErrorOf(id, res, { status: 400, error: 'bad_request', orElse }, target);
          expect(await idsListed(api, pack, 'seller'), `${ids[0]}: pack ${pack}: nothing stored`).toEqual([]);
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
        expectErrorOf(
          'FIS-ERR-TOO-LARGE',
          over,
          { status: 400, error: 'bad_request', message: 'File Not allowed, exceeds maximum size' },
          target,
        );
        const max = await upload(api, pack, pdf('max.pdf', Buffer.alloc(1024 * 1024, 1)));
        expect(max.status, `FIS-LIMIT-MAX-SIZE: ${max.label}, 1 MB`).toBe(200);
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
      expectErrorOf(
        'FIS-ERR-DELETE-NOTHING',
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
      const refused = { status: 403, error: 'access_token_not_granted' };
      expectErrorOf('FIS-AUTH-NO-TOKEN', await remove(api, pack, 'anonymous'), refused, target);
      expectErrorOf('FIS-AUTH-NO-TOKEN', await upload(api, pack, pdf(), 'anonymous'), refused, target);
    },
  );
});
