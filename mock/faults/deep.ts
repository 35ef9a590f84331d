import { buyerShifted, type Fault, mapList, onJson } from './kit.ts';

/**
 * Regressions hidden in data a reader reaches only by going past the first, easy reads (issue 36, data
 * never reached): older orders, later pages, the last discount of an order, a file attached to a
 * message, a pack's second seller. Each answer keeps its shape; the run sees them only where its tests
 * or its discovery read that far (discovery's answers are judged after the run too).
 */

type Json = Record<string, unknown>;

const DAY_MS = 86_400_000;
const LISTING = 'GET /messages/packs/:pack_id/sellers/:user_id';
const isOld = (order: Json) =>
  typeof order.date_created === 'string' && Date.now() - Date.parse(order.date_created) > 30 * DAY_MS;

export const DEEP_FAULTS: readonly Fault[] = [
  {
    name: 'old-orders-dates-without-offset',
    requirement: 'GEN-TIMESTAMPS',
    description:
      'order search writes the dates of orders older than a month without an offset (an archive store)',
    install: (app) =>
      onJson(app, 'GET /orders/search', (page) =>
        mapList(page, 'results', (order) =>
          isOld(order) && typeof order.date_created === 'string'
            ? { ...order, date_created: order.date_created.replace(/(Z|[+-]\d{2}(:?\d{2})?)$/, '') }
            : order,
        ),
      ),
  },
  {
    name: 'old-orders-search-total-stale',
    requirement: 'FACT-ORDER-READS',
    description:
      'order search shows a stale total_amount for orders older than a month; their read by id is right',
    install: (app) =>
      onJson(app, 'GET /orders/search', (page) =>
        mapList(page, 'results', (order) =>
          isOld(order) && typeof order.total_amount === 'number'
            ? { ...order, total_amount: order.total_amount + 10 }
            : order,
        ),
      ),
  },
  {
    name: 'later-listing-pages-other-buyer',
    requirement: 'FACT-PACK-READS',
    description: "a pack listing's pages after the first name as buyer a user one id past the pack's buyer",
    install: (app) =>
      onJson(app, LISTING, (listing, request) => {
        const asked = request.query as Record<string, string | undefined>;
        return Number(asked.offset ?? 0) === 0 ? listing : buyerShifted(listing, request);
      }),
  },
  {
    name: 'last-discount-seller-above-total',
    requirement: 'MEAN-DISCOUNT-SELLER-PORTION',
    description: "the last discount of an order with several gives a seller portion above the item's total",
    install: (app) =>
      onJson(app, 'GET /orders/:order_id/discounts', (discounts) => {
        const details = Array.isArray(discounts.details) ? (discounts.details as Json[]) : [];
        if (details.length < 2) return discounts;
        return mapList(discounts, 'details', (detail, i) =>
          i < details.length - 1
            ? detail
            : mapList(detail, 'items', (item) => {
                const amounts = (item.amounts ?? {}) as Json;
                return typeof amounts.total === 'number'
                  ? { ...item, amounts: { ...amounts, seller: amounts.total + 5 } }
                  : item;
              }),
        );
      }),
  },
  {
    name: 'attachment-size-in-kilobytes',
    requirement: 'ATT-DOWNLOAD-FILE',
    description: "a message's attachments give their size in kilobytes, not in bytes",
    install: (app) =>
      onJson(app, LISTING, (listing) =>
        mapList(listing, 'messages', (m) =>
          mapList(m, 'message_attachments', (file) =>
            typeof file.size === 'number' ? { ...file, size: Math.ceil(file.size / 1024) } : file,
          ),
        ),
      ),
  },
  {
    name: 'second-seller-document-type-swapped',
    requirement: 'FACT-FISCAL-READS',
    description:
      "a pack's list names every document after its first with the wrong file type (a second seller's, a second kind)",
    install: (app) =>
      onJson(app, 'GET /packs/:pack_id/fiscal_documents', (listing) =>
        mapList(listing, 'fiscal_documents', (doc, i) =>
          i === 0
            ? doc
            : { ...doc, file_type: doc.file_type === 'application/pdf' ? 'text/xml' : 'application/pdf' },
        ),
      ),
  },
];
