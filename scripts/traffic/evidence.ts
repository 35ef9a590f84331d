import { createRedactor, REDACTED, redactThenCut } from '../../lib/redact/redact.ts';
import { formParts } from '../../lib/rules/multipart.ts';
import { type NumberedExchange, tokenOf } from './exchange.ts';

const SECRET_HEADERS = new Set(['authorization', 'cookie', 'set-cookie', 'proxy-authorization', 'x-api-key']);
const SHOWN_REQUEST = ['content-type', 'content-length', 'x-format-new', 'x-client-id'];
const SHOWN_RESPONSE = ['content-type', 'x-content-missing', 'retry-after', 'location'];
const BODY_SHOWN = 600;

/** Every secret the traffic itself carries: tokens, cookie values and the values of secret headers. */
function trafficSecrets(exchanges: NumberedExchange[]): string[] {
  const found = new Set<string>();
  for (const exchange of exchanges) {
    const token = tokenOf(exchange);
    if (token) found.add(token);
    for (const [name, value] of [
      ...Object.entries(exchange.request.headers),
      ...Object.entries(exchange.response.headers),
    ]) {
      if (!SECRET_HEADERS.has(name)) continue;
      found.add(value);
      for (const crumb of value.split(/[;,]/)) {
        const cookie = crumb.split('=').slice(1).join('=').trim();
        if (cookie.length >= 4) found.add(cookie);
        const bearer = /Bearer\s+(\S+)/i.exec(crumb)?.[1];
        if (bearer) found.add(bearer);
      }
    }
  }
  return [...found];
}

/** The redactor of a traffic run: the profile's secrets and the traffic's own. */
export function trafficRedactor(
  exchanges: NumberedExchange[],
  profileSecrets: string[],
  placeholders: Record<string, string> = {},
): (text: string) => string {
  return createRedactor([...profileSecrets, ...trafficSecrets(exchanges)], placeholders);
}

function headerLines(headers: Record<string, string>, shown: string[]): string[] {
  return Object.entries(headers).flatMap(([name, value]) => {
    if (SECRET_HEADERS.has(name)) return [`${name}: ${REDACTED}`];
    return shown.includes(name) ? [`${name}: ${value}`] : [];
  });
}

function requestBodyShown(exchange: NumberedExchange): string {
  const body = exchange.request.body;
  if (!body || body.length === 0) return '';
  const parts = formParts(exchange.request.headers['content-type'], body);
  if (parts)
    return parts
      .map(
        (p) =>
          `part ${p.name}${p.filename !== undefined ? ` file "${p.filename}" ${p.contentType ?? ''}` : ''} (${p.size} bytes)`,
      )
      .join('\n');
  const type = exchange.request.headers['content-type'] ?? '';
  return /json|text|x-www-form/.test(type)
    ? body.toString('utf8')
    : `(${body.length} bytes of ${type || 'data'})`;
}

function responseBodyShown(exchange: NumberedExchange): string {
  const type = exchange.response.headers['content-type'] ?? '';
  if (/json|text|xml/.test(type)) return exchange.response.text;
  return `(${exchange.response.bytes.length} bytes of ${type || 'data'})`;
}

/** The exchange as a report shows it: secrets redacted first, then long bodies cut. */
export function exchangeEvidence(exchange: NumberedExchange, redact: (text: string) => string): string {
  const lines = [
    `#${exchange.index} ${exchange.request.method} ${exchange.request.url.pathname}${exchange.request.url.search}`,
    ...headerLines(exchange.request.headers, SHOWN_REQUEST),
    requestBodyShown(exchange),
    `→ ${exchange.response.status}`,
    ...headerLines(exchange.response.headers, SHOWN_RESPONSE),
    responseBodyShown(exchange),
  ].filter((line) => line !== '');
  return lines.map((line) => redactThenCut(line, BODY_SHOWN, redact)).join('\n');
}
