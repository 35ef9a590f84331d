import { readSeed } from './data.ts';

interface CurrenciesSeed {
  perUsd: Record<string, number>;
}

export interface CurrenciesStore {
  knows(currencyId: string): boolean;
  ids(): string[];
  /** How many units of `to` one unit of `from` is worth; undefined when either is unknown. */
  ratio(from: string, to: string): number | undefined;
}

export function createCurrenciesStore(seed = readSeed<CurrenciesSeed>('currencies.json')): CurrenciesStore {
  const perUsd = new Map(Object.entries(seed.perUsd));
  return {
    knows: (id) => perUsd.has(id),
    ids: () => [...perUsd.keys()],
    ratio: (from, to) => {
      const a = perUsd.get(from);
      const b = perUsd.get(to);
      if (a === undefined || b === undefined) return undefined;
      return from === to ? 1 : Number((b / a).toPrecision(12));
    },
  };
}
