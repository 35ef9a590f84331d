/** A drift run: the same read calls on the mock and on the target, their answers compared by class. */

import { loadRequirements } from '../../lib/catalog/requirements.ts';
import type { Spec } from '../../lib/checks/spec.ts';
import { profilePlaceholders, shownBaseURL } from '../../lib/profile/load.ts';
import { createRedactor } from '../../lib/redact/redact.ts';
import { compareAnswers, type Difference } from './compare.ts';
import { generatedScenarios, type Sampling } from './generated.ts';
import { OBSERVABLE_SCENARIOS } from './observable.ts';
import { FIXED_PROBES } from './probes.ts';
import { type RoleSource, sideDataOf, tokensOf } from './roles.ts';
import { Side } from './side.ts';
import type { JudgedCall, Scenario } from './types.ts';
import type { Judge } from './verdict.ts';
import { writeScenarios } from './writes.ts';

interface DriftOptions {
  spec: Spec;
  mock: RoleSource;
  target: RoleSource;
  sampling: Sampling;
}

export interface NotCompared {
  scenario: string;
  reason: string;
}

export interface DriftRun {
  sampling: Sampling;
  mock: { name: string; baseURL: string };
  target: { name: string; baseURL: string; allowsWrites: boolean };
  scenarios: number;
  /** Pairs of answers compared. */
  calls: number;
  /** operationIds called on both sides. */
  operations: string[];
  notCompared: NotCompared[];
  differences: Difference[];
  redact: (text: string) => string;
}

/** Why a scenario cannot run on both sides: a role or a user one of the profiles lacks. */
function missingFor(scenario: Scenario, sides: Side[]): string | undefined {
  for (const side of sides) {
    if (scenario.writes && side.options.profile.allowsWrites !== true)
      return `a write, and the ${side.name} profile does not allow writes`;
    const { roles, users } = side.options.data;
    const role = scenario.needs.find((name) => roles[name] === undefined);
    if (role) return `the ${side.name} profile gives no ${role}`;
    const user = scenario.callers.find((caller) => caller !== 'anonymous' && !users[caller]);
    if (user) return `the ${side.name} profile has no user ${user}`;
  }
  return undefined;
}

async function replay(scenario: Scenario, mock: Side, target: Side): Promise<[JudgedCall[], JudgedCall[]]> {
  return Promise.all([scenario.run(mock.context()), scenario.run(target.context())]);
}

export async function runDrift(options: DriftOptions): Promise<DriftRun> {
  const { mock: mockProfile, target: targetProfile } = options;
  // A secret base URL is shown as its placeholder in every message, page and file of the run.
  const placeholders = profilePlaceholders(targetProfile);
  const secrets = [...tokensOf(mockProfile), ...tokensOf(targetProfile), ...Object.keys(placeholders)];
  const redact = createRedactor(secrets, placeholders);
  const side = (name: 'mock' | 'target', profile: RoleSource) =>
    new Side({ name, profile, data: sideDataOf(profile), spec: options.spec, redact });
  const mock = side('mock', mockProfile);
  const target = side('target', targetProfile);
  const judge: Judge = { spec: options.spec, requirements: loadRequirements() };
  // Writes last: the reads compare the data as seeded.
  const scenarios = [
    ...FIXED_PROBES,
    ...OBSERVABLE_SCENARIOS,
    ...generatedScenarios(options.sampling),
    ...writeScenarios(options.sampling),
  ];
  const run: DriftRun = {
    sampling: options.sampling,
    mock: { name: mockProfile.name, baseURL: mockProfile.baseURL },
    target: {
      name: targetProfile.name,
      baseURL: shownBaseURL(targetProfile),
      allowsWrites: targetProfile.allowsWrites === true,
    },
    scenarios: 0,
    calls: 0,
    operations: [],
    notCompared: [],
    differences: [],
    redact,
  };
  const operations = new Set<string>();
  for (const scenario of scenarios) {
    const missing = missingFor(scenario, [mock, target]);
    if (missing) {
      run.notCompared.push({ scenario: scenario.name, reason: missing });
      continue;
    }
    run.scenarios += 1;
    const [onMock, onTarget] = await replay(scenario, mock, target);
    for (const [i, mockExchange] of onMock.entries()) {
      const targetExchange = onTarget[i];
      // A walk may stop earlier on one side: trees differ in shape, which is data, not behaviour.
      if (!targetExchange || targetExchange.call.operationId !== mockExchange.call.operationId) break;
      run.calls += 1;
      operations.add(mockExchange.call.operationId);
      const pair = { mock: mockExchange, target: targetExchange };
      run.differences.push(...compareAnswers(judge, pair, scenario.name));
    }
  }
  run.operations = [...operations].sort();
  return run;
}
