import type fc from 'fast-check';
import { expect } from '../../../../fixtures/index.ts';
import { expectStatus, type FiscalCaller, type FiscalModel, type FiscalReal } from './FiscalModel.ts';

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
    if (!held) {
      const allowed = this.as === 'stranger' ? [400, 403] : [400];
      return expectStatus(res, allowed, `FIS-ERR-DOWNLOAD-UNKNOWN: ${id} is not in the pack`);
    }
    if (this.as === 'stranger')
      return expectStatus(res, [403], 'FIS-AUTH-FORBIDDEN: a user outside the pack');
    expectStatus(res, [200], `FIS-DOWNLOAD-FILE: the pack holds ${id}`);
    expect(
      res.bytes.equals(held.part.buffer),
      `FIS-DOWNLOAD-FILE: ${res.label} answers the ${held.part.buffer.length} bytes uploaded (got ${res.bytes.length})`,
    ).toBe(true);
  }

  toString(): string {
    return `download(${this.as}, ${this.pick}#${this.index})`;
  }
}
