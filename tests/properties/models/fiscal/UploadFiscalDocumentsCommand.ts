import type fc from 'fast-check';
import { expect } from '../../../../fixtures/index.ts';
import { bodyAt } from '../../../../lib/client/typed.ts';
import type { FilePart } from '../../../../lib/client/types.ts';
import {
  type FiscalCaller,
  UPLOAD_ACCEPTED,
  uploaded,
  uploadRows,
} from '../../../../lib/rules/fiscal-model.ts';
import { expectRows, expectStatus, type FiscalModel, type FiscalReal, fileOf } from './FiscalModel.ts';

/** POST /packs/{pack_id}/fiscal_documents with one to three files. */
export class UploadFiscalDocumentsCommand implements fc.AsyncCommand<FiscalModel, FiscalReal> {
  constructor(
    readonly as: FiscalCaller,
    readonly parts: FilePart[],
  ) {}

  check(): boolean {
    return true;
  }

  async run(model: FiscalModel, { api, pack }: FiscalReal): Promise<void> {
    const res = await api.call('uploadFiscalDocuments', {
      as: this.as,
      path: { pack_id: pack },
      multipart: { fiscal_document: this.parts },
    });
    const files = this.parts.map(fileOf);
    const rows = uploadRows(model, this.as, files);
    if (rows.length > 0) return expectRows(res, rows);
    const accepted = `${this.parts.length} file(s) of allowed types, one per type`;
    for (const rule of UPLOAD_ACCEPTED)
      expectStatus(res, [200], `${rule}: ${accepted}, the pack holding ${model.held.length}`);
    const ids = bodyAt(res, 200).ids;
    expect(ids, `FIS-UPLOAD-RESULT: ${res.label} answers one id per file sent`).toHaveLength(
      this.parts.length,
    );
    uploaded(model, ids, files);
  }

  toString(): string {
    const files = this.parts.map((p) => `${p.name || '(no name)'}:${p.mimeType}:${p.buffer.length}B`);
    return `upload(${this.as}, [${files.join(', ')}])`;
  }
}
