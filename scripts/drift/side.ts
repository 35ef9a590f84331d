/** One side of a drift run: a base URL, the ids its profile gives, and calls checked by the suite's checks. */

import { type Finding, runFindings } from '../../lib/checks/findings.ts';
import type { OperationInfo, Spec } from '../../lib/checks/spec.ts';
import type { ObservedResponse } from '../../lib/checks/types.ts';
import { judge } from '../../lib/checks/verdict.ts';
import { parseJsonBody } from '../../lib/client/json-body.ts';
import { callTarget } from '../../lib/client/target-call.ts';
import type { TargetProfile } from '../../lib/profile/types.ts';
import type { RoleSource, Roles, SideData } from './roles.ts';
import type { Call, Exchange, Expectation, SideContext } from './types.ts';

interface SideOptions {
  /** `mock` or `target`: how the report names the side. */
  name: 'mock' | 'target';
  profile: RoleSource;
  data: SideData;
  spec: Spec;
  redact: (text: string) => string;
}

function fillPath(template: string, values: Call['path'] = {}): string {
  return template.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(String(values[name])));
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

  async send(call: Call, expect?: Expectation): Promise<Exchange> {
    const { spec, profile, redact } = this.options;
    const op = spec.operation(call.operationId);
    const method = op.method.toUpperCase();
    if (method !== 'GET' && profile.allowsWrites !== true)
      throw new Error(`profile "${profile.name}" does not allow writes: refusing ${method} ${op.path}`);
    const { url, headers } = this.prepare(op, call);
    if (call.json !== undefined) headers['content-type'] = 'application/json';
    const label = redact(`${method} ${url.slice(profile.baseURL.replace(/\/+$/, '').length)}`);
    // The suite's one client: paced at the profile's rate, a reset read sent once more, 429/503 waited out.
    const answer = await callTarget({
      out: {
        method,
        url,
        headers,
        body: call.json === undefined ? undefined : JSON.stringify(call.json),
        timeoutMs: profile.timeoutMs ?? 10_000,
      },
      label,
      pace: { perSecond: profile.requestsPerSecond ?? 0 },
      policy: profile.rateLimit,
    });
    const { bytes } = answer;
    const contentType = answer.headers['content-type'] ?? '';
    const text = /json|text|xml/.test(contentType) ? bytes.toString('utf8') : bytes.toString('latin1');
    const response: ObservedResponse = {
      status: answer.status,
      headers: answer.headers,
      body: parseJsonBody(text, contentType),
      text,
    };
    const found = runFindings({ spec, op, label: `${method} ${op.path}`, redact }, response);
    const findings = failingOnly(found, profile).map((finding) => ({
      ...finding,
      message: redact(finding.message),
    }));
    return { call, label, response, findings, rules: [], expect };
  }

  private prepare(op: OperationInfo, call: Call): { url: string; headers: Record<string, string> } {
    const template = op.path;
    const token = call.as === 'anonymous' ? undefined : this.options.data.users[call.as]?.token;
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(call.query ?? {})) {
      if (value !== undefined) query.append(key, String(value));
    }
    const headers: Record<string, string> = { ...requiredHeaders(this.options.spec, op), ...call.headers };
    // The user status read takes its token in the query only (Authentication 2).
    if (token && call.operationId === 'getUserStatus') query.append('access_token', token);
    else if (token) headers.authorization = `Bearer ${token}`;
    const search = query.toString();
    const base = this.options.profile.baseURL.replace(/\/+$/, '');
    return { url: `${base}${fillPath(template, call.path)}${search ? `?${search}` : ''}`, headers };
  }
}
