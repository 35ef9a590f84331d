import { type Asked, at, type Fact, factsOf, isObject, type Json, list, segmentAfter } from './fact.ts';

function message(object: unknown, place: string): Fact[] {
  if (!isObject(object)) return [];
  // The legacy form names the id message_id and holds the text in text.plain.
  const legacy = object.message_id !== undefined;
  const id = legacy ? object.message_id : object.id;
  const text = legacy ? at(object, 'text.plain') : object.text;
  return [
    ...factsOf('message', object, ['from.user_id'], place, id),
    ...(typeof text === 'string' ? factsOf('message', { id, text }, ['text'], place) : []),
  ];
}

const FILE_KIND = 'file kind (pdf or xml)';

/** The kind of file a listed file_type names. */
function kindOfType(type: unknown): string | undefined {
  if (type === 'application/pdf') return 'pdf';
  if (type === 'application/xml' || type === 'text/xml') return 'xml';
  return undefined;
}

/** The kind of file the downloaded bytes are; undefined when neither (another rule judges the file). */
function kindOfBytes(bytes: Buffer | undefined): string | undefined {
  const head = bytes
    ?.subarray(0, 64)
    .toString('latin1')
    .replace(/^\uFEFF|^\u00EF\u00BB\u00BF/, '')
    .trimStart();
  if (head?.startsWith('%PDF')) return 'pdf';
  if (head?.startsWith('<')) return 'xml';
  return undefined;
}

export const DOCUMENT_EXTRACTORS: Record<string, (body: Json | Json[] | undefined, asked: Asked) => Fact[]> =
  {
    listPackMessages: (body) =>
      !isObject(body)
        ? []
        : list(body.messages).flatMap((m) =>
            message(m, 'GET /messages/packs/{pack_id}/sellers/{user_id} messages[]'),
          ),
    getMessage: (body) => (isObject(body) ? message(body, 'GET /messages/{message_id}') : []),
    listFiscalDocuments: (body) =>
      !isObject(body)
        ? []
        : list(body.fiscal_documents).flatMap((doc) =>
            factsOf(
              'fiscal',
              { id: doc.id, kind: kindOfType(doc.file_type) },
              ['kind'],
              'GET /packs/{pack_id}/fiscal_documents',
            ).map((f) => ({ ...f, field: FILE_KIND })),
          ),
    downloadFiscalDocument: (_body, asked) => {
      const id = segmentAfter(asked, 'fiscal_documents');
      const kind = kindOfBytes(asked.bytes);
      return id === undefined || kind === undefined
        ? []
        : [
            {
              kind: 'fiscal',
              id,
              field: FILE_KIND,
              value: kind,
              place: 'GET /packs/{pack_id}/fiscal_documents/{id} (the file)',
            },
          ];
    },
  };
