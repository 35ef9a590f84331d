import type fc from 'fast-check';
import { expectHot, notJudged } from '../../../../fixtures/index.ts';
import { bodyAt } from '../../../../lib/client/typed.ts';
import type { TargetProfile } from '../../../../lib/profile/types.ts';
import { type FiscalCaller, listRow } from '../../../../lib/rules/fiscal-model.ts';
import { shown } from '../../../contract/support/listed.ts';
import { judged } from '../../../contract/support/reference.ts';
import { expectStatus, type FiscalModel, type FiscalReal } from './FiscalModel.ts';

/** GET /packs/{pack_id}/fiscal_documents: exactly the documents the model holds, or 404 when none. */
export class ListFiscalDocumentsCommand implements fc.AsyncCommand<FiscalModel, FiscalReal> {
  constructor(readonly as: FiscalCaller) {}

  check(): boolean {
    return true;
  }

  async run(model: FiscalModel, { api, target, pack }: FiscalReal): Promise<void> {
    const res = await api.call('listFiscalDocuments', { as: this.as, path: { pack_id: pack } });
    const row = listRow(model, this.as);
    const rule = row.requirement;
    expectStatus(res, [row.status], `${rule}: ${row.what}`);
    if (row.status !== 200) return;
    const body = bodyAt(res, 200);
    if (shown(target, body.pack_id, `${res.label}: pack_id`))
      expectHot(body.pack_id, `FIS-LIST-FIELDS: ${res.label} names the pack`).toBe(pack);
    else notJudged('FIS-LIST-FIELDS', res.label, 'the listing leaves pack_id out');
    const expected = model.held.map(({ id, file }) => ({ id, file_type: file.type, filename: file.name }));
    expectHot(
      unmatched(body.fiscal_documents, expected, target),
      `${rule}: ${res.label} lists what was uploaded and not deleted`,
    ).toEqual({ listed: [], held: [] });
  }

  toString(): string {
    return `list(${this.as})`;
  }
}

const FIELDS = ['id', 'file_type', 'filename'] as const;
type Document = { [field in (typeof FIELDS)[number]]?: string };

/** The fields of a listed document that are judged: all on the mock, those the answer carries elsewhere. */
const judgedFields = (doc: Document, target: TargetProfile) => FIELDS.filter((f) => judged(target, doc[f]));
const reduced = (doc: Document, fields: readonly (typeof FIELDS)[number][]) =>
  JSON.stringify(fields.map((f) => [f, doc[f]]));

/**
 * Pairs every listed document with a held one that agrees on the fields judged of it (the listed
 * fields a production-shaped target leaves out are not judged), the documents carrying the most
 * fields first; returns what neither side matched (both empty when the listing is exact).
 */
function unmatched(listed: Document[], held: Document[], target: TargetProfile) {
  const rest = [...held];
  const extra: Document[] = [];
  const byFields = [...listed].sort(
    (a, b) => judgedFields(b, target).length - judgedFields(a, target).length,
  );
  for (const doc of byFields) {
    const fields = judgedFields(doc, target);
    const at = rest.findIndex((h) => reduced(h, fields) === reduced(doc, fields));
    if (at < 0) extra.push(doc);
    else rest.splice(at, 1);
  }
  return { listed: extra, held: rest };
}
