import { expect, test } from '@playwright/test';
import { req } from '../../lib/catalog/annotations.ts';
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
const BUYER = 3001;
const STRANGER = 4001;
const OFFSITE = 5001;
const WRITABLE = 3000000201;
const SEEDED = '3001_5b0e7c1d2a3f4e5d6c7b8a9f.pdf';
const QUERY = { tag: 'post_sale', site_id: 'MLB' };
const MIB_25 = 25 * 1024 * 1024;

const mock = useFreshMock();

const call = <O extends string>(operationId: O, options: MockCallOptions) =>
  callConforming(mock(), operationId, options);

const expectError = expectMockError;

const part = (name: string, buffer: Buffer, mimeType = 'application/octet-stream'): FilePart => ({
  name,
  mimeType,
  buffer,
});
const upload = (
  file: FilePart | FilePart[] | string,
  as: MockCallOptions['as'] = SELLER,
  query: Record<string, string> = QUERY,
) => call('uploadAttachment', { as, query, multipart: { file } });
const download = (id: string, as: MockCallOptions['as'], query: Record<string, string> = QUERY) =>
  call('downloadAttachment', { as, path: { attachment_id: id }, query });
const idOf = (res: InjectedResponse<'uploadAttachment'>) => sentBodyAt(res, [200, 201]).id;

test.describe('mock: POST /messages/attachments', () => {
  test(
    'answers 200 {id} and serves the same bytes with the uploaded type',
    req('ATT-UPLOAD-RESULT', 'ATT-UPLOAD-STATUS', 'ATT-DOWNLOAD-FILE', 'ATT-DOWNLOAD-HEADERS'),
    async () => {
      const bytes = Buffer.from([0, 1, 2, 250, 255, 10, 13]);
      const res = await upload(part('foto.png', bytes, 'image/png'));
      expect(res.status).toBe(200);
      const got = await download(idOf(res), SELLER);
      expect(got.status).toBe(200);
      expect(got.headers['content-type']?.split(';')[0]).toBe('image/png');
      expect(got.bytes.equals(bytes)).toBe(true);
    },
  );

  test(
    'accepts 26,214,400 bytes and refuses 26,214,401 with the observed message',
    req('ATT-ERR-TOO-LARGE', 'ATT-LIMIT-BYTES'),
    async () => {
      expect((await upload(part('max.bin', Buffer.alloc(MIB_25, 7)))).status).toBe(200);
      const res = await upload(part('over.bin', Buffer.alloc(MIB_25 + 1, 7)));
      expectError(res, 400, 'bad_request', 'File attachment is bigger than 25 Mb.');
    },
  );

  const bad: {
    name: string;
    ids: string[];
    file: FilePart | FilePart[] | string;
    query?: Record<string, string>;
    message: string;
  }[] = [
    {
      name: 'an empty file',
      ids: ['ATT-ERR-EMPTY'],
      file: part('e.txt', Buffer.alloc(0)),
      message: 'The attachment is empty',
    },
    { name: 'no file', ids: ['ATT-ERR-EMPTY'], file: 'text', message: 'The attachment is empty' },
    {
      name: 'a name with a slash',
      ids: ['ATT-ERR-NAME-SLASH'],
      file: part('dir/a.txt', Buffer.from('x')),
      message: 'Invalid file name: dir/a.txt',
    },
    {
      name: 'a name with a backslash',
      ids: ['ATT-ERR-NAME-SLASH'],
      file: part('dir\\a.txt', Buffer.from('x')),
      message: 'Invalid file name: dir\\a.txt',
    },
    {
      name: 'no site_id',
      ids: ['ATT-ERR-SITE-ID-MISSING'],
      file: part('a.txt', Buffer.from('x')),
      query: { tag: 'post_sale' },
      message: 'site_id is required',
    },
    {
      name: 'no tag',
      ids: ['MSG-CREATE-TAG'],
      file: part('a.txt', Buffer.from('x')),
      query: { site_id: 'MLB' },
      message: 'tag must be post_sale',
    },
    {
      name: 'two files',
      ids: ['ATT-ONE-FILE'],
      file: [part('a.txt', Buffer.from('x')), part('b.txt', Buffer.from('y'))],
      message: 'Only one file can be uploaded at a time',
    },
  ];
  for (const { name, ids, file, query = QUERY, message } of bad) {
    test(`answers 400 to ${name}`, req(...ids), async () => {
      expectError(await upload(file, SELLER, query), 400, 'bad_request', message);
    });
  }

  const callers: { who: string; as: MockCallOptions['as']; ids: string[]; status: number; error: string }[] =
    [
      {
        who: 'no token',
        as: 'anonymous',
        ids: ['ATT-AUTH-NO-TOKEN', 'AUTH-NO-TOKEN-403'],
        status: 403,
        error: 'access_token_not_granted',
      },
      {
        who: 'a user of an unavailable site',
        as: OFFSITE,
        ids: ['ATT-AUTH-SITE'],
        status: 403,
        error: 'forbidden',
      },
      {
        who: 'a malformed token',
        as: { token: 'bad token' },
        ids: ['AUTH-MALFORMED-TOKEN'],
        status: 400,
        error: 'bad_request',
      },
      {
        who: 'an unknown token',
        as: { token: 'APP_USR-nobody-1' },
        ids: ['AUTH-INVALID-TOKEN'],
        status: 401,
        error: 'not_found',
      },
    ];
  for (const { who, as, ids, status, error } of callers) {
    test(`answers ${status} ${error} to ${who} on upload and download`, req(...ids), async () => {
      expectError(await upload(part('a.txt', Buffer.from('x')), as), status, error);
      expectError(await download(SEEDED, as), status, error);
    });
  }
});

test.describe('mock: GET /messages/attachments/{attachment_id}', () => {
  test(
    'lets the parties of the conversation download a sent attachment and refuses others',
    req('ATT-AUTH-DOWNLOAD', 'ATT-DOWNLOAD-FILE'),
    async () => {
      expect((await download(SEEDED, BUYER)).status).toBe(200);
      expect((await download(SEEDED, SELLER)).status).toBe(200);
      expectError(await download(SEEDED, STRANGER), 403, 'forbidden', 'Access denied to the attachment');
    },
  );

  test('shares an attachment with the counterpart once it is sent', req('ATT-AUTH-DOWNLOAD'), async () => {
    const id = idOf(await upload(part('nota.txt', Buffer.from('nota'))));
    expectError(await download(id, BUYER), 403, 'forbidden');
    const sent = await call('sendPackMessage', {
      as: SELLER,
      path: { pack_id: WRITABLE, user_id: SELLER },
      query: { tag: 'post_sale', application_id: '1' },
      json: { from: { user_id: '2001' }, to: { user_id: '3001' }, text: 'segue', attachments: [id] },
    });
    expect(sent.status).toBe(201);
    expect((await download(id, BUYER)).bytes.toString()).toBe('nota');
    expectError(await download(id, STRANGER), 403, 'forbidden');
  });

  test(
    'answers 404 to an unknown id and 400 without site_id',
    req('ATT-DOWNLOAD-UNKNOWN', 'ATT-ERR-SITE-ID-MISSING'),
    async () => {
      expectError(
        await download('2001_nope.pdf', SELLER),
        404,
        'not_found',
        'Attachment not found: 2001_nope.pdf',
      );
      expectError(
        await download(SEEDED, BUYER, { tag: 'post_sale' }),
        400,
        'bad_request',
        'site_id is required',
      );
    },
  );
});
