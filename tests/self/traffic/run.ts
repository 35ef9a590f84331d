import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { loadSpec } from '../../../lib/checks/spec.ts';
import { loadMockProfile, profileSecrets } from '../../../lib/profile/load.ts';
import type { Verdict } from '../../../lib/report/verdict/classify.ts';
import { build } from '../../../mock/app.ts';
import { trafficRedactor } from '../../../scripts/traffic/evidence.ts';
import type { NumberedExchange } from '../../../scripts/traffic/exchange.ts';
import { readHar } from '../../../scripts/traffic/har.ts';
import { judgeTraffic, type TrafficJudgement } from '../../../scripts/traffic/judge.ts';
import { writeTrafficReports } from '../../../scripts/traffic/report.ts';
import { recordSessions } from './browser-client.ts';
import { startPageServer } from './page-server.ts';
import { session } from './session.ts';

/** A mock of this process, on a free port, with the named faults planted. */
export async function startInProcessMock(
  faults: string[] = [],
): Promise<{ baseURL: string; stop: () => Promise<void> }> {
  const app = await build({ faults });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { baseURL: `http://127.0.0.1:${port}`, stop: () => app.close() };
}

export interface Recorded {
  har: string;
  /** The origin each fault set's session was played from (its page server before its mock). */
  origins: Map<string, string>;
}

/** Records the client session against one mock per fault set (one HAR for all), from Chromium pages. */
export async function recordHarAgainst(
  browser: Browser,
  faultSets: string[][],
  options: { content?: 'embed' | 'attach'; bigAttachment?: (faults: string[]) => boolean } = {},
): Promise<Recorded> {
  const mocks = await Promise.all(faultSets.map((faults) => startInProcessMock(faults)));
  const servers = await Promise.all(mocks.map((mock) => startPageServer(mock.baseURL)));
  const har = join(mkdtempSync(join(tmpdir(), 'traffic-har-')), 'session.har');
  const origins = new Map(faultSets.map((faults, i) => [faults.join(','), servers[i]!.origin]));
  const faultsOf = new Map(faultSets.map((faults, i) => [servers[i]!.origin, faults]));
  try {
    const { users } = loadMockProfile();
    await recordSessions(
      browser,
      servers.map((s) => s.origin),
      (origin) => session({ bigAttachment: options.bigAttachment?.(faultsOf.get(origin) ?? []) ?? false }),
      { seller: users.seller.token, buyer: users.buyer.token },
      { path: har, content: options.content ?? 'embed' },
    );
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await Promise.all(mocks.map((m) => m.stop()));
  }
  return { har, origins };
}

export interface JudgedRun {
  judgement: TrafficJudgement;
  verdict: Verdict;
  outDir: string;
}

/** Judges exchanges as `npm run traffic -- --target mock` does and writes its reports to a fresh folder. */
export function judgeExchanges(exchanges: NumberedExchange[], source: string): JudgedRun {
  const profile = loadMockProfile();
  const redact = trafficRedactor(exchanges, profileSecrets(profile));
  const spec = loadSpec();
  const judgement = judgeTraffic(exchanges, spec, profile, redact);
  const outDir = mkdtempSync(join(tmpdir(), 'traffic-reports-'));
  const verdict = writeTrafficReports(outDir, { source, target: 'mock' }, judgement, spec, profile, redact);
  return { judgement, verdict, outDir };
}

/** The exchanges of one origin, numbered again from 1. */
function exchangesOf(all: NumberedExchange[], origin: string): NumberedExchange[] {
  return all.filter((e) => e.request.url.origin === origin).map((e, i) => ({ ...e, index: i + 1 }));
}

const read = new Map<string, NumberedExchange[]>();

/** Judges the session of one origin of a HAR (read once: it holds every session). */
export function judgeHar(path: string, origin: string): JudgedRun {
  if (!read.has(path)) read.set(path, readHar(path));
  return judgeExchanges(exchangesOf(read.get(path)!, origin), `HAR file ${path}`);
}
