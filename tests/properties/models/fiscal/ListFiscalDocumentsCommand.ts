import { expect } from '@playwright/test';
import type fc from 'fast-check';
import { bodyAt } from '../../../../lib/client/typed.ts';
import { expectStatus, type FiscalCaller, type FiscalModel, type FiscalReal } from './FiscalModel.ts';

/** GET /packs/{pack_id}/fiscal_documents: exactly the documents the model holds, or 404 when none. */
export class ListFiscalDocumentsCommand implements fc.AsyncCommand<FiscalModel, FiscalReal> {
  constructor(readonly as: FiscalCaller) {}

  check(): boolean {
    return true;
  }

  async run(model: FiscalModel, { api, pack }: FiscalReal): Promise<void> {
    const res = await api.call('listFiscalDocuments', { as: this.as, path: { pack_id: pack } });
    if (this.as === 'stranger')
      return expectStatus(res, [403], 'FIS-AUTH-FORBIDDEN: a user outside the pack');
    if (model.held.length === 0) {
      return expectStatus(res, [404], 'FIS-ERR-NO-DOCUMENTS: the pack holds no document');
    }
    expectStatus(res, [200], `the pack holds ${model.held.length} document(s)`);
    const body = bodyAt(res, 200);
    expect(body.pack_id, `FIS-LIST-FIELDS: ${res.label} names the pack`).toBe(pack);
    const listed = body.fiscal_documents.map((d) => ({
      id: d.id,
      file_type: d.file_type,
      filename: d.filename,
    }));
    const expected = model.held.map(({ id, part }) => ({
      id,
      file_type: part.mimeType,
      filename: part.name,
    }));
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect(
      listed.sort(byId),
      `FIS-LIST-SELLER-OWN / FIS-LIST-BUYER-ALL: ${res.label} lists what was uploaded and not deleted`,
    ).toEqual(expected.sort(byId));
  }

  toString(): string {
    return `list(${this.as})`;
  }
}
