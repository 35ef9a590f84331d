/**
 * Proves each blind fault changes an answer a read-only client with two users receives: every witness
 * of the fault is sent to the faithful mock and to the mock with the fault planted, in-process, and the
 * answers (status and body) compared. `npx tsx mock/faults/blind/witness.ts [blind/01]` prints one line
 * a fault and exits 1 when a fault that needs no write changes none of its witnesses' answers.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { build } from '../../app.ts';
import { fixturesDir } from '../../store/data.ts';
import { BLIND_BATCHES } from './batches.ts';
import type { BlindFault, Witness } from './kit.ts';

interface ProfileUsers {
  users: Record<string, { token: string }>;
}

const profile = JSON.parse(readFileSync(join(fixturesDir, 'targets', 'mock.json'), 'utf8')) as ProfileUsers;

function headersOf(witness: Witness): Record<string, string> {
  const token = witness.as === 'anonymous' ? undefined : profile.users[witness.as]?.token;
  return { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(witness.headers ?? {}) };
}

async function answer(app: FastifyInstance, witness: Witness): Promise<string> {
  const res = await app.inject({ method: witness.method, url: witness.url, headers: headersOf(witness) });
  return `${res.statusCode} ${res.body}`;
}

export interface WitnessOutcome {
  fault: string;
  /** The witnesses whose answer the fault changed. */
  changed: string[];
  /** Witnesses whose faithful answer is not 2xx or 206 and stays so (a witness of nothing). */
  witnesses: number;
  needsWrite?: string;
}

/** Sends every witness of the fault to a faithful mock and a faulted one and names those that differ. */
export async function witnessFault(fault: BlindFault): Promise<WitnessOutcome> {
  // One clock for both: the seed data's dates are relative to when the world is built.
  const now = new Date();
  const faithful = await build({ now });
  const faulted = await build({ now, faults: [fault.name] });
  try {
    const changed: string[] = [];
    for (const witness of fault.witnesses)
      if ((await answer(faithful, witness)) !== (await answer(faulted, witness)))
        changed.push(`${witness.as} ${witness.method} ${witness.url}`);
    return {
      fault: fault.name,
      changed,
      witnesses: fault.witnesses.length,
      ...(fault.needsWrite ? { needsWrite: fault.needsWrite } : {}),
    };
  } finally {
    await faithful.close();
    await faulted.close();
  }
}

export async function witnessBatch(batch: string): Promise<WitnessOutcome[]> {
  const faults = BLIND_BATCHES[batch];
  if (!faults) throw new Error(`unknown batch ${batch}; known: ${Object.keys(BLIND_BATCHES).join(', ')}`);
  const outcomes: WitnessOutcome[] = [];
  for (const fault of faults) outcomes.push(await witnessFault(fault));
  return outcomes;
}

async function main(): Promise<void> {
  const batches = process.argv[2] ? [process.argv[2]] : Object.keys(BLIND_BATCHES);
  let unproven = 0;
  for (const batch of batches)
    for (const outcome of await witnessBatch(batch)) {
      const proven = outcome.changed.length > 0;
      if (!proven && !outcome.needsWrite) unproven++;
      const what = proven
        ? `changes ${outcome.changed.length} of ${outcome.witnesses} answers (${outcome.changed[0]})`
        : outcome.needsWrite
          ? `needs a write: ${outcome.needsWrite}`
          : `CHANGES NO ANSWER of its ${outcome.witnesses} witnesses`;
      console.log(`${batch} ${outcome.fault}: ${what}`);
    }
  if (unproven) {
    console.log(`${unproven} fault(s) change no answer a read-only client receives`);
    process.exitCode = 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
