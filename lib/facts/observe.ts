import type { Exchange } from '../exchange/exchange.ts';
import type { Judgement } from '../judge/judgement.ts';
import { MEANING_RULES } from '../rules/meanings.ts';
import { factsOfAnswer } from './extract.ts';
import { keepFacts, keepMeanings } from './reads.ts';

/** One answer as the API client received it. */
export interface ObservedAnswer {
  operationId: string;
  /** `GET /orders/search?seller=1`: the method and the path asked (query included), without the base URL. */
  label: string;
  requestHeaders: Record<string, string>;
  status: number;
  headers: Record<string, string>;
  bytes: Buffer;
  text: string;
  body: unknown;
}

/** The answer as the one Exchange every rule reads. */
export function exchangeOf(answer: ObservedAnswer): Exchange {
  const space = answer.label.indexOf(' ');
  const now = Date.now();
  return {
    operation: answer.operationId,
    request: {
      method: answer.label.slice(0, space),
      url: new URL(answer.label.slice(space + 1), 'http://target.invalid'),
      headers: Object.fromEntries(
        Object.entries(answer.requestHeaders).map(([k, v]) => [k.toLowerCase(), v]),
      ),
    },
    response: {
      status: answer.status,
      headers: answer.headers,
      bytes: answer.bytes,
      text: answer.text,
      body: answer.body,
    },
    startedMs: now,
    endedMs: now,
  };
}

/**
 * Keeps what the run judges after it ends from one answer: its facts (one fact, one value) and the
 * judgements of the meaning rules (lib/rules/meaning-*.ts) on it.
 */
export function observeAnswer(answer: ObservedAnswer): void {
  const exchange = exchangeOf(answer);
  keepFacts(
    factsOfAnswer(answer.operationId, answer.status, answer.body, {
      path: exchange.request.url.pathname,
      bytes: answer.bytes,
    }),
  );
  keepMeanings(judgeMeanings(exchange));
}

/** The meaning rules' judgements of one exchange. */
export function judgeMeanings(exchange: Exchange): Judgement[] {
  return MEANING_RULES.filter((rule) => rule.appliesTo(exchange)).flatMap((rule) =>
    rule.judge(exchange, { history: [] }),
  );
}
