/** Message attachments: uploads belong to no pack (nothing to clean: the API has no delete). */
import fc from 'fast-check';
import { expectHot, type TargetProfile, test, verifies } from '../../fixtures/index.ts';
import { expectError } from '../../lib/checks/assertions.ts';
import type { ApiClient } from '../../lib/client/client.ts';
import { bodyAt } from '../../lib/client/typed.ts';
import type { FilePart } from '../../lib/client/types.ts';
import { attachmentMimeType, nonEmptyBytes } from './arbitraries/fileContents.ts';
import { legalFileName, nameWithSeparator } from './arbitraries/fileNames.ts';

const query = (target: TargetProfile) => ({ tag: 'post_sale', site_id: target.messaging.siteId });

function upload(api: ApiClient, target: TargetProfile, file: FilePart) {
  return api.call('uploadAttachment', { as: 'seller', query: query(target), multipart: { file } });
}

const anyFile = (names: fc.Arbitrary<string>) =>
  fc.record({ name: names, mimeType: attachmentMimeType, buffer: nonEmptyBytes });

test.describe('message attachments', () => {
  // A failure shrinks through many more requests than a passing run makes.
  test.describe.configure({ timeout: 120_000 });

  test(
    'should give back any non-empty file with a legal name byte for byte',
    verifies(['ATT-UPLOAD-RESULT', 'ATT-DOWNLOAD-FILE'], '@writes'),
    async ({ api, target, property }) => {
      const check = async (file: FilePart) => {
        const res = await upload(api, target, file);
        expectHot(
          [200, 201],
          `ATT-UPLOAD-RESULT: ${res.label}: a success status; answered ${res.shown}`,
        ).toContain(res.status);
        const id = bodyAt(res, [200, 201]).id;
        const got = await api.call('downloadAttachment', {
          as: 'seller',
          path: { attachment_id: id },
          query: query(target),
        });
        expectHot(got.status, `ATT-DOWNLOAD-FILE: ${got.label}`).toBe(200);
        expectHot(
          got.bytes.equals(file.buffer),
          `ATT-DOWNLOAD-FILE: ${got.label} answers the ${file.buffer.length} bytes uploaded (got ${got.bytes.length})`,
        ).toBe(true);
      };
      await property(fc.asyncProperty(anyFile(legalFileName), check), 20);
    },
  );

  test(
    'should refuse any file whose name holds a / or a backslash',
    verifies(['ATT-ERR-NAME-SLASH'], '@writes'),
    async ({ api, target, property }) => {
      const check = async (file: FilePart) => {
        const res = await upload(api, target, file);
        expectHot(
          res.status,
          `ATT-ERR-NAME-SLASH: ${res.label} refuses "${file.name}"; answered ${res.shown}`,
        ).toBe(400);
        expectError(res, { status: 400 }, target);
      };
      await property(fc.asyncProperty(anyFile(nameWithSeparator), check), 20);
    },
  );
});
