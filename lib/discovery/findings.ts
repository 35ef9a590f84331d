import type { ProfileInput } from '../profile/types.ts';

/** A value discovery found on the target, and the read it came from. */
export interface Finding {
  path: string;
  value: unknown;
  from: string;
}

/** A read made for a need that did not answer 2xx: the need is "read failed", never "not found". */
export interface FailedRead {
  path: string;
  read: string;
  /** 0: no answer (a timeout, a connection reset twice). */
  status: number;
}

export interface DiscoveryResult {
  target: string;
  baseURL: string;
  startedAt: string;
  durationMs: number;
  requestBudget: number;
  timeLimitMs: number;
  requestsUsed: number;
  /** Set when the budget or the time limit ended discovery early. */
  stoppedBy?: 'budget' | 'time';
  found: Finding[];
  /** For each need not found, the first read made for it that failed (absent: every read answered). */
  failed?: FailedRead[];
  /** For each need discovery looked for, the reads it made for it (absent in results made before). */
  readsFor?: Record<string, number>;
}

export function valueAt(root: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      root,
    );
}

/** What discovery has yet to find: needs neither given by the profile nor found so far. */
export class Findings {
  readonly list: Finding[] = [];
  private readonly failures = new Map<string, FailedRead>();

  constructor(private readonly profile: ProfileInput) {}

  wants(path: string): boolean {
    return valueAt(this.profile, path) === undefined && !this.list.some((f) => f.path === path);
  }

  wantsAny(...paths: string[]): boolean {
    return paths.some((path) => this.wants(path));
  }

  add(path: string, value: unknown, from: string): void {
    if (value !== undefined && value !== null && this.wants(path)) this.list.push({ path, value, from });
  }

  /** A read made for these needs failed: each still wanted keeps its first failed read. */
  failed(paths: readonly string[], read: string, status: number): void {
    for (const path of paths)
      if (this.wants(path) && !this.failures.has(path)) this.failures.set(path, { path, read, status });
  }

  /** The failed reads of the needs that stayed not found (a need found later by another read is found). */
  get failedReads(): FailedRead[] {
    return [...this.failures.values()].filter((failure) => this.wants(failure.path));
  }

  /** The profile's value, else the one found: what later discovery steps build on. */
  get<T>(path: string): T | undefined {
    return (valueAt(this.profile, path) ?? this.list.find((f) => f.path === path)?.value) as T | undefined;
  }
}
