import type { FastifyInstance } from 'fastify';
import { ACCESS_CHOICES } from './access.ts';
import { BOUND_CHOICES } from './bounds.ts';
import { ERROR_CHOICES, WORDING_CHOICES } from './errors.ts';
import { ID_CHOICES } from './ids.ts';
import { type Choice, hash, pickOf, prng } from './kit.ts';
import { MESSAGE_CHOICES } from './messages.ts';
import { PAGING_CHOICES } from './paging.ts';
import { RELATION_CHOICES } from './relations.ts';
import { RULE_CHOICES } from './rules.ts';
import { SHAPE_CHOICES } from './shapes.ts';
import { TRANSPORT_CHOICES } from './transport.ts';
import { UNTYPED_CHOICES } from './untyped.ts';
import { WIRE_CHOICES } from './wire.ts';

/**
 * Every choice, in the order its hooks must run: paging and errors first (a refused request never reaches a
 * rule), rules before shapes (a re-run search is shaped after), the bounds of the shaped answer, the untyped values of the shaped answer, wording after every error, wire after them (the
 * timestamps of every body, whoever wrote them), the transport last (its codings and framing carry the
 * finished body; its refusals and latency come before any route).
 */
export const CHOICES: readonly Choice[] = [
  ...PAGING_CHOICES,
  ...ERROR_CHOICES,
  ...ACCESS_CHOICES,
  ...MESSAGE_CHOICES,
  ...RULE_CHOICES,
  ...SHAPE_CHOICES,
  ...RELATION_CHOICES,
  ...BOUND_CHOICES,
  ...UNTYPED_CHOICES,
  ...ID_CHOICES,
  ...WORDING_CHOICES,
  ...WIRE_CHOICES,
  ...TRANSPORT_CHOICES,
];

/** The production-like run: every choice's first variant. */
export const PRODUCTION_SEED = 0;

export interface DrawnChoice {
  name: string;
  gap: string;
  variant: string;
  description: string;
}

/** The variant of a choice for a seed: the first (production-like) for seed 0, else a seeded draw. */
export function variantOf(choice: Choice, seed: number): string {
  const names = Object.keys(choice.variants);
  if (seed === PRODUCTION_SEED) return names[0]!;
  return names[Math.floor(prng(hash(`${seed}:${choice.name}`))() * names.length)]!;
}

/** The variants a seed draws, without installing anything (what `--alternate --seed N` prints). */
export function drawChoices(seed: number): DrawnChoice[] {
  return CHOICES.map((choice) => {
    const variant = variantOf(choice, seed);
    return { name: choice.name, gap: choice.gap, variant, description: choice.variants[variant]! };
  });
}

export interface AlternateOptions {
  /** 0 (the default): the production-like choices; any other integer draws a variant for each choice. */
  seed?: number;
  /** Variants forced by name, whatever the seed draws (tests; replaying one choice). */
  force?: Readonly<Record<string, string>>;
}

/** Installs every choice with the variant its seed (or `force`) gives; answers what was drawn. */
export function installAlternate(app: FastifyInstance, options: AlternateOptions = {}): DrawnChoice[] {
  const seed = options.seed ?? PRODUCTION_SEED;
  for (const [name, variant] of Object.entries(options.force ?? {})) {
    const choice = CHOICES.find((c) => c.name === name);
    if (!choice)
      throw new Error(`unknown alternate choice "${name}"; known: ${CHOICES.map((c) => c.name).join(', ')}`);
    if (!(variant in choice.variants))
      throw new Error(
        `unknown variant "${variant}" of ${name}; known: ${Object.keys(choice.variants).join(', ')}`,
      );
  }
  return CHOICES.map((choice) => {
    const variant = options.force?.[choice.name] ?? variantOf(choice, seed);
    choice.install(app, pickOf(choice, seed, variant));
    return { name: choice.name, gap: choice.gap, variant, description: choice.variants[variant]! };
  });
}
