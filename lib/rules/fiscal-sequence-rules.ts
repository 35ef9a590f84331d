/**
 * Rules a sequence of fiscal calls shows, over the run's history (lib/rules/fiscal-history.ts): an
 * accepted upload is in the uploader's next listing (FIS-UPLOAD-RESULT), an accepted delete leaves the
 * deleted documents out of the caller's next listing (FIS-DELETE-RESULT), and uploads in flight together
 * do not take a seller past its documents per pack (FIS-LIMIT-PER-SELLER). A listing sent before a write
 * was answered may not show it yet, so only calls sent after the write's answer judge it.
 */
import type { Exchange } from '../exchange/exchange.ts';
import type { Judgement } from '../judge/judgement.ts';
import { rowsMet } from './error-rows.ts';
import { uploadedFiles } from './fiscal-files.ts';
import { accepted, after, holdingOf, packOf, sinceReset, uploadedIds } from './fiscal-history.ts';
import { heldConflicts } from './fiscal-model.ts';
import { asked, isObject, notJudged, onOperations, verdict } from './meaning-kit.ts';
import type { Rule } from './rule.ts';

/** How long after a first 404 a listing counts as the retry the storage row asks for ("a few seconds"). */
const RETRY_MS = 2000;

const isListing = onOperations('listFiscalDocuments');
const settles = (listing: Exchange) =>
  isListing(listing) && listing.caller !== undefined && [200, 404].includes(listing.response.status);

/** The ids a listing shows. */
function listedIds(listing: Exchange): Set<string> {
  const body = listing.response.body;
  const documents: unknown[] =
    isObject(body) && Array.isArray(body.fiscal_documents) ? body.fiscal_documents : [];
  return new Set(documents.map((doc) => String(isObject(doc) ? doc.id : undefined)));
}

interface PendingUpload {
  upload: Exchange;
  ids: string[];
  /** The caller's first listing that answered 404 after it: the storage row's retry may still show it. */
  firstMissing?: Exchange;
}

/** What one listing of the uploader settles of its pending uploads, and what stays pending. */
function settle(listing: Exchange, pending: PendingUpload[]) {
  const judgements: Judgement[] = [];
  const left: PendingUpload[] = [];
  const instance = (p: PendingUpload) =>
    `document(s) ${p.ids.join(', ')} of the upload ${asked(p.upload)} in the uploader's next listing ${asked(listing)}`;
  for (const p of pending) {
    if (!after(listing, p.upload) || ![200, 404].includes(listing.response.status)) left.push(p);
    else if (listing.response.status === 200) {
      const missing = p.ids.filter((id) => !listedIds(listing).has(id));
      judgements.push(
        verdict(
          'FIS-UPLOAD-RESULT',
          instance(p),
          missing.length ? `${missing.join(', ')} not listed` : undefined,
        ),
      );
    } else if (!p.firstMissing || listing.startedMs - p.firstMissing.endedMs < RETRY_MS) {
      left.push({ ...p, firstMissing: p.firstMissing ?? listing });
      const reason = 'answered 404: the storage row says to retry in a few seconds; a later listing decides';
      judgements.push(notJudged('FIS-UPLOAD-RESULT', instance(p), reason));
    } else {
      const apart = Math.round((listing.startedMs - p.firstMissing.endedMs) / 100) / 10;
      const reason = `two listings ${apart} s apart answered 404; documented: the seller receives the documents it loaded`;
      judgements.push(verdict('FIS-UPLOAD-RESULT', instance(p), reason));
    }
  }
  return { judgements, pending: left };
}

/** The uploader's accepted uploads to the pack that no listing before this one settled. */
function pendingUploads(listing: Exchange, history: readonly Exchange[]): PendingUpload[] {
  let pending: PendingUpload[] = [];
  for (const call of sinceReset(listing, history)) {
    if (call.caller !== listing.caller) continue;
    const ids = uploadedIds(call);
    if (ids) pending.push({ upload: call, ids });
    else if (settles(call)) pending = settle(call, pending).pending;
  }
  return pending;
}

export const UPLOAD_LISTED_RULE: Rule = {
  name: 'uploadListed',
  requirements: ['FIS-UPLOAD-RESULT'],
  appliesTo: settles,
  judge: (listing, { history }) => settle(listing, pendingUploads(listing, history)).judgements,
};

interface PendingDelete {
  deletion: Exchange;
  /** The documents it removed: those its answer names, else all the caller was known to hold. */
  ids: string[];
}

/** The caller's last accepted delete of documents it was known to hold, if no listing of its since settled it. */
function pendingDelete(listing: Exchange, history: readonly Exchange[]): PendingDelete | undefined {
  let pending: PendingDelete | undefined;
  history.forEach((call, i) => {
    if (packOf(call) !== packOf(listing) || call.caller !== listing.caller) return;
    if (call.operation === 'deleteFiscalDocuments' && accepted(call)) {
      const held = holdingOf(call, history.slice(0, i)).model.held.map((doc) => doc.id);
      const message = isObject(call.response.body) ? String(call.response.body.message ?? '') : '';
      const named = held.filter((id) => message.includes(id));
      if (held.length) pending = { deletion: call, ids: named.length ? named : held };
    } else if (pending && settles(call) && after(call, pending.deletion)) pending = undefined;
  });
  return pending;
}

export const DELETE_DONE_RULE: Rule = {
  name: 'deleteDone',
  requirements: ['FIS-DELETE-RESULT'],
  appliesTo: settles,
  judge(listing, { history }) {
    const pending = pendingDelete(listing, history);
    if (!pending || !after(listing, pending.deletion)) return [];
    const instance = `the caller's next listing ${asked(listing)} after its delete of ${pending.ids.join(', ')}`;
    if (listing.response.status === 404) return [verdict('FIS-DELETE-RESULT', instance, undefined)];
    const listed = listedIds(listing);
    const back = pending.ids.filter((id) => listed.has(id));
    // A seller's listing holds only its own documents: after its delete, any document is one that came back.
    const uploadedSince = holdingOf(listing, history).by.length > 0;
    const failure = back.length
      ? `the deleted ${back.join(', ')} listed again`
      : !uploadedSince && listed.size > 0
        ? `${listed.size} document(s) listed with no upload since the delete`
        : undefined;
    return [verdict('FIS-DELETE-RESULT', instance, failure)];
  },
};

export const CONCURRENT_UPLOADS_RULE: Rule = {
  name: 'fiscalLimitPerSeller',
  requirements: ['FIS-LIMIT-PER-SELLER'],
  appliesTo: (upload) => onOperations('uploadFiscalDocuments')(upload) && upload.caller !== undefined,
  judge(upload, { history }) {
    const files = uploadedFiles(upload);
    const { model, by } = holdingOf(upload, history);
    // Uploads answered before this one was sent are the error rows' known state (row-state.ts).
    if (!files || !by.some((earlier) => !after(upload, earlier))) return [];
    // Only an upload that meets no error row of its own meets the held documents' (precedence not given).
    const [conflict] = rowsMet(upload).length ? [] : heldConflicts(model, files);
    if (!conflict) return [];
    const { status, body, bodyUnknown } = upload.response;
    const refused = status === 409 && (bodyUnknown || (isObject(body) && body.error === 'conflict'));
    const instance = `${asked(upload)}: an upload in flight together with the seller's accepted upload(s), ${conflict.what}`;
    return [
      verdict(
        'FIS-LIMIT-PER-SELLER',
        instance,
        refused ? undefined : `answered ${status}; documented: 409 conflict`,
      ),
    ];
  },
};

export const FISCAL_SEQUENCE_RULES: readonly Rule[] = [
  UPLOAD_LISTED_RULE,
  DELETE_DONE_RULE,
  CONCURRENT_UPLOADS_RULE,
];
