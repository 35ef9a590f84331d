import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writeWorkerFacts } from '../facts/reads.ts';
import { shownBaseURL } from '../profile/load.ts';
import { DATA_NEEDS } from '../profile/needs.ts';
import type { ProfileInput } from '../profile/types.ts';
import { aimAtUnseenBranches } from './branch-aim.ts';
import { discoverCatalog } from './catalog.ts';
import { type DiscoveryResult, Findings, valueAt } from './findings.ts';
import { discoverFiscal } from './fiscal.ts';
import { discoverMessages } from './messages.ts';
import { discoverOrders, findPartialOrder, type OrderPool } from './orders.ts';
import { DiscoveryStopped, Reader } from './reader.ts';
import { offerRememberedData } from './remembered.ts';

export type { DiscoveryResult, FailedRead, Finding } from './findings.ts';
export { ensureReachable, REACHABILITY_READ, TargetUnreachable } from './reachable.ts';

interface DiscoverOptions {
  /** Requests discovery may send (GET only); default the profile's discovery.requestBudget, else 300. */
  requestBudget?: number;
  /** Default the profile's discovery.timeLimitMs, else 60 s. */
  timeLimitMs?: number;
  /** Default the profile's requestsPerSecond (the suite's pacing). */
  requestsPerSecond?: number;
  /** Where the run's judgements after it are read from; default the folder of discovery.json. */
  reportsDir?: string;
  /** Told as each step starts, with the requests sent so far and the time since discovery began (progress lines). */
  onStep?: (step: string, requestsUsed: number, elapsedMs: number) => void;
}

const DEFAULT_LIMITS = { requestBudget: 300, timeLimitMs: 60_000 };

/**
 * Finds on the target, through documented GET operations only, the data needs the profile does not
 * give (orders by status, packs, conversations, catalog ids). Never sends a write; stops quietly at
 * the request budget or the time limit, keeping what it found. Usable outside Playwright.
 */
export async function discover(
  profile: ProfileInput,
  options: DiscoverOptions = {},
): Promise<DiscoveryResult> {
  const started = Date.now();
  const requestBudget =
    options.requestBudget ?? profile.discovery?.requestBudget ?? DEFAULT_LIMITS.requestBudget;
  const timeLimitMs = options.timeLimitMs ?? profile.discovery?.timeLimitMs ?? DEFAULT_LIMITS.timeLimitMs;
  const findings = new Findings(profile);
  const reader = new Reader(
    profile,
    {
      requestBudget,
      timeLimitMs,
      requestsPerSecond: options.requestsPerSecond ?? profile.requestsPerSecond,
      timeoutMs: profile.timeoutMs,
    },
    (needs, read, status) => findings.failed(needs, read, status),
  );
  const pool: OrderPool = new Map();
  let stoppedBy: DiscoveryResult['stoppedBy'];
  const step = (name: string) => options.onStep?.(name, reader.used, Date.now() - started);
  try {
    step('the data remembered from the last run');
    await offerRememberedData(reader, profile, findings);
    step('orders by status, tag and date');
    await discoverOrders(reader, profile, findings, pool);
    step('conversations, fiscal documents and the catalog');
    // Independent of one another once the orders are known: side by side, each read still paced.
    // All settled before going on: a part stopped by the budget or the time leaves the others to stop too.
    const parts = await Promise.allSettled([
      discoverMessages(reader, profile, findings, pool),
      discoverFiscal(reader, profile, findings, pool),
      discoverCatalog(reader, profile, findings, pool),
    ]);
    const stopped = parts.find((part) => part.status === 'rejected');
    if (stopped) throw stopped.reason;
    step('a partial order');
    await findPartialOrder(reader, findings, pool);
    step('instances of answer branches not yet seen');
    await aimAtUnseenBranches(reader, profile);
  } catch (error) {
    if (!(error instanceof DiscoveryStopped)) throw error;
    stoppedBy = error.by;
  }
  // What discovery read is judged after the run with every answer of the tests (lib/facts).
  writeWorkerFacts(options.reportsDir ?? dirname(discoveryFile()), 'discovery');
  return {
    target: profile.name,
    // The discovery file is a report: a secret base URL is written as its placeholder.
    baseURL: shownBaseURL(profile),
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    requestBudget,
    timeLimitMs,
    requestsUsed: reader.used,
    stoppedBy,
    found: findings.list,
    failed: findings.failedReads,
    readsFor: Object.fromEntries(reader.readsFor),
  };
}

/** Where each data need of the run came from. */
export interface NeedState {
  path: string;
  what: string;
  state: 'given' | 'discovered' | 'not found' | 'read failed';
  /** The read a discovered value came from, or the read that failed. */
  from?: string;
  /** The status of the failed read (0: no answer). */
  status?: number;
  /** Not found: the reads discovery made looking for it (0 when it never looked). */
  reads?: number;
}

/** "read failed (status 503 on GET /orders/search?...)" or "(no answer ...)": why a need was not found. */
export function failedWords(need: Pick<NeedState, 'from' | 'status'>): string {
  const status = need.status ? `status ${need.status}` : 'no answer';
  return `read failed (${status} to ${need.from})`;
}

interface ResolvedProfile {
  /** The profile with discovered values filled in where it had none: its values always win. */
  profile: ProfileInput;
  needs: NeedState[];
}

function setAt(root: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = root;
  for (const key of keys.slice(0, -1)) {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys[keys.length - 1] as string] = value;
}

/** Merges a discovery result into a profile (profile values win) and says, per need, given / discovered / not found / read failed. */
export function resolveProfile(profile: ProfileInput, result?: DiscoveryResult): ResolvedProfile {
  const merged = structuredClone(profile) as ProfileInput & Record<string, unknown>;
  const needs = DATA_NEEDS.map((need): NeedState => {
    if (valueAt(profile, need.path) !== undefined)
      return { path: need.path, what: need.what, state: 'given' };
    // A need never discovered stays the profile's alone, whatever a discovery file holds.
    const found = need.discoverable ? result?.found.find((f) => f.path === need.path) : undefined;
    const failed = need.discoverable ? result?.failed?.find((f) => f.path === need.path) : undefined;
    if (!found && failed)
      return {
        path: need.path,
        what: need.what,
        state: 'read failed',
        from: failed.read,
        status: failed.status,
      };
    if (!found)
      return {
        path: need.path,
        what: need.what,
        state: 'not found',
        ...(need.discoverable && result ? { reads: result.readsFor?.[need.path] ?? 0 } : {}),
      };
    setAt(merged, need.path, found.value);
    return { path: need.path, what: need.what, state: 'discovered', from: found.from };
  });
  return { profile: merged, needs };
}

/** discovery.json next to the reports. */
export function discoveryFile(reportsDir = process.env.REPORTS_DIR ?? 'reports'): string {
  return join(reportsDir, 'discovery.json');
}

export function writeDiscovery(result: DiscoveryResult, file = discoveryFile()): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
}

/** The discovery of this run, if it was of this target (a stale file of another target is ignored). */
export function readDiscovery(profile: ProfileInput, file = discoveryFile()): DiscoveryResult | undefined {
  if (!existsSync(file)) return undefined;
  const result = JSON.parse(readFileSync(file, 'utf8')) as DiscoveryResult;
  return result.baseURL === shownBaseURL(profile) && result.target === profile.name ? result : undefined;
}
