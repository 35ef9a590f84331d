import type fc from 'fast-check';
import { expect } from '../../../../fixtures/index.ts';
import { bodyAt } from '../../../../lib/client/typed.ts';
import {
  deniedWrite,
  expectStatus,
  type FiscalCaller,
  type FiscalModel,
  type FiscalReal,
} from './FiscalModel.ts';

/** DELETE /packs/{pack_id}/fiscal_documents: names the ids removed, or 404 when nothing is attached. */
export class DeleteFiscalDocumentsCommand implements fc.AsyncCommand<FiscalModel, FiscalReal> {
  constructor(readonly as: FiscalCaller) {}

  check(): boolean {
    return true;
  }

  async run(model: FiscalModel, { api, pack }: FiscalReal): Promise<void> {
    const res = await api.call('deleteFiscalDocuments', { as: this.as, path: { pack_id: pack } });
    if (this.as !== 'seller') return expectStatus(res, [403], `${deniedWrite(this.as)} may not delete`);
    if (model.held.length === 0) {
      return expectStatus(res, [404], 'FIS-ERR-DELETE-NOTHING: nothing is attached');
    }
    expectStatus(res, [200], `FIS-DELETE-RESULT: the pack holds ${model.held.length} document(s)`);
    const message = bodyAt(res, 200).message;
    for (const { id } of model.held) {
      expect(message, `FIS-DELETE-RESULT: ${res.label} names every id deleted`).toContain(id);
    }
    model.gone.push(...model.held.map((doc) => doc.id));
    model.held = [];
  }

  toString(): string {
    return `delete(${this.as})`;
  }
}
