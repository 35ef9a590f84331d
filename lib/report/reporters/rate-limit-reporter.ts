import type { FullConfig, Reporter } from '@playwright/test/reporter';
import { describeBudget } from '../../client/rate-limit.ts';
import { answeredInRun, type LedgerLine, readLedger, tallyOfRun } from '../../client/run-ledger.ts';
import { loadProfile } from '../../profile/load.ts';
import type { RateLimitPolicy } from '../../profile/types.ts';
import { runRequests } from '../verdict/request-budget.ts';

const seconds = (ms: number) => (ms / 1000).toFixed(1);

function limitSentences(lines: LedgerLine[], budget: string): string[] {
  const sentences: string[] = [];
  const ended = lines.find((line) => line.endedWaiting);
  const notVerified = lines.filter((line) => line.notVerified).length;
  if (ended) {
    sentences.push(
      `target rate-limited: the run could not finish: ${ended.label} answered ${ended.gaveUp}; ` +
        `${notVerified} later call(s) refused were not verified`,
    );
  }
  const gaveUp = lines.filter((line) => line.gaveUp && !line.endedWaiting);
  if (gaveUp.length > 0) {
    sentences.push(
      `${ended ? '' : 'target rate-limited: '}${gaveUp.length} call(s) gave up (first: ${gaveUp[0]?.label} ${gaveUp[0]?.gaveUp})`,
    );
  }
  const waits = lines.filter((line) => line.waitedMs > 0);
  if (waits.length > 0) {
    const waited = seconds(waits.reduce((sum, line) => sum + line.waitedMs, 0));
    const longest = seconds(Math.max(...waits.map((line) => line.waitedMs)));
    sentences.push(
      `the target asked the run to slow down: it waited ${waited} s in ${waits.length} wait(s) (longest ${longest} s) out of its budget of ${budget}`,
    );
  }
  const cuts = lines.flatMap((line) => (line.cut ? [line.cut] : []));
  const last = cuts.at(-1);
  if (last) {
    sentences.push(
      `the pacer cut the run's rate ${cuts.length} time(s) (the last from ${last.from} to ${last.to} requests/s, then back towards ${last.from})`,
    );
  }
  return sentences;
}

/** What the target let the run do: its answered calls over the run's time, once it refused any call. */
function allowedRate(lines: LedgerLine[], answered: number, elapsedMs: number | undefined): string[] {
  const refused = lines.filter((line) => (line.status === 429 || line.status === 503) && !line.cut).length;
  if (refused === 0 || !elapsedMs || elapsedMs <= 0) return [];
  const rate = (answered * 1000) / elapsedMs;
  return [
    `the target allowed ${rate.toFixed(1)} requests/s (${answered} calls answered in ${seconds(elapsedMs)} s, ${refused} refused with 429/503)`,
  ];
}

/**
 * The one line a run says about how the target's HTTP made it wait or retry (429/503 answers, the waits
 * and their longest, rate cuts, the rate the target allowed over the run's elapsedMs, reads retried after
 * a reset), or undefined when it never had to.
 */
export function rateLimitSummary(
  lines: LedgerLine[],
  policy: RateLimitPolicy | undefined,
  answered = answeredInRun(),
  elapsedMs?: number,
): string | undefined {
  const sentences = [
    ...limitSentences(lines, describeBudget(policy, answered)),
    ...allowedRate(lines, answered, elapsedMs),
  ];
  const retried = lines.filter((line) => line.retriedAfter);
  if (retried.length > 0) {
    sentences.push(`${retried.length} request(s) retried after a reset (${retried[0]?.retriedAfter})`);
  }
  return sentences.length > 0 ? sentences.join('; ') : undefined;
}

/**
 * Says in one line, at the end of the run, how much the target made it wait (429/503 answers), how far
 * the pacer slowed it, how many reads were retried after a reset, and whether calls gave up; the line
 * also goes into the run's metadata, which the reports after it show (index.html, above the verdict).
 * Listed before the reporters that write, after the redacting one.
 */
export default class RateLimitReporter implements Reporter {
  private config: FullConfig | undefined;
  /** Made before global setup: the run's wall time counts discovery's requests too. */
  private readonly constructedAt = Date.now();

  printsToStdio(): boolean {
    return false;
  }

  onBegin(config: FullConfig): void {
    this.config = config;
  }

  /** A run that could not finish fails, whatever its tests say. */
  async onEnd(): Promise<{ status: 'failed' } | undefined> {
    const ledger = readLedger();
    const profile = loadProfile();
    // The request budget (issue 37), for verdict.json and the index page: the rate the target last refused
    // the run at (its rate is at most that) wins over the profile's; a cut's lower rate is the pacer's, not the target's.
    const perSecond =
      ledger.flatMap((entry) => (entry.cut ? [entry.cut.from] : [])).at(-1) ?? profile.requestsPerSecond;
    const wallMs = Date.now() - this.constructedAt;
    const requests = runRequests(tallyOfRun(), wallMs, perSecond);
    if (this.config) (this.config.metadata as Record<string, unknown>).requests = requests;
    // Over the same time as the calls it counts (discovery's included).
    const line = rateLimitSummary(ledger, profile.rateLimit, answeredInRun(), wallMs);
    if (!line) return undefined;
    console.log(line);
    if (this.config) (this.config.metadata as Record<string, unknown>).rateLimit = line;
    return ledger.some((entry) => entry.endedWaiting) ? { status: 'failed' } : undefined;
  }
}
