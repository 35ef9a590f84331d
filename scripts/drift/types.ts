import type { Finding } from '../../lib/checks/types.ts';
import type { Exchange } from '../../lib/exchange/exchange.ts';
import type { CallerRole, RoleName, Roles, SideData } from './roles.ts';

/** One read call, as both sides receive it (each with its own ids and tokens). */
export interface Call {
  operationId: string;
  as: CallerRole;
  path?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  /** A JSON body (writes only). */
  json?: unknown;
}

/** A statement of the reference about the answer, with the requirement that makes it. */
export interface Expectation {
  /** The call must be refused (any 4xx): e.g. a stranger reading an order. */
  refused?: string;
  /** The call must succeed (any 2xx): e.g. a seller's text of 350 characters. */
  accepted?: string;
  /** The exact status the reference gives. */
  status?: { code: number; requirement: string };
  /** The error code the reference gives. */
  error?: { code: string; requirement: string };
}

/** Whether a rule the suite checks holds on one answer. */
export interface RuleOutcome {
  requirement: string;
  holds: boolean;
  /** Why it does not hold (empty when it does). */
  detail: string;
}

/** One call and its answer on one side (the one Exchange of lib/exchange), with what drift judged of it. */
export interface JudgedCall extends Exchange {
  call: Call;
  /** `GET /orders/2000000005?x=1`: redacted. */
  label: string;
  /** What the named checks of lib/checks/checks.ts found in this answer. */
  findings: Finding[];
  rules: RuleOutcome[];
  expect?: Expectation;
}

/** What a scenario gets of a side: its roles and a way to call it. */
export interface SideContext {
  roles: Roles;
  users: SideData['users'];
  send(call: Call, expect?: Expectation): Promise<JudgedCall>;
}

/** A sequence of read calls generated once and replayed on both sides. */
export interface Scenario {
  name: string;
  needs: RoleName[];
  /** Users that must be in both profiles. */
  callers: CallerRole[];
  /** Sends writes: compared only when the target profile allows writes. */
  writes?: boolean;
  run(side: SideContext): Promise<JudgedCall[]>;
}
