import {
  beforeHandler,
  type Choice,
  callerIdOf,
  firstQuery,
  is,
  type Json,
  ok,
  onAnswer,
  queryOf,
  type RouteKey,
} from './kit.ts';

// Values past the bounds the mock keeps where the reference states none (the spec's "… not stated; the
// mock keeps to it"), and a request bound the reference leaves open. mock/alternate/places.ts says, for
// each such place, whether it is drawn here or why the reference allows the mock's answer only.

const SETTINGS_LIMITS = [
  'max_title_length',
  'max_sub_title_length',
  'max_description_length',
  'max_pictures_per_item',
];

/** An integer limit past the mock's bounds: -1 ("no limit") on a seeded half, or the largest 32-bit integer. */
const LIMIT_VALUES: Record<string, (chance: number, value: number) => number> = {
  'minus-one': (chance, value) => (chance < 0.5 ? -1 : value),
  huge: () => 2_147_483_647,
};

const catalogLimits: Choice = {
  name: 'catalog-limits',
  gap: 'CAT-SETTINGS-VALUES, CAT-ATTR-MAX-LENGTH: "max_description_length, max_pictures_per_item, max_sub_title_length, max_title_length (integers)", "value_max_length (integer, for number and string)": no bound is stated',
  description:
    'the four limits of category settings and value_max_length of attributes past the bounds the mock keeps',
  variants: {
    mock: 'the mock values: integers from 0 up',
    'minus-one': 'a seeded half of them -1 (as a server that says "no limit" so)',
    huge: 'every one 2147483647',
  },
  install: (app, pick) => {
    const limit = LIMIT_VALUES[pick.variant];
    if (!limit) return;
    const redraw = (value: unknown, key: string) =>
      typeof value === 'number' ? limit(pick.chance(key), value) : value;
    onAnswer(app, ['GET /categories/:category_id'], is(200), (body) => {
      const category = body as Json;
      const settings = category.settings as Json | undefined;
      if (!settings) return category;
      const limits = SETTINGS_LIMITS.filter((key) => key in settings).map((key) => [
        key,
        redraw(settings[key], `${category.id}:${key}`),
      ]);
      return { ...category, settings: { ...settings, ...Object.fromEntries(limits) } };
    });
    onAnswer(app, ['GET /categories/:category_id/attributes'], is(200), (body, request) =>
      (body as Json[]).map((attribute) =>
        'value_max_length' in attribute
          ? {
              ...attribute,
              value_max_length: redraw(
                attribute.value_max_length,
                `${(request.params as Json).category_id}:${attribute.id}:value_max_length`,
              ),
            }
          : attribute,
      ),
    );
  },
};

const MESSAGE_ROUTES: RouteKey[] = [
  'GET /messages/packs/:pack_id/sellers/:user_id',
  'POST /messages/packs/:pack_id/sellers/:user_id',
  'GET /messages/:message_id',
];

const SITE_CODES: Record<string, (code: string) => string> = {
  'lower-case': (code) => code.toLowerCase(),
  'with-digit': (code) => `${code}1`,
};

/** A message (legacy or current form) with its site code respelled. */
function respelled(message: Json, spell: (code: string) => string): Json {
  return typeof message.site_id === 'string' ? { ...message, site_id: spell(message.site_id) } : message;
}

const messageSiteCode: Choice = {
  name: 'message-site-code',
  gap: 'MSG-FIELDS-CURRENT: "site_id | string | Site code" (no pattern is stated; the mock keeps three capitals)',
  description: 'the site_id of messages in another pattern than three capitals',
  variants: {
    mock: 'three capitals: MLB',
    'lower-case': 'lower case: mlb',
    'with-digit': 'four characters ending in a digit: MLB1',
  },
  install: (app, pick) => {
    const spell = SITE_CODES[pick.variant];
    if (!spell) return;
    onAnswer(app, MESSAGE_ROUTES, ok, (body) => {
      const answer = respelled(body as Json, spell);
      const messages = answer.messages;
      return Array.isArray(messages)
        ? { ...answer, messages: messages.map((message: Json) => respelled(message, spell)) }
        : answer;
    });
  },
};

const attachmentDownloadSiteId: Choice = {
  name: 'attachment-download-site-id',
  gap: 'ATT-ERR-SITE-ID-MISSING: "(required)" is written on the upload row only: whether a download without site_id is refused is not shown',
  description: 'an attachment download without the query parameter site_id',
  variants: {
    mock: '400 bad_request, as the upload',
    optional: "answered: the caller's own site assumed",
  },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    beforeHandler(app, ['GET /messages/attachments/:attachment_id'], (request) => {
      if (firstQuery(request, 'site_id')) return;
      const caller = callerIdOf(request);
      const site = caller === undefined ? undefined : app.world.users.byId(caller)?.site_id;
      if (site) queryOf(request).site_id = site;
    });
  },
};

export const BOUND_CHOICES: Choice[] = [catalogLimits, messageSiteCode, attachmentDownloadSiteId];
