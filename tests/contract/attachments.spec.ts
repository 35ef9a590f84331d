/**
 * Message attachments. Uploads belong to no pack; the one test that sends an attachment in a
 * message uses messaging.writablePacks[7]. Sizes used against any target are unambiguous under
 * both readings of "25 MB": 25,000,000 bytes accepted, 26,214,401 refused; the exact boundary
 * is asserted only against the mock.
 */

import { expect, type TargetProfile, test, verifies } from '../../fixtures/index.ts';
import type { ApiClient } from '../../lib/client/client.ts';
import { bodyAt } from '../../lib/client/typed.ts';
import type { ApiResponse, Caller, FilePart } from '../../lib/client/types.ts';
import { expectErrorOf } from './support/judged-as.ts';
import { awaitModeration, sellerSays, send } from './support/messages.ts';

const MIB_25 = 25 * 1024 * 1024;

const part = (name: string, buffer: Buffer, mimeType = 'application/octet-stream'): FilePart => ({
  name,
  mimeType,
  buffer,
});
const query = (target: TargetProfile): Record<string, string> => ({
  tag: 'post_sale',
  site_id: target.messaging.siteId,
});

function upload(
  api: ApiClient,
  target: TargetProfile,
  file: FilePart | string,
  as: Caller = 'seller',
  q = query(target),
) {
  return api.call('uploadAttachment', { as, query: q, multipart: { file } });
}
function download(api: ApiClient, target: TargetProfile, id: string, as: Caller, q = query(target)) {
  return api.call('downloadAttachment', { as, path: { attachment_id: id }, query: q });
}

/** The id of an accepted upload, judged as ATT-UPLOAD-RESULT ({id}). */
function uploadedId(res: ApiResponse<'uploadAttachment'>): string {
  expect([200, 201], `ATT-UPLOAD-RESULT: ${res.label}: a success status`).toContain(res.status);
  const id = bodyAt(res, [200, 201]).id;
  expect(id, `ATT-UPLOAD-RESULT: ${res.label}: the attachment id`).toBeTruthy();
  return id!;
}

test.describe('POST /messages/attachments', () => {
  test(
    'answers {id} and the uploader downloads the same bytes',
    verifies(['ATT-UPLOAD-RESULT', 'ATT-DOWNLOAD-FILE'], '@writes', '@smoke'),
    async ({ api, target }) => {
      const bytes = Buffer.from([0x25, 0x50, 0x44, 0x46, 0, 1, 2, 0xfe, 0xff, 0x0d, 0x0a]);
      const id = uploadedId(await upload(api, target, part('comprovante.bin', bytes)));
      const got = await download(api, target, id, 'seller');
      expect(got.status, `ATT-DOWNLOAD-FILE: ${got.label}`).toBe(200);
      expect(got.bytes.equals(bytes), `ATT-DOWNLOAD-FILE: ${got.label}: the file uploaded`).toBe(true);
    },
  );

  test(
    'accepts 25,000,000 bytes and refuses 26,214,401',
    verifies(['ATT-ERR-TOO-LARGE'], '@writes'),
    async ({ api, target }) => {
      uploadedId(await upload(api, target, part('grande.bin', Buffer.alloc(25_000_000, 1))));
      const res = await upload(api, target, part('grande-demais.bin', Buffer.alloc(MIB_25 + 1, 1)));
      expectErrorOf(
        'ATT-ERR-TOO-LARGE',
        res,
        { status: 400, message: 'File attachment is bigger than 25 Mb.', messageIsGap: true },
        target,
      );
    },
  );

  test(
    'accepts exactly 26,214,400 bytes',
    verifies(['ATT-LIMIT-BYTES', 'ATT-UPLOAD-STATUS'], '@writes', '@mock-only'),
    async ({ api, target }) => {
      const res = await upload(api, target, part('limite.bin', Buffer.alloc(MIB_25, 1)));
      for (const id of ['ATT-LIMIT-BYTES', 'ATT-UPLOAD-STATUS'])
        expect(res.status, `${id}: ${res.label}, 26,214,400 bytes`).toBe(200);
    },
  );

  const refused = [
    { name: 'an empty file', id: 'ATT-ERR-EMPTY', file: part('vazio.txt', Buffer.alloc(0)) },
    {
      name: 'a file name with a slash',
      id: 'ATT-ERR-NAME-SLASH',
      file: part('pasta/nota.txt', Buffer.from('nota')),
    },
    {
      name: 'a file name with a backslash',
      id: 'ATT-ERR-NAME-SLASH',
      file: part('pasta\\nota.txt', Buffer.from('nota')),
    },
  ];
  for (const { name, id, file } of refused) {
    test(`answers 400 to ${name}`, verifies([id], '@writes'), async ({ api, target }) => {
      expectErrorOf(id, await upload(api, target, file), { status: 400 }, target);
    });
  }

  test(
    'answers 400 without the query parameter site_id',
    verifies(['ATT-ERR-SITE-ID-MISSING'], '@writes'),
    async ({ api, target }) => {
      const res = await upload(api, target, part('nota.txt', Buffer.from('nota')), 'seller', {
        tag: 'post_sale',
      });
      expectErrorOf('ATT-ERR-SITE-ID-MISSING', res, { status: 400 }, target);
    },
  );

  const callers = [
    {
      who: 'no token',
      as: 'anonymous',
      ids: ['ATT-AUTH-NO-TOKEN', 'AUTH-NO-TOKEN-403'],
      expected: { status: 403, error: 'access_token_not_granted' },
    },
    {
      who: 'a user of a site without the API',
      as: 'unavailableSite',
      ids: ['ATT-AUTH-SITE', 'AUTH-SITE-NOT-AVAILABLE'],
      expected: { status: 403, error: 'forbidden' },
    },
  ] as const;
  for (const { who, as, ids, expected } of callers) {
    test(
      `answers ${expected.status} ${expected.error} to ${who}`,
      verifies([...ids], '@writes'),
      async ({ api, target }) => {
        const res = await upload(api, target, part('nota.txt', Buffer.from('nota')), as);
        for (const id of ids) expectErrorOf(id, res, expected, target);
      },
    );
  }
});

test.describe('GET /messages/attachments/{attachment_id}', () => {
  test(
    'lets the recipient of a message download its attachment and refuses a stranger',
    verifies(['ATT-AUTH-DOWNLOAD', 'ATT-DOWNLOAD-FILE', 'ATT-AUTH-NO-TOKEN'], '@writes'),
    async ({ api, target, writablePack }) => {
      const pack = writablePack('messaging', 7);
      const bytes = Buffer.from(`recibo ${Date.now()}`);
      const id = uploadedId(await upload(api, target, part('recibo.txt', bytes, 'text/plain')));
      const sent = await send(api, target, {
        pack,
        json: sellerSays(target, 'Segue o recibo.', { attachments: [id] }),
      });
      expect([200, 201], `ATT-AUTH-DOWNLOAD: ${sent.label}: the message carrying it is sent`).toContain(
        sent.status,
      );
      // The recipient's access follows the message, which moderation may hold for a while.
      const got = await awaitModeration(
        target,
        () => download(api, target, id, 'buyer'),
        (res) => res.status === 200,
      );
      expect(got.status, `ATT-AUTH-DOWNLOAD: attachment ${id}: ${got.label}, its recipient`).toBe(200);
      expect(
        got.bytes.equals(bytes),
        `ATT-DOWNLOAD-FILE: attachment ${id}: ${got.label}, the file sent`,
      ).toBe(true);
      expectErrorOf(
        'ATT-AUTH-NO-TOKEN',
        await download(api, target, id, 'anonymous'),
        { status: 403, error: 'access_token_not_granted' },
        target,
      );
      // Last: a profile without users.stranger skips the test from here.
      expectErrorOf(
        'ATT-AUTH-DOWNLOAD',
        await download(api, target, id, 'stranger'),
        { status: 403 },
        target,
      );
    },
  );

  test(
    "answers the mock's choices: uploaded content type, 404 for an unknown id, 400 without site_id",
    verifies(
      ['ATT-DOWNLOAD-HEADERS', 'ATT-DOWNLOAD-UNKNOWN', 'ATT-ERR-SITE-ID-MISSING'],
      '@writes',
      '@mock-only',
    ),
    async ({ api, target }) => {
      const id = uploadedId(
        await upload(api, target, part('foto.png', Buffer.from('png bytes'), 'image/png')),
      );
      const got = await download(api, target, id, 'seller');
      expect(got.headers['content-type']?.split(';')[0], `ATT-DOWNLOAD-HEADERS: ${got.label}`).toBe(
        'image/png',
      );
      expectErrorOf(
        'ATT-DOWNLOAD-UNKNOWN',
        await download(api, target, `${target.users.seller.id}_unknown.png`, 'seller'),
        { status: 404, error: 'not_found' },
        target,
      );
      expectErrorOf(
        'ATT-ERR-SITE-ID-MISSING',
        await download(api, target, id, 'seller', { tag: 'post_sale' }),
        { status: 400, error: 'bad_request', message: 'site_id is required' },
        target,
      );
    },
  );
});
