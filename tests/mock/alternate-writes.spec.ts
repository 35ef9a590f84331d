import { expect, test } from '@playwright/test';
import { bodyAt } from '../../lib/client/typed.ts';
import {
  alternate,
  BUYER,
  carried,
  faithful,
  SELLER,
  sendWithAttachment,
  WRITABLE_PACK,
} from './alternate-kit.ts';
import { MockHarness } from './harness.ts';

test.describe('alternate mock: writes with ids of another shape', () => {
  for (const shape of ['uuid', 'numeric']) {
    test(`uploads, lists, downloads and deletes fiscal documents, and sends an attachment, with ${shape} ids`, async () => {
      const mock = await MockHarness.start(alternate({ 'runtime-id-shapes': shape }));
      const pdf = { name: 'a.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 test') };
      try {
        const path = { pack_id: WRITABLE_PACK };
        const upload = await faithful(mock, 'uploadFiscalDocuments', {
          as: SELLER,
          path,
          multipart: { fiscal_document: pdf },
        });
        const [id] = bodyAt(upload, 200).ids;
        expect(id).toMatch(shape === 'uuid' ? /^[0-9a-f]{8}-/ : /^\d+$/);
        const listed = await faithful(mock, 'listFiscalDocuments', { as: BUYER, path });
        expect(bodyAt(listed, 200).fiscal_documents.map((d) => d.id)).toEqual([id]);
        const file = await faithful(mock, 'downloadFiscalDocument', {
          as: SELLER,
          path: { ...path, fiscal_document_id: id! },
        });
        expect(file.bytes.toString()).toBe('%PDF-1.4 test');
        const deleted = await faithful(mock, 'deleteFiscalDocuments', { as: SELLER, path });
        expect(bodyAt(deleted, 200).message).toContain(id!);

        const query = { tag: 'post_sale', site_id: 'MLB' };
        const attachment = await faithful(mock, 'uploadAttachment', {
          as: SELLER,
          query,
          multipart: { file: pdf },
        });
        const attachmentId = bodyAt(attachment, [200, 201]).id;
        const sent = await sendWithAttachment(mock, attachmentId);
        const created = bodyAt(sent, [200, 201]);
        const messageId = String(
          carried(
            'id' in created ? created.id : 'message_id' in created ? created.message_id : undefined,
            'the message id',
          ),
        );
        const read = await faithful(mock, 'getMessage', { as: BUYER, path: { message_id: messageId } });
        const message = bodyAt(read, 200);
        const [first] = 'attachments' in message ? carried(message.attachments, 'attachments') : [];
        expect(first).toMatchObject({ filename: attachmentId });
        const download = await faithful(mock, 'downloadAttachment', {
          as: BUYER,
          path: { attachment_id: attachmentId },
          query,
        });
        expect(download.status).toBe(200);
      } finally {
        await mock.close();
      }
    });
  }
});
