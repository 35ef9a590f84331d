import type fc from 'fast-check';
import { expectHot } from '../../../../fixtures/index.ts';
import { downloadRows, type FiscalCaller } from '../../../../lib/rules/fiscal-model.ts';
import { expectStatus, type FiscalModel, type FiscalReal } from './FiscalModel.ts';

/** Which document to ask for: one the model holds, one deleted before, or an id never given. */
export type DownloadPick = 'held' | 'gone' | 'unknown';

/** GET /packs/{pack_id}/fiscal_documents/{fiscal_document_id}: the uploaded bytes, or 400 for no such document. */
export class DownloadFiscalDocumentCommand implements fc.AsyncCommand<FiscalModel, FiscalReal> {
  constructor(
    readonly as: FiscalCaller,
    readonly pick: DownloadPick,
    readonly index: number,
  ) {}

  check(): boolean {
    return true;
  }

  async run(model: FiscalModel, { api, pack }: FiscalReal): Promise<void> {
    const held = this.pick === 'held' ? model.held[this.index % Math.max(model.held.length, 1)] : undefined;
    const gone = this.pick === 'gone' ? model.gone[this.index % Math.max(model.gone.length, 1)] : undefined;
    const id = held?.id ?? gone ?? `no-such-document-${this.index}`;
    const res = await api.call('downloadFiscalDocument', {
      as: this.as,
      path: { pack_id: pack, fiscal_document_id: id },
    });
    const rows = downloadRows(model, this.as, id);
    const [first] = rows;
    if (!first) return;
    expectStatus(
      res,
      rows.map((row) => row.status),
      `${first.requirement}: ${first.what}`,
    );
    if (!held || res.status !== 200) return;
    const bytes = held.file.bytes;
    expectHot(
      res.bytes.equals(bytes),
      `FIS-DOWNLOAD-FILE: ${res.label} answers the ${bytes.length} bytes uploaded (got ${res.bytes.length})`,
    ).toBe(true);
  }

  toString(): string {
    return `download(${this.as}, ${this.pick}#${this.index})`;
  }
}
