/**
 * A client session of every family, reads and writes, as an integrating application would send it,
 * written as data so a browser page can play it. Against the faithful mock every answer is one the
 * reference allows; each write-only fault of the mutation catalog changes one of them.
 */
interface SessionFile {
  field: string;
  name: string;
  type: string;
  /** The file's text, or `size` bytes of "a". */
  text?: string;
  size?: number;
}

export interface SessionStep {
  method: 'GET' | 'POST' | 'DELETE';
  /** Path and query; `$attachment` and `$fiscal` are the ids the session's first uploads answered. */
  path: string;
  as?: 'seller' | 'buyer';
  /** The token as the query parameter access_token (the user status call). */
  tokenInQuery?: boolean;
  json?: unknown;
  /** Attachment ids: `$attachment` repeated this many times. */
  attachments?: number;
  files?: SessionFile[];
  /** Waits this many milliseconds before the step. */
  pauseMs?: number;
  /** Steps sent together, without waiting for each other. */
  together?: SessionStep[];
}

const SELLER = 2001;
const BUYER = 3001;
const PACK = 3000000201;
const CREATE = `/messages/packs/${PACK}/sellers/${SELLER}?tag=post_sale&application_id=1234567890123456`;
const PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
const XML = '<?xml version="1.0"?><nfe><numero>1</numero></nfe>';

const sellerSays = (text: string, to = BUYER) => ({
  from: { user_id: String(SELLER) },
  to: { user_id: String(to) },
  text,
});
const buyerSays = (text: string) => ({
  from: { user_id: String(BUYER) },
  to: { user_id: String(SELLER) },
  text,
});
const send = (json: unknown, as: 'seller' | 'buyer' = 'seller', path = CREATE): SessionStep => ({
  method: 'POST',
  path,
  as,
  json,
});
const pdf = (name = 'nota.pdf'): SessionFile => ({
  field: 'fiscal_document',
  name,
  type: 'application/pdf',
  text: PDF,
});
const xml = (type = 'application/xml'): SessionFile => ({
  field: 'fiscal_document',
  name: 'nfe.xml',
  type,
  text: XML,
});
const upload = (pack: number, files: SessionFile[]): SessionStep => ({
  method: 'POST',
  path: `/packs/${pack}/fiscal_documents`,
  as: 'seller',
  files,
});
const list = (pack: number, as: 'seller' | 'buyer' = 'seller'): SessionStep => ({
  method: 'GET',
  path: `/packs/${pack}/fiscal_documents`,
  as,
});

const reads: SessionStep[] = [
  { method: 'GET', path: '/orders/2000000012', as: 'seller' },
  { method: 'GET', path: `/orders/search?seller=${SELLER}`, as: 'seller' },
  { method: 'GET', path: '/orders/2000000012' },
  { method: 'GET', path: '/orders/2000000012/discounts', as: 'buyer' },
  { method: 'GET', path: '/shipments/4000000012', as: 'seller' },
  { method: 'GET', path: '/classified_locations/countries' },
  { method: 'GET', path: '/classified_locations/countries/BR' },
  { method: 'GET', path: '/sites/MLB/categories' },
  { method: 'GET', path: '/categories/MLB1002/attributes' },
  { method: 'GET', path: '/sites/MLB/search?category=MLB1000&item_location=lat:-24_-23,lon:-47_-46&limit=5' },
  { method: 'GET', path: `/users/${SELLER}?attributes=status`, tokenInQuery: true },
  { method: 'GET', path: '/items/MLB100000001/shipping_options?zip_code=01310100', as: 'buyer' },
  { method: 'GET', path: '/currency_conversions/search?from=BRL&to=USD' },
  { method: 'GET', path: `/messages/packs/3000000200/sellers/${SELLER}?mark_as_read=false`, as: 'buyer' },
];

const messages: SessionStep[] = [
  send(sellerSays('Olá! Obrigado pela compra, já enviamos o pedido.')),
  send(sellerSays('s'.repeat(350))),
  send(sellerSays('s'.repeat(351))),
  send(sellerSays('Привет, спасибо')),
  send(sellerSays('Olá', SELLER)),
  send(buyerSays('Oi, recebi.'), 'buyer'),
  send(buyerSays('b'.repeat(3500)), 'buyer'),
  send(buyerSays('b'.repeat(3501)), 'buyer'),
  { method: 'POST', path: CREATE, json: sellerSays('sem token') },
  send(
    sellerSays('Olá'),
    'seller',
    `/messages/packs/3000000250/sellers/${SELLER}?tag=post_sale&application_id=1234567890123456`,
  ),
  {
    method: 'POST',
    path: '/messages/attachments?tag=post_sale&site_id=MLB',
    as: 'seller',
    files: [{ field: 'file', name: 'foto.txt', type: 'text/plain', text: 'uma foto' }],
  },
  { ...send(sellerSays('Segue o anexo')), attachments: 1 },
  { ...send(sellerSays('Muitos anexos')), attachments: 26 },
  { method: 'GET', path: '/messages/attachments/$attachment?tag=post_sale&site_id=MLB', as: 'seller' },
  {
    method: 'GET',
    path: `/messages/packs/${PACK}/sellers/${SELLER}?limit=100&offset=0&mark_as_read=false`,
    as: 'seller',
  },
];

const fiscal: SessionStep[] = [
  upload(3000000101, [pdf()]),
  list(3000000101),
  { method: 'GET', path: '/packs/3000000101/fiscal_documents/$fiscal', as: 'buyer' },
  upload(3000000101, [pdf('outra.pdf')]),
  { method: 'DELETE', path: '/packs/3000000101/fiscal_documents', as: 'seller' },
  list(3000000101),
  upload(3000000102, [pdf(), xml()]),
  upload(3000000102, [xml('text/xml')]),
  list(3000000102, 'buyer'),
  {
    method: 'GET',
    path: '/packs/3000000103/fiscal_documents',
    together: ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => upload(3000000103, [pdf(`${name}.pdf`)])),
  },
  upload(3000000104, [{ field: 'fiscal_document', name: 'foto.png', type: 'image/png', text: 'PNG' }]),
  upload(3000000118, [xml()]),
  list(3000000118),
  // A 404 may be the storage row's transient failure: its retry, a few seconds later, tells.
  { ...list(3000000118), pauseMs: 2500 },
  { method: 'GET', path: '/packs/3000000101/fiscal_documents' },
];

/** An attachment over 25 MB under either reading: only where the size rule is the point (it makes the HAR large). */
const BIG_ATTACHMENT: SessionStep = {
  method: 'POST',
  path: '/messages/attachments?tag=post_sale&site_id=MLB',
  as: 'seller',
  files: [{ field: 'file', name: 'grande.bin', type: 'text/plain', size: 26_214_401 }],
};

export function session(options: { bigAttachment?: boolean } = {}): SessionStep[] {
  return [...reads, ...messages, ...fiscal, ...(options.bigAttachment ? [BIG_ATTACHMENT] : [])];
}
