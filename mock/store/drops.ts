/**
 * Datasets the mock can start without (`--drop NAME` or MOCK_DROP=a,b), so tests can show that a target
 * lacking some data gets "not verified" results, never failures or passes. Each drop edits one seed file.
 */
type Seed = Record<string, unknown>;
type Drop = { file: string; apply: (seed: Seed) => void };

const withoutOrders = (keep: (order: { status?: string; tags?: string[] }) => boolean) => (seed: Seed) => {
  seed.orders = (seed.orders as { status?: string }[]).filter(keep);
};

export const DROPS: Record<string, Drop> = {
  /** No order in status partially_paid. */
  partially_paid: { file: 'orders.json', apply: withoutOrders((o) => o.status !== 'partially_paid') },
  /** No order tagged mshops. */
  mshops: { file: 'orders.json', apply: withoutOrders((o) => !o.tags?.includes('mshops')) },
  /** No message carries an attachment. */
  attachments: {
    file: 'messages.json',
    apply: (seed) => {
      for (const message of seed.messages as { attachments?: unknown[] }[]) message.attachments = [];
    },
  },
};

export function dropsFromEnv(env = process.env): string[] {
  return (env.MOCK_DROP ?? '').split(',').filter(Boolean);
}

/** Applies the drops named in MOCK_DROP that concern this seed file. */
export function applyDrops<T>(file: string, seed: T, names = dropsFromEnv()): T {
  for (const name of names) {
    const drop = DROPS[name];
    if (!drop) throw new Error(`unknown dataset to drop: ${name} (known: ${Object.keys(DROPS).join(', ')})`);
    if (drop.file === file) drop.apply(seed as Seed);
  }
  return seed;
}
