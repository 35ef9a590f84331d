import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../checks/spec.ts';
import type { FilePart } from './types.ts';

/** The bytes of a sample file of fixtures/files/. */
export function sampleFile(name: string): Buffer {
  return readFileSync(join(projectRoot, 'fixtures', 'files', name));
}

/** A PDF invoice upload part: the sample invoice unless other bytes are given. */
export function pdfPart(name = 'nota-fiscal.pdf', buffer = sampleFile('invoice.pdf')): FilePart {
  return { name, mimeType: 'application/pdf', buffer };
}

/** An XML invoice upload part, as application/xml unless another type is given. */
export function xmlPart(mimeType = 'application/xml'): FilePart {
  return { name: 'nfe.xml', mimeType, buffer: sampleFile('invoice.xml') };
}
