import type fc from 'fast-check';
import { expectHot } from '../../../../fixtures/index.ts';
import { bodyAt } from '../../../../lib/client/typed.ts';
import { deleted, deleteRow, type FiscalCaller } from '../../../../lib/rules/fiscal-model.ts';
import { expectStatus, type FiscalModel, type FiscalReal } from './FiscalModel.ts';

/** DELETE /packs/{pack_id}/fiscal_documents: names the ids removed, or 404 when nothing is attached. */
export class DeleteFiscalDocumentsCommand implements fc.AsyncCommand<FiscalModel, FiscalReal> {
  constructor(readonly as: FiscalCaller) {}

  check(): boolean {
    return true;
  }

  async run(model: FiscalModel, { api, pack }: FiscalReal): Promise<void> {
    const res = await api.call('deleteFiscalDocuments', { as: this.as, path: { pack_id: pack } });
    const row = deleteRow(model, this.as);
    expectStatus(res, [row.status], `${row.requirement}: ${row.what}`);
    if (row.status !== 200) return;
    const message = bodyAt(res, 200).message;
    for (const { id } of model.held) {
      expectHot(message, `FIS-DELETE-RESULT: ${res.label} names every id deleted`).toContain(id);
    }
    deleted(model);
  }

  toString(): string {
    return `delete(${this.as})`;
  }
}
