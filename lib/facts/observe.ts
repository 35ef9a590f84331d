import type { Exchange } from '../exchange/exchange.ts';
import type { Judgement } from '../judge/judgement.ts';
import { runHasJudge } from '../profile/run-env.ts';
import { MEANING_RULES } from '../rules/meanings.ts';
import { factsOfAnswer } from './extract.ts';
import { keepFacts, keepMeanings } from './reads.ts';

/**
 * Keeps what the run judges after it ends from one answer: its facts (one fact, one value) and the
 * judgements of the meaning rules (lib/rules/meaning-*.ts) on it, in a run without its judge only.
 */
export function observeAnswer(exchange: Exchange): void {
  const { operation, request, response } = exchange;
  // The run's judge applies the same rules to every exchange of the run's record (tests/judge).
  if (!operation || runHasJudge()) return;
  keepFacts(
    factsOfAnswer(operation, response.status, response.body, {
      path: request.url.pathname,
      bytes: response.bytes,
      caller: exchange.caller,
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
