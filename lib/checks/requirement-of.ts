/**
 * Which requirement of spec/requirements/ a finding of a named check breaks. A schema finding breaks
 * the field requirement of its place: the most specific prefix of the operation's table. A prefix
 * ending in a dot names the fields inside only (the object itself missing breaks the envelope).
 */
const FIELD_REQUIREMENTS: Record<string, [string, string][]> = {
  getOrder: [
    ['', 'ORD-ORDER-FIELDS'],
    ['order_items', 'ORD-ITEM-FIELDS'],
    ['payments', 'ORD-PAYMENT-FIELDS'],
    ['context', 'ORD-ORDER-CONTEXT'],
    ['pack_id', 'ORD-ORDER-PACK'],
    ['status', 'ORD-STATUS-VALUES'],
    ['shipping', 'ORD-ORDER-SHIPPING'],
    ['cancel_detail', 'ORD-ORDER-CANCEL-DETAIL'],
  ],
  searchOrders: [
    ['', 'ORD-SEARCH-RESPONSE'],
    ['paging.', 'ORD-SEARCH-PAGING'],
    ['results', 'ORD-ORDER-FIELDS'],
    ['results.shipping', 'ORD-ORDER-SHIPPING'],
    ['results.order_items', 'ORD-ITEM-FIELDS'],
    ['results.payments', 'ORD-PAYMENT-FIELDS'],
    ['results.status', 'ORD-STATUS-VALUES'],
  ],
  getOrderProduct: [['', 'ORD-PRODUCT-FIELDS']],
  getOrderDiscounts: [['', 'ORD-DISCOUNTS-FIELDS']],
  getShipment: [
    ['', 'ORD-ORDER-SHIPPING'],
    ['lead_time', 'SHP-LEAD-TIME-FIELDS'],
    ['lead_time.cost', 'SHP-READ-LEAD-TIME-COST'],
  ],
  getShipmentLeadTime: [['', 'SHP-LEAD-TIME-FIELDS']],
  convertCurrency: [['', 'CUR-CONVERT-RATIO']],
  listFiscalDocuments: [
    ['', 'FIS-LIST-FIELDS'],
    ['fiscal_documents', 'FIS-DOC-FIELDS'],
  ],
  uploadFiscalDocuments: [['', 'FIS-UPLOAD-RESULT']],
  deleteFiscalDocuments: [['', 'FIS-DELETE-RESULT']],
  listPackMessages: [
    ['', 'MSG-FIELDS-CURRENT'],
    ['seller_max_message_length', 'MSG-LIMIT-FIELDS'],
    ['buyer_max_message_length', 'MSG-LIMIT-FIELDS'],
    ['conversation_status', 'MSG-CONVERSATION-STATUS'],
    ['messages.message_attachments', 'MSG-ATTACHMENT-FIELDS'],
    ['paging.', 'MSG-LIST-PAGING'],
  ],
  getMessage: [['', 'MSG-FIELDS-CURRENT']],
  uploadAttachment: [['', 'ATT-UPLOAD-RESULT']],
  getUserStatus: [['', 'USR-STATUS-FIELDS']],
  listCountries: [['', 'LOC-COUNTRIES-FIELDS']],
  getCountry: [['', 'LOC-COUNTRY-FIELDS']],
  getState: [['', 'LOC-STATE-FIELDS']],
  getCity: [['', 'LOC-CITY-FIELDS']],
  getNeighborhood: [['', 'LOC-NEIGHBORHOOD-FIELDS']],
  listSiteCategories: [['', 'CAT-SITE-FIELDS']],
  getCategory: [
    ['', 'CAT-FIELDS'],
    ['settings.', 'CAT-SETTINGS-FIELDS'],
  ],
  getCategoryAttributes: [['', 'CAT-ATTR-FIELDS']],
  searchSiteItems: [
    ['', 'SEARCH-ENVELOPE-FIELDS'],
    ['paging.', 'SEARCH-PAGING'],
    ['results', 'SEARCH-RESULT-FIELDS'],
  ],
  getShippingOptions: [
    ['', 'SHIP-RESPONSE-FIELDS'],
    ['destination', 'SHIP-DESTINATION-FIELDS'],
    ['options', 'SHIP-OPTION-FIELDS'],
  ],
};

/** Operations whose answers the reference gives as a file, with no field requirement. */
export const OPERATIONS_WITHOUT_FIELDS = ['downloadFiscalDocument', 'downloadAttachment', 'sendPackMessage'];

/** The operations of the table, for the self test that holds it to the spec and the catalog. */
export const fieldRequirementTable = (): Readonly<Record<string, [string, string][]>> => FIELD_REQUIREMENTS;

/** `order_items[].unit_price` (a finding's field) or `order_items.0.unit_price` → `order_items.unit_price`. */
function plainPath(field: string): string {
  if (field === '(body)') return '';
  return field
    .replace(/\[\]/g, '')
    .split('.')
    .filter((key) => key !== '' && !/^\d+$/.test(key))
    .join('.');
}

/** The field requirement a value at `field` of an operation's answer breaks ('' or `(body)`: the envelope). */
function fieldRequirement(operationId: string, field: string): string {
  const plain = plainPath(field);
  const best = (FIELD_REQUIREMENTS[operationId] ?? [])
    .filter(([prefix]) =>
      prefix.endsWith('.')
        ? plain.startsWith(prefix)
        : prefix === '' || plain === prefix || plain.startsWith(`${prefix}.`),
    )
    .sort((a, b) => b[0].length - a[0].length)[0];
  return best?.[1] ?? `the schema of ${operationId}`;
}

const JSON_CHECKS = ['contentTypeConformance', 'jsonCharsetConformance', 'jsonBodyParses'];

/**
 * The requirement a finding of a named check breaks. An error body breaks the one Error shape, whichever
 * check saw it; a status the spec does not document, or an empty body where it gives one, breaks what
 * the reference says the call answers (GEN-NO-UNDOCUMENTED-5XX is a gap).
 */
export function requirementOf(check: string, operationId: string, status: number, field: string): string {
  if (check === 'errorShapeConformance') return 'GEN-ERROR-SHAPE';
  if (check === 'responseSchemaConformance')
    return status >= 400 ? 'GEN-ERROR-SHAPE' : fieldRequirement(operationId, field);
  if (JSON_CHECKS.includes(check)) return 'GEN-JSON-BODIES';
  if (['statusCodeConformance', 'notAServerError', 'bodyPresentConformance'].includes(check))
    return fieldRequirement(operationId, '');
  if (check === 'responseHeadersConformance' && operationId === 'getOrder' && status === 206)
    return 'ORD-READ-PARTIAL';
  return `the documented answers of ${operationId} (${check})`;
}

/**
 * Whether a value is carried at the path, through lists (any element): a place left out, null or an
 * empty list carries nothing to judge (P5: attachment fields are not held on messages without any).
 */
function carriesAt(value: unknown, keys: string[]): boolean {
  if (Array.isArray(value)) return value.some((element) => carriesAt(element, keys));
  const [key, ...rest] = keys;
  if (key === undefined) return value !== undefined && value !== null;
  return !!value && typeof value === 'object' && carriesAt((value as Record<string, unknown>)[key], rest);
}

/**
 * The field requirements an answer of `operationId` is judged for by the schema check: the envelope's,
 * and those of the places the answer carries (`order_items` when it has order items).
 */
export function fieldRequirementsShown(operationId: string, body: unknown): string[] {
  const carries = (prefix: string) => prefix === '' || carriesAt(body, prefix.replace(/\.$/, '').split('.'));
  const ids = (FIELD_REQUIREMENTS[operationId] ?? [])
    .filter(([prefix]) => carries(prefix))
    .map(([, id]) => id);
  return [...new Set(ids)];
}
