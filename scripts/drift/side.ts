/** One side of a drift run: a base URL, the ids its profile gives, and calls checked by the suite's checks. */

import { type Finding, runFindings } from '../../lib/checks/findings.ts';
import type { OperationInfo, Spec } from '../../lib/checks/spec.ts';
import { judge } from '../../lib/checks/verdict.ts';
import { callTarget } from '../../lib/client/target-call.ts';
import { exchangeOf } from '../../lib/client/transport.ts';
import type { ExchangeRequest } from '../../lib/exchange/exchange.ts';
import { buildRequest } from '../../lib/exchange/request.ts';
import type { TargetProfile } from '../../lib/profile/types.ts';
import type { RoleSource, Roles, SideData } from './roles.ts';
import type { Call, Expectation, JudgedCall, SideContext } from './types.ts';

interface SideOptions {
  /** `mock` or `target`: how the report names the side. */
  name: 'mock' | 'target';
  profile: RoleSource;
  data: SideData;
  spec: Spec;
  redact: (text: string) => string;
}

interface HeaderParameter {
  $ref?: string;
  name?: string;
  in?: string;
  required?: boolean;
  example?: unknown;
  schema?: { enum?: unknown[] };
}

/**
 * The headers the spec requires of an operation, with the one value it allows (`x-format-new: true` on
 * the shipment read: the reference gives only that form, so the answer judged is the one it describes).
 */
export function requiredHeaders(spec: Spec, op: OperationInfo): Record<string, string> {
  const shared = (spec.doc.components?.parameters ?? {}) as Record<string, HeaderParameter>;
  const parameters = (op.operation.parameters ?? []) as HeaderParameter[];
  const headers: Record<string, string> = {};
  for (const written of parameters) {
    const parameter = written.$ref ? shared[written.$ref.split('/').at(-1) ?? ''] : written;
    if (parameter?.in !== 'header' || !parameter.required || !parameter.name) continue;
    const [only] = parameter.schema?.enum?.length === 1 ? parameter.schema.enum : [parameter.example];
    if (only !== undefined) headers[parameter.name.toLowerCase()] = String(only);
  }
  return headers;
}

/**
 * The suite's omission policy on this side (lib/checks/verdict.ts): a listed field left out that the
 * profile only reports is an omission, not a break the reference decides; the fields' comparison
 * (compare.ts) still shows it, as a difference the reference leaves open.
 */
function failingOnly(findings: Finding[], profile: RoleSource): Finding[] {
  const judged = judge(findings, profile as TargetProfile);
  return findings.filter((finding, i) => finding.level !== 'omission' || judged[i]?.outcome !== 'reported');
}

export class Side {
  constructor(readonly options: SideOptions) {}

  get name(): SideOptions['name'] {
    return this.options.name;
  }

  /** The side as a scenario sees it; roles are complete once the run has checked the scenario's needs. */
  context(): SideContext {
    return {
      roles: this.options.data.roles as Roles,
      users: this.options.data.users,
      send: (call, expect) => this.send(call, expect),
    };
  }

  async send(call: Call, expect?: Expectation): Promise<JudgedCall> {
    const { spec, profile, redact } = this.options;
    const op = spec.operation(call.operationId);
    const method = op.method.toUpperCase();
    if (method !== 'GET' && profile.allowsWrites !== true)
      throw new Error(`profile "${profile.name}" does not allow writes: refusing ${method} ${op.path}`);
    const request = await this.prepare(op, call);
    const base = profile.baseURL.replace(/\/+$/, '');
    const label = redact(`${method} ${request.url.href.slice(base.length)}`);
    // The suite's one client: paced at the profile's rate, a reset read sent once more, 429/503 waited out.
    const answer = await callTarget({
      out: {
        method,
        url: request.url.href,
        headers: request.headers,
        body: request.body,
        timeoutMs: profile.timeoutMs ?? 10_000,
      },
      label,
      pace: { perSecond: profile.requestsPerSecond ?? 0 },
      policy: profile.rateLimit,
    });
    const caller = call.as === 'anonymous' ? undefined : call.as;
    const exchange = exchangeOf(request, answer, call.operationId, caller);
    const found = runFindings({ spec, op, label: `${method} ${op.path}`, redact }, exchange.response);
    const findings = failingOnly(found, profile).map((finding) => ({
      ...finding,
      message: redact(finding.message),
    }));
    return { ...exchange, call, label, findings, rules: [], expect };
  }

  /** The call as the one request builder makes it, with the headers the spec requires; the token where `security` says. */
  private prepare(op: OperationInfo, call: Call): Promise<ExchangeRequest> {
    const token = call.as === 'anonymous' ? undefined : this.options.data.users[call.as]?.token;
    const headers = { ...requiredHeaders(this.options.spec, op), ...call.headers };
    const { query, json } = call;
    // An id a walk read from an answer that left it out is sent as `undefined`: both sides answer it, compared as any other call.
    const path = Object.fromEntries(
      Object.entries(call.path ?? {}).map(([name, value]) => [name, String(value)]),
    );
    return buildRequest(this.options.profile.baseURL, this.options.spec.doc, op, {
      path,
      query,
      headers,
      json,
      token,
    });
  }
}
