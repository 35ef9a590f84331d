import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requireUser } from '../auth.ts';
import { badRequest, forbidden, notFound } from '../errors.ts';
import { pathParam, queryParam } from '../http.ts';
import type { AttachmentRecord } from '../store/messaging.ts';
import { scanUploads } from './uploads.ts';

/** "25 MB" read as 25 MiB (a reference gap): 26,214,400 bytes accepted, one more refused. */
export const ATTACHMENT_MAX_BYTES = 25 * 1024 * 1024;

/** Query rules shared by upload and download: tag=post_sale and a site_id. */
function checkQuery(request: FastifyRequest): void {
  if (queryParam(request, 'tag') !== 'post_sale') throw badRequest('tag must be post_sale');
  const siteId = queryParam(request, 'site_id');
  if (siteId === undefined || siteId === '') throw badRequest('site_id is required');
}

async function uploadedFile(request: FastifyRequest) {
  const scan = await scanUploads(request, { field: 'file', maxBytes: ATTACHMENT_MAX_BYTES, keep: 1 });
  const file = scan?.files[0];
  if (!scan || !file) throw badRequest('The attachment is empty');
  if (scan.extra > 0) throw badRequest('Only one file can be uploaded at a time');
  if (/[/\\]/.test(file.filename)) throw badRequest(`Invalid file name: ${file.filename}`);
  if (file.tooLarge) throw badRequest('File attachment is bigger than 25 Mb.');
  if (file.bytes.length === 0) throw badRequest('The attachment is empty');
  return file;
}

export function mayDownload(attachment: AttachmentRecord, userId: number): boolean {
  return attachment.ownerId === userId || attachment.sharedWith.has(userId);
}

const routes: FastifyPluginAsync = async (app) => {
  app.post('/messages/attachments', async (request) => {
    const user = requireUser(request);
    checkQuery(request);
    const file = await uploadedFile(request);
    const attachment = app.world.messaging.addAttachment(user.id, {
      mimeType: file.mimeType,
      originalName: file.filename,
      bytes: file.bytes,
    });
    return { id: attachment.id };
  });

  app.get('/messages/attachments/:attachment_id', async (request, reply) => {
    const user = requireUser(request);
    checkQuery(request);
    const id = pathParam(request, 'attachment_id');
    const attachment = app.world.messaging.attachment(id);
    if (!attachment) throw notFound(`Attachment not found: ${id}`);
    if (!mayDownload(attachment, user.id)) throw forbidden('Access denied to the attachment');
    return reply.type(attachment.mimeType).send(attachment.bytes);
  });
};

export default routes;
