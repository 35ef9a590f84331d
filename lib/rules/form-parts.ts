/** One part of a multipart/form-data body: its field name, file name and type when a file, and its size. */
export interface FormPart {
  name: string;
  filename?: string;
  contentType?: string;
  size: number;
}

function boundaryOf(contentType: string): string | undefined {
  return /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType)?.slice(1).find(Boolean);
}

function partOf(raw: Buffer): FormPart | undefined {
  const split = raw.indexOf('\r\n\r\n');
  if (split < 0) return undefined;
  const head = raw.subarray(0, split).toString('latin1');
  const disposition = /content-disposition:([^\r\n]*)/i.exec(head)?.[1] ?? '';
  const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
  if (name === undefined) return undefined;
  const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
  const contentType = /content-type:\s*([^\r\n;]*)/i.exec(head)?.[1]?.trim().toLowerCase();
  return {
    name,
    ...(filename !== undefined ? { filename } : {}),
    ...(contentType ? { contentType } : {}),
    size: raw.length - split - 4,
  };
}

/**
 * The parts of a multipart/form-data request, or undefined when the body is not one or cannot be read
 * (a HAR writer that left it out): a rule that needs the parts then judges nothing.
 */
export function formParts(contentType: string | undefined, body: Buffer | undefined): FormPart[] | undefined {
  if (!contentType?.toLowerCase().startsWith('multipart/form-data') || !body) return undefined;
  const boundary = boundaryOf(contentType);
  if (!boundary) return undefined;
  const delimiter = Buffer.from(`--${boundary}`);
  if (body.indexOf(delimiter) !== 0) return undefined;
  const parts: FormPart[] = [];
  let at = delimiter.length;
  for (;;) {
    if (body.subarray(at, at + 2).toString() === '--') return parts;
    const next = body.indexOf(Buffer.from(`\r\n--${boundary}`), at);
    if (next < 0) return undefined;
    const part = partOf(body.subarray(at + 2, next));
    if (part) parts.push(part);
    at = next + 2 + delimiter.length;
  }
}
