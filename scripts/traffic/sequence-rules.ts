import { rowsMet } from '../../lib/rules/error-rows.ts';
import {
  deleted,
  emptyFiscalModel,
  type FiscalModel,
  heldConflicts,
  uploaded,
  uploadedFiles,
} from '../../lib/rules/fiscal-model.ts';
import { textAccepted } from '../../lib/rules/message-length.ts';
import { type NumberedExchange, requestJson, responseJson } from './exchange.ts';
import {
  accepted,
  expectRows,
  type Judged,
  type RuleContext,
  type RuleOutcome,
  sequenceOutcome,
} from './kit.ts';
import { exchangeOf, senderLimit } from './request-rules.ts';

// Rules a sequence of exchanges shows: a write acknowledged, then the caller's next listing. The state
// and the rules are the fiscal model of lib/rules (fiscal-model.ts), the exchanges replayed through it;
// MSG-CREATE-VISIBLE is a registry rule over the run's history (lib/rules/message-visible-rule.ts).

type Json = Record<string, unknown>;
const object = (value: unknown): Json | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;

/** After `earlier` answered: a listing sent before the write was answered may not show it yet. */
const after = (later: NumberedExchange, earlier: NumberedExchange) => later.startedMs >= earlier.endedMs;

/** How long after a first 404 a listing counts as the retry the storage row asks for ("a few seconds"). */
const RETRY_MS = 2000;

interface Pending {
  judged: Judged;
  ids: string[];
}

interface Holding {
  /** What the caller is known to hold in the pack (a lower bound: from its accepted uploads). */
  model: FiscalModel;
  /** The accepted uploads that put it there. */
  by: NumberedExchange[];
}

/** The state of the traffic so far, per conversation and per pack, keyed by caller. */
export class SequenceRules {
  private readonly uploaded = new Map<string, Pending[]>();
  private readonly deleted = new Map<string, Pending>();
  private readonly held = new Map<string, Holding>();
  private readonly sends: Judged[] = [];
  /** Acknowledged uploads a listing answered 404 once: the first such listing. */
  private readonly missing = new Map<Pending, Judged>();

  constructor(private readonly ctx: RuleContext) {}

  /** The outcomes the exchange completes; call in the order the requests started. */
  see(judged: Judged): RuleOutcome[] {
    if (!judged.caller) return [];
    switch (judged.matched.op.operationId) {
      case 'sendPackMessage':
        return this.sent(judged);
      case 'uploadFiscalDocuments':
        return this.uploadedFiscal(judged);
      case 'deleteFiscalDocuments':
        return this.deletedFiscal(judged);
      case 'listFiscalDocuments':
        return this.listedFiscal(judged);
      default:
        return [];
    }
  }

  /** Outcomes only the whole traffic shows: a text within the limit refused where its twin was accepted. */
  finish(): RuleOutcome[] {
    return this.sends.flatMap((refused) => this.twinAccepted(refused));
  }

  private pack(judged: Judged): string {
    return `${judged.matched.params.pack_id}/${judged.caller}`;
  }

  private sent(judged: Judged): RuleOutcome[] {
    this.sends.push(judged);
    return [];
  }

  private holding(judged: Judged): Holding {
    const key = this.pack(judged);
    let holding = this.held.get(key);
    if (!holding) {
      // The content type as sent: whether text/xml is application/xml is a gap.
      holding = { model: emptyFiscalModel('as-sent'), by: [] };
      this.held.set(key, holding);
    }
    return holding;
  }

  /** FIS-ERR-MAX-FILES, FIS-ERR-TYPE-EXISTS: an upload the caller's accepted uploads already fill (the model's conflicts). */
  private uploadedFiscal(judged: Judged): RuleOutcome[] {
    const holding = this.holding(judged);
    const out: RuleOutcome[] = [];
    const readable = uploadedFiles(judged.exchange);
    const files = readable ?? [];
    const held = holding.model.held.map((doc) => doc.file.type);
    // Only an upload that meets no error row of its own meets the held documents' (precedence not given).
    const clean = readable !== undefined && rowsMet(exchangeOf(judged)).length === 0;
    const conflicts = clean ? heldConflicts(holding.model, files) : [];
    const [conflict] = conflicts;
    if (conflict) {
      const rows = [{ status: 409, error: 'conflict' }];
      // Uploads in flight together: which came first is not known, but both accepted break the per-seller limit.
      const overlapping = holding.by.some((earlier) => !after(judged.exchange, earlier));
      const what = overlapping
        ? `an upload of ${files.map((f) => f.type).join(', ')} in flight together with an accepted upload (${held.join(', ')})`
        : `an upload of ${files.map((f) => f.type).join(', ')} after uploads accepted in this traffic left ${held.length} document(s) (${held.join(', ')}): ${conflict.what}`;
      const [rule, requirement] = overlapping
        ? ['fiscalLimitPerSeller', 'FIS-LIMIT-PER-SELLER']
        : conflict.requirement === 'FIS-ERR-MAX-FILES'
          ? ['fiscalMaxFiles', conflict.requirement]
          : ['fiscalTypeHeld', conflict.requirement];
      out.push(expectRows(judged, this.ctx, rule, requirement, what, rows));
    }
    const ids = object(responseJson(judged.exchange))?.ids;
    if (accepted(judged.exchange) && Array.isArray(ids)) {
      uploaded(holding.model, ids.map(String), files);
      holding.by.push(judged.exchange);
      const key = this.pack(judged);
      this.uploaded.set(key, [...(this.uploaded.get(key) ?? []), { judged, ids: ids.map(String) }]);
    }
    return out;
  }

  private deletedFiscal(judged: Judged): RuleOutcome[] {
    const packId = judged.matched.params.pack_id;
    const mine = this.holding(judged).model;
    if (accepted(judged.exchange)) {
      const message = String(object(responseJson(judged.exchange))?.message ?? '');
      const heldIds = mine.held.map((doc) => doc.id);
      const named = heldIds.filter((id) => message.includes(id));
      // Only a caller whose uploads this traffic saw is known to hold documents there (a seller).
      if (heldIds.length)
        this.deleted.set(this.pack(judged), { judged, ids: named.length ? named : heldIds });
      deleted(mine);
    }
    if (accepted(judged.exchange) || judged.exchange.response.status === 404) {
      // Whether a delete removes other sellers' documents is not shown: nobody's holding is known any more.
      for (const key of this.held.keys()) if (key.startsWith(`${packId}/`)) this.held.delete(key);
      for (const key of this.uploaded.keys()) if (key.startsWith(`${packId}/`)) this.uploaded.delete(key);
    }
    return [];
  }

  private listedFiscal(listing: Judged): RuleOutcome[] {
    if (listing.exchange.response.status === 404)
      return [...this.nothingListed(listing), ...this.notYetListed(listing)];
    if (listing.exchange.response.status !== 200) return [];
    const body = object(responseJson(listing.exchange));
    const documents: unknown[] = Array.isArray(body?.fiscal_documents) ? body.fiscal_documents : [];
    const listed = new Set(documents.map((d) => String(object(d)?.id)));
    const key = this.pack(listing);
    const out: RuleOutcome[] = [];
    const uploads = (this.uploaded.get(key) ?? []).filter((p) => after(listing.exchange, p.judged.exchange));
    if (uploads.length) {
      this.uploaded.set(
        key,
        (this.uploaded.get(key) ?? []).filter((p) => !uploads.includes(p)),
      );
      for (const p of uploads) {
        const missing = p.ids.filter((id) => !listed.has(id));
        out.push(
          sequenceOutcome(
            'uploadListed',
            'FIS-UPLOAD-RESULT',
            listing,
            [p.judged.exchange.index],
            missing.length === 0,
            `${listing.matched.label}: document(s) ${p.ids.join(', ')} uploaded in #${p.judged.exchange.index}: ${missing.length ? `${missing.join(', ')} missing from` : 'all in'} the uploader's next listing`,
          ),
        );
      }
    }
    const deletion = this.deleted.get(key);
    if (deletion && after(listing.exchange, deletion.judged.exchange)) {
      this.deleted.delete(key);
      const back = deletion.ids.filter((id) => listed.has(id));
      const uploadedSince = uploads.length > 0 || this.holding(listing).model.held.length > 0;
      // A seller's listing holds only its own documents: after its delete, any document is one that came back.
      const passed =
        back.length === 0 && (uploadedSince || documents.length === 0 || deletion.ids.length === 0);
      out.push(
        sequenceOutcome(
          'deleteDone',
          'FIS-DELETE-RESULT',
          listing,
          [deletion.judged.exchange.index],
          passed,
          `${listing.matched.label}: after the delete of #${deletion.judged.exchange.index} (${deletion.ids.join(', ') || 'ids not known'}), the caller's next listing shows ${documents.length} document(s)${back.length ? `, the deleted ${back.join(', ')} among them` : ''}`,
        ),
      );
    }
    return out;
  }

  /**
   * A 404 after an acknowledged upload may be the storage row's "retry in a few seconds": the first one
   * is remembered; a second, at least RETRY_MS later, shows the upload lost (FIS-UPLOAD-RESULT).
   */
  private notYetListed(listing: Judged): RuleOutcome[] {
    const key = this.pack(listing);
    const uploads = (this.uploaded.get(key) ?? []).filter((p) => after(listing.exchange, p.judged.exchange));
    const out: RuleOutcome[] = [];
    for (const p of uploads) {
      const first = this.missing.get(p);
      if (!first) {
        this.missing.set(p, listing);
        continue;
      }
      if (listing.exchange.startedMs - first.exchange.endedMs < RETRY_MS) continue;
      this.uploaded.set(
        key,
        (this.uploaded.get(key) ?? []).filter((q) => q !== p),
      );
      out.push(
        sequenceOutcome(
          'uploadListed',
          'FIS-UPLOAD-RESULT',
          listing,
          [p.judged.exchange.index, first.exchange.index],
          false,
          `${listing.matched.label}: document(s) ${p.ids.join(', ')} uploaded in #${p.judged.exchange.index}: the uploader's listings #${first.exchange.index} and #${listing.exchange.index}, ${Math.round((listing.exchange.startedMs - first.exchange.endedMs) / 100) / 10} s apart, answer ${listing.exchange.response.status}; documented: the seller receives the documents it loaded`,
        ),
      );
    }
    return out;
  }

  /** A 404 not_found after the caller's delete: nothing of it listed (FIS-ERR-USER-NO-DOCUMENTS). */
  private nothingListed(listing: Judged): RuleOutcome[] {
    const key = this.pack(listing);
    const deletion = this.deleted.get(key);
    if (!deletion || !after(listing.exchange, deletion.judged.exchange)) return [];
    this.deleted.delete(key);
    return [
      sequenceOutcome(
        'deleteDone',
        'FIS-DELETE-RESULT',
        listing,
        [deletion.judged.exchange.index],
        true,
        `${listing.matched.label}: after the delete of #${deletion.judged.exchange.index}, the caller's next listing answers ${listing.exchange.response.status}: nothing listed`,
      ),
    ];
  }

  /** A text within the sender's limit refused 400, where the same request with another text was accepted. */
  private twinAccepted(refused: Judged): RuleOutcome[] {
    if (refused.exchange.response.status !== 400) return [];
    const body = object(requestJson(refused.exchange));
    const limit = senderLimit(refused);
    const text = body?.text;
    if (!body || !limit || typeof text !== 'string' || text === '') return [];
    // A text no text row of the spec may refuse (lib/rules/message-length.ts asks the error rows).
    if (!textAccepted(limit.who, text)) return [];
    const shape = (b: Json) => JSON.stringify({ ...b, text: undefined });
    const twin = this.sends.find((other) => {
      const otherBody = object(requestJson(other.exchange));
      return (
        accepted(other.exchange) &&
        other.caller === refused.caller &&
        other.exchange.request.url.href === refused.exchange.request.url.href &&
        !!otherBody &&
        shape(otherBody) === shape(body)
      );
    });
    if (!twin) return [];
    const twinLength = [...String(object(requestJson(twin.exchange))?.text ?? '')].length;
    return [
      sequenceOutcome(
        `${limit.who}TextLimit`,
        limit.requirement,
        refused,
        [twin.exchange.index],
        false,
        `${refused.matched.label}: a ${limit.who}'s text of ${[...text].length} characters (within ${limit.max}) answered 400, while the same request with a text of ${twinLength} characters was accepted (#${twin.exchange.index}); documented: up to ${limit.max} accepted`,
      ),
    ];
  }
}
