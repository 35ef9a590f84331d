import { baselinePath, isKnown, keyOf, readBaseline } from '../checks/baseline.ts';
import type { TargetProfile } from '../profile/types.ts';
import type { RunJudgement } from './judge.ts';

/** The broken judgements the target's baseline does not know (a known deviation is listed, not failed). */
export function brokenNow(judgements: readonly RunJudgement[], target: TargetProfile): RunJudgement[] {
  const known = new Set(readBaseline(baselinePath(target)).map(keyOf));
  return judgements.filter(
    (j) =>
      j.outcome === 'broken' &&
      !isKnown(known, {
        check: j.rule,
        operation: j.label,
        field: j.requirement,
        level: 'violation',
        keyword: 'rule',
      }),
  );
}

/** The broken judgements as a reader reads them: requirement, the rule's words, the redacted exchange, the part that sent it. */
export function describeBroken(
  broken: readonly RunJudgement[],
  words: ReadonlyMap<string, string>,
  redact: (text: string) => string,
  most: number,
): string {
  const lines = broken.slice(0, most).map((j) => {
    const { request, response } = j.exchange;
    const asked = `${request.method} ${request.url.pathname}${request.url.search}`;
    return redact(
      `${j.requirement}: #${j.exchange.index} ${asked} → ${response.status}${j.exchange.caller ? ` as ${j.exchange.caller}` : ''}, sent by ${j.exchange.part}: ${j.instance}${j.reason ? `: ${j.reason}` : ''}\n  the rule: ${words.get(j.requirement) ?? 'see the catalog'}\n  answer: ${response.text.slice(0, 400)}`,
    );
  });
  const more = broken.length > most ? [`… and ${broken.length - most} more`] : [];
  return [...lines, ...more].join('\n');
}
