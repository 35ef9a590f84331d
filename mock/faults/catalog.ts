import type { FastifyInstance } from 'fastify';
import { ACCESS_FAULTS } from './access.ts';
import { ERROR_FAULTS } from './errors.ts';
import type { Fault } from './kit.ts';
import { RULE_FAULTS } from './rules.ts';
import { SHAPE_FAULTS } from './shapes.ts';

/** Every named fault the mutation run plants, one at a time. */
export const FAULTS: readonly Fault[] = [...SHAPE_FAULTS, ...ERROR_FAULTS, ...ACCESS_FAULTS, ...RULE_FAULTS];

/** Plants the named faults into the app; an unknown name is an error listing the known ones. */
export function installFaults(app: FastifyInstance, names: readonly string[]): void {
  for (const name of names) {
    const fault = FAULTS.find((f) => f.name === name);
    if (!fault) throw new Error(`unknown fault "${name}"; known: ${FAULTS.map((f) => f.name).join(', ')}`);
    fault.install(app);
  }
}
