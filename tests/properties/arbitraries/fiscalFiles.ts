import fc from 'fast-check';
import { sampleFile } from '../../../lib/client/samples.ts';
import type { FilePart } from '../../../lib/client/types.ts';
import { fileBaseName } from './fileNames.ts';

const PDF = sampleFile('invoice.pdf');
const XML = sampleFile('invoice.xml');

/** A real invoice made unique by a comment, so a download can be told apart from any other upload. */
const pdfBytes = (tag: string) => Buffer.concat([PDF, Buffer.from(`\n% ${tag}\n`)]);
const xmlBytes = (tag: string) => Buffer.concat([XML, Buffer.from(`<!-- ${tag} -->\n`)]);

type FileCase = 'pdf' | 'xml' | 'wrongType' | 'empty' | 'unnamed';

interface FileSeed {
  case: FileCase;
  name: string;
  tag: string;
  xmlType: string;
  wrongType: string;
}

function toPart(seed: FileSeed): FilePart {
  const pdf = { name: `${seed.name}.pdf`, mimeType: 'application/pdf', buffer: pdfBytes(seed.tag) };
  switch (seed.case) {
    case 'pdf':
      return pdf;
    case 'xml':
      return { name: `${seed.name}.xml`, mimeType: seed.xmlType, buffer: xmlBytes(seed.tag) };
    case 'wrongType':
      return { ...pdf, mimeType: seed.wrongType };
    case 'empty':
      return { ...pdf, buffer: Buffer.alloc(0) };
    case 'unnamed':
      return { ...pdf, name: '' };
  }
}

/**
 * One file of a fiscal-document upload: mostly a PDF or an XML invoice, sometimes a file of a type
 * not allowed, an empty one or one without a name. `xmlTypes` are the content types used for XML
 * (text/xml counting as XML is a reference gap: pass it only for the mock).
 */
function fiscalFile(xmlTypes: readonly string[]): fc.Arbitrary<FilePart> {
  return fc
    .record({
      case: fc.oneof(
        { weight: 4, arbitrary: fc.constant<FileCase>('pdf') },
        { weight: 4, arbitrary: fc.constant<FileCase>('xml') },
        { weight: 1, arbitrary: fc.constantFrom<FileCase>('wrongType', 'empty', 'unnamed') },
      ),
      name: fileBaseName,
      tag: fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 8, maxLength: 8 }),
      xmlType: fc.constantFrom(...xmlTypes),
      wrongType: fc.constantFrom('image/png', 'text/plain', 'application/json', 'application/zip'),
    })
    .map(toPart);
}

/** The files of one upload request: usually one or two, sometimes the third file the reference forbids. */
export function fiscalUpload(xmlTypes: readonly string[]): fc.Arbitrary<FilePart[]> {
  const files = (length: number) => fc.array(fiscalFile(xmlTypes), { minLength: length, maxLength: length });
  return fc.oneof(
    { weight: 5, arbitrary: files(1) },
    { weight: 4, arbitrary: files(2) },
    { weight: 1, arbitrary: files(3) },
  );
}
